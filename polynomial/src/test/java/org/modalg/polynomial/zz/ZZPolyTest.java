package org.modalg.polynomial.zz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.polynomial.PolyOracles.MULTIPLIER;
import static org.modalg.polynomial.PolyOracles.SEED;
import static org.modalg.polynomial.PolyOracles.where;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.polynomial.PolyOracles;

/** {@link ZZPoly} and the {@code PolyMulZZ} kernels against naive BigInteger oracles. */
class ZZPolyTest {
    private static final BigInteger TWO = BigInteger.TWO;

    private static ZZPoly poly(BigInteger[] c) {
        return ZZPoly.of(c);
    }

    private static ZZPoly random(Random rnd, int maxLen, int maxBits) {
        int len = PolyOracles.length(rnd, maxLen);
        return poly(PolyOracles.randomZZ(rnd, len, PolyOracles.bits(rnd, maxBits)));
    }

    private static String show(ZZPoly f) {
        String s = f.toFlintString();
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }

    // ------------------------------------------------------------------ construction, access

    @Test
    void constructionNormalizesAndAccessorsReport() {
        ZZPoly f = ZZPoly.of(7, -1, 3, 0, 0);
        assertEquals(2, f.degree());
        assertEquals(3, f.length());
        assertEquals(BigInteger.valueOf(3), f.leadingCoefficient());
        assertEquals(BigInteger.valueOf(-1), f.coefficient(1));
        assertEquals(BigInteger.ZERO, f.coefficient(10));
        assertArrayEquals(PolyOracles.big(7, -1, 3), f.coefficients());
        assertEquals(-1, ZZPoly.of(0, 0).degree());
        assertEquals(ZZPoly.ZERO, ZZPoly.of(new long[0]));
        assertTrue(ZZPoly.zero().isZero());
        assertTrue(ZZPoly.one().isOne());
        assertEquals(ZZPoly.of(0, 1), ZZPoly.x());
        assertEquals(BigInteger.ZERO, ZZPoly.ZERO.leadingCoefficient());
        assertEquals(ZZPoly.of(0, 0, 5), ZZPoly.monomial(BigInteger.valueOf(5), 2));
        assertEquals(ZZPoly.ZERO, ZZPoly.monomial(BigInteger.ZERO, 4));
        assertEquals(ZZPoly.of(-4), ZZPoly.constant(BigInteger.valueOf(-4)));
        // the array given is copied
        BigInteger[] c = PolyOracles.big(1, 2);
        ZZPoly g = ZZPoly.of(c);
        c[0] = BigInteger.TEN;
        assertEquals(BigInteger.ONE, g.coefficient(0));
        g.coefficients()[0] = BigInteger.TEN;
        assertEquals(BigInteger.ONE, g.coefficient(0));
    }

