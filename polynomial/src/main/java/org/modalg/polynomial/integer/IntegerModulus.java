package org.modalg.polynomial.integer;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.products.LimbProducts;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.Powers;
import org.modalg.polynomial.ProductContext;
import org.modalg.polynomial.Tuning;

/**
 * A fixed integer modulus m prepared for many reductions by it: remainders, products and powers
 * modulo m (GMP's {@code mpz_powm} and FLINT's {@code fmpz_mod} contexts with a precomputed
 * inverse; Lucas and Fermat tests and modular exponentiation of numbers of 10^4 bits and more).
 *
 * <p><b>Algorithm</b> (Barrett reduction, Menezes, van Oorschot and Vanstone, <i>Handbook of
 * Applied Cryptography</i>, 14.42; B = 2^64, m of k limbs). Built once: W = floor(B^(2k) / m)
 * exactly ({@link NewtonDivision}'s shifted inverse). For 0 &lt;= x &lt; B^(2k): q0 =
 * floor(floor(x / B^(k-1)) W / B^(k+1)) is at most two below floor(x / m), so r = x - q0 m, taken
 * modulo B^(k+1), lies in [0, 3m) and two subtractions at most finish it; each step is checked on
 * the whole remainder, and the result against x modulo 2^64, so it is exact whatever the bound (a
 * third subtraction or a failed check, never seen, hands the value to BigInteger). Two products
 * per remainder and no inversion: from the transform range on (and on the host) both fixed
 * factors, W and m, are transformed once ({@code DoubleNttIntMul.FixedFactor}), so each of those
 * products costs two transforms per prime instead of three, and q0 m is taken modulo B^N - 1, N =
 * 2^ceil(log2(k + 2)) limbs (a cyclic product of half the whole product's length): x - q0 m, below
 * B^(k+1) &lt; B^N - 1, is its own residue (GMP's {@code mulmod_bnm1} in its Barrett division). A
 * product mod m is one product (three transforms per prime, two for a square) and a remainder;
 * below {@link Tuning#intMulNttBits()} bits the modulus is BigInteger's own ({@code mod}, {@code
 * modPow}: its Montgomery code is intrinsic and the faster there).
 *
 * <p>{@link #powMod} takes sliding windows on limbs ({@link Powers#window}): about log2 e
 * squarings and one product mod m per window, O(log e M(k)) against BigInteger.modPow's
 * O(log e k^2) (also windowed) for large m.
 * Values of any size and sign are accepted: |x| &gt;= B^(2k) goes to {@link IntegerDivision}
 * once, a negative x to m - (|x| mod m).
 *
 * <p>Immutable and thread-safe. The products run with the {@link Options} given at
 * construction (threads, backend, cancellation, polled once per squaring of a power); on a GPU
 * the products are the device's own and take no reused transforms.
 */
public final class IntegerModulus {
    private final BigInteger m;
    private final Options options;
    // Barrett on limbs from the transform range on; below, BigInteger's own arithmetic
    private final boolean barrett;
    private final long[] ml;   // m, k limbs (top limb non-zero)
    private final int k;
    private final long[] wl;   // floor(B^(2k) / m), at most k + 1 limbs, trimmed
    // the host transforms of W (times x / B^(k-1), at most k + 1 limbs, the whole product) and
    // of m (times q0, at most k + 1 limbs, modulo B^N - 1 for N = 2^ceil(log2(k + 2)) limbs),
    // or null on a device
    private final DoubleNttIntMul.FixedFactor wFactor;
    private final DoubleNttIntMul.FixedFactor mFactor;
    private final int wrapLimbs;

    private IntegerModulus(BigInteger m, Options options) {
        this.m = m;
        this.options = options;
        this.barrett = m.bitLength() >= Tuning.intMulNttBits();
        if (!barrett) {
            ml = null;
            k = 0;
            wl = null;
            wFactor = null;
            mFactor = null;
            wrapLimbs = 0;
            return;
        }
        this.ml = Limbs.magnitude(m);
        this.k = ml.length;
        this.wl = NewtonDivision.shinv(ml, k, 2 * k);
        int threads = options.threads();
        if (onHost(options, k + 1)) {
            long bitsOther = 64L * (k + 1);
            wFactor = DoubleNttIntMul.FixedFactor.whole(wl, bitsOf(wl), bitsOther, threads);
            if (wrapRemainder) {
                int log2n = 32 - Integer.numberOfLeadingZeros(k + 1); // 2^log2n >= k + 2
                mFactor = DoubleNttIntMul.FixedFactor.wrapped(ml, log2n, threads);
                wrapLimbs = 1 << log2n;
            } else {
                mFactor = DoubleNttIntMul.FixedFactor.whole(ml, m.bitLength(), bitsOther, threads);
                wrapLimbs = 0;
            }
        } else {
            wFactor = null;
            mFactor = null;
            wrapLimbs = 0;
        }
    }

