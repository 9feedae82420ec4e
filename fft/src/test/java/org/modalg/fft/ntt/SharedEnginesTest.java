package org.modalg.fft.ntt;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.modalg.fft.products.LimbProducts;

/**
 * The default engine and limb-product provider the library's algorithms use. The fft module's
 * tests have no provider on the class path (the gpu module is above it), so both resolve to the
 * CPU here; the gpu module's tests cover the GPU side.
 */
class SharedEnginesTest {
    private final String before = System.getProperty(NttEngines.BACKEND_PROPERTY);

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(NttEngines.BACKEND_PROPERTY);
        } else {
            System.setProperty(NttEngines.BACKEND_PROPERTY, before);
        }
    }

    @Test
    void sharedEngineFollowsTheBackendPropertyAndIsReused() {
        System.setProperty(NttEngines.BACKEND_PROPERTY, "auto");
        NttEngine auto = NttEngines.shared();
        assertSame(CpuNttEngine.shared(), auto, "no provider here: auto is the CPU engine");
        assertSame(auto, NttEngines.shared(), "one engine per property value");
        System.setProperty(NttEngines.BACKEND_PROPERTY, "cpu");
        assertSame(CpuNttEngine.shared(), NttEngines.shared());
        System.setProperty(NttEngines.BACKEND_PROPERTY, "gpu");
        assertThrows(IllegalStateException.class, NttEngines::shared);
        System.setProperty(NttEngines.BACKEND_PROPERTY, "fpga");
        assertThrows(IllegalArgumentException.class, NttEngines::shared);
    }

    @Test
    void noLimbProductProviderWithoutOneOrWithTheCpuBackend() {
        System.setProperty(NttEngines.BACKEND_PROPERTY, "auto");
        assertNull(LimbProducts.provider(), "no usable provider on the fft module's class path");
        assertNull(LimbProducts.forOperands(1 << 20, 1 << 20));
        System.setProperty(NttEngines.BACKEND_PROPERTY, "cpu");
        assertNull(LimbProducts.provider());
    }
}
