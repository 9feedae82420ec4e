package org.modalg.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.gpu.runtime.LaunchChooser;

/**
 * The all-device integer product (projection, NTTs, pointwise, Garner, carry_prepare and the
 * carry scan) equals BigInteger.multiply with every block the launch chooser may pick, and under
 * mode model (calibrating at first use) too.
 */
@Tag("gpu")
class LaunchBlocksProductTest {
    private LaunchChooser chooser;

    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
        chooser = GpuRuntime.get().launchChooser();
    }

    @AfterEach
    void stop() {
        if (chooser != null) {
            chooser.force(0);
        }
    }

    @Test
    void productsEqualBigIntegerWithEveryBlock() {
        Random rnd = new Random(GpuTests.seed("productsEqualBigIntegerWithEveryBlock"));
        GpuIntegerMultiplier gpu = new GpuIntegerMultiplier(GpuRuntime.get());
        int aLen = 3000 + rnd.nextInt(2000);
        int bLen = 1 + rnd.nextInt(aLen);
        long[] a = new long[aLen];
        long[] b = new long[bLen];
        for (int i = 0; i < aLen; i++) {
            a[i] = i < 8 ? -1L : rnd.nextLong(); // carries through all-ones limbs at the start
        }
        for (int i = 0; i < bLen; i++) {
            b[i] = rnd.nextInt(8) == 0 ? -1L : rnd.nextLong();
        }
        BigInteger want = GpuIntegerMultiplierTest.value(a, aLen).multiply(GpuIntegerMultiplierTest.value(b, bLen));
        long[] wantLimbs = GpuIntegerMultiplierTest.limbs(want, aLen + bLen);
        for (int block = 32; block <= 1024; block += 32) {
            chooser.force(block);
            assertArrayEquals(wantLimbs, gpu.multiply(a, aLen, b, bLen), "block " + block + ", " + aLen + " x " + bLen);
        }
        chooser.force(0);
        // whatever the mode of this run, the chooser's own pick
        assertArrayEquals(wantLimbs, gpu.multiply(a, aLen, b, bLen), "chooser's blocks (" + chooser.mode() + ")");
        assertArrayEquals(wantLimbs, gpu.multiply(a, aLen, b, bLen), "memoized choice");
    }
}
