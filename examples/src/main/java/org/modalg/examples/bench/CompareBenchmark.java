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
import java.util.function.Supplier;
import org.modalg.examples.bench.peer.FlintInputs;
import org.modalg.examples.bench.peer.FlintPeer;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Backend;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.products.LimbProducts;
import org.modalg.fft.Options;
import org.modalg.fft.products.PolyProducts;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.integer.IntegerMultiplication;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.zp.ZpPoly;

/**
 * {@code modalg bench compare}: the product rows of FLINT 3.6's harness ({@link FlintPeer},
 * sections {@code intmul}, {@code polyz}, {@code nmod}) and modalg's products on the same inputs
 * ({@link FlintInputs}, bit for bit, so FLINT's checksum checks every modalg result), run
 * alternately in one invocation: per round and part, the peer's section, then modalg's rows of
 * it, so that drift of the machine (load, clocks) hits both. Ratios are modalg / FLINT (below 1:
 * modalg is faster).
 *
 * <p>modalg is called only through the polynomial layer's public API
 * ({@link IntegerMultiplication#multiply(BigInteger, BigInteger, Options)},
 * {@link ZZPoly#multiply(ZZPoly, Options)}, {@link ZpPoly#multiply(ZpPoly, Options)}), with
 * {@link Options#withThreads} for the thread count FLINT is given too, so every change to those
 * routes shows up here without an edit. The nmod rows' p = nextprime(2^62), beyond {@link ZpField}'s 2^62, run through
 * {@link ZpPoly#multiplyFullWord} with the same options: under {@code --backend auto} and {@code gpu}, from
 * the polynomial product provider's length, the whole product on the device (projection, transforms,
 * Garner and the reduction mod p). A row modalg cannot run is reported as {@code unsupported} with
 * the reason, and FLINT's time is still shown.
 *
 * <p>Timing: modalg's rows by {@link ModularBenchmark#time} (warm-up, then the median and the
 * minimum of the timed runs); FLINT's by its own rule (best of 3; one run above 5 s). The ratio
 * compares modalg's minimum with FLINT's best, per round; the table keeps the best of each side
 * over the rounds, and every round's ratio.
 */
public final class CompareBenchmark {
    /** CSV columns ({@code flint_row}: the harness's label, its commas written as semicolons). */
    public static final String[] COLUMNS = {"part", "flint_row", "size", "bits", "threads", "backend", "modalg_ms",
        "modalg_min_ms", "flint_ms", "ratio", "ratios_by_round", "check", "note"};

    /** The parts, in the harness's section names. */
    public static final List<String> PARTS = List.of("intmul", "polyz", "nmod");

    /** The harness's sizes: integer bits; Z[x] lengths and coefficient bits; Z/pZ[x] lengths. */
    static final long[] INTMUL_BITS = {10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};
    static final int[] POLYZ_LOG2 = {10, 14, 18, 20};
    static final int[] NMOD_LOG2 = {16, 20, 24};
    /** Largest size at which a row without FLINT is checked against a naive oracle instead. */
    static final int NAIVE_MAX_LENGTH = 1 << 12;
    static final long NAIVE_MAX_BITS = 1_000_000;

    private CompareBenchmark() {
    }

