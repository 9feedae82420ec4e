package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.modalg.examples.cli.io.MiniJson;

/**
 * The command line's contract for input, output and errors (issue 12): one spelling of an
 * operand (inline, - or file:PATH), one grammar per kind, one error line with exit code 2 for
 * every bad input, output never half-written. One test per bad input of the issue that
 * concerns the command line.
 */
class CliInputOutputTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.ISO_8859_1);
        return p;
    }

    private static String ok(CliRunner r) {
        assertEquals(0, r.exitCode, "stdout: " + r.out + "\nstderr: " + r.err);
        return r.out.strip();
    }

    // ------------------------------------------------------------------ the inputs of the issue

    @Test
    void spaceSeparatedIntegersAreNotReadAsFlintText() {
        // "2 -3 -4" used to be FLINT text (length 2: -3 - 4x), "2 - 3 - 4" -5
        CliRunner.run("polymul", "2 -3 -4", "x").assertOneError("F:", "--flint");
        assertEquals("-5*x", ok(CliRunner.run("polymul", "2 - 3 - 4", "x")));
        assertEquals("3  0 -3 -4", ok(CliRunner.run("polymul", "--flint", "2 -3 -4", "2  0 1")), "-3x - 4x^2");
        // "1 -5" squared gave 25, "1 - 5" squared 16
        CliRunner.run("polymul", "1 -5", "1 -5").assertOneError("F:", "integers separated by spaces");
        assertEquals("16", ok(CliRunner.run("polymul", "1 - 5", "1 - 5")));
    }

    @Test
    void flintFilesNeedTheOptionOrTheirDeclaration() throws Exception {
        Path f = write("f.txt", "3  7 -1 3\n");
        CliRunner.run("polymul", "file:" + f, "x").assertOneError("F (file:" + f + ")", "--flint", "#flint");
        assertEquals("3*x^3 - x^2 + 7*x", ok(CliRunner.run("polymul", "file:" + write("g.txt", "#flint\n3  7 -1 3\n"),
                "x")));
        CliRunner.run("polymul", "file:" + write("h.txt", "#flint\n3  7 -1 x\n"), "x")
                .assertOneError("F (file:", "line 2, column 9");
    }

    @Test
    void atFileIsAnOperandNotPicocliArgumentFile() throws Exception {
        // picocli's @FILE split "123\n456" into two arguments: intmul printed 56088 with exit 0
        Path f = write("a.txt", "123\n456");
        CliRunner.run("intmul", "@" + f).assertOneError("Missing required parameter");
        CliRunner.run("intmul", "@" + f, "2").assertOneError("A: line 1, column 1", "file:PATH");
        CliRunner.run("intmul", "file:" + f, "2").assertOneError("A (file:" + f + "): line 1, column 4",
                "a line break is not a decimal digit");
    }

    @Test
    void bareIntegersAndLeadingMinusSignsAreOperands() {
        assertEquals("6", ok(CliRunner.run("gcd", "12", "18")));
        assertEquals("-3*x^2 + 14*x + 5", ok(CliRunner.run("polymul", "-3*x - 1", "x - 5")));
        assertEquals("-48", ok(CliRunner.run("intmul", "-12", "4")));
        assertEquals("-3\n-2", ok(CliRunner.run("intdiv", "-17", "5")));
        assertEquals("x + 1", ok(CliRunner.run("gcd", "-x^2 + 1", "-x - 1")));
        assertEquals("-5", ok(CliRunner.run("resultant", "--", "x - 2", "x - 7")));
    }

    @Test
    void aFileNameIsInlineTextUnlessWrittenFilePrefix() throws Exception {
        Path f = write("x", "x^2 + 1"); // a file that exists, named like a polynomial
        CliRunner r = CliRunner.run("polymul", f.toString(), "1");
        r.assertOneError("F: line 1, column 1", "file:PATH");
        assertEquals("x^2 + 1", ok(CliRunner.run("polymul", "file:" + f, "1")));
    }

    @Test
    void everyCommandReadsStandardInput() throws Exception {
        byte[] m = "2 2\n3 1\n4 -2\n".getBytes(StandardCharsets.US_ASCII);
        assertEquals("-10", ok(CliRunner.withStdin(m, "det", "-")));
        assertEquals("x + 1", ok(CliRunner.withStdin("x^2 - 1\n".getBytes(StandardCharsets.US_ASCII), "gcd", "-",
                "x^2 + 2*x + 1")));
        assertEquals("-5", ok(CliRunner.withStdin("x - 7".getBytes(StandardCharsets.US_ASCII), "resultant", "x - 2", "-")));
        assertEquals("x^2 - 1", ok(CliRunner.withStdin("x-1".getBytes(StandardCharsets.US_ASCII), "polymul", "-", "x+1")));
        assertEquals("12", ok(CliRunner.withStdin("3\n".getBytes(StandardCharsets.US_ASCII), "intmul", "-", "4")));
        assertEquals("3\n2", ok(CliRunner.withStdin("17".getBytes(StandardCharsets.US_ASCII), "intdiv", "-", "5")));
        assertEquals("6", ok(CliRunner.withStdin("2".getBytes(StandardCharsets.US_ASCII), "field", "--prime", "7",
                "--mul", "-", "3")));
        CliRunner.withStdin("x".getBytes(StandardCharsets.US_ASCII), "polymul", "-", "-")
                .assertOneError("G: standard input (-) is already read for F");
    }

    @Test
    void verboseReportGoesToStandardErrorForEveryCommand() {
        String[][] runs = {{"intmul", "3", "4"}, {"intdiv", "17", "5"}, {"polymul", "x + 1", "x - 1"},
            {"gcd", "x^2 - 1", "x + 1"}, {"resultant", "x - 2", "x - 7"}, {"det", "1 1  5"},
            {"field", "--prime", "7", "--mul", "2", "3"}};
        for (String[] args : runs) {
            String[] v = Stream.concat(Stream.of(args), Stream.of("-v")).toArray(String[]::new);
            CliRunner plain = CliRunner.run(args);
            CliRunner verbose = CliRunner.run(v);
            assertEquals(ok(plain), ok(verbose), "-v leaves standard output alone: " + String.join(" ", args));
            assertTrue(verbose.err.startsWith(args[0] + " (modalg command line)") && verbose.err.contains("_ms: "),
                    "the report on standard error: " + verbose.err);
            assertEquals("", plain.err);
        }
    }

    @Test
    void garbageBinaryInputIsOneError() throws Exception {
        Path bin = dir.resolve("garbage.bin");
        byte[] b = new byte[4096];
        new Random(SEED).nextBytes(b);
        b[0] = (byte) 0x89; // never ASCII
        Files.write(bin, b);
        CliRunner.run("det", "file:" + bin).assertOneError("M (file:" + bin + "): line 1, column 1", "not text");
        CliRunner.withStdin(new byte[1 << 20], "det", "-").assertOneError("M (standard input)", "byte 0x00");
        CliRunner.run("polymul", "file:" + bin, "x").assertOneError("F (file:");
    }

    @Test
    void devicesDirectoriesAndMissingFilesAreErrors() throws Exception {
        if (Files.exists(Path.of("/dev/zero"))) { // refused at once: no endless read
            CliRunner.run("det", "file:/dev/zero").assertOneError("M (file:/dev/zero): not a regular file");
            CliRunner.run("intmul", "file:/dev/null", "1").assertOneError("not a regular file");
        }
        CliRunner.run("det", "file:" + dir).assertOneError("is a directory");
        CliRunner.run("gcd", "x", "file:" + dir.resolve("missing.txt")).assertOneError("G (file:", "no such file");
        CliRunner.run("gcd", "x", "file:").assertOneError("G: 'file:' must be followed by a path");
        Path locked = write("locked.txt", "1");
        boolean changed = locked.toFile().setReadable(false, false);
        assumeTrue(changed && !Files.isReadable(locked), "this user reads every file (root): no permission test");
        CliRunner.run("intmul", "file:" + locked, "2").assertOneError("permission denied");
    }

    @Test
    void inputLargerThanTheCapIsRefused() {
        String saved = System.getProperty("modalg.maxInputBytes");
        System.setProperty("modalg.maxInputBytes", "100");
        try {
            CliRunner.withStdin("1".repeat(200).getBytes(StandardCharsets.US_ASCII), "intmul", "-", "2")
                    .assertOneError("A (standard input): more than 100 bytes", "MODALG_JAVA_OPTS");
            assertEquals("22", ok(CliRunner.withStdin("11".getBytes(StandardCharsets.US_ASCII), "intmul", "-", "2")));
        } finally {
            if (saved == null) {
                System.clearProperty("modalg.maxInputBytes");
            } else {
                System.setProperty("modalg.maxInputBytes", saved);
            }
        }
    }

    @Test
    void nonAsciiDigitsAreErrors() {
        CliRunner.run("intmul", "\u0661\u0662", "3").assertOneError("A: line 1, column 1", "U+0661");
        CliRunner.run("polymul", "x + \u0663", "x").assertOneError("F: line 1, column 5", "U+0663");
        CliRunner.run("det", "1 1 \uff15").assertOneError("M: line 1, column 5", "U+FF15");
        CliRunner.run("field", "--prime", "\u0661\u0667", "--inv", "3").assertOneError("--prime");
    }

    @Test
    void plotPathsAreCheckedBeforeTheDemoRuns() throws Exception {
        CliRunner.run("demo", "--plot", "/proc/x.png").assertOneError("--plot /proc/x.png");
        Path missing = dir.resolve("nonexistent").resolve("dir").resolve("x.png");
        CliRunner.run("demo", "--plot", missing.toString()).assertOneError("does not exist");
        assertFalse(Files.exists(dir.resolve("nonexistent")), "no directory is created");
        Path directory = dir.resolve("d.png");
        Files.createDirectory(directory);
        CliRunner.run("demo", "--plot", directory.toString()).assertOneError("--plot", "is a directory");
    }

    @Test
    void matrixHeadersAreCheckedAgainstTheEntriesPresent() {
        // 16 bytes used to allocate a 32768 x 32768 matrix before noticing the entries are missing
        CliRunner.run("det", "32768 32768  1 2").assertOneError("32768 x 32768 = 1073741824 entries, found 2");
        CliRunner.run("det", "32769 1  1").assertOneError("the row count must be an integer in [0, 32768]");
        CliRunner.run("det", "2 2  1 2 3 4 5").assertOneError("line 1, column 14", "unexpected token '5'");
        // 0 x 0 has determinant 1; 0 x 3 and 3 x 0 are both errors naming the shape
        assertEquals("1", ok(CliRunner.run("det", "0 0")));
        CliRunner.run("det", "0 3").assertOneError("square", "0 x 3");
        CliRunner.run("det", "3 0").assertOneError("square", "3 x 0");
        CliRunner.run("det", "file.txt").assertOneError("M: line 1, column 1", "file:PATH");
    }

    @Test
    void hugeExponentIsOneError() {
        CliRunner.run("polymul", "x^2000000000 + 1", "1").assertOneError();
    }

    // ------------------------------------------------------------------ output

    @Test
    void outputFileIsReplacedOnlyWhenComplete() throws Exception {
        Path out = write("out.txt", "old content\n");
        CliRunner.run("intmul", "3", "x", "-o", out.toString()).assertOneError("B: line 1, column 1");
        assertEquals("old content\n", Files.readString(out), "OUT keeps its old content");
        CliRunner.run("gcd", "x", "x + ", "-o", out.toString()).assertOneError("G: line 1, column 5");
        assertEquals("old content\n", Files.readString(out));
        assertEquals("", ok(CliRunner.run("intmul", "3", "4", "-o", out.toString())));
        assertEquals("12\n", Files.readString(out));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(out), s.toList(), "no temporary file is left beside OUT");
        }
        Path absent = dir.resolve("absent.txt");
        CliRunner.run("det", "2 2 1 2 3", "-o", absent.toString()).assertOneError();
        assertFalse(Files.exists(absent), "OUT stays absent");
    }

    @Test
    void outputIntoAMissingDirectoryOrADirectoryIsAnError() {
        Path out = dir.resolve("no").resolve("such").resolve("out.txt");
        CliRunner.run("polymul", "x", "x", "-o", out.toString()).assertOneError("-o " + out, "does not exist");
        assertFalse(Files.exists(dir.resolve("no")), "no directory is created");
        CliRunner.run("polymul", "x", "x", "-o", dir.toString()).assertOneError("is a directory");
    }

    @Test
    void failedWriteToStandardOutputIsAnError() {
        // modalg intmul 3 4 > /dev/full exited 0
        CliRunner.withFullStdout("intmul", "3", "4").assertOneError("cannot write to standard output");
        CliRunner.withFullStdout("det", "1 1 5", "--json").assertOneError("standard output");
    }

    @Test
    void jsonOutputParsesBack() throws Exception {
        Map<String, Object> mul = MiniJson.object(ok(CliRunner.run("intmul", "--json", "-123456789012345678901234567890",
                "98765432109876543210")));
        assertEquals("intmul", mul.get("command"));
        assertEquals(new BigInteger("-123456789012345678901234567890").multiply(new BigInteger("98765432109876543210")),
                new BigInteger((String) mul.get("result")));
        assertFalse(mul.containsKey("report"), "the report only with -v");

        Map<String, Object> div = MiniJson.object(ok(CliRunner.run("intdiv", "--json", "17", "5")));
        assertEquals("3", div.get("result"));
        assertEquals("2", div.get("remainder"));

        Map<String, Object> gcd = MiniJson.object(ok(CliRunner.run("gcd", "--json", "-v", "--cofactors", "--threads", "1",
                "x^2 - 1", "x^2 + 2*x + 1")));
        assertEquals("x + 1", gcd.get("result"));
        assertEquals(List.of("x - 1", "x + 1"), gcd.get("cofactors"));
        @SuppressWarnings("unchecked")
        Map<String, Object> report = (Map<String, Object>) gcd.get("report");
        assertEquals("crt", report.get("route"));
        assertEquals(1.0, report.get("threads"));
        assertTrue(((Double) report.get("primes_used")) >= 1, report.toString());
        assertTrue(report.get("phases_ms") instanceof Map, report.toString());
        assertTrue(report.containsKey("input_F") && report.containsKey("gcd_ms"), report.toString());

        Path out = dir.resolve("det.json");
        ok(CliRunner.run("det", "--json", "-v", "--route", "bigprime", "2 2  3 1 4 -2", "-o", out.toString()));
        Map<String, Object> det = MiniJson.object(Files.readString(out));
        assertEquals("-10", det.get("result"));
        assertEquals("bigprime", ((Map<?, ?>) det.get("report")).get("route"));

        Map<String, Object> poly = MiniJson.object(ok(CliRunner.run("polymul", "--json", "--flint", "2  1 1", "2  -1 1")));
        assertEquals("3  -1 0 1", poly.get("result"));
        Map<String, Object> field = MiniJson.object(ok(CliRunner.run("field", "--json", "--prime", "7", "--inv", "3")));
        assertEquals("5", field.get("result"));
    }

    @Test
    void threadsAreCheckedAndPassedOn() {
        CliRunner.run("det", "1 1 5", "--threads", "0").assertOneError("--threads must be in [1, 32767], got 0");
        CliRunner.run("intmul", "3", "4", "--threads", "-2").assertOneError("--threads");
        CliRunner det = CliRunner.run("det", "2 2 1 2 3 4", "--threads", "1", "-v");
        assertEquals("-2", ok(det));
        assertTrue(det.err.contains("threads: 1"), det.err);
        Random rnd = new Random(SEED);
        BigInteger a = new BigInteger(300_000, rnd);
        BigInteger b = new BigInteger(200_000, rnd).negate();
        CliRunner mul = CliRunner.run("intmul", a.toString(), b.toString(), "--threads", "2", "-v");
        assertEquals(a.multiply(b).toString(), ok(mul), "seed " + SEED);
        assertTrue(mul.err.contains("threads: 2") && mul.err.contains("NTT + CRT"), mul.err);
    }

    @Test
    void unexpectedExceptionsAreOneLineWithTheStackTraceOnlyOnRequest() {
        StringWriter w = new StringWriter();
        assertEquals(1, ModalgCli.handle(new IllegalStateException("broken invariant"), new PrintWriter(w), false));
        assertEquals(1, w.toString().strip().split("\n").length, w.toString());
        assertTrue(w.toString().startsWith("error: internal error: java.lang.IllegalStateException: broken invariant"),
                w.toString());
        StringWriter d = new StringWriter();
        assertEquals(1, ModalgCli.handle(new IllegalStateException("broken"), new PrintWriter(d), true));
        assertTrue(d.toString().contains("\tat "), "the stack trace under --debug: " + d);
        StringWriter m = new StringWriter();
        assertEquals(2, ModalgCli.handle(new OutOfMemoryError("Java heap space"), new PrintWriter(m), false));
        assertTrue(m.toString().startsWith("error: out of memory") && m.toString().contains("MODALG_JAVA_OPTS"),
                m.toString());
    }

    @Test
    void misspelledOptionsAndMissingOperandsAreOneError() {
        CliRunner.run("polymul", "x").assertOneError("Missing required parameter: 'G'", "modalg polymul --help");
        CliRunner.run("gcd", "--route", "fast", "x", "x").assertOneError("route must be one of");
        CliRunner.run("intmul", "--treads", "2").assertOneError("A: line 1, column 2", "misspelled option");
    }

    // ------------------------------------------------------------------ grammars, random

    @Test
    void humanAndFlintFormsGiveTheSameProductsAsANaiveConvolution() throws Exception {
        Random rnd = new Random(SEED);
        for (int it = 0; it < 20; it++) {
            BigInteger[] f = randomCoefficients(rnd, 1 + rnd.nextInt(12));
            BigInteger[] g = randomCoefficients(rnd, 1 + rnd.nextInt(12));
            BigInteger[] want = naiveProduct(f, g);
            String msg = "seed " + SEED + " iteration " + it;
            String human = ok(CliRunner.run("polymul", "--flint", flint(f), flint(g)));
            assertEquals(flint(trim(want)), human, msg);
            // the same in the human form, with spaces and newlines anywhere, read back by the FLINT reader
            CliRunner h = CliRunner.run("polymul", humanForm(f, rnd), "file:" + write("g.txt", humanForm(g, rnd)));
            String back = ok(CliRunner.run("polymul", "--flint", "--", "#flint " + flint(trim(want)), "1 1"));
            assertEquals(flint(trim(want)), back, msg);
            assertEquals(ok(CliRunner.run("polymul", "#flint " + flint(trim(want)), "1")), ok(h), msg);
        }
    }

    private static BigInteger[] randomCoefficients(Random rnd, int n) {
        BigInteger[] c = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            c[i] = rnd.nextInt(4) == 0 ? BigInteger.ZERO : new BigInteger(1 + rnd.nextInt(90), rnd)
                    .multiply(BigInteger.valueOf(rnd.nextBoolean() ? 1 : -1));
        }
        return c;
    }

    private static BigInteger[] naiveProduct(BigInteger[] f, BigInteger[] g) {
        BigInteger[] r = new BigInteger[f.length + g.length - 1];
        java.util.Arrays.fill(r, BigInteger.ZERO);
        for (int i = 0; i < f.length; i++) {
            for (int j = 0; j < g.length; j++) {
                r[i + j] = r[i + j].add(f[i].multiply(g[j]));
            }
        }
        return r;
    }

    private static BigInteger[] trim(BigInteger[] c) {
        int n = c.length;
        while (n > 0 && c[n - 1].signum() == 0) {
            n--;
        }
        return java.util.Arrays.copyOf(c, n);
    }

    private static String flint(BigInteger[] c) {
        BigInteger[] t = trim(c);
        StringBuilder s = new StringBuilder().append(t.length);
        if (t.length > 0) {
            s.append(' ');
        }
        for (BigInteger v : t) {
            s.append(' ').append(v);
        }
        return s.toString();
    }

    // c0 + c1*x + ... written term by term in a random order with random spaces; "0" when zero.
    private static String humanForm(BigInteger[] c, Random rnd) {
        StringBuilder s = new StringBuilder();
        String[] spaces = {"", " ", "  ", "\n", " \t"};
        for (int e = 0; e < c.length; e++) {
            if (c[e].signum() == 0) {
                continue;
            }
            s.append(spaces[rnd.nextInt(spaces.length)]).append(c[e].signum() < 0 ? "-" : s.length() == 0 ? "" : "+")
                    .append(spaces[rnd.nextInt(spaces.length)]).append(c[e].abs());
            if (e > 0) {
                s.append(spaces[rnd.nextInt(2)]).append('*').append(spaces[rnd.nextInt(2)]).append("x^").append(e);
            }
        }
        return s.length() == 0 ? "0" : s.toString();
    }
}
