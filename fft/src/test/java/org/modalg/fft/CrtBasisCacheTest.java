package org.modalg.fft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fields.NttPrimes;

/**
 * {@link CrtBasis#fewestAbove}: the cached basis is the prime set of {@link NttPrimes#fewestAbove},
 * reconstructs every value below 2^bits (checked against BigInteger on random values, and
 * 2^bits - 1), and one instance is shared per arguments.
 */
class CrtBasisCacheTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @Test
    void cachedBasisReconstructsValuesBelowTheBound() {
        System.out.println("CrtBasisCacheTest seed = " + SEED);
        Random rnd = new Random(SEED);
        long[] bounds = {DoubleNttPlan.MAX_PRIME_EXCLUSIVE, CrtBasis.MAX_PRIME_EXCLUSIVE, 1L << 61};
        for (int i = 0; i < 60; i++) {
            int bits = rnd.nextInt(i < 50 ? 400 : 3000);
            long bound = bounds[rnd.nextInt(bounds.length)];
            int order = 10 + rnd.nextInt(20);
            String ctx = "seed=" + SEED + " bits=" + bits + " bound=" + bound + " order=" + order;
            CrtBasis b = CrtBasis.fewestAbove(bits, bound, order);
            assertSame(b, CrtBasis.fewestAbove(bits, bound, order), ctx);
            assertArrayEquals(NttPrimes.fewestAbove(bits, bound, order), b.primes(), ctx);
            assertTrue(b.modulus().bitLength() > bits, ctx);
            BigInteger[] vals = {BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE), BigInteger.ZERO,
                new BigInteger(bits, rnd)};
            long[] res = new long[b.size() * vals.length];
            b.project(vals, res);
            BigInteger[] back = b.toBigIntegers(res, vals.length, false);
            assertArrayEquals(vals, back, ctx);
        }
        assertEquals(CrtBasis.forBits(500, 25).primes().length, CrtBasis.fewestAbove(500, 1L << 62, 25).size());
        assertSame(CrtBasis.forBits(500, 25), CrtBasis.fewestAbove(500, 1L << 62, 25));
    }

    @Test
    void badArguments() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CrtBasis.fewestAbove(-1, 1L << 50, 20));
        assertTrue(e.getMessage().contains("bits"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CrtBasis.fewestAbove(100, 2, 20));
        assertTrue(e.getMessage().contains("bound"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CrtBasis.fewestAbove(100, 1L << 50, 70));
        assertTrue(e.getMessage().contains("minTwoAdicOrder"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CrtBasis.fewestAbove(100, 1L << 20, 19));
        assertTrue(e.getMessage().contains("primes"), e.getMessage());
    }
}
