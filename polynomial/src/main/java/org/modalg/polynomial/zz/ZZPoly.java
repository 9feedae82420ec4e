package org.modalg.polynomial.zz;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Optional;
import org.modalg.fft.Backend;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.Powers;
import org.modalg.polynomial.ProductContext;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.convolution.ConvolutionPlan;
import org.modalg.polynomial.convolution.PackedCoefficients;
import org.modalg.polynomial.text.PolyParseException;
import org.modalg.polynomial.text.PolyText;

/**
 * An immutable dense univariate polynomial over Z.
 *
 * <p>Coefficients are {@link BigInteger}s at the API, in increasing degree. Instances are
 * normalized: the leading coefficient is non-zero, and the zero polynomial has no
 * coefficients and degree -1. The inside representation is private: one BigInteger per
 * coefficient, or, for a product by the small-prime NTT route, packed limbs (sign and k limbs
 * per coefficient in one array) whose BigIntegers are made the first time an operation needs
 * them all. {@link #degree()}, {@link #coefficient(int)}, {@link #maxCoefficientBits()} and a
 * further {@link #multiply(ZZPoly)} or {@link #square()} work on the packed form directly.
 * Every operation returns a new instance.
 *
 * <p>This is the validating tier: arguments are checked (null gives an
 * {@link IllegalArgumentException} naming the parameter, division by the zero polynomial an
 * {@link ArithmeticException}) before the kernels of {@code PolyMulZZ} run on the
 * coefficient arrays. Instances are thread-safe.
 *
 * <p>Text: {@link #toString()} gives the human form {@code 3*x^2 - x + 7}, read back by
 * {@link #parse(String)}; {@link #toFlintString()} gives FLINT's {@code 3  7 -1 3}, read back
 * by {@link #parseFlint(String)}.
 */
public final class ZZPoly implements Comparable<ZZPoly> {
    private static final BigInteger[] EMPTY = new BigInteger[0];

    /** The zero polynomial. */
    public static final ZZPoly ZERO = new ZZPoly(EMPTY);
    /** The constant 1. */
    public static final ZZPoly ONE = new ZZPoly(new BigInteger[] {BigInteger.ONE});
    /** The polynomial x. */
    public static final ZZPoly X = new ZZPoly(new BigInteger[] {BigInteger.ZERO, BigInteger.ONE});

    // Normalized: length == degree + 1, top coefficient != 0; never exposed, never mutated.
    // Either the BigIntegers are given (cache != null, packed == null) or the coefficients are
    // packed (a large product, see PackedCoefficients) and the BigIntegers are made on first use.
    private volatile BigInteger[] cache;
    private final PackedCoefficients packed;
    private final int len;
    private int hash; // 0 until computed (a hash of 0 is recomputed; harmless)
    private int maxBits = -1; // -1 until computed (a benign race: every thread computes the same)

    private ZZPoly(BigInteger[] normalized) {
        this.cache = normalized;
        this.packed = null;
        this.len = normalized.length;
    }

    private ZZPoly(PackedCoefficients packed) {
        this.cache = null;
        this.packed = packed;
        this.len = packed.length();
    }

    /** A polynomial on packed coefficients (trimmed: top coefficient non-zero); for kernels. */
    static ZZPoly wrap(PackedCoefficients p) {
        return p.length() == 0 ? ZERO : new ZZPoly(p);
    }

    /** The packed coefficients, or null when the polynomial holds BigIntegers. */
    PackedCoefficients packed() {
        return packed;
    }

    /** This polynomial as an operand of {@link PolyMulDevice}: packed when it is, else its BigIntegers. */
    PolyMulDevice.Operand deviceOperand() {
        return new PolyMulDevice.Operand(len, packed, packed != null ? null : coeffs());
    }

    /**
     * Takes ownership of {@code coeffs} (no copy; entries must be non-null), trimming leading
     * zeros. For kernels in this package that build coefficient arrays.
     */
    public static ZZPoly wrap(BigInteger[] coeffs) {
        int n = coeffs.length;
        while (n > 0 && coeffs[n - 1].signum() == 0) {
            n--;
        }
        if (n == 0) {
            return ZERO;
        }
        return new ZZPoly(n == coeffs.length ? coeffs : Arrays.copyOf(coeffs, n));
    }

    /** The coefficient array itself (no copy, must not be modified); for kernels in this package. */
    BigInteger[] coeffs() {
        BigInteger[] c = cache;
        if (c == null) {
            c = packed.toBigIntegers();
            cache = c;
        }
        return c;
    }

    // ------------------------------------------------------------------ construction

    /** The zero polynomial. */
    public static ZZPoly zero() {
        return ZERO;
    }

    /** The constant 1. */
    public static ZZPoly one() {
        return ONE;
    }

