package org.modalg.modular.bivariate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateResultant.Points;
import org.modalg.modular.image.ForwardingImageEngine;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageEngines;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The pipelined {@link BivariateResultant} (engine calls batch by batch, the host's
 * interpolation and CRT folds of each batch beside the next call) against the same run without
 * the pipeline and the Sylvester determinant over Z[y] ({@link BivariateResultantTest#sylvesterOracle}),
 * on random inputs every run (seed printed; {@code -Dmodalg.test.seed} replays): both point sets,
 * 1 to 3 threads, forced batches of 1, 2, 3 and a random number of primes (an uneven last batch),
 * and the auto rule's batches; the engine calls counted; an engine failing mid-pipeline and a
 * cancellation raise, with no call after them; the {@code auto} rule and the property.
 */
class BivariateResultantPipelineTest {
    static final long SEED = BivariateResultantTest.SEED;
    static final int MULTIPLIER = BivariateResultantTest.MULTIPLIER;

    @BeforeAll
    static void printSeed() {
        System.out.println("BivariateResultantPipelineTest seed=" + SEED + " (-Dmodalg.test.seed to replay)");
    }

    @AfterEach
    void clearProperty() {
        System.clearProperty(BivariateResultant.PIPELINE_PROPERTY);
    }

    /** The CPU engine, counting its calls and the primes of each. */
    private static final class Counting extends ForwardingImageEngine {
        final List<Integer> calls = new ArrayList<>();
        final int failAt;

        Counting(Options o, int failAt) {
            super(ImageEngines.cpu(o));
            this.failAt = failAt;
        }

        @Override
        public String name() {
            return "counting cpu";
        }

        private synchronized void count(int primes) {
            calls.add(primes);
            if (calls.size() == failAt) {
                throw new IllegalStateException("engine failure injected at call " + failAt);
            }
        }

        @Override
        public long[] bivariateResultants(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
                long[] primes, int points) {
            count(primes.length);
            return inner.bivariateResultants(fRes, fRows, fCols, gRes, gRows, gCols, primes, points);
        }

        @Override
        public long[] bivariateResultantsOnCosets(long[] fRes, int fRows, int fCols, long[] gRes, int gRows,
                int gCols, long[] primes, int log2m, long[] shifts, int cosets) {
            count(primes.length);
            return inner.bivariateResultantsOnCosets(fRes, fRows, fCols, gRes, gRows, gCols, primes, log2m, shifts,
                    cosets);
        }
    }

    private static ModularResult<ZZPoly> run(Counting engine, ZZBivariate f, ZZBivariate g, Options o, Points route,
            int pipeline) {
        return ImageEngines.using(x -> engine, () -> BivariateResultant.resultant(f, g, o, route, pipeline));
    }

    private static boolean notes(ModularResult<ZZPoly> r, String text) {
        return r.report().notes().stream().anyMatch(s -> s.contains(text));
    }

    @Test
    void pipelinedAgreesWithUnpipelinedAndTheSylvesterDeterminant() {
        Random rnd = new Random(SEED + 301);
        for (int it = 0; it < 12 * MULTIPLIER; it++) {
            int bits = 20 + rnd.nextInt(it % 3 == 0 ? 300 : 60);
            ZZBivariate f = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(4), rnd.nextInt(5), bits);
            ZZBivariate g = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(4), rnd.nextInt(5), 1 + rnd.nextInt(40));
            Points route = it % 2 == 0 ? Points.ROOTS_OF_UNITY : Points.CONSECUTIVE;
            Options o = Options.defaults().withBackend(Backend.CPU).withThreads(1 + it % 3);
            String label = BivariateResultantTest.where("it=" + it + " " + route + " threads " + o.threads() + " f=" + f
                    + " g=" + g);
            ZZPoly want = BivariateResultantTest.sylvesterOracle(f, g);
            Counting plain = new Counting(o, 0);
            ModularResult<ZZPoly> off = run(plain, f, g, o, route, BivariateResultant.PIPELINE_OFF);
            assertEquals(want, off.value(), label + " off");
            assertFalse(notes(off, "pipeline"), label + " " + off.report());
            int k = plain.calls.stream().mapToInt(Integer::intValue).sum();
            for (int perCall : new int[] {1, 2, 3, 1 + rnd.nextInt(Math.max(1, k))}) {
                Counting counted = new Counting(o, 0);
                ModularResult<ZZPoly> on = run(counted, f, g, o, route, perCall);
                assertEquals(want, on.value(), label + " " + perCall + " primes per call " + on.report());
                assertEquals(k, counted.calls.stream().mapToInt(Integer::intValue).sum(), label);
                assertEquals((k + perCall - 1) / perCall, counted.calls.size(), label + " calls " + counted.calls);
                for (int c = 0; c + 1 < counted.calls.size(); c++) {
                    assertEquals(perCall, counted.calls.get(c), label + " calls " + counted.calls);
                }
                assertTrue(notes(on, "pipeline: " + counted.calls.size() + " engine calls"), label + on.report());
                assertEquals(k, on.report().primesUsed(), label);
            }
            // forced on: the rule's batches (one call at these sizes)
            ModularResult<ZZPoly> onRule = run(new Counting(o, 0), f, g, o, route, BivariateResultant.PIPELINE_ON);
            assertEquals(want, onRule.value(), label + " on");
        }
    }

    @Test
    void severalBatchesAtALargerSizeAndProgress() {
        Random rnd = new Random(SEED + 302);
        ZZBivariate f = BivariateResultantTest.random(rnd, 6, 6, 64);
        ZZBivariate g = BivariateResultantTest.random(rnd, 6, 6, 64);
        Options o = Options.defaults().withBackend(Backend.CPU).withThreads(2);
        String label = BivariateResultantTest.where("f=" + f + " g=" + g);
        for (Points route : new Points[] {Points.ROOTS_OF_UNITY, Points.CONSECUTIVE}) {
            ZZPoly want = run(new Counting(o, 0), f, g, o, route, BivariateResultant.PIPELINE_OFF).value();
            AtomicInteger last = new AtomicInteger();
            Options watched = o.withListener((phase, done, needed) -> last.accumulateAndGet(done, Math::max));
            int perCall = 2 + rnd.nextInt(5);
            Counting counted = new Counting(o, 0);
            ModularResult<ZZPoly> on = run(counted, f, g, watched, route, perCall);
            assertEquals(want, on.value(), label + " " + route + " " + perCall + " primes per call");
            assertTrue(counted.calls.size() >= 4, label + " calls " + counted.calls);
            assertEquals(on.report().primesUsed(), last.get(), label + " progress");
            assertTrue(notes(on, "ProductTreeCrt") || notes(on, "pipelined"), label + on.report());
        }
    }

    @Test
    void anEngineFailureOrACancellationMidPipelineRaises() {
        Random rnd = new Random(SEED + 303);
        ZZBivariate f = BivariateResultantTest.random(rnd, 4, 4, 120);
        ZZBivariate g = BivariateResultantTest.random(rnd, 4, 4, 120);
        Options o = Options.defaults().withBackend(Backend.CPU).withThreads(2);
        Counting failing = new Counting(o, 3);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> run(failing, f, g, o, Points.ROOTS_OF_UNITY, 1));
        assertTrue(e.getMessage().contains("injected at call 3"), e.getMessage());
        assertEquals(3, failing.calls.size());
        AtomicInteger polls = new AtomicInteger();
        Options cancel = o.withCancellation(() -> polls.incrementAndGet() > 6);
        Counting counted = new Counting(cancel, 0);
        assertThrows(CancelledException.class, () -> run(counted, f, g, cancel, Points.ROOTS_OF_UNITY, 1));
        assertTrue(counted.calls.size() < 20, "calls " + counted.calls);
    }

    @Test
    void autoRuleAndProperty() {
        long big = BivariateResultant.PIPELINE_MIN_IMAGES;
        assertEquals(0, BivariateResultant.pipelinePrimes(BivariateResultant.PIPELINE_AUTO, 15, big, 16, true));
        assertEquals(0, BivariateResultant.pipelinePrimes(BivariateResultant.PIPELINE_AUTO, 16, big / 16 - 1, 16, true));
        assertEquals(0, BivariateResultant.pipelinePrimes(BivariateResultant.PIPELINE_AUTO, 100, 1 << 14, 1, true));
        assertEquals(0, BivariateResultant.pipelinePrimes(BivariateResultant.PIPELINE_OFF, 1000, 1 << 14, 16, true));
        assertEquals(7, BivariateResultant.pipelinePrimes(7, 3, 10, 1, true));
        // on: at least 2^18 images a call, at most 16 calls
        assertEquals(8, BivariateResultant.pipelinePrimes(BivariateResultant.PIPELINE_AUTO, 16, big / 16, 2, true));
        assertEquals(32, BivariateResultant.pipelinePrimes(BivariateResultant.PIPELINE_AUTO, 150, 8192, 16, true));
        assertEquals(43, BivariateResultant.pipelinePrimes(BivariateResultant.PIPELINE_AUTO, 678, 16384, 16, true));
        assertEquals(3, BivariateResultant.pipelinePrimes(BivariateResultant.PIPELINE_ON, 3, 10, 1, true));
        // auto leaves the CPU engine unpipelined (its host stages would take the images' cores); on and a count do not
        assertEquals(0, BivariateResultant.pipelinePrimes(BivariateResultant.PIPELINE_AUTO, 678, 16384, 16, false));
        assertEquals(3, BivariateResultant.pipelinePrimes(BivariateResultant.PIPELINE_ON, 3, 10, 1, false));
        assertEquals(7, BivariateResultant.pipelinePrimes(7, 3, 10, 1, false));
        for (int k : new int[] {1, 15, 16, 17, 150, 678, 5000}) {
            for (long per : new long[] {1, 100, 8192, 1 << 20}) {
                int b = BivariateResultant.pipelineBatch(k, per);
                assertTrue(b >= 1 && b <= k, k + " " + per + " " + b);
                assertTrue((k + b - 1) / b <= BivariateResultant.PIPELINE_MAX_CALLS, k + " " + per + " " + b);
                assertTrue(b == k || (long) b * per >= BivariateResultant.PIPELINE_CALL_IMAGES, k + " " + per + " " + b);
            }
        }
        assertEquals(BivariateResultant.PIPELINE_AUTO, BivariateResultant.pipelineFromProperty());
        System.setProperty(BivariateResultant.PIPELINE_PROPERTY, " ON ");
        assertEquals(BivariateResultant.PIPELINE_ON, BivariateResultant.pipelineFromProperty());
        System.setProperty(BivariateResultant.PIPELINE_PROPERTY, "off");
        assertEquals(BivariateResultant.PIPELINE_OFF, BivariateResultant.pipelineFromProperty());
        System.setProperty(BivariateResultant.PIPELINE_PROPERTY, "5");
        assertEquals(5, BivariateResultant.pipelineFromProperty());
        for (String bad : new String[] {"0", "-3", "sometimes"}) {
            System.setProperty(BivariateResultant.PIPELINE_PROPERTY, bad);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    BivariateResultant::pipelineFromProperty);
            assertTrue(e.getMessage().contains(BivariateResultant.PIPELINE_PROPERTY), e.getMessage());
        }
        // the public entry point reads the property
        System.setProperty(BivariateResultant.PIPELINE_PROPERTY, "2");
        ZZBivariate f = ZZBivariate.parse("x^3*y^2 + 12345678901*x*y - 987654321*y^3 + 5");
        ZZBivariate g = ZZBivariate.parse("x^2*y^3 - 31415926535*x + 27182818284*y^2");
        ModularResult<ZZPoly> r = BivariateResultant.resultant(f, g, Options.defaults().withBackend(Backend.CPU)
                .withThreads(2));
        assertEquals(BivariateResultantTest.sylvesterOracle(f, g), r.value());
        assertTrue(notes(r, "engine calls of 2 primes"), r.report().toString());
    }
}
