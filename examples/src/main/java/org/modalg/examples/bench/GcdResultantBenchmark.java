package org.modalg.examples.bench;

import edu.jas.poly.GenPolynomial;
import edu.jas.poly.GenPolynomialRing;
import edu.jas.ufd.GCDFactory;
import edu.jas.ufd.GreatestCommonDivisorAbstract;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.ModularResult;
import org.modalg.modular.poly.GcdResult;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Polynomial GCD and resultant over Z: modalg's routes against JAS 2.7.200 in the same run.
 *
 * <p>GCD inputs: f = a c and g = b c with a, b, c of degree d/2 and random signed coefficients
 * of the given bit size (so f and g have degree d and coefficients of about 2 bits + log2(d/2)
 * bits, and the gcd is c up to sign and content). Resultant inputs: f and g of degree d with
 * random signed coefficients of the given size. Every modalg result is checked: the gcd must
 * be c's primitive part times the content gcd (c is primitive with high probability; the run
 * fails loudly otherwise), routes must agree with each other, and JAS's gcd must agree.
 *
 * <p>JAS runs in a child JVM (same class path) so that a run over the time budget can be
 * stopped; its row then says {@code >budget}, and larger sizes of that operation are skipped.
 * The big-prime routes are skipped when their time at the previous size predicts more than
 * the budget (quadratic extrapolation) or when the resultant bound exceeds every preset.
 */
public final class GcdResultantBenchmark {
    /** CSV columns. */
    public static final String[] COLUMNS = {"op", "degree", "coeff_bits", "impl", "threads", "ms", "primes",
        "unlucky", "note"};

    private GcdResultantBenchmark() {
    }

    /**
     * Runs the parts named in {@code parts} ("gcd", "resultant").
     *
     * @param quick small sizes for a smoke test
     * @param repeats timed runs per cell (the median is reported; at least 1)
     * @param budgetSeconds time budget of one JAS run and of the big-prime extrapolation
     */
    public static BenchTable run(List<String> parts, boolean quick, int repeats, long seed, double budgetSeconds) {
        BenchTable table = new BenchTable(COLUMNS);
        int threads = Runtime.getRuntime().availableProcessors();
        Random rnd = new Random(seed);
        for (String part : parts) {
            if (!part.equals("gcd") && !part.equals("resultant")) {
                throw new IllegalArgumentException("part must be gcd or resultant, got " + part);
            }
        }
        if (parts.contains("gcd")) {
            int[] degrees = quick ? new int[] {40, 80} : new int[] {500, 2000};
            for (int bits : new int[] {64, 256}) {
                double lastBig = -1;
                int lastDeg = 0;
                boolean jasOver = false;
                for (int d : degrees) {
                    ZZPoly c = random(rnd, d / 2, bits);
                    ZZPoly f = random(rnd, d / 2, bits).multiply(c);
                    ZZPoly g = random(rnd, d / 2, bits).multiply(c);
                    ZZPoly expected = PolynomialGcd.gcdModular(f, g, Options.defaults().withThreads(threads),
                            PolynomialGcd.Proof.TRIAL_DIVISION).value().gcd();
                    if (expected.degree() < c.degree()) {
                        throw new IllegalStateException("gcd of degree " + expected.degree() + " < planted " + c.degree());
                    }
                    gcdRow(table, "crt", f, g, expected, bits, d, threads, repeats,
                            o -> PolynomialGcd.gcdModular(f, g, o), "cofactor-bound proof");
                    gcdRow(table, "crt", f, g, expected, bits, d, 1, repeats,
                            o -> PolynomialGcd.gcdModular(f, g, o), "cofactor-bound proof");
                    gcdRow(table, "crt-trial", f, g, expected, bits, d, threads, repeats,
                            o -> PolynomialGcd.gcdModular(f, g, o, PolynomialGcd.Proof.TRIAL_DIVISION),
                            "stable + exact division proof");
                    double predicted = lastBig < 0 ? 0 : lastBig * Math.pow((double) d / lastDeg, 2);
                    if (predicted > budgetSeconds * 1e3) {
                        table.add("gcd", d, bits, "bigprime", threads, "", "", "",
                                String.format("skipped: predicted %.0f ms from degree %d", predicted, lastDeg));
                    } else {
                        lastBig = gcdRow(table, "bigprime", f, g, expected, bits, d, threads, 1,
                                o -> PolynomialGcd.gcdBigPrime(f, g, o), "");
                        lastDeg = d;
                    }
                    if (jasOver) {
                        table.add("gcd", d, bits, "jas", 1, "", "", "", "skipped: smaller size was over budget");
                    } else {
                        String[] r = jas("gcd", f, g, budgetSeconds);
                        if (r == null) {
                            jasOver = true;
                            table.add("gcd", d, bits, "jas", 1, ">" + (long) (budgetSeconds * 1e3), "", "",
                                    "stopped at the time budget");
                        } else {
                            ZZPoly jg = ZZPoly.parseFlint(r[1]);
                            if (jg.leadingCoefficient().signum() < 0) {
                                jg = jg.negate();
                            }
                            if (!jg.equals(expected)) {
                                throw new IllegalStateException("JAS gcd differs at degree " + d + ", " + bits + " bits");
                            }
                            table.add("gcd", d, bits, "jas", 1, r[0], "", "", "GCDFactory.getImplementation");
                        }
                    }
                }
            }
        }
        if (parts.contains("resultant")) {
            int[] degrees = quick ? new int[] {20, 40} : new int[] {100, 300, 1000};
            int bits = 64;
            boolean jasOver = false;
            double lastBig = -1;
            int lastDeg = 0;
            for (int d : degrees) {
                ZZPoly f = random(rnd, d, bits);
                ZZPoly g = random(rnd, d, bits);
                int reps = d >= 1000 ? 1 : repeats;
                BigInteger expected = resRow(table, "crt", f, g, null, d, bits, threads, reps,
                        o -> Resultant.resultantModular(f, g, o));
                resRow(table, "crt", f, g, expected, d, bits, 1, reps, o -> Resultant.resultantModular(f, g, o));
                double predicted = lastBig < 0 ? 0 : lastBig * Math.pow((double) d / lastDeg, 3);
                if (predicted > budgetSeconds * 1e3) {
                    table.add("resultant", d, bits, "bigprime", threads, "", "", "",
                            String.format("skipped: predicted %.0f ms from degree %d", predicted, lastDeg));
                } else {
                    try {
                        long t0 = System.nanoTime();
                        resRow(table, "bigprime", f, g, expected, d, bits, threads, 1,
                                o -> Resultant.resultantBigPrime(f, g, o));
                        lastBig = (System.nanoTime() - t0) / 1e6;
                        lastDeg = d;
                    } catch (IllegalArgumentException e) {
                        table.add("resultant", d, bits, "bigprime", threads, "", "", "", "n/a: " + e.getMessage());
                        lastBig = Double.MAX_VALUE / 1e9;
                        lastDeg = d;
                    }
                }
                if (jasOver) {
                    table.add("resultant", d, bits, "jas", 1, "", "", "", "skipped: smaller size was over budget");
                } else {
                    String[] r = jas("resultant", f, g, budgetSeconds);
                    if (r == null) {
                        jasOver = true;
                        table.add("resultant", d, bits, "jas", 1, ">" + (long) (budgetSeconds * 1e3), "", "",
                                "stopped at the time budget");
                    } else {
                        String agree = new BigInteger(r[1]).abs().equals(expected.abs()) ? "agrees up to sign"
                                : "DIFFERS from modalg and the Sylvester determinant";
                        table.add("resultant", d, bits, "jas", 1, r[0], "", "", agree);
                    }
                }
            }
        }
        return table;
    }

