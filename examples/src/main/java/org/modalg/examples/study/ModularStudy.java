package org.modalg.examples.study;

import java.awt.Color;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.knowm.xchart.style.Styler;
import org.modalg.examples.bench.ModularBenchmark;
import org.modalg.examples.bench.peer.FlintInputs;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.mat.Determinant;
import org.modalg.modular.poly.GcdResult;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@code modalg study modular}: the big-prime route against the CRT route for the determinant,
 * the polynomial GCD and the resultant ([Thesis] section 2.9), on the CPU and, when a GPU image
 * engine is usable, on the GPU, over sizes and coefficient widths; counting the unlucky primes
 * each run's {@link ModularReport} lists.
 *
 * <p>Inputs (FLINT's harness generator, {@link FlintInputs}, seeded by a label naming the case and
 * the seed): det, n x n matrices with entries of exactly {@code bits} bits and random signs;
 * gcd, f = a c and g = b c with a, b, c of degree d / 2 and {@code bits}-bit coefficients
 * (family {@code random}), or the same with b = a + P r, P the product of the first k primes of
 * the CRT route's stream (primes below 2^26, decreasing; k = min(8, (bits - 16) / 26)), so that
 * those k primes are unlucky by construction and the big prime is not (family {@code planted}:
 * the count in the report shows what the route met); resultant, f and g of degree d with
 * {@code bits}-bit coefficients. Every route's result is compared with the CPU CRT route's.
 *
 * <p>Timing: the fastest of 3 batches of at least 50 ms after a warm-up ({@link Timing}); a first
 * run over 1 s is the only run (note {@code one run}). A route and backend stops growing the size
 * for an (op, family, bits) once the time predicted from its last size (det and resultant ~ size^3,
 * gcd ~ size^2) exceeds the budget (NaN, note {@code over budget}).
 */
public final class ModularStudy implements Study {
    /** CSV columns (ms: fastest run; NaN: not run). */
    public static final String[] COLUMNS = {"op", "family", "size", "bits", "route", "backend", "threads", "ms",
        "primes", "unlucky", "skipped", "images_ms", "reconstruction_ms", "transfer_ms", "other_ms", "field", "note"};

    /** The operations. */
    public static final List<String> OPS = List.of("det", "gcd", "resultant");

    private static final long CRT_GCD_PRIME_BOUND = 1L << 26; // PolynomialGcd's CRT primes are below 2^26

    private final Map<String, int[]> sizes;
    private final Map<String, int[]> bits;
    private final int threads;
    private final double budgetMs;
    private final boolean gpu;
    private final long seed;

    /**
     * @param sizes per op (det, gcd, resultant): n or the degree, increasing
     * @param bits per op: coefficient widths
     * @param threads threads of every run
     * @param budgetSeconds a route stops growing once a run is predicted to take longer
     * @param gpu also run the GPU backend (when a GPU image engine is usable)
     */
    public ModularStudy(Map<String, int[]> sizes, Map<String, int[]> bits, int threads, double budgetSeconds,
                        boolean gpu, long seed) {
        for (String op : sizes.keySet()) {
            if (!OPS.contains(op) || !bits.containsKey(op)) {
                throw new IllegalArgumentException("op must be one of " + OPS + " with sizes and bits, got " + op);
            }
            for (int s : sizes.get(op)) {
                if (s < 1 || s > 100_000) {
                    throw new IllegalArgumentException("--sizes must be in [1, 100000], got " + s);
                }
            }
            for (int b : bits.get(op)) {
                if (b < 2 || b > 100_000) {
                    throw new IllegalArgumentException("--bits must be in [2, 100000], got " + b);
                }
            }
        }
        if (threads < 1 || threads > Options.MAX_THREADS) {
            throw new IllegalArgumentException("--threads must be in [1, " + Options.MAX_THREADS + "], got " + threads);
        }
        if (!(budgetSeconds > 0)) {
            throw new IllegalArgumentException("--budget must be > 0 seconds, got " + budgetSeconds);
        }
        this.sizes = new LinkedHashMap<>(sizes);
        this.bits = new LinkedHashMap<>(bits);
        this.threads = threads;
        this.budgetMs = budgetSeconds * 1e3;
        this.gpu = gpu && gpuUsable(threads);
        this.seed = seed;
    }

