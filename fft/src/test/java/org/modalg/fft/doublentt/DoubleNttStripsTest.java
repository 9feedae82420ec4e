package org.modalg.fft.doublentt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.modalg.fields.NttPrimes;

/**
 * The coefficient side in strips of columns ({@link DoubleNttStrips}) against the passes over
 * whole rows (the path {@link DoubleNttPlanTest} checks against schoolbook and DFT oracles):
 * forward (also of half-zero operands), inverse, convolution, pointwise inverse and the product
 * with a transformed operand give the same doubles, cyclic and negacyclic, on one thread and on
 * a pool, on random residues every run (seed printed); the strips forced at small sizes and
 * narrow widths (several strips per matrix, widths not a multiple of the transposes' 8), and at
 * 2^21 with the defaults. Plus a convolution against the schoolbook product and the strip widths.
 */
class DoubleNttStripsTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int MIN_LOG2N = DoubleNttPlan.stripMinLog2n;
    private static final int STRIP_BYTES = DoubleNttStrips.stripBytes;
    private static final int MIN_WIDTH = DoubleNttStrips.minWidth;
    private static final long P = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);

    static {
        System.out.println("DoubleNttStripsTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    @AfterEach
    void restore() {
        DoubleNttPlan.stripMinLog2n = MIN_LOG2N;
        DoubleNttStrips.stripBytes = STRIP_BYTES;
        DoubleNttStrips.minWidth = MIN_WIDTH;
    }

    @Test
    void widths() {
        DoubleNttStrips.stripBytes = 1 << 21;
        DoubleNttStrips.minWidth = 64;
        assertEquals(256, DoubleNttStrips.width(1024, 2048), "2^21 points: 1024 rows of 256 columns, 2 MiB");
        assertEquals(128, DoubleNttStrips.width(2048, 4096), "2^23 points");
        assertEquals(64, DoubleNttStrips.width(1 << 14, 1 << 14), "at least minWidth");
        assertEquals(32, DoubleNttStrips.width(4, 32), "at most the row");
        DoubleNttStrips.stripBytes = 8 * 32 * 3;
        DoubleNttStrips.minWidth = 1;
        assertEquals(2, DoubleNttStrips.width(32, 64), "a power of two");
    }

    @Test
    void narrowStripsGiveThePassesDoubles() {
        Random rnd = new Random(SEED);
        ForkJoinPool pool = new ForkJoinPool(3);
        try {
            DoubleNttStrips.minWidth = 1;
            int[][] cases = {{4, 8 * 2 * 1}, {9, 8 * 16 * 4}, {10, 8 * 32 * 16}, {12, 8 * 64 * 8}, {13, 8 * 64 * 16},
                {14, 8 * 128 * 64}};
            for (int[] cs : cases) {
                DoubleNttStrips.stripBytes = cs[1];
                for (ForkJoinPool use : new ForkJoinPool[] {null, pool}) {
                    for (boolean nega : new boolean[] {false, true}) {
                        compare(cs[0], nega, use, rnd);
                    }
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void defaultStripsGiveThePassesDoubles() {
        Random rnd = new Random(SEED + 1);
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            compare(21, false, null, rnd);
            compare(21, true, pool, rnd);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void convolutionInStripsIsTheSchoolbookProduct() {
        Random rnd = new Random(SEED + 2);
        DoubleNttPlan.stripMinLog2n = 2;
        DoubleNttStrips.minWidth = 1;
        DoubleNttStrips.stripBytes = 8 * 16 * 2;
        for (boolean nega : new boolean[] {false, true}) {
            DoubleNttPlan plan = DoubleNttPlan.of(P, 8);
            int n = 1 << 8;
            long[] x = new long[n];
            long[] y = new long[n];
            for (int i = 0; i < n; i++) {
                x[i] = i < 3 ? P - 1 : Math.floorMod(rnd.nextLong(), P); // edge values too
                y[i] = i < 2 ? P - 1 : Math.floorMod(rnd.nextLong(), P);
            }
            double[][] a = DoubleNttMatrices.of(plan, x);
            double[][] b = DoubleNttMatrices.of(plan, y);
            int cols = plan.columns();
            plan.convolution(a, b, nega, null);
            for (int k = 0; k < n; k++) {
                assertEquals(DoubleNttMatrices.schoolbook(x, y, k, P, nega), DoubleNttPlan.residue(a[k / cols][k % cols], P),
                        "coefficient " + k + (nega ? ", negacyclic" : ", cyclic") + ", seed " + SEED);
            }
        }
    }

    // Every operation at 2^lg in passes (v = 0) and in strips (v = 1): the same doubles.
    private static void compare(int lg, boolean nega, ForkJoinPool pool, Random rnd) {
        DoubleNttPlan plan = DoubleNttPlan.of(P, lg);
        double[][] a = DoubleNttMatrices.random(plan, rnd);
        double[][] b = DoubleNttMatrices.random(plan, rnd);
        int half = plan.rows() / 2;
        double[][][][] got = new double[2][][][];
        for (int v = 0; v < 2; v++) {
            DoubleNttPlan.stripMinLog2n = v == 0 ? DoubleNttPlan.MAX_LOG2N + 1 : 2;
            double[][] fa = plan.newSpectrum();
            plan.forward(DoubleNttMatrices.copy(a), fa, nega, pool);
            double[][] fHalf = plan.newSpectrum();
            plan.forward(DoubleNttMatrices.copy(a), fHalf, nega, pool, half);
            double[][] fb = plan.newSpectrum();
            plan.forward(DoubleNttMatrices.copy(b), fb, nega, pool, half);
            double[][] inv = plan.newCoefficients();
            plan.inverse(DoubleNttMatrices.copy(fa), inv, nega, pool);
            double[][] conv = DoubleNttMatrices.copy(a);
            plan.convolution(conv, DoubleNttMatrices.copy(b), nega, pool, half, half);
            double[][] square = DoubleNttMatrices.copy(a);
            plan.convolution(square, square, nega, pool);
            double[][] pwInv = plan.newCoefficients();
            plan.pointwiseInverse(DoubleNttMatrices.copy(fHalf), fb, pwInv, nega, pool);
            double[][] mt = DoubleNttMatrices.copy(a);
            plan.multiplyTransformed(mt, fb, nega, pool, half);
            got[v] = new double[][][] {fa, fHalf, inv, conv, square, pwInv, mt};
            if (v == 1) {
                for (int i = 0; i < a.length; i++) {
                    for (int c = 0; c < a[i].length; c++) {
                        assertEquals((long) a[i][c], DoubleNttPlan.residue(inv[i][c], P), "round trip at 2^" + lg);
                    }
                }
            }
        }
        String[] names = {"forward", "forward of a half-zero operand", "inverse", "convolution", "square",
            "pointwiseInverse", "multiplyTransformed"};
        String at = "2^" + lg + (nega ? " negacyclic" : " cyclic") + (pool != null ? " on a pool" : "")
                + ", strips of " + DoubleNttStrips.width(plan.rows(), plan.columns()) + " columns, seed " + SEED;
        for (int k = 0; k < names.length; k++) {
            for (int i = 0; i < got[0][k].length; i++) {
                assertArrayEquals(got[0][k][i], got[1][k][i], names[k] + ", row " + i + ", " + at);
            }
        }
    }
}
