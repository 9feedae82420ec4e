package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.modalg.examples.cli.io.MiniJson;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * FLINT-format files far beyond the ~1,000 coefficients where the old format-guessing regular
 * expression overflowed the stack: polymul, gcd, Res(f, x) and Res(f, x^2) on 200,000
 * coefficients, and the gcd and Res(f, x^2) on 20,000 and 10,000 as well, in every build. The
 * gcd and Res(f, x^2) at 200,000 reduce a degree-200,000 polynomial modulo one of degree 1 or
 * 2 (2 and 8 primes): the modular kernel's remainder by a short divisor is O(deg) per prime
 * (PolyGcdDouble; it was O(deg^2), 56 s and 215 s for these two tests, when they were behind a
 * flag). Test times on the 2-core machine shared with other builds, this class alone (load
 * average 5 to 7) / after the other CLI tests warmed the JIT (load 3 to 5): polymul 5.2 / 0.8 s,
 * gcd 7.8 / 2.6 s, Res(f, x^2) 4.2 / 0.6 s, Res(f, x) 0.7 / 0.3 s.
 */
class LargeFlintFileTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @TempDir
    Path dir;

    private Path flintFile(String name, BigInteger[] c) throws Exception {
        StringBuilder s = new StringBuilder().append(c.length).append(' ');
        for (BigInteger v : c) {
            s.append(' ').append(v);
        }
        Path p = dir.resolve(name);
        Files.writeString(p, s.append('\n'), StandardCharsets.US_ASCII);
        return p;
    }

    private static BigInteger[] random(Random rnd, int n, int bits) {
        BigInteger[] c = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            c[i] = new BigInteger(bits, rnd).subtract(BigInteger.ONE.shiftLeft(bits - 1));
        }
        if (c[n - 1].signum() == 0) {
            c[n - 1] = BigInteger.ONE;
        }
        return c;
    }

    // a * h by the schoolbook convolution (h short).
    private static BigInteger[] times(BigInteger[] a, BigInteger[] h) {
        BigInteger[] r = new BigInteger[a.length + h.length - 1];
        java.util.Arrays.fill(r, BigInteger.ZERO);
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < h.length; j++) {
                r[i + j] = r[i + j].add(a[i].multiply(h[j]));
            }
        }
        return r;
    }

    // a(v) by Horner.
    private static BigInteger eval(BigInteger[] a, BigInteger v) {
        BigInteger r = BigInteger.ZERO;
        for (int i = a.length - 1; i >= 0; i--) {
            r = r.multiply(v).add(a[i]);
        }
        return r;
    }

    @Test
    void polymulOf200000Coefficients() throws Exception {
        Random rnd = new Random(SEED);
        BigInteger[] f = random(rnd, 200_000, 40);
        BigInteger[] g = random(rnd, 150_000, 24);
        Path out = dir.resolve("product.txt");
        CliRunner r = CliRunner.run("polymul", "--flint", "file:" + flintFile("f.txt", f), "file:" + flintFile("g.txt", g),
                "-o", out.toString());
        assertEquals(0, r.exitCode, r.err);
        ZZPoly want = ZZPoly.of(f).multiply(ZZPoly.of(g));
        assertEquals(want, ZZPoly.parseFlint(Files.readString(out)), "seed " + SEED);
    }

    @Test
    void gcdOf20000Coefficients() throws Exception {
        gcdCase(20_000);
    }

    @Test
    void gcdOf200000Coefficients() throws Exception {
        // 2.6 to 7.8 s on the loaded 2-core machine (56 s with the old quadratic remainder)
        gcdCase(200_000);
    }

    @Test
    void resultantOf10000Coefficients() throws Exception {
        resultantCase(10_000, 16, 100, true);
    }

    @Test
    void resultantOf200000CoefficientsWithX() throws Exception {
        // 8-bit coefficients: one prime suffices, under 1 s on the loaded 2-core machine
        resultantCase(200_000, 8, 12, false);
    }

    @Test
    void resultantOf200000CoefficientsWithXSquared() throws Exception {
        // 16-bit coefficients, f(0) of 100 bits: 8 primes, 0.6 to 4.2 s on the loaded 2-core machine
        // (215 s with the old quadratic remainder)
        resultantCase(200_000, 16, 100, true);
    }

    /** f = a h and g = (x - 3) h with a(3) != 0 and h = 3x^2 - 2x + 5 irreducible: gcd h, cofactors a and x - 3. */
    private void gcdCase(int n) throws Exception {
        Random rnd = new Random(SEED);
        BigInteger[] h = {BigInteger.valueOf(5), BigInteger.valueOf(-2), BigInteger.valueOf(3)};
        BigInteger[] a = random(rnd, n - 2, 20);
        if (eval(a, BigInteger.valueOf(3)).signum() == 0) {
            a[0] = a[0].add(BigInteger.ONE);
        }
        BigInteger[] b = {BigInteger.valueOf(-3), BigInteger.ONE};
        BigInteger[] f = times(a, h);
        BigInteger[] g = times(b, h);
        assertEquals(n, f.length);
        CliRunner r = CliRunner.run("gcd", "--flint", "--cofactors", "file:" + flintFile("f.txt", f),
                "file:" + flintFile("g.txt", g));
        assertEquals(0, r.exitCode, r.err);
        String[] lines = r.out.strip().split("\n");
        String msg = "n " + n + " seed " + SEED;
        assertEquals(3, lines.length, msg);
        assertEquals(ZZPoly.of(h), ZZPoly.parseFlint(lines[0]), "gcd = h: " + msg);
        // gcd * cofactor = input for both: the gcd divides both
        assertEquals(ZZPoly.of(a), ZZPoly.parseFlint(lines[1]), "F / gcd = a: " + msg);
        assertEquals(ZZPoly.of(b), ZZPoly.parseFlint(lines[2]), "G / gcd = x - 3: " + msg);
    }

    /**
     * Res(f, x) = (-1)^deg f f(0) and Res(f, x^2) = f(0)^2 (Res(f, g) = (-1)^(deg f deg g) lc(g)^deg f
     * times the product of f over the roots of g); coefficients of the given bits, f(0) of f0Bits.
     */
    private void resultantCase(int n, int bits, int f0Bits, boolean square) throws Exception {
        Random rnd = new Random(SEED);
        BigInteger[] f = random(rnd, n, bits);
        f[0] = new BigInteger(f0Bits, rnd).add(BigInteger.ONE).negate();
        Path file = flintFile("f.txt", f);
        String msg = "n " + n + " seed " + SEED;
        CliRunner lin = CliRunner.run("resultant", "--flint", "file:" + file, "2  0 1");
        assertEquals(0, lin.exitCode, lin.err);
        BigInteger sign = (n - 1) % 2 == 0 ? BigInteger.ONE : BigInteger.ONE.negate();
        assertEquals(sign.multiply(f[0]), new BigInteger(lin.out.strip()), "Res(f, x): " + msg);
        if (!square) {
            return;
        }
        CliRunner quad = CliRunner.run("resultant", "--json", "-v", "--flint", "file:" + file, "3  0 0 1");
        assertEquals(0, quad.exitCode, quad.err);
        java.util.Map<String, Object> json = MiniJson.object(quad.out);
        assertEquals(f[0].pow(2), new BigInteger((String) json.get("result")), "Res(f, x^2): " + msg);
        assertTrue(((java.util.Map<?, ?>) json.get("report")).containsKey("primes_used"), quad.out);
    }
}
