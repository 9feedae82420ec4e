package org.modalg.gpu.batched;

import org.modalg.fft.batched.BatchedIntegerEngine;
import org.modalg.fft.batched.BatchedIntegerEngineProvider;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * Registers {@link GpuBatchedIntegerEngine} with {@link org.modalg.fft.batched.BatchedIntegerEngines}
 * (through {@code META-INF/services}): usable when {@link GpuRuntime#isUsable()}; one engine per
 * JVM, created on first use, with the default thresholds (the system properties named in
 * {@link GpuBatchedIntegerEngine}).
 */
public final class GpuBatchedIntegerEngineProvider implements BatchedIntegerEngineProvider {
    private GpuBatchedIntegerEngine engine;

    @Override
    public String name() {
        return "gpu";
    }

    @Override
    public boolean isUsable() {
        return GpuRuntime.isUsable();
    }

    @Override
    public synchronized BatchedIntegerEngine engine() {
        if (engine == null) {
            engine = new GpuBatchedIntegerEngine();
        }
        return engine;
    }
}
