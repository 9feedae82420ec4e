package org.modalg.modular.kernel;

import static org.modalg.modular.kernel.HalfGcdZpTest.randomPoly;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.modalg.modular.GcdOracles.MULTIPLIER;
import static org.modalg.modular.GcdOracles.SEED;
import static org.modalg.modular.GcdOracles.where;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fields.ZpField;

/**
 * {@link PolyGcdDouble} against the Euclid kernels on longs ({@link PolyGcdZp#gcdEuclid},
 * {@link PolyGcdZp#resultantEuclid}, tested against BigInteger Euclid and Sylvester
 * determinants in {@link PolyGcdKernelsTest}): random primes of 2 to 26 bits (the largest
 * allowed included), degrees 0 to 2000, planted common factors, remainder sequences with
 * prescribed quotient degrees (degree drops of every size), zero and constant inputs, and
 * exact division against the product.
 */
class PolyGcdDoubleTest {

    private static long randomPrime(Random rnd) {
        int bits = 2 + rnd.nextInt(PolyGcdDouble.MAX_PRIME_BITS - 1);
        long p = BigInteger.probablePrime(bits, rnd).longValueExact();
        return p == 2 ? 3 : p;
    }

    /** A pair whose Euclidean remainder sequence has random quotient degrees (built bottom up). */
    private static long[][] prescribedSequence(Random rnd, ZpField f, int targetDeg) {
        long[] rNext = randomPoly(rnd, f, rnd.nextInt(3) == 0 ? -1 : rnd.nextInt(4));
        long[] r = randomPoly(rnd, f, rNext.length + rnd.nextInt(3));
        while (r.length - 1 < targetDeg) {
            int qd = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(30) : 1;
            long[] prev = HalfGcdZp.add(f, HalfGcdZp.mul(f, randomPoly(rnd, f, qd), r), rNext);
            rNext = r;
            r = prev;
        }
        return new long[][] {r, rNext};
    }

    private static void check(ZpField f, long[] a, long[] b, String label) {
        long p = f.p();
        int n = Math.max(Math.max(a.length, b.length), 1);
        long[] expected = new long[n];
        int el = PolyGcdZp.gcdEuclid(f, Arrays.copyOf(a, n), a.length, Arrays.copyOf(b, n), b.length, expected);
        long[] out = new long[n];
        long[] ac = Arrays.copyOf(a, n);
        long[] bc = Arrays.copyOf(b, n);
        int len = PolyGcdDouble.gcd(p, ac, a.length, bc, b.length, out);
        assertEquals(el, len, label + " gcd length");
        assertArrayEquals(Arrays.copyOf(expected, el), Arrays.copyOf(out, len), label + " gcd");
        assertArrayEquals(Arrays.copyOf(a, n), ac, label + " input a unchanged");
        if (a.length > 0 && b.length > 0) {
            long er = PolyGcdZp.resultantEuclid(f, a.clone(), a.length - 1, b.clone(), b.length - 1);
            assertEquals(er, PolyGcdDouble.resultantTrimmed(p, a, a.length - 1, b, b.length - 1), label + " res");
            assertEquals(er, PolyGcdZp.resultant(f, a.clone(), a.length, b.clone(), b.length), label + " dispatch");
        }
        if (len > 1) {
            // exact division by the monic gcd, checked by multiplying back
            long[] g = Arrays.copyOf(out, len);
            for (long[] x : new long[][] {a, b}) {
                if (x.length == 0) {
                    continue;
                }
                long[] q = new long[x.length - len + 1];
                PolyGcdDouble.divideExact(p, x, x.length, g, len, q);
                assertArrayEquals(x, HalfGcdZp.mul(f, q, g), label + " divideExact");
            }
        }
    }

    @Test
    void againstEuclidOnLongs() {
        Random rnd = new Random(SEED + 10);
        for (int it = 0; it < 150 * MULTIPLIER; it++) {
            long p = it % 5 == 0 ? 67108859L /* largest prime below 2^26 */ : randomPrime(rnd);
            ZpField f = ZpField.of(p);
            int size = it % 10 == 0 ? 2000 : it % 3 == 0 ? 300 : 12;
            String label = where("it=" + it + " p=" + p);
            switch (it % 4) {
                case 0 -> check(f, randomPoly(rnd, f, rnd.nextInt(size) - 1), randomPoly(rnd, f, rnd.nextInt(size) - 1),
                        label + " random");
                case 1 -> {
                    long[] c = randomPoly(rnd, f, rnd.nextInt(size / 2 + 1));
                    check(f, HalfGcdZp.mul(f, randomPoly(rnd, f, rnd.nextInt(size / 2 + 1)), c),
                            HalfGcdZp.mul(f, randomPoly(rnd, f, rnd.nextInt(size / 2 + 1)), c), label + " common factor");
                }
                case 2 -> {
                    long[][] ab = prescribedSequence(rnd, f, rnd.nextInt(size) + 1);
                    check(f, ab[0], ab[1], label + " prescribed quotients");
                    check(f, ab[1], ab[0], label + " prescribed quotients, swapped");
                }
                default -> {
                    long[] a = randomPoly(rnd, f, rnd.nextInt(size));
                    check(f, a, a, label + " equal");
                    check(f, a, new long[] {1 + rnd.nextInt((int) Math.min(p - 1, 1000))}, label + " constant");
                    check(f, a, new long[0], label + " zero");
                    check(f, new long[0], new long[0], label + " both zero");
                }
            }
        }
    }

    @Test
    void primeBoundIsSafeForTheLargestPrime() {
        // coefficients at the edges of the symmetric range, with the largest allowed prime
        long p = 67108859L;
        assertEquals(true, p < PolyGcdDouble.PRIME_BOUND && BigInteger.valueOf(p).isProbablePrime(50));
        ZpField f = ZpField.of(p);
        long h = (p - 1) / 2;
        long[] a = new long[401];
        long[] b = new long[400];
        Random rnd = new Random(SEED + 11);
        for (int i = 0; i < a.length; i++) {
            a[i] = rnd.nextBoolean() ? h : h + 1;
        }
        for (int i = 0; i < b.length; i++) {
            b[i] = rnd.nextBoolean() ? h : p - 1;
        }
        check(f, a, b, where("edge coefficients"));
    }
}
