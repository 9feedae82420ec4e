package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.modalg.examples.study.FpFftSpeedStudy;
import org.modalg.examples.study.FpFftStudy;

/** {@code modalg study fpfft} and {@code fpfft-speed} at their --quick sizes. */
class FpFftStudyCommandTest {
    @TempDir
    Path dir;

    private List<String> quick(String study, String[] columns) throws Exception {
        CliRunner r = CliRunner.run("study", study, "--quick", "-o", dir.toString());
        assertEquals(0, r.exitCode, r.err + r.out);
        List<String> lines = Files.readAllLines(dir.resolve("study-" + study + ".csv"));
        assertEquals(String.join(",", columns), lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            assertEquals(columns.length, line.split(",", -1).length, line);
        }
        assertNotNull(ImageIO.read(dir.resolve("study-" + study + ".png").toFile()), "a PNG plot");
        return lines;
    }

    @Test
    void errorStudyRowsAreExactWhereTheBoundProvesThem() throws Exception {
        List<String> lines = quick("fpfft", FpFftStudy.COLUMNS);
        assertEquals(1 + 9, lines.size(), "fp32, fp64 and the proven route at 2^12..2^14 digits: " + lines);
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split(",");
            double bound = Double.parseDouble(c[7]);
            double max = Double.parseDouble(c[6]);
            assertTrue(max <= bound, "observed error within the proven bound: " + line);
            if (bound < 0.5) {
                assertEquals("yes", c[9], "a proven row must be exact: " + line);
            }
        }
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("fp64-proven,")), "the proven route's rows");
    }

    @Test
    void speedStudyChecksEveryProduct() throws Exception {
        List<String> lines = quick("fpfft-speed", FpFftSpeedStudy.COLUMNS);
        assertTrue(lines.size() >= 1 + 2 * 4, "four routes at two sizes: " + lines);
        for (String line : lines.subList(1, lines.size())) {
            String check = line.split(",")[5];
            assertTrue(check.equals("ok") || check.equals("oracle"), line);
        }
    }
}
