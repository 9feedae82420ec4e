package org.modalg.fft.doublentt;

import java.util.Random;
import org.modalg.fields.NttPrimes;

/**
 * Not a test: one thread, {@link DoubleNttPlan} forward + inverse (cyclic) per length 2^lo..2^hi
 * after a warm-up of every length, the minimum and the median over repeats (each repeat at least
 * ~50 ms of work), as ns per point and per butterfly (n/2 log2 n butterflies per direction), and
 * two floors measured in the same run: one memory pass (read and write every double of the R x C
 * matrix once, {@code System.arraycopy} row by row into a second matrix) and the arithmetic of
 * one butterfly with both rows in L1 (the lazy and the reducing butterfly alternately, rows of
 * 512 doubles). Run:
 * java -cp fft/target/classes:fft/target/test-classes:fields/target/classes \
 *      org.modalg.fft.doublentt.DoubleNttSpeed [lo hi]
 */
public final class DoubleNttSpeed {
    private DoubleNttSpeed() {
    }

    public static void main(String[] args) {
        int lo = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int hi = args.length > 1 ? Integer.parseInt(args[1]) : 22;
        long p = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
        Random rnd = new Random(1);
        // warm-up: every length a few times (JIT of every path)
        for (int round = 0; round < 3; round++) {
            for (int lg = lo; lg <= Math.min(hi, 18); lg++) {
                run(p, lg, rnd, 3);
            }
        }
        double l1 = l1Butterfly(p);
        System.out.printf("L1 butterfly (lazy+reducing)/2: %.3f ns%n", l1);
        System.out.println("log2n,fwd_ms_min,inv_ms_min,fwd+inv_ms_min,fwd+inv_ms_median,ns_per_point,ns_per_butterfly,"
                + "copy_pass_ms,passes_equiv,arith_floor_ms");
        for (int lg = lo; lg <= hi; lg++) {
            long[] t = run(p, lg, rnd, Math.max(5, Math.min(200, (int) (50e6 / ((1L << lg) * lg * 2.0)))));
            double n = 1L << lg;
            double copy = copyPass(lg);
            double both = t[0] + t[1];
            double butterflies = n / 2 * lg * 2;
            System.out.printf("%d,%.4f,%.4f,%.4f,%.4f,%.3f,%.3f,%.4f,%.1f,%.4f%n",
                    lg, t[0] / 1e6, t[1] / 1e6,
                    both / 1e6, t[2] / 1e6, both / n, both / butterflies, copy / 1e6, both / copy,
                    butterflies * l1 / 1e6);
        }
    }

    // {min forward, min inverse, median forward+inverse} in ns
    private static long[] run(long p, int lg, Random rnd, int reps) {
        DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
        double[][] m = plan.newCoefficients();
        double[][] s = plan.newSpectrum();
        int cols = plan.columns();
        for (int i = 0; i < (1 << lg); i++) {
            m[i / cols][i % cols] = Math.floorMod(rnd.nextLong(), p);
        }
        long fwd = Long.MAX_VALUE;
        long inv = Long.MAX_VALUE;
        long[] both = new long[reps];
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            plan.forward(m, s, false, null);
            long t1 = System.nanoTime();
            plan.inverse(s, m, false, null);
            long t2 = System.nanoTime();
            fwd = Math.min(fwd, t1 - t0);
            inv = Math.min(inv, t2 - t1);
            both[r] = t2 - t0;
        }
        java.util.Arrays.sort(both);
        return new long[] {fwd, inv, both[reps / 2]};
    }

    // One read + write of n doubles (rows of the plan's shape), best of several, ns.
    private static double copyPass(int lg) {
        int logC = (lg + 1) / 2;
        int rows = 1 << (lg - logC);
        int cols = 1 << logC;
        double[][] a = new double[rows][cols];
        double[][] b = new double[rows][cols];
        for (double[] row : a) {
            java.util.Arrays.fill(row, 1.0);
        }
        long best = Long.MAX_VALUE;
        int reps = Math.max(5, Math.min(200, (int) (20e6 / (1L << lg))));
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < rows; i++) {
                System.arraycopy(a[i], 0, b[i], 0, cols);
            }
            best = Math.min(best, System.nanoTime() - t0);
            double[][] x = a;
            a = b;
            b = x;
        }
        return best;
    }

    private static double l1Butterfly(long p) {
        double pd = p;
        double pinv = 1.0 / p;
        double[] x = new double[512];
        double[] y = new double[512];
        Random rnd = new Random(2);
        for (int i = 0; i < 512; i++) {
            x[i] = rnd.nextInt(1 << 30);
            y[i] = rnd.nextInt(1 << 30);
        }
        double w = 12345;
        long best = Long.MAX_VALUE;
        for (int r = 0; r < 2000; r++) {
            long t0 = System.nanoTime();
            for (int k = 0; k < 100; k++) {
                DoubleNttKernels.forwardButterfliesLazy(x, y, 0, 512, w, pd, pinv);
                DoubleNttKernels.forwardButterflies(x, y, 0, 512, w, pd, pinv);
            }
            best = Math.min(best, System.nanoTime() - t0);
        }
        return best / (200.0 * 512);
    }
}
