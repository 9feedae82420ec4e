package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link NttPrimes} against BigInteger primality and brute-force searches. */
class NttPrimesTest {
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    private static final long SEED = Long.getLong("modalg.test.seed", 0x7717L);
    private static final long TWO62 = 1L << 62;

    private static boolean oracle(long n) {
        return n >= 2 && BigInteger.valueOf(n).isProbablePrime(64);
    }

    @Test
    void isPrimeMatchesSieveBelow100000() {
        int limit = 100_000;
        boolean[] composite = new boolean[limit];
        for (int i = 2; (long) i * i < limit; i++) {
            if (!composite[i]) {
                for (int j = i * i; j < limit; j += i) {
                    composite[j] = true;
                }
            }
        }
        for (int n = -5; n < limit; n++) {
            boolean expected = n >= 2 && !composite[n];
            assertEquals(expected, NttPrimes.isPrime(n), "n=" + n);
        }
    }

    @Test
    void isPrimeBelow2To31() {
        // the fast path (bases 2, 3, 5, 7, long arithmetic) against BigInteger
        Random rnd = new Random(SEED + 1);
        for (int i = 0; i < 20000 * MULTIPLIER; i++) {
            long n = ((long) rnd.nextInt(Integer.MAX_VALUE) >>> rnd.nextInt(31)) | 1;
            assertEquals(oracle(n), NttPrimes.isPrime(n), "seed=" + (SEED + 1) + " n=" + n);
        }
        for (long n = (1L << 31) + 300; n > (1L << 31) - 3000; n--) {
            assertEquals(oracle(n), NttPrimes.isPrime(n), "n=" + n);
        }
        // strong pseudoprimes to bases 2, 3 and 5 (the smallest is 25326001) and to 2, 3, 5, 7 (3215031751, above 2^31)
        assertFalse(NttPrimes.isPrime(25326001L));
        assertFalse(NttPrimes.isPrime(3215031751L));
        assertFalse(NttPrimes.isPrime(2152302898747L));
    }

    @Test
    void isPrimeMatchesBigIntegerOnRandom64BitNumbers() {
        Random rnd = new Random(SEED);
        int primes = 0;
        for (int i = 0; i < 20000 * MULTIPLIER; i++) {
            // Every size, odd numbers mostly (even ones are trivial), near 2^62 and 2^63 too.
            long n = (rnd.nextLong() >>> rnd.nextInt(63)) | 1;
            boolean expected = oracle(n);
            primes += expected ? 1 : 0;
            assertEquals(expected, NttPrimes.isPrime(n), "seed=" + SEED + " n=" + n);
        }
        assertTrue(primes > 100, "too few primes drawn to mean anything: " + primes);
        // Numbers right below 2^63 and 2^62, both prime and composite.
        for (long n = Long.MAX_VALUE; n > Long.MAX_VALUE - 2000; n--) {
            assertEquals(oracle(n), NttPrimes.isPrime(n), "n=" + n);
        }
        for (long n = TWO62 + 500; n > TWO62 - 2000; n--) {
            assertEquals(oracle(n), NttPrimes.isPrime(n), "n=" + n);
        }
    }

    @Test
    void strongPseudoprimesAndHardComposites() {
        // Strong pseudoprimes to every prime base up to 7, 11, 13, 17, and 23 respectively.
        long[] spsp = {3215031751L, 2152302898747L, 3474749660383L, 341550071728321L,
            3825123056546413051L, 25326001L, 2047L, 1373653L, 4759123141L};
        for (long n : spsp) {
            assertFalse(oracle(n), "oracle disagrees on " + n);
            assertFalse(NttPrimes.isPrime(n), "strong pseudoprime n=" + n);
        }
        // Carmichael numbers.
        for (long n : new long[] {561, 1105, 1729, 2465, 2821, 6601, 8911, 41041, 825265,
            321197185, 5394826801L, 232250619601L, 9746347772161L}) {
            assertFalse(NttPrimes.isPrime(n), "Carmichael n=" + n);
        }
        // Squares and products of two large primes, the largest 63-bit semiprimes.
        Random rnd = new Random(SEED ^ 1);
        for (int i = 0; i < 200 * MULTIPLIER; i++) {
            BigInteger p = BigInteger.probablePrime(31, rnd);
            BigInteger q = i % 2 == 0 ? p : BigInteger.probablePrime(32, rnd);
            long n = p.multiply(q).longValueExact();
            assertFalse(NttPrimes.isPrime(n), "seed=" + SEED + " n=" + p + "*" + q);
        }
        // Known primes.
        long[] knownPrimes = {2, 3, 37, 41, 43, 1693, 998244353L, 2013265921L, (1L << 31) - 1,
            (1L << 61) - 1, TWO62 - 57, Long.MAX_VALUE - 24, 4611686018427387847L};
        for (long n : knownPrimes) {
            assertTrue(oracle(n), "oracle disagrees on " + n);
            assertTrue(NttPrimes.isPrime(n), "prime n=" + n);
        }
        assertFalse(NttPrimes.isPrime(41 * 41));
        assertFalse(NttPrimes.isPrime(37 * 37));
        assertFalse(NttPrimes.isPrime(Long.MAX_VALUE));
        assertFalse(NttPrimes.isPrime(Long.MIN_VALUE));
        assertFalse(NttPrimes.isPrime(-7));
    }

