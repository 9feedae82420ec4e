package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.zp.ZpPoly;

/**
 * {@code polymul} and {@code intmul} with {@code --route} and {@code --threads} passed per call
 * (no JVM-wide property set); {@code det} and {@code resultant} with {@code --seed}.
 */
class ProductRouteOptionsTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    private static String ok(CliRunner r) {
        assertEquals(0, r.exitCode, "stdout: " + r.out + "\nstderr: " + r.err);
        return r.out.trim();
    }

    private static ZZPoly randomPoly(Random rnd, int len, int bits) {
        BigInteger[] c = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            BigInteger v = new BigInteger(1 + rnd.nextInt(bits), rnd);
            c[i] = rnd.nextBoolean() ? v.negate() : v;
        }
        return ZZPoly.of(c);
    }

    @Test
    void polymulEveryRouteAndThreadCountAgreesWithTheLibrary() {
        System.out.println("ProductRouteOptionsTest seed=" + SEED + " (-Dmodalg.test.seed to replay)");
        String before = System.getProperty("modalg.threads");
        Random rnd = new Random(SEED);
        for (int it = 0; it < 3; it++) {
            ZZPoly f = randomPoly(rnd, 1 + rnd.nextInt(it == 0 ? 3 : 300), 200);
            ZZPoly g = randomPoly(rnd, 1 + rnd.nextInt(300), 200);
            String want = f.multiply(g).toFlintString();
            ZpField field = ZpField.of(1_000_000_007L);
            String wantMod = ZpPoly.of(field, f.coefficients()).multiply(ZpPoly.of(field, g.coefficients())).toFlintString();
            for (String route : new String[] {"auto", "crt", "bigprime"}) {
                for (String threads : new String[] {"1", "2"}) {
                    String msg = "seed " + SEED + " it " + it + " --route " + route + " --threads " + threads;
                    CliRunner r = CliRunner.run("polymul", "--flint", "--route", route, "--threads", threads, "-v",
                            f.toFlintString(), g.toFlintString());
                    assertEquals(want, ok(r), msg);
                    assertTrue(r.err.contains("threads: " + threads) && r.err.contains("product_route: " + route),
                            msg + ": " + r.err);
                    assertEquals(wantMod, ok(CliRunner.run("polymul", "--flint", "--mod", "1000000007", "--route",
                            route, "--threads", threads, f.toFlintString(), g.toFlintString())), msg + " mod p");
                }
            }
        }
        assertEquals(before, System.getProperty("modalg.threads"), "the CLI sets no JVM-wide thread count");
        // constants and a zero operand
        assertEquals("0", ok(CliRunner.run("polymul", "--route", "bigprime", "0", "x + 1")));
        assertEquals("-6", ok(CliRunner.run("polymul", "--route", "crt", "--", "-2", "3")));
        CliRunner.run("polymul", "--route", "fast", "x", "x").assertOneError("route must be one of");
    }

    @Test
    void intmulRoutesAndThreads() {
        Random rnd = new Random(SEED + 1);
        String before = System.getProperty("modalg.threads");
        for (int bits : new int[] {1, 100, 100_000}) {
            BigInteger a = new BigInteger(bits, rnd).negate();
            BigInteger b = new BigInteger(bits / 3 + 1, rnd).add(BigInteger.ONE);
            for (String route : new String[] {"auto", "crt"}) {
                for (String threads : new String[] {"1", "2"}) {
                    CliRunner r = CliRunner.run("intmul", "--route", route, "--threads", threads, "--", a.toString(),
                            b.toString());
                    assertEquals(a.multiply(b).toString(), ok(r), "seed " + SEED + " bits " + bits + " " + route
                            + " " + threads);
                }
            }
            BigInteger[] qr = a.divideAndRemainder(b);
            CliRunner div = CliRunner.run("intdiv", "--threads", "2", "--", a.toString(), b.toString());
            assertEquals(qr[0] + "\n" + qr[1], ok(div).replace("\r", ""));
        }
        assertEquals(before, System.getProperty("modalg.threads"), "the CLI sets no JVM-wide thread count");
        CliRunner.run("intmul", "--route", "bigprime", "2", "3").assertOneError("--route bigprime", "auto and crt");
    }

    // L U for unit triangular L, U with 60-bit entries: determinant 1, a Hadamard bound far above
    // it, so the probabilistic mode stops early on random primes (and reports its seed).
    private static String unimodular(Random rnd, int n) {
        BigInteger[][] l = new BigInteger[n][n];
        BigInteger[][] u = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                BigInteger v = new BigInteger(60, rnd).subtract(BigInteger.ONE.shiftLeft(59));
                l[i][j] = i == j ? BigInteger.ONE : i > j ? v : BigInteger.ZERO;
                u[i][j] = i == j ? BigInteger.ONE : i < j ? v.negate() : BigInteger.ZERO;
            }
        }
        StringBuilder s = new StringBuilder(n + " " + n + " ");
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                BigInteger x = BigInteger.ZERO;
                for (int k = 0; k < n; k++) {
                    x = x.add(l[i][k].multiply(u[k][j]));
                }
                s.append(' ').append(x);
            }
        }
        return s.toString();
    }

    @Test
    void detAndResultantTakeASeedForTheProbabilisticMode() {
        Random rnd = new Random(SEED + 2);
        String m = unimodular(rnd, 12);
        assertEquals("1", ok(CliRunner.run("det", m)), "seed " + SEED);
        CliRunner first = CliRunner.run("det", "--probabilistic", "--seed", "12345", "-v", m);
        assertEquals("1", ok(first), "seed " + SEED);
        assertTrue(first.err.contains("seed:          12345"), first.err);
        assertEquals("1", ok(CliRunner.run("det", "--probabilistic", "--seed", "-7", m)), "seed " + SEED);
        CliRunner.run("det", "--seed", "5", m).assertOneError("--seed 5 needs --probabilistic");
        CliRunner.run("det", "--probabilistic", "--seed", "x", m).assertOneError("--seed");

        // monic f and g = f + 1: res(f, g) = 1, far below the bound
        ZZPoly f = randomPoly(rnd, 16, 60).add(ZZPoly.of(BigInteger.ONE).shiftLeft(16));
        ZZPoly g = f.add(ZZPoly.of(1));
        String res = ok(CliRunner.run("resultant", "--flint", f.toFlintString(), g.toFlintString()));
        assertEquals("1", res, "seed " + SEED);
        CliRunner r = CliRunner.run("resultant", "--flint", "--probabilistic", "--seed", "99", "--route", "crt", "-v",
                f.toFlintString(), g.toFlintString());
        assertEquals(res, ok(r), "seed " + SEED);
        assertTrue(r.err.contains("seed:          99"), r.err);
        CliRunner.run("resultant", "--seed", "99", "x", "x + 1").assertOneError("--seed 99 needs --probabilistic");
    }
}
