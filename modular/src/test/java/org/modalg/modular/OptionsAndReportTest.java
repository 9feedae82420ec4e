package org.modalg.modular;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

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
        ModularOptions d = ModularOptions.defaults();
        assertEquals(Route.AUTO, d.route());
        assertEquals(Runtime.getRuntime().availableProcessors(), d.threads());
        assertEquals(Certification.PROVEN, d.certification());
        assertEquals(2, d.extraPrimes());
        assertSame(ProgressListener.NONE, d.listener());
        ModularOptions o = d.withRoute(Route.CRT).withThreads(3).withCertification(Certification.PROBABILISTIC)
                .withExtraPrimes(5);
        assertEquals(Route.CRT, o.route());
        assertEquals(3, o.threads());
        assertEquals(Certification.PROBABILISTIC, o.certification());
        assertEquals(5, o.extraPrimes());
        assertEquals(Route.AUTO, d.route(), "defaults unchanged");
    }

    @Test
    void optionsRejectBadArguments() {
        ModularOptions d = ModularOptions.defaults();
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
        ModularOptions o = ModularOptions.defaults().withCancellation(() -> flag[0]);
        o.checkCancelled("before prime 1");
        flag[0] = true;
        ModularCancelledException e = assertThrows(ModularCancelledException.class,
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
        assertEquals(BigInteger.TEN, new ModularResult<>(BigInteger.TEN, r).value());
    }
}
