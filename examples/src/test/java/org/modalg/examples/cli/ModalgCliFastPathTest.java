package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@link ModalgCli#execute} (what {@code main} runs: the invoked subcommand's model only) against
 * {@link ModalgCli#commandLine()} (the full model): the same standard output, standard error and
 * exit code for successful commands, bad input, missing operands, unknown options, per-command
 * help, and the cases that keep the full model (no arguments, --help, --version, help, unknown
 * names). Random operands (seed printed) for intmul and polymul.
 */
class ModalgCliFastPathTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    /** Exit code, standard output and standard error of one run, both captured from System.out/err. */
    private static String[] capture(Function<String[], Integer> runner, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(o);
            System.setErr(e);
            code = runner.apply(args);
            o.flush();
            e.flush();
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        return new String[] {Integer.toString(code), out.toString(StandardCharsets.UTF_8),
            err.toString(StandardCharsets.UTF_8)};
    }

    private static void same(String... args) {
        String[] full = capture(a -> {
            CommandLine cl = ModalgCli.commandLine();
            int code = cl.execute(a);
            cl.getOut().flush();
            cl.getErr().flush();
            return code;
        }, args);
        String[] fast = capture(ModalgCli::execute, args);
        String msg = "args " + String.join(" | ", args) + " (seed " + SEED + ")";
        assertEquals(full[0], fast[0], "exit code: " + msg);
        assertEquals(full[1], fast[1], "stdout: " + msg);
        assertEquals(full[2], fast[2], "stderr: " + msg);
    }

    @Test
    void everySubcommandIsFoundWithoutTheFullModel() {
        Map<String, CommandLine> subs = ModalgCli.commandLine().getSubcommands();
        assertFalse(subs.isEmpty());
        for (Map.Entry<String, CommandLine> e : subs.entrySet()) {
            Class<?> c = ModalgCli.subcommandClass(e.getKey());
            assertNotNull(c, e.getKey());
            assertSame(e.getValue().getCommandSpec().userObject().getClass(), c, e.getKey());
            CommandLine fast = ModalgCli.commandLineFor(new String[] {e.getKey(), "--help"});
            assertEquals(1, fast.getSubcommands().size(), "only the invoked subcommand's model: " + e.getKey());
            assertTrue(fast.getSubcommands().containsKey(e.getKey()), e.getKey());
        }
        for (String name : new String[] {"help", "--help", "-h", "--version", "-V", "nosuch", "", "INTMUL", "int"}) {
            assertNull(ModalgCli.subcommandClass(name), name);
            assertEquals(subs.size(), ModalgCli.commandLineFor(new String[] {name}).getSubcommands().size(), name);
        }
        assertEquals(subs.size(), ModalgCli.commandLineFor(new String[0]).getSubcommands().size());
    }

    @Test
    void sameOutputAndExitCodeForEachSubcommandsHelp() {
        for (String name : ModalgCli.commandLine().getSubcommands().keySet()) {
            same(name, "--help");
        }
        same("bench", "fft", "--help");
        same("study", "unlucky", "--help");
    }

    @Test
    void sameOutputAndExitCodeForCommandsAndErrors() {
        Random rnd = new Random(SEED);
        List<String[]> cases = new ArrayList<>();
        cases.add(new String[] {"intmul", "2", "3"});
        cases.add(new String[] {"intmul", new java.math.BigInteger(300, rnd).negate().toString(),
            new java.math.BigInteger(200, rnd).toString()});
        cases.add(new String[] {"intdiv", "100", "7"});
        cases.add(new String[] {"intdiv", "1", "0"}); // division by zero: error line, exit 2
        cases.add(new String[] {"intmul", "2", "x"}); // bad operand
        cases.add(new String[] {"intmul", "2"}); // missing operand: parameter error naming 'modalg intmul'
        cases.add(new String[] {"intmul", "--no-such-option", "2", "3"});
        cases.add(new String[] {"polymul", "-3*x - 1", "x - 5"});
        cases.add(new String[] {"polymul", (rnd.nextInt(1000) - 500) + "*x^2 + " + rnd.nextInt(1000) + "*x - 7",
            "x^3 - " + rnd.nextInt(1000)});
        cases.add(new String[] {"polymul", "file:/nonexistent/modalg/f.txt", "x"});
        cases.add(new String[] {"gcd", "12", "18"});
        cases.add(new String[] {"gcd", "x^2 - 1", "x^2 + 2*x + 1"});
        cases.add(new String[] {"resultant", "x^2 + 1", "x - 3"});
        cases.add(new String[] {"det", "file:/nonexistent/modalg/m.txt"});
        cases.add(new String[] {"field", "--list"});
        cases.add(new String[] {"field"}); // no field given: a parameter error
        cases.add(new String[] {"bench"}); // a command with subcommands and no subcommand given
        cases.add(new String[] {"bench", "nosuch"});
        // the full model on both sides
        cases.add(new String[] {});
        cases.add(new String[] {"--help"});
        cases.add(new String[] {"--version"});
        cases.add(new String[] {"help"});
        cases.add(new String[] {"nosuch", "2", "3"});
        for (String[] args : cases) {
            same(args);
        }
    }
}
