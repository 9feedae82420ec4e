package org.modalg.polynomial.zp;

import java.math.BigInteger;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.Powers;
import org.modalg.polynomial.ProductContext;
import org.modalg.polynomial.convolution.ConvolutionPlan;

/**
 * A fixed modulus f over Z/pZ prepared for many reductions by it: remainders, products and
 * powers modulo f (FLINT's {@code nmod_poly_mulmod_preinv} and {@code powmod_*_preinv}; the
 * quotient ring Z/pZ[x]/(f) of Frobenius powers x^(p^k) mod f in distinct-degree factoring).
 *
 * <p><b>Algorithm</b> (n = deg f; von zur Gathen and Gerhard, <i>Modern Computer Algebra</i>,
 * 9.1, Newton division with a precomputed inverse). Built once: g = rev(f)^-1 mod x^(n-1). A
 * remainder of a with deg a &lt;= 2n - 2 (m = deg a - n + 1 quotient coefficients) is then two
 * products and no inversion: rev(q) = rev(a)_m g mod x^m, and r = a - q f, of which only the
 * low n coefficients are computed. From the NTT range on (and when the products run on the
 * host) both fixed factors are transformed once ({@link DoubleNttPolyMulZp.FixedFactor}), so each
 * product costs two transforms per prime instead of three, and q f is taken as a cyclic
 * convolution of length N = 2^ceil(log2 n), about half the length of the linear product: its
 * coefficients from n on are those of a (deg r &lt; n), which gives back the wrapped ones. So a
 * product mod f costs one full product and about 1.5 products' transforms, against a full
 * product, an inversion (about three products) and two products for a plain
 * {@link ZpPoly#remainder}.
 *
 * <p>Longer operands are reduced 2n - 1 coefficients at a time from the top (each step removes
 * n - 1), O((deg a / n) M(n)). {@link #powMod(ZpPoly, BigInteger)} takes sliding windows
 * ({@link Powers#window}): log2 e squarings mod f and about one product mod f per window. For n = 1 remainders are
 * classical (O(deg a)); a constant f makes every remainder zero.
 *
 * <p>Immutable and thread-safe: the transformed factors are only read by the products. The
 * products run with the {@link Options} given at construction (threads, backend, cancellation,
 * which is polled once per squaring of a power).
 */
public final class ZpPolyModulus {
    private final ZpField field;
    private final ZpPoly f;
    private final long[] fc;
    private final int n;
    // rev(f)^-1 mod x^(n - 1), n - 1 coefficients (n >= 2)
    private final long[] inv;
    private final Options options;
    // The host transforms of inv (products of at most n - 1 by n - 1 entries, their low n - 1
    // coefficients) and of f mod x^N - 1, N >= n (the low n coefficients of q f), or null when
    // the products are short or run on a device.
    private final DoubleNttPolyMulZp.FixedFactor invFactor;
    private final DoubleNttPolyMulZp.FixedFactor fFactor;

    private ZpPolyModulus(ZpPoly f, Options options) {
        this.field = f.field();
        this.f = f;
        this.fc = f.coeffs();
        this.n = f.degree();
        this.options = options;
        long p = field.p();
        if (n >= 2) {
            long[] revF = new long[n - 1];
            for (int i = 0; i < n - 1; i++) {
                revF[i] = fc[n - i];
            }
            inv = new long[n - 1];
            PolyDivZp.inverseSeries(field, revF, 0, n - 1, n - 1, inv, 0);
        } else {
            inv = new long[0];
        }
        int threads = options.threads();
        if (n >= 2 && usesHostTransforms(p, n, options)) {
            int log2inv = Math.max(org.modalg.fft.doublentt.DoubleNttPlan.MIN_LOG2N,
                    ConvolutionPlan.ceilLog2(2 * (n - 1) - 1));
            invFactor = new DoubleNttPolyMulZp.FixedFactor(p, inv, 0, n - 1, n - 1, log2inv, n - 1, threads);
            int log2f = Math.max(org.modalg.fft.doublentt.DoubleNttPlan.MIN_LOG2N, ConvolutionPlan.ceilLog2(n));
            int big = 1 << log2f;
            long[] folded = java.util.Arrays.copyOf(fc, Math.min(n + 1, big));
            for (int i = big; i <= n; i++) { // f mod x^N - 1: only f_n when N = n
                long s = folded[i - big] + fc[i] - p;
                folded[i - big] = s + ((s >> 63) & p);
            }
            fFactor = new DoubleNttPolyMulZp.FixedFactor(p, folded, 0, folded.length, n - 1, log2f, n, threads);
        } else {
            invFactor = null;
            fFactor = null;
        }
    }

