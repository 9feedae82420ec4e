package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fft.BigIntegerLimbs.big;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import jcuda.driver.CUresult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;

/**
 * The warp-cooperative register product ({@code bigint_warp.cu} through {@link GpuWarpProduct})
 * bit for bit against the CPU engine on random inputs every run (seed printed;
 * {@code -Dmodalg.test.seed} repeats one) and against BigInteger on a sample (an oracle
 * independent of both), at every lane count's edges and sizes that are not multiples of the
 * lanes or of the 16 limbs a lane (1 .. 256 limbs), counts that leave the last warp and block
 * partly filled, the adversarial operands (all-ones limbs, all ones times one, zero, one, powers
 * of two, long runs of ones), squares through one buffer; the engine's route at the rule's edges;
 * the CPU fallback on a device fault; bad sizes.
 */
@Tag("gpu")
class GpuWarpProductTest extends GpuBatchedFixture {
    private static final int[] SIZES = {1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 40, 47, 63, 64, 65, 100, 127, 128,
        129, 150, 200, 255, 256};

    private static GpuWarpProduct warp;

    @Override
    List<Class<?>> logged() {
        return List.of(GpuWarpProduct.class, GpuBatchedIntegerEngine.class);
    }

    @AfterEach
    void stop() {
        System.clearProperty("modalg.gpu.warpProduct");
    }

    @AfterAll
    static void release() {
        if (warp != null) {
            warp.close();
        }
    }

    private static GpuWarpProduct warp() {
        if (warp == null) {
            warp = new GpuWarpProduct(GpuRuntime.get());
        }
        return warp;
    }

    // The test's patterns 0 .. 9 as the fixture's: all ones times all ones, times one, zero, powers of
    // two, one times random, runs of all-ones limbs, b = 2^(64 s) - a, random (7, 8, 9).
    private static final int[] PATTERNS = {0, 1, 2, 3, 10, 5, 11, 8, 8, 8};

    // The first instances all ones times all ones and all ones times one, the rest mixed.
    private static long[][] operands(Random rnd, int s, int count, int off) {
        return operands(rnd, s, count, off, GpuBatchedFixture::fillProduct,
                i -> PATTERNS[i < 2 ? i : rnd.nextInt(10)]);
    }

