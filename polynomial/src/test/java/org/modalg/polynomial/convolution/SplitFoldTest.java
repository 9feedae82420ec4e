package org.modalg.polynomial.convolution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.integer.DoubleNttIntMul;

/**
 * The split layouts' fold in fewer passes ({@link ConvolutionPlan#fusedFold} 1) against the fold
 * with a pass per block (0): bit for bit on random rows of every shape (copies, one block, several
 * blocks, a partial last block, both signs), read from the flat row or from a matrix of any row
 * length; and integer products in every truncated layout
 * computed both ways, with the product's top rows fresh or from the pool
 * ({@link ConvolutionPlan#pooledTop}; pooled rows hold earlier products' values), with the
 * residues in flat rows or in the big convolution's matrices
 * ({@link ConvolutionPlan#residuesInPlace}), against
 * BigInteger.multiply. A fresh seed per run, printed.
 */
class SplitFoldTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @BeforeAll
    static void seed() {
        System.out.println("SplitFoldTest seed=" + SEED + " (-Dmodalg.test.seed=S to replay)");
    }

    private static double[][] fold(double[] v, int rows, int cols, boolean negacyclic, long p, int fused,
            int[] used) {
        double[][] m = new double[rows][cols];
        for (double[] row : m) {
            java.util.Arrays.fill(row, Double.NaN); // every entry of a used row must be written
        }
        int before = ConvolutionPlan.fusedFold;
        ConvolutionPlan.fusedFold = fused;
        try {
            used[0] = ConvolutionPlan.fold(v, m, negacyclic, p);
        } finally {
            ConvolutionPlan.fusedFold = before;
        }
        return m;
    }

    @Test
    void fusedFoldEqualsFoldByPasses() {
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
            int[] u0 = new int[1];
            int[] u1 = new int[1];
            double[][] old = fold(v, rows, cols, neg, p, 0, u0);
            double[][] got = fold(v, rows, cols, neg, p, 1, u1);
            String what = "seed=" + SEED + " it=" + it + " " + rows + "x" + cols + " len=" + len + " neg=" + neg;
            assertEquals(u0[0], u1[0], what);
            for (int r = 0; r < u0[0]; r++) {
                assertArrayEquals(old[r], got[r], what + " row " + r);
            }
            // the same operand read from a matrix of srcCols columns (a transform's layout)
            int srcCols = 1 << rnd.nextInt(7);
            double[][] src = new double[(len + srcCols - 1) / srcCols][srcCols];
            for (int i = 0; i < len; i++) {
                src[i / srcCols][i % srcCols] = v[i];
            }
            double[][] fromMatrix = new double[rows][cols];
            for (double[] row : fromMatrix) {
                java.util.Arrays.fill(row, Double.NaN);
            }
            assertEquals(u0[0], ConvolutionPlan.foldFused(src, srcCols, len, fromMatrix, neg, p), what);
            for (int r = 0; r < u0[0]; r++) {
                assertArrayEquals(old[r], fromMatrix[r], what + " srcCols=" + srcCols + " row " + r);
            }
        }
    }

    @Test
    void productsInEveryTruncatedLayoutBothWays() {
        Random rnd = new Random(SEED ^ 0x60);
        int before = ConvolutionPlan.fusedFold;
        int beforeTop = ConvolutionPlan.pooledTop;
        int beforeInPlace = ConvolutionPlan.residuesInPlace;
        try {
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
                for (int way = 0; way < 8; way++) { // both folds, fresh or pooled (dirty) top rows, residues
                    int fused = way & 1;
                    ConvolutionPlan.fusedFold = fused;
                    ConvolutionPlan.pooledTop = (way >> 1) & 1;
                    ConvolutionPlan.residuesInPlace = way >> 2;
                    long[] got = DoubleNttIntMul.multiply(Limbs.magnitude(a), a.bitLength(), Limbs.magnitude(b),
                            b.bitLength(), square, shape, 1);
                    BigInteger g = Limbs.toBigInteger(got);
                    if (!expected.equals(g)) {
                        throw new AssertionError(what + " fusedFold=" + fused + " pooledTop=" + ((way >> 1) & 1) + " residuesInPlace="
                                + (way >> 2) + ": wrong product, differs from bit "
                                + expected.xor(g).getLowestSetBit());
                    }
                }
            }
        } finally {
            ConvolutionPlan.fusedFold = before;
            ConvolutionPlan.pooledTop = beforeTop;
            ConvolutionPlan.residuesInPlace = beforeInPlace;
        }
    }

    private static BigInteger operand(Random rnd, int bits, boolean ones) {
        return ones ? BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
                : new BigInteger(bits, rnd).setBit(bits - 1);
    }
}
