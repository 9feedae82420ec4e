package org.modalg.distributed.bench;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.modalg.distributed.SparkImages;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.image.LimbVector;
import org.modalg.modular.mat.Determinant;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Local-mode scaling of the distributed operations and the model of BENCHMARKS.md (a program,
 * not a test): a determinant (plain CRT strategy) and a resultant, each on one machine (CPU
 * engine, 1 thread) and through Spark with {@code local[1]} and {@code local[2]}; per run the
 * wall time and the report's phases ({@code images}: the image calls, Spark's scheduling
 * included; {@code crt}: the product-tree reconstruction on the driver); the cost of one Spark job
 * (a call of two primes, tiny input); then the model's predictions for 10, 100 and 1000 executors.
 *
 * <p>Run: {@code java -cp ... org.modalg.distributed.bench.SparkScaling [n bits degree cbits reps]}
 * with the module's test class path and Spark's JVM options (BENCHMARKS.md gives the line).
 */
public final class SparkScaling {
    private SparkScaling() {
    }

    // the model's inputs per operation: least ms per image on one slot, least driver CRT ms, primes
    private static final Map<String, Double> PER_IMAGE = new java.util.HashMap<>();
    private static final Map<String, Double> CRT = new java.util.HashMap<>();
    private static final Map<String, Integer> PRIMES = new java.util.HashMap<>();

