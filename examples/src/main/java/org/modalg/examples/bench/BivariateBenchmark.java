package org.modalg.examples.bench;

import java.io.PrintStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateGcd;
import org.modalg.modular.bivariate.BivariateResultant;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * The bivariate resultant ({@link BivariateResultant}) on dense random inputs: f and g with every
 * term x^i y^j of total degree i + j &lt;= d, signed coefficients of b bits, Res_x(f, g) as a
 * polynomial in y (degree &lt;= d^2). Rows: modalg on one thread and on the threads asked for, and,
 * up to {@link #BASELINE_MAX_DEGREE}, the way {@code CurveProjection} did it before the bivariate
 * type existed (one univariate multimodular {@link Resultant} over Z per point, then Lagrange
 * interpolation over Z at consecutive integers), which must give the same polynomial; and the gcd
 * ({@link BivariateGcd}) of f c and g c for a dense c of total degree d / 2 (checked: c divides the
 * gcd, which divides both inputs; column {@code points} holds the y-degree bound + 1 per prime).
 * Times are the median of {@code repeats} runs after one warm-up run.
 *
 * <p>Run: {@code java -cp examples/target/modalg.jar org.modalg.examples.bench.BivariateBenchmark
 * [threads] [repeats] [d:b ...]}.
 */
public final class BivariateBenchmark {
    /** CSV columns. */
    public static final String[] COLUMNS = {"d", "bits", "method", "threads", "ms", "primes", "points",
        "res_degree", "res_bits", "check"};
    /** Largest total degree at which the per-point baseline runs (it grows as d^2 univariate resultants over Z). */
    public static final int BASELINE_MAX_DEGREE = 12;

    private BivariateBenchmark() {
    }

    /** A dense polynomial of total degree d: every x^i y^j with i + j &lt;= d, non-zero b-bit coefficients. */
    public static ZZBivariate dense(Random rnd, int d, int bits) {
        BigInteger[][] grid = new BigInteger[d + 1][d + 1];
        for (int i = 0; i <= d; i++) {
            for (int j = 0; j <= d; j++) {
                BigInteger v = BigInteger.ZERO;
                if (i + j <= d) {
                    v = new BigInteger(bits, rnd).setBit(bits - 1);
                    v = rnd.nextBoolean() ? v.negate() : v;
                }
                grid[i][j] = v;
            }
        }
        return ZZBivariate.ofGrid(grid);
    }

    /** Runs the cases {d, bits} and returns the table; progress to log. */
    public static BenchTable run(List<int[]> cases, int threads, int repeats, long seed, PrintStream log) {
        BenchTable table = new BenchTable(COLUMNS);
        Random rnd = new Random(seed);
        for (int[] c : cases) {
            int d = c[0];
            int bits = c[1];
            ZZBivariate f = dense(rnd, d, bits);
            ZZBivariate g = dense(rnd, d, bits);
            log.println("# d = " + d + ", " + bits + " bits");
            ZZPoly reference = null;
            for (int t : threads == 1 ? new int[] {1} : new int[] {1, threads}) {
                Options o = Options.defaults().withThreads(t);
                ModularResult<ZZPoly>[] last = new ModularResult[1];
                double ms = median(repeats, () -> last[0] = BivariateResultant.resultant(f, g, o));
                ZZPoly r = last[0].value();
                String check = reference == null ? "reference" : r.equals(reference) ? "same" : "DIFFERS";
                if (reference == null) {
                    reference = r;
                }
                table.add(d, bits, "evaluation/interpolation mod p", t, fmt(ms), last[0].report().primesUsed(),
                        BivariateResultant.degreeBound(f, g) + 1, r.degree(), r.maxCoefficientBits(), check);
            }
            if (d <= BASELINE_MAX_DEGREE) {
                ZZPoly[] out = new ZZPoly[1];
                double ms = median(Math.min(repeats, 3), () -> out[0] = perPointOverZ(f, g, threads));
                table.add(d, bits, "per point over Z (before)", threads, fmt(ms), "", BivariateResultant.degreeBound(f, g)
                        + 1, out[0].degree(), out[0].maxCoefficientBits(), out[0].equals(reference) ? "same" : "DIFFERS");
            }
            ZZBivariate c2 = dense(rnd, Math.max(1, d / 2), bits);
            ZZBivariate fc = f.multiply(c2);
            ZZBivariate gc = g.multiply(c2);
            ModularResult<ZZBivariate>[] gl = new ModularResult[1];
            double gms = median(Math.min(repeats, 3), () -> gl[0] = BivariateGcd.gcd(fc, gc, Options.defaults()
                    .withThreads(1).withSeed(seed)));
            ZZBivariate h = gl[0].value();
            boolean ok;
            try {
                BivariateGcd.divideExact(h, c2);
                BivariateGcd.divideExact(fc, h);
                BivariateGcd.divideExact(gc, h);
                ok = true;
            } catch (ArithmeticException e) {
                ok = false;
            }
            table.add(d, bits, "gcd of f c, g c (deg c = " + Math.max(1, d / 2) + ")", 1, fmt(gms),
                    gl[0].report().primesUsed(), "", h.degreeX(), h.maxCoefficientBits(), ok ? "divides" : "WRONG");
        }
        return table;
    }

    /**
     * Res_x(f, g) the way the curve example computed it before: at D + 1 consecutive integers a where
     * neither leading coefficient in x vanishes, the univariate multimodular resultant of f(x, a) and
     * g(x, a), then Lagrange interpolation over Z (denominators dividing D!).
     */
    static ZZPoly perPointOverZ(ZZBivariate f, ZZBivariate g, int threads) {
        int d = (int) BivariateResultant.degreeBound(f, g);
        ZZPoly lf = f.leadingCoefficientInX();
        ZZPoly lg = g.leadingCoefficientInX();
        long start = 0;
        outer:
        while (true) {
            for (long a = start; a <= start + d; a++) {
                BigInteger ba = BigInteger.valueOf(a);
                if (lf.evaluate(ba).signum() == 0 || lg.evaluate(ba).signum() == 0) {
                    start = a + 1;
                    continue outer;
                }
            }
            break;
        }
        Options o = Options.defaults().withThreads(threads);
        BigInteger[] values = new BigInteger[d + 1];
        for (int i = 0; i <= d; i++) {
            BigInteger a = BigInteger.valueOf(start + i);
            values[i] = Resultant.resultant(f.evaluateY(a), g.evaluateY(a), o).value();
        }
        ZZPoly w = ZZPoly.ONE;
        for (int j = 0; j <= d; j++) {
            w = w.multiply(ZZPoly.of(BigInteger.valueOf(-(start + j)), BigInteger.ONE));
        }
        ZZPoly sum = ZZPoly.ZERO;
        BigInteger binomial = BigInteger.ONE;
        BigInteger factorial = BigInteger.ONE;
        for (int i = 1; i <= d; i++) {
            factorial = factorial.multiply(BigInteger.valueOf(i));
        }
        for (int i = 0; i <= d; i++) {
            ZZPoly basis = w.divideExact(ZZPoly.of(BigInteger.valueOf(-(start + i)), BigInteger.ONE));
            BigInteger weight = values[i].multiply(binomial);
            sum = sum.add(basis.multiply((d - i) % 2 == 0 ? weight : weight.negate()));
            binomial = binomial.multiply(BigInteger.valueOf(d - i)).divide(BigInteger.valueOf(i + 1));
        }
        return sum.divideExact(factorial);
    }

    private static double median(int repeats, Runnable r) {
        r.run(); // warm-up
        double[] t = new double[Math.max(1, repeats)];
        for (int i = 0; i < t.length; i++) {
            long t0 = System.nanoTime();
            r.run();
            t[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(t);
        return t[t.length / 2];
    }

    private static String fmt(double ms) {
        return String.format(Locale.ROOT, "%.2f", ms);
    }

    public static void main(String[] args) {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : Runtime.getRuntime().availableProcessors();
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<int[]> cases = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            String[] p = args[i].split(":");
            cases.add(new int[] {Integer.parseInt(p[0]), Integer.parseInt(p[1])});
        }
        if (cases.isEmpty()) {
            cases = List.of(new int[] {10, 16}, new int[] {12, 64}, new int[] {20, 16}, new int[] {20, 64},
                    new int[] {40, 16}, new int[] {40, 64}, new int[] {60, 64});
        }
        run(cases, threads, repeats, 42, System.err).print(System.out);
    }
}