    /**
     * What a run does.
     *
     * @param parts among {@link #PARTS}
     * @param maxLog2 the largest length exponent of the polyz and nmod rows
     * @param maxBits the largest integer size of the intmul rows
     * @param polyzBits the coefficient sizes of the polyz rows (of 64 and 1000)
     * @param threads threads for both: FLINT's argument and {@link Options#withThreads}
     * @param backend modalg's backend ({@link Options#withBackend}): auto, cpu or gpu
     * @param rounds how many times each part alternates peer and modalg
     * @param repeats modalg's timed runs per row (at least 10 below 100 ms)
     * @param flint the peer, or null
     * @param flintTimeoutSeconds the longest one FLINT section may run
     */
    public record Config(List<String> parts, int maxLog2, long maxBits, List<Integer> polyzBits, int threads,
                         Backend backend, int rounds, int repeats, FlintPeer flint, double flintTimeoutSeconds) {
        /** @throws IllegalArgumentException naming the option out of its range */
        public Config {
            for (String p : parts) {
                if (!PARTS.contains(p)) {
                    throw new IllegalArgumentException("--part must be among " + PARTS + ", got " + p);
                }
            }
            for (int b : polyzBits) {
                if (b != 64 && b != 1000) {
                    throw new IllegalArgumentException("--polyz-bits must be among [64, 1000] (the harness's rows),"
                            + " got " + b);
                }
            }
            if (maxLog2 < 1 || maxLog2 > 24) {
                throw new IllegalArgumentException("--max-log2 must be in [1, 24], got " + maxLog2);
            }
            if (maxBits < 1 || maxBits > 100_000_000L) {
                throw new IllegalArgumentException("--max-bits must be in [1, 10^8], got " + maxBits);
            }
            if (threads < 1 || threads > Options.MAX_THREADS) {
                throw new IllegalArgumentException("--threads must be in [1, " + Options.MAX_THREADS + "], got "
                        + threads);
            }
            if (backend == null) {
                throw new IllegalArgumentException("--backend must be one of auto, cpu, gpu, got null");
            }
            if (rounds < 1 || rounds > 100) {
                throw new IllegalArgumentException("--rounds must be in [1, 100], got " + rounds);
            }
            if (repeats < 1 || repeats > 1000) {
                throw new IllegalArgumentException("--repeats must be in [1, 1000], got " + repeats);
            }
            if (!(flintTimeoutSeconds > 0)) {
                throw new IllegalArgumentException("--flint-timeout must be > 0 seconds, got " + flintTimeoutSeconds);
            }
            parts = List.copyOf(parts);
            polyzBits = List.copyOf(polyzBits);
        }

        /** This configuration with another peer (null: none). */
        public Config withFlint(FlintPeer peer) {
            return new Config(parts, maxLog2, maxBits, polyzBits, threads, backend, rounds, repeats, peer,
                    flintTimeoutSeconds);
        }
    }

    /** One modalg row: its FLINT rows' labels, its size, and how to run and check it. */
    private static final class Row {
        final String part;
        final List<String> flintLabels;
        final long size;
        final int bits;
        final Supplier<Object> inputs;
        Object in;
        String unsupported;
        // per FLINT label: best FLINT ms, checksum; per round: ratio
        final Map<String, Double> flintBest = new LinkedHashMap<>();
        final Map<String, Long> flintCk = new LinkedHashMap<>();
        final Map<String, List<String>> ratios = new LinkedHashMap<>();
        double median = Double.NaN;
        double min = Double.NaN;
        Long checksum;
        String naive = "";

        Row(String part, List<String> flintLabels, long size, int bits, Supplier<Object> inputs) {
            this.part = part;
            this.flintLabels = flintLabels;
            this.size = size;
            this.bits = bits;
            this.inputs = inputs;
        }
    }

    /** The rows of a configuration, in the harness's order within each part. */
    private static List<Row> rows(Config cfg) {
        List<Row> out = new ArrayList<>();
        for (String part : cfg.parts()) {
            switch (part) {
                case "intmul":
                    for (long b : INTMUL_BITS) {
                        if (b <= cfg.maxBits()) {
                            out.add(new Row(part, List.of("gmp mpz_mul " + b + " bits", "fmpz_mul " + b + " bits",
                                    "flint_mpn_mul " + b + " bits"), b, (int) b,
                                    () -> FlintInputs.intmulInput((int) b)));
                        }
                    }
                    break;
                case "polyz":
                    for (int bits : new int[] {64, 1000}) {
                        if (!cfg.polyzBits().contains(bits)) {
                            continue;
                        }
                        for (int l : POLYZ_LOG2) {
                            if (l <= cfg.maxLog2()) {
                                int len = 1 << l;
                                out.add(new Row(part, List.of(FlintInputs.polyzLabel(len, bits)), len, bits,
                                        () -> FlintInputs.polyzInput(len, bits)));
                            }
                        }
                    }
                    break;
                default:
                    for (int l : NMOD_LOG2) {
                        if (l <= cfg.maxLog2()) {
                            int len = 1 << l;
                            out.add(new Row(part, List.of(FlintInputs.nmodLabel(len)), len, 62,
                                    () -> FlintInputs.nmodInput(len, FlintInputs.nmodPrime())));
                        }
                    }
                    break;
            }
        }
        return out;
    }

    /** The table of a run and how many modalg results differ from FLINT's checksum. */
    public record Outcome(BenchTable table, int mismatches) {
    }

