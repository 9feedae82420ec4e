package org.modalg.fft.doublentt;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.ntt.NttPlan;
import org.modalg.fft.parallel.ParallelRange;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/**
 * A number-theoretic transform of length n = 2^log2n over Z/pZ for primes p &lt; 2^50, computed
 * in double-precision arithmetic so that the JIT vectorizes it: on an AVX2 machine the
 * butterflies run four to a SIMD instruction, about three times the speed of the 64-bit
 * {@link NttPlan} kernels (fft/BENCHMARKS.md). This is the technique of FLINT's small-prime
 * FFT; the modular product is in {@link DoubleNttKernels}.
 *
 * <h2>Layout: the four-step algorithm on rows of arrays</h2>
 * n = R C with C = 2^ceil(log2n / 2), R = n / C. Coefficients live in a
 * {@code double[R][C]} matrix ({@link #newCoefficients()}): coefficient j = r C + c in
 * {@code m[r][c]}. With w the primitive n-th root ({@link NttPrimes#primitiveRootOfUnity}) and,
 * for the negacyclic transform, psi the primitive 2n-th root with psi^2 = w:
 * <ol>
 * <li>length-R transforms down the columns: every butterfly pairs two row arrays and its loop
 * runs along them, whole rows long, which is the loop HotSpot vectorizes. The levels run in
 * passes that each keep a group of rows in the L2 cache, or in 2 MiB of the L3 from 2^19 doubles
 * ({@link DoubleNttKernels#levelsPerPass}).
 * The cyclic transform is at root w^C and the negacyclic one at psi^C (twiddle conventions of
 * {@code NttKernels}); row position s then holds index k_r = rev_R(s);</li>
 * <li>a transpose into the spectrum, a {@code double[C][R]} matrix ({@link #newSpectrum()});</li>
 * <li>entry (c, s) times theta_s^c, theta_s = w^k_r (cyclic) or psi^(2 k_r + 1) (negacyclic),
 * from two small tables along the spectrum's rows (theta^c = theta^(c mod L) theta^(L (c div
 * L)), L about sqrt(C)), or, up to 2^13 points, from one table of every row's factor
 * ({@code FullTwist}: no product to form the factor);</li>
 * <li>cyclic length-C transforms down the spectrum's columns at root w^R.</li>
 * </ol>
 * So {@code spectrum[s'][s]} = A[rev_R(s) + R rev_C(s')] where A_k = sum_j a_j w^(jk) (cyclic)
 * or sum_j a_j psi^(j (2k + 1)) (negacyclic), rev_L reversing log2 L bits. The inverse runs the
 * steps backwards and includes 1/n. A convolution is two forward transforms, the pointwise
 * product and an inverse; its order of the spectrum never matters.
 *
 * <h2>Passes</h2>
 * The column levels run in {@link DoubleNttKernels#levelsPerPass} groups, then the transpose,
 * then the row levels: five to seven passes per transform. The twist (step 3) has no pass of its
 * own: the first row level, which pairs spectrum rows c and c + C/2 with a unit twiddle, takes it
 * in the same loop as its butterflies (T (x + G y), T (x - G y) with T = theta^c and G =
 * theta^(C/2): {@code DoubleNttKernels.forwardButterfliesTwisted}), and the inverse's last row
 * level likewise ({@code inverseButterfliesTwisted}). Nor has the pointwise product of a
 * convolution ({@link #convolution}, {@link #pointwiseInverse}, {@link #multiplyTransformed}):
 * the inverse's first level multiplies each pair of spectrum rows in the loop of its butterflies
 * ({@code inverseButterfliesPointwise}). Each fused loop is written in the one form that HotSpot
 * 17 vectorizes (fft/BENCHMARKS.md section (h): 5-10% off a convolution). (L2-sized tiles that ran
 * a transform in two passes, radix-4 level pairs and the elementwise steps fused as separate
 * calls inside the column passes were measured, not faster, removed; see fft/BENCHMARKS.md and
 * the git history.) On AVX-512, where the JVM resolves the incubating Vector API and runs with
 * {@code -XX:PerMethodTrapLimit=10000}, every butterfly loop runs its whole vectors through
 * {@code VectorNttKernels} and pairs of forward levels run as radix-4 sweeps, the same doubles
 * bit for bit ({@link #describeButterflies()}; fft/BENCHMARKS.md sections (o), (p)); under AVX2
 * HotSpot's own loops are as fast (section (i)).
 * From 2^21 points ({@link #stripMinLog2n}) the length-R levels and the transpose run in strips
 * of columns that hold every row (2 MiB, in the L3) instead: one pass over memory instead of
 * three ({@link DoubleNttStrips}, fft/BENCHMARKS.md section (l)).
 * Where the vector butterflies run, {@link #convolution} (from 2^10 points) has no transpose and
 * no spectrum matrix: the length-R levels of both operands in place, per group of rows that
 * stays in L2 ({@link #groupBytes}) those levels' last ones, then per block of 8 coefficient rows,
 * interleaved in a flat array, both length-C transforms, the product and the inverse in L1
 * ({@link VectorRowBlocks}, the same doubles), and the inverse length-R levels in place
 * (fft/BENCHMARKS.md section (q)); {@link #inRowBlocks()} tells callers to prefer it to
 * {@link #forward} and {@link #pointwiseInverse}.
 *
 * <h2>Ranges</h2>
 * Inputs are integers of magnitude at most 1.5 p (residues in [0, p) or in (-p/2, p/2) are
 * fine); forward transforms and pointwise products give integers of magnitude below 1.45 p,
 * inverse transforms (and so convolutions) integers of magnitude below 1.1 p, to be brought
 * into [0, p) with {@link #residue(double, long)}. Proofs in {@link DoubleNttKernels}.
 *
 * <h2>Cost</h2>
 * n/2 log2 n butterflies of 8 to 11 floating-point operations each (every second forward
 * level skips a reduction; a quarter of that in 4-lane SIMD instructions), two modular products
 * per point for the twist (inside the first or last row level), and one transpose. Tables: O(R sqrt(C) + R + C) doubles per direction, and 1.5 n more per
 * twist used (cyclic, negacyclic) up to 2^13 points. Plans are immutable and thread-safe, and are cached
 * per (p, log2n).
 */
