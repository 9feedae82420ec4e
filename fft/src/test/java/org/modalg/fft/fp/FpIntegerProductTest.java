package org.modalg.fft.fp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The floating-point FFT, its error bound and the integer product against exact oracles. */
class FpIntegerProductTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int MULT = Integer.getInteger("modalg.test.multiplier", 1);

    private static Random random(String test) {
        System.out.println(test + " seed " + SEED + " (replay with -Dmodalg.test.seed=" + SEED + ")");
        return new Random(SEED);
    }

    @Test
    void twiddlesAreWithinBetaOfTheRootsOfUnity() {
        for (int logN : new int[] {1, 2, 3, 4, 7, 12, 16}) {
            double[] w = FpFft.twiddles(logN);
            int n = 1 << logN;
            for (int j = 0; j < n / 2; j++) {
                // oracle: the angle in extended precision via BigDecimal is overkill; cos/sin of
                // the reduced angle agree with direct StrictMath within beta + 2 ulps of theirs
                double theta = 2 * Math.PI * j / n;
                double er = Math.abs(w[2 * j] - StrictMath.cos(theta));
                double ei = Math.abs(w[2 * j + 1] + StrictMath.sin(theta));
                assertTrue(Math.hypot(er, ei) < FpErrorBound.BETA_DOUBLE + 8 * Math.ulp(1.0) * (1 + theta),
                        "logN=" + logN + " j=" + j);
            }
            if (n >= 4) {
                assertEquals(0.0, w[2 * (n / 4)], 0.0, "w_(N/4) real part must be exactly 0");
                assertEquals(-1.0, w[2 * (n / 4) + 1], 0.0, "w_(N/4) = -i exactly");
            }
        }
    }

    @Test
    void convolutionMatchesTheSchoolbookProduct() {
        Random rnd = random("convolutionMatchesTheSchoolbookProduct");
        for (int iter = 0; iter < 40 * MULT; iter++) {
            int la = 1 + rnd.nextInt(300);
            int lb = 1 + rnd.nextInt(300);
            double[] a = new double[la];
            double[] b = new double[lb];
            for (int i = 0; i < la; i++) {
                a[i] = rnd.nextInt(2001) - 1000;
            }
            for (int i = 0; i < lb; i++) {
                b[i] = rnd.nextInt(2001) - 1000;
            }
            long[] exact = new long[la + lb - 1];
            for (int i = 0; i < la; i++) {
                for (int j = 0; j < lb; j++) {
                    exact[i + j] += (long) a[i] * (long) b[j];
                }
            }
            double[] c = new double[la + lb - 1];
            FpFft.convolve(a, la, b, lb, c);
            long[] r = new long[c.length];
            double err = FpIntegerProduct.roundAll(c, c.length, r);
            double bound = FpErrorBound.bound(1000, 1000, la, lb, FpErrorBound.logLength(la + lb - 1));
            assertTrue(err <= bound, "error " + err + " above the proven bound " + bound);
            assertArrayEquals(exact, r, "la=" + la + " lb=" + lb);
        }
    }

    @Test
    void productsEqualBigIntegerOnRandomInputs() {
        Random rnd = random("productsEqualBigIntegerOnRandomInputs");
        for (int iter = 0; iter < 30 * MULT; iter++) {
            BigInteger a = new BigInteger(1 + rnd.nextInt(20_000), rnd);
            BigInteger b = new BigInteger(1 + rnd.nextInt(20_000), rnd);
            if (rnd.nextBoolean()) {
                a = a.negate();
            }
            if (rnd.nextInt(4) == 0) {
                b = b.negate();
            }
            FpIntegerProduct.Outcome o = FpIntegerProduct.tryMultiply(a, b);
            assertEquals(FpIntegerProduct.Status.EXACT, o.status(), "bits " + a.bitLength() + "x" + b.bitLength());
            assertEquals(a.multiply(b), o.product(), "bits " + a.bitLength() + "x" + b.bitLength());
            assertTrue(o.maxError() <= o.bound(), "error " + o.maxError() + " above bound " + o.bound());
        }
    }

    @Test
    void edgeValues() {
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), BigInteger.TWO,
            BigInteger.ONE.shiftLeft(64), BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(1000).subtract(BigInteger.ONE), BigInteger.ONE.shiftLeft(999).negate(),
            BigInteger.ONE.shiftLeft(12_345).add(BigInteger.ONE), BigInteger.valueOf(Long.MIN_VALUE)};
        for (BigInteger a : edges) {
            for (BigInteger b : edges) {
                FpIntegerProduct.Outcome o = FpIntegerProduct.tryMultiply(a, b);
                assertEquals(a.multiply(b), o.product(), a + " * " + b);
            }
        }
    }

    @Test
    void allMaximalDigitsAtTheLargestProvenSizeAndOnePast() {
        // the largest operand size (in bits) at which the proven digit size is still b, for the
        // b of a 2^15-bit operand; all digits maximal (2^k - 1, so the balanced digits are -1, 0
        // and a top 1: the unbalanced worst case is a random-sign pattern, tried below)
        int bits = 1 << 15;
        int b = FpIntegerProduct.provenDigitBits(bits, bits);
        assertTrue(b >= 10 && b <= 24, "proven digit bits " + b);
        int lo = bits;
        int hi = 1 << 24;
        while (hi - lo > 1) { // largest size whose proven digit size is still b
            int mid = (lo + hi) >>> 1;
            if (FpIntegerProduct.provenDigitBits(mid, mid) >= b) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        int largest = lo;
        BigInteger max = BigInteger.ONE.shiftLeft(largest).subtract(BigInteger.ONE);
        FpIntegerProduct.Outcome at = FpIntegerProduct.tryMultiply(max, max);
        assertEquals(b, at.digitBits());
        assertTrue(at.bound() < FpErrorBound.SAFE_ERROR, "bound " + at.bound());
        assertEquals(max.multiply(max), at.product());
        // balanced digits at their extreme -2^(b-1) everywhere: the magnitude sum -2^(b-1) 2^(b i)
        // plus a top digit; built from the digits so it is the worst case of the balanced form
        BigInteger extreme = extremeBalanced(largest, b);
        FpIntegerProduct.Outcome ext = FpIntegerProduct.tryMultiply(extreme, extreme);
        assertEquals(extreme.multiply(extreme), ext.product());
        // one past: the bound forbids b there, so the proven size drops (and the product is exact)
        BigInteger past = BigInteger.ONE.shiftLeft(largest + 1).subtract(BigInteger.ONE);
        FpIntegerProduct.Outcome over = FpIntegerProduct.tryMultiply(past, past);
        assertTrue(over.digitBits() < b, "one past the largest size must use fewer bits than " + b);
        assertEquals(past.multiply(past), over.product());
        // forcing b there is unproven: the bound says so
        FpIntegerProduct.Outcome forced = FpIntegerProduct.tryMultiplyUnproven(past, past, b);
        assertTrue(forced.bound() >= FpErrorBound.SAFE_ERROR, "bound " + forced.bound());
    }

    // a positive integer of about `bits` bits whose balanced b-bit digits are all -2^(b-1) but the top one
    static BigInteger extremeBalanced(int bits, int b) {
        int digits = bits / b;
        BigInteger x = BigInteger.ONE.shiftLeft(b * digits);
        BigInteger d = BigInteger.ONE.shiftLeft(b - 1);
        for (int i = 0; i < digits; i++) {
            x = x.subtract(d.shiftLeft(b * i));
        }
        return x;
    }

    @Test
    void theCheckCatchesTooManyBitsAndNeverReturnsAWrongProduct() {
        Random rnd = random("theCheckCatchesTooManyBits");
        BigInteger a = BigInteger.ONE.shiftLeft(400_000).subtract(BigInteger.ONE);
        BigInteger b = new BigInteger(400_000, rnd).setBit(399_999);
        FpIntegerProduct.Outcome o = FpIntegerProduct.tryMultiplyUnproven(a, b, 26);
        assertEquals(FpIntegerProduct.Status.CHECK_FAILED, o.status(), "26-bit digits at 2^16 points must fail");
        assertNull(o.product());
        assertTrue(o.maxError() > FpErrorBound.SAFE_ERROR);
    }

    @Test
    void boundAndArgumentChecks() {
        assertThrows(IllegalArgumentException.class, () -> FpIntegerProduct.tryMultiply(null, BigInteger.ONE));
        assertThrows(IllegalArgumentException.class, () -> FpIntegerProduct.tryMultiplyUnproven(BigInteger.ONE,
                BigInteger.ONE, 1));
        assertThrows(IllegalArgumentException.class, () -> FpFft.twiddles(0));
        assertThrows(IllegalArgumentException.class, () -> FpFft.twiddles(FpFft.MAX_LOG_N + 1));
        assertThrows(IllegalArgumentException.class, () -> FpErrorBound.growth(-1, 1e-16, 1e-16));
        assertThrows(IllegalArgumentException.class, () -> FpErrorBound.digitBits(0, 5, 20, 20));
        assertThrows(IllegalArgumentException.class, () -> FpFft.convolve(new double[2], 0, new double[2], 1,
                new double[2]));
        // E(n) grows linearly in n
        assertTrue(FpErrorBound.growth(20, FpErrorBound.U_DOUBLE, FpErrorBound.BETA_DOUBLE)
                > FpErrorBound.growth(10, FpErrorBound.U_DOUBLE, FpErrorBound.BETA_DOUBLE));
        // declined beyond 2^27 points: no digit size proven
        assertEquals(0, FpErrorBound.digitBits(1L << 40, 1L << 40, 24, FpFft.MAX_LOG_N));
    }

    @Test
    void assemblyTwinHandlesNegativeCoefficientsAndCarries() {
        Random rnd = random("assemblyTwin");
        for (int iter = 0; iter < 200 * MULT; iter++) {
            int b = 2 + rnd.nextInt(25);
            int count = 1 + rnd.nextInt(60);
            long[] c = new long[count];
            BigInteger sum = BigInteger.ZERO;
            for (int i = 0; i < count; i++) {
                long v = rnd.nextLong() >> (11 + rnd.nextInt(50));
                if (i == count - 1) {
                    v = Math.abs(v) + 1; // top positive and dominant enough? make the sum positive below
                }
                c[i] = v;
            }
            for (int i = 0; i < count; i++) {
                sum = sum.add(BigInteger.valueOf(c[i]).shiftLeft(b * i));
            }
            if (sum.signum() < 0) {
                continue;
            }
            long[] out = new long[FpDigits.limbCount(count, b)];
            FpDigits.assemble(c, count, b, out);
            assertEquals(sum, FpDigits.fromLimbs(out, out.length), "b=" + b + " count=" + count);
        }
    }
}
