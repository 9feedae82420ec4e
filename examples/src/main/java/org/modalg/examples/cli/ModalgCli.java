package org.modalg.examples.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code modalg} command line. */
@Command(name = "modalg", mixinStandardHelpOptions = true, version = "modalg 0.1.0",
        description = "Exact computer algebra by modular methods.",
        subcommands = {})
public final class ModalgCli implements Runnable {
    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ModalgCli()).execute(args));
    }
}
