package org.modalg.polynomial.convolution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.integer.DoubleNttIntMul;

/**
 * The split layouts' fold ({@link ConvolutionPlan#fold}) against a naive fold entry by entry
 * (the same sums in the same order, bit for bit, and each entry checked congruent mod p and
 * reduced): random operands of every shape (copies, one block, several blocks, a partial last
 * block, both signs) read from one row, from a matrix of any row length, and folded in place
 * (an operand longer than the matrix: its first entries in the matrix itself, the rest in further
 * rows); and integer products in every truncated layout, operands longer than N among them
 * (residues past the big convolution's matrix), each product twice (the pool's matrices then
 * hold earlier products' values), against BigInteger.multiply. A fresh seed per run, printed.
 */
class SplitFoldTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @BeforeAll
    static void seed() {
        System.out.println("SplitFoldTest seed=" + SEED + " (-Dmodalg.test.seed=S to replay)");
    }

    // The fold of v (len entries) into rows x cols, entry by entry: ((v_k +- v_(k+P)) +- ...),
    // reduced by the nearest multiple of p in every row where a block was added; NaN past the
    // rows written (fold's count: all rows, or those holding the len entries).
    private static double[][] naiveFold(double[] v, int len, int rows, int cols, boolean negacyclic, long p) {
        int period = rows * cols;
        int used = len >= period ? rows : (len + cols - 1) / cols;
        double[][] m = new double[rows][cols];
        for (int r = 0; r < rows; r++) {
            boolean reduce = r * cols + (long) period < len;
            for (int c = 0; c < cols; c++) {
                int k = r * cols + c;
                if (r >= used) {
                    m[r][c] = Double.NaN;
                    continue;
                }
                double x = k < len ? v[k] : 0.0;
                for (int j = 1; k + (long) j * period < len; j++) {
                    double y = v[k + j * period];
                    x = negacyclic && (j & 1) == 1 ? x - y : x + y;
                }
                m[r][c] = reduce ? Math.fma(Math.rint(x * (1.0 / p)), -(double) p, x) : x;
            }
        }
        return m;
    }

    // got's rows [0, used) equal the naive fold's, and each entry is congruent to its signed sum
    // mod p, reduced where blocks were added
    private static void assertFold(double[] v, int len, double[][] expected, double[][] got, int used, boolean neg,
            long p, String what) {
        int rows = expected.length;
        int cols = expected[0].length;
        int period = rows * cols;
        assertEquals(len >= period ? rows : (len + cols - 1) / cols, used, what + ": rows written");
        for (int r = 0; r < used; r++) {
            assertArrayEquals(expected[r], got[r], what + " row " + r);
            for (int c = 0; c < cols; c++) {
                int k = r * cols + c;
                long sum = 0;
                for (int j = 0; k + (long) j * period < len; j++) {
                    long y = Math.floorMod((long) v[k + j * period], p);
                    sum = Math.floorMod(sum + (neg && (j & 1) == 1 ? -y : y), p);
                }
                assertEquals(sum, Math.floorMod((long) got[r][c], p), what + " entry " + k + " mod p");
                if (r * cols + (long) period < len) {
                    assertTrue(Math.abs(got[r][c]) <= p / 2 + 1, what + " entry " + k + " not reduced: " + got[r][c]);
                }
            }
        }
    }

    private static double[][] nans(int rows, int cols) {
        double[][] m = new double[rows][cols];
        for (double[] row : m) {
            java.util.Arrays.fill(row, Double.NaN); // every entry of a used row must be written
        }
        return m;
    }

    @Test
    void foldEqualsTheNaiveFold() {
        Random rnd = new Random(SEED ^ 0x5f);
        long p = 0x3ffffffffc0001L >>> 4; // an odd modulus below 2^50
        for (int it = 0; it < 400; it++) {
            int rows = 1 << rnd.nextInt(5);
            int cols = 1 << rnd.nextInt(6);
            int period = rows * cols;
            int len = 1 + rnd.nextInt(period * (1 + rnd.nextInt(5)) + 3);
            double[] v = new double[len];
            for (int i = 0; i < len; i++) { // residues in (-p, p), the extremes now and then
                v[i] = rnd.nextInt(8) == 0 ? (rnd.nextBoolean() ? p - 1 : 1 - p) : (double) ((rnd.nextLong() % p));
            }
            boolean neg = rnd.nextBoolean();
            double[][] expected = naiveFold(v, len, rows, cols, neg, p);
            String what = "seed=" + SEED + " it=" + it + " " + rows + "x" + cols + " len=" + len + " neg=" + neg;
            // from one row
            double[][] fromRow = nans(rows, cols);
            int used = ConvolutionPlan.fold(new double[][] {v}, len, len, fromRow, neg, p);
            assertFold(v, len, expected, fromRow, used, neg, p, what + " from one row");
            // from a matrix of srcCols columns (a transform's layout)
            int srcCols = 1 << rnd.nextInt(7);
            double[][] src = new double[(len + srcCols - 1) / srcCols][srcCols];
            for (int i = 0; i < len; i++) {
                src[i / srcCols][i % srcCols] = v[i];
            }
            double[][] fromMatrix = nans(rows, cols);
            used = ConvolutionPlan.fold(src, srcCols, len, fromMatrix, neg, p);
            assertFold(v, len, expected, fromMatrix, used, neg, p, what + " srcCols=" + srcCols);
            // in place: the first rows x cols entries in the matrix itself, the rest in further rows
            double[][] own = nans(rows, cols);
            int extra = Math.max(0, (len - period + cols - 1) / cols);
            double[][] all = new double[rows + extra][];
            System.arraycopy(own, 0, all, 0, rows);
            for (int r = rows; r < all.length; r++) {
                all[r] = new double[cols];
            }
            for (int i = 0; i < len; i++) {
                all[i / cols][i % cols] = v[i];
            }
            used = ConvolutionPlan.fold(all, cols, len, own, neg, p);
            assertFold(v, len, expected, own, used, neg, p, what + " in place");
        }
    }

    @Test
    void productsInEveryTruncatedLayout() {
        Random rnd = new Random(SEED ^ 0x60);
        int longer = 0; // products with an operand longer than N
        int done = 0;
        for (int it = 0; it < 60; it++) {
            int layout = 1 + rnd.nextInt(3); // HALF, QUARTER, THREE_QUARTERS
            int log2n = 4 + rnd.nextInt(8);
            long n = 1L << log2n;
            long cap = layout == 1 ? n + n / 2 : layout == 2 ? n + n / 4 : n + 3 * n / 4;
            long lower = layout == 1 ? n + n / 4 : layout == 2 ? n : n + n / 2;
            lower = rnd.nextInt(5) == 0 ? n / 2 : lower; // now and then a product no longer than N
            long pieces = rnd.nextInt(4) == 0 ? cap : lower + 1 + (long) (rnd.nextDouble() * (cap - lower));
            boolean square = rnd.nextInt(4) == 0;
            long pa = square ? Math.min((pieces + 1) / 2, (cap + 1) / 2) : 1 + (long) (rnd.nextDouble() * pieces);
            if (!square && pieces > n + 1 && it % 3 == 0) { // an operand longer than N
                pa = n + 1 + (long) (rnd.nextDouble() * (pieces - n - 1));
            }
            long pb = square ? pa : pieces + 1 - pa;
            int s = 3 + rnd.nextInt(4);
            // at most the pieces the chooser takes for these primes, then below the bound
            int wMax = DoubleNttIntMul.choose(60 * pa, 60 * pb, square, s).pieceBits();
            // (pieces below 50 bits, which the chooser never takes, give wrong products on the
            // existing route as well: left out here)
            int w = rnd.nextInt(3) == 0 || wMax <= 50 ? wMax : 50 + rnd.nextInt(wMax - 49);
            BigInteger m = BigInteger.ONE;
            for (long q : java.util.Arrays.copyOf(ConvolutionPlan.primes(6), s)) { // the integer products' primes
                m = m.multiply(BigInteger.valueOf(q));
            }
            // the largest such w with min(pa, pb) (2^w - 1)^2 < M / 4 (the coefficients' bound)
            while (w > 1 && BigInteger.valueOf(Math.min(pa, pb)).shiftLeft(2 * w + 2).compareTo(m) >= 0) {
                w--;
            }
            if (w < 50) {
                continue;
            }
            DoubleNttIntMul.Shape shape = new DoubleNttIntMul.Shape(s, w, log2n, pa, pb, layout);
            boolean ones = rnd.nextInt(3) == 0;
            BigInteger a = operand(rnd, (int) (w * pa), ones);
            BigInteger b = square ? a : operand(rnd, (int) (w * pb), ones);
            BigInteger expected = a.multiply(b);
            String what = "seed=" + SEED + " it=" + it + " " + shape + " square=" + square;
            for (int twice = 0; twice < 2; twice++) { // the second time on the first's pooled matrices
                long[] got = DoubleNttIntMul.multiply(Limbs.magnitude(a), a.bitLength(), Limbs.magnitude(b),
                        b.bitLength(), square, shape, 1);
                BigInteger g = Limbs.toBigInteger(got);
                if (!expected.equals(g)) {
                    throw new AssertionError(what + " (run " + twice + "): wrong product, differs from bit "
                            + expected.xor(g).getLowestSetBit());
                }
            }
            done++;
            longer += Math.max(pa, pb) > n ? 1 : 0;
        }
        System.out.println("SplitFoldTest: " + done + " products, " + longer + " with an operand longer than N");
        assertTrue(longer > 0, "seed=" + SEED + ": no product with an operand longer than N was drawn");
    }

    private static BigInteger operand(Random rnd, int bits, boolean ones) {
        return ones ? BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
                : new BigInteger(bits, rnd).setBit(bits - 1);
    }
}
