package org.modalg.fft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.ntt.NttEngines;

/** {@link Options}, {@link Backend}, {@link Route}: defaults, copies, and each validation named. */
class OptionsTest {

    private static void assertNames(String name, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(name), "message should name " + name + ": " + e.getMessage());
    }

    @Test
    void defaults() {
        Options o = Options.defaults();
        assertEquals(Route.AUTO, o.route());
        assertEquals(Backend.AUTO, o.backend());
        assertEquals(Options.threadsFromProperty(), o.threads());
        assertSame(ProgressListener.NONE, o.listener());
        assertFalse(o.cancellation().getAsBoolean());
        assertEquals(Certification.PROVEN, o.certification());
        assertEquals(2, o.extraPrimes());
        assertTrue(o.seed().isEmpty());
        o.checkCancelled("never");
    }

    @Test
    void withMethodsCopyAndKeepTheRest() {
        BooleanSupplier stop = () -> true;
        ProgressListener l = (phase, done, needed) -> { };
        Options base = Options.defaults();
        Options o = base.withRoute(Route.BIG_PRIME).withBackend(Backend.CPU).withThreads(3).withListener(l)
                .withCancellation(stop).withCertification(Certification.PROBABILISTIC).withExtraPrimes(5)
                .withSeed(42);
        assertEquals(Route.AUTO, base.route()); // immutable
        assertEquals(Backend.AUTO, base.backend());
        assertEquals(Route.BIG_PRIME, o.route());
        assertEquals(Backend.CPU, o.backend());
        assertEquals(3, o.threads());
        assertSame(l, o.listener());
        assertSame(stop, o.cancellation());
        assertEquals(Certification.PROBABILISTIC, o.certification());
        assertEquals(5, o.extraPrimes());
        assertEquals(42, o.seed().getAsLong());
        assertEquals(42, o.seedForRun());
        assertTrue(o.toString().contains("backend=CPU") && o.toString().contains("seed=42"), o.toString());
        CancelledException e = assertThrows(CancelledException.class, () -> o.checkCancelled("here"));
        assertTrue(e.getMessage().contains("here"), e.getMessage());
    }

    @Test
    void everyValidationNamesItsParameter() {
        Options o = Options.defaults();
        assertNames("route", () -> o.withRoute(null));
        assertNames("backend", () -> o.withBackend(null));
        assertNames("listener", () -> o.withListener(null));
        assertNames("cancellation", () -> o.withCancellation(null));
        assertNames("certification", () -> o.withCertification(null));
        for (int bad : new int[] {0, -1, Options.MAX_THREADS + 1, Integer.MIN_VALUE}) {
            assertNames("threads", () -> o.withThreads(bad));
        }
        assertEquals(1, o.withThreads(1).threads());
        assertEquals(Options.MAX_THREADS, o.withThreads(Options.MAX_THREADS).threads());
        for (int bad : new int[] {0, -1, Options.MAX_EXTRA_PRIMES + 1}) {
            assertNames("extraPrimes", () -> o.withExtraPrimes(bad));
        }
        assertEquals(Options.MAX_EXTRA_PRIMES, o.withExtraPrimes(Options.MAX_EXTRA_PRIMES).extraPrimes());
    }

    @Test
    void backendAndRouteNames() {
        assertEquals(Backend.CPU, Backend.parse(" CPU "));
        assertEquals(Backend.GPU, Backend.parse("gpu"));
        assertEquals(Backend.AUTO, Backend.parse("Auto"));
        assertNames("backend", () -> Backend.parse("tpu"));
        assertNames("backend", () -> Backend.parse(null));
        assertSame(CpuNttEngine.shared(), NttEngines.forBackend(Backend.CPU));
        assertSame(NttEngines.shared(), NttEngines.forBackend(Backend.AUTO));
        assertNames("backend", () -> NttEngines.forBackend(null));
        // this module has no GPU provider: GPU is the documented IllegalStateException
        if (NttEngines.providers().isEmpty()) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> NttEngines.forBackend(Backend.GPU));
            assertTrue(e.getMessage().contains("gpu"), e.getMessage());
        }
        for (Route r : Route.values()) {
            assertEquals(r, Route.parse(r.cliName()));
        }
        assertNames("route", () -> Route.parse("fast"));
    }

    @Test
    void threadsPropertyIsReadAndABadValueIsAnIllegalArgumentException() {
        String old = System.getProperty(Options.THREADS_PROPERTY);
        try {
            System.setProperty(Options.THREADS_PROPERTY, " 3 ");
            assertEquals(3, Options.threadsFromProperty());
            assertEquals(3, Options.defaults().threads());
            for (String bad : new String[] {"0", "-2", "two", "40000", ""}) {
                System.setProperty(Options.THREADS_PROPERTY, bad);
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        Options::threadsFromProperty);
                assertEquals("the system property modalg.threads must be an integer in [1, 32767], got \"" + bad
                        + "\"", e.getMessage());
                assertThrows(IllegalArgumentException.class, Options::defaults);
            }
            System.clearProperty(Options.THREADS_PROPERTY);
            assertEquals(Math.min(Options.MAX_THREADS, Runtime.getRuntime().availableProcessors()),
                    Options.threadsFromProperty());
        } finally {
            if (old == null) {
                System.clearProperty(Options.THREADS_PROPERTY);
            } else {
                System.setProperty(Options.THREADS_PROPERTY, old);
            }
        }
    }
}
