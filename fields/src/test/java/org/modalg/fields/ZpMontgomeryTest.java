package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link ZpMontgomery} against BigInteger arithmetic modulo p, with R = 2^64. */
class ZpMontgomeryTest {
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    private static final long SEED = Long.getLong("modalg.test.seed", 0x3017L);
    private static final BigInteger R = BigInteger.ONE.shiftLeft(64);

    /** Odd primes small and near 2^62, and odd composites (Montgomery needs only oddness). */
    static List<Long> moduli() {
        List<Long> ms = new ArrayList<>(List.of(3L, 5L, 17L, 998244353L, (1L << 61) - 1,
                9L, 15L, (1L << 62) - 1, (1L << 62) - 3));
        for (long p : NttPrimes.generate(2, 1L << 62, 0)) {
            ms.add(p);
        }
        ms.add(NttPrimes.largestBelow(1L << 62, 50));
        return ms;
    }

    private static BigInteger big(long x) {
        return BigInteger.valueOf(x);
    }

    @ParameterizedTest
    @MethodSource("moduli")
    void againstBigInteger(long p) {
        ZpMontgomery m = ZpMontgomery.of(p);
        BigInteger bp = big(p);
        assertEquals(p, m.p());
        assertEquals(R.mod(bp).longValue(), m.one(), "one = R mod p, p=" + p);
        Random rnd = new Random(SEED ^ p);
        long[] edges = {0, 1, 2, p - 1, p - 2, p / 2};
        for (int i = 0; i < 4000 * MULTIPLIER; i++) {
            long a = i < edges.length ? edges[i] : rnd.nextLong(p);
            long b = i < edges.length ? edges[edges.length - 1 - i] : rnd.nextLong(p);
            String msg = "seed=" + SEED + " p=" + p + " a=" + a + " b=" + b;
            long am = m.toMont(a);
            long bm = m.toMont(b);
            assertEquals(big(a).multiply(R).mod(bp).longValue(), am, "toMont " + msg);
            assertEquals(a, m.fromMont(am), "fromMont " + msg);
            long cm = m.mul(am, bm);
            assertTrue(cm >= 0 && cm < p, "mul out of range " + msg);
            assertEquals(big(a).multiply(big(b)).multiply(R).mod(bp).longValue(), cm, "mul " + msg);
            assertEquals(big(a).multiply(big(b)).mod(bp).longValue(), m.fromMont(cm), "product " + msg);
            // fromMont alone is REDC: x R^-1 mod p.
            assertEquals(big(a).multiply(R.modInverse(bp)).mod(bp).longValue(), m.fromMont(a),
                    "fromMont as REDC " + msg);
        }
        assertEquals(1L, m.fromMont(m.one()));
        assertEquals(m.one(), m.toMont(1));
        assertEquals(m.toMont(5 % p), m.mul(m.one(), m.toMont(5 % p)));
    }

    @Test
    void badModulusIsRejected() {
        long[] bad = {Long.MIN_VALUE, -3, 0, 1, 2, 4, 998244354L, 1L << 62, (1L << 62) + 1,
            Long.MAX_VALUE};
        for (long p : bad) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> ZpMontgomery.of(p));
            assertTrue(e.getMessage().startsWith("p "), e.getMessage());
        }
    }
}
