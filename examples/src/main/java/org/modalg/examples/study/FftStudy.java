package org.modalg.examples.study;

import java.awt.Color;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.modalg.examples.bench.support.GfFftCases;
import org.modalg.fft.bigprime.BigIntegerFft;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.bigprime.GfFft;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.gpu.gf.GpuBigPrimeFftEngine;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.GpuTimings;

/**
 * {@code modalg study fft}: time against N for the two routes to a DFT of N elements of a
 * big prime field (thesis Table 2.2 shape), per field, on the CPU and, when one is usable, the
 * GPU; and the same big-prime FFT in BigInteger arithmetic (the thesis's GMP peer, Table 3.4
 * shape) while it stays within the time budget.
 *
 * <p>Routes: {@code bigprime}, the DFT over Z/pZ, p = r^k + 1, by {@link GfFft} (six-step,
 * twiddles by powers of r as cyclic shifts); {@code crt}, the same amount of data as N integers
 * below p projected onto the fewest 62-bit NTT primes covering p, one NTT of length N per prime
 * and the CRT back to integers ({@link CrtBasis}, {@link CpuNttEngine}); on the GPU the CRT
 * route runs on the device ({@link GpuTimings#crtRouteMillis}; modalg has no GPU big-prime FFT);
 * {@code biginteger}, {@link BigIntegerFft}. Each route's output is checked before it is timed:
 * the big-prime FFT against the BigInteger FFT (while that runs), the CRT route by its round
 * trip.
 */
public final class FftStudy implements Study {
    /** CSV columns. */
    public static final String[] COLUMNS = {"field", "log2N", "route", "backend", "threads", "N", "k", "p_bits",
        "crt_primes", "ms", "kernel_ms"};

    private final List<GfPreset> presets;
    private final int minLog;
    private final int maxLog;
    private final List<Integer> threads;
    private final int repeats;
    private final double budgetMs;
    private final boolean gpu;
    private final Random rnd;

    /**
     * @param presets the fields (P3 = SRGF8 and P4 = SRGF16 for Table 2.2)
     * @param minLog smallest log2 N (step 2)
     * @param maxLog largest log2 N
     * @param threads thread counts of the CPU runs
     * @param repeats timed runs per point (the fastest is kept)
     * @param budgetSeconds a route is not run at a larger N once one run took longer than this
     * @param gpu include the GPU CRT route (only if a GPU is usable)
     */
    public FftStudy(List<GfPreset> presets, int minLog, int maxLog, List<Integer> threads, int repeats,
                    double budgetSeconds, boolean gpu, long seed) {
        if (minLog < 1 || maxLog < minLog || maxLog > 24) {
            throw new IllegalArgumentException("need 1 <= --min-log2n <= --max-log2n <= 24, got " + minLog + ", " + maxLog);
        }
        if (repeats < 1 || threads.isEmpty() || threads.stream().anyMatch(t -> t < 1) || !(budgetSeconds > 0)) {
            throw new IllegalArgumentException("--repeats and --threads must be >= 1, --budget > 0");
        }
        this.presets = presets;
        this.minLog = minLog;
        this.maxLog = maxLog;
        this.threads = threads;
        this.repeats = repeats;
        this.budgetMs = budgetSeconds * 1000;
        this.gpu = gpu && GpuRuntime.isUsable();
        this.rnd = new Random(seed);
    }

    @Override
    public String name() {
        return "fft";
    }

    @Override
    public String description() {
        return "DFT of N big-prime-field elements: big-prime FFT vs projection + small-prime NTTs + CRT"
                + " (thesis Table 2.2 shape) vs the FFT in BigInteger arithmetic (Table 3.4 shape); "
                + (gpu ? "GPU: " + GpuRuntime.get().describe() : "CPU only (no usable GPU: " + GpuRuntime.unusableReason() + ")");
    }

    @Override
    public String[] columns() {
        return COLUMNS;
    }

    @Override
    public int keyColumns() {
        return 5;
    }

    @Override
    public List<Item> items() {
        List<Item> items = new ArrayList<>();
        for (GfPreset preset : presets) {
            for (int log = minLog; log <= maxLog; log += 2) {
                int lg = log;
                for (int t : threads) {
                    for (String route : new String[] {"bigprime", "crt", "biginteger"}) {
                        items.add(new Item(preset.name() + " N=2^" + log + " " + route + " " + t + "t",
                                new Object[] {preset.name(), log, route, "cpu", t},
                                csv -> measureCpu(csv, preset, lg, route, t)));
                    }
                }
                if (gpu) {
                    for (String route : new String[] {"bigprime", "crt"}) {
                        items.add(new Item(preset.name() + " N=2^" + log + " " + route + " gpu",
                                new Object[] {preset.name(), log, route, "gpu", 0},
                                csv -> measureGpu(csv, preset, lg, route)));
                    }
                }
            }
        }
        return items;
    }

