package org.modalg.examples.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import org.modalg.examples.cli.io.Invocation;
import org.modalg.examples.cli.io.Output;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParseResult;

/**
 * Entry point of the {@code modalg} command line.
 *
 * <p>Operands: inline text, {@code -} for standard input, or {@code file:PATH}
 * ({@link org.modalg.examples.cli.io.Input}); picocli's {@code @FILE} argument files are off, and
 * an operand that starts with {@code -} but is no option ({@code "-3*x - 1"}, {@code -12}) is an
 * operand.
 *
 * <p>Errors: every error is one line {@code error: ...} on standard error, exit code 2 (bad
 * input, unreadable or unwritable files, out of memory); an internal error (a bug) is one line
 * and exit code 1, with the stack trace only under {@code --debug} or {@code MODALG_DEBUG=1}.
 */
@Command(name = "modalg", mixinStandardHelpOptions = true, version = ModalgCli.VERSION,
        description = {"Exact computer algebra by modular methods.",
                "Operands are inline text, - (standard input) or file:PATH; see 'modalg COMMAND --help'."},
        subcommands = {DemoCommand.class, FieldCommand.class, IntegerCommands.Mul.class, IntegerCommands.Div.class,
            PolyMulCommand.class, DetCommand.class, SolveCommand.class, GcdCommand.class, ResultantCommand.class,
            BenchCommand.class, StudyCommand.class})
