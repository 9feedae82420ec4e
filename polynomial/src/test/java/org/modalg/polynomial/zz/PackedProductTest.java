package org.modalg.polynomial.zz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.convolution.ConvolutionPlan;
import org.modalg.polynomial.convolution.DoubleCrt;
import org.modalg.polynomial.convolution.PackedCoefficients;
import org.modalg.polynomial.zp.ZpPoly;

/**
 * Products over Z through the packed small-prime NTT route ({@link ConvolutionPlan} into
 * {@link PackedCoefficients}, kept packed by {@link ZZPoly#multiply} and {@link ZZPoly#square})
 * against independent oracles: Karatsuba on BigIntegers for moderate sizes, closed forms for
 * products of constant-coefficient polynomials, exact convolution sums at sampled degrees and
 * evaluation modulo random 62-bit primes for long products; and the packed {@link ZZPoly}
 * against an equal BigInteger-backed one through its whole API. A fresh seed every run
 * (printed; {@code -Dmodalg.test.packedSeed=S} replays it).
 */
class PackedProductTest {
    private static final long SEED = Long.getLong("modalg.test.packedSeed", ThreadLocalRandom.current().nextLong());
    private static final BigInteger ZERO = BigInteger.ZERO;
    private static final BigInteger ONE = BigInteger.ONE;
    /** 2^64 - 1, the largest magnitude of a 64-bit coefficient. */
    private static final BigInteger MAX64 = ONE.shiftLeft(64).subtract(ONE);
    /** -2^64: bit length 64, but |c| = 2^64 needs 65 bits. */
    private static final BigInteger MINUS_2_64 = ONE.shiftLeft(64).negate();
    private static final BigInteger TWO_63 = ONE.shiftLeft(63);
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);

    /**
     * The shapes below sit just above "the NTT from n = 96 at every coefficient size": these tests
     * are about the packed route, not the measured cut-offs (which depend on the thread count and
     * get re-measured), so the rule is pinned to that for this class.
     */
    private static final String[] PINNED = {"modalg.poly.zzFast", "modalg.poly.zzNtt"};
    private static final String PINNED_LENGTH = "96";
    private static final String[] saved = new String[PINNED.length];

    @BeforeAll
    static void printSeed() {
        NttEngine engine = NttEngines.shared();
        System.out.println("PackedProductTest seed=" + SEED + " (-Dmodalg.test.packedSeed=S to replay), engine="
                + engine.name());
        for (int i = 0; i < PINNED.length; i++) {
            saved[i] = System.getProperty(PINNED[i]);
            System.setProperty(PINNED[i], PINNED_LENGTH);
        }
    }

    @AfterAll
    static void restoreCutoffs() {
        for (int i = 0; i < PINNED.length; i++) {
            if (saved[i] == null) {
                System.clearProperty(PINNED[i]);
            } else {
                System.setProperty(PINNED[i], saved[i]);
            }
        }
    }

    // The packed route runs only on the CPU engine: elsewhere these tests say so and skip.
    @BeforeEach
    void requireCpuEngine() {
        NttEngine engine = NttEngines.shared();
        boolean cpu = engine instanceof CpuNttEngine;
        if (!cpu) {
            System.out.println("PackedProductTest skipped: the shared NTT engine is " + engine.name()
                    + ", and ZZPoly keeps products packed only on the CPU engine");
        }
        Assumptions.assumeTrue(cpu, "the packed route needs the CPU engine, shared engine is " + engine.name());
    }

    private static String where(String label) {
        return "PackedProductTest seed=" + SEED + " (-Dmodalg.test.packedSeed=S to replay): " + label;
    }

    // ------------------------------------------------------------------ random inputs

    // A coefficient with |c| < 2^bits: mostly exactly bits bits, sometimes 2^bits - 1, 2^(bits-1)
    // or smaller (possibly zero); random sign.
    private static BigInteger coefficient(Random rnd, int bits) {
        BigInteger m;
        switch (rnd.nextInt(8)) {
            case 0:
                m = ONE.shiftLeft(bits).subtract(ONE);
                break;
            case 1:
                m = ONE.shiftLeft(bits - 1);
                break;
            case 2:
                m = new BigInteger(1 + rnd.nextInt(bits), rnd);
                break;
            default:
                m = new BigInteger(bits - 1, rnd).setBit(bits - 1);
        }
        return rnd.nextBoolean() ? m.negate() : m;
    }

    // len coefficients of at most bits bits, random signs, a fraction zeroRate of zeros; the top
    // one has exactly bits bits (so the polynomial has length len and maxCoefficientBits bits).
    private static BigInteger[] poly(Random rnd, int len, int bits, double zeroRate) {
        BigInteger[] a = new BigInteger[len];
        for (int i = 0; i < len - 1; i++) {
            a[i] = rnd.nextDouble() < zeroRate ? ZERO : coefficient(rnd, bits);
        }
        BigInteger top = new BigInteger(bits - 1, rnd).setBit(bits - 1);
        a[len - 1] = rnd.nextBoolean() ? top.negate() : top;
        return a;
    }

    // x^k a
    private static BigInteger[] shifted(BigInteger[] a, int k) {
        BigInteger[] r = new BigInteger[a.length + k];
        Arrays.fill(r, 0, k, ZERO);
        System.arraycopy(a, 0, r, k, a.length);
        return r;
    }

    private static BigInteger[] filled(int len, BigInteger v) {
        BigInteger[] r = new BigInteger[len];
        Arrays.fill(r, v);
        return r;
    }

    // ------------------------------------------------------------------ oracles

    private static BigInteger[] trim(BigInteger[] a) {
        int n = a.length;
        while (n > 0 && a[n - 1].signum() == 0) {
            n--;
        }
        return Arrays.copyOf(a, n);
    }

    /** a b by Karatsuba on BigIntegers (classical below its cut-off), trimmed. */
    private static BigInteger[] karatsuba(BigInteger[] a, BigInteger[] b) {
        BigInteger[] c = new BigInteger[a.length + b.length - 1];
        PolyMulZZ.mulKaratsuba(a, 0, a.length, b, 0, b.length, c, 0);
        return trim(c);
    }

    /** sum_i a_i b_(k-i): one coefficient of a b, exactly. O(min(aLen, bLen)). */
    private static BigInteger convolutionAt(BigInteger[] a, BigInteger[] b, int k) {
        BigInteger s = ZERO;
        for (int i = Math.max(0, k - b.length + 1); i <= Math.min(k, a.length - 1); i++) {
            s = s.add(a[i].multiply(b[k - i]));
        }
        return s;
    }

    /** The largest bit length of |c_i|, from the BigIntegers. */
    private static int magnitudeBits(BigInteger[] c) {
        int bits = 0;
        for (BigInteger v : c) {
            bits = Math.max(bits, v.abs().bitLength());
        }
        return bits;
    }

    private static long randomPrime62(Random rnd) {
        while (true) {
            long p = (1L << 61) | (rnd.nextLong() >>> 3) | 1;
            if (NttPrimes.isPrime(p)) {
                return p;
            }
        }
    }

    // ------------------------------------------------------------------ checks

    /** got has exactly the coefficients expected (trimmed), read one by one through coefficient(i). */
    private static void assertCoefficients(BigInteger[] expected, ZZPoly got, String label) {
        assertEquals(expected.length, got.length(), where(label + ": length"));
        assertEquals(expected.length - 1, got.degree(), where(label + ": degree"));
        for (int i = 0; i < expected.length; i++) {
            BigInteger c = got.coefficient(i);
            if (!expected[i].equals(c)) {
                fail(where(label + ": coefficient " + i + " of " + expected.length + " expected " + expected[i]
                        + " got " + c));
            }
        }
    }

    /**
     * got is a packed product equal to expected: coefficients from the packed form first (before
     * anything makes the BigIntegers), the packed maxCoefficientBits, then the BigIntegers.
     */
    private static void assertPackedProduct(BigInteger[] expected, ZZPoly got, String label) {
        assertNotNull(got.packed(), where(label + ": the packed NTT route was not taken"));
        assertCoefficients(expected, got, label + " (packed)");
        assertEquals(magnitudeBits(expected), got.maxCoefficientBits(), where(label + ": maxCoefficientBits (packed)"));
        assertArrayEquals(expected, got.coefficients(), where(label + ": coefficients()"));
        assertEquals(magnitudeBits(expected), got.maxCoefficientBits(), where(label + ": maxCoefficientBits (made)"));
    }

    private static void assertNttChosen(int bitsA, int bitsB, int aLen, int bLen, String label) {
        assertTrue(PolyMulZZ.choosesNtt(Math.max(bitsA, bitsB), Math.min(aLen, bLen)),
                where(label + ": test setup expects the NTT rule to hold for bits " + Math.max(bitsA, bitsB)
                        + ", n = " + Math.min(aLen, bLen)));
    }

    /** f g = h checked modulo three random 62-bit primes at random points (f, g, h made as BigIntegers). */
    private static void assertByEvaluation(ZZPoly f, ZZPoly g, ZZPoly h, Random rnd, String label) {
        for (int t = 0; t < 3; t++) {
            ZpField field = ZpField.of(randomPrime62(rnd));
            long x = field.random(rnd);
            long fx = ZpPoly.of(field, f.coefficients()).evaluate(x);
            long gx = ZpPoly.of(field, g.coefficients()).evaluate(x);
            long hx = ZpPoly.of(field, h.coefficients()).evaluate(x);
            assertEquals(field.mul(fx, gx), hx, where(label + ": f(x) g(x) != h(x) mod p = " + field.p() + " at x = " + x));
        }
    }

    /**
     * c = a b by {@link PolyMulZZ#mulSmallPrimeNtt} on {@code threads} threads, a at offset 3 of a
     * larger array and b at offset 1 (or, for square, b the same range of the same array), c at
     * offset 2 between sentinels that must stay; returns the aLen + bLen - 1 outputs (untrimmed).
     */
    private static BigInteger[] viaKernel(BigInteger[] a, BigInteger[] b, boolean square, int threads, String label) {
        BigInteger sentinel = BigInteger.valueOf(-77);
        BigInteger[] aa = new BigInteger[a.length + 5];
        Arrays.fill(aa, BigInteger.valueOf(5));
        System.arraycopy(a, 0, aa, 3, a.length);
        BigInteger[] bb = aa;
        int bOff = 3;
        if (!square) {
            bb = new BigInteger[b.length + 3];
            Arrays.fill(bb, BigInteger.valueOf(-9));
            System.arraycopy(b, 0, bb, 1, b.length);
            bOff = 1;
        }
        int bLen = square ? a.length : b.length;
        int n = a.length + bLen - 1;
        BigInteger[] c = filled(n + 4, sentinel);
        PolyMulZZ.mulSmallPrimeNtt(aa, 3, a.length, bb, bOff, bLen, c, 2, threads);
        assertEquals(sentinel, c[1], where(label + " threads=" + threads + ": wrote below its output range"));
        assertEquals(sentinel, c[n + 2], where(label + " threads=" + threads + ": wrote above its output range"));
        return Arrays.copyOfRange(c, 2, n + 2);
    }

    // ------------------------------------------------------------------ products

    @Test
    void productsOfWordCoefficientsMatchKaratsuba() {
        Random rnd = new Random(SEED + 1);
        int[] edgeBits = {1, 2, 31, 32, 33, 63, 64};
        for (int it = 0; it < 14; it++) {
            int bitsA = rnd.nextBoolean() ? edgeBits[rnd.nextInt(edgeBits.length)] : 1 + rnd.nextInt(64);
            int bitsB = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(64) : bitsA;
            int la;
            int lb;
            switch (it % 4) {
                case 0: // balanced
                    la = 300 + rnd.nextInt(1700);
                    lb = la;
                    break;
                case 1: // unbalanced, the short one just above the NTT cut-off
                    la = 1500 + rnd.nextInt(2500);
                    lb = 128 + rnd.nextInt(200);
                    break;
                case 2:
                    la = 300 + rnd.nextInt(1700);
                    lb = 300 + rnd.nextInt(1700);
                    break;
                default: // long against short, the other way round
                    la = 130 + rnd.nextInt(400);
                    lb = 3000 + rnd.nextInt(2000);
            }
            if (it == 13) { // the top of the stated range, balanced
                la = 5000;
                lb = 5000;
            }
            double zeroRate = rnd.nextInt(3) == 0 ? 0.0 : rnd.nextDouble() * 0.6;
            BigInteger[] a = poly(rnd, la, bitsA, zeroRate);
            BigInteger[] b = poly(rnd, lb, bitsB, zeroRate);
            if (rnd.nextInt(3) == 0) { // x^k factors: zero low coefficients
                a = shifted(a, 1 + rnd.nextInt(40));
                b = shifted(b, rnd.nextInt(3) * rnd.nextInt(40));
            }
            String label = "it=" + it + " " + a.length + "x" + b.length + " bits " + bitsA + "," + bitsB
                    + " zeros " + String.format("%.2f", zeroRate);
            assertNttChosen(bitsA, bitsB, a.length, b.length, label);
            BigInteger[] expected = karatsuba(a, b);
            ZZPoly f = ZZPoly.of(a);
            ZZPoly g = ZZPoly.of(b);
            assertPackedProduct(expected, f.multiply(g), label + " f*g");
            assertPackedProduct(expected, g.multiply(f), label + " g*f");
        }
    }

    @Test
    void squaresMatchKaratsuba() {
        Random rnd = new Random(SEED + 2);
        for (int it = 0; it < 6; it++) {
            int bits = it < 2 ? 64 - it : 1 + rnd.nextInt(64);
            int len = 300 + rnd.nextInt(2700);
            BigInteger[] a = poly(rnd, len, bits, it % 3 == 0 ? 0.3 : 0.0);
            if (it == 4) {
                a = shifted(a, 17);
            }
            String label = "square it=" + it + " len " + a.length + " bits " + bits;
            assertNttChosen(bits, bits, a.length, a.length, label);
            BigInteger[] expected = karatsuba(a, a);
            ZZPoly f = ZZPoly.of(a);
            assertPackedProduct(expected, f.square(), label + " square()");
            assertPackedProduct(expected, f.multiply(f), label + " f.multiply(f)");
            assertPackedProduct(expected, f.multiply(ZZPoly.of(a)), label + " f.multiply(copy of f)");
            assertArrayEquals(expected, viaKernel(a, a, true, 1, label), where(label + " kernel square, 1 thread"));
        }
    }

    // The smallest n from which the NTT rule holds for this coefficient size, or -1 (never, up to 4096).
    private static int nttThreshold(int bits) {
        for (int n = 1; n <= 4096; n++) {
            if (PolyMulZZ.choosesNtt(bits, n)) {
                return n;
            }
        }
        return -1;
    }

    @Test
    void largeCoefficientProductsMatchKaratsuba() {
        Random rnd = new Random(SEED + 3);
        int[] sizes = {100, 127, 128, 129, 255, 256, 500, 511, 512, 513, 1000, 1500, 2000, 2047};
        for (int it = 0; it < sizes.length; it++) {
            int bitsA = sizes[it];
            int t = nttThreshold(bitsA);
            assertTrue(t > 0, where("the NTT rule should hold for " + bitsA + "-bit coefficients at some length"));
            int bitsB = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(bitsA) : bitsA;
            int la = t + rnd.nextInt(80);
            int lb = rnd.nextBoolean() ? la : t + rnd.nextInt(400);
            BigInteger[] a = poly(rnd, la, bitsA, rnd.nextBoolean() ? 0.0 : 0.25);
            BigInteger[] b = poly(rnd, lb, bitsB, rnd.nextBoolean() ? 0.0 : 0.25);
            String label = "large it=" + it + " " + la + "x" + lb + " bits " + bitsA + "," + bitsB;
            assertNttChosen(bitsA, bitsB, la, lb, label);
            BigInteger[] expected = karatsuba(a, b);
            assertPackedProduct(expected, ZZPoly.of(a).multiply(ZZPoly.of(b)), label);
            if (it % 3 == 0) {
                assertPackedProduct(karatsuba(a, a), ZZPoly.of(a).square(), label + " square");
            }
        }
    }

    @Test
    void edgeCoefficientValuesMatchKaratsuba() {
        Random rnd = new Random(SEED + 4);
        int len = 300;
        BigInteger[] pool = {MAX64, MAX64.negate(), MINUS_2_64, TWO_63, LONG_MIN, ONE, ONE.negate(), ZERO};
        List<String> names = new ArrayList<>();
        List<BigInteger[]> patterns = new ArrayList<>();
        names.add("all 2^64-1");
        patterns.add(filled(len, MAX64));
        names.add("all -(2^64-1)");
        patterns.add(filled(len, MAX64.negate()));
        names.add("all -2^64");
        patterns.add(filled(len, MINUS_2_64));
        names.add("all 2^63");
        patterns.add(filled(len, TWO_63));
        names.add("all Long.MIN_VALUE");
        patterns.add(filled(len, LONG_MIN));
        BigInteger[] alt = new BigInteger[len];
        BigInteger[] alt64 = new BigInteger[len];
        BigInteger[] alt63 = new BigInteger[len];
        BigInteger[] mix = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            alt[i] = i % 2 == 0 ? MAX64 : MAX64.negate();
            alt64[i] = i % 2 == 0 ? MINUS_2_64 : MAX64;
            alt63[i] = i % 2 == 0 ? LONG_MIN : TWO_63;
            mix[i] = pool[rnd.nextInt(pool.length)];
        }
        mix[len - 1] = MINUS_2_64;
        names.add("alternating +-(2^64-1)");
        patterns.add(alt);
        names.add("alternating -2^64, 2^64-1");
        patterns.add(alt64);
        names.add("alternating Long.MIN_VALUE, 2^63");
        patterns.add(alt63);
        names.add("random extremes");
        patterns.add(mix);
        for (int i = 0; i < patterns.size(); i++) {
            BigInteger[] a = patterns.get(i);
            ZZPoly f = ZZPoly.of(a);
            assertPackedProduct(karatsuba(a, a), f.square(), names.get(i) + " squared");
            for (int j = i; j < patterns.size(); j++) {
                // the second operand a little shorter: unbalanced shapes too
                BigInteger[] b = Arrays.copyOf(patterns.get(j), j == i ? len : len - 43);
                String label = names.get(i) + " * " + names.get(j) + " (" + a.length + "x" + b.length + ")";
                BigInteger[] expected = karatsuba(a, b);
                assertPackedProduct(expected, f.multiply(ZZPoly.of(b)), label);
                if ((i + j) % 4 == 0) {
                    assertArrayEquals(expected, trim(viaKernel(a, b, false, 1, label)), where(label + " kernel, 1 thread"));
                }
            }
        }
    }

    // c_k of (sum_(i<la) x^i)(sum_(j<lb) x^j): the number of pairs i + j = k.
    private static int pairs(int la, int lb, int k) {
        return Math.min(Math.min(k + 1, la + lb - 1 - k), Math.min(la, lb));
    }

    // Every coefficient of got equals unit * pairs(la, lb, k), read from the packed form.
    private static void assertConstantProduct(BigInteger unit, int la, int lb, ZZPoly got, String label) {
        int n = la + lb - 1;
        assertNotNull(got.packed(), where(label + ": the packed NTT route was not taken"));
        assertEquals(n, got.length(), where(label + ": length"));
        for (int k = 0; k < n; k++) {
            BigInteger expected = unit.multiply(BigInteger.valueOf(pairs(la, lb, k)));
            BigInteger c = got.coefficient(k);
            if (!expected.equals(c)) {
                fail(where(label + ": coefficient " + k + " of " + n + " expected " + expected + " got " + c));
            }
        }
        BigInteger top = unit.multiply(BigInteger.valueOf(Math.min(la, lb)));
        assertEquals(top.abs().bitLength(), got.maxCoefficientBits(), where(label + ": maxCoefficientBits (packed)"));
    }

    @Test
    void productsAtTheThreePrimeBound() {
        Random rnd = new Random(SEED + 5);
        // The basis: three primes below 2^50 hold bounds up to 148 bits (64-bit coefficients, min
        // length up to 2^20), a 149-bit bound needs a fourth
        assertEquals(3, ConvolutionPlan.basis(PolyMulZZ.productBoundBits(64, 64, 1 << 20, 1 << 20)).size(),
                where("primes for 64-bit coefficients at length 2^20"));
        assertEquals(4, ConvolutionPlan.basis(PolyMulZZ.productBoundBits(64, 64, (1 << 20) + 1, (1 << 20) + 1)).size(),
                where("primes for 64-bit coefficients above length 2^20"));

        // product length 2^17 - 1, coefficients +-(2^64-1) with random signs: exact sampled
        // coefficients and evaluation modulo random primes
        int n = 1 << 16;
        BigInteger[] a = new BigInteger[n];
        BigInteger[] b = new BigInteger[n];
        BigInteger negMax = MAX64.negate();
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextBoolean() ? MAX64 : negMax;
            b[i] = rnd.nextInt(8) == 0 ? negMax : MAX64;
        }
        ZZPoly f = ZZPoly.of(a);
        ZZPoly g = ZZPoly.of(b);
        ZZPoly h = f.multiply(g);
        String label = "2^16 x 2^16, +-(2^64-1) random signs";
        assertNotNull(h.packed(), where(label + ": the packed NTT route was not taken"));
        assertEquals(2 * n - 1, h.length(), where(label + ": length"));
        int[] ks = new int[24];
        ks[0] = 0;
        ks[1] = 1;
        ks[2] = n - 1;
        ks[3] = n;
        ks[4] = 2 * n - 2;
        ks[5] = 2 * n - 3;
        for (int t = 6; t < ks.length; t++) {
            ks[t] = rnd.nextInt(2 * n - 1);
        }
        for (int k : ks) {
            assertEquals(convolutionAt(a, b, k), h.coefficient(k), where(label + ": coefficient " + k));
        }
        assertByEvaluation(f, g, h, rnd, label);
        assertEquals(magnitudeBits(h.coefficients()), h.maxCoefficientBits(), where(label + ": maxCoefficientBits"));

        // all 2^64-1 (and its negative) at length 2^20: the middle coefficient 2^20 (2^64-1)^2
        // is just below the 148-bit bound, against M ~ 2^149.99 of the three primes
        int big = 1 << 20;
        BigInteger[] ones = filled(big, MAX64);
        ZZPoly p = ZZPoly.of(ones);
        BigInteger max2 = MAX64.multiply(MAX64);
        assertConstantProduct(max2, big, big, p.square(), "(2^64-1) * sum_(i<2^20) x^i, squared");
        assertConstantProduct(max2.negate(), big, big - 5, p.multiply(ZZPoly.of(filled(big - 5, negMax))),
                "(2^64-1) sum_(i<2^20) x^i times -(2^64-1) sum_(i<2^20-5) x^i");

        // -2^64 everywhere (65-bit magnitudes): length 2^18 gives the bound 65 + 65 + 18 = 148
        int mid = 1 << 18;
        ZZPoly m = ZZPoly.of(filled(mid, MINUS_2_64));
        assertConstantProduct(ONE.shiftLeft(128), mid, mid, m.square(), "-2^64 sum_(i<2^18) x^i, squared");
        assertConstantProduct(ONE.shiftLeft(128).negate(), mid, 3 * mid / 4, m.multiply(ZZPoly.of(filled(3 * mid / 4, ONE.shiftLeft(64)))),
                "-2^64 sum_(i<2^18) x^i times 2^64 sum_(i<3 2^16) x^i");
    }

    // The largest bound (bits) for which the first s primes suffice: M_s >= 2^(B+1) (1 + 2^-30).
    private static int largestBound(BigInteger m) {
        int b = m.bitLength();
        while (m.shiftLeft(30).compareTo(ONE.shiftLeft(b + 1).multiply(ONE.shiftLeft(30).add(ONE))) < 0) {
            b--;
        }
        return b;
    }

    @Test
    void primeCountBoundaries() {
        Random rnd = new Random(SEED + 6);
        int maxBound = 4101; // (4101 - 7) / 2 = 2047 bits: the largest size the NTT rule takes at n = 128
        DoubleCrt all = ConvolutionPlan.basis(maxBound);
        long[] primes = new long[all.size()];
        for (int j = 0; j < primes.length; j++) {
            primes[j] = all.prime(j);
            assertTrue(primes[j] < DoubleNttPlan.MAX_PRIME_EXCLUSIVE && NttPrimes.isPrime(primes[j])
                    && (primes[j] - 1) % (1L << ConvolutionPlan.TWO_ADIC) == 0, where("prime " + j + " = " + primes[j]));
            assertTrue(j == 0 || primes[j] < primes[j - 1], where("primes distinct, decreasing"));
        }
        BigInteger m = ONE;
        int prevBound = 0;
        int checked = 0;
        for (int s = 1; s <= primes.length; s++) {
            m = m.multiply(BigInteger.valueOf(primes[s - 1]));
            int bs = largestBound(m); // s primes exactly for bounds (prevBound, bs]
            for (int bound : new int[] {prevBound + 1, bs}) {
                if (bound > maxBound) {
                    continue;
                }
                DoubleCrt crt = ConvolutionPlan.basis(bound);
                assertEquals(s, crt.size(), where("primes for bound " + bound));
                for (int j = 0; j < s; j++) {
                    assertEquals(primes[j], crt.prime(j), where("basis for bound " + bound + " is a prefix, prime " + j));
                }
                if (bound < 9) {
                    continue;
                }
                // a product whose bound is exactly this: length 128 (log 7) and bitsA + bitsB = bound - 7,
                // every magnitude 2^bits - 1 so that the middle coefficient nearly reaches 2^bound
                int bitsA = (bound - 7) / 2;
                int bitsB = bound - 7 - bitsA;
                int len = 128;
                assertEquals(bound, PolyMulZZ.productBoundBits(bitsA, bitsB, len, len), where("bound setup"));
                String label = "bound " + bound + " (" + s + " primes), bits " + bitsA + "+" + bitsB;
                assertNttChosen(bitsA, bitsB, len, len, label);
                BigInteger ma = ONE.shiftLeft(bitsA).subtract(ONE);
                BigInteger mb = ONE.shiftLeft(bitsB).subtract(ONE);
                BigInteger sa = checked % 2 == 0 ? ma : ma.negate();
                BigInteger sb = checked % 3 == 0 ? mb.negate() : mb;
                ZZPoly f = ZZPoly.of(filled(len, sa));
                ZZPoly g = ZZPoly.of(filled(len, sb));
                assertConstantProduct(sa.multiply(sb), len, len, f.multiply(g), label);
                if (bitsA == bitsB) {
                    assertConstantProduct(sa.multiply(sa), len, len, f.square(), label + " square");
                }
                // random signs on the extreme magnitudes, against Karatsuba, on one and two threads
                BigInteger[] a = new BigInteger[len];
                BigInteger[] b = new BigInteger[len];
                for (int i = 0; i < len; i++) {
                    a[i] = rnd.nextBoolean() ? ma : ma.negate();
                    b[i] = rnd.nextBoolean() ? mb : mb.negate();
                }
                BigInteger[] expected = karatsuba(a, b);
                assertPackedProduct(expected, ZZPoly.of(a).multiply(ZZPoly.of(b)), label + " random signs");
                if (checked % 4 == 0) {
                    assertArrayEquals(expected, trim(viaKernel(a, b, false, 1, label)), where(label + " kernel, 1 thread"));
                    assertArrayEquals(expected, trim(viaKernel(a, b, false, 2, label)), where(label + " kernel, 2 threads"));
                }
                checked++;
            }
            prevBound = bs;
            if (bs > maxBound) {
                break;
            }
        }
        assertTrue(checked > 100, where("boundaries checked: " + checked));
    }

    // ------------------------------------------------------------------ packed against ordinary

    @Test
    void packedPolynomialBehavesLikeAnOrdinaryOne() throws InterruptedException {
        Random rnd = new Random(SEED + 7);
        int[][] shapes = {{64, 700, 500}, {1 + rnd.nextInt(64), 300 + rnd.nextInt(600), 300 + rnd.nextInt(600)}, {300, 100, 140}};
        for (int[] shape : shapes) {
            int bits = shape[0];
            BigInteger[] a = poly(rnd, shape[1], bits, 0.2);
            BigInteger[] b = poly(rnd, shape[2], 1 + rnd.nextInt(bits), 0.2);
            if (rnd.nextBoolean()) {
                a = shifted(a, 1 + rnd.nextInt(9));
            }
            ZZPoly f = ZZPoly.of(a);
            ZZPoly g = ZZPoly.of(b);
            String label = "packed " + a.length + "x" + b.length + " bits " + bits;
            assertNttChosen(f.maxCoefficientBits(), g.maxCoefficientBits(), a.length, b.length, label);
            BigInteger[] expected = karatsuba(a, b);
            ZZPoly q = ZZPoly.of(expected);
            Supplier<ZZPoly> fresh = () -> {
                ZZPoly p = f.multiply(g);
                assertNotNull(p.packed(), where(label + ": the packed NTT route was not taken"));
                return p;
            };
            checkAccessors(fresh.get(), expected, label);
            checkComparisonAndText(fresh, q, expected, label);
            checkRingOperations(fresh, q, rnd, label);
            checkFurtherProducts(fresh, q, expected, rnd, label);
            checkConcurrentMaterialization(fresh, expected, label);
        }
    }

    private static void checkAccessors(ZZPoly p, BigInteger[] expected, String label) {
        int n = expected.length;
        assertFalse(p.isZero(), where(label));
        assertEquals(n - 1, p.degree(), where(label + ": degree"));
        assertEquals(n, p.length(), where(label + ": length"));
        assertEquals(expected[n - 1], p.leadingCoefficient(), where(label + ": leadingCoefficient (packed)"));
        assertEquals(magnitudeBits(expected), p.maxCoefficientBits(), where(label + ": maxCoefficientBits (packed)"));
        for (int i = 0; i < n; i++) {
            if (!expected[i].equals(p.coefficient(i))) {
                fail(where(label + ": coefficient " + i + " (packed) expected " + expected[i] + " got " + p.coefficient(i)));
            }
        }
        assertEquals(ZERO, p.coefficient(n), where(label + ": coefficient above the degree"));
        assertEquals(ZERO, p.coefficient(n + 1000), where(label + ": coefficient far above the degree"));
        assertThrows(IllegalArgumentException.class, () -> p.coefficient(-1), where(label + ": coefficient(-1)"));
        BigInteger[] copy = p.coefficients();
        assertArrayEquals(expected, copy, where(label + ": coefficients()"));
        copy[0] = BigInteger.valueOf(12345);
        assertEquals(expected[0], p.coefficient(0), where(label + ": coefficients() must be a copy"));
        assertEquals(expected[n - 1], p.leadingCoefficient(), where(label + ": leadingCoefficient (made)"));
        assertEquals(magnitudeBits(expected), p.maxCoefficientBits(), where(label + ": maxCoefficientBits (made)"));
        for (int i = 0; i < n; i++) {
            if (!expected[i].equals(p.coefficient(i))) {
                fail(where(label + ": coefficient " + i + " (made) expected " + expected[i] + " got " + p.coefficient(i)));
            }
        }
    }

    private static void checkComparisonAndText(Supplier<ZZPoly> fresh, ZZPoly q, BigInteger[] expected, String label) {
        ZZPoly p = fresh.get();
        assertEquals(q.hashCode(), p.hashCode(), where(label + ": hashCode of a fresh packed product"));
        assertTrue(p.equals(q) && q.equals(p), where(label + ": equals, both ways"));
        ZZPoly p2 = fresh.get();
        assertTrue(q.equals(p2), where(label + ": ordinary.equals(fresh packed)"));
        assertEquals(0, fresh.get().compareTo(q), where(label + ": compareTo, packed first"));
        assertEquals(0, q.compareTo(fresh.get()), where(label + ": compareTo, ordinary first"));
        assertTrue(fresh.get().equals(fresh.get()), where(label + ": two fresh packed products"));
        // differ in one coefficient (middle, top), in length
        for (int k : new int[] {expected.length / 2, expected.length - 1}) {
            BigInteger[] d = expected.clone();
            d[k] = d[k].add(ONE);
            ZZPoly r = ZZPoly.of(d);
            int want = Integer.signum(q.compareTo(r));
            assertEquals(want, Integer.signum(fresh.get().compareTo(r)), where(label + ": compareTo, changed at " + k));
            assertEquals(-want, Integer.signum(r.compareTo(fresh.get())), where(label + ": compareTo reversed, changed at " + k));
            assertFalse(fresh.get().equals(r), where(label + ": equals a polynomial changed at " + k));
        }
        ZZPoly longer = q.add(ZZPoly.monomial(ONE, expected.length));
        assertTrue(fresh.get().compareTo(longer) < 0 && longer.compareTo(fresh.get()) > 0, where(label + ": compareTo by degree"));
        assertFalse(fresh.get().equals(null) || fresh.get().equals("x"), where(label + ": equals with other objects"));

        String human = fresh.get().toString();
        assertEquals(q.toString(), human, where(label + ": toString"));
        assertEquals(q, ZZPoly.parse(human), where(label + ": parse(toString)"));
        assertEquals(q.toString("t"), fresh.get().toString("t"), where(label + ": toString(t)"));
        String flint = fresh.get().toFlintString();
        assertEquals(q.toFlintString(), flint, where(label + ": toFlintString"));
        assertEquals(q, ZZPoly.parseFlint(flint), where(label + ": parseFlint(toFlintString)"));
        assertTrue(fresh.get().equals(ZZPoly.parseFlint(flint)), where(label + ": packed equals the parsed one"));
    }

    private static void checkRingOperations(Supplier<ZZPoly> fresh, ZZPoly q, Random rnd, String label) {
        ZZPoly r = ZZPoly.of(poly(rnd, 1 + rnd.nextInt(q.length() + 50), 1 + rnd.nextInt(150), 0.1));
        assertEquals(q.add(r), fresh.get().add(r), where(label + ": add"));
        assertEquals(q.add(r), r.add(fresh.get()), where(label + ": add, packed second"));
        assertEquals(q.sub(r), fresh.get().sub(r), where(label + ": sub"));
        assertEquals(r.sub(q), r.sub(fresh.get()), where(label + ": sub, packed second"));
        ZZPoly p = fresh.get();
        assertTrue(p.sub(p).isZero(), where(label + ": p - p"));
        assertTrue(fresh.get().add(q.negate()).isZero(), where(label + ": p + (-q)"));
        assertEquals(q.negate(), fresh.get().negate(), where(label + ": negate"));
        for (BigInteger v : new BigInteger[] {ZERO, ONE, ONE.negate(), BigInteger.valueOf(-3), new BigInteger(200, rnd)}) {
            assertEquals(q.evaluate(v), fresh.get().evaluate(v), where(label + ": evaluate at " + v));
        }
        assertEquals(q.derivative(), fresh.get().derivative(), where(label + ": derivative"));
        assertEquals(q.content(), fresh.get().content(), where(label + ": content"));
        assertEquals(q.primitivePart(), fresh.get().primitivePart(), where(label + ": primitivePart"));
        BigInteger s = new BigInteger(90, rnd).subtract(ONE.shiftLeft(89));
        assertEquals(q.multiply(s), fresh.get().multiply(s), where(label + ": multiply by " + s));
        assertSame(p, p.multiply(ONE), where(label + ": multiply by 1"));
        assertEquals(q.shiftLeft(7), fresh.get().shiftLeft(7), where(label + ": shiftLeft"));
        assertEquals(q.shiftRight(5), fresh.get().shiftRight(5), where(label + ": shiftRight"));
        assertEquals(q.truncate(q.length() / 2), fresh.get().truncate(q.length() / 2), where(label + ": truncate"));
        ZpField field = ZpField.of(randomPrime62(rnd));
        assertEquals(ZpPoly.of(field, q.coefficients()), ZpPoly.of(field, fresh.get().coefficients()), where(label + ": mod p = " + field.p()));
    }

    private static void checkFurtherProducts(Supplier<ZZPoly> fresh, ZZPoly q, BigInteger[] expected, Random rnd,
            String label) {
        BigInteger[] square = karatsuba(expected, expected);
        ZZPoly p = fresh.get();
        assertPackedProduct(square, p.square(), label + ": packed squared");
        ZZPoly p1 = fresh.get();
        assertPackedProduct(square, p1.multiply(p1), label + ": packed times itself");
        assertPackedProduct(square, fresh.get().multiply(fresh.get()), label + ": packed times an equal packed");
        assertPackedProduct(square, fresh.get().multiply(q), label + ": packed times its ordinary twin");
        assertPackedProduct(square, q.multiply(fresh.get()), label + ": ordinary twin times packed");
        ZZPoly made = fresh.get();
        made.coefficients(); // BigIntegers made: the next product reads them
        assertPackedProduct(square, made.square(), label + ": packed with BigIntegers made, squared");
        int bits = 1 + rnd.nextInt(200);
        BigInteger[] c = poly(rnd, 300 + rnd.nextInt(500), bits, 0.1);
        ZZPoly r = ZZPoly.of(c);
        BigInteger[] pr = karatsuba(expected, c);
        assertPackedProduct(pr, fresh.get().multiply(r), label + ": packed times ordinary (" + bits + " bits)");
        assertPackedProduct(pr, r.multiply(fresh.get()), label + ": ordinary times packed (" + bits + " bits)");
        // packed times a different packed product
        ZZPoly other = r.multiply(r);
        assertNotNull(other.packed(), where(label + ": the second packed operand"));
        BigInteger[] rr = karatsuba(c, c);
        assertPackedProduct(karatsuba(expected, rr), fresh.get().multiply(other), label + ": packed times another packed");
        // the squared packed product squared once more (three limbs and more in, many primes)
        ZZPoly p2 = fresh.get().square();
        ZZPoly p4 = p2.square();
        boolean ntt = PolyMulZZ.choosesNtt(p2.maxCoefficientBits(), p2.length());
        assertEquals(ntt, p4.packed() != null, where(label + ": (p^2)^2 packed exactly when the NTT rule holds"));
        assertByEvaluation(p2, p2, p4, rnd, label + ": (p^2)^2");
        assertEquals(convolutionAt(square, square, square.length - 1), p4.coefficient(square.length - 1),
                where(label + ": (p^2)^2 middle coefficient"));
        // constants and short operands leave the packed route and still agree
        BigInteger k = new BigInteger(70, rnd).negate();
        assertEquals(q.multiply(k), fresh.get().multiply(ZZPoly.constant(k)), where(label + ": times a constant"));
        assertEquals(q.multiply(k), ZZPoly.constant(k).multiply(fresh.get()), where(label + ": constant times packed"));
        assertEquals(q.negate(), fresh.get().multiply(ZZPoly.of(-1)), where(label + ": times -1"));
        assertEquals(ZZPoly.of(karatsuba(expected, new BigInteger[] {ONE, ONE.negate()})), fresh.get().multiply(ZZPoly.of(1, -1)),
                where(label + ": times 1 - x"));
        assertEquals(q.shiftLeft(3), fresh.get().multiply(ZZPoly.monomial(ONE, 3)), where(label + ": times x^3"));
        assertTrue(fresh.get().multiply(ZZPoly.ZERO).isZero() && ZZPoly.ZERO.multiply(fresh.get()).isZero(),
                where(label + ": times zero"));
        assertEquals(q.pow(3), fresh.get().pow(3), where(label + ": pow(3)"));
    }

    private static void checkConcurrentMaterialization(Supplier<ZZPoly> fresh, BigInteger[] expected, String label)
            throws InterruptedException {
        ZZPoly p = fresh.get();
        BigInteger[][] seen = new BigInteger[2][];
        Thread[] threads = new Thread[2];
        for (int t = 0; t < 2; t++) {
            int id = t;
            threads[t] = new Thread(() -> seen[id] = p.coefficients());
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertArrayEquals(expected, seen[0], where(label + ": coefficients() made by two threads at once (first)"));
        assertArrayEquals(expected, seen[1], where(label + ": coefficients() made by two threads at once (second)"));
    }

    // ------------------------------------------------------------------ the kernel directly

    @Test
    void kernelOnOneAndTwoThreadsAgree() {
        Random rnd = new Random(SEED + 8);
        CpuNttEngine serial = new CpuNttEngine(1);
        try {
            // three primes (the transforms use the threads), four or more (the primes do),
            // squares, and one long product against the 61-bit prime route of the engine
            int[][] shapes = {{64, 2500, 1900}, {1000, 200, 150}, {200, 700, 700}, {33, 1, 5}, {64, 2, 3}, {5, 7, 1}};
            for (int it = 0; it < shapes.length; it++) {
                int bits = shapes[it][0];
                BigInteger[] a = poly(rnd, shapes[it][1], bits, 0.1);
                BigInteger[] b = poly(rnd, shapes[it][2], 1 + rnd.nextInt(bits), 0.1);
                String label = "kernel " + a.length + "x" + b.length + " bits " + bits;
                BigInteger[] expected = karatsuba(a, b);
                BigInteger[] one = viaKernel(a, b, false, 1, label);
                BigInteger[] two = viaKernel(a, b, false, 2, label);
                assertArrayEquals(expected, trim(one), where(label + " 1 thread"));
                assertArrayEquals(one, two, where(label + " 2 threads against 1"));
                BigInteger[] sq = karatsuba(a, a);
                assertArrayEquals(sq, trim(viaKernel(a, a, true, 1, label + " square")), where(label + " square 1 thread"));
                assertArrayEquals(sq, trim(viaKernel(a, a, true, 2, label + " square")), where(label + " square 2 threads"));
                assertArrayEquals(sq, trim(viaKernel(a, a.clone(), false, 2, label + " a*copy")), where(label + " a times a copy"));
            }
            int n = 1 << 15;
            BigInteger[] a = poly(rnd, n, 64, 0.05);
            BigInteger[] b = poly(rnd, n - 3, 64, 0.05);
            String label = "kernel 2^15 x (2^15-3), 64 bits";
            BigInteger[] one = viaKernel(a, b, false, 1, label);
            BigInteger[] two = viaKernel(a, b, false, 2, label);
            assertArrayEquals(one, two, where(label + ": 2 threads against 1"));
            BigInteger[] other = new BigInteger[a.length + b.length - 1];
            PolyMulZZ.mulSmallPrimeNtt(a, 0, a.length, b, 0, b.length, other, 0, serial);
            assertArrayEquals(other, one, where(label + ": against the 61-bit prime route"));
            for (int t = 0; t < 12; t++) {
                int k = t < 2 ? t * (one.length - 1) : rnd.nextInt(one.length);
                assertEquals(convolutionAt(a, b, k), one[k], where(label + ": coefficient " + k));
            }
            BigInteger[] c = new BigInteger[2 * n - 1];
            PolyMulZZ.mulSmallPrimeNtt(a, 0, n, a, 0, n, c, 0);
            assertArrayEquals(viaKernel(a, a, true, 1, label), c, where(label + ": mulSmallPrimeNtt square against the kernel"));
            assertEquals(convolutionAt(a, a, n - 1), c[n - 1], where(label + ": square, middle coefficient"));
        } finally {
            serial.close();
        }
    }

    @Test
    void kernelOnUnnormalizedAndZeroInputs() {
        Random rnd = new Random(SEED + 9);
        // zero coefficients on top of the operands: the output has every slot, zeros above
        BigInteger[] a = Arrays.copyOf(poly(rnd, 300, 64, 0.0), 400);
        Arrays.fill(a, 300, 400, ZERO);
        BigInteger[] b = Arrays.copyOf(poly(rnd, 250, 40, 0.1), 260);
        Arrays.fill(b, 250, 260, ZERO);
        BigInteger[] expected = karatsuba(Arrays.copyOf(a, 300), Arrays.copyOf(b, 250));
        for (int threads = 1; threads <= 2; threads++) {
            BigInteger[] c = viaKernel(a, b, false, threads, "unnormalized");
            assertEquals(a.length + b.length - 1, c.length, where("unnormalized: output length"));
            assertArrayEquals(expected, Arrays.copyOf(c, expected.length), where("unnormalized: low part"));
            for (int i = expected.length; i < c.length; i++) {
                assertEquals(ZERO, c[i], where("unnormalized: slot " + i + " above the product"));
            }
            BigInteger[] zeros = filled(333, ZERO);
            for (BigInteger v : viaKernel(zeros, b, false, threads, "zero * b")) {
                assertEquals(ZERO, v, where("zero * b"));
            }
            for (BigInteger v : viaKernel(a, zeros, false, threads, "a * zero")) {
                assertEquals(ZERO, v, where("a * zero"));
            }
            for (BigInteger v : viaKernel(zeros, zeros, true, threads, "zero squared")) {
                assertEquals(ZERO, v, where("zero squared"));
            }
        }
    }

    // ------------------------------------------------------------------ cancellation, zero, degenerate

    @Test
    void middleCancellationTrimmingAndDegenerateOperands() {
        Random rnd = new Random(SEED + 10);
        for (int it = 0; it < 4; it++) {
            // (1 - x) q times 1 + x + ... + x^(m-1) is q - x^m q: zeros between deg q and m
            int bits = it == 0 ? 64 : 1 + rnd.nextInt(300);
            int len = 200 + rnd.nextInt(600);
            int m = len + 1 + rnd.nextInt(700);
            BigInteger[] q = poly(rnd, len, bits, 0.1);
            BigInteger[] a = new BigInteger[len + 1];
            for (int i = 0; i <= len; i++) {
                BigInteger hi = i < len ? q[i] : ZERO;
                BigInteger lo = i > 0 ? q[i - 1] : ZERO;
                a[i] = hi.subtract(lo);
            }
            BigInteger[] b = filled(m, ONE);
            BigInteger[] expected = filled(m + len, ZERO);
            for (int i = 0; i < len; i++) {
                expected[i] = expected[i].add(q[i]);
                expected[m + i] = expected[m + i].subtract(q[i]);
            }
            String label = "(1 - x) q * (1 + ... + x^" + (m - 1) + "), deg q = " + (len - 1) + ", bits " + bits;
            assertNttChosen(magnitudeBits(a), 1, a.length, m, label);
            assertPackedProduct(trim(expected), ZZPoly.of(a).multiply(ZZPoly.of(b)), label);
        }
        // (x^n - 1)(x^n + 1) = x^2n - 1, (x^n + 1)^2 = x^2n + 2 x^n + 1
        int n = 300 + rnd.nextInt(300);
        ZZPoly xm = ZZPoly.monomial(ONE, n).sub(ZZPoly.ONE);
        ZZPoly xp = ZZPoly.monomial(ONE, n).add(ZZPoly.ONE);
        assertNttChosen(1, 1, n + 1, n + 1, "x^n +- 1");
        BigInteger[] diff = filled(2 * n + 1, ZERO);
        diff[0] = ONE.negate();
        diff[2 * n] = ONE;
        assertPackedProduct(diff, xm.multiply(xp), "(x^n - 1)(x^n + 1), n = " + n);
        BigInteger[] sq = filled(2 * n + 1, ZERO);
        sq[0] = ONE;
        sq[n] = BigInteger.TWO;
        sq[2 * n] = ONE;
        assertPackedProduct(sq, xp.square(), "(x^n + 1)^2, n = " + n);
        assertPackedProduct(sq, xp.multiply(xp), "(x^n + 1)(x^n + 1), n = " + n);
        // x^k factors on both sides: the low coefficients are zero
        BigInteger[] u = shifted(poly(rnd, 400, 64, 0.0), 33);
        BigInteger[] v = shifted(poly(rnd, 300, 17, 0.0), 90);
        BigInteger[] uv = karatsuba(u, v);
        for (int i = 0; i < 123; i++) {
            assertEquals(ZERO, uv[i], where("oracle: x^123 divides the product"));
        }
        assertPackedProduct(uv, ZZPoly.of(u).multiply(ZZPoly.of(v)), "x^33 u * x^90 v");
        // zero polynomial and constants
        ZZPoly f = ZZPoly.of(poly(rnd, 1000, 64, 0.0));
        ZZPoly p = f.multiply(f.add(ZZPoly.ONE));
        assertNotNull(p.packed(), where("a packed product for the degenerate cases"));
        assertTrue(ConvolutionPlan.of(0, 64, 1000, 1000).isEmpty(), where("the plan declines a zero operand"));
        assertSame(ZZPoly.ZERO, f.multiply(ZZPoly.ZERO), where("times zero"));
        assertSame(ZZPoly.ZERO, ZZPoly.ZERO.square(), where("zero squared"));
        assertTrue(ZZPoly.ZERO.multiply(p).isZero() && p.multiply(ZZPoly.ZERO).isZero(), where("zero times packed"));
        assertEquals(-1, ZZPoly.ZERO.multiply(f).degree(), where("zero times f: degree"));
        BigInteger c = MINUS_2_64.add(BigInteger.valueOf(rnd.nextInt(1000)));
        BigInteger[] pc = p.coefficients();
        BigInteger[] scaled = new BigInteger[pc.length];
        for (int i = 0; i < pc.length; i++) {
            scaled[i] = pc[i].multiply(c);
        }
        assertArrayEquals(scaled, ZZPoly.constant(c).multiply(p).coefficients(), where("constant * packed"));
        assertArrayEquals(scaled, p.multiply(ZZPoly.constant(c)).coefficients(), where("packed * constant"));
        BigInteger[] fc = f.coefficients();
        for (int i = 0; i < fc.length; i++) {
            fc[i] = fc[i].multiply(c);
        }
        assertArrayEquals(fc, ZZPoly.constant(c).multiply(f).coefficients(), where("constant * f (length 1 operand)"));
        assertArrayEquals(new BigInteger[] {c.multiply(c)}, ZZPoly.constant(c).square().coefficients(), where("constant squared"));
    }

    @Test
    void packedRouteFollowsTheDispatchRule() {
        Random rnd = new Random(SEED + 11);
        for (int bits : new int[] {1, 64, 65, 127, 128, 200, 511, 512, 1000, 2047, 2048, 3000}) {
            int t = nttThreshold(bits);
            int[] lengths = t < 0 ? new int[] {40, 300} : new int[] {t - 1, t};
            for (int n : lengths) {
                if (n < 1) {
                    continue;
                }
                BigInteger[] a = poly(rnd, n, bits, 0.0);
                BigInteger[] b = poly(rnd, n + 7, bits, 0.0);
                boolean ntt = PolyMulZZ.choosesNtt(bits, n);
                ZZPoly p = ZZPoly.of(a).multiply(ZZPoly.of(b));
                String label = "dispatch bits " + bits + " n " + n + " (NTT " + ntt + ")";
                assertEquals(ntt && n >= 2, p.packed() != null, where(label + ": packed exactly when the rule picks the NTT"));
                assertArrayEquals(karatsuba(a, b), p.coefficients(), where(label + ": product"));
            }
        }
    }
}
