package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.modalg.examples.study.CrossoverStudy;
import org.modalg.examples.study.FftStudy;
import org.modalg.examples.study.IntMulStudy;
import org.modalg.examples.study.ModularStudy;
import org.modalg.examples.study.UnluckyStudy;

/** Each study at its --quick size: exit code, the documented CSV columns, a readable PNG, resuming. */
class StudyCommandTest {
    @TempDir
    Path dir;

    private List<String> quick(String study, String[] columns, int minRows) throws Exception {
        CliRunner r = CliRunner.run("study", study, "--quick", "-o", dir.toString());
        assertEquals(0, r.exitCode, r.err + r.out);
        Path csv = dir.resolve("study-" + study + ".csv");
        List<String> lines = Files.readAllLines(csv);
        assertEquals(String.join(",", columns), lines.get(0));
        assertTrue(lines.size() >= 1 + minRows, "at least " + minRows + " rows in " + csv + ": " + lines);
        for (String line : lines.subList(1, lines.size())) {
            assertEquals(columns.length, line.split(",", -1).length, line);
        }
        BufferedImage png = ImageIO.read(dir.resolve("study-" + study + ".png").toFile());
        assertNotNull(png, "a PNG plot");
        assertTrue(r.out.contains(columns[columns.length - 1]), "the table is printed: " + r.out);
        return lines;
    }

    private static int column(String[] columns, String name) {
        return List.of(columns).indexOf(name);
    }

    @Test
    void fftStudyMeasuresBothRoutesForP3AndP4() throws Exception {
        List<String> lines = quick("fft", FftStudy.COLUMNS, 12);
        int ms = column(FftStudy.COLUMNS, "ms");
        for (String route : List.of("bigprime", "crt", "biginteger")) {
            for (String field : List.of("SRGF8", "SRGF16")) {
                assertTrue(lines.stream().anyMatch(l -> l.startsWith(field + ",") && l.contains("," + route + ",")
                        && Double.parseDouble(l.split(",")[ms]) > 0), route + " " + field + " in " + lines);
            }
        }
    }

    @Test
    void crossoverStudyTimesEveryAlgorithmAndRecordsTheDefaultChoice() throws Exception {
        List<String> lines = quick("crossover", CrossoverStudy.COLUMNS, 2 * 3 * 4);
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split(",", -1);
            assertTrue(CrossoverStudy.ALGORITHMS.contains(c[2]), line);
            assertEquals(CrossoverStudy.defaultChoice(Integer.parseInt(c[0]), Integer.parseInt(c[1])), c[4], line);
            assertTrue(Double.parseDouble(c[3]) > 0, "measured at the quick sizes: " + line);
        }
    }

    @Test
    void unluckyStudyCountsAgreeWithTheModelAndTheReports() throws Exception {
        List<String> lines = quick("unlucky", UnluckyStudy.COLUMNS, 2 * 7);
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split(",", -1);
            long tested = Long.parseLong(c[4]);
            long unlucky = Long.parseLong(c[5]);
            assertTrue(tested > 0 && unlucky <= tested, line);
            double expected = Double.parseDouble(c[7]);
            int primeBits = Integer.parseInt(c[2]);
            if (c[1].startsWith("word-")) {
                // mean of 1/q over primes in (2^(s-1), 2^s), printed to four digits
                assertTrue(expected >= 0.999 * Math.pow(2, -primeBits) && expected < Math.pow(2, 1 - primeBits), line);
            }
            if (c[1].equals("bigprime-P3") || c[1].startsWith("gcd-")) {
                assertEquals(0, unlucky, "a 62-bit or larger prime unlucky in a tiny sample is a bug: " + line);
            }
        }
    }

    @Test
    void intmulStudyChecksEveryProduct() throws Exception {
        List<String> lines = quick("intmul", IntMulStudy.COLUMNS, 2 * 3);
        for (String line : lines.subList(1, lines.size())) {
            assertTrue(line.contains(",mod 3 primes,"), line);
        }
    }

    @Test
    void modularStudyRunsBothRoutesAndCountsThePlantedUnluckyPrimes() throws Exception {
        List<String> lines = quick("modular", ModularStudy.COLUMNS, 2 * 8);
        assertNotNull(ImageIO.read(dir.resolve("study-modular-ratio.png").toFile()), "the ratio plot");
        int ms = column(ModularStudy.COLUMNS, "ms");
        int unlucky = column(ModularStudy.COLUMNS, "unlucky");
        for (String op : ModularStudy.OPS) {
            for (String route : List.of("crt", "bigprime")) {
                assertTrue(lines.stream().anyMatch(l -> l.startsWith(op + ",") && l.contains("," + route + ",cpu,")
                        && Double.parseDouble(l.split(",")[ms]) > 0), op + " " + route + " in " + lines);
            }
        }
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split(",", -1);
            if (c[1].equals("planted") && c[4].equals("crt")) {
                // b = a + P r with P the first CRT prime: that prime's image has a larger gcd
                assertTrue(Integer.parseInt(c[unlucky]) >= 1, "the planted prime is met and discarded: " + line);
            } else {
                assertEquals(0, Integer.parseInt(c[unlucky]), "no unlucky prime on random inputs or a big prime: " + line);
            }
        }
    }

    @Test
    void modularStudyBadOptionsAreOneErrorLine() {
        CliRunner.run("study", "modular", "--quick", "--ops", "det,lu", "-o", dir.toString()).assertOneError("--ops", "lu");
        CliRunner.run("study", "modular", "--quick", "--budget", "0", "-o", dir.toString()).assertOneError("--budget");
        CliRunner.run("study", "modular", "--quick", "--threads", "0", "-o", dir.toString()).assertOneError("--threads");
        CliRunner.run("study", "modular", "--quick", "--bits", "1", "-o", dir.toString()).assertOneError("--bits");
        CliRunner.run("study", "modular", "--quick", "--sizes", "0", "-o", dir.toString()).assertOneError("--sizes");
    }

    @Test
    void aStudyCutShortKeepsItsRowsAndResumes() throws Exception {
        // a time limit of a microsecond lets exactly one item start
        CliRunner first = CliRunner.run("study", "crossover", "--quick", "-o", dir.toString(), "--time-limit", "0.000001");
        assertEquals(3, first.exitCode, "exit code 3: not complete; " + first.err);
        Path csv = dir.resolve("study-crossover.csv");
        List<String> partial = Files.readAllLines(csv);
        assertEquals(1 + 4, partial.size(), "one item (four algorithms) done: " + partial);
        CliRunner second = CliRunner.run("study", "crossover", "--quick", "-o", dir.toString(), "--resume");
        assertEquals(0, second.exitCode, second.err);
        List<String> all = Files.readAllLines(csv);
        assertEquals(1 + 2 * 3 * 4, all.size(), all.toString());
        assertEquals(partial, all.subList(0, partial.size()), "the first run's rows are kept as they were");
        assertTrue(second.out.contains("resuming: 4 rows kept"), second.out);
    }

    @Test
    void resumingAFileWithOtherColumnsIsRefused() throws Exception {
        Files.writeString(dir.resolve("study-intmul.csv"), "a,b,c\n1,2,3\n");
        CliRunner r = CliRunner.run("study", "intmul", "--quick", "-o", dir.toString(), "--resume");
        assertEquals(2, r.exitCode, r.out);
        assertTrue(r.err.contains("cannot resume") && r.err.contains("a,b,c"), r.err);
        assertFalse(Files.readString(dir.resolve("study-intmul.csv")).contains("modalg"), "the file is left alone");
    }
}
