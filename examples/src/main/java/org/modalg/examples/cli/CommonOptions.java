package org.modalg.examples.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every computing command takes (a picocli mixin). */
final class CommonOptions {
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
}