    @Test
    void productsAndSquaresBitIdenticalToTheCpuEngineAndBigInteger() {
        Random rnd = new Random(GpuTests.seed("GpuWarpProductTest.products"));
        for (int s : SIZES) {
            // not a multiple of the instances a block (128 / TPI) nor of a warp's (32 / TPI)
            int count = s <= 64 ? 301 : 37;
            int off = rnd.nextInt(3);
            long[][] ab = operands(rnd, s, count, off);
            String what = GpuWarpProduct.kernelName(s) + ", stride " + s + " count " + count;
            long[] rg = new long[1 + 2 * s * count];
            long[] rc = rg.clone();
            warp().multiply(ab[0], off, ab[1], off, rg, 1, s, count, ONE);
            CPU.multiply(ab[0], off, ab[1], off, rc, 1, s, count, ONE);
            assertArrayEquals(rc, rg, "multiply " + what);
            for (int i : new int[] {0, 1, count / 2, count - 1}) {
                BigInteger want = big(ab[0], off + i * s, s).multiply(big(ab[1], off + i * s, s));
                assertEquals(want, big(rg, 1 + 2 * i * s, 2 * s), "multiply " + what + " instance " + i);
            }
            long[] sg = new long[2 * s * count];
            long[] sc = sg.clone();
            warp().multiply(ab[0], off, ab[0], off, sg, 0, s, count, ONE); // one buffer
            CPU.square(ab[0], off, sc, 0, s, count, ONE);
            assertArrayEquals(sc, sg, "square " + what);
            long[] one = new long[2 * s]; // a single instance: one partly filled warp
            warp().multiply(ab[0], off, ab[1], off, one, 0, s, 1, ONE);
            assertArrayEquals(Arrays.copyOfRange(rc, 1, 1 + 2 * s), one, "one instance, " + what);
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void allOnesOperandsGiveTheExactProduct() {
        for (int s : new int[] {1, 32, 33, 129, 256}) {
            int count = 9;
            long[] a = new long[s * count];
            Arrays.fill(a, -1L);
            long[] r = new long[2 * s * count];
            warp().multiply(a, 0, a.clone(), 0, r, 0, s, count, ONE);
            // (2^(64 s) - 1)^2 = 2^(128 s) - 2^(64 s + 1) + 1: limbs 1, 0 .. 0, 2^64 - 2, ~0 .. ~0
            for (int i = 0; i < count; i++) {
                for (int j = 0; j < 2 * s; j++) {
                    long want = j == 0 ? 1 : j < s ? 0 : j == s ? -2L : -1L;
                    if (s == 1) {
                        want = j == 0 ? 1 : -2L;
                    }
                    assertEquals(want, r[2 * s * i + j], "stride " + s + " instance " + i + " limb " + j);
                }
            }
        }
    }

    @Test
    void theEngineRoutesTheRulesRangeToTheWarpProduct() {
        Random rnd = new Random(GpuTests.seed("GpuWarpProductTest.engine"));
        int[] edges = {GpuWarpProduct.MIN_CHOSEN_LIMBS - 1, GpuWarpProduct.MIN_CHOSEN_LIMBS, 64, 65,
            GpuWarpProduct.MAX_CHOSEN_LIMBS, GpuWarpProduct.MAX_CHOSEN_LIMBS + 1};
        for (String forced : new String[] {null, "true"}) {
            if (forced != null) {
                System.setProperty("modalg.gpu.warpProduct", forced);
            }
            for (int s : edges) {
                int count = 67;
                long[][] ab = operands(rnd, s, count, 0);
                long[] rg = new long[2 * s * count];
                long[] rc = rg.clone();
                assertTrue(gpu.multiply(ab[0], 0, ab[1], 0, rg, 0, s, count, ONE));
                CPU.multiply(ab[0], 0, ab[1], 0, rc, 0, s, count, ONE);
                assertArrayEquals(rc, rg, "engine multiply stride " + s + " (" + (GpuWarpProduct.chosenFor(s)
                        ? "warp product" : "other route") + ")");
            }
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void aDeviceFaultFallsBackToTheCpuWithOneWarning() {
        Random rnd = new Random(GpuTests.seed("GpuWarpProductTest.fault"));
        int s = 100;
        int count = 9;
        long[][] ab = operands(rnd, s, count, 0);
        long[] want = new long[2 * s * count];
        CPU.multiply(ab[0], 0, ab[1], 0, want, 0, s, count, ONE);
        try (GpuWarpProduct fresh = new GpuWarpProduct(GpuRuntime.get())) {
            fresh.injectFaultForTests(CUresult.CUDA_ERROR_LAUNCH_FAILED);
            long[] r = new long[2 * s * count];
            fresh.multiply(ab[0], 0, ab[1], 0, r, 0, s, count, ONE);
            assertArrayEquals(want, r, "after a fault");
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).contains("injected") && warnings.get(0).contains("run on the CPU"),
                    warnings.get(0));
            long[] r2 = new long[2 * s * count]; // the next call runs on the device again
            fresh.multiply(ab[0], 0, ab[1], 0, r2, 0, s, count, ONE);
            assertArrayEquals(want, r2, "after recovery");
            assertEquals(1, warnings.size(), warnings.toString());
        }
        assertThrows(IllegalArgumentException.class,
                () -> warp().multiply(new long[257], 0, new long[257], 0, new long[514], 0, 257, 1, ONE));
        assertThrows(IllegalArgumentException.class,
                () -> warp().multiply(new long[1], 0, new long[1], 0, new long[2], 0, 0, 1, ONE));
        assertThrows(IllegalArgumentException.class,
                () -> warp().multiply(new long[1], 0, new long[1], 0, new long[2], 0, 1, -1, ONE));
    }
}
