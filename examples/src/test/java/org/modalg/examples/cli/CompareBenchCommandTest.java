package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.modalg.examples.bench.CompareBenchmark;
import org.modalg.examples.bench.peer.FlintInputs;
import org.modalg.examples.bench.peer.FlintPeer;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@code modalg bench compare}: the product inputs of FLINT's harness reproduced bit for bit
 * (checked against checksums FLINT 3.6's {@code flint3_bench} printed), a smoke run without the
 * peer (every small row checked against BigInteger or the schoolbook product), a run with the
 * real binary at its smallest sizes when it is present, the early stop of the peer, bad options.
 */
class CompareBenchCommandTest {
    @TempDir
    Path dir;

    // Printed by /work/shared/anchors/flint3_bench (FLINT 3.6.0, GMP 6.2.1), one thread.
    private static final long CK_INTMUL_10000 = 683987237604449551L;
    private static final long CK_POLYZ_1024_64 = 1132453413072442246L;
    private static final long CK_POLYZ_1024_1000 = 1092925598074213633L;
    private static final long CK_NMOD_65536 = 1973581999349333994L;
    private static final long NMOD_P = 4611686018427388039L;

    private static int col(String name) {
        int i = List.of(CompareBenchmark.COLUMNS).indexOf(name);
        assertTrue(i >= 0, name);
        return i;
    }

    private static List<String[]> rows(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        assertEquals(String.join(",", CompareBenchmark.COLUMNS), lines.get(0));
        List<String[]> out = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] c = l.split(",", -1);
            assertEquals(CompareBenchmark.COLUMNS.length, c.length, l);
            out.add(c);
        }
        return out;
    }

    @Test
    void productInputsAreTheHarnessInputsBitForBit() {
        BigInteger[] ab = FlintInputs.intmulInput(10_000);
        assertEquals(10_000, ab[0].bitLength());
        assertEquals(10_000, ab[1].bitLength());
        assertEquals(CK_INTMUL_10000, FlintInputs.checksum(ab[0].multiply(ab[1])));
        ZZPoly[] p64 = FlintInputs.polyzInput(1024, 64);
        assertEquals(1023, p64[0].degree());
        assertEquals(64, p64[1].maxCoefficientBits());
        assertEquals(CK_POLYZ_1024_64, FlintInputs.checksum(p64[0].multiply(p64[1])));
        ZZPoly[] p1000 = FlintInputs.polyzInput(1024, 1000);
        assertEquals(CK_POLYZ_1024_1000, FlintInputs.checksum(p1000[0].multiply(p1000[1])));
        // nmod: p = nextprime(2^62) as the harness prints it; the product through Z[x] (residues
        // as integers) reduced modulo p has the harness's checksum
        assertEquals(NMOD_P, FlintInputs.nmodPrime());
        long[][] nm = FlintInputs.nmodInput(1 << 16, NMOD_P);
        BigInteger p = BigInteger.valueOf(NMOD_P);
        ZZPoly a = ZZPoly.of(nm[0]);
        ZZPoly b = ZZPoly.of(nm[1]);
        ZZPoly c = a.multiply(b);
        long[] res = new long[c.length()];
        for (int i = 0; i < res.length; i++) {
            res[i] = c.coefficient(i).mod(p).longValueExact();
        }
        int len = res.length;
        while (len > 0 && res[len - 1] == 0) {
            len--;
        }
        assertEquals((1 << 17) - 1, len, "outlen=131071");
        assertEquals(CK_NMOD_65536, FlintInputs.checksum(res, len));
    }

    @Test
    void residuesAndChecksumsAgainstBigInteger() {
        long seed = System.nanoTime();
        System.out.println("CompareBenchCommandTest seed " + seed);
        Random rnd = new Random(seed);
        FlintInputs in = FlintInputs.seeded("test " + seed);
        for (long q : new long[] {1L << 61, (1L << 61) + 1, NMOD_P, Long.MAX_VALUE}) {
            for (int i = 0; i < 50; i++) {
                long x = in.uniform(q);
                assertTrue(x >= 0 && x < q, x + " in [0, " + q + ")");
            }
        }
        for (long bad : new long[] {0, -1, 2, 1000003, (1L << 61) - 1, Long.MIN_VALUE}) {
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> in.uniform(bad));
        }
        // the nmod checksum against BigInteger Horner modulo 2^61 - 1
        BigInteger cp = FlintInputs.CHECKSUM_PRIME;
        for (int it = 0; it < 20; it++) {
            int n = rnd.nextInt(50);
            long[] r = new long[n];
            BigInteger h = BigInteger.valueOf(n);
            for (int i = 0; i < n; i++) {
                r[i] = rnd.nextLong() >>> 1;
                h = h.multiply(BigInteger.valueOf(1000003)).add(BigInteger.valueOf(r[i]).mod(cp)).mod(cp);
            }
            assertEquals(h.longValueExact(), FlintInputs.checksum(r, n), "seed " + seed);
        }
    }

    @Test
    void smokeRunWithoutThePeerChecksSmallRowsAgainstNaiveProducts() throws Exception {
        Path csv = dir.resolve("compare.csv");
        CliRunner r = CliRunner.run("bench", "compare", "--part", "intmul,polyz,nmod", "--max-log2", "16",
                "--max-bits", "100000", "--polyz-bits", "64", "--rounds", "1", "--repeats", "1", "--threads", "2",
                "--backend", "cpu", "--flint", "none", "-o", csv.toString());
        assertEquals(0, r.exitCode, r.err + r.out);
        List<String[]> rows = rows(csv);
        // intmul 10^4, 10^5 bits x 3 FLINT rows; polyz 2^10, 2^14 at 64 bits; nmod 2^16
        assertEquals(2 * 3 + 2 + 1, rows.size());
        for (String[] c : rows) {
            String line = String.join(",", c);
            assertEquals("2", c[col("threads")], line);
            assertEquals("cpu", c[col("backend")], line);
            assertTrue(c[col("flint_ms")].isEmpty() && c[col("ratio")].isEmpty(), line);
            if (c[col("modalg_ms")].equals("unsupported")) {
                assertEquals("nmod", c[col("part")], "only the nmod rows may be beyond modalg: " + line);
                assertTrue(c[col("note")].startsWith("unsupported: ") && c[col("note")].length() > 13, line);
                continue;
            }
            assertTrue(Double.parseDouble(c[col("modalg_min_ms")]) > 0, line);
            boolean small = c[col("part")].equals("intmul") || Integer.parseInt(c[col("size")]) <= 1 << 12;
            assertEquals(small ? "= naive ck" : "no FLINT run", c[col("check")], line);
        }
        assertTrue(r.out.contains("FLINT peer: none"), r.out);
        assertTrue(r.out.contains("modalg's backend cpu"), r.out);
    }

    @Test
    void anUnknownBackendIsOneErrorLine() {
        CliRunner r = CliRunner.run("bench", "compare", "--backend", "tpu", "--flint", "none", "-o",
                dir.resolve("x.csv").toString());
        assertEquals(2, r.exitCode, r.err + r.out);
        assertTrue(r.err.startsWith("error: ") && r.err.contains("backend") && r.err.contains("tpu"), r.err);
        assertFalse(Files.exists(dir.resolve("x.csv")), "no CSV for a refused run");
    }

    @Test
    void withTheRealPeerAtTheSmallestSizesEveryResultHasFlintsChecksum() throws Exception {
        Optional<Path> bin = FlintPeer.locateDefault();
        if (bin.isEmpty()) {
            System.out.println("CompareBenchCommandTest: skipped the run with FLINT: no flint3_bench found"
                    + " (../shared/anchors/flint3_bench beside the repository)");
            org.junit.jupiter.api.Assumptions.abort("no flint3_bench");
        }
        Path csv = dir.resolve("real.csv");
        CliRunner r = CliRunner.run("bench", "compare", "--part", "intmul,polyz,nmod", "--max-log2", "16",
                "--max-bits", "10000", "--polyz-bits", "64", "--rounds", "2", "--repeats", "1", "--flint",
                bin.get().toString(), "-o", csv.toString());
        assertEquals(0, r.exitCode, r.err + r.out);
        // alternately: per round and part, FLINT's section, then modalg's rows
        List<String> order = new ArrayList<>();
        for (String l : r.out.split("\n")) {
            if (l.startsWith("# round ")) {
                order.add(l.substring(2, l.indexOf(" on ")));
            }
        }
        assertEquals(List.of("round 1: FLINT intmul", "round 1: modalg intmul", "round 1: FLINT polyz",
                "round 1: modalg polyz", "round 1: FLINT nmod", "round 1: modalg nmod", "round 2: FLINT intmul",
                "round 2: modalg intmul", "round 2: FLINT polyz", "round 2: modalg polyz", "round 2: FLINT nmod",
                "round 2: modalg nmod"), order, r.out);
        List<String[]> rows = rows(csv);
        assertEquals(3 + 2 + 1, rows.size());
        for (String[] c : rows) {
            String line = String.join(",", c);
            assertTrue(Double.parseDouble(c[col("flint_ms")]) > 0, "FLINT's time: " + line);
            if (c[col("modalg_ms")].equals("unsupported")) {
                assertEquals("nmod", c[col("part")], line);
                continue;
            }
            assertEquals("= FLINT ck", c[col("check")], line);
            double ratio = Double.parseDouble(c[col("ratio")]);
            assertEquals(Double.parseDouble(c[col("modalg_min_ms")]) / Double.parseDouble(c[col("flint_ms")]), ratio,
                    ratio * 0.02 + 0.01, line);
            assertEquals(2, c[col("ratios_by_round")].split("; ").length, "one ratio a round: " + line);
        }
        assertTrue(r.out.contains("FLINT 3.6"), r.out);
    }

    @Test
    void thePeerStopsOnceTheRowsAskedForArePrinted() throws Exception {
        // a stand-in that prints its rows, then would sleep far past the timeout
        Path fake = dir.resolve("flint3_bench");
        Files.writeString(fake, "#!/bin/sh\n"
                + "echo '# FLINT 3.6.0 (header 3.6.0), GMP 6.2.1, threads='$1\n"
                + "echo 'nmod_poly_mul len 65536, 62-bit p                           96.4627 ms  runs=3 k=1"
                + " first=150.5ms  p=4611686018427388039 outlen=131071 ck=" + CK_NMOD_65536 + "'\n"
                + "exec sleep 60\n");
        assertTrue(fake.toFile().setExecutable(true));
        Map<String, FlintPeer.Row> rows = FlintPeer.at(fake).run("nmod", 1, 20, Set.of(FlintInputs.nmodLabel(1 << 16)));
        assertEquals(CK_NMOD_65536, rows.get(FlintInputs.nmodLabel(1 << 16)).checksum());
        // without the early stop the same script runs past a timeout: an error naming it
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> FlintPeer.at(fake).run("nmod", 1, 1));
        assertTrue(e.getMessage().contains("ran past"), e.getMessage());
    }

    @Test
    void badOptionsAreOneErrorLine() {
        String o = dir.resolve("x.csv").toString();
        CliRunner.run("bench", "compare", "--part", "intmul,fft", "--flint", "none", "-o", o)
                .assertOneError("--part", "fft");
        CliRunner.run("bench", "compare", "--polyz-bits", "32", "--flint", "none", "-o", o)
                .assertOneError("--polyz-bits", "32");
        CliRunner.run("bench", "compare", "--max-log2", "0", "--flint", "none", "-o", o).assertOneError("--max-log2");
        CliRunner.run("bench", "compare", "--max-bits", "0", "--flint", "none", "-o", o).assertOneError("--max-bits");
        CliRunner.run("bench", "compare", "--threads", "0", "--flint", "none", "-o", o).assertOneError("--threads");
        CliRunner.run("bench", "compare", "--rounds", "0", "--flint", "none", "-o", o).assertOneError("--rounds");
        CliRunner.run("bench", "compare", "--flint", dir.resolve("nope").toString(), "-o", o)
                .assertOneError("--flint", "no such file");
        assertFalse(Files.exists(dir.resolve("x.csv")), "no CSV after an error");
    }
}