    /** The default grids (a few minutes on 2 cores) or the quick ones (seconds). */
    public static ModularStudy defaults(boolean quick, List<String> ops, int threads, double budgetSeconds, long seed) {
        Map<String, int[]> s = new LinkedHashMap<>();
        Map<String, int[]> b = new LinkedHashMap<>();
        for (String op : ops) {
            if (!OPS.contains(op)) {
                throw new IllegalArgumentException("--ops must be among " + OPS + ", got " + op);
            }
            switch (op) {
                case "det":
                    s.put(op, quick ? new int[] {8, 16} : new int[] {4, 6, 8, 10, 20, 50, 100, 200});
                    b.put(op, quick ? new int[] {10} : new int[] {10, 100, 1000});
                    break;
                case "gcd":
                    s.put(op, quick ? new int[] {20, 40} : new int[] {10, 20, 50, 100, 200, 500, 1000, 2000});
                    b.put(op, quick ? new int[] {64} : new int[] {64, 256, 1024});
                    break;
                default:
                    s.put(op, quick ? new int[] {10, 20} : new int[] {3, 5, 10, 30, 100, 300});
                    b.put(op, quick ? new int[] {16} : new int[] {16, 64, 256});
                    break;
            }
        }
        return new ModularStudy(s, b, threads, budgetSeconds, true, seed);
    }

    /** The sizes of an op's grid. */
    public int[] sizes(String op) {
        return sizes.get(op).clone();
    }

    /** The coefficient widths of an op's grid. */
    public int[] bits(String op) {
        return bits.get(op).clone();
    }

