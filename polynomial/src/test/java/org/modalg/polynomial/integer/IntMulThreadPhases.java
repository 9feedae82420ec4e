package org.modalg.polynomial.integer;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.fft.WorkerPools;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.convolution.ConvolutionPlan;

/**
 * Not a test: the phases of {@link DoubleNttIntMul#multiply(long[], long, long[], long, boolean,
 * DoubleNttIntMul.Shape, int)} on 1 and t threads, alternately in one JVM, minimum wall time
 * over repeats: the pieces of both operands, the convolutions (residues, transforms), the
 * recombination (Garner's digits, normalization, packing). With {@code -Dbench.cpu=true} the
 * calling thread's CPU time instead of wall time (meaningful for one thread only: what a loaded
 * machine does not distort). Run:
 * java -cp ... org.modalg.polynomial.integer.IntMulThreadPhases [bits,...] [threads] [reps]
 */
public final class IntMulThreadPhases {
    public static void main(String[] args) {
        String[] sizes = (args.length > 0 ? args[0] : "1000000,10000000").split(",");
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        Random rnd = new Random(1);
        boolean cpu = Boolean.getBoolean("bench.cpu");
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        java.util.function.LongSupplier clock = cpu ? mx::getCurrentThreadCpuTime : System::nanoTime;
        for (String sz : sizes) {
            int bits = Integer.parseInt(sz);
            BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
            BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
            long[] la = Limbs.magnitude(a);
            long[] lb = Limbs.magnitude(b);
            DoubleNttIntMul.Shape shape = DoubleNttIntMul.choose(bits, bits, false, 0, threads); // t threads' shape for both
            ConvolutionPlan plan = DoubleNttIntMul.plan(shape);
            int w = shape.pieceBits();
            double[][] best = new double[2][3];
            for (double[] r : best) {
                java.util.Arrays.fill(r, Double.MAX_VALUE);
            }
            for (int rep = 0; rep < reps + 5; rep++) {
                for (int v = 0; v < 2; v++) {
                    int t = v == 0 ? 1 : threads;
                    long t0 = clock.getAsLong();
                    DoubleNttIntMul.Pieces pa = new DoubleNttIntMul.Pieces(
                            DoubleNttIntMul.parts(la, w, shape.piecesA(), WorkerPools.of(t)), w);
                    DoubleNttIntMul.Pieces pb = new DoubleNttIntMul.Pieces(
                            DoubleNttIntMul.parts(lb, w, shape.piecesB(), WorkerPools.of(t)), w);
                    long t1 = clock.getAsLong();
                    ConvolutionPlan.Convolved c = plan.convolve(pa, pb, t);
                    long t2 = clock.getAsLong();
                    DoubleNttIntMul.limbs(plan, c, shape, 2L * bits, t);
                    long t3 = clock.getAsLong();
                    if (rep >= 5) {
                        best[v][0] = Math.min(best[v][0], (t1 - t0) / 1e6);
                        best[v][1] = Math.min(best[v][1], (t2 - t1) / 1e6);
                        best[v][2] = Math.min(best[v][2], (t3 - t2) / 1e6);
                    }
                }
            }
            System.out.printf("bits=%d %s%n  1 thread:  pieces %.3f  convolutions %.3f  recombination %.3f ms%n"
                    + "  %d threads: pieces %.3f  convolutions %.3f  recombination %.3f ms%n", bits, shape,
                    best[0][0], best[0][1], best[0][2], threads, best[1][0], best[1][1], best[1][2]);
        }
    }
}
