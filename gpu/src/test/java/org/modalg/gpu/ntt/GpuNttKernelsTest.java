package org.modalg.gpu.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fields.NttPrimes;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;

/**
 * Every pass family of {@link GpuNtt} ({@code modalg.gpu.nttKernel}: the engines' Shoup passes,
 * and the two-phase Shoup, fused and radix-4 ones kept for comparison) against the CPU engine on
 * the same random rows: the forward transform (bit-reversed) and the inverse of the CPU's forward
 * output (n x), bit for bit, at pass schedules of every shape (one pass, a stride-1 pass with
 * fewer than 8 stages, three passes, several rows of a run; passes of 8 stages alone at 2^8,
 * strided and of stride 1 at 2^16, reading quotients at 2^22 and 2^23).
 */
@Tag("gpu")
class GpuNttKernelsTest {
    private static final List<String> KERNELS = List.of("shoup", "shoup16", "fused", "fused_lb3", "radix4");
    // 62-bit primes admitting 2^30-point transforms, one with exactly 2^24 | p - 1, a small one
    private static final long[] PRIMES = {
        NttPrimes.generate(1, 1L << 62, 30)[0], NttPrimes.largestBelow(1L << 62, 24), 998244353L};

    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
    }

    private static void check(GpuNtt ntt, String kernel, long p, int log2n, int rows, long[] x) {
        int n = 1 << log2n;
        String what = kernel + " p=" + p + " log2n=" + log2n + " rows=" + rows;
        long[] expected = x.clone();
        long[] primes = new long[rows];
        Arrays.fill(primes, p);
        CpuNttEngine.shared().forward(primes, log2n, expected, rows);
        long[] got = x.clone();
        NttTables t = NttTables.of(p, log2n);
        try (DeviceBuffer d = DeviceBuffer.of(got)) {
            ntt.forwardToBitReversed(d, 0, rows, t);
            Cuda.synchronize("forward " + what);
            d.download(0, got, 0, (long) rows * n);
        }
        long[] reordered = new long[got.length];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < n; i++) {
                int j = log2n == 0 ? 0 : Integer.reverse(i) >>> (32 - log2n);
                reordered[r * n + j] = got[r * n + i];
            }
        }
        assertArrayEquals(expected, reordered, "forward " + what);
        // the inverse of the CPU's forward output, fed bit-reversed: n x
        try (DeviceBuffer d = DeviceBuffer.of(got)) {
            ntt.inverseFromBitReversed(d, 0, rows, t);
            Cuda.synchronize("inverse " + what);
            d.download(0, got, 0, (long) rows * n);
        }
        long nModP = n % p;
        long[] nx = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            nx[i] = BigInteger.valueOf(x[i]).multiply(BigInteger.valueOf(nModP))
                    .mod(BigInteger.valueOf(p)).longValue();
        }
        assertArrayEquals(nx, got, "inverse(forward) " + what);
    }

    @Test
    void everyKernelMatchesTheCpuOnRandomRows() {
        Random rnd = new Random(GpuTests.seed("everyKernelMatchesTheCpuOnRandomRows"));
        GpuRuntime rt = GpuRuntime.get();
        for (String kernel : KERNELS) {
            GpuNtt ntt = new GpuNtt(rt, kernel);
            for (long p : PRIMES) {
                for (int log2n : new int[] {1, 4, 8, 9, 13, 16, 17, 20, 22, 23}) {
                    if (log2n > NttPrimes.twoAdicOrder(p)) {
                        continue;
                    }
                    // 2 rows at 2^20: several rows of a three-pass transform (2^22: quotients)
                    int rows = log2n <= 13 ? 3 : log2n == 20 ? 2 : 1;
                    long[] x = new long[rows << log2n];
                    for (int i = 0; i < x.length; i++) {
                        x[i] = Math.floorMod(rnd.nextLong(), p);
                    }
                    check(ntt, kernel, p, log2n, rows, x);
                }
            }
        }
    }

    @Test
    void edgeValuesZeroOneAndMinusOne() {
        GpuRuntime rt = GpuRuntime.get();
        for (String kernel : KERNELS) {
            GpuNtt ntt = new GpuNtt(rt, kernel);
            for (long p : PRIMES) {
                for (long v : new long[] {0, 1, p - 1}) {
                    long[] x = new long[1 << 16];
                    Arrays.fill(x, v);
                    check(ntt, kernel, p, 16, 1, x);
                }
            }
        }
    }

    @Test
    void anUnknownKernelNameIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new GpuNtt(GpuRuntime.get(), "radix8"));
        assertTrue(e.getMessage().contains("shoup") && e.getMessage().contains("radix8"), e.getMessage());
    }
}
