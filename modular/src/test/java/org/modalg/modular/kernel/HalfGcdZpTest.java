package org.modalg.modular.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.modular.GcdOracles.MULTIPLIER;
import static org.modalg.modular.GcdOracles.SEED;
import static org.modalg.modular.GcdOracles.where;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.zp.PolyDivZp;

/**
 * {@link HalfGcdZp} against the Euclid kernels of {@link PolyGcdZp} (themselves tested against
 * BigInteger Euclid and Sylvester determinants in {@link PolyGcdKernelsTest}), and the half-GCD
 * matrix against the classical remainder sequence: random primes of 30 to 62 bits and small
 * primes (many degree drops), degrees up to 3000, planted common factors, remainder sequences
 * with prescribed quotient degrees (abnormal sequences), zero, constant and degree-deficient
 * inputs.
 */
class HalfGcdZpTest {

    private static long randomPrime(Random rnd) {
        int bits = 30 + rnd.nextInt(32); // 30..61 bits: below 2^62
        return BigInteger.probablePrime(bits, rnd).longValueExact();
    }

    /** Random coefficients mod p of exact degree deg (empty for deg &lt; 0); also PolyGcdDoubleTest's. */
    static long[] randomPoly(Random rnd, ZpField f, int deg) {
        if (deg < 0) {
            return new long[0];
        }
        long[] a = new long[deg + 1];
        for (int i = 0; i <= deg; i++) {
            a[i] = f.random(rnd);
        }
        while (a[deg] == 0) {
            a[deg] = f.random(rnd);
        }
        return a;
    }

