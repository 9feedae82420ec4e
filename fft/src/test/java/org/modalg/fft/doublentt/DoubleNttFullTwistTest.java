package org.modalg.fft.doublentt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fields.NttPrimes;
import org.modalg.fft.ntt.NaiveZp;
import org.modalg.fields.ZpField;

/**
 * The full twist tables of {@link DoubleNttPlan} ({@code FullTwist}, used up to
 * {@code fullTwistMaxLog2n}): with the tables forced on and forced off at every length
 * 2^2..2^17, the forward spectra agree residue for residue and stay within their bound, and the
 * convolutions equal naive O(n^2) convolutions mod p (up to 2^9) or satisfy the convolution
 * theorem at random roots (above); cyclic and negacyclic, two primes, random inputs (seed
 * printed) and the edge rows 0 and p - 1. The default threshold is checked at its edges.
 */
class DoubleNttFullTwistTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final long P = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
    private static final long P2 = NttPrimes.largestBelow(1L << 40, 20);

    // kind 1: all p - 1, 2: all zero, else uniform
    private static long[] random(Random rnd, int n, long p) {
        return DoubleNttPlanFusedTest.random(rnd, n, p, rnd.nextInt(4));
    }

    private static long[] residues(double[][] m, long p, double bound) {
        int w = m[0].length;
        long[] out = new long[m.length * w];
        for (int i = 0; i < out.length; i++) {
            double v = m[i / w][i % w];
            assertTrue(Math.abs(v) < bound * p && v == Math.rint(v), "bound " + bound + " p: " + v);
            out[i] = DoubleNttPlan.residue(v, p);
        }
        return out;
    }

    // [forward spectrum residues, convolution residues] with the tables on or off
    private static long[][] run(DoubleNttPlan plan, long[] a, long[] b, boolean nega, boolean tables) {
        int before = DoubleNttPlan.fullTwistMaxLog2n;
        DoubleNttPlan.fullTwistMaxLog2n = tables ? 30 : -1;
        try {
            double[][] sa = plan.newSpectrum();
            plan.forward(DoubleNttMatrices.of(plan, a), sa, nega, null);
            double[][] ma = DoubleNttMatrices.of(plan, a);
            plan.convolution(ma, DoubleNttMatrices.of(plan, b), nega, null);
            return new long[][] {residues(sa, plan.p(), 1.45), residues(ma, plan.p(), 1.1)};
        } finally {
            DoubleNttPlan.fullTwistMaxLog2n = before;
        }
    }

    @Test
    void tabledAndComputedTwistsGiveTheSameTransformsAndCorrectProducts() {
        System.out.println("DoubleNttFullTwistTest seed = " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
        Random rnd = new Random(SEED);
        for (int lg = DoubleNttPlan.MIN_LOG2N; lg <= 17; lg++) {
            for (long p : new long[] {P, P2}) {
                DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
                ZpField f = ZpField.of(p);
                int n = 1 << lg;
                for (boolean nega : new boolean[] {false, true}) {
                    long[] a = random(rnd, n, p);
                    long[] b = random(rnd, n, p);
                    String ctx = "seed=" + SEED + " p=" + p + " log2n=" + lg + " nega=" + nega;
                    long[][] on = run(plan, a, b, nega, true);
                    long[][] off = run(plan, a, b, nega, false);
                    assertArrayEquals(off[0], on[0], ctx + " spectrum");
                    assertArrayEquals(off[1], on[1], ctx + " product");
                    if (lg <= 9) {
                        assertArrayEquals(NaiveZp.convolution(a, b, p, nega), on[1], ctx + " against the naive product");
                    } else {
                        long w = NttPrimes.primitiveRootOfUnity(p, lg);
                        long psi = nega ? NttPrimes.primitiveRootOfUnity(p, lg + 1) : 1;
                        for (int t = 0; t < 3; t++) {
                            long x = f.mul(psi, f.pow(w, rnd.nextInt(n)));
                            assertEquals(f.mul(NaiveZp.horner(a, x, f), NaiveZp.horner(b, x, f)), NaiveZp.horner(on[1], x, f), ctx);
                        }
                    }
                }
            }
        }
    }

    @Test
    void theTablesExistUpToTheThresholdOnly() {
        int max = DoubleNttPlan.fullTwistMaxLog2n;
        assertEquals(13, max, "default threshold");
        for (int lg = max - 1; lg <= max + 1; lg++) {
            DoubleNttPlan plan = DoubleNttPlan.of(P, lg);
            for (boolean nega : new boolean[] {false, true}) {
                DoubleNttPlan.FullTwist t = plan.fullTwist(nega);
                if (lg <= max) {
                    assertNotNull(t, "log2n=" + lg);
                    assertEquals(plan.columns() / 2, t.fwd().length);
                    assertEquals(plan.columns(), t.inv().length);
                    assertEquals(plan.rows(), t.fwd()[0].length);
                    // entry (c, s) of the forward table is theta_s^c: row 1 is theta, row c its c-th power
                    ZpField f = ZpField.of(P);
                    int s = plan.rows() - 1;
                    long theta = Math.floorMod((long) t.fwd()[1][s], P);
                    int c = t.fwd().length - 1;
                    assertEquals(f.pow(theta, c), Math.floorMod((long) t.fwd()[c][s], P), "log2n=" + lg);
                    for (double[] row : t.inv()) {
                        for (double v : row) {
                            assertTrue(Math.abs(v) <= P / 2, "symmetric entries");
                        }
                    }
                } else {
                    assertNull(t, "log2n=" + lg);
                }
            }
        }
    }
}
