package org.modalg.fft.doublentt;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;
import org.modalg.fields.NttPrimes;

/**
 * Not a test: {@link DoubleNttPlan} forward + inverse (cyclic) and a convolution with half-zero
 * operands, one thread, in passes over whole rows ({@code DoubleNttPlan.stripMinLog2n} above
 * every size, before) and in strips of columns ({@link DoubleNttStrips}, after), alternately in
 * one JVM, rounds of each; minima of the thread's CPU time; checks that both give the same
 * doubles. {@code -Dstrip.bytes=} and {@code -Dstrip.min=} set the strips' size and narrowest
 * width. Run: java -cp ... org.modalg.fft.doublentt.DoubleNttStripsAB [lo hi rounds]
 */
public final class DoubleNttStripsAB {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private DoubleNttStripsAB() {
    }

    public static void main(String[] args) throws Exception {
        int lo = args.length > 0 ? Integer.parseInt(args[0]) : 19;
        int hi = args.length > 1 ? Integer.parseInt(args[1]) : 23;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        long p = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
        int strips = DoubleNttPlan.stripMinLog2n;
        DoubleNttStrips.stripBytes = Integer.getInteger("strip.bytes", DoubleNttStrips.stripBytes);
        DoubleNttStrips.minWidth = Integer.getInteger("strip.min", DoubleNttStrips.minWidth);
        System.out.println("# strip bytes " + DoubleNttStrips.stripBytes + ", narrowest " + DoubleNttStrips.minWidth);
        System.out.println("# load " + new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).trim());
        System.out.println("log2n,before_fwd+inv_ms,after_fwd+inv_ms,ratio,before_conv_ms,after_conv_ms,ratio");
        for (int lg = lo; lg <= hi; lg++) {
            DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
            Random rnd = new Random(lg);
            double[][] a = plan.newCoefficients();
            for (double[] row : a) {
                for (int c = 0; c < row.length; c++) {
                    row[c] = Math.floorMod(rnd.nextLong(), p);
                }
            }
            double[][] m = plan.newCoefficients();
            double[][] b = plan.newCoefficients();
            double[][] sp = plan.newSpectrum();
            double[][][] out = new double[2][][];
            double[] best = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
            for (int r = 0; r < rounds + 1; r++) {
                for (int v = 0; v < 2; v++) {
                    DoubleNttPlan.stripMinLog2n = v == 0 ? DoubleNttPlan.MAX_LOG2N + 1 : strips;
                    copy(a, m);
                    long t0 = MX.getCurrentThreadCpuTime();
                    plan.forward(m, sp, false, null);
                    plan.inverse(sp, m, false, null);
                    long t1 = MX.getCurrentThreadCpuTime();
                    copy(a, m);
                    copy(a, b);
                    int half = plan.rows() / 2;
                    long t2 = MX.getCurrentThreadCpuTime();
                    plan.convolution(m, b, false, null, half, half);
                    long t3 = MX.getCurrentThreadCpuTime();
                    if (r > 0) {
                        best[v] = Math.min(best[v], t1 - t0);
                        best[2 + v] = Math.min(best[2 + v], t3 - t2);
                    }
                    out[v] = m;
                    m = plan.newCoefficients();
                }
                for (int i = 0; i < out[0].length; i++) {
                    if (!java.util.Arrays.equals(out[0][i], out[1][i])) {
                        throw new AssertionError("before and after differ at 2^" + lg + ", row " + i);
                    }
                }
            }
            System.out.printf("%d,%.2f,%.2f,%.3f,%.2f,%.2f,%.3f%n", lg, best[0] / 1e6, best[1] / 1e6, best[1] / best[0],
                    best[2] / 1e6, best[3] / 1e6, best[3] / best[2]);
        }
        DoubleNttPlan.stripMinLog2n = strips;
        System.out.println("# load " + new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).trim());
    }

    private static void copy(double[][] from, double[][] to) {
        for (int i = 0; i < from.length; i++) {
            System.arraycopy(from[i], 0, to[i], 0, from[i].length);
        }
    }
}
