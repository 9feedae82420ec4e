package org.modalg.polynomial.convolution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.polynomial.zz.PolyMulZZ;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@link ConvolutionPlan}, the one pipeline of products over Z by small primes: every product
 * against a schoolbook BigInteger oracle written here (no Karatsuba, no transform) on random
 * operands every run: lengths around the transform sizes and the dispatch's cut-offs,
 * unbalanced lengths, 1- to 2000-bit coefficients (around the 3-prime and limb boundaries),
 * random signs, zeros, squares; transformed operands reused (a fixed factor times several,
 * transformed times transformed); operands read from packed products; output windows (middle
 * products); the engine route (transforms on an {@link org.modalg.fft.ntt.NttEngine}); and every
 * path on which a plan declines or refuses an operand.
 */
class ConvolutionPlanTest {
    private static final long SEED = Long.getLong("modalg.test.planSeed", System.nanoTime());

    @BeforeAll
    static void seed() {
        System.out.println("ConvolutionPlanTest seed=" + SEED + " (-Dmodalg.test.planSeed=S to replay)");
    }

    private static String where(String label) {
        return "ConvolutionPlanTest seed=" + SEED + ": " + label;
    }

    // The oracle: c_k = sum_{i + j = k} a_i b_j, term by term.
    static BigInteger[] schoolbook(BigInteger[] a, BigInteger[] b) {
        BigInteger[] c = new BigInteger[a.length + b.length - 1];
        Arrays.fill(c, BigInteger.ZERO);
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                c[i + j] = c[i + j].add(a[i].multiply(b[j]));
            }
        }
        return c;
    }

    // len coefficients of at most bits bits (the top one exactly bits when exact), random signs,
    // a share zeroRate of zeros.
    static BigInteger[] poly(Random rnd, int len, int bits, double zeroRate, boolean exact) {
        BigInteger[] x = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            BigInteger v = rnd.nextDouble() < zeroRate ? BigInteger.ZERO : new BigInteger(bits, rnd);
            if (exact && i == len - 1) {
                v = v.setBit(bits - 1);
            }
            x[i] = rnd.nextBoolean() ? v.negate() : v;
        }
        if (exact && len > 0 && x[len - 1].signum() == 0) {
            x[len - 1] = BigInteger.ONE.shiftLeft(bits - 1);
        }
        return x;
    }

    // Coefficients [0, n) of p (zeros past its length).
    static BigInteger[] coefficients(PackedCoefficients p, int n) {
        BigInteger[] c = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            c[i] = i < p.length() ? p.get(i) : BigInteger.ZERO;
        }
        return c;
    }

    private static PackedCoefficients product(BigInteger[] a, BigInteger[] b, int threads) {
        ConvolutionPlan plan = ConvolutionPlan.of(ConvolutionPlan.maxBits(a, 0, a.length),
                ConvolutionPlan.maxBits(b, 0, b.length), a.length, b.length).orElseThrow();
        ConvolutionPlan.Operand oa = plan.operand(a, 0, a.length, false, threads);
        ConvolutionPlan.Operand ob = a == b ? oa : plan.operand(b, 0, b.length, true, threads);
        PackedCoefficients p = plan.multiply(oa, ob, threads);
        oa.release();
        if (ob != oa) {
            ob.release();
        }
        return p;
    }

    @Test
    void productsMatchTheSchoolbookOracle() {
        Random rnd = new Random(SEED);
        int[] bitsList = {1, 2, 17, 31, 32, 33, 48, 63, 64, 65, 96, 127, 128, 129, 191, 192, 193, 500, 1000, 2000};
        int[] lens = {1, 2, 3, 5, 8, 9, 16, 31, 32, 33, 63, 64, 65, 96, 127, 128, 129, 255, 256, 257, 511, 1024, 1025};
        for (int t = 0; t < 60; t++) {
            int bits = bitsList[rnd.nextInt(bitsList.length)];
            int bitsB = rnd.nextInt(4) == 0 ? bitsList[rnd.nextInt(bitsList.length)] : bits;
            int la = lens[rnd.nextInt(lens.length)];
            int lb = rnd.nextInt(3) == 0 ? lens[rnd.nextInt(lens.length)] : la; // a third unbalanced
            if (bits * (long) la * lb > 40_000_000L) { // keep the oracle quick
                la = Math.min(la, 129);
                lb = Math.min(lb, 129);
            }
            double zeros = rnd.nextInt(4) == 0 ? 0.7 : 0.0;
            BigInteger[] a = poly(rnd, la, bits, zeros, true);
            BigInteger[] b = poly(rnd, lb, bitsB, zeros, true);
            int threads = 1 + rnd.nextInt(2);
            String label = la + " x " + lb + ", " + bits + " x " + bitsB + " bits, zeros " + zeros + ", threads " + threads;
            BigInteger[] want = schoolbook(a, b);
            assertArrayEquals(want, coefficients(product(a, b, threads), want.length), where(label));
            if (t % 4 == 0) {
                assertArrayEquals(schoolbook(a, a), coefficients(product(a, a, threads), 2 * la - 1),
                        where("square " + label));
            }
        }
    }

    @Test
    void extremeCoefficients() {
        Random rnd = new Random(SEED + 1);
        // all coefficients at the bound: +-(2^bits - 1), the largest product coefficients
        for (int bits : new int[] {1, 32, 64, 65, 128, 150, 1000}) {
            for (int len : new int[] {1, 7, 300}) {
                BigInteger m = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
                BigInteger[] a = new BigInteger[len];
                BigInteger[] b = new BigInteger[len];
                for (int i = 0; i < len; i++) {
                    a[i] = rnd.nextInt(5) == 0 ? m.negate() : m;
                    b[i] = (i & 1) == 0 ? m.negate() : m;
                }
                Arrays.fill(b, m.negate()); // every term of the middle coefficient the same sign
                assertArrayEquals(schoolbook(a, b), coefficients(product(a, b, 1), 2 * len - 1),
                        where("all at the bound, " + len + " x " + bits + " bits"));
                assertArrayEquals(schoolbook(a, a), coefficients(product(a, a, 1), 2 * len - 1),
                        where("square at the bound, " + len + " x " + bits + " bits"));
            }
        }
        // only the top coefficient non-zero, and a zero top: the trimmed length
        BigInteger[] a = new BigInteger[300];
        Arrays.fill(a, BigInteger.ZERO);
        a[299] = BigInteger.valueOf(-3);
        BigInteger[] b = poly(rnd, 200, 64, 0.0, true);
        assertArrayEquals(schoolbook(a, b), coefficients(product(a, b, 1), 499), where("monomial times dense"));
        PackedCoefficients p = product(b, a, 1);
        assertEquals(499, p.length(), where("length of monomial times dense"));
    }

    @Test
    void transformedOperandsAreReused() {
        Random rnd = new Random(SEED + 2);
        for (int bits : new int[] {3, 64, 130, 700}) {
            int la = 200 + rnd.nextInt(300);
            int lb = la + rnd.nextInt(400); // b's slot takes a too: the square
            ConvolutionPlan plan = ConvolutionPlan.of(bits, bits, la, lb).orElseThrow();
            BigInteger[] a = poly(rnd, la, bits, 0.1, false);
            int threads = 1 + rnd.nextInt(2);
            ConvolutionPlan.Transformed ta = plan.transform(plan.operand(a, 0, la, false, threads), false, threads);
            for (int k = 0; k < 3; k++) { // a fixed factor times several
                int len = 1 + rnd.nextInt(lb);
                BigInteger[] b = poly(rnd, len, 1 + rnd.nextInt(bits), 0.1, false);
                BigInteger[] want = schoolbook(a, b);
                ConvolutionPlan.Operand ob = plan.operand(b, 0, len, true, threads);
                assertArrayEquals(want, coefficients(plan.multiply(ta, ob, threads), want.length),
                        where("transformed a times fresh b, " + la + " x " + len + ", " + bits + " bits"));
                ConvolutionPlan.Transformed tb = plan.transform(ob, true, threads);
                assertArrayEquals(want, coefficients(plan.multiply(ta, tb, threads), want.length),
                        where("transformed times transformed, " + la + " x " + len + ", " + bits + " bits"));
                tb.release();
                ob.release();
            }
            assertArrayEquals(schoolbook(a, a), coefficients(plan.multiply(ta, ta, threads), 2 * la - 1),
                    where("transformed square, " + la + ", " + bits + " bits"));
            ta.release();
        }
    }

    @Test
    void packedOperandsAndTheZZPolyRoute() {
        Random rnd = new Random(SEED + 3);
        BigInteger[] a = poly(rnd, 700, 64, 0.0, true);
        BigInteger[] b = poly(rnd, 500, 40, 0.0, true);
        PackedCoefficients ab = product(a, b, 1);
        BigInteger[] abWant = schoolbook(a, b);
        BigInteger[] c = poly(rnd, 300, 20, 0.2, true);
        ConvolutionPlan plan = ConvolutionPlan.of(ab.maxBits(), 20, ab.length(), c.length).orElseThrow();
        ConvolutionPlan.Operand pa = plan.operand(ab, false);
        ConvolutionPlan.Operand pc = plan.operand(c, 0, c.length, true, 1);
        BigInteger[] want = schoolbook(abWant, c);
        assertArrayEquals(want, coefficients(plan.multiply(pa, pc, 1), want.length), where("packed operand times c"));
        pa.release();
        pc.release();
        // the public route: CRT forced, products of products kept packed, squares
        ZZPoly f = ZZPoly.of(a);
        ZZPoly g = ZZPoly.of(b);
        Options crt = Options.defaults().withRoute(Route.CRT).withThreads(1);
        ZZPoly fg = f.multiply(g, crt);
        assertArrayEquals(abWant, fg.coefficients(), where("ZZPoly CRT route"));
        ZZPoly fgc = fg.multiply(ZZPoly.of(c), crt);
        assertArrayEquals(want, fgc.coefficients(), where("ZZPoly CRT route on a packed product"));
        assertArrayEquals(schoolbook(abWant, abWant), fg.square(crt).coefficients(), where("square of a packed product"));
    }

    @Test
    void windowsGiveTheMiddleOfTheProduct() {
        Random rnd = new Random(SEED + 4);
        for (int t = 0; t < 25; t++) {
            int la = 1 + rnd.nextInt(400);
            int lb = 1 + rnd.nextInt(400);
            int bits = 1 + rnd.nextInt(t % 5 == 0 ? 900 : 100);
            BigInteger[] a = poly(rnd, la, bits, 0.05, true);
            BigInteger[] b = poly(rnd, lb, bits, 0.05, true);
            BigInteger[] full = schoolbook(a, b);
            int n = full.length;
            int lo = t == 0 ? Math.min(la, lb) - 1 : rnd.nextInt(n); // t == 0: a middle product
            int hi = t == 0 ? Math.max(la, lb) : lo + 1 + rnd.nextInt(n - lo);
            ConvolutionPlan plan = ConvolutionPlan.of(bits, bits, la, lb, lo, hi).orElseThrow();
            assertTrue(1 << plan.log2n() >= Math.max(hi, n - lo), where("transform length"));
            ConvolutionPlan.Operand oa = plan.operand(a, 0, la, false, 1);
            ConvolutionPlan.Operand ob = plan.operand(b, 0, lb, true, 1);
            String label = "window [" + lo + ", " + hi + ") of " + la + " x " + lb + ", " + bits + " bits";
            assertArrayEquals(Arrays.copyOfRange(full, lo, hi), coefficients(plan.multiply(oa, ob, 1), hi - lo),
                    where(label));
            oa.release();
            ob.release();
        }
        // a middle product needs about half the transform of the full product
        ConvolutionPlan middle = ConvolutionPlan.of(64, 64, 1024, 2048, 1023, 2048).orElseThrow();
        ConvolutionPlan whole = ConvolutionPlan.of(64, 64, 1024, 2048).orElseThrow();
        assertEquals(whole.log2n() - 1, middle.log2n(), where("middle product's transform"));
    }

    @Test
    void theEngineRouteGivesTheSameProducts() {
        Random rnd = new Random(SEED + 5);
        try (CpuNttEngine engine = new CpuNttEngine(1)) {
            for (int t = 0; t < 12; t++) {
                int la = 1 + rnd.nextInt(600);
                int lb = 1 + rnd.nextInt(600);
                int bits = 1 + rnd.nextInt(t % 3 == 0 ? 1500 : 130);
                BigInteger[] a = poly(rnd, la, bits, 0.1, true);
                BigInteger[] b = t % 4 == 0 ? a : poly(rnd, lb, bits, 0.1, true);
                lb = b.length;
                ConvolutionPlan plan = ConvolutionPlan.of(bits, bits, la, lb).orElseThrow();
                ConvolutionPlan.Operand oa = plan.operand(a, 0, la, false, 1);
                ConvolutionPlan.Operand ob = b == a ? oa : plan.operand(b, 0, lb, true, 1);
                BigInteger[] want = schoolbook(a, b);
                assertArrayEquals(want, coefficients(plan.multiply(oa, ob, engine, 1), want.length),
                        where("engine route " + la + " x " + lb + ", " + bits + " bits"));
                oa.release();
                if (ob != oa) {
                    ob.release();
                }
            }
        }
    }

    @Test
    void everyDeclinePath() {
        assertTrue(ConvolutionPlan.of(64, 64, 10, 10).isPresent());
        // a zero operand: nothing to transform
        assertTrue(ConvolutionPlan.of(0, 64, 10, 10).isEmpty(), "zero a");
        assertTrue(ConvolutionPlan.of(64, 0, 10, 10).isEmpty(), "zero b");
        assertTrue(ConvolutionPlan.of(-1, 64, 10, 10).isEmpty(), "negative bits");
        // lengths and windows
        assertTrue(ConvolutionPlan.of(64, 64, 0, 10).isEmpty(), "empty a");
        assertTrue(ConvolutionPlan.of(64, 64, 10, -1).isEmpty(), "negative b length");
        assertTrue(ConvolutionPlan.of(64, 64, 10, 10, 5, 5).isEmpty(), "empty window");
        assertTrue(ConvolutionPlan.of(64, 64, 10, 10, -1, 5).isEmpty(), "window below 0");
        assertTrue(ConvolutionPlan.of(64, 64, 10, 10, 0, 20).isEmpty(), "window past the product");
        assertTrue(ConvolutionPlan.of(64, 64, 10, 10, 0, 19).isPresent(), "the whole product");
        // the transform's length: 2^28 points
        int half = 1 << 27;
        assertTrue(ConvolutionPlan.fits(64, 64, half, half + 1));
        assertFalse(ConvolutionPlan.fits(64, 64, half, half + 2));
        assertTrue(ConvolutionPlan.of(64, 64, half, half + 2).isEmpty(), "2^28 + 1 coefficients");
        assertTrue(ConvolutionPlan.of(64, 64, Integer.MAX_VALUE - 8, Integer.MAX_VALUE - 8).isEmpty(), "2^32 coefficients");
        // a window of a too-long product that fits a 2^28 transform is taken
        assertTrue(ConvolutionPlan.of(64, 64, half, half + 2, half, 1L << 28).isPresent(), "a window of it");
        // the prime count: 4096 primes below 2^50
        assertTrue(ConvolutionPlan.of(100_000, 100_702, 1, 1).isPresent());
        assertTrue(ConvolutionPlan.of(100_000, 100_703, 1, 1).isEmpty(), "4097 primes");
        assertTrue(ConvolutionPlan.of(Integer.MAX_VALUE, Integer.MAX_VALUE, 2, 2).isEmpty(), "coefficients near 2^31 bits");
        assertTrue(ConvolutionPlan.of(1L << 40, 1, 2, 2).isEmpty(), "bits beyond int");
    }

    @Test
    void operandsBeyondThePlanAreRefused() {
        Random rnd = new Random(SEED + 6);
        ConvolutionPlan plan = ConvolutionPlan.of(64, 32, 100, 50).orElseThrow();
        BigInteger[] big = poly(rnd, 10, 65, 0.0, true);
        assertThrows(IllegalArgumentException.class, () -> plan.operand(big, 0, 10, false, 1), "65 bits for 64");
        BigInteger[] mid = poly(rnd, 10, 64, 0.0, true);
        assertThrows(IllegalArgumentException.class, () -> plan.operand(mid, 0, 10, true, 1), "64 bits for b's 32");
        BigInteger[] longer = poly(rnd, 101, 10, 0.0, true);
        assertThrows(IllegalArgumentException.class, () -> plan.operand(longer, 0, 101, false, 1), "length 101 for 100");
        assertThrows(IllegalArgumentException.class, () -> plan.operand(longer, 0, 0, false, 1), "length 0");
        // a transformed operand of another transform length
        ConvolutionPlan other = ConvolutionPlan.of(64, 32, 1000, 50).orElseThrow();
        ConvolutionPlan.Operand x = other.operand(mid, 0, 10, false, 1);
        ConvolutionPlan.Transformed tx = other.transform(x, false, 1);
        ConvolutionPlan.Operand y = plan.operand(mid, 0, 10, false, 1);
        ConvolutionPlan.Transformed ty = plan.transform(y, false, 1);
        assertThrows(IllegalArgumentException.class, () -> plan.multiply(tx, ty, 1), "spectra of another plan");
        // a square of a's slot where b's is shorter: beyond the plan's bound and window
        BigInteger[] a100 = poly(rnd, 100, 64, 0.0, true);
        ConvolutionPlan.Operand o100 = plan.operand(a100, 0, 100, false, 1);
        ConvolutionPlan.Transformed t100 = plan.transform(o100, false, 1);
        assertThrows(IllegalArgumentException.class, () -> plan.multiply(t100, t100, 1), "a^2 for a 100 x 50 plan");
        assertThrows(IllegalArgumentException.class, () -> plan.multiply(t100, o100, 1), "a a for a 100 x 50 plan");
        t100.release();
        o100.release();
        tx.release();
        ty.release();
        x.release();
        y.release();
        // the engine route's length: transforms of 2^28 points exceed the 64-bit engines' 2^27
        ConvolutionPlan huge = ConvolutionPlan.of(8, 8, (1 << 27) + 1, 1 << 27).orElseThrow();
        assertEquals(28, huge.log2n());
        BigInteger[] one = {BigInteger.ONE};
        try (CpuNttEngine engine = new CpuNttEngine(1)) {
            ConvolutionPlan.Operand o = huge.operand(one, 0, 1, false, 1);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> huge.multiply(o, o, engine, 1), "2^28 points on an engine");
            assertTrue(e.getMessage().contains("2^27"), e.getMessage());
            o.release();
        }
    }

    @Test
    void aDeclinedShapeFallsToTheNextRoute() {
        Random rnd = new Random(SEED + 7);
        // 110,000-bit coefficients need more than 4096 primes: CRT forced falls to the AUTO dispatch
        BigInteger[] a = poly(rnd, 2, 110_000, 0.0, true);
        BigInteger[] b = poly(rnd, 3, 110_000, 0.0, true);
        assertTrue(ConvolutionPlan.of(110_000, 110_000, 2, 3).isEmpty());
        ZZPoly p = ZZPoly.of(a).multiply(ZZPoly.of(b), Options.defaults().withRoute(Route.CRT).withThreads(1));
        assertArrayEquals(schoolbook(a, b), p.coefficients(), where("declined by the plan, taken by the dispatch"));
        assertFalse(PolyMulZZ.transformRoute(true, 110_000, 110_000, 2, 3, Long.MAX_VALUE) == PolyMulZZ.Route.NTT,
                "the route choice does not pick a declined plan");
        // an empty heap: neither route within memory, the preferred one that takes the shape
        assertEquals(PolyMulZZ.Route.NTT, PolyMulZZ.transformRoute(true, 64, 64, 1 << 20, 1 << 20, 0));
        // the NTT route's estimate with its margin decides when Kronecker's does not fit
        long ntt = ConvolutionPlan.bytes(1000, 1000, 1 << 20, 1 << 20);
        long kron = PolyMulZZ.kroneckerBytes(1000, 1000, 1 << 20, 1 << 20);
        assertTrue(ntt < kron, "the NTT route needs less memory at 2^20 x 1000 bits");
        assertEquals(PolyMulZZ.Route.NTT, PolyMulZZ.transformRoute(false, 1000, 1000, 1 << 20, 1 << 20, kron),
                "Kronecker without its margin gives way");
    }
}
