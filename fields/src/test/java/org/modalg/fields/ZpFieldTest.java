package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link ZpField} against BigInteger arithmetic modulo p. */
class ZpFieldTest {
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    private static final long SEED = Long.getLong("modalg.test.seed", 0x2f1e1dL);
    private static final BigInteger TWO64 = BigInteger.ONE.shiftLeft(64);

    /** Small primes, the usual NTT primes, and primes at the top of the allowed range. */
    static List<Long> primes() {
        List<Long> ps = new ArrayList<>(List.of(2L, 3L, 5L, 17L, 65537L, 998244353L,
                2013265921L, (1L << 31) - 1, (1L << 61) - 1));
        for (long p : NttPrimes.generate(2, 1L << 62, 0)) {
            ps.add(p); // the two largest primes below 2^62
        }
        for (long p : NttPrimes.generate(2, 1L << 62, 40)) {
            ps.add(p);
        }
        ps.add(NttPrimes.largestBelow((1L << 62) - (1L << 61), 20)); // top bit 60, mid range
        return ps;
    }

    private static String where(long p, long... values) {
        StringBuilder sb = new StringBuilder("seed=").append(SEED).append(" p=").append(p);
        for (long v : values) {
            sb.append(' ').append(v);
        }
        return sb.toString();
    }

    // Elements biased towards the edges: 0, 1, 2, p - 1, p - 2, p / 2, and uniform ones.
    private static long element(Random rnd, long p) {
        switch (rnd.nextInt(8)) {
            case 0:
                return 0;
            case 1:
                return 1 % p;
            case 2:
                return p - 1;
            case 3:
                return Math.max(0, p - 2);
            case 4:
                return p / 2;
            default:
                return rnd.nextLong(p);
        }
    }

    private static long[] edges(long p) {
        return new long[] {0, 1, Math.min(2, p - 1), p - 1, Math.max(0, p - 2), p / 2, (p + 1) / 2 % p};
    }

    private static BigInteger big(long x) {
        return BigInteger.valueOf(x);
    }