public final class DoubleNttPlan {

    /** Primes must be below 2^50. */
    public static final long MAX_PRIME_EXCLUSIVE = 1L << 50;
    /** Smallest supported log2n. */
    public static final int MIN_LOG2N = 2;
    /** Largest supported log2n. */
    public static final int MAX_LOG2N = 28;

    private static final Map<Long, DoubleNttPlan> CACHE = new ConcurrentHashMap<>();
    private static final int MAX_CACHED_PLANS = 256;

    private final long p;
    private final double pd;
    private final double pinv;
    private final int log2n;
    private final int logR;
    private final int logC;
    private final ZpField field;
    // Column tables of the length-R transform, psi_R = root of order 2R, entries
    // psi_R^rev(k) for k < R (the negacyclic layout; the cyclic transform reads T[0, R/2)).
    private final double[] colFwd;
    private final double[] colInv;
    // The same for the length-C transform (only cyclic).
    private final double[] rowFwd;
    private final double[] rowInv;
    // Step 2 tables (see twist(long, long)).
    private final Twist cyclicTwist;
    private volatile Twist negacyclicTwist;
    private volatile FullTwist cyclicFullTwist;
    private volatile FullTwist negacyclicFullTwist;

    // fwdG: theta_s^(C/2), the ratio of the twists of spectrum rows c + C/2 and c (the fused
    // twist of DoubleNttKernels.forwardButterfliesTwisted).
    record Twist(double[][] fwdLo, double[][] fwdHi, double[][] invLo, double[][] invHi, double[] fwdG) {
    }

    private DoubleNttPlan(long p, int log2n, ZpField field) {
        this.p = p;
        this.pd = p;
        this.pinv = 1.0 / p;
        this.log2n = log2n;
        this.logC = (log2n + 1) / 2;
        this.logR = log2n - logC;
        this.field = field;
        long w = NttPrimes.primitiveRootOfUnity(p, log2n);
        // Roots of order 2R and 2C: w^(C/2), w^(R/2) (both C, R >= 2).
        long gR = field.pow(w, 1L << (logC - 1));
        long gC = field.pow(w, 1L << (logR - 1));
        this.colFwd = columnTable(gR, logR);
        this.colInv = columnTable(field.inv(gR), logR);
        this.rowFwd = columnTable(gC, logC);
        this.rowInv = columnTable(field.inv(gC), logC);
        this.cyclicTwist = twist(w, 1);
    }

    /**
     * How the butterflies run in this JVM, for benchmark headers: "Vector API, 8 lanes,
     * convolutions in row blocks from 2^10 points", or "HotSpot's loops (why not)"
     * ({@code -Dmodalg.dntt.vector}, {@link VectorModule}; {@link #inRowBlocks()}).
     */
    public static String describeButterflies() {
        int min = rowBlockMinLog2n;
        if (!VectorNtt.ON) {
            return VectorNtt.describe();
        }
        return VectorNtt.describe() + (min <= MAX_LOG2N ? ", convolutions in row blocks from 2^" + Math.max(min, MIN_LOG2N)
                + " points" : ", convolutions by the passes (-Dmodalg.dntt.rowBlockMinLog2n=" + min + ")");
    }

    /**
     * The plan for (p, log2n), cached. Building costs O(n / 64 + R + C) multiplications.
     *
     * @param p a prime, 3 &lt;= p &lt; 2^50, with 2^log2n | p - 1
     * @param log2n in [2, min(28, v2(p - 1))]
     * @throws IllegalArgumentException if p is not such a prime or log2n is out of range, or if
     *     -Dmodalg.dntt.quotient is not fma, rint, auto or other ({@link QuotientRounding}), or
     *     -Dmodalg.dntt.vector not auto, on or off ({@code VectorNtt})
     */
    public static DoubleNttPlan of(long p, int log2n) {
        QuotientRounding.checkProperty();
        VectorNtt.checkProperty();
        if (p < 3 || p >= MAX_PRIME_EXCLUSIVE) {
            throw new IllegalArgumentException("p must be an odd prime below 2^50, got " + p);
        }
        long key = p * 64 + log2n; // p < 2^50 and log2n < 64: unique
        DoubleNttPlan plan = CACHE.get(key);
        if (plan != null) {
            return plan;
        }
        ZpField f = ZpField.of(p); // primality
        int s = NttPrimes.twoAdicOrder(p);
        int max = Math.min(MAX_LOG2N, s);
        if (log2n < MIN_LOG2N || log2n > max) {
            throw new IllegalArgumentException("log2n must be in [" + MIN_LOG2N + ", " + max
                    + "] for p = " + p + " (v2(p - 1) = " + s + "), got " + log2n);
        }
        if (CACHE.size() >= MAX_CACHED_PLANS) {
            CACHE.clear();
        }
        return CACHE.computeIfAbsent(key, k -> new DoubleNttPlan(p, log2n, f));
    }

    /** The prime. */
    public long p() {
        return p;
    }

