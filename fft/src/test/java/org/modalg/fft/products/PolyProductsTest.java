package org.modalg.fft.products;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.NttEngines;

/** A polynomial product below every installed provider's minimum never probes a device. */
class PolyProductsTest {

    @Test
    void shortProductsNeverProbe() {
        int before = CountingPolyProductProvider.PROBES.get();
        assertTrue(PolyProducts.belowEveryMinimum(1 << 20));
        assertNull(PolyProducts.forOperands(1 << 20, 1 << 21));
        assertEquals(before, CountingPolyProductProvider.PROBES.get(), "a short product probed the provider");
        assertFalse(PolyProducts.belowEveryMinimum(1L << 40));
        // the counting provider is unusable: asking for its length probes once and finds none
        assertNull(PolyProducts.forOperands(1L << 40, 1L << 40));
    }

    @Test
    void theProviderIsProbedOnceAndNotAtAllUnderTheCpuBackend() {
        String before = System.getProperty(NttEngines.BACKEND_PROPERTY);
        try {
            System.setProperty(NttEngines.BACKEND_PROPERTY, "cpu");
            PolyProducts.reset();
            int probes = CountingPolyProductProvider.PROBES.get();
            assertNull(PolyProducts.forOperands(1L << 40, 1L << 40));
            assertNull(PolyProducts.provider());
            assertEquals(probes, CountingPolyProductProvider.PROBES.get(), "the CPU backend probed");
            System.setProperty(NttEngines.BACKEND_PROPERTY, "auto");
            for (int i = 0; i < 100; i++) {
                assertNull(PolyProducts.forOperands(1L << 40, (1L << 40) + i));
                assertNull(PolyProducts.provider());
            }
            assertEquals(probes + 1, CountingPolyProductProvider.PROBES.get(), "probed once");
        } finally {
            PolyProducts.reset();
            if (before == null) {
                System.clearProperty(NttEngines.BACKEND_PROPERTY);
            } else {
                System.setProperty(NttEngines.BACKEND_PROPERTY, before);
            }
        }
    }
}
