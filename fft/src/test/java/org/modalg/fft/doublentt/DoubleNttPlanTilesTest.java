package org.modalg.fft.doublentt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.modalg.fft.NttPlan;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/**
 * The tiled passes of {@link DoubleNttPlan} ({@link DoubleNttPlan#tiles}, with tile sizes
 * forced small so that every shape occurs at small lengths: one tile, narrow tiles, tiles after
 * outer levels in whole passes, one-level L1 groups): against a naive O(n^2) cyclic and
 * negacyclic convolution mod p (n &lt;= 2^9) and the 64-bit {@link NttPlan} (larger n), and
 * value for value against the default passes (they are documented to compute the same
 * doubles), forward and inverse, with zero upper rows, the fused pointwise inverse and a pool of
 * two threads. Random inputs (seed printed; {@code -Dmodalg.test.seed=...} repeats a run) plus
 * the edge rows 0 and p - 1.
 */
class DoubleNttPlanTilesTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final long P = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
    private static final long P2 = NttPrimes.largestBelow(1L << 40, 20);

    static {
        System.out.println("DoubleNttPlanTilesTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    /** {tileBytes, tileMinWidth, groupBytes}: the default, one-level groups, tiny tiles, narrow. */
    private static final int[][] TILINGS = {
        {1 << 18, 32, 1 << 14},
        {1 << 18, 32, 64},
        {1 << 9, 2, 256},
        {1 << 11, 8, 1 << 10},
        {1 << 13, 64, 1 << 12},
    };

    @AfterEach
    void restore() {
        DoubleNttPlan.tiles = Boolean.getBoolean("modalg.dntt.tiles");
        DoubleNttPlan.tileBytes = Integer.getInteger("modalg.dntt.tileBytes", 1 << 18);
        DoubleNttPlan.tileMinWidth = Integer.getInteger("modalg.dntt.tileMinWidth", 32);
        DoubleNttPlan.groupBytes = Integer.getInteger("modalg.dntt.groupBytes", 1 << 14);
    }

    private static void use(int[] tiling) {
        DoubleNttPlan.tiles = true;
        DoubleNttPlan.tileBytes = tiling[0];
        DoubleNttPlan.tileMinWidth = tiling[1];
        DoubleNttPlan.groupBytes = tiling[2];
    }

    private static String where(long p, int log2n, boolean nega, int[] tiling) {
        return "seed=" + SEED + " p=" + p + " log2n=" + log2n + (nega ? " negacyclic" : " cyclic") + " tiling="
                + tiling[0] + "/" + tiling[1] + "/" + tiling[2];
    }

    private static long[] random(Random rnd, int n, long p, int kind) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = kind == 1 ? p - 1 : kind == 2 ? (i < 2 ? 1 : 0) : Math.floorMod(rnd.nextLong(), p);
        }
        return a;
    }

    private static double[][] matrix(DoubleNttPlan plan, long[] a) {
        double[][] m = plan.newCoefficients();
        int c = plan.columns();
        for (int i = 0; i < a.length; i++) {
            m[i / c][i % c] = a[i];
        }
        return m;
    }

    private static long[] values(DoubleNttPlan plan, double[][] m, String msg) {
        int c = plan.columns();
        long[] out = new long[plan.rows() * c];
        for (int i = 0; i < out.length; i++) {
            double v = m[i / c][i % c];
            assertTrue(Math.abs(v) < 1.1 * plan.p() && v == Math.rint(v), msg + ": output bound: " + v);
            out[i] = DoubleNttPlan.residue(v, plan.p());
        }
        return out;
    }

    private static long[] naive(long[] a, long[] b, long p, boolean nega) {
        ZpField f = ZpField.of(p);
        int n = a.length;
        long[] c = new long[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                long t = f.mul(a[i], b[j]);
                int k = i + j;
                if (k >= n) {
                    k -= n;
                    if (nega) {
                        t = f.neg(t);
                    }
                }
                c[k] = f.add(c[k], t);
            }
        }
        return c;
    }

    private static long[] oracle(long[] a, long[] b, long p, boolean nega) {
        if (a.length <= 1 << 9) {
            return naive(a, b, p, nega);
        }
        NttPlan plan = NttPlan.of(p, Integer.numberOfTrailingZeros(a.length));
        long[] out = new long[a.length];
        if (nega) {
            plan.negacyclicConvolution(a.clone(), 0, b.clone(), 0, out, 0);
        } else {
            plan.cyclicConvolution(a.clone(), 0, b.clone(), 0, out, 0);
        }
        return out;
    }

    /** Products (operands with their upper half zero a third of the time) against the oracle. */
    @Test
    void tiledConvolutionsMatchTheOracle() {
        Random rnd = new Random(SEED);
        for (int[] tiling : TILINGS) {
            for (long p : new long[] {P, P2}) {
                for (int log2n = DoubleNttPlan.MIN_LOG2N; log2n <= 13; log2n++) {
                    for (boolean nega : new boolean[] {false, true}) {
                        int n = 1 << log2n;
                        DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
                        int kind = rnd.nextInt(8);
                        long[] a = random(rnd, n, p, kind == 1 ? 1 : kind == 2 ? 2 : 0);
                        long[] b = random(rnd, n, p, kind == 3 ? 1 : 0);
                        boolean half = rnd.nextInt(3) == 0;
                        int rows = plan.rows();
                        int aRows = half ? rows / 2 : rows;
                        if (half) {
                            for (int i = n / 2; i < n; i++) {
                                a[i] = 0;
                                b[i] = 0;
                            }
                        }
                        String msg = where(p, log2n, nega, tiling) + (half ? " half-zero" : "");
                        use(tiling);
                        double[][] ma = matrix(plan, a);
                        double[][] mb = matrix(plan, b);
                        if (half) { // rows not read: garbage there must not matter
                            for (int r = aRows; r < rows; r++) {
                                java.util.Arrays.fill(ma[r], 1e15);
                                java.util.Arrays.fill(mb[r], -3.0);
                            }
                        }
                        plan.convolution(ma, mb, nega, null, aRows, aRows);
                        assertArrayEquals(oracle(a, b, p, nega), values(plan, ma, msg), msg);
                    }
                }
            }
        }
    }

    /** Tiles give the doubles of the default passes: forward, pointwise inverse, with a pool. */
    @Test
    void tiledTransformsGiveTheDoublesOfThePasses() {
        Random rnd = new Random(SEED ^ 0x7ea);
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            for (int[] tiling : TILINGS) {
                for (int log2n = DoubleNttPlan.MIN_LOG2N; log2n <= 14; log2n++) {
                    for (boolean nega : new boolean[] {false, true}) {
                        DoubleNttPlan plan = DoubleNttPlan.of(P, log2n);
                        int n = 1 << log2n;
                        long[] a = random(rnd, n, P, 0);
                        long[] b = random(rnd, n, P, rnd.nextInt(4) == 0 ? 1 : 0);
                        int nonzero = rnd.nextInt(plan.rows() + 1);
                        ForkJoinPool on = rnd.nextBoolean() ? pool : null;
                        String msg = where(P, log2n, nega, tiling) + " nonzeroRows=" + nonzero
                                + (on == null ? "" : " pool");
                        double[][][] out = new double[2][][];
                        double[][][] spec = new double[2][][];
                        for (int variant = 0; variant < 2; variant++) {
                            if (variant == 0) {
                                restore();
                                DoubleNttPlan.tiles = false;
                            } else {
                                use(tiling);
                            }
                            double[][] ma = matrix(plan, a);
                            for (int r = nonzero; r < plan.rows(); r++) {
                                java.util.Arrays.fill(ma[r], variant == 0 ? 7.0 : -5e14); // not read
                            }
                            double[][] sa = plan.newSpectrum();
                            double[][] sb = plan.newSpectrum();
                            plan.forward(ma, sa, nega, on, nonzero);
                            plan.forward(matrix(plan, b), sb, nega, on);
                            spec[variant] = copy(sa);
                            double[][] c = plan.newCoefficients();
                            plan.pointwiseInverse(sa, sb, c, nega, on);
                            out[variant] = c;
                        }
                        for (int i = 0; i < spec[0].length; i++) {
                            assertArrayEquals(spec[0][i], spec[1][i], msg + " forward row " + i);
                        }
                        for (int i = 0; i < out[0].length; i++) {
                            assertArrayEquals(out[0][i], out[1][i], msg + " pointwise inverse row " + i);
                        }
                    }
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    /** The tiling chooses widths that divide the rows and outer levels that fit the bytes. */
    @Test
    void tilingShapesAreConsistent() {
        for (int logH = 1; logH <= 14; logH++) {
            for (int logW = 1; logW <= 14; logW++) {
                for (int[] t : TILINGS) {
                    DoubleNttPlan.Tiling tl = DoubleNttPlan.Tiling.of(logH, 1 << logW, t[0], t[1], t[2]);
                    String msg = "logH=" + logH + " logW=" + logW + " tiling=" + t[0] + "/" + t[1];
                    assertEquals(1, Integer.bitCount(tl.width()), msg);
                    assertTrue(tl.width() <= 1 << logW, msg);
                    assertTrue(tl.outer() >= 0 && tl.outer() <= logH, msg);
                    long tileBytes = 8L * tl.width() << (logH - tl.outer());
                    // a tile fits the bytes unless it is down to two rows
                    assertTrue(tileBytes <= Math.max(t[0], 16L * tl.width()), msg + " tile bytes " + tileBytes);
                }
            }
        }
    }

    private static double[][] copy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }
}
