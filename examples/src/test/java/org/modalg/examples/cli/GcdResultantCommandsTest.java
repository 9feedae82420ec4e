package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code modalg gcd} and {@code modalg resultant}: formats, routes, cofactors, report, errors. */
class GcdResultantCommandsTest {
    @TempDir
    Path dir;

    @Test
    void gcdInBothFormatsRoutesAndCofactors() throws Exception {
        // (x + 1)(2x - 3) and (x + 1)(x^2 + 5): gcd x + 1
        CliRunner human = CliRunner.run("gcd", "2*x^2 - x - 3", "x^3 + x^2 + 5*x + 5");
        assertEquals("x + 1", human.out.trim(), human.err);
        Path f = dir.resolve("f.txt");
        Files.writeString(f, "3  -3 -1 2\n");
        CliRunner flint = CliRunner.run("gcd", "--route", "bigprime", "--cofactors", "--flint", "file:" + f, "4  5 5 1 1");
        assertEquals("2  1 1\n2  -3 2\n3  5 0 1", flint.out.trim(), flint.err);
        CliRunner verbose = CliRunner.run("gcd", "--route", "crt", "-v", "--", "-6*x^2 + 4", "-4");
        assertEquals(0, verbose.exitCode, verbose.err);
        assertTrue(verbose.out.startsWith("2\n"), verbose.out);
        assertTrue(verbose.err.contains("polynomial gcd: route crt"), "the report on standard error: " + verbose.err);
        assertEquals("2", verbose.out.trim(), "only the result on standard output");
    }

    @Test
    void resultantWithReport() throws Exception {
        CliRunner r = CliRunner.run("resultant", "x - 2", "x - 7");
        assertEquals("-5", r.out.trim(), r.err);
        Path out = dir.resolve("res.txt");
        CliRunner v = CliRunner.run("resultant", "--route", "bigprime", "--verbose", "3*x^2 + 1", "4*x + 1", "-o",
                out.toString());
        assertEquals(0, v.exitCode, v.err);
        // Res(3x^2 + 1, 4x + 1) = 4^2 (3/16 + 1) = 19
        assertEquals("19", Files.readString(out).trim());
        assertTrue(v.err.contains("resultant: route bigprime"), v.err);
        assertEquals("", v.out, "the result went to -o");
    }

    @Test
    void badInputGivesOneClearError() {
        CliRunner route = CliRunner.run("gcd", "--route", "fast", "x", "x");
        assertEquals(2, route.exitCode);
        assertTrue(route.err.contains("route must be one of"), route.err);
        CliRunner parse = CliRunner.run("resultant", "3*x^^2", "x");
        assertEquals(2, parse.exitCode);
        assertTrue(parse.err.contains("line 1, column"), parse.err);
    }
}
