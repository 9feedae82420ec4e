package org.modalg.gpu.runtime;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.gpu.ntt.GpuNttEngine;

/** The runtime's probe never throws, and without a GPU everything falls back to the CPU. */
class GpuRuntimeTest {
    @Test
    void probeAnswersWithoutThrowing() {
        boolean usable = GpuRuntime.isUsable();
        if (usable) {
            System.out.println("GPU: " + GpuRuntime.get().describe());
        } else {
            GpuTests.tellOnce();
            assertNotNull(GpuRuntime.unusableReason());
            assertThrows(IllegalStateException.class, GpuRuntime::get);
            assertThrows(IllegalStateException.class, GpuNttEngine::new);
        }
    }

    @Test
    void autoBackendPicksTheGpuExactlyWhenUsable() {
        NttEngine e = NttEngines.byName("auto");
        assertTrue(GpuRuntime.isUsable() == e instanceof GpuNttEngine, e.name());
        if (!GpuRuntime.isUsable()) {
            assertThrows(IllegalStateException.class, () -> NttEngines.byName("gpu"));
        }
    }
}
