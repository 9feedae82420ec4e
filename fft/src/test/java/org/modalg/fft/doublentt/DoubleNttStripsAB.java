package org.modalg.fft.doublentt;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;
import org.modalg.fields.NttPrimes;

/**
 * Not a test: {@link DoubleNttPlan} in passes over whole rows ({@code DoubleNttPlan.stripMinLog2n}
 * above every size, before) and in strips of columns ({@link DoubleNttStrips}, after), one thread,
 * alternately in one JVM, rounds of each, minima of the thread's CPU time: a forward transform,
 * a forward of a half-zero operand (a product's), an inverse, and a convolution of half-zero
 * operands (two such forwards and the fused inverse); cyclic. Checks that both give the same
 * doubles. {@code -Dstrip.bytes=} and {@code -Dstrip.min=} set the strips' size and narrowest
 * width; with {@code -Dstrip.before.bytes=} the before column is strips of that size instead of
 * the passes. Run: java -cp ... org.modalg.fft.doublentt.DoubleNttStripsAB [lo hi rounds]
 */
public final class DoubleNttStripsAB {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    private static final String[] WHAT = {"fwd", "fwd_half", "inv", "conv"};

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
        int afterBytes = DoubleNttStrips.stripBytes;
        Integer beforeBytes = Integer.getInteger("strip.before.bytes");
        System.out.println("# strip bytes " + afterBytes + ", narrowest " + DoubleNttStrips.minWidth
                + (beforeBytes != null ? ", before: strips of " + beforeBytes + " bytes" : ", before: the passes"));
        System.out.println("# load " + load());
        StringBuilder head = new StringBuilder("log2n");
        for (String w : WHAT) {
            head.append(',').append(w).append("_before_ms,").append(w).append("_after_ms,ratio");
        }
        System.out.println(head);
        for (int lg = lo; lg <= hi; lg++) {
            DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
            Random rnd = new Random(lg);
            double[][] a = plan.newCoefficients();
            for (double[] row : a) {
                for (int c = 0; c < row.length; c++) {
                    row[c] = Math.floorMod(rnd.nextLong(), p);
                }
            }
            int half = plan.rows() / 2;
            double[][] m = plan.newCoefficients();
            double[][] b = plan.newCoefficients();
            double[][][] sp = {plan.newSpectrum(), plan.newSpectrum()};
            double[][][] out = {plan.newCoefficients(), plan.newCoefficients()};
            double[][] best = new double[WHAT.length][2];
            for (double[] row : best) {
                java.util.Arrays.fill(row, Double.MAX_VALUE);
            }
            for (int r = 0; r < rounds + 1; r++) {
                for (int v = 0; v < 2; v++) {
                    if (beforeBytes == null) {
                        DoubleNttPlan.stripMinLog2n = v == 0 ? DoubleNttPlan.MAX_LOG2N + 1 : strips;
                    } else {
                        DoubleNttPlan.stripMinLog2n = strips;
                        DoubleNttStrips.stripBytes = v == 0 ? beforeBytes : afterBytes;
                    }
                    long[] t = new long[WHAT.length];
                    copy(a, m);
                    long t0 = MX.getCurrentThreadCpuTime();
                    plan.forward(m, sp[v], false, null);
                    t[0] = MX.getCurrentThreadCpuTime() - t0;
                    t0 = MX.getCurrentThreadCpuTime();
                    plan.inverse(sp[v], out[v], false, null);
                    t[2] = MX.getCurrentThreadCpuTime() - t0;
                    copy(a, m);
                    t0 = MX.getCurrentThreadCpuTime();
                    plan.forward(m, sp[v], false, null, half);
                    t[1] = MX.getCurrentThreadCpuTime() - t0;
                    copy(a, m);
                    copy(a, b);
                    t0 = MX.getCurrentThreadCpuTime();
                    plan.convolution(m, b, false, null, half, half);
                    t[3] = MX.getCurrentThreadCpuTime() - t0;
                    if (r > 0) {
                        for (int k = 0; k < WHAT.length; k++) {
                            best[k][v] = Math.min(best[k][v], t[k]);
                        }
                    }
                    double[][] keep = out[v];
                    out[v] = m;
                    m = keep;
                }
                for (int i = 0; i < out[0].length; i++) {
                    if (!java.util.Arrays.equals(out[0][i], out[1][i])) {
                        throw new AssertionError("before and after differ at 2^" + lg + ", row " + i);
                    }
                }
            }
            StringBuilder line = new StringBuilder(Integer.toString(lg));
            for (double[] bw : best) {
                line.append(String.format(",%.2f,%.2f,%.3f", bw[0] / 1e6, bw[1] / 1e6, bw[1] / bw[0]));
            }
            System.out.println(line);
        }
        DoubleNttPlan.stripMinLog2n = strips;
        System.out.println("# load " + load());
    }

    private static String load() throws java.io.IOException {
        return new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).trim();
    }

    private static void copy(double[][] from, double[][] to) {
        for (int i = 0; i < from.length; i++) {
            System.arraycopy(from[i], 0, to[i], 0, from[i].length);
        }
    }
}