    private static long[] mulNaive(ZpField f, long[] a, long[] b) {
        if (a.length == 0 || b.length == 0) {
            return new long[0];
        }
        long[] c = new long[a.length + b.length - 1];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                c[i + j] = f.add(c[i + j], f.mul(a[i], b[j]));
            }
        }
        return c;
    }

    /** A pair whose remainder sequence has random quotient degrees (built from the bottom up). */
    private static long[][] prescribedSequence(Random rnd, ZpField f, int targetDeg) {
        long[] rNext = randomPoly(rnd, f, rnd.nextInt(3) == 0 ? -1 : rnd.nextInt(4)); // last remainder or 0
        long[] r = randomPoly(rnd, f, rNext.length + rnd.nextInt(3)); // degree > deg rNext
        while (r.length - 1 < targetDeg) {
            int qd = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(40) : 1;
            long[] q = randomPoly(rnd, f, qd);
            long[] prev = HalfGcdZp.add(f, mulNaiveOrFast(f, q, r), rNext);
            rNext = r;
            r = prev;
        }
        return new long[][] {r, rNext};
    }

    private static long[] mulNaiveOrFast(ZpField f, long[] a, long[] b) {
        return Math.min(a.length, b.length) < 64 ? mulNaive(f, a, b) : HalfGcdZp.mul(f, a, b);
    }

    private static long euclidResultant(ZpField f, long[] a, long[] b) {
        return PolyGcdZp.resultantEuclid(f, a.clone(), a.length - 1, b.clone(), b.length - 1);
    }

    private static long[] euclidGcd(ZpField f, long[] a, long[] b) {
        long[] out = new long[Math.max(Math.max(a.length, b.length), 1)];
        int len = PolyGcdZp.gcdEuclid(f, a.clone(), a.length, b.clone(), b.length, out);
        return Arrays.copyOf(out, len);
    }

    private static void checkGcdAndResultant(ZpField f, long[] a, long[] b, String label) {
        long[] expected = euclidGcd(f, a, b);
        long[] g = HalfGcdZp.gcd(f, a.clone(), b.clone());
        assertEquals(expected.length, g.length, label + " gcd degree");
        if (g.length > 0) {
            long inv = f.inv(g[g.length - 1]);
            for (int i = 0; i < g.length; i++) {
                g[i] = f.mul(g[i], inv);
            }
        }
        assertArrayEquals(expected, g, label + " gcd");
        // through the public kernel (dispatch by size, monic output)
        long[] out = new long[Math.max(Math.max(a.length, b.length), 1)];
        int n = Math.max(a.length, b.length);
        int len = PolyGcdZp.gcd(f, Arrays.copyOf(a, Math.max(n, 1)), a.length, Arrays.copyOf(b, Math.max(n, 1)),
                b.length, out);
        assertArrayEquals(expected, Arrays.copyOf(out, len), label + " PolyGcdZp.gcd");
        if (a.length > 0 && b.length > 0) {
            long er = euclidResultant(f, a, b);
            assertEquals(er, HalfGcdZp.resultant(f, a, b), label + " resultant");
            assertEquals(er, PolyGcdZp.resultant(f, a.clone(), a.length, b.clone(), b.length),
                    label + " PolyGcdZp.resultant");
            long swapped = (((long) (a.length - 1) * (b.length - 1)) & 1) != 0 ? f.neg(er) : er;
            assertEquals(swapped, HalfGcdZp.resultant(f, b, a), label + " resultant swapped");
        }
    }

    @Test
    void gcdAndResultantAgainstEuclidOnRandomInputs() {
        Random rnd = new Random(SEED);
        int[] degrees = {0, 1, 5, 150, 201, 202, 250, 333, 512, 700, 1000, 1500};
        for (int it = 0; it < 24 * MULTIPLIER; it++) {
            long p = it % 4 == 3 ? NttPrimes.largestBelow(1L << (40 + it % 20), 20) : randomPrime(rnd);
            ZpField f = ZpField.of(p);
            int da = degrees[rnd.nextInt(degrees.length)];
            int db = rnd.nextBoolean() ? da : degrees[rnd.nextInt(degrees.length)];
            long[] a = randomPoly(rnd, f, da);
            long[] b = randomPoly(rnd, f, db);
            String label = where("it=" + it + " p=" + p + " deg " + da + ", " + db);
            checkGcdAndResultant(f, a, b, label);
            if (rnd.nextBoolean()) {
                long[] c = randomPoly(rnd, f, rnd.nextInt(400));
                checkGcdAndResultant(f, mulNaiveOrFast(f, a, c), mulNaiveOrFast(f, b, c),
                        label + " times a common factor of degree " + (c.length - 1));
            }
        }
    }

    @Test
    void largeDegreesAndPlantedFactors() {
        Random rnd = new Random(SEED + 1);
        for (int it = 0; it < 3 * MULTIPLIER; it++) {
            long p = randomPrime(rnd);
            ZpField f = ZpField.of(p);
            int d = 1500 + rnd.nextInt(1501); // up to 3000
            int dc = rnd.nextInt(d / 2);
            long[] c = randomPoly(rnd, f, dc);
            long[] a = HalfGcdZp.mul(f, randomPoly(rnd, f, d - dc), c);
            long[] b = HalfGcdZp.mul(f, randomPoly(rnd, f, d - dc - rnd.nextInt(3)), c);
            checkGcdAndResultant(f, a, b, where("it=" + it + " p=" + p + " degree " + d + " common " + dc));
        }
    }

    @Test
    void abnormalSequencesAndSmallPrimes() {
        Random rnd = new Random(SEED + 2);
        long[] primes = {3, 5, 7, 65537, 1_000_000_007L};
        for (int it = 0; it < 30 * MULTIPLIER; it++) {
            long p = it % 3 == 0 ? randomPrime(rnd) : primes[rnd.nextInt(primes.length)];
            ZpField f = ZpField.of(p);
            int target = 150 + rnd.nextInt(900);
            String label = where("it=" + it + " p=" + p + " target degree " + target);
            if (rnd.nextBoolean()) {
                long[][] ab = prescribedSequence(rnd, f, target);
                checkGcdAndResultant(f, ab[0], ab[1], label + " prescribed quotients");
            } else {
                // random inputs over a small field: frequent degree drops in the sequence
                long[] a = randomPoly(rnd, f, target);
                long[] b = randomPoly(rnd, f, target - rnd.nextInt(5));
                checkGcdAndResultant(f, a, b, label + " random");
            }
        }
    }

    @Test
    void zeroConstantAndDegreeDeficientInputs() {
        Random rnd = new Random(SEED + 3);
        long p = randomPrime(rnd);
        ZpField f = ZpField.of(p);
        long[] big = randomPoly(rnd, f, 600);
        long[] other = randomPoly(rnd, f, 450);
        checkGcdAndResultant(f, big, new long[0], "b = 0");
        checkGcdAndResultant(f, new long[0], big, "a = 0");
        checkGcdAndResultant(f, big, new long[] {5}, "b constant");
        checkGcdAndResultant(f, big, big, "a = b");
        checkGcdAndResultant(f, big, HalfGcdZp.mul(f, big, other), "a divides b");
        // formal degrees beyond the true ones: Res_{n,m} through the public kernel
        for (int pad = 1; pad <= 3; pad++) {
            long[] a = Arrays.copyOf(big, big.length + pad);
            long[] b = other.clone();
            // Res_{n,m} = (-1)^(pad m) lc(b)^pad Res_{n - pad,m} (checked against Sylvester
            // determinants on small inputs in PolyGcdKernelsTest), here with the Euclid kernel
            long expected = f.mul(f.pow(b[b.length - 1], pad), euclidResultant(f, big, b));
            if ((((long) pad * (b.length - 1)) & 1) != 0) {
                expected = f.neg(expected);
            }
            assertEquals(expected, PolyGcdZp.resultant(f, a.clone(), a.length, b.clone(), b.length),
                    where("deficient a by " + pad));
        }
    }

    @Test
    void halfGcdIsThePrefixOfTheRemainderSequence() {
        Random rnd = new Random(SEED + 4);
        for (int it = 0; it < 12 * MULTIPLIER; it++) {
            long p = it % 2 == 0 ? randomPrime(rnd) : new long[] {3, 7, 101}[it % 3];
            ZpField f = ZpField.of(p);
            int n = 100 + rnd.nextInt(1200);
            long[][] ab = rnd.nextBoolean() ? prescribedSequence(rnd, f, n)
                    : new long[][] {randomPoly(rnd, f, n), randomPoly(rnd, f, n - 1 - rnd.nextInt(3))};
            long[] a = ab[0];
            long[] b = ab[1];
            if (a.length <= b.length) {
                continue;
            }
            String label = where("it=" + it + " p=" + p + " n=" + (a.length - 1));
            HalfGcdZp.Result h = HalfGcdZp.hgcd(f, a, b, true, null, 0);
            // the classical remainder sequence: (A, B) must be its first pair with deg B < ceil(n/2)
            int m = a.length / 2; // ceil((len - 1) / 2)
            long[] x = a;
            long[] y = b;
            int steps = 0;
            while (y.length - 1 >= m) {
                long[] r = new long[x.length];
                long[] q = new long[x.length - y.length + 1];
                PolyDivZp.divRemClassical(f, x, 0, x.length, y, 0, y.length, q, 0, r, 0);
                x = y;
                y = Arrays.copyOf(r, HalfGcdZp.trim(r, y.length - 1));
                steps++;
            }
            assertArrayEquals(x, h.a, label + " A");
            assertArrayEquals(y, h.b, label + " B");
            assertEquals(steps, h.steps, label + " steps");
            // (a, b) = M (A, B) and det M = (-1)^steps
            assertArrayEquals(a, HalfGcdZp.add(f, HalfGcdZp.mul(f, h.m11, h.a), HalfGcdZp.mul(f, h.m12, h.b)),
                    label + " a = m11 A + m12 B");
            assertArrayEquals(b, HalfGcdZp.add(f, HalfGcdZp.mul(f, h.m21, h.a), HalfGcdZp.mul(f, h.m22, h.b)),
                    label + " b = m21 A + m22 B");
            long[] det = HalfGcdZp.sub(f, HalfGcdZp.mul(f, h.m11, h.m22), HalfGcdZp.mul(f, h.m12, h.m21));
            assertArrayEquals(new long[] {(steps & 1) == 0 ? 1 : p - 1}, det, label + " det");
            assertTrue(h.negDet == ((steps & 1) != 0), label + " det sign");
        }
    }
}
