package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The two paths of {@link BigIntegerWords} (BigInteger's words when java.math is opened to
 * modalg, as in the test runs, and the byte arrays otherwise) agree with each other and with
 * BigInteger arithmetic.
 */
class BigIntegerWordsTest {
    @Test
    void testRunsUseTheDirectPath() {
        assertTrue(BigIntegerWords.direct(),
                "the build opens java.base/java.math for the tests (surefire argLine)");
    }

    @Test
    void largeValuesConvertInParallelSlices() {
        Random rnd = new Random(Long.getLong("modalg.test.seed", System.nanoTime()));
        for (int bits : new int[] {64 * (1 << 17), 64 * (1 << 17) + 31, 10_000_000}) {
            BigInteger x = new BigInteger(bits, rnd).setBit(bits - 1);
            long[] limbs = BigIntegerWords.magnitude(x);
            assertArrayEquals(bytePath(x), limbs, bits + " bits");
            assertEquals(x, BigIntegerWords.valueOf(limbs, limbs.length, 1), bits + " bits");
            assertEquals(x.negate(), BigIntegerWords.valueOf(limbs, limbs.length, -1), bits + " bits");
        }
    }

    @Test
    void bothPathsAgreeOnRandomAndEdgeValues() {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        Random rnd = new Random(seed);
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO.pow(31), BigInteger.TWO.pow(32),
            BigInteger.TWO.pow(63), BigInteger.TWO.pow(64), BigInteger.TWO.pow(64).subtract(BigInteger.ONE),
            BigInteger.TWO.pow(95).subtract(BigInteger.ONE), BigInteger.TWO.pow(128), BigInteger.valueOf(-7)};
        for (int t = 0; t < 2000; t++) {
            BigInteger x = t < edges.length ? edges[t] : new BigInteger(1 + rnd.nextInt(3000), rnd);
            if (t >= edges.length && rnd.nextBoolean()) {
                x = x.negate();
            }
            long[] direct = BigIntegerWords.magnitude(x);
            assertArrayEquals(bytePath(x), direct, "magnitude of " + x + " (seed " + seed + ")");
            BigInteger back = BigIntegerWords.valueOf(direct, direct.length, 1);
            assertEquals(x.abs(), back, "seed " + seed);
            assertEquals(back, BigIntegerWords.valueOfBytes(direct, direct.length, 1), "seed " + seed);
            assertEquals(x.signum() == 0 ? x : x.abs().negate(),
                    BigIntegerWords.valueOf(direct, direct.length, -1), "negative, seed " + seed);
            // results behave as ordinary BigIntegers (no leading zero words kept)
            assertEquals(x.abs().add(BigInteger.ONE), back.add(BigInteger.ONE), "seed " + seed);
            assertEquals(x.abs().bitLength(), back.bitLength(), "seed " + seed);
            long[] padded = java.util.Arrays.copyOf(direct, direct.length + 2);
            assertEquals(x.abs(), BigIntegerWords.valueOf(padded, padded.length, 1), "leading zero limbs, seed " + seed);
            // the read-only view: the same words, big-endian, as word() and the limbs
            int[] view = BigIntegerWords.magnitudeView(x);
            assertEquals(BigIntegerWords.wordCount(x), view.length, "view length, seed " + seed);
            for (int w = 0; w < view.length; w++) {
                assertEquals(BigIntegerWords.word(x, w), view[view.length - 1 - w] & 0xFFFFFFFFL, "seed " + seed);
                assertEquals((direct[w >>> 1] >>> (32 * (w & 1))) & 0xFFFFFFFFL,
                        view[view.length - 1 - w] & 0xFFFFFFFFL, "seed " + seed);
            }
            long[] wide = new long[direct.length + 3];
            BigIntegerWords.magnitude(x, wide, wide.length);
            assertArrayEquals(padded, java.util.Arrays.copyOf(wide, padded.length), "seed " + seed);
        }
    }

    private static long[] bytePath(BigInteger x) {
        long[] out = new long[BigIntegerWords.limbCount(x)];
        BigIntegerWords.magnitudeOfBytes(x, out, out.length);
        return out;
    }

    @Test
    void badArgumentsAreRejected() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> BigIntegerWords.magnitude(BigInteger.TWO.pow(64), new long[1], 1));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> BigIntegerWords.valueOf(new long[2], 3, 1));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> BigIntegerWords.valueOf(new long[2], 2, 2));
    }

    @Test
    void valuesBeyondBigIntegersRangeAreRefusedAndTheLargestCounts() {
        // 2^25 limbs with the top bit set is 2^31 bits, one more than BigInteger holds.
        long[] limbs = new long[1 << 25];
        limbs[limbs.length - 1] = Long.MIN_VALUE;
        ArithmeticException e = org.junit.jupiter.api.Assertions.assertThrows(ArithmeticException.class,
                () -> BigIntegerWords.valueOf(limbs, limbs.length, 1));
        assertTrue(e.getMessage().contains("2147483648 bits"), e.getMessage());
        BigInteger largest = BigInteger.ONE.shiftLeft(Integer.MAX_VALUE - 1); // 2^31 - 1 bits
        assertEquals(1 << 25, BigIntegerWords.limbCount(largest));
        assertEquals(1 << 25, BigIntegerWords.limbCount(largest.negate()));
    }
}
