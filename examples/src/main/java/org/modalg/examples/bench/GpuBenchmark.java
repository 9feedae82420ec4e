package org.modalg.examples.bench;

import java.util.Arrays;
import java.util.Random;
import org.modalg.fft.CpuNttEngine;
import org.modalg.fields.NttPrimes;
import org.modalg.gpu.GpuNttEngine;
import org.modalg.gpu.GpuTimings;

/**
 * GPU benchmarks ({@code modalg bench gpu}); every GPU result is first checked against the CPU
 * engine on the same random input.
 *
 * <p>Part (b): small-prime NTT throughput for 2^minLog .. 2^maxLog points, one 62-bit prime and
 * a batch of primes: the forward transform's kernels alone (data resident on the device), a
 * whole cyclic convolution's kernels, and the forward transform with the host transfers (the
 * {@link GpuNttEngine} call), against the CPU engine in the same run. The memory floor is the
 * device's copy bandwidth measured in the same run: {@code passes} is the kernel time divided by
 * the time of one read and one write of the data at that bandwidth.
 */
public final class GpuBenchmark {
    /** CSV columns of part (b). */
    public static final String[] NTT_COLUMNS = {"log2n", "rows", "forward_kernel_ms", "effective_GBs",
        "copy_GBs", "passes", "convolution_kernel_ms", "forward_with_transfers_ms", "cpu_forward_ms",
        "cpu_threads", "speedup_kernel_vs_cpu"};

    private GpuBenchmark() {
    }

    /** Part (b). Batches above {@code maxWords} words are skipped. */
    public static BenchTable nttThroughput(int minLog, int maxLog, int batch, long maxWords, int repeats,
                                           long seed) {
        BenchTable table = new BenchTable(NTT_COLUMNS);
        Random rnd = new Random(seed);
        long[] primes = NttPrimes.generate(batch, 1L << 62, 30);
        CpuNttEngine cpu = CpuNttEngine.shared();
        try (GpuNttEngine gpu = new GpuNttEngine(0)) {
            for (int log2n = minLog; log2n <= maxLog; log2n += 2) {
                for (int rows : new int[] {1, batch}) {
                    int n = 1 << log2n;
                    long words = (long) rows * n;
                    if (words > maxWords) {
                        continue;
                    }
                    long[] rowPrimes = Arrays.copyOf(primes, rows);
                    long[] data = new long[(int) words];
                    for (int r = 0; r < rows; r++) {
                        for (int i = 0; i < n; i++) {
                            data[r * n + i] = Math.floorMod(rnd.nextLong(), rowPrimes[r]);
                        }
                    }
                    long[] g = data.clone();
                    long[] c = data.clone();
                    int ln = log2n;
                    gpu.forward(rowPrimes, ln, g, rows);
                    cpu.forward(rowPrimes, ln, c, rows);
                    if (!Arrays.equals(g, c)) {
                        throw new IllegalStateException("GPU and CPU forward transforms differ at 2^" + ln);
                    }
                    double kernel = GpuTimings.forwardMillis(rowPrimes, ln, rows, repeats);
                    double conv = GpuTimings.cyclicConvolutionMillis(rowPrimes, ln, rows, repeats);
                    double copy = GpuTimings.copyBandwidthGBs(words * Long.BYTES, repeats);
                    double withTransfers = FftBenchmark.median(repeats, () -> {
                        long[] d = data.clone();
                        long t0 = System.nanoTime();
                        gpu.forward(rowPrimes, ln, d, rows);
                        return System.nanoTime() - t0;
                    });
                    double cpuMs = FftBenchmark.median(repeats, () -> {
                        long[] d = data.clone();
                        long t0 = System.nanoTime();
                        cpu.forward(rowPrimes, ln, d, rows);
                        return System.nanoTime() - t0;
                    });
                    double bytes = 2.0 * words * Long.BYTES;
                    double effective = bytes / (kernel * 1e-3) / 1e9;
                    table.add(log2n, rows, kernel, effective, copy, copy / effective, conv, withTransfers,
                            cpuMs, cpu.threads(), cpuMs / kernel);
                }
            }
        }
        return table;
    }
}
