package org.modalg.examples.study;

import java.awt.Color;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.knowm.xchart.style.Styler;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@code modalg study crossover}: where each multiplication algorithm over Z[x] wins, by length
 * n (degree + 1) and coefficient size. For every (bits, n) the four algorithms of
 * {@code ZZPoly.multiply}'s dispatcher are timed on the same balanced random operands (full-size
 * coefficients of random signs): classical, Karatsuba, Kronecker substitution, and the
 * small-prime NTT with CRT. The products are compared with each other (and with the classical
 * one when it runs), and the default rule's choice is recorded beside them.
 *
 * <p>An algorithm is forced through the documented cut-off properties of {@link Tuning}
 * ({@code modalg.poly.zzKaratsuba}, {@code zzFast}, {@code zzNtt}), set for the duration of one
 * measurement and restored afterwards; Karatsuba keeps its default base case, or one level
 * above classical halves when n is below it. The big-prime FFT route is not forced (the
 * dispatcher never takes it; polynomial/README.md has its figures: 5 to 12 times slower than the
 * small-prime NTT). Once an algorithm takes longer than the budget at some n, it is not run at
 * larger n for that coefficient size (NaN, note {@code over budget}).
 */
public final class CrossoverStudy implements Study {
    /** CSV columns: us = microseconds per product (fastest batch). */
    public static final String[] COLUMNS = {"bits", "n", "algorithm", "us", "default_choice", "note"};

    /** The algorithms, in the dispatcher's order. */
    public static final List<String> ALGORITHMS = List.of("classical", "karatsuba", "kronecker", "ntt");

    private static final String[] PROPERTIES = {"modalg.poly.zzKaratsuba", "modalg.poly.zzFast", "modalg.poly.zzNtt"};

    private final int[] bits;
    private final int[] lengths;
    private final double budgetMs;
    private final double minBatchMs;
    private final long seed;

    public CrossoverStudy(int[] bits, int[] lengths, double budgetMs, double minBatchMs, long seed) {
        for (int b : bits) {
            if (b < 1 || b > 100_000) {
                throw new IllegalArgumentException("--bits must be in [1, 100000], got " + b);
            }
        }
        for (int n : lengths) {
            if (n < 2 || n > 1 << 20) {
                throw new IllegalArgumentException("--lengths must be in [2, 2^20], got " + n);
            }
        }
        if (!(budgetMs > 0)) {
            throw new IllegalArgumentException("--budget must be > 0");
        }
        this.bits = bits.clone();
        this.lengths = lengths.clone();
        this.budgetMs = budgetMs;
        this.minBatchMs = minBatchMs;
        this.seed = seed;
    }

    @Override
    public String name() {
        return "crossover";
    }

    @Override
    public String description() {
        return "polynomial multiplication over Z: classical, Karatsuba, Kronecker, small-prime NTT by length and"
                + " coefficient size (both cores for the transforms)";
    }

    @Override
    public String[] columns() {
        return COLUMNS;
    }

    @Override
    public int keyColumns() {
        return 3;
    }

    @Override
    public List<Item> items() {
        List<Item> items = new ArrayList<>();
        for (int b : bits) {
            for (int n : lengths) {
                items.add(new Item(b + " bits n=" + n, new Object[] {b, n, ALGORITHMS.get(ALGORITHMS.size() - 1)},
                        csv -> measure(csv, b, n)));
            }
        }
        return items;
    }

    /** The algorithm the default rule of {@code PolyMulZZ.mul} picks for length n and coefficient bits. */
    public static String defaultChoice(int bits, int n) {
        if (n < Tuning.zzKaratsubaThreshold(bits)) {
            return "classical";
        }
        if (n < Tuning.zzFastThreshold(bits)) {
            return "karatsuba";
        }
        return n < Tuning.zzNttThreshold(bits) ? "kronecker" : "ntt";
    }

    private void measure(StudyCsv csv, int b, int n) {
        Random rnd = new Random(seed * 1_000_003L + b * 8191L + n);
        ZZPoly f = random(rnd, n, b);
        ZZPoly g = random(rnd, n, b);
        String choice = defaultChoice(b, n);
        ZZPoly reference = null;
        String referenceAlgorithm = null;
        for (String alg : ALGORITHMS) {
            if (csv.done(b, n, alg)) {
                continue; // kept from an earlier run that was cut off inside this item
            }
            if (overBudget(csv, b, n, alg)) {
                csv.append(b, n, alg, Double.NaN, choice, "over budget");
                continue;
            }
            ZZPoly[] product = new ZZPoly[1];
            double ms = forced(alg, b, n, () -> {
                product[0] = f.multiply(g);
                return Timing.minMillis(() -> f.multiply(g), 3, minBatchMs);
            });
            if (reference == null) {
                reference = product[0];
                referenceAlgorithm = alg;
            } else if (!reference.equals(product[0])) {
                throw new IllegalStateException(alg + " and " + referenceAlgorithm + " products differ at " + b
                        + " bits, n = " + n);
            }
            csv.append(b, n, alg, ms * 1000, choice, "");
        }
    }

