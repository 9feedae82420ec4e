package org.modalg.examples.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.style.Styler;
import org.modalg.examples.bench.peer.FlintBivariateInputs;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateGcd;
import org.modalg.modular.bivariate.BivariateResultant;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@code modalg study bivariate}: time of the bivariate resultant ({@link BivariateResultant},
 * Res_x as a polynomial in y) and gcd ({@link BivariateGcd}) against the total degree d and the
 * coefficient size, on the dense inputs of the FLINT comparison ({@link FlintBivariateInputs}: the
 * same problems as {@code bench modular --part bivariate}), on the CPU on one thread and on the
 * threads asked for, and for the resultant with {@link Backend#GPU} when a GPU image engine is
 * usable (its (prime, point) images on the device; the gcd runs on the host whatever the
 * backend). Every variant of a case must give the result of the first ({@code check}: reference,
 * same or DIFFERS). A series (op, bits, backend, threads) stops growing d once a run took longer
 * than the budget (later rows: skipped). Columns: op, d, bits, backend, threads, ms (after the
 * study's warm-up on a small case and a warm-up run of the row, the fastest of the runs: one
 * above a second, else batches of at least 100 ms), primes, result (degree or degrees,
 * coefficient bits), check, profile (the measured run's report: its phases in ms, bound, setup,
 * images, transfer, crt, finish, and for the resultant the split of its images: the reduction of
 * the grids, the image engine's resultants and the interpolation). Plot: ms against d, log-log,
 * one line per (op, bits, backend, threads).
 */
public final class BivariateStudy implements Study {
    /** CSV columns. */
    public static final String[] COLUMNS = {"op", "d", "bits", "backend", "threads", "ms", "primes", "result", "check",
        "profile"};

    private final List<String> ops;
    private final int[] degrees;
    private final int[] bits;
    private final int threads;
    private final double budgetMs;
    private final boolean gpu;
    private final boolean oneThread;
    private final Map<String, Double> last = new HashMap<>();

    /**
     * @param ops "resultant", "gcd" or both
     * @param degrees total degrees, increasing
     * @param bits coefficient sizes
     * @param threads the "all threads" runs (1 as well)
     * @param budgetSeconds a series stops growing d after a run this long
     * @param gpu also the GPU backend (when usable)
     * @param oneThread also the one-thread CPU runs (minutes at the large sizes: the other rows'
     *     budget does not bound the first run of a series)
     * @throws IllegalArgumentException on an unknown op, a degree outside [1, 10000], bits outside
     *     [1, 4096], threads &lt; 1 or a budget &lt;= 0
     */
    public BivariateStudy(List<String> ops, int[] degrees, int[] bits, int threads, double budgetSeconds,
            boolean gpu, boolean oneThread) {
        for (String op : ops) {
            if (!op.equals("resultant") && !op.equals("gcd")) {
                throw new IllegalArgumentException("ops must be resultant or gcd, got " + op);
            }
        }
        for (int d : degrees) {
            if (d < 1 || d > 10_000) {
                throw new IllegalArgumentException("degrees must be in [1, 10000], got " + d);
            }
        }
        for (int b : bits) {
            if (b < 1 || b > 4096) {
                throw new IllegalArgumentException("bits must be in [1, 4096], got " + b);
            }
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        if (!(budgetSeconds > 0)) {
            throw new IllegalArgumentException("budget must be > 0 seconds, got " + budgetSeconds);
        }
        this.ops = List.copyOf(ops);
        this.degrees = degrees.clone();
        this.bits = bits.clone();
        this.threads = threads;
        this.budgetMs = budgetSeconds * 1e3;
        this.gpu = gpu && ModularStudy.gpuUsable(threads);
        this.oneThread = oneThread || threads == 1;
    }

    @Override
    public String name() {
        return "bivariate";
    }

    @Override
    public String description() {
        return "bivariate resultant and gcd over Z[x, y]: time vs total degree and coefficient bits, CPU "
                + (oneThread && threads > 1 ? "1 and " : "") + threads + " thread(s)"
                + (gpu ? " and GPU" : " (no usable GPU image engine)");
    }

    @Override
    public String[] columns() {
        return COLUMNS.clone();
    }

    @Override
    public int keyColumns() {
        return 5;
    }

    // the gcd runs on the host whatever the backend: no GPU row for it
    private List<Object[]> variants(String op) {
        List<Object[]> v = new ArrayList<>();
        if (oneThread) {
            v.add(new Object[] {"cpu", 1});
        }
        if (threads > 1) {
            v.add(new Object[] {"cpu", threads});
        }
        if (gpu && op.equals("resultant")) {
            v.add(new Object[] {"gpu", threads});
        }
        return v;
    }

    @Override
    public List<Item> items() {
        List<Item> items = new ArrayList<>();
        for (String op : ops) {
            List<Object[]> vs = variants(op);
            Object[] lastVariant = vs.get(vs.size() - 1);
            for (int b : bits) {
                for (int d : degrees) {
                    items.add(new Item(op + " d=" + d + " " + b + "-bit", new Object[] {op, d, b, lastVariant[0],
                        lastVariant[1]}, csv -> run(csv, op, d, b)));
                }
            }
        }
        return items;
    }

    private boolean warmed;

    // Before the first measurement: both operations 30 times on a small case, so that the JIT has
    // compiled the kernels (without it the first rows measured cold code: d = 10 took 60 ms at
    // 16 bits against 14 ms at 64 bits measured later).
    private void warmUp() {
        ZZBivariate[] r = FlintBivariateInputs.resultantInput(8, 16);
        ZZBivariate[] g = FlintBivariateInputs.gcdInput(12, 16);
        Options o = Options.defaults().withThreads(1).withBackend(Backend.CPU);
        for (int i = 0; i < 30; i++) {
            BivariateResultant.resultant(r[0], r[1], o);
            BivariateGcd.gcd(g[0], g[1], o);
        }
        warmed = true;
    }

    private void run(StudyCsv csv, String op, int d, int b) {
        if (!warmed) {
            warmUp();
        }
        ZZBivariate[] in = op.equals("resultant") ? FlintBivariateInputs.resultantInput(d, b)
                : FlintBivariateInputs.gcdInput(d, b);
        Object reference = null;
        for (Object[] v : variants(op)) {
            String backend = (String) v[0];
            int t = (Integer) v[1];
            String series = op + " " + b + " " + backend + " " + t;
            Double before = last.get(series);
            if (before != null && before > budgetMs) {
                csv.append(op, d, b, backend, t, "NaN", "", "", "skipped (over budget)", "");
                continue;
            }
            Options o = Options.defaults().withThreads(t)
                    .withBackend(backend.equals("gpu") ? Backend.GPU : Backend.CPU);
            ModularResult<?>[] r = new ModularResult<?>[1];
            Timing.Body body = () -> r[0] = op.equals("resultant") ? BivariateResultant.resultant(in[0], in[1], o)
                    : BivariateGcd.gcd(in[0], in[1], o);
            body.run(); // warm-up (class loading, the JIT)
            long t0 = System.nanoTime();
            body.run();
            double once = (System.nanoTime() - t0) / 1e6;
            double ms = once > 1000 ? once : Math.min(once, Timing.minMillis(body, 3, 100));
            last.put(series, ms);
            Object value = r[0].value();
            String check = reference == null ? "reference" : reference.equals(value) ? "same" : "DIFFERS";
            if (reference == null) {
                reference = value;
            }
            String result = value instanceof ZZPoly p ? "deg " + p.degree() + " / " + p.maxCoefficientBits() + " bits"
                    : "degx " + ((ZZBivariate) value).degreeX() + " degy " + ((ZZBivariate) value).degreeY() + " / "
                    + ((ZZBivariate) value).maxCoefficientBits() + " bits";
            csv.append(op, d, b, backend, t, String.format(Locale.ROOT, "%.4g", ms), r[0].report().primesUsed(), result,
                    check, profile(r[0].report()));
        }
    }

    // "images 180.1 transfer 2.3 crt 30.2 ... | reduce 1.1 ms, resultants ...": the phases of the
    // report in ms, then its images split note where there is one (the resultant's)
    static String profile(ModularReport report) {
        StringBuilder s = new StringBuilder();
        report.phaseNanos().forEach((k, v) -> s.append(s.length() == 0 ? "" : " ").append(k).append(' ')
                .append(String.format(Locale.ROOT, "%.2f", v / 1e6)));
        for (String note : report.notes()) {
            if (note.startsWith("images split: ")) {
                s.append(" | ").append(note.substring("images split: ".length()).replace(",", ";"));
            }
        }
        return s.toString();
    }

    @Override
    public void plot(StudyCsv csv, Path png) {
        Plot plot = Plot.of("Bivariate resultant (Res_x) and gcd over Z[x, y], dense inputs", "total degree d", "ms",
                true, true).legend(Styler.LegendPosition.OutsideE);
        Map<String, List<Double>> xs = new java.util.LinkedHashMap<>();
        Map<String, List<Double>> ys = new java.util.LinkedHashMap<>();
        for (String[] row : csv.rows()) {
            double ms = StudyCsv.number(row[5]);
            if (Double.isNaN(ms)) {
                continue;
            }
            String name = (row[0].equals("resultant") ? "res " : "gcd ") + row[2] + "-bit " + row[3] + " " + row[4]
                    + "t";
            xs.computeIfAbsent(name, k -> new ArrayList<>()).add(StudyCsv.number(row[1]));
            ys.computeIfAbsent(name, k -> new ArrayList<>()).add(ms);
        }
        for (String name : xs.keySet()) {
            if (name.startsWith("gcd")) {
                plot.dashed(name, xs.get(name), ys.get(name));
            } else {
                plot.line(name, xs.get(name), ys.get(name));
            }
        }
        plot.save(png);
    }
}
