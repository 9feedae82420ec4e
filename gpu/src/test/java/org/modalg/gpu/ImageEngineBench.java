package org.modalg.gpu;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.function.Supplier;
import org.modalg.fft.Options;
import org.modalg.modular.ImageEngine;
import org.modalg.modular.ImageEngines;
import org.modalg.modular.LimbVector;
import org.modalg.modular.LuImages;

/**
 * Per-image times of the GPU image engine against the CPU engine on all host cores, in the same
 * run (gpu/BENCHMARKS.md): determinants n = 100 / 400 / 1000, resultants of degree 1000 / 3000,
 * gcds of degree 10000, LU + one solve at n = 500, for primes of 23 / 26 bits (doubles) and 62
 * bits (Montgomery), and the small sizes behind {@link GpuImageEngineProvider}'s threshold.
 * Each figure is the best of three timed batches after one warm-up; the GPU figures include the
 * upload, the projection on the device and the download. Results are checked equal.
 *
 * <p>Run: {@code java -cp <bundle classes> org.modalg.gpu.ImageEngineBench [csv-dir] [quick]}.
 */
public final class ImageEngineBench {
    private ImageEngineBench() {
    }

    private static PrintWriter csv;

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : ".");
        boolean quick = args.length > 1 && args[1].equals("quick");
        Files.createDirectories(dir);
        int cores = Runtime.getRuntime().availableProcessors();
        if (!GpuRuntime.isUsable()) {
            System.out.println("no usable GPU: " + GpuRuntime.unusableReason());
            return;
        }
        Options o = Options.defaults().withThreads(cores);
        ImageEngine cpu = ImageEngines.cpu(o);
        GpuImageEngine gpu = new GpuImageEngine(o, cpu);
        String device = GpuRuntime.get().describe();
        System.out.printf("device: %s x %d; CPU engine: %s (%d cores)%n", device, gpu.deviceCount(), cpu.name(), cores);
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(dir.resolve("image-engine.csv")))) {
            csv = w;
            w.println("case,prime_bits,primes,arith,gpu_ms_per_image,cpu_ms_per_image,speedup,devices,device");
            Random rnd = new Random(1);
            // small sizes: the auto threshold
            for (int n : new int[] {8, 16, 32, 64}) {
                det(gpu, cpu, rnd, n, 10, 64, 23, "small");
            }
            for (int len : new int[] {32, 64, 128, 256, 512}) {
                res(gpu, cpu, rnd, len, 64, 64, 26, "small");
            }
            det(gpu, cpu, rnd, 100, 100, quick ? 264 : 1056, 23, null);
            det(gpu, cpu, rnd, 100, 100, quick ? 264 : 1056, 62, null);
            det(gpu, cpu, rnd, 400, 10, 528, 23, null);
            det(gpu, cpu, rnd, 400, 100, 528, 23, null);
            det(gpu, cpu, rnd, 400, 100, 264, 62, null);
            withMont(() -> det(gpu, cpu, rnd, 400, 100, 528, 23, "forced-mont"));
            det(gpu, cpu, rnd, 1000, 100, quick ? 132 : 264, 23, null);
            res(gpu, cpu, rnd, 1001, 64, 1056, 26, null);
            res(gpu, cpu, rnd, 1001, 64, 528, 62, null);
            withMont(() -> res(gpu, cpu, rnd, 1001, 64, 1056, 26, "forced-mont"));
            res(gpu, cpu, rnd, 3001, 64, 528, 26, null);
            res(gpu, cpu, rnd, 3001, 64, 264, 62, null);
            gcd(gpu, cpu, rnd, 10001, 256, quick ? 132 : 264, 26);
            gcd(gpu, cpu, rnd, 10001, 256, 132, 62);
            lu(gpu, cpu, rnd, 500, 100, 264);
        }
    }

    private static void withMont(Runnable r) {
        System.setProperty("modalg.gpu.imageArithmetic", "mont");
        try {
            r.run();
        } finally {
            System.clearProperty("modalg.gpu.imageArithmetic");
        }
    }

    private static String arith(int bits) {
        return bits <= 26 && !"mont".equals(System.getProperty("modalg.gpu.imageArithmetic")) ? "f64" : "mont";
    }

    private static void det(GpuImageEngine gpu, ImageEngine cpu, Random rnd, int n, int bits, int count,
            int primeBits, String tag) {
        LimbVector a = LimbVector.of(GpuImageEngineTest.random(rnd, n * n, bits));
        long[] ps = GpuImageEngineTest.primes(rnd, count, primeBits);
        report("det n=" + n + " " + bits + "-bit" + (tag == null ? "" : " " + tag), primeBits, count, gpu,
                () -> gpu.determinants(n, a, ps), () -> cpu.determinants(n, a, ps), (long) n * n * n / 3 * count);
    }

    private static void res(GpuImageEngine gpu, ImageEngine cpu, Random rnd, int len, int bits, int count,
            int primeBits, String tag) {
        LimbVector f = LimbVector.of(GpuImageEngineTest.random(rnd, len, bits));
        LimbVector g = LimbVector.of(GpuImageEngineTest.random(rnd, len, bits));
        long[] ps = GpuImageEngineTest.primes(rnd, count, primeBits);
        report("resultant deg " + (len - 1) + " " + bits + "-bit" + (tag == null ? "" : " " + tag), primeBits,
                count, gpu, () -> gpu.resultants(f, g, ps), () -> cpu.resultants(f, g, ps), (long) len * len * count);
    }

    private static void gcd(GpuImageEngine gpu, ImageEngine cpu, Random rnd, int len, int bits, int count,
            int primeBits) {
        // f = h u, g = h v modulo every prime: a planted common factor of degree len / 2, built
        // from small random factors by a product of their residues is not needed for the cost,
        // which Euclid's remainder sequence down to deg h dominates; random f, g run it to the end.
        LimbVector f = LimbVector.of(GpuImageEngineTest.random(rnd, len, bits));
        LimbVector g = LimbVector.of(GpuImageEngineTest.random(rnd, len, bits));
        long[] ps = GpuImageEngineTest.primes(rnd, count, primeBits);
        report("gcd deg " + (len - 1) + " " + bits + "-bit cofactors", primeBits, count, gpu,
                () -> gpu.gcds(f, g, ps, true).gcd(), () -> cpu.gcds(f, g, ps, true).gcd(), (long) len * len * count);
    }

    private static void lu(GpuImageEngine gpu, ImageEngine cpu, Random rnd, int n, int bits, int count) {
        LimbVector a = LimbVector.of(GpuImageEngineTest.random(rnd, n * n, bits));
        long[] ps = GpuImageEngineTest.primes(rnd, count, 23);
        long[] b = new long[count * n];
        for (int j = 0; j < count; j++) {
            for (int i = 0; i < n; i++) {
                b[j * n + i] = Math.floorMod(rnd.nextLong(), ps[j]);
            }
        }
        report("LU + 1 solve n=" + n + " " + bits + "-bit", 23, count, gpu, () -> luSolve(gpu, n, a, ps, b),
                () -> luSolve(cpu, n, a, ps, b), (long) n * n * n / 3 * count);
        try (LuImages g = gpu.factor(n, a, ps); LuImages c = cpu.factor(n, a, ps)) {
            long[] x = new long[b.length];
            long[] y = new long[b.length];
            report("solve only n=" + n, 23, count, gpu, () -> {
                g.solve(b, x);
                return x.clone();
            }, () -> {
                c.solve(b, y);
                return y.clone();
            }, (long) n * n * count);
        }
    }

    private static long[] luSolve(ImageEngine e, int n, LimbVector a, long[] ps, long[] b) {
        try (LuImages lu = e.factor(n, a, ps)) {
            long[] x = new long[b.length];
            lu.solve(b, x);
            return x;
        }
    }

    private static void report(String what, int primeBits, int count, GpuImageEngine gpu, Supplier<long[]> onGpu,
            Supplier<long[]> onCpu, long operations) {
        long[] want = onCpu.get();
        long[] got = onGpu.get();
        if (!java.util.Arrays.equals(want, got)) {
            throw new AssertionError("GPU and CPU differ: " + what);
        }
        double g = best(onGpu) / count;
        double c = best(onCpu) / count;
        String arith = arith(primeBits);
        System.out.printf(Locale.ROOT, "%-42s %2d-bit x %5d %-4s  gpu %9.4f ms/image  cpu %9.4f ms/image  %6.2fx"
                + "  (%.2e ops)%n", what, primeBits, count, arith, g, c, c / g, (double) operations);
        csv.printf(Locale.ROOT, "%s,%d,%d,%s,%.6f,%.6f,%.3f,%d,%s%n", what, primeBits, count, arith, g, c, c / g,
                gpu.deviceCount(), GpuRuntime.get().deviceName());
        csv.flush();
    }

    private static double best(Supplier<long[]> run) {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            run.get();
            best = Math.min(best, (System.nanoTime() - t0) / 1e6);
        }
        return best;
    }

}