    /** log2 of the length. */
    public int log2n() {
        return log2n;
    }

    /** R: rows of the coefficient matrix (columns of the spectrum). */
    public int rows() {
        return 1 << logR;
    }

    /** C: columns of the coefficient matrix (rows of the spectrum). */
    public int columns() {
        return 1 << logC;
    }

    /** Whether the negacyclic transform exists: 2n | p - 1. */
    public boolean supportsNegacyclic() {
        return log2n < NttPrimes.twoAdicOrder(p);
    }

    /** A zero coefficient matrix, R rows of C. */
    public double[][] newCoefficients() {
        return new double[rows()][columns()];
    }

    /** A zero spectrum matrix, C rows of R. */
    public double[][] newSpectrum() {
        return new double[columns()][rows()];
    }

    /**
     * A coefficient matrix (R x C) from a pool of reused matrices, with unspecified contents:
     * the caller overwrites every entry. Large fresh matrices cost more than a transform on a
     * default JVM (first-touch page commits), so repeated products borrow and
     * {@link #giveBack} their matrices.
     */
    public double[][] borrowCoefficients() {
        return DoubleMatrixPool.take(rows(), columns());
    }

    /** A spectrum matrix (C x R) from the pool, contents unspecified. */
    public double[][] borrowSpectrum() {
        return DoubleMatrixPool.take(columns(), rows());
    }

    /** Any rows x cols matrix from the same pool, contents unspecified. */
    public static double[][] borrow(int rows, int cols) {
        if (rows < 1 || cols < 1) {
            throw new IllegalArgumentException("rows and cols must be >= 1, got " + rows + " x " + cols);
        }
        return DoubleMatrixPool.take(rows, cols);
    }

    /** Returns a borrowed (or any no longer used) matrix to the pool. */
    public static void giveBack(double[][] m) {
        DoubleMatrixPool.give(m);
    }

    /**
     * v (an integer-valued double of magnitude below 2^52) reduced into [0, p), p &gt;= 1. For
     * p &lt; 2^50 without a division (called in a loop, 1 / p is hoisted out of it): q =
     * rint(fl(v fl(1/p))) and r = v - q p by one fma. Two roundings of relative size 2^-53 put
     * fl(v fl(1/p)) within (2^52 / p) 2^-52 = 1/p &lt;= 1/3 of v / p for p &gt;= 3 (for p = 1, 2
     * both are exact), so |r| &lt;= (1/2 + 1/3) p &lt; p: an integer below 2^50, which the fma
     * returns exactly; then r + p if r &lt; 0. 1.3 against 2.3 ns per value with {@code %}
     * (fft/BENCHMARKS.md section (f)). Larger p: {@code %}.
     */
    public static long residue(double v, long p) {
        if (p > 0 && p < MAX_PRIME_EXCLUSIVE) {
            double pd = p;
            long x = (long) Math.fma(Math.rint(v * (1.0 / pd)), -pd, v);
            return x + ((x >> 63) & p);
        }
        long x = (long) v % p;
        return x + ((x >> 63) & p);
    }

    /**
     * Forward transform: {@code coefficients} (R x C, destroyed) into {@code spectrum} (C x R,
     * a different matrix). O(n log n).
     *
     * @param pool threads for the passes, or null for the calling thread only
     * @throws IllegalArgumentException on matrices of the wrong shape or the same matrix twice,
     *     or a negacyclic transform without 2n | p - 1
     */
    public void forward(double[][] coefficients, double[][] spectrum, boolean negacyclic,
            ForkJoinPool pool) {
        forward(coefficients, spectrum, negacyclic, pool, rows());
    }

    /**
     * {@link #forward(double[][], double[][], boolean, ForkJoinPool)} for coefficients whose rows
     * from {@code nonzeroRows} on are zero: those rows are not read (they may hold anything and
     * are overwritten), and the first level copies instead of computing where it meets them.
     * A product's zero padding makes the upper half of each operand zero.
     *
     * @param nonzeroRows in [0, R]
     */
    public void forward(double[][] coefficients, double[][] spectrum, boolean negacyclic,
            ForkJoinPool pool, int nonzeroRows) {
        checkShape(coefficients, rows(), columns(), "coefficients");
        checkShape(spectrum, columns(), rows(), "spectrum");
        checkDistinct(coefficients, spectrum);
        if (nonzeroRows < 0 || nonzeroRows > rows()) {
            throw new IllegalArgumentException("nonzeroRows must be in [0, " + rows() + "], got " + nonzeroRows);
        }
        Twist tw = twist(negacyclic);
        int r = rows();
        int c = columns();
        if (inStrips()) {
            forwardColumnsInStrips(coefficients, spectrum, negacyclic, pool, nonzeroRows);
        } else {
            forEachBlock(pool, c, r, (from, to) -> DoubleNttKernels.forwardColumns(coefficients, logR,
                    colFwd, negacyclic, from, to, pd, pinv, nonzeroRows));
            forEach(pool, r, 64, (from, to) -> DoubleNttKernels.transpose(coefficients, spectrum, from, to));
        }
        if (fusedTwist) {
            FullTwist full = fullTwist(negacyclic);
            double[][] lo = full != null ? full.fwd : tw.fwdLo;
            double[][] hi = full != null ? null : tw.fwdHi;
            forEachBlock(pool, r, c, (from, to) -> DoubleNttKernels.forwardColumns(spectrum, logC,
                    rowFwd, false, from, to, pd, pinv, c, lo, hi, tw.fwdG));
            return;
        }
        forEach(pool, c, 8, (from, to) -> twistRows(spectrum, from, to, tw.fwdLo, tw.fwdHi));
        forEachBlock(pool, r, c, (from, to) -> DoubleNttKernels.forwardColumns(spectrum, logC,
                rowFwd, false, from, to, pd, pinv, c));
    }

