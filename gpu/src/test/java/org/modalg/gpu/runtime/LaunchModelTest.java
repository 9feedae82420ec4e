package org.modalg.gpu.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The launch model on the host: occupancy, fit and choice (no device, fake timings). */
class LaunchModelTest {
    private static final LaunchModel.DeviceLimits H100 = LaunchModel.DeviceLimits.h100();

    // cudaOccupancyMaxActiveBlocksPerMultiprocessor on an H100 (launch_harness, CUDA 13.0) for
    // blocks 32, 64, ..., 1024: kernels of 32 registers (garner_limbs) and 40 (fp_limb_sums)
    private static final int[] H100_REGS_32 = {32, 32, 21, 16, 12, 10, 9, 8, 7, 6, 5, 5, 4, 4, 4, 4, 3, 3, 3, 3,
        3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    private static final int[] H100_REGS_40 = {32, 24, 16, 12, 9, 8, 6, 6, 5, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2,
        2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1};

    private static long seed(String test) {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println(test + " seed " + seed + " (replay with -Dmodalg.test.seed=" + seed + ")");
        return seed;
    }

    @Test
    void occupancyMatchesTheRuntimeCalculatorOnAnH100() {
        for (int i = 0; i < 32; i++) {
            int b = 32 * (i + 1);
            assertEquals(H100_REGS_32[i], LaunchModel.activeBlocks(H100, new LaunchModel.KernelAttributes(32, 0, 1024),
                    b, 0), "32 registers, block " + b);
            assertEquals(H100_REGS_32[i], LaunchModel.activeBlocks(H100, new LaunchModel.KernelAttributes(10, 0, 1024),
                    b, 0), "10 registers, block " + b);
            assertEquals(H100_REGS_40[i], LaunchModel.activeBlocks(H100, new LaunchModel.KernelAttributes(40, 0, 1024),
                    b, 0), "40 registers, block " + b);
        }
    }

    @Test
    void occupancyEdgeCases() {
        // 255 registers: 8160 per warp rounded to 8192; 2 warps per quarter: 8 warps a multiprocessor
        LaunchModel.KernelAttributes heavy = new LaunchModel.KernelAttributes(255, 0, 1024);
        assertEquals(8, LaunchModel.activeBlocks(H100, heavy, 32, 0));
        assertEquals(1, LaunchModel.activeBlocks(H100, heavy, 256, 0));
        assertEquals(0, LaunchModel.activeBlocks(H100, heavy, 288, 0)); // 9 warps of 8192 > 65536 per block
        // a kernel compiled for at most 128 threads cannot take 160
        LaunchModel.KernelAttributes bounded = new LaunchModel.KernelAttributes(64, 0, 128);
        assertEquals(0, LaunchModel.activeBlocks(H100, bounded, 160, 0));
        assertArrayEquals(new int[] {32, 64, 96, 128}, LaunchModel.candidates(H100, bounded));
        // shared memory: 48 KiB + 1 KiB reserved per block, 228 KiB a multiprocessor: 4 blocks
        LaunchModel.KernelAttributes shared = new LaunchModel.KernelAttributes(32, 48 * 1024, 1024);
        assertEquals(4, LaunchModel.activeBlocks(H100, shared, 128, 0));
        assertEquals(2, LaunchModel.activeBlocks(H100, new LaunchModel.KernelAttributes(32, 0, 1024), 128, 100_000));
        // 0 registers reported: threads and blocks limit alone
        assertEquals(32, LaunchModel.activeBlocks(H100, new LaunchModel.KernelAttributes(0, 0, 1024), 1, 0));
        assertEquals(2, LaunchModel.activeBlocks(H100, new LaunchModel.KernelAttributes(0, 0, 1024), 1024, 0));
    }

    @Test
    void occupancyNeverExceedsAnyLimitOnRandomKernels() {
        Random rnd = new Random(seed("occupancyNeverExceedsAnyLimitOnRandomKernels"));
        for (int t = 0; t < 2000; t++) {
            LaunchModel.KernelAttributes k = new LaunchModel.KernelAttributes(rnd.nextInt(256),
                    rnd.nextInt(4) == 0 ? rnd.nextInt(100_000) : 0, 32 * (1 + rnd.nextInt(32)));
            int b = 1 + rnd.nextInt(1024);
            int a = LaunchModel.activeBlocks(H100, k, b, 0);
            int warps = (b + 31) / 32;
            assertTrue(a >= 0 && a <= 32, "blocks limit " + k + " " + b);
            assertTrue(a * warps * 32 <= 2048, "threads limit " + k + " " + b);
            int perWarp = (k.registers() * 32 + 255) / 256 * 256;
            assertTrue((long) a * warps * perWarp <= 65536, "registers limit " + k + " " + b);
            if (k.staticShared() > 0) {
                assertTrue((long) a * (k.staticShared() + 1024) <= 233472, "shared limit " + k + " " + b);
            }
            if (b > k.maxThreadsPerBlock()) {
                assertEquals(0, a);
            }
            // one more block would break a limit (the count is the largest that fits), unless 0
            int more = a + 1;
            boolean fits = more <= 32 && more * warps * 32 <= 2048 && b <= k.maxThreadsPerBlock()
                    && (k.registers() == 0 || (long) more * warps <= 65536 / 4 / Math.max(perWarp, 1) * 4
                    && (long) warps * perWarp <= 65536)
                    && (k.staticShared() == 0 || (long) more * (k.staticShared() + 1024) <= 233472);
            assertTrue(!fits, "not the largest count: " + k + " block " + b + " active " + a);
        }
    }

    @Test
    void fitRecoversNoiseFreeTimesAndPredictsEveryCandidate() {
        Random rnd = new Random(seed("fitRecoversNoiseFreeTimesAndPredictsEveryCandidate"));
        for (int t = 0; t < 50; t++) {
            LaunchModel.KernelAttributes k = new LaunchModel.KernelAttributes(8 + rnd.nextInt(64), 0, 1024);
            double[] truth = new double[LaunchModel.FEATURES];
            for (int j = 0; j < truth.length; j++) {
                truth[j] = rnd.nextInt(3) == 0 ? 0 : Math.pow(10, -4 + 4 * rnd.nextDouble());
            }
            truth[0] = 0.004; // a launch overhead, so every time is positive
            List<double[]> rows = new ArrayList<>();
            List<Double> times = new ArrayList<>();
            for (int s = 0; s < 4; s++) {
                long n = 1L << (10 + rnd.nextInt(15));
                for (int b : LaunchModel.PROBE_BLOCKS) {
                    int a = LaunchModel.activeBlocks(H100, k, b, 0);
                    if (a == 0) {
                        continue;
                    }
                    double[] f = LaunchModel.features(H100, n, 1, b, a);
                    rows.add(f);
                    times.add(LaunchModel.predict(truth, f));
                }
            }
            double[] c = LaunchModel.fit(rows, times.stream().mapToDouble(Double::doubleValue).toArray());
            for (double x : c) {
                assertTrue(x >= 0, "coefficients are non-negative");
            }
            for (int i = 0; i < rows.size(); i++) {
                double want = times.get(i);
                double got = LaunchModel.predict(c, rows.get(i));
                assertEquals(want, got, 1e-6 * want, "trial " + t + " launch " + i);
            }
        }
    }

    @Test
    void fitOfPureMemoryTimeIsFlatAndFitOfLatencyFavoursFewWaves() {
        LaunchModel.KernelAttributes k = new LaunchModel.KernelAttributes(32, 0, 1024);
        double[] waves = {0.003, 0.002, 0, 0, 0, 0};
        // with the only cost per wave, the choice is a block with the fewest waves for n = 2^20
        int chosen = LaunchModel.choose(H100, k, waves, 1 << 20, 1, 256);
        double best = Double.POSITIVE_INFINITY;
        for (int b : LaunchModel.candidates(H100, k)) {
            best = Math.min(best, LaunchModel.predictLaunch(H100, k, waves, 1 << 20, 1, b));
        }
        assertTrue(LaunchModel.predictLaunch(H100, k, waves, 1 << 20, 1, chosen) <= best * (1 + LaunchModel.TIE_TOLERANCE));
        // a flat cost keeps the default block
        double[] flat = {0.004, 0, 0, 0.01, 0, 0};
        assertEquals(256, LaunchModel.choose(H100, k, flat, 1 << 20, 1, 256));
        assertEquals(96, LaunchModel.choose(H100, k, flat, 1 << 20, 1, 96));
    }

    @Test
    void choiceIsTheBruteForceArgminWithTheTieRule() {
        Random rnd = new Random(seed("choiceIsTheBruteForceArgminWithTheTieRule"));
        for (int t = 0; t < 300; t++) {
            LaunchModel.KernelAttributes k = new LaunchModel.KernelAttributes(rnd.nextInt(128), 0,
                    rnd.nextBoolean() ? 1024 : 256);
            double[] c = new double[LaunchModel.FEATURES];
            for (int j = 0; j < c.length; j++) {
                c[j] = rnd.nextDouble() * Math.pow(10, -rnd.nextInt(4));
            }
            long n = 1 + (long) (rnd.nextDouble() * (1L << (1 + rnd.nextInt(26))));
            int rows = 1 + rnd.nextInt(4);
            int[] cands = LaunchModel.candidates(H100, k);
            int def = cands[rnd.nextInt(cands.length)];
            int got = LaunchModel.choose(H100, k, c, n, rows, def);
            // naive: predicted times by features computed here
            double best = Double.POSITIVE_INFINITY;
            double[] time = new double[cands.length];
            for (int i = 0; i < cands.length; i++) {
                int b = cands[i];
                int a = LaunchModel.activeBlocks(H100, k, b, 0);
                double grid = (double) rows * ((n + b - 1) / b);
                double slots = (double) a * 132;
                double th = grid * b / 1e6;
                time[i] = c[0] + c[1] * Math.ceil(grid / slots) + c[2] * grid / slots + c[3] * th
                        + c[4] * th * a * b / 2048.0 + c[5] * th / a;
                best = Math.min(best, time[i]);
            }
            double limit = best * (1 + LaunchModel.TIE_TOLERANCE);
            int want = -1;
            for (int i = 0; i < cands.length; i++) {
                if (cands[i] == def && time[i] <= limit * (1 + 1e-12)) {
                    want = def;
                }
            }
            if (want < 0) {
                for (int i = 0; i < cands.length; i++) {
                    if (time[i] <= limit && (want < 0 || Math.abs(Math.log((double) cands[i] / def))
                            < Math.abs(Math.log((double) want / def)))) {
                        want = cands[i];
                    }
                }
            }
            assertEquals(want, got, "trial " + t + ": n " + n + " rows " + rows + " default " + def);
        }
    }

    @Test
    void badInputNamesTheParameter() {
        LaunchModel.KernelAttributes k = new LaunchModel.KernelAttributes(32, 0, 1024);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LaunchModel.activeBlocks(H100, k, 0, 0))
                .getMessage().contains("block"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LaunchModel.activeBlocks(H100, k, 1025, 0))
                .getMessage().contains("[1, 1024]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LaunchModel.activeBlocks(H100, k, 32, -1))
                .getMessage().contains("dynamicShared"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new LaunchModel.KernelAttributes(256, 0, 1024))
                .getMessage().contains("registers"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new LaunchModel.KernelAttributes(32, 0, 0))
                .getMessage().contains("maxThreadsPerBlock"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new LaunchModel.DeviceLimits(0, 2048, 32, 65536, 65536, 233472, 1024, 32))
                .getMessage().contains("multiprocessors"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LaunchModel.features(H100, 0, 1, 32, 1))
                .getMessage().contains("n"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LaunchModel.fit(List.of(), new double[0]))
                .getMessage().contains("at least one"));
        double[] f = LaunchModel.features(H100, 1000, 1, 32, 1);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LaunchModel.fit(List.of(f), new double[] {0}))
                .getMessage().contains("times[0]"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> LaunchModel.fit(List.of(f), new double[] {Double.NaN})).getMessage().contains("times[0]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LaunchModel.predict(new double[2], f))
                .getMessage().contains("entries"));
        LaunchModel.KernelAttributes none = new LaunchModel.KernelAttributes(255, 0, 1024);
        assertThrows(IllegalArgumentException.class,
                () -> LaunchModel.predictLaunch(H100, none, new double[LaunchModel.FEATURES], 10, 1, 1024));
    }
}
