package org.modalg.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;

/** The all-device integer product against BigInteger.multiply on the same random limbs. */
@Tag("gpu")
class GpuIntegerMultiplierTest {
    private static GpuIntegerMultiplier gpu;

    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
        if (gpu == null) {
            gpu = new GpuIntegerMultiplier(GpuRuntime.get());
        }
    }

    static BigInteger value(long[] limbs, int len) {
        byte[] be = new byte[8 * len + 1];
        for (int i = 0; i < len; i++) {
            for (int b = 0; b < 8; b++) {
                be[be.length - 1 - 8 * i - b] = (byte) (limbs[i] >>> (8 * b));
            }
        }
        return new BigInteger(be);
    }

    static long[] limbs(BigInteger x, int len) {
        byte[] be = x.toByteArray();
        long[] out = new long[len];
        for (int i = 0; i < be.length; i++) {
            int fromEnd = be.length - 1 - i;
            if (fromEnd / 8 < len) {
                out[fromEnd / 8] |= (be[i] & 0xFFL) << (8 * (fromEnd & 7));
            }
        }
        return out;
    }

    private static void check(long[] a, int aLen, long[] b, int bLen, String what) {
        long[] got = gpu.multiply(a, aLen, b, bLen);
        BigInteger expected = value(a, aLen).multiply(value(b, bLen));
        assertArrayEquals(limbs(expected, aLen + bLen), got, what);
    }

    private static long[] random(Random rnd, int len) {
        long[] x = new long[len];
        for (int i = 0; i < len; i++) {
            x[i] = rnd.nextLong();
        }
        return x;
    }

    @Test
    void randomOperandsOfManySizes() {
        Random rnd = new Random(GpuTests.seed("randomOperandsOfManySizes"));
        int[] sizes = {1, 2, 3, 7, 64, 100, 1000, 2047, 2048, 2049, 4096, 10_000, 65_536, 100_000};
        for (int sa : sizes) {
            int sb = rnd.nextBoolean() ? sa : 1 + rnd.nextInt(sa);
            check(random(rnd, sa), sa, random(rnd, sb), sb, "sizes " + sa + " x " + sb);
        }
        long[] big = random(rnd, 1_600_000); // about 10^8 bits
        check(big, big.length, random(rnd, 1_600_000), 1_600_000, "10^8 bits");
    }

    @Test
    void squaresUseOneTransform() {
        Random rnd = new Random(GpuTests.seed("squaresUseOneTransform"));
        for (int len : new int[] {1, 5, 3000, 50_000}) {
            long[] a = random(rnd, len);
            check(a, len, a, len, "square of " + len + " limbs");
        }
    }

    @Test
    void longCarryChainsAndEdgeLimbs() {
        for (int len : new int[] {1, 2, 1000, 5000, 70_000}) {
            long[] ones = new long[len];
            Arrays.fill(ones, -1L); // 2^(64 len) - 1: the product has a carry chain across it all
            check(ones, len, ones, len, "(2^n - 1)^2, n = 64*" + len);
            long[] one = {1};
            check(ones, len, one, 1, "(2^n - 1) * 1");
            long[] pow = new long[len];
            pow[len - 1] = Long.MIN_VALUE; // 2^(64 len - 1)
            check(pow, len, ones, len, "2^(n-1) (2^n - 1)");
            long[] zeros = new long[len];
            check(zeros, len, ones, len, "0 * (2^n - 1)");
        }
    }

    @Test
    void badLengthsAreRejected() {
        long[] a = {1, 2};
        assertThrows(IllegalArgumentException.class, () -> gpu.multiply(a, 0, a, 1));
        assertThrows(IllegalArgumentException.class, () -> gpu.multiply(a, 3, a, 1));
    }
}
