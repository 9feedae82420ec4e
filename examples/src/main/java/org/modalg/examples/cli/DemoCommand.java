package org.modalg.examples.cli;

import java.awt.Color;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.modalg.examples.Bareiss;
import org.modalg.examples.bench.FftBenchmark;
import org.modalg.examples.bench.FieldsBenchmark;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.examples.bench.support.LimbArrays;
import org.modalg.examples.cli.io.Output;
import org.modalg.examples.study.FftStudy;
import org.modalg.examples.study.Plot;
import org.modalg.fft.bigprime.BigIntegerFft;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.bigprime.GfFft;
import org.modalg.fft.products.LimbProductProvider;
import org.modalg.fft.products.LimbProducts;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.GpuTimings;
import org.modalg.modular.ModularResult;
import org.modalg.modular.mat.Determinant;
import org.modalg.modular.poly.Resultant;
import org.modalg.modular.poly.SubresultantPrs;
import org.modalg.polynomial.integer.IntegerMultiplication;
import org.modalg.polynomial.zz.ZZPoly;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code modalg demo}: a short tour (about half a minute on two cores) on the CPU, and on the
 * GPU where one is usable: big prime field arithmetic, the big-prime FFT against the CRT route
 * for P3 and P4 (thesis Table 2.2 shape), a resultant and a determinant by both routes with their
 * reports, and a 10^6-bit integer product. Every result shown is checked against an independent
 * computation in BigInteger (the command stops with an error if one is wrong); a summary table
 * is printed and the FFT comparison is plotted to a PNG.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"A short tour of modalg (CPU; GPU when usable); every result is checked against BigInteger.",
                "Prints a summary table and writes a PNG plot of the FFT comparison."})
public final class DemoCommand implements Callable<Integer> {

    @Option(names = "--plot", paramLabel = "FILE", description = "The PNG plot (default: ${DEFAULT-VALUE}).",
            defaultValue = "bench-results/demo.png")
    Path plot;

    /** The default of --plot; its directory is the only one the demo creates. */
    static final String DEFAULT_PLOT = "bench-results/demo.png";

    private final BenchTable summary = new BenchTable("step", "size", "modalg_ms", "peer", "peer_ms", "what_the_row_shows");

    @Override
    public Integer call() {
        Path target = plot.toString().endsWith(".png") ? plot : Path.of(plot + ".png");
        if (plot.toString().equals(DEFAULT_PLOT) && target.toAbsolutePath().getParent() != null) {
            try {
                java.nio.file.Files.createDirectories(target.toAbsolutePath().getParent());
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("--plot " + plot + ": cannot create its directory: " + Output.reason(e));
            }
        }
        // the plot's file is created now (beside the target, renamed at the end), so that an
        // unwritable or missing directory is an error before the half minute of work
        Path tmp = Output.createTempBeside(target, "--plot", ".png");
        try {
            boolean gpu = GpuRuntime.isUsable();
            System.out.println("modalg demo (" + BenchTable.machine() + "; "
                    + (gpu ? "GPU: " + GpuRuntime.get().describe() : "CPU: no usable GPU, " + GpuRuntime.unusableReason())
                    + ")");
            System.out.println("[Thesis] = D. Mohajerani, Parallel Arbitrary-precision Integer Arithmetic, PhD thesis,"
                    + " The University of Western Ontario, 2021 (README, References).");
            System.out.println();
            Random rnd = new Random(2026);
            fieldArithmetic(rnd);
            BenchTable fft = fftComparison(gpu);
            resultant(rnd);
            determinant(rnd);
            integerProduct(rnd, gpu);
            System.out.println();
            System.out.println("Summary (ms of wall-clock time, each side warmed up first: the field and DFT rows are"
                    + " the benchmarks' medians, the other rows the fastest of 3 calls timed with System.nanoTime, 1 call"
                    + " when the warm-up took over a second):");
            summary.print(System.out);
            Path written = plotFft(fft, tmp);
            Output.moveIntoPlace(written, target, "--plot");
            System.out.println();
            System.out.println("Plot of the FFT comparison written to " + target.toAbsolutePath());
            System.out.println("All results checked against BigInteger.");
            if (System.out.checkError()) {
                throw new IllegalArgumentException("cannot write to standard output (disk full or closed pipe?)");
            }
            return 0;
        } finally {
            Output.deleteQuietly(tmp);
        }
    }

