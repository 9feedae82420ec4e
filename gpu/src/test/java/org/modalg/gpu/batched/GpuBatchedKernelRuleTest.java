package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.ServiceProviders;
import org.modalg.fft.batched.BatchedIntegerEngine.Operation;
import org.modalg.fft.batched.BatchedIntegerEngineProvider;
import org.modalg.fft.batched.BatchedIntegerEngines;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The kernel variant rule of {@link GpuBatchedIntegerEngine} (class comment): which bigint.cu
 * kernel each size gets (products, squares, low halves), the size dispatcher between one block
 * and several blocks per instance, and that a forced product kernel is taken only where its
 * per-thread factor allows the size; the provider's registration, and without a GPU the CPU under auto.
 * Runs everywhere (no GPU needed: the rule is pure).
 */
class GpuBatchedKernelRuleTest {
    @AfterEach
    void clear() {
        System.clearProperty("modalg.gpu.batchedMulKernel");
        System.clearProperty("modalg.gpu.batchedAutoDivideStride");
        System.clearProperty("modalg.gpu.batchedAutoDivideLimbs");
    }

    @Test
    void autoSendsDivisionsToTheDeviceFromTheMeasuredCrossover() {
        // 2^13 bits and up (128 limbs), batches of 2^20 dividend limbs and more, up to 2^18 bits
        assertTrue(GpuBatchedIntegerEngine.prefersDivision(128, 8192, 0));
        assertTrue(GpuBatchedIntegerEngine.prefersDivision(4096, 256, 0));
        assertTrue(GpuBatchedIntegerEngine.prefersDivision(200, 5243, 0)); // 1048600 limbs
        assertFalse(GpuBatchedIntegerEngine.prefersDivision(200, 5242, 0)); // 1048400 limbs
        assertTrue(GpuBatchedIntegerEngine.prefersDivision(64, 1 << 20, 0)); // 2.05x at 2^12 bits
        assertTrue(GpuBatchedIntegerEngine.prefersDivision(32, 1 << 20, 0)); // 1.46x at 2^11 bits
        assertFalse(GpuBatchedIntegerEngine.prefersDivision(31, 1 << 20, 0)); // not measured
        assertFalse(GpuBatchedIntegerEngine.prefersDivision(4097, 1 << 12, 0)); // beyond the product kernels
        assertFalse(GpuBatchedIntegerEngine.prefersDivision(128, 8191, 0));
        assertFalse(GpuBatchedIntegerEngine.prefersDivision(0, 1 << 20, 0));
        assertFalse(GpuBatchedIntegerEngine.prefersDivision(1024, 0, 0));
        assertFalse(GpuBatchedIntegerEngine.prefersDivision(128, 8192, 1L << 40)); // the tiny-batch floor
        // the properties move the crossover
        System.setProperty("modalg.gpu.batchedAutoDivideStride", "64");
        System.setProperty("modalg.gpu.batchedAutoDivideLimbs", "4096");
        assertTrue(GpuBatchedIntegerEngine.prefersDivision(64, 64, 0));
        assertFalse(GpuBatchedIntegerEngine.prefersDivision(63, 1 << 20, 0));
        assertFalse(GpuBatchedIntegerEngine.prefersDivision(64, 63, 0));
    }

    @Test
    void additionTakesQ4UpTo4096LimbsQ8AboveQ2BelowFour() {
        assertEquals("bi_add_q2", GpuBatchedIntegerEngine.kernelName(Operation.ADD, 1));
        assertEquals("bi_sub_q2", GpuBatchedIntegerEngine.kernelName(Operation.SUBTRACT, 3));
        assertEquals("bi_add_q4", GpuBatchedIntegerEngine.kernelName(Operation.ADD, 4));
        assertEquals("bi_add_q4", GpuBatchedIntegerEngine.kernelName(Operation.ADD, 4096));
        assertEquals("bi_sub_q8", GpuBatchedIntegerEngine.kernelName(Operation.SUBTRACT, 4097));
        assertEquals("bi_add_q8", GpuBatchedIntegerEngine.kernelName(Operation.ADD, 8192));
    }