    @ParameterizedTest
    @MethodSource("primes")
    void arithmeticAgainstBigInteger(long p) {
        ZpField f = ZpField.of(p);
        BigInteger bp = big(p);
        assertEquals(p, f.p());
        assertEquals(bp, f.modulus());
        Random rnd = new Random(SEED ^ p);
        List<long[]> pairs = new ArrayList<>();
        for (long a : edges(p)) {
            for (long b : edges(p)) {
                pairs.add(new long[] {a, b});
            }
        }
        for (int i = 0; i < 3000 * MULTIPLIER; i++) {
            pairs.add(new long[] {element(rnd, p), element(rnd, p)});
        }
        for (long[] ab : pairs) {
            long a = ab[0];
            long b = ab[1];
            String msg = where(p, a, b);
            assertEquals(big(a).add(big(b)).mod(bp).longValue(), f.add(a, b), "add " + msg);
            assertEquals(big(a).subtract(big(b)).mod(bp).longValue(), f.sub(a, b), "sub " + msg);
            assertEquals(big(a).negate().mod(bp).longValue(), f.neg(a), "neg " + msg);
            assertEquals(big(a).multiply(big(b)).mod(bp).longValue(), f.mul(a, b), "mul " + msg);
            if (a != 0) {
                assertEquals(big(a).modInverse(bp).longValue(), f.inv(a), "inv " + msg);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("primes")
    void powAgainstBigInteger(long p) {
        ZpField f = ZpField.of(p);
        BigInteger bp = big(p);
        Random rnd = new Random(SEED ^ p ^ 1);
        long[] exps = {0, 1, 2, 3, -1, -2, p - 1, p - 2, p, -(p - 1), Long.MAX_VALUE,
            Long.MIN_VALUE, Long.MIN_VALUE + 1};
        for (int i = 0; i < 600 * MULTIPLIER; i++) {
            long a = element(rnd, p);
            long e = i < exps.length ? exps[i] : rnd.nextLong() >> rnd.nextInt(64);
            String msg = where(p, a, e);
            if (a == 0 && e < 0) {
                assertThrows(ArithmeticException.class, () -> f.pow(0, e), msg);
                continue;
            }
            BigInteger expected = e >= 0
                    ? big(a).modPow(big(e), bp)
                    : big(a).modInverse(bp).modPow(big(e).negate(), bp);
            assertEquals(expected.longValue(), f.pow(a, e), "pow " + msg);
        }
        assertEquals(1L, f.pow(0, 0), "0^0");
        assertEquals(0L, f.pow(0, 5), "0^5");
    }

    @ParameterizedTest
    @MethodSource("primes")
    void reduceAgainstBigInteger(long p) {
        ZpField f = ZpField.of(p);
        BigInteger bp = big(p);
        Random rnd = new Random(SEED ^ p ^ 2);
        long[] specials = {0, 1, -1, p, -p, p - 1, 1 - p, p + 1, Long.MAX_VALUE, Long.MIN_VALUE,
            Long.MIN_VALUE + 1};
        for (long x : specials) {
            assertEquals(big(x).mod(bp).longValue(), f.reduce(x), where(p, x));
            assertEquals(big(x).mod(bp).longValue(), f.reduce(big(x)), where(p, x));
        }
        for (int i = 0; i < 2000 * MULTIPLIER; i++) {
            long x = rnd.nextLong() >> rnd.nextInt(64);
            assertEquals(big(x).mod(bp).longValue(), f.reduce(x), where(p, x));
            BigInteger y = new BigInteger(1 + rnd.nextInt(300), rnd);
            if (rnd.nextBoolean()) {
                y = y.negate();
            }
            assertEquals(y.mod(bp).longValue(), f.reduce(y), where(p) + " y=" + y);
        }
    }

    @ParameterizedTest
    @MethodSource("primes")
    void shoupMultiplication(long p) {
        ZpField f = ZpField.of(p);
        BigInteger bp = big(p);
        Random rnd = new Random(SEED ^ p ^ 3);
        for (int i = 0; i < 300 * MULTIPLIER; i++) {
            long w = element(rnd, p);
            long expectedShoup = big(w).shiftLeft(64).divide(bp).longValue();
            assertEquals(expectedShoup, ZpField.shoupPrecompute(w, p), "static " + where(p, w));
            long wShoup = f.shoupPrecompute(w);
            assertEquals(expectedShoup, wShoup, "instance " + where(p, w));
            for (int j = 0; j < 10; j++) {
                // Elements, lazy values < 4p, and arbitrary unsigned words are all allowed.
                long a;
                switch (j % 3) {
                    case 0:
                        a = element(rnd, p);
                        break;
                    case 1:
                        a = Long.remainderUnsigned(rnd.nextLong(), 4 * p);
                        break;
                    default:
                        a = j == 2 ? -1L : rnd.nextLong();
                }
                BigInteger product = BigInteger.valueOf(a).and(TWO64.subtract(BigInteger.ONE))
                        .multiply(big(w));
                String msg = where(p, a, w);
                assertEquals(product.mod(bp).longValue(), f.mulShoup(a, w, wShoup), "mulShoup " + msg);
                long lazy = f.mulShoupLazy(a, w, wShoup);
                assertTrue(lazy >= 0 && lazy < 2 * p, "lazy bound " + msg + " -> " + lazy);
                assertEquals(product.mod(bp).longValue(), lazy % p, "lazy value " + msg);
            }
        }
    }

    @Test
    void shoupLazyBoundIsReached() {
        // Without the final correction the result really can exceed p, so mulShoup's
        // correction is needed (and the lazy test above checks a real bound, not a tautology).
        long p = NttPrimes.largestBelow(1L << 62, 0);
        ZpField f = ZpField.of(p);
        Random rnd = new Random(SEED);
        boolean sawLarge = false;
        for (int i = 0; i < 10000 && !sawLarge; i++) {
            long w = rnd.nextLong(p);
            long a = rnd.nextLong(p);
            sawLarge = f.mulShoupLazy(a, w, f.shoupPrecompute(w)) >= p;
        }
        assertTrue(sawLarge, "seed=" + SEED);
    }

    @ParameterizedTest
    @MethodSource("primes")
    void vectorKernelsMatchScalarOps(long p) {
        ZpField f = ZpField.of(p);
        Random rnd = new Random(SEED ^ p ^ 4);
        for (int t = 0; t < 40 * MULTIPLIER; t++) {
            int n = t == 0 ? 0 : rnd.nextInt(70);
            int aOff = rnd.nextInt(4);
            int bOff = rnd.nextInt(4);
            int cOff = rnd.nextInt(4);
            long[] a = new long[aOff + n + rnd.nextInt(3)];
            long[] b = new long[bOff + n + rnd.nextInt(3)];
            for (int i = 0; i < a.length; i++) {
                a[i] = element(rnd, p);
            }
            for (int i = 0; i < b.length; i++) {
                b[i] = element(rnd, p);
            }
            long w = element(rnd, p);
            long[] aCopy = a.clone();
            long[] bCopy = b.clone();
            long[][] outs = new long[5][cOff + n + 2];
            for (long[] out : outs) {
                Arrays.fill(out, -7L); // sentinel outside [0, p): must stay untouched
            }
            f.addVec(a, aOff, b, bOff, outs[0], cOff, n);
            f.subVec(a, aOff, b, bOff, outs[1], cOff, n);
            f.mulVec(a, aOff, b, bOff, outs[2], cOff, n);
            f.scaleVec(a, aOff, w, outs[3], cOff, n);
            f.negVec(a, aOff, outs[4], cOff, n);
            assertArrayEquals(aCopy, a, "input a modified");
            assertArrayEquals(bCopy, b, "input b modified");
            for (int i = 0; i < outs[0].length; i++) {
                int k = i - cOff;
                String msg = where(p, t, i, n);
                if (k < 0 || k >= n) {
                    for (long[] out : outs) {
                        assertEquals(-7L, out[i], "outside range written " + msg);
                    }
                    continue;
                }
                long x = a[aOff + k];
                long y = b[bOff + k];
                assertEquals(f.add(x, y), outs[0][i], "addVec " + msg);
                assertEquals(f.sub(x, y), outs[1][i], "subVec " + msg);
                assertEquals(f.mul(x, y), outs[2][i], "mulVec " + msg);
                assertEquals(f.mul(w, x), outs[3][i], "scaleVec " + msg);
                assertEquals(f.neg(x), outs[4][i], "negVec " + msg);
            }
            // In place (output aliases input a exactly).
            if (n > 0) {
                long[] inPlace = a.clone();
                f.mulVec(inPlace, aOff, b, bOff, inPlace, aOff, n);
                for (int k = 0; k < n; k++) {
                    assertEquals(f.mul(a[aOff + k], b[bOff + k]), inPlace[aOff + k], "in place");
                }
            }
        }
    }

    @Test
    void vectorKernelsValidateArguments() {
        ZpField f = ZpField.of(17);
        long[] a = new long[8];
        long[] c = new long[8];
        assertParam("n", assertThrows(IllegalArgumentException.class,
                () -> f.addVec(a, 0, a, 0, c, 0, -1)));
        assertParam("a", assertThrows(IllegalArgumentException.class,
                () -> f.subVec(null, 0, a, 0, c, 0, 1)));
        assertParam("b", assertThrows(IllegalArgumentException.class,
                () -> f.mulVec(a, 0, null, 0, c, 0, 1)));
        assertParam("c", assertThrows(IllegalArgumentException.class,
                () -> f.negVec(a, 0, null, 0, 1)));
        assertParam("w", assertThrows(IllegalArgumentException.class,
                () -> f.scaleVec(a, 0, 17, c, 0, 1)));
        assertParam("w", assertThrows(IllegalArgumentException.class,
                () -> f.scaleVec(a, 0, -1, c, 0, 1)));
        assertThrows(IndexOutOfBoundsException.class, () -> f.addVec(a, 1, a, 0, c, 0, 8));
        assertThrows(IndexOutOfBoundsException.class, () -> f.addVec(a, 0, a, 5, c, 0, 4));
        assertThrows(IndexOutOfBoundsException.class, () -> f.mulVec(a, 0, a, 0, c, -1, 4));
        assertThrows(IndexOutOfBoundsException.class, () -> f.scaleVec(a, 0, 3, c, 7, 2));
        assertThrows(IndexOutOfBoundsException.class,
                () -> f.negVec(a, Integer.MAX_VALUE, c, 0, 2));
        f.addVec(a, 8, a, 8, c, 8, 0); // empty range at the very end is fine
    }

    @ParameterizedTest
    @MethodSource("primes")
    void primeFieldInterface(long p) {
        PrimeField f = ZpField.of(p);
        BigInteger bp = big(p);
        assertEquals(1, f.wordsPerElement());
        assertEquals(bp, f.modulus());
        assertEquals("Z/" + p, f.name());
        Random rnd = new Random(SEED ^ p ^ 5);
        long[] arr = f.newElements(6);
        assertEquals(6, arr.length);
        for (int i = 0; i < 300 * MULTIPLIER; i++) {
            BigInteger x = new BigInteger(70, rnd).subtract(BigInteger.ONE.shiftLeft(69));
            BigInteger y = i < 3 ? big(p - i % 2) : new BigInteger(64, rnd);
            f.fromBigInteger(x, arr, 1);
            f.fromBigInteger(y, arr, 2);
            BigInteger xm = x.mod(bp);
            BigInteger ym = y.mod(bp);
            String msg = where(p) + " x=" + x + " y=" + y;
            assertEquals(xm, f.toBigInteger(arr, 1), msg);
            assertEquals(ym, f.toBigInteger(arr, 2), msg);
            f.add(arr, 1, arr, 2, arr, 3);
            assertEquals(xm.add(ym).mod(bp), f.toBigInteger(arr, 3), "add " + msg);
            f.sub(arr, 1, arr, 2, arr, 3);
            assertEquals(xm.subtract(ym).mod(bp), f.toBigInteger(arr, 3), "sub " + msg);
            f.neg(arr, 1, arr, 3);
            assertEquals(xm.negate().mod(bp), f.toBigInteger(arr, 3), "neg " + msg);
            f.mul(arr, 1, arr, 2, arr, 3);
            assertEquals(xm.multiply(ym).mod(bp), f.toBigInteger(arr, 3), "mul " + msg);
            BigInteger e = new BigInteger(100, rnd).subtract(BigInteger.ONE.shiftLeft(99));
            if (xm.signum() == 0) {
                assertTrue(f.isZero(arr, 1));
                if (e.signum() < 0) {
                    assertThrows(ArithmeticException.class, () -> f.pow(arr, 1, e, arr, 3));
                    assertThrows(ArithmeticException.class, () -> f.inv(arr, 1, arr, 3));
                }
            } else {
                assertFalse(f.isZero(arr, 1));
                f.pow(arr, 1, e, arr, 3);
                assertEquals(xm.modPow(e, bp), f.toBigInteger(arr, 3), "pow " + msg + " e=" + e);
                f.inv(arr, 1, arr, 3);
                assertEquals(xm.modInverse(bp), f.toBigInteger(arr, 3), "inv " + msg);
            }
            // In place: output aliases the input.
            f.mul(arr, 1, arr, 1, arr, 1);
            assertEquals(xm.multiply(xm).mod(bp), f.toBigInteger(arr, 1), "square in place " + msg);
        }
        arr[0] = 0;
        f.pow(arr, 0, BigInteger.ZERO, arr, 5);
        assertEquals(BigInteger.ONE, f.toBigInteger(arr, 5), "0^0");
    }

    @Test
    void primeFieldInterfaceValidates() {
        ZpField f = ZpField.of(998244353);
        long[] good = {5, 7, 0};
        long[] bad = {998244353, -1};
        assertParam("a", assertThrows(IllegalArgumentException.class, () -> f.add(bad, 0, good, 0, good, 2)));
        assertParam("b", assertThrows(IllegalArgumentException.class, () -> f.sub(good, 0, bad, 1, good, 2)));
        assertParam("a", assertThrows(IllegalArgumentException.class, () -> f.neg(bad, 1, good, 2)));
        assertParam("b", assertThrows(IllegalArgumentException.class, () -> f.mul(good, 0, bad, 0, good, 2)));
        assertParam("a", assertThrows(IllegalArgumentException.class,
                () -> f.pow(bad, 0, BigInteger.TWO, good, 2)));
        assertParam("e", assertThrows(IllegalArgumentException.class,
                () -> f.pow(good, 0, null, good, 2)));
        assertParam("a", assertThrows(IllegalArgumentException.class, () -> f.inv(bad, 0, good, 2)));
        assertParam("a", assertThrows(IllegalArgumentException.class, () -> f.isZero(bad, 1)));
        assertParam("src", assertThrows(IllegalArgumentException.class, () -> f.toBigInteger(bad, 0)));
        assertParam("x", assertThrows(IllegalArgumentException.class, () -> f.fromBigInteger(null, good, 0)));
        assertParam("c", assertThrows(IllegalArgumentException.class, () -> f.add(good, 0, good, 1, null, 0)));
        assertThrows(IndexOutOfBoundsException.class, () -> f.add(good, 0, good, 1, good, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> f.mul(good, -1, good, 1, good, 2));
        assertThrows(ArithmeticException.class, () -> f.inv(good, 2, good, 0));
        assertArrayEquals(new long[] {5, 7, 0}, good, "failed calls must not write");
        assertParam("n", assertThrows(IllegalArgumentException.class, () -> f.newElements(-1)));
    }

    @Test
    void checkElementNamesTheParameter() {
        ZpField f = ZpField.of(17);
        assertEquals(16L, f.checkElement(16, "x"));
        assertEquals(0L, f.checkElement(0, "x"));
        assertParam("coef", assertThrows(IllegalArgumentException.class, () -> f.checkElement(17, "coef")));
        assertParam("coef", assertThrows(IllegalArgumentException.class, () -> f.checkElement(-1, "coef")));
        assertParam("coef", assertThrows(IllegalArgumentException.class,
                () -> f.checkElement(Long.MIN_VALUE, "coef")));
    }

    @Test
    void invOfZeroThrows() {
        assertThrows(ArithmeticException.class, () -> ZpField.of(5).inv(0));
        assertThrows(ArithmeticException.class, () -> ZpField.of(5).pow(0, -3));
    }

    @Test
    void badModulusIsRejected() {
        long[] bad = {Long.MIN_VALUE, -7, -1, 0, 1, 1L << 62, Long.MAX_VALUE, (1L << 62) + 135};
        for (long p : bad) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ZpField.of(p));
            assertParam("p", e);
            assertTrue(e.getMessage().contains("2^62"), e.getMessage());
            if (p < 0 || p >= 1L << 62) { // points to the full-word product path
                assertTrue(e.getMessage().contains("multiplyFullWord"), e.getMessage());
            }
            if (p < 0) {
                assertTrue(e.getMessage().contains(Long.toUnsignedString(p)), e.getMessage());
            }
        }
        long[] composite = {4, 9, 561, 3215031751L, 2152302898747L, 341550071728321L,
            (1L << 61) + 1, 998244353L * 3, ((1L << 31) - 1) * ((1L << 31) - 1)};
        for (long p : composite) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ZpField.of(p));
            assertParam("p", e);
            assertTrue(e.getMessage().contains("prime"), e.getMessage());
        }
        assertParam("p", assertThrows(IllegalArgumentException.class, () -> ZpField.shoupPrecompute(1, 1)));
        assertParam("w", assertThrows(IllegalArgumentException.class, () -> ZpField.shoupPrecompute(7, 7)));
        assertParam("w", assertThrows(IllegalArgumentException.class, () -> ZpField.of(7).shoupPrecompute(7)));
    }

