package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.logging.Handler;
import java.util.logging.Logger;
import jcuda.driver.CUresult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fields.ZpField;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.polynomial.batchedpoly.BatchedPolyProducts;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.gpu.runtime.LogCapture;

/**
 * {@link GpuBatchedPolyProducts} on the device ({@code polybatch.cu}) against its CPU twin
 * {@link BatchedPolyProducts}, polynomial for polynomial (coefficient for coefficient), on random
 * batches every run (seed printed): coefficients of 1 .. 2000 bits of both signs, lengths
 * differing inside a batch (several groups of transform length and primes in one call), zero
 * polynomials, length 1, all-extreme coefficients, the longest product the kernel takes (8192
 * coefficients, 2^13 points, 64 KiB of shared memory) and one past it, over Z/pZ; the CPU
 * fallback with one warning on a device fault; the chunk halving out of device memory.
 */
@Tag("gpu")
class GpuBatchedPolyProductsTest {
    private static GpuBatchedPolyProducts gpu;
    private final List<String> warnings = new ArrayList<>();
    private final Handler capture = new LogCapture(warnings);

    private void startGpu() {
        GpuTests.assumeGpu();
        if (gpu == null) {
            gpu = new GpuBatchedPolyProducts(GpuRuntime.get());
        }
        Logger.getLogger(GpuBatchedPolyProducts.class.getName()).addHandler(capture);
    }

    @AfterEach
    void stop() {
        Logger.getLogger(GpuBatchedPolyProducts.class.getName()).removeHandler(capture);
        DeviceBuffer.limitAllocationsForTests(Long.MAX_VALUE);
    }

    @AfterAll
    static void release() {
        if (gpu != null) {
            gpu.close();
        }
    }

    private static void sameAsTwin(List<ZZPoly> a, List<ZZPoly> b, List<ZZPoly> got, String what) {
        List<ZZPoly> want = BatchedPolyProducts.multiplyAll(a, b, Options.defaults());
        for (int i = 0; i < a.size(); i++) {
            assertEquals(want.get(i), got.get(i), what + " product " + i);
        }
    }