    /**
     * Runs the comparison; progress and FLINT's version lines go to log.
     *
     * @throws IllegalStateException if a modalg result disagrees with the naive oracle (a bug)
     */
    public static Outcome run(Config cfg, PrintStream log) {
        List<Row> rows = rows(cfg);
        Options options = Options.defaults().withThreads(cfg.threads()).withBackend(cfg.backend());
        startDevice(cfg.backend());
        for (int round = 1; round <= cfg.rounds(); round++) {
            for (String part : cfg.parts()) {
                List<Row> mine = new ArrayList<>();
                for (Row r : rows) {
                    if (r.part.equals(part)) {
                        mine.add(r);
                    }
                }
                if (mine.isEmpty()) {
                    continue;
                }
                Map<String, FlintPeer.Row> peer = Map.of();
                if (cfg.flint() != null) {
                    Set<String> wanted = new LinkedHashSet<>();
                    for (Row r : mine) {
                        wanted.addAll(r.flintLabels);
                    }
                    log.println("# round " + round + ": FLINT " + part + " on " + cfg.threads() + " thread(s)");
                    peer = cfg.flint().run(part, cfg.threads(), cfg.flintTimeoutSeconds(), wanted);
                }
                log.println("# round " + round + ": modalg " + part + " on " + cfg.threads() + " thread(s)");
                for (Row r : mine) {
                    measure(r, options, cfg.repeats(), round, peer);
                }
            }
        }
        if (cfg.flint() != null) {
            cfg.flint().versions().forEach((k, v) -> log.println("# FLINT peer (" + k + "): " + v));
        }
        BenchTable table = new BenchTable(COLUMNS);
        int mismatches = 0;
        for (Row r : rows) {
            for (String label : r.flintLabels) {
                Double f = r.flintBest.get(label);
                String check;
                if (r.unsupported != null) {
                    check = "";
                } else if (f == null) {
                    check = r.naive.isEmpty() ? (cfg.flint() == null ? "no FLINT run" : "no FLINT row") : r.naive;
                } else if (r.flintCk.get(label) == r.checksum.longValue()) {
                    check = "= FLINT ck";
                } else {
                    check = "DIFFERS from FLINT ck";
                    mismatches++;
                }
                boolean ok = r.unsupported == null;
                table.add(r.part, ModularBenchmark.clean(label), r.size, r.bits, cfg.threads(),
                        cfg.backend().name().toLowerCase(Locale.ROOT), ok ? fmt(r.median) : "unsupported",
                        ok ? fmt(r.min) : "", f == null ? "" : fmt(f), ok && f != null ? ratio(r.min / f) : "",
                        String.join("; ", r.ratios.getOrDefault(label, List.of())), check,
                        ok ? "" : r.unsupported);
            }
        }
        return new Outcome(table, mismatches);
    }

    /**
     * Probes the device providers and engine a backend other than the CPU may use, before any
     * row: a device's start (the driver, its modules: a second or more) is no product's cost,
     * and FLINT's harness starts none. Without it the probe fell into the first row a provider
     * takes, inside its timing.
     */
    private static void startDevice(Backend backend) {
        if (backend == Backend.CPU) {
            return;
        }
        LimbProducts.provider();
        PolyProducts.provider();
        try {
            NttEngines.forBackend(backend);
        } catch (IllegalStateException e) {
            // no usable GPU: the rows that need one say so
        }
    }

    // One round of one row: modalg's timing, its checksum, FLINT's row of this round.
    private static void measure(Row r, Options options, int repeats, int round, Map<String, FlintPeer.Row> peer) {
        for (String label : r.flintLabels) {
            FlintPeer.Row f = peer.get(label);
            if (f != null) {
                r.flintBest.merge(label, f.ms(), Math::min);
                r.flintCk.put(label, f.checksum());
            }
        }
        if (r.in == null && r.unsupported == null) {
            r.in = r.inputs.get();
        }
        Supplier<Object> product;
        try {
            product = product(r, options);
        } catch (IllegalArgumentException e) {
            r.unsupported = "unsupported: " + ModularBenchmark.clean(String.valueOf(e.getMessage()));
            return;
        }
        if (r.unsupported != null) {
            return;
        }
        // the product alone is timed, as the harness times it; the checksum is taken once after
        Object[] last = new Object[1];
        long[] t = ModularBenchmark.time(repeats, () -> last[0] = product.get());
        long[] ck = {checksum(r, last[0])};
        last[0] = null;
        if (r.checksum != null && r.checksum != ck[0]) {
            throw new IllegalStateException(r.flintLabels.get(0) + ": modalg's product changed between rounds");
        }
        r.checksum = ck[0];
        double median = t[0] / 1e6;
        double min = t[1] / 1e6;
        r.median = Double.isNaN(r.median) ? median : Math.min(r.median, median);
        r.min = Double.isNaN(r.min) ? min : Math.min(r.min, min);
        for (String label : r.flintLabels) {
            FlintPeer.Row f = peer.get(label);
            r.ratios.computeIfAbsent(label, k -> new ArrayList<>()).add(f == null || !(f.ms() > 0) ? "-"
                    : "r" + round + " " + ratio(min / f.ms()));
        }
        if (r.naive.isEmpty()) {
            r.naive = naiveCheck(r, ck[0]);
        }
    }

