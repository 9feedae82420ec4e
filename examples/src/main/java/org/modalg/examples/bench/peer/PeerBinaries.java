package org.modalg.examples.bench.peer;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where a peer's benchmark binary is found by default ({@link FlintPeer}'s {@code flint3_bench},
 * {@link FlintMpolyPeer}'s {@code flint_mpoly_bench}), in this order: {@code bin/NAME}
 * beside the GPU bundle's {@code lib/} (the directory of the running jars); the place the
 * caller names relative to the repository (the first directory with a {@code pom.xml} and an
 * {@code examples} module above the running classes or jar, then above the working directory);
 * {@code bin/NAME} under the working directory. The first executable file wins.
 */
final class PeerBinaries {
    private PeerBinaries() {
    }

    /**
     * The first executable candidate for the binary {@code name}, {@code inRepository} giving its
     * path from a repository root; empty when there is none. O(depth of the directories).
     */
    static Optional<Path> locate(String name, Function<Path, Path> inRepository) {
        List<Path> candidates = new ArrayList<>();
        List<Path> starts = new ArrayList<>();
        Path code = codeLocation();
        if (code != null) {
            Path dir = Files.isDirectory(code) ? code : code.getParent();
            if (dir != null && dir.getParent() != null) {
                candidates.add(dir.getParent().resolve("bin").resolve(name)); // bundle: lib/../bin
            }
            if (dir != null) {
                starts.add(dir);
            }
        }
        Path cwd = Path.of("").toAbsolutePath();
        starts.add(cwd);
        for (Path s : starts) {
            for (Path p = s; p != null; p = p.getParent()) {
                if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("examples"))) {
                    candidates.add(inRepository.apply(p));
                    break;
                }
            }
        }
        candidates.add(cwd.resolve("bin").resolve(name));
        for (Path c : candidates) {
            if (Files.isRegularFile(c) && Files.isExecutable(c)) {
                return Optional.of(c.normalize());
            }
        }
        return Optional.empty();
    }

    // The running classes directory or jar, or null when the runtime does not say.
    private static Path codeLocation() {
        try {
            var src = PeerBinaries.class.getProtectionDomain().getCodeSource();
            return src == null ? null : Path.of(src.getLocation().toURI()).toAbsolutePath();
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }
}
