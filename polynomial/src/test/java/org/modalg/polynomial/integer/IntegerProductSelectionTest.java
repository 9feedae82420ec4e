package org.modalg.polynomial.integer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.products.CountingLimbProductProvider;
import org.modalg.fft.Options;

/**
 * Integer products under the auto backend that no installed limb-product provider takes by its
 * size never probe one ({@link CountingLimbProductProvider}, from the fft test jar: unusable,
 * with a minimum of 2^40 limbs): the probe of a GPU provider starts its driver (a second or
 * more), which the first 10^5-bit product of `bench compare --backend auto` once paid. Random
 * operands every run (seed printed), each product checked against BigInteger.
 */
class IntegerProductSelectionTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("IntegerProductSelectionTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    @Test
    void autoProductsBelowEveryProviderMinimumNeverProbe() {
        Random rnd = new Random(SEED);
        Options auto = Options.defaults().withBackend(Backend.AUTO).withThreads(1 + rnd.nextInt(2));
        for (int it = 0; it < 20; it++) {
            int bits = 1 + rnd.nextInt(it < 15 ? 200_000 : 700_000);
            BigInteger a = new BigInteger(bits, rnd);
            BigInteger b = new BigInteger(1 + rnd.nextInt(bits), rnd).negate();
            assertEquals(a.multiply(b), IntegerMultiplication.multiply(a, b, auto), "seed=" + SEED + " it=" + it);
            assertEquals(a.multiply(a), IntegerMultiplication.square(a), "seed=" + SEED + " it=" + it);
        }
        // no code of this module asks for the provider otherwise: none was ever probed in this JVM
        assertEquals(0, CountingLimbProductProvider.PROBES.get(), "a provider was probed for products below its"
                + " minimum (seed=" + SEED + ")");
        assertEquals(0, CountingLimbProductProvider.PRODUCTS.get());
    }
}
