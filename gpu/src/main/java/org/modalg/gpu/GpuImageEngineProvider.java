package org.modalg.gpu;

import org.modalg.fft.Options;
import org.modalg.modular.ImageEngine;
import org.modalg.modular.ImageEngineProvider;

/**
 * Plugs {@link GpuImageEngine} into {@link org.modalg.modular.ImageEngines} through
 * {@link java.util.ServiceLoader}. Usable when {@link GpuRuntime#isUsable()} is; under the
 * {@code auto} backend a batch goes to the GPU from {@code modalg.gpu.imageMinOperations}
 * (default 2^27) modular products, all primes together, a size measured on an H100 against the
 * CPU engine on the host's 16 cores (gpu/BENCHMARKS.md): below it the launches, transfers and the
 * per-prime latency of the device's block-per-prime kernels cost more than the CPU's threads.
 */
public final class GpuImageEngineProvider implements ImageEngineProvider {
    /** The default of {@code modalg.gpu.imageMinOperations}. */
    public static final long DEFAULT_MIN_OPERATIONS = 1L << 27;

    /** For the service loader. */
    public GpuImageEngineProvider() {
    }

    @Override
    public String name() {
        return "gpu";
    }

    @Override
    public boolean isUsable() {
        try {
            return GpuRuntime.isUsable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    @Override
    public ImageEngine create(Options options, ImageEngine cpu) {
        return new GpuImageEngine(options, cpu);
    }

    @Override
    public boolean worthIt(long words, long operations) {
        return operations >= Long.getLong("modalg.gpu.imageMinOperations", DEFAULT_MIN_OPERATIONS);
    }
}