    private interface GcdCall {
        ModularResult<GcdResult> run(Options o);
    }

    private interface ResCall {
        ModularResult<BigInteger> run(Options o);
    }

    private static double gcdRow(BenchTable table, String impl, ZZPoly f, ZZPoly g, ZZPoly expected, int bits, int d,
                                 int threads, int repeats, GcdCall call, String note) {
        Options o = Options.defaults().withThreads(threads);
        ModularResult<GcdResult>[] last = new ModularResult[1];
        double ms = FftBenchmark.median(repeats, () -> {
            long t0 = System.nanoTime();
            last[0] = call.run(o);
            return System.nanoTime() - t0;
        });
        if (!last[0].value().gcd().equals(expected)) {
            throw new IllegalStateException(impl + " gcd differs at degree " + d + ", " + bits + " bits");
        }
        table.add("gcd", d, bits, impl, threads, String.format("%.1f", ms), last[0].report().primesUsed(),
                last[0].report().unluckyCount(), note.isEmpty() ? last[0].report().field() : note);
        return ms;
    }

    private static BigInteger resRow(BenchTable table, String impl, ZZPoly f, ZZPoly g, BigInteger expected, int d,
                                     int bits, int threads, int repeats, ResCall call) {
        Options o = Options.defaults().withThreads(threads);
        ModularResult<BigInteger>[] last = new ModularResult[1];
        double ms = FftBenchmark.median(repeats, () -> {
            long t0 = System.nanoTime();
            last[0] = call.run(o);
            return System.nanoTime() - t0;
        });
        if (expected != null && !last[0].value().equals(expected)) {
            throw new IllegalStateException(impl + " resultant differs at degree " + d);
        }
        table.add("resultant", d, bits, impl, threads, String.format("%.1f", ms), last[0].report().primesUsed(),
                last[0].report().unluckyCount(), last[0].report().field());
        return last[0].value();
    }