    /** True when the same route at a smaller N already took longer than the budget (or was skipped). */
    private boolean overBudget(StudyCsv csv, GfPreset preset, int log, String route, String backend, int t) {
        int ms = csv.column("ms");
        for (String[] r : csv.rows()) {
            if (r[0].equals(preset.name()) && Integer.parseInt(r[1]) < log && r[2].equals(route)
                    && r[3].equals(backend) && Integer.parseInt(r[4]) == t) {
                double v = StudyCsv.number(r[ms]);
                if (Double.isNaN(v) || v > budgetMs) {
                    return true;
                }
            }
        }
        return false;
    }

    private void measureCpu(StudyCsv csv, GfPreset preset, int log, String route, int t) {
        GfField f = preset.field();
        int k = f.k();
        int n = 1 << log;
        CrtBasis basis = CrtBasis.forBits(f.modulus().bitLength(), 30);
        int s = basis.size();
        if (log > f.twoAdicOrder() || overBudget(csv, preset, log, route, "cpu", t)) {
            csv.append(preset.name(), log, route, "cpu", t, n, k, f.modulus().bitLength(), s, Double.NaN, Double.NaN);
            return;
        }
        BigInteger p = f.modulus();
        BigInteger[] values = new BigInteger[n];
        long[] data = GfFftCases.randomElements(f, values, rnd);
        ForkJoinPool pool = t == 1 ? null : new ForkJoinPool(t);
        try {
            double ms;
            switch (route) {
                case "bigprime": {
                    GfFft plan = GfFft.of(f, log);
                    checkAgainstBigInteger(f, log, data, values, plan, csv, preset);
                    ms = best(() -> GfFftCases.forwardNanos(plan, data, pool));
                    break;
                }
                case "biginteger": {
                    BigIntegerFft plan = new BigIntegerFft(f, log);
                    ms = best(() -> {
                        BigInteger[] x = values.clone();
                        long t0 = System.nanoTime();
                        plan.forward(x, pool);
                        return System.nanoTime() - t0;
                    });
                    break;
                }
                case "crt": {
                    ms = crtRoute(f, basis, log, values, t);
                    break;
                }
                default:
                    throw new IllegalStateException("unknown route " + route);
            }
            csv.append(preset.name(), log, route, "cpu", t, n, k, p.bitLength(), s, ms, Double.NaN);
        } finally {
            if (pool != null) {
                pool.shutdown();
            }
        }
    }

    /** The big-prime FFT's output against the BigInteger FFT's, when the latter is cheap enough. */
    private void checkAgainstBigInteger(GfField f, int log, long[] data, BigInteger[] values, GfFft plan,
                                        StudyCsv csv, GfPreset preset) {
        if (log > 16 || overBudget(csv, preset, log, "biginteger", "cpu", threads.get(0))) {
            return; // checked at the smaller sizes: the same code path
        }
        GfFftCases.checkAgainstBigInteger(f, log, data, values, plan);
    }

    private double crtRoute(GfField f, CrtBasis basis, int log, BigInteger[] values, int t) {
        int n = values.length;
        int k = f.k();
        int s = basis.size();
        long[] rowPrimes = basis.primes();
        long[] limbs = GfFftCases.limbs(values, k);
        long[] residues = new long[s * n];
        int outLimbs = basis.modulusLimbCount();
        long[] back = new long[n * outLimbs];
        GfFftCases.checkCrtRoundTrip(basis, limbs, n, k, f.name());
        try (CpuNttEngine ntt = new CpuNttEngine(t)) {
            return best(() -> {
                long t0 = System.nanoTime();
                basis.projectAll(limbs, n, k, residues, t);
                ntt.forward(rowPrimes, log, residues, s);
                basis.reconstructUnsigned(residues, n, back, outLimbs, t);
                return System.nanoTime() - t0;
            });
        }
    }