    @Test
    void twoAdicOrder() {
        assertEquals(23, NttPrimes.twoAdicOrder(998244353L));
        assertEquals(27, NttPrimes.twoAdicOrder(2013265921L));
        assertEquals(0, NttPrimes.twoAdicOrder(2));
        assertEquals(1, NttPrimes.twoAdicOrder(3));
        assertEquals(4, NttPrimes.twoAdicOrder(17));
        assertEquals(16, NttPrimes.twoAdicOrder(65537));
        assertParam("p", assertThrows(IllegalArgumentException.class, () -> NttPrimes.twoAdicOrder(1)));
        assertParam("p", assertThrows(IllegalArgumentException.class, () -> NttPrimes.twoAdicOrder(-5)));
    }

    // The largest prime p < bound with 2^s | p - 1, by walking down every number; 0 if none.
    private static long bruteLargestBelow(long bound, int s) {
        for (long n = bound - 1; n >= 2; n--) {
            if (Long.numberOfTrailingZeros(n - 1) >= s && oracle(n)) {
                return n;
            }
        }
        return 0;
    }

    @Test
    void largestBelowIsLargestForSmallBounds() {
        Random rnd = new Random(SEED ^ 2);
        for (int t = 0; t < 400 * MULTIPLIER; t++) {
            long bound = t < 20 ? 3 + t : 3 + rnd.nextInt(5000);
            int s = rnd.nextInt(t < 200 ? 6 : 14);
            long expected = bruteLargestBelow(bound, s);
            String msg = "seed=" + SEED + " bound=" + bound + " s=" + s;
            if (expected == 0) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> NttPrimes.largestBelow(bound, s), msg);
                assertTrue(e.getMessage().contains("bound"), e.getMessage());
            } else {
                assertEquals(expected, NttPrimes.largestBelow(bound, s), msg);
            }
        }
    }

    @Test
    void largestBelowKnownValues() {
        assertEquals(TWO62 - 57, NttPrimes.largestBelow(TWO62, 0));
        assertEquals(2013265921L, NttPrimes.largestBelow(1L << 31, 27)); // 15 * 2^27 + 1
        assertEquals(998244353L, NttPrimes.largestBelow(998244354L, 23));
        assertEquals(2, NttPrimes.largestBelow(3, 0));
        assertEquals(3, NttPrimes.largestBelow(4, 1));
    }

    @Test
    void generateLargePrimes() {
        int[] orders = {0, 1, 20, 30, 40, 50};
        for (int s : orders) {
            long bound = s == 30 ? (1L << 50) + 12345 : TWO62;
            long[] ps = NttPrimes.generate(8, bound, s);
            assertEquals(8, ps.length);
            long previous = bound;
            for (long p : ps) {
                String msg = "s=" + s + " p=" + p;
                assertTrue(p < previous, "decreasing and distinct, below the bound " + msg);
                assertTrue(oracle(p), "prime " + msg);
                assertTrue(NttPrimes.twoAdicOrder(p) >= s, "order " + msg);
                assertEquals(0, (p - 1) % (1L << s), msg);
                // Nothing skipped: no prime c * 2^s + 1 strictly between p and the previous one.
                for (long n = previous - 1; n > p; n--) {
                    if (Long.numberOfTrailingZeros(n - 1) >= s) {
                        assertFalse(oracle(n), "skipped prime " + n + " (" + msg + ")");
                    }
                    if (s >= 20) {
                        // Step to the next candidate of the form c * 2^s + 1 below n.
                        long c = (n - 2) >>> s;
                        n = (c << s) + 2;
                    }
                }
                previous = p;
            }
            assertEquals(ps[0], NttPrimes.largestBelow(bound, s));
        }
        assertEquals(0, NttPrimes.generate(0, 100, 3).length);
    }

    @Test
    void generateAllOfASmallFamily() {
        // Primes p = c * 2^6 + 1 < 2000: 193, 257, 449, 577, 641, 769, 1153, 1217, 1409, 1601.
        long[] all = NttPrimes.generate(10, 2000, 6);
        assertEquals("[1601, 1409, 1217, 1153, 769, 641, 577, 449, 257, 193]",
                java.util.Arrays.toString(all));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NttPrimes.generate(11, 2000, 6));
        assertParam("count", e);
        assertParam("count", assertThrows(IllegalArgumentException.class,
                () -> NttPrimes.generate(Integer.MAX_VALUE, 2000, 6)));
    }

    @Test
    void argumentsAreValidated() {
        assertParam("count", assertThrows(IllegalArgumentException.class, () -> NttPrimes.generate(-1, 100, 1)));
        assertParam("bound", assertThrows(IllegalArgumentException.class, () -> NttPrimes.generate(1, 2, 0)));
        assertParam("bound", assertThrows(IllegalArgumentException.class,
                () -> NttPrimes.largestBelow(TWO62 + 1, 0)));
        assertParam("bound", assertThrows(IllegalArgumentException.class,
                () -> NttPrimes.largestBelow(Long.MIN_VALUE, 0)));
        assertParam("minTwoAdicOrder", assertThrows(IllegalArgumentException.class,
                () -> NttPrimes.largestBelow(1000, -1)));
        assertParam("minTwoAdicOrder", assertThrows(IllegalArgumentException.class,
                () -> NttPrimes.largestBelow(TWO62, 62)));
        // 2^61 + 1 is divisible by 3, so no prime below 2^62 has 2^61 | p - 1.
        assertThrows(IllegalArgumentException.class, () -> NttPrimes.largestBelow(TWO62, 61));
    }

    @Test
    void primitiveRootsOfUnityHaveExactOrder() {
        long[] primes = {3, 5, 17, 257, 65537, 998244353L, 2013265921L, (1L << 61) - 1,
            NttPrimes.largestBelow(TWO62, 40), NttPrimes.largestBelow(TWO62, 55),
            NttPrimes.largestBelow(TWO62, 0)};
        for (long p : primes) {
            BigInteger bp = BigInteger.valueOf(p);
            BigInteger minusOne = bp.subtract(BigInteger.ONE);
            int s = NttPrimes.twoAdicOrder(p);
            for (int k = 0; k <= s; k++) {
                long w = NttPrimes.primitiveRootOfUnity(p, k);
                String msg = "p=" + p + " log2n=" + k + " w=" + w;
                assertTrue(w > 0 && w < p, msg);
                BigInteger bw = BigInteger.valueOf(w);
                assertEquals(BigInteger.ONE, bw.modPow(BigInteger.ONE.shiftLeft(k), bp), "w^(2^k) = 1 " + msg);
                if (k > 0) {
                    assertEquals(minusOne, bw.modPow(BigInteger.ONE.shiftLeft(k - 1), bp),
                            "w^(2^(k-1)) = -1 " + msg);
                } else {
                    assertEquals(1L, w, msg);
                }
                assertEquals(w, NttPrimes.primitiveRootOfUnity(p, k), "deterministic " + msg);
            }
            assertParam("log2n", assertThrows(IllegalArgumentException.class,
                    () -> NttPrimes.primitiveRootOfUnity(p, s + 1)));
            assertParam("log2n", assertThrows(IllegalArgumentException.class,
                    () -> NttPrimes.primitiveRootOfUnity(p, -1)));
        }
        assertEquals(1L, NttPrimes.primitiveRootOfUnity(2, 0));
        assertEquals(2L, NttPrimes.primitiveRootOfUnity(3, 1));
        assertEquals(998244352L, NttPrimes.primitiveRootOfUnity(998244353L, 1));
        assertParam("log2n", assertThrows(IllegalArgumentException.class,
                () -> NttPrimes.primitiveRootOfUnity(2, 1)));
        assertParam("p", assertThrows(IllegalArgumentException.class,
                () -> NttPrimes.primitiveRootOfUnity(561, 1)));
        assertParam("p", assertThrows(IllegalArgumentException.class,
                () -> NttPrimes.primitiveRootOfUnity(Long.MAX_VALUE - 24, 1)));
    }

    private static void assertParam(String param, RuntimeException e) {
        String m = e.getMessage();
        assertTrue(m != null && (m.startsWith(param + " ") || m.startsWith(param + ":")),
                "message should name " + param + ": " + m);
    }
}