    @Test
    void badArgumentsAreRejectedWithTheirNames() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ZZPoly.of((BigInteger[]) null))
                .getMessage().contains("coeffs"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> ZZPoly.of(BigInteger.ONE, null)).getMessage().contains("coeffs[1]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ZZPoly.ONE.add(null))
                .getMessage().contains("g"));
        assertThrows(IllegalArgumentException.class, () -> ZZPoly.ONE.coefficient(-1));
        assertThrows(IllegalArgumentException.class, () -> ZZPoly.X.pow(-1));
        assertThrows(IllegalArgumentException.class, () -> ZZPoly.X.shiftLeft(-1));
        assertThrows(IllegalArgumentException.class, () -> ZZPoly.X.reverse(1));
        assertThrows(IllegalArgumentException.class, () -> ZZPoly.X.pow(Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> ZZPoly.X.toString("2x"));
        assertThrows(IllegalArgumentException.class, () -> ZZPoly.parse(null));
        assertThrows(ArithmeticException.class, () -> ZZPoly.X.divideAndRemainder(ZZPoly.ZERO));
        assertThrows(ArithmeticException.class, () -> ZZPoly.X.pseudoDivide(ZZPoly.ZERO));
        assertThrows(ArithmeticException.class, () -> ZZPoly.X.divideExact(ZZPoly.ZERO));
        assertThrows(ArithmeticException.class, () -> ZZPoly.X.divideExact(BigInteger.ZERO));
    }

    // ------------------------------------------------------------------ multiplication

    @Test
    void multiplyMatchesSchoolbookOnRandomInputs() {
        Random rnd = new Random(SEED);
        for (int it = 0; it < 300 * MULTIPLIER; it++) {
            int maxLen = it % 10 == 0 ? 160 : 40;
            int maxBits = it % 3 == 0 ? 3000 : 200;
            ZZPoly a = random(rnd, maxLen, maxBits);
            ZZPoly b = rnd.nextInt(4) == 0 ? random(rnd, 6, maxBits) : random(rnd, maxLen, maxBits);
            BigInteger[] expected = PolyOracles.mul(a.coefficients(), b.coefficients());
            String msg = where("it=" + it + " a=" + show(a) + " b=" + show(b));
            assertArrayEquals(expected, a.multiply(b).coefficients(), msg);
            assertArrayEquals(expected, b.multiply(a).coefficients(), msg);
            assertArrayEquals(PolyOracles.mul(a.coefficients(), a.coefficients()), a.square().coefficients(), msg);
        }
    }

    @Test
    void classicalAndKaratsubaAgreeForEveryCutoffAndShape() {
        Random rnd = new Random(SEED + 1);
        int[] cutoffs = {2, 3, 4, 7, 16};
        for (int it = 0; it < 150 * MULTIPLIER; it++) {
            int la = 1 + rnd.nextInt(it % 5 == 0 ? 120 : 30);
            int lb = 1 + rnd.nextInt(it % 4 == 0 ? 7 : la + 5); // unbalanced and balanced shapes
            int bits = PolyOracles.bits(rnd, it % 4 == 0 ? 2500 : 100);
            BigInteger[] a = PolyOracles.randomZZ(rnd, la, bits);
            BigInteger[] b = PolyOracles.randomZZ(rnd, lb, bits);
            BigInteger[] expected = PolyOracles.mul(a, b);
            // offsets inside larger arrays
            BigInteger[] ap = pad(a, 3);
            BigInteger[] bp = pad(b, 5);
            BigInteger[] c = new BigInteger[la + lb + 8];
            Arrays.fill(c, BigInteger.valueOf(99));
            PolyMulZZ.mulClassical(ap, 3, la, bp, 5, lb, c, 4);
            String msg = where("it=" + it + " la=" + la + " lb=" + lb + " bits=" + bits);
            assertArrayEquals(expected, PolyOracles.trim(Arrays.copyOfRange(c, 4, 4 + la + lb - 1)), msg);
            assertEquals(BigInteger.valueOf(99), c[3], msg + " wrote before its range");
            assertEquals(BigInteger.valueOf(99), c[4 + la + lb - 1], msg + " wrote past its range");
            for (int cutoff : cutoffs) {
                BigInteger[] d = new BigInteger[la + lb - 1];
                PolyMulZZ.mulKaratsuba(ap, 3, la, bp, 5, lb, d, 0, cutoff);
                assertArrayEquals(expected, PolyOracles.trim(d), msg + " cutoff=" + cutoff);
                BigInteger[] s = new BigInteger[2 * la - 1];
                PolyMulZZ.sqrKaratsuba(ap, 3, la, s, 0, cutoff);
                assertArrayEquals(PolyOracles.mul(a, a), PolyOracles.trim(s), msg + " square cutoff=" + cutoff);
            }
            BigInteger[] s = new BigInteger[2 * la - 1];
            PolyMulZZ.sqrClassical(ap, 3, la, s, 0);
            assertArrayEquals(PolyOracles.mul(a, a), PolyOracles.trim(s), msg + " square classical");
        }
        assertThrows(IllegalArgumentException.class, () -> PolyMulZZ.mulKaratsuba(
                PolyOracles.big(1), 0, 1, PolyOracles.big(1), 0, 1, new BigInteger[1], 0, 1));
    }

    @Test
    void longOperandsRecurseDeeply() {
        Random rnd = new Random(SEED + 9);
        for (int it = 0; it < MULTIPLIER; it++) {
            for (int bits : new int[] {64, 300, 1500}) {
                BigInteger[] a = PolyOracles.randomZZ(rnd, 250 + rnd.nextInt(60), bits);
                BigInteger[] b = PolyOracles.randomZZ(rnd, 200 + rnd.nextInt(120), bits);
                String msg = where("bits=" + bits + " la=" + a.length + " lb=" + b.length);
                assertArrayEquals(PolyOracles.mul(a, b), poly(a).multiply(poly(b)).coefficients(), msg);
                assertArrayEquals(PolyOracles.mul(a, a), poly(a).square().coefficients(), msg);
            }
        }
    }

    private static BigInteger[] pad(BigInteger[] a, int off) {
        BigInteger[] r = new BigInteger[a.length + off + 2];
        Arrays.fill(r, BigInteger.valueOf(-77));
        System.arraycopy(a, 0, r, off, a.length);
        return r;
    }

    @Test
    void edgeValuesMultiply() {
        for (int bits : new int[] {1, 63, 64, 65, 1000, 3000}) {
            BigInteger m = TWO.pow(bits).subtract(BigInteger.ONE);
            for (int len : new int[] {1, 2, 3, 17, 40, 100}) {
                BigInteger[] a = new BigInteger[len];
                BigInteger[] b = new BigInteger[len + 3];
                Arrays.fill(a, m);
                for (int i = 0; i < b.length; i++) {
                    b[i] = i % 2 == 0 ? m : m.negate();
                }
                String msg = "bits=" + bits + " len=" + len;
                assertArrayEquals(PolyOracles.mul(a, b), poly(a).multiply(poly(b)).coefficients(), msg);
                assertArrayEquals(PolyOracles.mul(a, a), poly(a).square().coefficients(), msg);
                assertEquals(ZZPoly.ZERO, poly(a).multiply(ZZPoly.ZERO), msg);
                assertEquals(poly(a), poly(a).multiply(ZZPoly.ONE), msg);
                assertEquals(poly(a).negate(), poly(a).multiply(ZZPoly.of(-1)), msg);
            }
        }
        assertEquals(ZZPoly.ZERO, ZZPoly.ZERO.square());
    }

    @Test
    void powMatchesRepeatedMultiplication() {
        Random rnd = new Random(SEED + 2);
        for (int it = 0; it < 40 * MULTIPLIER; it++) {
            ZZPoly a = random(rnd, 8, 40);
            int e = rnd.nextInt(9);
            BigInteger[] expected = PolyOracles.big(1);
            for (int i = 0; i < e; i++) {
                expected = PolyOracles.mul(expected, a.coefficients());
            }
            assertArrayEquals(PolyOracles.trim(expected), a.pow(e).coefficients(), where("a=" + show(a) + " e=" + e));
        }
        assertEquals(ZZPoly.ONE, ZZPoly.ZERO.pow(0));
        assertEquals(ZZPoly.ZERO, ZZPoly.ZERO.pow(3));
        assertEquals(ZZPoly.of(-8), ZZPoly.of(-2).pow(3));
    }

    // ------------------------------------------------------------------ linear operations

    @Test
    void additiveOperationsScalarsAndCalculusMatchOracles() {
        Random rnd = new Random(SEED + 3);
        for (int it = 0; it < 300 * MULTIPLIER; it++) {
            ZZPoly a = random(rnd, 30, 2000);
            ZZPoly b = random(rnd, 30, 2000);
            BigInteger s = new BigInteger(1 + rnd.nextInt(300), rnd).subtract(BigInteger.ONE.shiftLeft(rnd.nextInt(5)));
            String msg = where("it=" + it + " a=" + show(a) + " b=" + show(b) + " s=" + s);
            BigInteger[] ac = a.coefficients();
            BigInteger[] bc = b.coefficients();
            assertArrayEquals(PolyOracles.addScaled(ac, bc, BigInteger.ONE), a.add(b).coefficients(), msg);
            assertArrayEquals(PolyOracles.addScaled(ac, bc, BigInteger.ONE.negate()), a.sub(b).coefficients(), msg);
            assertEquals(ZZPoly.ZERO, a.sub(a), msg);
            assertArrayEquals(PolyOracles.addScaled(new BigInteger[0], ac, BigInteger.ONE.negate()),
                    a.negate().coefficients(), msg);
            assertArrayEquals(PolyOracles.addScaled(new BigInteger[0], ac, s), a.multiply(s).coefficients(), msg);
            assertEquals(a.multiply(s), a.multiply(ZZPoly.of(s)), msg);
            assertEquals(a.multiply(BigInteger.valueOf(-3)), a.multiply(-3L), msg);
            BigInteger v = new BigInteger(1 + rnd.nextInt(100), rnd).subtract(BigInteger.valueOf(rnd.nextInt(3)));
            assertEquals(PolyOracles.evalPowers(ac, v), a.evaluate(v), msg + " v=" + v);
            BigInteger[] der = new BigInteger[Math.max(ac.length - 1, 0)];
            for (int i = 1; i < ac.length; i++) {
                der[i - 1] = ac[i].multiply(BigInteger.valueOf(i));
            }
            assertArrayEquals(PolyOracles.trim(der), a.derivative().coefficients(), msg);
            int bitsExpected = 0;
            for (BigInteger x : ac) {
                bitsExpected = Math.max(bitsExpected, x.abs().bitLength());
            }
            assertEquals(bitsExpected, a.maxCoefficientBits(), msg);
            if (!s.equals(BigInteger.ZERO)) {
                assertEquals(a, a.multiply(s).divideExact(s), msg);
            }
        }
        assertEquals(BigInteger.ZERO, ZZPoly.ZERO.evaluate(BigInteger.TEN));
        assertEquals(0, ZZPoly.ZERO.maxCoefficientBits());
        assertEquals(64, ZZPoly.of(Long.MIN_VALUE).maxCoefficientBits());
        assertThrows(ArithmeticException.class, () -> ZZPoly.of(2, 3).divideExact(BigInteger.TWO));
    }

    @Test
    void contentAndPrimitivePart() {
        Random rnd = new Random(SEED + 4);
        for (int it = 0; it < 200 * MULTIPLIER; it++) {
            ZZPoly f = random(rnd, 12, 100);
            BigInteger k = new BigInteger(1 + rnd.nextInt(80), rnd).add(BigInteger.ONE);
            if (rnd.nextBoolean()) {
                k = k.negate();
            }
            ZZPoly g = f.multiply(k);
            BigInteger oracle = BigInteger.ZERO;
            for (BigInteger c : g.coefficients()) {
                oracle = oracle.gcd(c);
            }
            String msg = where("g=" + show(g));
            assertEquals(oracle, g.content(), msg);
            ZZPoly pp = g.primitivePart();
            if (g.isZero()) {
                assertEquals(ZZPoly.ZERO, pp, msg);
                continue;
            }
            assertEquals(BigInteger.ONE, pp.content(), msg);
            assertEquals(1, pp.leadingCoefficient().signum(), msg);
            BigInteger sign = BigInteger.valueOf(g.leadingCoefficient().signum());
            assertEquals(g, pp.multiply(g.content().multiply(sign)), msg);
            assertEquals(0, f.content().multiply(k.abs()).compareTo(g.content()), msg);
        }
        assertEquals(BigInteger.ZERO, ZZPoly.ZERO.content());
        assertEquals(BigInteger.valueOf(6), ZZPoly.of(-6, 12, -18).content());
        assertEquals(ZZPoly.of(1, -2, 3), ZZPoly.of(-6, 12, -18).primitivePart());
    }

    // ------------------------------------------------------------------ division

    @Test
    void divisionRecoversConstructedQuotientAndRemainder() {
        Random rnd = new Random(SEED + 5);
        for (int it = 0; it < 300 * MULTIPLIER; it++) {
            int bits = PolyOracles.bits(rnd, it % 5 == 0 ? 1500 : 90);
            int lb = 1 + rnd.nextInt(it % 7 == 0 ? 60 : 12);
            BigInteger[] b = PolyOracles.randomZZ(rnd, lb, bits);
            if (rnd.nextBoolean()) {
                b[lb - 1] = rnd.nextBoolean() ? BigInteger.ONE : BigInteger.ONE.negate();
            }
            ZZPoly g = poly(b);
            ZZPoly q0 = poly(PolyOracles.randomZZ(rnd, PolyOracles.length(rnd, 40), bits));
            ZZPoly r0 = poly(PolyOracles.randomZZ(rnd, rnd.nextInt(lb), bits)); // deg r0 < deg g
            ZZPoly f = q0.multiply(g).add(r0);
            String msg = where("it=" + it + " f=" + show(f) + " g=" + show(g));
            ZZPoly[] qr = f.divideAndRemainder(g);
            assertEquals(q0, qr[0], msg);
            assertEquals(r0, qr[1], msg);
            if (r0.isZero()) {
                assertEquals(q0, f.divideExact(g), msg);
            } else {
                assertThrows(ArithmeticException.class, () -> f.divideExact(g), msg);
            }
            // random dividend by a divisor with a unit leading coefficient: the identity holds
            ZZPoly a = random(rnd, 50, bits);
            if (g.leadingCoefficient().abs().equals(BigInteger.ONE)) {
                ZZPoly[] qr2 = a.divideAndRemainder(g);
                assertEquals(a, qr2[0].multiply(g).add(qr2[1]), msg);
                assertTrue(qr2[1].degree() < g.degree(), msg);
            }
        }
    }

    @Test
    void nonIntegralQuotientIsAnArithmeticException() {
        ZZPoly b = ZZPoly.of(1, 2); // 2x + 1
        ArithmeticException e = assertThrows(ArithmeticException.class, () -> ZZPoly.of(0, 0, 1).divideAndRemainder(b));
        assertTrue(e.getMessage().contains("not integral"), e.getMessage());
        assertThrows(ArithmeticException.class, () -> ZZPoly.of(1, 3).divideAndRemainder(b));
        // integral although lc(b) = 2: (2x + 1)(x - 3) + 5
        ZZPoly[] qr = ZZPoly.of(2, -5, 2).divideAndRemainder(b);
        assertEquals(ZZPoly.of(-3, 1), qr[0]);
        assertEquals(ZZPoly.of(5), qr[1]);
        // deg f < deg g
        qr = ZZPoly.of(3).divideAndRemainder(b);
        assertEquals(ZZPoly.ZERO, qr[0]);
        assertEquals(ZZPoly.of(3), qr[1]);
        assertEquals(ZZPoly.ZERO, ZZPoly.ZERO.divideExact(b));
    }

    @Test
    void pseudoDivisionIdentityAndOracle() {
        Random rnd = new Random(SEED + 6);
        for (int it = 0; it < 250 * MULTIPLIER; it++) {
            int bits = PolyOracles.bits(rnd, it % 5 == 0 ? 800 : 64);
            ZZPoly a = random(rnd, 30, bits);
            ZZPoly b = random(rnd, 12, bits);
            if (b.isZero()) {
                b = ZZPoly.of(BigInteger.valueOf(-3), BigInteger.valueOf(5));
            }
            ZZPoly[] qr = a.pseudoDivide(b);
            int d = Math.max(a.degree() - b.degree() + 1, 0);
            BigInteger lcd = b.leadingCoefficient().pow(d);
            String msg = where("it=" + it + " a=" + show(a) + " b=" + show(b));
            assertEquals(a.multiply(lcd), qr[0].multiply(b).add(qr[1]), msg);
            assertTrue(qr[1].degree() < b.degree(), msg);
            // oracle: lc^d a is divisible over Z[x] with remainder, by uniqueness the same q, r
            ZZPoly[] exact = a.multiply(lcd).divideAndRemainder(b);
            assertEquals(exact[0], qr[0], msg);
            assertEquals(exact[1], qr[1], msg);
            assertEquals(qr[1], a.pseudoRemainder(b), msg);
        }
        ZZPoly[] qr = ZZPoly.of(1, 2, 3).pseudoDivide(ZZPoly.of(1, 1, 1, 1));
        assertEquals(ZZPoly.ZERO, qr[0]);
        assertEquals(ZZPoly.of(1, 2, 3), qr[1]);
    }

    // ------------------------------------------------------------------ shifts, comparison

    @Test
    void shiftsTruncationAndReversal() {
        Random rnd = new Random(SEED + 7);
        for (int it = 0; it < 100 * MULTIPLIER; it++) {
            ZZPoly f = random(rnd, 20, 70);
            int n = rnd.nextInt(25);
            String msg = where("f=" + show(f) + " n=" + n);
            assertEquals(f.multiply(ZZPoly.monomial(BigInteger.ONE, n)), f.shiftLeft(n), msg);
            assertEquals(f, f.shiftLeft(n).shiftRight(n), msg);
            ZZPoly low = f.truncate(n);
            assertEquals(f, f.shiftRight(n).shiftLeft(n).add(low), msg);
            assertTrue(low.degree() < n, msg);
            int len = f.length() + rnd.nextInt(4);
            ZZPoly rev = f.reverse(len);
            for (int i = 0; i < len; i++) {
                assertEquals(f.coefficient(len - 1 - i), rev.coefficient(i), msg);
            }
            if (f.coefficient(0).signum() != 0) {
                assertEquals(f, rev.reverse(len), msg);
            }
        }
    }

    @Test
    void equalsHashCodeAndOrder() {
        Random rnd = new Random(SEED + 8);
        ZZPoly prev = ZZPoly.ZERO;
        for (int it = 0; it < 200 * MULTIPLIER; it++) {
            ZZPoly f = random(rnd, 10, 100);
            ZZPoly g = ZZPoly.of(f.coefficients());
            assertEquals(f, g);
            assertEquals(f.hashCode(), g.hashCode());
            assertEquals(0, f.compareTo(g));
            int cmp = f.compareTo(prev);
            assertEquals(-Integer.signum(cmp), Integer.signum(prev.compareTo(f)));
            assertEquals(cmp == 0, f.equals(prev));
            prev = f;
        }
        assertTrue(ZZPoly.of(5).compareTo(ZZPoly.of(0, 1)) < 0);
        assertTrue(ZZPoly.of(1, -2).compareTo(ZZPoly.of(0, -1)) < 0);
        assertTrue(ZZPoly.ZERO.compareTo(ZZPoly.of(-1)) < 0);
        assertNotEquals(ZZPoly.ONE, null);
        assertNotEquals(ZZPoly.ONE, "1");
        assertFalse(ZZPoly.X.isOne());
        assertSame(ZZPoly.ZERO, ZZPoly.of(0));
    }
}
