package org.modalg.polynomial;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.modalg.fft.DoubleNttPlan;
import org.modalg.fft.NttEngine;
import org.modalg.fft.NttPlan;
import org.modalg.fft.WorkerPools;
import org.modalg.fields.BigIntegerWords;
import org.modalg.fields.NttPrimes;

/**
 * The one pipeline of products over Z by small primes, after FLINT's {@code fft_small}
 * convolution model: a plan fixes the shape (operand lengths and coefficient bits at most
 * aLen, bLen, bitsA, bitsB), the coefficient bound (bitsA + bitsB + ceil(log2 min(aLen, bLen))
 * bits), the primes (the fewest of the largest primes below 2^50 with 2^28 | p - 1 whose
 * product M exceeds twice the bound, from one cached prime set), the transform length
 * N = 2^log2n and the output window [lo, hi) of product coefficients it returns. Every product
 * then runs the same steps:
 * <ol>
 * <li>projection: each operand's coefficients as signed 48-bit piece planes ({@link Operand},
 * from BigIntegers or straight from {@link PackedCoefficients}), and per prime the residues of
 * the planes by Horner in double-precision arithmetic ({@link #residues});</li>
 * <li>transforms: per prime a cyclic convolution of length N on {@link DoubleNttPlan}, or on an
 * {@link NttEngine} (a GPU's) for {@link #multiply(Operand, Operand, NttEngine, int)}; an
 * operand can be transformed once and reused ({@link #transform}: a fixed operand times many,
 * squares);</li>
 * <li>recombination: Garner's mixed-radix digits ({@link DoubleCrt}) and their signed Horner
 * sum straight into packed limbs ({@link #pack}: the hook for packed Z coefficients).</li>
 * </ol>
 *
 * <p>A plan declines ({@link #of} returns empty) a shape it cannot take, so that the caller
 * falls to the next route (Kronecker substitution, blocks): a zero operand (nothing to
 * transform), a window the transform cannot hold, more than 2^28 points, or more than
 * {@link #MAX_PRIMES} primes. With the window [lo, hi) the transform length is the least power
 * of two N &gt;= max(hi, aLen + bLen - 1 - lo, aLen, bLen): a cyclic product of that length
 * aliases no coefficient of the window, so a middle product (the window of a Newton step)
 * needs a transform about half as long as the full product.
 *
 * <p>Cost: O(s N log N) for the transforms (s primes, about 0.75 ns per butterfly), O(s N
 * bits / 32) for the projection, O(s^2 N) for Garner and O(s limbs N) for the packing. Primes
 * run in parallel when there are at least twice as many as threads, otherwise each transform
 * uses the threads. Plans are immutable and thread-safe.
 */
final class ZZProductPlan {
    /** Primes are the largest below 2^50 with 2^TWO_ADIC | p - 1. */
    static final int TWO_ADIC = 28;

    /** Most primes: coefficient products of up to about 200,000 bits. */
    static final int MAX_PRIMES = 4096;

    /** The longest transform: 2^28 points, the limit of {@link DoubleNttPlan} and of the primes' 2-adic order. */
    static final int MAX_LOG2N = Math.min(DoubleNttPlan.MAX_LOG2N, TWO_ADIC);

    private static final ConcurrentHashMap<Integer, DoubleCrt> BASES = new ConcurrentHashMap<>();
    private static volatile long[] primes = new long[0];

    private final int aLen;
    private final int bLen;
    private final int bitsA;
    private final int bitsB;
    private final int lo;
    private final int hi;
    private final int bound;
    private final int log2n;
    private final DoubleCrt crt;
    private final DoubleNttPlan shape;

    private ZZProductPlan(int aLen, int bLen, int bitsA, int bitsB, int lo, int hi, int log2n) {
        this.aLen = aLen;
        this.bLen = bLen;
        this.bitsA = bitsA;
        this.bitsB = bitsB;
        this.lo = lo;
        this.hi = hi;
        this.bound = (int) boundBits(bitsA, bitsB, aLen, bLen);
        this.log2n = log2n;
        this.crt = basis(bound);
        this.shape = DoubleNttPlan.of(crt.prime(0), log2n);
    }

    /**
     * The plan of the full product of operands of at most aLen and bLen coefficients of at most
     * bitsA and bitsB bits (window [0, aLen + bLen - 1)), or empty when this route declines the
     * shape (see {@link #of(long, long, int, int, long, long)}).
     */
    static Optional<ZZProductPlan> of(long bitsA, long bitsB, int aLen, int bLen) {
        return of(bitsA, bitsB, aLen, bLen, 0, (long) aLen + bLen - 1);
    }

