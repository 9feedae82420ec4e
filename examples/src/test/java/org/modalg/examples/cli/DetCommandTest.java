package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.modalg.examples.bench.DeterminantBenchmark;

class DetCommandTest {
    @TempDir
    Path dir;

    // Cofactor expansion: an oracle independent of the library, fine for n <= 6.
    private static BigInteger cofactor(BigInteger[][] a) {
        int n = a.length;
        if (n == 0) {
            return BigInteger.ONE;
        }
        BigInteger d = BigInteger.ZERO;
        for (int c = 0; c < n; c++) {
            BigInteger[][] minor = new BigInteger[n - 1][n - 1];
            for (int i = 1; i < n; i++) {
                for (int j = 0, k = 0; j < n; j++) {
                    if (j != c) {
                        minor[i - 1][k++] = a[i][j];
                    }
                }
            }
            BigInteger term = a[0][c].multiply(cofactor(minor));
            d = (c & 1) == 0 ? d.add(term) : d.subtract(term);
        }
        return d;
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void determinantOfFlintFilesOnEveryRoute() throws Exception {
        long seed = 11;
        Random rnd = new Random(seed);
        for (int n = 0; n <= 6; n++) {
            BigInteger[][] a = DeterminantBenchmark.random(rnd, n, 1 + rnd.nextInt(90));
            StringBuilder s = new StringBuilder(n + " " + n + " ");
            for (BigInteger[] row : a) {
                s.append('\n');
                for (BigInteger v : row) {
                    s.append(' ').append(v);
                }
            }
            Path f = write("m" + n + ".txt", s.toString());
            for (String route : new String[] {"crt", "bigprime", "auto"}) {
                CliRunner r = CliRunner.run("det", "file:" + f, "--route", route, "--threads", "2");
                assertEquals(0, r.exitCode, r.err);
                assertEquals(cofactor(a).toString(), r.out.trim(), "seed " + seed + " n " + n + " " + route);
            }
        }
    }

    @Test
    void verboseReportsTheRouteOnStandardError() throws Exception {
        Path f = write("a.txt", "2 2\n3 1\n4 -2\n");
        CliRunner r = CliRunner.run("det", "file:" + f, "--verbose", "--route", "bigprime");
        assertEquals(0, r.exitCode, r.err);
        assertEquals("-10", r.out.trim());
        assertTrue(r.err.contains("route bigprime") && r.err.contains("primes used"), r.err);
    }

    @Test
    void malformedInputGivesAClearErrorWithPosition() throws Exception {
        CliRunner r = CliRunner.run("det", "file:" + write("bad.txt", "2 2\n1 2\n3 x4\n"));
        assertEquals(2, r.exitCode);
        assertTrue(r.err.contains("line 3, column 3") && r.err.contains("x4"), r.err);
        r = CliRunner.run("det", "file:" + write("short.txt", "2 2 1 2 3"));
        assertEquals(2, r.exitCode);
        assertTrue(r.err.contains("the header asks for 2 x 2 = 4 entries, found 3"), r.err);
        r = CliRunner.run("det", "file:" + write("rect.txt", "2 3 1 2 3 4 5 6"));
        assertEquals(2, r.exitCode);
        assertTrue(r.err.contains("square"), r.err);
        r = CliRunner.run("det", "file:" + write("m.txt", "1 1 5"), "--route", "fast");
        assertEquals(2, r.exitCode);
        assertTrue(r.err.contains("crt, bigprime, auto"), r.err);
        r = CliRunner.run("det", "file:" + dir.resolve("missing.txt"));
        assertEquals(2, r.exitCode);
        assertTrue(r.err.contains("no such file"), r.err);
    }

    @Test
    void quickModularBenchWritesTheJasDetCsv() throws Exception {
        CliRunner r = CliRunner.run("bench", "modular", "--quick", "--part", "det", "--threads", "2", "--flint", "none",
                "--jas", "-o", dir.toString());
        assertEquals(0, r.exitCode, r.err);
        List<String> lines = Files.readAllLines(dir.resolve("modular-jas-det.csv"));
        assertEquals(String.join(",", DeterminantBenchmark.COLUMNS), lines.get(0));
        // per case: the CRT route on 2 and on 1 thread, its plain strategy, the big-prime route, JAS
        assertEquals(1 + 2 * 2 * 5, lines.size(), "2 sizes x 2 bit sizes x 5 rows: " + lines);
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertEquals(DeterminantBenchmark.COLUMNS.length, cells.length, line);
            assertEquals("true", cells[7], "every method agrees: " + line);
        }
    }
}
