package org.modalg.modular.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.modular.GcdOracles;

/**
 * {@link SubresultantChainZp} against the definition: every coefficient det(M_{j,i}) of every
 * S_j as a determinant modulo p by BigInteger Gaussian elimination ({@link GcdOracles#detMod}),
 * for primes from 2 to just below 2^62 (the double path below 2^26, the long path above and at
 * p = 2); random inputs with zero coefficients (degree gaps in the remainder sequence) and
 * vanishing leading coefficients; planted gaps (a = q b + r with deg r far below deg b) and
 * planted common factors (S_0..S_{k-1} = 0, S_k a non-zero multiple of the gcd of degree k).
 */
class SubresultantChainZpTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    private static final long[] PRIMES = {2, 3, 5, 7, 65537, largestBelow(PolyGcdDouble.PRIME_BOUND), (1L << 61) - 1,
        NttPrimes.largestBelow(1L << 62, 30)};

    @BeforeAll
    static void printSeed() {
        System.out.println("SubresultantChainZpTest seed " + SEED + " (-Dmodalg.test.seed to replay)");
    }

    private static String where(String label) {
        return "seed=" + SEED + " (-Dmodalg.test.seed to replay) " + label;
    }

    private static long largestBelow(long bound) {
        long p = bound - 1;
        while (!BigInteger.valueOf(p).isProbablePrime(50)) {
            p--;
        }
        return p;
    }

    /** S_j(a, b) mod p by the definition: det(M_{j,i}) for i in [0, j], formal degrees n, m. */
    static long[] determinantal(long[] a, int n, long[] b, int m, int j, long p) {
        int rows = n + m - 2 * j;
        int cols = n + m - j;
        BigInteger[][] mat = new BigInteger[rows][cols];
        for (int r = 0; r < rows; r++) {
            boolean isA = r < m - j;
            int shift = isA ? m - j - 1 - r : n - j - 1 - (r - (m - j));
            long[] h = isA ? a : b;
            int deg = isA ? n : m;
            for (int c = 0; c < cols; c++) {
                int e = cols - 1 - c - shift;
                mat[r][c] = BigInteger.valueOf(e >= 0 && e <= deg ? h[e] : 0);
            }
        }
        long[] s = new long[j + 1];
        for (int i = 0; i <= j; i++) {
            BigInteger[][] sq = new BigInteger[rows][rows];
            for (int r = 0; r < rows; r++) {
                System.arraycopy(mat[r], 0, sq[r], 0, rows - 1);
                sq[r][rows - 1] = mat[r][cols - 1 - i];
            }
            s[i] = GcdOracles.detMod(sq, p);
        }
        return s;
    }

    private static long randomElement(Random rnd, long p) {
        switch (rnd.nextInt(8)) {
            case 0:
            case 1:
                return 0; // zero coefficients: degree gaps
            case 2:
                return p - 1;
            default:
                return Math.floorMod(rnd.nextLong(), p);
        }
    }

    private static long[] randomPoly(Random rnd, int n, long p) {
        long[] a = new long[n + 1];
        for (int i = 0; i <= n; i++) {
            a[i] = randomElement(rnd, p);
        }
        return a;
    }

    /** Every index of the chain against the definition, and every lowest index against the whole chain. */
    private static void check(ZpField field, long[] a, int n, long[] b, int m, String label) {
        long p = field.p();
        long[] aCopy = a.clone();
        long[] bCopy = b.clone();
        long[] chain = SubresultantChainZp.chain(field, a, n, b, m);
        assertArrayEquals(aCopy, a, label + " a unchanged");
        assertArrayEquals(bCopy, b, label + " b unchanged");
        int top = Math.min(n, m);
        assertEquals(SubresultantChainZp.offset(top), chain.length, label);
        for (int j = 0; j < top; j++) {
            long[] want = determinantal(a, n, b, m, j, p);
            long[] got = Arrays.copyOfRange(chain, SubresultantChainZp.offset(j), SubresultantChainZp.offset(j + 1));
            assertArrayEquals(want, got, label + " S_" + j);
        }
        for (int lowest = 1; lowest <= top; lowest++) {
            long[] part = new long[SubresultantChainZp.offset(top) - SubresultantChainZp.offset(lowest) + 2];
            Arrays.fill(part, -1);
            SubresultantChainZp.chain(field, a, n, b, m, lowest, part, 1);
            assertEquals(-1, part[0], label + " lowest " + lowest + ": nothing before the offset");
            assertEquals(-1, part[part.length - 1], label + " lowest " + lowest + ": nothing after the chain");
            assertArrayEquals(Arrays.copyOfRange(chain, SubresultantChainZp.offset(lowest), chain.length),
                    Arrays.copyOfRange(part, 1, part.length - 1), label + " lowest " + lowest);
        }
    }

    @Test
    void randomAgainstTheDefinition() {
        Random rnd = new Random(SEED);
        for (int it = 0; it < 300 * MULTIPLIER; it++) {
            long p = PRIMES[it % PRIMES.length];
            ZpField field = ZpField.of(p);
            int n = rnd.nextInt(11);
            int m = rnd.nextInt(11);
            long[] a = randomPoly(rnd, n, p);
            long[] b = randomPoly(rnd, m, p);
            switch (rnd.nextInt(6)) {
                case 0:
                    a[n] = 0; // a leading coefficient vanishing (a point or a prime that divides it)
                    break;
                case 1:
                    b[m] = 0;
                    break;
                case 2:
                    a[n] = 0;
                    b[m] = 0;
                    break;
                default:
                    break;
            }
            check(field, a, n, b, m, where("it=" + it + " p=" + p + " a=" + Arrays.toString(a) + " b="
                    + Arrays.toString(b)));
        }
    }

    @Test
    void edges() {
        for (long p : PRIMES) {
            ZpField field = ZpField.of(p);
            String label = where("p=" + p);
            check(field, new long[] {1}, 0, new long[] {1, 1}, 1, label + " constant a");
            check(field, new long[] {0, 0, 0}, 2, new long[] {1, 2, 1, 1}, 3, label + " zero a");
            check(field, new long[] {1, 1, 1, 0, 0}, 4, new long[] {1, 0, 0}, 2, label + " two leading zeros each");
            check(field, new long[] {0, 0, 1}, 2, new long[] {0, 0, 0, 1}, 3, label + " x^2, x^3");
            check(field, new long[] {1, 0, 0, 0, 0, 1}, 5, new long[] {0, 1}, 1, label + " x^5 + 1, x");
            check(field, new long[] {p - 1, 0, 1}, 2, new long[] {p - 1, 0, 1}, 2, label + " equal");
            check(field, new long[] {0, 0, 0, 0, 5 % p, 0, 0}, 6, new long[] {0, 0, 0, 1, 0}, 4,
                    label + " leading zeros on both, nothing else");
        }
    }

    /** a = q b + r with deg r far below deg b: the remainder sequence skips degrees, and the chain has its zeros. */
    @Test
    void plantedGaps() {
        Random rnd = new Random(SEED + 1);
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            long p = PRIMES[3 + it % (PRIMES.length - 3)];
            ZpField field = ZpField.of(p);
            int m = 4 + rnd.nextInt(8);
            int k = rnd.nextInt(m - 2);
            long[] b = randomPoly(rnd, m, p);
            b[m] = 1 + Math.floorMod(rnd.nextLong(), p - 1);
            long[] q = randomPoly(rnd, 1 + rnd.nextInt(3), p);
            q[q.length - 1] = 1;
            long[] r = randomPoly(rnd, k, p);
            long[] a = add(mul(q, b, p), r, p);
            int n = a.length - 1;
            String label = where("it=" + it + " p=" + p + " a=" + Arrays.toString(a) + " b=" + Arrays.toString(b));
            check(field, a, n, b, m, label);
            long[] chain = SubresultantChainZp.chain(field, a, n, b, m);
            int deg = HalfGcdZp.trim(r.clone(), k + 1) - 1;
            for (int j = Math.max(deg + 1, 0); j < m - 1; j++) {
                for (int i = 0; i <= j; i++) {
                    assertEquals(0, chain[SubresultantChainZp.offset(j) + i], label + " S_" + j + " in the gap");
                }
            }
        }
    }

    /** a = h u, b = h v, deg h = k: S_0..S_{k-1} = 0 and S_k = c h with c != 0 (u, v coprime mod p, checked). */
    @Test
    void plantedCommonFactor() {
        Random rnd = new Random(SEED + 2);
        int planted = 0;
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            long p = PRIMES[4 + it % (PRIMES.length - 4)];
            ZpField field = ZpField.of(p);
            int k = 1 + rnd.nextInt(4);
            long[] h = randomPoly(rnd, k, p);
            h[k] = 1;
            long[] u = randomPoly(rnd, 1 + rnd.nextInt(6), p);
            long[] v = randomPoly(rnd, 1 + rnd.nextInt(6), p);
            u[u.length - 1] = 1;
            v[v.length - 1] = 1;
            BigInteger[] g = GcdOracles.gcdMod(big(u), big(v), BigInteger.valueOf(p));
            if (g.length != 1) {
                continue; // u, v not coprime: the gcd is larger than h
            }
            planted++;
            long[] a = mul(h, u, p);
            long[] b = mul(h, v, p);
            int n = a.length - 1;
            int m = b.length - 1;
            String label = where("it=" + it + " p=" + p + " h=" + Arrays.toString(h) + " u=" + Arrays.toString(u)
                    + " v=" + Arrays.toString(v));
            check(field, a, n, b, m, label);
            long[] chain = SubresultantChainZp.chain(field, a, n, b, m);
            for (int j = 0; j < k; j++) {
                for (int i = 0; i <= j; i++) {
                    assertEquals(0, chain[SubresultantChainZp.offset(j) + i], label + " S_" + j);
                }
            }
            if (k < Math.min(n, m)) {
                long[] sk = Arrays.copyOfRange(chain, SubresultantChainZp.offset(k), SubresultantChainZp.offset(k + 1));
                long c = sk[k];
                assertNotEquals(0, c, label + " S_" + k + " has degree k");
                ZpField f = field;
                for (int i = 0; i <= k; i++) {
                    assertEquals(f.mul(c, h[i]), sk[i], label + " S_" + k + " = c h");
                }
            }
        }
        assertTrue(planted > 0, where("some coprime cofactors were drawn"));
    }

    private static BigInteger[] big(long[] a) {
        BigInteger[] r = new BigInteger[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = BigInteger.valueOf(a[i]);
        }
        return r;
    }

    private static long[] mul(long[] a, long[] b, long p) {
        BigInteger pb = BigInteger.valueOf(p);
        BigInteger[] c = new BigInteger[a.length + b.length - 1];
        Arrays.fill(c, BigInteger.ZERO);
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                c[i + j] = c[i + j].add(BigInteger.valueOf(a[i]).multiply(BigInteger.valueOf(b[j])));
            }
        }
        long[] r = new long[c.length];
        for (int i = 0; i < c.length; i++) {
            r[i] = c[i].mod(pb).longValueExact();
        }
        return r;
    }

    private static long[] add(long[] a, long[] b, long p) {
        long[] r = Arrays.copyOf(a, Math.max(a.length, b.length));
        for (int i = 0; i < b.length; i++) {
            r[i] = BigInteger.valueOf(r[i]).add(BigInteger.valueOf(b[i])).mod(BigInteger.valueOf(p)).longValueExact();
        }
        return r;
    }
}