    /** The polynomial x. */
    public static ZZPoly x() {
        return X;
    }

    /**
     * The polynomial c_0 + c_1 x + ... from its coefficients in increasing degree; trailing
     * zeros are dropped. O(n).
     *
     * @throws IllegalArgumentException if {@code coeffs} or an entry is null
     */
    public static ZZPoly of(BigInteger... coeffs) {
        if (coeffs == null) {
            throw new IllegalArgumentException("coeffs must not be null");
        }
        for (int i = 0; i < coeffs.length; i++) {
            if (coeffs[i] == null) {
                throw new IllegalArgumentException("coeffs[" + i + "] must not be null");
            }
        }
        return wrap(coeffs.clone());
    }

    /** As {@link #of(BigInteger...)} from {@code long} coefficients. */
    public static ZZPoly of(long... coeffs) {
        if (coeffs == null) {
            throw new IllegalArgumentException("coeffs must not be null");
        }
        BigInteger[] c = new BigInteger[coeffs.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = BigInteger.valueOf(coeffs[i]);
        }
        return wrap(c);
    }

    /** The constant polynomial c. */
    public static ZZPoly constant(BigInteger c) {
        return of(checkNotNull(c, "c"));
    }

    /**
     * The monomial c x^n.
     *
     * @throws IllegalArgumentException if c is null or n &lt; 0
     */
    public static ZZPoly monomial(BigInteger c, int n) {
        checkNotNull(c, "c");
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        if (c.signum() == 0) {
            return ZERO;
        }
        checkDegree(n, "n");
        BigInteger[] r = new BigInteger[n + 1];
        Arrays.fill(r, BigInteger.ZERO);
        r[n] = c;
        return new ZZPoly(r);
    }

    // ------------------------------------------------------------------ access

    /** The degree; -1 for the zero polynomial. */
    public int degree() {
        return len - 1;
    }

    /** The number of coefficients, degree + 1 (0 for the zero polynomial). */
    public int length() {
        return len;
    }

    /** Whether this is the zero polynomial. */
    public boolean isZero() {
        return len == 0;
    }

    /** Whether this is the constant 1. */
    public boolean isOne() {
        BigInteger[] c = coeffs();
        return c.length == 1 && c[0].equals(BigInteger.ONE);
    }

    /**
     * The coefficient of x^i; zero above the degree.
     *
     * @throws IllegalArgumentException if i &lt; 0
     */
    public BigInteger coefficient(int i) {
        if (i < 0) {
            throw new IllegalArgumentException("i must be >= 0, got " + i);
        }
        if (i >= len) {
            return BigInteger.ZERO;
        }
        BigInteger[] c = cache;
        return c != null ? c[i] : packed.get(i);
    }

    /** The leading coefficient; zero for the zero polynomial. */
    public BigInteger leadingCoefficient() {
        return len == 0 ? BigInteger.ZERO : coefficient(len - 1);
    }

    /** A copy of the coefficients in increasing degree (length degree + 1). */
    public BigInteger[] coefficients() {
        BigInteger[] c = coeffs();
        return c.clone();
    }

    /**
     * The largest bit length of |c_i| over all coefficients; 0 for the zero polynomial. O(n) the
     * first time, then O(1).
     */
    public int maxCoefficientBits() {
        if (packed != null) {
            return packed.maxBits();
        }
        int bits = maxBits;
        if (bits < 0) { // computed once: a pass over every BigInteger costs as much as a transform
            BigInteger[] c = cache;
            bits = PolyMulZZ.maxBits(c, 0, c.length);
            maxBits = bits;
        }
        return bits;
    }

    // ------------------------------------------------------------------ ring operations

    /** this + g. O(n) additions. */
    public ZZPoly add(ZZPoly g) {
        BigInteger[] c = coeffs();
        checkNotNull(g, "g");
        return wrap(addArrays(c, g.coeffs(), false));
    }

    /** this - g. O(n) subtractions. */
    public ZZPoly sub(ZZPoly g) {
        BigInteger[] c = coeffs();
        checkNotNull(g, "g");
        return wrap(addArrays(c, g.coeffs(), true));
    }

