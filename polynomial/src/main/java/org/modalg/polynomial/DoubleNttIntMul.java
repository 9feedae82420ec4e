package org.modalg.polynomial;

import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.DoubleNttPlan;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.UnsignedDivider;

/**
 * Integer products on the CPU through {@link DoubleNttPlan}: the same split-convolve-recombine
 * pipeline as {@link IntegerMultiplication#multiplyNtt} (w-bit pieces, a cyclic convolution
 * modulo s primes, Garner, carries), with primes below 2^50 and every per-point pass written
 * as a loop over {@code double} arrays that the JIT vectorizes:
 * <ol>
 * <li><b>Pieces.</b> Each w-bit piece (w &lt;= 120) is cut once into three parts of at most 40
 * bits, kept as doubles; per prime, the residue part0 + part1 2^k + part2 2^2k (mod p) is two
 * modular products and a reduction, written straight into the transform's coefficient
 * matrix.</li>
 * <li><b>Convolution.</b> Per prime, one cyclic convolution of length n = 2^k &gt;= La + Lb - 1
 * ({@link DoubleNttPlan#convolution}), or, where the product's pieces fill at most 1.25, 1.5
 * or 1.75 N for N = 2^(k-1), convolutions modulo the coprime factors x^N + 1 and x^(N/4) + 1,
 * x^N + 1 and x^(N/2) - 1, or x^N + 1, x^(N/2) + 1 and x^(N/4) - 1 of x^(2N) - 1, recombined
 * by the CRT of polynomials (x^N + 1 = 2 modulo the others, so one halving per level): a
 * truncated transform length in steps of N/4 instead of the next power of two (van der
 * Hoeven's truncated FFT gets there point by point; Crandall and Pomerance, 9.5.7, the
 * splitting of x^(2N) - 1). A square transforms each operand once.</li>
 * <li><b>Garner.</b> Mixed-radix digits v_j, each reduced into (-p_j/2, p_j/2), vectorized
 * over the coefficients. Since every product coefficient is below M/4 (M the product of the
 * primes, which the piece size guarantees), sum v_j p_0 ... p_(j-1) is then exactly the
 * coefficient (|sum| &lt;= 0.51 M (1 + 2^-49), and any other representative is at least
 * 3M/4 away). A scalar pass normalizes the digits into [0, p_j) by mixed-radix carries,
 * evaluates the coefficient by Horner in 64-bit limbs and adds it at bit w i.</li>
 * </ol>
 * Shape: s in [3, 6] primes (the largest below 2^50 with 2^28 | p - 1), the largest w with
 * min(La, Lb) (2^w - 1)^2 &lt; M / 4 and the layout, chosen by an operation count.
 */
final class DoubleNttIntMul {
    private DoubleNttIntMul() {
    }

    /** The most primes considered. */
    static final int MAX_PRIMES = 6;
    /** The fewest primes considered. */
    static final int MIN_PRIMES = 3;
    /** The largest piece size (three parts of 40 bits). */
    static final int MAX_PIECE_BITS = 120;

    /** The primes: the largest below 2^50 with 2^28 | p - 1, decreasing. */
    static final long[] PRIMES = NttPrimes.generate(MAX_PRIMES, DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);

    // floor(log2(M_s)) for the first s primes.
    private static final int[] MODULUS_BITS = new int[MAX_PRIMES + 1];
    // Garner's CRT for the first s primes, at [s].
    private static final DoubleCrt[] CRT = new DoubleCrt[MAX_PRIMES + 1];

    static {
        java.math.BigInteger m = java.math.BigInteger.ONE;
        for (int s = 1; s <= MAX_PRIMES; s++) {
            m = m.multiply(java.math.BigInteger.valueOf(PRIMES[s - 1]));
            MODULUS_BITS[s] = m.bitLength() - 1;
        }
        for (int s = MIN_PRIMES; s <= MAX_PRIMES; s++) {
            CRT[s] = new DoubleCrt(java.util.Arrays.copyOf(PRIMES, s));
        }
    }

