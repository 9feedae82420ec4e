package org.modalg.examples.bench.peer;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The FLINT bivariate peer, {@code flint_mpoly_bench THREADS res|gcd D:B} (FLINT's
 * {@code fmpz_mpoly_resultant} and {@code fmpz_mpoly_gcd}; harness source
 * {@code modular/src/test/c/flint_mpoly_bench.c}, built by {@code build-flint-mpoly.sh} where
 * libflint-dev is installed), run as a child process for one row. Its inputs are those of
 * {@link FlintBivariateInputs}, its rows are read by {@link FlintPeer#parse}.
 */
public final class FlintMpolyPeer {
    /** The harness's file name. */
    public static final String BINARY = "flint_mpoly_bench";

    private FlintMpolyPeer() {
    }

    /**
     * One row's run.
     *
     * @param row the row, or null when the harness was stopped at the timeout
     * @param version the harness's first line (FLINT's version), or null when it printed none
     */
    public record Run(FlintPeer.Row row, String version) {
    }

    /**
     * The harness at this path, checked: the file must exist and be executable.
     *
     * @throws IllegalArgumentException naming --flint-mpoly, the option that gives the path
     */
    public static Path at(Path binary) {
        return PeerBinaries.executable(binary, "--flint-mpoly", BINARY);
    }

    /**
     * The harness: {@code bin/flint_mpoly_bench} beside the GPU bundle's lib/, else
     * {@code modular/target/flint_mpoly_bench} of the repository above the running classes or jar
     * or the working directory (where build-flint-mpoly.sh puts it), else none.
     */
    public static Optional<Path> locateDefault() {
        return PeerBinaries.locate(BINARY, root -> root.resolve("modular").resolve("target").resolve(BINARY));
    }

    /**
     * Runs one row of the harness ({@code op} {@code res} or {@code gcd}, total degree d, b-bit
     * coefficients) on the given number of threads as a child process, stopped after
     * timeoutSeconds (then the run has no row).
     *
     * @throws IllegalStateException if the child fails or prints no row for the case
     */
    public static Run run(Path binary, int threads, String op, int d, int bits, double timeoutSeconds) {
        PeerBinaries.Output out = PeerBinaries.run(FlintPeer.PEER,
                List.of(binary.toString(), Integer.toString(threads), op, d + ":" + bits), timeoutSeconds, null);
        List<String> lines = out.lines();
        String version = lines.isEmpty() || !lines.get(0).startsWith("# ") ? null : lines.get(0).substring(2);
        if (out.timedOut()) {
            return new Run(null, version);
        }
        String label = op.equals("res") ? FlintBivariateInputs.resultantLabel(d, bits)
                : FlintBivariateInputs.gcdLabel(d, bits);
        FlintPeer.Row row = FlintPeer.parse(lines).get(label);
        if (row == null) {
            throw new IllegalStateException(FlintPeer.PEER + " printed no row " + label + ": " + lines);
        }
        return new Run(row, version);
    }
}
