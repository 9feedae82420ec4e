package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.gpu.batched.GpuBatchedFixture.productOperands;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.logging.Handler;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.gpu.runtime.LogCapture;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The exact in-block NTT product ({@code bigint_ntt.cu} through {@link GpuBlockNttProduct}) bit
 * for bit against {@link CpuBatchedIntegerEngine} on random inputs every run (seed printed;
 * {@code -Dmodalg.test.seed} repeats one) and on all-ones operands (every digit maximal: the
 * convolution bound's extreme, and carries through the whole product), at sizes around the
 * crossover and at the ends (1 .. 4096 limbs, most of them not powers of two), counts that leave
 * the last block partly filled; squares through one buffer; a sample against BigInteger; the
 * engine's hook; the CPU fallback on a device fault. The launch-shape formulas are checked
 * without a GPU.
 */
class GpuBlockNttProductTest {
    private static final CpuBatchedIntegerEngine CPU = CpuBatchedIntegerEngine.shared();
    private static final Options ONE = Options.defaults().withThreads(1);
    private static final int[] SIZES = {1, 2, 3, 5, 31, 100, 129, 255, 256, 257, 300, 511, 513, 777, 1000, 1025, 2047,
        2049, 3001, 4095, 4096};

    private static GpuBlockNttProduct ntt;
    private final List<String> warnings = new ArrayList<>();
    private final Handler capture = new LogCapture(warnings);

    private void startGpu() {
        GpuTests.assumeGpu();
        if (ntt == null) {
            ntt = new GpuBlockNttProduct(GpuRuntime.get());
        }
        Logger.getLogger(GpuBlockNttProduct.class.getName()).addHandler(capture);
    }

    @AfterEach
    void stop() {
        Logger.getLogger(GpuBlockNttProduct.class.getName()).removeHandler(capture);
        System.clearProperty("modalg.gpu.blockNttMinLimbs");
    }

    @AfterAll
    static void release() {
        if (ntt != null) {
            ntt.close();
        }
    }

    // ---- without a GPU -------------------------------------------------------------------------

    @Test
    void launchShapeFollowsTheKernelContract() {
        assertEquals(2, GpuBlockNttProduct.lgLength(1)); // 4 points for 2 + 2 digits
        assertEquals(4, GpuBlockNttProduct.lgLength(3)); // 4 m = 12 -> 16
        assertEquals(4, GpuBlockNttProduct.lgLength(4));
        assertEquals(5, GpuBlockNttProduct.lgLength(5));
        assertEquals(14, GpuBlockNttProduct.lgLength(4096));
        assertEquals(14, GpuBlockNttProduct.lgLength(2049));
        assertEquals(13, GpuBlockNttProduct.lgLength(2048));
        for (int m = 1; m <= 4096; m++) { // L >= 4 m > 2 (2 m) - 1: the cyclic convolution does not wrap
            long len = 1L << GpuBlockNttProduct.lgLength(m);
            assertTrue(len >= 4L * m && len < 8L * m, "m " + m);
        }
        assertEquals(1, GpuBlockNttProduct.threadsPerInstance(1, 8));
        assertEquals(1, GpuBlockNttProduct.threadsPerInstance(1, 4));
        assertEquals(16, GpuBlockNttProduct.threadsPerInstance(32, 8));
        assertEquals(1024, GpuBlockNttProduct.threadsPerInstance(4096, 4));
        assertEquals(1024, GpuBlockNttProduct.threadsPerInstance(4096, 8));
        assertEquals(196608, GpuBlockNttProduct.sharedPerInstance(4096)); // 3 x 2^14 words
        String old = System.getProperty("modalg.gpu.batchedMulKernel");
        System.clearProperty("modalg.gpu.batchedMulKernel");
        try {
            // the measured rule: by the band of the transform length
            for (int m : new int[] {1, 64, 95, 129, 149}) {
                assertFalse(GpuBlockNttProduct.chosenFor(m), "schoolbook at " + m);
            }
            for (int m : new int[] {96, 100, 128, 150, 256, 257, 1000, 4096}) {
                assertTrue(GpuBlockNttProduct.chosenFor(m), "NTT at " + m);
            }
            System.setProperty("modalg.gpu.blockNttMinLimbs", "7"); // a single threshold when set
            assertFalse(GpuBlockNttProduct.chosenFor(6));
            assertTrue(GpuBlockNttProduct.chosenFor(7));
            assertTrue(GpuBlockNttProduct.chosenFor(130));
            System.clearProperty("modalg.gpu.blockNttMinLimbs");
            System.setProperty("modalg.gpu.batchedMulKernel", "bi_mul32_q8");
            assertFalse(GpuBlockNttProduct.chosenFor(4096), "a forced schoolbook kernel wins");
        } finally {
            if (old == null) {
                System.clearProperty("modalg.gpu.batchedMulKernel");
            } else {
                System.setProperty("modalg.gpu.batchedMulKernel", old);
            }
        }
        assertThrows(IllegalArgumentException.class, () -> new GpuBlockNttProduct(null));
        assertThrows(IllegalArgumentException.class, () -> GpuBlockNttProduct.lgLength(0));
        assertThrows(IllegalArgumentException.class, () -> GpuBlockNttProduct.lgLength(4097));
    }

    // ---- on the GPU ----------------------------------------------------------------------------

    private static int count(int s) {
        return s <= 64 ? 301 : s <= 512 ? 37 : s <= 1024 ? 7 : 3;
    }

    @Test
    @Tag("gpu")
    void productsAndSquaresBitIdenticalToTheCpuEngine() {
        startGpu();
        Random rnd = new Random(GpuTests.seed("GpuBlockNttProductTest.products"));
        for (int s : SIZES) {
            assertTrue(ntt.fits(s), "fits " + s);
            GpuBatchedFixture.checkProductsAndSquares(rnd, ntt::multiply, s, count(s));
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    @Tag("gpu")
    void allOnesOperandsGiveTheExactProduct() {
        startGpu();
        GpuBatchedFixture.checkAllOnesSquares(ntt::multiply, 1, 256, 1000, 4096);
    }

    @Test
    @Tag("gpu")
    void theEngineTakesTheNttProductFromTheCrossover() {
        startGpu();
        Random rnd = new Random(GpuTests.seed("GpuBlockNttProductTest.engine"));
        try (GpuBatchedIntegerEngine engine = new GpuBatchedIntegerEngine(0, 0)) {
            for (int s : new int[] {95, 96, 129, 149, 150, 153, 1500}) { // both sides of the rule's edges
                int count = 11;
                long[][] ab = productOperands(rnd, s, count, 0);
                long[] rg = new long[2 * s * count];
                long[] rc = rg.clone();
                assertTrue(engine.multiply(ab[0], 0, ab[1], 0, rg, 0, s, count, ONE));
                CPU.multiply(ab[0], 0, ab[1], 0, rc, 0, s, count, ONE);
                assertArrayEquals(rc, rg, "engine multiply stride " + s);
            }
            System.setProperty("modalg.gpu.blockNttMinLimbs", "1"); // every size through the NTT product
            for (int s : new int[] {1, 7, 33}) {
                int count = 101;
                long[][] ab = productOperands(rnd, s, count, 0);
                long[] rg = new long[2 * s * count];
                long[] rc = rg.clone();
                assertTrue(engine.multiply(ab[0], 0, ab[1], 0, rg, 0, s, count, ONE));
                CPU.multiply(ab[0], 0, ab[1], 0, rc, 0, s, count, ONE);
                assertArrayEquals(rc, rg, "engine multiply, NTT from 1 limb, stride " + s);
            }
        }
    }

    @Test
    @Tag("gpu")
    void aDeviceFaultFallsBackToTheCpuWithOneWarning() {
        startGpu();
        try (GpuBlockNttProduct fresh = new GpuBlockNttProduct(GpuRuntime.get())) {
            GpuBatchedFixture.checkFaultFallsBack(GpuTests.seed("GpuBlockNttProductTest.fault"), 300, 9, warnings, fresh::injectFaultForTests,
                    fresh::multiply);
        }
        assertThrows(IllegalArgumentException.class,
                () -> ntt.multiply(new long[4097], 0, new long[4097], 0, new long[8194], 0, 4097, 1, ONE));
        assertThrows(IllegalArgumentException.class,
                () -> ntt.multiply(new long[1], 0, new long[1], 0, new long[2], 0, 0, 1, ONE));
    }

}
