package org.modalg.examples.bench.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PeerBinaries#locate}: the repository root it passes, an executable found, and none.
 * {@link PeerBinaries#run} against stand-in peers (shell scripts): the arguments and lines passed,
 * a run stopped early or at the timeout, a failing or missing peer.
 */
class PeerBinariesTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    private static Path script(Path dir, String name, String body) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body);
        assertTrue(p.toFile().setExecutable(true));
        return p;
    }

    @Test
    void runReturnsTheLinesOfThePeerItsArgumentsMade(@TempDir Path tmp) throws Exception {
        System.out.println("PeerBinariesTest seed " + SEED + " (replay with -Dmodalg.test.seed=" + SEED + ")");
        Random rnd = new Random(SEED);
        for (int k = 0; k < 3; k++) {
            List<String> args = new ArrayList<>();
            for (int i = rnd.nextInt(4); i > 0; i--) {
                args.add(Long.toString(rnd.nextLong() >>> 1));
            }
            // prints each argument on its own line and one to standard error; the last line without a line break
            Path peer = script(tmp, "echo" + k, "for a in \"$@\"; do echo \"$a\"; done\necho 'on stderr' >&2\n"
                    + "printf 'last'\n");
            List<String> command = new ArrayList<>(List.of(peer.toString()));
            command.addAll(args);
            PeerBinaries.Output out = PeerBinaries.run("test peer", command, 20, null);
            List<String> want = new ArrayList<>(args);
            want.add("on stderr");
            want.add("last");
            assertEquals(want, out.lines(), "seed " + SEED);
            assertFalse(out.timedOut());
        }
        Path silent = script(tmp, "silent", "exit 0\n");
        assertEquals(new PeerBinaries.Output(List.of(), false),
                PeerBinaries.run("test peer", List.of(silent.toString()), 20, null));
    }

    @Test
    void runStopsOnceTheLinesAreEnoughOrAtTheTimeout(@TempDir Path tmp) throws Exception {
        // prints two lines, then sleeps far past every timeout here
        Path slow = script(tmp, "slow", "echo one\necho two\nexec sleep 60\n");
        long t0 = System.nanoTime();
        List<List<String>> seen = new ArrayList<>();
        PeerBinaries.Output out = PeerBinaries.run("test peer", List.of(slow.toString()), 30, lines -> {
            seen.add(lines);
            return lines.contains("two");
        });
        assertTrue(System.nanoTime() - t0 < 20_000_000_000L, "stopped once enough, not at the timeout");
        assertEquals(new PeerBinaries.Output(List.of("one", "two"), false), out, "a stopped peer is no failure");
        assertTrue(seen.stream().allMatch(l -> List.of("one", "two").subList(0, l.size()).equals(l)), seen.toString());

        t0 = System.nanoTime();
        out = PeerBinaries.run("test peer", List.of(slow.toString()), 0.5, null);
        assertTrue(System.nanoTime() - t0 < 20_000_000_000L, "stopped at the timeout, not waited for");
        assertEquals(new PeerBinaries.Output(List.of("one", "two"), true), out);
        out = PeerBinaries.run("test peer", List.of(slow.toString()), 0.5, lines -> false);
        assertEquals(new PeerBinaries.Output(List.of("one", "two"), true), out, "never enough: the timeout");
    }

    @Test
    void aFailingOrMissingPeerIsAnErrorNamingIt(@TempDir Path tmp) throws Exception {
        Path failing = script(tmp, "failing", "echo 'no peer here'\necho 'really'\nexit 7\n");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> PeerBinaries.run("test peer", List.of(failing.toString()), 20, null));
        assertEquals("test peer " + failing + " exited with 7: no peer here | really", e.getMessage());
        Path absent = tmp.resolve("absent");
        UncheckedIOException u = assertThrows(UncheckedIOException.class,
                () -> PeerBinaries.run("test peer", List.of(absent.toString()), 20, null));
        assertEquals("cannot run the test peer " + absent, u.getMessage());
    }

    @Test
    void findsTheRepositoryPlaceAndNothingElse(@TempDir Path tmp) throws Exception {
        Path bin = tmp.resolve("peer_bench");
        Files.writeString(bin, "#!/bin/sh\n");
        assertTrue(bin.toFile().setExecutable(true));
        List<Path> roots = new ArrayList<>();
        Optional<Path> found = PeerBinaries.locate("no_such_peer_bench", root -> {
            roots.add(root);
            return bin;
        });
        assertEquals(Optional.of(bin.normalize()), found);
        assertTrue(!roots.isEmpty(), "a repository above the test's classes");
        for (Path r : roots) {
            assertTrue(Files.isRegularFile(r.resolve("pom.xml")) && Files.isDirectory(r.resolve("examples")), r.toString());
        }
        assertEquals(Optional.empty(), PeerBinaries.locate("no_such_peer_bench", root -> tmp.resolve("absent")));
        Path plain = tmp.resolve("not_executable");
        Files.writeString(plain, "x");
        assertTrue(plain.toFile().setExecutable(false));
        assertEquals(Optional.empty(), PeerBinaries.locate("no_such_peer_bench", root -> plain));
    }

    @Test
    void anOptionMustNameAnExecutableFile(@TempDir Path tmp) throws Exception {
        Path bin = script(tmp, "peer_bench", "exit 0\n");
        assertEquals(bin, PeerBinaries.executable(bin, "--peer", "peer_bench"));
        Path plain = tmp.resolve("plain");
        Files.writeString(plain, "x");
        assertTrue(plain.toFile().setExecutable(false));
        for (Path bad : List.of(plain, tmp, tmp.resolve("absent"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> PeerBinaries.executable(bad, "--peer", "peer_bench"));
            assertEquals("--peer must name an executable peer_bench, got " + bad
                    + (bad.endsWith("absent") ? " (no such file)" : " (not an executable file)"), e.getMessage());
        }
    }
}
