package org.modalg.fft.doublentt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.NaiveZp;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/**
 * The pointwise-inverse and transformed-operand paths of {@link DoubleNttPlan}
 * ({@link DoubleNttPlan#pointwiseInverse}, {@link DoubleNttPlan#multiplyTransformed}): against
 * naive O(n^2) cyclic and negacyclic convolutions mod p for every length 2^2..2^10, against the
 * convolution theorem at random roots of unity up to 2^18, and on a pool of two threads value
 * for value against the calling thread alone (the same doubles). Inputs random (seed printed)
 * plus the edge rows 0 and p - 1.
 */
class DoubleNttPlanFusedTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final long P = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
    private static final long P2 = NttPrimes.largestBelow(1L << 40, 20);

    /** n residues mod p: kind 1 all p - 1, kind 2 all zero, else uniform (shared by the package's transform tests). */
    static long[] random(Random rnd, int n, long p, int kind) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = kind == 1 ? p - 1 : kind == 2 ? 0 : Math.floorMod(rnd.nextLong(), p);
        }
        return a;
    }

    private static long[] values(DoubleNttPlan plan, double[][] m) {
        int c = plan.columns();
        long[] out = new long[plan.rows() * c];
        for (int i = 0; i < out.length; i++) {
            double v = m[i / c][i % c];
            assertTrue(Math.abs(v) < 1.1 * plan.p() && v == Math.rint(v), "output bound: " + v);
            out[i] = DoubleNttPlan.residue(v, plan.p());
        }
        return out;
    }

    // c = a b three ways: convolution, forward b once + multiplyTransformed, forward both + pointwiseInverse.
    private static long[][] threeWays(DoubleNttPlan plan, long[] a, long[] b, boolean nega, ForkJoinPool pool) {
        double[][] ma = DoubleNttMatrices.of(plan, a);
        plan.convolution(ma, DoubleNttMatrices.of(plan, b), nega, pool);
        double[][] sb = plan.newSpectrum();
        plan.forward(DoubleNttMatrices.of(plan, b), sb, nega, pool);
        double[][] mt = DoubleNttMatrices.of(plan, a);
        plan.multiplyTransformed(mt, sb, nega, pool, plan.rows());
        double[][] mt2 = DoubleNttMatrices.of(plan, a); // b's spectrum is kept: use it twice
        plan.multiplyTransformed(mt2, sb, nega, pool, plan.rows());
        double[][] sa = plan.newSpectrum();
        plan.forward(DoubleNttMatrices.of(plan, a), sa, nega, pool);
        double[][] out = plan.newCoefficients();
        plan.pointwiseInverse(sa, sb, out, nega, pool);
        return new long[][] {values(plan, ma), values(plan, mt), values(plan, mt2), values(plan, out)};
    }

    @Test
    void pointwiseInverseAndTransformedProductsMatchNaiveConvolutions() {
        System.out.println("DoubleNttPlanFusedTest seed = " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
        Random rnd = new Random(SEED);
        for (int lg = DoubleNttPlan.MIN_LOG2N; lg <= 10; lg++) {
            for (long p : new long[] {P, P2}) {
                DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
                for (boolean nega : new boolean[] {false, true}) {
                    int kind = rnd.nextInt(4);
                    long[] a = random(rnd, 1 << lg, p, kind);
                    long[] b = random(rnd, 1 << lg, p, rnd.nextInt(4));
                    long[] expect = NaiveZp.convolution(a, b, p, nega);
                    long[][] got = threeWays(plan, a, b, nega, null);
                    String ctx = "seed=" + SEED + " p=" + p + " log2n=" + lg + " nega=" + nega;
                    for (long[] g : got) {
                        assertArrayEquals(expect, g, ctx);
                    }
                    // square through pointwiseInverse(a, a)
                    double[][] sa = plan.newSpectrum();
                    plan.forward(DoubleNttMatrices.of(plan, a), sa, nega, null);
                    double[][] out = plan.newCoefficients();
                    plan.pointwiseInverse(sa, sa, out, nega, null);
                    assertArrayEquals(NaiveZp.convolution(a, a, p, nega), values(plan, out), ctx + " square");
                }
            }
        }
    }

    @Test
    void longProductsOnAPoolGiveTheSameDoublesAndSatisfyTheTheorem() {
        Random rnd = new Random(SEED + 1);
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            for (int lg = 11; lg <= 18; lg++) {
                DoubleNttPlan plan = DoubleNttPlan.of(P, lg);
                int n = 1 << lg;
                for (boolean nega : new boolean[] {false, true}) {
                    long[] a = random(rnd, n, P, 0);
                    long[] b = random(rnd, n, P, 0);
                    // zero upper half (a product's padding): the nonzeroRows path
                    int half = plan.rows() / 2;
                    for (int i = half * plan.columns(); i < n; i++) {
                        a[i] = 0;
                    }
                    double[][][] spec = new double[2][][];
                    long[][] prod = new long[2][];
                    for (int v = 0; v < 2; v++) { // 0: the calling thread, 1: a pool of two
                        spec[v] = plan.newSpectrum();
                        plan.forward(DoubleNttMatrices.of(plan, a), spec[v], nega, v == 1 ? pool : null, half);
                        double[][] ma = DoubleNttMatrices.of(plan, a);
                        plan.convolution(ma, DoubleNttMatrices.of(plan, b), nega, v == 1 ? pool : null, half, plan.rows());
                        prod[v] = values(plan, ma);
                    }
                    String ctx = "seed=" + (SEED + 1) + " log2n=" + lg + " nega=" + nega;
                    for (int i = 0; i < spec[0].length; i++) {
                        assertArrayEquals(spec[0][i], spec[1][i], ctx + " pool, spectrum row " + i);
                    }
                    assertArrayEquals(prod[0], prod[1], ctx + " pool");
                    ZpField f = ZpField.of(P);
                    long w = NttPrimes.primitiveRootOfUnity(P, lg);
                    long psi = nega ? NttPrimes.primitiveRootOfUnity(P, lg + 1) : 1;
                    for (int t = 0; t < 3; t++) {
                        long x = f.mul(psi, f.pow(w, rnd.nextInt(n)));
                        assertEquals(f.mul(NaiveZp.horner(a, x, f), NaiveZp.horner(b, x, f)), NaiveZp.horner(prod[0], x, f), ctx);
                    }
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void badShapesAreRejectedByName() {
        DoubleNttPlan plan = DoubleNttPlan.of(P, 5); // 4 x 8: the shapes differ
        double[][] s = plan.newSpectrum();
        double[][] c = plan.newCoefficients();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> plan.pointwiseInverse(s, plan.newCoefficients(), c, false, null));
        assertTrue(e.getMessage().contains("b"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> plan.multiplyTransformed(c, c, false, null, 4));
        assertTrue(e.getMessage().contains("bSpectrum"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> plan.pointwiseInverse(s, s, s, false, null));
        assertTrue(e.getMessage().contains("coefficients"), e.getMessage());
    }
}
