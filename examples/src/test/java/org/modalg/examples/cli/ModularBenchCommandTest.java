package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.modalg.examples.bench.ModularBenchmark;
import org.modalg.examples.bench.peer.FlintInputs;
import org.modalg.examples.bench.peer.FlintPeer;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@code modalg bench modular}: FLINT's harness inputs reproduced bit for bit (checked against
 * checksums FLINT 3.6's {@code flint3_bench} printed), its output parsed, the peer run in the same
 * invocation (a stand-in script with the real harness's rows), the CSV columns, and bad options.
 */
class ModularBenchCommandTest {
    @TempDir
    Path dir;

    // Printed by /work/shared/anchors/flint3_bench (FLINT 3.6.0, GMP 6.2.1) for these rows.
    private static final String RES_100 = "fmpz_poly_resultant deg 100, 64-bit                         16.4609 ms"
            + "  runs=3 k=1 first=19.4ms  resbits=13192 ck=1828660912159889292";
    private static final String GCD_500_64 = "fmpz_poly_gcd deg 500, 64-bit, common deg 250                5.8996 ms"
            + "  runs=3 k=10 first=2.1ms  deg f=500 gcd deg=250 maxbits f=133 ck=399137120386763033";
    private static final String GCD_500_256 = "fmpz_poly_gcd deg 500, 256-bit, common deg 250              25.1975 ms"
            + "  runs=3 k=1 first=38.8ms  deg f=500 gcd deg=250 maxbits f=517 ck=1825554518093841177";

    @Test
    void inputsAreTheHarnessInputsBitForBit() {
        // the resultant of the harness's degree-100 input has its checksum and bit size
        ZZPoly[] fg = FlintInputs.resultantInput(100, 64);
        assertEquals(100, fg[0].degree());
        BigInteger res = Resultant.resultant(fg[0], fg[1]);
        assertEquals(13192, res.bitLength());
        assertEquals(1828660912159889292L, FlintInputs.checksum(res));
        // the gcd inputs: f = a h, g = b h with maxbits f = 133 (harness) and the gcd's checksum
        ZZPoly[] g = FlintInputs.gcdInput(500, 64);
        assertEquals(500, g[0].degree());
        assertEquals(133, g[0].maxCoefficientBits());
        ZZPoly h = org.modalg.modular.poly.PolynomialGcd.gcd(g[0], g[1]);
        assertEquals(250, h.degree());
        assertEquals(399137120386763033L, FlintInputs.checksum(h));
    }

    @Test
    void exactIntegersHaveTheStatedSizeAndBothSigns() {
        long seed = new Random().nextLong();
        System.out.println("ModularBenchCommandTest seed " + seed);
        Random rnd = new Random(seed);
        FlintInputs in = FlintInputs.seeded("test " + seed);
        for (int bits : new int[] {1, 2, 63, 64, 65, 127, 128, 129, 1000}) {
            int negative = 0;
            for (int i = 0; i < 40; i++) {
                BigInteger x = in.exact(bits, true);
                assertEquals(bits, x.abs().bitLength(), "exactly " + bits + " bits: " + x);
                negative += x.signum() < 0 ? 1 : 0;
                assertTrue(in.exact(bits, false).signum() > 0);
            }
            assertTrue(negative > 0 && negative < 40, negative + " of 40 negative at " + bits + " bits");
        }
        // checksum: the non-negative residue modulo 2^61 - 1, against BigInteger arithmetic
        for (int i = 0; i < 50; i++) {
            BigInteger x = new BigInteger(1 + rnd.nextInt(300), rnd).subtract(BigInteger.ONE.shiftLeft(150));
            long ck = FlintInputs.checksum(x);
            assertTrue(ck >= 0 && BigInteger.valueOf(ck).subtract(x).mod(FlintInputs.CHECKSUM_PRIME).signum() == 0);
        }
        assertEquals(0, FlintInputs.checksum(FlintInputs.CHECKSUM_PRIME.negate()));
        assertEquals(0, FlintInputs.checksum(ZZPoly.ZERO), "the zero polynomial: length 0, no coefficient");
        assertEquals(1_000_003L + 7, FlintInputs.checksum(ZZPoly.of(new BigInteger[] {BigInteger.valueOf(7)})),
                "length 1, then 1 * 1000003 + ck(7)");
        assertThrows(() -> in.exact(0, true));
    }

    private static void assertThrows(Runnable r) {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, r::run);
    }

    @Test
    void harnessOutputIsParsed() {
        Map<String, FlintPeer.Row> rows = FlintPeer.parse(List.of("# FLINT 3.6.0 (header 3.6.0), GMP 6.2.1, threads=1",
                RES_100, GCD_500_64, "garbage line"));
        assertEquals(2, rows.size(), rows.toString());
        FlintPeer.Row r = rows.get(FlintInputs.resultantLabel(100, 64));
        assertEquals(16.4609, r.ms(), 1e-9);
        assertEquals(3, r.runs());
        assertEquals(1828660912159889292L, r.checksum());
        assertEquals(5.8996, rows.get(FlintInputs.gcdLabel(500, 64)).ms(), 1e-9);
    }

    // the index of a CSV column
    private static int col(String name) {
        int i = List.of(ModularBenchmark.COLUMNS).indexOf(name);
        assertTrue(i >= 0, name);
        return i;
    }

    @Test
    void quickBenchWritesTheDocumentedColumnsAndTheSolveRows() throws Exception {
        CliRunner r = CliRunner.run("bench", "modular", "--quick", "--threads", "2", "--flint", "none", "--repeats", "1",
                "-o", dir.toString());
        assertEquals(0, r.exitCode, r.err + r.out);
        List<String> lines = Files.readAllLines(dir.resolve("modular.csv"));
        assertEquals(String.join(",", ModularBenchmark.COLUMNS), lines.get(0));
        // det: 2 cases, gcd 1, resultant 1, solve 1, two rows each (2 threads, 1 thread)
        assertEquals(1 + 5 * 2, lines.size(), lines.toString());
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split(",", -1);
            assertEquals(ModularBenchmark.COLUMNS.length, c.length, line);
            assertEquals("no FLINT row", c[col("check")], line);
            assertTrue(Double.parseDouble(c[col("ms")]) > 0, line);
            assertTrue(Integer.parseInt(c[col("primes")]) > 0, "primes used: " + line);
            assertTrue(Integer.parseInt(c[col("unlucky")]) >= 0 && Integer.parseInt(c[col("skipped")]) >= 0, line);
            assertEquals(0.0, Double.parseDouble(c[col("transfer_ms")]), "the CPU copies nothing: " + line);
            double grouped = 0;
            for (String g : new String[] {"transfer_ms", "images_ms", "reconstruction_ms", "other_ms"}) {
                grouped += Double.parseDouble(c[col(g)]);
            }
            assertTrue(grouped > 0 && !c[col("phases")].isEmpty(), "phase times, grouped and as named: " + line);
            assertTrue(c[col("phases")].contains("transfer 0.0"), "the transfer phase as named: " + line);
        }
        assertTrue(r.out.contains("FLINT peer: none"), r.out);
    }

    @Test
    void theFlintPeerRunsInTheSameInvocationAndItsChecksumsCheckModalg() throws Exception {
        // a stand-in for flint3_bench: the real harness's gcd rows, the second with a wrong checksum
        Path fake = dir.resolve("flint3_bench");
        Files.writeString(fake, "#!/bin/sh\n"
                + "echo '# FLINT 3.6.0 (header 3.6.0), GMP 6.2.1, threads='$1\n"
                + "[ \"$2\" = gcd ] || exit 3\n"
                + "echo '" + GCD_500_64 + "'\n"
                + "echo '" + GCD_500_256.replace("ck=1825554518093841177", "ck=12345") + "'\n");
        assertTrue(fake.toFile().setExecutable(true));
        Path out = dir.resolve("out");
        CliRunner r = CliRunner.run("bench", "modular", "--sizes", "small", "--part", "gcd", "--threads", "1",
                "--repeats", "1", "--flint", fake.toString(), "--flint-threads", "1,2", "-o", out.toString());
        assertEquals(1, r.exitCode, "exit 1: a result differs from FLINT's checksum; " + r.err + r.out);
        assertTrue(r.err.contains("1 result(s) differ from FLINT's checksum"), r.err);
        List<String> lines = Files.readAllLines(out.resolve("modular.csv"));
        assertEquals(1 + 2, lines.size(), lines.toString());
        String[] g64 = lines.get(1).split(",", -1);
        assertEquals("gcd", g64[0]);
        assertEquals("64", g64[2]);
        assertEquals("5.9", g64[col("flint_1t_ms")].substring(0, 3), "FLINT's one-thread time: " + lines.get(1));
        assertEquals("2", g64[col("flint_threads")], "FLINT's largest thread count");
        assertEquals("= FLINT ck", g64[col("check")]);
        double ratio = Double.parseDouble(g64[col("x_flint_1t")]);
        assertEquals(Double.parseDouble(g64[col("ms")]) / 5.8996, ratio, ratio * 0.01 + 0.01);
        assertEquals("DIFFERS from FLINT ck", lines.get(2).split(",", -1)[col("check")]);
        assertTrue(r.out.contains("FLINT 3.6.0"), "the peer's version line: " + r.out);
    }

    @Test
    void badOptionsAreOneErrorLine() {
        CliRunner.run("bench", "modular", "--sizes", "huge", "--flint", "none", "-o", dir.toString())
                .assertOneError("--sizes", "quick, small, issue");
        CliRunner.run("bench", "modular", "--quick", "--part", "det,lu", "--flint", "none", "-o", dir.toString())
                .assertOneError("--part", "lu");
        CliRunner.run("bench", "modular", "--quick", "--threads", "0", "--flint", "none", "-o", dir.toString())
                .assertOneError("--threads", "0");
        CliRunner.run("bench", "modular", "--quick", "--repeats", "0", "--flint", "none", "-o", dir.toString())
                .assertOneError("--repeats");
        CliRunner.run("bench", "modular", "--quick", "--flint-threads", "1,0", "-o", dir.toString())
                .assertOneError("--flint-threads");
        CliRunner.run("bench", "modular", "--quick", "--flint", dir.resolve("nope").toString(), "-o", dir.toString())
                .assertOneError("--flint", "no such file");
        CliRunner.run("bench", "modular", "--quick", "--flint", dir.toString(), "-o", dir.toString())
                .assertOneError("--flint", "not an executable file");
        CliRunner.run("bench", "modular", "--quick", "--threads", "x", "-o", dir.toString()).assertOneError("--threads");
        assertFalse(Files.exists(dir.resolve("modular.csv")), "no CSV after an error");
    }

    @Test
    void gpuRowsWithoutAGpuAreAnError() {
        boolean usable;
        try {
            ImageEngines.forOptions(Options.defaults().withBackend(Backend.GPU));
            usable = true;
        } catch (IllegalStateException e) {
            usable = false;
        }
        Assumptions.assumeFalse(usable, "a GPU image engine is usable here");
        CliRunner.run("bench", "modular", "--quick", "--gpu", "--flint", "none", "-o", dir.toString())
                .assertOneError("--gpu", "no usable GPU");
    }
}
