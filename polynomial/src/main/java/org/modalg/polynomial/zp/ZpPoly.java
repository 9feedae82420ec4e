package org.modalg.polynomial.zp;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.fft.Backend;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fft.WorkerPools;
import org.modalg.fft.parallel.ParallelRange;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.Powers;
import org.modalg.polynomial.ProductContext;
import org.modalg.polynomial.text.PolyParseException;
import org.modalg.polynomial.text.PolyText;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * An immutable dense univariate polynomial over a word-size prime field Z/pZ
 * ({@link ZpField}, p &lt; 2^62).
 *
 * <p>Coefficients are {@code long}s in [0, p), in increasing degree; instances are normalized
 * (non-zero leading coefficient, zero polynomial of degree -1). Arguments given as integers
 * of any sign ({@link #of(ZpField, long...)}, scalars, evaluation points, parsed text) are
 * reduced mod p. Operands of a binary operation must share the modulus, otherwise an
 * {@link IllegalArgumentException} names the parameter; division by the zero polynomial and
 * other non-invertible cases raise {@link ArithmeticException}.
 *
 * <p>Validating tier over the kernels of {@link PolyMulZp} and {@link PolyDivZp}. Instances
 * are thread-safe.
 */
public final class ZpPoly {
    private static final long[] EMPTY = new long[0];

    private final ZpField field;
    // Normalized: entries in [0, p), c[c.length - 1] != 0; never exposed, never mutated.
    private final long[] c;
    private int hash;

    private ZpPoly(ZpField field, long[] normalized) {
        this.field = field;
        this.c = normalized;
    }

    /** Takes ownership of {@code coeffs} (entries in [0, p)), trimming leading zeros. */
    static ZpPoly wrap(ZpField field, long[] coeffs) {
        int n = coeffs.length;
        while (n > 0 && coeffs[n - 1] == 0) {
            n--;
        }
        return new ZpPoly(field, n == coeffs.length ? coeffs : Arrays.copyOf(coeffs, n));
    }

    /** The coefficient array itself (no copy, must not be modified); for kernels in this package. */
    long[] coeffs() {
        return c;
    }

    // ------------------------------------------------------------------ construction

    /**
     * The polynomial with the given coefficients (increasing degree), each reduced mod p
     * (any sign allowed). O(n).
     *
     * @throws IllegalArgumentException if field or coeffs is null
     */
    public static ZpPoly of(ZpField field, long... coeffs) {
        checkField(field);
        ZZPoly.checkNotNull(coeffs, "coeffs");
        long[] r = new long[coeffs.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = field.reduce(coeffs[i]);
        }
        return wrap(field, r);
    }

    /**
     * The polynomial with the given integer coefficients reduced mod p.
     *
     * @throws IllegalArgumentException if field, coeffs or an entry is null
     */
    public static ZpPoly of(ZpField field, BigInteger... coeffs) {
        checkField(field);
        ZZPoly.checkNotNull(coeffs, "coeffs");
        long[] r = new long[coeffs.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = field.reduce(ZZPoly.checkNotNull(coeffs[i], "coeffs[" + i + "]"));
        }
        return wrap(field, r);
    }

    /** The zero polynomial over the field. */
    public static ZpPoly zero(ZpField field) {
        return new ZpPoly(checkField(field), EMPTY);
    }

    /** The constant 1 over the field. */
    public static ZpPoly one(ZpField field) {
        return new ZpPoly(checkField(field), new long[] {1});
    }

    /** The polynomial x over the field. */
    public static ZpPoly x(ZpField field) {
        return new ZpPoly(checkField(field), new long[] {0, 1});
    }

    /**
     * The monomial (c mod p) x^n.
     *
     * @throws IllegalArgumentException if field is null or n &lt; 0
     */
    public static ZpPoly monomial(ZpField field, long c, int n) {
        checkField(field);
        ZZPoly.checkCount(n, "n");
        long v = field.reduce(c);
        if (v == 0) {
            return zero(field);
        }
        ZZPoly.checkDegree(n, "n");
        long[] r = new long[n + 1];
        r[n] = v;
        return new ZpPoly(field, r);
    }

    private static ZpField checkField(ZpField field) {
        return ZZPoly.checkNotNull(field, "field");
    }

    private ZpPoly checkSame(ZpPoly g, String param) {
        ZZPoly.checkNotNull(g, param);
        if (!g.field.equals(field)) {
            throw new IllegalArgumentException(param + " is over " + g.field + " but this polynomial is over "
                    + field + ": the moduli must be equal");
        }
        return g;
    }

    // ------------------------------------------------------------------ access

    /** The coefficient field. */
    public ZpField field() {
        return field;
    }

    /** The prime p. */
    public long modulus() {
        return field.p();
    }

    /** The degree; -1 for the zero polynomial. */
    public int degree() {
        return c.length - 1;
    }

    /** The number of coefficients, degree + 1. */
    public int length() {
        return c.length;
    }

    /** Whether this is the zero polynomial. */
    public boolean isZero() {
        return c.length == 0;
    }

    /** Whether this is the constant 1. */
    public boolean isOne() {
        return c.length == 1 && c[0] == 1;
    }

    /**
     * The coefficient of x^i, in [0, p); zero above the degree.
     *
     * @throws IllegalArgumentException if i &lt; 0
     */
    public long coefficient(int i) {
        ZZPoly.checkCount(i, "i");
        return i < c.length ? c[i] : 0;
    }

    /** The leading coefficient; zero for the zero polynomial. */
    public long leadingCoefficient() {
        return c.length == 0 ? 0 : c[c.length - 1];
    }

    /** A copy of the coefficients in increasing degree. */
    public long[] coefficients() {
        return c.clone();
    }

    // ------------------------------------------------------------------ ring operations

    /** this + g. O(n). */
    public ZpPoly add(ZpPoly g) {
        checkSame(g, "g");
        return wrap(field, addArrays(c, g.c, false));
    }

    /** this - g. O(n). */
    public ZpPoly sub(ZpPoly g) {
        checkSame(g, "g");
        return wrap(field, addArrays(c, g.c, true));
    }

    private long[] addArrays(long[] a, long[] b, boolean subtract) {
        int n = Math.max(a.length, b.length);
        long[] r = new long[n];
        for (int i = 0; i < n; i++) {
            long x = i < a.length ? a[i] : 0;
            long y = i < b.length ? b[i] : 0;
            r[i] = subtract ? field.sub(x, y) : field.add(x, y);
        }
        return r;
    }

    /** -this. O(n). */
    public ZpPoly negate() {
        long[] r = new long[c.length];
        field.negVec(c, 0, r, 0, c.length);
        return new ZpPoly(field, r);
    }

    /** (s mod p) * this for any integer s. O(n). */
    public ZpPoly multiply(long s) {
        long w = field.reduce(s);
        if (w == 0) {
            return zero(field);
        }
        long[] r = new long[c.length];
        field.scaleVec(c, 0, w, r, 0, c.length);
        return new ZpPoly(field, r);
    }

    /**
     * this * g. Dispatches by size to the classical or Karatsuba kernel
     * ({@link PolyMulZp#mul}; rule and cut-offs in the module README):
     * {@link #multiply(ZpPoly, Options)} with the default options ({@link Options#defaults()},
     * read once).
     *
     * @throws IllegalArgumentException if g is null or over another field
     */
    public ZpPoly multiply(ZpPoly g) {
        return multiply(g, ProductContext.defaults());
    }

    /**
     * this * g with the route, backend and thread count of {@code options}; every choice gives
     * the same product.
     *
     * <ul>
     * <li>{@link Route#AUTO}: classical, Karatsuba or the NTT by size (the rule of
     * {@link #multiply(ZpPoly)}), the NTT on the call's engine.
     * <li>{@link Route#CRT}: the NTT whatever the size: directly modulo p when p is NTT-friendly
     * for the length, else over two or three word-size NTT primes with CRT, O(s N log N) for
     * N = 2^ceil(log2(len + g.len - 1)); longer than 2^27 points, in blocks.
     * <li>{@link Route#BIG_PRIME}: the product of the lifts to Z[x] (coefficients in [0, p)) by
     * the generalized Fermat FFT ({@link ZZPoly#multiply(ZZPoly, Options)}), reduced mod p; its
     * limits and cost are those of that route.
     * </ul>
     *
     * <p>Backend: the NTT runs on a CPU engine of {@link Options#threads()} threads for
     * {@link Backend#CPU} (and for {@link Backend#AUTO} when the default engine is the CPU), on
     * the GPU engine for {@link Backend#GPU} ({@link IllegalStateException} when none is usable,
     * checked first). The cancellation check is polled before the work.
     *
     * @throws IllegalArgumentException if g or options is null, g is over another field, or
     *     the big-prime route cannot take the shape
     * @throws IllegalStateException if the backend is {@link Backend#GPU} and no GPU is usable
     * @throws org.modalg.fft.CancelledException if the cancellation check returns true
     */
    public ZpPoly multiply(ZpPoly g, Options options) {
        checkSame(g, "g");
        if (options == null) {
            throw new IllegalArgumentException("options must not be null (use Options.defaults())");
        }
        if (options.backend() == Backend.GPU) {
            NttEngines.forBackend(Backend.GPU); // fails now when no GPU is usable
        }
        options.checkCancelled("before the product over Z/pZ");
        if (c.length == 0 || g.c.length == 0) {
            return zero(field);
        }
        ZZPoly.checkProductLength(c.length, g.c.length);
        if (options.route() == Route.BIG_PRIME) {
            ZZPoly a = toZZPoly();
            return of(field, a.multiply(g == this ? a : g.toZZPoly(), options).coefficients());
        }
        long[] r = new long[c.length + g.c.length - 1];
        ProductContext.with(options, () -> {
            if (options.route() == Route.CRT) {
                PolyMulZp.mulNtt(field, c, 0, c.length, g.c, 0, g.c.length, r, 0);
            } else {
                PolyMulZp.mul(field, c, 0, c.length, g.c, 0, g.c.length, r, 0);
            }
            return null;
        });
        return wrap(field, r); // a product of non-zero leading terms is non-zero: p is prime
    }

    /**
     * The product of two polynomials over Z/pZ for any modulus 2 &lt;= p &lt; 2^64 (FLINT's
     * {@code nmod_poly} range; {@link ZpField}, and so a {@code ZpPoly}, stops at 2^62), on
     * coefficient arrays: p and every coefficient are read as unsigned 64-bit words
     * ({@link Long#parseUnsignedLong}, {@link Long#toUnsignedString} convert them), in increasing
     * degree; p need not be prime. {@link #multiplyFullWord(long, long[], long[], Options)} with
     * the default options.
     *
     * @return the product's coefficients, unsigned in [0, p), without leading zeros (empty for
     *     the zero product)
     * @throws IllegalArgumentException if p is 0 or 1, f or g is null, or an entry is not in
     *     [0, p) read unsigned
     */
    public static long[] multiplyFullWord(long p, long[] f, long[] g) {
        return multiplyFullWord(p, f, g, ProductContext.defaults());
    }

    /**
     * {@link #multiplyFullWord(long, long[], long[])} with the thread count, backend and
     * cancellation check of {@code options}. The rule ({@link PolyMulZp#mulFullWord}): for
     * p &lt; 2^62 that of {@link #multiply(ZpPoly)}; for p &gt;= 2^62 the classical product with
     * three-word sums for short operands, Karatsuba, otherwise the small-prime NTT with two to four
     * primes below 2^50 (the fewest whose product exceeds min(len f, len g) (p - 1)^2), Garner's CRT
     * fused with the reduction mod p, O(s N log N) for N = 2^ceil(log2(len f + len g - 1)).
     * {@link Route#CRT} takes that NTT whatever the size.
     *
     * <p>Backend: the double-precision transforms on {@link Options#threads()} host threads for
     * {@link Backend#CPU}. Under {@link Backend#AUTO} and {@link Backend#GPU}, from the polynomial
     * product provider's measured length ({@link org.modalg.fft.products.PolyProductProvider#minLength()}),
     * the whole product on the provider (the GPU's all-device product: projection onto three
     * primes, transforms and Garner's reduction mod p on the device, for every p &lt; 2^64); a
     * product it declines, or shorter, runs under {@link Backend#GPU} on a GPU engine
     * ({@link PolyMulZp#mulFullWordOnEngine}: the transforms on the device, projection and Garner
     * on the host; {@link IllegalStateException} when no GPU is usable, checked first), under
     * auto on the host.
     *
     * <p>Host work besides the product: the entries' range check, one branch-free read of each
     * operand, split over {@link Options#threads()} threads from 2^18 entries (a 2^24-entry
     * operand: 1.4 ms on 16 threads of an H100 host, 20 ms for an entry-by-entry compare on one),
     * and the fresh result array (22 ms at 2^25 entries there; {@link PolyMulZp#mulFullWord}
     * writes into a caller's array instead, without the checks; polynomial/BENCHMARKS.md).
     *
     * @throws IllegalArgumentException as {@link #multiplyFullWord(long, long[], long[])}, and if
     *     options is null, its route is {@link Route#BIG_PRIME}, or the product has more
     *     coefficients than an array holds
     * @throws IllegalStateException if the backend is {@link Backend#GPU} and no GPU is usable
     * @throws org.modalg.fft.CancelledException if the cancellation check returns true
     */
    public static long[] multiplyFullWord(long p, long[] f, long[] g, Options options) {
        if (p == 0 || p == 1) {
            throw new IllegalArgumentException("p must be a modulus in [2, 2^64) (read as an unsigned word), got "
                    + Long.toUnsignedString(p));
        }
        int checkThreads = options == null ? 1 : options.threads();
        checkUnsigned(p, f, "f", checkThreads);
        checkUnsigned(p, g, "g", checkThreads);
        if (options == null) {
            throw new IllegalArgumentException("options must not be null (use Options.defaults())");
        }
        if (options.route() == Route.BIG_PRIME) {
            throw new IllegalArgumentException("options.route() must be AUTO or CRT for multiplyFullWord, got BIG_PRIME");
        }
        if (options.backend() == Backend.GPU) {
            NttEngines.forBackend(Backend.GPU); // fails now when no GPU is usable
        }
        options.checkCancelled("before the product over Z/pZ");
        int fl = f.length;
        while (fl > 0 && f[fl - 1] == 0) {
            fl--;
        }
        int gl = g.length;
        while (gl > 0 && g[gl - 1] == 0) {
            gl--;
        }
        if (fl == 0 || gl == 0) {
            return EMPTY.clone();
        }
        ZZPoly.checkProductLength(fl, gl);
        long[] r = new long[fl + gl - 1];
        int fLen = fl;
        int gLen = gl;
        long[] gg = f == g ? f : g; // the same array: a square
        ProductContext.with(options, () -> {
            if (options.route() == Route.CRT) {
                PolyMulZp.mulNttFullWord(p, f, 0, fLen, gg, 0, gLen, r, 0, options.threads());
            } else {
                PolyMulZp.mulFullWord(p, f, 0, fLen, gg, 0, gLen, r, 0);
            }
            return null;
        });
        int n = r.length;
        while (n > 0 && r[n - 1] == 0) { // p composite: the leading product may vanish
            n--;
        }
        return n == r.length ? r : Arrays.copyOf(r, n);
    }

    /** Entries from which {@link #checkUnsigned} reads an operand on the call's threads. */
    private static final int PARALLEL_CHECK_MIN = 1 << 18;

    // Every f[i] in [0, p) read unsigned, else an IllegalArgumentException naming the first entry
    // that is not. One read of f: a branch-free pass (allOnWord) split over the threads' pool from
    // PARALLEL_CHECK_MIN entries (a 2^24-entry operand is 128 MB), the index searched only when
    // an entry is out of range.
    private static void checkUnsigned(long p, long[] f, String param, int threads) {
        ZZPoly.checkNotNull(f, param);
        boolean inRange;
        if (threads > 1 && f.length >= PARALLEL_CHECK_MIN) {
            java.util.concurrent.atomic.AtomicBoolean ok = new java.util.concurrent.atomic.AtomicBoolean(true);
            int grain = Math.max(1 << 16, f.length / (4 * threads));
            ParallelRange.run(WorkerPools.of(threads), 0, f.length, grain, (from, to) -> {
                if (!allBelow(p, f, from, to)) {
                    ok.set(false);
                }
            });
            inRange = ok.get();
        } else {
            inRange = allBelow(p, f, 0, f.length);
        }
        if (inRange) {
            return;
        }
        for (int i = 0; i < f.length; i++) {
            if (Long.compareUnsigned(f[i], p) >= 0) {
                throw new IllegalArgumentException(param + "[" + i + "] must be in [0, p) = [0, " + Long.toUnsignedString(p)
                        + ") read as an unsigned word, got " + Long.toUnsignedString(f[i]));
            }
        }
    }

    // Whether every f[i], from <= i < to, is below p, both read unsigned. x < p exactly when x - p
    // borrows, and the borrow is the top bit of (~x & p) | (~(x ^ p) & (x - p)) (no compare, no
    // early exit: a loop HotSpot can vectorize).
    private static boolean allBelow(long p, long[] f, int from, int to) {
        long borrows = -1L;
        for (int i = from; i < to; i++) {
            long x = f[i];
            borrows &= (~x & p) | (~(x ^ p) & (x - p));
        }
        return borrows < 0;
    }

    /** this^2 by the squaring kernels. */
    public ZpPoly square() {
        if (c.length == 0) {
            return this;
        }
        ZZPoly.checkProductLength(c.length, c.length);
        long[] r = new long[2 * c.length - 1];
        PolyMulZp.sqr(field, c, 0, c.length, r, 0);
        return wrap(field, r);
    }

    /**
     * this^e by binary powering; this^0 = 1.
     *
     * @throws IllegalArgumentException if e &lt; 0 or the degree would exceed the supported range
     */
    public ZpPoly pow(int e) {
        ZZPoly.checkCount(e, "e");
        if (e == 0) {
            return one(field);
        }
        if (c.length <= 1) {
            return c.length == 0 ? this : new ZpPoly(field, new long[] {field.pow(c[0], e)});
        }
        Powers.checkDegree(c.length, e, PolyText.MAX_DEGREE);
        return Powers.binary(this, e, ZpPoly::multiply, ZpPoly::square);
    }

    /** The value at (v mod p) by Horner's rule. O(n). */
    public long evaluate(long v) {
        long x = field.reduce(v);
        long r = 0;
        for (int i = c.length - 1; i >= 0; i--) {
            r = field.add(field.mul(r, x), c[i]);
        }
        return r;
    }

    /** The formal derivative (i c_i mod p; may drop more than one degree when p | i). O(n). */
    public ZpPoly derivative() {
        if (c.length <= 1) {
            return zero(field);
        }
        long[] r = new long[c.length - 1];
        for (int i = 1; i < c.length; i++) {
            r[i - 1] = field.mul(c[i], field.reduce(i));
        }
        return wrap(field, r);
    }

    /**
     * this divided by its leading coefficient.
     *
     * @throws ArithmeticException for the zero polynomial
     */
    public ZpPoly monic() {
        if (c.length == 0) {
            throw new ArithmeticException("the zero polynomial has no monic associate");
        }
        long lc = c[c.length - 1];
        return lc == 1 ? this : multiply(field.inv(lc));
    }

    // ------------------------------------------------------------------ division

    /**
     * Division with remainder {q, r}: this = q g + r, deg r &lt; deg g. Dispatches to the
     * classical or the Newton kernel by size ({@link PolyDivZp#divRem}).
     *
     * @throws ArithmeticException if g is zero
     * @throws IllegalArgumentException if g is null or over another field
     */
    public ZpPoly[] divideAndRemainder(ZpPoly g) {
        return divRem(g, 0);
    }

    /** {@link #divideAndRemainder} by classical long division, O((deg this - deg g + 1) deg g). */
    public ZpPoly[] divideAndRemainderClassical(ZpPoly g) {
        return divRem(g, 1);
    }

    /**
     * {@link #divideAndRemainder} by Newton inversion of the reversed divisor (the reversal
     * trick), O(M(deg this)) with M the multiplication cost.
     */
    public ZpPoly[] divideAndRemainderNewton(ZpPoly g) {
        return divRem(g, 2);
    }

    private ZpPoly[] divRem(ZpPoly g, int method) {
        checkSame(g, "g");
        if (g.c.length == 0) {
            throw new ArithmeticException("division by the zero polynomial");
        }
        if (c.length < g.c.length) {
            return new ZpPoly[] {zero(field), this};
        }
        long[] q = new long[c.length - g.c.length + 1];
        long[] r = new long[c.length];
        if (method == 0) {
            PolyDivZp.divRem(field, c, 0, c.length, g.c, 0, g.c.length, q, 0, r, 0);
        } else if (method == 1) {
            PolyDivZp.divRemClassical(field, c, 0, c.length, g.c, 0, g.c.length, q, 0, r, 0);
        } else {
            PolyDivZp.divRemNewton(field, c, 0, c.length, g.c, 0, g.c.length, q, 0, r, 0);
        }
        return new ZpPoly[] {wrap(field, q), wrap(field, Arrays.copyOf(r, g.c.length - 1))};
    }

    /** this mod g (the remainder of {@link #divideAndRemainder}). */
    public ZpPoly remainder(ZpPoly g) {
        return divideAndRemainder(g)[1];
    }

    /**
     * The inverse of this as a power series mod x^n: g with this * g = 1 mod x^n, by Newton
     * iteration ({@link PolyDivZp#inverseSeries}), O(M(n)).
     *
     * @throws IllegalArgumentException if n &lt; 0
     * @throws ArithmeticException if the constant coefficient is zero (not invertible) and n &gt; 0
     */
    public ZpPoly inverseSeries(int n) {
        ZZPoly.checkCount(n, "n");
        if (n == 0) {
            return zero(field);
        }
        if (c.length == 0 || c[0] == 0) {
            throw new ArithmeticException("the constant coefficient is zero: no inverse power series");
        }
        long[] g = new long[n];
        PolyDivZp.inverseSeries(field, c, 0, c.length, n, g, 0);
        return wrap(field, g);
    }

    // ------------------------------------------------------------------ gcd

    /**
     * The monic greatest common divisor (zero when both are zero), by Euclid's algorithm.
     * O(deg this * deg g).
     *
     * @throws IllegalArgumentException if g is null or over another field
     */
    public ZpPoly gcd(ZpPoly g) {
        checkSame(g, "g");
        ZpPoly a = this;
        ZpPoly b = g;
        while (!b.isZero()) {
            ZpPoly r = a.remainder(b);
            a = b;
            b = r;
        }
        return a.isZero() ? a : a.monic();
    }

    /**
     * {d, s, t} with d = gcd(this, g) monic (zero when both are zero) and s this + t g = d,
     * by the extended Euclidean algorithm. O(deg this * deg g).
     *
     * @throws IllegalArgumentException if g is null or over another field
     */
    public ZpPoly[] extendedGcd(ZpPoly g) {
        checkSame(g, "g");
        ZpPoly r0 = this;
        ZpPoly r1 = g;
        ZpPoly s0 = one(field);
        ZpPoly s1 = zero(field);
        ZpPoly t0 = zero(field);
        ZpPoly t1 = one(field);
        while (!r1.isZero()) {
            ZpPoly[] qr = r0.divideAndRemainder(r1);
            ZpPoly q = qr[0];
            r0 = r1;
            r1 = qr[1];
            ZpPoly s = s0.sub(q.multiply(s1));
            s0 = s1;
            s1 = s;
            ZpPoly t = t0.sub(q.multiply(t1));
            t0 = t1;
            t1 = t;
        }
        if (r0.isZero()) {
            return new ZpPoly[] {r0, zero(field), zero(field)};
        }
        long u = field.inv(r0.leadingCoefficient());
        return new ZpPoly[] {r0.multiply(u), s0.multiply(u), t0.multiply(u)};
    }

    // ------------------------------------------------------------------ shifts

    /**
     * this * x^n.
     *
     * @throws IllegalArgumentException if n &lt; 0
     */
    public ZpPoly shiftLeft(int n) {
        ZZPoly.checkCount(n, "n");
        if (n == 0 || c.length == 0) {
            return this;
        }
        long[] r = new long[ZZPoly.checkedLength(c.length, n)];
        System.arraycopy(c, 0, r, n, c.length);
        return new ZpPoly(field, r);
    }

    /**
     * this divided by x^n, dropping the n lowest coefficients.
     *
     * @throws IllegalArgumentException if n &lt; 0
     */
    public ZpPoly shiftRight(int n) {
        ZZPoly.checkCount(n, "n");
        if (n == 0) {
            return this;
        }
        if (n >= c.length) {
            return zero(field);
        }
        return new ZpPoly(field, Arrays.copyOfRange(c, n, c.length));
    }

    /**
     * this mod x^n.
     *
     * @throws IllegalArgumentException if n &lt; 0
     */
    public ZpPoly truncate(int n) {
        ZZPoly.checkCount(n, "n");
        if (n >= c.length) {
            return this;
        }
        return wrap(field, Arrays.copyOf(c, n));
    }

    /**
     * x^(n-1) this(1/x) for n &gt;= length.
     *
     * @throws IllegalArgumentException if n &lt; length()
     */
    public ZpPoly reverse(int n) {
        if (n < c.length) {
            throw new IllegalArgumentException("n must be >= length() = " + c.length + ", got " + n);
        }
        long[] r = new long[n];
        for (int i = 0; i < c.length; i++) {
            r[n - 1 - i] = c[i];
        }
        return wrap(field, r);
    }

    // ------------------------------------------------------------------ lifting

    /** The polynomial over Z with the coefficients read in [0, p). */
    public ZZPoly toZZPoly() {
        BigInteger[] r = new BigInteger[c.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = BigInteger.valueOf(c[i]);
        }
        return ZZPoly.wrap(r);
    }

    /** The polynomial over Z with the coefficients read in the symmetric range (-p/2, p/2]. */
    public ZZPoly toZZPolySymmetric() {
        long p = field.p();
        long half = p >>> 1; // values above p/2 (i.e. > half when p is odd) are read as v - p
        BigInteger[] r = new BigInteger[c.length];
        for (int i = 0; i < r.length; i++) {
            long v = c[i];
            r[i] = BigInteger.valueOf(v > half ? v - p : v);
        }
        return ZZPoly.wrap(r);
    }

    // ------------------------------------------------------------------ equality, text

    /** Equal when the moduli and the coefficients are equal. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ZpPoly)) {
            return false;
        }
        ZpPoly g = (ZpPoly) o;
        return g.field.equals(field) && Arrays.equals(c, g.c);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = 31 * field.hashCode() + Arrays.hashCode(c);
            hash = h;
        }
        return h;
    }

    /** Human form in x with coefficients in [0, p), e.g. {@code 3*x^2 + 5}. */
    @Override
    public String toString() {
        return toString("x");
    }

    /**
     * Human form in the given variable.
     *
     * @throws IllegalArgumentException if it is not an identifier
     */
    public String toString(String variable) {
        return PolyText.formatHuman(c.length, i -> BigInteger.valueOf(c[i]), variable);
    }

    /** FLINT's form {@code len  c0 c1 ...} with coefficients in [0, p) (the modulus is not written). */
    public String toFlintString() {
        return PolyText.formatFlint(c.length, i -> BigInteger.valueOf(c[i]));
    }

    /**
     * Reads the human form in x, coefficients reduced mod p.
     *
     * @throws PolyParseException on malformed text
     */
    public static ZpPoly parse(ZpField field, String text) {
        return parse(field, text, "x");
    }

    /**
     * Reads the human form in the given variable (grammar of {@link ZZPoly#parse(String, String)}),
     * coefficients reduced mod p.
     *
     * @throws PolyParseException on malformed text, with line and column
     */
    public static ZpPoly parse(ZpField field, String text, String variable) {
        checkField(field);
        return of(field, PolyText.parseHuman(text, variable));
    }

    /**
     * Reads FLINT's form {@code len  c0 c1 ...} (integer coefficients of any sign, reduced mod p).
     *
     * @throws PolyParseException on malformed text, with line and column
     */
    public static ZpPoly parseFlint(ZpField field, String text) {
        checkField(field);
        return of(field, PolyText.parseFlint(text));
    }
}
