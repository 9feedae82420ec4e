package org.modalg.modular;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;

/**
 * {@link ProductTreeCrt} against the textbook CRT in BigInteger (sum of r_i (M/p_i) ((M/p_i)^-1
 * mod p_i) mod M), on random residues every run (seed printed) and on the edges: one prime, 2
 * among the primes, the largest symmetric value, residues p - 1 and unreduced words, odd node
 * counts at every level, mixed prime sizes.
 */
class ProductTreeCrtTest {

    static BigInteger oracleOf(long[] primes, long[] residues, int n, int v, boolean symmetric) {
        BigInteger m = BigInteger.ONE;
        for (long p : primes) {
            m = m.multiply(BigInteger.valueOf(p));
        }
        BigInteger x = BigInteger.ZERO;
        for (int i = 0; i < primes.length; i++) {
            BigInteger p = BigInteger.valueOf(primes[i]);
            BigInteger c = m.divide(p);
            BigInteger r = new BigInteger(Long.toUnsignedString(residues[i * n + v]));
            x = x.add(r.multiply(c).multiply(c.modInverse(p)));
        }
        x = x.mod(m);
        return symmetric && x.compareTo(m.shiftRight(1)) > 0 ? x.subtract(m) : x;
    }

    /**
     * Writes the symmetric range's ends and their neighbours modulo M = prod primes (floor(M/2),
     * 1 - floor(M/2), 0, -1, 1, floor(M/2) - 1) as the first values of residues (one row of n per
     * prime) and returns them, for the combiners' tests at the edges.
     */
    static BigInteger[] plantSymmetricEnds(long[] primes, long[] residues, int n) {
        BigInteger m = org.modalg.fft.CrtBasis.of(primes).modulus();
        BigInteger[] ends = {m.shiftRight(1), m.shiftRight(1).negate().add(BigInteger.ONE), BigInteger.ZERO,
                BigInteger.ONE.negate(), BigInteger.ONE, m.shiftRight(1).subtract(BigInteger.ONE)};
        for (int v = 0; v < ends.length; v++) {
            for (int i = 0; i < primes.length; i++) {
                residues[i * n + v] = ends[v].mod(BigInteger.valueOf(primes[i])).longValue();
            }
        }
        return ends;
    }

    private static void check(long[] primes, long[] residues, int n, Options options) {
        for (boolean symmetric : new boolean[] {true, false}) {
            BigInteger[] got = ProductTreeCrt.combine(primes, residues, n, symmetric, options);
            assertEquals(n, got.length);
            for (int v = 0; v < n; v++) {
                assertEquals(oracleOf(primes, residues, n, v, symmetric), got[v],
                        "k = " + primes.length + ", n = " + n + ", value " + v + ", symmetric " + symmetric);
            }
        }
    }

    @Test
    void matchesTheTextbookCrtOnRandomResidues() {
        long seed = System.nanoTime();
        System.out.println("ProductTreeCrtTest seed " + seed);
        Random rnd = new Random(seed);
        Options cpu = Options.defaults().withBackend(Backend.CPU).withThreads(2);
        for (int k : new int[] {1, 2, 3, 5, 8, 13, 64, 129, 300}) {
            for (int n : new int[] {1, 3, 17}) {
                int bits = (k > 40 ? 12 : 8) + rnd.nextInt(k > 40 ? 51 : 55); // enough odd primes below 2^bits
                long[] primes = PrimeStream.below(1L << bits).next(k);
                long[] residues = new long[primes.length * n];
                for (int i = 0; i < primes.length; i++) {
                    for (int v = 0; v < n; v++) {
                        long p = primes[i];
                        residues[i * n + v] = switch (rnd.nextInt(4)) {
                            case 0 -> p - 1;
                            case 1 -> rnd.nextLong(); // unreduced: any unsigned word
                            default -> Math.floorMod(rnd.nextLong(), p);
                        };
                    }
                }
                check(primes, residues, n, cpu);
            }
        }
    }

    @Test
    void edges() {
        Options one = Options.defaults().withBackend(Backend.CPU).withThreads(1);
        // one prime; 2 among the primes; mixed sizes
        check(new long[] {1_000_000_007L}, new long[] {5, 1_000_000_006L}, 2, one);
        long[] mixed = {2, 3, 1_000_000_007L, (1L << 61) - 1, 4611686018427387847L, 65537};
        long[] res = {1, 2, 0, 12345, 4611686018427387846L, 65536};
        check(mixed, res, 1, one);
        // the largest symmetric value and its neighbours, over 257 primes (odd counts upward)
        long[] primes = PrimeStream.below(1L << 62).next(257);
        BigInteger m = BigInteger.ONE;
        for (long p : primes) {
            m = m.multiply(BigInteger.valueOf(p));
        }
        BigInteger[] x = {m.shiftRight(1), m.shiftRight(1).negate().add(BigInteger.ONE), BigInteger.ZERO,
                BigInteger.ONE.negate()};
        long[] r = new long[primes.length * x.length];
        for (int i = 0; i < primes.length; i++) {
            for (int v = 0; v < x.length; v++) {
                r[i * x.length + v] = x[v].mod(BigInteger.valueOf(primes[i])).longValue();
            }
        }
        assertArrayEquals(x, ProductTreeCrt.combine(primes, r, x.length, true, one));
        assertEquals(0, ProductTreeCrt.combine(primes, r, 0, true, one).length);
    }