    /**
     * Whether moduli in the NTT range transform their fixed factors once (true) or multiply them
     * by the ordinary products (false: the precomputed inverse only). Not final so that
     * benchmarks can switch it.
     */
    static volatile boolean reuseTransforms = true;

    // Whether products of n - 1 by n - 1 entries take the double-precision NTT on the host: at
    // or above the NTT cut-off, not the direct 64-bit transform mod p, not on a device.
    private static boolean usesHostTransforms(long p, int n, Options options) {
        int len = n - 1;
        if (!reuseTransforms || len < PolyMulZp.nttThreshold(p, len, len)
                || PolyMulZp.directNttWins(p, ConvolutionPlan.ceilLog2(2 * len - 1), len)
                || 2L * len - 1 > 1L << DoubleNttPolyMulZp.MAX_LOG2N) {
            return false;
        }
        return ProductContext.with(options, () -> ProductContext.engine(len).runsOnHost());
    }

    /**
     * The modulus f with the default options ({@link ProductContext#defaults()}). Costs an
     * inversion mod x^(deg f - 1) and, in the NTT range, one forward transform of each factor
     * per prime: about three products of length deg f.
     *
     * @throws IllegalArgumentException if f is null
     * @throws ArithmeticException if f is zero
     */
    public static ZpPolyModulus of(ZpPoly f) {
        return of(f, ProductContext.defaults());
    }

    /**
     * The modulus f whose products run with {@code options} (threads, backend, cancellation;
     * on a device the products take no reused transforms: each is the device's own product).
     *
     * @throws IllegalArgumentException if f or options is null
     * @throws IllegalStateException if the backend is {@link Backend#GPU} and no GPU is usable
     * @throws ArithmeticException if f is zero
     */
    public static ZpPolyModulus of(ZpPoly f, Options options) {
        if (f == null) {
            throw new IllegalArgumentException("f must not be null");
        }
        if (options == null) {
            throw new IllegalArgumentException("options must not be null (use Options.defaults())");
        }
        if (f.isZero()) {
            throw new ArithmeticException("the modulus must not be the zero polynomial");
        }
        if (options.backend() == Backend.GPU) {
            NttEngines.forBackend(Backend.GPU); // fails now when no GPU is usable, as ZpPoly.multiply does
        }
        return new ZpPolyModulus(f, options);
    }

    /** f. */
    public ZpPoly modulus() {
        return f;
    }

    /** Whether the products by the fixed factors run on transforms made once (the NTT range, on the host). */
    public boolean transformsReused() {
        return invFactor != null;
    }

    /**
     * a mod f, of degree below deg f. O((deg a / n) M(n)).
     *
     * @throws IllegalArgumentException if a is null or over another field
     */
    public ZpPoly reduce(ZpPoly a) {
        check(a, "a");
        return ProductContext.with(options, () -> remainder(a));
    }

    /**
     * a b mod f. O(M(max(deg a, deg b, n))).
     *
     * @throws IllegalArgumentException if a or b is null or over another field
     */
    public ZpPoly mulMod(ZpPoly a, ZpPoly b) {
        check(a, "a");
        check(b, "b");
        return ProductContext.with(options, () -> {
            ZpPoly x = remainder(a);
            ZpPoly y = a == b ? x : remainder(b);
            return productMod(x, y);
        });
    }

    /**
     * a^e mod f by sliding windows ({@link Powers#window}): about log2 e squarings and
     * log2 e / 5 products mod f for large e.
     *
     * @throws IllegalArgumentException if a is null or over another field, or e &lt; 0
     */
    public ZpPoly powMod(ZpPoly a, long e) {
        if (e < 0) {
            throw new IllegalArgumentException("e must be >= 0, got " + e);
        }
        return powMod(a, BigInteger.valueOf(e));
    }

    /**
     * a^e mod f (e may be far beyond a long: p^k for Frobenius powers). O(log e M(n)).
     *
     * @throws IllegalArgumentException if a or e is null, a is over another field, or e &lt; 0
     * @throws org.modalg.fft.CancelledException if the options' cancellation check returns true
     */
    public ZpPoly powMod(ZpPoly a, BigInteger e) {
        check(a, "a");
        if (e == null) {
            throw new IllegalArgumentException("e must not be null");
        }
        if (e.signum() < 0) {
            throw new IllegalArgumentException("e must be >= 0, got " + e);
        }
        return ProductContext.with(options, () -> {
            if (n == 0) {
                return ZpPoly.zero(field);
            }
            if (e.signum() == 0) {
                return ZpPoly.one(field);
            }
            return Powers.window(remainder(a), e, this::productMod, x -> productMod(x, x),
                    () -> options.checkCancelled("in a power mod f"));
        });
    }

