package org.modalg.fft.products;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.NttEngines;

/**
 * {@link LimbProducts}' selection with {@link CountingLimbProductProvider}: the providers are
 * made once and probed once; a product below every provider's minimum never probes (the GPU
 * provider's probe starts the driver, a second or more, which `bench compare --backend auto`
 * once paid inside the first 10^5-bit product); the CPU backend neither makes nor probes one.
 */
class LimbProductsTest {
    private final String before = System.getProperty(NttEngines.BACKEND_PROPERTY);

    @BeforeEach
    void fresh() {
        System.setProperty(NttEngines.BACKEND_PROPERTY, "auto");
        LimbProducts.reset();
        CountingLimbProductProvider.MADE.set(0);
        CountingLimbProductProvider.PROBES.set(0);
        CountingLimbProductProvider.minLimbs = 1000;
    }

    @AfterEach
    void restore() {
        CountingLimbProductProvider.usable = false;
        CountingLimbProductProvider.minLimbs = 1L << 40;
        LimbProducts.reset();
        if (before == null) {
            System.clearProperty(NttEngines.BACKEND_PROPERTY);
        } else {
            System.setProperty(NttEngines.BACKEND_PROPERTY, before);
        }
    }

    @Test
    void smallProductsNeverProbeAndTheSelectionIsMadeOnce() {
        CountingLimbProductProvider.usable = true;
        for (int i = 0; i < 1000; i++) {
            assertNull(LimbProducts.forOperands(999, 1 << 19), "below the provider's minimum");
        }
        assertEquals(0, CountingLimbProductProvider.PROBES.get(), "no probe for products below every minimum");
        assertEquals(1, CountingLimbProductProvider.MADE.get(), "the installed providers are made once");
        LimbProductProvider p = LimbProducts.forOperands(1000, 1000);
        assertSame(CountingLimbProductProvider.class, p.getClass());
        for (int i = 0; i < 1000; i++) {
            assertSame(p, LimbProducts.forOperands(1000 + i, 2000));
            assertNull(LimbProducts.forOperands(999, 2000), "still below the minimum");
            assertNull(LimbProducts.forOperands(1 << 19, (1 << 19) + 1), "beyond the provider's largest product");
            assertSame(p, LimbProducts.provider());
        }
        assertEquals(1, CountingLimbProductProvider.PROBES.get(), "probed once");
        assertEquals(1, CountingLimbProductProvider.MADE.get(), "made once");
    }

    @Test
    void anUnusableProviderIsProbedOnceAndNeverTaken() {
        for (int i = 0; i < 100; i++) {
            assertNull(LimbProducts.forOperands(5000, 5000));
            assertNull(LimbProducts.provider());
        }
        assertEquals(1, CountingLimbProductProvider.PROBES.get());
        assertEquals(1, CountingLimbProductProvider.MADE.get());
    }

    @Test
    void theCpuBackendNeitherMakesNorProbesAProvider() {
        System.setProperty(NttEngines.BACKEND_PROPERTY, "cpu");
        CountingLimbProductProvider.usable = true;
        assertNull(LimbProducts.forOperands(5000, 5000));
        assertNull(LimbProducts.provider());
        assertEquals(0, CountingLimbProductProvider.MADE.get());
        assertEquals(0, CountingLimbProductProvider.PROBES.get());
    }
}