    @Test
    void randomBatchesMatchTheCpuTwin() {
        startGpu();
        long seed = GpuTests.seed("GpuBatchedPolyProductsTest.random");
        Random rnd = new Random(seed);
        int[] bits = {1, 31, 64, 65, 256, 512, 1000, 2000};
        for (int round = 0; round < 3; round++) {
            List<ZZPoly> a = new ArrayList<>();
            List<ZZPoly> b = new ArrayList<>();
            int count = round == 0 ? 200 : 40;
            for (int i = 0; i < count; i++) {
                int ba = bits[rnd.nextInt(bits.length)];
                int bb = round == 0 ? ba : bits[rnd.nextInt(bits.length)];
                int maxLen = round == 2 ? 2048 : 300;
                a.add(PolyBatchLayoutTest.random(rnd, 1 + rnd.nextInt(maxLen), ba));
                b.add(PolyBatchLayoutTest.random(rnd, 1 + rnd.nextInt(maxLen), bb));
            }
            sameAsTwin(a, b, gpu.multiplyAll(a, b), "seed " + seed + " round " + round);
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void edgeCasesMatchTheCpuTwin() {
        startGpu();
        long seed = GpuTests.seed("GpuBatchedPolyProductsTest.edges");
        Random rnd = new Random(seed);
        List<ZZPoly> a = List.of(ZZPoly.ZERO, PolyBatchLayoutTest.random(rnd, 7, 100), ZZPoly.of(5), ZZPoly.of(-1),
                PolyBatchLayoutTest.extreme(2048, 2000, 1), PolyBatchLayoutTest.extreme(1000, 2000, -1),
                PolyBatchLayoutTest.extreme(300, 64, 0), PolyBatchLayoutTest.extreme(64, 63, -1),
                PolyBatchLayoutTest.random(rnd, 4096, 64), PolyBatchLayoutTest.random(rnd, 4096, 64),
                PolyBatchLayoutTest.random(rnd, 1, 2000));
        List<ZZPoly> b = List.of(PolyBatchLayoutTest.random(rnd, 3, 64), ZZPoly.ZERO, ZZPoly.of(-7),
                PolyBatchLayoutTest.random(rnd, 30, 500), PolyBatchLayoutTest.extreme(2048, 2000, -1),
                PolyBatchLayoutTest.extreme(1000, 2000, -1), PolyBatchLayoutTest.extreme(300, 64, 0),
                PolyBatchLayoutTest.extreme(64, 64, -1), PolyBatchLayoutTest.random(rnd, 4097, 64),
                PolyBatchLayoutTest.random(rnd, 4098, 64), PolyBatchLayoutTest.random(rnd, 1, 2000));
        sameAsTwin(a, b, gpu.multiplyAll(a, b), "seed " + seed + " edges");
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void backendGpuOfTheFacadeReachesTheDevice() {
        startGpu();
        long seed = GpuTests.seed("GpuBatchedPolyProductsTest.facade");
        Random rnd = new Random(seed);
        List<ZZPoly> a = new ArrayList<>();
        List<ZZPoly> b = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            a.add(PolyBatchLayoutTest.random(rnd, 1 + rnd.nextInt(200), 128));
            b.add(PolyBatchLayoutTest.random(rnd, 1 + rnd.nextInt(200), 96));
        }
        sameAsTwin(a, b, BatchedPolyProducts.multiplyAll(a, b, Options.defaults().withBackend(Backend.GPU)),
                "seed " + seed + " through BatchedPolyProducts");
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void productsOverZpMatchTheCpuTwin() {
        startGpu();
        long seed = GpuTests.seed("GpuBatchedPolyProductsTest.zp");
        Random rnd = new Random(seed);
        long[] ps = {2, 998244353, (1L << 61) - 1, 4611686018427387847L};
        List<ZpPoly> a = new ArrayList<>();
        List<ZpPoly> b = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            ZpField f = ZpField.of(ps[i % ps.length]);
            long[] x = new long[1 + rnd.nextInt(500)];
            long[] y = new long[1 + rnd.nextInt(500)];
            for (int k = 0; k < x.length; k++) {
                x[k] = i % 7 == 3 ? f.p() - 1 : Math.floorMod(rnd.nextLong(), f.p());
            }
            for (int k = 0; k < y.length; k++) {
                y[k] = i % 7 == 3 ? f.p() - 1 : Math.floorMod(rnd.nextLong(), f.p());
            }
            a.add(ZpPoly.of(f, x));
            b.add(ZpPoly.of(f, y));
        }
        assertEquals(BatchedPolyProducts.multiplyAllZp(a, b), gpu.multiplyAllZp(a, b), "seed " + seed);
    }

    @Test
    void aDeviceFaultLeavesTheRestToTheCpuWithOneWarning() {
        startGpu();
        long seed = GpuTests.seed("GpuBatchedPolyProductsTest.fault");
        Random rnd = new Random(seed);
        List<ZZPoly> a = new ArrayList<>();
        List<ZZPoly> b = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            a.add(PolyBatchLayoutTest.random(rnd, 1 + rnd.nextInt(600), i % 2 == 0 ? 64 : 700));
            b.add(PolyBatchLayoutTest.random(rnd, 1 + rnd.nextInt(600), 300));
        }
        try (GpuBatchedPolyProducts fresh = new GpuBatchedPolyProducts(GpuRuntime.get())) {
            fresh.injectFaultForTests(CUresult.CUDA_ERROR_LAUNCH_FAILED);
            sameAsTwin(a, b, fresh.multiplyAll(a, b), "seed " + seed + " after a fault");
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).contains("injected") && warnings.get(0).contains("run on the CPU"),
                    warnings.get(0));
            warnings.clear();
            sameAsTwin(a, b, fresh.multiplyAll(a, b), "seed " + seed + " the next call");
            assertTrue(warnings.isEmpty(), warnings.toString());
        }
    }

    @Test
    void outOfMemoryHalvesTheChunk() {
        startGpu();
        long seed = GpuTests.seed("GpuBatchedPolyProductsTest.oom");
        Random rnd = new Random(seed);
        List<ZZPoly> a = new ArrayList<>();
        List<ZZPoly> b = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            a.add(PolyBatchLayoutTest.random(rnd, 512, 256));
            b.add(PolyBatchLayoutTest.random(rnd, 512, 256));
        }
        try (GpuBatchedPolyProducts fresh = new GpuBatchedPolyProducts(GpuRuntime.get())) {
            // about 8 products' buffers (1024 points, 18 primes: 0.3 MB each) besides the 3 MB tables
            DeviceBuffer.limitAllocationsForTests(DeviceBuffer.allocatedBytes() + (6L << 20));
            sameAsTwin(a, b, fresh.multiplyAll(a, b), "seed " + seed + " in little memory");
            assertTrue(warnings.stream().anyMatch(w -> w.contains("retrying with chunks")), warnings.toString());
        }
    }
}
