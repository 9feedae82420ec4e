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
import org.modalg.fields.ZpField;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zp.ZpPolyModulus;

/**
 * {@link ZpPolyModulus} with its products on the device (backends gpu and auto: no reused host
 * transforms, the device's own products) against the same modulus on the CPU (the host's reused
 * transforms), bit for bit, on random data every run (seed printed): remainders of long
 * operands, products mod f and powers, moduli of degree 5000 and 2^13 (the device from its
 * minimum length on) over p = 2^62 - 57 and 10^9 + 7.
 */
@Tag("gpu")
class GpuPolyModulusTest {
    private static final Options CPU = Options.defaults().withBackend(Backend.CPU);

    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
    }

    private static ZpPoly random(ZpField f, Random rnd, int len) {
        long[] c = new long[len];
        for (int i = 0; i < len; i++) {
            c[i] = Math.floorMod(rnd.nextLong(), f.p());
        }
        c[len - 1] = c[len - 1] == 0 ? 1 : c[len - 1];
        return ZpPoly.of(f, c);
    }

    @Test
    void deviceProductsModFMatchTheHostsReusedTransforms() {
        Random rnd = new Random(GpuTests.seed("GpuPolyModulusTest"));
        // primes whose products take the double-precision route on the host (an NTT-friendly
        // prime such as 998244353 takes the direct 64-bit transform there, without reuse)
        for (long p : new long[] {4611686018427387847L, 1_000_000_007L}) {
            ZpField field = ZpField.of(p);
            for (int d : new int[] {5000, 1 << 13}) {
                ZpPoly f = random(field, rnd, d + 1);
                ZpPolyModulus host = ZpPolyModulus.of(f, CPU);
                assertTrue(host.transformsReused(), "p=" + p + " d=" + d);
                for (Backend b : new Backend[] {Backend.GPU, Backend.AUTO}) {
                    ZpPolyModulus dev = ZpPolyModulus.of(f, Options.defaults().withBackend(b));
                    assertFalse(dev.transformsReused(), "the device's products: no host transforms, " + b);
                    String ctx = "p=" + p + " deg f=" + d + " backend " + b;
                    ZpPoly a = random(field, rnd, 3 * d + 7);
                    assertEquals(host.reduce(a), dev.reduce(a), ctx + " reduce");
                    ZpPoly x = random(field, rnd, d);
                    ZpPoly y = random(field, rnd, d);
                    assertEquals(host.mulMod(x, y), dev.mulMod(x, y), ctx + " mulMod");
                    BigInteger e = BigInteger.valueOf(p).add(BigInteger.valueOf(rnd.nextInt(1000)));
                    assertEquals(host.powMod(ZpPoly.x(field), e), dev.powMod(ZpPoly.x(field), e), ctx + " x^e");
                }
            }
        }
    }
}