    // Spectrum rows c in [from, to) times theta_s^c = lo[c mod L][s] hi[c div L][s].
    private void twistRows(double[][] spectrum, int from, int to, double[][] lo, double[][] hi) {
        int mask = lo.length - 1;
        int shift = Integer.numberOfTrailingZeros(lo.length);
        int width = spectrum[0].length;
        for (int c = from; c < to; c++) {
            DoubleNttKernels.twist(spectrum[c], lo[c & mask], hi[c >>> shift], 0, width, pd, pinv);
        }
    }

    /**
     * Inverse transform, including 1/n: {@code spectrum} (C x R, destroyed) into
     * {@code coefficients} (R x C, a different matrix). O(n log n).
     */
    public void inverse(double[][] spectrum, double[][] coefficients, boolean negacyclic,
            ForkJoinPool pool) {
        checkShape(coefficients, rows(), columns(), "coefficients");
        checkShape(spectrum, columns(), rows(), "spectrum");
        checkDistinct(coefficients, spectrum);
        inverse(spectrum, null, coefficients, negacyclic, pool);
    }

    // The inverse with, when b is not null, the pointwise product spectrum *= b first.
    private void inverse(double[][] spectrum, double[][] b, double[][] coefficients, boolean negacyclic,
            ForkJoinPool pool) {
        Twist tw = twist(negacyclic);
        int r = rows();
        int c = columns();
        if (b != null && !fusedPointwise) {
            pointwise(spectrum, b, pool);
        }
        double[][] mulBy = fusedPointwise ? b : null;
        if (fusedTwist) {
            FullTwist full = fullTwist(negacyclic);
            double[][] lo = full != null ? full.inv : tw.invLo;
            double[][] hi = full != null ? null : tw.invHi;
            forEachBlock(pool, r, c, (from, to) -> DoubleNttKernels.inverseColumns(spectrum, mulBy, logC,
                    rowInv, false, from, to, pd, pinv, lo, hi));
        } else {
            forEachBlock(pool, r, c, (from, to) -> DoubleNttKernels.inverseColumns(spectrum, mulBy, logC,
                    rowInv, false, from, to, pd, pinv, null, null));
            forEach(pool, c, 8, (from, to) -> twistRows(spectrum, from, to, tw.invLo, tw.invHi));
        }
        if (inStrips()) {
            inverseColumnsInStrips(spectrum, coefficients, negacyclic, pool);
            return;
        }
        forEach(pool, c, 64, (from, to) -> DoubleNttKernels.transpose(spectrum, coefficients, from, to));
        forEachBlock(pool, c, r, (from, to) -> DoubleNttKernels.inverseColumns(coefficients, logR,
                colInv, negacyclic, from, to, pd, pinv));
    }

    /**
     * Transforms from this many points (log2) take the coefficient side in strips of columns
     * ({@link DoubleNttStrips}): 2^21, where a matrix (16 MiB) is half the L3; at 2^19 and 2^20
     * the passes find much of it in the L3 and the strips measured up to 13% slower
     * (fft/BENCHMARKS.md section (l)). Not final so that tests can force the strips at small
     * sizes and benchmarks switch them off (above {@link #MAX_LOG2N}).
     */
    static volatile int stripMinLog2n = 21;

    private boolean inStrips() {
        return log2n >= stripMinLog2n;
    }

    // The forward's length-R levels and transpose in strips: each strip of the coefficients'
    // columns is copied into a scratch matrix (the rows from nonzeroRows on are not read), runs
    // all the levels there and is written transposed into whole spectrum rows: one pass over
    // memory instead of the passes' two and the transpose's (DoubleNttStrips). With spectrum
    // null, the strip is copied back into the coefficients instead (the row blocks' layout).
    private void forwardColumnsInStrips(double[][] coefficients, double[][] spectrum, boolean negacyclic,
            ForkJoinPool pool, int nonzeroRows) {
        int r = rows();
        int w = DoubleNttStrips.width(r, columns());
        forEach(pool, columns() / w, 1, (from, to) -> {
            double[][] strip = DoubleMatrixPool.take(r, w);
            for (int s = from; s < to; s++) {
                DoubleNttStrips.copyIn(coefficients, strip, s * w, nonzeroRows);
                DoubleNttKernels.forwardColumns(strip, logR, colFwd, negacyclic, 0, w, pd, pinv, nonzeroRows);
                if (spectrum != null) {
                    DoubleNttStrips.transposeOut(strip, spectrum, s * w);
                } else {
                    DoubleNttStrips.copyOut(strip, coefficients, s * w);
                }
            }
            DoubleMatrixPool.give(strip);
        });
    }

    // The inverse's transpose and length-R levels in strips: each strip of the coefficients'
    // columns is read from whole spectrum rows into a scratch matrix, runs the levels there and
    // is copied out. With spectrum null, the strip is read from the coefficients themselves.
    private void inverseColumnsInStrips(double[][] spectrum, double[][] coefficients, boolean negacyclic,
            ForkJoinPool pool) {
        int r = rows();
        int w = DoubleNttStrips.width(r, columns());
        forEach(pool, columns() / w, 1, (from, to) -> {
            double[][] strip = DoubleMatrixPool.take(r, w);
            for (int s = from; s < to; s++) {
                if (spectrum != null) {
                    DoubleNttStrips.transposeIn(spectrum, strip, s * w);
                } else {
                    DoubleNttStrips.copyIn(coefficients, strip, s * w, r);
                }
                DoubleNttKernels.inverseColumns(strip, logR, colInv, negacyclic, 0, w, pd, pinv);
                DoubleNttStrips.copyOut(strip, coefficients, s * w);
            }
            DoubleMatrixPool.give(strip);
        });
    }

