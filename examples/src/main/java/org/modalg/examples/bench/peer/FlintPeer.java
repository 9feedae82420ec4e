package org.modalg.examples.bench.peer;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The FLINT peer, {@code flint3_bench THREADS SECTION} (FLINT 3.6 and GMP, a static binary; harness
 * source {@code ../shared/anchors/flint3_bench.c}), run as a child process in the same invocation
 * as modalg's benchmark. Each output row is {@code LABEL  MS ms  runs=R k=K first=F ms  ... ck=C}:
 * the best of 3 runs (one run above 5 s), and the checksum of the result modulo 2^61 - 1. The
 * harness takes no sizes: it runs the fixed rows of a section (det n = 100, 200, 400 at 10 and 100
 * bits; gcd degree 500, 2000 at 64 and 256 bits; resultant degree 100, 300, 1000 at 64 bits;
 * intmul 10^4 .. 10^8 bits; polyz lengths 2^10 .. 2^20 at 64 then 1000 bits; nmod lengths
 * 2^16, 2^20, 2^24), so {@link #run(String, int, double, Set)} stops it once the rows wanted
 * have been printed.
 */
public final class FlintPeer {
    private static final Pattern ROW = Pattern.compile(
            "^(.*?)\\s+([0-9]+(?:\\.[0-9]+)?) ms\\s+runs=(\\d+) k=(\\d+) first=([0-9.]+)ms\\s*(.*)$");
    private static final Pattern CK = Pattern.compile("\\bck=(\\d+)");
    // The peer's name in messages.
    static final String PEER = "FLINT peer";

    /** One row of the harness. */
    public record Row(String label, double ms, int runs, long checksum, String extra) {
    }

    private final Path binary;
    private final Map<String, String> versions = new LinkedHashMap<>();

    private FlintPeer(Path binary) {
        this.binary = binary;
    }

    /** The peer at this path; the file must exist and be executable. */
    public static FlintPeer at(Path binary) {
        return new FlintPeer(PeerBinaries.executable(binary, "--flint", "flint3_bench"));
    }

    /**
     * The default peer: {@code bin/flint3_bench} beside the GPU bundle's {@code modalg} script
     * (the jars are in the bundle's {@code lib/}), else {@code ../shared/anchors/flint3_bench}
     * relative to the repository (found above the running classes or jar, or the working
     * directory), else none.
     */
    public static Optional<Path> locateDefault() {
        return PeerBinaries.locate("flint3_bench",
                root -> root.resolveSibling("shared").resolve("anchors").resolve("flint3_bench"));
    }

    public Path binary() {
        return binary;
    }

    /** The harness's first line for each thread count run so far (FLINT and GMP versions). */
    public Map<String, String> versions() {
        return versions;
    }

    /**
     * Runs one section ({@code det}, {@code gcd}, {@code res}) on the given number of threads and
     * returns its rows by label.
     *
     * @param timeoutSeconds the child is stopped after this long (then an exception)
     * @throws IllegalStateException if the child fails, times out or prints no row
     */
    public Map<String, Row> run(String section, int threads, double timeoutSeconds) {
        return run(section, threads, timeoutSeconds, null);
    }

    /**
     * Runs one section ({@code det}, {@code gcd}, {@code res}, {@code intmul}, {@code polyz},
     * {@code nmod}) on the given number of threads until every row of {@code wanted} (labels) has
     * been printed, then stops the child (null: the whole section), and returns the rows printed
     * by label.
     *
     * @param timeoutSeconds the child is stopped after this long (then an exception)
     * @throws IllegalStateException if the child fails, times out or prints no row
     */
    public Map<String, Row> run(String section, int threads, double timeoutSeconds, java.util.Set<String> wanted) {
        PeerBinaries.Output out = PeerBinaries.run(PEER, List.of(binary.toString(), Integer.toString(threads), section),
                timeoutSeconds, wanted == null ? null : lines -> parse(lines).keySet().containsAll(wanted));
        if (out.timedOut()) {
            throw new IllegalStateException(PEER + " " + binary + " " + threads + " " + section + " ran past "
                    + timeoutSeconds + " s");
        }
        List<String> lines = out.lines();
        Map<String, Row> rows = parse(lines);
        for (String l : lines) {
            if (l.startsWith("# ")) {
                versions.put(threads + " thread(s)", l.substring(2));
                break;
            }
        }
        if (rows.isEmpty()) {
            throw new IllegalStateException(PEER + " printed no row for section " + section + ": " + lines);
        }
        return rows;
    }

    /** The rows of the harness's output (lines that are no row are ignored). */
    public static Map<String, Row> parse(List<String> lines) {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher m = ROW.matcher(line);
            if (!m.matches()) {
                continue;
            }
            Matcher ck = CK.matcher(m.group(6));
            long checksum = ck.find() ? Long.parseLong(ck.group(1)) : -1;
            String label = m.group(1).strip();
            rows.put(label, new Row(label, Double.parseDouble(m.group(2)), Integer.parseInt(m.group(3)), checksum,
                    m.group(6).strip()));
        }
        return rows;
    }
}