    /**
     * Whether fixed factors are transformed on the host: the products would run there (no
     * backend gpu, no limb product provider of a device taking these sizes), and the reuse is on
     * (a switch for benchmarks).
     */
    private static boolean onHost(Options options, int limbs) {
        return reuseTransforms && options.backend() != Backend.GPU
                && (options.backend() == Backend.CPU || LimbProducts.forOperands(limbs, limbs) == null);
    }

    /**
     * Whether moduli in the transform range transform their fixed factors once (true) or
     * multiply them by the ordinary products (false: the precomputed inverse only). Not final
     * so that benchmarks can switch it.
     */
    static volatile boolean reuseTransforms = true;

    /**
     * Whether q0 m is taken modulo B^N - 1 (true) or whole (false), for moduli built afterwards
     * with reused transforms. Not final so that benchmarks can switch it.
     */
    static volatile boolean wrapRemainder = true;

    /**
     * The modulus m with the default options ({@link ProductContext#defaults()}). In the
     * transform range this costs an inversion (about two products of m's size) and one forward
     * transform of W and of m per prime.
     *
     * @throws IllegalArgumentException if m is null or not positive
     */
    public static IntegerModulus of(BigInteger m) {
        return of(m, ProductContext.defaults());
    }

    /**
     * The modulus m whose products run with {@code options}.
     *
     * @throws IllegalArgumentException if m or options is null, or m &lt;= 0
     * @throws IllegalStateException if the backend is {@link Backend#GPU} and no GPU is usable
     */
    public static IntegerModulus of(BigInteger m, Options options) {
        if (m == null) {
            throw new IllegalArgumentException("m must not be null");
        }
        if (m.signum() <= 0) {
            throw new IllegalArgumentException("m must be positive, got " + m.signum() + " (m = "
                    + (m.bitLength() < 64 ? m.toString() : "a negative number of " + m.bitLength() + " bits") + ")");
        }
        if (options == null) {
            throw new IllegalArgumentException("options must not be null (use Options.defaults())");
        }
        if (options.backend() == Backend.GPU) {
            NttEngines.forBackend(Backend.GPU); // fails now when no GPU is usable
        }
        return new IntegerModulus(m, options);
    }

    /** m. */
    public BigInteger modulus() {
        return m;
    }

    /** Whether remainders run Barrett's reduction with both fixed factors transformed once (the host, the transform range). */
    public boolean transformsReused() {
        return wFactor != null;
    }

    /**
     * x mod m in [0, m), for x of any sign and size. O(M(k)) for |x| &lt; m^2 (B^(2k)),
     * O(M(n)) by {@link IntegerDivision} for a larger n-bit x.
     *
     * @throws IllegalArgumentException if x is null
     */
    public BigInteger reduce(BigInteger x) {
        check(x, "x");
        if (!barrett) {
            return x.mod(m);
        }
        return ProductContext.with(options, () -> Limbs.toBigInteger(reduceAny(x)));
    }

    /**
     * a b mod m in [0, m). O(M(k)) for operands below m^2.
     *
     * @throws IllegalArgumentException if a or b is null
     */
    public BigInteger mulMod(BigInteger a, BigInteger b) {
        check(a, "a");
        check(b, "b");
        if (!barrett) {
            return a.multiply(b).mod(m);
        }
        return ProductContext.with(options, () -> {
            long[] x = reduceAny(a);
            long[] y = a == b ? x : reduceAny(b);
            return Limbs.toBigInteger(productMod(x, y));
        });
    }

    /**
     * a^e mod m in [0, m), as {@link BigInteger#modPow} (a negative e takes the inverse of a
     * mod m; e = 0 gives 1 mod m). O(log e M(k)).
     *
     * @throws IllegalArgumentException if a or e is null
     * @throws ArithmeticException if e &lt; 0 and a is not invertible mod m
     * @throws org.modalg.fft.CancelledException if the options' cancellation check returns true
     */
    public BigInteger powMod(BigInteger a, BigInteger e) {
        check(a, "a");
        check(e, "e");
        if (e.signum() < 0) {
            return powMod(a.modInverse(m), e.negate());
        }
        if (!barrett) {
            return a.modPow(e, m);
        }
        if (e.signum() == 0) {
            return BigInteger.ONE.mod(m);
        }
        return ProductContext.with(options, () -> Limbs.toBigInteger(Powers.window(reduceAny(a), e, this::productMod,
                x -> productMod(x, x), () -> options.checkCancelled("in a power mod m"))));
    }

