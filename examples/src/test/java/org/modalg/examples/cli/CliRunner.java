package org.modalg.examples.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command line in-process and captures its output. */
final class CliRunner {
    final int exitCode;
    final String out;
    final String err;

    private CliRunner(int exitCode, String out, String err) {
        this.exitCode = exitCode;
        this.out = out;
        this.err = err;
    }

    static CliRunner run(String... args) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.PrintStream saved = System.out;
        StringWriter err = new StringWriter();
        int code;
        try (java.io.PrintStream capture = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8)) {
            System.setOut(capture);
            picocli.CommandLine cl = ModalgCli.commandLine();
            cl.setErr(new PrintWriter(err, true));
            code = cl.execute(args);
        } finally {
            System.setOut(saved);
        }
        return new CliRunner(code, bytes.toString(java.nio.charset.StandardCharsets.UTF_8), err.toString());
    }
}