public final class ModalgCli implements Runnable {
    /** The version line of {@code --version}. */
    static final String VERSION = "modalg 0.1.0";
    /** Exit code of bad input, unreadable or unwritable files, out of memory. */
    static final int EXIT_BAD_INPUT = 2;
    /** Exit code of an internal error. */
    static final int EXIT_INTERNAL = 1;

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }

    /**
     * The configured command line with the model of every subcommand (also used by the tests).
     * Building it costs most of a one-shot command's start-up (docs/STARTUP.md); {@link #execute}
     * builds only the invoked subcommand's model.
     */
    public static CommandLine commandLine() {
        return configure(new CommandLine(new ModalgCli()));
    }

    /**
     * The root of the fast path: {@code modalg} with its name, version and standard help options
     * but no subcommands in its annotation, so that building it inspects no subcommand class.
     */
    @Command(name = "modalg", mixinStandardHelpOptions = true, version = VERSION)
    static final class Root implements Runnable {
        @Override
        public void run() {
            CommandLine.usage(new ModalgCli(), System.out); // not reached: only built with a subcommand
        }
    }

    /**
     * The command line that runs args exactly as {@link #commandLine()} does: when args[0] is the
     * name (or an alias) of a subcommand, a root {@code modalg} holding that subcommand alone (its
     * usage, error lines and exit codes are the same, as the subcommand's qualified name is);
     * otherwise (no arguments, {@code --help}, {@code --version}, {@code help}, an unknown name)
     * the full model, so that usage and errors stay those of every subcommand. The subcommand is
     * found from the annotations' names without building any picocli model.
     */
    static CommandLine commandLineFor(String[] args) {
        Class<?> sub = args.length == 0 ? null : subcommandClass(args[0]);
        if (sub == null) {
            return commandLine();
        }
        CommandLine cl = new CommandLine(new Root());
        cl.addSubcommand(sub);
        return configure(cl);
    }

    /** The subcommand class of ModalgCli named (or aliased) name; null if none. */
    static Class<?> subcommandClass(String name) {
        for (Class<?> c : ModalgCli.class.getAnnotation(Command.class).subcommands()) {
            Command a = c.getAnnotation(Command.class);
            if (a == null) {
                continue;
            }
            if (a.name().equals(name)) {
                return c;
            }
            for (String alias : a.aliases()) {
                if (alias.equals(name)) {
                    return c;
                }
            }
        }
        return null;
    }

    /** Settings and handlers of the command line, applied to cl and the subcommands it holds. */
    private static CommandLine configure(CommandLine cl) {
        cl.setExpandAtFiles(false); // '@a' is an operand, not picocli's argument file
        cl.setUnmatchedOptionsArePositionalParams(true); // "-3*x - 1" and -12 are operands
        // integer option values (field --prime, --r) in ASCII digits too, as every operand
        cl.registerConverter(java.math.BigInteger.class, s -> {
            try {
                return org.modalg.polynomial.text.IntegerText.parse(s);
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("not a decimal integer in ASCII digits: " + e.getMessage());
            }
        });
        CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
        cl.setExecutionStrategy(parsed -> {
            try {
                return run.execute(parsed);
            } catch (CommandLine.ExecutionException e) {
                throw e;
            } catch (CommandLine.ParameterException e) {
                throw e;
            } catch (Throwable t) { // an Error that picocli lets through: out of memory, stack overflow
                return handle(t, cl.getErr(), debug(parsed));
            }
        });
        cl.setExecutionExceptionHandler((ex, line, parsed) -> handle(ex, line.getErr(), debug(parsed)));
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            String name = c.getCommandSpec().qualifiedName();
            c.getErr().println("error: " + oneLine(ex.getMessage()) + " (see '" + name + " --help')");
            c.getErr().flush();
            return EXIT_BAD_INPUT;
        });
        return cl;
    }

    /** One error line for t on err; the exit code. */
    static int handle(Throwable t, PrintWriter err, boolean debug) {
        Throwable e = t;
        while (e instanceof CommandLine.ExecutionException && e.getCause() != null) {
            e = e.getCause();
        }
        int code;
        String msg;
        if (e instanceof OutOfMemoryError) {
            Invocation inv = Invocation.current();
            msg = inv != null ? inv.outOfMemory() : "out of memory (raise -Xmx via MODALG_JAVA_OPTS)";
            code = EXIT_BAD_INPUT;
        } else if (e instanceof IllegalArgumentException || e instanceof ArithmeticException) {
            msg = e.getMessage();
            code = EXIT_BAD_INPUT;
        } else if (e instanceof UncheckedIOException || e instanceof java.io.IOException) {
            Throwable cause = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
            msg = e.getMessage() + (cause != e ? ": " + Output.reason((Exception) cause) : "");
            code = EXIT_BAD_INPUT;
        } else {
            msg = "internal error: " + e + (debug ? "" : " (run with --debug or MODALG_DEBUG=1 for the stack trace)");
            code = EXIT_INTERNAL;
        }
        err.println("error: " + oneLine(msg));
        if (debug) {
            e.printStackTrace(err);
        }
        err.flush();
        return code;
    }

    private static String oneLine(String s) {
        return s == null ? "(no message)" : s.replace("\r", "").replace('\n', ' ').trim();
    }

    private static boolean debug(ParseResult parsed) {
        if ("1".equals(System.getenv("MODALG_DEBUG")) || Boolean.getBoolean("modalg.debug")) {
            return true;
        }
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }

    /** Held so that its level stays set (java.util.logging keeps loggers weakly). */
    private static final java.util.logging.Logger LIBRARY_LOG = java.util.logging.Logger.getLogger("org.modalg");

    public static void main(String[] args) {
        // the library's INFO lines (such as "GPU not usable, modalg runs on the CPU") would mix with
        // the error lines and reports on standard error; warnings stay, everything under MODALG_DEBUG=1
        if (!"1".equals(System.getenv("MODALG_DEBUG"))) {
            LIBRARY_LOG.setLevel(java.util.logging.Level.WARNING);
        }
        System.exit(execute(args));
    }

    /**
     * Runs the command line on args ({@link #commandLineFor}: the invoked subcommand's model
     * only) and returns the exit code; an error outside any command is still one line.
     */
    static int execute(String[] args) {
        try {
            return commandLineFor(args).execute(args);
        } catch (Throwable t) { // outside any command: still one line
            return handle(t, new PrintWriter(System.err, true), "1".equals(System.getenv("MODALG_DEBUG")));
        }
    }
}
