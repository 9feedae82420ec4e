package org.modalg.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.modular.image.ClusterSession;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.mat.Determinant;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Faults in local mode with retries ({@code local[2,3]}: a task may fail twice): tasks that fail
 * on their first attempt are run again by Spark and the result is unchanged; a slice that fails
 * on every attempt fails the operation, and no image of it is combined. The context is a session's
 * found through the provider, as the command line's {@code --spark} opens it (closed, it stops the
 * context); a master Spark cannot parse is an IllegalArgumentException naming it. Random inputs
 * every run (seed printed; {@code -Dmodalg.test.seed} repeats one).
 */
class SparkFaultTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static JavaSparkContext sc;

    /** Failures thrown by the faults (local mode: the executors are this JVM). */
    static final AtomicInteger THROWN = new AtomicInteger();

    private static final Options SINGLE = Options.defaults().withThreads(2).withBackend(Backend.CPU);

    /** The session of the class, owning its context (as the command line's), found through the provider. */
    private static ClusterSession session;
    /** What connecting to a master Spark cannot parse threw (tried before the session starts). */
    private static Throwable badMaster;

    @BeforeAll
    static void start() {
        System.out.println("SparkFaultTest seed " + SEED + " (-Dmodalg.test.seed=" + SEED + " repeats it)");
        try {
            SparkImages.connect("no-such-master").close();
        } catch (RuntimeException e) {
            badMaster = e;
        }
        session = ImageEngines.cluster("spark").orElseThrow().connect("local[2,3]");
        sc = ((SparkImages) session).context();
    }

    @AfterAll
    static void stop() {
        if (session != null) {
            session.close();
            assertTrue(sc.sc().isStopped(), "close() stops the context the session started");
        }
    }

    @Test
    void anUnparsableMasterIsNamed() {
        assertTrue(badMaster instanceof IllegalArgumentException, String.valueOf(badMaster));
        assertTrue(badMaster.getMessage().startsWith("Spark could not start on master 'no-such-master'"),
                badMaster.getMessage());
    }

    @Test
    void theSessionComputesThroughTheProvider() {
        ZZPoly f = ZZPoly.of(7, -3, 0, 5, 1);
        ZZPoly g = ZZPoly.of(-2, 9, 4);
        assertEquals("spark local[2,3] (2 task slots)", session.describe());
        BigInteger res = ImageEngines.using(session::engine, () -> Resultant.resultant(f, g, SINGLE)).value();
        assertEquals(Resultant.resultant(f, g, SINGLE).value(), res);
        assertEquals(Oracles.resultant(f, g), res);
    }

    @Test
    void tasksFailingOnceAreRetriedAndTheResultIsUnchanged() {
        Random rnd = new Random(SEED);
        // slices 0 and 1 of every job fail on their first attempt
        SparkImages flaky = SparkImages.wrap(sc, (slice, attempt) -> {
            if (slice < 2 && attempt == 0) {
                THROWN.incrementAndGet();
                throw new IllegalStateException("injected failure of slice " + slice);
            }
        });
        THROWN.set(0);
        BigInteger[][] a = Oracles.matrix(rnd, 8, 120);
        BigInteger single = Determinant.det(a, SINGLE).value();
        BigInteger dist = ImageEngines.using(flaky::engine, () -> Determinant.det(a, SINGLE)).value();
        assertEquals(single, dist, "seed " + SEED);
        assertEquals(Oracles.det(a), dist, "seed " + SEED);
        assertTrue(THROWN.get() >= 2, "the faults fired: " + THROWN.get());

        THROWN.set(0);
        ZZPoly f = Oracles.poly(rnd, 12, 80);
        ZZPoly g = Oracles.poly(rnd, 9, 80);
        BigInteger res = ImageEngines.using(flaky::engine, () -> Resultant.resultantModular(f, g, SINGLE)).value();
        assertEquals(Resultant.resultantModular(f, g, SINGLE).value(), res, "seed " + SEED);
        assertEquals(Oracles.resultant(f, g), res, "seed " + SEED);
        assertTrue(THROWN.get() >= 2, "the faults fired: " + THROWN.get());
    }

    @Test
    void aSliceFailingEveryAttemptFailsTheOperation() {
        THROWN.set(0);
        SparkImages broken = SparkImages.wrap(sc, (slice, attempt) -> {
            if (slice == 1) {
                THROWN.incrementAndGet();
                throw new IllegalStateException("injected failure of slice 1, attempt " + attempt);
            }
        });
        BigInteger[][] a = Oracles.matrix(new Random(SEED + 1), 6, 100);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ImageEngines.using(broken::engine, () -> Determinant.det(a, SINGLE)));
        assertTrue(e.getMessage().contains("every attempt of a task failed"), e.getMessage());
        assertEquals(3, THROWN.get(), "local[2,3]: three attempts of the slice");
    }
}
