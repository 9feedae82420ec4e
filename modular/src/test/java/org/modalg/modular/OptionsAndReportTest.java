package org.modalg.modular;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.ProgressListener;
import org.modalg.fft.Route;
import org.modalg.modular.mat.Determinant;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.modular.poly.Resultant;

class OptionsAndReportTest {

    @Test
    void routeParsesTheCliNamesAndRejectsOthers() {
        assertEquals(Route.CRT, Route.parse("crt"));
        assertEquals(Route.BIG_PRIME, Route.parse(" BigPrime "));
        assertEquals(Route.AUTO, Route.parse("AUTO"));
        for (Route r : Route.values()) {
            assertEquals(r, Route.parse(r.cliName()));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Route.parse("fast"));
        assertTrue(e.getMessage().contains("crt, bigprime, auto"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Route.parse(null));
    }

    @Test
    void optionsHaveDefaultsAndWithersCopy() {
        Options d = Options.defaults();
        assertEquals(Route.AUTO, d.route());
        assertEquals(org.modalg.fft.ntt.CpuNttEngine.shared().threads(), d.threads());
        assertTrue(d.seed().isEmpty());
        assertEquals(7L, d.withSeed(7).seed().getAsLong());
        assertTrue(d.withSeed(7).toString().contains("seed=7"));
        assertEquals(Certification.PROVEN, d.certification());
        assertEquals(2, d.extraPrimes());
        assertSame(ProgressListener.NONE, d.listener());
        Options o = d.withRoute(Route.CRT).withThreads(3).withCertification(Certification.PROBABILISTIC)
                .withExtraPrimes(5);
        assertEquals(Route.CRT, o.route());
        assertEquals(3, o.threads());
        assertEquals(Certification.PROBABILISTIC, o.certification());
        assertEquals(5, o.extraPrimes());
        assertEquals(Route.AUTO, d.route(), "defaults unchanged");
    }

    @Test
    void optionsRejectBadArguments() {
        Options d = Options.defaults();
        assertThrows(IllegalArgumentException.class, () -> d.withRoute(null));
        assertThrows(IllegalArgumentException.class, () -> d.withThreads(0));
        assertThrows(IllegalArgumentException.class, () -> d.withListener(null));
        assertThrows(IllegalArgumentException.class, () -> d.withCancellation(null));
        assertThrows(IllegalArgumentException.class, () -> d.withCertification(null));
        assertThrows(IllegalArgumentException.class, () -> d.withExtraPrimes(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.withThreads(-2));
        assertTrue(e.getMessage().contains("threads"), e.getMessage());
    }

    @Test
    void cancellationCheckThrows() {
        boolean[] flag = {false};
        Options o = Options.defaults().withCancellation(() -> flag[0]);
        o.checkCancelled("before prime 1");
        flag[0] = true;
        CancelledException e = assertThrows(CancelledException.class,
                () -> o.checkCancelled("before prime 2"));
        assertTrue(e.getMessage().contains("prime 2"));
    }

    @Test
    void reportKeepsPhaseOrderAndSumsRepeats() {
        ModularReport.Builder b = ModularReport.builder("det").route(Route.CRT).field("primes < 2^31")
                .primesUsed(7).unlucky(11).unlucky(BigInteger.valueOf(13))
                .certification(Certification.PROVEN, "M > 2 H");
        b.phase("bound", 5).phase("images", 100).phase("bound", 10).phase("crt", 1);
        b.note("auto chose crt");
        ModularReport r = b.build();
        assertEquals(List.of("bound", "images", "crt"), List.copyOf(r.phaseNanos().keySet()));
        assertEquals(15L, r.phaseNanos().get("bound"));
        assertEquals(116L, r.totalNanos());
        assertEquals(2, r.unluckyCount());
        assertEquals(List.of(BigInteger.valueOf(11), BigInteger.valueOf(13)), r.unluckyPrimes());
        String s = r.toString();
        for (String part : new String[] {"det", "crt", "primes < 2^31", "7", "[11, 13]", "PROVEN", "M > 2 H",
                "images", "total", "auto chose crt"}) {
            assertTrue(s.contains(part), "summary lacks " + part + ":\n" + s);
        }
        assertThrows(IllegalArgumentException.class, () -> ModularReport.builder(""));
        assertThrows(IllegalArgumentException.class, () -> new ModularResult<>(null, r));
        assertThrows(IllegalArgumentException.class, () -> ModularReport.builder("det").skipped(null));
        assertEquals(0, r.skippedCount());
        assertTrue(s.contains("skipped:       0"), s);
        assertEquals(BigInteger.TEN, new ModularResult<>(BigInteger.TEN, r).value());
    }

    @Test
    void skippedPrimesAndTheTransferPhase() {
        ModularReport.Builder b = ModularReport.builder("gcd").primesUsed(3).unlucky(7).skipped(11)
                .skipped(BigInteger.valueOf(13));
        long start = System.nanoTime() - 1_000_000; // 1 ms ago
        long now = b.phaseSince("images", start, 250_000);
        assertTrue(now - start >= 1_000_000);
        b.phaseSince("images", System.nanoTime(), 0); // a CPU batch: transfer 0, the phase still there
        b.phaseSince("factor", System.nanoTime() - 1000, Long.MAX_VALUE); // clamped to the interval
        b.phaseSince("crt", System.nanoTime(), -5); // negative: nothing moved
        ModularReport r = b.build();
        assertEquals(List.of(ModularReport.TRANSFER, "images", "factor", "crt"), List.copyOf(r.phaseNanos().keySet()));
        long transfer = r.phaseNanos().get(ModularReport.TRANSFER);
        assertTrue(transfer >= 250_000 + 1000, "the given copies and the clamped whole interval: " + transfer);
        assertTrue(r.phaseNanos().get("images") >= 750_000, r.toString());
        assertEquals(0L, r.phaseNanos().get("factor"), "all of the interval went to transfer");
        assertEquals(List.of(BigInteger.valueOf(11), BigInteger.valueOf(13)), r.skippedPrimes());
        assertEquals(2, r.skippedCount());
        assertEquals(1, r.unluckyCount());
        assertEquals(3, r.primesUsed());
        assertTrue(r.toString().contains("skipped:       2 [11, 13]"), r.toString());
    }

    @Test
    void failureProbabilityIsZeroWhenProvenAndChecked() {
        ModularReport.Builder b = ModularReport.builder("det").certification(Certification.PROBABILISTIC, "early")
                .failureProbability(0x1p-45).seed(99);
        ModularReport r = b.build();
        assertEquals(0x1p-45, r.failureProbability());
        assertEquals(99L, r.seed().getAsLong());
        assertTrue(r.toString().contains("probability <= 2^-45.0"), r.toString());
        assertEquals(0.0, b.certification(Certification.PROVEN, "bound").build().failureProbability());
        for (double bad : new double[] {-1e-9, 1.5, Double.NaN}) {
            assertThrows(IllegalArgumentException.class, () -> ModularReport.builder("x").failureProbability(bad));
        }
    }

    /** Phases are disjoint: their sum is the total, and the total fits in the wall time of the call. */
    @Test
    void phasesSumToTheTotalWithinTheWallTime() {
        java.util.Random rnd = new java.util.Random(GcdOracles.SEED + 31);
        org.modalg.polynomial.zz.ZZPoly f = GcdOracles.random(rnd, 40, 64);
        org.modalg.polynomial.zz.ZZPoly g = GcdOracles.random(rnd, 35, 64);
        org.modalg.polynomial.zz.ZZPoly c = GcdOracles.random(rnd, 10, 30);
        long[][] small = new long[6][6];
        long[][] large = new long[24][24];
        for (long[][] m : new long[][][] {small, large}) {
            for (long[] row : m) {
                for (int j = 0; j < row.length; j++) {
                    row[j] = rnd.nextInt(2001) - 1000;
                }
            }
        }
        Options crt = Options.defaults().withRoute(Route.CRT).withThreads(2);
        Options big = crt.withRoute(Route.BIG_PRIME);
        Options prob = crt.withCertification(Certification.PROBABILISTIC);
        List<java.util.function.Supplier<ModularResult<?>>> calls = List.of(
                () -> Resultant.resultant(f, g, crt),
                () -> Resultant.resultant(f, g, prob),
                () -> Resultant.resultant(f, g, big),
                () -> Resultant.resultant(f, org.modalg.polynomial.zz.ZZPoly.parse("3"), crt),
                () -> PolynomialGcd.gcd(f.multiply(c), g.multiply(c), crt),
                () -> PolynomialGcd.gcd(f.multiply(c), g.multiply(c), big),
                () -> PolynomialGcd.gcdModular(f.multiply(c), g.multiply(c), crt, PolynomialGcd.Proof.TRIAL_DIVISION),
                () -> Determinant.det(small, crt),
                () -> Determinant.det(small, prob),
                () -> Determinant.det(small, big),
                () -> Determinant.det(large, crt),
                () -> Determinant.det(large, prob));
        for (int i = 0; i < calls.size(); i++) {
            long t0 = System.nanoTime();
            ModularReport r = calls.get(i).get().report();
            long wall = System.nanoTime() - t0;
            long sum = 0;
            for (long v : r.phaseNanos().values()) {
                assertTrue(v >= 0, "call " + i + ": " + r);
                sum += v;
            }
            assertEquals(sum, r.totalNanos(), "call " + i);
            assertTrue(r.totalNanos() <= wall, "call " + i + ": total " + r.totalNanos() + " ns > wall " + wall
                    + " ns\n" + r);
            assertTrue(r.totalNanos() > 0, "call " + i + ": " + r);
        }
    }

    /** The thread count of defaults() follows -Dmodalg.threads (read as the products read it), in a fresh JVM. */
    @Test
    void defaultThreadsFollowTheSystemProperty() throws Exception {
        assertEquals("threads=3", probe("-Dmodalg.threads=3"));
        assertEquals("threads=1", probe("-Dmodalg.threads=1"));
        assertEquals("threads=" + Runtime.getRuntime().availableProcessors(), probe(null));
        for (String bad : new String[] {"0", "-2", "two", "40000"}) {
            String out = probe("-Dmodalg.threads=" + bad);
            assertTrue(out.startsWith("IllegalArgumentException: the system property modalg.threads must be an integer"
                    + " in [1, 32767], got \"" + bad + "\""), out);
        }
    }

    private static String probe(String property) throws Exception {
        String javaBin = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new java.util.ArrayList<>(List.of(javaBin, "-cp", cp));
        if (property != null) {
            cmd.add(property);
        }
        cmd.add(ThreadsProbe.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor(), out);
        return out;
    }
}
