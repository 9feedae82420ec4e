package org.modalg.fft.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/** {@link NttPlan} against a naive O(n^2) DFT, schoolbook products and algebraic identities. */
class NttPlanTest {
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    private static final long SEED = Long.getLong("modalg.test.seed", 0x5eed_0b1eL);

    /** The two largest NTT primes below 2^62 with 2-adic order at least 27. */
    private static final long[] BIG = NttPrimes.generate(2, 1L << 62, 27);

    /**
     * The largest NTT prime below 2^61 with 2-adic order at least 27: the top of the range of
     * the [0, 4p) kernels (4p just below 2^63).
     */
    private static final long FOUR_P_TOP = NttPrimes.largestBelow(NttKernels.FOUR_P_BOUND, 27);

    /** Tiny, small and classic NTT primes, the largest 62-bit ones and the largest below 2^61. */
    static List<Long> primes() {
        List<Long> ps = new ArrayList<>(List.of(3L, 17L, 257L, 65537L, 998244353L, 469762049L,
                2013265921L, 7340033L));
        for (long p : BIG) {
            ps.add(p);
        }
        // top bit 61 but 2-adic order 20: Shoup quotients of both signs, a mid-size order
        ps.add(NttPrimes.largestBelow(1L << 62, 20));
        // both sides of the kernel switch at 2^61: [0, 4p) kernels below, [0, 2p) above
        ps.add(FOUR_P_TOP);
        ps.add(NttPrimes.largestBelow(NttKernels.FOUR_P_BOUND, 20));
        ps.add(NttPrimes.largestBelow((1L << 61) + (1L << 40), 20));
        return ps;
    }

    private static String where(long p, int log2n) {
        return "seed=" + SEED + " p=" + p + " log2n=" + log2n;
    }

    private static int rev(int i, int bits) {
        return bits == 0 ? 0 : Integer.reverse(i) >>> (32 - bits);
    }

    // Edge-biased random vector: a mix of 0, 1, p - 1, p - 2 and uniform values.
    private static long[] randomVector(Random rnd, long p, int n) {
        long[] a = new long[n];
        int style = rnd.nextInt(4);
        for (int i = 0; i < n; i++) {
            if (style == 0) {
                switch (rnd.nextInt(6)) {
                    case 0:
                        a[i] = 0;
                        break;
                    case 1:
                        a[i] = 1;
                        break;
                    case 2:
                        a[i] = p - 1;
                        break;
                    case 3:
                        a[i] = p - 2;
                        break;
                    default:
                        a[i] = rnd.nextLong(p);
                }
            } else {
                a[i] = rnd.nextLong(p);
            }
        }
        return a;
    }

    /** sum_i a_i g^(i j) for j &lt; n, by Horner-free direct powers: O(n^2). */
    static long[] naiveDft(ZpField f, long[] a, long g) {
        int n = a.length;
        long[] out = new long[n];
        long gj = 1; // g^j
        for (int j = 0; j < n; j++) {
            long s = 0;
            long x = 1; // g^(ij)
            for (int i = 0; i < n; i++) {
                s = f.add(s, f.mul(a[i], x));
                x = f.mul(x, gj);
            }
            out[j] = s;
            gj = f.mul(gj, g);
        }
        return out;
    }

