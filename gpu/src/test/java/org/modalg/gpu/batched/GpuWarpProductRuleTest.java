package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The launch shape and the size rule of {@link GpuWarpProduct} against bigint_warp.cu's contract,
 * without a GPU: every size's shape holds the instance (TPI L / 2 &ge; m) and is the module's
 * smallest that does, the kernel names and the grid, the rule's range and its overrides, and the
 * rejected sizes.
 */
class GpuWarpProductRuleTest {

    @AfterEach
    void clear() {
        System.clearProperty("modalg.gpu.warpProduct");
        System.clearProperty("modalg.gpu.batchedMulKernel");
        System.clearProperty("modalg.gpu.fpBatch");
        System.clearProperty("modalg.gpu.blockNttMinLimbs");
    }

    @Test
    void theShapeHoldsTheInstanceAndFollowsTheContract() {
        for (int m = 1; m <= GpuWarpProduct.MAX_LIMBS; m++) {
            int[] sh = GpuWarpProduct.shape(m);
            int tpi = sh[0];
            int l = sh[1];
            assertTrue(tpi == 4 || tpi == 8 || tpi == 16, "m " + m); // the module's shapes
            assertTrue(l == 16 || l == 32, "m " + m);
            assertTrue(tpi * l / 2 >= m, "holds m " + m);
            assertTrue(m <= 32 || tpi * l / 4 < m, "the next smaller shape does not hold m " + m);
            assertEquals("bw_mul_t" + tpi + "_l" + l, GpuWarpProduct.kernelName(m));
        }
        assertEquals("bw_mul_t4_l16", GpuWarpProduct.kernelName(1));
        assertEquals("bw_mul_t4_l16", GpuWarpProduct.kernelName(32));
        assertEquals("bw_mul_t8_l16", GpuWarpProduct.kernelName(33));
        assertEquals("bw_mul_t8_l16", GpuWarpProduct.kernelName(64));
        assertEquals("bw_mul_t8_l32", GpuWarpProduct.kernelName(65));
        assertEquals("bw_mul_t8_l32", GpuWarpProduct.kernelName(128));
        assertEquals("bw_mul_t16_l32", GpuWarpProduct.kernelName(129));
        assertEquals("bw_mul_t16_l32", GpuWarpProduct.kernelName(256));
        assertEquals(1, GpuWarpProduct.grid(32, 32)); // 32 instances x 4 lanes = one block of 128
        assertEquals(2, GpuWarpProduct.grid(32, 33));
        assertEquals(1, GpuWarpProduct.grid(256, 8)); // 8 x 16 lanes
        assertEquals(2, GpuWarpProduct.grid(256, 9));
        assertEquals(1 << 21, GpuWarpProduct.grid(200, 1 << 24)); // 2^24 instances of 16 lanes
        for (int bad : new int[] {0, -1, GpuWarpProduct.MAX_LIMBS + 1}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GpuWarpProduct.shape(bad));
            assertTrue(e.getMessage().contains("m must be in [1, 256]") && e.getMessage().contains("" + bad),
                    e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new GpuWarpProduct(null));
    }

    @Test
    void theRuleTakesTheMeasuredRangeAndHonoursTheOverrides() {
        for (int m = 1; m <= 300; m++) {
            boolean want = m >= GpuWarpProduct.MIN_CHOSEN_LIMBS && m <= GpuWarpProduct.MAX_CHOSEN_LIMBS;
            assertEquals(want, GpuWarpProduct.chosenFor(m), "m " + m);
        }
        for (int m : new int[] {17, 32, 33, 64, 100, 128, 150, 160}) { // 2^11 .. 2^13 bits and up to 160 limbs
            assertTrue(GpuWarpProduct.chosenFor(m), "warp product at " + m);
        }
        for (int m : new int[] {0, 1, 16, 161, 200, 256, 257}) { // the FP64 product from 161, schoolbook below 17
            assertFalse(GpuWarpProduct.chosenFor(m), "another route at " + m);
        }
        System.setProperty("modalg.gpu.warpProduct", "true"); // every size the kernels take
        assertTrue(GpuWarpProduct.chosenFor(1));
        assertTrue(GpuWarpProduct.chosenFor(256));
        assertFalse(GpuWarpProduct.chosenFor(257));
        System.setProperty("modalg.gpu.warpProduct", "false");
        assertFalse(GpuWarpProduct.chosenFor(64));
        System.clearProperty("modalg.gpu.warpProduct");
        System.setProperty("modalg.gpu.fpBatch", "true"); // the FP64 product forced on takes its sizes
        assertFalse(GpuWarpProduct.chosenFor(64));
        System.setProperty("modalg.gpu.warpProduct", "true"); // unless the warp product is forced too
        assertTrue(GpuWarpProduct.chosenFor(64));
        System.clearProperty("modalg.gpu.warpProduct");
        System.clearProperty("modalg.gpu.fpBatch");
        System.setProperty("modalg.gpu.blockNttMinLimbs", "1"); // the NTT product forced from 1 limb
        assertFalse(GpuWarpProduct.chosenFor(33));
        System.clearProperty("modalg.gpu.blockNttMinLimbs");
        System.setProperty("modalg.gpu.fpBatch", "false"); // the FP64 product off: the warp product's rule
        assertTrue(GpuWarpProduct.chosenFor(64));
        System.clearProperty("modalg.gpu.fpBatch");
        System.setProperty("modalg.gpu.batchedMulKernel", "bi_mul32_q8"); // a forced schoolbook kernel wins
        assertFalse(GpuWarpProduct.chosenFor(64));
    }
}
