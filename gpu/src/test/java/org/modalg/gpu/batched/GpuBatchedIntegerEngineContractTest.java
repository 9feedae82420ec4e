package org.modalg.gpu.batched;

import org.junit.jupiter.api.Tag;
import org.modalg.fft.batched.BatchedIntegerEngine;
import org.modalg.fft.batched.BatchedIntegerEngineContract;
import org.modalg.gpu.runtime.GpuTests;

/**
 * The GPU batched integer engine against fft's engine contract (BigInteger oracle), with the
 * tiny-batch thresholds at zero so that every add, subtract, multiply and square the kernels
 * take runs on the device, and every division whose products fit them by Newton's method
 * (multiply low runs on the CPU engine, as documented).
 * Skipped, with the reason printed, where no GPU is usable.
 */
@Tag("gpu")
class GpuBatchedIntegerEngineContractTest extends BatchedIntegerEngineContract {
    private static GpuBatchedIntegerEngine engine;

    @Override
    protected BatchedIntegerEngine engine() {
        GpuTests.assumeGpu();
        if (engine == null) {
            engine = new GpuBatchedIntegerEngine(0, 0);
        }
        return engine;
    }
}
