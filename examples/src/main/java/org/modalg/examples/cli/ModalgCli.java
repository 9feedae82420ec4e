package org.modalg.examples.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code modalg} command line. */
@Command(name = "modalg", mixinStandardHelpOptions = true, version = "modalg 0.1.0",
        description = "Exact computer algebra by modular methods.",
        subcommands = {DemoCommand.class, FieldCommand.class, IntegerCommands.Mul.class, IntegerCommands.Div.class,
            PolyMulCommand.class, DetCommand.class, GcdCommand.class, ResultantCommand.class,
            BenchCommand.class, StudyCommand.class})
public final class ModalgCli implements Runnable {
    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }

    /** The configured command line (also used by the tests). */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new ModalgCli());
        // Bad input surfaces as one clear line, not a stack trace.
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            if (ex instanceof IllegalArgumentException || ex instanceof ArithmeticException) {
                line.getErr().println("error: " + ex.getMessage());
                return 2;
            }
            throw ex;
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("error: " + ex.getMessage());
            c.getErr().println("Try 'modalg " + (c.getCommandName().equals("modalg") ? "" : c.getCommandName() + " ")
                    + "--help' for the options.");
            return 2;
        });
        return cl;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
