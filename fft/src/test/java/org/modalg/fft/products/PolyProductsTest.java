package org.modalg.fft.products;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

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
}
