package org.modalg.polynomial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The two BigInteger conversions of {@link Limbs} (BigInteger's words when java.math is opened
 * to modalg, as in the test runs, and the byte arrays otherwise) agree with each other and with
 * BigInteger arithmetic.
 */
class LimbsConversionTest {
    @Test
    void testRunsUseTheDirectPath() {
        assertTrue(Limbs.directConversions(),
                "the build opens java.base/java.math for the tests (surefire argLine)");
    }

    @Test
    void largeValuesConvertInParallelSlices() {
        Random rnd = new Random(Long.getLong("modalg.test.seed", System.nanoTime()));
        for (int bits : new int[] {64 * (1 << 17), 64 * (1 << 17) + 31, 10_000_000}) {
            BigInteger x = new BigInteger(bits, rnd).setBit(bits - 1);
            long[] limbs = Limbs.magnitude(x);
            assertArrayEquals(Limbs.magnitudeOfBytes(x), limbs, bits + " bits");
            assertEquals(x, Limbs.toBigInteger(limbs), bits + " bits");
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
            long[] direct = Limbs.magnitude(x);
            long[] bytes = Limbs.magnitudeOfBytes(x);
            assertArrayEquals(bytes, direct, "magnitude of " + x + " (seed " + seed + ")");
            BigInteger back = Limbs.toBigInteger(direct);
            assertEquals(x.abs(), back, "seed " + seed);
            assertEquals(back, Limbs.toBigIntegerOfBytes(direct), "seed " + seed);
            // results behave as ordinary BigIntegers (no leading zero words kept)
            assertEquals(x.abs().add(BigInteger.ONE), back.add(BigInteger.ONE), "seed " + seed);
            assertEquals(x.abs().bitLength(), back.bitLength(), "seed " + seed);
            long[] padded = java.util.Arrays.copyOf(direct, direct.length + 2);
            assertEquals(x.abs(), Limbs.toBigInteger(padded), "leading zero limbs, seed " + seed);
        }
    }
}
