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
import org.modalg.examples.bench.IntMulBenchmark;

class ArithmeticCommandsTest {
    private static final long SEED = Long.getLong("modalg.test.seed", 31L);

    @TempDir
    Path dir;

    @Test
    void intmulAndIntdivAgreeWithBigInteger() throws Exception {
        Random rnd = new Random(SEED);
        for (int bits : new int[] {1, 64, 1000, 200_000}) {
            BigInteger a = new BigInteger(bits, rnd).negate();
            BigInteger b = new BigInteger(bits / 2 + 1, rnd).add(BigInteger.ONE);
            Path fa = dir.resolve("a.txt");
            Files.writeString(fa, a.toString());
            CliRunner mul = CliRunner.run("intmul", "file:" + fa, b.toString());
            assertEquals(0, mul.exitCode, mul.err);
            assertEquals(a.multiply(b), new BigInteger(mul.out.trim()), "bits=" + bits + " seed=" + SEED);
            CliRunner div = CliRunner.run("intdiv", "file:" + fa, b.toString());
            assertEquals(0, div.exitCode, div.err);
            String[] qr = div.out.trim().split("\n");
            BigInteger[] want = a.divideAndRemainder(b);
            assertEquals(want[0], new BigInteger(qr[0].trim()));
            assertEquals(want[1], new BigInteger(qr[1].trim()));
        }
    }

    @Test
    void polymulInBothFormatsAndModP() throws Exception {
        CliRunner human = CliRunner.run("polymul", "3*x^2 - x + 7", "x + 1");
        assertEquals("3*x^3 + 2*x^2 + 6*x + 7", human.out.trim(), human.err);
        Path f = dir.resolve("f.txt");
        Files.writeString(f, "3  7 -1 3\n");
        CliRunner flint = CliRunner.run("polymul", "--flint", "file:" + f, "2  1 1");
        assertEquals("4  7 6 2 3", flint.out.trim(), flint.err);
        Path out = dir.resolve("out.txt");
        CliRunner mod = CliRunner.run("polymul", "--mod", "7", "--flint", "3  7 -1 3", "2  1 1", "-o", out.toString());
        assertEquals(0, mod.exitCode, mod.err);
        assertEquals("4  0 6 2 3", Files.readString(out).trim());
    }

    @Test
    void badInputGivesOneClearError() {
        CliRunner div0 = CliRunner.run("intdiv", "5", "0");
        assertEquals(2, div0.exitCode);
        assertTrue(div0.err.contains("division by zero"), div0.err);
        CliRunner bad = CliRunner.run("intmul", "12x", "3");
        assertEquals(2, bad.exitCode);
        assertTrue(bad.err.contains("A: line 1, column 3: 'x' is not a decimal digit"), bad.err);
        CliRunner parse = CliRunner.run("polymul", "3*x^^2", "x");
        assertEquals(2, parse.exitCode);
        assertTrue(parse.err.contains("line 1, column"), parse.err);
        CliRunner mod = CliRunner.run("polymul", "--mod", "8", "x", "x");
        assertEquals(2, mod.exitCode);
        assertTrue(mod.err.contains("p must be"), mod.err);
    }

    @Test
    void quickPolymulBenchWritesDocumentedColumns() throws Exception {
        Path csv = dir.resolve("polymul.csv");
        CliRunner r = CliRunner.run("bench", "polymul", "--quick", "-o", csv.toString());
        assertEquals(0, r.exitCode, r.err);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(String.join(",", org.modalg.examples.bench.PolyMulBenchmark.COLUMNS), lines.get(0));
        assertEquals(1 + 3 + 2 + 3, lines.size(), lines.toString());
        String before = System.getProperty("modalg.threads");
        CliRunner one = CliRunner.run("bench", "polymul", "--quick", "--threads", "1", "-o", csv.toString());
        assertEquals(0, one.exitCode, one.err);
        assertTrue(one.out.contains(", 1 thread(s)"), one.out);
        assertEquals(before, System.getProperty("modalg.threads"), "--threads is passed per call, not set JVM-wide");
    }

    @Test
    void quickIntmulBenchWritesDocumentedColumns() throws Exception {
        Path csv = dir.resolve("intmul.csv");
        CliRunner r = CliRunner.run("bench", "intmul", "--quick", "-o", csv.toString());
        assertEquals(0, r.exitCode, r.err);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(String.join(",", IntMulBenchmark.COLUMNS), lines.get(0));
        assertEquals(3, lines.size(), lines.toString());
    }
}
