package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

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
 * kernel each size gets, and that a forced product kernel is taken only where its per-thread
 * factor allows the size; the provider's registration, and without a GPU the CPU under auto.
 * Runs everywhere (no GPU needed: the rule is pure).
 */
class GpuBatchedKernelRuleTest {
    @AfterEach
    void clear() {
        System.clearProperty("modalg.gpu.batchedMulKernel");
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
        assertEquals("bi_mul32_q2", GpuBatchedIntegerEngine.kernelName(Operation.SQUARE, 15));
        assertEquals("bi_mul32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 16));
        assertEquals("bi_mul32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 128));
        assertEquals("bi_mul_q4", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 129));
        assertEquals("bi_mul_q4", GpuBatchedIntegerEngine.kernelName(Operation.SQUARE, 512));
        assertEquals("bi_mul32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 513));
        assertEquals("bi_mul32_q8", GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, 4096));
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
}
