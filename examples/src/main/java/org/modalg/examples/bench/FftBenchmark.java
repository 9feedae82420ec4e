package org.modalg.examples.bench;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.examples.bench.support.GfFftCases;
import org.modalg.fft.bigprime.BigIntegerFft;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.bigprime.GfFft;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;

/**
 * Big-prime FFT benchmarks.
 *
 * <p>Part (a), thesis Table 3.4 shape: the DFT of N = K^e random elements (K = 2k) over the
 * Table 3.1 primes, serial and parallel, {@link GfFft} (cyclic-shift base case, generalized
 * Fermat arithmetic) against {@link BigIntegerFft} (the same factorization with BigInteger
 * arithmetic, the thesis's GMP variant). Both outputs are compared before timing counts.
 *
 * <p>Part (b), thesis Table 2.2 shape on the CPU: for P3 (SRGF8, K = 16) and P4 (SRGF16,
 * K = 32) and N = K^e, the big-prime FFT of N elements against the CRT route on the same
 * amount of data: projection of N integers of the same size onto the fewest 62-bit NTT primes
 * whose product exceeds p, one NTT of length N per prime, and CRT combination.
 *
 * <p>Part (c): small-prime NTT throughput for N = 2^16 .. 2^maxLog, one prime and a batch of
 * primes, one thread and all threads.
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
        BigInteger[] values = new BigInteger[n];
        long[] data = GfFftCases.randomElements(f, values, rnd);
        GfFft plan = GfFft.of(f, log2N);
        BigIntegerFft baseline = new BigIntegerFft(f, log2N);
        // correctness first: both routes give the same DFT
        GfFftCases.checkAgainstBigInteger(f, log2N, data, values, plan);
        for (int t : threads == 1 ? new int[] {1} : new int[] {1, threads}) {
            ForkJoinPool use = t == 1 ? null : pool;
            double gf = median(repeats, () -> GfFftCases.forwardNanos(plan, data, use));
            double big = median(repeats, () -> {
                BigInteger[] x = values.clone();
                long t0 = System.nanoTime();
                baseline.forward(x, use);
                return System.nanoTime() - t0;
            });
            table.add(f.name(), k, 2 * k, e, n, t, gf, big, gf / big);
        }
    }

    /** CSV columns of part (b). */
    public static final String[] BIG_VS_CRT_COLUMNS = {"field", "k", "K", "e", "N", "threads", "bigprime_ms",
        "crt_primes", "crt_project_ms", "crt_ntt_ms", "crt_combine_ms", "crt_total_ms", "ratio_bigprime_over_crt"};

    /** Part (b). */
    public static BenchTable bigPrimeVsCrt(List<GfPreset> presets, int maxE, long maxWords, int threads, int repeats,
                                           long seed) {
        BenchTable table = new BenchTable(BIG_VS_CRT_COLUMNS);
        Random rnd = new Random(seed);
        ForkJoinPool pool = new ForkJoinPool(threads);
        try (CpuNttEngine serialNtt = new CpuNttEngine(1); CpuNttEngine parallelNtt = new CpuNttEngine(threads)) {
            for (GfPreset preset : presets) {
                GfField f = preset.field();
                int k = f.k();
                int log2K = Integer.numberOfTrailingZeros(2 * k);
                CrtBasis basis = CrtBasis.forBits(f.modulus().bitLength(), 30);
                int s = basis.size();
                long[] rowPrimes = basis.primes();
                for (int e = 2; e <= maxE; e++) {
                    int log2N = e * log2K;
                    int n = 1 << log2N;
                    if (log2N > 27 || (long) Math.max(k, s) * n > maxWords) {
                        continue;
                    }
                    BigInteger[] values = new BigInteger[n];
                    long[] data = GfFftCases.randomElements(f, values, rnd);
                    long[] limbs = GfFftCases.limbs(values, k);
                    GfFft plan = GfFft.of(f, log2N);
                    long[] residues = new long[s * n];
                    int outLimbs = basis.modulusLimbCount();
                    long[] back = new long[n * outLimbs];
                    GfFftCases.checkCrtRoundTrip(basis, limbs, n, k, f.name());
                    for (int t : threads == 1 ? new int[] {1} : new int[] {1, threads}) {
                        ForkJoinPool use = t == 1 ? null : pool;
                        CpuNttEngine ntt = t == 1 ? serialNtt : parallelNtt;
                        int tt = t;
                        double big = median(repeats, () -> GfFftCases.forwardNanos(plan, data, use));
                        double[] phases = new double[3];
                        double total = median(repeats, () -> {
                            long t0 = System.nanoTime();
                            basis.projectAll(limbs, n, k, residues, tt);
                            long t1 = System.nanoTime();
                            ntt.forward(rowPrimes, log2N, residues, s);
                            long t2 = System.nanoTime();
                            basis.reconstructUnsigned(residues, n, back, outLimbs, tt);
                            long t3 = System.nanoTime();
                            phases[0] = (t1 - t0) / 1e6;
                            phases[1] = (t2 - t1) / 1e6;
                            phases[2] = (t3 - t2) / 1e6;
                            return t3 - t0;
                        });
                        table.add(f.name(), k, 2 * k, e, n, t, big, s, phases[0], phases[1], phases[2], total,
                                big / total);
                    }
                }
            }
        } finally {
            pool.shutdown();
        }
        return table;
    }

    /** CSV columns of part (c). */
    public static final String[] NTT_COLUMNS = {"log2n", "n", "primes", "threads", "ms", "ns_per_butterfly",
        "mwords_per_s"};

    /** Part (c): forward NTTs of length 2^log2n, for log2n in [minLog, maxLog]. */
    public static BenchTable nttThroughput(int minLog, int maxLog, int batch, long maxWords, int threads, int repeats,
                                           long seed) {
        BenchTable table = new BenchTable(NTT_COLUMNS);
        Random rnd = new Random(seed);
        long[] primes = NttPrimes.generate(batch, 1L << 62, 30);
        try (CpuNttEngine serial = new CpuNttEngine(1); CpuNttEngine parallel = new CpuNttEngine(threads)) {
            for (int log2n = minLog; log2n <= maxLog; log2n += 2) {
                for (int rows : new int[] {1, batch}) {
                    int n = 1 << log2n;
                    if ((long) rows * n > maxWords) {
                        continue;
                    }
                    long[] rowPrimes = java.util.Arrays.copyOf(primes, rows);
                    long[] data = new long[rows * n];
                    for (int r = 0; r < rows; r++) {
                        for (int i = 0; i < n; i++) {
                            data[r * n + i] = Math.floorMod(rnd.nextLong(), rowPrimes[r]);
                        }
                    }
                    for (int t : threads == 1 ? new int[] {1} : new int[] {1, threads}) {
                        CpuNttEngine engine = t == 1 ? serial : parallel;
                        int ln = log2n;
                        double ms = median(repeats, () -> {
                            long[] d = data.clone();
                            long t0 = System.nanoTime();
                            engine.forward(rowPrimes, ln, d, rows);
                            return System.nanoTime() - t0;
                        });
                        double butterflies = (double) rows * (n / 2) * log2n;
                        table.add(log2n, n, rows, t, ms, ms * 1e6 / butterflies, rows * (double) n / ms / 1e3);
                    }
                }
            }
        }
        return table;
    }

    interface Timed {
        long nanos();
    }

    /** {@link #median(int, Timed)} of a body timed whole (its wall-clock time per run). */
    static double medianRun(int repeats, Runnable body) {
        return median(repeats, () -> {
            long t0 = System.nanoTime();
            body.run();
            return System.nanoTime() - t0;
        });
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
