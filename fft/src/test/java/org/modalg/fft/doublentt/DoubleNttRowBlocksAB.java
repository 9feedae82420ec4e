package org.modalg.fft.doublentt;

import java.util.Random;
import org.modalg.fields.NttPrimes;

/**
 * Not a test: a convolution (two half-zero operands, as a product's) in row blocks against the
 * row-pairing passes and the transposes, alternately in one JVM, one thread, minimum thread CPU
 * time of each over rounds, in ns per point. Run (vector butterflies on):
 * java --add-modules jdk.incubator.vector -XX:PerMethodTrapLimit=10000 -cp ... \
 *      org.modalg.fft.doublentt.DoubleNttRowBlocksAB [lo hi rounds]
 */
public final class DoubleNttRowBlocksAB {
    private DoubleNttRowBlocksAB() {
    }

    private static final int GROUP_BYTES = DoubleNttPlan.groupBytes;

    public static void main(String[] args) {
        int lo = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        int hi = args.length > 1 ? Integer.parseInt(args[1]) : 21;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        long p = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
        System.out.println("# " + DoubleNttPlan.describeButterflies() + ", quotient " + QuotientRounding.describe());
        System.out.println("log2n,passes_ns_per_point,row_blocks_ns_per_point,ratio,row_blocks_whole_passes_ns_per_point");
        Random rnd = new Random(1);
        for (int lg = lo; lg <= hi; lg++) {
            DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
            double[][] a = plan.newCoefficients();
            double[][] b = plan.newCoefficients();
            int reps = (int) Math.max(3, Math.min(500, 3e7 / ((double) (1L << lg) * lg)));
            double[] best = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
            double[][][] check = new double[2][][];
            for (int mode = 0; mode < 2; mode++) { // the same operands both ways: the same values
                DoubleNttPlan.rowBlockMinLog2n = mode == 0 ? Integer.MAX_VALUE : 2;
                DoubleNttPlan.groupBytes = GROUP_BYTES;
                Random same = new Random(lg);
                fill(a, p, same, plan.rows() / 2);
                fill(b, p, same, plan.rows() / 2);
                plan.convolution(a, b, false, null, plan.rows() / 2, plan.rows() / 2);
                check[mode] = new double[a.length][];
                for (int i = 0; i < a.length; i++) {
                    check[mode][i] = a[i].clone();
                }
            }
            for (int i = 0; i < a.length; i++) {
                for (int j = 0; j < a[i].length; j++) {
                    if (check[0][i][j] != check[1][i][j]) {
                        throw new AssertionError("2^" + lg + ": entry (" + i + ", " + j + ") differs");
                    }
                }
            }
            for (int r = 0; r < rounds; r++) {
                for (int mode = 0; mode < 3; mode++) {
                    DoubleNttPlan.rowBlockMinLog2n = mode == 0 ? Integer.MAX_VALUE : 2;
                    DoubleNttPlan.groupBytes = mode == 2 ? 0 : GROUP_BYTES;
                    for (int k = 0; k < reps; k++) {
                        fill(a, p, rnd, plan.rows() / 2);
                        fill(b, p, rnd, plan.rows() / 2);
                        long t0 = cpu();
                        plan.convolution(a, b, false, null, plan.rows() / 2, plan.rows() / 2);
                        best[mode] = Math.min(best[mode], cpu() - t0);
                    }
                }
            }
            double n = 1L << lg;
            DoubleNttPlan.groupBytes = GROUP_BYTES;
            System.out.printf("%d,%.3f,%.3f,%.3f,%.3f%n", lg, best[0] / n, best[1] / n, best[1] / best[0], best[2] / n);
            if (lg >= 14) {
                phases(plan, a, b, rnd, reps);
            }
        }
    }

    // The row-block convolution's phases (ns per point, minimum): both operands' column levels,
    // the blocks, the inverse column levels; the blocks' interleaving alone; and the column
    // levels in strips from 2^19 instead of 2^21.
    private static void phases(DoubleNttPlan plan, double[][] a, double[][] b, Random rnd, int reps) {
        long p = plan.p();
        int half = plan.rows() / 2;
        int lanes = VectorRowBlocks.LANES;
        double[] x = new double[lanes * plan.columns()];
        double[] best = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE,
            Double.MAX_VALUE};
        int stripMin = DoubleNttPlan.stripMinLog2n;
        for (int k = 0; k < 3 * reps; k++) {
            fill(a, p, rnd, half);
            fill(b, p, rnd, half);
            long t0 = cpu();
            plan.columnsForwardInPlace(a, false, null, half);
            plan.columnsForwardInPlace(b, false, null, half);
            long t1 = cpu();
            plan.rowBlocks(a, b, false, null);
            long t2 = cpu();
            plan.columnsInverseInPlace(a, false, null);
            long t3 = cpu();
            for (int s = 0; s < plan.rows(); s += lanes) {
                VectorRowBlocks.interleave(a, s, plan.columns(), x);
                VectorRowBlocks.deinterleave(x, plan.columns(), a, s);
            }
            long t4 = cpu();
            DoubleNttPlan.stripMinLog2n = 19;
            fill(a, p, rnd, half);
            long t5 = cpu();
            plan.columnsForwardInPlace(a, false, null, half);
            long t6 = cpu();
            plan.columnsInverseInPlace(a, false, null);
            long t7 = cpu();
            DoubleNttPlan.stripMinLog2n = stripMin;
            best[0] = Math.min(best[0], (t1 - t0) / 2.0);
            best[1] = Math.min(best[1], t2 - t1);
            best[2] = Math.min(best[2], t3 - t2);
            best[3] = Math.min(best[3], t4 - t3);
            best[4] = Math.min(best[4], t6 - t5);
            best[5] = Math.min(best[5], t7 - t6);
        }
        double n = plan.rows() * (double) plan.columns();
        System.out.printf("#   2^%d phases ns/pt: columns forward (one operand) %.2f, blocks %.2f, columns inverse %.2f;"
                + " interleave and back %.2f; strips from 2^19: forward %.2f, inverse %.2f%n",
                Integer.numberOfTrailingZeros(plan.rows() * plan.columns()), best[0] / n, best[1] / n, best[2] / n,
                best[3] / n, best[4] / n, best[5] / n);
    }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    private static long cpu() {
        return THREADS.getCurrentThreadCpuTime();
    }

    private static void fill(double[][] m, long p, Random rnd, int rows) {
        for (int i = 0; i < rows; i++) {
            double[] row = m[i];
            for (int j = 0; j < row.length; j++) {
                row[j] = Math.floorMod(rnd.nextLong(), p);
            }
        }
    }
}
