package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.modalg.examples.bench.FieldsBenchmark;

class BenchCommandTest {
    @TempDir
    Path dir;

    @Test
    void quickFieldsBenchWritesDocumentedColumns() throws Exception {
        Path csv = dir.resolve("fields.csv");
        CliRunner r = CliRunner.run("bench", "fields", "--quick", "-o", csv.toString());
        assertEquals(0, r.exitCode, r.err);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(String.join(",", FieldsBenchmark.COLUMNS), lines.get(0));
        assertEquals(1 + 2 * 6, lines.size(), "two presets, six rows each: " + lines);
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            assertEquals(FieldsBenchmark.COLUMNS.length, cells.length, line);
            assertTrue(Double.parseDouble(cells[6]) > 0, "positive time in " + line);
        }
        assertTrue(r.out.contains("mulPowR"), r.out);
    }

    @Test
    void quickBatchedBenchChecksEveryRowAgainstBigInteger() throws Exception {
        Path csv = dir.resolve("batched.csv");
        CliRunner r = CliRunner.run("bench", "batched", "--quick", "--threads", "2", "-o", csv.toString());
        assertEquals(0, r.exitCode, r.err);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(String.join(",", org.modalg.examples.bench.BatchedBenchmark.COLUMNS), lines.get(0));
        assertEquals(1 + 3 * 3, lines.size(), "add, mul, div at 2^11 .. 2^13 bits: " + lines);
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertEquals(org.modalg.examples.bench.BatchedBenchmark.COLUMNS.length, cells.length, line);
            assertEquals("ok", cells[cells.length - 1], line);
            assertTrue(Double.parseDouble(cells[7]) > 0, "positive metric in " + line);
        }
        assertEquals(2, CliRunner.run("bench", "batched", "--ops", "add,pow").exitCode);
    }

    @Test
    void gpuProductRowsRejectBadOptionsBeforeLookingForADevice() {
        CliRunner threads = CliRunner.run("bench", "gpu", "--part", "r", "--row-threads", "0");
        assertEquals(2, threads.exitCode);
        assertTrue(threads.err.contains("--row-threads must be in [1, "), threads.err);
        CliRunner log = CliRunner.run("bench", "gpu", "--part", "r", "--max-1000-log2n", "25");
        assertEquals(2, log.exitCode);
        assertTrue(log.err.contains("--max-1000-log2n must be in [1, 24], got 25"), log.err);
    }

    @Test
    void quickCrtBenchChecksItsRows() throws Exception {
        Path csv = dir.resolve("crt.csv");
        CliRunner r = CliRunner.run("bench", "crt", "--quick", "--threads", "2", "-o", csv.toString());
        assertEquals(0, r.exitCode, r.err);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(String.join(",", org.modalg.examples.bench.CrtBenchmark.COLUMNS), lines.get(0));
        assertEquals(3, lines.size(), "two rows: " + lines);
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertEquals("ok", cells[cells.length - 1], line);
            assertTrue(Double.parseDouble(cells[4]) > 0, "positive time in " + line);
        }
        CliRunner bad = CliRunner.run("bench", "crt", "--values", "1,2", "--primes", "5");
        assertEquals(2, bad.exitCode);
        assertTrue(bad.err.startsWith("error:"), bad.err);
    }

    @Test
    void mulModBenchChecksEveryRowAgainstThePlainRoute() throws Exception {
        Path csv = dir.resolve("mulmod.csv");
        CliRunner r = CliRunner.run("bench", "mulmod", "--max-log2", "11", "--repeats", "1", "--flint", "none", "-o",
                csv.toString());
        assertEquals(0, r.exitCode, r.err);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(String.join(",", org.modalg.examples.bench.MulModBenchmark.COLUMNS), lines.get(0));
        assertEquals(3, lines.size(), "deg 2^10 and 2^11: " + lines);
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertEquals("= plain", cells[cells.length - 1], line);
            assertTrue(Double.parseDouble(cells[4]) > 0, "positive time in " + line);
        }
        CliRunner bad = CliRunner.run("bench", "mulmod", "--max-log2", "9");
        assertEquals(2, bad.exitCode);
        assertTrue(bad.err.startsWith("error: --max-log2 must be in [10, 22], got 9"), bad.err);
    }

    @Test
    void intModBenchChecksEveryRowAgainstBigInteger() throws Exception {
        Path csv = dir.resolve("intmod.csv");
        CliRunner r = CliRunner.run("bench", "intmod", "--max-bits", "30000", "--repeats", "1", "-o", csv.toString());
        assertEquals(0, r.exitCode, r.err);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(String.join(",", org.modalg.examples.bench.IntModBenchmark.COLUMNS), lines.get(0));
        assertEquals(3, lines.size(), "10^4 and 3 10^4 bits: " + lines);
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertEquals("= BigInteger", cells[cells.length - 1], line);
        }
        CliRunner bad = CliRunner.run("bench", "intmod", "--max-bits", "99");
        assertEquals(2, bad.exitCode);
        assertTrue(bad.err.startsWith("error: --max-bits must be in [10000, 100000000], got 99"), bad.err);
    }

    @Test
    void smallTextBenchWritesDocumentedColumns() throws Exception {
        Path csv = dir.resolve("text.csv");
        CliRunner r = CliRunner.run("bench", "text", "--max-digits", "10000", "--repeats", "1", "-o", csv.toString());
        assertEquals(0, r.exitCode, r.err);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(String.join(",", org.modalg.examples.bench.TextBenchmark.COLUMNS), lines.get(0));
        assertEquals(1 + 2 * 2, lines.size(), "10^3 and 10^4 digits in radix 10 and 16: " + lines);
    }

    @Test
    void quickFftBenchWritesThreeCsvFilesWithDocumentedColumns() throws Exception {
        CliRunner r = CliRunner.run("bench", "fft", "--quick", "--threads", "2", "-o", dir.toString());
        assertEquals(0, r.exitCode, r.err);
        checkCsv(dir.resolve("fft-bigprime.csv"), org.modalg.examples.bench.FftBenchmark.BIG_PRIME_COLUMNS);
        checkCsv(dir.resolve("fft-vs-crt.csv"), org.modalg.examples.bench.FftBenchmark.BIG_VS_CRT_COLUMNS);
        checkCsv(dir.resolve("ntt.csv"), org.modalg.examples.bench.FftBenchmark.NTT_COLUMNS);
    }

    private static void checkCsv(Path csv, String[] columns) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        assertEquals(String.join(",", columns), lines.get(0));
        assertTrue(lines.size() >= 3, "at least two rows (1 and 2 threads) in " + csv + ": " + lines);
        for (String line : lines.subList(1, lines.size())) {
            assertEquals(columns.length, line.split(",").length, line);
        }
    }

    @Test
    void demoRunsChecksItselfPrintsItsTableAndWritesItsPlot() throws Exception {
        Path png = dir.resolve("demo.png");
        CliRunner r = CliRunner.run("demo", "--plot", png.toString());
        assertEquals(0, r.exitCode, r.err);
        assertTrue(r.out.contains("All results checked against BigInteger."), r.out);
        assertTrue(r.out.contains("step") && r.out.contains("peer_ms"), "summary table: " + r.out);
        for (String step : List.of("DFT P3 big-prime", "DFT P4 big-prime", "resultant, CRT route",
                "determinant, big-prime route", "integer product (CPU)")) {
            assertTrue(r.out.contains(step), "summary row " + step + " in " + r.out);
        }
        assertTrue(r.out.contains("unlucky:"), "route reports: " + r.out);
        for (String peer : List.of("BigInteger multiply + mod p", "NTTs + CRT", "subresultant PRS", "Bareiss",
                "BigInteger.multiply", "what_the_row_shows", "warmed up")) {
            assertTrue(r.out.contains(peer), "the summary names its peer " + peer + ": " + r.out);
        }
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        assertTrue(image != null && image.getWidth() == 900 && image.getHeight() == 600, "a 900 x 600 PNG at " + png);
        assertTrue(r.out.contains(png.toAbsolutePath().toString()), "the plot's path is printed: " + r.out);
    }
}
