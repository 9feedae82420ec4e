package org.modalg.gpu.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fields.NttPrimes;
import org.modalg.gpu.runtime.GpuTests;

/** The GPU NTT engine against the CPU engine: same random inputs, bit-identical outputs. */
@Tag("gpu")
class GpuNttEngineTest {
    private static GpuNttEngine gpu;
    private static final NttEngine CPU = CpuNttEngine.shared();
    // three 62-bit primes admitting 2^30-point transforms, and a small one
    private static final long[] PRIMES = NttPrimes.generate(3, 1L << 62, 30);
    private static final long SMALL_PRIME = 998244353L; // 119 * 2^23 + 1

    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
        if (gpu == null) {
            gpu = new GpuNttEngine(0);
        }
    }

    @AfterAll
    static void stop() {
        if (gpu != null) {
            gpu.close();
        }
    }

    private static long[] random(Random rnd, long[] rowPrimes, int rows, int log2n) {
        int n = 1 << log2n;
        long[] x = new long[rows * n];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < n; i++) {
                x[r * n + i] = Math.floorMod(rnd.nextLong(), rowPrimes[r]);
            }
        }
        return x;
    }

    private static long[] rowPrimes(Random rnd, int rows, boolean mixed) {
        long[] p = new long[rows];
        for (int r = 0; r < rows; r++) {
            p[r] = mixed ? PRIMES[(r / 2) % PRIMES.length] : PRIMES[0];
        }
        return p;
    }

    private static void compareAll(Random rnd, int log2n, int rows, boolean mixed) {
        long[] primes = rowPrimes(rnd, rows, mixed);
        String what = "log2n=" + log2n + " rows=" + rows;
        long[] x = random(rnd, primes, rows, log2n);
        long[] g = x.clone();
        long[] c = x.clone();
        gpu.forward(primes, log2n, g, rows);
        CPU.forward(primes, log2n, c, rows);
        assertArrayEquals(c, g, "forward " + what);
        gpu.inverse(primes, log2n, g, rows);
        CPU.inverse(primes, log2n, c, rows);
        assertArrayEquals(x, g, "inverse(forward) " + what);
        assertArrayEquals(c, g, "inverse " + what);

        long[] y = random(rnd, primes, rows, log2n);
        long[] outG = new long[x.length];
        long[] outC = new long[x.length];
        gpu.cyclicConvolution(primes, log2n, x.clone(), y.clone(), outG, rows);
        CPU.cyclicConvolution(primes, log2n, x.clone(), y.clone(), outC, rows);
        assertArrayEquals(outC, outG, "cyclic " + what);
        long[] sq = x.clone();
        gpu.cyclicConvolution(primes, log2n, sq, sq, sq, rows);
        long[] sqC = x.clone();
        CPU.cyclicConvolution(primes, log2n, sqC, sqC, sqC, rows);
        assertArrayEquals(sqC, sq, "cyclic square in place " + what);
        gpu.negacyclicConvolution(primes, log2n, x.clone(), y.clone(), outG, rows);
        CPU.negacyclicConvolution(primes, log2n, x.clone(), y.clone(), outC, rows);
        assertArrayEquals(outC, outG, "negacyclic " + what);
    }

    @Test
    void everyLengthUpTo2To24MatchesTheCpu() {
        Random rnd = new Random(GpuTests.seed("everyLengthUpTo2To24MatchesTheCpu"));
        for (int log2n = 1; log2n <= 24; log2n++) {
            int rows = log2n <= 12 ? 5 : log2n <= 20 ? 2 : 1;
            compareAll(rnd, log2n, rows, true);
        }
    }

    @Test
    void largeBatchesOfOnePrime() {
        Random rnd = new Random(GpuTests.seed("largeBatchesOfOnePrime"));
        compareAll(rnd, 10, 3000, false);
        compareAll(rnd, 16, 64, false);
    }

    @Test
    void edgeValues() {
        int log2n = 12;
        int n = 1 << log2n;
        long[] primes = {PRIMES[0], PRIMES[1], SMALL_PRIME};
        for (long fill : new long[] {0, 1, -1}) {
            long[] x = new long[3 * n];
            for (int r = 0; r < 3; r++) {
                long v = fill < 0 ? primes[r] - 1 : fill;
                java.util.Arrays.fill(x, r * n, (r + 1) * n, v);
            }
            long[] g = x.clone();
            long[] c = x.clone();
            gpu.forward(primes, log2n, g, 3);
            CPU.forward(primes, log2n, c, 3);
            assertArrayEquals(c, g, "forward of constant rows " + fill);
            long[] og = new long[x.length];
            long[] oc = new long[x.length];
            gpu.negacyclicConvolution(primes, log2n, x.clone(), x.clone(), og, 3);
            CPU.negacyclicConvolution(primes, log2n, x.clone(), x.clone(), oc, 3);
            assertArrayEquals(oc, og, "negacyclic square of constant rows " + fill);
        }
    }

    @Test
    void smallBatchesRunOnTheCpuWithTheSameResult() {
        try (GpuNttEngine thresholded = new GpuNttEngine(1 << 20)) {
            Random rnd = new Random(GpuTests.seed("smallBatchesRunOnTheCpuWithTheSameResult"));
            long[] primes = {PRIMES[1]};
            long[] x = random(rnd, primes, 1, 10);
            long[] c = x.clone();
            thresholded.forward(primes, 10, x, 1);
            CPU.forward(primes, 10, c, 1);
            assertArrayEquals(c, x);
        }
    }

    @Test
    void badInputGetsTheCpuEnginesException() {
        long[] data = new long[16];
        long[][] primeSets = {{15}, {PRIMES[0]}, null};
        int[] log2ns = {4, 40, 4};
        for (int i = 0; i < primeSets.length; i++) {
            long[] p = primeSets[i];
            int log2n = log2ns[i];
            IllegalArgumentException eg = assertThrows(IllegalArgumentException.class,
                    () -> gpu.forward(p, log2n, data, 1));
            IllegalArgumentException ec = assertThrows(IllegalArgumentException.class,
                    () -> CPU.forward(p, log2n, data, 1));
            assertEquals(ec.getMessage(), eg.getMessage());
        }
        IllegalArgumentException eg = assertThrows(IllegalArgumentException.class,
                () -> gpu.cyclicConvolution(new long[] {PRIMES[0]}, 5, data, data, data, 1));
        IllegalArgumentException ec = assertThrows(IllegalArgumentException.class,
                () -> CPU.cyclicConvolution(new long[] {PRIMES[0]}, 5, data, data, data, 1));
        assertEquals(ec.getMessage(), eg.getMessage());
    }
}
