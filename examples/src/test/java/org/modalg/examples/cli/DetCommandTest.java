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
import org.modalg.examples.cli.io.MiniJson;

class DetCommandTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        return MatrixFixtures.write(dir, name, text);
    }

    @Test
    void determinantOfFlintFilesOnEveryRoute() throws Exception {
        long seed = 11;
        Random rnd = new Random(seed);
        for (int n = 0; n <= 6; n++) {
            BigInteger[][] a = DeterminantBenchmark.random(rnd, n, 1 + rnd.nextInt(90));
            Path f = write("m" + n + ".txt", MatrixFixtures.flint(a, n));
            for (String route : new String[] {"crt", "bigprime", "auto"}) {
                CliRunner r = CliRunner.run("det", "file:" + f, "--route", route, "--threads", "2");
                assertEquals(0, r.exitCode, r.err);
                assertEquals(MatrixFixtures.cofactor(a).toString(), r.out.trim(), "seed " + seed + " n " + n + " " + route);
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
    void jsonReportHasTheCountsAndTheTransferPhase() throws Exception {
        CliRunner r = CliRunner.run("det", "3 3  2 1 0  1 3 1  0 1 4", "--json", "-v", "--backend", "cpu");
        assertEquals(0, r.exitCode, r.err);
        java.util.Map<String, Object> j = MiniJson.object(r.out.strip());
        assertEquals("18", j.get("result"));
        java.util.Map<?, ?> report = (java.util.Map<?, ?>) j.get("report");
        assertEquals(List.of(), report.get("unlucky_primes"), report.toString());
        assertEquals(List.of(), report.get("skipped_primes"), report.toString());
        java.util.Map<?, ?> phases = (java.util.Map<?, ?>) report.get("phases_ms");
        assertEquals(0.0, ((Number) phases.get("transfer")).doubleValue(), "the CPU engine copies nothing: " + phases);
        assertTrue(phases.containsKey("images"), phases.toString());
        assertTrue(report.get("engine").toString().startsWith("cpu"), report.toString());
        CliRunner v = CliRunner.run("det", "3 3  2 1 0  1 3 1  0 1 4", "-v", "--route", "crt");
        assertTrue(v.err.contains("transfer") && v.err.contains("skipped:       0"), v.err);
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
        CliRunner.run("det", "1 1 5", "--backend", "fpga").assertOneError("backend");
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
