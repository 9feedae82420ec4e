package org.modalg.examples.bench;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.modalg.examples.bench.peer.FlintInputs;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.bigprime.CpuBigPrimeFftEngine;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.products.LimbProductProvider;
import org.modalg.fft.products.LimbProducts;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fft.products.PolyProductProvider;
import org.modalg.fft.products.PolyProducts;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.gpu.ntt.GpuNttEngine;
import org.modalg.gpu.GpuTimings;
import org.modalg.polynomial.integer.IntegerMultiplication;
import org.modalg.polynomial.zp.PolyMulZp;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * GPU benchmarks ({@code modalg bench gpu}); every GPU result is first checked against the CPU
 * engine on the same random input.
 *
 * <p>Part (a): thesis Table 2.2 on today's hardware. For P3 (SRGF8, K = 16, N = 16^e) and P4
 * (SRGF16, K = 32, N = 32^e): the big-prime FFT of N field elements on the GPU against the CRT
 * route on the same amount of data (N integers of k 64-bit limbs projected onto the fewest
 * 62-bit NTT primes whose product exceeds p, one NTT of length N per prime, Garner back to
 * limbs), kernels alone and with the host transfers; and the CPU big-prime FFT on all cores.
 *
 * <p>Part (b): small-prime NTT throughput for 2^minLog .. 2^maxLog points, one 62-bit prime and
 * a batch of primes: the forward transform's kernels alone (data resident on the device), a
 * whole cyclic convolution's kernels, and the forward transform with the host transfers (the
 * {@link GpuNttEngine} call), against the CPU engine in the same run. The memory floor is the
 * device's copy bandwidth measured in the same run: {@code passes} is the kernel time divided by
 * the time of one read and one write of the data at that bandwidth. For one row, the same
 * forward transform on a 31-bit prime ({@link GpuTimings#forward31Millis}): a 62-bit residue
 * carries twice the bits, so 62-bit primes win where {@code time_62_over_31} is below 2.
 *
 * <p>Part (c): integer multiplication of two random n-bit integers, 10^6 .. 10^9 bits: the
 * all-device product on limbs (transfers included), the same with the BigInteger conversions
 * (BigInteger in and out), modalg's CPU NTT multiplication and BigInteger.multiply; polynomial
 * multiplication over Z/pZ (a 62-bit NTT prime and p = 2^62 - 57) and over Z (64- and 1000-bit
 * coefficients), the all-device products against modalg's CPU routes on all cores. Every GPU
 * product is compared with the CPU's.
 */
public final class GpuBenchmark {
    /** CSV columns of part (b). */
    public static final String[] NTT_COLUMNS = {"log2n", "rows", "forward_kernel_ms", "effective_GBs",
        "copy_GBs", "passes", "convolution_kernel_ms", "forward_with_transfers_ms", "cpu_forward_ms",
        "cpu_threads", "speedup_kernel_vs_cpu", "forward31_kernel_ms", "time_62_over_31",
        "radix4_forward_kernel_ms", "radix4_passes", "fused_unbounded_forward_kernel_ms"};

    private GpuBenchmark() {
    }

    /** CSV columns of part (a). */
    public static final String[] TABLE_2_2_COLUMNS = {"field", "k", "K", "e", "N", "bigprime_kernel_ms",
        "bigprime_with_transfers_ms", "crt_primes", "crt_project_ms", "crt_ntt_ms", "crt_reconstruct_ms",
        "crt_kernel_ms", "crt_with_transfers_ms", "ratio_bigprime_over_crt_kernels", "cpu_bigprime_ms", "cpu_threads"};

    /** Part (a): P3 with e = 2..maxE3, P4 with e = 2..maxE4. */
    public static BenchTable table22(int maxE3, int maxE4, int repeats) {
        BenchTable table = new BenchTable(TABLE_2_2_COLUMNS);
        try (CpuBigPrimeFftEngine cpu = new CpuBigPrimeFftEngine()) {
            for (GfPreset preset : new GfPreset[] {GfPreset.SRGF8, GfPreset.SRGF16}) {
                GfField f = preset.field();
                int k = f.k();
                int log2K = Integer.numberOfTrailingZeros(2 * k);
                long[] primes = CrtBasis.forBits(f.modulus().bitLength(), 30).primes();
                int maxE = preset == GfPreset.SRGF8 ? maxE3 : maxE4;
                for (int e = 2; e <= maxE; e++) {
                    int log2N = e * log2K;
                    double big = GpuTimings.bigPrimeFftMillis(f, log2N, repeats);
                    double bigAll = GpuTimings.bigPrimeFftWithTransfersMillis(f, log2N, repeats);
                    double[] crt = GpuTimings.crtRouteMillis(primes, k, log2N, repeats);
                    long[] data = randomElements(f, 1 << log2N, new Random(e));
                    double cpuMs = FftBenchmark.median(repeats, () -> {
                        long[] d = data.clone();
                        long t0 = System.nanoTime();
                        cpu.forward(f, log2N, d);
                        return System.nanoTime() - t0;
                    });
                    table.add(preset.name(), k, 2 * k, e, 1 << log2N, big, bigAll, primes.length, crt[0], crt[1],
                            crt[2], crt[3], crt[4], big / crt[3], cpuMs, Runtime.getRuntime().availableProcessors());
                }
            }
        }
        return table;
    }

    private static long[] randomElements(GfField f, int n, Random rnd) {
        int k = f.k();
        long[] data = new long[n * k];
        BigInteger p = f.modulus();
        for (int i = 0; i < n; i++) {
            f.fromBigInteger(new BigInteger(p.bitLength() + 16, rnd).mod(p), data, i * k);
        }
        return data;
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
                    // the prime-width comparison: the same transform on 31-bit primes (one row)
                    double k31 = rows == 1 && log2n <= 26 ? GpuTimings.forward31Millis(log2n, repeats) : Double.NaN;
                    // the kernel's before: the radix-4 passes, same data size, same run
                    double r4 = GpuTimings.forwardMillisRadix4(rowPrimes, ln, rows, repeats);
                    double r4Effective = bytes / (r4 * 1e-3) / 1e9;
                    table.add(log2n, rows, kernel, effective, copy, copy / effective, conv, withTransfers,
                            cpuMs, cpu.threads(), cpuMs / kernel, k31, kernel / k31, r4, copy / r4Effective,
                            GpuTimings.forwardMillisFused(rowPrimes, ln, rows, repeats));
                }
            }
        }
        return table;
    }

    /** CSV columns of part (c), integers. */
    public static final String[] INTMUL_COLUMNS = {"bits", "gpu_limbs_ms", "gpu_biginteger_ms", "cpu_modalg_ms",
        "cpu_threads", "biginteger_ms", "speedup_gpu_vs_cpu_modalg"};

    /** Part (c), integers: CPU peers above cpuMaxBits (BigInteger above bigIntegerMaxBits) are skipped. */
    public static BenchTable integerMultiplication(long[] bits, long cpuMaxBits, long bigIntegerMaxBits, int repeats,
                                                   long seed) {
        BenchTable table = new BenchTable(INTMUL_COLUMNS);
        Random rnd = new Random(seed);
        LimbProductProvider gpu = LimbProducts.provider();
        if (gpu == null) {
            throw new IllegalStateException("no usable GPU integer product provider");
        }
        for (long nbits : bits) {
            BigInteger a = new BigInteger((int) nbits, rnd).setBit((int) nbits - 1);
            BigInteger b = new BigInteger((int) nbits, rnd).setBit((int) nbits - 1);
            int limbs = (int) ((nbits + 63) / 64);
            double limbMs = GpuTimings.integerProductMillis(limbs, repeats);
            BigInteger[] product = new BigInteger[1];
            // IntegerMultiplication.multiply hands operands of this size to the GPU provider
            double bigMs = FftBenchmark.median(repeats, () -> {
                long t0 = System.nanoTime();
                product[0] = IntegerMultiplication.multiply(a, b);
                return System.nanoTime() - t0;
            });
            double cpuMs = Double.NaN;
            if (nbits <= cpuMaxBits) {
                BigInteger[] cpuProduct = new BigInteger[1];
                cpuMs = FftBenchmark.median(repeats, () -> {
                    long t0 = System.nanoTime();
                    cpuProduct[0] = IntegerMultiplication.multiplyCpu(a, b, CpuNttEngine.shared().threads());
                    return System.nanoTime() - t0;
                });
                if (!cpuProduct[0].equals(product[0])) {
                    throw new IllegalStateException("GPU and CPU integer products differ at " + nbits + " bits");
                }
            }
            double javaMs = Double.NaN;
            if (nbits <= bigIntegerMaxBits) {
                BigInteger[] javaProduct = new BigInteger[1];
                javaMs = FftBenchmark.median(Math.min(repeats, 2), () -> {
                    long t0 = System.nanoTime();
                    javaProduct[0] = a.multiply(b);
                    return System.nanoTime() - t0;
                });
                if (!javaProduct[0].equals(product[0])) {
                    throw new IllegalStateException("GPU product differs from BigInteger.multiply at " + nbits + " bits");
                }
            }
            table.add(nbits, limbMs, bigMs, cpuMs, CpuNttEngine.shared().threads(), javaMs, cpuMs / bigMs);
        }
        return table;
    }

    /** CSV columns of part (c), polynomials over Z/pZ. */
    public static final String[] POLYMUL_COLUMNS = {"length", "p", "ntt_friendly", "gpu_ms", "cpu_ms",
        "cpu_threads", "speedup", "gpu_route"};

    /**
     * Part (c), polynomials over Z/pZ: balanced products of two random polynomials of each
     * length, for a 62-bit NTT prime (one convolution modulo p) and p = 2^62 - 57 (three
     * primes and the CRT): {@link PolyMulZp#mulNtt(ZpField, long[], int, int, long[], int, int,
     * long[], int)} (the all-device product when a {@link PolyProductProvider} takes it)
     * against the same with the CPU engine on all cores. Each GPU product is compared with the
     * CPU's.
     */
    public static BenchTable polynomialMultiplication(int minLog, int maxLog, int repeats, long seed) {
        BenchTable table = new BenchTable(POLYMUL_COLUMNS);
        Random rnd = new Random(seed);
        PolyProductProvider provider = PolyProducts.provider();
        String route = provider == null ? "engine" : provider.name();
        for (long p : new long[] {NttPrimes.generate(1, 1L << 62, 30)[0], (1L << 62) - 57}) {
            ZpField f = ZpField.of(p);
            for (int log = minLog; log <= maxLog; log += 2) {
                int n = 1 << log;
                long[] a = new long[n];
                long[] b = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = f.random(rnd);
                    b[i] = f.random(rnd);
                }
                long[] cg = new long[2 * n - 1];
                long[] cc = new long[2 * n - 1];
                double gpuMs = FftBenchmark.median(repeats, () -> {
                    long t0 = System.nanoTime();
                    PolyMulZp.mulNtt(f, a, 0, n, b, 0, n, cg, 0);
                    return System.nanoTime() - t0;
                });
                double cpuMs = FftBenchmark.median(repeats, () -> {
                    long t0 = System.nanoTime();
                    PolyMulZp.mulNtt(f, a, 0, n, b, 0, n, cc, 0, CpuNttEngine.shared());
                    return System.nanoTime() - t0;
                });
                if (!Arrays.equals(cg, cc)) {
                    throw new IllegalStateException("GPU and CPU polynomial products differ at length 2^" + log
                            + " mod " + p);
                }
                boolean friendly = Long.numberOfTrailingZeros(p - 1) >= log + 1;
                table.add(n, p, friendly, gpuMs, cpuMs, CpuNttEngine.shared().threads(), cpuMs / gpuMs, route);
            }
        }
        return table;
    }

    /** CSV columns of part (c), polynomials over Z. */
    public static final String[] ZZ_POLYMUL_COLUMNS = {"length", "coefficient_bits", "gpu_ms", "cpu_ms",
        "cpu_threads", "speedup", "gpu_route"};

    /** The longest length of the 1000-bit rows of {@link #integerPolynomialMultiplication}. */
    public static final int ZZ_1000_BIT_MAX_LOG = 20;

    /**
     * Part (c), polynomials over Z with 64-bit and 1000-bit signed coefficients, balanced:
     * {@link ZZPoly#multiply(ZZPoly)} with the default backend (the all-device product when a
     * {@link PolyProductProvider} takes it: coefficients in, coefficients out) against
     * {@link ZZPoly#multiply(ZZPoly, Options)} with {@link Backend#CPU}, the CPU's
     * double-precision route on all cores; 1000-bit rows up to 2^{@link #ZZ_1000_BIT_MAX_LOG}.
     * Both keep packed coefficients; each GPU product is compared with the CPU's.
     */
    public static BenchTable integerPolynomialMultiplication(int minLog, int maxLog, int repeats, long seed) {
        BenchTable table = new BenchTable(ZZ_POLYMUL_COLUMNS);
        Random rnd = new Random(seed);
        Options cpu = Options.defaults().withBackend(Backend.CPU);
        PolyProductProvider provider = PolyProducts.provider();
        String route = provider == null ? "engine" : provider.name();
        for (int bits : new int[] {64, 1000}) {
            // warm both routes up first: the first size would otherwise pay the JIT in whichever
            // column is measured first
            ZZPoly w = ZZPoly.of(randomCoefficients(rnd, 1 << minLog, bits));
            for (int k = 0; k < 2; k++) {
                w.multiply(w);
                w.multiply(w, cpu);
            }
            int top = bits == 64 ? maxLog : Math.min(maxLog, ZZ_1000_BIT_MAX_LOG);
            for (int log = minLog; log <= top; log += 2) {
                int n = 1 << log;
                ZZPoly a = ZZPoly.of(randomCoefficients(rnd, n, bits));
                ZZPoly b = ZZPoly.of(randomCoefficients(rnd, n, bits));
                ZZPoly[] out = new ZZPoly[2];
                double gpuMs = FftBenchmark.median(repeats, () -> {
                    long t0 = System.nanoTime();
                    out[0] = a.multiply(b);
                    return System.nanoTime() - t0;
                });
                double cpuMs = FftBenchmark.median(repeats, () -> {
                    long t0 = System.nanoTime();
                    out[1] = a.multiply(b, cpu);
                    return System.nanoTime() - t0;
                });
                if (!out[0].equals(out[1])) {
                    throw new IllegalStateException("GPU and CPU products over Z differ at length 2^" + log + ", "
                            + bits + " bits");
                }
                table.add(n, bits, gpuMs, cpuMs, CpuNttEngine.shared().threads(), cpuMs / gpuMs, route);
            }
        }
        return table;
    }

    /** CSV columns of part (r), the product rows. */
    public static final String[] ROWS_COLUMNS = {"row", "length", "cpu_threads", "cpu_ms", "auto_ms", "gpu_ms",
        "cpu_over_auto", "cpu_over_gpu", "runs"};

    /**
     * Part (r): the product rows on the harness's inputs ({@link FlintInputs}): Z[x] with
     * 64-bit and 1000-bit coefficients and Z/pZ[x] with FLINT's p = 2^62 + 135, at lengths
     * 2^minLog, 2^(minLog + 2), ... 2^maxLog (1000-bit rows up to 2^max1000Log). Per run, in
     * turn: the CPU route on {@code threads} threads, backend {@code auto}, backend {@code gpu}
     * (both also on {@code threads} host threads); medians of {@code repeats} runs (one run for
     * a row whose CPU product took 10 s or more), after one untimed product per route at each
     * length (the 1000-bit 2^24 row excepted). Every product is compared with the CPU's.
     * {@code rows} picks the rows by key: zz64, zp, zz1000.
     * Each row is printed to {@code log} as it completes, so that a long run shows its rows.
     */
    public static BenchTable productRows(int minLog, int maxLog, int max1000Log, int threads, int repeats,
            java.util.List<String> rows, java.io.PrintStream log) {
        java.util.Map<String, String> names = new java.util.LinkedHashMap<>();
        names.put("zz64", "Z[x] 64-bit");
        names.put("zp", "Z/pZ[x] p = 2^62 + 135");
        names.put("zz1000", "Z[x] 1000-bit");
        if (!names.keySet().containsAll(rows)) {
            throw new IllegalArgumentException("rows must be among " + names.keySet() + ", got " + rows);
        }
        BenchTable table = new BenchTable(ROWS_COLUMNS);
        Options base = Options.defaults().withThreads(threads);
        Options[] routes = {base.withBackend(Backend.CPU), base.withBackend(Backend.AUTO),
            base.withBackend(Backend.GPU)};
        long p = FlintInputs.nmodPrime();
        for (String key : names.keySet()) {
            if (!rows.contains(key)) {
                continue;
            }
            String row = names.get(key);
            boolean big = row.endsWith("1000-bit");
            int top = big ? Math.min(maxLog, max1000Log) : maxLog;
            // one untimed product per route at the smallest length: the JIT and the device's start
            for (Options o : routes) {
                rowProduct(row, 1 << minLog, p, o);
            }
            for (int log2 = minLog; log2 <= top; log2 += 2) {
                int n = 1 << log2;
                Object in = rowInput(row, n, p);
                // one untimed product per route at this length too (device buffers and pinned host
                // memory of this size, size-dependent code paths), except the 1000-bit 2^24 row,
                // whose CPU product alone takes seconds; a collection of the last length's garbage
                // kept out of the timings
                if (!big || log2 < 24) {
                    for (Options o : routes) {
                        rowMultiply(row, in, p, o);
                    }
                }
                System.gc();
                double[][] ms = new double[routes.length][repeats];
                int runs = 0;
                for (int r = 0; r < repeats; r++) {
                    Object reference = null;
                    for (int k = 0; k < routes.length; k++) {
                        long t0 = System.nanoTime();
                        Object c = rowMultiply(row, in, p, routes[k]);
                        ms[k][r] = (System.nanoTime() - t0) / 1e6;
                        if (k == 0) {
                            reference = c;
                        } else if (!sameProduct(reference, c)) {
                            throw new IllegalStateException(row + " at length 2^" + log2 + ": backend "
                                    + routes[k].backend() + " differs from the CPU route");
                        }
                    }
                    runs++;
                    if (ms[0][r] >= 10_000) {
                        break;
                    }
                }
                double cpu = median(ms[0], runs);
                double auto = median(ms[1], runs);
                double gpu = median(ms[2], runs);
                table.add(row, n, threads, cpu, auto, gpu, cpu / auto, cpu / gpu, runs);
                log.printf(java.util.Locale.ROOT, "# row %s 2^%d: cpu %.2f ms, auto %.2f ms, gpu %.2f ms (%d runs: %s / %s / %s)%n",
                        row, log2, cpu, auto, gpu, runs, runList(ms[0], runs), runList(ms[1], runs), runList(ms[2], runs));
            }
        }
        return table;
    }

    private static Object rowInput(String row, int n, long p) {
        if (row.startsWith("Z/pZ")) {
            return FlintInputs.nmodInput(n, p);
        }
        return FlintInputs.polyzInput(n, row.endsWith("1000-bit") ? 1000 : 64);
    }

    private static void rowProduct(String row, int n, long p, Options o) {
        rowMultiply(row, rowInput(row, n, p), p, o);
    }

    private static Object rowMultiply(String row, Object in, long p, Options o) {
        if (row.startsWith("Z/pZ")) {
            long[][] ab = (long[][]) in;
            return org.modalg.polynomial.zp.ZpPoly.multiplyFullWord(p, ab[0], ab[1], o);
        }
        ZZPoly[] ab = (ZZPoly[]) in;
        return ab[0].multiply(ab[1], o);
    }

    private static boolean sameProduct(Object a, Object b) {
        return a instanceof long[] x ? Arrays.equals(x, (long[]) b) : a.equals(b);
    }

    private static String runList(double[] xs, int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : " ").append(String.format(java.util.Locale.ROOT, "%.1f", xs[i]));
        }
        return b.toString();
    }

    private static double median(double[] xs, int n) {
        double[] s = Arrays.copyOf(xs, n);
        Arrays.sort(s);
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    // n random signed coefficients of exactly `bits` bits in magnitude.
    private static BigInteger[] randomCoefficients(Random rnd, int n, int bits) {
        BigInteger[] c = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            BigInteger m = new BigInteger(bits, rnd).setBit(bits - 1);
            c[i] = rnd.nextBoolean() ? m : m.negate();
        }
        return c;
    }
}