    /**
     * The plan of the coefficients [lo, hi) of products of operands of at most aLen and bLen
     * coefficients of at most bitsA and bitsB bits, or empty when this route declines: a length
     * below 1 or a bit size below 1 (a zero operand: the product is zero, nothing to transform),
     * a window not inside [0, aLen + bLen - 1) or empty, a transform longer than 2^{@link
     * #MAX_LOG2N}, or a bound needing more than {@link #MAX_PRIMES} primes. O(1) when the
     * prime basis of the bound is cached.
     */
    static Optional<ZZProductPlan> of(long bitsA, long bitsB, int aLen, int bLen, long lo, long hi) {
        int log2n = log2n(aLen, bLen, lo, hi);
        if (log2n < 0 || !primesFit(bitsA, bitsB, aLen, bLen)) {
            return Optional.empty();
        }
        return Optional.of(new ZZProductPlan(aLen, bLen, (int) bitsA, (int) bitsB, (int) lo, (int) hi, log2n));
    }

    // The transform length's log2 for the window, or -1 when the window or lengths are declined.
    private static int log2n(int aLen, int bLen, long lo, long hi) {
        long n = (long) aLen + bLen - 1;
        if (aLen < 1 || bLen < 1 || lo < 0 || hi <= lo || hi > n) {
            return -1;
        }
        long need = Math.max(Math.max(hi, n - lo), Math.max(aLen, bLen));
        if (need > 1L << MAX_LOG2N) {
            return -1;
        }
        return Math.max(DoubleNttPlan.MIN_LOG2N, 64 - Long.numberOfLeadingZeros(need - 1));
    }

    // Whether the bound's primes are at most MAX_PRIMES (each prime exceeds 2^49).
    private static boolean primesFit(long bitsA, long bitsB, int aLen, int bLen) {
        if (bitsA < 1 || bitsB < 1 || bitsA > Integer.MAX_VALUE || bitsB > Integer.MAX_VALUE) {
            return false;
        }
        long bound = boundBits(bitsA, bitsB, aLen, bLen);
        return (bound + 1) / 49 + 1 <= MAX_PRIMES;
    }

    /**
     * Whether {@link #of(long, long, int, int)} takes the full product of this shape: the
     * product's length aLen + bLen - 1 is at most 2^{@link #MAX_LOG2N}, and the bound needs at
     * most {@link #MAX_PRIMES} primes. Every array is then within the JVM's limit (matrices
     * and word planes have rows and columns of at most 2^14, the packed product comes in chunks
     * of 4096 coefficients). Pure arithmetic, allocates nothing.
     */
    static boolean fits(long bitsA, long bitsB, int aLen, int bLen) {
        return log2n(aLen, bLen, 0, (long) aLen + bLen - 1) >= 0 && primesFit(bitsA, bitsB, aLen, bLen);
    }

    /**
     * Estimated peak heap bytes of a full product of this shape (only meaningful when
     * {@link #fits}): the operands' word planes, one transform matrix per prime plus one, and
     * the packed product. A rough figure for the route choice.
     */
    static long bytes(long bitsA, long bitsB, int aLen, int bLen) {
        long n = (long) aLen + bLen - 1;
        long len = 1L << Math.max(DoubleNttPlan.MIN_LOG2N, 64 - Long.numberOfLeadingZeros(Math.max(1, n - 1)));
        long bound = boundBits(bitsA, bitsB, aLen, bLen);
        long primes = (bound + 1) / 49 + 1;
        long planes = 8 * ((bitsA + 31) / 32 * aLen + (bitsB + 31) / 32 * bLen);
        return planes + 8 * (primes + 1) * len + n * (8 * ((bound + 63) / 64) + 1);
    }

    /**
     * Bits of a bound on |c_k| for c = a * b with |a_i| &lt; 2^bitsA, |b_j| &lt; 2^bitsB:
     * max|a_i| max|b_j| min(aLen, bLen) &lt; 2^(bitsA + bitsB + ceil(log2 min(aLen, bLen))).
     * In long arithmetic, for coefficients near BigInteger's limit.
     */
    static long boundBits(long bitsA, long bitsB, int aLen, int bLen) {
        return bitsA + bitsB + ceilLog2(Math.min(aLen, bLen));
    }

