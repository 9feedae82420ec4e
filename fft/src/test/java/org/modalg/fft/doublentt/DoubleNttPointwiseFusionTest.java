package org.modalg.fft.doublentt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fields.NttPrimes;

/**
 * The pointwise product fused into the inverse's first level
 * ({@link DoubleNttKernels#inverseButterfliesPointwise}, the default path of
 * {@link DoubleNttPlan#pointwiseInverse}, {@link DoubleNttPlan#convolution} and
 * {@link DoubleNttPlan#multiplyTransformed}): the kernel against BigInteger on random and extreme
 * inputs of the documented ranges, and the plan's fused path against its separate pointwise pass
 * ({@code DoubleNttPlan.fusedPointwise = false}) residue for residue at every length 2^2..2^20,
 * cyclic and negacyclic, products and squares; the same for the twists fused into the first
 * level of the length-C transforms and the last of their inverses
 * ({@link DoubleNttKernels#forwardButterfliesTwisted}, {@link DoubleNttKernels#inverseButterfliesTwisted};
 * {@code DoubleNttPlan.fusedTwist}), forward and inverse transforms on their own with inputs up to
 * the documented 1.5 p, and the output bounds. Random data, seed printed.
 */
class DoubleNttPointwiseFusionTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final long P = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);

    // An integer-valued double of magnitude at most bound.
    private static double within(Random rnd, double bound) {
        long b = (long) Math.floor(bound);
        return (double) (Math.floorMod(rnd.nextLong(), 2 * b + 1) - b);
    }

    private static long mod(BigInteger v, long p) {
        return v.mod(BigInteger.valueOf(p)).longValueExact();
    }

    @Test
    void kernelMatchesBigIntegerOnTheDocumentedRanges() {
        System.out.println("DoubleNttPointwiseFusionTest seed = " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
        Random rnd = new Random(SEED);
        long[] primes = {3, 7681, NttPrimes.largestBelow(1L << 40, 20), P, (1L << 50) - 27};
        int len = 67; // not a multiple of the vector width: the scalar tails too
        for (long p : primes) {
            double pd = p;
            double pinv = 1.0 / pd;
            double in = Math.floor(1.45 * p); // forward outputs: below 1.45 p
            double[] edges = {0, in, -in, p, -p, 1, -1};
            double[] twiddles = {0, 1, -1, (p - 1) / 2, -((p - 1) / 2), within(rnd, p / 2.0)};
            for (int round = 0; round < 40; round++) {
                double[] x = new double[len];
                double[] y = new double[len];
                double[] u = new double[len];
                double[] v = new double[len];
                for (int j = 0; j < len; j++) {
                    boolean edge = round < 4;
                    x[j] = edge ? edges[rnd.nextInt(edges.length)] : within(rnd, in);
                    y[j] = edge ? edges[rnd.nextInt(edges.length)] : within(rnd, in);
                    u[j] = edge ? edges[rnd.nextInt(edges.length)] : within(rnd, in);
                    v[j] = edge ? edges[rnd.nextInt(edges.length)] : within(rnd, in);
                }
                double w = round < twiddles.length ? twiddles[round] : within(rnd, p / 2.0);
                boolean square = round % 5 == 4;
                double[] uu = square ? x : u;
                double[] vv = square ? y : v;
                BigInteger[] xu = new BigInteger[len];
                BigInteger[] yv = new BigInteger[len];
                for (int j = 0; j < len; j++) {
                    xu[j] = BigInteger.valueOf((long) x[j]).multiply(BigInteger.valueOf((long) uu[j]));
                    yv[j] = BigInteger.valueOf((long) y[j]).multiply(BigInteger.valueOf((long) vv[j]));
                }
                DoubleNttKernels.inverseButterfliesPointwise(x, y, uu, vv, 0, len, w, pd, pinv);
                String ctx = "seed=" + SEED + " p=" + p + " round=" + round + " w=" + w;
                for (int j = 0; j < len; j++) {
                    assertTrue(x[j] == Math.rint(x[j]) && Math.abs(x[j]) <= 0.51 * p, ctx + " x bound " + x[j]);
                    assertTrue(y[j] == Math.rint(y[j]) && Math.abs(y[j]) < 1.07 * p, ctx + " y bound " + y[j]);
                    assertEquals(mod(xu[j].add(yv[j]), p), Math.floorMod((long) x[j], p), ctx + " j=" + j);
                    assertEquals(mod(xu[j].subtract(yv[j]).multiply(BigInteger.valueOf((long) w)), p),
                            Math.floorMod((long) y[j], p), ctx + " j=" + j);
                }
            }
        }
    }

    // pointwiseInverse(forward a, forward b) with the pointwise product and the twists fused or
    // in passes of their own.
    private static double[][] product(DoubleNttPlan plan, double[][] a, double[][] b, boolean nega, boolean fused,
            boolean fusedTwist) {
        boolean before = DoubleNttPlan.fusedPointwise;
        boolean beforeTwist = DoubleNttPlan.fusedTwist;
        DoubleNttPlan.fusedPointwise = fused;
        DoubleNttPlan.fusedTwist = fusedTwist;
        try {
            double[][] sa = plan.newSpectrum();
            plan.forward(DoubleNttMatrices.copy(a), sa, nega, null);
            double[][] sb = sa;
            if (b != null) {
                sb = plan.newSpectrum();
                plan.forward(DoubleNttMatrices.copy(b), sb, nega, null);
            }
            double[][] out = plan.newCoefficients();
            plan.pointwiseInverse(sa, sb, out, nega, null);
            return out;
        } finally {
            DoubleNttPlan.fusedPointwise = before;
            DoubleNttPlan.fusedTwist = beforeTwist;
        }
    }

    // The forward transform of a with the twist fused into the first row level or in its own pass.
    private static double[][] spectrum(DoubleNttPlan plan, double[][] a, boolean nega, boolean fusedTwist) {
        boolean before = DoubleNttPlan.fusedTwist;
        DoubleNttPlan.fusedTwist = fusedTwist;
        try {
            double[][] sa = plan.newSpectrum();
            plan.forward(DoubleNttMatrices.copy(a), sa, nega, null);
            return sa;
        } finally {
            DoubleNttPlan.fusedTwist = before;
        }
    }

    // The inverse transform of s with the twist fused into the last row level or in its own pass.
    private static double[][] inverse(DoubleNttPlan plan, double[][] s, boolean nega, boolean fusedTwist) {
        boolean before = DoubleNttPlan.fusedTwist;
        DoubleNttPlan.fusedTwist = fusedTwist;
        try {
            double[][] out = plan.newCoefficients();
            plan.inverse(DoubleNttMatrices.copy(s), out, nega, null);
            return out;
        } finally {
            DoubleNttPlan.fusedTwist = before;
        }
    }

    private static void assertSameResidues(double[][] expect, double[][] got, double bound, String ctx) {
        for (int i = 0; i < got.length; i++) {
            for (int j = 0; j < got[i].length; j++) {
                double f = got[i][j];
                assertTrue(f == Math.rint(f) && Math.abs(f) < bound, ctx + " bound " + f + " at " + i + "," + j);
                assertEquals(DoubleNttPlan.residue(expect[i][j], P), DoubleNttPlan.residue(f, P),
                        ctx + " at " + i + "," + j);
            }
        }
    }

    @Test
    void fusedAndSeparateTwistsGiveTheSameResiduesAtEveryLength() {
        Random rnd = new Random(SEED + 2);
        for (int lg = DoubleNttPlan.MIN_LOG2N; lg <= 20; lg++) {
            DoubleNttPlan plan = DoubleNttPlan.of(P, lg);
            for (boolean nega : new boolean[] {false, true}) {
                String ctx = "seed=" + SEED + " log2n=" + lg + " nega=" + nega;
                // inputs of magnitude up to 1.5 p (the documented input range), random rows
                double[][] a = plan.newCoefficients();
                double bound = Math.floor(1.5 * P);
                for (double[] row : a) {
                    for (int j = 0; j < row.length; j++) {
                        row[j] = rnd.nextInt(8) == 0 ? (rnd.nextBoolean() ? bound : -bound) : within(rnd, bound);
                    }
                }
                double[][] fused = spectrum(plan, a, nega, true);
                assertSameResidues(spectrum(plan, a, nega, false), fused, 1.45 * P, ctx + " forward");
                double[][] s = plan.newSpectrum();
                for (double[] row : s) {
                    for (int j = 0; j < row.length; j++) {
                        row[j] = within(rnd, bound);
                    }
                }
                assertSameResidues(inverse(plan, s, nega, false), inverse(plan, s, nega, true), 1.1 * P,
                        ctx + " inverse");
            }
        }
    }

    @Test
    void fusedAndSeparatePointwiseGiveTheSameResiduesAtEveryLength() {
        Random rnd = new Random(SEED + 1);
        for (int lg = DoubleNttPlan.MIN_LOG2N; lg <= 20; lg++) {
            DoubleNttPlan plan = DoubleNttPlan.of(P, lg);
            for (boolean nega : new boolean[] {false, true}) {
                double[][] a = DoubleNttMatrices.random(plan, rnd, plan.rows());
                double[][] b = DoubleNttMatrices.random(plan, rnd, Math.max(1, plan.rows() / 2));
                for (boolean square : new boolean[] {false, true}) {
                    double[][] pass = product(plan, a, square ? null : b, nega, false, false);
                    String ctx = "seed=" + SEED + " log2n=" + lg + " nega=" + nega + " square=" + square;
                    assertSameResidues(pass, product(plan, a, square ? null : b, nega, true, false), 1.1 * P,
                            ctx + " fused product");
                    assertSameResidues(pass, product(plan, a, square ? null : b, nega, true, true), 1.1 * P,
                            ctx + " fused product and twists");
                    assertSameResidues(pass, product(plan, a, square ? null : b, nega, false, true), 1.1 * P,
                            ctx + " fused twists");
                }
            }
        }
    }
}
