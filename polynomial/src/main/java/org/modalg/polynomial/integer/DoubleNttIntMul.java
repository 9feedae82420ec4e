package org.modalg.polynomial.integer;

import java.math.BigInteger;
import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.ntt.NttPlan;
import org.modalg.fft.WorkerPools;
import org.modalg.fft.parallel.ParallelRange;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fft.doublentt.QuotientRounding;
import org.modalg.fields.BigIntegerWords;
import org.modalg.fields.UnsignedDivider;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.convolution.ConvolutionPlan;
import org.modalg.polynomial.convolution.DoubleCrt;

/**
 * Integer products on the CPU as a thin client of the one convolution pipeline
 * ({@link ConvolutionPlan}): this class chooses the shape and supplies the two integer hooks.
 * <ol>
 * <li><b>Shape.</b> s in [3, 6] primes (the first s of the pipeline's prime set, the largest
 * below 2^50 with 2^28 | p - 1), a piece size w with min(La, Lb) (2^w - 1)^2 &lt; M / 4 (the
 * largest such w &lt;= 120, or whole limbs: w = 64 with three primes while the shorter operand
 * has at most 2^19 limbs, w = 128 with six primes beyond, whose pieces need no shifting in the
 * projection or the packing), and the layout: one cyclic convolution of 2^k &gt;= La + Lb - 1
 * points, or, where the product's pieces fill at most 1.25, 1.5 or 1.75 N for N = 2^(k-1), the
 * pipeline's split layouts (a truncated length in steps of N/4), chosen by an operation count
 * ({@link #choose}).</li>
 * <li><b>Projection</b> ({@link Pieces}). Each w-bit piece is cut once into ceil(w / 50) parts
 * of at most 50 bits (one to three), kept as doubles; per prime, the residue part0 + part1 2^k +
 * part2 2^2k (mod q) is one modular product per part beyond the first and a reduction, written
 * straight into the transform's matrix.</li>
 * <li><b>Recombination</b> (limbs with carries). The pipeline's Garner digits, normalized into
 * [0, q_j) by mixed-radix borrows; since every product coefficient is below M/4 they are those
 * of the coefficient itself; then the digit planes are packed at bit w i and combined by one
 * multiply-add pass per prime with carries ({@link #pack(DoubleCrt, double[][][], int, int,
 * int, long[])}); on one thread block of rows by block of rows right after Garner's digits,
 * while they are in cache ({@link PackingInRows}).</li>
 * </ol>
 */
public final class DoubleNttIntMul {
    private DoubleNttIntMul() {
    }

    /** The most primes considered. */
    static final int MAX_PRIMES = 6;
    /** The fewest primes considered. */
    static final int MIN_PRIMES = 3;
    /** The largest piece size of the shifted pieces (three parts of 40 bits); two-limb pieces ({@link #alignedShape}) have 128. */
    public static final int MAX_PIECE_BITS = 120;

    /**
     * Pieces of exactly one limb: the projection takes each limb's two halves and the
     * recombination adds each digit plane at its limbs, with no shifting or packing
     * ({@link #alignedShape}).
     */
    static final int LIMB_BITS = 64;

    // Limbs per chunk of the recombination passes.
    private static final int RECOMBINE_CHUNK_LIMBS = 2048;

    /** The primes: the first of the pipeline's one prime set ({@link ConvolutionPlan#primes}), decreasing. */
    static final long[] PRIMES = java.util.Arrays.copyOf(ConvolutionPlan.primes(MAX_PRIMES), MAX_PRIMES);

    // floor(log2(M_s)) for the first s primes.
    private static final int[] MODULUS_BITS = new int[MAX_PRIMES + 1];

    static {
        java.math.BigInteger m = java.math.BigInteger.ONE;
        for (int s = 1; s <= MAX_PRIMES; s++) {
            m = m.multiply(java.math.BigInteger.valueOf(PRIMES[s - 1]));
            MODULUS_BITS[s] = m.bitLength() - 1;
        }
    }

    /** Layout: one cyclic convolution of length 2^log2n ({@link ConvolutionPlan#CYCLIC}). */
    static final int CYCLIC = ConvolutionPlan.CYCLIC;
    /** Layout: a negacyclic convolution of length N = 2^log2n and a cyclic one of length N/2. */
    static final int HALF = ConvolutionPlan.HALF;
    /** Layout: a negacyclic convolution of length N = 2^log2n and a negacyclic one of length N/4. */
    static final int QUARTER = ConvolutionPlan.QUARTER;
    /** Layout: negacyclic convolutions of lengths N = 2^log2n and N/2 and a cyclic one of length N/4. */
    static final int THREE_QUARTERS = ConvolutionPlan.THREE_QUARTERS;

    /**
     * The shape of one product.
     *
     * @param primes s
     * @param pieceBits w
     * @param log2n the (first) convolution's length
     * @param piecesA pieces of a
     * @param piecesB pieces of b
     * @param layout {@link #CYCLIC}, {@link #HALF} or {@link #QUARTER}
     */
    public record Shape(int primes, int pieceBits, int log2n, long piecesA, long piecesB, int layout) {
        Shape(int primes, int pieceBits, int log2n, long piecesA, long piecesB) {
            this(primes, pieceBits, log2n, piecesA, piecesB, CYCLIC);
        }

        long productPieces() {
            return piecesA + piecesB - 1;
        }

        /** The most product pieces the layout holds: 2^log2n, 1.5, 1.25 or 1.75 times that. */
        long capacity() {
            return ConvolutionPlan.capacity(log2n, layout);
        }

        /** The last (smallest) convolution's length exponent (split layouts), or -1. */
        int log2m() {
            return layout == CYCLIC ? -1 : layout == HALF ? log2n - 1 : log2n - 2;
        }
    }

    /**
     * The cheapest shape for operands of bitsA, bitsB bits, or with exactly forcePrimes primes
     * when that is in [3, 6] (for tests; 0 chooses).
     *
     * @throws IllegalArgumentException if the product needs more than 2^28 points ({@link #fits})
     */
    public static Shape choose(long bitsA, long bitsB, boolean square, int forcePrimes) {
        return choose(bitsA, bitsB, square, forcePrimes, true, DoubleNttPlan.MAX_LOG2N);
    }

    /**
     * The shape {@link #multiply} takes on {@code threads} threads: on one thread the cheapest
     * ({@link #choose(long, long, boolean, int)}); on several, that one or a six-prime shape of
     * two-limb pieces, whichever has the shorter estimated time on them ({@link #parallelCost}):
     * where the primes run side by side (transforms of at most 2^20 points, each on one thread
     * when those shapes were measured), three primes keep at most six threads busy and the product
     * waits for one prime's whole transform chain, so six primes on transforms half as long finish
     * first from about eight threads (on 16 threads of an H100 host's Xeon, 10^6 bits: 1.18-1.55 ms
     * against 1.74-2.53; 10^7 bits: 6.9-12.6 against 10.7-15.2, two calls; polynomial/BENCHMARKS.md). Shapes of shifted
     * pieces on more primes measured slower there than the model says, so they are not weighed.
     * The same product whatever the shape.
     *
     * @param threads at least 1
     * @throws IllegalArgumentException as {@link #choose(long, long, boolean, int)}, or if threads &lt; 1
     */
    public static Shape choose(long bitsA, long bitsB, boolean square, int forcePrimes, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        Shape best = choose(bitsA, bitsB, square, forcePrimes, true, DoubleNttPlan.MAX_LOG2N);
        Shape wide = threads == 1 || (forcePrimes != 0 && forcePrimes != MAX_PRIMES) || !Tuning.intMulWholeLimbs()
                ? null : alignedShape(bitsA, bitsB, MAX_PRIMES, 2);
        if (wide == null || wide.log2n() > DoubleNttPlan.MAX_LOG2N) {
            return best;
        }
        double bestCost = parallelCost(best, square, threads);
        for (Shape shape : truncations(wide)) {
            if (shape.log2n() >= PARALLEL_WIDE_MIN_LOG2N) {
                double c = parallelCost(shape, square, threads);
                if (c < bestCost) {
                    bestCost = c;
                    best = shape;
                }
            }
        }
        return best;
    }

    /**
     * Shortest transform (log2) of the two-limb shapes {@link #choose(long, long, boolean, int, int)}
     * weighs on several threads: below, a product takes a third of a millisecond and the pool's
     * joins weigh as much as the transforms (16 threads of an H100 host's Xeon: at 10^5 bits the
     * two-limb shape of 2^11 points 0.35 ms against 0.33 for three primes; at 3 10^5 bits that of
     * 2^12 points 0.42 against 0.55).
     */
    private static final int PARALLEL_WIDE_MIN_LOG2N = 12;

    /**
     * The cheapest cyclic shape of at most 2^{@link NttPlan#MAX_LOG2N} points, the shapes an
     * {@link NttEngine} takes ({@link #multiply(long[], long, long[], long, boolean, Shape,
     * NttEngine)}); forcePrimes as {@link #choose(long, long, boolean, int)}.
     *
     * @throws IllegalArgumentException if the product needs more than 2^27 points
     */
    static Shape chooseCyclic(long bitsA, long bitsB, boolean square, int forcePrimes) {
        return choose(bitsA, bitsB, square, forcePrimes, false, NttPlan.MAX_LOG2N);
    }

