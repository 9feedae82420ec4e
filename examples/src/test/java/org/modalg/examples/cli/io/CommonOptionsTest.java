package org.modalg.examples.cli.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;

/**
 * {@link CommonOptions#threads}: the one check of the commands' {@code --threads}, and of thread
 * options of other names ({@link CommonOptions#checkThreads}).
 */
class CommonOptionsTest {

    private static void assertRejected(int given) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CommonOptions.threads(given, 3));
        assertEquals("--threads must be in [1, " + Options.MAX_THREADS + "], got " + given, e.getMessage());
    }

    @Test
    void absentGivesTheDefaultAndTheRangeIsChecked() {
        assertEquals(3, CommonOptions.threads(null, 3));
        assertEquals(Runtime.getRuntime().availableProcessors(), CommonOptions.threads((Integer) null));
        assertEquals(List.of(Runtime.getRuntime().availableProcessors()), CommonOptions.threads((List<Integer>) null));
        assertEquals(1, CommonOptions.threads(1, 3));
        assertEquals(Options.MAX_THREADS, CommonOptions.threads(Options.MAX_THREADS, 3));
        for (int bad : new int[] {0, -1, Options.MAX_THREADS + 1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            assertRejected(bad);
        }
        assertEquals(List.of(1, 2, 16), CommonOptions.threads(Arrays.asList(1, 2, 16)));
        assertThrows(IllegalArgumentException.class, () -> CommonOptions.threads(Arrays.asList(1, 0)));
    }

    @Test
    void randomValuesAgainstTheRange() {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println("CommonOptionsTest seed " + seed + " (replay with -Dmodalg.test.seed=" + seed + ")");
        Random rnd = new Random(seed);
        for (int k = 0; k < 1000; k++) {
            int given = rnd.nextInt(3 * Options.MAX_THREADS) - Options.MAX_THREADS;
            if (given >= 1 && given <= Options.MAX_THREADS) {
                assertEquals(given, CommonOptions.threads(given, 7), "seed " + seed);
            } else {
                assertRejected(given);
            }
        }
    }

    @Test
    void aThreadOptionOfAnotherNameIsCheckedAlike() {
        assertEquals(1, CommonOptions.checkThreads("--row-threads", 1));
        assertEquals(Options.MAX_THREADS, CommonOptions.checkThreads("--row-threads", Options.MAX_THREADS));
        for (int bad : new int[] {0, -1, Options.MAX_THREADS + 1}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> CommonOptions.checkThreads("--small-threads", bad));
            assertEquals("--small-threads must be in [1, " + Options.MAX_THREADS + "], got " + bad, e.getMessage());
        }
    }
}
