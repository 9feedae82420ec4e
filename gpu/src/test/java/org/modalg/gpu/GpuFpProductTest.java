package org.modalg.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.fp.FpIntegerProduct;
import org.modalg.gpu.runtime.GpuTests;

/**
 * The device's floating-point product against the CPU route (bit-identical: the same
 * coefficients, so the same maximal error and product) and BigInteger.
 */
class GpuFpProductTest {

    private static void sameAsCpu(BigInteger a, BigInteger b, int bits, String what) {
        FpIntegerProduct.Outcome cpu = FpIntegerProduct.tryMultiplyUnproven(a, b, bits);
        FpIntegerProduct.Outcome gpu = GpuFpProduct.onDevice(a, b, bits);
        assertEquals(cpu.status(), gpu.status(), what);
        assertEquals(cpu.logN(), gpu.logN(), what);
        assertEquals(Double.doubleToLongBits(cpu.maxError()), Double.doubleToLongBits(gpu.maxError()),
                what + ": max error cpu " + cpu.maxError() + " gpu " + gpu.maxError());
        assertEquals(cpu.product(), gpu.product(), what);
        if (cpu.status() == FpIntegerProduct.Status.EXACT && cpu.bound() < 0.25) {
            assertEquals(a.multiply(b), gpu.product(), what);
        }
    }

    @Tag("gpu")
    @Test
    void deviceEqualsCpuOnRandomInputs() {
        GpuTests.assumeGpu();
        Random rnd = new Random(GpuTests.seed("GpuFpProductTest.deviceEqualsCpuOnRandomInputs"));
        for (int iter = 0; iter < 25; iter++) {
            BigInteger a = new BigInteger(1 + rnd.nextInt(1 << (5 + rnd.nextInt(17))), rnd);
            BigInteger b = iter % 5 == 0 ? a : new BigInteger(1 + rnd.nextInt(1 << (5 + rnd.nextInt(17))), rnd);
            if (a.signum() == 0 || b.signum() == 0) {
                continue;
            }
            a = rnd.nextBoolean() ? a : a.negate();
            int bits = FpIntegerProduct.provenDigitBits(a.abs().bitLength(), b.abs().bitLength());
            sameAsCpu(a, b, bits, "bits " + a.bitLength() + " x " + b.bitLength());
            assertEquals(a.multiply(b), GpuFpProduct.multiply(a, b));
        }
    }

    @Tag("gpu")
    @Test
    void allMaximalDigitsAndLongCarryChains() {
        GpuTests.assumeGpu();
        for (int bits : new int[] {64, 1000, 65_536, 1 << 20, (1 << 21) + 12_345}) {
            BigInteger max = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
            int b = FpIntegerProduct.provenDigitBits(bits, bits);
            sameAsCpu(max, max, b, "2^" + bits + " - 1 squared");
            // (2^k - 1)(2^k + 1) = 2^2k - 1: every limb of the result all ones (longest carry chains)
            BigInteger plus = max.add(BigInteger.TWO);
            sameAsCpu(max, plus, b, "(2^" + bits + " - 1)(2^" + bits + " + 1)");
            assertEquals(max.multiply(plus), GpuFpProduct.multiply(max, plus));
        }
    }

    @Tag("gpu")
    @Test
    void theDeviceCheckCatchesTooManyBits() {
        GpuTests.assumeGpu();
        Random rnd = new Random(GpuTests.seed("GpuFpProductTest.theDeviceCheckCatchesTooManyBits"));
        BigInteger a = BigInteger.ONE.shiftLeft(400_000).subtract(BigInteger.ONE);
        BigInteger b = new BigInteger(400_000, rnd).setBit(399_999);
        FpIntegerProduct.Outcome gpu = GpuFpProduct.onDevice(a, b, 26);
        assertEquals(FpIntegerProduct.Status.CHECK_FAILED, gpu.status());
        assertNull(gpu.product());
        sameAsCpu(a, b, 26, "26-bit digits");
        assertEquals(a.multiply(b), GpuFpProduct.multiply(a, b)); // proven digits: exact
    }

    // runs everywhere: without a GPU the entry point takes the CPU route, exactly
    @Test
    void exactWithOrWithoutADevice() {
        Random rnd = new Random(GpuTests.seed("GpuFpProductTest.exactWithOrWithoutADevice"));
        BigInteger[] xs = {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(),
            new BigInteger(50_000, rnd), new BigInteger(3_333, rnd).negate()};
        for (BigInteger a : xs) {
            for (BigInteger b : xs) {
                assertEquals(a.multiply(b), GpuFpProduct.multiply(a, b));
            }
        }
        assertThrows(IllegalArgumentException.class, () -> GpuFpProduct.multiply(null, BigInteger.ONE));
    }
}