    static ZZPoly random(Random rnd, int deg, int bits) {
        BigInteger[] c = new BigInteger[deg + 1];
        for (int i = 0; i <= deg; i++) {
            BigInteger v = new BigInteger(bits, rnd);
            c[i] = rnd.nextBoolean() ? v.negate() : v;
        }
        if (c[deg].signum() == 0) {
            c[deg] = BigInteger.ONE;
        }
        return ZZPoly.of(c);
    }

    // ------------------------------------------------------------------ JAS in a child JVM

    /** {ms, result} from JAS in a child JVM, or null when it ran past the budget (then killed). */
    private static String[] jas(String op, ZZPoly f, ZZPoly g, double budgetSeconds) {
        try {
            Path in = Files.createTempFile("modalg-jas", ".txt");
            Path out = Files.createTempFile("modalg-jas", ".out");
            try {
                Files.writeString(in, f.toFlintString() + "\n" + g.toFlintString() + "\n", StandardCharsets.UTF_8);
                List<String> cmd = new ArrayList<>();
                cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
                cmd.add("-cp");
                cmd.add(System.getProperty("java.class.path"));
                cmd.add(GcdResultantBenchmark.class.getName());
                cmd.add(op);
                cmd.add(in.toString());
                cmd.add(out.toString());
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                // budget for the timed call, plus JVM start and a warm-up on a small input
                if (!p.waitFor((long) (budgetSeconds * 1000) + 5000, TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly().waitFor();
                    return null;
                }
                List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
                if (p.exitValue() != 0 || lines.size() < 2) {
                    throw new IllegalStateException("JAS child failed with exit code " + p.exitValue());
                }
                return new String[] {lines.get(0), lines.get(1)};
            } finally {
                Files.deleteIfExists(in);
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run JAS: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Child JVM entry: {@code op in out}; reads f and g (FLINT form, one per line), warms JAS up
     * on a small input, times one call, writes the milliseconds and the result (FLINT form for
     * gcd, the integer for the resultant).
     */
    public static void main(String[] args) throws IOException {
        List<String> lines = Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8);
        ZZPoly f = ZZPoly.parseFlint(lines.get(0));
        ZZPoly g = ZZPoly.parseFlint(lines.get(1));
        GenPolynomialRing<edu.jas.arith.BigInteger> ring =
                new GenPolynomialRing<>(new edu.jas.arith.BigInteger(), 1, new String[] {"x"});
        GreatestCommonDivisorAbstract<edu.jas.arith.BigInteger> engine =
                GCDFactory.getImplementation(new edu.jas.arith.BigInteger());
        Random rnd = new Random(1);
        GenPolynomial<edu.jas.arith.BigInteger> wa = toJas(ring, random(rnd, 20, 64));
        GenPolynomial<edu.jas.arith.BigInteger> wb = toJas(ring, random(rnd, 20, 64));
        for (int i = 0; i < 3; i++) {
            engine.gcd(wa, wb);
            engine.resultant(wa, wb);
        }
        GenPolynomial<edu.jas.arith.BigInteger> a = toJas(ring, f);
        GenPolynomial<edu.jas.arith.BigInteger> b = toJas(ring, g);
        long t0 = System.nanoTime();
        GenPolynomial<edu.jas.arith.BigInteger> r = args[0].equals("gcd") ? engine.gcd(a, b) : engine.resultant(a, b);
        double ms = (System.nanoTime() - t0) / 1e6;
        String result;
        if (args[0].equals("gcd")) {
            int deg = (int) r.degree(0);
            BigInteger[] c = new BigInteger[deg + 1];
            for (int i = 0; i <= deg; i++) {
                c[i] = r.coefficient(edu.jas.poly.ExpVector.create(1, 0, i)).getVal();
            }
            result = ZZPoly.of(c).toFlintString();
        } else {
            result = r.isZERO() ? "0" : r.leadingBaseCoefficient().getVal().toString();
        }
        Files.writeString(Path.of(args[2]), String.format("%.1f%n%s%n", ms, result), StandardCharsets.UTF_8);
    }

    private static GenPolynomial<edu.jas.arith.BigInteger> toJas(GenPolynomialRing<edu.jas.arith.BigInteger> ring,
                                                                ZZPoly f) {
        GenPolynomial<edu.jas.arith.BigInteger> r = ring.getZERO();
        GenPolynomial<edu.jas.arith.BigInteger> x = ring.univariate(0);
        for (int i = f.degree(); i >= 0; i--) {
            r = r.multiply(x).sum(new edu.jas.arith.BigInteger(f.coefficient(i)));
        }
        return r;
    }
}