    @Test
    void productsTakeMul32Q8ExceptMulQ4At129To512AndQ2BelowSixteen() {
        assertEquals("bi_mul32_q2", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 1));
        assertEquals("bi_mul32_q2", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 15));
        assertEquals("bi_mul32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 16));
        assertEquals("bi_mul32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 128));
        assertEquals("bi_mul_q4", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 129));
        assertEquals("bi_mul_q4", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 512));
        assertEquals("bi_mul32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 513));
        assertEquals("bi_mul32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 4096));
        assertEquals(GpuBatchedIntegerEngine.MB_BAND, GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 4097));
    }

    @Test
    void squaresAndLowHalvesTakeTheirOwnKernelsQ2BelowSixteen() {
        assertEquals("bi_sqr32_q2", GpuBatchedIntegerEngine.kernelName(Operation.SQUARE, 1));
        assertEquals("bi_sqr32_q2", GpuBatchedIntegerEngine.kernelName(Operation.SQUARE, 15));
        assertEquals("bi_sqr32_q8", GpuBatchedIntegerEngine.kernelName(Operation.SQUARE, 16));
        assertEquals("bi_sqr32_q8", GpuBatchedIntegerEngine.kernelName(Operation.SQUARE, 4096));
        assertEquals("bi_mullo32_q2", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY_LOW, 15));
        assertEquals("bi_mullo32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY_LOW, 16));
        assertEquals("bi_mullo32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY_LOW, 4096));
        assertEquals(GpuBatchedIntegerEngine.MB_BAND, GpuBatchedIntegerEngine.kernelName(Operation.SQUARE, 4097));
        assertEquals(GpuBatchedIntegerEngine.MB_BAND,
                GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY_LOW, GpuBatchedIntegerEngine.MAX_MULTIBLOCK_LIMBS));
        // a forced product kernel is not a square's or a low half's unless it is one of theirs
        System.setProperty("modalg.gpu.batchedMulKernel", "bi_mulw_q4");
        assertEquals("bi_mulw_q4", GpuBatchedIntegerEngine.kernelName(Operation.SQUARE, 100));
        assertEquals("bi_mullo32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY_LOW, 100));
        System.setProperty("modalg.gpu.batchedMulKernel", GpuBatchedIntegerEngine.M5MULT);
        assertEquals(GpuBatchedIntegerEngine.M5MULT, GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 100));
    }

    @Test
    void theDispatcherSendsLargeAndFewInstancesToTheBands() {
        int sms = 132; // H100 and H200
        for (Operation op : new Operation[] {Operation.MULTIPLY, Operation.SQUARE, Operation.MULTIPLY_LOW}) {
            assertTrue(GpuBatchedIntegerEngine.multiBlock(op, 4097, 1 << 20, sms), op + " above one block");
            assertTrue(GpuBatchedIntegerEngine.multiBlock(op, 4097, 1, sms), op + " above one block, one instance");
            assertFalse(GpuBatchedIntegerEngine.multiBlock(op, 4096, 1000, sms), op + " many instances");
            assertFalse(GpuBatchedIntegerEngine.multiBlock(op, 2047, 1, sms), op + " small");
        }
        assertTrue(GpuBatchedIntegerEngine.multiBlock(Operation.MULTIPLY, 2048, 16, sms));
        assertFalse(GpuBatchedIntegerEngine.multiBlock(Operation.MULTIPLY, 2048, 17, sms));
        assertTrue(GpuBatchedIntegerEngine.multiBlock(Operation.MULTIPLY, 4096, 1, sms));
        assertFalse(GpuBatchedIntegerEngine.multiBlock(Operation.SQUARE, 2048, 1, sms));
        assertTrue(GpuBatchedIntegerEngine.multiBlock(Operation.SQUARE, 4096, 16, sms));
        assertFalse(GpuBatchedIntegerEngine.multiBlock(Operation.SQUARE, 4096, 17, sms));
        assertFalse(GpuBatchedIntegerEngine.multiBlock(Operation.MULTIPLY_LOW, 4096, 1, sms));
        assertFalse(GpuBatchedIntegerEngine.multiBlock(Operation.ADD, 8192, 1, sms));
        assertFalse(GpuBatchedIntegerEngine.multiBlock(Operation.DIVIDE, 8192, 1, sms));
    }

    @Test
    void aForcedKernelIsTakenOnlyWhereItsFactorAllowsTheSize() {
        System.setProperty("modalg.gpu.batchedMulKernel", "bi_mulw_q2");
        assertEquals("bi_mulw_q2", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 2048));
        assertEquals("bi_mul32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 2049), "1024 threads x 2");
        System.setProperty("modalg.gpu.batchedMulKernel", "bi_mul_q8");
        assertEquals("bi_mul_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 4096));
        System.setProperty("modalg.gpu.batchedMulKernel", "bi_mul_q3");
        assertEquals("bi_mul32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 64), "not a kernel");
        assertThrows(IllegalArgumentException.class,
                () -> GpuBatchedIntegerEngine.kernelName(Operation.DIVIDE, 4));
    }

    @Test
    void theProviderIsRegisteredAndWithoutAGpuAutoIsTheCpu() {
        assertTrue(ServiceProviders.load(BatchedIntegerEngineProvider.class).stream()
                .anyMatch(p -> p instanceof GpuBatchedIntegerEngineProvider), "not in META-INF/services");
        assumeFalse(GpuRuntime.isUsable(), "a GPU is usable: GpuBatchedIntegerEngineTest covers the selection");
        assertFalse(new GpuBatchedIntegerEngineProvider().isUsable());
        assertNull(BatchedIntegerEngines.device());
        CpuBatchedIntegerEngine cpu = CpuBatchedIntegerEngine.shared();
        assertSame(cpu, BatchedIntegerEngines.select(Backend.AUTO, Operation.MULTIPLY, 64, 1 << 20, cpu));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> BatchedIntegerEngines.select(Backend.GPU, Operation.ADD, 64, 1 << 20, cpu));
        assertTrue(e.getMessage().contains("gpu"), e.getMessage());
    }

    /**
     * The single-block launch shape ({@link BatchedLaunch#singleBlock}, the engine's and the
     * Newton division's) against bigint.cu's contract, for random lengths, counts and shared
     * memory sizes: whole warps within the kernel's thread limit, instances per block =
     * floor(blockDim / threads per instance) with their shared words within the limit, no more
     * instances per block than the count needs (up to a warp's rounding), a grid that covers
     * every instance, and a shape whenever the smallest block (one instance's warps) fits.
     */
    @Test
    void theSingleBlockShapeKeepsBigintCusContract() {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println("GpuBatchedKernelRuleTest seed " + seed);
        Random rnd = new Random(seed);
        Operation[] ops = {Operation.ADD, Operation.SUBTRACT, Operation.MULTIPLY, Operation.MULTIPLY_LOW,
                Operation.SQUARE};
        for (int round = 0; round < 20000; round++) {
            Operation op = ops[rnd.nextInt(ops.length)];
            boolean product = op != Operation.ADD && op != Operation.SUBTRACT;
            int m = 1 + rnd.nextInt(rnd.nextBoolean() ? 64 : product ? BatchedLaunch.MAX_PRODUCT_LIMBS : 8192);
            int count = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 1 << 20);
            long optin = rnd.nextBoolean() ? 232448 : 4224 + rnd.nextInt(1 << 17);
            BatchedLaunch.Shape s = new BatchedLaunch.Shape();
            s.kernel = product ? BatchedLaunch.ruleKernel(op, m) : GpuBatchedIntegerEngine.kernelName(op, m);
            BatchedLaunch.singleBlock(s, op, m, count, optin);
            String where = "seed=" + seed + " " + op + " m=" + m + " count=" + count + " optin=" + optin + " "
                    + s.kernel;
            int q = BatchedLaunch.q(s.kernel);
            int t = (m + q - 1) / q;
            int tpi = op == Operation.MULTIPLY_LOW ? (t + 1) / 2 : t;
            int mp = t * q;
            long w = product ? 2L * mp + 2L * q + 2L * (mp / q) + 8 : (long) m + m / q + 1;
            long limit = optin - (product ? BatchedLaunch.MUL_STATIC_SHARED : BatchedLaunch.ADD_STATIC_SHARED);
            // the smallest block: whole warps for one instance, holding floor(blockDim / T) of them
            int smallest = (tpi + 31) / 32 * 32;
            boolean oneFits = t <= BatchedLaunch.maxThreads(s.kernel) && smallest <= BatchedLaunch.maxThreads(s.kernel)
                    && (smallest / tpi) * w * 8 <= limit;
            assertEquals(oneFits, s.ok, where);
            if (!s.ok) {
                continue;
            }
            assertEquals(0, s.threads % 32, where);
            assertTrue(s.threads <= BatchedLaunch.maxThreads(s.kernel), where);
            assertEquals(s.threads / tpi, s.ipb, where);
            assertTrue(s.ipb >= 1 && s.ipb <= Math.max(count, smallest / tpi) + 31 / tpi, where);
            assertEquals(s.ipb * w * 8, s.shared, where);
            assertTrue(s.shared <= limit, where);
            assertTrue((long) s.grid * s.ipb >= count && (long) (s.grid - 1) * s.ipb < count, where);
        }
        assertEquals("bi_mul32_q2", BatchedLaunch.ruleKernel(Operation.MULTIPLY, 15));
        assertEquals("bi_mul_q4", BatchedLaunch.ruleKernel(Operation.MULTIPLY, 512));
        assertEquals("bi_sqr32_q8", BatchedLaunch.ruleKernel(Operation.SQUARE, 16));
        assertEquals("bi_mullo32_q2", BatchedLaunch.ruleKernel(Operation.MULTIPLY_LOW, 15));
        assertEquals(GpuBatchedIntegerEngine.MAX_PRODUCT_LIMBS, BatchedLaunch.MAX_PRODUCT_LIMBS);
    }

    /**
     * {@link BatchedLaunch#perInstance}, the packing of the in-block NTT and FP64 products, on
     * random shapes (seed printed): where one instance's block fits, whole warps within the
     * thread limit, floor(blockDim / T) instances within the shared memory, a grid that covers
     * every instance, and the most instances (up to the 128-thread target and the count) of any
     * fitting block, by a search over every instance count.
     */
    @Test
    void thePerInstanceShapeIsTheLargestFittingBlock() {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println("GpuBatchedKernelRuleTest perInstance seed " + seed);
        Random rnd = new Random(seed);
        for (int round = 0; round < 20000; round++) {
            int tpi = 1 + rnd.nextInt(rnd.nextBoolean() ? 40 : 1024);
            long per = 16 + rnd.nextInt(rnd.nextBoolean() ? 4096 : 1 << 17);
            long limit = rnd.nextBoolean() ? 232448 - 8320 : 1 + rnd.nextInt(1 << 18);
            int max = rnd.nextBoolean() ? 1024 : Math.max(256, tpi);
            int count = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 1 << 20);
            String where = "seed=" + seed + " tpi=" + tpi + " per=" + per + " limit=" + limit + " max=" + max
                    + " count=" + count;
            int smallest = (tpi + 31) / 32 * 32;
            if (smallest > max || (smallest / tpi) * per > limit) {
                continue; // the callers' own check (fits) refuses such lengths
            }
            int[] sh = BatchedLaunch.perInstance(tpi, per, limit, max, count);
            int threads = sh[0];
            int ipb = sh[1];
            assertEquals(0, threads % 32, where);
            assertTrue(threads <= max, where);
            assertEquals(threads / tpi, ipb, where);
            assertEquals(ipb * per, sh[2], where);
            assertTrue(sh[2] <= limit, where);
            assertTrue((long) sh[3] * ipb >= count && (long) (sh[3] - 1) * ipb < count, where);
            // the largest asked-for count k (at most the target's, the count and the memory's) whose block fits
            long cap = Math.max(1, Math.min(count, Math.min(Math.max(1, 128 / tpi), limit / per)));
            int best = 1;
            for (int k = 1; k <= cap; k++) {
                int th = (k * tpi + 31) / 32 * 32;
                if (th <= max && (th / tpi) * per <= limit) {
                    best = k;
                }
            }
            assertEquals((best * tpi + 31) / 32 * 32, threads, where);
        }
    }
}
