package org.modalg.examples.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.modalg.examples.bench.peer.FlintBivariateInputs;
import org.modalg.examples.bench.peer.FlintMpolyPeer;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateGcd;
import org.modalg.modular.bivariate.BivariateResultant;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@code modalg bench modular --part bivariate}: the bivariate resultant ({@link BivariateResultant})
 * and gcd ({@link BivariateGcd}) against FLINT's {@code fmpz_mpoly_resultant} and
 * {@code fmpz_mpoly_gcd} on the same dense inputs ({@link FlintBivariateInputs}, bit for bit; FLINT's
 * checksum checks every modalg result). The peer is the C harness {@link FlintMpolyPeer}
 * ({@code modular/src/test/c/flint_mpoly_bench.c}), built by {@code build-flint-mpoly.sh} where
 * libflint-dev is installed (FLINT 2.9 on Debian); without it only modalg's rows run.
 *
 * <p>Rows alternate: per case and thread count, modalg (median of the runs after warm-up, as
 * {@link ModularBenchmark#time}), then FLINT in a child process on the same thread count (best of
 * 3, one call above 5 s). A FLINT call that runs past the timeout is stopped and its time shown
 * as a lower bound ({@code >T}), the ratio as an upper bound ({@code <x}). Ratios are modalg /
 * FLINT: below 1 modalg is faster.
 */
public final class BivariateFlintBenchmark {
    /** CSV columns. */
    public static final String[] COLUMNS = {"op", "d", "bits", "threads", "modalg_ms", "modalg_min_ms", "flint_ms",
        "x_flint", "primes", "result", "check", "flint"};

    private BivariateFlintBenchmark() {
    }

    /**
     * What a run uses.
     *
     * @param resultant {d, bits} of the resultant rows
     * @param gcd {d, bits} of the gcd rows
     * @param threads thread counts, each for modalg and FLINT
     * @param repeats modalg's timed runs after the warm-up
     * @param flint the harness, or null for modalg's rows only
     * @param flintTimeoutSeconds the longest one FLINT row may run
     */
    public record Config(List<int[]> resultant, List<int[]> gcd, List<Integer> threads, int repeats, Path flint,
                         double flintTimeoutSeconds) {
    }

    /** The table and how many modalg results differ from FLINT's checksum. */
    public record Outcome(BenchTable table, int mismatches) {
    }

    /**
     * Parses "d:b,d:b": total degrees in [1, 10000], bits in [1, 4096].
     *
     * @throws IllegalArgumentException naming {@code option} on a malformed or out-of-range case
     */
    public static List<int[]> parseCases(List<String> items, String option) {
        List<int[]> out = new ArrayList<>();
        for (String s : items) {
            String[] p = s.strip().split(":");
            int d;
            int b;
            try {
                d = Integer.parseInt(p[0]);
                b = p.length == 2 ? Integer.parseInt(p[1]) : -1;
            } catch (NumberFormatException e) {
                d = -1;
                b = -1;
            }
            if (p.length != 2 || d < 1 || d > 10_000 || b < 1 || b > 4096) {
                throw new IllegalArgumentException(option + " takes D:B cases with D (total degree) in [1, 10000] and"
                        + " B (bits) in [1, 4096], got " + s);
            }
            out.add(new int[] {d, b});
        }
        return out;
    }

    /** Runs the rows; progress, FLINT's version line and each row's ratio go to log as they come. */
    public static Outcome run(Config cfg, PrintStream log) {
        BenchTable table = new BenchTable(COLUMNS);
        int mismatches = 0;
        String version = null;
        for (String op : List.of("res", "gcd")) {
            for (int[] c : op.equals("res") ? cfg.resultant() : cfg.gcd()) {
                int d = c[0];
                int bits = c[1];
                ZZBivariate[] in = op.equals("res") ? FlintBivariateInputs.resultantInput(d, bits)
                        : FlintBivariateInputs.gcdInput(d, bits);
                for (int t : cfg.threads()) {
                    Options o = Options.defaults().withThreads(t);
                    ModularResult<?>[] last = new ModularResult<?>[1];
                    long[] ns = ModularBenchmark.time(cfg.repeats(), () -> last[0] = op.equals("res")
                            ? BivariateResultant.resultant(in[0], in[1], o) : BivariateGcd.gcd(in[0], in[1], o));
                    Object value = last[0].value();
                    long mine;
                    String result;
                    if (value instanceof ZZPoly r) {
                        mine = FlintBivariateInputs.checksum(r);
                        result = "deg " + r.degree() + " / " + r.maxCoefficientBits() + " bits";
                    } else {
                        ZZBivariate h = (ZZBivariate) value;
                        if (!BivariateGcd.divideExact(h, in[2]).isConstant()) {
                            result = "degx " + h.degreeX() + " degy " + h.degreeY();
                        } else {
                            result = "degx " + h.degreeX() + " degy " + h.degreeY() + " (c times a constant)";
                        }
                        mine = FlintBivariateInputs.checksum(h);
                    }
                    double ms = ns[0] / 1e6;
                    String flintMs = "";
                    String ratio = "";
                    String check = "FLINT not run";
                    String note = "";
                    if (cfg.flint() != null) {
                        FlintMpolyPeer.Run fr = FlintMpolyPeer.run(cfg.flint(), t, op, d, bits,
                                cfg.flintTimeoutSeconds());
                        if (fr.version() != null) {
                            version = fr.version();
                        }
                        if (fr.row() != null) {
                            flintMs = fmt(fr.row().ms());
                            ratio = fmt(ms / fr.row().ms());
                            check = fr.row().checksum() == mine ? "= FLINT ck" : "DIFFERS from FLINT ck";
                            if (fr.row().checksum() != mine) {
                                mismatches++;
                            }
                            note = fr.row().runs() + " run(s)";
                        } else {
                            flintMs = ">" + fmt(cfg.flintTimeoutSeconds() * 1e3);
                            ratio = "<" + fmt(ms / (cfg.flintTimeoutSeconds() * 1e3));
                            check = "FLINT stopped";
                            note = "stopped after " + fmt(cfg.flintTimeoutSeconds()) + " s";
                        }
                    }
                    Object[] row = {op, d, bits, t, fmt(ms), fmt(ns[1] / 1e6), flintMs, ratio,
                        last[0].report().primesUsed(), result, check, note};
                    log.println(String.format(Locale.ROOT, "# %s d=%d %d-bit, %d thread(s): modalg %s ms, FLINT %s ms,"
                            + " modalg/FLINT %s (%s)", op, d, bits, t, fmt(ms), flintMs.isEmpty() ? "-" : flintMs,
                            ratio.isEmpty() ? "-" : ratio, check));
                    table.add(row);
                }
            }
        }
        if (version != null) {
            log.println("# FLINT peer: " + version);
        }
        return new Outcome(table, mismatches);
    }

    private static String fmt(double x) {
        return x >= 100 ? String.format(Locale.ROOT, "%.0f", x) : x >= 1 ? String.format(Locale.ROOT, "%.2f", x)
                : String.format(Locale.ROOT, "%.3g", x);
    }

    /**
     * Run: {@code java -cp examples/target/modalg.jar org.modalg.examples.bench.BivariateFlintBenchmark
     * res|gcd THREADS D:B ...} (a quick look at one family; {@code modalg bench modular --part bivariate}
     * is the full command).
     */
    public static void main(String[] args) {
        List<int[]> cases = parseCases(List.of(args).subList(2, args.length), "cases");
        boolean res = args[0].equals("res");
        Config cfg = new Config(res ? cases : List.of(), res ? List.of() : cases, List.of(Integer.parseInt(args[1])), 3,
                FlintMpolyPeer.locateDefault().orElse(null), 300);
        run(cfg, System.err).table().print(System.out);
    }
}
