package org.modalg.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.polynomial.integer.IntegerModulus;

/**
 * {@link IntegerModulus} with its products on the device (backends gpu and auto, moduli from
 * the device's limb product range on: no reused host transforms) against the same modulus on
 * the CPU (Barrett with the host's reused transforms) and against BigInteger, bit for bit, on
 * random data every run (seed printed).
 */
@Tag("gpu")
class GpuIntegerModulusTest {
    private static final Options CPU = Options.defaults().withBackend(Backend.CPU);

    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
    }

    @Test
    void deviceProductsModMMatchTheHostAndBigInteger() {
        Random rnd = new Random(GpuTests.seed("GpuIntegerModulusTest"));
        for (int bits : new int[] {200_000, 1_000_000}) {
            BigInteger m = new BigInteger(bits, rnd).setBit(bits - 1);
            IntegerModulus host = IntegerModulus.of(m, CPU);
            assertTrue(host.transformsReused(), "bits " + bits);
            BigInteger x = new BigInteger(2 * bits - 3, rnd);
            BigInteger a = new BigInteger(bits, rnd);
            BigInteger b = new BigInteger(bits + 17, rnd).negate();
            BigInteger e = BigInteger.valueOf(rnd.nextInt(1 << 20));
            for (Backend backend : new Backend[] {Backend.GPU, Backend.AUTO}) {
                IntegerModulus dev = IntegerModulus.of(m, Options.defaults().withBackend(backend));
                assertFalse(dev.transformsReused(), "the device's products: no host transforms, " + backend);
                String ctx = bits + " bits, backend " + backend;
                assertEquals(x.mod(m), dev.reduce(x), ctx + " reduce");
                assertEquals(host.reduce(x), dev.reduce(x), ctx + " reduce, host");
                assertEquals(a.multiply(b).mod(m), dev.mulMod(a, b), ctx + " mulMod");
                assertEquals(host.powMod(a, e), dev.powMod(a, e), ctx + " powMod");
            }
        }
    }
}
