package org.modalg.examples.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/**
 * Runs the command line in-process and captures its output: standard output (System.out, as
 * the commands write it), the command line's error writer (error lines and -v reports), and
 * optionally feeds standard input or makes standard output fail like a full disk.
 */
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
        return runWith(null, false, args);
    }

    /** Runs with these bytes on standard input. */
    static CliRunner withStdin(byte[] stdin, String... args) {
        return runWith(stdin, false, args);
    }

    /** Runs with a standard output whose every write fails (as /dev/full). */
    static CliRunner withFullStdout(String... args) {
        return runWith(null, true, args);
    }

    private static CliRunner runWith(byte[] stdin, boolean fullStdout, String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream savedOut = System.out;
        InputStream savedIn = System.in;
        StringWriter err = new StringWriter();
        int code;
        OutputStream sink = fullStdout ? new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        } : bytes;
        try (PrintStream capture = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            System.setIn(new ByteArrayInputStream(stdin == null ? new byte[0] : stdin));
            picocli.CommandLine cl = ModalgCli.commandLine();
            cl.setErr(new PrintWriter(err, true));
            code = cl.execute(args);
        } finally {
            System.setOut(savedOut);
            System.setIn(savedIn);
        }
        return new CliRunner(code, bytes.toString(StandardCharsets.UTF_8), err.toString());
    }

    /** Asserts a failure as the command line promises it: exit 2, one error line, no stack trace. */
    CliRunner assertOneError(String... expected) {
        String context = "stdout: " + out + "\nstderr: " + err;
        org.junit.jupiter.api.Assertions.assertEquals(2, exitCode, context);
        String[] lines = err.strip().split("\n");
        org.junit.jupiter.api.Assertions.assertEquals(1, lines.length, "one line: " + context);
        org.junit.jupiter.api.Assertions.assertTrue(lines[0].startsWith("error: "), context);
        org.junit.jupiter.api.Assertions.assertFalse(err.contains("\tat ") || err.contains("Exception:"),
                "no stack trace: " + context);
        for (String e : expected) {
            org.junit.jupiter.api.Assertions.assertTrue(err.contains(e), "'" + e + "' in " + context);
        }
        return this;
    }
}
