package org.modalg.gpu.image;

import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageEngineProvider;

/**
 * Plugs {@link GpuImageEngine} into {@link org.modalg.modular.image.ImageEngines} through
 * {@link java.util.ServiceLoader}. Usable when {@link GpuRuntime#isUsable()} is; under the
 * {@code auto} backend a batch goes to the GPU from {@code modalg.gpu.imageMinOperations}
 * (default 2^24) modular products, all primes together, the crossover measured on an H100 against
 * the CPU engine on the host's 16 cores and on one thread (gpu/BENCHMARKS.md): with 16 or more
 * primes a batch of 2^24 products (e.g. 16 resultants of degree 1023) is faster on the GPU, and
 * below about 2^20 the launches and transfers (about 0.5 ms a batch) cost more than the CPU's
 * work. A batch of very few primes of high degree is latency-bound on the device (one block per
 * prime runs its Euclid steps one after the other): the modular algorithms send many primes.
 */
public final class GpuImageEngineProvider implements ImageEngineProvider {
    /** The default of {@code modalg.gpu.imageMinOperations}. */
    public static final long DEFAULT_MIN_OPERATIONS = 1L << 24;

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