    /**
     * Convolutions from this many points (log2) run the spectrum side in blocks of rows
     * ({@link #convolutionInRowBlocks}) where the vector butterflies run ({@link VectorNtt});
     * above {@link #MAX_LOG2N}: never ({@code -Dmodalg.dntt.rowBlockMinLog2n}, for measurements).
     * Not final so that tests can switch it.
     */
    static volatile int rowBlockMinLog2n = Integer.getInteger("modalg.dntt.rowBlockMinLog2n", 10);

    /**
     * Whether {@link #convolution} runs without a spectrum matrix or a transpose in this JVM at
     * this length (the vector butterflies on, from {@code 2^rowBlockMinLog2n} points): then a
     * product is faster as one {@link #convolution} of two coefficient matrices than as
     * {@link #forward} and {@link #pointwiseInverse}, and needs two matrices instead of three.
     */
    public boolean inRowBlocks() {
        return VectorNtt.ON && log2n >= rowBlockMinLog2n && logC >= 2 && rows() % VectorRowBlocks.LANES == 0;
    }

    // The convolution without a transpose or a spectrum matrix (fft/BENCHMARKS.md section (q)):
    // the length-R levels that pair rows of different groups on both operands (one pass over each
    // matrix), then per group of rows (groupRows: both operands' groups in L2) the remaining
    // length-R levels of both, per block of LANES rows both operands' length-C transforms, their
    // product and the inverse in two flat arrays in L1 (VectorRowBlocks: the same doubles as the
    // row-pairing passes), and the inverse's length-R levels inside the group; then the inverse's
    // remaining levels (one pass). Memory passes: about nine matrices' worth against the
    // transposes and the spectrum's passes of forward/inverse.
    private void convolutionInRowBlocks(double[][] a, double[][] b, boolean negacyclic, ForkJoinPool pool,
            int aRows, int bRows) {
        twist(negacyclic); // throws before the operands are touched where there is no negacyclic root
        int g = groupRows(pool == null ? 1 : pool.getParallelism());
        if (g == 0) {
            columnsForwardInPlace(a, negacyclic, pool, aRows);
            if (b != a) {
                columnsForwardInPlace(b, negacyclic, pool, bRows);
            }
            rowBlocks(a, b, negacyclic, pool);
            columnsInverseInPlace(a, negacyclic, pool);
            return;
        }
        int r = rows();
        int c = columns();
        int split = logR - Integer.numberOfTrailingZeros(g);
        if (split > 0) { // the length-R levels that pair rows of different groups: one pass over each operand
            forEachBlock(pool, c, r, (from, to) -> DoubleNttKernels.forwardColumns(a, logR, colFwd, negacyclic, from,
                    to, pd, pinv, aRows, 0, split, 0, r));
            if (b != a) {
                forEachBlock(pool, c, r, (from, to) -> DoubleNttKernels.forwardColumns(b, logR, colFwd, negacyclic,
                        from, to, pd, pinv, bRows, 0, split, 0, r));
            }
        }
        BlockTables t = blockTables(negacyclic);
        forEach(pool, r / g, 1, (from, to) -> {
            double[][] scratch = DoubleMatrixPool.take(2, VectorRowBlocks.LANES * c);
            for (int k = from; k < to; k++) { // group k: its remaining levels, blocks and inverse levels in L2
                int r0 = k * g;
                DoubleNttKernels.forwardColumns(a, logR, colFwd, negacyclic, 0, c, pd, pinv, aRows, split, logR, r0,
                        r0 + g);
                if (b != a) {
                    DoubleNttKernels.forwardColumns(b, logR, colFwd, negacyclic, 0, c, pd, pinv, bRows, split, logR,
                            r0, r0 + g);
                }
                rowBlocks(a, b, t, r0, r0 + g, scratch);
                DoubleNttKernels.inverseColumns(a, logR, colInv, negacyclic, 0, c, pd, pinv, split, logR, r0, r0 + g);
            }
            DoubleMatrixPool.give(scratch);
        });
        if (split > 0) {
            forEachBlock(pool, c, r, (from, to) -> DoubleNttKernels.inverseColumns(a, logR, colInv, negacyclic, from,
                    to, pd, pinv, 0, split, 0, r));
        }
    }

    /**
     * Bytes of one operand's rows that a convolution in row blocks finishes together (from the
     * length-R levels that pair rows inside the group to the inverse's): two operands' groups
     * stay in the L2. 0: the length-R levels as whole passes over each matrix instead
     * ({@code -Dmodalg.dntt.groupBytes}, for measurements). Not final so that tests can switch it.
     */
    static volatile int groupBytes = Integer.getInteger("modalg.dntt.groupBytes", 1 << 19);

    // Rows of a group (a power of two, at least one block, at most R; small enough for a group
    // per thread where the blocks allow), or 0 for whole passes.
    int groupRows(int threads) {
        int bytes = groupBytes;
        if (bytes <= 0) {
            return 0;
        }
        int g = Integer.highestOneBit(Math.max(1, bytes / (8 * columns())));
        g = Math.min(g, Integer.highestOneBit(Math.max(1, rows() / Math.max(1, threads))));
        return Math.min(rows(), Math.max(g, VectorRowBlocks.LANES));
    }

