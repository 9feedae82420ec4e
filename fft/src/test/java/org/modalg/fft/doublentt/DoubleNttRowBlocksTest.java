package org.modalg.fft.doublentt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.modalg.fields.NttPrimes;

/**
 * The convolution's spectrum side in blocks of rows ({@link VectorRowBlocks}) against the
 * row-pairing passes and the transpose (the path {@link DoubleNttPlanTest} checks against
 * schoolbook and DFT oracles): the forward transform gives the same doubles in the transposed
 * place, and convolutions the same values (a signed zero aside), cyclic and negacyclic, squares,
 * half-zero operands, one thread and a pool, in row groups or whole passes and strips, with the full twist tables
 * and without; plus convolutions against the schoolbook product with edge values. Random
 * residues every run (seed printed). Runs where the vector butterflies run (the fft module's
 * vector-kernels test run forces them); elsewhere the tests say why they skip.
 */
class DoubleNttRowBlocksTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int ROW_BLOCK_MIN = DoubleNttPlan.rowBlockMinLog2n;
    private static final int STRIP_MIN = DoubleNttPlan.stripMinLog2n;
    private static final int STRIP_BYTES = DoubleNttStrips.stripBytes;
    private static final int MIN_WIDTH = DoubleNttStrips.minWidth;
    private static final int FULL_TWIST_MAX = DoubleNttPlan.fullTwistMaxLog2n;
    private static final int GROUP_BYTES = DoubleNttPlan.groupBytes;
    private static final long P = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
    private static final long SMALL = NttPrimes.largestBelow(1L << 31, 20);

    static {
        System.out.println("DoubleNttRowBlocksTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    @BeforeEach
    void needVectors() {
        if (!VectorNtt.ON) {
            String why = "DoubleNttRowBlocksTest skipped: the row blocks need the vector butterflies, off here ("
                    + VectorNtt.offReason() + ")";
            System.out.println(why);
            Assumptions.assumeTrue(false, why);
        }
    }

    @AfterEach
    void restore() {
        DoubleNttPlan.rowBlockMinLog2n = ROW_BLOCK_MIN;
        DoubleNttPlan.stripMinLog2n = STRIP_MIN;
        DoubleNttStrips.stripBytes = STRIP_BYTES;
        DoubleNttStrips.minWidth = MIN_WIDTH;
        DoubleNttPlan.fullTwistMaxLog2n = FULL_TWIST_MAX;
        DoubleNttPlan.groupBytes = GROUP_BYTES;
    }

    private static double[][] random(DoubleNttPlan plan, Random rnd, int nonzeroRows) {
        double[][] m = plan.newCoefficients();
        long p = plan.p();
        for (int r = 0; r < nonzeroRows; r++) {
            for (int c = 0; c < m[r].length; c++) {
                int kind = rnd.nextInt(16);
                long v = kind == 0 ? p - 1 : kind == 1 ? 0 : Math.floorMod(rnd.nextLong(), p);
                m[r][c] = rnd.nextBoolean() && v > p / 2 ? v - p : v; // [0, p) and (-p/2, p/2)
            }
        }
        return m;
    }

    private static void forwardMatches(long p, int log2n, boolean nega, int nonzeroRows, Random rnd, String what) {
        DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
        DoubleNttPlan.rowBlockMinLog2n = 2;
        assertTrue(plan.inRowBlocks(), "row blocks at 2^" + log2n);
        double[][] a = random(plan, rnd, nonzeroRows);
        double[][] b = DoubleNttMatrices.copy(a);
        double[][] spectrum = plan.newSpectrum();
        plan.forward(a, spectrum, nega, null, nonzeroRows);
        plan.forwardInRowBlocks(b, nega, null, nonzeroRows);
        for (int s = 0; s < plan.rows(); s++) {
            for (int c = 0; c < plan.columns(); c++) {
                if (Double.compare(spectrum[c][s], b[s][c]) != 0) {
                    throw new AssertionError("seed=" + SEED + " p=" + p + " 2^" + log2n + (nega ? " negacyclic " : " cyclic ")
                            + what + ": entry (" + s + ", " + c + ") " + b[s][c] + " against the spectrum's " + spectrum[c][s]);
                }
            }
        }
    }

    @Test
    void forwardGivesTheSpectrumsDoublesTransposed() {
        Random rnd = new Random(SEED);
        for (int log2n = 6; log2n <= 15; log2n++) {
            for (boolean nega : new boolean[] {false, true}) {
                int rows = 1 << (log2n - (log2n + 1) / 2);
                forwardMatches(P, log2n, nega, rows, rnd, "all rows");
                forwardMatches(SMALL, log2n, nega, rows / 2, rnd, "half the rows zero");
            }
        }
        DoubleNttPlan.fullTwistMaxLog2n = -1; // the two-table twist at small sizes
        forwardMatches(P, 9, false, 16, rnd, "two twist tables");
        DoubleNttPlan.fullTwistMaxLog2n = 20; // the full table at larger ones
        forwardMatches(P, 16, true, 128, rnd, "full twist table");
    }

    @Test
    void forwardInStripsGivesTheSpectrumsDoubles() {
        Random rnd = new Random(SEED + 1);
        DoubleNttPlan.stripMinLog2n = 2;
        DoubleNttStrips.minWidth = 1;
        for (int log2n : new int[] {8, 11, 14}) {
            DoubleNttStrips.stripBytes = 8 * 4 << (log2n / 2);
            forwardMatches(P, log2n, false, 1 << (log2n / 2), rnd, "strips");
            forwardMatches(P, log2n, true, 3, rnd, "strips, three rows");
        }
    }

    // The convolution in row blocks and by the passes, on the same operands: the same values.
    private static void convolutionMatches(long p, int log2n, boolean nega, boolean square, int rowsA, int rowsB,
            ForkJoinPool pool, Random rnd) {
        DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
        double[][] a = random(plan, rnd, rowsA);
        double[][] b = square ? a : random(plan, rnd, rowsB);
        double[][] a2 = DoubleNttMatrices.copy(a);
        double[][] b2 = square ? a2 : DoubleNttMatrices.copy(b);
        DoubleNttPlan.rowBlockMinLog2n = 2;
        assertTrue(plan.inRowBlocks());
        plan.convolution(a, b, nega, pool, rowsA, square ? rowsA : rowsB);
        DoubleNttPlan.rowBlockMinLog2n = Integer.MAX_VALUE;
        plan.convolution(a2, b2, nega, pool, rowsA, square ? rowsA : rowsB);
        for (int r = 0; r < plan.rows(); r++) {
            for (int c = 0; c < plan.columns(); c++) {
                if (a[r][c] != a2[r][c] || Math.abs(a[r][c]) >= 1.1 * p) {
                    throw new AssertionError("seed=" + SEED + " p=" + p + " 2^" + log2n + (nega ? " negacyclic" : " cyclic")
                            + (square ? " square" : "") + " group bytes " + DoubleNttPlan.groupBytes + " rows " + rowsA + "/" + rowsB + (pool != null ? " pool" : "")
                            + ": entry (" + r + ", " + c + ") " + a[r][c] + " against the passes' " + a2[r][c]);
                }
            }
        }
    }

    /**
     * Row groups of the default size (one group below 2^16 points), of one block (the most
     * levels before the groups), and none (whole passes over each matrix).
     */
    @Test
    void convolutionsGiveThePassesValues() {
        Random rnd = new Random(SEED + 2);
        ForkJoinPool pool = new ForkJoinPool(3);
        try {
            for (int bytes : new int[] {GROUP_BYTES, 1, 0}) {
                DoubleNttPlan.groupBytes = bytes;
                for (int log2n = 6; log2n <= 16; log2n++) {
                    int rows = 1 << (log2n - (log2n + 1) / 2);
                    for (boolean nega : new boolean[] {false, true}) {
                        convolutionMatches(P, log2n, nega, false, rows / 2, rows / 2, null, rnd);
                        convolutionMatches(SMALL, log2n, nega, true, rows, rows, null, rnd);
                        convolutionMatches(P, log2n, nega, false, rows, 1 + rnd.nextInt(rows), pool, rnd);
                    }
                }
            }
            DoubleNttPlan.groupBytes = 0;
            DoubleNttPlan.stripMinLog2n = 2;
            DoubleNttStrips.minWidth = 1;
            DoubleNttStrips.stripBytes = 8 * 16 * 4;
            convolutionMatches(P, 12, false, false, 32, 32, pool, rnd);
            convolutionMatches(P, 12, true, true, 64, 64, null, rnd);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void benchmarkHeadersSayWhichRoute() {
        DoubleNttPlan.rowBlockMinLog2n = 10;
        String on = DoubleNttPlan.describeButterflies();
        assertTrue(on.endsWith(", convolutions in row blocks from 2^10 points"), on);
        DoubleNttPlan.rowBlockMinLog2n = 99;
        String off = DoubleNttPlan.describeButterflies();
        assertTrue(off.endsWith(", convolutions by the passes (-Dmodalg.dntt.rowBlockMinLog2n=99)"), off);
        assertTrue(!DoubleNttPlan.of(P, 12).inRowBlocks(), "no row blocks from 2^99");
    }

    @Test
    void convolutionIsTheSchoolbookProduct() {
        Random rnd = new Random(SEED + 3);
        DoubleNttPlan.rowBlockMinLog2n = 2;
        for (long p : new long[] {P, SMALL}) {
            for (boolean nega : new boolean[] {false, true}) {
                int log2n = 8;
                DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
                int n = 1 << log2n;
                long[] x = new long[n];
                long[] y = new long[n];
                for (int i = 0; i < n; i++) {
                    x[i] = i < 3 || i == n - 1 ? p - 1 : Math.floorMod(rnd.nextLong(), p);
                    y[i] = i < 2 ? p - 1 : i == 5 ? 0 : Math.floorMod(rnd.nextLong(), p);
                }
                double[][] a = DoubleNttMatrices.of(plan, x);
                double[][] b = DoubleNttMatrices.of(plan, y);
                int cols = plan.columns();
                plan.convolution(a, b, nega, null);
                for (int k = 0; k < n; k++) {
                    assertEquals(DoubleNttMatrices.schoolbook(x, y, k, p, nega), DoubleNttPlan.residue(a[k / cols][k % cols], p),
                            "coefficient " + k + " p=" + p + (nega ? ", negacyclic" : ", cyclic") + ", seed " + SEED);
                }
            }
        }
    }
}
