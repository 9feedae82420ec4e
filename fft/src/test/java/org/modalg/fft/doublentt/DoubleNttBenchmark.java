package org.modalg.fft.doublentt;

import java.util.Random;
import org.modalg.fft.ntt.NttPlan;
import org.modalg.fields.NttPrimes;

/**
 * Not a test: one thread, the double-precision NTT ({@link DoubleNttPlan}, largest prime below
 * 2^50 with 2^28 | p - 1) against the 64-bit kernels ({@link NttPlan#forwardBitReversed}, largest
 * prime below 2^61 with 2^28 | p - 1) at the same lengths: forward and inverse, minimum over
 * repeats, ms and ns per butterfly. Run:
 * java -cp fft/target/classes:fft/target/test-classes:fields/target/classes \
 *      org.modalg.fft.doublentt.DoubleNttBenchmark [minLog2 maxLog2 repeats]
 */
public final class DoubleNttBenchmark {
    private DoubleNttBenchmark() {
    }

    public static void main(String[] args) {
        int lo = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int hi = args.length > 1 ? Integer.parseInt(args[1]) : 22;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        long p = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
        long q = NttPrimes.largestBelow(1L << 61, 28);
        Random rnd = new Random(1);
        System.out.println("log2n,double_forward_ms,double_inverse_ms,double_forward_ns_per_butterfly,"
                + "long_forward_ms,long_forward_ns_per_butterfly,ratio");
        for (int lg = lo; lg <= hi; lg++) {
            DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
            double[][] m = plan.newCoefficients();
            double[][] s = plan.newSpectrum();
            int n = 1 << lg;
            int cols = plan.columns();
            long fwd = Long.MAX_VALUE;
            long inv = Long.MAX_VALUE;
            for (int r = 0; r < reps; r++) {
                for (int i = 0; i < n; i++) {
                    m[i / cols][i % cols] = Math.floorMod(rnd.nextLong(), p);
                }
                long t0 = System.nanoTime();
                plan.forward(m, s, false, null);
                long t1 = System.nanoTime();
                plan.inverse(s, m, false, null);
                long t2 = System.nanoTime();
                fwd = Math.min(fwd, t1 - t0);
                inv = Math.min(inv, t2 - t1);
            }
            NttPlan lp = NttPlan.of(q, lg);
            long[] a = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = Math.floorMod(rnd.nextLong(), q);
            }
            long old = Long.MAX_VALUE;
            for (int r = 0; r < reps; r++) {
                long t0 = System.nanoTime();
                lp.forwardBitReversed(a, 0);
                old = Math.min(old, System.nanoTime() - t0);
            }
            double bf = (double) n / 2 * lg;
            System.out.printf("%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.2f%n", lg, fwd / 1e6, inv / 1e6, fwd / bf, old / 1e6,
                    old / bf, (double) old / fwd);
        }
    }
}