    private static Shape choose(long bitsA, long bitsB, boolean square, int forcePrimes, boolean truncate,
            int maxLog2n) {
        Shape best = null;
        double bestCost = Double.MAX_VALUE;
        // two-limb pieces (six primes) only where three primes cannot take one-limb pieces: at 10^7
        // bits they measured 20% slower than those (IntMulShapeAB), which the cost does not see
        // (Garner's s^2 and the s - 1 packing passes); at 10^8 bits 9% faster than the best shifted shape
        // (and only within the reach of the shifted pieces, so that fits() and MAX_PRODUCT_BITS stay the route's limits)
        Shape widest = forPrimes(bitsA, bitsB, MAX_PRIMES);
        boolean wholeLimbs = Tuning.intMulWholeLimbs();
        boolean twoLimbs = wholeLimbs && alignedShape(bitsA, bitsB, MIN_PRIMES, 1) == null && widest != null
                && widest.log2n() <= maxLog2n;
        for (int s = MIN_PRIMES; s <= MAX_PRIMES; s++) {
            if (forcePrimes != 0 && s != forcePrimes) {
                continue;
            }
            for (Shape cyclic : new Shape[] {forPrimes(bitsA, bitsB, s), wholeLimbs ? alignedShape(bitsA, bitsB, s, 1) : null,
                    twoLimbs ? alignedShape(bitsA, bitsB, s, 2) : null}) {
                if (cyclic == null || cyclic.log2n() > maxLog2n) {
                    continue;
                }
                for (Shape shape : truncate ? truncations(cyclic) : java.util.List.of(cyclic)) {
                    double c = cost(shape, square);
                    if (c < bestCost) {
                        bestCost = c;
                        best = shape;
                    }
                }
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("operands of " + bitsA + " and " + bitsB
                    + " bits are too large for the double-precision NTT route: at most 2^" + maxLog2n
                    + " pieces of at most " + MAX_PIECE_BITS + " bits (about " + ((long) MAX_PIECE_BITS << maxLog2n)
                    + " product bits)" + (forcePrimes != 0 ? " with " + forcePrimes + " primes" : ""));
        }
        return best;
    }

    /**
     * About the largest product this route takes, in bits: 2^28 points (the transform limit of
     * {@link DoubleNttPlan} and the primes' 2-adic order 28) of 120-bit pieces, the size six
     * primes allow (2 120 + 28 &lt;= floor(log2 M_6) - 2 = 297). Far above BigInteger's range
     * (2^31 bits): an integer product this route declines cannot be a BigInteger anyway.
     */
    public static final long MAX_PRODUCT_BITS = (long) MAX_PIECE_BITS << DoubleNttPlan.MAX_LOG2N;

    /**
     * Whether {@link #multiply} takes operands of bitsA and bitsB bits (both &gt;= 1): some
     * shape's transform has at most 2^28 points, and the product's limbs (ceil((bitsA + bitsB)
     * / 64) + 1) fit one array. Pure arithmetic, allocates nothing.
     */
    public static boolean fits(long bitsA, long bitsB) {
        if (bitsA < 1 || bitsB < 1 || bitsA + bitsB > 64L * (Limbs.MAX_ARRAY_LENGTH - 2)) {
            return false;
        }
        for (int s = MAX_PRIMES; s >= MIN_PRIMES; s--) { // more primes: longer pieces, shorter transforms
            if (forPrimes(bitsA, bitsB, s) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * The cyclic shape with s primes and pieces of one limb ({@link #LIMB_BITS}), or null where
     * 64-bit pieces break the bound min(La, Lb) (2^64 - 1)^2 &lt; M / 4 or need more than 2^28
     * points. With three primes (M about 2^149) it holds while the shorter operand has at most
     * 2^19 limbs, where the largest piece the bound allows is 64 to 73 bits anyway.
     */
    static Shape alignedShape(long bitsA, long bitsB, int s) {
        return alignedShape(bitsA, bitsB, s, 1);
    }

    /**
     * The cyclic shape with s primes and pieces of {@code limbs} (1 or 2) whole limbs, or null
     * where the bound min(La, Lb) (2^w - 1)^2 &lt; M / 4 fails or the transform would exceed 2^28
     * points. Two-limb pieces need six primes (M about 2^299), for which they hold at every
     * length; they take the products three primes cannot take in one-limb pieces (10^8 bits).
     */
    static Shape alignedShape(long bitsA, long bitsB, int s, int limbs) {
        int w = LIMB_BITS * limbs;
        long la = (bitsA + w - 1) / w;
        long lb = (bitsB + w - 1) / w;
        if (2L * w + ceilLog2(Math.min(la, lb)) > MODULUS_BITS[s] - 2) {
            return null;
        }
        int log2n = Math.max(DoubleNttPlan.MIN_LOG2N, ceilLog2(la + lb - 1));
        return log2n > DoubleNttPlan.MAX_LOG2N ? null : new Shape(s, w, log2n, la, lb);
    }

    /** Whether pieces of w bits are whole limbs (64 or 128 bits): the unshifted projection and packing. */
    static boolean aligned(int w) {
        return w == LIMB_BITS || w == 2 * LIMB_BITS;
    }

    private static Shape forPrimes(long bitsA, long bitsB, int s) {
        // min(La, Lb) (2^w - 1)^2 < 2^(2w + ceil(log2 min)) <= 2^(MODULUS_BITS - 2) <= M / 4
        for (int w = Math.min(MAX_PIECE_BITS, (MODULUS_BITS[s] - 2) / 2); w >= 1; w--) {
            long la = (bitsA + w - 1) / w;
            long lb = (bitsB + w - 1) / w;
            if (2L * w + ceilLog2(Math.min(la, lb)) <= MODULUS_BITS[s] - 2) {
                int log2n = Math.max(DoubleNttPlan.MIN_LOG2N, ceilLog2(la + lb - 1));
                return log2n > DoubleNttPlan.MAX_LOG2N ? null : new Shape(s, w, log2n, la, lb);
            }
        }
        return null;
    }

    /**
     * The cyclic shape and, where the product's pieces fit, the split layouts on half its
     * length: a negacyclic convolution of N = 2^(log2n - 1) points with a cyclic one of N/2
     * (up to 1.5 N pieces) or a negacyclic one of N/4 (up to 1.25 N pieces).
     */
    static java.util.List<Shape> truncations(Shape cyclic) {
        java.util.List<Shape> out = new java.util.ArrayList<>(3);
        out.add(cyclic);
        int log2n = cyclic.log2n() - 1;
        long n = 1L << log2n;
        long pieces = cyclic.productPieces();
        // the second convolution has at least 2^MIN_LOG2N points; negacyclic needs 2N | p - 1
        if (log2n + 1 <= TWO_ADIC && log2n - 2 >= DoubleNttPlan.MIN_LOG2N && pieces <= n + n / 4) {
            out.add(new Shape(cyclic.primes(), cyclic.pieceBits(), log2n, cyclic.piecesA(), cyclic.piecesB(), QUARTER));
        }
        if (log2n + 1 <= TWO_ADIC && log2n - 1 >= DoubleNttPlan.MIN_LOG2N && pieces <= n + n / 2) {
            out.add(new Shape(cyclic.primes(), cyclic.pieceBits(), log2n, cyclic.piecesA(), cyclic.piecesB(), HALF));
        }
        if (log2n + 1 <= TWO_ADIC && log2n - 2 >= DoubleNttPlan.MIN_LOG2N && pieces <= n + n / 2 + n / 4) {
            out.add(new Shape(cyclic.primes(), cyclic.pieceBits(), log2n, cyclic.piecesA(), cyclic.piecesB(),
                    THREE_QUARTERS));
        }
        return out;
    }

    /** The primes' 2-adic order (2^28 | p - 1). */
    private static final int TWO_ADIC = ConvolutionPlan.TWO_ADIC;

    // Relative cost: butterflies (about 0.75 ns each) plus per-point and per-coefficient passes;
    // the split layouts pay a fold of each operand and a combination pass per prime.
    private static double cost(Shape shape, boolean square) {
        int transforms = square ? 2 : 3;
        double perPrime = transforms * transformCost(shape.log2n());
        if (shape.layout() != CYCLIC) {
            int levels = shape.layout() == THREE_QUARTERS ? 2 : 1;
            perPrime += transforms * transformCost(shape.log2m())
                    + levels * 1.5 * (shape.piecesA() + (square ? 0 : shape.piecesB())) + 2.0 * levels * shape.productPieces();
            if (levels == 2) {
                perPrime += transforms * transformCost(shape.log2n() - 1);
            }
        }
        double perPiece = 4 + 2.0 * shape.primes();
        if (!aligned(shape.pieceBits())) {
            perPiece += SHIFTED_PIECE_COST;
        }
        return shape.primes() * perPrime + shape.productPieces() * perPiece;
    }

    // What pieces of other than 64 bits cost more per product piece, in the cost's units (about
    // ns): the windows of the projection and the shifted packing of every digit plane. Set by
    // IntMulShapeAB (one thread, 2026-11-26, load 6-13 on 2 cores): 64-bit pieces measured 12-13%
    // faster than the best shape of 66- to 118-bit pieces at 10^5, 10^6 and 10^7 bits; at 40,000,
    // 2 10^5 and 3 10^5 bits the shape chosen with this value was the fastest measured or within 2%.
    private static final double SHIFTED_PIECE_COST = 35;

    /**
     * The estimated time of a shape on {@code threads} (&gt; 1) threads, in {@link #cost}'s units.
     * Transforms longer than 2^{@link #PASSES_FILL_THREADS_LOG2N} points keep every thread busy in
     * their passes (cost / threads). Shorter ones run one per prime in parallel, the second operand's forward
     * forked: at most 2s (s for a square) threads are busy, and no product ends before one
     * prime's forward and inverse transforms of the longest length, which run one after the other
     * (the chain); the per-piece passes (projection, Garner, packing) run by ranges on every thread.
     * The work counts two-limb pieces {@link #TWO_LIMB_WORK} times cost's figure: their Garner on
     * six primes and packing of two limbs per digit, which cost does not see, measured 1.4x the
     * estimate on one thread (IntMulShapeAB, 10^6 bits).
     */
    static double parallelCost(Shape shape, boolean square, int threads) {
        double work = cost(shape, square) * (shape.pieceBits() == 2 * LIMB_BITS ? TWO_LIMB_WORK : 1.0);
        if (shape.log2n() > PASSES_FILL_THREADS_LOG2N) {
            return work / threads;
        }
        int busy = Math.min(threads, (square ? 1 : 2) * shape.primes());
        double pieces = shape.productPieces() * (4 + 2.0 * shape.primes());
        double chain = 2 * transformCost(shape.log2n()) + pieces / threads;
        return Math.max(work / busy, chain);
    }

    /** See {@link #parallelCost}. */
    private static final double TWO_LIMB_WORK = 1.45;

    /**
     * See {@link #parallelCost}: the length (log2) above which the model counts a product's work
     * as spread over every thread; 20, the value of {@link Tuning#acrossPrimesLog2n()} when the
     * shapes on 8 and 16 threads were measured (polynomial/BENCHMARKS.md, "Integer products on 8
     * and 16 threads"), kept so that those choices stay as measured.
     */
    private static final int PASSES_FILL_THREADS_LOG2N = 20;

    private static double transformCost(int log2n) {
        double n = Math.scalb(1.0, log2n);
        return n / 2 * log2n * 0.75 + n * 1.5;
    }

    /**
     * |a| |b| as limbs (length ceil((bits(a) + bits(b)) / 64) + 1) for the magnitudes la, lb
     * (little-endian, top limb possibly zero) of bitsA, bitsB bits, on {@code threads} threads.
     *
     * @throws IllegalArgumentException if no shape takes the operands ({@link #fits})
     */
    public static long[] multiply(long[] la, long bitsA, long[] lb, long bitsB, boolean same, int forcePrimes,
            int threads) {
        if (!fits(bitsA, bitsB)) { // the shapes fit, but not the product's limbs in one array
            choose(bitsA, bitsB, same, forcePrimes, threads);
            throw new IllegalArgumentException("a product of " + bitsA + " and " + bitsB
                    + " bits does not fit one limb array (at most " + Limbs.MAX_ARRAY_LENGTH + " limbs)");
        }
        Shape shape = choose(bitsA, bitsB, same, forcePrimes, threads);
        return multiplyInShape(la, bitsA, lb, bitsB, same, shape,
                ConvolutionPlan.usefulThreads(shape.primes(), shape.log2n(), threads));
    }

    /**
     * |a| |b| as limbs, as {@link #multiply(long[], long, long[], long, boolean, int, int)} on the
     * magnitudes' limbs (a and b nonzero; same: b equals a): where the shape has one-limb pieces
     * and BigInteger's words are readable ({@link BigIntegerWords#magnitudeView}), the pieces'
     * parts are cut straight from its 32-bit words (a limb's halves are two words), without
     * copying the magnitudes into limbs first ({@link #partsOfWords}).
     *
     * @throws IllegalArgumentException if no shape takes the operands ({@link #fits})
     */
    static long[] multiply(BigInteger a, BigInteger b, boolean same, int forcePrimes, int threads) {
        long bitsA = Limbs.magnitudeBits(a);
        long bitsB = Limbs.magnitudeBits(b);
        int[] wa = partsFromWords != 0 ? BigIntegerWords.magnitudeView(a) : null;
        Shape shape = wa != null && fits(bitsA, bitsB) ? choose(bitsA, bitsB, same, forcePrimes, threads) : null;
        if (shape == null || shape.pieceBits() != LIMB_BITS) {
            long[] la = Limbs.magnitude(a);
            long[] lb = same ? la : Limbs.magnitude(b);
            return multiply(la, bitsA, lb, bitsB, same, forcePrimes, threads);
        }
        threads = ConvolutionPlan.usefulThreads(shape.primes(), shape.log2n(), threads);
        ForkJoinPool pool = WorkerPools.of(threads);
        int na = (int) shape.piecesA();
        int nb = same ? 0 : (int) shape.piecesB();
        int[] wb = same ? null : BigIntegerWords.magnitudeView(b);
        double[][] partsA = DoubleNttPlan.borrow(2, na); // every entry written below
        double[][] partsB = same ? partsA : DoubleNttPlan.borrow(2, nb);
        inOnePhase(pool, na, (from, to) -> partsOfWords(wa, partsA, from, to),
                nb, (from, to) -> partsOfWords(wb, partsB, from, to));
        Pieces pa = new Pieces(partsA, LIMB_BITS);
        Pieces pb = same ? pa : new Pieces(partsB, LIMB_BITS);
        return multiply(pa, pb, shape, bitsA + bitsB, threads);
    }

    /**
     * Whether {@link #multiply(BigInteger, BigInteger, boolean, int, int)} cuts one-limb pieces
     * from BigInteger's words (1, the default) or from a copy of the magnitude as limbs (0; for
     * measuring one against the other).
     */
    static volatile int partsFromWords = 1;

    /**
     * The parts of {@link #parts(long[], int, long)} for one-limb pieces (w = 64: the low and
     * the high 32 bits of limb i) from a magnitude as BigInteger keeps it (big-endian 32-bit
     * words, mag[len - 1] the lowest), zeros above its words; on {@code pool} (null: the calling
     * thread). O(count).
     */
    static double[][] partsOfWords(int[] mag, long count, ForkJoinPool pool) {
        int n = (int) count;
        double[][] parts = DoubleNttPlan.borrow(2, n); // every entry written below
        inOnePhase(pool, n, (from, to) -> partsOfWords(mag, parts, from, to), 0, null);
        return parts;
    }

    /**
     * Bodies a over [0, na) and b over [0, nb) (b may be null when nb is 0) as ranges of one loop
     * on the pool (null: the calling thread) when they have at least PARALLEL_MIN_PIECES indices
     * together: both operands' pieces in one parallel phase, one hand-off to the pool instead of
     * two (each costs 40-160 us on a 16-core host; polynomial/BENCHMARKS.md).
     */
    static void inOnePhase(ForkJoinPool pool, int na, ParallelRange.Body a, int nb, ParallelRange.Body b) {
        if (pool == null || na + nb < PARALLEL_MIN_PIECES) {
            a.run(0, na);
            if (nb > 0) {
                b.run(0, nb);
            }
            return;
        }
        ConvolutionPlan.forRows(pool, 0, na + nb, (from, to) -> {
            if (from < na) {
                a.run(from, Math.min(to, na));
            }
            if (to > na) {
                b.run(Math.max(from, na) - na, to - na);
            }
        });
    }

    // parts[0][i], parts[1][i] for the pieces i in [from, to): words 2i and 2i + 1 from the bottom.
    private static void partsOfWords(int[] mag, double[][] parts, int from, int to) {
        double[] p0 = parts[0];
        double[] p1 = parts[1];
        int len = mag.length;
        int both = Math.max(from, Math.min(to, len / 2)); // limbs below have both words
        for (int i = from; i < both; i++) {
            int k = len - 1 - 2 * i;
            p0[i] = mag[k] & 0xFFFFFFFFL;
            p1[i] = mag[k - 1] & 0xFFFFFFFFL;
        }
        for (int i = both; i < to; i++) {
            int lo = 2 * i;
            p0[i] = lo < len ? mag[len - 1 - lo] & 0xFFFFFFFFL : 0;
            p1[i] = lo + 1 < len ? mag[len - 2 - lo] & 0xFFFFFFFFL : 0;
        }
    }

    /** Smallest piece the projection cuts correctly (its parts are at most 50 bits and at least one). */
    static final int MIN_PIECE_BITS = 50;

    /**
     * Checks that a shape holds the product of operands of bitsA and bitsB bits exactly, as every
     * shape {@link #choose} returns does: 3 to 6 primes; pieces of 50 to 120 bits or of two whole
     * limbs (128); enough pieces for each operand; the coefficient bound min(La, Lb) (2^w - 1)^2
     * &lt; M / 4 (M the primes' product); a length the transforms take and a layout that holds
     * the product's pieces. O(s^2 + w) word operations.
     *
     * @throws IllegalArgumentException naming the first part of the shape out of range
     */
    public static void checkShape(Shape shape, long bitsA, long bitsB) {
        if (shape == null) {
            throw new IllegalArgumentException("shape must not be null (DoubleNttIntMul.choose gives one)");
        }
        int s = shape.primes();
        int w = shape.pieceBits();
        if (s < MIN_PRIMES || s > MAX_PRIMES) {
            throw new IllegalArgumentException("shape.primes must be in [" + MIN_PRIMES + ", " + MAX_PRIMES + "], got " + s);
        }
        if ((w < MIN_PIECE_BITS || w > MAX_PIECE_BITS) && w != 2 * LIMB_BITS) {
            throw new IllegalArgumentException("shape.pieceBits must be in [" + MIN_PIECE_BITS + ", " + MAX_PIECE_BITS
                    + "] or " + 2 * LIMB_BITS + " (two whole limbs), got " + w);
        }
        if (bitsA < 1 || bitsB < 1 || shape.piecesA() < (bitsA + w - 1) / w || shape.piecesB() < (bitsB + w - 1) / w) {
            throw new IllegalArgumentException("shape.piecesA and piecesB must be at least ceil(bits / " + w + ") = "
                    + (bitsA + w - 1) / w + " and " + (bitsB + w - 1) / w + " for operands of " + bitsA + " and " + bitsB
                    + " bits, got " + shape.piecesA() + " and " + shape.piecesB());
        }
        // the exact bound (choose() keeps the sufficient 2 w + ceil(log2 min) <= floor(log2 M) - 2)
        java.math.BigInteger m = java.math.BigInteger.ONE;
        for (int j = 0; j < s; j++) {
            m = m.multiply(java.math.BigInteger.valueOf(PRIMES[j]));
        }
        long shorter = Math.min(shape.piecesA(), shape.piecesB());
        java.math.BigInteger top = java.math.BigInteger.ONE.shiftLeft(w).subtract(java.math.BigInteger.ONE);
        if (java.math.BigInteger.valueOf(shorter).multiply(top.multiply(top)).shiftLeft(2).compareTo(m) >= 0) {
            throw new IllegalArgumentException("shape: " + shape.piecesA() + " and " + shape.piecesB() + " pieces of " + w
                    + " bits give coefficients up to " + shorter + " (2^" + w + " - 1)^2, not below M / 4 for the "
                    + s + " primes (M about 2^" + MODULUS_BITS[s] + "): use fewer bits per piece or more primes");
        }
        int layout = shape.layout();
        if (layout != CYCLIC && layout != HALF && layout != QUARTER && layout != THREE_QUARTERS) {
            throw new IllegalArgumentException("shape.layout must be CYCLIC, HALF, QUARTER or THREE_QUARTERS, got " + layout);
        }
        int log2n = shape.log2n();
        int min = layout == CYCLIC ? DoubleNttPlan.MIN_LOG2N : DoubleNttPlan.MIN_LOG2N + (layout == HALF ? 1 : 2);
        int max = layout == CYCLIC ? DoubleNttPlan.MAX_LOG2N : TWO_ADIC - 1;
        if (log2n < min || log2n > max) {
            throw new IllegalArgumentException("shape.log2n must be in [" + min + ", " + max + "] for layout " + layout
                    + ", got " + log2n);
        }
        if (shape.capacity() < shape.productPieces()) {
            throw new IllegalArgumentException("shape: the layout holds " + shape.capacity() + " pieces, the product has "
                    + shape.productPieces() + ": a longer log2n is needed");
        }
    }

    /**
     * The pipeline's plan for a shape: its primes (the first s of the one set), its length and
     * layout, pieces of w bits; the window is the whole product; the primes in parallel on
     * several threads (3 to 6 primes of short transforms).
     */
    public static ConvolutionPlan plan(Shape shape) {
        int pieces = (int) shape.productPieces();
        return ConvolutionPlan.ofShape(ConvolutionPlan.first(shape.primes()), shape.log2n(), shape.layout(),
                (int) shape.piecesA(), (int) shape.piecesB(), shape.pieceBits(), 0, pieces,
                MODULUS_BITS[shape.primes()] - 2).primesInParallel();
    }

    /**
     * {@link #multiply(long[], long, long[], long, boolean, int, int)} in the given shape: the
     * pipeline ({@link ConvolutionPlan}) with the pieces of the limbs as its projection
     * ({@link Pieces}) and limbs with carries as its recombination ({@link #pack(DoubleCrt,
     * double[][][], int, int, int, long[])}).
     *
     * @throws IllegalArgumentException if the shape cannot hold this product exactly ({@link #checkShape})
     */
    public static long[] multiply(long[] la, long bitsA, long[] lb, long bitsB, boolean same, Shape shape, int threads) {
        checkShape(shape, bitsA, bitsB);
        return multiplyInShape(la, bitsA, lb, bitsB, same, shape, threads);
    }

    // multiply(..., Shape, threads) for a shape known to hold the product (choose's).
    private static long[] multiplyInShape(long[] la, long bitsA, long[] lb, long bitsB, boolean same, Shape shape,
            int threads) {
        int w = shape.pieceBits();
        ForkJoinPool pool = WorkerPools.of(threads);
        int na = (int) shape.piecesA();
        int nb = same ? 0 : (int) shape.piecesB();
        double[][] partsA = DoubleNttPlan.borrow(partCount(w), na); // every entry written below
        double[][] partsB = same ? partsA : DoubleNttPlan.borrow(partCount(w), nb);
        inOnePhase(pool, na, (from, to) -> parts(la, w, partsA, from, to), nb, (from, to) -> parts(lb, w, partsB, from, to));
        Pieces pa = new Pieces(partsA, w);
        Pieces pb = same ? pa : new Pieces(partsB, w);
        return multiply(pa, pb, shape, bitsA + bitsB, threads);
    }

    // The product of the pieces (pb == pa: a square) in the shape, bits the sum of the operands' bit lengths; the pieces go back to the pool.
    private static long[] multiply(Pieces pa, Pieces pb, Shape shape, long bits, int threads) {
        ConvolutionPlan plan = plan(shape);
        ConvolutionPlan.Convolved convolved = plan.convolve(pa, pb, threads);
        pa.release();
        if (pb != pa) {
            pb.release();
        }
        return limbs(plan, convolved, shape, bits, threads);
    }

    /**
     * The same product with the convolutions on {@code engine} (a GPU's; the host's projection
     * and recombination on the calling thread), in a cyclic shape ({@link #chooseCyclic}).
     *
     * @throws IllegalArgumentException if the shape is not cyclic or longer than the engine takes
     */
    static long[] multiply(long[] la, long bitsA, long[] lb, long bitsB, boolean same, Shape shape,
            NttEngine engine) {
        ConvolutionPlan plan = plan(shape);
        int w = shape.pieceBits();
        Pieces pa = new Pieces(parts(la, w, shape.piecesA()), w);
        Pieces pb = same ? pa : new Pieces(parts(lb, w, shape.piecesB()), w);
        return limbs(plan, plan.convolve(pa, pb, engine), shape, bitsA + bitsB, 1);
    }

    /**
     * The limbs-with-carry recombination of the convolutions: ceil(bits / 64) + 1 limbs. On
     * several threads, Garner's digits by blocks of rows and the packing by blocks of limbs
     * ({@link #pack(DoubleCrt, double[][][], int, int, int, long[], ForkJoinPool)}) run on the
     * pool.
     */
    static long[] limbs(ConvolutionPlan plan, ConvolutionPlan.Convolved convolved, Shape shape, long bits,
            int threads) {
        int s = shape.primes();
        int w = shape.pieceBits();
        int count = (int) shape.productPieces();
        long[] out = new long[(int) ((bits + 63) / 64) + 1];
        if (threads == 1 && packInRows != 0) {
            plan.recombine(convolved, new PackingInRows(s, count, w, out), 1);
            return out;
        }
        ForkJoinPool pool = WorkerPools.of(threads);
        if (aligned(w)) {
            plan.recombine(convolved, new PackingByRows(s, count, w, out), threads);
            return out;
        }
        plan.recombine(convolved, new ConvolutionPlan.Recombination() {
            @Override
            public void rows(DoubleCrt crt, double[][][] res, int from, int to) {
                crt.normalize(res, from, to); // digits in [0, q_j): those of the coefficient in [0, M)
            }

            @Override
            public void finish(DoubleCrt crt, double[][][] res) {
                pack(crt, res, s, count, w, out, pool);
            }
        }, threads);
        return out;
    }

    /**
     * The limbs-with-carry recombination of whole-limb pieces on several threads, one parallel
     * phase: piece i fills limbs i (one-limb pieces) or 2i and 2i + 1 (two-limb pieces), so the
     * block of rows [from, to) that Garner just wrote is all that the limbs of its pieces need;
     * each block normalizes its digits and packs those limbs with carries from zero (the last
     * block up to the top limb), keeping the part above them, and {@link #finish} adds each
     * block's part at its end in increasing order: {@link #pack(DoubleCrt, double[][][], int, int,
     * int, long[], ForkJoinPool, int)}'s blocks and fix-up, with the blocks at row boundaries. One
     * hand-off to the pool less per product, and the digits packed while in cache: 10^6 bits on 16
     * threads of an H100 host's Xeon 0.62-0.72x the time of the packing as a phase of its own,
     * 10^7 bits 0.92-0.97x (polynomial/BENCHMARKS.md). Shifted pieces keep that phase: a piece
     * straddles two limbs, so a block's first limb needs the previous block's digits.
     */
    private static final class PackingByRows implements ConvolutionPlan.Recombination {
        private final int s;
        private final int count;
        private final int w;
        private final long[] out;
        private final java.util.concurrent.ConcurrentSkipListMap<Integer, long[]> highs =
                new java.util.concurrent.ConcurrentSkipListMap<>();

        PackingByRows(int s, int count, int w, long[] out) {
            this.s = s;
            this.count = count;
            this.w = w;
            this.out = out;
        }

        @Override
        public void rows(DoubleCrt crt, double[][][] res, int from, int to) {
            crt.normalize(res, from, to); // digits in [0, q_j): those of the coefficient in [0, M)
            int cols = res[0][0].length;
            int shift = w == LIMB_BITS ? 0 : 1;
            int t0 = (int) (((long) from * cols) << shift);
            int t1 = (long) to * cols >= count ? out.length : (int) (((long) to * cols) << shift);
            highs.put(t1, packBlock(crt, res, s, count, w, out, t0, t1));
        }

        @Override
        public void finish(DoubleCrt crt, double[][][] res) {
            for (java.util.Map.Entry<Integer, long[]> e : highs.entrySet()) {
                addAt(out, e.getKey(), e.getValue());
            }
        }
    }

    /**
     * On one thread, whether the packing follows Garner's digits block of rows by block of rows
     * while they are in cache ({@link PackingInRows}; 1, the default) or runs as one pass over
     * every plane after the last digits (0; for measuring one against the other).
     */
    static volatile int packInRows = 1;

    /**
     * The limbs-with-carry recombination in row order on one thread: each block of rows is
     * normalized and its limbs packed (the passes of {@link #pack(DoubleCrt, double[][][], int,
     * int, int, long[])} with their carries kept from block to block) right after Garner wrote
     * its digits, so that the digit planes are read from cache instead of memory; the limbs above
     * the last digit at the end. Limb t needs the digits that start below bit 64 (t + 1): those
     * of the rows done, so a block packs the limbs up to the first one that a later digit reaches.
     */
    private static final class PackingInRows implements ConvolutionPlan.Recombination {
        private final int s;
        private final int count;
        private final int w;
        private final long[] out;
        private final long[] carries;
        private int packed; // limbs [0, packed) are done

        PackingInRows(int s, int count, int w, long[] out) {
            this.s = s;
            this.count = count;
            this.w = w;
            this.out = out;
            this.carries = new long[s];
        }

        @Override
        public boolean inOrder() {
            return true;
        }

        @Override
        public void rows(DoubleCrt crt, double[][][] res, int from, int to) {
            crt.normalize(res, from, to); // digits in [0, q_j): those of the coefficient in [0, M)
            long digits = (long) to * res[0][0].length; // digits [0, digits) are final
            // the limbs every one of whose digits is final: t with 64 (t + 1) <= w digits
            int upTo = digits >= count ? out.length : (int) Math.min(out.length, digits * w / 64);
            packTo(crt, res, upTo);
        }

        @Override
        public void finish(DoubleCrt crt, double[][][] res) {
            packTo(crt, res, out.length);
        }

        private void packTo(DoubleCrt crt, double[][][] res, int upTo) {
            if (upTo <= packed) {
                return;
            }
            if (aligned(w)) {
                packAligned(res, s, count, w == LIMB_BITS ? 0 : 1, crt, out, packed, upTo, carries);
            } else {
                packShifted(res, s, count, w, crt, out, packed, upTo, carries);
            }
            packed = upTo;
        }
    }

    /**
     * An integer transformed once (per prime of its shape) for products by other integers of at
     * most {@code bitsOtherMax} bits: each product then costs two transforms per prime instead of
     * three ({@link ConvolutionPlan#convolve(ConvolutionPlan.Transformed, ConvolutionPlan.Projection,
     * int)}), the fixed factor's pieces and forward transforms made once. The shape is the
     * cheapest cyclic one for the two sizes ({@link #chooseCyclic}), so its bound holds for every
     * other factor up to that size. Immutable once built; several threads may multiply at once.
     */
    static final class FixedFactor {
        private final Shape shape;
        private final ConvolutionPlan plan;
        private final ConvolutionPlan.Transformed transformed;
        private final long bitsFixed;
        private final long bitsOtherMax;
        // products modulo B^N - 1: N (limbs), or 0 for the whole product
        private final int wrapLimbs;

        private FixedFactor(long[] limbs, Shape shape, ConvolutionPlan plan, long bitsFixed, long bitsOtherMax,
                int wrapLimbs, int threads) {
            this.shape = shape;
            this.plan = plan;
            this.bitsFixed = bitsFixed;
            this.bitsOtherMax = bitsOtherMax;
            this.wrapLimbs = wrapLimbs;
            int w = shape.pieceBits();
            Pieces p = new Pieces(parts(limbs, w, shape.piecesA()), w);
            this.transformed = plan.transform(p, w, threads);
            p.release();
        }

        /**
         * The limbs (little-endian, top limbs may be zero) of an integer of at most bitsFixed
         * bits, transformed for whole products by factors of at most bitsOtherMax bits (both
         * &gt;= 1), in the cheapest cyclic shape ({@link #chooseCyclic}).
         *
         * @throws IllegalArgumentException if a size is below 1 or no cyclic shape takes the
         *     product ({@link #fits})
         */
        static FixedFactor whole(long[] limbs, long bitsFixed, long bitsOtherMax, int threads) {
            if (bitsFixed < 1 || bitsOtherMax < 1) {
                throw new IllegalArgumentException("bitsFixed and bitsOtherMax must be >= 1, got " + bitsFixed + " and "
                        + bitsOtherMax);
            }
            Shape shape = chooseCyclic(bitsFixed, bitsOtherMax, false, 0);
            return new FixedFactor(limbs, shape, plan(shape), bitsFixed, bitsOtherMax, 0, threads);
        }

        /**
         * An integer of at most N = 2^log2n limbs transformed for products modulo B^N - 1 by
         * other integers of at most N limbs: one cyclic convolution of N one-limb pieces (the
         * coefficients x_j y_l with j + l = i mod N summed, at most N terms each, by the fewest
         * primes whose bound N (2^64 - 1)^2 &lt; M/4 holds), packed and folded once (B^N = 1).
         * Half the transform length of the whole product: for a remainder r = u - q v known to
         * be below B^N - 1, r = (u - q v) mod (B^N - 1) (GMP's {@code mulmod_bnm1} in its Barrett
         * and Newton divisions).
         *
         * @throws IllegalArgumentException if log2n is outside the transforms' range or the
         *     factor has more than N limbs
         */
        static FixedFactor wrapped(long[] limbs, int log2n, int threads) {
            if (log2n < DoubleNttPlan.MIN_LOG2N || log2n > DoubleNttPlan.MAX_LOG2N) {
                throw new IllegalArgumentException("log2n must be in [" + DoubleNttPlan.MIN_LOG2N + ", "
                        + DoubleNttPlan.MAX_LOG2N + "], got " + log2n);
            }
            int n = 1 << log2n;
            int len = Limbs.significant(limbs, 0, limbs.length);
            if (len > n) {
                throw new IllegalArgumentException("the factor has " + len + " limbs, more than N = " + n);
            }
            int s = MIN_PRIMES;
            while (s < MAX_PRIMES && 2 * LIMB_BITS + log2n > MODULUS_BITS[s] - 2) {
                s++;
            }
            int pa = Math.max(1, len);
            Shape shape = new Shape(s, LIMB_BITS, log2n, pa, n);
            ConvolutionPlan plan = ConvolutionPlan.ofShape(ConvolutionPlan.first(s), log2n, CYCLIC, pa, n, LIMB_BITS, 0,
                    Math.min(n, pa + n - 1), MODULUS_BITS[s] - 2).primesInParallel();
            return new FixedFactor(limbs, shape, plan, 64L * pa, 64L * n, n, threads);
        }

        /**
         * The fixed factor times other[0, ..) (at most bitsOtherMax bits): ceil((bitsFixed +
         * bitsOtherMax) / 64) + 1 limbs, top limbs possibly zero. O(s N log N).
         *
         * @throws IllegalStateException if the factor was made for products modulo B^N - 1
         */
        long[] multiply(long[] other, long bitsOther, int threads) {
            if (wrapLimbs != 0) {
                throw new IllegalStateException("a factor for products modulo B^N - 1: use multiplyWrapped");
            }
            ConvolutionPlan.Convolved c = convolve(other, bitsOther, threads);
            return limbs(plan, c, shape, bitsFixed + bitsOtherMax, threads);
        }

        /**
         * (fixed factor) (other) mod (B^N - 1) as N limbs in [0, B^N - 1) (B^N - 1 itself given
         * as 0), for other of at most N limbs. O(s N log N).
         *
         * @throws IllegalStateException if the factor was made for whole products
         */
        long[] multiplyWrapped(long[] other, int threads) {
            if (wrapLimbs == 0) {
                throw new IllegalStateException("a factor for whole products: use multiply");
            }
            int n = wrapLimbs;
            ConvolutionPlan.Convolved c = convolve(other, 64L * Limbs.significant(other, 0, other.length), threads);
            int count = (int) Math.min(n, shape.piecesA() + n - 1);
            long[] out = new long[count + 3];
            plan.recombine(c, new PackingInRows(shape.primes(), count, LIMB_BITS, out), 1);
            return foldModBnm1(out, n);
        }

        private ConvolutionPlan.Convolved convolve(long[] other, long bitsOther, int threads) {
            if (bitsOther > bitsOtherMax) {
                throw new IllegalArgumentException("the other factor has " + bitsOther + " bits, at most " + bitsOtherMax);
            }
            int w = shape.pieceBits();
            Pieces p = new Pieces(parts(other, w, shape.piecesB()), w);
            ConvolutionPlan.Convolved c = plan.convolve(transformed, p, threads);
            p.release();
            return c;
        }
    }

    /**
     * (a - b) mod (B^n - 1) in [0, B^n - 1) for a, b of n limbs in that range: a - b, or, when
     * that borrows, a - b + B^n - 1 = (a - b mod B^n) - 1. O(n).
     */
    static long[] subModBnm1(long[] a, long[] b) {
        int n = a.length;
        long[] r = new long[n];
        long borrow = LimbMultiplication.subN(a, 0, b, 0, n, r, 0, 0);
        for (int i = 0; borrow != 0 && i < n; i++) {
            long x = r[i];
            r[i] = x - 1;
            borrow = x == 0 ? 1 : 0;
        }
        return r;
    }

    /**
     * x mod (B^n - 1) as n limbs in [0, B^n - 1) for x of any number of limbs: the n-limb
     * chunks summed with the carries wrapped around (B^n = 1), B^n - 1 itself made 0. O(len).
     */
    static long[] foldModBnm1(long[] x, int n) {
        long[] r = java.util.Arrays.copyOf(x, n);
        for (int off = n; off < x.length; off += n) {
            long carry = LimbMultiplication.addN(r, 0, x, off, Math.min(n, x.length - off), r, 0, 0);
            for (int i = Math.min(n, x.length - off); carry != 0 && i < n; i++) {
                long v = r[i] + 1;
                r[i] = v;
                carry = v == 0 ? 1 : 0;
            }
            while (carry != 0) { // the carry out of B^n re-enters at B^0
                carry = 0;
                for (int i = 0; i < n; i++) {
                    long v = r[i] + 1;
                    r[i] = v;
                    if (v != 0) {
                        break;
                    }
                    if (i == n - 1) {
                        carry = 1;
                    }
                }
            }
        }
        boolean allOnes = true;
        for (int i = 0; i < n && allOnes; i++) {
            allOnes = r[i] == -1L;
        }
        if (allOnes) {
            java.util.Arrays.fill(r, 0L);
        }
        return r;
    }

    /** The projection of an integer: its w-bit pieces (in {@link #partCount} parts), residues by {@link #residues}. */
    public static final class Pieces implements ConvolutionPlan.Projection {
        private final double[][] parts;
        private final int w;

        public Pieces(double[][] parts, int w) {
            this.parts = parts;
            this.w = w;
        }

        @Override
        public int residues(long q, double[][] m) {
            return DoubleNttIntMul.residues(parts, w, q, m);
        }

        @Override
        public int length() {
            return parts[0].length;
        }

        // The parts back to the matrix pool (they came from it: parts(long[], int, long, ForkJoinPool)); not used afterwards.
        void release() {
            DoubleNttPlan.giveBack(parts);
        }
    }

    /** The largest part of a piece: parts below 2^50 keep every residue step within the modular product's range. */
    static final int MAX_PART_BITS = 50;

    /** The number of parts a w-bit piece is cut into: ceil(w / 50) (1 to 3). */
    static int partCount(int w) {
        return (w + MAX_PART_BITS - 1) / MAX_PART_BITS;
    }

    /**
     * The pieces' parts: parts[t][i] = bits [i w + t k, i w + (t + 1) k) of the limbs for t &lt;
     * {@link #partCount}(w) = ceil(w / 50) parts of k = ceil(w / parts) &lt;= 50 bits each (the last
     * may be shorter), as doubles. Two parts instead of three from 51 to 100 bits: a window and a
     * modular product fewer per piece and prime. O(count).
     */
    public static double[][] parts(long[] limbs, int w, long count) {
        return parts(limbs, w, count, null);
    }

    /**
     * {@link #parts(long[], int, long)} with the pieces in ranges on {@code pool} (null: the
     * calling thread).
     */
    static double[][] parts(long[] limbs, int w, long count, ForkJoinPool pool) {
        int n = (int) count;
        double[][] parts = DoubleNttPlan.borrow(partCount(w), n); // every entry written below
        inOnePhase(pool, n, (from, to) -> parts(limbs, w, parts, from, to), 0, null);
        return parts;
    }

    // Fewest pieces (or limbs) a pass is split into ranges for the threads: below, a pass costs
    // a few microseconds, about what handing it to the pool costs. 2^15 measured the same on 16
    // threads of an H100 host's Xeon (10^6, 3 10^6, 10^7 bits: 0.99-1.03x; polynomial/BENCHMARKS.md).
    private static final int PARALLEL_MIN_PIECES = 1 << 13;

    // parts[t][i] for the pieces i in [from, to).
    private static void parts(long[] limbs, int w, double[][] parts, int from, int to) {
        int np = parts.length;
        int k = (w + np - 1) / np;
        long maskK = (1L << k) - 1;
        int kLast = w - (np - 1) * k;
        long maskLast = (1L << kLast) - 1;
        // pieces whose windows stay inside the limbs (the last part's window starts below bit
        // 64 (length - 1)) take the branch-free path; the few at the top read zeros above
        long safeBits = 64L * (limbs.length - 1);
        int fast = (int) Math.max(from, Math.min(to, (safeBits - (long) (np - 1) * k + w - 1) / w));
        if (w == LIMB_BITS) { // limb i in two halves
            double[] p0 = parts[0];
            double[] p1 = parts[1];
            int top = Math.min(to, limbs.length);
            for (int i = from; i < top; i++) {
                long x = limbs[i];
                p0[i] = x & 0xFFFFFFFFL;
                p1[i] = x >>> 32;
            }
            for (int i = Math.max(from, top); i < to; i++) {
                p0[i] = 0;
                p1[i] = 0;
            }
            return;
        }
        if (w == 2 * LIMB_BITS) { // limbs 2i, 2i + 1 in parts of 43, 43 and 42 bits
            double[] p0 = parts[0];
            double[] p1 = parts[1];
            double[] p2 = parts[2];
            long mask = (1L << 43) - 1;
            int top = Math.min(to, limbs.length / 2);
            for (int i = from; i < top; i++) {
                long lo = limbs[2 * i];
                long hi = limbs[2 * i + 1];
                p0[i] = lo & mask;
                p1[i] = ((lo >>> 43) | (hi << 21)) & mask;
                p2[i] = hi >>> 22;
            }
            for (int i = Math.max(from, top); i < to; i++) {
                long lo = 2 * i < limbs.length ? limbs[2 * i] : 0;
                long hi = 2 * i + 1 < limbs.length ? limbs[2 * i + 1] : 0;
                p0[i] = lo & mask;
                p1[i] = ((lo >>> 43) | (hi << 21)) & mask;
                p2[i] = hi >>> 22;
            }
            return;
        }
        if (np == 1) {
            double[] p0 = parts[0];
            for (int i = from; i < fast; i++) {
                p0[i] = window(limbs, (long) i * w) & maskLast;
            }
        } else if (np == 2) {
            double[] p0 = parts[0];
            double[] p1 = parts[1];
            for (int i = from; i < fast; i++) {
                long bit = (long) i * w;
                p0[i] = window(limbs, bit) & maskK;
                p1[i] = window(limbs, bit + k) & maskLast;
            }
        } else {
            double[] p0 = parts[0];
            double[] p1 = parts[1];
            double[] p2 = parts[2];
            for (int i = from; i < fast; i++) {
                long bit = (long) i * w;
                p0[i] = window(limbs, bit) & maskK;
                p1[i] = window(limbs, bit + k) & maskK;
                p2[i] = window(limbs, bit + 2L * k) & maskLast;
            }
        }
        for (int i = fast; i < to; i++) {
            long bit = (long) i * w;
            for (int t = 0; t < np; t++) {
                parts[t][i] = windowAtTop(limbs, bit + (long) t * k) & (t == np - 1 ? maskLast : maskK);
            }
        }
    }

    // window() for positions near or above the top limb: zeros above the array.
    private static long windowAtTop(long[] x, long bit) {
        int li = (int) (bit >>> 6);
        int sh = (int) (bit & 63);
        long lo = li < x.length ? x[li] >>> sh : 0;
        long hi = li + 1 < x.length ? (x[li + 1] << 1) << (63 - sh) : 0;
        return lo | hi;
    }

    // The 64 bits from bit position bit on; x[bit / 64 + 1] must exist. Branch-free: the high
    // limb is shifted by 1 and then by 63 - sh, which is 0 bits when sh = 0.
    private static long window(long[] x, long bit) {
        int li = (int) (bit >>> 6);
        int sh = (int) (bit & 63);
        return (x[li] >>> sh) | ((x[li + 1] << 1) << (63 - sh));
    }

    // 2^e mod p (p < 2^50) by squaring, each product's 128 bits reduced by one UnsignedDivider.
    // ZpField.of would test p for primality at every product (tens of microseconds, a tenth of a
    // 10^5-bit product).
    private static long powerOfTwo(long e, long p) {
        UnsignedDivider d = new UnsignedDivider(p);
        long result = 1 % p;
        long base = 2 % p;
        for (; e > 0; e >>= 1) {
            if ((e & 1) != 0) {
                result = d.remainder(Math.multiplyHigh(result, base), result * base);
            }
            base = d.remainder(Math.multiplyHigh(base, base), base * base);
        }
        return result;
    }

    /**
     * m (R x C, any contents) gets the pieces' residues mod p at position i = r C + c, zeros
     * after them up to the end of their last row; returns the number of rows written (the
     * rest is left for the transform to take as zero). The parts as {@link #parts} cuts them
     * (their number gives the part size). O(count).
     */
    static int residues(double[][] parts, int w, long p, double[][] m) {
        int np = parts.length;
        int k = (w + np - 1) / np;
        double c1 = np > 1 ? DoubleCrt.symmetric(powerOfTwo(k, p), p) : 0;
        double c2 = np > 2 ? DoubleCrt.symmetric(powerOfTwo(2L * k, p), p) : 0;
        int count = parts[0].length;
        int cols = m[0].length;
        int used = (count + cols - 1) / cols;
        for (int r = 0; r < used; r++) {
            int off = r * cols;
            int len = Math.min(cols, count - off);
            if (np == 1) {
                residueRow(parts[0], off, m[r], len, p);
            } else if (np == 2) {
                residueRow(parts[0], parts[1], off, m[r], len, c1, p);
            } else {
                residueRow(parts[0], parts[1], parts[2], off, m[r], len, c1, c2, p);
            }
            if (len < cols) {
                java.util.Arrays.fill(m[r], len, cols, 0.0);
            }
        }
        return used;
    }

    // row[c] = a0 + a1 c1 + a2 c2 (mod p, reduced) at [off + c], c < len: vectorized. The parts
    // are below 2^50, |c_t| <= p/2: each product's remainder is below 0.875 p (DoubleNttKernels'
    // modular product), the sum below 2^52, reduced by one rounded quotient.
    private static void residueRow(double[] a0, double[] a1, double[] a2, int off, double[] row, int len,
            double c1, double c2, long p) {
        double pd = p;
        double pinv = 1.0 / p;
        double c1p = c1 * pinv;
        double c2p = c2 * pinv;
        double np = -pd;
        for (int c = 0; c < len; c++) {
            double x = a1[off + c];
            double y = a2[off + c];
            double h = x * c1;
            double g = y * c2;
            double v = Math.fma(QuotientRounding.quotient(x, c1p), np, h) + Math.fma(x, c1, -h)
                    + Math.fma(QuotientRounding.quotient(y, c2p), np, g) + Math.fma(y, c2, -g) + a0[off + c];
            row[c] = Math.fma(QuotientRounding.quotient(v, pinv), np, v);
        }
    }

    // row[c] = a0 + a1 c1 (mod p, reduced) at [off + c], c < len: two parts.
    private static void residueRow(double[] a0, double[] a1, int off, double[] row, int len, double c1, long p) {
        double pd = p;
        double pinv = 1.0 / p;
        double c1p = c1 * pinv;
        double np = -pd;
        for (int c = 0; c < len; c++) {
            double x = a1[off + c];
            double h = x * c1;
            double v = Math.fma(QuotientRounding.quotient(x, c1p), np, h) + Math.fma(x, c1, -h) + a0[off + c];
            row[c] = Math.fma(QuotientRounding.quotient(v, pinv), np, v);
        }
    }

    // row[c] = a0 (mod p, reduced) at [off + c], c < len: one part.
    private static void residueRow(double[] a0, int off, double[] row, int len, long p) {
        double pd = p;
        double pinv = 1.0 / p;
        double np = -pd;
        for (int c = 0; c < len; c++) {
            double v = a0[off + c];
            row[c] = Math.fma(QuotientRounding.quotient(v, pinv), np, v);
        }
    }

    /**
     * out = sum_i c_i 2^(w i) for the first count coefficients (out zero on entry), c_i given
     * by the digits of {@link DoubleCrt#digits} after {@link DoubleCrt#normalize} (in [0, q_j)),
     * by planes: X_j = sum_i v_ij 2^(w i) is packed into limbs (the digits do not overlap:
     * v &lt; 2^50 &lt;= w) and out = X_0 + q_0 (X_1 + q_1 (...)) by one multiply-add pass per
     * prime. Limb t of a pass needs only limb t of the previous pass and its own carry, so the
     * passes run chunk by chunk over a small buffer (no product-sized temporary). O(count s)
     * word operations, no per-coefficient multi-limb arithmetic: the pipeline's limbs-with-carry
     * hook.
     */
    static void pack(DoubleCrt crt, double[][][] res, int s, int count, int w, long[] out) {
        pack(crt, res, s, count, w, out, null);
    }

    /**
     * {@link #pack(DoubleCrt, double[][][], int, int, int, long[])} on {@code pool} (null: the
     * calling thread), by blocks of limbs with a fix-up pass. With X_j^(k) the limbs [t_k,
     * t_(k+1)) of plane j, the passes on block k alone, all carries starting at zero, give
     * V_k = sum_j q_0 ... q_(j-1) X_j^(k) as its limbs Y_k and the part above them H_k, which
     * the final carries c_j of the passes determine: H = H q_j + c_j from the top pass down
     * (H_k &lt; 2^(50 (s - 1)), a few limbs). Since out = sum_k 2^(64 t_k) V_k, the blocks'
     * limbs side by side plus each H_k added at limb t_(k+1) (in increasing k, carries
     * propagated) are the product; the last block's H is zero since the product fits out. O(count
     * s) word operations spread over the threads, plus O(blocks s) for the fix-up and the carries
     * it propagates (amortized O(length)).
     */
    static void pack(DoubleCrt crt, double[][][] res, int s, int count, int w, long[] out, ForkJoinPool pool) {
        int blocks = pool == null ? 1 : Math.min(4 * pool.getParallelism(), out.length / PARALLEL_MIN_PIECES);
        pack(crt, res, s, count, w, out, pool, blocks);
    }

    /** {@link #pack(DoubleCrt, double[][][], int, int, int, long[], ForkJoinPool)} in the given number of blocks (tests). */
    static void pack(DoubleCrt crt, double[][][] res, int s, int count, int w, long[] out, ForkJoinPool pool,
            int blocks) {
        int len = out.length;
        int nb = Math.min(blocks, len);
        if (nb <= 1) {
            packBlock(crt, res, s, count, w, out, 0, len);
            return;
        }
        long[][] high = new long[nb][];
        ConvolutionPlan.forRows(pool, 0, nb, (from, to) -> {
            for (int b = from; b < to; b++) {
                high[b] = packBlock(crt, res, s, count, w, out, blockStart(len, nb, b), blockStart(len, nb, b + 1));
            }
        });
        for (int b = 0; b < nb; b++) {
            addAt(out, blockStart(len, nb, b + 1), high[b]);
        }
    }

    // The first limb of block b of `blocks` over [0, len).
    private static int blockStart(int len, int blocks, int b) {
        return (int) ((long) len * b / blocks);
    }

    // Limbs [t0, t1) of the passes with carries from zero (see pack); returns H, the value above
    // limb t1 - 1, as little-endian limbs.
    private static long[] packBlock(DoubleCrt crt, double[][][] res, int s, int count, int w, long[] out, int t0,
            int t1) {
        long[] carries = new long[s];
        if (aligned(w)) {
            packAligned(res, s, count, w == LIMB_BITS ? 0 : 1, crt, out, t0, t1, carries);
        } else {
            packShifted(res, s, count, w, crt, out, t0, t1, carries);
        }
        long[] high = new long[s]; // below 2^(50 (s - 1)) <= 2^(64 (s - 1))
        for (int j = s - 2; j >= 0; j--) {
            mulAdd(high, 0, s, crt.prime(j), ZERO_LIMBS, carries[j]);
        }
        return high;
    }

    // The passes of packBlock for pieces of any size: each plane's digits shifted into a chunk of limbs.
    private static void packShifted(double[][][] res, int s, int count, int w, DoubleCrt crt, long[] out, int t0,
            int t1, long[] carries) {
        long[] chunk = new long[RECOMBINE_CHUNK + 2];
        for (int c0 = t0; c0 < t1; c0 += RECOMBINE_CHUNK) {
            int c1 = Math.min(t1, c0 + RECOMBINE_CHUNK);
            pack(res[s - 1], count, w, c0, c1, chunk);
            System.arraycopy(chunk, 1, out, c0, c1 - c0);
            for (int j = s - 2; j >= 0; j--) {
                pack(res[j], count, w, c0, c1, chunk);
                carries[j] = mulAdd(out, c0, c1, crt.prime(j), chunk, carries[j]);
            }
        }
    }

    /*
     * The passes of packBlock for pieces of whole limbs (2^shift limbs, shift 0 or 1): digit i
     * of a plane is limb i 2^shift of the plane, the limbs between are zero (digits below 2^50),
     * so nothing is shifted or packed: the top plane's digits are the first pass's limbs and
     * every further pass multiplies and adds the next plane's digits straight from the matrix,
     * row segment by row segment (a segment of at most RECOMBINE_CHUNK limbs runs through every
     * pass while it is in cache).
     */
    private static void packAligned(double[][][] res, int s, int count, int shift, DoubleCrt crt, long[] out, int t0,
            int t1, long[] carries) {
        int cols = res[0][0].length;
        int logCols = Integer.numberOfTrailingZeros(cols);
        int end = (int) Math.min(t1, (long) count << shift); // limbs from here on get no digit
        for (int c0 = t0; c0 < t1; ) {
            int row = (c0 >>> shift) >>> logCols;
            int c1 = c0 < end ? (int) Math.min(Math.min(end, c0 + RECOMBINE_CHUNK), ((long) (row + 1) << logCols) << shift)
                    : Math.min(t1, c0 + RECOMBINE_CHUNK);
            if (c0 < end) {
                int base = row << logCols; // digit index of the row's first entry
                double[] top = res[s - 1][row];
                int firstPass = s - 2;
                if (shift == 0 && oneLimbFusedPasses != 0) {
                    // the top plane's copy and the next two passes in one loop: two independent carry chains
                    fusedTopPasses(out, c0, c1, top, res[s - 2][row], res[s - 3][row], c0 - base, crt.prime(s - 2),
                            crt.prime(s - 3), carries, s - 3);
                    firstPass = s - 4;
                } else if (shift == 0) {
                    for (int t = c0; t < c1; t++) {
                        out[t] = (long) top[t - base];
                    }
                } else if (twoLimbFirstPass != 0) {
                    // the top two planes at once: d_(s-1) q_(s-2) + d_(s-2) < 2^100 fills no more than
                    // its coefficient's two limbs, so that pass has no carries
                    twoLimbTopPlanes(out, c0, c1, top, res[s - 2][row], base, crt.prime(s - 2));
                    firstPass = s - 3;
                } else {
                    for (int t = c0; t < c1; t++) {
                        out[t] = (t & 1) == 0 ? (long) top[(t >>> 1) - base] : 0;
                    }
                }
                for (int j = firstPass; j >= 0; j--) {
                    carries[j] = shift == 0
                            ? mulAddDigits(out, c0, c1, crt.prime(j), res[j][row], c0 - base, carries[j])
                            : mulAddEvenDigits(out, c0, c1, crt.prime(j), res[j][row], base, carries[j]);
                }
            } else {
                java.util.Arrays.fill(out, c0, c1, 0L);
                for (int j = s - 2; j >= 0; j--) {
                    carries[j] = mulAdd(out, c0, c1, crt.prime(j), ZERO_CHUNK, carries[j]);
                }
            }
            c0 = c1;
        }
    }

    /**
     * Whether the packing of two-limb pieces writes the top two digit planes in one carry-free
     * pass ({@link #twoLimbTopPlanes}; 1, the default) or copies the top plane and multiplies and
     * adds the next with carries (0; for measuring one against the other).
     */
    static volatile int twoLimbFirstPass = 1;

    // y[t] for t in [t0, t1): limb t mod 2 of hi[i - base] p + lo[i - base], i = t / 2 (digits below 2^50, p below 2^50).
    private static void twoLimbTopPlanes(long[] y, int t0, int t1, double[] hi, double[] lo, int base, long p) {
        for (int t = t0; t < t1; t++) {
            int i = (t >>> 1) - base;
            long d = (long) hi[i];
            long v = d * p;
            long low = v + (long) lo[i];
            long high = Math.multiplyHigh(d, p) + (Long.compareUnsigned(low, v) < 0 ? 1 : 0);
            y[t] = (t & 1) == 0 ? low : high;
        }
    }

    /**
     * Whether the packing of one-limb pieces runs the top plane's copy and the next two passes in
     * one loop ({@link #fusedTopPasses}; 1, the default) or one after another (0; for measuring
     * one against the other).
     */
    static volatile int oneLimbFusedPasses = 1;

    /*
     * For t in [t0, t1), at i = off + t - t0: y[t] = (top[i] p1 + mid[i] + carry1) p0 + low[i] +
     * carry0, i.e. the top plane as the first pass's limbs and the passes of p1 = q_(j + 1) and
     * p0 = q_j (carries[j + 1] and carries[j]) limb by limb instead of one after the other: the
     * same words, but each limb is read and written once and the two carry chains overlap.
     */
    private static void fusedTopPasses(long[] y, int t0, int t1, double[] top, double[] mid, double[] low, int off,
            long p1, long p0, long[] carries, int j) {
        long carry1 = carries[j + 1];
        long carry0 = carries[j];
        for (int t = t0; t < t1; t++) {
            int i = off + t - t0;
            long a = (long) top[i]; // below 2^50: the signed high word is the unsigned one
            long lo = a * p1;
            long hi = Math.multiplyHigh(a, p1);
            long s1 = lo + (long) mid[i];
            hi += Long.compareUnsigned(s1, lo) < 0 ? 1 : 0;
            long b = s1 + carry1;
            hi += Long.compareUnsigned(b, s1) < 0 ? 1 : 0;
            carry1 = hi;
            lo = b * p0;
            hi = Math.multiplyHigh(b, p0) + ((b >> 63) & p0); // unsigned high word
            s1 = lo + (long) low[i];
            hi += Long.compareUnsigned(s1, lo) < 0 ? 1 : 0;
            long s2 = s1 + carry0;
            hi += Long.compareUnsigned(s2, s1) < 0 ? 1 : 0;
            y[t] = s2;
            carry0 = hi;
        }
        carries[j + 1] = carry1;
        carries[j] = carry0;
    }

    // y[t] = y[t] p + (t even ? digits[t / 2 - base] : 0) + carry for t in [t0, t1) (two-limb pieces); returns the carry.
    private static long mulAddEvenDigits(long[] y, int t0, int t1, long p, double[] digits, int base, long carry) {
        for (int t = t0; t < t1; t++) {
            long a = y[t];
            long lo = a * p;
            long hi = Math.multiplyHigh(a, p) + ((a >> 63) & p); // unsigned high word
            long s1 = lo + ((t & 1) == 0 ? (long) digits[(t >>> 1) - base] : 0);
            hi += Long.compareUnsigned(s1, lo) < 0 ? 1 : 0;
            long s2 = s1 + carry;
            hi += Long.compareUnsigned(s2, s1) < 0 ? 1 : 0;
            y[t] = s2;
            carry = hi;
        }
        return carry;
    }

    // mulAdd's zero addend for the limbs above the last digit (a segment of at most RECOMBINE_CHUNK).
    private static final long[] ZERO_CHUNK = new long[RECOMBINE_CHUNK_LIMBS + 2];

    // y[t] = y[t] p + digits[off + t - t0] + carry for t in [t0, t1) (p < 2^50, digits in [0, 2^50)); returns the carry.
    private static long mulAddDigits(long[] y, int t0, int t1, long p, double[] digits, int off, long carry) {
        for (int t = t0; t < t1; t++) {
            long a = y[t];
            long lo = a * p;
            long hi = Math.multiplyHigh(a, p) + ((a >> 63) & p); // unsigned high word
            long s1 = lo + (long) digits[off + t - t0];
            hi += Long.compareUnsigned(s1, lo) < 0 ? 1 : 0;
            long s2 = s1 + carry;
            hi += Long.compareUnsigned(s2, s1) < 0 ? 1 : 0;
            y[t] = s2;
            carry = hi;
        }
        return carry;
    }

    // x[1 + t] read by mulAdd as zeros when it multiplies a block's H (at most MAX_PRIMES limbs).
    private static final long[] ZERO_LIMBS = new long[MAX_PRIMES + 1];

    // out += h 2^(64 at), the carry propagated; h beyond out's top must be zero.
    private static void addAt(long[] out, int at, long[] h) {
        long carry = 0;
        int i = 0;
        for (; i < h.length || carry != 0; i++) {
            long x = i < h.length ? h[i] : 0;
            if (at + i >= out.length) {
                if (x != 0 || carry != 0) {
                    throw new AssertionError("the packed product exceeds its " + out.length + " limbs");
                }
                continue;
            }
            long y = out[at + i];
            long sum = y + x;
            long c1 = Long.compareUnsigned(sum, y) < 0 ? 1 : 0;
            long sum2 = sum + carry;
            c1 += Long.compareUnsigned(sum2, sum) < 0 ? 1 : 0;
            out[at + i] = sum2;
            carry = c1;
        }
    }

    /** In place, every row: Garner's digits for the first s primes, normalized into [0, q_j) (profiles). */
    static void garner(double[][][] res, int s) {
        DoubleCrt crt = ConvolutionPlan.first(s);
        crt.digits(res, 0, res[0].length);
        crt.normalize(res, 0, res[0].length);
    }

    // Limbs per chunk of the recombination passes.
    private static final int RECOMBINE_CHUNK = RECOMBINE_CHUNK_LIMBS;

    // chunk[1 + t - t0] = limb t of sum_i v_i 2^(w i) (first count digits) for t in [t0, t1),
    // chunk[0] and chunk[t1 - t0 + 1] scratch. Digits are below 2^50 <= w: they do not
    // overlap, and a digit starting before bit 64 (t0 - 1) ends before limb t0.
    private static void pack(double[][] digits, int count, int w, int t0, int t1, long[] chunk) {
        java.util.Arrays.fill(chunk, 0, t1 - t0 + 2, 0L);
        int cols = digits[0].length;
        long firstBit = Math.max(0, 64L * (t0 - 1));
        long from = (firstBit + w - 1) / w;                      // first digit starting at >= firstBit
        long to = Math.min(count, (64L * t1 + w - 1) / w);      // digits starting before bit 64 t1
        long base = 64L * (t0 - 1);                              // chunk[0] is limb t0 - 1
        int logCols = Integer.numberOfTrailingZeros(cols);
        long bit = from * w - base;
        for (int i = (int) from; i < to; bit += w) {
            double[] row = digits[i >>> logCols];
            int c = i & (cols - 1);
            int end = (int) Math.min(to - i, cols - c) + c;
            for (; c < end; c++, i++, bit += w) {
                long v = (long) row[c];
                int li = (int) (bit >>> 6);
                int sh = (int) (bit & 63);
                chunk[li] |= v << sh;
                chunk[li + 1] |= (v >>> 1) >>> (63 - sh);
            }
            bit -= w;
        }
    }

    // y[t] = y[t] p + x[1 + t - t0] + carry for t in [t0, t1) (p < 2^50); returns the carry.
    private static long mulAdd(long[] y, int t0, int t1, long p, long[] x, long carry) {
        for (int t = t0; t < t1; t++) {
            long a = y[t];
            long lo = a * p;
            long hi = Math.multiplyHigh(a, p) + ((a >> 63) & p); // unsigned high word
            long s1 = lo + x[1 + t - t0];
            hi += Long.compareUnsigned(s1, lo) < 0 ? 1 : 0;
            long s2 = s1 + carry;
            hi += Long.compareUnsigned(s2, s1) < 0 ? 1 : 0;
            y[t] = s2;
            carry = hi;
        }
        return carry;
    }


    private static int ceilLog2(long x) {
        return x <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(x - 1);
    }
}
