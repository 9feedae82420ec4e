package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link BigIntegerField} against BigInteger arithmetic modulo p and the limb layout. */
class BigIntegerFieldTest {
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    private static final long SEED = Long.getLong("modalg.test.seed", 0xb161L);
    private static final BigInteger TWO = BigInteger.TWO;

    /**
     * Small primes, word-size NTT primes, primes at limb boundaries (64, 65, 128, 129 bits), a
     * generalized Fermat prime (2^64 - 2^50)^4 + 1, and large random primes.
     */
    static List<BigInteger> primes() {
        List<BigInteger> ps = new ArrayList<>();
        for (long p : new long[] {2, 3, 5, 17, 998244353L, (1L << 61) - 1}) {
            ps.add(BigInteger.valueOf(p));
        }
        ps.add(BigInteger.valueOf(NttPrimes.largestBelow(1L << 62, 40)));
        ps.add(TWO.pow(64).subtract(BigInteger.valueOf(59)));   // largest 64-bit prime: 1 limb
        ps.add(TWO.pow(64).nextProbablePrime());                 // 65 bits: 2 limbs
        ps.add(TWO.pow(127).subtract(BigInteger.ONE));           // Mersenne, 127 bits
        ps.add(TWO.pow(128).subtract(BigInteger.valueOf(159)));  // largest 128-bit prime
        ps.add(TWO.pow(128).nextProbablePrime());                // 129 bits: 3 limbs
        ps.add(TWO.pow(64).subtract(TWO.pow(50)).pow(4).add(BigInteger.ONE)); // 256 bits: 4 limbs
        Random rnd = new Random(SEED);
        ps.add(BigInteger.probablePrime(521, rnd));
        ps.add(BigInteger.probablePrime(1024, rnd));
        return ps;
    }

    private static String where(BigInteger p, Object... values) {
        StringBuilder sb = new StringBuilder("seed=").append(SEED).append(" p=").append(p);
        for (Object v : values) {
            sb.append(' ').append(v);
        }
        return sb.toString();
    }

    private static BigInteger element(Random rnd, BigInteger p) {
        switch (rnd.nextInt(8)) {
            case 0:
                return BigInteger.ZERO;
            case 1:
                return BigInteger.ONE;
            case 2:
                return p.subtract(BigInteger.ONE);
            case 3:
                return p.shiftRight(1);
            default:
                BigInteger x;
                do {
                    x = new BigInteger(p.bitLength(), rnd);
                } while (x.compareTo(p) >= 0);
                return x;
        }
    }

