package org.modalg.examples.cli;

import java.util.concurrent.Callable;
import org.modalg.examples.cli.io.CommonOptions;
import org.modalg.examples.cli.io.Invocation;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The skeleton of the computing commands (intmul, intdiv, polymul, det, solve, gcd, resultant): the
 * options every one takes ({@link CommonOptions}, a mixin), its picocli spec, and {@link #call}
 * running {@link #compute} inside one {@link Invocation} named after the command, which reads the
 * operands, writes the result and the report, and closes the output. The one place of that
 * handling: a command declares only its own operands and options.
 */
abstract class ComputingCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common = new CommonOptions();

    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() {
        try (Invocation run = new Invocation(spec.name(), common, spec)) {
            return compute(run);
        }
    }

    /** The command's work through {@code run}; the exit code ({@link Invocation#finish}). */
    abstract int compute(Invocation run);
}
