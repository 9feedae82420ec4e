package org.modalg.fft.doublentt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.modalg.fields.NttPrimes;

/**
 * The large transforms' passes on groups of rows of {@code DoubleNttKernels.largePassBytes}:
 * forward and inverse transforms and convolutions from 2^19 points (where the grouping changes
 * from 2^21) give the same doubles as the L2-sized groups (the path the schoolbook and DFT
 * oracles of {@link DoubleNttPlanTest} check at smaller sizes), and a forward + inverse gives the
 * input back modulo p, on random residues every run (seed printed), cyclic and negacyclic, on one
 * thread and on a pool; plus the level counts per pass at the edges of the threshold.
 */
class DoubleNttLargePassTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int LARGE = DoubleNttKernels.largePassBytes;

    static {
        System.out.println("DoubleNttLargePassTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    @AfterEach
    void restore() {
        DoubleNttKernels.largePassBytes = LARGE;
    }

    @Test
    void levelsPerPassAtTheThreshold() {
        // rows of 2^11 doubles (16 KiB): 16 per L2 group (4 levels), 128 per 2 MiB group (7 levels)
        assertEquals(4, DoubleNttKernels.levelsPerPass(1 << 11, 7), "2^18 doubles: L2 groups");
        assertEquals(5, DoubleNttKernels.levelsPerPass(1 << 11, 10), "2^21 doubles: two passes of 5 levels");
        DoubleNttKernels.largePassBytes = 0;
        assertEquals(4, DoubleNttKernels.levelsPerPass(1 << 11, 10), "2^21 doubles, switched off: three passes");
    }

    @Test
    void largeGroupsGiveTheSameDoubles() {
        long p = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
        Random rnd = new Random(SEED);
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
        try {
            for (int lg : new int[] {19, 21, 22}) {
                DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
                boolean nega = lg == 21;
                java.util.concurrent.ForkJoinPool use = lg == 22 ? pool : null;
                double[][] a = DoubleNttMatrices.random(plan, rnd);
                double[][] b = DoubleNttMatrices.random(plan, rnd);
                double[][][] spectra = new double[2][][];
                double[][][] back = new double[2][][];
                double[][][] conv = new double[2][][];
                for (int v = 0; v < 2; v++) {
                    DoubleNttKernels.largePassBytes = v == 0 ? 0 : LARGE;
                    double[][] m = DoubleNttMatrices.copy(a);
                    spectra[v] = plan.newSpectrum();
                    plan.forward(m, spectra[v], nega, use);
                    back[v] = plan.newCoefficients();
                    plan.inverse(DoubleNttMatrices.copy(spectra[v]), back[v], nega, use);
                    conv[v] = DoubleNttMatrices.copy(a);
                    plan.convolution(conv[v], DoubleNttMatrices.copy(b), nega, use);
                }
                String at = "2^" + lg + (nega ? " negacyclic" : " cyclic") + (use != null ? " on 2 threads" : "")
                        + ", seed " + SEED;
                for (int i = 0; i < spectra[0].length; i++) {
                    assertArrayEquals(spectra[0][i], spectra[1][i], "forward, row " + i + ", " + at);
                }
                for (int i = 0; i < a.length; i++) {
                    assertArrayEquals(back[0][i], back[1][i], "inverse, row " + i + ", " + at);
                    assertArrayEquals(conv[0][i], conv[1][i], "convolution, row " + i + ", " + at);
                    for (int c = 0; c < a[i].length; c++) {
                        assertEquals((long) a[i][c], DoubleNttPlan.residue(back[1][i][c], p), "round trip, " + at);
                    }
                }
            }
        } finally {
            pool.shutdown();
        }
    }
}
