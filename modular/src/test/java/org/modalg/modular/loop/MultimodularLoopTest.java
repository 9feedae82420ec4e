package org.modalg.modular.loop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.modular.GfPrimes;
import org.modalg.modular.ModularReport;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageOracles;

/**
 * The pieces of the {@link MultimodularLoop}, each against an independent oracle: both
 * combiners against BigInteger CRT (word-size and big moduli mixed, resets, the stability test),
 * {@link PrimeSupply#covering} against the product of its primes (fewest that exceed the
 * target), the degree rule of {@link UnluckyPrimes}, and the loop itself with a task whose
 * images are known values: whole batches per call (at most the engine's {@link ImageEngine#preferredBatch}),
 * progress for every image, cancellation before a batch, fields before word-size primes, the
 * proven and the stable rule. Random values every run, seed printed.
 */
class MultimodularLoopTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @BeforeAll
    static void printSeed() {
        System.out.println("MultimodularLoopTest seed " + SEED);
    }

    private static String where(String what) {
        return what + " (seed " + SEED + ")";
    }

    /** The value in (-M/2, M/2] congruent to v modulo M. */
    private static BigInteger symmetric(BigInteger v, BigInteger m) {
        BigInteger r = v.mod(m);
        return r.compareTo(m.shiftRight(1)) > 0 ? r.subtract(m) : r;
    }

    @Test
    void combinersLiftLikeBigIntegerCrt() {
        Random rnd = new Random(SEED);
        for (int width : new int[] {1, 3, 40}) {
            long[] primes = ImageOracles.primes(rnd, 26, 300);
            BigInteger[] values = ImageOracles.random(rnd, width, 2000);
            GfField big = GfPreset.SRGF4.field();
            for (Combiner c : new Combiner[] {new GarnerCombiner(width), new ProductTreeCombiner(width, Options.defaults().withThreads(2))}) {
                for (boolean withBig : new boolean[] {false, true}) {
                    c.reset(width);
                    BigInteger m = BigInteger.ONE;
                    long floor = 0;
                    if (withBig) {
                        BigInteger[] row = new BigInteger[width];
                        for (int i = 0; i < width; i++) {
                            row[i] = values[i].mod(big.modulus());
                        }
                        c.add(big.modulus(), row);
                        m = m.multiply(big.modulus());
                        floor += big.modulus().bitLength() - 1;
                    }
                    for (long p : primes) {
                        long[] row = new long[width];
                        for (int i = 0; i < width; i++) {
                            row[i] = values[i].mod(BigInteger.valueOf(p)).longValueExact();
                        }
                        c.add(p, row);
                        m = m.multiply(BigInteger.valueOf(p));
                        floor += 63 - Long.numberOfLeadingZeros(p);
                    }
                    assertEquals(primes.length + (withBig ? 1 : 0), c.count());
                    assertEquals(m, c.modulus(), where(c.describe()));
                    assertEquals(floor, c.floorBits());
                    BigInteger[] want = new BigInteger[width];
                    for (int i = 0; i < width; i++) {
                        want[i] = symmetric(values[i], m);
                    }
                    assertArrayEquals(want, c.symmetric(), where(c.describe() + ", width " + width + ", big " + withBig));
                    // 2000-bit values are fixed by about 80 primes: the last ones agree
                    assertTrue(c.agreesOnLast(3), where(c.describe()));
                }
                // stability: a value not yet determined changes with the next prime
                c.reset(1);
                BigInteger v = BigInteger.ONE.shiftLeft(200).add(BigInteger.valueOf(12345));
                for (int j = 0; j < 4; j++) {
                    c.add(primes[j], new long[] {v.mod(BigInteger.valueOf(primes[j])).longValueExact()});
                }
                assertFalse(c.agreesOnLast(2), where(c.describe() + ": 4 primes cannot hold a 200-bit value"));
                assertThrows(IllegalArgumentException.class, () -> c.add(primes[9], new long[2]));
            }
        }
    }

    @Test
    void coveringTakesTheFewestPrimesWhoseProductExceedsTheTarget() {
        Random rnd = new Random(SEED + 1);
        for (int t = 0; t < 20; t++) {
            BigInteger have = t % 3 == 0 ? BigInteger.ONE : new BigInteger(1 + rnd.nextInt(300), rnd).add(BigInteger.ONE);
            BigInteger target = new BigInteger(1 + rnd.nextInt(3000), rnd);
            long[] ps = PrimeSupply.covering(PrimeStream.below(1L << 23), have, target);
            BigInteger m = have;
            for (int j = 0; j < ps.length; j++) {
                if (j == ps.length - 1) {
                    assertTrue(m.compareTo(target) <= 0, where("one prime fewer must not suffice"));
                }
                m = m.multiply(BigInteger.valueOf(ps[j]));
            }
            assertTrue(m.compareTo(target) > 0, where("the product exceeds the target"));
            assertEquals(ps.length == 0, have.compareTo(target) > 0);
        }
        assertEquals(PrimeSupply.log2(BigInteger.ONE.shiftLeft(1000)), 1000.0, 1e-9);
        assertEquals(PrimeSupply.log2(BigInteger.valueOf(3)), Math.log(3) / Math.log(2), 1e-12);
    }

    @Test
    void theDegreeRuleKeepsTheLeastDegreeAndListsTheRest() {
        ModularReport.Builder report = ModularReport.builder("test");
        UnluckyPrimes rule = UnluckyPrimes.byDegree(d -> d + 1);
        Combiner c = new GarnerCombiner(0);
        long[] primes = {101, 103, 107, 109, 113, 127};
        int[] degrees = {3, 5, 2, 2, 4, 2};
        long[][] rows = new long[primes.length][];
        for (int j = 0; j < primes.length; j++) {
            rows[j] = new long[degrees[j] + 1];
        }
        ImageBatch batch = ImageBatch.words(primes, rows, degrees);
        List<Long> admitted = new ArrayList<>();
        for (int j = 0; j < primes.length; j++) {
            if (rule.admit(batch, j, c, report)) {
                c.add(primes[j], rows[j]);
                admitted.add(primes[j]);
            }
        }
        assertEquals(List.of(101L, 107L, 109L, 127L), admitted);
        assertEquals(2, rule.minDegree());
        assertEquals(3, c.count(), "the combiner restarted at degree 2");
        assertEquals(3, c.width());
        ModularReport r = report.certification(Certification.PROVEN, "").build();
        assertEquals(List.of(103L, 101L, 113L), r.unluckyPrimes().stream().map(BigInteger::longValueExact).toList());
        assertTrue(UnluckyPrimes.none().admit(batch, 1, c, report));
    }

    /** The images of known values: row j holds values mod primes[j], by BigInteger. */
    private static ImageBatch residues(BigInteger[] values, long[] primes) {
        long[][] rows = new long[primes.length][values.length];
        for (int j = 0; j < primes.length; j++) {
            for (int i = 0; i < values.length; i++) {
                rows[j][i] = values[i].mod(BigInteger.valueOf(primes[j])).longValueExact();
            }
        }
        return ImageBatch.words(primes, rows, null);
    }

    /** Images of a known vector: value mod p, counting calls and batch sizes. */
    private static final class KnownValues implements ImageTask {
        final BigInteger[] values;
        final List<Integer> batches = new ArrayList<>();
        int fieldCalls;

        KnownValues(BigInteger[] values) {
            this.values = values;
        }

        @Override
        public ImageBatch images(ImageEngine engine, long[] primes) {
            batches.add(primes.length);
            return residues(values, primes);
        }

        @Override
        public ImageBatch images(ImageEngine engine, GfField[] fields) {
            fieldCalls++;
            BigInteger[] moduli = new BigInteger[fields.length];
            BigInteger[][] rows = new BigInteger[fields.length][values.length];
            for (int j = 0; j < fields.length; j++) {
                moduli[j] = fields[j].modulus();
                for (int i = 0; i < values.length; i++) {
                    rows[j][i] = values[i].mod(moduli[j]);
                }
            }
            return ImageBatch.big(moduli, rows, null);
        }
    }

    @Test
    void theLoopImagesWholeBatchesAndStopsByItsRule() {
        Random rnd = new Random(SEED + 2);
        BigInteger[] values = ImageOracles.random(rnd, 2, 30_000);
        BigInteger twice = BigInteger.ONE.shiftLeft(30_002);
        List<Integer> progress = new ArrayList<>();
        Options options = Options.defaults().withThreads(2).withListener((phase, done, needed) -> {
            assertEquals("images", phase);
            progress.add(done);
        });
        ModularReport.Builder report = ModularReport.builder("test");
        MultimodularLoop loop = new MultimodularLoop(options, report);
        long[] plan = PrimeSupply.covering(PrimeStream.below(1L << 26), BigInteger.ONE, twice);
        KnownValues task = new KnownValues(values);
        BigInteger[] got = loop.run(task, PrimeSupply.fixed(plan, "test primes"), new ProductTreeCombiner(2, Options.defaults().withThreads(2)),
                UnluckyPrimes.none(), new ProvenBound(twice, "2 * bound"));
        assertArrayEquals(values, got, where("proven lift"));
        assertEquals(plan.length, loop.imagesComputed());
        assertEquals(plan.length, progress.size());
        assertEquals(plan.length, (int) progress.get(progress.size() - 1));
        for (int b : task.batches) {
            assertTrue(b > 1 && b <= loop.images().preferredBatch(), "batch of " + b);
        }
        assertEquals(plan.length, task.batches.stream().mapToInt(Integer::intValue).sum());
        ModularReport r = report.build();
        assertEquals(Certification.PROVEN, r.certification());
        assertEquals(plan.length, r.primesUsed());
        assertTrue(r.notes().get(0).startsWith("images: cpu (2 threads"), r.notes().toString());
        assertTrue(r.phaseNanos().containsKey("images") && r.phaseNanos().containsKey("crt"));

        // fields first, then word-size primes; one field call for all fields of the wave
        KnownValues both = new KnownValues(values);
        List<GfPreset> presets = List.of(GfPreset.SRGF64, GfPreset.SRGF128);
        BigInteger fieldProduct = GfPrimes.modulus(GfPreset.SRGF64).multiply(GfPrimes.modulus(GfPreset.SRGF128));
        long[] rest = PrimeSupply.covering(PrimeStream.below(1L << 23), fieldProduct, twice);
        PrimeSupply supply = PrimeSupply.fieldsThen(presets, PrimeSupply.fixed(rest, "words"));
        MultimodularLoop e2 = new MultimodularLoop(Options.defaults().withThreads(1), ModularReport.builder("t"));
        assertArrayEquals(values, e2.run(both, supply, new GarnerCombiner(2), UnluckyPrimes.none(),
                new ProvenBound(twice, "2 * bound")), where("fields and words"));
        assertEquals(1, both.fieldCalls);
        assertEquals(presets.size() + rest.length, e2.imagesComputed());
        assertTrue(supply.describe().startsWith("SRGF") && supply.describe().endsWith(" x words"), supply.describe());

        // cancellation before a batch
        AtomicInteger polls = new AtomicInteger();
        MultimodularLoop e3 = new MultimodularLoop(Options.defaults().withCancellation(() -> polls.incrementAndGet() > 1),
                ModularReport.builder("t"));
        assertThrows(CancelledException.class, () -> e3.run(new KnownValues(values),
                PrimeSupply.fixed(plan, "p"), new GarnerCombiner(2), UnluckyPrimes.none(), new ProvenBound(twice, "b")));
        // a plan that cannot reach the bound is an error, not a wrong value
        MultimodularLoop e4 = new MultimodularLoop(Options.defaults(), ModularReport.builder("t"));
        assertThrows(IllegalStateException.class, () -> e4.run(new KnownValues(values),
                PrimeSupply.fixed(java.util.Arrays.copyOf(plan, 10), "p"), new GarnerCombiner(2), UnluckyPrimes.none(),
                new ProvenBound(twice, "b")));
    }

    @Test
    void theStableRuleStopsEarlyOnSmallValuesAndReportsItsBound() {
        Random rnd = new Random(SEED + 3);
        BigInteger[] small = ImageOracles.random(rnd, 1, 100); // a 100-bit value under a 20,000-bit bound
        Options options = Options.defaults().withCertification(Certification.PROBABILISTIC).withSeed(SEED);
        ModularReport.Builder report = ModularReport.builder("t");
        EarlyTermination early = EarlyTermination.start(options, 20_001, 26, 20_002 / 25 + 2, "test", report);
        BigInteger twice = BigInteger.ONE.shiftLeft(20_001);
        long[] plan = PrimeSupply.covering(early.primes(), BigInteger.ONE, twice);
        MultimodularLoop loop = new MultimodularLoop(options, report);
        KnownValues task = new KnownValues(small);
        BigInteger[] got = loop.run(task, PrimeSupply.fixed(plan, "random"), new ProductTreeCombiner(1, Options.defaults().withThreads(1)),
                UnluckyPrimes.none(), new StableImages(early, 32, new ProvenBound(twice, "b"), ""));
        assertArrayEquals(small, got);
        ModularReport r = report.build();
        assertEquals(Certification.PROBABILISTIC, r.certification());
        assertTrue(r.failureProbability() > 0 && r.failureProbability() <= Options.FAILURE_TARGET);
        assertEquals(SEED, r.seed().getAsLong());
        assertEquals(32, loop.imagesComputed(), "the first wave sufficed");
    }

    @Test
    void plannedProductTreeCombinerFoldsBatchByBatch() {
        Random rnd = new Random(SEED + 40);
        int width = 1 + rnd.nextInt(50);
        long[] primes = ImageOracles.primes(rnd, 26, 120);
        BigInteger[] values = ImageOracles.random(rnd, width, 2500);
        BigInteger m = ProductTreeCombiner.product(primes, 0, primes.length);
        BigInteger[] want = new BigInteger[width];
        for (int i = 0; i < width; i++) {
            want[i] = symmetric(values[i], m);
        }
        Options two = Options.defaults().withThreads(2);
        long[] reversed = new long[primes.length];
        for (int j = 0; j < primes.length; j++) {
            reversed[j] = primes[primes.length - 1 - j];
        }
        // in the plan's order (folded), against another order (off the plan: the lift at the end)
        for (long[] plan : new long[][] {primes, reversed}) {
            ProductTreeCombiner c = new ProductTreeCombiner(width, two, plan);
            for (int from = 0; from < primes.length;) {
                int size = Math.min(primes.length - from, 1 + rnd.nextInt(30));
                for (int j = from; j < from + size; j++) {
                    long[] row = new long[width];
                    for (int i = 0; i < width; i++) {
                        row[i] = values[i].mod(BigInteger.valueOf(primes[j])).longValueExact();
                    }
                    c.add(primes[j], row);
                }
                c.batchDone();
                from += size;
            }
            assertArrayEquals(want, c.symmetric(), where(c.describe() + (plan == primes ? "" : ", off the plan")));
            assertTrue(c.agreesOnLast(3), where(c.describe()));
            c.reset(1);
            c.add(primes[0], new long[] {5});
            c.batchDone();
            assertArrayEquals(new BigInteger[] {BigInteger.valueOf(5)}, c.symmetric(), where("after a reset"));
        }
    }

    /** Known values in two stages; the engine stage of batch 2 waits until the host stage of batch 1 has begun. */
    private static class StagedKnownValues implements StagedImageTask<long[]> {
        final BigInteger[] values;
        final java.util.concurrent.CountDownLatch firstHost = new java.util.concurrent.CountDownLatch(1);
        final List<Integer> batches = new ArrayList<>();
        volatile boolean overlapped;

        StagedKnownValues(BigInteger[] values) {
            this.values = values;
        }

        @Override
        public long[] engineStage(ImageEngine engine, long[] primes) {
            batches.add(primes.length);
            if (batches.size() == 2) {
                try {
                    overlapped = firstHost.await(20, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return primes;
        }

        @Override
        public ImageBatch hostStage(long[] primes) {
            firstHost.countDown();
            return residues(values, primes);
        }
    }

    @Test
    void pipelinedRunOverlapsTheHostStageWithTheNextEngineStage() {
        Random rnd = new Random(SEED + 41);
        BigInteger[] values = ImageOracles.random(rnd, 3, 5_000);
        BigInteger twice = BigInteger.ONE.shiftLeft(5_002);
        long[] plan = PrimeSupply.covering(PrimeStream.below(1L << 26), BigInteger.ONE, twice);
        List<Integer> progress = java.util.Collections.synchronizedList(new ArrayList<>());
        Options options = Options.defaults().withThreads(2).withListener((phase, done, needed) -> progress.add(done));
        ModularReport.Builder report = ModularReport.builder("test");
        MultimodularLoop loop = new MultimodularLoop(options, report);
        int perCall = 7 + rnd.nextInt(20);
        loop.pipeline(perCall);
        StagedKnownValues task = new StagedKnownValues(values);
        BigInteger[] got = loop.run(task, PrimeSupply.fixed(plan, "test primes"),
                new ProductTreeCombiner(3, options, plan), UnluckyPrimes.none(), new ProvenBound(twice, "2 * bound"));
        assertArrayEquals(values, got, where("pipelined lift"));
        assertTrue(task.overlapped, where("the second engine stage ran while the first host stage did"));
        assertEquals((plan.length + perCall - 1) / perCall, task.batches.size(), where("batches " + task.batches));
        assertEquals(plan.length, loop.imagesComputed());
        assertEquals(plan.length, progress.size());
        assertTrue(report.build().notes().stream().anyMatch(n -> n.startsWith("pipeline: " + task.batches.size())),
                where(report.build().toString()));
        assertThrows(IllegalArgumentException.class, () -> loop.pipeline(-1));
        // a host stage that fails: its exception ends the run, after the engine stage beside it
        AtomicInteger hostStages = new AtomicInteger();
        StagedKnownValues failing = new StagedKnownValues(values) {
            @Override
            public ImageBatch hostStage(long[] primes) {
                if (hostStages.incrementAndGet() == 2) {
                    throw new IllegalStateException("host stage failure injected");
                }
                return super.hostStage(primes);
            }
        };
        MultimodularLoop again = new MultimodularLoop(Options.defaults().withThreads(2), ModularReport.builder("test"));
        again.pipeline(perCall);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> again.run(failing,
                PrimeSupply.fixed(plan, "test primes"), new ProductTreeCombiner(3, options, plan), UnluckyPrimes.none(),
                new ProvenBound(twice, "2 * bound")));
        assertTrue(e.getMessage().contains("host stage failure injected"), e.toString());
        assertTrue(failing.batches.size() < task.batches.size(), "the run stopped early: " + failing.batches);
    }
}