    // The twist tables a block reads: the full tables up to fullTwistMaxLog2n, else the two-table ones.
    record BlockTables(double[][] fLo, double[][] fHi, double[] g, double[][] iLo, double[][] iHi) {
    }

    private BlockTables blockTables(boolean negacyclic) {
        Twist tw = twist(negacyclic);
        FullTwist full = fullTwist(negacyclic);
        return full != null ? new BlockTables(full.fwd, null, tw.fwdG, full.inv, null)
                : new BlockTables(tw.fwdLo, tw.fwdHi, tw.fwdG, tw.invLo, tw.invHi);
    }

    // The spectrum side of a convolution on every row: a = rows' inverse(rows' forward(a) rows' forward(b)).
    void rowBlocks(double[][] a, double[][] b, boolean negacyclic, ForkJoinPool pool) {
        int lanes = VectorRowBlocks.LANES;
        BlockTables t = blockTables(negacyclic);
        forEach(pool, rows() / lanes, 1, (from, to) -> {
            double[][] scratch = DoubleMatrixPool.take(2, lanes * columns());
            rowBlocks(a, b, t, from * lanes, to * lanes, scratch);
            DoubleMatrixPool.give(scratch);
        });
    }

    // The blocks of rows [r0, r1) (multiples of LANES): both operands' length-C transforms, the
    // product and the inverse, in the scratch rows (two of LANES C doubles).
    private void rowBlocks(double[][] a, double[][] b, BlockTables t, int r0, int r1, double[][] scratch) {
        int lanes = VectorRowBlocks.LANES;
        int c = columns();
        int top = VectorRowBlocks.top(logC);
        double[] xa = scratch[0];
        double[] xb = b != a ? scratch[1] : xa;
        for (int s = r0; s < r1; s += lanes) {
            VectorRowBlocks.interleave(a, s, c, xa);
            VectorRowBlocks.forwardTop(xa, logC, rowFwd, t.fLo, t.fHi, t.g, s, pd, pinv);
            if (b != a) {
                VectorRowBlocks.interleave(b, s, c, xb);
                VectorRowBlocks.forwardTop(xb, logC, rowFwd, t.fLo, t.fHi, t.g, s, pd, pinv);
            }
            // depth first: each sub-block's remaining levels, both operands, in L1
            for (int e = 0; e < 1 << top; e++) {
                VectorRowBlocks.forwardLevels(xa, logC, top, logC, top, e, rowFwd, pd, pinv);
                if (b != a) {
                    VectorRowBlocks.forwardLevels(xb, logC, top, logC, top, e, rowFwd, pd, pinv);
                }
                VectorRowBlocks.inverseLevels(xa, xb, logC, top, logC, top, e, rowInv, pd, pinv);
            }
            VectorRowBlocks.inverseTop(xa, logC, rowInv, t.iLo, t.iHi, s, pd, pinv);
            VectorRowBlocks.deinterleave(xa, c, a, s);
        }
    }

    /**
     * The forward transform in the layout of {@link #convolution}'s row blocks (tests): in place,
     * {@code coefficients[s][c']} becomes what {@link #forward} writes to {@code spectrum[c'][s]},
     * the same doubles. Only where {@link #inRowBlocks()}.
     */
    void forwardInRowBlocks(double[][] coefficients, boolean negacyclic, ForkJoinPool pool, int nonzeroRows) {
        columnsForwardInPlace(coefficients, negacyclic, pool, nonzeroRows);
        int lanes = VectorRowBlocks.LANES;
        int c = columns();
        BlockTables t = blockTables(negacyclic);
        double[] x = new double[lanes * c];
        for (int s = 0; s < rows(); s += lanes) {
            VectorRowBlocks.interleave(coefficients, s, c, x);
            VectorRowBlocks.forwardBlock(x, logC, rowFwd, t.fLo, t.fHi, t.g, s, pd, pinv);
            VectorRowBlocks.deinterleave(x, c, coefficients, s);
        }
    }

    // The forward's length-R levels in place on the coefficient matrix (rows from nonzeroRows on
    // not read), in strips of columns from stripMinLog2n points.
    void columnsForwardInPlace(double[][] m, boolean negacyclic, ForkJoinPool pool, int nonzeroRows) {
        if (inStrips()) {
            forwardColumnsInStrips(m, null, negacyclic, pool, nonzeroRows);
        } else {
            forEachBlock(pool, columns(), rows(), (from, to) -> DoubleNttKernels.forwardColumns(m, logR, colFwd,
                    negacyclic, from, to, pd, pinv, nonzeroRows));
        }
    }

    // The inverse's length-R levels in place, in strips from stripMinLog2n points.
    void columnsInverseInPlace(double[][] m, boolean negacyclic, ForkJoinPool pool) {
        if (inStrips()) {
            inverseColumnsInStrips(null, m, negacyclic, pool);
        } else {
            forEachBlock(pool, columns(), rows(), (from, to) -> DoubleNttKernels.inverseColumns(m, logR, colInv,
                    negacyclic, from, to, pd, pinv));
        }
    }

    /**
     * Whether the inverse takes a pointwise product inside its first level (true) or in a pass
     * of its own before it. Not final so that benchmarks can switch it.
     */
    static volatile boolean fusedPointwise = true;

    /**
     * Whether the twist is taken inside the first level of the length-C transforms (and the
     * inverse's inside their last level) (true) or in a pass of its own. Not final so that
     * benchmarks can switch it.
     */
    static volatile boolean fusedTwist = true;