    private void fieldArithmetic(Random rnd) {
        GfField f = GfPreset.SRGF8.field();
        System.out.println("1. The [Thesis] prime P3 = (2^63 + 2^34)^8 + 1 as preset " + f);
        BigInteger p = f.modulus();
        BigInteger a = new BigInteger(p.bitLength() - 1, rnd);
        BigInteger b = new BigInteger(p.bitLength() - 1, rnd);
        long[] x = f.element(a);
        long[] y = f.element(b);
        long[] z = new long[f.k()];
        f.mul(x, 0, y, 0, z, 0);
        check("a * b mod p", f.toBigInteger(z, 0), a.multiply(b).mod(p));
        f.mulPowR(x, 0, 3, z, 0);
        check("a * r^3 by cyclic shift", f.toBigInteger(z, 0), a.multiply(f.radixBig().pow(3)).mod(p));
        long[] w = f.rootOfUnity(16);
        BigInteger wb = f.toBigInteger(w, 0);
        check("w^(2^16 / 16) = r for the 2^16-th root w", wb.modPow(BigInteger.valueOf(1 << 12), p), f.radixBig());
        System.out.println();
        System.out.println("   Multiplication in Z/pZ, p = r^k + 1 ([Thesis] Table 3.2 shape, 20000 products each):");
        FieldsBenchmark.run(List.of(GfPreset.GF8), 5_000, 1, 1); // JIT warm-up, not shown
        BenchTable t = FieldsBenchmark.run(List.of(GfPreset.GF8, GfPreset.GF16, GfPreset.GF32), 20_000, 1, 1);
        t.print(System.out);
        for (String[] r : t.rows()) {
            if (r[3].equals("mul") && r[4].equals("plain")) {
                for (String[] q : t.rows()) {
                    if (q[0].equals(r[0]) && q[3].equals("mul") && q[4].equals("biginteger")) {
                        summary.add("20000 field products " + r[0], r[2] + " bits", Double.parseDouble(r[6]),
                                "BigInteger multiply + mod p", Double.parseDouble(q[6]),
                                "products in Z/pZ, p = r^k + 1: k-digit arithmetic vs BigInteger (same values)");
                    }
                }
            }
        }
        System.out.println();
    }

    private BenchTable fftComparison(boolean gpu) {
        int threads = Runtime.getRuntime().availableProcessors();
        System.out.println("2. DFT of N elements: big-prime FFT vs projection + small-prime NTTs + CRT, P3 and P4,"
                + " N = K^2 .. K^4 ([Thesis] Table 2.2 shape, ms, CPU):");
        BenchTable t = FftBenchmark.bigPrimeVsCrt(List.of(GfPreset.SRGF8, GfPreset.SRGF16), 4, 1L << 20, threads, 2, 2);
        t.print(System.out);
        for (GfPreset preset : List.of(GfPreset.SRGF8, GfPreset.SRGF16)) {
            GfField f = preset.field();
            int log2N = 2 * Integer.numberOfTrailingZeros(2 * f.k());
            Random rnd = new Random(log2N);
            int k = f.k();
            int n = 1 << log2N;
            long[] data = new long[n * k];
            BigInteger[] values = new BigInteger[n];
            for (int i = 0; i < n; i++) {
                values[i] = new BigInteger(f.modulus().bitLength() + 8, rnd).mod(f.modulus());
                f.fromBigInteger(values[i], data, i * k);
            }
            GfFft.of(f, log2N).forward(data);
            new BigIntegerFft(f, log2N).forward(values, null);
            BigInteger[] got = new BigInteger[n];
            for (int i = 0; i < n; i++) {
                got[i] = f.toBigInteger(data, i * k);
            }
            check(FftStudy.thesisName(preset.name()) + ", N = 2^" + log2N
                    + ": big-prime FFT = the same FFT in BigInteger arithmetic", Arrays.asList(got), Arrays.asList(values));
        }
        System.out.println("   (the CRT route is checked by its round trip to the integers inside the benchmark)");
        for (String[] r : t.rows()) {
            if (Integer.parseInt(r[5]) == threads) {
                summary.add("DFT " + FftStudy.thesisName(r[0]) + " big-prime", "N=" + r[4], Double.parseDouble(r[6]),
                        "NTTs + CRT", Double.parseDouble(r[11]),
                        "one DFT over Z/pZ: big-prime FFT vs projection + small-prime NTTs + CRT ([Thesis] Table 2.2 shape)");
            }
        }
        if (gpu) {
            System.out.println("   The same on the GPU (ms with the host transfers; kernels alone):");
            for (GfPreset preset : List.of(GfPreset.SRGF8, GfPreset.SRGF16)) {
                GfField f = preset.field();
                CrtBasis basis = CrtBasis.forBits(f.modulus().bitLength(), 30);
                int log2K = Integer.numberOfTrailingZeros(2 * f.k());
                for (int e = 2; e <= 3; e++) {
                    int log2N = e * log2K;
                    double[] crt = GpuTimings.crtRouteMillis(basis.primes(), f.k(), log2N, 3);
                    double big = GpuTimings.bigPrimeFftWithTransfersMillis(f, log2N, 3);
                    double bigKernels = GpuTimings.bigPrimeFftMillis(f, log2N, 3);
                    System.out.printf("   %s N = 2^%d: big-prime FFT %.3f (%.3f), NTTs + CRT %.3f (%.3f)%n",
                            FftStudy.thesisName(preset.name()), log2N, big, bigKernels, crt[4], crt[3]);
                    summary.add("DFT " + FftStudy.thesisName(preset.name()) + " big-prime (GPU)", "N=" + (1 << log2N),
                            big, "NTTs + CRT (GPU)", crt[4],
                            "the same DFT on the GPU, host transfers included, both routes");
                }
            }
        }
        System.out.println();
        return t;
    }

