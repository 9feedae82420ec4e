package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link NttPrimes#fewestAbove}: against a direct search (the prefix of {@link NttPrimes#generate}
 * found by multiplying BigIntegers one prime at a time), minimality, edge targets, and the
 * absence of the old NttPrimes -&gt; ZpField dependency.
 */
class NttPrimesFewestTest {
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    // The oracle: primes from an independent scan (isPrime of BigInteger) until the product exceeds target.
    private static long[] oracle(BigInteger target, long bound, int s) {
        java.util.List<Long> out = new java.util.ArrayList<>();
        BigInteger m = BigInteger.ONE;
        for (long c = (bound - 2) >>> s; c >= 1; c--) {
            long q = (c << s) + 1;
            if (BigInteger.valueOf(q).isProbablePrime(64)) {
                out.add(q);
                m = m.multiply(BigInteger.valueOf(q));
                if (m.compareTo(target) > 0) {
                    return out.stream().mapToLong(Long::longValue).toArray();
                }
            }
        }
        throw new IllegalStateException("too few primes");
    }

    @Test
    void matchesDirectSearchOnRandomTargets() {
        System.out.println("NttPrimesFewestTest seed = " + SEED);
        Random rnd = new Random(SEED);
        long[] bounds = {1L << 62, 1L << 50, 1L << 61, (1L << 40) + rnd.nextInt(1 << 20)};
        int[] orders = {30, 28, 20, 16, 1};
        for (int i = 0; i < 40 * MULTIPLIER; i++) {
            long bound = bounds[rnd.nextInt(bounds.length)];
            int s = orders[rnd.nextInt(orders.length)];
            int bits = rnd.nextInt(i % 4 == 0 ? 2000 : 300);
            BigInteger target = new BigInteger(Math.max(1, bits), rnd);
            String ctx = "seed=" + SEED + " bound=" + bound + " s=" + s + " target bits=" + target.bitLength();
            long[] got = NttPrimes.fewestAbove(target, bound, s);
            assertArrayEquals(oracle(target, bound, s), got, ctx);
            // minimal: the product without the last prime does not exceed target (at least one
            // prime is returned, also for target 0, where the empty product 1 already exceeds it)
            BigInteger m = BigInteger.ONE;
            for (int j = 0; j + 1 < got.length; j++) {
                m = m.multiply(BigInteger.valueOf(got[j]));
            }
            assertTrue(got.length == 1 || m.compareTo(target) <= 0, ctx);
            assertTrue(m.multiply(BigInteger.valueOf(got[got.length - 1])).compareTo(target) > 0, ctx);
            // the prefix of generate's sequence
            assertArrayEquals(NttPrimes.generate(got.length, bound, s), got, ctx);
            // the bits form: product >= 2^bits
            long[] byBits = NttPrimes.fewestAbove(bits, bound, s);
            assertArrayEquals(oracle(BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE), bound, s), byBits, ctx);
        }
    }

    @Test
    void edgeTargets() {
        long p0 = NttPrimes.largestBelow(1L << 62, 30);
        long p1 = NttPrimes.generate(2, 1L << 62, 30)[1];
        assertArrayEquals(new long[] {p0}, NttPrimes.fewestAbove(BigInteger.ZERO, 1L << 62, 30));
        assertArrayEquals(new long[] {p0}, NttPrimes.fewestAbove(0, 1L << 62, 30));
        assertArrayEquals(new long[] {p0}, NttPrimes.fewestAbove(BigInteger.valueOf(p0 - 1), 1L << 62, 30));
        // exactly the product is not enough: M > target is required
        assertArrayEquals(new long[] {p0, p1}, NttPrimes.fewestAbove(BigInteger.valueOf(p0), 1L << 62, 30));
        BigInteger both = BigInteger.valueOf(p0).multiply(BigInteger.valueOf(p1));
        assertEquals(2, NttPrimes.fewestAbove(both.subtract(BigInteger.ONE), 1L << 62, 30).length);
        assertEquals(3, NttPrimes.fewestAbove(both, 1L << 62, 30).length);
        // a fresh array each time: the cache cannot be corrupted by a caller
        long[] a = NttPrimes.fewestAbove(200, 1L << 50, 20);
        a[0] = 4;
        assertFalse(NttPrimes.fewestAbove(200, 1L << 50, 20)[0] == 4);
        // thousands of bits at a large 2-adic order: smaller primes, more of them
        long[] many = NttPrimes.fewestAbove(20_000, 1L << 50, 30);
        assertArrayEquals(oracle(BigInteger.ONE.shiftLeft(20_000).subtract(BigInteger.ONE), 1L << 50, 30), many);
    }

    @Test
    void badArguments() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NttPrimes.fewestAbove(BigInteger.valueOf(-1), 1L << 62, 30));
        assertTrue(e.getMessage().contains("target"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> NttPrimes.fewestAbove((BigInteger) null, 1L << 62, 30));
        assertTrue(e.getMessage().contains("target"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> NttPrimes.fewestAbove(-1, 1L << 62, 30));
        assertTrue(e.getMessage().contains("bits"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> NttPrimes.fewestAbove(10, (1L << 62) + 1, 30));
        assertTrue(e.getMessage().contains("bound"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> NttPrimes.fewestAbove(10, 1L << 62, 62));
        assertTrue(e.getMessage().contains("minTwoAdicOrder"), e.getMessage());
        // too few primes: 2^20 bound, 2^18 | p - 1 leaves at most 3 candidates
        e = assertThrows(IllegalArgumentException.class, () -> NttPrimes.fewestAbove(200, 1L << 20, 18));
        assertTrue(e.getMessage().contains("too few") || e.getMessage().contains("too large"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> NttPrimes.fewestAbove(Integer.MAX_VALUE, 1L << 62, 30));
        assertTrue(e.getMessage().contains("MAX_FEWEST"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> NttPrimes.fewestAbove(BigInteger.ONE.shiftLeft(5_000_000), 1L << 62, 30));
        assertTrue(e.getMessage().contains("MAX_FEWEST"), e.getMessage());
    }

    @Test
    void nttPrimesDoesNotReferToZpField() throws IOException {
        // The cycle NttPrimes <-> ZpField is gone: NttPrimes' class file names no ZpField.
        try (InputStream in = NttPrimes.class.getResourceAsStream("NttPrimes.class")) {
            String pool = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            assertFalse(pool.contains("org/modalg/fields/ZpField"), "NttPrimes.class refers to ZpField");
            assertTrue(pool.contains("org/modalg/fields/UnsignedDivider"), "sanity: the scan sees class names");
        }
    }
}