    static long[] schoolbook(ZpField f, long[] a, long[] b, boolean nega) {
        int n = a.length;
        long[] c = new long[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                long t = f.mul(a[i], b[j]);
                int k = i + j;
                if (k < n) {
                    c[k] = f.add(c[k], t);
                } else if (nega) {
                    c[k - n] = f.sub(c[k - n], t);
                } else {
                    c[k - n] = f.add(c[k - n], t);
                }
            }
        }
        return c;
    }

    private static long horner(ZpField f, long[] a, int off, int n, long x) {
        long s = 0;
        for (int i = n - 1; i >= 0; i--) {
            s = f.add(f.mul(s, x), a[off + i]);
        }
        return s;
    }

    @ParameterizedTest
    @MethodSource("primes")
    void forwardAndInverseAgainstNaiveDft(long p) {
        ZpField f = ZpField.of(p);
        Random rnd = new Random(SEED ^ p);
        int maxLog = Math.min(10, NttPrimes.twoAdicOrder(p));
        for (int log2n = 1; log2n <= maxLog; log2n++) {
            NttPlan plan = NttPlan.of(p, log2n);
            int n = 1 << log2n;
            long w = plan.root();
            assertEquals(NttPrimes.primitiveRootOfUnity(p, log2n), w, where(p, log2n));
            for (int it = 0; it < MULTIPLIER; it++) {
                long[] a = randomVector(rnd, p, n);
                long[] expected = naiveDft(f, a, w);
                long[] x = a.clone();
                plan.forward(x, 0);
                assertArrayEquals(expected, x, "forward " + where(p, log2n));

                long[] br = a.clone();
                plan.forwardBitReversed(br, 0);
                for (int j = 0; j < n; j++) {
                    assertEquals(expected[j], br[rev(j, log2n)], "bit-reversed " + where(p, log2n));
                }
                long[] brI = a.clone();
                plan.forwardBitReversedIterative(brI, 0);
                assertArrayEquals(br, brI, "iterative " + where(p, log2n));
                long[] brB = a.clone();
                plan.forwardBitReversedBlocked(brB, 0);
                assertArrayEquals(br, brB, "blocked " + where(p, log2n));

                // inverse against the naive DFT with w^-1, times 1/n
                long[] inv = naiveDft(f, a, f.inv(w));
                long nInv = f.inv(n % p);
                for (int j = 0; j < n; j++) {
                    inv[j] = f.mul(inv[j], nInv);
                }
                long[] y = a.clone();
                plan.inverse(y, 0);
                assertArrayEquals(inv, y, "inverse " + where(p, log2n));

                // bit-reversed inverse undoes the bit-reversed forward
                plan.inverseBitReversed(br, 0);
                assertArrayEquals(a, br, "inverseBitReversed " + where(p, log2n));
                plan.inverseBitReversedBlocked(brB, 0);
                assertArrayEquals(a, brB, "inverseBitReversedBlocked " + where(p, log2n));
                plan.inverseBitReversedIterative(brI, 0);
                assertArrayEquals(a, brI, "inverseBitReversedIterative " + where(p, log2n));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("primes")
    void negacyclicAgainstNaiveTwistedDft(long p) {
        ZpField f = ZpField.of(p);
        Random rnd = new Random(SEED ^ p ^ 0x77);
        int maxLog = Math.min(10, NttPrimes.twoAdicOrder(p) - 1);
        for (int log2n = 1; log2n <= maxLog; log2n++) {
            NttPlan plan = NttPlan.of(p, log2n);
            int n = 1 << log2n;
            assertTrue(plan.supportsNegacyclic());
            long psi = plan.negacyclicRoot();
            assertEquals(NttPrimes.primitiveRootOfUnity(p, log2n + 1), psi);
            assertEquals(plan.root(), f.mul(psi, psi), where(p, log2n));
            long[] a = randomVector(rnd, p, n);
            long[] twisted = new long[n];
            for (int i = 0; i < n; i++) {
                twisted[i] = f.mul(a[i], f.pow(psi, i));
            }
            long[] expected = naiveDft(f, twisted, plan.root());
            long[] x = a.clone();
            plan.forwardNegacyclicBitReversed(x, 0);
            for (int j = 0; j < n; j++) {
                assertEquals(expected[j], x[rev(j, log2n)], "negacyclic " + where(p, log2n));
            }
            plan.inverseNegacyclicBitReversed(x, 0);
            assertArrayEquals(a, x, "negacyclic inverse " + where(p, log2n));
        }
    }

    @Test
    void roundTripAllSizesUpTo2To20() {
        long[] ps = {BIG[0], 998244353L, FOUR_P_TOP};
        Random rnd = new Random(SEED);
        for (long p : ps) {
            for (int log2n = 1; log2n <= 20; log2n++) {
                NttPlan plan = NttPlan.of(p, log2n);
                int n = 1 << log2n;
                int off = rnd.nextInt(3);
                long[] a = new long[n + off + 1];
                long[] r = randomVector(rnd, p, n);
                System.arraycopy(r, 0, a, off, n);
                a[0] = off == 0 ? a[0] : -7; // guard values outside the row stay untouched
                a[a.length - 1] = -9;
                long[] orig = a.clone();
                plan.forward(a, off);
                plan.inverse(a, off);
                assertArrayEquals(orig, a, "forward/inverse " + where(p, log2n));
                if (plan.supportsNegacyclic()) {
                    plan.forwardNegacyclicBitReversed(a, off);
                    plan.inverseNegacyclicBitReversed(a, off);
                    assertArrayEquals(orig, a, "negacyclic round trip " + where(p, log2n));
                }
            }
        }
    }

    @Test
    void roundTrip2To22() {
        long p = BIG[1];
        int log2n = 22;
        NttPlan plan = NttPlan.of(p, log2n);
        long[] a = randomVector(new Random(SEED), p, 1 << log2n);
        long[] orig = a.clone();
        plan.forward(a, 0);
        assertFalse(Arrays.equals(orig, a));
        plan.inverse(a, 0);
        assertArrayEquals(orig, a, where(p, log2n));
    }

    @Test
    void blockedEqualsIterativeUpTo2To21() {
        Random rnd = new Random(SEED ^ 0xb10c);
        long[] ps = {BIG[0], 469762049L, FOUR_P_TOP};
        int top = Math.min(21, NttPlan.BLOCKED_MIN_LOG2N + 4);
        for (long p : ps) {
            for (int log2n = 2; log2n <= top; log2n++) {
                NttPlan plan = NttPlan.of(p, log2n);
                long[] a = randomVector(rnd, p, 1 << log2n);
                long[] x = a.clone();
                long[] y = a.clone();
                plan.forwardBitReversedIterative(x, 0);
                plan.forwardBitReversedBlocked(y, 0);
                assertArrayEquals(x, y, "forward " + where(p, log2n));
                long[] z = a.clone();
                plan.inverseBitReversedIterative(x, 0);
                plan.inverseBitReversedBlocked(z, 0);
                plan.inverseBitReversedIterative(y, 0);
                assertArrayEquals(a, y, "round trip " + where(p, log2n));
                long[] z2 = a.clone();
                plan.inverseBitReversedIterative(z2, 0);
                assertArrayEquals(z2, z, "inverse " + where(p, log2n));
                if (plan.supportsNegacyclic()) {
                    long[] u = a.clone();
                    long[] v = a.clone();
                    plan.prepareNegacyclic();
                    plan.forwardIterative(u, 0, true);
                    plan.forwardBlocked(v, 0, true);
                    assertArrayEquals(u, v, "negacyclic forward " + where(p, log2n));
                    // the inverse levels take [0, 2p), the forward ones leave [0, 4p)
                    NttKernels.normalize(u, 0, u.length, p);
                    NttKernels.normalize(v, 0, v.length, p);
                    plan.inverseIterative(u, 0, true);
                    plan.inverseBlocked(v, 0, true);
                    assertArrayEquals(a, u, "negacyclic round trip " + where(p, log2n));
                    assertArrayEquals(a, v, "negacyclic blocked round trip " + where(p, log2n));
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("primes")
    void convolutionsAgainstSchoolbook(long p) {
        ZpField f = ZpField.of(p);
        Random rnd = new Random(SEED ^ p ^ 0xc0);
        int maxLog = Math.min(8, NttPrimes.twoAdicOrder(p) - 1);
        for (int log2n = 1; log2n <= maxLog; log2n++) {
            NttPlan plan = NttPlan.of(p, log2n);
            int n = 1 << log2n;
            for (int it = 0; it < 2 * MULTIPLIER; it++) {
                long[] a = randomVector(rnd, p, n);
                long[] b = randomVector(rnd, p, n);
                for (boolean nega : new boolean[] {false, true}) {
                    long[] expected = schoolbook(f, a, b, nega);
                    long[] x = a.clone();
                    long[] y = b.clone();
                    long[] out = new long[n];
                    if (nega) {
                        plan.negacyclicConvolution(x, 0, y, 0, out, 0);
                    } else {
                        plan.cyclicConvolution(x, 0, y, 0, out, 0);
                    }
                    assertArrayEquals(expected, out, (nega ? "nega " : "cyclic ") + where(p, log2n));
                    // out aliasing a, and a squaring with a == b
                    x = a.clone();
                    y = b.clone();
                    if (nega) {
                        plan.negacyclicConvolution(x, 0, y, 0, x, 0);
                    } else {
                        plan.cyclicConvolution(x, 0, y, 0, x, 0);
                    }
                    assertArrayEquals(expected, x, "aliased " + where(p, log2n));
                    long[] sq = a.clone();
                    if (nega) {
                        plan.negacyclicConvolution(sq, 0, sq, 0, sq, 0);
                    } else {
                        plan.cyclicConvolution(sq, 0, sq, 0, sq, 0);
                    }
                    assertArrayEquals(schoolbook(f, a, a, nega), sq, "square " + where(p, log2n));
                }
            }
        }
    }

    /**
     * At larger n: with P = a b = P_lo + x^n P_hi, cyclic = P_lo + P_hi and negacyclic =
     * P_lo - P_hi, so a(r) b(r) = P_lo(r) + r^n P_hi(r) at any r; and the cyclic product agrees
     * with a(r) b(r) at n-th roots of unity r, the negacyclic one at roots of x^n + 1.
     */
    @Test
    void convolutionIdentitiesAtLargeSizes() {
        Random rnd = new Random(SEED ^ 0x1de);
        long[] ps = {BIG[0], 998244353L};
        for (long p : ps) {
            ZpField f = ZpField.of(p);
            long half = f.inv(2);
            for (int log2n : new int[] {12, 15, 16, 18}) {
                NttPlan plan = NttPlan.of(p, log2n);
                int n = 1 << log2n;
                long[] a = randomVector(rnd, p, n);
                long[] b = randomVector(rnd, p, n);
                long[] cyc = new long[n];
                long[] neg = new long[n];
                plan.cyclicConvolution(a.clone(), 0, b.clone(), 0, cyc, 0);
                plan.negacyclicConvolution(a.clone(), 0, b.clone(), 0, neg, 0);
                long[] lo = new long[n];
                long[] hi = new long[n];
                for (int i = 0; i < n; i++) {
                    lo[i] = f.mul(f.add(cyc[i], neg[i]), half);
                    hi[i] = f.mul(f.sub(cyc[i], neg[i]), half);
                }
                for (int t = 0; t < 3; t++) {
                    long r = rnd.nextLong(p);
                    long lhs = f.mul(horner(f, a, 0, n, r), horner(f, b, 0, n, r));
                    long rhs = f.add(horner(f, lo, 0, n, r),
                            f.mul(f.pow(r, n), horner(f, hi, 0, n, r)));
                    assertEquals(lhs, rhs, "product identity " + where(p, log2n));
                    long root = f.pow(plan.root(), rnd.nextInt(n));
                    assertEquals(f.mul(horner(f, a, 0, n, root), horner(f, b, 0, n, root)),
                            horner(f, cyc, 0, n, root), "cyclic at a root " + where(p, log2n));
                    long odd = f.pow(plan.negacyclicRoot(), 2L * rnd.nextInt(n) + 1);
                    assertEquals(f.mul(horner(f, a, 0, n, odd), horner(f, b, 0, n, odd)),
                            horner(f, neg, 0, n, odd), "negacyclic at a root " + where(p, log2n));
                }
            }
        }
    }

    @Test
    void edgeInputs() {
        for (long p : new long[] {BIG[0], FOUR_P_TOP}) {
            edgeInputs(p);
        }
    }

    private void edgeInputs(long p) {
        ZpField f = ZpField.of(p);
        for (int log2n : new int[] {1, 2, 5, 9, 14, 16, 17, 20}) {
            NttPlan plan = NttPlan.of(p, log2n);
            int n = 1 << log2n;
            long nModP = n % p;
            // all zeros
            long[] z = new long[n];
            plan.forward(z, 0);
            assertArrayEquals(new long[n], z, where(p, log2n));
            plan.inverse(z, 0);
            assertArrayEquals(new long[n], z, where(p, log2n));
            // all p - 1: forward is (-n, 0, ..., 0)
            long[] m = new long[n];
            Arrays.fill(m, p - 1);
            plan.forward(m, 0);
            long[] expected = new long[n];
            expected[0] = f.neg(nModP);
            assertArrayEquals(expected, m, "all p-1 " + where(p, log2n));
            plan.inverse(m, 0);
            long[] all = new long[n];
            Arrays.fill(all, p - 1);
            assertArrayEquals(all, m, where(p, log2n));
            // delta at k: forward_j = w^(kj); inverse of all-ones is a delta at 0
            int k = (n / 3) | 1;
            k %= n;
            long[] d = new long[n];
            d[k] = 1;
            plan.forward(d, 0);
            long wk = f.pow(plan.root(), k);
            long x = 1;
            for (int j = 0; j < n; j++) {
                assertEquals(x, d[j], "delta " + where(p, log2n));
                x = f.mul(x, wk);
            }
            long[] ones = new long[n];
            Arrays.fill(ones, 1);
            plan.inverse(ones, 0);
            long[] delta0 = new long[n];
            delta0[0] = 1;
            assertArrayEquals(delta0, ones, where(p, log2n));
        }
    }

    @Test
    void plansAreCached() {
        NttPlan a = NttPlan.of(998244353L, 10);
        assertSame(a, NttPlan.of(998244353L, 10));
        assertEquals(1024, a.n());
        assertEquals(10, a.log2n());
        assertEquals(998244353L, a.p());
        assertEquals(998244353L, a.field().p());
    }

    @Test
    void badArguments() {
        IllegalArgumentException e;
        e = assertThrows(IllegalArgumentException.class, () -> NttPlan.of(998244353L * 3, 4));
        assertTrue(e.getMessage().contains("p must be prime"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> NttPlan.of(1L << 62, 4));
        assertTrue(e.getMessage().contains("p must be"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> NttPlan.of(-5, 4));
        assertTrue(e.getMessage().contains("p must be"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> NttPlan.of(998244353L, 0));
        assertTrue(e.getMessage().contains("log2n must be in [1, 23]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> NttPlan.of(998244353L, 24));
        assertTrue(e.getMessage().contains("log2n must be in [1, 23]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> NttPlan.of(BIG[0], 28));
        assertTrue(e.getMessage().contains("log2n must be in [1, 27]"), e.getMessage());
        // 13 = 3 * 2^2 + 1: transforms of length 2 and 4 only
        e = assertThrows(IllegalArgumentException.class, () -> NttPlan.of(13, 3));
        assertTrue(e.getMessage().contains("log2n must be in [1, 2]"), e.getMessage());
        NttPlan top = NttPlan.of(998244353L, 23);
        assertFalse(top.supportsNegacyclic());
        e = assertThrows(IllegalArgumentException.class,
                () -> top.negacyclicConvolution(new long[1 << 23], 0, new long[1 << 23], 0,
                        new long[1 << 23], 0));
        assertTrue(e.getMessage().contains("log2n must be in [1, 22]"), e.getMessage());

        NttPlan plan = NttPlan.of(998244353L, 4);
        e = assertThrows(IllegalArgumentException.class, () -> plan.forward(null, 0));
        assertTrue(e.getMessage().startsWith("a must not be null"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> plan.forward(new long[16], 1));
        assertTrue(e.getMessage().startsWith("a: offset"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> plan.inverse(new long[15], 0));
        assertTrue(e.getMessage().startsWith("a: offset"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> plan.forward(new long[16], -1));
        assertTrue(e.getMessage().startsWith("a: offset"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> plan.cyclicConvolution(new long[16], 0, new long[16], 0, null, 0));
        assertTrue(e.getMessage().startsWith("out must not be null"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> plan.cyclicConvolution(new long[16], 0, new long[8], 0, new long[16], 0));
        assertTrue(e.getMessage().startsWith("b: offset"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> plan.pointwiseMultiply(new long[16], 0, new long[16], 0, new long[16], 3));
        assertTrue(e.getMessage().startsWith("out: offset"), e.getMessage());
    }

    @Test
    void pointwiseMultiply() {
        long p = BIG[1];
        ZpField f = ZpField.of(p);
        NttPlan plan = NttPlan.of(p, 6);
        Random rnd = new Random(SEED ^ 0x9);
        long[] a = randomVector(rnd, p, 64);
        long[] b = randomVector(rnd, p, 64);
        long[] out = new long[64];
        plan.pointwiseMultiply(a, 0, b, 0, out, 0);
        for (int i = 0; i < 64; i++) {
            assertEquals(f.mul(a[i], b[i]), out[i], "seed=" + SEED);
        }
    }
}
