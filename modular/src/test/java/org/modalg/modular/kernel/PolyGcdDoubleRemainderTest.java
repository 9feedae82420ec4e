package org.modalg.modular.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The remainder step of {@link PolyGcdDouble} ({@link PolyGcdDouble#remainderStep}) against a
 * naive remainder over BigInteger modulo p: the step returns c and r with r = c (a mod b), c
 * non-zero. Random primes of 2 to 26 bits (the largest below 2^26 included), random degrees with
 * every quotient degree from 0 (equal degrees) up, short divisors (degree 0, 1, 2) under long
 * dividends, and the edges: divisor of degree 0, dividend shorter than the divisor, zero dividend.
 */
class PolyGcdDoubleRemainderTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @BeforeAll
    static void printSeed() {
        System.out.println("PolyGcdDoubleRemainderTest seed " + SEED + " (-Dmodalg.test.seed to replay)");
    }

    private static long randomPrime(Random rnd) {
        if (rnd.nextInt(4) == 0) {
            return LARGEST;
        }
        int bits = 2 + rnd.nextInt(PolyGcdDouble.MAX_PRIME_BITS - 1);
        long p = BigInteger.probablePrime(bits, rnd).longValueExact();
        return p == 2 ? 3 : p;
    }

    private static final long LARGEST = largestPrime();

    private static long largestPrime() {
        long p = PolyGcdDouble.PRIME_BOUND - 1;
        while (!BigInteger.valueOf(p).isProbablePrime(50)) {
            p--;
        }
        return p;
    }

    /** Degree deg (leading coefficient non-zero), entries in [0, p); extreme entries now and then. */
    private static long[] randomPoly(Random rnd, long p, int deg) {
        long[] a = new long[deg + 1];
        int mode = rnd.nextInt(3);
        for (int i = 0; i <= deg; i++) {
            a[i] = mode == 0 ? (rnd.nextBoolean() ? p - 1 : (p + 1) / 2) : Math.floorMod(rnd.nextLong(), p);
        }
        if (deg >= 0 && a[deg] == 0) {
            a[deg] = 1 + Math.floorMod(rnd.nextLong(), p - 1);
        }
        return a;
    }

    /** a mod b over Z/p by schoolbook division on BigInteger (b[nb] != 0); length nb. */
    static long[] naiveRemainder(long p, long[] a, long[] b) {
        BigInteger mod = BigInteger.valueOf(p);
        int nb = b.length - 1;
        BigInteger[] r = new BigInteger[Math.max(a.length, nb)];
        Arrays.fill(r, BigInteger.ZERO);
        for (int i = 0; i < a.length; i++) {
            r[i] = BigInteger.valueOf(a[i]);
        }
        BigInteger inv = BigInteger.valueOf(b[nb]).modInverse(mod);
        for (int k = a.length - 1 - nb; k >= 0; k--) {
            BigInteger q = r[nb + k].multiply(inv).mod(mod);
            for (int i = 0; i <= nb; i++) {
                r[k + i] = r[k + i].subtract(q.multiply(BigInteger.valueOf(b[i]))).mod(mod);
            }
        }
        long[] out = new long[nb];
        for (int i = 0; i < nb; i++) {
            out[i] = r[i].mod(mod).longValueExact();
        }
        return out;
    }

    private static void check(long p, long[] a, long[] b, String label) {
        String msg = "seed " + SEED + " p " + p + " deg a " + (a.length - 1) + " deg b " + (b.length - 1) + " " + label;
        long[] aCopy = a.clone();
        long[] bCopy = b.clone();
        int nb = b.length - 1;
        long[] r = new long[nb];
        long c = PolyGcdDouble.remainderStep(p, a, a.length - 1, b, nb, r);
        assertArrayEquals(aCopy, a, "a unchanged: " + msg);
        assertArrayEquals(bCopy, b, "b unchanged: " + msg);
        assertNotEquals(0, c % p, "multiplier non-zero: " + msg);
        assertEquals(true, c > 0 && c < p, "multiplier in [1, p): " + msg);
        long[] want = naiveRemainder(p, a, b);
        BigInteger cb = BigInteger.valueOf(c);
        BigInteger mod = BigInteger.valueOf(p);
        for (int i = 0; i < nb; i++) {
            want[i] = cb.multiply(BigInteger.valueOf(want[i])).mod(mod).longValueExact();
        }
        assertArrayEquals(want, r, "r = c (a mod b): " + msg);
    }

    @Test
    void randomDividendsAndDivisors() {
        Random rnd = new Random(SEED);
        for (int t = 0; t < 600; t++) {
            long p = randomPrime(rnd);
            int nb = rnd.nextInt(4) == 0 ? rnd.nextInt(3) : rnd.nextInt(60);
            int na = nb + (rnd.nextInt(3) == 0 ? rnd.nextInt(3) : rnd.nextInt(200));
            check(p, randomPoly(rnd, p, na), randomPoly(rnd, p, nb), "random #" + t);
        }
    }

    @Test
    void longDividendsByShortDivisors() {
        Random rnd = new Random(SEED + 1);
        for (int nb = 0; nb <= 3; nb++) {
            long p = randomPrime(rnd);
            check(p, randomPoly(rnd, p, 5000 + rnd.nextInt(100)), randomPoly(rnd, p, nb), "short divisor");
        }
    }

    @Test
    void edgeCases() {
        Random rnd = new Random(SEED + 2);
        long big = LARGEST;
        for (long p : new long[] {3, 5, 65537, big}) {
            // divisor of degree 0: remainder empty
            check(p, randomPoly(rnd, p, 7), new long[] {1 + Math.floorMod(rnd.nextLong(), p - 1)}, "degree-0 divisor");
            check(p, new long[] {p - 1}, new long[] {p - 1}, "constant by constant");
            // divisor of degree 1: the remainder is c a(-b0/b1)
            check(p, randomPoly(rnd, p, 1), randomPoly(rnd, p, 1), "equal degrees 1");
            check(p, randomPoly(rnd, p, 2), randomPoly(rnd, p, 1), "delta 1 over degree 1");
            check(p, randomPoly(rnd, p, 40), new long[] {p - 1, 1}, "x + 1");
            // equal degrees
            check(p, randomPoly(rnd, p, 9), randomPoly(rnd, p, 9), "equal degrees");
            // dividend shorter than the divisor, zero dividend
            check(p, randomPoly(rnd, p, 3), randomPoly(rnd, p, 8), "shorter dividend");
            check(p, new long[0], randomPoly(rnd, p, 4), "zero dividend");
            // b divides a: remainder zero
            long[] b = randomPoly(rnd, p, 3);
            long[] q = randomPoly(rnd, p, 12);
            long[] a = new long[b.length + q.length - 1];
            for (int i = 0; i < q.length; i++) {
                for (int j = 0; j < b.length; j++) {
                    a[i + j] = (a[i + j] + q[i] * b[j] % p) % p;
                }
            }
            check(p, a, b, "exact multiple");
        }
    }
}
