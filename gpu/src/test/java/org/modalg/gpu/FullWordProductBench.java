package org.modalg.gpu;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.zp.PolyMulZp;

/**
 * The all-device Z/pZ[x] product ({@link GpuPolyProductProvider#multiplyMod}) against the CPU
 * route ({@link PolyMulZp#mulDoubleNtt} on all host cores) for moduli on both sides of 2^62 and
 * up to 2^64 - 59 (Montgomery's {@code garner_mod} for p = 2^62 - 57, {@code garner_mod_word}
 * for the others), n x n products for n = 2^16 .. 2^24 (polynomial/BENCHMARKS.md). Per length:
 * the device's first product in the JVM (cold: the twiddle tables of the three primes built,
 * the buffers allocated), then per modulus the best of 5 device products
 * and the best of 3 on the host after one warm-up each; wall time of the Java call (host arrays
 * in and out); every device product compared with the host's.
 *
 * <p>Run from the bundle: {@code jre/bin/java -cp "test-classes:lib/*" org.modalg.gpu.FullWordProductBench
 * CSV_DIR [maxLog2 [gpu-only]]} ({@code gpu-only}: without the host products, nothing compared;
 * {@code -Dmodalg.gpu.hostTables=true}: the twiddle tables built on the host, as before).
 */
public final class FullWordProductBench {
    private FullWordProductBench() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : ".");
        int maxLog2 = args.length > 1 ? Integer.parseInt(args[1]) : 24;
        boolean gpuOnly = args.length > 2 && args[2].equals("gpu-only");
        Files.createDirectories(dir);
        int cores = Runtime.getRuntime().availableProcessors();
        if (!GpuRuntime.isUsable()) {
            System.out.println("# no GPU: " + GpuRuntime.unusableReason());
            return;
        }
        System.out.println("# " + GpuRuntime.get().describe() + "; host " + cores + " cores");
        long[] moduli = {(1L << 62) - 57, (1L << 62) + 135, -59L, 2};
        GpuPolyProductProvider provider = new GpuPolyProductProvider();
        try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(dir.resolve("bench-fullword-gpu.csv")))) {
            csv.println("log2n,p,gpu_cold_ms,gpu_ms,cpu_ms,cpu_over_gpu,check");
            for (int log2 = 16; log2 <= maxLog2; log2 += 2) {
                int n = 1 << log2;
                boolean cold = true;
                for (long p : moduli) {
                    Random rnd = new Random(31L * log2 + p);
                    long[] a = new long[n];
                    long[] b = new long[n];
                    for (int i = 0; i < n; i++) {
                        a[i] = Long.remainderUnsigned(rnd.nextLong(), p);
                        b[i] = Long.remainderUnsigned(rnd.nextLong(), p);
                    }
                    long[] g = new long[2 * n - 1];
                    long[] c = new long[2 * n - 1];
                    long t0 = System.nanoTime();
                    if (!provider.multiplyMod(p, a, 0, n, b, 0, n, g, 0)) {
                        throw new IllegalStateException("declined");
                    }
                    double first = (System.nanoTime() - t0) / 1e6;
                    double gpu = Double.MAX_VALUE;
                    for (int r = 0; r < 5; r++) {
                        long s = System.nanoTime();
                        provider.multiplyMod(p, a, 0, n, b, 0, n, g, 0);
                        gpu = Math.min(gpu, (System.nanoTime() - s) / 1e6);
                    }
                    double cpu = Double.MAX_VALUE;
                    for (int r = 0; r < (gpuOnly ? 0 : 4); r++) {
                        long s = System.nanoTime();
                        PolyMulZp.mulDoubleNtt(p, a, 0, n, b, 0, n, c, 0, cores);
                        if (r > 0) {
                            cpu = Math.min(cpu, (System.nanoTime() - s) / 1e6);
                        }
                    }
                    String check = gpuOnly ? "not compared" : Arrays.equals(g, c) ? "ok" : "MISMATCH";
                    String line = String.format(Locale.ROOT, "%d,%s,%s,%.3f,%.3f,%.2f,%s", log2,
                            Long.toUnsignedString(p), cold ? String.format(Locale.ROOT, "%.1f", first) : "",
                            gpu, cpu, cpu / gpu, check);
                    cold = false;
                    System.out.println(line);
                    csv.println(line);
                    csv.flush();
                }
            }
        }
    }
}
