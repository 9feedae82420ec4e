package org.modalg.fft.doublentt;

import java.util.Random;

/**
 * Not a test: the butterfly kernels of {@link DoubleNttKernels} on rows in L1 (4 rows of
 * {@code width} doubles), two forward levels as radix-2 calls against one radix-4 call, and the
 * same for the inverse; minimum over interleaved repeats, ns per butterfly. Run it once with
 * {@code -XX:-UseSuperWord} to see what HotSpot's vectorization gives (a kernel that is not
 * vectorized runs at the same speed either way). Run:
 * java -cp fft/target/classes:fft/target/test-classes:fields/target/classes \
 *      org.modalg.fft.doublentt.DoubleNttKernelSpeed [width]
 */
public final class DoubleNttKernelSpeed {
    private DoubleNttKernelSpeed() {
    }

    public static void main(String[] args) {
        int w = args.length > 0 ? Integer.parseInt(args[0]) : 512;
        long p = 1125899906826241L; // below 2^50
        double pd = p;
        double pinv = 1.0 / p;
        Random rnd = new Random(3);
        double[][] r = new double[4][w];
        for (double[] row : r) {
            for (int j = 0; j < w; j++) {
                row[j] = rnd.nextInt(1 << 30);
            }
        }
        double w1 = 123457;
        double w2 = -98765431;
        double w3 = 5555;
        long[] best = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        int inner = Math.max(1, 200_000 / w);
        for (int rep = 0; rep < 3000; rep++) {
            long t0 = System.nanoTime();
            for (int k = 0; k < inner; k++) {
                DoubleNttKernels.forwardButterfliesLazy(r[0], r[2], 0, w, w1, pd, pinv);
                DoubleNttKernels.forwardButterfliesLazy(r[1], r[3], 0, w, w1, pd, pinv);
                DoubleNttKernels.forwardButterflies(r[0], r[1], 0, w, w2, pd, pinv);
                DoubleNttKernels.forwardButterflies(r[2], r[3], 0, w, w3, pd, pinv);
            }
            long t1 = System.nanoTime();
            for (int k = 0; k < inner; k++) {
                DoubleNttKernels.forwardRadix4(r[0], r[1], r[2], r[3], 0, w, w1, w2, w3, pd, pinv);
            }
            long t2 = System.nanoTime();
            for (int k = 0; k < inner; k++) {
                DoubleNttKernels.inverseButterflies(r[0], r[1], 0, w, w2, pd, pinv);
                DoubleNttKernels.inverseButterflies(r[2], r[3], 0, w, w3, pd, pinv);
                DoubleNttKernels.inverseButterflies(r[0], r[2], 0, w, w1, pd, pinv);
                DoubleNttKernels.inverseButterflies(r[1], r[3], 0, w, w1, pd, pinv);
            }
            long t3 = System.nanoTime();
            for (int k = 0; k < inner; k++) {
                DoubleNttKernels.inverseRadix4(r[0], r[1], r[2], r[3], 0, w, w1, w2, w3, pd, pinv);
            }
            long t4 = System.nanoTime();
            best[0] = Math.min(best[0], t1 - t0);
            best[1] = Math.min(best[1], t2 - t1);
            best[2] = Math.min(best[2], t3 - t2);
            best[3] = Math.min(best[3], t4 - t3);
        }
        double bf = 4.0 * inner * w; // butterflies per timed block: 2 levels x 2 pairs x w
        System.out.printf("width %d: forward radix-2 %.3f, radix-4 %.3f; inverse radix-2 %.3f, radix-4 %.3f ns/butterfly%n",
                w, best[0] / bf, best[1] / bf, best[2] / bf, best[3] / bf);
    }
}
