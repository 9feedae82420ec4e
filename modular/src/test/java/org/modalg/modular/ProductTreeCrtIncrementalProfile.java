package org.modalg.modular;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.modalg.fft.Options;

/**
 * Not a test: the host work of the pipelined CRT against the one-shot one, on one thread (thread
 * CPU time, so that other load on the machine counts little): {@link ProductTreeCrt#combine}
 * (the per-value tree) against {@link ProductTreeCrt.Incremental} fed in batches of b primes
 * (adds, then the result), alternately, rounds after a warm-up; medians. Also the time of the
 * last add plus the result alone: what is left after the last engine call of a pipeline.
 * Random residues modulo the k largest primes below 2^26.
 *
 * <pre>
 * k n b rounds     e.g. 147 6401 40 5
 * </pre>
 */
public final class ProductTreeCrtIncrementalProfile {

    private ProductTreeCrtIncrementalProfile() {
    }

    private static double median(List<Double> xs) {
        double[] a = xs.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    public static void main(String[] args) {
        int k = Integer.parseInt(args[0]);
        int n = Integer.parseInt(args[1]);
        int b = Integer.parseInt(args[2]);
        int rounds = Integer.parseInt(args[3]);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Random rnd = new Random(k * 31L + n);
        long[] primes = PrimeStream.below(1L << 26).next(k);
        long[] residues = new long[k * n];
        for (int i = 0; i < k; i++) {
            for (int v = 0; v < n; v++) {
                residues[i * n + v] = Math.floorMod(rnd.nextLong(), primes[i]);
            }
        }
        Options one = Options.defaults().withThreads(1);
        List<Double> shot = new ArrayList<>();
        List<Double> inc = new ArrayList<>();
        List<Double> tail = new ArrayList<>();
        for (int r = -1; r < rounds; r++) {
            long t0 = mx.getCurrentThreadCpuTime();
            BigInteger[] want = ProductTreeCrt.combine(primes, residues, n, true, one);
            long t1 = mx.getCurrentThreadCpuTime();
            ProductTreeCrt.Incremental crt = new ProductTreeCrt.Incremental(primes, n, true, one);
            long last = 0;
            for (int from = 0; from < k; from += b) {
                last = mx.getCurrentThreadCpuTime();
                crt.add(from, Math.min(b, k - from), residues, from * n);
            }
            BigInteger[] got = crt.result();
            long t2 = mx.getCurrentThreadCpuTime();
            if (!Arrays.equals(want, got)) {
                throw new IllegalStateException("the incremental CRT differs from the one-shot one");
            }
            System.out.printf(Locale.ROOT, "round %d one-shot %.1f ms, incremental %.1f ms (last add + result %.1f)%n",
                    r, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t2 - last) / 1e6);
            if (r >= 0) {
                shot.add((t1 - t0) / 1e6);
                inc.add((t2 - t1) / 1e6);
                tail.add((t2 - last) / 1e6);
            }
        }
        System.out.printf(Locale.ROOT, "k %d, n %d, batches of %d: median one-shot %.1f ms, incremental %.1f ms"
                + " (%.2fx), last add + result %.1f ms (%.2f of the one-shot)%n", k, n, b, median(shot), median(inc),
                median(inc) / median(shot), median(tail), median(tail) / median(shot));
    }
}
