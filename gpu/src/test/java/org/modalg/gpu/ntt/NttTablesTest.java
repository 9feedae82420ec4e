package org.modalg.gpu.ntt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/**
 * The Shoup table of {@link NttTables} (no device needed): its layout, and the identity
 * the quotient-only passes of {@code ntt.cu} rely on, w = floor(w' p / 2^64) + 1 for
 * w' = floor(w 2^64 / p) and 0 &lt; w &lt; p, against BigInteger on random residues of random
 * primes below 2^62 (seed printed) and at the edges.
 */
class NttTablesTest {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private static long seed(String test) {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println(test + " seed " + seed + " (replay with -Dmodalg.test.seed=" + seed + ")");
        return seed;
    }

    private static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    // The kernel's recovery of w from its quotient, and the quotient itself, against BigInteger.
    private static void checkPair(ZpField f, long p, long w) {
        long q = f.shoupPrecompute(w);
        BigInteger bp = BigInteger.valueOf(p);
        BigInteger bw = BigInteger.valueOf(w);
        assertEquals(bw.multiply(TWO_64).divide(bp), unsigned(q), "quotient of " + w + " mod " + p);
        long recovered = unsigned(q).multiply(bp).shiftRight(64).longValueExact() + 1;
        assertEquals(w, recovered, "w from its quotient, w = " + w + ", p = " + p);
    }

    @Test
    void everyResidueIsItsQuotientsHighProductPlusOne() {
        Random rnd = new Random(seed("everyResidueIsItsQuotientsHighProductPlusOne"));
        long[] primes = {
            NttPrimes.largestBelow(1L << 62, 30), NttPrimes.largestBelow(1L << 62, 26),
            NttPrimes.largestBelow(1L << 50, 30), 998244353L, 3L, 5L};
        for (long p : primes) {
            ZpField f = ZpField.of(p);
            for (long w : new long[] {1, 2, p - 1, p / 2, (p + 1) / 2}) {
                if (w > 0 && w < p) {
                    checkPair(f, p, w);
                }
            }
            for (int i = 0; i < 2000; i++) {
                checkPair(f, p, 1 + Math.floorMod(rnd.nextLong(), p - 1));
            }
        }
        for (int k = 0; k < 20; k++) { // random primes of random sizes below 2^62
            int bits = 2 + rnd.nextInt(61);
            long bound = bits == 62 ? 1L << 62 : (1L << bits) | (rnd.nextLong() & ((1L << bits) - 1));
            long p = NttPrimes.largestBelow(Math.max(bound, 4), 1);
            ZpField f = ZpField.of(p);
            for (int i = 0; i < 200; i++) {
                checkPair(f, p, 1 + Math.floorMod(rnd.nextLong(), p - 1));
            }
        }
    }

    @Test
    void theTableHoldsPairsBelowTheFirstPassStrideAndQuotientsFromIt() {
        long p = NttPrimes.largestBelow(1L << 62, 30);
        ZpField f = ZpField.of(p);
        for (int log2n : new int[] {4, 21, 22}) {
            int n = 1 << log2n;
            long[] powers = new long[n];
            long v = 1;
            long w = NttPrimes.primitiveRootOfUnity(p, log2n);
            for (int i = 0; i < n; i++) {
                powers[i] = v;
                v = f.mul(v, w);
            }
            int b = NttTables.quotientOffset(log2n);
            // from 2^22 points the first pass's stride (8 stages: 2^(log2n - 8)), else n
            assertEquals(log2n >= 22 ? 1 << (log2n - 8) : n, b, "B at 2^" + log2n);
            long[] table = NttTables.shoupTable(f, powers, log2n);
            assertEquals(n + b, table.length, "words at 2^" + log2n);
            BigInteger bp = BigInteger.valueOf(p);
            // every entry at 2^4; above, the entries around B and every 101st
            for (int i = 1; i < n; i += log2n <= 4 || Math.abs(i - b) < 300 ? 1 : 101) {
                BigInteger q = BigInteger.valueOf(powers[i]).multiply(TWO_64).divide(bp);
                if (i < b) {
                    assertEquals(powers[i], table[2 * i], "w at " + i + ", 2^" + log2n);
                    assertEquals(q, unsigned(table[2 * i + 1]), "quotient at " + i + ", 2^" + log2n);
                } else {
                    assertEquals(q, unsigned(table[b + i]), "quotient at " + i + ", 2^" + log2n);
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> NttTables.shoupTable(f, new long[8], 4));
    }
}