    /**
     * The longest transforms (log2n) whose twist factors are tabled in full ({@link FullTwist}):
     * up to 2^13 points the tables (1.5 n doubles per plan for each of the cyclic and negacyclic
     * twists, 96 KiB at 2^13) replace one modular product per point in the forward transform's
     * twisted level and two in the inverse's: products with 2^10 to 2^13-point transforms 2-5%
     * faster on one core; with the tables at 2^14 no clear gain, at 2^15 5-6% slower (the tables
     * no longer stay in cache beside the matrices; fft/BENCHMARKS.md section (m)). Not final so
     * that tests can force the tables on at other sizes (or off: -1).
     */
    static volatile int fullTwistMaxLog2n = 13;

    /**
     * The twist factors of every spectrum row, exact (|entry| &lt;= p/2): fwd[c][s] = theta_s^c
     * for c &lt; C/2 (the rows the twisted forward level reads), inv[c][s] = theta_s^-c / n for c
     * &lt; C. The same residues as the products of the two small tables of {@link Twist}.
     */
    record FullTwist(double[][] fwd, double[][] inv) {
    }

    // The full twist tables when log2n <= fullTwistMaxLog2n (built on first use), else null.
    FullTwist fullTwist(boolean negacyclic) {
        if (log2n > fullTwistMaxLog2n) {
            return null;
        }
        FullTwist f = negacyclic ? negacyclicFullTwist : cyclicFullTwist;
        if (f == null) {
            Twist tw = twist(negacyclic);
            f = new FullTwist(fullTable(tw.fwdLo, tw.fwdHi, columns() / 2), fullTable(tw.invLo, tw.invHi, columns()));
            if (negacyclic) {
                negacyclicFullTwist = f;
            } else {
                cyclicFullTwist = f;
            }
        }
        return f;
    }

    // rows c < count of lo[c mod L] hi[c div L] mod p (L = lo.length), as symmetric residues.
    private double[][] fullTable(double[][] lo, double[][] hi, int count) {
        int mask = lo.length - 1;
        int shift = Integer.numberOfTrailingZeros(lo.length);
        int width = rows();
        double[][] out = new double[count][width];
        for (int c = 0; c < count; c++) {
            for (int s = 0; s < width; s++) {
                out[c][s] = symmetric(field.mul(unsigned(lo[c & mask][s]), unsigned(hi[c >>> shift][s])));
            }
        }
        return out;
    }

    // A symmetric table entry (an integer of magnitude at most p/2) as a residue in [0, p).
    private long unsigned(double v) {
        long x = (long) v;
        return x < 0 ? x + p : x;
    }

    private static void checkDistinct(double[][] coefficients, double[][] spectrum) {
        if (coefficients == spectrum) {
            throw new IllegalArgumentException("coefficients and spectrum must be different matrices");
        }
    }

    /** a = a b elementwise (two spectra). O(n). */
    public void pointwise(double[][] a, double[][] b, ForkJoinPool pool) {
        checkShape(a, columns(), rows(), "a");
        checkShape(b, columns(), rows(), "b");
        int r = rows();
        forEach(pool, columns(), Math.max(1, 4096 / r), (from, to) -> {
            for (int i = from; i < to; i++) {
                DoubleNttKernels.pointwise(a[i], b[i], 0, r, pd, pinv);
            }
        });
    }

    /**
     * a = a b modulo x^n - 1 (cyclic) or x^n + 1 (negacyclic), in coefficient form; b is
     * destroyed and may be a (a square). Inputs of magnitude at most 1.5 p, outputs below
     * 1.1 p. O(n log n).
     */
    public void convolution(double[][] a, double[][] b, boolean negacyclic, ForkJoinPool pool) {
        convolution(a, b, negacyclic, pool, rows(), rows());
    }

    /**
     * {@link #convolution(double[][], double[][], boolean, ForkJoinPool)} for operands whose rows
     * from aRows, bRows on are zero (not read; see {@link #forward(double[][], double[][],
     * boolean, ForkJoinPool, int)}).
     */
    public void convolution(double[][] a, double[][] b, boolean negacyclic, ForkJoinPool pool,
            int aRows, int bRows) {
        checkShape(a, rows(), columns(), "a");
        checkShape(b, rows(), columns(), "b");
        if (inRowBlocks()) {
            convolutionInRowBlocks(a, b, negacyclic, pool, aRows, bRows);
            return;
        }
        double[][] sa = borrowSpectrum();
        forward(a, sa, negacyclic, pool, aRows);
        if (b != a) {
            double[][] sb = borrowSpectrum();
            forward(b, sb, negacyclic, pool, bRows);
            inverse(sa, sb, a, negacyclic, pool);
            giveBack(sb);
        } else {
            inverse(sa, sa, a, negacyclic, pool);
        }
        giveBack(sa);
    }

    /**
     * The inverse transform of the pointwise product: {@code coefficients} = inverse(a b), in
     * one call ({@link #pointwise} into a, then {@link #inverse}). This is the second half of a product whose
     * operand b was transformed once and is multiplied many times (b is only read; a is
     * destroyed and may be b for a square). Inputs: spectra from {@link #forward} (magnitude
     * below 1.45 p); output below 1.1 p, as {@link #convolution}. O(n log n).
     *
     * @throws IllegalArgumentException on matrices of the wrong shape, or a == coefficients
     */
    public void pointwiseInverse(double[][] a, double[][] b, double[][] coefficients, boolean negacyclic,
            ForkJoinPool pool) {
        checkShape(a, columns(), rows(), "a");
        checkShape(b, columns(), rows(), "b");
        checkShape(coefficients, rows(), columns(), "coefficients");
        checkDistinct(coefficients, a);
        if (coefficients == b) {
            throw new IllegalArgumentException("coefficients and b must be different matrices");
        }
        inverse(a, b, coefficients, negacyclic, pool);
    }

