package org.modalg.fft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fft.CrtTestSupport.SEED;
import static org.modalg.fft.CrtTestSupport.ctx;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.modalg.fields.NttPrimes;

/** {@link CrtBasis}: construction, factories, constants, and rejected arguments. */
class CrtBasisTest {

    private static void assertRejected(String param, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(param), "message should name " + param + ": " + e.getMessage());
    }

    private static BigInteger product(long[] ps, int count) {
        BigInteger m = BigInteger.ONE;
        for (int j = 0; j < count; j++) {
            m = m.multiply(BigInteger.valueOf(ps[j]));
        }
        return m;
    }

    @Test
    void constantsMatchBigInteger() {
        Random rnd = new Random(SEED);
        for (int s = 1; s <= 40; s++) {
            CrtBasis b = CrtTestSupport.randomBasis(s, rnd);
            long[] ps = b.primes();
            BigInteger m = product(ps, s);
            assertEquals(s, b.size());
            assertEquals(m, b.modulus(), ctx("M, s=" + s));
            int limbs = Math.max(1, (m.bitLength() + 63) / 64);
            assertEquals(limbs, b.modulusLimbCount());
            assertEquals(m, BigIntegerLimbs.big(b.modulusLimbs(), 0, limbs));
            assertTrue(b.projectionBlock() > limbs);
            for (int j = 0; j < s; j++) {
                assertEquals(ps[j], b.prime(j));
                BigInteger pj = BigInteger.valueOf(ps[j]);
                BigInteger expected = product(ps, j).modInverse(pj);
                assertEquals(expected.longValueExact(), b.garnerInverse(j), ctx("e_" + j + ", s=" + s));
                for (int i = 0; i < s; i++) {
                    if (i != j) {
                        assertEquals(BigInteger.valueOf(ps[i]).modInverse(pj).longValueExact(), b.primeInverse(i, j),
                                ctx("p_" + i + "^-1 mod p_" + j + ", s=" + s));
                    }
                }
            }
        }
    }

    @Test
    void ofKeepsOrderAndCopies() {
        long[] ps = {3, 2, 1_000_000_007L};
        CrtBasis b = CrtBasis.of(ps);
        ps[0] = 5;
        assertArrayEquals(new long[] {3, 2, 1_000_000_007L}, b.primes());
        b.primes()[1] = 7;
        assertEquals(2, b.prime(1));
        assertEquals(CrtBasis.of(3, 2, 1_000_000_007L), b);
        assertEquals(CrtBasis.of(3, 2, 1_000_000_007L).hashCode(), b.hashCode());
        assertNotEquals(CrtBasis.of(2, 3, 1_000_000_007L), b);
        assertTrue(b.toString().contains("s = 3"));
    }

    @Test
    void forBitsTakesTheFewestPrimes() {
        for (int order : new int[] {0, 1, 20, 30, 40}) {
            for (int bits : new int[] {0, 1, 61, 62, 63, 64, 123, 124, 125, 200, 1000, 2400}) {
                CrtBasis b = CrtBasis.forBits(bits, order);
                long[] ps = b.primes();
                BigInteger bound = BigInteger.ONE.shiftLeft(bits);
                assertTrue(b.modulus().compareTo(bound) > 0, "bits=" + bits + " order=" + order);
                assertTrue(product(ps, ps.length - 1).compareTo(bound) <= 0, "not fewest: bits=" + bits);
                long[] expected = NttPrimes.generate(ps.length, 1L << 62, order);
                assertArrayEquals(expected, ps, "the largest NTT primes, in decreasing order");
                for (long p : ps) {
                    assertTrue(NttPrimes.twoAdicOrder(p) >= order);
                }
            }
        }
        assertEquals(1, CrtBasis.forBits(0, 0).size());
        assertEquals(1, CrtBasis.forBits(61, 0).size());
        assertEquals(2, CrtBasis.forBits(62, 0).size()); // every prime is below 2^62
    }

    @Test
    void forBitsWithFewCandidatesGrowsItsEstimate() {
        // 2^50 | p - 1 leaves 4095 candidates below 2^62; the primes are smaller than 2^62 on average.
        CrtBasis b = CrtBasis.forBits(1000, 50);
        assertTrue(b.modulus().bitLength() > 1000);
        assertTrue(product(b.primes(), b.size() - 1).bitLength() <= 1001);
    }

    @Test
    void forSignedBoundCoversTheSymmetricRange() {
        Random rnd = new Random(SEED ^ 5);
        for (int i = 0; i < 60; i++) {
            BigInteger bound = i < 3 ? BigInteger.valueOf(i) : new BigInteger(1 + rnd.nextInt(2000), rnd);
            CrtBasis b = CrtBasis.forSignedBound(bound, rnd.nextInt(30));
            BigInteger twice = bound.shiftLeft(1);
            assertTrue(b.modulus().compareTo(twice) > 0, ctx("bound=" + bound));
            assertTrue(b.size() == 1 || product(b.primes(), b.size() - 1).compareTo(twice) <= 0,
                    ctx("not fewest: bound=" + bound));
        }
        // Values of absolute value up to the bound come back in the symmetric range.
        BigInteger bound = BigInteger.ONE.shiftLeft(100).subtract(BigInteger.ONE);
        CrtBasis b = CrtBasis.forSignedBound(bound, 10);
        BigInteger[] values = {bound, bound.negate(), BigInteger.ZERO};
        long[] res = new long[b.size() * 3];
        b.project(values, res);
        assertArrayEquals(values, b.toBigIntegers(res, 3, true));
    }

    @Test
    void badPrimesAreRejectedNamingPrimes() {
        assertRejected("primes", () -> CrtBasis.of((long[]) null));
        assertRejected("primes", () -> CrtBasis.of());
        assertRejected("primes", () -> CrtBasis.of(2, 3, 4));
        assertRejected("primes", () -> CrtBasis.of(1));
        assertRejected("primes", () -> CrtBasis.of(0));
        assertRejected("primes", () -> CrtBasis.of(-7));
        assertRejected("primes", () -> CrtBasis.of(5, 7, 5));
        assertRejected("primes", () -> CrtBasis.of(1L << 62));
        assertRejected("primes", () -> CrtBasis.of(Long.MAX_VALUE));
        assertRejected("primes", () -> CrtBasis.of((1L << 62) - 1)); // 3 | 2^62 - 1
        long p62 = NttPrimes.largestBelow(1L << 62, 0);
        assertEquals(p62, CrtBasis.of(p62).prime(0));
        // A strong pseudoprime to several bases, and a product of two 31-bit primes.
        assertRejected("primes", () -> CrtBasis.of(3825123056546413051L));
        assertRejected("primes", () -> CrtBasis.of(2147483647L * 2147483629L));
    }

    @Test
    void badFactoryArgumentsAreRejected() {
        assertRejected("bits", () -> CrtBasis.forBits(-1, 0));
        assertRejected("minTwoAdicOrder", () -> CrtBasis.forBits(10, -1));
        assertRejected("minTwoAdicOrder", () -> CrtBasis.forBits(10, 62));
        assertRejected("minTwoAdicOrder", () -> CrtBasis.forBits(1000, 60)); // 3 candidates only
        assertRejected("bits", () -> CrtBasis.forBits(1 << 20, 0));
        assertRejected("bits", () -> CrtBasis.forBits(Integer.MAX_VALUE, 0));
        assertRejected("bound", () -> CrtBasis.forSignedBound(BigInteger.ONE.shiftLeft(1 << 20), 0));
        assertRejected("primes", () -> CrtBasis.of(new long[CrtBasis.MAX_SIZE + 1]));
        assertRejected("bound", () -> CrtBasis.forSignedBound(null, 0));
        assertRejected("bound", () -> CrtBasis.forSignedBound(BigInteger.valueOf(-1), 0));
        assertRejected("minTwoAdicOrder", () -> CrtBasis.forSignedBound(BigInteger.TEN, 99));
        CrtBasis b = CrtBasis.of(2, 3);
        assertRejected("j", () -> b.prime(2));
        assertRejected("j", () -> b.garnerInverse(-1));
        assertRejected("m", () -> b.primeInverse(2, 0));
        assertRejected("m", () -> b.primeInverse(-1, 0));
        assertRejected("j", () -> b.primeInverse(0, 2));
        assertRejected("m must differ from j", () -> b.primeInverse(1, 1));
        assertEquals(2, b.primeInverse(0, 1)); // 2^-1 mod 3 = 2
        assertEquals(1, b.primeInverse(1, 0)); // 3^-1 mod 2 = 1
    }
}
