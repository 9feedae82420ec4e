package org.modalg.examples.cli.io;

import java.nio.file.Path;
import java.util.List;
import org.modalg.fft.Options;
import picocli.CommandLine.Option;

/** The options every computing command takes (a picocli mixin). */
public final class CommonOptions {
    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the result to FILE (through a temporary file beside it, renamed into place when"
                    + " complete; the directory must exist).")
    Path out;

    @Option(names = "--threads", paramLabel = "N", description = "Threads of the computation (default: all processors).")
    Integer threads;

    @Option(names = {"-v", "--verbose"}, description = "Report what was done (inputs, threads, route, primes, times)"
            + " on standard error (inside the object with --json).")
    boolean verbose;

    @Option(names = "--json", description = "Print one JSON object: {\"command\", \"result\", ...}; integers and"
            + " polynomials as strings; with -v a \"report\" object.")
    boolean json;

    @Option(names = "--debug", description = "Print the stack trace of an internal error (also: MODALG_DEBUG=1).")
    boolean debug;

    /** Whether {@code --json} was given: one JSON object instead of the text. */
    public boolean json() {
        return json;
    }

    /**
     * The thread count of a {@code --threads} option (this mixin's, or a bench's or a study's
     * own): {@code absent} when it was not given, else the value, which must be in [1,
     * {@link Options#MAX_THREADS}]. The one check of every command's thread option. O(1).
     *
     * @throws IllegalArgumentException {@code --threads must be in [1, 32767], got N}
     */
    public static int threads(Integer given, int absent) {
        return given == null ? absent : checkThreads("--threads", given);
    }

    /**
     * The thread count {@code given} to {@code option} (a thread option of another name, such as
     * {@code --small-threads}), which must be in [1, {@link Options#MAX_THREADS}]. O(1).
     *
     * @throws IllegalArgumentException {@code OPTION must be in [1, 32767], got N}
     */
    public static int checkThreads(String option, int given) {
        if (given < 1 || given > Options.MAX_THREADS) {
            throw new IllegalArgumentException(option + " must be in [1, " + Options.MAX_THREADS + "], got " + given);
        }
        return given;
    }

    /** {@link #threads(Integer, int)} with all processors when absent. */
    public static int threads(Integer given) {
        return threads(given, Runtime.getRuntime().availableProcessors());
    }

    /** {@link #threads(Integer)} for a list of thread counts ({@code --threads 1,2,16}); all processors when absent. */
    public static List<Integer> threads(List<Integer> given) {
        if (given == null) {
            return List.of(threads((Integer) null));
        }
        return given.stream().map(CommonOptions::threads).toList();
    }
}
