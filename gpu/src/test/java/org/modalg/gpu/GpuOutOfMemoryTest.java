package org.modalg.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.logging.Handler;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fields.NttPrimes;
import org.modalg.gpu.ntt.GpuNttEngine;
import org.modalg.gpu.ntt.NttTables;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.gpu.runtime.LogCapture;

/**
 * The out-of-memory paths, with device memory limited by DeviceBuffer's fault injection: the NTT
 * engine splits a batch that does not fit and runs rows that never fit on the CPU, the integer
 * product gives way to the CPU (null), each with a logged warning and never a wrong result.
 */
@Tag("gpu")
class GpuOutOfMemoryTest {
    private static final long P = NttPrimes.generate(1, 1L << 62, 30)[0];
    private final List<String> warnings = new ArrayList<>();
    private final Handler capture = new LogCapture(warnings);

    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
        NttTables.clearCache();
        Logger.getLogger(GpuNttEngine.class.getName()).addHandler(capture);
        Logger.getLogger(GpuLimbProductProvider.class.getName()).addHandler(capture);
    }

    @AfterEach
    void stop() {
        DeviceBuffer.limitAllocationsForTests(Long.MAX_VALUE);
        Logger.getLogger(GpuNttEngine.class.getName()).removeHandler(capture);
        Logger.getLogger(GpuLimbProductProvider.class.getName()).removeHandler(capture);
    }

    private static long[] random(Random rnd, int words) {
        long[] x = new long[words];
        for (int i = 0; i < words; i++) {
            x[i] = Math.floorMod(rnd.nextLong(), P);
        }
        return x;
    }

    @Test
    void aBatchThatDoesNotFitIsSplitThenRunsOnTheCpuWithTheSameResult() {
        Random rnd = new Random(GpuTests.seed("aBatchThatDoesNotFitIsSplit"));
        int log2n = 16;
        int n = 1 << log2n;
        int rows = 8;
        long[] primes = new long[rows];
        java.util.Arrays.fill(primes, P);
        long[] a = random(rnd, rows * n);
        long[] b = random(rnd, rows * n);
        long[] expected = new long[rows * n];
        CpuNttEngine.shared().cyclicConvolution(primes, log2n, a.clone(), b.clone(), expected, rows);
        long tables = 2L * n * Long.BYTES;
        long row = (long) n * Long.BYTES;
        try (GpuNttEngine gpu = new GpuNttEngine(0)) {
            // room for the tables and two rows of a and b: chunks of 8 and 4 rows fail, 2 fit
            DeviceBuffer.limitAllocationsForTests(DeviceBuffer.allocatedBytes() + tables + 4 * row);
            long[] out = new long[rows * n];
            gpu.cyclicConvolution(primes, log2n, a.clone(), b.clone(), out, rows);
            assertArrayEquals(expected, out, "split batch");
            assertTrue(warnings.stream().anyMatch(w -> w.contains("chunks of 2 rows")), warnings.toString());

            // room for less than one row: every row runs on the CPU
            warnings.clear();
            NttTables.clearCache();
            DeviceBuffer.limitAllocationsForTests(DeviceBuffer.allocatedBytes() + row / 2);
            long[] out2 = new long[rows * n];
            gpu.cyclicConvolution(primes, log2n, a.clone(), b.clone(), out2, rows);
            assertArrayEquals(expected, out2, "CPU fallback");
            assertTrue(warnings.stream().anyMatch(w -> w.contains("run on the CPU")), warnings.toString());
        }
    }

    @Test
    void anIntegerProductThatDoesNotFitIsLeftToTheCpu() {
        GpuLimbProductProvider provider = new GpuLimbProductProvider();
        long[] a = new long[5000];
        java.util.Arrays.fill(a, -1L);
        DeviceBuffer.limitAllocationsForTests(DeviceBuffer.allocatedBytes() + 1000);
        assertNull(provider.multiply(a, a.length, a, a.length), "null: the caller computes it");
        assertTrue(warnings.stream().anyMatch(w -> w.contains("runs on the CPU")), warnings.toString());
    }
}
