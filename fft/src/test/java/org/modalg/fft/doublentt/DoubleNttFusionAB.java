package org.modalg.fft.doublentt;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Random;
import org.modalg.fields.NttPrimes;

/**
 * Not a test: the elementwise steps of a {@link DoubleNttPlan} transform taken in passes of their
 * own against fused into the levels, measured alternately in one JVM, one thread, this thread's
 * CPU time (ThreadMXBean). Modes: "passes" (the pointwise product and both twists in passes of
 * their own: {@code DoubleNttPlan.fusedPointwise = fusedTwist = false}), "pairs" (the pointwise
 * product as two {@code pointwise} calls per row pair inside the inverse's first pass,
 * {@code DoubleNttKernels.fusePointwise = false}: the locality without the fused loop; twists in
 * passes), "pointwise" (only the pointwise product fused into the inverse's first level) and
 * "fused" (also the twists, into the first level of the length-C transforms and the last of their
 * inverses: the default). Per
 * length 2^lo..2^hi (the largest prime below 2^50 with 2^28 | p - 1, cyclic) and per round, every
 * mode times a forward transform, an inverse transform, {@code pointwiseInverse} (the product and
 * the inverse) and a whole {@code convolution} (operands with the upper half zero); prints the
 * minimum and the median over rounds in ns per point, the forward + inverse minimum in ns per
 * butterfly (n log2 n butterflies), and fused / passes. Run:
 * java -cp fft/target/classes:fft/target/test-classes:fields/target/classes \
 *      org.modalg.fft.doublentt.DoubleNttFusionAB [lo hi rounds]
 */
public final class DoubleNttFusionAB {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    private static final String[] MODES = {"passes", "pairs", "pointwise", "fused"};
    private static final int FUSED = 3;
    private static final int K = 4; // forward, inverse, pointwiseInverse, convolution

    private DoubleNttFusionAB() {
    }

    public static void main(String[] args) {
        int lo = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        int hi = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 9;
        long p = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
        Random rnd = new Random(1);
        for (int w = 0; w < 3; w++) {
            for (int lg = lo; lg <= Math.min(hi, 16); lg++) {
                for (int m = 0; m < MODES.length; m++) {
                    time(p, lg, rnd, m, 2);
                }
            }
        }
        System.out.println("log2n,mode,forward_min,forward_median,inverse_min,inverse_median,pointwiseInverse_min,"
                + "pointwiseInverse_median,convolution_min,convolution_median (ns per point),fwd+inv_ns_per_butterfly");
        for (int lg = lo; lg <= hi; lg++) {
            int reps = (int) Math.max(2, Math.min(50, 4e6 / (1L << lg)));
            double[][][] t = new double[MODES.length][K][rounds];
            for (int r = 0; r < rounds; r++) {
                for (int m = 0; m < MODES.length; m++) {
                    double[] x = time(p, lg, rnd, m, reps);
                    for (int k = 0; k < K; k++) {
                        t[m][k][r] = x[k];
                    }
                }
            }
            double n = 1L << lg;
            double[][] s = new double[MODES.length][2 * K];
            for (int m = 0; m < MODES.length; m++) {
                for (int k = 0; k < K; k++) {
                    Arrays.sort(t[m][k]);
                    s[m][2 * k] = t[m][k][0] / n;
                    s[m][2 * k + 1] = t[m][k][rounds / 2] / n;
                }
                StringBuilder line = new StringBuilder(lg + "," + MODES[m]);
                for (double v : s[m]) {
                    line.append(String.format(",%.3f", v));
                }
                line.append(String.format(",%.3f", (s[m][0] + s[m][2]) / lg));
                System.out.println(line);
            }
            StringBuilder ratio = new StringBuilder(lg + ",fused/passes");
            for (int k = 0; k < 2 * K; k++) {
                ratio.append(String.format(",%.3f", s[FUSED][k] / s[0][k]));
            }
            ratio.append(String.format(",%.3f", (s[FUSED][0] + s[FUSED][2]) / (s[0][0] + s[0][2])));
            System.out.println(ratio);
        }
    }

    // {min forward, inverse, pointwiseInverse, convolution ns} over reps calls in the given mode
    private static double[] time(long p, int lg, Random rnd, int mode, int reps) {
        DoubleNttPlan.fusedPointwise = mode != 0;
        DoubleNttKernels.fusePointwise = mode != 1;
        DoubleNttPlan.fusedTwist = mode == FUSED;
        DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
        int half = plan.rows() / 2;
        double[][] a = plan.borrowCoefficients();
        double[][] b = plan.borrowCoefficients();
        double[][] sa = plan.borrowSpectrum();
        double[][] sb = plan.borrowSpectrum();
        long bestFwd = Long.MAX_VALUE;
        long bestInv = Long.MAX_VALUE;
        long bestPi = Long.MAX_VALUE;
        long bestConv = Long.MAX_VALUE;
        for (int r = 0; r < reps; r++) {
            fill(a, p, rnd, plan.rows());
            long t0 = MX.getCurrentThreadCpuTime();
            plan.forward(a, sa, false, null);
            long t1 = MX.getCurrentThreadCpuTime();
            long i0 = MX.getCurrentThreadCpuTime();
            plan.inverse(sa, b, false, null);
            long i1 = MX.getCurrentThreadCpuTime();
            fill(a, p, rnd, plan.rows());
            plan.forward(a, sa, false, null);
            fill(b, p, rnd, plan.rows());
            plan.forward(b, sb, false, null);
            long t2 = MX.getCurrentThreadCpuTime();
            plan.pointwiseInverse(sa, sb, a, false, null);
            long t3 = MX.getCurrentThreadCpuTime();
            fill(a, p, rnd, half);
            fill(b, p, rnd, half);
            long t4 = MX.getCurrentThreadCpuTime();
            plan.convolution(a, b, false, null, half, half);
            long t5 = MX.getCurrentThreadCpuTime();
            bestFwd = Math.min(bestFwd, t1 - t0);
            bestInv = Math.min(bestInv, i1 - i0);
            bestPi = Math.min(bestPi, t3 - t2);
            bestConv = Math.min(bestConv, t5 - t4);
        }
        DoubleNttPlan.giveBack(a);
        DoubleNttPlan.giveBack(b);
        DoubleNttPlan.giveBack(sa);
        DoubleNttPlan.giveBack(sb);
        DoubleNttPlan.fusedPointwise = true;
        DoubleNttKernels.fusePointwise = true;
        DoubleNttPlan.fusedTwist = true;
        return new double[] {bestFwd, bestInv, bestPi, bestConv};
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