    @ParameterizedTest
    @MethodSource("primes")
    void arithmeticAgainstBigInteger(BigInteger p) {
        BigIntegerField f = BigIntegerField.of(p);
        assertEquals(p, f.p());
        assertEquals(p, f.modulus());
        Random rnd = new Random(SEED ^ p.longValue());
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, p.subtract(BigInteger.ONE), p.shiftRight(1)};
        List<BigInteger[]> pairs = new ArrayList<>();
        for (BigInteger a : edges) {
            for (BigInteger b : edges) {
                pairs.add(new BigInteger[] {a.mod(p), b.mod(p)});
            }
        }
        for (int i = 0; i < 500 * MULTIPLIER; i++) {
            pairs.add(new BigInteger[] {element(rnd, p), element(rnd, p)});
        }
        for (BigInteger[] ab : pairs) {
            BigInteger a = ab[0];
            BigInteger b = ab[1];
            String msg = where(p, a, b);
            assertEquals(a.add(b).mod(p), f.add(a, b), "add " + msg);
            assertEquals(a.subtract(b).mod(p), f.sub(a, b), "sub " + msg);
            assertEquals(a.negate().mod(p), f.neg(a), "neg " + msg);
            assertEquals(a.multiply(b).mod(p), f.mul(a, b), "mul " + msg);
            if (a.signum() != 0) {
                BigInteger ai = f.inv(a);
                assertTrue(ai.signum() > 0 && ai.compareTo(p) < 0, "inv range " + msg);
                assertEquals(BigInteger.ONE, a.multiply(ai).mod(p), "inv " + msg);
            } else {
                assertThrows(ArithmeticException.class, () -> f.inv(a), msg);
                assertThrows(ArithmeticException.class, () -> f.pow(a, BigInteger.ONE.negate()), msg);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("primes")
    void powAgainstRepeatedMultiplication(BigInteger p) {
        BigIntegerField f = BigIntegerField.of(p);
        Random rnd = new Random(SEED ^ p.longValue() ^ 1);
        for (int i = 0; i < 40 * MULTIPLIER; i++) {
            BigInteger a = element(rnd, p);
            // Small exponents by repeated multiplication, an oracle independent of modPow.
            BigInteger acc = BigInteger.ONE.mod(p);
            for (int e = 0; e < 12; e++) {
                assertEquals(acc, f.pow(a, BigInteger.valueOf(e)), where(p, a, e));
                acc = acc.multiply(a).mod(p);
            }
            if (a.signum() != 0) {
                BigInteger e = new BigInteger(200, rnd);
                // a^-e a^e = 1, and Fermat: a^(p-1) = 1.
                assertEquals(BigInteger.ONE,
                        f.mul(f.pow(a, e), f.pow(a, e.negate())), "a^-e a^e " + where(p, a, e));
                assertEquals(BigInteger.ONE, f.pow(a, p.subtract(BigInteger.ONE)), where(p, a));
                assertEquals(f.inv(a), f.pow(a, BigInteger.ONE.negate()), where(p, a));
            }
        }
        assertEquals(BigInteger.ONE, f.pow(BigInteger.ZERO, BigInteger.ZERO));
        assertEquals(BigInteger.ZERO, f.pow(BigInteger.ZERO, BigInteger.TEN));
    }

    @ParameterizedTest
    @MethodSource("primes")
    void limbLayoutAndPrimeFieldInterface(BigInteger p) {
        PrimeField f = BigIntegerField.of(p);
        int words = (p.bitLength() + 63) / 64;
        assertEquals(words, f.wordsPerElement(), where(p));
        Random rnd = new Random(SEED ^ p.longValue() ^ 2);
        int off = 1 + words; // element slots 1, 2, 3 after a one-word gap
        long[] arr = new long[off + 3 * words + 1];
        for (int i = 0; i < 150 * MULTIPLIER; i++) {
            BigInteger x = new BigInteger(p.bitLength() + 70, rnd);
            if (rnd.nextBoolean()) {
                x = x.negate();
            }
            BigInteger y = i == 0 ? p : i == 1 ? p.subtract(BigInteger.ONE) : element(rnd, p);
            f.fromBigInteger(x, arr, off);
            f.fromBigInteger(y, arr, off + words);
            BigInteger xm = x.mod(p);
            BigInteger ym = y.mod(p);
            String msg = where(p, x, y);
            // Little-endian unsigned 64-bit limbs, checked limb by limb.
            for (int k = 0; k < words; k++) {
                assertEquals(xm.shiftRight(64 * k).longValue(), arr[off + k], "limb " + k + " " + msg);
            }
            assertEquals(0L, arr[0], "gap before the elements written " + msg);
            assertEquals(0L, arr[arr.length - 1], "word after the elements written " + msg);
            assertEquals(xm, f.toBigInteger(arr, off), msg);
            assertEquals(ym, f.toBigInteger(arr, off + words), msg);
            int c = off + 2 * words;
            f.add(arr, off, arr, off + words, arr, c);
            assertEquals(xm.add(ym).mod(p), f.toBigInteger(arr, c), "add " + msg);
            f.sub(arr, off, arr, off + words, arr, c);
            assertEquals(xm.subtract(ym).mod(p), f.toBigInteger(arr, c), "sub " + msg);
            f.neg(arr, off, arr, c);
            assertEquals(xm.negate().mod(p), f.toBigInteger(arr, c), "neg " + msg);
            f.mul(arr, off, arr, off + words, arr, c);
            assertEquals(xm.multiply(ym).mod(p), f.toBigInteger(arr, c), "mul " + msg);
            assertEquals(xm.signum() == 0, f.isZero(arr, off), msg);
            if (xm.signum() != 0) {
                BigInteger e = BigInteger.valueOf(rnd.nextInt(1000) - 500);
                f.pow(arr, off, e, arr, c);
                assertEquals(xm.modPow(e, p), f.toBigInteger(arr, c), "pow " + msg + " e=" + e);
                f.inv(arr, off, arr, c);
                assertEquals(xm.modInverse(p), f.toBigInteger(arr, c), "inv " + msg);
            } else {
                assertThrows(ArithmeticException.class, () -> f.inv(arr, off, arr, c));
            }
            // Output aliasing an input exactly.
            f.mul(arr, off, arr, off, arr, off);
            assertEquals(xm.multiply(xm).mod(p), f.toBigInteger(arr, off), "square in place " + msg);
        }
    }

    @Test
    void interfaceValidates() {
        BigIntegerField f = BigIntegerField.of(TWO.pow(64).nextProbablePrime()); // 2 words
        long[] good = new long[6];
        f.fromBigInteger(BigInteger.valueOf(5), good, 0);
        long[] bad = {0, 2, -1, -1}; // 2^65 >= p; then 2^128 - 1 >= p
        long[] snapshot = good.clone();
        assertParam("a", assertThrows(IllegalArgumentException.class, () -> f.add(bad, 0, good, 0, good, 2)));
        assertParam("b", assertThrows(IllegalArgumentException.class, () -> f.mul(good, 0, bad, 2, good, 2)));
        assertParam("a", assertThrows(IllegalArgumentException.class, () -> f.neg(bad, 0, good, 2)));
        assertParam("a", assertThrows(IllegalArgumentException.class, () -> f.isZero(bad, 2)));
        assertParam("src", assertThrows(IllegalArgumentException.class, () -> f.toBigInteger(bad, 0)));
        assertParam("a", assertThrows(IllegalArgumentException.class, () -> f.inv(null, 0, good, 2)));
        assertParam("c", assertThrows(IllegalArgumentException.class, () -> f.sub(good, 0, good, 0, null, 0)));
        assertParam("e", assertThrows(IllegalArgumentException.class, () -> f.pow(good, 0, null, good, 2)));
        assertParam("x", assertThrows(IllegalArgumentException.class, () -> f.fromBigInteger(null, good, 0)));
        assertParam("c", assertThrows(IndexOutOfBoundsException.class, () -> f.add(good, 0, good, 0, good, 5)));
        assertParam("a", assertThrows(IndexOutOfBoundsException.class, () -> f.add(good, -1, good, 0, good, 2)));
        assertParam("dst", assertThrows(IndexOutOfBoundsException.class,
                () -> f.fromBigInteger(BigInteger.ONE, good, 5)));
        assertThrows(ArithmeticException.class, () -> f.inv(good, 4, good, 2));
        assertArrayEquals(snapshot, good, "failed calls must not write");
    }

    @Test
    void badModulusIsRejected() {
        String[] bad = {"-7", "0", "1", "4", "561", "3825123056546413051",
            TWO.pow(127).add(BigInteger.ONE).toString(), TWO.pow(64).add(BigInteger.ONE).toString()};
        for (String s : bad) {
            assertParam("p", assertThrows(IllegalArgumentException.class,
                    () -> BigIntegerField.of(new BigInteger(s))), s);
        }
        assertParam("p", assertThrows(IllegalArgumentException.class, () -> BigIntegerField.of(null)));
        assertParam("p", assertThrows(IllegalArgumentException.class, () -> BigIntegerField.of(1L)));
        assertEquals(BigIntegerField.of(17), BigIntegerField.of(BigInteger.valueOf(17)));
    }

    @Test
    void checkElementReduceRandomAndNames() {
        BigIntegerField f = BigIntegerField.of(17);
        assertEquals(BigInteger.TEN, f.checkElement(BigInteger.TEN, "v"));
        assertParam("v", assertThrows(IllegalArgumentException.class,
                () -> f.checkElement(BigInteger.valueOf(17), "v")));
        assertParam("v", assertThrows(IllegalArgumentException.class,
                () -> f.checkElement(BigInteger.ONE.negate(), "v")));
        assertParam("v", assertThrows(IllegalArgumentException.class, () -> f.checkElement(null, "v")));
        assertEquals(BigInteger.valueOf(16), f.reduce(BigInteger.ONE.negate()));
        assertEquals(BigInteger.ZERO, f.reduce(BigInteger.valueOf(17 * 1000)));
        assertParam("x", assertThrows(IllegalArgumentException.class, () -> f.reduce(null)));
        assertParam("rnd", assertThrows(IllegalArgumentException.class, () -> f.random(null)));

        Random rnd = new Random(SEED);
        boolean[] seen = new boolean[17];
        for (int i = 0; i < 2000; i++) {
            BigInteger x = f.random(rnd);
            assertTrue(x.signum() >= 0 && x.compareTo(BigInteger.valueOf(17)) < 0, "random " + x);
            seen[x.intValue()] = true;
        }
        for (int v = 0; v < 17; v++) {
            assertTrue(seen[v], "value " + v + " never drawn, seed=" + SEED);
        }
        assertEquals("Z/17", f.name());
        assertEquals("Z/17", f.toString());
        assertEquals("Z/p(129 bits)", BigIntegerField.of(TWO.pow(128).nextProbablePrime()).name());
        assertNotEquals(f, BigIntegerField.of(19));
        assertEquals(f.hashCode(), BigIntegerField.of(17).hashCode());
        assertFalse(f.equals(ZpField.of(17)), "different representations are different fields");
    }

    private static void assertParam(String param, RuntimeException e) {
        assertParam(param, e, "");
    }

    private static void assertParam(String param, RuntimeException e, String context) {
        String m = e.getMessage();
        assertTrue(m != null && (m.startsWith(param + " ") || m.startsWith(param + ":")),
                "message should name " + param + ": " + m + " " + context);
    }
}