    private void check(ZpPoly a, String name) {
        if (a == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        if (a.modulus() != field.p()) {
            throw new IllegalArgumentException(name + " is over Z/" + a.modulus() + "Z, the modulus f over Z/"
                    + field.p() + "Z");
        }
    }

    // x y mod f for x, y of degree below n (the product has at most 2n - 1 coefficients).
    private ZpPoly productMod(ZpPoly x, ZpPoly y) {
        if (x.isZero() || y.isZero()) {
            return ZpPoly.zero(field);
        }
        long[] a = x.coeffs();
        long[] b = y.coeffs();
        int len = a.length + b.length - 1;
        long[] c = new long[len];
        if (x == y) {
            PolyMulZp.sqr(field, a, 0, a.length, c, 0);
        } else {
            PolyMulZp.mul(field, a, 0, a.length, b, 0, b.length, c, 0);
        }
        return ZpPoly.wrap(field, reduceInPlace(c, len));
    }

    private ZpPoly remainder(ZpPoly a) {
        if (a.length() <= n) {
            return a;
        }
        if (n == 0) {
            return ZpPoly.zero(field);
        }
        long[] c = a.coeffs().clone();
        return ZpPoly.wrap(field, reduceInPlace(c, c.length));
    }

    // c[0 .. len) mod f, in c (returned, its first min(len, n) entries the remainder).
    private long[] reduceInPlace(long[] c, int len) {
        if (len <= n) {
            return len == c.length ? c : java.util.Arrays.copyOf(c, len);
        }
        if (n == 1) {
            long[] q = new long[len - 1];
            long[] r = new long[len];
            PolyDivZp.divRemClassical(field, c, 0, len, fc, 0, 2, q, 0, r, 0);
            return java.util.Arrays.copyOf(r, 1);
        }
        int block = 2 * n - 1;
        while (len > n) {
            int start = Math.max(0, len - block);
            reduceShort(c, start, len - start);
            len = start + n;
        }
        return java.util.Arrays.copyOf(c, n);
    }

    // c[off .. off + len) with n < len <= 2n - 1 replaced by its remainder mod f in
    // c[off .. off + n) (the entries above are left as they were).
    private void reduceShort(long[] c, int off, int len) {
        long p = field.p();
        int m = len - n; // quotient length, 1 .. n - 1
        // a short quotient (a product by x or another low-degree factor) costs O(m n) by the
        // ordinary products, less than two transforms of the fixed factors' length
        if (invFactor == null || m < PolyMulZp.nttThreshold(p, m, m)) {
            long[] q = new long[m];
            long[] r = new long[len];
            PolyDivZp.divRemWithInverse(field, c, off, len, fc, 0, n + 1, inv, q, 0, r, 0);
            System.arraycopy(r, 0, c, off, n);
            return;
        }
        int threads = options.threads();
        long[] revA = new long[m];
        for (int i = 0; i < m; i++) {
            revA[i] = c[off + len - 1 - i];
        }
        long[] revQ = new long[invFactor.window()];
        invFactor.multiply(revA, 0, m, revQ, 0, threads);
        long[] q = new long[m];
        for (int i = 0; i < m; i++) {
            q[i] = revQ[m - 1 - i];
        }
        // W = q f mod x^N - 1: W_i = (q f)_i + (q f)_(i + N), and (q f)_j = a_j for j >= n
        long[] qf = new long[n];
        fFactor.multiply(q, 0, m, qf, 0, threads);
        int big = fFactor.length();
        for (int i = 0; i < n && i + big < len; i++) {
            long d = qf[i] - c[off + i + big];
            qf[i] = d + ((d >> 63) & p);
        }
        for (int i = 0; i < n; i++) {
            long d = c[off + i] - qf[i];
            c[off + i] = d + ((d >> 63) & p);
        }
    }

    @Override
    public String toString() {
        return "ZpPolyModulus[deg " + n + " over Z/" + field.p() + "Z" + (transformsReused() ? ", transforms reused" : "")
                + "]";
    }
}
