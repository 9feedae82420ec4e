package org.modalg.examples.bench.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FlintMpolyPeer#run} against stand-ins for {@code flint_mpoly_bench} (shell scripts): the
 * arguments it passes, the row and version line it reads back, a run stopped at the timeout, a
 * failing child and a missing row.
 */
class FlintMpolyPeerTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @TempDir
    Path dir;

    private Path script(String name, String body) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body);
        assertTrue(p.toFile().setExecutable(true));
        return p;
    }

    @Test
    void readsTheRowOfTheCaseItAsksFor() throws Exception {
        System.out.println("FlintMpolyPeerTest seed " + SEED + " (replay with -Dmodalg.test.seed=" + SEED + ")");
        Random rnd = new Random(SEED);
        for (int k = 0; k < 3; k++) {
            boolean res = rnd.nextBoolean();
            int d = 1 + rnd.nextInt(200);
            int bits = 1 + rnd.nextInt(256);
            int threads = 1 + rnd.nextInt(16);
            long ck = rnd.nextLong() & ((1L << 61) - 1);
            String op = res ? "res" : "gcd";
            String label = res ? FlintBivariateInputs.resultantLabel(d, bits) : FlintBivariateInputs.gcdLabel(d, bits);
            // exits 3 unless called as THREADS OP D:B
            Path fake = script("fake" + k, "[ \"$1 $2 $3\" = '" + threads + " " + op + " " + d + ":" + bits
                    + "' ] || exit 3\n"
                    + "echo '# FLINT 2.9.0, threads='$1\n"
                    + "echo 'other row d=1  1.0 ms  runs=3 k=1 first=1.0ms  ck=7'\n"
                    + "echo '" + label + "  12.5 ms  runs=3 k=1 first=13.0ms  ck=" + ck + "'\n");
            FlintMpolyPeer.Run r = FlintMpolyPeer.run(fake, threads, op, d, bits, 20);
            assertEquals("FLINT 2.9.0, threads=" + threads, r.version(), "seed " + SEED);
            assertEquals(label, r.row().label(), "seed " + SEED);
            assertEquals(ck, r.row().checksum(), "seed " + SEED);
            assertEquals(12.5, r.row().ms(), "seed " + SEED);
            assertEquals(3, r.row().runs(), "seed " + SEED);
        }
    }

    @Test
    void aRunPastTheTimeoutHasNoRow() throws Exception {
        Path slow = script("slow", "echo '# FLINT 2.9.0'\nexec sleep 60\n");
        long t0 = System.nanoTime();
        FlintMpolyPeer.Run r = FlintMpolyPeer.run(slow, 1, "res", 10, 16, 0.5);
        assertTrue(System.nanoTime() - t0 < 30_000_000_000L, "stopped, not waited for");
        assertNull(r.row());
        assertEquals("FLINT 2.9.0", r.version());
    }

    @Test
    void aFailureOrAMissingRowIsAnError() throws Exception {
        Path failing = script("failing", "echo 'no flint here'\nexit 1\n");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> FlintMpolyPeer.run(failing, 1, "gcd", 10, 16, 20));
        assertTrue(e.getMessage().contains("exited with 1") && e.getMessage().contains("no flint here"),
                e.getMessage());
        Path other = script("other", "echo '" + FlintBivariateInputs.resultantLabel(11, 16)
                + "  1.0 ms  runs=3 k=1 first=1.0ms  ck=5'\n");
        e = assertThrows(IllegalStateException.class, () -> FlintMpolyPeer.run(other, 1, "res", 10, 16, 20));
        assertTrue(e.getMessage().contains("printed no row " + FlintBivariateInputs.resultantLabel(10, 16)),
                e.getMessage());
    }
}