    private static BigInteger[] addArrays(BigInteger[] a, BigInteger[] b, boolean subtract) {
        int n = Math.max(a.length, b.length);
        BigInteger[] r = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            BigInteger x = i < a.length ? a[i] : BigInteger.ZERO;
            BigInteger y = i < b.length ? b[i] : BigInteger.ZERO;
            r[i] = subtract ? x.subtract(y) : x.add(y);
        }
        return r;
    }

    /** -this. O(n). */
    public ZZPoly negate() {
        BigInteger[] c = coeffs();
        BigInteger[] r = new BigInteger[c.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = c[i].negate();
        }
        return new ZZPoly(r);
    }

    /** s * this for an integer s. O(n) coefficient products. */
    public ZZPoly multiply(BigInteger s) {
        BigInteger[] c = coeffs();
        checkNotNull(s, "s");
        if (s.signum() == 0 || c.length == 0) {
            return ZERO;
        }
        if (s.equals(BigInteger.ONE)) {
            return this;
        }
        BigInteger[] r = new BigInteger[c.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = c[i].multiply(s);
        }
        return new ZZPoly(r);
    }

    /** s * this for an integer s. */
    public ZZPoly multiply(long s) {
        return multiply(BigInteger.valueOf(s));
    }

    /**
     * this * g. Dispatches by length and coefficient size to classical, Karatsuba, Kronecker
     * substitution or the small-prime NTT (see {@code PolyMulZZ.mul} and the module README for
     * the rule and its measured cut-offs); the NTT route's product keeps packed coefficients.
     * Route choice respects the routes' hard limits (transform lengths, prime counts, array
     * sizes) and the heap left: a product one transform route declines goes to the other, and
     * one both decline is cut into blocks, so every product whose coefficients are BigIntegers
     * and that fits in memory is computed. {@link #multiply(ZZPoly, Options)} with
     * the default options ({@link Options#defaults()}, read once).
     *
     * @throws IllegalArgumentException if g is null or the product has more than
     *     Integer.MAX_VALUE - 8 coefficients
     * @throws ArithmeticException if a coefficient of the product is beyond BigInteger's range
     */
    public ZZPoly multiply(ZZPoly g) {
        return multiply(g, ProductContext.defaults());
    }

    /**
     * this * g with the route, backend and thread count of {@code options}; every choice gives
     * the same exact product.
     *
     * <ul>
     * <li>{@link Route#AUTO}: the dispatch of {@link #multiply(ZZPoly)} (classical, Karatsuba,
     * Kronecker or the small-prime NTT by size; blocks beyond the transform routes' limits), its
     * cut-off tables taken for the call's thread count.
     * <li>{@link Route#CRT}: the small-prime NTT whatever the size (one constant operand
     * excepted, a scalar multiple): on the CPU the double-precision route (primes below 2^50,
     * about (bound + 1) / 49 of them, 3 transforms of length N = 2^ceil(log2(len + g.len - 1))
     * per prime, O(s N log N + s^2 N)); with {@link Backend#GPU} the engine route
     * ({@link #multiply(ZZPoly, org.modalg.fft.ntt.NttEngine)}). A shape beyond the CPU route's limits
     * (2^28 product coefficients, 4096 primes) goes to the AUTO dispatch, which cuts it into blocks.
     * <li>{@link Route#BIG_PRIME}: one FFT over a generalized Fermat prime field p = r^k + 1
     * (thesis section 2.9; the preset with the fewest digits k and p &gt; twice the coefficient
     * bound): O(N log N) shift butterflies and O(N log_2k N) field products, measured 5 to 12
     * times slower than CRT on the CPU. Throws {@link IllegalArgumentException} naming the limit
     * when no preset is large enough (coefficient sizes summing to more than about 8190 bits) or
     * none admits the length.
     * </ul>
     *
     * <p>Backend: {@link Backend#CPU} runs only CPU routes; {@link Backend#GPU} needs a usable
     * GPU engine ({@link IllegalStateException} otherwise, checked first) and runs the NTT
     * route's transforms on it (CRT: always; AUTO: when the rule picks the NTT, for products of
     * up to 2^19 coefficients, where the GPU measured faster; the big-prime FFT runs on the CPU);
     * {@link Backend#AUTO} is the library's default choice ({@code modalg.backend}). The thread
     * count applies to the CPU transforms, conversions and the big-prime FFT. The cancellation
     * check is polled before the work and between blocks; listener and certification do not
     * apply (a product is always exact).
     *
     * @throws IllegalArgumentException if g or options is null, the product has more than
     *     Integer.MAX_VALUE - 8 coefficients, or the big-prime route cannot take the shape
     * @throws IllegalStateException if the backend is {@link Backend#GPU} and no GPU is usable
     * @throws org.modalg.fft.CancelledException if the cancellation check returns true
     * @throws ArithmeticException if a coefficient of the product is beyond BigInteger's range
     */
    public ZZPoly multiply(ZZPoly g, Options options) {
        checkNotNull(g, "g");
        checkNotNull(options, "options");
        org.modalg.fft.ntt.NttEngine gpu = options.backend() == Backend.GPU ? NttEngines.forBackend(Backend.GPU) : null;
        options.checkCancelled("before the product over Z");
        if (len == 0 || g.len == 0) {
            return ZERO;
        }
        if (g.len == 1) {
            return multiply(g.coefficient(0));
        }
        if (len == 1) {
            return g.multiply(coefficient(0));
        }
        checkProductLength(len, g.len);
        ZZPoly f = this;
        return ProductContext.with(options, () -> f.multiplyBy(g == f ? f : g, options.route(), gpu));
    }

    // this * g (g == this: a square) by the route, with the call's options current.
    private ZZPoly multiplyBy(ZZPoly g, Route route, org.modalg.fft.ntt.NttEngine gpu) {
        boolean sq = g == this;
        BigInteger[] c = coeffs();
        BigInteger[] gc = sq ? c : g.coeffs();
        if (route == Route.BIG_PRIME) {
            BigInteger[] r = new BigInteger[c.length + g.len - 1];
            int threads = ProductContext.threads();
            if (threads == 1) {
                PolyMulZZ.mulBigPrimeFft(c, 0, c.length, gc, 0, g.len, r, 0);
            } else {
                try (org.modalg.fft.bigprime.CpuBigPrimeFftEngine engine = new org.modalg.fft.bigprime.CpuBigPrimeFftEngine(threads)) {
                    PolyMulZZ.mulBigPrimeFft(c, 0, c.length, gc, 0, g.len, r, 0, engine);
                }
            }
            return wrap(r);
        }
        if (route == Route.CRT) {
            if (gpu != null) {
                return multiply(g, gpu);
            }
            int bitsA = maxCoefficientBits();
            int bitsB = sq ? bitsA : g.maxCoefficientBits();
            if (bitsA == 0 || bitsB == 0) {
                return ZERO;
            }
            Optional<ConvolutionPlan> plan = ConvolutionPlan.of(bitsA, bitsB, len, g.len);
            if (plan.isPresent()) {
                return productByPlan(plan.get(), g);
            }
            // the plan declines (beyond 2^28 points or 4096 primes): the AUTO dispatch cuts the product into blocks
        }
        ZZPoly packedProduct = productIfNtt(g);
        if (packedProduct != null) {
            return packedProduct;
        }
        BigInteger[] r = new BigInteger[c.length + g.len - 1];
        if (sq) {
            PolyMulZZ.sqr(c, 0, c.length, r, 0);
        } else {
            PolyMulZZ.mul(c, 0, c.length, gc, 0, g.len, r, 0);
        }
        return wrap(r);
    }

    /**
     * this * g (g == this: a square) by the small-prime NTT, packed, when {@link PolyMulZZ#mul}'s
     * rule picks it for these operands, otherwise null. Operands already packed are read
     * without making their BigIntegers. A usable polynomial product provider (the GPU's
     * all-device product, {@link PolyMulDevice}) takes whole products first, from its measured
     * length; else, when a GPU engine is usable and the call asks for it or the product is at
     * least the provider's length ({@link ProductContext#engine(long)} does not run on the host),
     * products of up to {@link Tuning#ZZ_GPU_MAX_PRODUCT_LENGTH} coefficients run on
     * it ({@link #multiply(ZZPoly, org.modalg.fft.ntt.NttEngine)}).
     */
    private ZZPoly productIfNtt(ZZPoly g) {
        int bitsA = maxCoefficientBits();
        int bitsB = g == this ? bitsA : g.maxCoefficientBits();
        if (bitsA == 0 || bitsB == 0) {
            return null;
        }
        // a PolyProductProvider (the GPU's all-device product) from its own measured length,
        // whatever route the host's rule would take (Kronecker included): it declines what it
        // cannot hold (coefficients of 1024 bits and more)
        PolyMulDevice.Operand a = deviceOperand();
        PackedCoefficients onDevice = PolyMulDevice.multiply(a, g == this ? a : g.deviceOperand(), bitsA, bitsB);
        if (onDevice != null) {
            return wrap(onDevice);
        }
        if (!PolyMulZZ.choosesNtt(bitsA, bitsB, len, g.len)) {
            return null;
        }
        org.modalg.fft.ntt.NttEngine engine = ProductContext.engine(Math.min(len, g.len));
        if (!engine.runsOnHost() && len + g.len - 1 <= Tuning.ZZ_GPU_MAX_PRODUCT_LENGTH) {
            return multiply(g, engine);
        }
        Optional<ConvolutionPlan> plan = ConvolutionPlan.of(bitsA, bitsB, len, g.len);
        return plan.isPresent() ? productByPlan(plan.get(), g) : null;
    }

    // this * g (g == this: a square) by the plan on the call's threads (engine null) or the engine.
    private ZZPoly productByPlan(ConvolutionPlan plan, ZZPoly g, org.modalg.fft.ntt.NttEngine engine) {
        int threads = ProductContext.threads();
        ConvolutionPlan.Operand a = operand(plan, false, threads);
        ConvolutionPlan.Operand b = g == this ? a : g.operand(plan, true, threads);
        try {
            return wrap(engine == null ? plan.multiply(a, b, threads) : plan.multiply(a, b, engine, threads));
        } finally {
            a.release();
            if (b != a) {
                b.release();
            }
        }
    }

    private ZZPoly productByPlan(ConvolutionPlan plan, ZZPoly g) {
        return productByPlan(plan, g, null);
    }

    // This polynomial as an operand of the plan: from its packed limbs when it has them.
    private ConvolutionPlan.Operand operand(ConvolutionPlan plan, boolean second, int threads) {
        return packed != null ? plan.operand(packed, second)
                : plan.operand(cache, 0, len, maxCoefficientBits(), second, threads);
    }

    // A degree whose coefficient array (degree + 1 entries) the JVM can allocate.
    public static void checkDegree(int n, String param) {
        if (n > Limbs.MAX_ARRAY_LENGTH - 1) {
            throw new IllegalArgumentException(param + " must be at most " + (Limbs.MAX_ARRAY_LENGTH - 1)
                    + " (the largest array holds " + Limbs.MAX_ARRAY_LENGTH + " coefficients), got " + n);
        }
    }

    // len + n as an array length, or an IllegalArgumentException naming both.
    public static int checkedLength(int len, int n) {
        if ((long) len + n > Limbs.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("shifting " + len + " coefficients by n = " + n + " gives "
                    + ((long) len + n) + " coefficients, more than the largest array (" + Limbs.MAX_ARRAY_LENGTH + ")");
        }
        return len + n;
    }

    // A product of more than Integer.MAX_VALUE - 8 coefficients has no array to hold it.
    public static void checkProductLength(int aLen, int bLen) {
        if ((long) aLen + bLen - 1 > Limbs.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("a product of lengths " + aLen + " and " + bLen + " has "
                    + ((long) aLen + bLen - 1) + " coefficients, more than the largest array ("
                    + Limbs.MAX_ARRAY_LENGTH + ")");
        }
    }

    /**
     * this * g by the small-prime NTT on the given engine (for instance a GPU's, from
     * {@code NttEngines.shared()} with {@code modalg.backend=gpu}), whatever the sizes: the
     * pipeline of the CPU route ({@code ConvolutionPlan}: s primes below 2^50 with product above
     * twice the coefficient bound, projection from 32-bit word planes and Garner's CRT into
     * packed limbs on the host), the batched cyclic convolution on the engine; the product
     * keeps packed coefficients, and packed operands are read without making BigIntegers.
     * O(s N log N + s^2 N) for N the power of two at least the product's length.
     *
     * @throws IllegalArgumentException if g or engine is null, the product needs more than the
     *     engines' 2^27 points, or its bound more than 4096 primes
     */
    public ZZPoly multiply(ZZPoly g, org.modalg.fft.ntt.NttEngine engine) {
        checkNotNull(g, "g");
        checkNotNull(engine, "engine");
        if (len == 0 || g.len == 0) {
            return ZERO;
        }
        int bitsA = maxCoefficientBits();
        int bitsB = g == this ? bitsA : g.maxCoefficientBits();
        if (bitsA == 0 || bitsB == 0) {
            return ZERO;
        }
        ZZPoly f = this;
        ConvolutionPlan plan = ConvolutionPlan.of(bitsA, bitsB, len, g.len).orElseThrow(() -> new IllegalArgumentException(
                "the small-prime NTT cannot take lengths " + f.len + " and " + g.len + " with coefficients of "
                + bitsA + " and " + bitsB + " bits: at most 2^" + ConvolutionPlan.MAX_LOG2N + " product coefficients and "
                + ConvolutionPlan.MAX_PRIMES + " primes"));
        return productByPlan(plan, g, engine);
    }

    /**
     * this^2, by the squaring kernels (about half the products of a general multiplication):
     * {@link #square(Options)} with the default options ({@link Options#defaults()}, read
     * once).
     */
    public ZZPoly square() {
        return square(ProductContext.defaults());
    }

    /**
     * this^2 with the route, backend and thread count of {@code options}, as
     * {@link #multiply(ZZPoly, Options)} with g = this (the routes transform the operand once).
     *
     * @throws IllegalArgumentException if options is null, the square has more than
     *     Integer.MAX_VALUE - 8 coefficients, or the big-prime route cannot take the shape
     * @throws IllegalStateException if the backend is {@link Backend#GPU} and no GPU is usable
     * @throws org.modalg.fft.CancelledException if the cancellation check returns true
     */
    public ZZPoly square(Options options) {
        checkNotNull(options, "options");
        org.modalg.fft.ntt.NttEngine gpu = options.backend() == Backend.GPU ? NttEngines.forBackend(Backend.GPU) : null;
        options.checkCancelled("before the square over Z");
        if (len == 0) {
            return ZERO;
        }
        if (len == 1) {
            BigInteger x = coefficient(0);
            return of(new BigInteger[] {x.multiply(x)});
        }
        checkProductLength(len, len);
        ZZPoly f = this;
        return ProductContext.with(options, () -> f.multiplyBy(f, options.route(), gpu));
    }

    /**
     * this^e by binary powering (squarings and multiplications); this^0 = 1, also for the zero
     * polynomial.
     *
     * @throws IllegalArgumentException if e &lt; 0
     */
    public ZZPoly pow(int e) {
        BigInteger[] c = coeffs();
        if (e < 0) {
            throw new IllegalArgumentException("e must be >= 0, got " + e);
        }
        if (e == 0) {
            return ONE;
        }
        if (c.length <= 1) {
            return c.length == 0 ? ZERO : new ZZPoly(new BigInteger[] {c[0].pow(e)});
        }
        Powers.checkDegree(c.length, e, PolyText.MAX_DEGREE);
        return Powers.binary(this, e, ZZPoly::multiply, ZZPoly::square);
    }

    // ------------------------------------------------------------------ calculus, evaluation

    /** The value at v by Horner's rule. O(n) multiplications of growing size. */
    public BigInteger evaluate(BigInteger v) {
        BigInteger[] c = coeffs();
        checkNotNull(v, "v");
        BigInteger r = BigInteger.ZERO;
        for (int i = c.length - 1; i >= 0; i--) {
            r = r.multiply(v).add(c[i]);
        }
        return r;
    }

    /** The formal derivative. O(n). */
    public ZZPoly derivative() {
        BigInteger[] c = coeffs();
        if (c.length <= 1) {
            return ZERO;
        }
        BigInteger[] r = new BigInteger[c.length - 1];
        for (int i = 1; i < c.length; i++) {
            r[i - 1] = c[i].multiply(BigInteger.valueOf(i));
        }
        return new ZZPoly(r);
    }

    // ------------------------------------------------------------------ content

    /**
     * The content: the non-negative gcd of the coefficients; 0 for the zero polynomial. O(n)
     * gcds (stops early once the gcd is 1).
     */
    public BigInteger content() {
        BigInteger[] c = coeffs();
        BigInteger g = BigInteger.ZERO;
        for (int i = c.length - 1; i >= 0; i--) {
            g = g.gcd(c[i]);
            if (g.equals(BigInteger.ONE)) {
                break;
            }
        }
        return g;
    }

    /**
     * The primitive part: this divided by its content, with the sign chosen so that the
     * leading coefficient is positive (so this = sign(lc) * content * primitivePart). The zero
     * polynomial gives itself.
     */
    public ZZPoly primitivePart() {
        BigInteger[] c = coeffs();
        if (c.length == 0) {
            return ZERO;
        }
        BigInteger g = content();
        if (leadingCoefficient().signum() < 0) {
            g = g.negate();
        }
        if (g.equals(BigInteger.ONE)) {
            return this;
        }
        BigInteger[] r = new BigInteger[c.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = c[i].divide(g);
        }
        return new ZZPoly(r);
    }

    // ------------------------------------------------------------------ division

    /**
     * this / s for an integer s that divides every coefficient.
     *
     * @throws ArithmeticException if s = 0 or the division is not exact
     */
    public ZZPoly divideExact(BigInteger s) {
        BigInteger[] c = coeffs();
        checkNotNull(s, "s");
        if (s.signum() == 0) {
            throw new ArithmeticException("division by zero");
        }
        BigInteger[] r = new BigInteger[c.length];
        for (int i = 0; i < r.length; i++) {
            BigInteger[] qr = c[i].divideAndRemainder(s);
            if (qr[1].signum() != 0) {
                throw new ArithmeticException("s = " + s + " does not divide coefficient " + i + " = " + c[i]);
            }
            r[i] = qr[0];
        }
        return new ZZPoly(r);
    }

    /**
     * The exact quotient this / g when g divides this in Z[x].
     *
     * @throws ArithmeticException if g is zero or does not divide this (the quotient over Q is
     *     not integral, or the remainder is not zero)
     */
    public ZZPoly divideExact(ZZPoly g) {
        checkNotNull(g, "g");
        ZZPoly[] qr = divRem(g, "g does not divide this polynomial exactly");
        if (!qr[1].isZero()) {
            throw new ArithmeticException("g does not divide this polynomial exactly (non-zero remainder)");
        }
        return qr[0];
    }

    /**
     * Division with remainder {q, r}: this = q g + r with deg r &lt; deg g, when the quotient
     * over Q has integer coefficients. That is always the case when lc(g) = ±1; in general it
     * holds exactly when, at each step of long division from the top, lc(g) divides the
     * leading coefficient of the running remainder. Classical long division, O((deg this -
     * deg g + 1) deg g) coefficient operations.
     *
     * @throws ArithmeticException if g is zero, or the quotient over Q is not integral (then
     *     use {@link #pseudoDivide})
     */
    public ZZPoly[] divideAndRemainder(ZZPoly g) {
        checkNotNull(g, "g");
        return divRem(g, "quotient is not integral");
    }

    private ZZPoly[] divRem(ZZPoly g, String failure) {
        BigInteger[] c = coeffs();
        BigInteger[] b = g.coeffs();
        if (b.length == 0) {
            throw new ArithmeticException("division by the zero polynomial");
        }
        if (c.length < b.length) {
            return new ZZPoly[] {ZERO, this};
        }
        int bl = b.length;
        BigInteger lc = b[bl - 1];
        boolean unit = lc.abs().equals(BigInteger.ONE);
        BigInteger[] r = c.clone();
        BigInteger[] q = new BigInteger[c.length - bl + 1];
        for (int i = c.length - 1; i >= bl - 1; i--) {
            BigInteger t = r[i];
            int shift = i - bl + 1;
            BigInteger qi;
            if (t.signum() == 0) {
                qi = BigInteger.ZERO;
            } else if (unit) {
                qi = lc.signum() > 0 ? t : t.negate();
            } else {
                BigInteger[] dr = t.divideAndRemainder(lc);
                if (dr[1].signum() != 0) {
                    throw new ArithmeticException(failure + ": lc(g) = " + lc
                            + " does not divide the coefficient " + t + " of x^" + i
                            + " in the running remainder");
                }
                qi = dr[0];
            }
            q[shift] = qi;
            r[i] = BigInteger.ZERO;
            if (qi.signum() != 0) {
                for (int j = 0; j < bl - 1; j++) {
                    if (b[j].signum() != 0) {
                        r[shift + j] = r[shift + j].subtract(qi.multiply(b[j]));
                    }
                }
            }
        }
        return new ZZPoly[] {wrap(q), wrap(Arrays.copyOf(r, bl - 1))};
    }

    /**
     * Pseudo-division {q, r}: lc(g)^d this = q g + r with deg r &lt; deg g and
     * d = max(deg this - deg g + 1, 0) exactly (FLINT's convention; d = 0 gives q = 0,
     * r = this). O((deg this - deg g + 1) deg this) coefficient products, no divisions.
     *
     * @throws ArithmeticException if g is zero
     */
    public ZZPoly[] pseudoDivide(ZZPoly g) {
        BigInteger[] c = coeffs();
        checkNotNull(g, "g");
        BigInteger[] b = g.coeffs();
        if (b.length == 0) {
            throw new ArithmeticException("division by the zero polynomial");
        }
        if (c.length < b.length) {
            return new ZZPoly[] {ZERO, this};
        }
        int bl = b.length;
        BigInteger lc = b[bl - 1];
        boolean one = lc.equals(BigInteger.ONE);
        BigInteger[] r = c.clone();
        BigInteger[] q = new BigInteger[c.length - bl + 1];
        // Step for i = top .. bl-1: q = lc q + r_i x^s, r = lc r - r_i x^s g (s = i - bl + 1).
        // The q coefficient set at step i is multiplied by lc at each of the s later steps,
        // so q_s = r_i lc^s, applied at the end.
        for (int i = c.length - 1; i >= bl - 1; i--) {
            BigInteger t = r[i];
            int shift = i - bl + 1;
            q[shift] = t;
            r[i] = BigInteger.ZERO;
            if (!one) {
                for (int j = 0; j < i; j++) {
                    if (r[j].signum() != 0) {
                        r[j] = r[j].multiply(lc);
                    }
                }
            }
            if (t.signum() != 0) {
                for (int j = 0; j < bl - 1; j++) {
                    if (b[j].signum() != 0) {
                        r[shift + j] = r[shift + j].subtract(t.multiply(b[j]));
                    }
                }
            }
        }
        if (!one) {
            BigInteger pw = BigInteger.ONE;
            for (int s = 0; s < q.length; s++) {
                q[s] = q[s].multiply(pw);
                pw = pw.multiply(lc);
            }
        }
        return new ZZPoly[] {wrap(q), wrap(Arrays.copyOf(r, bl - 1))};
    }

    /** The pseudo-remainder r of {@link #pseudoDivide}. */
    public ZZPoly pseudoRemainder(ZZPoly g) {
        return pseudoDivide(g)[1];
    }

    // ------------------------------------------------------------------ shifts

    /**
     * this * x^n.
     *
     * @throws IllegalArgumentException if n &lt; 0
     */
    public ZZPoly shiftLeft(int n) {
        BigInteger[] c = coeffs();
        checkCount(n, "n");
        if (n == 0 || c.length == 0) {
            return this;
        }
        BigInteger[] r = new BigInteger[checkedLength(c.length, n)];
        Arrays.fill(r, 0, n, BigInteger.ZERO);
        System.arraycopy(c, 0, r, n, c.length);
        return new ZZPoly(r);
    }

    /**
     * this divided by x^n, dropping the n lowest coefficients.
     *
     * @throws IllegalArgumentException if n &lt; 0
     */
    public ZZPoly shiftRight(int n) {
        BigInteger[] c = coeffs();
        checkCount(n, "n");
        if (n == 0) {
            return this;
        }
        if (n >= c.length) {
            return ZERO;
        }
        return new ZZPoly(Arrays.copyOfRange(c, n, c.length));
    }

    /**
     * this mod x^n: the n lowest coefficients.
     *
     * @throws IllegalArgumentException if n &lt; 0
     */
    public ZZPoly truncate(int n) {
        BigInteger[] c = coeffs();
        checkCount(n, "n");
        if (n >= c.length) {
            return this;
        }
        return wrap(Arrays.copyOf(c, n));
    }

    /**
     * x^(n-1) this(1/x) for n &gt;= length: the first n coefficients read backwards.
     *
     * @throws IllegalArgumentException if n &lt; length()
     */
    public ZZPoly reverse(int n) {
        BigInteger[] c = coeffs();
        if (n < c.length) {
            throw new IllegalArgumentException("n must be >= length() = " + c.length + ", got " + n);
        }
        BigInteger[] r = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            int j = n - 1 - i;
            r[i] = j < c.length ? c[j] : BigInteger.ZERO;
        }
        return wrap(r);
    }

    // ------------------------------------------------------------------ comparison

    /** Equal when the coefficients are equal. */
    @Override
    public boolean equals(Object o) {
        BigInteger[] c = coeffs();
        return o instanceof ZZPoly && Arrays.equals(c, ((ZZPoly) o).coeffs());
    }

    @Override
    public int hashCode() {
        BigInteger[] c = coeffs();
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(c);
            hash = h;
        }
        return h;
    }

    /**
     * A total order consistent with {@link #equals}: by degree first, then by coefficients
     * from the leading one down (as integers).
     */
    @Override
    public int compareTo(ZZPoly g) {
        BigInteger[] c = coeffs();
        checkNotNull(g, "g");
        if (c.length != g.len) {
            return Integer.compare(c.length, g.len);
        }
        for (int i = c.length - 1; i >= 0; i--) {
            int cmp = c[i].compareTo(g.coeffs()[i]);
            if (cmp != 0) {
                return cmp;
            }
        }
        return 0;
    }

    // ------------------------------------------------------------------ text

    /** Human form in x, e.g. {@code 3*x^2 - x + 7}; {@code 0} for the zero polynomial. */
    @Override
    public String toString() {
        return toString("x");
    }

    /**
     * Human form in the given variable.
     *
     * @throws IllegalArgumentException if variable is not an identifier
     */
    public String toString(String variable) {
        BigInteger[] c = coeffs();
        return PolyText.formatHuman(c.length, i -> c[i], variable);
    }

    /** FLINT's form {@code len  c0 c1 ... c_{len-1}}, e.g. {@code 3  7 -1 3}; {@code 0} for zero. */
    public String toFlintString() {
        BigInteger[] c = coeffs();
        return PolyText.formatFlint(c.length, i -> c[i]);
    }

    /**
     * Reads the human form in x (see {@link #parse(String, String)}).
     *
     * @throws PolyParseException on malformed text, with line and column
     */
    public static ZZPoly parse(String text) {
        return parse(text, "x");
    }

    /**
     * Reads the human form in the given variable: terms such as {@code 3*x^2}, {@code 3x^2},
     * {@code -x}, {@code x}, {@code 7} joined by {@code +} and {@code -} (a sign may follow
     * an operator: {@code + -3}), with whitespace anywhere between tokens, in any order
     * (repeated powers are added).
     *
     * @throws PolyParseException on malformed text, with line and column
     * @throws IllegalArgumentException if text is null or variable is not an identifier
     */
    public static ZZPoly parse(String text, String variable) {
        return wrap(PolyText.parseHuman(text, variable));
    }

    /**
     * Reads FLINT's form {@code len  c0 c1 ... c_{len-1}} (whitespace separated; trailing zero
     * coefficients are allowed and dropped).
     *
     * @throws PolyParseException on malformed text, with line and column
     */
    public static ZZPoly parseFlint(String text) {
        return wrap(PolyText.parseFlint(text));
    }

    // ------------------------------------------------------------------ argument checks

    public static <T> T checkNotNull(T x, String param) {
        if (x == null) {
            throw new IllegalArgumentException(param + " must not be null");
        }
        return x;
    }

    public static void checkCount(int n, String param) {
        if (n < 0) {
            throw new IllegalArgumentException(param + " must be >= 0, got " + n);
        }
    }
}