    /**
     * modalg's product of the row's inputs (a BigInteger, a ZZPoly or the residues of a Z/pZ[x]
     * product as a long[]); {@link #checksum} gives the harness's checksum of it.
     *
     * @throws IllegalArgumentException when modalg cannot take the row (its message the reason)
     */
    private static Supplier<Object> product(Row r, Options options) {
        switch (r.part) {
            case "intmul": {
                BigInteger[] ab = (BigInteger[]) r.in;
                return () -> IntegerMultiplication.multiply(ab[0], ab[1], options);
            }
            case "polyz": {
                ZZPoly[] ab = (ZZPoly[]) r.in;
                return () -> ab[0].multiply(ab[1], options);
            }
            default: {
                long[][] ab = (long[][]) r.in;
                long p = FlintInputs.nmodPrime();
                if (p < ZpField.MAX_MODULUS_EXCLUSIVE) {
                    ZpField field = ZpField.of(p);
                    ZpPoly a = ZpPoly.of(field, ab[0]);
                    ZpPoly b = ZpPoly.of(field, ab[1]);
                    return () -> a.multiply(b, options).coefficients();
                }
                // FLINT's p = nextprime(2^62): the full-word path (any p < 2^64)
                return () -> ZpPoly.multiplyFullWord(p, ab[0], ab[1], options);
            }
        }
    }

    /** The harness's checksum of a result of {@link #product}. */
    private static long checksum(Row r, Object result) {
        switch (r.part) {
            case "intmul":
                return FlintInputs.checksum((BigInteger) result);
            case "polyz":
                return FlintInputs.checksum((ZZPoly) result);
            default: {
                long[] c = (long[]) result;
                return FlintInputs.checksum(c, c.length);
            }
        }
    }

    /**
     * The row's checksum against an oracle independent of modalg's products, where it is cheap:
     * BigInteger.multiply for integers up to {@value #NAIVE_MAX_BITS} bits, the schoolbook
     * product modulo 2^61 - 1 for Z[x] up to {@value #NAIVE_MAX_LENGTH} coefficients; "" above
     * (and for the nmod rows, all beyond it).
     *
     * @throws IllegalStateException if they differ (a wrong product: never hidden)
     */
    private static String naiveCheck(Row r, long ck) {
        long expected;
        switch (r.part) {
            case "intmul": {
                if (r.size > NAIVE_MAX_BITS) {
                    return "";
                }
                BigInteger[] ab = (BigInteger[]) r.in;
                expected = FlintInputs.checksum(ab[0].multiply(ab[1]));
                break;
            }
            case "polyz": {
                if (r.size > NAIVE_MAX_LENGTH) {
                    return "";
                }
                ZZPoly[] ab = (ZZPoly[]) r.in;
                BigInteger cp = FlintInputs.CHECKSUM_PRIME;
                expected = naiveChecksum(residues(ab[0], cp), residues(ab[1], cp));
                break;
            }
            default:
                return ""; // the nmod rows start at 2^16 coefficients, beyond the schoolbook's reach
        }
        if (expected != ck) {
            throw new IllegalStateException(r.flintLabels.get(0) + ": modalg's product differs from the schoolbook"
                    + " product (checksum " + ck + " against " + expected + ")");
        }
        return "= naive ck";
    }

    private static long[] residues(ZZPoly f, BigInteger m) {
        long[] out = new long[f.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = f.coefficient(i).mod(m).longValueExact();
        }
        return out;
    }

    // The harness's checksum of a b (coefficients in [0, 2^61 - 1)) modulo 2^61 - 1, schoolbook.
    static long naiveChecksum(long[] a, long[] b) {
        long cp = FlintInputs.CHECKSUM_PRIME.longValueExact();
        long[] c = new long[a.length + b.length - 1];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                long s = c[i + j] + FlintInputs.mulMod(a[i], b[j], cp);
                c[i + j] = s >= cp ? s - cp : s;
            }
        }
        int len = c.length;
        while (len > 0 && c[len - 1] == 0) {
            len--;
        }
        return FlintInputs.checksum(c, len);
    }

    private static String fmt(double ms) {
        return String.format(Locale.ROOT, ms < 1 ? "%.4f" : "%.2f", ms);
    }

    private static String ratio(double x) {
        return String.format(Locale.ROOT, x < 10 ? "%.2f" : "%.1f", x);
    }
}
