package org.modalg.examples.bench;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.BigIntegerFft;
import org.modalg.fft.GfFft;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;

/**
 * Big-prime FFT benchmarks.
 *
 * <p>Part (a), thesis Table 3.4 shape: the DFT of N = K^e random elements (K = 2k) over the
 * Table 3.1 primes, serial and parallel, {@link GfFft} (cyclic-shift base case, generalized
 * Fermat arithmetic) against {@link BigIntegerFft} (the same factorization with BigInteger
 * arithmetic, the thesis's GMP variant). Both outputs are compared before timing counts.
 */
public final class FftBenchmark {
    /** CSV columns of part (a). */
    public static final String[] BIG_PRIME_COLUMNS = {"field", "k", "K", "e", "N", "threads", "gf_ms",
        "biginteger_ms", "ratio_gf_over_biginteger"};

    private FftBenchmark() {
    }

    /**
     * Part (a). Sizes whose vector would exceed {@code maxWords} 64-bit words are skipped.
     */
    public static BenchTable bigPrimeVsBigInteger(List<GfPreset> presets, int maxE, long maxWords, int threads,
                                                  int repeats, long seed) {
        BenchTable table = new BenchTable(BIG_PRIME_COLUMNS);
        Random rnd = new Random(seed);
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            for (GfPreset preset : presets) {
                GfField f = preset.field();
                int log2K = Integer.numberOfTrailingZeros(2 * f.k());
                for (int e = 2; e <= maxE; e++) {
                    int log2N = e * log2K;
                    if (log2N > 30 || ((long) f.k() << log2N) > maxWords || log2N > f.twoAdicOrder()) {
                        continue;
                    }
                    measure(f, e, log2N, pool, threads, repeats, rnd, table);
                }
            }
        } finally {
            pool.shutdown();
        }
        return table;
    }

    private static void measure(GfField f, int e, int log2N, ForkJoinPool pool, int threads, int repeats,
                                Random rnd, BenchTable table) {
        int n = 1 << log2N;
        int k = f.k();
        BigInteger p = f.modulus();
        long[] data = new long[n * k];
        BigInteger[] values = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            values[i] = new BigInteger(p.bitLength() + 16, rnd).mod(p);
            f.fromBigInteger(values[i], data, i * k);
        }
        GfFft plan = GfFft.of(f, log2N);
        BigIntegerFft baseline = new BigIntegerFft(f, log2N);
        // correctness first: both routes give the same DFT
        long[] check = data.clone();
        plan.forward(check);
        BigInteger[] checkBig = values.clone();
        baseline.forward(checkBig, null);
        for (int i = 0; i < n; i++) {
            if (!f.toBigInteger(check, i * k).equals(checkBig[i])) {
                throw new IllegalStateException("big-prime FFT and BigInteger FFT differ at " + i + " in " + f.name());
            }
        }
        for (int t : threads == 1 ? new int[] {1} : new int[] {1, threads}) {
            ForkJoinPool use = t == 1 ? null : pool;
            double gf = median(repeats, () -> {
                long[] d = data.clone();
                long t0 = System.nanoTime();
                if (use == null) {
                    plan.forward(d);
                } else {
                    plan.forward(d, use);
                }
                return System.nanoTime() - t0;
            });
            double big = median(repeats, () -> {
                BigInteger[] x = values.clone();
                long t0 = System.nanoTime();
                baseline.forward(x, use);
                return System.nanoTime() - t0;
            });
            table.add(f.name(), k, 2 * k, e, n, t, gf, big, gf / big);
        }
    }

    interface Timed {
        long nanos();
    }

    /** Median in ms of repeats runs after one warm-up run. */
    static double median(int repeats, Timed body) {
        body.nanos();
        double[] ms = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            ms[r] = body.nanos() / 1e6;
        }
        java.util.Arrays.sort(ms);
        return ms[repeats / 2];
    }
}