    /** A value and the fastest wall-clock time of the timed runs of the call that gave it. */
    static final class Timed<T> {
        final T value;
        final double ms;

        Timed(T value, double ms) {
            this.value = value;
            this.ms = ms;
        }
    }

    /**
     * Runs call once to warm it up (JIT, caches), then {@code runs} times (once when the warm-up
     * took more than a second, to keep the tour short); the fastest time.
     */
    static <T> Timed<T> time(java.util.function.Supplier<T> call, int runs) {
        long w = System.nanoTime();
        T value = call.get();
        int timed = System.nanoTime() - w > 1_000_000_000L ? 1 : runs;
        double best = Double.MAX_VALUE;
        for (int r = 0; r < timed; r++) {
            long t0 = System.nanoTime();
            value = call.get();
            best = Math.min(best, (System.nanoTime() - t0) / 1e6);
        }
        return new Timed<>(value, best);
    }

    private void resultant(Random rnd) {
        System.out.println("3. Resultant of two polynomials of degree 60 with 64-bit coefficients:");
        ZZPoly f = randomPoly(rnd, 60, 64);
        ZZPoly g = randomPoly(rnd, 60, 64);
        Options o = Options.defaults();
        Timed<ModularResult<BigInteger>> crt = time(() -> Resultant.resultant(f, g, o.withRoute(Route.CRT)), 3);
        Timed<ModularResult<BigInteger>> big = time(() -> Resultant.resultant(f, g, o.withRoute(Route.BIG_PRIME)), 3);
        Timed<BigInteger> reference = time(() -> SubresultantPrs.resultant(f, g), 3);
        indent(crt.value.report().toString());
        indent(big.value.report().toString());
        check("res(f, g) (" + crt.value.value().bitLength() + " bits): CRT route = big-prime route = subresultant PRS",
                crt.value.value(), reference.value);
        check("big-prime route", big.value.value(), reference.value);
        String peer = "subresultant PRS";
        summary.add("resultant, CRT route", "deg 60, 64 bits", crt.ms, peer, reference.ms,
                "Res(f, g): word-size primes + CRT vs the subresultant PRS in BigInteger (same value)");
        summary.add("resultant, big-prime route", "deg 60, 64 bits", big.ms, peer, reference.ms,
                "Res(f, g): generalized Fermat primes vs the subresultant PRS in BigInteger (same value)");
        System.out.println();
    }

