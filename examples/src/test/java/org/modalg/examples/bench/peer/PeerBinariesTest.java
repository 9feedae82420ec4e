package org.modalg.examples.bench.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link PeerBinaries#locate}: the repository root it passes, an executable found, and none. */
class PeerBinariesTest {

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
}
