package org.modalg.polynomial.fp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.fp.FpErrorBound;
import org.modalg.fft.fp.FpIntegerProduct;
import org.modalg.polynomial.zz.ZZPoly;

/** The floating-point product facade against BigInteger and a schoolbook Z[x] product. */
class FloatingPointProductsTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int MULT = Integer.getInteger("modalg.test.multiplier", 1);

    private static Random random(String test) {
        System.out.println(test + " seed " + SEED + " (replay with -Dmodalg.test.seed=" + SEED + ")");
        return new Random(SEED);
    }

    @Test
    void randomProductsEqualBigInteger() {
        Random rnd = random("randomProductsEqualBigInteger");
        for (int iter = 0; iter < 20 * MULT; iter++) {
            BigInteger a = new BigInteger(1 + rnd.nextInt(1 << (4 + rnd.nextInt(13))), rnd);
            BigInteger b = new BigInteger(1 + rnd.nextInt(1 << (4 + rnd.nextInt(13))), rnd);
            a = rnd.nextBoolean() ? a : a.negate();
            assertEquals(a.multiply(b), FloatingPointProducts.multiply(a, b),
                    "bits " + a.bitLength() + " x " + b.bitLength());
        }
    }

    @Test
    void zeroOneAndLengthsNotPowersOfTwo() {
        BigInteger big = BigInteger.ONE.shiftLeft(3 * 12_345 + 7).subtract(BigInteger.valueOf(12345));
        BigInteger[] xs = {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), big, big.negate(),
            BigInteger.TEN.pow(777), BigInteger.ONE.shiftLeft(100_003).subtract(BigInteger.ONE)};
        for (BigInteger a : xs) {
            for (BigInteger b : xs) {
                assertEquals(a.multiply(b), FloatingPointProducts.multiply(a, b));
            }
        }
    }

    @Test
    void allMaximalDigitsAtTheLargestProvenLengthAndOnePastStayExact() {
        // the largest size with the proven digit size of a 2^14-bit operand, then one bit past it
        int b = FpIntegerProduct.provenDigitBits(1 << 14, 1 << 14);
        int lo = 1 << 14;
        int hi = 1 << 22;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (FpIntegerProduct.provenDigitBits(mid, mid) >= b) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        for (int bits : new int[] {lo, lo + 1}) {
            BigInteger max = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
            assertEquals(max.multiply(max), FloatingPointProducts.multiply(max, max), bits + " bits");
            // forced b one past the largest proven length: unproven, so the exact route answers
            long before = FloatingPointProducts.fallbacks();
            BigInteger forced = FloatingPointProducts.multiplyWithDigitBits(max, max, b);
            assertEquals(max.multiply(max), forced);
            if (bits > lo) {
                assertEquals(before + 1, FloatingPointProducts.fallbacks(), "one past must fall back");
            }
        }
    }

    @Test
    void aFailingCheckFallsBackToTheExactRoute() {
        Random rnd = random("aFailingCheckFallsBackToTheExactRoute");
        BigInteger a = BigInteger.ONE.shiftLeft(300_000).subtract(BigInteger.ONE);
        BigInteger b = new BigInteger(300_000, rnd);
        long before = FloatingPointProducts.fallbacks();
        assertEquals(a.multiply(b), FloatingPointProducts.multiplyWithDigitBits(a, b, 26));
        assertEquals(before + 1, FloatingPointProducts.fallbacks());
    }

    @Test
    void zxProductsMatchTheSchoolbookProduct() {
        Random rnd = random("zxProductsMatchTheSchoolbookProduct");
        for (int iter = 0; iter < 20 * MULT; iter++) {
            int lf = 1 + rnd.nextInt(500);
            int lg = 1 + rnd.nextInt(500);
            int bits = 1 + rnd.nextInt(iter % 4 == 3 ? 60 : 20);
            BigInteger[] f = new BigInteger[lf];
            BigInteger[] g = new BigInteger[lg];
            for (int i = 0; i < lf; i++) {
                f[i] = new BigInteger(bits, rnd).subtract(BigInteger.ONE.shiftLeft(bits - 1));
            }
            for (int i = 0; i < lg; i++) {
                g[i] = new BigInteger(bits, rnd).subtract(BigInteger.ONE.shiftLeft(bits - 1));
            }
            BigInteger[] c = new BigInteger[lf + lg - 1];
            java.util.Arrays.fill(c, BigInteger.ZERO);
            for (int i = 0; i < lf; i++) {
                for (int j = 0; j < lg; j++) {
                    c[i + j] = c[i + j].add(f[i].multiply(g[j]));
                }
            }
            assertEquals(ZZPoly.of(c), FloatingPointProducts.multiply(ZZPoly.of(f), ZZPoly.of(g)),
                    "lf=" + lf + " lg=" + lg + " bits=" + bits);
        }
        assertEquals(ZZPoly.zero(), FloatingPointProducts.multiply(ZZPoly.zero(), ZZPoly.x()));
        assertEquals(ZZPoly.x(), FloatingPointProducts.multiply(ZZPoly.one(), ZZPoly.x()));
    }

    @Test
    void nullsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> FloatingPointProducts.multiply(null, BigInteger.ONE));
        assertThrows(IllegalArgumentException.class, () -> FloatingPointProducts.multiply(ZZPoly.one(), null));
        assertThrows(IllegalArgumentException.class,
                () -> FloatingPointProducts.multiplyWithDigitBits(BigInteger.ONE, BigInteger.ONE, 27));
        assertTrue(FpErrorBound.SAFE_ERROR < 0.5);
    }
}