    private boolean overBudget(StudyCsv csv, int b, int n, String alg) {
        for (String[] r : csv.rows()) {
            if (Integer.parseInt(r[0]) == b && Integer.parseInt(r[1]) < n && r[2].equals(alg)) {
                double us = StudyCsv.number(r[3]);
                if (Double.isNaN(us) || us / 1000 > budgetMs) {
                    return true;
                }
            }
        }
        return false;
    }

    interface Measured {
        double run();
    }

    /** Runs body with the dispatcher's cut-offs set so that it takes algorithm alg; restores them. */
    static synchronized double forced(String alg, int b, int n, Measured body) {
        String[] saved = new String[PROPERTIES.length];
        for (int i = 0; i < PROPERTIES.length; i++) {
            saved[i] = System.getProperty(PROPERTIES[i]);
        }
        int karatsubaBase = Tuning.zzKaratsubaThreshold(b);
        int big = Integer.MAX_VALUE;
        try {
            switch (alg) {
                case "classical":
                    set(big, big, big);
                    break;
                case "karatsuba":
                    set(Math.max(2, Math.min(n, karatsubaBase)), big, big);
                    break;
                case "kronecker":
                    set(2, 1, big);
                    break;
                case "ntt":
                    set(2, 1, 1);
                    break;
                default:
                    throw new IllegalArgumentException("algorithm must be one of " + ALGORITHMS + ", got " + alg);
            }
            return body.run();
        } finally {
            for (int i = 0; i < PROPERTIES.length; i++) {
                if (saved[i] == null) {
                    System.clearProperty(PROPERTIES[i]);
                } else {
                    System.setProperty(PROPERTIES[i], saved[i]);
                }
            }
        }
    }

    private static void set(int karatsuba, int fast, int ntt) {
        System.setProperty(PROPERTIES[0], Integer.toString(karatsuba));
        System.setProperty(PROPERTIES[1], Integer.toString(fast));
        System.setProperty(PROPERTIES[2], Integer.toString(ntt));
    }

    static ZZPoly random(Random rnd, int n, int b) {
        BigInteger[] c = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            BigInteger v = new BigInteger(b, rnd).setBit(b - 1);
            c[i] = rnd.nextBoolean() ? v.negate() : v;
        }
        return ZZPoly.of(c);
    }

    /** For each (bits, n) with a measurement, the fastest algorithm. */
    public static Map<String, String> winners(List<String[]> rows) {
        Map<String, String> best = new LinkedHashMap<>();
        Map<String, Double> time = new HashMap<>();
        for (String[] r : rows) {
            double us = StudyCsv.number(r[3]);
            if (Double.isNaN(us)) {
                continue;
            }
            String key = r[0] + "," + r[1];
            if (!time.containsKey(key) || us < time.get(key)) {
                time.put(key, us);
                best.put(key, r[2]);
            }
        }
        return best;
    }

    @Override
    public void plot(StudyCsv csv, Path png) {
        Plot plot = Plot.of("Fastest polynomial multiplication over Z (filled: measured winner; ring: default rule differs)",
                "length n = degree + 1", "coefficient size (bits)", true, true).xPattern("0").yPattern("0")
                .legend(Styler.LegendPosition.OutsideE);
        Map<String, String> winners = winners(csv.rows());
        Map<String, String> choice = new HashMap<>();
        for (String[] r : csv.rows()) {
            choice.put(r[0] + "," + r[1], r[4]);
        }
        Color[] colors = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44), new Color(214, 39, 40)};
        for (int a = 0; a < ALGORITHMS.size(); a++) {
            String alg = ALGORITHMS.get(a);
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (Map.Entry<String, String> e : winners.entrySet()) {
                if (e.getValue().equals(alg)) {
                    String[] bn = e.getKey().split(",");
                    x.add(Double.parseDouble(bn[1]));
                    y.add(Double.parseDouble(bn[0]));
                }
            }
            plot.points(alg, x, y);
            plot.color(alg, colors[a]);
        }
        for (int a = 0; a < ALGORITHMS.size(); a++) {
            String alg = ALGORITHMS.get(a);
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (Map.Entry<String, String> e : winners.entrySet()) {
                if (!e.getValue().equals(choice.get(e.getKey())) && alg.equals(choice.get(e.getKey()))) {
                    String[] bn = e.getKey().split(",");
                    x.add(Double.parseDouble(bn[1]));
                    y.add(Double.parseDouble(bn[0]));
                }
            }
            String name = "default rule: " + alg;
            plot.points(name, x, y);
            plot.ring(name, colors[a]);
        }
        plot.save(png);
    }
}