    /**
     * a = a b with b given transformed ({@code bSpectrum} from {@link #forward}, kept: the
     * transformed-operand form of {@link #convolution} for an operand multiplied many times);
     * a in coefficient form, rows from aRows on zero. Two transforms instead of three.
     * O(n log n).
     */
    public void multiplyTransformed(double[][] a, double[][] bSpectrum, boolean negacyclic, ForkJoinPool pool,
            int aRows) {
        checkShape(a, rows(), columns(), "a");
        checkShape(bSpectrum, columns(), rows(), "bSpectrum");
        double[][] sa = borrowSpectrum();
        forward(a, sa, negacyclic, pool, aRows);
        inverse(sa, bSpectrum, a, negacyclic, pool);
        giveBack(sa);
    }

    // ----------------------------------------------------------------------------------------

    Twist twist(boolean negacyclic) {
        if (!negacyclic) {
            return cyclicTwist;
        }
        Twist t = negacyclicTwist;
        if (t == null) {
            if (!supportsNegacyclic()) {
                throw new IllegalArgumentException("the negacyclic transform of length 2^" + log2n
                        + " needs 2^" + (log2n + 1) + " | p - 1; p = " + p + " has v2(p - 1) = "
                        + NttPrimes.twoAdicOrder(p));
            }
            long psi = NttPrimes.primitiveRootOfUnity(p, log2n + 1);
            t = twist(field.mul(psi, psi), psi);
            negacyclicTwist = t;
        }
        return t;
    }

    // Tables of theta_s^c for theta_s = shift w^rev_R(s) (shift = 1 cyclic, psi negacyclic),
    // c = c1 + L c2: lo[c1][s] = theta_s^c1, hi[c2][s] = theta_s^(L c2); the inverse tables
    // hold theta_s^-c with 1/n folded into lo. Rows of length R, so the loops that apply them
    // are long (loops of 64 measured four times slower per element).
    private Twist twist(long w, long shift) {
        int r = rows();
        int loLen = 1 << (logC / 2);
        int hiLen = columns() / loLen;
        double[][] fl = new double[loLen][r];
        double[][] fh = new double[hiLen][r];
        double[][] il = new double[loLen][r];
        double[][] ih = new double[hiLen][r];
        double[] fg = new double[r];
        long nInv = field.inv(1L << log2n);
        for (int s = 0; s < r; s++) {
            int k = logR == 0 ? 0 : Integer.reverse(s) >>> (32 - logR);
            long theta = field.mul(field.pow(w, k), shift);
            long thetaInv = field.inv(theta);
            fill(theta, 1, fl, s);
            fill(field.pow(theta, loLen), 1, fh, s);
            fill(thetaInv, nInv, il, s);
            fill(field.pow(thetaInv, loLen), 1, ih, s);
            fg[s] = symmetric(field.pow(theta, columns() / 2));
        }
        return new Twist(fl, fh, il, ih, fg);
    }

    // out[i][s] = scale g^i for every i, as symmetric representatives.
    private void fill(long g, long scale, double[][] out, int s) {
        long v = scale;
        for (double[] row : out) {
            row[s] = symmetric(v);
            v = field.mul(v, g);
        }
    }

    // T[k] = g^rev(k) for k < L = 2^logLen, g of order 2L, rev on logLen bits.
    private double[] columnTable(long g, int logLen) {
        int len = 1 << logLen;
        double[] t = new double[len];
        for (int k = 0; k < len; k++) {
            int e = logLen == 0 ? 0 : Integer.reverse(k) >>> (32 - logLen);
            t[k] = symmetric(field.pow(g, e));
        }
        return t;
    }

    private double symmetric(long v) {
        return v > p / 2 ? (double) (v - p) : (double) v;
    }

    private static void checkShape(double[][] m, int rows, int cols, String name) {
        if (m == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        if (m.length != rows) {
            throw new IllegalArgumentException(name + " must have " + rows + " rows, got " + m.length);
        }
        for (int i = 0; i < rows; i++) {
            if (m[i] == null || m[i].length != cols) {
                throw new IllegalArgumentException(name + "[" + i + "] must have length " + cols
                        + ", got " + (m[i] == null ? "null" : String.valueOf(m[i].length)));
            }
        }
    }

    // Column ranges [from, to) of the column transforms: whole rows (long inner loops matter
    // more than anything else: 256-column pieces measured 0.8 ns per butterfly against 0.55 for
    // 1024-column rows at n = 2^20; the kernels block for the cache by groups of rows instead),
    // cut into one piece per thread when there is a pool.
    private static void forEachBlock(ForkJoinPool pool, int width, int height, ParallelRange.Body body) {
        int pieces = pool == null ? 1 : Math.max(1, Math.min(pool.getParallelism(), width / 256));
        if (pieces == 1) {
            body.run(0, width);
            return;
        }
        int block = ((width + pieces - 1) / pieces + 7) & ~7;
        forEach(pool, pieces, 1, (from, to) -> {
            for (int i = from; i < to; i++) {
                body.run(Math.min(width, i * block), Math.min(width, (i + 1) * block));
            }
        });
    }

    private static void forEach(ForkJoinPool pool, int count, int grain, ParallelRange.Body body) {
        if (pool == null || pool.getParallelism() <= 1) {
            body.run(0, count);
        } else {
            ParallelRange.run(pool, 0, count, grain, body);
        }
    }

    @Override
    public String toString() {
        return "DoubleNttPlan[p=" + p + ", n=2^" + log2n + ", " + rows() + "x" + columns() + "]";
    }
}