    private static void check(BigInteger x, String name) {
        if (x == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
    }

    // x mod m as trimmed limbs, any x.
    private long[] reduceAny(BigInteger x) {
        BigInteger abs = x.abs();
        long[] r;
        if (abs.bitLength() > 128L * k) { // at or above B^(2k): one general division
            r = Limbs.magnitude(IntegerDivision.divideAndRemainder(abs, m, options)[1]);
        } else {
            r = barrett(NewtonDivision.trim(Limbs.magnitude(abs)));
        }
        if (x.signum() < 0 && r.length > 0) {
            r = NewtonDivision.sub(ml, r);
        }
        return NewtonDivision.trim(r);
    }

    // x y mod m for x, y in [0, m) (trimmed limbs).
    private long[] productMod(long[] x, long[] y) {
        if (x.length == 0 || y.length == 0) {
            return new long[0];
        }
        long[] p = IntegerMultiplication.multiplyMagnitudes(x, bitsOf(x), y, bitsOf(y), x == y, options.threads(),
                options.backend() != Backend.CPU);
        return barrett(NewtonDivision.trim(p));
    }

    // x mod m for 0 <= x < B^(2k), x trimmed: Barrett's reduction (class comment).
    private long[] barrett(long[] x) {
        if (NewtonDivision.compare(x, ml) < 0) {
            return x;
        }
        long[] x1 = NewtonDivision.trim(Arrays.copyOfRange(x, k - 1, x.length)); // floor(x / B^(k-1)), <= k + 1 limbs
        long[] t = times(wFactor, wl, x1);
        long[] q0 = t.length > k + 1 ? NewtonDivision.trim(Arrays.copyOfRange(t, k + 1, t.length)) : new long[0];
        long[] r = lowLimbs(x, k + 1);
        if (q0.length > 0 && wrapLimbs != 0) {
            // x - q0 m in [0, 3m), below B^(k+1) < B^N - 1: it is (x - q0 m) mod (B^N - 1), from
            // q0 m mod (B^N - 1), a cyclic product of half the whole product's length
            long[] s = mFactor.multiplyWrapped(q0, options.threads());
            r = DoubleNttIntMul.subModBnm1(DoubleNttIntMul.foldModBnm1(x, wrapLimbs), s);
        } else if (q0.length > 0) {
            long[] qm = lowLimbs(times(mFactor, ml, q0), k + 1);
            r = subMod(r, qm, k + 1); // x - q0 m mod B^(k+1): in [0, 3m)
        }
        r = NewtonDivision.trim(r);
        int corrections = 0;
        for (; corrections < 3 && NewtonDivision.compare(r, ml) >= 0; corrections++) {
            r = NewtonDivision.trim(NewtonDivision.sub(r, ml));
        }
        // beyond the proven two corrections (never seen), or, for the wrapped product, x = (q0 +
        // c) m + r failing modulo 2^64 (a residue read wrongly): BigInteger's remainder
        long low = (limb(q0) + corrections) * ml[0] + limb(r);
        if (NewtonDivision.compare(r, ml) >= 0 || (wrapLimbs != 0 && low != x[0])) {
            return NewtonDivision.trim(Limbs.magnitude(Limbs.toBigInteger(x).mod(m)));
        }
        return r;
    }

    // f v for the fixed factor f (limbs fl), by its transforms when it has them.
    private long[] times(DoubleNttIntMul.FixedFactor factor, long[] fl, long[] v) {
        if (v.length == 0) {
            return new long[0];
        }
        if (factor != null) {
            return NewtonDivision.trim(factor.multiply(v, bitsOf(v), options.threads()));
        }
        return NewtonDivision.trim(IntegerMultiplication.multiplyMagnitudes(fl, bitsOf(fl), v, bitsOf(v), false,
                options.threads(), options.backend() != Backend.CPU));
    }

    private static long limb(long[] a) {
        return a.length == 0 ? 0 : a[0];
    }

    private static long bitsOf(long[] x) {
        return Limbs.bitLength(x);
    }

    // x mod B^n as an array of n limbs.
    private static long[] lowLimbs(long[] x, int n) {
        return Arrays.copyOf(x, n);
    }

    // a - b mod B^n, a and b of n limbs.
    private static long[] subMod(long[] a, long[] b, int n) {
        long[] r = new long[n];
        LimbMultiplication.subN(a, 0, b, 0, n, r, 0, 0);
        return r;
    }

    @Override
    public String toString() {
        return "IntegerModulus[" + m.bitLength() + " bits" + (transformsReused() ? ", transforms reused" : "") + "]";
    }
}