    /** ceil(log2 n), 0 for n &lt;= 1. */
    static int ceilLog2(int n) {
        return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    /** The largest bit length of |x| over the range (0 for an all-zero range). O(n). */
    static int maxBits(BigInteger[] x, int off, int len) {
        int bits = 0;
        for (int i = 0; i < len; i++) {
            BigInteger v = x[off + i];
            // bitLength() excludes the sign bit: for v = -2^k it is one short of |v|'s
            int b = v.bitLength();
            if (b >= bits) {
                bits = v.signum() < 0 && v.getLowestSetBit() == b ? b + 1 : b;
            }
        }
        return bits;
    }

    /**
     * The fewest of the largest primes below 2^50 (2^28 | p - 1) with product M &gt;= 2^(bits + 1)
     * (1 + 2^-30), so that values of magnitude below 2^bits are determined (see {@link #pack});
     * one cached basis per bound, all drawn from one growing prime set.
     */
    static DoubleCrt basis(int bits) {
        return BASES.computeIfAbsent(bits, k -> {
            int s = (bits + 1) / 49 + 1;
            long[] ps = primes(s);
            // M >= 2^(bits + 1) (1 + 2^-30): the margin pack() needs beyond M > 2^(bits + 1)
            BigInteger target = BigInteger.ONE.shiftLeft(bits + 1).add(BigInteger.ONE.shiftLeft(Math.max(0, bits - 29)));
            BigInteger m = BigInteger.ONE;
            int used = 0;
            while (m.compareTo(target) <= 0) {
                if (used == ps.length) { // not expected: every prime exceeds 2^49
                    ps = primes(Math.min(MAX_PRIMES, 2 * used));
                }
                m = m.multiply(BigInteger.valueOf(ps[used++]));
            }
            return new DoubleCrt(Arrays.copyOf(ps, used));
        });
    }

    private static synchronized long[] primes(int count) {
        if (primes.length < count) {
            if (count > MAX_PRIMES) {
                throw new IllegalArgumentException("coefficients too large for the NTT route: "
                        + count + " primes needed, at most " + MAX_PRIMES);
            }
            primes = NttPrimes.generate(count, DoubleNttPlan.MAX_PRIME_EXCLUSIVE, TWO_ADIC);
        }
        return primes;
    }

    /** The number of primes. */
    int primeCount() {
        return crt.size();
    }

    /** log2 of the transform length. */
    int log2n() {
        return log2n;
    }

    /** Bits of the coefficient bound. */
    int boundBits() {
        return bound;
    }

    /** The Garner basis (the primes). */
    DoubleCrt basis() {
        return crt;
    }

    @Override
    public String toString() {
        return "ZZProductPlan[" + aLen + " x " + bLen + ", " + bitsA + " x " + bitsB + " bits, window [" + lo + ", "
                + hi + "), " + crt.size() + " primes, n = 2^" + log2n + "]";
    }

    // ------------------------------------------------------------------ operands

    /**
     * An operand's signed 32-bit word planes in the plan's matrix shape (rows of the
     * transform's row length C, the ceil(len / C) rows the coefficients occupy), from the
     * matrix pool; {@link #release} gives them back. Not thread-safe to release twice.
     */
    static final class Operand {
        final double[][][] words;
        final int length;
        final int bits;

        private Operand(double[][][] words, int length, int bits) {
            this.words = words;
            this.length = length;
            this.bits = bits;
        }

        /** Gives the planes back to the matrix pool; the operand must not be used afterwards. */
        void release() {
            giveBack(words);
        }
    }

    /**
     * The operand x[off .. off + len) for this plan (its length and bits at most the plan's
     * for operand a or b: {@code second} picks b). O(len words).
     *
     * @throws IllegalArgumentException if the operand exceeds the plan's shape
     */
    Operand operand(BigInteger[] x, int off, int len, boolean second, int threads) {
        return operand(x, off, len, maxBits(x, off, len), second, threads);
    }

    /** {@link #operand(BigInteger[], int, int, boolean, int)} with the coefficients' largest bit length known. */
    Operand operand(BigInteger[] x, int off, int len, int bits, boolean second, int threads) {
        checkOperand(len, bits, second);
        double[][][] w = planes(wordCount(bits), len, shape);
        words(x, off, len, w, WorkerPools.of(threads));
        return new Operand(w, len, bits);
    }

    /** The operand given packed (no BigIntegers made). O(len words). */
    Operand operand(PackedCoefficients p, boolean second) {
        checkOperand(p.length(), p.maxBits(), second);
        double[][][] w = planes(wordCount(p.maxBits()), p.length(), shape);
        p.words(w);
        return new Operand(w, p.length(), p.maxBits());
    }

    private void checkOperand(int len, int bits, boolean second) {
        int maxLen = second ? bLen : aLen;
        int maxBits = second ? bitsB : bitsA;
        if (len < 1 || len > maxLen || bits > maxBits) {
            throw new IllegalArgumentException("operand " + (second ? "b" : "a") + " of length " + len + " and " + bits
                    + " bits exceeds the plan (length in [1, " + maxLen + "], at most " + maxBits + " bits)");
        }
    }

    /**
     * An operand transformed modulo every prime of the plan, to be multiplied any number of
     * times ({@link #multiply(Transformed, Transformed, int)}, {@link #multiply(Transformed,
     * Operand, int)}); {@link #release} gives its spectra back to the pool.
     */
    static final class Transformed {
        final ZZProductPlan plan;
        final double[][][] spectra;
        final int length;
        final int bits;

        private Transformed(ZZProductPlan plan, double[][][] spectra, int length, int bits) {
            this.plan = plan;
            this.spectra = spectra;
            this.length = length;
            this.bits = bits;
        }

        /** Gives the spectra back to the matrix pool; the operand must not be used afterwards. */
        void release() {
            giveBack(spectra);
        }
    }

    /** The forward transforms of x modulo every prime. O(s N log N). */
    Transformed transform(Operand x, boolean second, int threads) {
        checkOperand(x.length, x.bits, second);
        int s = crt.size();
        double[][][] spectra = new double[s][][];
        int rows = x.words[0].length;
        forPrimes(threads, (j, inner) -> {
            DoubleNttPlan plan = DoubleNttPlan.of(crt.prime(j), log2n);
            double[][] m = plan.borrowCoefficients();
            residues(x.words, crt.prime(j), m);
            double[][] sp = plan.borrowSpectrum();
            plan.forward(m, sp, false, inner, rows);
            DoubleNttPlan.giveBack(m);
            spectra[j] = sp;
        });
        return new Transformed(this, spectra, x.length, x.bits);
    }

    // ------------------------------------------------------------------ products

    /**
     * The window of a * b (b == a: a square, one transform per prime), packed. O(s N log N +
     * s^2 N + s N words).
     */
    PackedCoefficients multiply(Operand a, Operand b, int threads) {
        checkOperand(a.length, a.bits, false);
        checkOperand(b.length, b.bits, true);
        boolean square = a == b;
        int s = crt.size();
        double[][][] res = new double[s][][];
        int aRows = a.words[0].length;
        int bRows = b.words[0].length;
        forPrimes(threads, (j, inner) -> {
            long p = crt.prime(j);
            DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
            double[][] ma = plan.borrowCoefficients();
            residues(a.words, p, ma);
            if (square) {
                plan.convolution(ma, ma, false, inner, aRows, aRows);
            } else {
                double[][] mb = plan.borrowCoefficients();
                residues(b.words, p, mb);
                plan.convolution(ma, mb, false, inner, aRows, bRows);
                DoubleNttPlan.giveBack(mb);
            }
            res[j] = ma;
        });
        return recombine(res, threads);
    }

    /** The window of a * b for transformed operands of this plan (b == a: a square). O(s N log N + s^2 N). */
    PackedCoefficients multiply(Transformed a, Transformed b, int threads) {
        checkTransformed(a);
        checkTransformed(b);
        checkPair(a.length, a.bits, b.length, b.bits);
        int s = crt.size();
        double[][][] res = new double[s][][];
        forPrimes(threads, (j, inner) -> {
            DoubleNttPlan plan = DoubleNttPlan.of(crt.prime(j), log2n);
            double[][] sp = plan.borrowSpectrum();
            copy(a.spectra[j], sp);
            plan.pointwise(sp, b.spectra[j], inner);
            double[][] m = plan.borrowCoefficients();
            plan.inverse(sp, m, false, inner);
            DoubleNttPlan.giveBack(sp);
            res[j] = m;
        });
        return recombine(res, threads);
    }

    /** The window of a * b for a transformed operand a (a fixed factor) and a fresh b. O(s N log N + s^2 N). */
    PackedCoefficients multiply(Transformed a, Operand b, int threads) {
        checkTransformed(a);
        checkPair(a.length, a.bits, b.length, b.bits);
        int s = crt.size();
        double[][][] res = new double[s][][];
        int bRows = b.words[0].length;
        forPrimes(threads, (j, inner) -> {
            long p = crt.prime(j);
            DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
            double[][] m = plan.borrowCoefficients();
            residues(b.words, p, m);
            double[][] sp = plan.borrowSpectrum();
            plan.forward(m, sp, false, inner, bRows);
            plan.pointwise(sp, a.spectra[j], inner);
            plan.inverse(sp, m, false, inner);
            DoubleNttPlan.giveBack(sp);
            res[j] = m;
        });
        return recombine(res, threads);
    }

    // The two factors within the plan's shape, in either order (a square of the longer operand
    // slot exceeds the bound and window the plan was made for).
    private void checkPair(int lenX, int bitsX, int lenY, int bitsY) {
        boolean direct = lenX <= aLen && bitsX <= bitsA && lenY <= bLen && bitsY <= bitsB;
        boolean swapped = lenX <= bLen && bitsX <= bitsB && lenY <= aLen && bitsY <= bitsA;
        if (!direct && !swapped) {
            throw new IllegalArgumentException("factors of lengths " + lenX + " and " + lenY + " with " + bitsX
                    + " and " + bitsY + " bits exceed the plan (" + aLen + " x " + bLen + ", " + bitsA + " x " + bitsB
                    + " bits)");
        }
    }

    private void checkTransformed(Transformed t) {
        if (t.plan != this && (t.plan.log2n != log2n || t.plan.crt != crt)) {
            throw new IllegalArgumentException("the operand was transformed by another plan (" + t.plan
                    + "), not by " + this);
        }
    }

    private static void copy(double[][] from, double[][] to) {
        for (int r = 0; r < from.length; r++) {
            System.arraycopy(from[r], 0, to[r], 0, from[r].length);
        }
    }

    /**
     * The window of a * b with the transforms on {@code engine} (a GPU's): the same primes,
     * projection and recombination as the CPU route, the residues handed to
     * {@link NttEngine#cyclicConvolution} as rows of longs in [0, p); host work on
     * {@code threads} threads.
     *
     * @throws IllegalArgumentException if the transform is longer than the engines' limit
     *     2^{@link NttPlan#MAX_LOG2N} or the s rows of N words exceed an array
     */
    PackedCoefficients multiply(Operand a, Operand b, NttEngine engine, int threads) {
        checkOperand(a.length, a.bits, false);
        checkOperand(b.length, b.bits, true);
        int s = crt.size();
        long len = 1L << log2n;
        if (log2n > NttPlan.MAX_LOG2N || s * len > Limbs.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("the engine route cannot take " + s + " primes of 2^" + log2n
                    + " points (at most 2^" + NttPlan.MAX_LOG2N + " points and " + Limbs.MAX_ARRAY_LENGTH
                    + " words per operand)");
        }
        long[] ps = new long[s];
        for (int j = 0; j < s; j++) {
            ps[j] = crt.prime(j);
        }
        long[] fa = engineRows(a, ps);
        long[] fb = b == a ? fa : engineRows(b, ps);
        engine.cyclicConvolution(ps, log2n, fa, fb, fa, s);
        double[][][] res = new double[s][][];
        int cols = shape.columns();
        for (int j = 0; j < s; j++) {
            double[][] m = shape.borrowCoefficients();
            int base = (int) (j * len);
            for (int r = 0; r < m.length; r++) {
                double[] row = m[r];
                for (int c = 0; c < cols; c++) {
                    row[c] = fa[base + r * cols + c]; // in [0, p): below 1.3 p as digits() takes
                }
            }
            res[j] = m;
        }
        return recombine(res, threads);
    }

    // s rows of N: row j holds x mod p_j in [0, p_j), zero-padded.
    private long[] engineRows(Operand x, long[] ps) {
        int len = 1 << log2n;
        int cols = shape.columns();
        long[] out = new long[ps.length * len];
        double[][] m = shape.borrowCoefficients();
        for (int j = 0; j < ps.length; j++) {
            residues(x.words, ps[j], m);
            for (int r = 0; r < x.words[0].length; r++) {
                for (int c = 0; c < cols; c++) {
                    out[j * len + r * cols + c] = DoubleNttPlan.residue(m[r][c], ps[j]);
                }
            }
        }
        DoubleNttPlan.giveBack(m);
        return out;
    }

    // body(j, pool for the transforms) for every prime: the primes in parallel when there are at
    // least twice as many as threads, else one after another with the threads in each transform.
    private void forPrimes(int threads, PrimeBody body) {
        int s = crt.size();
        ForkJoinPool pool = WorkerPools.of(threads);
        if (pool != null && s >= 2 * threads) {
            IntConsumer each = j -> body.run(j, null);
            pool.submit(() -> IntStream.range(0, s).parallel().forEach(each)).join();
        } else {
            for (int j = 0; j < s; j++) {
                body.run(j, pool);
            }
        }
    }

    private interface PrimeBody {
        void run(int prime, ForkJoinPool inner);
    }

    // ------------------------------------------------------------------ recombination

    /**
     * The window's coefficients from the convolutions' results res[j] (coefficient matrices,
     * values below 1.3 p_j), packed: Garner's digits and the signed Horner sum row by row, so
     * that the digits are packed while in cache. Gives the matrices back to the pool.
     */
    PackedCoefficients recombine(double[][][] res, int threads) {
        int cols = res[0][0].length;
        int rowFrom = lo / cols;
        int rowTo = (hi + cols - 1) / cols;
        int n = hi - lo;
        int limbs = (bound + 63) / 64;
        long[][] mag = PackedCoefficients.magnitudes(n, limbs);
        byte[][] sign = PackedCoefficients.signs(n);
        int[] maxBits = new int[rowTo - rowFrom];
        forRows(WorkerPools.of(threads), rowFrom, rowTo, (from, to) -> {
            for (int r = from; r < to; r++) {
                crt.digits(res, r, r + 1);
                pack(crt, res, r, r + 1, lo, hi, limbs, mag, sign, maxBits, rowFrom);
            }
        });
        for (double[][] m : res) {
            DoubleNttPlan.giveBack(m);
        }
        int top = n;
        while (top > 0 && sign[(top - 1) >>> PackedCoefficients.CHUNK_SHIFT][(top - 1) & (PackedCoefficients.CHUNK - 1)] == 0) {
            top--;
        }
        int bits = 0;
        for (int b : maxBits) {
            bits = Math.max(bits, b);
        }
        return new PackedCoefficients(top, limbs, mag, sign, bits);
    }

    /**
     * Coefficients i in [lo, hi) of rows [from, to) from the signed digits of
     * {@link DoubleCrt#digits} into mag and sign at i - lo; maxBits[r - rowBase] = the largest
     * bit length in row r.
     *
     * <p>With |v_j| &lt;= p_j/2 + 1, c' = v_0 + p_0 (v_1 + p_1 (...)) satisfies |c'| &lt;= M/2
     * (1 + 2^-48), and c' is congruent to the coefficient c, |c| &lt; 2^bound; the basis has
     * M &gt;= 2^(bound + 1) (1 + 2^-30), so |c' - c| &lt; M and c' = c: the signed Horner sum is
     * the coefficient itself, with no normalization and no comparison with M/2. It is
     * evaluated in two's complement over limbs + 1 words (exact modulo 2^(64 (limbs + 1)),
     * which holds every partial sum).
     */
    static void pack(DoubleCrt crt, double[][][] res, int from, int to, int lo, int hi, int limbs, long[][] mag,
            byte[][] sign, int[] maxBits, int rowBase) {
        int s = crt.size();
        if (s == 3 && limbs == 3) {
            packThree(crt, res, from, to, lo, hi, mag, sign, maxBits, rowBase);
            return;
        }
        int cols = res[0][0].length;
        int k = limbs + 1;
        long[] acc = new long[k];
        long[] ps = new long[s];
        for (int j = 0; j < s; j++) {
            ps[j] = crt.prime(j);
        }
        double[][] row = new double[s][];
        for (int r = from; r < to; r++) {
            for (int j = 0; j < s; j++) {
                row[j] = res[j][r];
            }
            int start = Math.max(0, lo - r * cols);
            int end = Math.min(cols, hi - r * cols);
            int bits = 0;
            for (int col = start; col < end; col++) {
                // acc holds the partial sum in two's complement over its low `used` limbs (the
                // limbs above are its sign extension): each step needs at most one limb more,
                // and a top limb that only extends the sign of the one below is dropped
                acc[0] = (long) row[s - 1][col];
                int used = 1;
                for (int j = s - 2; j >= 0; j--) {
                    acc[used] = acc[used - 1] >> 63;
                    mulAddSigned(acc, used + 1, ps[j], (long) row[j][col]);
                    used++;
                    while (used > 1 && acc[used - 1] == acc[used - 2] >> 63) {
                        used--;
                    }
                }
                long ext = acc[used - 1] >> 63;
                for (int l = used; l < k; l++) {
                    acc[l] = ext;
                }
                int i = r * cols + col - lo;
                long[] m = mag[i >>> PackedCoefficients.CHUNK_SHIFT];
                int at = (i & (PackedCoefficients.CHUNK - 1)) * limbs;
                byte sg;
                if (acc[k - 1] < 0) { // negate: the magnitude
                    long borrow = 1;
                    for (int l = 0; l < limbs; l++) {
                        long v = ~acc[l] + borrow;
                        borrow = (v == 0 && borrow == 1) ? 1 : 0;
                        m[at + l] = v;
                    }
                    sg = -1;
                } else {
                    boolean zero = true;
                    for (int l = 0; l < limbs; l++) {
                        m[at + l] = acc[l];
                        zero &= acc[l] == 0;
                    }
                    sg = (byte) (zero ? 0 : 1);
                }
                sign[i >>> PackedCoefficients.CHUNK_SHIFT][i & (PackedCoefficients.CHUNK - 1)] = sg;
                for (int l = limbs - 1; l >= 0; l--) {
                    if (m[at + l] != 0) {
                        bits = Math.max(bits, 64 * l + 64 - Long.numberOfLeadingZeros(m[at + l]));
                        break;
                    }
                }
            }
            maxBits[r - rowBase] = bits;
        }
    }

    // pack() for three primes and three limbs (the products of 64-bit coefficients), in
    // straight-line code: 2.2x faster than the general loop (measured 35 against 78 ms at 2^21).
    private static void packThree(DoubleCrt crt, double[][][] res, int from, int to, int lo, int hi, long[][] mag,
            byte[][] sign, int[] maxBits, int rowBase) {
        long p0 = crt.prime(0);
        long p1 = crt.prime(1);
        int cols = res[0][0].length;
        for (int r = from; r < to; r++) {
            double[] x0 = res[0][r];
            double[] x1 = res[1][r];
            double[] x2 = res[2][r];
            int start = Math.max(0, lo - r * cols);
            int end = Math.min(cols, hi - r * cols);
            long or0 = 0; // the ORs of the magnitudes' words: their bit length is the row's largest
            long or1 = 0;
            long or2 = 0;
            for (int col = start; col < end; col++) {
                long v0 = (long) x0[col];
                long v1 = (long) x1[col];
                long v2 = (long) x2[col];
                // t = v2 p1 + v1, signed 128 bits (h:l)
                long l0 = v2 * p1;
                long h = Math.multiplyHigh(v2, p1);
                long l = l0 + v1;
                h += (v1 >> 63) + (((l0 & v1) | ((l0 | v1) & ~l)) >>> 63);
                // c = t p0 + v0, signed 192 bits (w2:w1:w0)
                long a0 = l * p0;
                long a1 = Math.multiplyHigh(l, p0) + ((l >> 63) & p0); // unsigned high of l p0
                long b1 = h * p0;
                long w2 = Math.multiplyHigh(h, p0);
                long w1 = a1 + b1;
                w2 += ((a1 & b1) | ((a1 | b1) & ~w1)) >>> 63;
                long w0 = a0 + v0;
                long cy = ((a0 & v0) | ((a0 | v0) & ~w0)) >>> 63;
                long e = v0 >> 63; // sign extension of v0: 0 or -1
                long u1 = w1 + e;
                long cy1 = ((w1 & e) | ((w1 | e) & ~u1)) >>> 63;
                long u2 = u1 + cy;
                cy1 += ((u1 & cy) | ((u1 | cy) & ~u2)) >>> 63;
                w2 += e + cy1;
                w1 = u2;
                // magnitude: negate when negative (x ^ m) - m over three words, m = 0 or -1
                long m = w2 >> 63;
                long n0 = (w0 ^ m) - m;
                long c0 = m & (((n0 | -n0) >>> 63) ^ 1); // carry out of ~w0 + 1: negating and n0 == 0
                long n1 = (w1 ^ m) + c0;
                long c1 = c0 & (n1 == 0 ? 1 : 0);
                long n2 = (w2 ^ m) + c1;
                int i = r * cols + col - lo;
                long[] chunk = mag[i >>> PackedCoefficients.CHUNK_SHIFT];
                int at = 3 * (i & (PackedCoefficients.CHUNK - 1));
                chunk[at] = n0;
                chunk[at + 1] = n1;
                chunk[at + 2] = n2;
                long any = n0 | n1 | n2;
                // sign: -1 for m = -1, else 0 or 1 as any is zero or not (branch-free)
                sign[i >>> PackedCoefficients.CHUNK_SHIFT][i & (PackedCoefficients.CHUNK - 1)] =
                        (byte) (m | ((any | -any) >>> 63));
                or0 |= n0;
                or1 |= n1;
                or2 |= n2;
            }
            maxBits[r - rowBase] = or2 != 0 ? 192 - Long.numberOfLeadingZeros(or2)
                    : or1 != 0 ? 128 - Long.numberOfLeadingZeros(or1) : 64 - Long.numberOfLeadingZeros(or0);
        }
    }


    // acc = acc p + v modulo 2^(64 k), acc in two's complement (p < 2^50, v signed).
    private static void mulAddSigned(long[] acc, int k, long p, long v) {
        long cy = 0;
        long ext = v >> 63;
        for (int l = 0; l < k; l++) {
            long a = acc[l];
            long lo = a * p;
            long hi = Math.multiplyHigh(a, p) + ((a >> 63) & p); // unsigned high word
            long add = l == 0 ? v : ext;
            long s1 = lo + add;
            hi += ((lo & add) | ((lo | add) & ~s1)) >>> 63; // carry out, branch-free
            long s2 = s1 + cy;
            hi += ((s1 & cy) | ((s1 | cy) & ~s2)) >>> 63;
            acc[l] = s2;
            cy = hi;
        }
    }

    // body(from, to) over the rows [rowFrom, rowTo), in pieces on the pool when there is one.
    private static void forRows(ForkJoinPool pool, int rowFrom, int rowTo, java.util.function.BiConsumer<Integer, Integer> body) {
        int rows = rowTo - rowFrom;
        if (pool == null || rows < 2) {
            body.accept(rowFrom, rowTo);
            return;
        }
        int pieces = Math.min(rows, 4 * pool.getParallelism());
        pool.submit(() -> IntStream.range(0, pieces).parallel().forEach(k -> body.accept(
                rowFrom + (int) ((long) rows * k / pieces), rowFrom + (int) ((long) rows * (k + 1) / pieces)))).join();
    }

    // ------------------------------------------------------------------ projection

    /** Planes for a coefficient size: ceil(bits / 48), at least one. */
    static int wordCount(int bits) {
        return Math.max(1, (bits + PIECE_BITS - 1) / PIECE_BITS);
    }

    /**
     * Planes for {@link #words} of len coefficients: count matrices with the transform's row
     * length C and the ceil(len / C) rows the coefficients occupy (the transform's other rows
     * are zero), from the pool.
     */
    static double[][][] planes(int count, int len, DoubleNttPlan shape) {
        int cols = shape.columns();
        double[][][] w = new double[count][][];
        for (int t = 0; t < count; t++) {
            w[t] = DoubleNttPlan.borrow((len + cols - 1) / cols, cols);
        }
        return w;
    }

    /** Gives planes (or spectra) back to the pool. */
    static void giveBack(double[][][] planes) {
        for (double[][] m : planes) {
            DoubleNttPlan.giveBack(m);
        }
    }

    /** A plan whose matrix shape is that of a transform of 2^log2n points (the planes' row length). */
    DoubleNttPlan shape() {
        return shape;
    }

    /**
     * The coefficients' 48-bit pieces, signed, into the planes: planes[t][r][c] = sign(x_i)
     * (bits [48 t, 48 t + 48) of |x_i|) for i = r C + c &lt; len, zeros after, t &lt; planes.length
     * (at least {@link #wordCount}). Pieces of 48 bits keep |piece| + p below 2^51, the range of
     * the modular products in {@link #residues}, with a third fewer Horner steps than 32-bit
     * words. O(C R planes).
     */
    static void words(BigInteger[] x, int off, int len, double[][][] planes, ForkJoinPool pool) {
        int count = planes.length;
        int cols = planes[0][0].length;
        forRows(pool, 0, planes[0].length, (fromRow, toRow) -> {
            for (int r = fromRow; r < toRow; r++) {
                int end = Math.min(cols, len - r * cols);
                if (end < cols) {
                    for (int t = 0; t < count; t++) {
                        Arrays.fill(planes[t][r], Math.max(0, end), cols, 0.0);
                    }
                }
                for (int c = 0; c < end; c++) {
                    BigInteger v = x[off + r * cols + c];
                    if (DIRECT) { // BigInteger's own words (java.math opened to modalg)
                        double sign = v.signum();
                        int words = BigIntegerWords.wordCount(v);
                        for (int t = 0; t < count; t++) {
                            int w = (3 * t) >>> 1; // bit 48 t is bit 0 or 16 of 32-bit word w
                            long lo = w < words ? BigIntegerWords.word(v, w) : 0L;
                            long hi = w + 1 < words ? BigIntegerWords.word(v, w + 1) : 0L;
                            long piece = (t & 1) == 0 ? lo | (hi & 0xFFFFL) << 32 : lo >>> 16 | hi << 16;
                            planes[t][r][c] = sign * (double) piece;
                        }
                    } else {
                        wordsOf(v, planes, r, c, count);
                    }
                }
            }
        });
    }

    /** Bits per piece of the word planes. */
    static final int PIECE_BITS = 48;

    private static final long PIECE_MASK = (1L << PIECE_BITS) - 1;

    // Whether BigInteger's words can be read directly (measured 12 against 28 ms for the two
    // operands of a 2^20 x 64-bit product).
    private static final boolean DIRECT = BigIntegerWords.direct();

    // words() for one coefficient through BigInteger's public methods (java.math not opened).
    static void wordsOf(BigInteger v, double[][][] planes, int r, int c, int count) {
        int sign = v.signum();
        long[] limbs = sign == 0 ? new long[1] : BigIntegerWords.magnitude(v);
        for (int t = 0; t < count; t++) {
            planes[t][r][c] = sign * (double) piece(limbs, 0, limbs.length, t);
        }
    }

    /** Bits [48 t, 48 t + 48) of the little-endian limbs m[at .. at + len) (zero above them). */
    static long piece(long[] m, int at, int len, int t) {
        long bit = (long) PIECE_BITS * t;
        int li = (int) (bit >>> 6);
        int sh = (int) (bit & 63);
        if (li >= len) {
            return 0L;
        }
        long v = m[at + li] >>> sh;
        if (sh > 64 - PIECE_BITS && li + 1 < len) {
            v |= m[at + li + 1] << (64 - sh);
        }
        return v & PIECE_MASK;
    }

    /**
     * m = the residues mod p of the values sum_t words[t] 2^(48 t), elementwise over the
     * planes' rows (m's further rows are left alone: the transform takes them as zero): Horner
     * from the top word, one modular product by 2^32 per word, vectorized along the rows.
     * O(C R words).
     */
    static void residues(double[][][] words, long p, double[][] m) {
        double pd = p;
        double pinv = 1.0 / p;
        double np = -pd;
        // the pieces' radix 2^48 mod p: |y c| stays below 2^99, |v| below p + 2^48 < 2^51
        double c32 = DoubleCrt.symmetric(Math.floorMod(1L << PIECE_BITS, p), p);
        double c32p = c32 * pinv;
        int top = words.length - 1;
        int used = words[0].length;
        for (int r = 0; r < used; r++) {
            double[] row = m[r];
            System.arraycopy(words[top][r], 0, row, 0, row.length);
            for (int t = top - 1; t >= 0; t--) {
                double[] w = words[t][r];
                for (int c = 0; c < row.length; c++) {
                    double y = row[c];
                    double h = y * c32;
                    double q = Math.rint(y * c32p);
                    double v = Math.fma(q, np, h) + Math.fma(y, c32, -h) + w[c];
                    row[c] = Math.fma(Math.rint(v * pinv), np, v);
                }
            }
        }
    }

}
