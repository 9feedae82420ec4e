package org.modalg.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.fp.FpDigits;
import org.modalg.gpu.runtime.GpuTests;

/** The device's tiling product against BigInteger, on random and adversarial operands. */
class GpuTilingProductTest {

    private static void check(BigInteger a, BigInteger b, String what) {
        BigInteger want = a.multiply(b);
        if (a.signum() != 0 && b.signum() != 0) { // the device route itself, limb for limb
            long[] la = FpDigits.magnitudeLimbs(a.abs());
            long[] lb = FpDigits.magnitudeLimbs(b.abs());
            long[] got = GpuTilingProduct.onDevice(la, la.length, lb, lb.length);
            long[] expected = new long[la.length + lb.length];
            long[] w = FpDigits.magnitudeLimbs(want.abs());
            System.arraycopy(w, 0, expected, 0, w.length);
            assertArrayEquals(expected, got, what);
        }
        assertEquals(want, GpuTilingProduct.multiply(a, b), what);
    }

    @Tag("gpu")
    @Test
    void equalsBigIntegerOnRandomOperands() {
        GpuTests.assumeGpu();
        Random rnd = new Random(GpuTests.seed("GpuTilingProductTest.equalsBigIntegerOnRandomOperands"));
        for (int iter = 0; iter < 40; iter++) {
            // sizes across 1 .. 2^18 bits: one tile, tile boundaries, many tiles per column, unbalanced
            BigInteger a = new BigInteger(1 + rnd.nextInt(1 << (1 + rnd.nextInt(18))), rnd);
            BigInteger b = iter % 7 == 0 ? a : new BigInteger(1 + rnd.nextInt(1 << (1 + rnd.nextInt(18))), rnd);
            a = rnd.nextBoolean() ? a : a.negate();
            b = rnd.nextBoolean() ? b : b.negate();
            check(a, b, "bits " + a.bitLength() + " x " + b.bitLength());
        }
    }

    @Tag("gpu")
    @Test
    void maximalLimbsTileEdgesAndCarryChains() {
        GpuTests.assumeGpu();
        // 8192 bits = 256 32-bit limbs = one tile; 8160 / 8224 one limb either side; 2^20 bits, 128 tiles a side
        for (int bits : new int[] {1, 31, 32, 33, 63, 64, 65, 8160, 8192, 8224, 8192 * 3 + 64, 1 << 20}) {
            BigInteger max = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
            check(max, max, "(2^" + bits + " - 1)^2");
            // (2^k - 1)(2^k + 1) = 2^2k - 1: every limb all ones, the longest carry chains
            check(max, max.add(BigInteger.TWO), "(2^" + bits + " - 1)(2^" + bits + " + 1)");
            check(BigInteger.ONE.shiftLeft(bits), max, "2^" + bits + " (2^" + bits + " - 1)");
            check(BigInteger.ONE, max, "1 (2^" + bits + " - 1)");
        }
        check(BigInteger.ZERO, BigInteger.TEN, "0 * 10");
        check(BigInteger.ONE.negate(), BigInteger.ONE, "-1 * 1");
        BigInteger big = BigInteger.ONE.shiftLeft(300_000).subtract(BigInteger.ONE);
        check(big, BigInteger.valueOf(3), "a long operand times one limb");
    }

    @Tag("gpu")
    @Test
    void limbProviderTakesTilingBelowItsLimitAndNttAbove() {
        GpuTests.assumeGpu();
        Random rnd = new Random(GpuTests.seed("GpuTilingProductTest.limbProviderTakesTilingBelowItsLimitAndNttAbove"));
        GpuLimbProductProvider provider = new GpuLimbProductProvider();
        for (int[] n : new int[][] {{1, 1}, {3, 700}, {4096, 4096}, {9000, 100}, {20_000, 20_000}, {30_000, 17_000}}) {
            long[] a = new long[n[0]];
            long[] b = new long[n[1]];
            for (int i = 0; i < a.length; i++) {
                a[i] = rnd.nextLong();
            }
            for (int i = 0; i < b.length; i++) {
                b[i] = rnd.nextLong();
            }
            a[a.length - 1] = -1L; // all-ones top limbs: the longest top carries
            long[] got = provider.multiply(a, a.length, b, b.length);
            BigInteger want = FpDigits.fromLimbs(a, a.length).multiply(FpDigits.fromLimbs(b, b.length));
            String what = n[0] + " x " + n[1] + " limbs ("
                    + ((long) n[0] * n[1] <= GpuLimbProductProvider.DEFAULT_TILING_MAX_WORK ? "tiling" : "NTT") + ")";
            assertEquals(want, FpDigits.fromLimbs(got, got.length), what);
        }
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> GpuTilingProduct.multiply(null, BigInteger.ONE));
        assertThrows(IllegalArgumentException.class, () -> GpuTilingProduct.onDevice(new long[1], 0, new long[1], 1));
        assertThrows(IllegalArgumentException.class, () -> GpuTilingProduct.onDevice(new long[1], 1, new long[1], 2));
        // beyond the device route's size the product is still exact (the host's)
        BigInteger a = BigInteger.ONE.shiftLeft((int) GpuTilingProduct.MAX_BITS).add(BigInteger.ONE);
        assertEquals(a.multiply(BigInteger.valueOf(-5)), GpuTilingProduct.multiply(a, BigInteger.valueOf(-5)));
    }
}
