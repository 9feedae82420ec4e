package org.modalg.polynomial.zp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.polynomial.PolyOracles;
import org.modalg.fft.Backend;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.convolution.DoubleCrt;

/**
 * Products over Z/pZ for every modulus p &lt; 2^64 ({@link PolyMulZp#mulDoubleNtt},
 * {@link PolyMulZp#mulFullWord}, {@link PolyMulZp#mulClassicalFullWord},
 * {@link ZpPoly#multiplyFullWord}) and the double-precision route under {@link ZpPoly#multiply}:
 * against the schoolbook product in BigInteger arithmetic mod p, and for long operands against
 * evaluation at random points in BigInteger arithmetic and closed forms. Random inputs every
 * run; the seed is printed ({@code -Dmodalg.test.seed} replays it).
 */
class ZpDoubleNttProductTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);

    /** Moduli: p = 2 and 3, small, NTT-friendly, near 2^50, 2^62, 2^63 and 2^64, and composites. */
    static final long[] MODULI = {
        2, 3, 17, 65537, 998244353L, 1000000007L, (1L << 31) - 1,
        1125899906842597L,                      // largest prime below 2^50
        (1L << 50) + 55,                        // a prime just above 2^50 (two words per coefficient)
        (1L << 61) - 1,
        4611686018427387847L,                   // 2^62 - 57
        4611686018427388039L,                   // nextprime(2^62), FLINT's nmod row
        9223372036854775783L,                   // 2^63 - 25, largest prime below 2^63
        Long.parseUnsignedLong("9223372036854775837"),  // smallest prime above 2^63
        Long.parseUnsignedLong("18446744073709551557"), // 2^64 - 59, largest prime below 2^64
        -1L,                                    // 2^64 - 1, composite
        Long.MIN_VALUE,                         // 2^63, composite
        1L << 62,                               // 2^62, composite
        1L << 40, 6,                            // composites
    };

    @BeforeAll
    static void printSeed() {
        System.out.println("ZpDoubleNttProductTest seed=" + SEED + " (-Dmodalg.test.seed=" + SEED + " replays)");
    }

    private static String where(long p, String label) {
        return "seed=" + SEED + " p=" + Long.toUnsignedString(p) + " " + label;
    }

    // Uniform in [0, p) unsigned, with a bias to 0, 1 and p - 1.
    private static long randomMod(Random rnd, long p) {
        switch (rnd.nextInt(8)) {
            case 0:
                return 0;
            case 1:
                return 1 % p;
            case 2:
                return p - 1;
            default:
                long x = rnd.nextLong();
                return Long.remainderUnsigned(x, p);
        }
    }

    private static long[] random(Random rnd, int len, long p) {
        long[] a = new long[len];
        for (int i = 0; i < len; i++) {
            a[i] = randomMod(rnd, p);
        }
        return a;
    }

    // f(x) mod p in BigInteger arithmetic (Horner)
    private static BigInteger eval(long[] f, BigInteger x, BigInteger p) {
        BigInteger r = BigInteger.ZERO;
        for (int i = f.length - 1; i >= 0; i--) {
            r = r.multiply(x).add(PolyOracles.unsigned(f[i])).mod(p);
        }
        return r;
    }

    // c == a b by evaluation at random points, and every entry in [0, p)
    private static void checkByEvaluation(Random rnd, long p, long[] a, long[] b, long[] c, String label) {
        assertEquals(a.length + b.length - 1, c.length, where(p, label + " length"));
        for (int i = 0; i < c.length; i++) {
            if (Long.compareUnsigned(c[i], p) >= 0) {
                throw new AssertionError(where(p, label + " c[" + i + "] = " + Long.toUnsignedString(c[i]) + " >= p"));
            }
        }
        BigInteger bp = PolyOracles.unsigned(p);
        for (int t = 0; t < 3; t++) {
            BigInteger x = PolyOracles.unsigned(randomMod(rnd, p));
            assertEquals(eval(a, x, bp).multiply(eval(b, x, bp)).mod(bp), eval(c, x, bp),
                    where(p, label + " at x=" + x));
        }
    }

    private static long[] mulDoubleNtt(long p, long[] a, long[] b, int threads) {
        long[] c = new long[a.length + b.length + 1];
        Arrays.fill(c, 1 % p);
        PolyMulZp.mulDoubleNtt(p, a, 0, a.length, b, 0, b.length, c, 1, threads);
        assertEquals(1 % p, c[0], where(p, "wrote below the output"));
        assertEquals(1 % p, c[c.length - 1], where(p, "wrote above the output"));
        return Arrays.copyOfRange(c, 1, c.length - 1);
    }

    @Test
    void randomProductsAgainstNaive() {
        Random rnd = new Random(SEED);
        // lengths around the cut-offs (Karatsuba 48, the NTT cut-offs) and transform sizes
        int[] lengths = {1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 47, 48, 49, 63, 64, 65, 99, 100, 101, 127, 128, 129,
            255, 256, 257};
        for (long p : MODULI) {
            for (int it = 0; it < 6 * MULTIPLIER; it++) {
                int al = lengths[rnd.nextInt(lengths.length)];
                int bl = rnd.nextInt(3) == 0 ? lengths[rnd.nextInt(lengths.length)] : al + rnd.nextInt(3) - 1;
                bl = Math.max(1, bl);
                long[] a = random(rnd, al, p);
                long[] b = random(rnd, bl, p);
                long[] expected = PolyOracles.mulModUnsigned(p, a, b);
                String label = "lengths " + al + " x " + bl;
                assertArrayEquals(expected, mulDoubleNtt(p, a, b, 1), where(p, label + " doubleNtt"));
                long[] c = new long[al + bl - 1];
                PolyMulZp.mulFullWord(p, a, 0, al, b, 0, bl, c, 0);
                assertArrayEquals(expected, c, where(p, label + " mulFullWord"));
                long[] d = new long[al + bl - 1];
                PolyMulZp.mulClassicalFullWord(p, a, 0, al, b, 0, bl, d, 0);
                assertArrayEquals(expected, d, where(p, label + " classical"));
                long[] k = new long[al + bl - 1];
                PolyMulZp.mulKaratsubaFullWord(p, a, 0, al, b, 0, bl, k, 0);
                assertArrayEquals(expected, k, where(p, label + " Karatsuba"));
                long[] sq = mulDoubleNtt(p, a, a, 1);
                assertArrayEquals(PolyOracles.mulModUnsigned(p, a, a), sq, where(p, label + " square"));
            }
        }
    }

    @Test
    void longerProductsByEvaluationAndAgainstClassical() {
        Random rnd = new Random(SEED + 1);
        // product lengths at and around powers of two, unbalanced shapes
        // (wrapped route: L + d coefficients with d <= L / 4, the longer operand folded when over L:
        // 1030 x 1, 600 x 500, 300 x 2, 4500 x 10, 4097 x 100, 129 x 129)
        int[][] shapes = {{1000, 1000}, {1024, 1025}, {1025, 1024}, {2048, 1}, {1, 3000}, {3, 2500}, {700, 2000},
            {2049, 2048}, {4097, 100}, {1030, 1}, {600, 500}, {300, 2}, {10, 4500}, {129, 129}};
        for (long p : MODULI) {
            int[] shape = shapes[rnd.nextInt(shapes.length)];
            long[] a = random(rnd, shape[0], p);
            long[] b = random(rnd, shape[1], p);
            String label = "lengths " + shape[0] + " x " + shape[1];
            long[] c = mulDoubleNtt(p, a, b, 1 + rnd.nextInt(2));
            checkByEvaluation(rnd, p, a, b, c, label);
            long[] d = new long[c.length];
            PolyMulZp.mulClassicalFullWord(p, a, 0, a.length, b, 0, b.length, d, 0);
            assertArrayEquals(d, c, where(p, label + " against the classical product"));
            long[] k = new long[c.length];
            PolyMulZp.mulKaratsubaFullWord(p, a, 0, a.length, b, 0, b.length, k, 0);
            assertArrayEquals(d, k, where(p, label + " Karatsuba against the classical product"));
            long[] e = ZpPoly.multiplyFullWord(p, a, b);
            int top = c.length;
            while (top > 0 && c[top - 1] == 0) {
                top--;
            }
            assertArrayEquals(Arrays.copyOf(c, top), e, where(p, label + " ZpPoly.multiplyFullWord"));
        }
    }

    /** All coefficients p - 1: the middle coefficient of the square is the bound m (p - 1)^2 itself. */
    private static void allMaximal(long p, int m, int threads, boolean square) {
        long[] a = new long[m];
        Arrays.fill(a, p - 1);
        long[] c = mulDoubleNtt(p, a, square ? a : a.clone(), threads);
        // coefficient k is min(k + 1, 2m - 1 - k) (p - 1)^2 = min(k + 1, 2m - 1 - k) mod p
        BigInteger bp = PolyOracles.unsigned(p);
        for (int k = 0; k < c.length; k++) {
            long count = Math.min(k + 1, 2 * m - 1 - k);
            long expect = BigInteger.valueOf(count).mod(bp).longValue();
            if (c[k] != expect) {
                assertEquals(Long.toUnsignedString(expect), Long.toUnsignedString(c[k]),
                        where(p, "all p - 1, m = " + m + ", coefficient " + k));
            }
        }
    }

    @Test
    void primeCountIsTheFewestAndHoldsTheBound() {
        for (long p : MODULI) {
            DoubleNttPolyMulZp.Modulus mod = DoubleNttPolyMulZp.modulus(p);
            BigInteger sq = PolyOracles.unsigned(p).subtract(BigInteger.ONE).pow(2);
            for (long m : new long[] {1, 2, 100, 1 << 20, 1 << 24, (1 << 28) - 1, Integer.MAX_VALUE}) {
                DoubleCrt crt = mod.primesFor((int) m);
                BigInteger bound = sq.multiply(BigInteger.valueOf(m));
                BigInteger prod = BigInteger.ONE;
                for (int j = 0; j < crt.size(); j++) {
                    prod = prod.multiply(BigInteger.valueOf(crt.prime(j)));
                }
                assertTrue(prod.compareTo(bound) > 0, where(p, "m = " + m + ": M > m (p - 1)^2"));
                BigInteger fewer = prod.divide(BigInteger.valueOf(crt.prime(crt.size() - 1)));
                assertTrue(crt.size() == 1 || fewer.compareTo(bound) <= 0,
                        where(p, "m = " + m + ": one prime fewer would not hold the bound"));
            }
        }
    }

    @Test
    void boundaryOfThePrimeCountWithMaximalCoefficients() {
        // moduli whose one-to-two and two-to-three prime boundaries fall at short lengths
        for (long p : new long[] {1048573L /* 2^20 - 3 */, 35184372088777L /* 2^45 - 55 */, 33554393L}) {
            DoubleNttPolyMulZp.Modulus mod = DoubleNttPolyMulZp.modulus(p);
            for (int s = 1; s <= 3; s++) {
                long edge = mod.maxMin[s - 1];
                if (edge >= 1 && edge <= 5000) {
                    allMaximal(p, (int) edge, 1, false);
                    allMaximal(p, (int) edge + 1, 1, false);
                    allMaximal(p, (int) edge + 1, 1, true);
                    assertEquals(s, mod.primesFor((int) edge).size(), where(p, "primes at the edge"));
                    assertEquals(s + 1, mod.primesFor((int) edge + 1).size(), where(p, "primes past the edge"));
                }
            }
        }
        for (long p : MODULI) {
            allMaximal(p, 1000, 1, false);
            allMaximal(p, 999, 1, true);
            allMaximal(p, 600, 1, false); // wrapped: 1199 = 1024 + 175
            allMaximal(p, 550, 1, true);
        }
    }

    /** p = 2^64 - 59: three primes up to m = maxMin[2] (about 2^21.9), four from there; two threads. */
    @Test
    void threeToFourPrimesNearTwoToThe64() {
        long p = Long.parseUnsignedLong("18446744073709551557");
        DoubleNttPolyMulZp.Modulus mod = DoubleNttPolyMulZp.modulus(p);
        long edge = mod.maxMin[2];
        assertTrue(edge > 1 << 21 && edge < 1 << 22, "edge " + edge);
        allMaximal(p, (int) edge, 2, true);
        allMaximal(p, (int) edge + 1, 2, false);
    }

    @Test
    void zeroConstantAndDegenerateOperands() {
        Random rnd = new Random(SEED + 2);
        for (long p : MODULI) {
            long c0 = randomMod(rnd, p);
            long[] f = random(rnd, 200, p);
            assertArrayEquals(new long[0], ZpPoly.multiplyFullWord(p, new long[0], f), where(p, "zero * f"));
            assertArrayEquals(new long[0], ZpPoly.multiplyFullWord(p, f, new long[] {0, 0}), where(p, "f * 0"));
            long[] expect = PolyOracles.mulModUnsigned(p, new long[] {c0}, f);
            int top = expect.length;
            while (top > 0 && expect[top - 1] == 0) {
                top--;
            }
            assertArrayEquals(Arrays.copyOf(expect, top), ZpPoly.multiplyFullWord(p, new long[] {c0}, f),
                    where(p, "constant * f"));
            Options crt = Options.defaults().withRoute(Route.CRT).withThreads(1);
            assertArrayEquals(Arrays.copyOf(expect, top), ZpPoly.multiplyFullWord(p, f, new long[] {c0, 0}, crt),
                    where(p, "f * constant, CRT route"));
            assertArrayEquals(new long[] {1}, ZpPoly.multiplyFullWord(p, new long[] {1}, new long[] {1}),
                    where(p, "1 * 1"));
        }
        // a composite modulus may lose the leading term: (1 + 2^61 x)(1 + 2 x) = 1 + (2^61 + 2) x mod 2^62
        assertArrayEquals(new long[] {1, (1L << 61) + 2}, ZpPoly.multiplyFullWord(1L << 62, new long[] {1, 1L << 61},
                new long[] {1, 2}), "mod 2^62");
        // (2^63 + 1)^2 = 2^126 + 2^64 + 1 = 2^62 + 2 mod 2^64 - 1 (2^64 = 1)
        assertArrayEquals(new long[] {(1L << 62) + 2}, ZpPoly.multiplyFullWord(-1L, new long[] {Long.MIN_VALUE + 1},
                new long[] {Long.MIN_VALUE + 1}), "mod 2^64 - 1");
    }

    @Test
    void badInputIsRejectedWithTheRange() {
        long p = 4611686018427388039L;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ZpPoly.multiplyFullWord(1, new long[] {0}, new long[] {0}));
        assertTrue(e.getMessage().contains("[2, 2^64)"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ZpPoly.multiplyFullWord(0, new long[] {0}, new long[] {0}));
        e = assertThrows(IllegalArgumentException.class, () -> ZpPoly.multiplyFullWord(p, new long[] {1, p}, new long[] {1}));
        assertTrue(e.getMessage().contains("f[1]") && e.getMessage().contains("[0, p)"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ZpPoly.multiplyFullWord(p, new long[] {1}, new long[] {-1L}));
        assertTrue(e.getMessage().contains("g[0]") && e.getMessage().contains("18446744073709551615"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ZpPoly.multiplyFullWord(p, null, new long[] {1}));
        assertThrows(IllegalArgumentException.class, () -> ZpPoly.multiplyFullWord(p, new long[] {1}, new long[] {1}, null));
        e = assertThrows(IllegalArgumentException.class, () -> ZpPoly.multiplyFullWord(p, new long[] {1}, new long[] {1},
                Options.defaults().withRoute(Route.BIG_PRIME)));
        assertTrue(e.getMessage().contains("route"), e.getMessage());
        // the GPU backend is offered (the transforms on the device): without a usable GPU it is
        // refused as ZpPoly.multiply refuses it, with a GPU it gives the product
        long[] one = {1};
        Options gpu = Options.defaults().withBackend(Backend.GPU);
        boolean gpuPresent;
        try {
            NttEngines.forBackend(Backend.GPU);
            gpuPresent = true;
        } catch (IllegalStateException x) {
            gpuPresent = false;
        }
        if (gpuPresent) {
            assertArrayEquals(one, ZpPoly.multiplyFullWord(p, one, one, gpu));
        } else {
            IllegalStateException g = assertThrows(IllegalStateException.class,
                    () -> ZpPoly.multiplyFullWord(p, one, one, gpu));
            assertTrue(g.getMessage().contains("gpu"), g.getMessage());
        }
        // ZpField itself still stops at 2^62, with the range in the message
        e = assertThrows(IllegalArgumentException.class, () -> ZpField.of(p));
        assertTrue(e.getMessage().contains("2^62"), e.getMessage());
    }

    /**
     * The range check of long operands (from 2^18 entries split over the call's threads, a
     * branch-free pass): an entry at or above p, alone or with another later, anywhere in f or g,
     * is named by its first index (the oracle: Long.compareUnsigned entry by entry), on 1, 2 and
     * 4 threads; operands full of boundary values below p pass (times the zero polynomial: no
     * product is computed).
     */
    @Test
    void longOperandsAreRangeCheckedOnEveryThreadCount() {
        Random rnd = new Random(SEED ^ 0x5ca1ab1eL);
        int n = (1 << 18) + rnd.nextInt(1 << 12);
        long[] zero = new long[n];
        for (long p : new long[] {2, 3, (1L << 62) + 135, -59L, -1L, Long.MIN_VALUE, 1L << 40,
                MODULI[rnd.nextInt(MODULI.length)], rnd.nextLong() | 2}) {
            long[] f = new long[n];
            for (int i = 0; i < n; i++) { // boundary values below p and random ones
                int k = rnd.nextInt(4);
                f[i] = k == 0 ? p - 1 : k == 1 ? 0 : Long.remainderUnsigned(rnd.nextLong(), p);
            }
            for (int threads : new int[] {1, 2, 4}) {
                Options o = Options.defaults().withThreads(threads).withBackend(Backend.CPU);
                assertArrayEquals(new long[0], ZpPoly.multiplyFullWord(p, f, zero, o), where(p, "in range"));
                assertArrayEquals(new long[0], ZpPoly.multiplyFullWord(p, zero, f, o), where(p, "in range, g"));
                long[] bad = {p, p + 1, -1L, Long.MIN_VALUE, rnd.nextLong()};
                for (long x : bad) {
                    if (Long.compareUnsigned(x, p) < 0) {
                        continue;
                    }
                    long[] h = f.clone();
                    int at = rnd.nextInt(4) == 0 ? (rnd.nextBoolean() ? 0 : n - 1) : rnd.nextInt(n);
                    h[at] = x;
                    if (at + 1 < n && rnd.nextBoolean()) {
                        h[at + 1 + rnd.nextInt(n - at - 1)] = -1L; // a second, later: still the first named
                    }
                    boolean inG = rnd.nextBoolean();
                    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                            () -> ZpPoly.multiplyFullWord(p, inG ? zero : h, inG ? h : zero, o));
                    String name = (inG ? "g[" : "f[") + at + "]";
                    assertTrue(e.getMessage().startsWith(name) && e.getMessage().contains(Long.toUnsignedString(x)),
                            where(p, threads + " threads, " + name + ": " + e.getMessage()));
                }
            }
        }
    }

    /** ZpPoly.multiply's NTT on the CPU is the double-precision route: against Karatsuba. */
    @Test
    void zpPolyNttRouteAgainstKaratsuba() {
        Random rnd = new Random(SEED + 3);
        for (long p : new long[] {2, 3, 998244353L, 1000000007L, (1L << 61) - 1, 4611686018427387847L}) {
            ZpField f = ZpField.of(p);
            for (int it = 0; it < 3 * MULTIPLIER; it++) {
                int al = 1 + rnd.nextInt(1500);
                int bl = 1 + rnd.nextInt(1500);
                long[] a = random(rnd, al, p);
                long[] b = random(rnd, bl, p);
                long[] k = new long[al + bl - 1];
                PolyMulZp.mulKaratsuba(f, a, 0, al, b, 0, bl, k, 0, 2);
                long[] c = new long[al + bl - 1];
                PolyMulZp.mulNtt(f, a, 0, al, b, 0, bl, c, 0, CpuNttEngine.shared());
                assertArrayEquals(k, c, where(p, "lengths " + al + " x " + bl + " mulNtt"));
                ZpPoly x = ZpPoly.of(f, a);
                ZpPoly y = ZpPoly.of(f, b);
                ZpPoly viaCrt = x.multiply(y, Options.defaults().withRoute(Route.CRT).withThreads(1 + it % 2));
                assertArrayEquals(ZpPoly.of(f, k).coefficients(), viaCrt.coefficients(), where(p, "ZpPoly CRT route"));
            }
        }
    }
}