    /** One measured run. */
    record Run(String what, String engine, double wallMs, double imagesMs, double crtMs, int primes) {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int bits = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        int degree = args.length > 2 ? Integer.parseInt(args[2]) : 250;
        int cbits = args.length > 3 ? Integer.parseInt(args[3]) : 200;
        int reps = args.length > 4 ? Integer.parseInt(args[4]) : 3;
        Random rnd = new Random(20261126);
        BigInteger[][] a = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = new BigInteger(bits, rnd).subtract(BigInteger.ONE.shiftLeft(bits - 1));
            }
        }
        BigInteger[] fc = new BigInteger[degree + 1];
        BigInteger[] gc = new BigInteger[degree + 1];
        for (int i = 0; i <= degree; i++) {
            fc[i] = new BigInteger(cbits, rnd).subtract(BigInteger.ONE.shiftLeft(cbits - 1));
            gc[i] = new BigInteger(cbits, rnd).subtract(BigInteger.ONE.shiftLeft(cbits - 1));
        }
        ZZPoly f = ZZPoly.of(fc);
        ZZPoly g = ZZPoly.of(gc);
        Options o = Options.defaults().withThreads(1).withBackend(Backend.CPU);
        String detName = "det " + n + " x " + n + ", " + bits + "-bit (plain CRT)";
        String resName = "resultant degree " + degree + ", " + cbits + "-bit";
        Supplier<ModularResult<BigInteger>> det = () -> Determinant.det(a, o, Determinant.CrtStrategy.PLAIN);
        Supplier<ModularResult<BigInteger>> res = () -> Resultant.resultantModular(f, g, o);

        List<Run> runs = new ArrayList<>();
        BigInteger detValue = best(runs, detName, "1 machine, cpu 1 thread", reps, det, null);
        BigInteger resValue = best(runs, resName, "1 machine, cpu 1 thread", reps, res, null);
        double jobMs = 0;
        for (String master : new String[] {"local[1]", "local[2]"}) {
            JavaSparkContext sc = new JavaSparkContext(new SparkConf().setMaster(master).setAppName("SparkScaling")
                    .set("spark.ui.enabled", "false"));
            try {
                SparkImages spark = SparkImages.wrap(sc);
                check(detValue, best(runs, detName, "spark " + master, reps, det, spark));
                check(resValue, best(runs, resName, "spark " + master, reps, res, spark));
                if (master.equals("local[2]")) {
                    jobMs = jobCost(spark);
                }
            } finally {
                sc.stop();
            }
        }
        System.out.println();
        System.out.println("| operation | engine | primes | wall ms | images ms | crt ms |");
        System.out.println("|---|---|---:|---:|---:|---:|");
        for (Run r : runs) {
            System.out.printf(Locale.ROOT, "| %s | %s | %d | %.0f | %.0f | %.0f |%n", r.what, r.engine, r.primes,
                    r.wallMs, r.imagesMs, r.crtMs);
        }
        System.out.printf(Locale.ROOT, "%none Spark job (2 primes, 2 x 2 matrix), local[2]: %.1f ms (median of 30)%n",
                jobMs);
        System.out.println();
        System.out.println("model: T(E) = ceil(N / E) t + jobs(E) j + C   (driver CRT),"
                + "  T_tree(E) = ceil(N / E) t + jobs(E) j + C log2(N/E) / (E log2 N) + C log2(E) / log2(N)");
        System.out.println("| operation | E | images + jobs ms | CRT ms | T(E) ms | tree: T_tree(E) ms | CRT share of T(E) |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        for (String what : new String[] {detName, resName}) {
            // fitted to the least cost seen (the machine is shared: the minima are the least disturbed)
            int nPrimes = PRIMES.get(what);
            double t = PER_IMAGE.get(what);
            double c = CRT.get(what);
            System.out.printf(Locale.ROOT, "%s: N = %d primes, t = %.3f ms per image (1 slot), C = %.0f ms driver CRT%n",
                    what, nPrimes, t, c);
            for (int e : new int[] {1, 2, 10, 100, 1000}) {
                double images = Math.ceil((double) nPrimes / e) * t;
                int jobs = (int) Math.ceil((double) nPrimes / (512.0 * e));
                double sched = jobs * jobMs;
                double plain = images + sched + c;
                double lg = Math.log(nPrimes) / Math.log(2);
                double tree = images + sched + c * Math.max(0, Math.log((double) nPrimes / e) / Math.log(2)) / (e * lg)
                        + c * (Math.log(e) / Math.log(2)) / lg;
                System.out.printf(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.0f | %.0f | %.0f%% |%n", what, e,
                        images + sched, c, plain, tree, 100 * c / plain);
            }
        }
    }

    private static void check(BigInteger want, BigInteger got) {
        if (!want.equals(got)) {
            throw new IllegalStateException("the distributed result differs from the single-machine one");
        }
    }

    private static BigInteger best(List<Run> runs, String what, String engine, int reps,
            Supplier<ModularResult<BigInteger>> op, SparkImages spark) {
        Run best = null;
        BigInteger value = null;
        for (int r = 0; r <= reps; r++) { // the first run warms up
            long t0 = System.nanoTime();
            ModularResult<BigInteger> got = spark == null ? op.get() : ImageEngines.using(spark::engine, op);
            double wall = (System.nanoTime() - t0) / 1e6;
            value = got.value();
            ModularReport rep = got.report();
            Map<String, Long> ph = rep.phaseNanos();
            Run run = new Run(what, engine, wall, ph.getOrDefault("images", 0L) / 1e6, ph.getOrDefault("crt", 0L) / 1e6,
                    rep.primesUsed());
            System.err.printf(Locale.ROOT, "%s on %s: %.0f ms (images %.0f, crt %.0f, %d primes)%s%n", what, engine,
                    wall, run.imagesMs, run.crtMs, run.primes, r == 0 ? " warm-up" : "");
            if (r > 0 && (engine.startsWith("1 machine") || engine.endsWith("local[1]"))) {
                PER_IMAGE.merge(what, run.imagesMs / run.primes, Math::min);
            }
            if (r > 0) {
                CRT.merge(what, run.crtMs, Math::min);
                PRIMES.put(what, run.primes);
            }
            if (r > 0 && (best == null || wall < best.wallMs)) {
                best = run;
            }
        }
        runs.add(best);
        return value;
    }

    // The median time of a call of 2 primes on a 2 x 2 matrix: Spark's cost per job here.
    private static double jobCost(SparkImages spark) {
        ImageEngine e = spark.engine(Options.defaults().withThreads(1).withBackend(Backend.CPU));
        LimbVector m = LimbVector.of(new long[] {1, 2, 3, 4});
        double[] ms = new double[30];
        for (int i = -5; i < ms.length; i++) {
            long t0 = System.nanoTime();
            e.determinants(2, m, new long[] {8_388_593, 8_388_587});
            if (i >= 0) {
                ms[i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        java.util.Arrays.sort(ms);
        return ms[ms.length / 2];
    }
}
