package org.modalg.polynomial.zp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.polynomial.PolyOracles.MULTIPLIER;
import static org.modalg.polynomial.PolyOracles.SEED;
import static org.modalg.polynomial.PolyOracles.where;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.PolyOracles;
import org.modalg.polynomial.Tuning;

/** {@link ZpPoly}, {@link PolyMulZp} and {@link PolyDivZp} against BigInteger arithmetic mod p. */
public class ZpPolyTest {

    static List<Long> primes() {
        return List.of(2L, 3L, 17L, 65537L, 998244353L, (1L << 31) - 1, (1L << 61) - 1,
                NttPrimes.largestBelow(1L << 62, 30));
    }

    private static ZpPoly random(Random rnd, ZpField f, int maxLen) {
        return ZpPoly.of(f, PolyOracles.randomMod(rnd, PolyOracles.length(rnd, maxLen), f.modulus()));
    }

    private static BigInteger[] big(ZpPoly f) {
        long[] c = f.coefficients();
        BigInteger[] r = new BigInteger[c.length];
        for (int i = 0; i < c.length; i++) {
            r[i] = BigInteger.valueOf(c[i]);
        }
        return r;
    }

    private static long[] toLongs(BigInteger[] a) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i].longValueExact();
        }
        return r;
    }

    /** Runs body with a system property set, restoring the previous value afterwards. */
    public static void withProperty(String key, String value, Runnable body) {
        String old = System.getProperty(key);
        System.setProperty(key, value);
        try {
            body.run();
        } finally {
            if (old == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, old);
            }
        }
    }

    // ------------------------------------------------------------------ ring operations

    @ParameterizedTest
    @MethodSource("primes")
    void arithmeticMatchesBigIntegerModP(long p) {
        ZpField f = ZpField.of(p);
        BigInteger bp = BigInteger.valueOf(p);
        Random rnd = new Random(SEED ^ p);
        for (int it = 0; it < 150 * MULTIPLIER; it++) {
            int maxLen = it % 10 == 0 ? 300 : 40;
            ZpPoly a = random(rnd, f, maxLen);
            ZpPoly b = rnd.nextInt(4) == 0 ? random(rnd, f, 5) : random(rnd, f, maxLen);
            BigInteger[] ab = big(a);
            BigInteger[] bb = big(b);
            String msg = where("p=" + p + " it=" + it + " a=" + a.toFlintString() + " b=" + b.toFlintString());
            assertArrayEquals(toLongs(PolyOracles.mulMod(ab, bb, bp)), a.multiply(b).coefficients(), msg);
            assertArrayEquals(toLongs(PolyOracles.mulMod(ab, ab, bp)), a.square().coefficients(), msg);
            assertArrayEquals(toLongs(PolyOracles.mod(PolyOracles.addScaled(ab, bb, BigInteger.ONE), bp)),
                    a.add(b).coefficients(), msg);
            assertArrayEquals(toLongs(PolyOracles.mod(PolyOracles.addScaled(ab, bb, BigInteger.ONE.negate()), bp)),
                    a.sub(b).coefficients(), msg);
            assertEquals(ZpPoly.zero(f), a.add(a.negate()), msg);
            long s = rnd.nextLong();
            assertArrayEquals(toLongs(PolyOracles.mod(PolyOracles.addScaled(new BigInteger[0], ab,
                    BigInteger.valueOf(s)), bp)), a.multiply(s).coefficients(), msg + " s=" + s);
            long v = rnd.nextLong();
            assertEquals(PolyOracles.evalPowers(ab, BigInteger.valueOf(v).mod(bp)).mod(bp).longValue(),
                    a.evaluate(v), msg + " v=" + v);
            BigInteger[] der = new BigInteger[Math.max(ab.length - 1, 0)];
            for (int i = 1; i < ab.length; i++) {
                der[i - 1] = ab[i].multiply(BigInteger.valueOf(i));
            }
            assertArrayEquals(toLongs(PolyOracles.mod(der, bp)), a.derivative().coefficients(), msg);
            if (!a.isZero()) {
                ZpPoly m = a.monic();
                assertEquals(1, m.leadingCoefficient(), msg);
                assertEquals(a, m.multiply(a.leadingCoefficient()), msg);
            }
            // lifting back to Z
            assertEquals(a, ZpPoly.of(f, a.toZZPoly().coefficients()), msg);
            assertEquals(a, ZpPoly.of(f, a.toZZPolySymmetric().coefficients()), msg);
            for (BigInteger c : a.toZZPolySymmetric().coefficients()) {
                assertTrue(c.shiftLeft(1).compareTo(bp) <= 0 && c.shiftLeft(1).compareTo(bp.negate()) > 0, msg);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("primes")
    void classicalAndKaratsubaKernelsAgree(long p) {
        ZpField f = ZpField.of(p);
        BigInteger bp = BigInteger.valueOf(p);
        Random rnd = new Random(SEED ^ (p * 31));
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            int la = 1 + rnd.nextInt(it % 5 == 0 ? 200 : 40);
            int lb = 1 + rnd.nextInt(it % 3 == 0 ? 6 : la + 5);
            BigInteger[] a = PolyOracles.randomMod(rnd, la, bp);
            BigInteger[] b = PolyOracles.randomMod(rnd, lb, bp);
            long[] expected = Arrays.copyOf(toLongs(PolyOracles.mulMod(a, b, bp)), la + lb - 1);
            long[] ap = new long[la + 4];
            long[] bpad = new long[lb + 2];
            System.arraycopy(toLongs(a), 0, ap, 3, la);
            System.arraycopy(toLongs(b), 0, bpad, 1, lb);
            String msg = where("p=" + p + " it=" + it + " la=" + la + " lb=" + lb);
            long[] c = new long[la + lb + 1];
            Arrays.fill(c, -5);
            PolyMulZp.mulClassical(f, ap, 3, la, bpad, 1, lb, c, 1);
            assertArrayEquals(expected, Arrays.copyOfRange(c, 1, la + lb), msg);
            assertEquals(-5, c[0], msg);
            assertEquals(-5, c[la + lb], msg);
            for (int cutoff : new int[] {2, 3, 5, 16}) {
                long[] d = new long[la + lb - 1];
                PolyMulZp.mulKaratsuba(f, ap, 3, la, bpad, 1, lb, d, 0, cutoff);
                assertArrayEquals(expected, d, msg + " cutoff=" + cutoff);
                long[] s = new long[2 * la - 1];
                PolyMulZp.sqrKaratsuba(f, ap, 3, la, s, 0, cutoff);
                assertArrayEquals(Arrays.copyOf(toLongs(PolyOracles.mulMod(a, a, bp)), 2 * la - 1), s,
                        msg + " square cutoff=" + cutoff);
            }
            long[] s = new long[2 * la - 1];
            PolyMulZp.sqrClassical(f, ap, 3, la, s, 0);
            assertArrayEquals(Arrays.copyOf(toLongs(PolyOracles.mulMod(a, a, bp)), 2 * la - 1), s, msg);
            // balanced kernel with caller-owned scratch at an offset
            int n = Math.min(la, lb);
            long[] scratch = new long[PolyMulZp.karatsubaScratchLength(n, 2) + 7];
            long[] e = new long[2 * n - 1];
            PolyMulZp.mulKaratsubaBalanced(f, ap, 3, bpad, 1, n, e, 0, scratch, 7, 2);
            long[] expectedBalanced = Arrays.copyOf(toLongs(PolyOracles.mulMod(Arrays.copyOf(a, n),
                    Arrays.copyOf(b, n), bp)), 2 * n - 1);
            assertArrayEquals(expectedBalanced, e, msg + " balanced");
        }
    }

    @Test
    void maximalCoefficientsAccumulateWithoutOverflow() {
        // p just below 2^62, every coefficient p - 1, long enough for many three-word carries
        long p = NttPrimes.largestBelow(1L << 62, 1);
        ZpField f = ZpField.of(p);
        BigInteger bp = BigInteger.valueOf(p);
        for (int len : new int[] {1, 15, 16, 17, 100, 1000}) {
            long[] a = new long[len];
            Arrays.fill(a, p - 1);
            BigInteger[] ab = new BigInteger[len];
            Arrays.fill(ab, bp.subtract(BigInteger.ONE));
            long[] expected = toLongs(PolyOracles.mulMod(ab, ab, bp));
            ZpPoly fa = ZpPoly.of(f, a);
            assertArrayEquals(expected, fa.multiply(fa).coefficients(), "len=" + len);
            assertArrayEquals(expected, fa.square().coefficients(), "len=" + len);
        }
    }

    @Test
    void powMatchesRepeatedMultiplication() {
        ZpField f = ZpField.of(1_000_000_007L);
        Random rnd = new Random(SEED + 40);
        for (int it = 0; it < 40 * MULTIPLIER; it++) {
            ZpPoly a = random(rnd, f, 10);
            int e = rnd.nextInt(12);
            ZpPoly expected = ZpPoly.one(f);
            for (int i = 0; i < e; i++) {
                expected = expected.multiply(a);
            }
            assertEquals(expected, a.pow(e), where("a=" + a + " e=" + e));
        }
        assertEquals(ZpPoly.of(f, 1), ZpPoly.zero(f).pow(0));
        assertThrows(IllegalArgumentException.class, () -> ZpPoly.x(f).pow(-1));
    }

    // ------------------------------------------------------------------ division

    @ParameterizedTest
    @MethodSource("primes")
    void divisionMatchesLongDivisionAndNewtonEqualsClassical(long p) {
        ZpField f = ZpField.of(p);
        BigInteger bp = BigInteger.valueOf(p);
        Random rnd = new Random(SEED ^ (p * 7));
        for (int it = 0; it < 100 * MULTIPLIER; it++) {
            ZpPoly a = random(rnd, f, it % 8 == 0 ? 400 : 50);
            ZpPoly b = random(rnd, f, it % 3 == 0 ? 6 : 40);
            if (b.isZero()) {
                b = ZpPoly.x(f);
            }
            String msg = where("p=" + p + " it=" + it + " a=" + a.toFlintString() + " b=" + b.toFlintString());
            BigInteger[][] oracle = PolyOracles.divRemMod(big(a), big(b), bp);
            ZpPoly[] qr = a.divideAndRemainder(b);
            assertArrayEquals(toLongs(oracle[0]), qr[0].coefficients(), msg);
            assertArrayEquals(toLongs(oracle[1]), qr[1].coefficients(), msg);
            assertEquals(a, qr[0].multiply(b).add(qr[1]), msg);
            assertTrue(qr[1].degree() < b.degree(), msg);
            ZpPoly[] classical = a.divideAndRemainderClassical(b);
            assertArrayEquals(qr, classical, msg);
            ZpPoly bb = b;
            // Newton with its base case forced down to precision 1 (every Newton step runs)
            withProperty("modalg.poly.zpSeriesNewton", "1", () -> {
                ZpPoly[] newton = a.divideAndRemainderNewton(bb);
                assertArrayEquals(classical, newton, msg + " newton");
            });
            assertArrayEquals(classical, a.divideAndRemainderNewton(b), msg + " newton default");
            assertEquals(qr[1], a.remainder(b), msg);
        }
    }

    @Test
    void dispatcherTakesNewtonAboveItsCutoff() {
        ZpField f = ZpField.of(998244353L);
        Random rnd = new Random(SEED + 41);
        withProperty("modalg.poly.zpNewtonDivision", "4", () -> {
            for (int it = 0; it < 30 * MULTIPLIER; it++) {
                ZpPoly a = random(rnd, f, 120);
                ZpPoly b = random(rnd, f, 60);
                if (b.isZero()) {
                    continue;
                }
                assertArrayEquals(a.divideAndRemainderClassical(b), a.divideAndRemainder(b),
                        where("a=" + a.toFlintString() + " b=" + b.toFlintString()));
            }
        });
    }

    @Test
    void largeInputsTakeTheDefaultNewtonAndKaratsubaPaths() {
        // above the default cut-offs: Newton division (both lengths >= the cut-off) and Newton
        // series steps (precision >= its cut-off), with Karatsuba products inside
        ZpField f = ZpField.of(NttPrimes.largestBelow(1L << 62, 30));
        Random rnd = new Random(SEED + 42);
        for (int it = 0; it < MULTIPLIER; it++) {
            int lb = Tuning.zpNewtonDivisionThreshold() + rnd.nextInt(300);
            int la = lb + Tuning.zpNewtonDivisionThreshold() + rnd.nextInt(300);
            ZpPoly a = ZpPoly.of(f, PolyOracles.randomMod(rnd, la, f.modulus()));
            ZpPoly b = ZpPoly.of(f, PolyOracles.randomMod(rnd, lb, f.modulus()));
            String msg = where("la=" + la + " lb=" + lb);
            ZpPoly[] qr = a.divideAndRemainder(b);
            assertArrayEquals(a.divideAndRemainderClassical(b), qr, msg);
            assertEquals(a, qr[0].multiply(b).add(qr[1]), msg);
            int n = 2 * Tuning.zpSeriesNewtonThreshold() + rnd.nextInt(500);
            ZpPoly c = a.coefficient(0) == 0 ? a.add(ZpPoly.one(f)) : a;
            assertEquals(ZpPoly.one(f), c.multiply(c.inverseSeries(n)).truncate(n), msg + " n=" + n);
        }
    }

    @ParameterizedTest
    @MethodSource("primes")
    void inverseSeriesTimesSeriesIsOne(long p) {
        ZpField f = ZpField.of(p);
        Random rnd = new Random(SEED ^ (p * 13));
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            ZpPoly a = random(rnd, f, it % 5 == 0 ? 300 : 30);
            if (a.coefficient(0) == 0) {
                a = a.add(ZpPoly.one(f));
                if (a.coefficient(0) == 0) {
                    a = a.add(ZpPoly.one(f));
                }
            }
            int n = rnd.nextInt(it % 5 == 0 ? 500 : 70);
            ZpPoly aa = a;
            String msg = where("p=" + p + " a=" + a.toFlintString() + " n=" + n);
            ZpPoly g = a.inverseSeries(n);
            assertTrue(g.degree() < n, msg);
            assertEquals(n == 0 ? ZpPoly.zero(f) : ZpPoly.one(f), a.multiply(g).truncate(n), msg);
            for (String t : new String[] {"1", "2", "5"}) {
                withProperty("modalg.poly.zpSeriesNewton", t, () ->
                        assertEquals(g, aa.inverseSeries(n), msg + " threshold " + t));
            }
            long[] gc = new long[n];
            PolyDivZp.inverseSeriesClassical(f, a.coefficients(), 0, a.length(), n, gc, 0);
            assertEquals(g, ZpPoly.of(f, gc), msg + " classical recurrence");
        }
        assertThrows(ArithmeticException.class, () -> ZpPoly.x(f).inverseSeries(3));
        assertThrows(ArithmeticException.class, () -> ZpPoly.zero(f).inverseSeries(1));
        assertThrows(IllegalArgumentException.class, () -> ZpPoly.one(f).inverseSeries(-1));
    }

    // ------------------------------------------------------------------ gcd

    @ParameterizedTest
    @MethodSource("primes")
    void gcdDividesBothAndBezoutHolds(long p) {
        ZpField f = ZpField.of(p);
        Random rnd = new Random(SEED ^ (p * 17));
        for (int it = 0; it < 80 * MULTIPLIER; it++) {
            ZpPoly common = random(rnd, f, 8);
            if (common.isZero()) {
                common = ZpPoly.one(f);
            }
            ZpPoly a = random(rnd, f, 25).multiply(common);
            ZpPoly b = random(rnd, f, 25).multiply(common);
            String msg = where("p=" + p + " a=" + a.toFlintString() + " b=" + b.toFlintString());
            ZpPoly g = a.gcd(b);
            ZpPoly[] dst = a.extendedGcd(b);
            assertEquals(g, dst[0], msg);
            if (a.isZero() && b.isZero()) {
                assertTrue(g.isZero(), msg);
                continue;
            }
            assertEquals(1, g.leadingCoefficient(), msg);
            assertTrue(a.remainder(g).isZero(), msg);
            assertTrue(b.remainder(g).isZero(), msg);
            assertEquals(g, dst[1].multiply(a).add(dst[2].multiply(b)), msg);
            if (!a.isZero() && !b.isZero()) {
                assertTrue(common.remainder(common.gcd(g)).isZero() && g.remainder(common.monic()).isZero(), msg);
                // the cofactors are coprime
                assertTrue(a.divideAndRemainder(g)[0].gcd(b.divideAndRemainder(g)[0]).isOne(), msg);
            }
        }
        ZpPoly x = ZpPoly.x(f);
        assertTrue(x.gcd(x.add(ZpPoly.one(f))).isOne());
        assertEquals(x, x.multiply(p - 1).gcd(ZpPoly.zero(f)));
    }

    // ------------------------------------------------------------------ validation, equality

    @Test
    void mismatchedModuliAndBadArgumentsAreRejected() {
        ZpField f5 = ZpField.of(5);
        ZpField f7 = ZpField.of(7);
        ZpPoly a = ZpPoly.of(f5, 1, 2);
        ZpPoly b = ZpPoly.of(f7, 1, 2);
        for (java.util.function.Function<ZpPoly, Object> op : List.<java.util.function.Function<ZpPoly, Object>>of(
                a::add, a::sub, a::multiply, a::divideAndRemainder, a::gcd, a::extendedGcd)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> op.apply(b));
            assertTrue(e.getMessage().startsWith("g ") && e.getMessage().contains("Z/7")
                    && e.getMessage().contains("Z/5"), e.getMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> a.add(null)).getMessage().contains("g"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ZpPoly.of(null, 1L))
                .getMessage().contains("field"));
        assertThrows(ArithmeticException.class, () -> a.divideAndRemainder(ZpPoly.zero(f5)));
        assertThrows(ArithmeticException.class, () -> a.divideAndRemainderNewton(ZpPoly.zero(f5)));
        assertThrows(ArithmeticException.class, () -> ZpPoly.zero(f5).monic());
        assertThrows(IllegalArgumentException.class, () -> a.coefficient(-1));
        assertNotEquals(a, b);
        assertNotEquals(ZpPoly.zero(f5), ZpPoly.zero(f7));
        assertEquals(ZpPoly.of(f5, 6, -3, 10), ZpPoly.of(f5, 1, 2));
        assertEquals(ZpPoly.of(f5, 6, -3, 10).hashCode(), ZpPoly.of(f5, 1, 2).hashCode());
        assertEquals(ZpPoly.of(f5, BigInteger.valueOf(-4), BigInteger.TEN.pow(30).add(BigInteger.TWO)), a);
        assertEquals(1, a.degree());
        assertEquals(5, a.modulus());
        assertEquals(ZpPoly.monomial(f5, 12, 3), ZpPoly.of(f5, 0, 0, 0, 2));
        assertEquals(ZpPoly.of(f5, 0, 0, 1, 2), a.shiftLeft(2));
        assertEquals(a, a.shiftLeft(2).shiftRight(2));
        assertEquals(ZpPoly.of(f5, 1), a.truncate(1));
        assertEquals(ZpPoly.of(f5, 0, 2, 1), a.reverse(3));
    }

    @Test
    void derivativeInCharacteristicP() {
        ZpField f = ZpField.of(3);
        // x^3 + x has derivative 3x^2 + 1 = 1 mod 3: the degree drops by two
        assertEquals(ZpPoly.one(f), ZpPoly.of(f, 0, 1, 0, 1).derivative());
        assertEquals(ZpPoly.zero(f), ZpPoly.of(f, 2, 0, 0, 1).derivative());
    }
}
