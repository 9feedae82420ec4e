package org.modalg.polynomial.integer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;
import org.modalg.polynomial.convolution.ConvolutionPlan;
import org.modalg.polynomial.convolution.DoubleCrt;

/**
 * Not a test: the recombination's packing ({@link DoubleNttIntMul#pack}) alone, one thread, on
 * normalized random digits of a product's shape, minimum of the thread's CPU time. Run:
 * java -cp ... org.modalg.polynomial.integer.IntMulPackBench [bits] [rounds] [switch] (switch: a static
 * int field of {@link DoubleNttIntMul}, timed at 0 and 1 alternately and the outputs compared)
 */
public final class IntMulPackBench {
    public static void main(String[] args) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        int bits = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        DoubleNttIntMul.Shape shape = DoubleNttIntMul.choose(bits, bits, false, 0);
        int s = shape.primes();
        int w = shape.pieceBits();
        int count = (int) shape.productPieces();
        int cols = 256;
        int rows = (count + cols - 1) / cols;
        DoubleCrt crt = ConvolutionPlan.first(s);
        Random rnd = new Random(1);
        double[][][] res = new double[s][rows][cols];
        for (int j = 0; j < s; j++) {
            for (double[] row : res[j]) {
                for (int c = 0; c < cols; c++) {
                    row[c] = (double) Math.floorMod(rnd.nextLong(), crt.prime(j));
                }
            }
        }
        if (args.length > 2) { // a static int switch of DoubleNttIntMul at 0 and 1 alternately
            java.lang.reflect.Field f;
            try {
                f = DoubleNttIntMul.class.getDeclaredField(args[2]);
                f.setAccessible(true);
            } catch (NoSuchFieldException e) {
                throw new IllegalArgumentException("no switch " + args[2] + " in DoubleNttIntMul", e);
            }
            long[][] outs = {new long[(2 * bits + 63) / 64 + 1], new long[(2 * bits + 63) / 64 + 1]};
            double[] best = {Double.MAX_VALUE, Double.MAX_VALUE};
            try {
                int before = f.getInt(null);
                for (int r = 0; r < rounds; r++) {
                    for (int v = 0; v < 2; v++) {
                        f.setInt(null, v);
                        java.util.Arrays.fill(outs[v], 0);
                        long t0 = mx.getCurrentThreadCpuTime();
                        DoubleNttIntMul.pack(crt, res, s, count, w, outs[v]);
                        best[v] = Math.min(best[v], (mx.getCurrentThreadCpuTime() - t0) / 1e6);
                    }
                }
                f.setInt(null, before);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            System.out.printf("%s pack %s=0 %.4f ms, =1 %.4f ms, ratio %.3f, outputs equal %b%n", shape, args[2], best[0],
                    best[1], best[1] / best[0], java.util.Arrays.equals(outs[0], outs[1]));
            return;
        }
        long[] out = new long[(2 * bits + 63) / 64 + 1];
        double best = Double.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            java.util.Arrays.fill(out, 0);
            long t0 = mx.getCurrentThreadCpuTime();
            DoubleNttIntMul.pack(crt, res, s, count, w, out);
            long t1 = mx.getCurrentThreadCpuTime();
            best = Math.min(best, (t1 - t0) / 1e6);
        }
        System.out.printf("%s pack %.4f ms (%d limbs), checksum %d%n", shape, best, out.length,
                java.util.Arrays.hashCode(out));
    }
}