    @Test
    void equalityAndRandom() {
        assertEquals(ZpField.of(17), ZpField.of(17));
        assertEquals(ZpField.of(17).hashCode(), ZpField.of(17).hashCode());
        assertNotEquals(ZpField.of(17), ZpField.of(19));
        assertEquals("Z/17", ZpField.of(17).toString());
        ZpField f = ZpField.of(3);
        Random rnd = new Random(SEED);
        boolean[] seen = new boolean[3];
        for (int i = 0; i < 200; i++) {
            long x = f.random(rnd);
            assertTrue(x >= 0 && x < 3, "random " + x);
            seen[(int) x] = true;
        }
        assertTrue(seen[0] && seen[1] && seen[2], "all of Z/3 drawn");
        assertParam("rnd", assertThrows(IllegalArgumentException.class, () -> f.random(null)));
    }

    @Test
    void randomMulInvRoundTripNearTop() {
        // Field axioms on the largest allowed primes, independent of BigInteger: a * a^-1 = 1,
        // (a + b) c = a c + b c.
        long p = NttPrimes.largestBelow(1L << 62, 0);
        ZpField f = ZpField.of(p);
        Random rnd = new Random(SEED ^ 6);
        for (int i = 0; i < 5000 * MULTIPLIER; i++) {
            long a = 1 + rnd.nextLong(p - 1);
            long b = rnd.nextLong(p);
            long c = rnd.nextLong(p);
            assertEquals(1L, f.mul(a, f.inv(a)), where(p, a));
            assertEquals(f.mul(f.add(a, b), c), f.add(f.mul(a, c), f.mul(b, c)), where(p, a, b, c));
        }
    }

    private static void assertParam(String param, RuntimeException e) {
        String m = e.getMessage();
        assertTrue(m != null && (m.startsWith(param + " ") || m.startsWith(param + ":")),
                "message should name " + param + ": " + m);
    }
}
