package org.modalg.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.mat.Determinant;
import org.modalg.modular.mat.LinearSolve;
import org.modalg.modular.mat.RationalVector;
import org.modalg.modular.poly.GcdResult;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The distributed operations equal the single-machine ones in local mode ({@code local[2]}, one
 * context for the class): determinants (plain and divisor strategies), solves, resultants and gcds
 * on random inputs every run (seed printed; {@code -Dmodalg.test.seed} repeats one), each also
 * checked against a BigInteger oracle, plus edge inputs, cancellation of a running job and the
 * provider's lookup.
 */
class SparkImagesTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static JavaSparkContext sc;

    /** Made by the slow-slice fault: a slice has started. */
    static final AtomicBoolean STARTED = new AtomicBoolean();

    @BeforeAll
    static void start() {
        System.out.println("SparkImagesTest seed " + SEED + " (-Dmodalg.test.seed=" + SEED + " repeats it)");
        sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("SparkImagesTest")
                .set("spark.ui.enabled", "false"));
    }

    @AfterAll
    static void stop() {
        if (sc != null) {
            sc.stop();
        }
    }

    private static final Options SINGLE = Options.defaults().withThreads(2).withBackend(Backend.CPU).withSeed(7);

    /** Runs the operation on the cluster; the engines it used are added to engines. */
    private static <R> R onSpark(SparkImages spark, List<ImageEngine> engines, java.util.function.Supplier<R> op) {
        return ImageEngines.using(o -> {
            ImageEngine e = spark.engine(o);
            engines.add(e);
            return e;
        }, op);
    }

    private static int jobs(List<ImageEngine> engines) {
        return engines.stream().mapToInt(e -> ((SparkImageEngine) e).jobs()).sum();
    }

    @Test
    void determinantsEqualTheSingleMachineOnes() {
        Random rnd = new Random(SEED);
        SparkImages spark = SparkImages.wrap(sc);
        // n < 16: the plain CRT; n >= 16: the divisor strategy (LU factors from the executors)
        int[][] cases = {{1, 10}, {4, 200}, {9, 64}, {16, 30}, {24, 90}};
        for (int[] c : cases) {
            BigInteger[][] a = Oracles.matrix(rnd, c[0], c[1]);
            String what = c[0] + " x " + c[0] + ", " + c[1] + "-bit entries (seed " + SEED + ")";
            ModularResult<BigInteger> single = Determinant.det(a, SINGLE);
            List<ImageEngine> engines = new ArrayList<>();
            int broadcasts = spark.broadcasts();
            ModularResult<BigInteger> dist = onSpark(spark, engines, () -> Determinant.det(a, SINGLE));
            // the matrix went to the executors once (factorizations and images alike)
            assertEquals(broadcasts + 1, spark.broadcasts(), what);
            assertEquals(single.value(), dist.value(), what);
            assertEquals(Oracles.det(a), dist.value(), what);
            assertEquals(single.report().primesUsed(), dist.report().primesUsed(), what);
            assertTrue(jobs(engines) > 0, "images computed by Spark jobs: " + what);
            assertTrue(dist.report().toString().contains("spark local[2]"), dist.report().toString());
        }
        // edges: a singular matrix, a zero row, 0 x 0
        BigInteger[][] singular = Oracles.matrix(rnd, 6, 40);
        singular[5] = singular[2].clone();
        assertEquals(BigInteger.ZERO, onSpark(spark, new ArrayList<>(), () -> Determinant.det(singular, SINGLE)).value());
        BigInteger[][] zeroRow = Oracles.matrix(rnd, 3, 8);
        java.util.Arrays.fill(zeroRow[1], BigInteger.ZERO);
        assertEquals(BigInteger.ZERO, onSpark(spark, new ArrayList<>(), () -> Determinant.det(zeroRow, SINGLE)).value());
        assertEquals(BigInteger.ONE, onSpark(spark, new ArrayList<>(),
                () -> Determinant.det(new BigInteger[0][0], SINGLE)).value());
    }

    @Test
    void solvesEqualTheSingleMachineOnes() {
        Random rnd = new Random(SEED + 1);
        SparkImages spark = SparkImages.wrap(sc);
        for (int[] c : new int[][] {{1, 20}, {5, 100}, {20, 40}}) {
            int n = c[0];
            BigInteger[][] a = Oracles.matrix(rnd, n, c[1]);
            BigInteger[] b = new BigInteger[n];
            for (int i = 0; i < n; i++) {
                b[i] = Oracles.signed(rnd, c[1]);
            }
            String what = n + " x " + n + ", " + c[1] + "-bit entries (seed " + SEED + ")";
            if (Oracles.det(a).signum() == 0) {
                continue; // a random singular matrix: (almost) never
            }
            RationalVector single = LinearSolve.solve(a, b, SINGLE).value();
            List<ImageEngine> engines = new ArrayList<>();
            RationalVector dist = onSpark(spark, engines, () -> LinearSolve.solve(a, b, SINGLE)).value();
            assertEquals(single, dist, what);
            assertTrue(jobs(engines) > 0, "factorizations by Spark jobs: " + what);
            // the oracle: A x = b over Q, i.e. A num = den b over Z
            for (int i = 0; i < n; i++) {
                BigInteger s = BigInteger.ZERO;
                for (int j = 0; j < n; j++) {
                    s = s.add(a[i][j].multiply(dist.numerator(j)));
                }
                assertEquals(b[i].multiply(dist.denominator()), s, "row " + i + " of " + what);
            }
        }
        // a singular system is an ArithmeticException, as on one machine
        BigInteger[][] singular = {{BigInteger.ONE, BigInteger.TWO}, {BigInteger.TWO, BigInteger.valueOf(4)}};
        BigInteger[] b = {BigInteger.ONE, BigInteger.ONE};
        assertThrows(ArithmeticException.class,
                () -> onSpark(spark, new ArrayList<>(), () -> LinearSolve.solve(singular, b, SINGLE)));
    }

    @Test
    void resultantsAndGcdsEqualTheSingleMachineOnes() {
        Random rnd = new Random(SEED + 2);
        SparkImages spark = SparkImages.wrap(sc);
        for (int[] c : new int[][] {{0, 3, 50}, {1, 1, 8}, {7, 5, 100}, {40, 33, 60}}) {
            ZZPoly f = Oracles.poly(rnd, c[0], c[2]);
            ZZPoly g = Oracles.poly(rnd, c[1], c[2]);
            String what = "degrees " + c[0] + ", " + c[1] + ", " + c[2] + "-bit coefficients (seed " + SEED + ")";
            ModularResult<BigInteger> single = Resultant.resultant(f, g, SINGLE);
            List<ImageEngine> engines = new ArrayList<>();
            ModularResult<BigInteger> dist = onSpark(spark, engines, () -> Resultant.resultantModular(f, g, SINGLE));
            assertEquals(Resultant.resultantModular(f, g, SINGLE).value(), dist.value(), what);
            assertEquals(single.value(), dist.value(), what);
            assertEquals(Oracles.resultant(f, g), dist.value(), what);
            // a common factor: resultant 0, and the gcd found through the cluster's images
            ZZPoly h = Oracles.poly(rnd, 2, 20);
            ZZPoly fh = f.multiply(h);
            ZZPoly gh = g.multiply(h);
            assertEquals(BigInteger.ZERO, onSpark(spark, engines, () -> Resultant.resultantModular(fh, gh, SINGLE)).value(),
                    what);
            GcdResult gs = PolynomialGcd.gcd(fh, gh, SINGLE).value();
            GcdResult gd = onSpark(spark, engines, () -> PolynomialGcd.gcd(fh, gh, SINGLE)).value();
            assertEquals(gs.gcd(), gd.gcd(), what);
            assertTrue(jobs(engines) > 0, "images computed by Spark jobs: " + what);
        }
    }

    @Test
    void cancellationStopsARunningJob() {
        STARTED.set(false);
        SparkImages slow = SparkImages.wrap(sc, (slice, attempt) -> {
            STARTED.set(true);
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("slice " + slice + " interrupted");
            }
        });
        BigInteger[][] a = Oracles.matrix(new Random(SEED + 3), 5, 100);
        Options cancelled = SINGLE.withCancellation(STARTED::get);
        CancelledException e = assertThrows(CancelledException.class,
                () -> ImageEngines.using(slow::engine, () -> Determinant.det(a, cancelled)));
        assertTrue(e.getMessage().contains("while the cluster computes"), e.getMessage());
        // the context still serves the next operation, and the caller's job properties are its own again
        sc.setJobDescription("the caller's");
        assertEquals(Oracles.det(a), ImageEngines.using(SparkImages.wrap(sc)::engine,
                () -> Determinant.det(a, SINGLE)).value());
        assertEquals("the caller's", sc.getLocalProperty("spark.job.description"));
        assertEquals(null, sc.getLocalProperty("spark.job.interruptOnCancel"));
        sc.setJobDescription(null);
    }

    @Test
    void badArgumentsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SparkImages.connect(null));
        assertTrue(e.getMessage().startsWith("master must be a Spark master URL"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SparkImages.connect(" "));
        assertTrue(e.getMessage().startsWith("master must be"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SparkImages.wrap(null));
        assertTrue(e.getMessage().startsWith("sc must not be null"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SparkImages.wrap(sc).engine(null));
        assertTrue(e.getMessage().startsWith("options must not be null"), e.getMessage());
        ImageEngine engine = SparkImages.wrap(sc).engine(SINGLE);
        e = assertThrows(IllegalArgumentException.class, () -> engine.determinants(3,
                org.modalg.modular.image.LimbVector.of(new long[] {1, 2}), new long[] {101}));
        assertTrue(e.getMessage().startsWith("a must hold n^2"), e.getMessage());
        assertEquals(0, engine.determinants(1, org.modalg.modular.image.LimbVector.of(new long[] {5}),
                new long[0]).length);
    }

    @Test
    void theProviderIsFoundByName() {
        assertTrue(ImageEngines.cluster("spark").isPresent());
        assertEquals("spark", ImageEngines.cluster("spark").get().name());
        assertTrue(ImageEngines.cluster("mpi").isEmpty());
        assertTrue(SparkImages.wrap(sc).describe().startsWith("spark local[2] (2 task slots)"),
                SparkImages.wrap(sc).describe());
    }
}
