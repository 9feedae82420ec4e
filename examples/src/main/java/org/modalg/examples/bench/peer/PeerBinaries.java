package org.modalg.examples.bench.peer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The peers' benchmark binaries: where one is found, and how one is run ({@link #run}).
 *
 * <p>Where a peer's benchmark binary is found by default ({@link FlintPeer}'s {@code flint3_bench},
 * {@link FlintMpolyPeer}'s {@code flint_mpoly_bench}), in this order: {@code bin/NAME}
 * beside the GPU bundle's {@code lib/} (the directory of the running jars); the place the
 * caller names relative to the repository (the first directory with a {@code pom.xml} and an
 * {@code examples} module above the running classes or jar, then above the working directory);
 * {@code bin/NAME} under the working directory. The first executable file wins.
 */
final class PeerBinaries {
    // How often a run with an early stop reads what the peer printed so far.
    private static final long POLL_MS = 50;

    private PeerBinaries() {
    }

    /**
     * The path {@code option} gives for the peer binary {@code name}, checked: it must be an
     * executable regular file. O(1).
     *
     * @throws IllegalArgumentException "OPTION must name an executable NAME, got PATH (no such
     *         file)", or "(not an executable file)"
     */
    static Path executable(Path binary, String option, String name) {
        if (!Files.isRegularFile(binary) || !Files.isExecutable(binary)) {
            throw new IllegalArgumentException(option + " must name an executable " + name + ", got " + binary
                    + (Files.exists(binary) ? " (not an executable file)" : " (no such file)"));
        }
        return binary;
    }

    /**
     * What a peer's run printed (standard output and error, in order), and whether it was stopped
     * at the timeout.
     *
     * @param lines the lines printed; a last line without a line break only when the peer exited
     *        by itself
     */
    record Output(List<String> lines, boolean timedOut) {
    }

    /**
     * Runs {@code command} (the peer's binary, then its arguments) as a child process, its
     * standard output and error into a temporary file, until it exits, until {@code enough}
     * accepts the complete lines printed so far (then it is stopped: the rest is not needed), or
     * until {@code timeoutSeconds} have passed (then it is stopped and the output says so). With
     * {@code enough} null the printed lines are only read once the run is over; else every 50 ms.
     *
     * @param peer the peer's name in messages ("FLINT peer")
     * @throws IllegalStateException if the child exits by itself with a status other than 0 (the
     *         message names the peer and holds its output), or the wait is interrupted
     * @throws UncheckedIOException if the child cannot be started or its output read
     */
    static Output run(String peer, List<String> command, double timeoutSeconds, Predicate<List<String>> enough) {
        Path binary = Path.of(command.get(0));
        try {
            Path out = Files.createTempFile("modalg-peer", ".txt");
            try {
                Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
                long deadline = System.nanoTime() + (long) (timeoutSeconds * 1e9);
                boolean stopped = false;
                boolean timedOut = false;
                try {
                    while (!p.waitFor(enough == null ? Math.max(1, (deadline - System.nanoTime()) / 1_000_000)
                            : POLL_MS, TimeUnit.MILLISECONDS)) {
                        if (System.nanoTime() > deadline) {
                            p.destroyForcibly().waitFor();
                            stopped = timedOut = true;
                            break;
                        }
                        if (enough != null && enough.test(lines(out, false))) {
                            p.destroy();
                            p.waitFor();
                            stopped = true;
                            break;
                        }
                    }
                } finally {
                    if (p.isAlive()) {
                        p.destroyForcibly();
                    }
                }
                // a peer stopped may have been writing a line: only the complete ones count
                List<String> lines = lines(out, !stopped);
                if (!stopped && p.exitValue() != 0) {
                    throw new IllegalStateException(peer + " " + binary + " exited with " + p.exitValue() + ": "
                            + String.join(" | ", lines));
                }
                return new Output(lines, timedOut);
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run the " + peer + " " + binary, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running the " + peer, e);
        }
    }

    // The lines of the file: those that end with a line break, and with all also a last one without.
    private static List<String> lines(Path file, boolean all) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int end = all && !text.isEmpty() && !text.endsWith("\n") ? text.length() : text.lastIndexOf('\n');
        return end < 0 ? List.of() : List.of(text.substring(0, end).split("\n", -1));
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
