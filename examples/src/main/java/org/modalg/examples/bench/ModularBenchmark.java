package org.modalg.examples.bench;

import java.io.PrintStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.modalg.examples.bench.peer.FlintInputs;
import org.modalg.examples.bench.peer.FlintPeer;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.mat.Determinant;
import org.modalg.modular.mat.LinearSolve;
import org.modalg.modular.mat.RationalVector;
import org.modalg.modular.poly.GcdResult;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@code modalg bench modular}: the multimodular determinant, GCD and resultant against FLINT 3.6
 * ({@link FlintPeer}) in the same invocation, on the inputs of FLINT's harness ({@link FlintInputs}:
 * the same matrices and polynomials, bit for bit, so FLINT's checksum checks modalg's result).
 *
 * <p>Rows per case: the CRT route on the CPU on all threads asked for (the reference: every
 * other row must give the same value) and on one thread; with {@code gpu}, the CRT and big-prime
 * routes with {@link Backend#GPU}. Beside each: FLINT's time on one thread and on the largest
 * thread count run, modalg / FLINT ratios, for GPU rows the ratio to the CPU route on all
 * threads, the counts of the {@link ModularReport} (primes whose images entered the result,
 * unlucky primes whose images were discarded, primes skipped before any image), and its phase
 * times grouped as transfer (the GPU engine's host-device copies, {@link ModularReport#TRANSFER};
 * 0 on the CPU), images, reconstruction and other ({@link #phaseGroup}) and as the report names
 * them ({@code phases}).
 *
 * <p>Timing ({@link #time}): warm-up runs, then the median (and minimum) of {@code repeats} runs
 * (at least 10 for runs under 100 ms); a first run longer than 3 s is the only run. FLINT: best of
 * 3 (one run above 5 s), its own rule; so compare FLINT with {@code ms_min} as well as {@code ms}.
 */
public final class ModularBenchmark {
    /** CSV columns. x_* are ratios of times (modalg / peer: below 1 means modalg is faster). */
    public static final String[] COLUMNS = {"op", "size", "bits", "route", "backend", "threads", "ms", "ms_min",
        "flint_1t_ms", "x_flint_1t", "flint_threads", "flint_nt_ms", "x_flint_nt", "x_cpu_all", "primes", "unlucky",
        "skipped", "transfer_ms", "images_ms", "reconstruction_ms", "other_ms", "check", "device", "note", "phases"};

    /** Case sets. */
    public enum Sizes {
        /** Tiny cases for a smoke test (seconds; no FLINT row). */
        QUICK,
        /** Cases with FLINT rows that finish in under a minute on 2 cores, FLINT included. */
        SMALL,
        /** The cases of issue 13 (det n = 400, 1000; resultant degree 1000, 3000; gcd degree 10,000; solve n = 500). */
        ISSUE
    }

    /**
     * One case: op (det, gcd, resultant, solve), size (n or degree), coefficient bits, and the
     * FLINT harness's section and row label (null: the harness has no such row).
     */
    public record Case(String op, int size, int bits, String flintSection, String flintLabel) {
        String describe() {
            return op + (op.equals("det") || op.equals("solve") ? " n = " : " degree ") + size + ", " + bits + "-bit";
        }
    }

    /** The parts a case set may hold. */
    public static final List<String> PARTS = List.of("det", "gcd", "resultant", "solve");

    // Rows of the harness (flint3_bench.c): sizes it has.
    private static final Set<String> FLINT_ROWS = Set.of("det 100 10", "det 200 10", "det 400 10", "det 100 100",
            "det 200 100", "det 400 100", "gcd 500 64", "gcd 2000 64", "gcd 500 256", "gcd 2000 256",
            "resultant 100 64", "resultant 300 64", "resultant 1000 64");

    private ModularBenchmark() {
    }

    /** The cases of a set, in the given parts' order. */
    public static List<Case> cases(Sizes sizes, List<String> parts) {
        for (String p : parts) {
            if (!PARTS.contains(p)) {
                throw new IllegalArgumentException("--part must be among " + PARTS + ", got " + p);
            }
        }
        List<Case> out = new ArrayList<>();
        for (String p : parts) {
            int[][] sb; // {size, bits}
            switch (sizes) {
                case QUICK:
                    sb = switch (p) {
                        case "det" -> new int[][] {{20, 10}, {20, 100}};
                        case "gcd" -> new int[][] {{40, 64}};
                        case "resultant" -> new int[][] {{20, 64}};
                        default -> new int[][] {{10, 10}};
                    };
                    break;
                case SMALL:
                    sb = switch (p) {
                        case "det" -> new int[][] {{200, 10}, {200, 100}};
                        case "gcd" -> new int[][] {{500, 64}, {500, 256}};
                        case "resultant" -> new int[][] {{100, 64}, {300, 64}};
                        default -> new int[][] {{100, 100}};
                    };
                    break;
                default:
                    sb = switch (p) {
                        case "det" -> new int[][] {{400, 10}, {400, 100}, {1000, 100}};
                        // degree 2000: the largest gcd the harness has, beside the issue's 10,000
                        case "gcd" -> new int[][] {{2000, 256}, {10_000, 256}};
                        case "resultant" -> new int[][] {{1000, 64}, {3000, 64}};
                        default -> new int[][] {{500, 100}};
                    };
                    break;
            }
            for (int[] c : sb) {
                out.add(caseOf(p, c[0], c[1]));
            }
        }
        return out;
    }

    /** A case, with its FLINT row when the harness has one. */
    public static Case caseOf(String op, int size, int bits) {
        boolean has = FLINT_ROWS.contains(op + " " + size + " " + bits);
        return switch (op) {
            case "det" -> new Case(op, size, bits, "det", has ? FlintInputs.detLabel(size, bits) : null);
            case "gcd" -> new Case(op, size, bits, "gcd", has ? FlintInputs.gcdLabel(size, bits) : null);
            case "resultant" -> new Case(op, size, bits, "res", has ? FlintInputs.resultantLabel(size, bits) : null);
            case "solve" -> new Case(op, size, bits, null, null);
            default -> throw new IllegalArgumentException("op must be among " + PARTS + ", got " + op);
        };
    }

    /**
     * What a run uses.
     *
     * @param threads threads of the "all cores" rows
     * @param repeats timed runs after the warm-up
     * @param gpu add the GPU rows
     * @param flint the peer, or null for none
     * @param flintThreads thread counts FLINT runs with (1 first)
     * @param flintTimeoutSeconds the longest one FLINT section may run
     * @param oneThread add modalg's one-thread CPU row (slow at the issue's large sizes)
     * @param bigPrimeGpu add the big-prime route's GPU row
     */
    public record Config(int threads, int repeats, boolean gpu, FlintPeer flint, List<Integer> flintThreads,
                         double flintTimeoutSeconds, boolean oneThread, boolean bigPrimeGpu) {
        /** Every row: one thread and the big-prime GPU row included. */
        public Config(int threads, int repeats, boolean gpu, FlintPeer flint, List<Integer> flintThreads,
                      double flintTimeoutSeconds) {
            this(threads, repeats, gpu, flint, flintThreads, flintTimeoutSeconds, true, true);
        }
    }

    /** The table and how many results disagreed with FLINT's checksum (0 when all agree). */
    public record Outcome(BenchTable table, int mismatches, String device) {
    }

    /**
     * Runs the cases; progress and FLINT's version lines go to log.
     *
     * @throws IllegalStateException if two modalg rows of a case disagree (a bug: never hidden)
     */
    public static Outcome run(List<Case> cases, Config cfg, PrintStream log) {
        BenchTable table = new BenchTable(COLUMNS);
        String device = "";
        if (cfg.gpu()) {
            device = gpuDevice(cfg.threads());
        }
        // FLINT first, section by section (the harness runs whole sections)
        Map<Integer, Map<String, FlintPeer.Row>> byThreads = new java.util.TreeMap<>();
        if (cfg.flint() != null) {
            Set<String> sections = new LinkedHashSet<>();
            for (Case c : cases) {
                if (c.flintLabel() != null) {
                    sections.add(c.flintSection());
                }
            }
            for (int t : cfg.flintThreads()) {
                for (String s : sections) {
                    log.println("# running FLINT: " + cfg.flint().binary() + " " + t + " " + s);
                    byThreads.computeIfAbsent(t, k -> new LinkedHashMap<>())
                            .putAll(cfg.flint().run(s, t, cfg.flintTimeoutSeconds()));
                }
            }
            cfg.flint().versions().forEach((k, v) -> log.println("# FLINT peer (" + k + "): " + v));
        }
        Map<String, FlintPeer.Row> flint1 = byThreads.getOrDefault(1, Map.of());
        int nt = 0;
        for (int t : byThreads.keySet()) {
            nt = t > 1 ? t : nt;
        }
        Map<String, FlintPeer.Row> flintN = nt > 1 ? byThreads.get(nt) : Map.of();
        int mismatches = 0;
        for (Case c : cases) {
            log.println("# measuring " + c.describe());
            FlintPeer.Row f1 = c.flintLabel() == null ? null : flint1.get(c.flintLabel());
            FlintPeer.Row fn = c.flintLabel() == null ? null : flintN.get(c.flintLabel());
            Call call = call(c);
            List<Object[]> rows = new ArrayList<>();
            Object reference = null;
            double cpuAll = Double.NaN;
            for (String[] variant : variants(cfg)) {
                if (c.op().equals("solve") && variant[0].equals("bigprime")) {
                    continue; // the solver has no big-prime route
                }
                Route route = variant[0].equals("crt") ? Route.CRT : Route.BIG_PRIME;
                Backend backend = Backend.parse(variant[1]);
                int threads = Integer.parseInt(variant[2]);
                Options o = Options.defaults().withRoute(route).withBackend(backend).withThreads(threads);
                ModularResult<?>[] last = new ModularResult<?>[1];
                long[] t;
                try {
                    t = time(cfg.repeats(), () -> last[0] = call.run().apply(o));
                } catch (RuntimeException e) {
                    table.add(c.op(), c.size(), c.bits(), variant[0], variant[1], threads, "", "", "", "", "", "", "",
                            "", "", "", "", "", "", "", "", "", backend == Backend.GPU ? device : "",
                            "failed: " + clean(String.valueOf(e.getMessage())), "");
                    continue;
                }
                Object value = value(c, last[0]);
                if (reference == null) {
                    call.check().accept(value);
                    reference = value;
                } else if (!reference.equals(value)) {
                    throw new IllegalStateException(c.describe() + ": " + variant[0] + " " + variant[1] + " on "
                            + threads + " thread(s) differs from the CPU CRT route");
                }
                double ms = t[0] / 1e6;
                if (backend == Backend.CPU && threads == cfg.threads()) {
                    cpuAll = ms;
                }
                String check;
                if (f1 == null && fn == null) {
                    check = c.flintLabel() == null ? "no FLINT row" : "FLINT not run";
                } else {
                    long ck = (f1 != null ? f1 : fn).checksum();
                    long mine = checksum(c, value);
                    check = ck == mine ? "= FLINT ck" : "DIFFERS from FLINT ck";
                    if (ck != mine) {
                        mismatches++;
                    }
                }
                ModularReport r = last[0].report();
                double[] ph = phaseGroups(r);
                String note = noteOf(r, backend);
                rows.add(new Object[] {c.op(), c.size(), c.bits(), variant[0], variant[1], threads, ms, t[1] / 1e6,
                    f1 == null ? "" : f1.ms(), ratio(ms, f1), fn == null ? "" : nt, fn == null ? "" : fn.ms(),
                    ratio(ms, fn), backend == Backend.GPU && cpuAll > 0 ? fmt(ms / cpuAll) : "", r.primesUsed(),
                    r.unluckyCount(), r.skippedCount(), ph[0], ph[1], ph[2], ph[3], check, backend == Backend.GPU ? device : "cpu",
                    note, phases(r)});
            }
            for (Object[] row : rows) {
                table.add(row);
            }
        }
        return new Outcome(table, mismatches, device);
    }

    /**
     * {median, min} nanoseconds of body: warm-up runs (one; more, up to 1 s or 20 runs, while a run
     * takes under 200 ms, so the JIT has compiled the kernels), then {@code repeats} timed runs (at
     * least 10 when a run takes under 100 ms). A first run over 3 s is the only measurement.
     *
     * <p>The first run may pay one-time costs that later runs do not (class loading, a GPU
     * provider's probe of its device, which starts the driver: a second or more): the warm-up's
     * budget starts after it, and a first run of 200 ms or more is followed by a second before the
     * warm-up decides from the last run's time. (Counted from before the first run, a probe ate the
     * whole budget: `bench compare --backend auto` then timed 10^5-bit products in three runs of
     * code the JIT had not compiled, 7.5-9.3 ms against 0.33-0.38 ms with the CPU backend.)
     */
    static long[] time(int repeats, Runnable body) {
        long s0 = System.nanoTime();
        body.run();
        long first = System.nanoTime() - s0;
        if (first > 3_000_000_000L) {
            return new long[] {first, first};
        }
        long w0 = System.nanoTime();
        long last = first;
        if (first >= 200_000_000L) {
            body.run();
            last = System.nanoTime() - w0;
        }
        // warm-up: at least 20 calls and half a second (the JIT compiles a product's loops only
        // after thousands of calls of a small one), at most a second or 10,000 calls
        for (int i = 1; i < 10_000 && last < 200_000_000L; i++) {
            long spent = System.nanoTime() - w0;
            if (spent >= 1_000_000_000L || i >= 20 && spent >= 500_000_000L) {
                break;
            }
            long s = System.nanoTime();
            body.run();
            last = System.nanoTime() - s;
        }
        int runs = last < 100_000_000L ? Math.max(repeats, 10) : repeats;
        long[] ts = new long[runs];
        for (int i = 0; i < runs; i++) {
            long s = System.nanoTime();
            body.run();
            ts[i] = System.nanoTime() - s;
        }
        java.util.Arrays.sort(ts);
        return new long[] {ts[runs / 2], ts[0]};
    }

    // {route, backend, threads}: the CPU CRT route on all threads first (the reference), one thread, then GPU
    private static List<String[]> variants(Config cfg) {
        List<String[]> v = new ArrayList<>();
        v.add(new String[] {"crt", "cpu", Integer.toString(cfg.threads())});
        if (cfg.threads() > 1 && cfg.oneThread()) {
            v.add(new String[] {"crt", "cpu", "1"});
        }
        if (cfg.gpu()) {
            v.add(new String[] {"crt", "gpu", Integer.toString(cfg.threads())});
            if (cfg.bigPrimeGpu()) {
                v.add(new String[] {"bigprime", "gpu", Integer.toString(cfg.threads())});
            }
        }
        return v;
    }

    /** A case's call, and the check of its first value (beyond the comparisons between rows and with FLINT). */
    private record Call(Function<Options, ModularResult<?>> run, java.util.function.Consumer<Object> check) {
    }

    // the case's call
    private static Call call(Case c) {
        switch (c.op()) {
            case "det": {
                BigInteger[][] a = FlintInputs.detInput(c.size(), c.bits());
                return new Call(o -> Determinant.det(a, o), v -> { });
            }
            case "gcd": {
                ZZPoly[] fg = FlintInputs.gcdInput(c.size(), c.bits());
                return new Call(o -> PolynomialGcd.gcd(fg[0], fg[1], o), v -> {
                    if (((ZZPoly) v).degree() < c.size() / 2) {
                        throw new IllegalStateException(c.describe() + ": gcd of degree " + ((ZZPoly) v).degree()
                                + " below the planted " + c.size() / 2);
                    }
                });
            }
            case "solve":
                return solver(c.size(), c.bits());
            default: {
                ZZPoly[] fg = FlintInputs.resultantInput(c.size(), c.bits());
                return new Call(o -> Resultant.resultant(fg[0], fg[1], o), v -> { });
            }
        }
    }

    /**
     * The exact rational solve A x = b ({@link LinearSolve#solve(BigInteger[][], BigInteger[], Options)}).
     * Inputs: {@code FlintInputs.seeded("solve n=N, B-bit entries")}, the matrix row by row, then
     * b, all of exactly B bits with random signs (FLINT's harness has no solve row). The first
     * solution is checked exactly after its timing (A times the numerators = the denominator times
     * b); the other rows must equal it.
     */
    private static Call solver(int n, int bits) {
        FlintInputs r = FlintInputs.seeded("solve n=" + n + ", " + bits + "-bit entries");
        BigInteger[][] a = r.matrix(n, bits);
        BigInteger[] b = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            b[i] = r.exact(bits, true);
        }
        return new Call(o -> LinearSolve.solve(a, b, o), v -> {
            @SuppressWarnings("unchecked")
            List<BigInteger> x = (List<BigInteger>) v;
            checkSolve(a, b, x);
        });
    }

    /** Checks A x = b exactly over Z for x = numerators / denominator (x holds the n numerators, then it). */
    private static void checkSolve(BigInteger[][] a, BigInteger[] b, List<BigInteger> x) {
        int n = b.length;
        BigInteger den = x.get(n);
        for (int i = 0; i < n; i++) {
            BigInteger s = BigInteger.ZERO;
            for (int j = 0; j < n; j++) {
                s = s.add(a[i][j].multiply(x.get(j)));
            }
            if (!s.equals(den.multiply(b[i]))) {
                throw new IllegalStateException("the solver's x does not satisfy row " + i + " of A x = b");
            }
        }
    }

    // numerators then the denominator of the solver's vector
    private static List<BigInteger> solution(RationalVector v) {
        List<BigInteger> out = new ArrayList<>(List.of(v.numerators()));
        out.add(v.denominator());
        return out;
    }

    private static Object value(Case c, ModularResult<?> r) {
        if (c.op().equals("solve")) {
            return solution((RationalVector) r.value());
        }
        return c.op().equals("gcd") ? ((GcdResult) r.value()).gcd() : r.value();
    }

    private static long checksum(Case c, Object value) {
        return value instanceof ZZPoly ? FlintInputs.checksum((ZZPoly) value) : FlintInputs.checksum((BigInteger) value);
    }

    /** The device line of the GPU rows; an IllegalArgumentException when no GPU image engine is usable. */
    public static String gpuDevice(int threads) {
        String engine;
        try {
            engine = ImageEngines.forOptions(Options.defaults().withBackend(Backend.GPU).withThreads(threads)).name();
        } catch (IllegalStateException e) {
            String why = org.modalg.gpu.runtime.GpuRuntime.isUsable() ? "" : " (" + org.modalg.gpu.runtime.GpuRuntime.unusableReason()
                    + ")";
            throw new IllegalArgumentException("--gpu: no usable GPU image engine: " + e.getMessage() + why);
        }
        String dev = org.modalg.gpu.runtime.GpuRuntime.isUsable() ? org.modalg.gpu.runtime.GpuRuntime.get().describe() : engine;
        return clean(dev + "; engine " + engine);
    }

    /**
     * The group of a report phase: {@code transfer} (names with transfer, upload, download,
     * copy), {@code images} (images, the Dixon factorizations and lifting, Bareiss, names with
     * image, kernel, lu, lift or factor), {@code reconstruction} (crt, cofactor-crt, rational-reconstruction,
     * finish, names with crt, garner, reconstruct or combine), {@code other} (bound, setup,
     * contents, and anything else).
     */
    public static String phaseGroup(String phase) {
        String p = phase.toLowerCase(Locale.ROOT);
        if (p.contains("transfer") || p.contains("upload") || p.contains("download") || p.contains("copy")) {
            return "transfer";
        }
        if (p.contains("crt") || p.contains("reconstruct") || p.contains("garner") || p.contains("combine")
                || p.equals("finish")) {
            return "reconstruction";
        }
        if (p.contains("image") || p.contains("lu") || p.contains("lift") || p.contains("kernel")
                || p.contains("factor") || p.equals("bareiss")) {
            return "images";
        }
        return "other";
    }

    /** The report's phases as it names them, "name ms; ..." (a CSV cell: no commas). */
    public static String phases(ModularReport r) {
        StringBuilder s = new StringBuilder();
        for (Map.Entry<String, Long> e : r.phaseNanos().entrySet()) {
            s.append(s.length() == 0 ? "" : "; ").append(clean(e.getKey())).append(' ')
                    .append(String.format(Locale.ROOT, "%.1f", e.getValue() / 1e6));
        }
        return s.toString();
    }

    /** Milliseconds of the report's phases by group: transfer, images, reconstruction, other. */
    public static double[] phaseGroups(ModularReport r) {
        double[] g = new double[4];
        for (Map.Entry<String, Long> e : r.phaseNanos().entrySet()) {
            int i = switch (phaseGroup(e.getKey())) {
                case "transfer" -> 0;
                case "images" -> 1;
                case "reconstruction" -> 2;
                default -> 3;
            };
            g[i] += e.getValue() / 1e6;
        }
        return g;
    }

    // the report's field and whether a GPU row's report names the GPU
    private static String noteOf(ModularReport r, Backend backend) {
        StringBuilder s = new StringBuilder(r.field());
        if (backend == Backend.GPU && !r.toString().toLowerCase(Locale.ROOT).contains("gpu")) {
            s.append("; the report names no GPU engine");
        }
        return clean(s.toString());
    }

    /**
     * Primes skipped before any image (dividing gcd(lc f, lc g), or the determinant's divisor):
     * {@link ModularReport#skippedCount()}.
     */
    public static int skippedPrimes(ModularReport r) {
        return r.skippedCount();
    }

    private static String ratio(double ms, FlintPeer.Row f) {
        return f == null || !(f.ms() > 0) ? "" : fmt(ms / f.ms());
    }

    private static String fmt(double x) {
        return String.format(Locale.ROOT, x < 10 ? "%.2f" : "%.1f", x);
    }

    // a CSV cell: no commas or newlines
    static String clean(String s) {
        return s.replace(',', ';').replace('\n', ' ');
    }
}
