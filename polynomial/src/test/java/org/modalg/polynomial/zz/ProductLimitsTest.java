package org.modalg.polynomial.zz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.ntt.NttPlan;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.convolution.ConvolutionPlan;
import org.modalg.polynomial.integer.DoubleNttIntMul;
import org.modalg.polynomial.integer.IntegerDivision;
import org.modalg.polynomial.integer.IntegerMultiplication;
import org.modalg.polynomial.zp.PolyMulZp;
import org.modalg.polynomial.zp.ZpPoly;

/**
 * The hard limits of the products and quotients (BigInteger's 2^31 bits, array lengths, the
 * NTT primes' transform lengths, prime counts): every route's "can do this shape" predicate at
 * its boundary (pure arithmetic, nothing huge allocated), the fallbacks (the other route,
 * blocks, division in steps) against oracles, and the large Kronecker product that used to
 * fail (length 2^19, 1100-bit coefficients) against evaluation modulo random primes and
 * convolution sums.
 */
class ProductLimitsTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("ProductLimitsTest seed=" + SEED + " (-Dmodalg.test.seed=S to replay)");
    }

    private static String where(String label) {
        return "seed=" + SEED + " " + label;
    }

    // ------------------------------------------------------------------ the large Kronecker case

    /**
     * Length 2^19 times 2^19 with 1100-bit coefficients: the tuned rule picks Kronecker
     * substitution, whose packed product has (2^20 - 1) 2221 bits, beyond BigInteger's 2^31. It
     * threw IllegalStateException ("building a BigInteger from its magnitude failed"); it must
     * now be the exact product.
     */
    @Test
    void kroneckerBeyondBigIntegerRange() {
        int len = 1 << 19;
        int bits = 1100;
        long slot = PolyMulZZ.boundBits(bits, bits, len, len) + 1;
        assertTrue(slot * (2L * len - 1) > Integer.MAX_VALUE, "the packed product exceeds BigInteger's range");
        assertFalse(PolyMulZZ.choosesNtt(bits, len), "the tuned rule picks Kronecker at 1100 bits");
        assertEquals(PolyMulZZ.Route.KRONECKER, PolyMulZZ.transformRoute(false, bits, bits, len, len, Long.MAX_VALUE));
        Random rnd = new Random(SEED);
        BigInteger[] a = randomCoefficients(rnd, len, bits);
        BigInteger[] b = randomCoefficients(rnd, len, bits);
        PolyMulZZ.Route route = multiplyAndCheck(rnd, a, b, bits, "2^19 x 1100 bits");
        // the kernel itself, as the dispatcher ran it before, when the dispatcher chose otherwise
        // (a heap below the Kronecker route's estimate, about 3.5 GB here) and the heap holds it
        if (route != PolyMulZZ.Route.KRONECKER) {
            if (PolyMulZZ.kroneckerBytes(bits, bits, len, len) > PolyMulZZ.availableBytes()) {
                System.out.println("ProductLimitsTest: the heap is too small for the Kronecker kernel at 2^19 x 1100"
                        + " bits (" + PolyMulZZ.kroneckerBytes(bits, bits, len, len) + " bytes estimated); the"
                        + " dispatcher's " + route + " product was checked instead");
                return;
            }
            BigInteger[] out = new BigInteger[2 * len - 1];
            PolyMulZZ.mulKronecker(a, 0, len, b, 0, len, out, 0);
            checkProduct(rnd, a, b, ZZPoly.of(out), "2^19 x 1100 bits, mulKronecker");
        }
    }

    /**
     * Length 2^20 with 1000-bit coefficients (the second reported case, with
     * {@code -Dmodalg.threads=1}): about 2.5 to 6 GB and a minute on two shared cores, so it
     * runs only with {@code -Dmodalg.test.large=true}.
     */
    @Test
    void largeProductOnRequest() {
        if (!Boolean.getBoolean("modalg.test.large")) {
            System.out.println("ProductLimitsTest: skipping the 2^20 x 1000-bit product (needs several GB and about"
                    + " a minute; run with -Dmodalg.test.large=true, and -Dmodalg.threads=1 for the reported case)");
            return;
        }
        int len = 1 << 20;
        int bits = 1000;
        Random rnd = new Random(SEED);
        multiplyAndCheck(rnd, randomCoefficients(rnd, len, bits), randomCoefficients(rnd, len, bits), bits,
                "2^20 x 1000 bits");
    }

    // ZZPoly.multiply of a and b (equal lengths, bits-bit coefficients), timed, printed and checked.
    private static PolyMulZZ.Route multiplyAndCheck(Random rnd, BigInteger[] a, BigInteger[] b, int bits,
            String what) {
        PolyMulZZ.Route route = PolyMulZZ.route(bits, bits, a.length, b.length);
        long t0 = System.nanoTime();
        ZZPoly c = ZZPoly.of(a).multiply(ZZPoly.of(b));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("ProductLimitsTest: " + what + ", route " + route + ", " + ms + " ms, "
                + CpuNttEngine.shared().threads() + " threads");
        checkProduct(rnd, a, b, c, what);
        return route;
    }

    // Random signed coefficients below 2^bits, the top ones of full size.
    private static BigInteger[] randomCoefficients(Random rnd, int len, int bits) {
        BigInteger[] x = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            BigInteger v = new BigInteger(bits, rnd);
            x[i] = rnd.nextBoolean() ? v.negate() : v;
        }
        x[len - 1] = BigInteger.ONE.shiftLeft(bits - 1).add(new BigInteger(bits - 1, rnd)).negate();
        x[0] = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        return x;
    }

    /**
     * c = a b, checked independently: a(t) b(t) = c(t) mod p at a random point t for four
     * random primes of 61 and 62 bits (Horner, all primes in one pass), and a few coefficients
     * as convolution sums with BigInteger.
     */
    private static void checkProduct(Random rnd, BigInteger[] a, BigInteger[] b, ZZPoly c, String label) {
        assertEquals(a.length + b.length - 1, c.length(), where(label + ": length"));
        int k = 4;
        ZpField[] f = new ZpField[k];
        long[] t = new long[k];
        for (int j = 0; j < k; j++) {
            f[j] = ZpField.of(BigInteger.probablePrime(61 + (j & 1), rnd).longValueExact());
            t[j] = Math.floorMod(rnd.nextLong(), f[j].p());
        }
        long[] va = hornerMod(a.length, i -> a[i], f, t);
        long[] vb = hornerMod(b.length, i -> b[i], f, t);
        long[] vc = hornerMod(c.length(), c::coefficient, f, t);
        for (int j = 0; j < k; j++) {
            assertEquals(f[j].mul(va[j], vb[j]), vc[j],
                    where(label + ": a(t) b(t) = c(t) mod p = " + f[j].p() + ", t = " + t[j]));
        }
        int n = c.length();
        int[] ks = {0, 1, a.length - 1, a.length, n - 2, n - 1, rnd.nextInt(n)};
        for (int kk : ks) {
            BigInteger sum = BigInteger.ZERO;
            for (int i = Math.max(0, kk - b.length + 1); i <= Math.min(kk, a.length - 1); i++) {
                sum = sum.add(a[i].multiply(b[kk - i]));
            }
            assertEquals(sum, c.coefficient(kk), where(label + ": coefficient " + kk));
        }
    }

    // x(t_j) mod p_j for every j, by Horner (ZpField's arithmetic, not the product's code).
    private static long[] hornerMod(int n, java.util.function.IntFunction<BigInteger> coeff, ZpField[] f, long[] t) {
        int k = f.length;
        BigInteger[] bp = new BigInteger[k];
        for (int j = 0; j < k; j++) {
            bp[j] = BigInteger.valueOf(f[j].p());
        }
        long[] r = new long[k];
        for (int i = n - 1; i >= 0; i--) {
            BigInteger ci = coeff.apply(i);
            for (int j = 0; j < k; j++) {
                r[j] = f[j].add(f[j].mul(r[j], t[j]), ci.mod(bp[j]).longValue());
            }
        }
        return r;
    }

    // ------------------------------------------------------------------ predicates at their boundaries

    @Test
    void smallPrimeNttDeclinesBeyondItsLengthAndPrimeCount() {
        int half = 1 << 27;
        assertEquals(28, ConvolutionPlan.MAX_LOG2N);
        // length: aLen + bLen - 1 <= 2^28
        assertTrue(ConvolutionPlan.fits(64, 64, half, half + 1));
        assertFalse(ConvolutionPlan.fits(64, 64, half, half + 2));
        assertFalse(ConvolutionPlan.fits(64, 64, Integer.MAX_VALUE - 8, Integer.MAX_VALUE - 8));
        // primes: (bound + 1) / 49 + 1 <= 4096, i.e. bound <= 49 4096 - 2 = 200702 (bitsA + bitsB at length 1)
        assertTrue(ConvolutionPlan.fits(100_000, 100_702, 1, 1));
        assertFalse(ConvolutionPlan.fits(100_000, 100_703, 1, 1));
        // coefficients near BigInteger's limit: no int overflow in the bound
        assertFalse(ConvolutionPlan.fits(Integer.MAX_VALUE, Integer.MAX_VALUE, 2, 2));
    }

    @Test
    void theLargestPrimeCountSuffices() {
        // every prime below 2^50 with 2^28 | p - 1 that the route uses exceeds 2^49, so the
        // predicate's count is enough: the basis of the largest accepted bound has <= 4096 primes
        int bound = PolyMulZZ.productBoundBits(100_000, 100_702, 1, 1);
        assertTrue(ConvolutionPlan.basis(bound).size() <= ConvolutionPlan.MAX_PRIMES);
    }

    @Test
    void integerRouteDeclinesBeyondTwoToTheTwentyEightPieces() {
        long full = (long) DoubleNttIntMul.MAX_PIECE_BITS << 27; // 2^27 pieces of 120 bits
        assertTrue(DoubleNttIntMul.fits(full, full + 1)); // 2^27 + 2^27 + 1 - 1 = 2^28 pieces
        assertFalse(DoubleNttIntMul.fits(full + 1, full + 1)); // 2^28 + 1 pieces
        assertEquals(28, DoubleNttIntMul.choose(full, full + 1, false, 0).log2n());
        assertThrows(IllegalArgumentException.class, () -> DoubleNttIntMul.choose(full + 1, full + 1, false, 0));
        assertFalse(DoubleNttIntMul.fits(0, 5));
        assertTrue(IntegerMultiplication.canMultiplyMagnitudes(full, full + 1));
        assertFalse(IntegerMultiplication.canMultiplyMagnitudes(full + 1, full + 1));
        // small operands go to BigInteger while the product is in its range
        assertTrue(IntegerMultiplication.canMultiplyMagnitudes(100, Integer.MAX_VALUE - 100));
    }

    @Test
    void kroneckerDeclinesWhereTheIntegerRouteDoes() {
        int bits = 1100;
        // 2^19: the failing case is taken now; its packed product is far inside 2^28 pieces
        assertTrue(PolyMulZZ.kroneckerFits(bits, bits, 1 << 19, 1 << 19));
        // the boundary in the length (kroneckerFits is monotone in it): binary search
        int lo = 1 << 19;
        int hi = 1 << 24;
        assertFalse(PolyMulZZ.kroneckerFits(bits, bits, hi, hi));
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (PolyMulZZ.kroneckerFits(bits, bits, mid, mid)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        int edge = lo;
        long s = PolyMulZZ.boundBits(bits, bits, edge, edge) + 1;
        assertTrue(DoubleNttIntMul.fits(s * edge, s * edge));
        long s1 = PolyMulZZ.boundBits(bits, bits, edge + 1, edge + 1) + 1;
        assertFalse(DoubleNttIntMul.fits(s1 * (edge + 1), s1 * (edge + 1)));
        // about 2^28 pieces of 120 bits: 2 s edge within a piece's width of 120 2^28
        assertTrue(Math.abs(2 * s * edge - ((long) DoubleNttIntMul.MAX_PIECE_BITS << 28)) < 2 * s, "edge " + edge);
        // just outside: the small-prime NTT takes it
        long all = Long.MAX_VALUE;
        assertEquals(PolyMulZZ.Route.NTT, PolyMulZZ.transformRoute(false, bits, bits, edge + 1, edge + 1, all));
        assertEquals(PolyMulZZ.Route.KRONECKER, PolyMulZZ.transformRoute(false, bits, bits, edge, edge, all));
        // slots wider than an int allows
        assertFalse(PolyMulZZ.kroneckerFits(Integer.MAX_VALUE, Integer.MAX_VALUE, 2, 2));
    }

    @Test
    void routesFallToEachOtherThenToBlocks() {
        // NTT preferred but declined (length beyond 2^28), Kronecker too (157-bit slots: 4.2 10^10 bits
        // per operand, beyond 120 2^28): blocks
        assertEquals(PolyMulZZ.Route.BLOCKS,
                PolyMulZZ.transformRoute(true, 64, 64, 1 << 28, 1 << 28, Long.MAX_VALUE));
        // NTT preferred, coefficients beyond its 4096 primes: Kronecker
        assertEquals(PolyMulZZ.Route.KRONECKER,
                PolyMulZZ.transformRoute(true, 150_000, 150_000, 64, 64, Long.MAX_VALUE));
        // both decline: blocks of a length one of them takes
        int len = 1 << 16;
        assertFalse(PolyMulZZ.kroneckerFits(300_000, 300_000, len, len));
        assertFalse(ConvolutionPlan.fits(300_000, 300_000, len, len));
        assertEquals(PolyMulZZ.Route.BLOCKS,
                PolyMulZZ.transformRoute(false, 300_000, 300_000, len, len, Long.MAX_VALUE));
        int block = PolyMulZZ.blockLength(300_000, 300_000, len, len);
        assertTrue(block >= 1 && block < len && PolyMulZZ.kroneckerFits(300_000, 300_000, block, block),
                "block " + block);
        // memory: the preferred route's estimate beyond what is left, the other's within it
        long k = PolyMulZZ.kroneckerBytes(1000, 1000, 1 << 20, 1 << 20);
        long t = ConvolutionPlan.bytes(1000, 1000, 1 << 20, 1 << 20);
        assertTrue(t < k, "the NTT route needs less memory here: " + t + " against " + k);
        assertEquals(PolyMulZZ.Route.NTT, PolyMulZZ.transformRoute(false, 1000, 1000, 1 << 20, 1 << 20, (t + k) / 2));
        // the route asks for 1.5 times its estimate
        assertEquals(PolyMulZZ.Route.KRONECKER, PolyMulZZ.transformRoute(false, 1000, 1000, 1 << 20, 1 << 20, k + k / 2));
        assertEquals(PolyMulZZ.Route.NTT, PolyMulZZ.transformRoute(false, 1000, 1000, 1 << 20, 1 << 20, k + k / 2 - 1));
        // neither within memory: the preferred one anyway (the JVM then says what was asked)
        assertEquals(PolyMulZZ.Route.KRONECKER, PolyMulZZ.transformRoute(false, 1000, 1000, 1 << 20, 1 << 20, 1));
    }

    @Test
    void blocksGiveTheProduct() {
        Random rnd = new Random(SEED + 1);
        for (int trial = 0; trial < 6; trial++) {
            int aLen = 1 + rnd.nextInt(300);
            int bLen = 1 + rnd.nextInt(300);
            BigInteger[] a = randomCoefficients(rnd, aLen, 1 + rnd.nextInt(300));
            BigInteger[] b = randomCoefficients(rnd, bLen, 1 + rnd.nextInt(300));
            if (trial == 0) {
                java.util.Arrays.fill(a, 0, aLen / 2, BigInteger.ZERO); // runs of zeros
            }
            BigInteger[] c = new BigInteger[aLen + bLen - 1];
            PolyMulZZ.mulBlocks(a, 0, aLen, b, 0, bLen, c, 0);
            BigInteger[] expect = new BigInteger[aLen + bLen - 1];
            PolyMulZZ.mulClassical(a, 0, aLen, b, 0, bLen, expect, 0);
            assertArrayEquals(expect, c, where("blocks " + aLen + " x " + bLen));
        }
    }

    @Test
    void kroneckerOnLimbsKeepsSignsAndBorrows() {
        Random rnd = new Random(SEED + 2);
        for (int trial = 0; trial < 40; trial++) {
            int aLen = 1 + rnd.nextInt(40);
            int bLen = 1 + rnd.nextInt(40);
            int bits = 1 + rnd.nextInt(trial < 20 ? 70 : 700);
            BigInteger[] a = edgeCoefficients(rnd, aLen, bits, trial % 5);
            BigInteger[] b = edgeCoefficients(rnd, bLen, bits, (trial / 5) % 5);
            BigInteger[] c = new BigInteger[aLen + bLen - 1];
            PolyMulZZ.mulKronecker(a, 0, aLen, b, 0, bLen, c, 0);
            BigInteger[] expect = new BigInteger[aLen + bLen - 1];
            PolyMulZZ.mulClassical(a, 0, aLen, b, 0, bLen, expect, 0);
            assertArrayEquals(expect, c, where("Kronecker " + aLen + " x " + bLen + ", " + bits + " bits, kind "
                    + trial % 5));
            BigInteger[] sq = new BigInteger[2 * aLen - 1];
            PolyMulZZ.mulKronecker(a, 0, aLen, a, 0, aLen, sq, 0);
            BigInteger[] sqe = new BigInteger[2 * aLen - 1];
            PolyMulZZ.sqrClassical(a, 0, aLen, sqe, 0);
            assertArrayEquals(sqe, sq, where("Kronecker square " + aLen + ", " + bits + " bits"));
        }
    }

    // kind 0: random signs; 1: all negative; 2: all -(2^bits - 1); 3: zeros with a negative top;
    // 4: alternating 2^bits - 1 and -(2^bits - 1) with zeros.
    private static BigInteger[] edgeCoefficients(Random rnd, int len, int bits, int kind) {
        BigInteger max = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        BigInteger[] x = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            BigInteger v = new BigInteger(bits, rnd);
            switch (kind) {
                case 0 -> x[i] = rnd.nextBoolean() ? v : v.negate();
                case 1 -> x[i] = v.signum() == 0 ? BigInteger.ONE.negate() : v.negate();
                case 2 -> x[i] = max.negate();
                case 3 -> x[i] = i == len - 1 ? max.negate() : BigInteger.ZERO;
                default -> x[i] = i % 3 == 2 ? BigInteger.ZERO : (i % 2 == 0 ? max : max.negate());
            }
        }
        return x;
    }

    // ------------------------------------------------------------------ integers

    @Test
    void integerProductsBeyondBigIntegerRangeAreRefused() {
        BigInteger big = BigInteger.ONE.shiftLeft(1 << 30); // 2^30 + 1 bits: its square has 2^31 + 1
        ArithmeticException e = assertThrows(ArithmeticException.class, () -> IntegerMultiplication.multiply(big, big));
        assertTrue(e.getMessage().contains("1073741825"), e.getMessage());
        assertThrows(ArithmeticException.class, () -> IntegerMultiplication.square(big));
        assertThrows(ArithmeticException.class, () -> IntegerMultiplication.multiply(big.negate(), big));
        assertThrows(ArithmeticException.class, () -> IntegerMultiplication.multiplyCpu(big, big, 1));
        assertThrows(ArithmeticException.class,
                () -> IntegerMultiplication.multiplyAll(new BigInteger[] {BigInteger.TWO, big},
                        new BigInteger[] {BigInteger.TWO, big}));
        assertThrows(ArithmeticException.class,
                () -> IntegerMultiplication.multiplyNtt(big, big, CpuNttEngine.shared()));
        // a polynomial product whose coefficient leaves BigInteger's range: BigInteger's own exception
        ZZPoly f = ZZPoly.of(big, BigInteger.ONE);
        assertThrows(ArithmeticException.class, () -> f.multiply(f));
        assertThrows(ArithmeticException.class, f::square);
        // zero times anything is fine
        assertEquals(BigInteger.ZERO, IntegerMultiplication.multiply(big, BigInteger.ZERO));
        // the magnitude of -2^k has k + 1 bits
        assertEquals(65, Limbs.magnitudeBits(BigInteger.ONE.shiftLeft(64).negate()));
        assertEquals(64, Limbs.magnitudeBits(BigInteger.ONE.shiftLeft(64).negate().add(BigInteger.ONE)));
    }

    @Test
    void divisionInStepsMatchesBigInteger() {
        Random rnd = new Random(SEED + 3);
        for (int trial = 0; trial < 8; trial++) {
            BigInteger b = new BigInteger(3000 + rnd.nextInt(20_000), rnd).setBit(0).add(BigInteger.ONE);
            BigInteger a = new BigInteger(b.bitLength() + 5000 + rnd.nextInt(60_000), rnd);
            if (trial == 0) {
                a = b.shiftLeft(40_000).subtract(BigInteger.ONE); // remainder b - 1 at every step
            }
            int step = 2000 + rnd.nextInt(8000);
            BigInteger[] qr = IntegerDivision.divideNewton(a, b, step);
            BigInteger[] expect = a.divideAndRemainder(b);
            assertEquals(expect[0], qr[0], where("quotient in steps of " + step));
            assertEquals(expect[1], qr[1], where("remainder in steps of " + step));
        }
    }

    // ------------------------------------------------------------------ Z/pZ

    @Test
    void zpProductsLongerThanOneTransformGoInBlocks() {
        assertEquals(27, NttPlan.MAX_LOG2N);
        assertTrue(PolyMulZp.nttFits(1 << 26, (1 << 26) + 1));
        assertFalse(PolyMulZp.nttFits(1 << 26, (1 << 26) + 2));
        assertFalse(PolyMulZp.nttFits(Integer.MAX_VALUE, Integer.MAX_VALUE));
        Random rnd = new Random(SEED + 4);
        long[] primes = {998244353L, (1L << 61) - 1, 1_000_000_007L};
        for (long p : primes) {
            ZpField f = ZpField.of(p);
            int aLen = 1 + rnd.nextInt(200);
            int bLen = 1 + rnd.nextInt(200);
            long[] a = new long[aLen];
            long[] b = new long[bLen];
            for (int i = 0; i < aLen; i++) {
                a[i] = Math.floorMod(rnd.nextLong(), p);
            }
            for (int i = 0; i < bLen; i++) {
                b[i] = i % 7 == 0 ? p - 1 : Math.floorMod(rnd.nextLong(), p);
            }
            long[] c = new long[aLen + bLen - 1];
            PolyMulZp.mulNttBlocks(f, a, 0, aLen, b, 0, bLen, c, 0, CpuNttEngine.shared(), 1 + rnd.nextInt(5));
            long[] expect = new long[aLen + bLen - 1];
            PolyMulZp.mulClassical(f, a, 0, aLen, b, 0, bLen, expect, 0);
            assertArrayEquals(expect, c, where("blocks mod " + p + ", " + aLen + " x " + bLen));
        }
    }

    @Test
    void productAndDegreeSizesAreCheckedInLong() {
        ZZPoly.checkProductLength(1 << 30, (1 << 30) - 8); // 2^31 - 9 coefficients: the largest array
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ZZPoly.checkProductLength(1 << 30, (1 << 30) - 7));
        assertTrue(e.getMessage().contains("2147483640"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ZZPoly.checkProductLength(Integer.MAX_VALUE, Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> ZZPoly.monomial(BigInteger.ONE, Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> ZpPoly.monomial(ZpField.of(7), 1, Integer.MAX_VALUE));
        assertTrue(DoubleNttPlan.MAX_LOG2N >= ConvolutionPlan.MAX_LOG2N);
        assertThrows(IllegalArgumentException.class, () -> ZZPoly.of(1, 2).shiftLeft(Integer.MAX_VALUE - 9));
        assertThrows(IllegalArgumentException.class,
                () -> ZpPoly.of(ZpField.of(7), 1, 2).shiftLeft(Integer.MAX_VALUE - 9));
        assertEquals(199 + 99, PolyMulZp.karatsubaScratchLength(100, 48)); // 4h - 1 per level, h = 50, 25
        assertThrows(IllegalArgumentException.class, () -> PolyMulZp.karatsubaScratchLength(1 << 30, 2));
    }
}
