package org.modalg.gpu.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageEngineProvider;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.image.LimbVector;

/**
 * Runs everywhere (no tag): the provider is found by the service loader, is usable exactly when
 * the GPU runtime is, and where no GPU is usable {@code auto} falls back to the CPU engine with
 * the same images while {@code gpu} is refused with the reason.
 */
class GpuImageEngineProviderTest {

    @Test
    void theProviderIsListedAndUsableExactlyWithAGpu() {
        List<ImageEngineProvider> found = new ArrayList<>();
        ServiceLoader.load(ImageEngineProvider.class).forEach(found::add);
        assertTrue(found.stream().anyMatch(p -> p instanceof GpuImageEngineProvider), found.toString());
        GpuImageEngineProvider provider = new GpuImageEngineProvider();
        assertEquals("gpu", provider.name());
        assertEquals(GpuRuntime.isUsable(), provider.isUsable());
        assertFalse(provider.worthIt(1000, GpuImageEngineProvider.DEFAULT_MIN_OPERATIONS - 1));
        assertTrue(provider.worthIt(1000, GpuImageEngineProvider.DEFAULT_MIN_OPERATIONS));
    }

    @Test
    void withoutAGpuAutoRunsOnTheCpuAndGpuIsRefused() {
        if (GpuRuntime.isUsable()) {
            System.out.println("[info] a GPU is usable here: the fallback checks are the GPU tests' job");
            ImageEngine e = ImageEngines.forOptions(Options.defaults().withBackend(Backend.GPU));
            assertTrue(e.name().startsWith("gpu"), e.name());
            return;
        }
        assertTrue(GpuRuntime.devices().isEmpty(), "no devices without a usable GPU");
        Random rnd = new Random(GpuTests.seed("withoutAGpuAutoRunsOnTheCpu"));
        Options o = Options.defaults().withThreads(1);
        ImageEngine auto = ImageEngines.forOptions(o);
        ImageEngine cpu = ImageEngines.cpu(o);
        assertEquals(cpu.name(), auto.name());
        int n = 6;
        long[] m = new long[n * n];
        for (int i = 0; i < m.length; i++) {
            m[i] = rnd.nextLong();
        }
        long[] primes = GpuImageEngineTest.primes(rnd, 5, 62);
        LimbVector a = LimbVector.of(m);
        assertArrayEquals(cpu.determinants(n, a, primes), auto.determinants(n, a, primes));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ImageEngines.forOptions(o.withBackend(Backend.GPU)));
        assertTrue(e.getMessage().contains("gpu"), e.getMessage());
        IllegalStateException direct = assertThrows(IllegalStateException.class, () -> new GpuImageEngine(o, cpu));
        assertTrue(direct.getMessage().contains("no usable GPU"), direct.getMessage());
    }
}
