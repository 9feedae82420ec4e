package org.modalg.gpu.ntt;

import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.ntt.NttEngineProvider;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * Registers {@link GpuNttEngine} with {@link org.modalg.fft.ntt.NttEngines} (through
 * {@code META-INF/services}): usable when {@link GpuRuntime#isUsable()}.
 */
public final class GpuNttEngineProvider implements NttEngineProvider {
    @Override
    public String name() {
        return "gpu";
    }

    @Override
    public boolean isUsable() {
        return GpuRuntime.isUsable();
    }

    @Override
    public NttEngine create() {
        return new GpuNttEngine();
    }

    @Override
    public int priority() {
        return 10;
    }
}