    private void determinant(Random rnd) {
        int n = 80;
        System.out.println("4. Determinant of an " + n + " x " + n + " matrix with 32-bit entries:");
        BigInteger[][] a = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = new BigInteger(32, rnd).subtract(BigInteger.ONE.shiftLeft(31));
            }
        }
        Options o = Options.defaults();
        Timed<ModularResult<BigInteger>> crt = time(() -> Determinant.det(a, o.withRoute(Route.CRT)), 3);
        Timed<ModularResult<BigInteger>> big = time(() -> Determinant.det(a, o.withRoute(Route.BIG_PRIME)), 3);
        Timed<BigInteger> reference = time(() -> Bareiss.det(a), 3);
        indent(crt.value.report().toString());
        indent(big.value.report().toString());
        check("det (" + reference.value.bitLength() + " bits): CRT route = big-prime route = Bareiss in BigInteger",
                crt.value.value(), reference.value);
        check("big-prime route", big.value.value(), reference.value);
        String peer = "Bareiss";
        summary.add("determinant, CRT route", n + "x" + n + ", 32 bits", crt.ms, peer, reference.ms,
                "det A: word-size primes + CRT vs fraction-free Bareiss in BigInteger (same value)");
        summary.add("determinant, big-prime route", n + "x" + n + ", 32 bits", big.ms, peer, reference.ms,
                "det A: generalized Fermat primes vs fraction-free Bareiss in BigInteger (same value)");
        System.out.println();
    }

    private void integerProduct(Random rnd, boolean gpu) {
        System.out.println("5. Integer product, 10^6 bits x 10^6 bits:");
        BigInteger u = new BigInteger(1_000_000, rnd);
        BigInteger v = new BigInteger(1_000_000, rnd);
        for (int warm = 0; warm < 3; warm++) { // let the JIT compile both routes before timing
            IntegerMultiplication.multiply(u, v);
            u.multiply(v);
        }
        double mod = Double.MAX_VALUE;
        double java = Double.MAX_VALUE;
        BigInteger uv = null;
        BigInteger check = null;
        for (int r = 0; r < 3; r++) {
            long t0 = System.nanoTime();
            uv = IntegerMultiplication.multiply(u, v);
            long t1 = System.nanoTime();
            check = u.multiply(v);
            long t2 = System.nanoTime();
            mod = Math.min(mod, (t1 - t0) / 1e6);
            java = Math.min(java, (t2 - t1) / 1e6);
        }
        check(String.format("modalg %.1f ms, BigInteger %.1f ms, equal", mod, java), uv, check);
        summary.add("integer product (CPU)", "10^6 bits", mod, "BigInteger.multiply", java,
                "u * v: NTT + CRT vs BigInteger's Toom-Cook (same value)");
        LimbProductProvider provider = gpu ? LimbProducts.provider() : null;
        if (provider != null) {
            long[] lu = LimbArrays.magnitude(u);
            long[] lv = LimbArrays.magnitude(v);
            Timed<long[]> t = time(() -> provider.multiply(lu, lu.length, lv, lv.length), 3);
            BigInteger g = LimbArrays.value(t.value);
            check(String.format("on the GPU (%s): %.1f ms, equal", provider.name(), t.ms), g, check);
            summary.add("integer product (GPU)", "10^6 bits", t.ms, "BigInteger.multiply", java,
                    "u * v on the GPU (host transfers included) vs BigInteger on the CPU (same value)");
        }
    }

    /** Time against N of both routes with all threads: one series per field and route. */
    static Path plotFft(BenchTable t, Path png) {
        int threads = Runtime.getRuntime().availableProcessors();
        Map<String, List<Double>[]> series = new LinkedHashMap<>();
        for (String[] r : t.rows()) {
            if (Integer.parseInt(r[5]) != threads) {
                continue;
            }
            String field = FftStudy.thesisName(r[0]);
            add(series, field + " big-prime FFT", Double.parseDouble(r[4]), Double.parseDouble(r[6]));
            add(series, field + " NTTs + CRT", Double.parseDouble(r[4]), Double.parseDouble(r[11]));
        }
        Plot p = Plot.of("modalg demo: DFT of N elements of Z/pZ on the CPU (" + threads + " threads)",
                "N (points)", "time (ms)", true, true).xPattern("0");
        for (Map.Entry<String, List<Double>[]> e : series.entrySet()) {
            String name = e.getKey();
            p.line(name, e.getValue()[0], e.getValue()[1]);
            Color c = name.contains("big-prime") ? new Color(31, 119, 180) : new Color(255, 127, 14);
            p.color(name, name.startsWith("P4") ? c.darker() : c);
            p.marker(name, name.startsWith("P4") ? SeriesMarkers.TRIANGLE_UP : SeriesMarkers.CIRCLE);
        }
        return p.save(png);
    }

    private static void add(Map<String, List<Double>[]> series, String name, double x, double y) {
        @SuppressWarnings("unchecked")
        List<Double>[] xy = series.computeIfAbsent(name, k -> new List[] {new ArrayList<>(), new ArrayList<>()});
        xy[0].add(x);
        xy[1].add(y);
    }

    private static ZZPoly randomPoly(Random rnd, int degree, int bits) {
        BigInteger[] c = new BigInteger[degree + 1];
        for (int i = 0; i <= degree; i++) {
            c[i] = new BigInteger(bits, rnd).subtract(BigInteger.ONE.shiftLeft(bits - 1));
        }
        c[degree] = c[degree].signum() == 0 ? BigInteger.ONE : c[degree];
        return ZZPoly.of(c);
    }

    private static void indent(String text) {
        for (String line : text.split("\n")) {
            System.out.println("   " + line);
        }
    }

    private static void check(String what, Object got, Object want) {
        if (!got.equals(want)) {
            throw new IllegalStateException(what + ": wrong result" + (got instanceof BigInteger
                    ? ": got " + got + ", expected " + want : ""));
        }
        System.out.println("   " + what + ": ok");
    }
}