    /** Whether a GPU image engine is usable (Backend.GPU gives one). */
    static boolean gpuUsable(int threads) {
        try {
            ImageEngines.forOptions(Options.defaults().withBackend(Backend.GPU).withThreads(threads));
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    @Override
    public String name() {
        return "modular";
    }

    @Override
    public String description() {
        return "det, gcd and resultant by the CRT and big-prime routes on " + threads + " thread(s), CPU"
                + (gpu ? " and GPU" : " only (no usable GPU image engine)") + "; unlucky primes from the reports";
    }

    @Override
    public String[] columns() {
        return COLUMNS;
    }

    @Override
    public int keyColumns() {
        return 6;
    }

    private List<String[]> variants() {
        List<String[]> v = new ArrayList<>();
        v.add(new String[] {"crt", "cpu"});
        v.add(new String[] {"bigprime", "cpu"});
        if (gpu) {
            v.add(new String[] {"crt", "gpu"});
            v.add(new String[] {"bigprime", "gpu"});
        }
        return v;
    }

    private static List<String> families(String op) {
        return op.equals("gcd") ? List.of("random", "planted") : List.of("random");
    }

    @Override
    public List<Item> items() {
        List<Item> items = new ArrayList<>();
        List<String[]> v = variants();
        String[] lastVariant = v.get(v.size() - 1);
        for (String op : sizes.keySet()) {
            for (String family : families(op)) {
                for (int b : bits.get(op)) {
                    if (family.equals("planted") && plantedPrimes(b) == 0) {
                        continue;
                    }
                    for (int s : sizes.get(op)) {
                        items.add(new Item(op + " " + family + " size " + s + " " + b + "-bit",
                                new Object[] {op, family, s, b, lastVariant[0], lastVariant[1]},
                                csv -> measure(csv, op, family, s, b)));
                    }
                }
            }
        }
        return items;
    }

    /** How many primes the planted family makes unlucky at this width (0: none fit). */
    static int plantedPrimes(int bits) {
        return Math.max(0, Math.min(8, (bits - 16) / 26));
    }

    private void measure(StudyCsv csv, String op, String family, int size, int b) {
        Function<Options, ModularResult<?>> call = call(op, family, size, b);
        Object reference = null;
        for (String[] v : variants()) {
            if (csv.done(op, family, size, b, v[0], v[1])) {
                continue; // kept from a run cut off inside this item
            }
            String skip = overBudget(csv, op, family, size, b, v[0], v[1]);
            if (skip != null) {
                csv.append(op, family, size, b, v[0], v[1], threads, Double.NaN, "", "", "", "", "", "", "", "", skip);
                continue;
            }
            Route route = v[0].equals("crt") ? Route.CRT : Route.BIG_PRIME;
            Backend backend = Backend.parse(v[1]);
            Options o = Options.defaults().withRoute(route).withBackend(backend).withThreads(threads);
            ModularResult<?>[] last = new ModularResult<?>[1];
            long t0 = System.nanoTime();
            try {
                last[0] = call.apply(o);
            } catch (RuntimeException e) {
                csv.append(op, family, size, b, v[0], v[1], threads, Double.NaN, "", "", "", "", "", "", "", "",
                        "failed: " + clean(String.valueOf(e.getMessage())));
                continue;
            }
            double first = (System.nanoTime() - t0) / 1e6;
            double ms;
            String note = "";
            if (first > 1000) {
                ms = first;
                note = "one run";
            } else {
                ms = Timing.minMillis(() -> last[0] = call.apply(o), 3, 50);
            }
            Object value = op.equals("gcd") ? ((GcdResult) last[0].value()).gcd() : last[0].value();
            if (reference == null) {
                reference = value;
            } else if (!reference.equals(value)) {
                throw new IllegalStateException(op + " " + family + " size " + size + ", " + b + " bits: " + v[0] + " "
                        + v[1] + " differs from the CPU CRT route");
            }
            ModularReport r = last[0].report();
            if (r.route() != null && r.route() != route) {
                note = join(note, "ran the " + r.route().cliName() + " route");
            }
            if (backend == Backend.GPU && !r.toString().toLowerCase(Locale.ROOT).contains("gpu")) {
                note = join(note, "the report names no GPU engine");
            }
            double[] ph = ModularBenchmark.phaseGroups(r);
            csv.append(op, family, size, b, v[0], v[1], threads, ms, r.primesUsed(), r.unluckyCount(),
                    ModularBenchmark.skippedPrimes(r), ph[1], ph[2], ph[0], ph[3], clean(r.field()), note);
        }
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : a + "; " + b;
    }

    private static String clean(String s) {
        return s.replace(',', ';').replace('\n', ' ');
    }

    /** Why this run is skipped (predicted over the budget from a smaller size), or null. */
    private String overBudget(StudyCsv csv, String op, String family, int size, int b, String route, String backend) {
        double exponent = op.equals("gcd") ? 2 : 3;
        int lastSize = 0;
        double lastMs = 0;
        for (String[] r : csv.rows()) {
            if (r[0].equals(op) && r[1].equals(family) && Integer.parseInt(r[3]) == b && r[4].equals(route)
                    && r[5].equals(backend) && Integer.parseInt(r[2]) < size && Integer.parseInt(r[2]) > lastSize) {
                lastSize = Integer.parseInt(r[2]);
                lastMs = StudyCsv.number(r[7]);
            }
        }
        if (lastSize == 0) {
            return null;
        }
        if (Double.isNaN(lastMs)) {
            return "over budget";
        }
        double predicted = lastMs * Math.pow((double) size / lastSize, exponent);
        return predicted > budgetMs ? String.format(Locale.ROOT, "over budget: predicted %.0f ms from size %d",
                predicted, lastSize) : null;
    }

    private Function<Options, ModularResult<?>> call(String op, String family, int size, int b) {
        FlintInputs rnd = FlintInputs.seeded("study modular " + op + " " + family + " size " + size + ", " + b
                + "-bit, seed " + seed);
        switch (op) {
            case "det": {
                BigInteger[][] a = rnd.matrix(size, b);
                return o -> Determinant.det(a, o);
            }
            case "gcd": {
                int half = Math.max(1, size / 2);
                ZZPoly c = rnd.poly(half + 1, b);
                ZZPoly a = rnd.poly(half + 1, b);
                ZZPoly bb;
                if (family.equals("planted")) {
                    BigInteger p = BigInteger.ONE;
                    PrimeStream primes = PrimeStream.below(CRT_GCD_PRIME_BOUND);
                    for (int i = 0; i < plantedPrimes(b); i++) {
                        p = p.multiply(BigInteger.valueOf(primes.next()));
                    }
                    // b = a + P r with P r of about bits - 1 bits: b keeps a's width
                    int rBits = Math.max(2, b - p.bitLength() - 1);
                    ZZPoly r = rnd.poly(half + 1, rBits);
                    bb = a.add(r.multiply(ZZPoly.constant(p)));
                } else {
                    bb = rnd.poly(half + 1, b);
                }
                ZZPoly f = a.multiply(c);
                ZZPoly g = bb.multiply(c);
                return o -> PolynomialGcd.gcd(f, g, o);
            }
            default: {
                ZZPoly f = rnd.poly(size + 1, b);
                ZZPoly g = rnd.poly(size + 1, b);
                return o -> Resultant.resultant(f, g, o);
            }
        }
    }

    @Override
    public void plot(StudyCsv csv, Path png) {
        // Here, not in a static field: the class must load on a runtime without AWT (the GPU bundle's).
        Color[] colors = {new Color(31, 119, 180), new Color(214, 39, 40), new Color(44, 160, 44),
            new Color(255, 127, 14)};
        Plot plot = Plot.of("Big prime vs CRT: time per call (random inputs; colour: route and backend)",
                "n (det) or degree (gcd, resultant)", "ms", true, true).xPattern("0").yPattern("0.#")
                .legend(Styler.LegendPosition.OutsideE);
        Map<String, List<double[]>> series = new LinkedHashMap<>();
        for (String[] r : csv.rows()) {
            if (!r[1].equals("random")) {
                continue;
            }
            String name = r[0] + " " + r[3] + "-bit " + r[4] + " " + r[5];
            series.computeIfAbsent(name, k -> new ArrayList<>())
                    .add(new double[] {Double.parseDouble(r[2]), StudyCsv.number(r[7])});
        }
        for (Map.Entry<String, List<double[]>> e : series.entrySet()) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (double[] p : e.getValue()) {
                x.add(p[0]);
                y.add(p[1]);
            }
            plot.line(e.getKey(), x, y);
            String[] w = e.getKey().split(" ");
            plot.color(e.getKey(), colors[(w[2].equals("crt") ? 0 : 1) + (w[3].equals("gpu") ? 2 : 0)]);
        }
        plot.save(png);
        ratioPlot(csv, png.resolveSibling("study-modular-ratio.png"));
    }

    /** The ratio big-prime time / CRT time per (op, bits, backend) against the size: below 1 the big prime wins. */
    private static void ratioPlot(StudyCsv csv, Path png) {
        Plot plot = Plot.of("Big-prime time / CRT time (below the dashed line: the big prime wins)",
                "n (det) or degree (gcd, resultant)", "big prime / CRT", true, true).xPattern("0").yPattern("0.##")
                .legend(Styler.LegendPosition.OutsideE);
        Map<String, Double> crt = new LinkedHashMap<>();
        for (String[] r : csv.rows()) {
            if (r[4].equals("crt")) {
                crt.put(r[0] + "," + r[1] + "," + r[2] + "," + r[3] + "," + r[5], StudyCsv.number(r[7]));
            }
        }
        Map<String, List<double[]>> series = new LinkedHashMap<>();
        double minX = Double.MAX_VALUE;
        double maxX = 0;
        for (String[] r : csv.rows()) {
            if (!r[4].equals("bigprime")) {
                continue;
            }
            Double c = crt.get(r[0] + "," + r[1] + "," + r[2] + "," + r[3] + "," + r[5]);
            double big = StudyCsv.number(r[7]);
            if (c == null || Double.isNaN(c) || Double.isNaN(big) || !(c > 0)) {
                continue;
            }
            double x = Double.parseDouble(r[2]);
            minX = Math.min(minX, x);
            maxX = Math.max(maxX, x);
            series.computeIfAbsent(r[0] + " " + r[1] + " " + r[3] + "-bit " + r[5], k -> new ArrayList<>())
                    .add(new double[] {x, big / c});
        }
        for (Map.Entry<String, List<double[]>> e : series.entrySet()) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (double[] p : e.getValue()) {
                x.add(p[0]);
                y.add(p[1]);
            }
            plot.line(e.getKey(), x, y);
        }
        if (maxX > 0) {
            plot.dashed("equal time", List.of(minX, maxX), List.of(1.0, 1.0));
            plot.color("equal time", Color.BLACK);
        }
        plot.save(png);
    }
}
