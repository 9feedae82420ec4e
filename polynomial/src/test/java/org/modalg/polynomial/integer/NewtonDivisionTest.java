package org.modalg.polynomial.integer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/** {@link NewtonDivision} against BigInteger: shinv and division, random and adversarial. */
class NewtonDivisionTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final BigInteger B = BigInteger.ONE.shiftLeft(64);

    @BeforeAll
    static void printSeed() {
        System.out.println("NewtonDivisionTest seed = " + SEED + " (-Dmodalg.test.seed=" + SEED + " repeats it)");
    }

    private static long[] limbs(BigInteger x) {
        return x.signum() == 0 ? new long[0] : NewtonDivision.trim(Limbs.magnitude(x));
    }

    private static BigInteger big(long[] x) {
        return Limbs.toBigInteger(x, 0, x.length);
    }

    private static void checkShinv(BigInteger v, int h, String msg) {
        long[] lv = limbs(v);
        BigInteger expected = BigInteger.ONE.shiftLeft(64 * h).divide(v);
        assertEquals(expected, big(NewtonDivision.shinv(lv, lv.length, h)), msg + " shinv_" + h);
        BigInteger approx = big(NewtonDivision.shinvApprox(lv, h));
        BigInteger lambda = approx.subtract(expected);
        if (lambda.abs().compareTo(BigInteger.ONE) > 0) {
            throw new AssertionError(msg + ": shinvApprox off by " + lambda + " (-1, 0 or 1 expected), h = " + h
                    + ", v of " + lv.length + " limbs: " + v.toString(16));
        }
    }

    private static void checkDivide(BigInteger u, BigInteger v, String msg) {
        long[] lu = limbs(u);
        long[] lv = limbs(v);
        long[][] qr = NewtonDivision.divide(lu, lu.length, lv, lv.length);
        BigInteger[] expected = u.divideAndRemainder(v);
        assertEquals(expected[0], big(qr[0]), msg + " quotient");
        assertEquals(expected[1], big(qr[1]), msg + " remainder");
        assertEquals(qr[0].length, NewtonDivision.trim(qr[0]).length, msg + " trimmed");
    }

    private static BigInteger random(Random rnd, int limbs) {
        if (limbs == 0) {
            return BigInteger.ZERO;
        }
        BigInteger x;
        do {
            x = new BigInteger(64 * limbs, rnd);
        } while (x.bitLength() <= 64 * (limbs - 1));
        return x;
    }

    @Test
    void shinvEqualsBigIntegerOnRandomSizes() {
        Random rnd = new Random(SEED);
        long before = NewtonDivision.fallbacks();
        for (int it = 0; it < 400; it++) {
            int nv = 1 + rnd.nextInt(it < 300 ? 12 : 200);
            int h = rnd.nextInt(nv + (it < 300 ? 40 : 600));
            BigInteger v = random(rnd, nv);
            if (rnd.nextInt(4) == 0) { // low-entropy tops: v_k = 1 and small next limbs
                v = v.mod(B.pow(nv - 1)).add(B.pow(nv - 1));
            }
            checkShinv(v, h, "seed=" + SEED + " it=" + it);
        }
        assertEquals(before, NewtonDivision.fallbacks(), "no fallback expected");
    }

    @Test
    void shinvAdversarial() {
        List<BigInteger> vs = new ArrayList<>();
        for (int k = 0; k < 40; k++) {
            BigInteger p = B.pow(k);
            vs.add(p);
            vs.add(p.add(BigInteger.ONE));
            vs.add(p.multiply(BigInteger.TWO).subtract(BigInteger.ONE));
            if (k > 0) {
                vs.add(p.subtract(BigInteger.ONE)); // all-ones limbs
                vs.add(p.add(B.pow(k - 1))); // top limbs 1, 1
                vs.add(p.shiftRight(1)); // 2^63 B^(k-1)
                vs.add(p.shiftRight(1).add(BigInteger.ONE));
            }
        }
        for (BigInteger v : vs) {
            int k = v.bitLength() / 64;
            for (int h : new int[] {0, 1, 2, k, k + 1, k + 2, k + 3, k + 4, k + 5, 2 * k + 1, 3 * k + 7, 5 * k + 70}) {
                checkShinv(v, h, "v of " + v.bitLength() + " bits");
            }
        }
    }

    @Test
    void shinvLarge() {
        Random rnd = new Random(SEED + 1);
        // h up to a few thousand limbs, divisors above and below the NTT threshold of the products
        int[][] shapes = {{1000, 3000}, {2500, 4000}, {1, 3000}, {1500, 1600}, {3000, 3001}, {700, 5000}};
        for (int[] s : shapes) {
            BigInteger v = random(rnd, s[0]);
            checkShinv(v, s[1], "seed=" + SEED + " " + s[0] + " limbs, h = " + s[1]);
            checkShinv(B.pow(s[0] - 1).add(BigInteger.ONE), s[1], "B^k + 1, h = " + s[1]);
            checkShinv(B.pow(s[0]).subtract(BigInteger.ONE), s[1], "B^(k+1) - 1, h = " + s[1]);
        }
    }

    @Test
    void divisionEqualsBigIntegerOnRandomSizes() {
        Random rnd = new Random(SEED + 2);
        long before = NewtonDivision.fallbacks();
        for (int it = 0; it < 500; it++) {
            int nv = 1 + rnd.nextInt(it < 400 ? 20 : 300);
            int nu = rnd.nextInt(nv + (it < 400 ? 40 : 600));
            BigInteger u = random(rnd, nu);
            BigInteger v = random(rnd, nv);
            if (rnd.nextInt(5) == 0) {
                v = v.mod(B.pow(nv - 1)).add(B.pow(nv - 1)); // leading limb 1
            }
            checkDivide(u, v, "seed=" + SEED + " it=" + it);
        }
        assertEquals(before, NewtonDivision.fallbacks(), "no fallback expected");
    }

    @Test
    void divisionAdversarial() {
        Random rnd = new Random(SEED + 3);
        for (int k = 1; k < 30; k += 3) {
            BigInteger p = B.pow(k);
            BigInteger[] vs = {p, p.add(BigInteger.ONE), p.subtract(BigInteger.ONE), p.add(B.pow(k - 1)),
                p.shiftRight(1), BigInteger.ONE, BigInteger.TWO, B.subtract(BigInteger.ONE), p.multiply(B).subtract(p)};
            for (BigInteger v : vs) {
                int nu = v.bitLength() / 64 + 1 + rnd.nextInt(3 * k + 5);
                BigInteger ones = B.pow(nu).subtract(BigInteger.ONE);
                BigInteger[] us = {BigInteger.ZERO, BigInteger.ONE, v.subtract(BigInteger.ONE), v, v.add(BigInteger.ONE),
                    v.multiply(BigInteger.TWO).subtract(BigInteger.ONE), ones, ones.subtract(ones.mod(v)),
                    ones.subtract(ones.mod(v)).subtract(BigInteger.ONE), B.pow(nu), random(rnd, nu),
                    v.multiply(random(rnd, nu)).add(v.subtract(BigInteger.ONE)), v.multiply(v)};
                for (BigInteger u : us) {
                    checkDivide(u, v, "seed=" + SEED + " u of " + u.bitLength() + " bits, v of " + v.bitLength());
                }
            }
        }
    }

    @Test
    void divisionLarge() {
        Random rnd = new Random(SEED + 4);
        int[][] shapes = {{4000, 2000}, {3001, 1500}, {2500, 7}, {1000, 999}, {2048, 1024}};
        for (int[] s : shapes) {
            BigInteger u = random(rnd, s[0]);
            BigInteger v = random(rnd, s[1]);
            checkDivide(u, v, "seed=" + SEED + " " + s[0] + " / " + s[1] + " limbs");
            checkDivide(B.pow(s[0]).subtract(BigInteger.ONE), B.pow(s[1] - 1).add(BigInteger.ONE), "ones / B^k + 1");
        }
    }

    @Test
    void remaindersModuloBnm1InTheTransformRange() {
        // divisor limbs k + 1 with k + 3 at and around powers of two (N = 256, 512, 1024), the
        // extreme divisors and remainders (0, v - 1), quotients as long as the divisor and longer
        Random rnd = new Random(SEED + 6);
        long before = NewtonDivision.fallbacks();
        for (int k : new int[] {252, 253, 254, 509, 510, 1021}) {
            BigInteger p = B.pow(k);
            for (BigInteger v : new BigInteger[] {p.add(BigInteger.ONE), p.multiply(B).subtract(BigInteger.ONE),
                    p.add(B.pow(k - 1)), random(rnd, k + 1).setBit(64 * k + 63)}) {
                for (int ql : new int[] {k + 1, 2 * k + 5}) {
                    BigInteger q = random(rnd, ql);
                    BigInteger[] us = {v.multiply(q), v.multiply(q).add(v.subtract(BigInteger.ONE)),
                        v.multiply(q).subtract(BigInteger.ONE), B.pow(ql + k + 1).subtract(BigInteger.ONE)};
                    for (BigInteger u : us) {
                        checkDivide(u, v, "seed=" + SEED + " k=" + k + " quotient limbs " + ql);
                    }
                }
            }
        }
        assertEquals(before, NewtonDivision.fallbacks(), "no fallback expected");
    }

    @Test
    void batchedEngineOnTheNewtonRouteEqualsBigInteger() {
        Random rnd = new Random(SEED + 5);
        System.setProperty("modalg.poly.batchedDivNewtonLimbs", "2");
        System.setProperty("modalg.poly.batchedDivNewtonQuotientLimbs", "0");
        try {
            int[][] shapes = {{3, 2}, {9, 4}, {40, 17}, {129, 64}, {300, 7}, {20, 30}};
            for (int[] s : shapes) {
                int sa = s[0];
                int sb = s[1];
                int count = 23;
                long[] a = new long[sa * count];
                long[] b = new long[sb * count];
                for (int i = 0; i < count; i++) {
                    int nb = 1 + rnd.nextInt(sb);
                    BigInteger v = i % 3 == 1 ? B.pow(nb - 1).add(BigInteger.ONE) : random(rnd, nb);
                    BigInteger u = i % 4 == 1 ? B.pow(sa).subtract(BigInteger.ONE) : random(rnd, rnd.nextInt(sa + 1));
                    Limbs.write(u, a, i * sa, sa);
                    Limbs.write(v, b, i * sb, sb);
                }
                long[] q = new long[sa * count];
                long[] r = new long[sb * count];
                CpuBatchedIntegerEngine.shared().divideAndRemainder(a, 0, sa, b, 0, sb, q, 0, r, 0, count,
                        org.modalg.fft.Options.defaults().withThreads(2));
                for (int i = 0; i < count; i++) {
                    BigInteger[] qr = Limbs.toBigInteger(a, i * sa, sa).divideAndRemainder(Limbs.toBigInteger(b, i * sb, sb));
                    String msg = "seed=" + SEED + " " + sa + " / " + sb + " instance " + i;
                    assertEquals(qr[0], Limbs.toBigInteger(q, i * sa, sa), msg);
                    assertEquals(qr[1], Limbs.toBigInteger(r, i * sb, sb), msg);
                }
            }
        } finally {
            System.clearProperty("modalg.poly.batchedDivNewtonLimbs");
            System.clearProperty("modalg.poly.batchedDivNewtonQuotientLimbs");
        }
    }

    @Test
    void badInput() {
        assertThrows(ArithmeticException.class, () -> NewtonDivision.divide(new long[] {1}, 1, new long[] {0, 0}, 2));
        assertThrows(ArithmeticException.class, () -> NewtonDivision.shinv(new long[0], 0, 3));
        assertThrows(IllegalArgumentException.class, () -> NewtonDivision.shinv(new long[] {1}, 2, 3));
        assertThrows(IllegalArgumentException.class, () -> NewtonDivision.shinv(new long[] {1}, 1, -1));
        assertThrows(IllegalArgumentException.class, () -> NewtonDivision.divide(new long[] {1}, 2, new long[] {1}, 1));
        assertArrayEquals(new long[0], NewtonDivision.divide(new long[] {5}, 1, new long[] {7}, 1)[0]);
    }
}
