package org.modalg.fft.ntt;

import java.util.Random;
import org.modalg.fft.Options;
import org.modalg.fields.NttPrimes;

/**
 * Not a test: what a client gains by moving from the 64-bit engine to the double-precision one
 * through {@link NttEngine}: one cyclic convolution of one row, one thread, alternating the two
 * engines in one JVM (the 64-bit engine on the largest prime below 2^62, the double one on the
 * largest below 2^50, both with 2^28 | p - 1), minimum over repeats, and the time per bit of
 * prime (62 against 50 bits: what counts when the primes carry a CRT). Run:
 * java -cp fft/target/classes:fft/target/test-classes:fields/target/classes \
 *      org.modalg.fft.ntt.NttEngineSpeed [lo hi]
 */
public final class NttEngineSpeed {
    private NttEngineSpeed() {
    }

    public static void main(String[] args) {
        int lo = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        int hi = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        long p62 = NttPrimes.largestBelow(1L << 62, 28);
        long p50 = NttPrimes.largestBelow(1L << 50, 28);
        NttEngine[] engines = {CpuNttEngine.withThreads(1), DoubleNttEngine.get()};
        long[] primes = {p62, p50};
        Options one = Options.defaults().withThreads(1);
        Random rnd = new Random(5);
        System.out.println("log2n,cpu64_conv_ms,double_conv_ms,ratio,ratio_per_prime_bit");
        for (int lg = lo; lg <= hi; lg++) {
            int n = 1 << lg;
            long[] best = {Long.MAX_VALUE, Long.MAX_VALUE};
            int reps = Math.max(5, Math.min(200, (int) (3e7 / ((double) n * lg))));
            for (int r = 0; r < reps + 3; r++) {
                for (int e = 0; e < 2; e++) {
                    long p = primes[e];
                    long[] a = new long[n];
                    long[] b = new long[n];
                    for (int i = 0; i < n; i++) {
                        a[i] = Math.floorMod(rnd.nextLong(), p);
                        b[i] = Math.floorMod(rnd.nextLong(), p);
                    }
                    long t0 = System.nanoTime();
                    engines[e].cyclicConvolution(new long[] {p}, lg, a, b, a, 1, one);
                    long t = System.nanoTime() - t0;
                    if (r >= 3) {
                        best[e] = Math.min(best[e], t);
                    }
                }
            }
            double ratio = (double) best[0] / best[1];
            System.out.printf("%d,%.4f,%.4f,%.2f,%.2f%n", lg, best[0] / 1e6, best[1] / 1e6, ratio, ratio * 50 / 62);
        }
    }
}
