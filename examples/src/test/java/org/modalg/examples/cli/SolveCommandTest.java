package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.examples.cli.MatrixFixtures.cofactor;
import static org.modalg.examples.cli.MatrixFixtures.flint;
import static org.modalg.examples.cli.MatrixFixtures.random;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.modalg.examples.cli.io.MiniJson;

/** {@code modalg solve} against Cramer's rule with cofactor determinants (independent of the library). */
class SolveCommandTest {
    @TempDir
    Path dir;

    // x_i = det A_i / det A in lowest terms, as the command writes it.
    private static List<String> cramer(BigInteger[][] a, BigInteger[] b) {
        int n = a.length;
        BigInteger det = cofactor(a);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            BigInteger[][] ai = new BigInteger[n][];
            for (int r = 0; r < n; r++) {
                ai[r] = a[r].clone();
                ai[r][i] = b[r];
            }
            BigInteger num = cofactor(ai);
            BigInteger g = num.gcd(det);
            BigInteger p = num.divide(g);
            BigInteger q = det.divide(g);
            if (q.signum() < 0) {
                p = p.negate();
                q = q.negate();
            }
            out.add(q.equals(BigInteger.ONE) ? p.toString() : p + "/" + q);
        }
        return out;
    }

    private Path write(String name, String text) throws Exception {
        return MatrixFixtures.write(dir, name, text);
    }

    private static List<String> lines(CliRunner r) {
        assertEquals(0, r.exitCode, r.err);
        String t = r.out.strip();
        return t.isEmpty() ? List.of() : List.of(t.split("\n"));
    }

    @Test
    void randomSystemsAgreeWithCramer() throws Exception {
        long seed = System.nanoTime();
        System.out.println("SolveCommandTest seed " + seed);
        Random rnd = new Random(seed);
        for (int n = 0; n <= 6; n++) {
            BigInteger[][] a = random(rnd, n, n, 1 + rnd.nextInt(60));
            BigInteger[][] b = random(rnd, n, 1, 1 + rnd.nextInt(60));
            String what = "seed " + seed + " n " + n;
            if (cofactor(a).signum() == 0) {
                continue;
            }
            BigInteger[] bv = new BigInteger[n];
            BigInteger[][] aug = new BigInteger[n][n + 1];
            for (int i = 0; i < n; i++) {
                bv[i] = b[i][0];
                System.arraycopy(a[i], 0, aug[i], 0, n);
                aug[i][n] = b[i][0];
            }
            List<String> expected = cramer(a, bv);
            Path fa = write("a" + n + ".txt", flint(a, n));
            assertEquals(expected, lines(CliRunner.run("solve", "file:" + fa, flint(b, 1), "--threads", "2")), what);
            assertEquals(expected, lines(CliRunner.run("solve", "--augmented", flint(aug, n + 1), "--threads", "1")),
                    what);
            assertEquals(expected, lines(CliRunner.withStdin(flint(b, 1).getBytes(StandardCharsets.US_ASCII), "solve",
                    "file:" + fa, "-", "--backend", "cpu")), what);
        }
    }

    @Test
    void commonDenominatorSeveralRightHandSidesAndJson() throws Exception {
        // A = [[2, 1], [1, 3]], det 5; b1 = (1, 0): (3/5, -1/5); b2 = (5, 5): (2, 1)
        String a = "2 2  2 1  1 3";
        assertEquals(List.of("3/5", "-1/5"), lines(CliRunner.run("solve", a, "2 1  1 0")));
        assertEquals(List.of("3/5 2", "-1/5 1"), lines(CliRunner.run("solve", a, "2 2  1 5  0 5")));
        assertEquals(List.of("5", "3 10", "-1 5"),
                lines(CliRunner.run("solve", a, "2 2  1 5  0 5", "--common-denominator")));
        Map<String, Object> j = MiniJson.object(lines(CliRunner.run("solve", a, "2 1  1 0", "--json", "-v")).get(0));
        assertEquals("solve", j.get("command"));
        assertEquals(List.of("3/5", "-1/5"), j.get("result"));
        assertTrue(j.get("report") instanceof Map, j.toString());
        Map<?, ?> report = (Map<?, ?>) j.get("report");
        assertEquals("PROVEN", report.get("certification"), report.toString());
        assertTrue(((Map<?, ?>) report.get("phases_ms")).containsKey("lifting"), report.toString());
        j = MiniJson.object(lines(CliRunner.run("solve", a, "2 2  1 5  0 5", "--json", "--common-denominator")).get(0));
        assertEquals("5", j.get("denominator"));
        assertEquals(List.of(List.of("3", "10"), List.of("-1", "5")), j.get("result"));
        // integral solutions, the empty system, -o
        assertEquals(List.of("7", "-2", "0"), lines(CliRunner.run("solve", "3 3  1 0 0  0 1 0  0 0 1", "3 1  7 -2 0")));
        assertEquals(List.of(), lines(CliRunner.run("solve", "0 0", "0 1")));
        Path out = dir.resolve("x.txt");
        assertEquals("", CliRunner.run("solve", a, "2 1  1 0", "-o", out.toString()).out);
        assertEquals("3/5\n-1/5\n", Files.readString(out));
        CliRunner v = CliRunner.run("solve", a, "2 1  1 0", "-v");
        assertTrue(v.err.contains("solve") && v.err.contains("lifting") && v.err.contains("engine"), v.err);
    }

    @Test
    void solveBenchmarkAgreesWithJas() {
        org.modalg.examples.bench.support.BenchTable t = org.modalg.examples.bench.SolveBenchmark.run(new int[] {3, 12},
                new int[] {10, 70}, 2, 1, 12);
        assertEquals(2 * 2 * 3, t.rows().size(), "2 sizes x 2 bit sizes x (2 + 1 threads, JAS)");
        for (String[] row : t.rows()) {
            assertEquals("true", row[7], "every method agrees: " + String.join(",", row));
        }
    }

    @Test
    void quickModularBenchWritesTheSolveCsv() throws Exception {
        CliRunner r = CliRunner.run("bench", "modular", "--quick", "--part", "solve", "--threads", "2", "--flint",
                "none", "--jas", "-o", dir.toString());
        assertEquals(0, r.exitCode, r.err);
        List<String> csv = Files.readAllLines(dir.resolve("modular-solve.csv"));
        assertEquals(String.join(",", org.modalg.examples.bench.SolveBenchmark.COLUMNS), csv.get(0));
        // 2 sizes x 2 bit sizes x (modalg on 2 threads and on 1, JAS)
        assertEquals(1 + 2 * 2 * 3, csv.size(), csv.toString());
        for (String line : csv.subList(1, csv.size())) {
            String[] cells = line.split(",", -1);
            assertEquals(org.modalg.examples.bench.SolveBenchmark.COLUMNS.length, cells.length, line);
            assertEquals("true", cells[7], "every method agrees: " + line);
        }
        assertTrue(r.out.contains("modular-solve.csv"), r.out);
    }

    @Test
    void badInputIsOneErrorLine() throws Exception {
        CliRunner.run("solve", "2 2  1 2  2 4", "2 1  1 1").assertOneError("singular matrix");
        CliRunner.run("solve", "2 2  0 0  0 0", "2 1  0 0").assertOneError("singular matrix");
        CliRunner.run("solve", "2 3  1 2 3  4 5 6", "2 1  1 1").assertOneError("M: ", "square", "2 x 3");
        CliRunner.run("solve", "2 2  1 0  0 1", "3 1  1 1 1").assertOneError("B: ", "n = 2 rows");
        CliRunner.run("solve", "2 2  1 0  0 1", "2 0").assertOneError("B: ", "at least one column");
        CliRunner.run("solve", "2 2  1 0  0 1").assertOneError("B: missing", "--augmented");
        CliRunner.run("solve", "--augmented", "2 3  1 0 1  0 1 1", "2 1  1 1").assertOneError("not taken");
        CliRunner.run("solve", "--augmented", "2 2  1 0  0 1").assertOneError("--augmented needs n x (n + m)");
        CliRunner.run("solve", "2 2  1 0  0 1", "2 1  1 x").assertOneError("B: line 1, column 8");
        CliRunner.run("solve", "2 2  1 0  0 1", "2 1  1 1", "--backend", "fpga").assertOneError("backend");
        CliRunner.run("solve", "2 2  1 0  0 1", "file:" + dir.resolve("missing.txt")).assertOneError("no such file");
    }
}