    /**
     * One GPU point: ms is the call with the host transfers, kernel_ms the device passes alone.
     * The big-prime FFT's output is first compared with the CPU's {@link GfFft} on random data.
     */
    private void measureGpu(StudyCsv csv, GfPreset preset, int log, String route) {
        GfField f = preset.field();
        CrtBasis basis = CrtBasis.forBits(f.modulus().bitLength(), 30);
        int n = 1 << log;
        int bits = f.modulus().bitLength();
        if (overBudget(csv, preset, log, route, "gpu", 0) || (route.equals("bigprime") && !GpuBigPrimeFftEngine.supports(f))) {
            csv.append(preset.name(), log, route, "gpu", 0, n, f.k(), bits, basis.size(), Double.NaN, Double.NaN);
            return;
        }
        if (route.equals("bigprime")) {
            long[] data = GfFftCases.randomElements(f, new BigInteger[n], rnd);
            long[] onGpu = data.clone();
            try (GpuBigPrimeFftEngine engine = new GpuBigPrimeFftEngine(0)) {
                engine.forward(f, log, onGpu);
            }
            GfFft.of(f, log).forward(data);
            if (!java.util.Arrays.equals(onGpu, data)) {
                throw new IllegalStateException("GPU and CPU big-prime FFTs differ for " + f.name() + ", N = 2^" + log);
            }
            double kernels = GpuTimings.bigPrimeFftMillis(f, log, repeats);
            double all = GpuTimings.bigPrimeFftWithTransfersMillis(f, log, repeats);
            csv.append(preset.name(), log, route, "gpu", 0, n, f.k(), bits, basis.size(), all, kernels);
        } else {
            double[] r = GpuTimings.crtRouteMillis(basis.primes(), f.k(), log, repeats); // checks its round trip
            csv.append(preset.name(), log, route, "gpu", 0, n, f.k(), bits, basis.size(), r[4], r[3]);
        }
    }

    interface Run {
        long nanos();
    }

    /** The fastest of {@code repeats} runs after a warm-up run, in ms (one run if the warm-up exceeds the budget). */
    private double best(Run body) {
        double first = body.nanos() / 1e6;
        if (first > budgetMs) {
            return first;
        }
        double best = Double.MAX_VALUE;
        for (int i = 0; i < repeats; i++) {
            best = Math.min(best, body.nanos() / 1e6);
        }
        return best;
    }

    @Override
    public void plot(StudyCsv csv, Path png) {
        Plot plot = Plot.of("DFT of N elements of Z/pZ: big-prime FFT vs small-prime NTTs + CRT", "N (points)",
                "time (ms)", true, true).xPattern("0.#E0");
        Map<String, List<Double>[]> series = new LinkedHashMap<>();
        boolean manyThreads = csv.rows().stream().map(r -> r[4]).distinct().count() > 1;
        for (String[] r : csv.rows()) {
            String field = r[0];
            String label = thesisName(field) + " " + routeName(r[2]) + ("gpu".equals(r[3]) ? " (GPU)" : "")
                    + (manyThreads && "cpu".equals(r[3]) ? " (" + r[4] + " thr)" : "");
            @SuppressWarnings("unchecked")
            List<Double>[] xy = series.computeIfAbsent(label, x -> new List[] {new ArrayList<>(), new ArrayList<>()});
            xy[0].add(Double.parseDouble(r[5]));
            xy[1].add(StudyCsv.number(r[9]));
        }
        List<String> fields = new ArrayList<>();
        for (String[] r : csv.rows()) {
            if (!fields.contains(thesisName(r[0]))) {
                fields.add(thesisName(r[0]));
            }
        }
        Marker[] markers = {SeriesMarkers.CIRCLE, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND};
        for (Map.Entry<String, List<Double>[]> e : series.entrySet()) {
            String name = e.getKey();
            if (name.contains("BigInteger")) {
                plot.dashed(name, e.getValue()[0], e.getValue()[1]);
            } else {
                plot.line(name, e.getValue()[0], e.getValue()[1]);
            }
            // colour by route, marker (and shade) by field
            int f = Math.max(0, fields.indexOf(name.substring(0, name.indexOf(' '))));
            Color base = name.contains("GPU") ? new Color(44, 160, 44) : name.contains("big-prime")
                    ? new Color(31, 119, 180) : name.contains("CRT") ? new Color(255, 127, 14) : new Color(120, 120, 120);
            plot.color(name, f == 0 ? base : base.darker());
            plot.marker(name, markers[f % markers.length]);
        }
        plot.save(png);
    }

    /** P3 and P4 for the presets SRGF8 and SRGF16 (thesis Table 2.1), else the preset's name. */
    public static String thesisName(String preset) {
        switch (preset) {
            case "SRGF8":
                return "P3";
            case "SRGF16":
                return "P4";
            default:
                return preset;
        }
    }

    static String routeName(String route) {
        switch (route) {
            case "bigprime":
                return "big-prime FFT";
            case "crt":
                return "NTTs + CRT";
            case "biginteger":
                return "FFT in BigInteger";
            default:
                return route;
        }
    }
}
