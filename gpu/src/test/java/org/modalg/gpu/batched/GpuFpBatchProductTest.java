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
import org.modalg.fft.fp.FpErrorBound;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.gpu.runtime.LogCapture;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The batched FP64 FFT product ({@code fpbatch.cu} through {@link GpuFpBatchProduct}) bit for bit
 * against {@link CpuBatchedIntegerEngine} and BigInteger on random inputs every run (seed printed;
 * {@code -Dmodalg.test.seed} repeats one), all-ones operands (every digit at its largest: the error
 * bound's extreme, and carries through the whole product), zero, one, powers of two, sizes that
 * are not powers of two up to the largest the bound allows (855 limbs); squares through one
 * buffer; an instance forced to fail the rounding check redone exactly; the CPU fallback on a
 * device fault; the engine's dispatcher. The bound, the transform length and the launch
 * formulas are checked without a GPU.
 */
class GpuFpBatchProductTest {
    private static final CpuBatchedIntegerEngine CPU = CpuBatchedIntegerEngine.shared();
    private static final Options ONE = Options.defaults().withThreads(1);
    private static final int[] SIZES = {1, 2, 3, 5, 8, 9, 16, 31, 32, 33, 63, 64, 100, 128, 129, 255, 256, 300, 511, 512,
        513, 700, 855};

    private static GpuFpBatchProduct fp;
    private final List<String> warnings = new ArrayList<>();
    private final Handler capture = new LogCapture(warnings);

    private void startGpu() {
        GpuTests.assumeGpu();
        if (fp == null) {
            fp = new GpuFpBatchProduct(GpuRuntime.get());
        }
        Logger.getLogger(GpuFpBatchProduct.class.getName()).addHandler(capture);
    }

    @AfterEach
    void stop() {
        Logger.getLogger(GpuFpBatchProduct.class.getName()).removeHandler(capture);
        System.clearProperty("modalg.gpu.fpBatch");
        if (fp != null) {
            fp.failInstanceForTests(-1);
        }
    }

    @AfterAll
    static void release() {
        if (fp != null) {
            fp.close();
        }
    }

    // ---- without a GPU -------------------------------------------------------------------------

    @Test
    void theBoundHoldsExactlyUpToTheLargestSize() {
        for (int m = 1; m <= GpuFpBatchProduct.MAX_LIMBS; m++) {
            assertTrue(GpuFpBatchProduct.proven(m), "bound below 1/4 at " + m);
            long n = 1L << GpuFpBatchProduct.logLength(m);
            assertTrue(n >= 8L * m && (n == 64 || n < 16L * m), "N at " + m); // no wrap-around, least N
        }
        assertFalse(GpuFpBatchProduct.proven(GpuFpBatchProduct.MAX_LIMBS + 1), "856 limbs: bound above 1/4");
        assertFalse(GpuFpBatchProduct.proven(1024), "2^16 bits: 0.30");
        // the header's figures: (4m + 3) 2^30 E(log2 N)
        assertEquals(0.0062, GpuFpBatchProduct.bound(32), 0.0001);
        assertEquals(0.1391, GpuFpBatchProduct.bound(512), 0.0001);
        assertEquals(0.2499, GpuFpBatchProduct.bound(855), 0.0001);
        assertEquals(0.299, GpuFpBatchProduct.bound(1024), 0.001);
        double manual = Math.scalb(1.0, 30) * (4 * 512 + 3) * FpErrorBound.growth(12, FpErrorBound.U_DOUBLE,
                FpErrorBound.BETA_DOUBLE);
        assertEquals(manual, GpuFpBatchProduct.bound(512), manual * 1e-9);
        assertEquals(8, GpuFpBatchProduct.logLength(32)); // 2^11 bits: 256 points
        assertEquals(12, GpuFpBatchProduct.logLength(512)); // 2^15 bits: 4096 points
        assertEquals(13, GpuFpBatchProduct.logLength(513));
        assertEquals(6, GpuFpBatchProduct.logLength(1));
        assertEquals("fpb_mul_n256_p" + GpuFpBatchProduct.pointsPerThread(32) + "t", GpuFpBatchProduct.kernelName(32));
        // the pass tables' entries, by the definition: (R - 1) Ns for each pass with Ns > 1
        assertEquals(0, GpuFpBatchProduct.tableEntries(4, 4)); // one pass, Ns = 1
        assertEquals(15 * 16, GpuFpBatchProduct.tableEntries(8, 4)); // passes Ns = 1, 16
        assertEquals(15 * 16 + 3 * 256, GpuFpBatchProduct.tableEntries(10, 4)); // then a radix-4 pass at Ns = 256
        assertEquals(7 * 8 + 7 * 64, GpuFpBatchProduct.tableEntries(9, 3));
        assertEquals(128 + 15 * 16 + 7 * 8 + 1 * 64, GpuFpBatchProduct.passTableEntries(8));
        int p = GpuFpBatchProduct.pointsPerThread(512);
        assertEquals(4096 / p, GpuFpBatchProduct.threadsPerInstance(512));
        assertEquals(16L * (4096 + 256) + 4L * (4096 / p) + 16, GpuFpBatchProduct.sharedPerInstance(512));
        assertThrows(IllegalArgumentException.class, () -> GpuFpBatchProduct.logLength(0));
        assertThrows(IllegalArgumentException.class, () -> GpuFpBatchProduct.logLength(856));
        assertThrows(IllegalArgumentException.class, () -> GpuFpBatchProduct.bound(0));
        assertThrows(IllegalArgumentException.class, () -> new GpuFpBatchProduct(null));
    }

    @Test
    void theRuleFollowsTheProperties() {
        String old = System.getProperty("modalg.gpu.batchedMulKernel");
        System.clearProperty("modalg.gpu.batchedMulKernel");
        try {
            assertFalse(GpuFpBatchProduct.chosenFor(0));
            assertFalse(GpuFpBatchProduct.chosenFor(856), "beyond the bound: never");
            for (int m : new int[] {1, 32, 56}) { // the schoolbook is level or faster
                assertFalse(GpuFpBatchProduct.chosenFor(m), "by default at " + m);
            }
            for (int m : new int[] {57, 64, 128, 256, 512, 855}) { // measured faster than both exact kernels
                assertTrue(GpuFpBatchProduct.chosenFor(m), "by default at " + m);
            }
            System.setProperty("modalg.gpu.fpBatch", "true");
            assertTrue(GpuFpBatchProduct.chosenFor(1));
            assertTrue(GpuFpBatchProduct.chosenFor(855));
            assertFalse(GpuFpBatchProduct.chosenFor(856));
            System.setProperty("modalg.gpu.fpBatch", "false");
            assertFalse(GpuFpBatchProduct.chosenFor(64));
            System.clearProperty("modalg.gpu.fpBatch");
            System.setProperty("modalg.gpu.batchedMulKernel", "bi_mul32_q8");
            assertFalse(GpuFpBatchProduct.chosenFor(64), "a forced schoolbook kernel wins");
        } finally {
            System.clearProperty("modalg.gpu.fpBatch");
            if (old == null) {
                System.clearProperty("modalg.gpu.batchedMulKernel");
            } else {
                System.setProperty("modalg.gpu.batchedMulKernel", old);
            }
        }
    }

    // ---- on the GPU ----------------------------------------------------------------------------

    private static int count(int s) {
        return s <= 64 ? 301 : s <= 256 ? 37 : 9;
    }

    @Test
    @Tag("gpu")
    void productsAndSquaresBitIdenticalToTheCpuEngineAndBigInteger() {
        startGpu();
        Random rnd = new Random(GpuTests.seed("GpuFpBatchProductTest.products"));
        long before = GpuFpBatchProduct.fallbacksForTests();
        for (int s : SIZES) {
            assertTrue(fp.fits(s), "fits " + s);
            GpuBatchedFixture.checkProductsAndSquares(rnd, fp::multiply, s, count(s));
        }
        // under the proven bound the check never fires
        assertEquals(before, GpuFpBatchProduct.fallbacksForTests(), "instances redone");
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    @Tag("gpu")
    void allOnesOperandsGiveTheExactProduct() {
        startGpu();
        GpuBatchedFixture.checkAllOnesSquares(fp::multiply, 1, 32, 255, 512, 855);
    }

    @Test
    @Tag("gpu")
    void anInstanceThatFailsTheCheckIsRedoneExactly() {
        startGpu();
        Random rnd = new Random(GpuTests.seed("GpuFpBatchProductTest.check"));
        for (int s : new int[] {7, 64, 300}) {
            int count = 23;
            long[][] ab = productOperands(rnd, s, count, 0);
            long[] want = new long[2 * s * count];
            CPU.multiply(ab[0], 0, ab[1], 0, want, 0, s, count, ONE);
            int forced = 1 + rnd.nextInt(count - 1);
            fp.failInstanceForTests(forced);
            long before = GpuFpBatchProduct.fallbacksForTests();
            long[] r = new long[2 * s * count];
            fp.multiply(ab[0], 0, ab[1], 0, r, 0, s, count, ONE);
            assertEquals(before + 1, GpuFpBatchProduct.fallbacksForTests(), "one instance redone, stride " + s);
            assertArrayEquals(want, r, "stride " + s + " with instance " + forced + " failing the check");
        }
    }

    @Test
    @Tag("gpu")
    void theEngineTakesTheFpProductWhereChosen() {
        startGpu();
        Random rnd = new Random(GpuTests.seed("GpuFpBatchProductTest.engine"));
        try (GpuBatchedIntegerEngine engine = new GpuBatchedIntegerEngine(0, 0)) {
            for (String mode : new String[] {null, "true"}) {
                if (mode != null) {
                    System.setProperty("modalg.gpu.fpBatch", mode);
                }
                for (int s : new int[] {3, 15, 16, 32, 64, 128, 512, 855, 856}) {
                    int count = 17;
                    long[][] ab = productOperands(rnd, s, count, 0);
                    long[] rg = new long[2 * s * count];
                    long[] rc = rg.clone();
                    assertTrue(engine.multiply(ab[0], 0, ab[1], 0, rg, 0, s, count, ONE));
                    CPU.multiply(ab[0], 0, ab[1], 0, rc, 0, s, count, ONE);
                    assertArrayEquals(rc, rg, "engine multiply stride " + s + " fpBatch=" + mode);
                }
            }
        }
    }

    @Test
    @Tag("gpu")
    void aDeviceFaultFallsBackToTheCpuWithOneWarning() {
        startGpu();
        try (GpuFpBatchProduct fresh = new GpuFpBatchProduct(GpuRuntime.get())) {
            GpuBatchedFixture.checkFaultFallsBack(GpuTests.seed("GpuFpBatchProductTest.fault"), 100, 9, warnings, fresh::injectFaultForTests,
                    fresh::multiply);
        }
        assertThrows(IllegalArgumentException.class,
                () -> fp.multiply(new long[856], 0, new long[856], 0, new long[1712], 0, 856, 1, ONE));
        assertThrows(IllegalArgumentException.class,
                () -> fp.multiply(new long[1], 0, new long[1], 0, new long[2], 0, 0, 1, ONE));
        assertThrows(IllegalArgumentException.class,
                () -> fp.multiply(new long[1], 0, new long[1], 0, new long[2], 0, 1, -1, ONE));
    }

}