    @Test
    void perValueRouteMatchesTheTextbookCrtAtEveryGroupSize() {
        long seed = System.nanoTime();
        System.out.println("ProductTreeCrtTest per-value seed " + seed);
        Random rnd = new Random(seed);
        for (int k : new int[] {1, 2, 3, 31, 32, 33, 97, 150}) {
            int bits = k < 8 ? 3 + rnd.nextInt(60) : rnd.nextBoolean() ? 26 : 12 + rnd.nextInt(51);
            long[] primes = PrimeStream.below(1L << bits).next(k);
            int n = 1 + rnd.nextInt(70); // across a block of 32 values
            long[] residues = new long[k * n];
            for (int v = 0; v < n; v++) {
                int kind = rnd.nextInt(5); // whole values of zeros, of p - 1, unreduced, mixed
                for (int i = 0; i < k; i++) {
                    long p = primes[i];
                    residues[i * n + v] = switch (kind) {
                        case 0 -> 0;
                        case 1 -> p - 1;
                        case 2 -> rnd.nextLong();
                        default -> rnd.nextInt(8) == 0 ? p - 1 : Math.floorMod(rnd.nextLong(), p);
                    };
                }
            }
            for (int group : new int[] {1, 2, 3, 7, 32, k}) {
                for (int threads : new int[] {1, 2}) {
                    for (boolean symmetric : new boolean[] {true, false}) {
                        BigInteger[] got = ProductTreeCrt.combinePerValue(primes, residues, n, symmetric, threads,
                                group);
                        for (int v = 0; v < n; v++) {
                            assertEquals(oracleOf(primes, residues, n, v, symmetric), got[v], "k = " + k + ", group "
                                    + group + ", threads " + threads + ", value " + v + ", symmetric " + symmetric);
                        }
                    }
                }
            }
        }
    }

    @Test
    void perValueRouteMatchesGarnerOnManyValues() {
        long seed = System.nanoTime();
        System.out.println("ProductTreeCrtTest many values seed " + seed);
        Random rnd = new Random(seed);
        int k = 446;
        int n = 3000;
        long[] primes = PrimeStream.below(1L << 26).next(k);
        long[] residues = new long[k * n];
        for (int i = 0; i < k; i++) {
            for (int v = 0; v < n; v++) {
                residues[i * n + v] = Math.floorMod(rnd.nextLong(), primes[i]);
            }
        }
        BigInteger[] ends = plantSymmetricEnds(primes, residues, n);
        org.modalg.fft.CrtBasis garner = org.modalg.fft.CrtBasis.of(primes);
        for (boolean symmetric : new boolean[] {true, false}) {
            BigInteger[] want = garner.toBigIntegers(residues, n, symmetric, 1);
            assertArrayEquals(want, ProductTreeCrt.combinePerValue(primes, residues, n, symmetric, 2, 32));
            assertArrayEquals(want, MultiCrt.combine(primes, residues, n, symmetric, 2));
        }
        BigInteger[] one = MultiCrt.combine(primes, residues, n, true, 1);
        for (int v = 0; v < ends.length; v++) {
            assertEquals(ends[v], one[v], "value " + v);
        }
    }

    @Test
    void refusesBadInput() {
        Options o = Options.defaults();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProductTreeCrt.combine(new long[] {7, 11, 7}, new long[3], 1, true, o));
        assertTrue(e.getMessage().contains("distinct"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ProductTreeCrt.combine(new long[] {7, 9}, new long[2], 1, true, o));
        assertTrue(e.getMessage().contains("primes[1]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ProductTreeCrt.combine(new long[] {7, 1L << 62}, new long[2], 1, true, o));
        assertTrue(e.getMessage().contains("primes[1]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ProductTreeCrt.combine(new long[] {7, 11}, new long[3], 2, true, o));
        assertTrue(e.getMessage().contains("residues"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ProductTreeCrt.combine(new long[0], new long[0], 1, true, o));
        assertThrows(IllegalArgumentException.class, () -> ProductTreeCrt.combine(new long[] {7}, new long[1], -1, true,
                o));
        assertThrows(IllegalArgumentException.class, () -> ProductTreeCrt.combine(new long[] {7}, new long[1], 1, true,
                null));
    }
}
