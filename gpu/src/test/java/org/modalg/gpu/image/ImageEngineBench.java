package org.modalg.gpu.image;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.function.Supplier;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.image.LimbVector;
import org.modalg.modular.image.LuImages;

/**
 * Per-image times of the GPU image engine against the CPU engine on all host cores, in the same
 * run (gpu/BENCHMARKS.md): determinants n = 100 / 400 / 1000, resultants of degree 1000 / 3000,
 * gcds of degree 10000, LU + one solve at n = 500, for primes of 23 / 26 bits (doubles) and 62
 * bits (Montgomery), and the small sizes behind {@link GpuImageEngineProvider}'s threshold.
 * Each figure is the best of three timed batches after one warm-up; the GPU figures include the
 * upload, the projection on the device and the download. Results are checked equal.
 *
 * <p>Run: {@code run-image-bench.sh [quick | main | scaling]} from the bundle (csv-dir first when
 * run directly): everything, fewer primes, the headline cases only, or one device against all.
 */
public final class ImageEngineBench {
    private ImageEngineBench() {
    }

    private static PrintWriter csv;

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : ".");
        boolean quick = args.length > 1 && args[1].equals("quick");
        boolean scaling = args.length > 1 && args[1].equals("scaling");
        boolean main = args.length > 1 && args[1].equals("main");
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
            if (scaling) {
                scaling(gpu, new GpuImageEngine(o, cpu, 1), cpu, rnd);
                return;
            }
            if (main) {
                // the headline cases with the committed defaults, small primes only
                det(gpu, cpu, rnd, 100, 100, 1056, 23, null);
                det(gpu, cpu, rnd, 400, 10, 528, 23, null);
                det(gpu, cpu, rnd, 400, 100, 528, 23, null);
                det(gpu, cpu, rnd, 1000, 100, 264, 23, null);
                res(gpu, cpu, rnd, 1001, 64, 1056, 26, null);
                res(gpu, cpu, rnd, 3001, 64, 528, 26, null);
                gcd(gpu, cpu, rnd, 10001, 256, 528, 26);
                lu(gpu, cpu, rnd, 500, 100, 264);
                return;
            }
            // small sizes: the auto threshold (whole batches, against 16 threads and 1 thread)
            ImageEngine cpu1 = ImageEngines.cpu(Options.defaults().withThreads(1));
            for (int count : new int[] {1, 16, 128}) {
                for (int n : new int[] {8, 32, 64, 128}) {
                    LimbVector a = LimbVector.of(GpuImageEngineTest.random(rnd, n * n, 64));
                    long[] ps = GpuImageEngineTest.primes(rnd, count, 23);
                    small("det n=" + n, count, (long) n * n * n / 3 * count, () -> gpu.determinants(n, a, ps),
                            () -> cpu.determinants(n, a, ps), () -> cpu1.determinants(n, a, ps));
                }
                for (int len : new int[] {32, 128, 512, 1024}) {
                    LimbVector f = LimbVector.of(GpuImageEngineTest.random(rnd, len, 64));
                    LimbVector g = LimbVector.of(GpuImageEngineTest.random(rnd, len, 64));
                    long[] ps = GpuImageEngineTest.primes(rnd, count, 26);
                    small("resultant deg " + (len - 1), count, (long) len * len * count, () -> gpu.resultants(f, g, ps),
                            () -> cpu.resultants(f, g, ps), () -> cpu1.resultants(f, g, ps));
                }
            }
            // threads per block: GPU only, each checked against one CPU result
            {
                LimbVector a = LimbVector.of(GpuImageEngineTest.random(rnd, 1000 * 1000, 100));
                long[] ps = GpuImageEngineTest.primes(rnd, 264, 23);
                long[] want = cpu.determinants(1000, a, ps);
                variants("det n=1000 100-bit x 264", "modalg.gpu.detThreads", new String[] {"256", "512", "1024"}, want,
                        () -> gpu.determinants(1000, a, ps), 264);
                LimbVector f = LimbVector.of(GpuImageEngineTest.random(rnd, 3001, 64));
                LimbVector g = LimbVector.of(GpuImageEngineTest.random(rnd, 3001, 64));
                long[] qs = GpuImageEngineTest.primes(rnd, 528, 26);
                variants("resultant deg 3000 x 528", "modalg.gpu.polyThreads", new String[] {"128", "256", "512"},
                        cpu.resultants(f, g, qs), () -> gpu.resultants(f, g, qs), 528);
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

    // One device against every device, in the same run; the results are checked equal.
    private static void scaling(GpuImageEngine all, GpuImageEngine one, ImageEngine cpu, Random rnd) {
        int n1 = 1000;
        LimbVector a = LimbVector.of(GpuImageEngineTest.random(rnd, n1 * n1, 100));
        long[] ps = GpuImageEngineTest.primes(rnd, 528, 23);
        scale("det n=1000 100-bit", 528, all, one, () -> all.determinants(n1, a, ps), () -> one.determinants(n1, a, ps));
        int n2 = 400;
        LimbVector b = LimbVector.of(GpuImageEngineTest.random(rnd, n2 * n2, 100));
        long[] qs = GpuImageEngineTest.primes(rnd, 1056, 23);
        long[] want = cpu.determinants(n2, b, qs);
        scale("det n=400 100-bit", 1056, all, one, () -> check(want, all.determinants(n2, b, qs)),
                () -> one.determinants(n2, b, qs));
        LimbVector f = LimbVector.of(GpuImageEngineTest.random(rnd, 3001, 64));
        LimbVector g = LimbVector.of(GpuImageEngineTest.random(rnd, 3001, 64));
        long[] rs = GpuImageEngineTest.primes(rnd, 1056, 26);
        long[] wantR = cpu.resultants(f, g, rs);
        scale("resultant deg 3000 64-bit", 1056, all, one, () -> check(wantR, all.resultants(f, g, rs)),
                () -> one.resultants(f, g, rs));
        LimbVector u = LimbVector.of(GpuImageEngineTest.random(rnd, 10001, 256));
        LimbVector v = LimbVector.of(GpuImageEngineTest.random(rnd, 10001, 256));
        long[] gs = GpuImageEngineTest.primes(rnd, 528, 26);
        scale("gcd deg 10000 256-bit cofactors", 528, all, one, () -> all.gcds(u, v, gs, true).gcd(),
                () -> one.gcds(u, v, gs, true).gcd());
    }

    private static long[] check(long[] want, long[] got) {
        if (!java.util.Arrays.equals(want, got)) {
            throw new AssertionError("GPU and CPU differ");
        }
        return got;
    }

    private static void scale(String what, int count, GpuImageEngine all, GpuImageEngine one, Supplier<long[]> onAll,
            Supplier<long[]> onOne) {
        if (!java.util.Arrays.equals(onOne.get(), onAll.get())) {
            throw new AssertionError("one and all devices differ: " + what);
        }
        double t1 = best(onOne) / count;
        double ta = best(onAll) / count;
        System.out.printf(Locale.ROOT, "scaling %-34s x %5d primes: 1 GPU %9.4f ms/image, %d GPUs %9.4f ms/image,"
                + " %5.2fx%n", what, count, t1, all.deviceCount(), ta, t1 / ta);
        csv.printf(Locale.ROOT, "scaling %s,0,%d,-,%.6f,%.6f,%.3f,%d,%s%n", what, count, ta, t1, t1 / ta,
                all.deviceCount(), GpuRuntime.get().deviceName());
        csv.flush();
    }

    private static void variants(String what, String property, String[] values, long[] want, Supplier<long[]> onGpu,
            int count) {
        for (String v : values) {
            System.setProperty(property, v);
            try {
                if (!java.util.Arrays.equals(want, onGpu.get())) {
                    throw new AssertionError("GPU and CPU differ: " + what + " " + property + "=" + v);
                }
                double g = best(onGpu) / count;
                System.out.printf(Locale.ROOT, "%-42s %s=%-5s gpu %9.4f ms/image%n", what, property, v, g);
                csv.printf(Locale.ROOT, "%s %s=%s,0,%d,-,%.6f,,,1,%n", what, property, v, count, g);
            } finally {
                System.clearProperty(property);
            }
        }
    }

    private static void small(String what, int count, long operations, Supplier<long[]> onGpu,
            Supplier<long[]> onCpu, Supplier<long[]> onCpu1) {
        if (!java.util.Arrays.equals(onCpu.get(), onGpu.get())) {
            throw new AssertionError("GPU and CPU differ: " + what);
        }
        onCpu1.get();
        double g = best(onGpu);
        double c = best(onCpu);
        double c1 = best(onCpu1);
        System.out.printf(Locale.ROOT, "small %-22s x %4d primes (%.2e ops): batch gpu %8.3f ms, cpu %8.3f ms,"
                + " cpu 1 thread %8.3f ms%n", what, count, (double) operations, g, c, c1);
        csv.printf(Locale.ROOT, "small %s,%d,%d,-,%.6f,%.6f,%.3f,1,cpu1=%.6f%n", what, 0, count, g, c, c / g, c1);
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