    /** Layout: one cyclic convolution of length 2^log2n. */
    static final int CYCLIC = 0;
    /** Layout: a negacyclic convolution of length N = 2^log2n and a cyclic one of length N/2. */
    static final int HALF = 1;
    /** Layout: a negacyclic convolution of length N = 2^log2n and a negacyclic one of length N/4. */
    static final int QUARTER = 2;
    /**
     * Layout: negacyclic convolutions of lengths N = 2^log2n and N/2 and a cyclic one of length
     * N/4 (x^N + 1, x^(N/2) + 1 and x^(N/4) - 1 are coprime factors of x^(2N) - 1).
     */
    static final int THREE_QUARTERS = 3;

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
    record Shape(int primes, int pieceBits, int log2n, long piecesA, long piecesB, int layout) {
        Shape(int primes, int pieceBits, int log2n, long piecesA, long piecesB) {
            this(primes, pieceBits, log2n, piecesA, piecesB, CYCLIC);
        }

        long productPieces() {
            return piecesA + piecesB - 1;
        }

        /** The most product pieces the layout holds: 2^log2n, 1.5, 1.25 or 1.75 times that. */
        long capacity() {
            long n = 1L << log2n;
            switch (layout) {
                case CYCLIC:
                    return n;
                case HALF:
                    return n + n / 2;
                case QUARTER:
                    return n + n / 4;
                default:
                    return n + n / 2 + n / 4;
            }
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
    static Shape choose(long bitsA, long bitsB, boolean square, int forcePrimes) {
        Shape best = null;
        double bestCost = Double.MAX_VALUE;
        for (int s = MIN_PRIMES; s <= MAX_PRIMES; s++) {
            if (forcePrimes != 0 && s != forcePrimes) {
                continue;
            }
            Shape cyclic = forPrimes(bitsA, bitsB, s);
            if (cyclic == null) {
                continue;
            }
            for (Shape shape : truncations(cyclic)) {
                double c = cost(shape, square);
                if (c < bestCost) {
                    bestCost = c;
                    best = shape;
                }
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("operands of " + bitsA + " and " + bitsB
                    + " bits are too large for the double-precision NTT route: at most 2^" + DoubleNttPlan.MAX_LOG2N
                    + " pieces of at most " + MAX_PIECE_BITS + " bits (about " + MAX_PRODUCT_BITS + " product bits)"
                    + (forcePrimes != 0 ? " with " + forcePrimes + " primes" : ""));
        }
        return best;
    }

    /**
     * About the largest product this route takes, in bits: 2^28 points (the transform limit of
     * {@link DoubleNttPlan} and the primes' 2-adic order 28) of 120-bit pieces, the size six
     * primes allow (2 120 + 28 &lt;= floor(log2 M_6) - 2 = 297). Far above BigInteger's range
     * (2^31 bits): an integer product this route declines cannot be a BigInteger anyway.
     */
    static final long MAX_PRODUCT_BITS = (long) MAX_PIECE_BITS << DoubleNttPlan.MAX_LOG2N;

    /**
     * Whether {@link #multiply} takes operands of bitsA and bitsB bits (both &gt;= 1): some
     * shape's transform has at most 2^28 points, and the product's limbs (ceil((bitsA + bitsB)
     * / 64) + 1) fit one array. Pure arithmetic, allocates nothing.
     */
    static boolean fits(long bitsA, long bitsB) {
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
    private static java.util.List<Shape> truncations(Shape cyclic) {
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
    private static final int TWO_ADIC = 28;

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
        return shape.primes() * perPrime + shape.productPieces() * (4 + 2.0 * shape.primes());
    }

    private static double transformCost(int log2n) {
        double n = Math.scalb(1.0, log2n);
        return n / 2 * log2n * 0.75 + n * 1.5;
    }

    /**
     * |a| |b| as limbs (length ceil((bits(a) + bits(b)) / 64) + 1) for the magnitudes la, lb
     * (little-endian, top limb possibly zero) of bitsA, bitsB bits.
     *
     * @param pool threads for the transforms and passes, or null for the calling thread
     */
    static long[] multiply(long[] la, long bitsA, long[] lb, long bitsB, boolean same, int forcePrimes,
            ForkJoinPool pool) {
        if (!fits(bitsA, bitsB)) { // the shapes fit, but not the product's limbs in one array
            choose(bitsA, bitsB, same, forcePrimes);
            throw new IllegalArgumentException("a product of " + bitsA + " and " + bitsB
                    + " bits does not fit one limb array (at most " + Limbs.MAX_ARRAY_LENGTH + " limbs)");
        }
        Shape shape = choose(bitsA, bitsB, same, forcePrimes);
        return multiply(la, bitsA, lb, bitsB, same, shape, pool);
    }

    /** {@link #multiply(long[], long, long[], long, boolean, int, ForkJoinPool)} in the given shape (tests). */
    static long[] multiply(long[] la, long bitsA, long[] lb, long bitsB, boolean same, Shape shape,
            ForkJoinPool pool) {
        int s = shape.primes();
        int w = shape.pieceBits();
        double[][] partsA = parts(la, w, shape.piecesA());
        double[][] partsB = same ? partsA : parts(lb, w, shape.piecesB());
        double[][][] res = new double[s][][];
        double[][][] keep = new double[s][][]; // borrowed matrices whose rows res[j] shares
        runPerPrime(pool, s, j -> {
            if (shape.layout() != CYCLIC) {
                res[j] = splitConvolution(shape, partsA, partsB, same, PRIMES[j], keep, j);
                return;
            }
            DoubleNttPlan plan = DoubleNttPlan.of(PRIMES[j], shape.log2n());
            double[][] ma = plan.borrowCoefficients();
            int rowsA = residues(partsA, w, PRIMES[j], ma);
            if (same) {
                plan.convolution(ma, ma, false, null, rowsA, rowsA);
            } else {
                double[][] mb = plan.borrowCoefficients();
                int rowsB = residues(partsB, w, PRIMES[j], mb);
                plan.convolution(ma, mb, false, null, rowsA, rowsB);
                DoubleNttPlan.giveBack(mb);
            }
            res[j] = ma;
        });
        long[] out = new long[(int) ((bitsA + bitsB + 63) / 64) + 1];
        garner(res, s);
        recombine(res, s, (int) shape.productPieces(), w, out);
        for (int j = 0; j < s; j++) {
            DoubleNttPlan.giveBack(keep[j] != null ? keep[j] : res[j]);
        }
        return out;
    }

    /*
     * The split layouts: c mod (x^N + 1) = A and c mod (x^M -+ 1) = B for the product c of the
     * piece polynomials, M = N/2 (cyclic) or N/4 (negacyclic), deg c < N + M. Since x^N + 1 = 2
     * modulo x^M -+ 1, the CRT gives c = A + (x^N + 1) t with t = (B - (A mod x^M -+ 1)) / 2
     * modulo x^M -+ 1, deg t < M: c_i = A_i + t_i and c_(N + i) = t_i for i < M, c_i = A_i for
     * M <= i < N. Returns the product's pieces mod p as a matrix of N's plan's columns whose
     * first N / C rows are those of the borrowed matrix put in holder[j] (given back by the
     * caller after the recombination).
     */
    private static double[][] splitConvolution(Shape shape, double[][] partsA, double[][] partsB, boolean same,
            long p, double[][][] holder, int j) {
        int w = shape.pieceBits();
        int layout = shape.layout();
        double[] fa = flatResidues(partsA, w, p);
        double[] fb = same ? fa : flatResidues(partsB, w, p);
        double[][] big = convolve(DoubleNttPlan.of(p, shape.log2n()), true, fa, fb, same, p);
        holder[j] = big;
        double[][] out;
        if (layout == THREE_QUARTERS) {
            double[][] mid = convolve(DoubleNttPlan.of(p, shape.log2n() - 1), true, fa, fb, same, p);
            double[][] small = convolve(DoubleNttPlan.of(p, shape.log2n() - 2), false, fa, fb, same, p);
            out = combineThreeQuarters(big, mid, small, shape, p);
            DoubleNttPlan.giveBack(mid);
            DoubleNttPlan.giveBack(small);
        } else {
            boolean negSmall = layout == QUARTER;
            double[][] small = convolve(DoubleNttPlan.of(p, shape.log2m()), negSmall, fa, fb, same, p);
            out = combine(big, small, shape, negSmall, p);
            DoubleNttPlan.giveBack(small);
        }
        return out;
    }

    // fa fb modulo x^n + 1 (negacyclic) or x^n - 1, n the plan's length, in a borrowed matrix.
    private static double[][] convolve(DoubleNttPlan plan, boolean negacyclic, double[] fa, double[] fb,
            boolean same, long p) {
        double[][] ma = plan.borrowCoefficients();
        int rowsA = fold(fa, ma, negacyclic, p);
        if (same) {
            plan.convolution(ma, ma, negacyclic, null, rowsA, rowsA);
        } else {
            double[][] mb = plan.borrowCoefficients();
            int rowsB = fold(fb, mb, negacyclic, p);
            plan.convolution(ma, mb, negacyclic, null, rowsA, rowsB);
            DoubleNttPlan.giveBack(mb);
        }
        return ma;
    }

    /*
     * THREE_QUARTERS: A = c mod x^N + 1, B1 = c mod x^(N/2) + 1, B2 = c mod x^(N/4) - 1, deg c <
     * 7N/4. As in splitConvolution, c = A + (x^N + 1) t with deg t < 3N/4, t = r1 mod x^(N/2) + 1
     * and t = r2 mod x^(N/4) - 1 for r1 = (B1 - (A mod x^(N/2) + 1)) / 2, r2 = (B2 - (A mod x^(N/4)
     * - 1)) / 2 (x^N + 1 = 2 modulo both); and t = r1 + (x^(N/2) + 1) u with u = (r2 - (r1 mod
     * x^(N/4) - 1)) / 2, deg u < N/4. With q = N/4 and i < q: t_i = r1_i + u_i, t_(q + i) =
     * r1_(q + i), t_(2q + i) = u_i; r1_i = (B1_i - A_i + A_(2q + i)) / 2, r1_(q + i) = (B1_(q + i)
     * - A_(q + i) + A_(3q + i)) / 2, r2_i = (B2_i - A_i - A_(q + i) - A_(2q + i) - A_(3q + i)) / 2.
     */
    private static double[][] combineThreeQuarters(double[][] a, double[][] b1, double[][] b2, Shape shape, long p) {
        int n = 1 << shape.log2n();
        int q = n / 4;
        int count = (int) shape.productPieces();
        int cols = a[0].length;
        int logC = Integer.numberOfTrailingZeros(cols);
        int cols1 = b1[0].length;
        int logC1 = Integer.numberOfTrailingZeros(cols1);
        int seg = b2[0].length; // divides q, cols1 and cols
        int logSeg = Integer.numberOfTrailingZeros(seg);
        double[][] out = extend(a, count);
        double pd = p;
        double pinv = 1.0 / p;
        double np = -pd;
        for (int i0 = 0; i0 < q; i0 += seg) {
            double[] a0 = a[i0 >>> logC];
            double[] a1 = a[(i0 + q) >>> logC];
            double[] a2 = a[(i0 + 2 * q) >>> logC];
            double[] a3 = a[(i0 + 3 * q) >>> logC];
            int o0 = i0 & (cols - 1);
            int o1 = (i0 + q) & (cols - 1);
            int o2 = (i0 + 2 * q) & (cols - 1);
            int o3 = (i0 + 3 * q) & (cols - 1);
            double[] c0 = b1[i0 >>> logC1];
            double[] c1 = b1[(i0 + q) >>> logC1];
            int p0 = i0 & (cols1 - 1);
            int p1 = (i0 + q) & (cols1 - 1);
            double[] d = b2[i0 >>> logSeg];
            for (int c = 0; c < seg; c++) {
                double x0 = a0[o0 + c];
                double x1 = a1[o1 + c];
                double x2 = a2[o2 + c];
                double x3 = a3[o3 + c];
                double r1lo = half(c0[p0 + c] - x0 + x2, pd, pinv, np);
                double r1hi = half(c1[p1 + c] - x1 + x3, pd, pinv, np);
                double r2 = half(d[c] - x0 - x1 - x2 - x3, pd, pinv, np);
                double u = half(r2 - r1lo - r1hi, pd, pinv, np);
                double t0 = r1lo + u;
                t0 = Math.fma(Math.rint(t0 * pinv), np, t0);
                double y0 = x0 + t0;
                double y1 = x1 + r1hi;
                double y2 = x2 + u;
                a0[o0 + c] = Math.fma(Math.rint(y0 * pinv), np, y0);
                a1[o1 + c] = Math.fma(Math.rint(y1 * pinv), np, y1);
                a2[o2 + c] = Math.fma(Math.rint(y2 * pinv), np, y2);
                // t_i, t_(q + i), t_(2q + i) for c_(N + i), c_(N + q + i), c_(N + 2q + i)
                c0[p0 + c] = t0;
                c1[p1 + c] = r1hi;
                d[c] = u;
            }
            place(out, n + i0, c0, p0, seg, count, logC);
            place(out, n + q + i0, c1, p1, seg, count, logC);
            place(out, n + 2 * q + i0, d, 0, seg, count, logC);
        }
        return out;
    }

    // (x / 2) mod p for an integer-valued x of magnitude below 2^52 / 1.01: |result| < 0.76 p.
    private static double half(double x, double pd, double pinv, double np) {
        double t = Math.fma(Math.rint(x * pinv), np, x);        // |t| <= p/2 (plus a unit)
        double odd = t - 2.0 * Math.floor(t * 0.5);             // t mod 2 in {0, 1}
        return (t + odd * pd) * 0.5;
    }

    // out's pieces [at, at + len) (those below count) = src[from, from + len); the range lies in one row.
    private static void place(double[][] out, int at, double[] src, int from, int len, int count, int logC) {
        int n = Math.min(len, count - at);
        if (n > 0) {
            System.arraycopy(src, from, out[at >>> logC], at & ((1 << logC) - 1), n);
        }
    }

    // a matrix of a's row length holding count pieces: a's rows, then fresh zero rows.
    private static double[][] extend(double[][] a, int count) {
        int cols = a[0].length;
        int rowsOut = (count + cols - 1) / cols;
        double[][] out = new double[rowsOut][];
        for (int r = 0; r < rowsOut; r++) {
            out[r] = r < a.length ? a[r] : new double[cols];
        }
        return out;
    }

    // The residues mod p of all pieces, in (-p/2, p/2], as one array.
    private static double[] flatResidues(double[][] parts, int w, long p) {
        int k = (w + 2) / 3;
        double c1 = DoubleCrt.symmetric(powerOfTwo(k, p), p);
        double c2 = DoubleCrt.symmetric(powerOfTwo(2L * k, p), p);
        int count = parts[0].length;
        double[] v = new double[count];
        residueRow(parts[0], parts[1], parts[2], 0, v, count, c1, c2, p);
        return v;
    }

    // m (R x C) = v mod x^(RC) + 1 (negacyclic) or x^(RC) - 1, reduced into (-p/2, p/2] where
    // blocks were added; returns the number of rows written (the rest are zero for the transform).
    private static int fold(double[] v, double[][] m, boolean negacyclic, long p) {
        int rows = m.length;
        int cols = m[0].length;
        int len = v.length;
        int period = rows * cols;
        int used = len >= period ? rows : (len + cols - 1) / cols;
        double pd = p;
        double pinv = 1.0 / p;
        double np = -pd;
        for (int r = 0; r < used; r++) {
            int off = r * cols;
            double[] row = m[r];
            int ro = 0;
            int n0 = Math.min(cols, len - off);
            System.arraycopy(v, off, row, ro, n0);
            if (n0 < cols) {
                java.util.Arrays.fill(row, ro + n0, ro + cols, 0.0);
            }
            boolean folded = false;
            for (int k = 1; off + (long) k * period < len; k++) {
                int base = off + k * period;
                int nk = Math.min(cols, len - base);
                if (negacyclic && (k & 1) == 1) {
                    for (int c = 0; c < nk; c++) {
                        row[ro + c] -= v[base + c];
                    }
                } else {
                    for (int c = 0; c < nk; c++) {
                        row[ro + c] += v[base + c];
                    }
                }
                folded = true;
            }
            if (folded) {
                for (int c = 0; c < cols; c++) {
                    double x = row[ro + c];
                    row[ro + c] = Math.fma(Math.rint(x * pinv), np, x);
                }
            }
        }
        return used;
    }

    // The CRT of the split layouts (see splitConvolution) over segments of the small plan's
    // row length, which divides M and the big plan's row length: vectorized loops.
    private static double[][] combine(double[][] a, double[][] b, Shape shape, boolean negSmall, long p) {
        int logN = shape.log2n();
        int n = 1 << logN;
        int m = 1 << shape.log2m();
        int count = (int) shape.productPieces();
        int cols = a[0].length;
        int logC = Integer.numberOfTrailingZeros(cols);
        int bCols = b[0].length;
        int logBC = Integer.numberOfTrailingZeros(bCols);
        double[][] out = extend(a, count);
        double pd = p;
        double pinv = 1.0 / p;
        double np = -pd;
        int blocks = n / m; // 2 (HALF) or 4 (QUARTER)
        for (int i0 = 0; i0 < m; i0 += bCols) {
            double[] bRow = b[i0 >>> logBC];
            double[] a0 = a[i0 >>> logC];
            int o0 = i0 & (cols - 1);
            double[] a1 = a[(i0 + m) >>> logC];
            int o1 = (i0 + m) & (cols - 1);
            double[] a2 = blocks == 4 ? a[(i0 + 2 * m) >>> logC] : a1;
            double[] a3 = blocks == 4 ? a[(i0 + 3 * m) >>> logC] : a1;
            int o2 = (i0 + 2 * m) & (cols - 1);
            int o3 = (i0 + 3 * m) & (cols - 1);
            for (int c = 0; c < bCols; c++) {
                double x0 = a0[o0 + c];
                double am = blocks == 4 ? x0 - a1[o1 + c] + a2[o2 + c] - a3[o3 + c] : x0 + a1[o1 + c];
                double t = half(bRow[c] - am, pd, pinv, np);
                double lo = x0 + t;
                a0[o0 + c] = Math.fma(Math.rint(lo * pinv), np, lo);
                bRow[c] = t;
            }
            place(out, n + i0, bRow, 0, bCols, count, logC); // t_i is c_(N + i)
        }
        // entries beyond count (fresh rows: zero) are read by Garner, never by the packing
        return out;
    }

    // One prime per task: the primes are independent and at least three, so two threads keep
    // busy without splitting the transforms themselves.
    private static void runPerPrime(ForkJoinPool pool, int s, java.util.function.IntConsumer body) {
        if (pool == null || pool.getParallelism() <= 1) {
            for (int j = 0; j < s; j++) {
                body.accept(j);
            }
        } else {
            pool.submit(() -> java.util.stream.IntStream.range(0, s).parallel().forEach(body)).join();
        }
    }

    /**
     * The pieces' parts: parts[t][i] = bits [i w + t k, i w + (t + 1) k) of the limbs (k =
     * ceil(w / 3) &lt;= 40; the last part may be shorter), as doubles. O(count).
     */
    static double[][] parts(long[] limbs, int w, long count) {
        int k = (w + 2) / 3;
        int n = (int) count;
        double[][] parts = new double[3][n];
        long maskK = (1L << k) - 1;
        int kLast = w - 2 * k;
        long maskLast = kLast <= 0 ? 0 : (1L << kLast) - 1;
        double[] p0 = parts[0];
        double[] p1 = parts[1];
        double[] p2 = parts[2];
        // pieces whose windows stay inside the limbs (the last part's window starts below bit
        // 64 (length - 1)) take the branch-free path; the few at the top read zeros above
        long safeBits = 64L * (limbs.length - 1);
        int fast = (int) Math.max(0, Math.min(n, (safeBits - 2L * k + w - 1) / w));
        for (int i = 0; i < fast; i++) {
            long bit = (long) i * w;
            p0[i] = window(limbs, bit) & maskK;
            p1[i] = window(limbs, bit + k) & maskK;
            p2[i] = window(limbs, bit + 2L * k) & maskLast;
        }
        for (int i = fast; i < n; i++) {
            long bit = (long) i * w;
            p0[i] = windowAtTop(limbs, bit) & maskK;
            p1[i] = windowAtTop(limbs, bit + k) & maskK;
            p2[i] = windowAtTop(limbs, bit + 2L * k) & maskLast;
        }
        return parts;
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
     * rest is left for the transform to take as zero). O(count).
     */
    static int residues(double[][] parts, int w, long p, double[][] m) {
        int k = (w + 2) / 3;
        double c1 = DoubleCrt.symmetric(powerOfTwo(k, p), p);
        double c2 = DoubleCrt.symmetric(powerOfTwo(2L * k, p), p);
        int count = parts[0].length;
        int cols = m[0].length;
        int used = (count + cols - 1) / cols;
        for (int r = 0; r < used; r++) {
            int off = r * cols;
            int len = Math.min(cols, count - off);
            residueRow(parts[0], parts[1], parts[2], off, m[r], len, c1, c2, p);
            if (len < cols) {
                java.util.Arrays.fill(m[r], len, cols, 0.0);
            }
        }
        return used;
    }

    // row[c] = a0 + a1 c1 + a2 c2 (mod p, reduced) at [off + c], c < len: vectorized.
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
            double v = Math.fma(Math.rint(x * c1p), np, h) + Math.fma(x, c1, -h)
                    + Math.fma(Math.rint(y * c2p), np, g) + Math.fma(y, c2, -g) + a0[off + c];
            row[c] = Math.fma(Math.rint(v * pinv), np, v);
        }
    }

    /**
     * In place: res[j] becomes the mixed-radix digit v_j in [-p_j/2, p_j/2] ({@link DoubleCrt#digits}).
     */
    static void garner(double[][][] res, int s) {
        CRT[s].digits(res, 0, res[0].length);
    }

    /**
     * out = sum_i c_i 2^(w i) for the first count coefficients (out zero on entry), c_i given
     * by the digits of {@link #garner}, by planes: after the digits are normalized into
     * [0, p_j) (mixed-radix carries, vectorized), X_j = sum_i v_ij 2^(w i) is packed into limbs
     * (the digits do not overlap: v &lt; 2^50 &lt;= w) and out = X_0 + p_0 (X_1 + p_1 (...)) by
     * one multiply-add pass per prime. Limb t of a pass needs only limb t of the previous pass
     * and its own carry, so the passes run chunk by chunk over a small buffer (no
     * product-sized temporary). O(count s) word operations, no per-coefficient multi-limb
     * arithmetic.
     */
    static void recombine(double[][][] res, int s, int count, int w, long[] out) {
        CRT[s].normalize(res, 0, res[0].length);
        int len = out.length;
        long[] carries = new long[s];
        long[] chunk = new long[RECOMBINE_CHUNK + 2];
        for (int t0 = 0; t0 < len; t0 += RECOMBINE_CHUNK) {
            int t1 = Math.min(len, t0 + RECOMBINE_CHUNK);
            pack(res[s - 1], count, w, t0, t1, chunk);
            System.arraycopy(chunk, 1, out, t0, t1 - t0);
            for (int j = s - 2; j >= 0; j--) {
                pack(res[j], count, w, t0, t1, chunk);
                carries[j] = mulAdd(out, t0, t1, PRIMES[j], chunk, carries[j]);
            }
        }
    }

    // Limbs per chunk of the recombination passes.
    private static final int RECOMBINE_CHUNK = 2048;

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
