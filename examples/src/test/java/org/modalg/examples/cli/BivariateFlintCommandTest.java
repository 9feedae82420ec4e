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
import org.modalg.examples.bench.BivariateFlintBenchmark;
import org.modalg.examples.bench.peer.FlintBivariateInputs;
import org.modalg.examples.bench.peer.FlintMpolyPeer;
import org.modalg.examples.study.BivariateStudy;
import org.modalg.modular.bivariate.BivariateGcd;
import org.modalg.modular.bivariate.BivariateResultant;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * {@code bench modular --part bivariate} and {@code study bivariate}: modalg's results on the FLINT
 * peer's inputs against checksums FLINT 2.9.0 printed for them (flint_mpoly_bench, Debian's
 * libflint-dev), the command's rows with and without the peer (when modular/target/flint_mpoly_bench
 * has been built, its checksums must match), the study's CSV and plot, and bad cases.
 */
class BivariateFlintCommandTest {
    @TempDir
    Path dir;

    @Test
    void resultsMatchChecksumsFlintPrinted() {
        // fmpz_mpoly_resultant d=5, 16-bit and fmpz_mpoly_gcd d=20, 16-bit, common d=10 (FLINT 2.9.0, 1 thread)
        ZZBivariate[] r = FlintBivariateInputs.resultantInput(5, 16);
        assertEquals(1598070935764853113L, FlintBivariateInputs.checksum(BivariateResultant.resultant(r[0], r[1])));
        ZZBivariate[] g = FlintBivariateInputs.gcdInput(20, 16);
        ZZBivariate h = BivariateGcd.gcd(g[0], g[1]);
        assertEquals(1134795394290304814L, FlintBivariateInputs.checksum(h));
        assertEquals(10, h.degreeX());
        assertEquals(10, h.degreeY());
        // the inputs themselves: dense of the stated total degree, every coefficient exactly 16 bits
        for (ZZBivariate f : r) {
            assertEquals(5, f.totalDegree());
            assertEquals(21, f.termCount());
            for (int i = 0; i <= 5; i++) {
                for (int j = 0; j <= 5 - i; j++) {
                    assertEquals(16, f.coefficient(i, j).abs().bitLength());
                }
            }
        }
    }

    @Test
    void benchRowsAgreeWithThePeerWhenItIsBuilt() throws Exception {
        CliRunner run = CliRunner.run("bench", "modular", "--part", "bivariate", "--quick", "--threads", "2",
                "--repeats", "1", "-o", dir.toString());
        assertEquals(0, run.exitCode, run.err + run.out);
        List<String> lines = Files.readAllLines(dir.resolve("modular-bivariate.csv"));
        assertEquals(String.join(",", BivariateFlintBenchmark.COLUMNS), lines.get(0));
        assertEquals(1 + 4, lines.size(), "res and gcd at 1 and 2 threads: " + lines);
        boolean peer = FlintMpolyPeer.locateDefault().isPresent();
        for (String line : lines.subList(1, lines.size())) {
            String check = line.split(",")[10];
            assertEquals(peer ? "= FLINT ck" : "FLINT not run", check, line);
        }
        CliRunner none = CliRunner.run("bench", "modular", "--part", "bivariate", "--quick", "--flint-mpoly", "none",
                "--threads", "1", "--repeats", "1", "-o", dir.toString());
        assertEquals(0, none.exitCode, none.err + none.out);
        assertTrue(none.out.contains("FLINT peer: none"), none.out);
    }

    @Test
    void badCasesAreErrorsNamingTheOption() {
        CliRunner run = CliRunner.run("bench", "modular", "--part", "bivariate", "--bivariate-res", "0:16", "-o",
                dir.toString());
        assertTrue(run.exitCode != 0);
        assertTrue(run.err.contains("--bivariate-res takes D:B cases"), run.err);
        run = CliRunner.run("bench", "modular", "--part", "bivariate", "--bivariate-gcd", "20-16", "-o",
                dir.toString());
        assertTrue(run.err.contains("--bivariate-gcd takes D:B cases"), run.err);
        run = CliRunner.run("bench", "modular", "--part", "bivariate", "--flint-mpoly", dir.resolve("nothing").toString(),
                "-o", dir.toString());
        assertTrue(run.err.contains("--flint-mpoly must name an executable"), run.err);
    }

    @Test
    void studyWritesRowsThatAgreeAndAPlot() throws Exception {
        CliRunner run = CliRunner.run("study", "bivariate", "--quick", "--threads", "2", "-o", dir.toString());
        assertEquals(0, run.exitCode, run.err + run.out);
        List<String> lines = Files.readAllLines(dir.resolve("study-bivariate.csv"));
        assertEquals(String.join(",", BivariateStudy.COLUMNS), lines.get(0));
        assertTrue(lines.size() >= 1 + 8, "two ops, two degrees, 1 and 2 threads: " + lines);
        for (String line : lines.subList(1, lines.size())) {
            String check = line.split(",")[8];
            assertTrue(check.equals("reference") || check.equals("same"), line);
        }
        assertNotNull(ImageIO.read(dir.resolve("study-bivariate.png").toFile()), "a PNG plot");
    }

    @Test
    void studyLeavesOutTheOneThreadRowsWhenAsked() throws Exception {
        CliRunner run = CliRunner.run("study", "bivariate", "--quick", "--threads", "2", "--no-one-thread", "-o",
                dir.toString());
        assertEquals(0, run.exitCode, run.err + run.out);
        List<String> lines = Files.readAllLines(dir.resolve("study-bivariate.csv"));
        assertTrue(lines.size() >= 1 + 4, "two ops, two degrees, 2 threads: " + lines);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            assertEquals("2", f[4], "no one-thread row: " + line);
            assertTrue(f[8].equals("reference") || f[8].equals("same"), line);
        }
    }
}
