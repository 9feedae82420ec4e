package org.modalg.fft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link PhaseClock}: off it records nothing; on, sums over threads and per thread, cleared as documented. */
class PhaseClockTest {
    enum Step { FIRST, SECOND }

    @Test
    void offRecordsNothing() {
        PhaseClock<Step> c = new PhaseClock<>(Step.class, false, true);
        assertEquals(0L, c.start());
        assertEquals(0L, c.add(Step.FIRST, 123));
        assertEquals(0L, c.nanos(Step.FIRST));
        assertEquals("FIRST 0.0 ms, SECOND 0.0 ms", c.takeLine());
    }

    @Test
    void onSumsEveryThreadAndEachThreadsOwn() throws Exception {
        for (boolean cpu : new boolean[] {true, false}) {
            PhaseClock<Step> c = new PhaseClock<>(Step.class, true, cpu);
            long t = c.start();
            spin(3_000_000L);
            t = c.add(Step.FIRST, t);
            spin(1_000_000L);
            c.add(Step.SECOND, t);
            long first = c.nanos(Step.FIRST);
            assertTrue(first > 0, "cpu " + cpu + ": FIRST " + first + " ns");
            assertTrue(c.nanos(Step.SECOND) > 0, "cpu " + cpu);
            // another thread adds to the sums, not to this thread's line
            Thread other = new Thread(() -> c.add(Step.FIRST, c.start() - 5_000_000L));
            other.start();
            other.join();
            assertTrue(c.nanos(Step.FIRST) >= first + 5_000_000L, "cpu " + cpu);
            String line = c.takeLine();
            assertTrue(line.startsWith("FIRST ") && line.contains(", SECOND "), line);
            assertTrue(c.report(2).startsWith("FIRST ") && c.report(2).contains("%)"), c.report(2));
            assertEquals("FIRST 0.0 ms, SECOND 0.0 ms", c.takeLine(), "takeLine clears this thread's");
            c.reset();
            assertEquals(0L, c.nanos(Step.FIRST));
            assertThrows(IllegalArgumentException.class, () -> c.report(0));
        }
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        double x = 1;
        while (System.nanoTime() < end) {
            x = x * 1.0000001 + 1e-9;
        }
        if (x == 0) {
            throw new AssertionError();
        }
    }
}
