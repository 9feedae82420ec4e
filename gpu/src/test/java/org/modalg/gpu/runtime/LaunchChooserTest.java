package org.modalg.gpu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The chooser's policy with fake timings: calibration per size bucket, memo, cache, fallbacks. */
class LaunchChooserTest {
    private static final LaunchModel.DeviceLimits H100 = LaunchModel.DeviceLimits.h100();
    private static final LaunchModel.KernelAttributes K32 = new LaunchModel.KernelAttributes(32, 0, 1024);
    private static final String MODEL = "Fake GPU";

    @TempDir
    Path dir;

    // a kernel whose true time is the model with these coefficients (a latency-bound one: waves)
    private static final double[] TRUE = {0.004, 0.0015, 0.0005, 0.0001, 0.002, 0};

    private static final class CountingTimer implements LaunchChooser.Timer {
        final List<long[]> calls = new ArrayList<>();
        final Random noise;

        CountingTimer(long seed) {
            noise = new Random(seed);
        }

        @Override
        public double millis(LaunchChooser.Probe probe, long n, int block) {
            calls.add(new long[] {n, block});
            probe.launch(n, block);
            double t = LaunchModel.predictLaunch(H100, K32, TRUE, n, 1, block);
            return t * (1 + 0.02 * (noise.nextDouble() - 0.5));
        }
    }

    private static long seed(String test) {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println(test + " seed " + seed + " (replay with -Dmodalg.test.seed=" + seed + ")");
        return seed;
    }

    @Test
    void fixedModeReturnsTheDefaultAndTimesNothing() {
        CountingTimer timer = new CountingTimer(1);
        LaunchChooser c = new LaunchChooser(H100, LaunchCache.inMemory(MODEL, 1), timer, LaunchChooser.Mode.FIXED);
        List<Long> probed = new ArrayList<>();
        assertEquals(256, c.block("k", K32, 1 << 20, 1, 256, (n, b) -> probed.add(n)));
        assertTrue(timer.calls.isEmpty());
        assertTrue(probed.isEmpty());
    }

    @Test
    void modelModeCalibratesEachSizeBucketOnceAndChoosesWellOnFakeTimings() {
        CountingTimer timer = new CountingTimer(seed("modelModeCalibratesEachSizeBucketOnceAndChoosesWellOnFakeTimings"));
        LaunchCache cache = LaunchCache.open(dir, MODEL, 1);
        LaunchChooser c = new LaunchChooser(H100, cache, timer, LaunchChooser.Mode.MODEL);
        List<long[]> probed = new ArrayList<>();
        LaunchChooser.Probe probe = (n, b) -> probed.add(new long[] {n, b});
        for (int log = 10; log <= 24; log++) {
            long n = 1L << log;
            int before = timer.calls.size();
            int b = c.block("k", K32, n, 1, 256, probe);
            assertEquals(12, timer.calls.size() - before, "12 timed launches at 2^" + log);
            assertEquals(b, c.block("k", K32, n, 1, 256, probe), "memoized");
            assertEquals(b, c.block("k", K32, n - n / 3, 1, 256, probe), "same bucket");
            assertEquals(12, timer.calls.size() - before, "nothing more timed in the bucket");
            // the chosen block is within 5 % of the best candidate under the true times
            double best = Double.POSITIVE_INFINITY;
            for (int x : LaunchModel.candidates(H100, K32)) {
                best = Math.min(best, LaunchModel.predictLaunch(H100, K32, TRUE, n, 1, x));
            }
            double got = LaunchModel.predictLaunch(H100, K32, TRUE, n, 1, b);
            assertTrue(got <= 1.05 * best, "2^" + log + ": block " + b + " " + got + " ms against " + best);
        }
        for (long[] p : probed) {
            assertTrue(p[0] >= 1 << 7 && p[1] % 32 == 0, "probe sizes and blocks");
        }
        // a new chooser over the same file times nothing and chooses the same
        CountingTimer again = new CountingTimer(7);
        LaunchChooser c2 = new LaunchChooser(H100, LaunchCache.open(dir, MODEL, 1), again, LaunchChooser.Mode.MODEL);
        for (int log = 10; log <= 24; log++) {
            assertEquals(c.block("k", K32, 1L << log, 1, 256, probe), c2.block("k", K32, 1L << log, 1, 256, probe));
        }
        assertTrue(again.calls.isEmpty(), "the cache file answered");
    }

    @Test
    void withoutAProbeTheModelWaitsForSamples() {
        CountingTimer timer = new CountingTimer(3);
        LaunchCache cache = LaunchCache.inMemory(MODEL, 1);
        LaunchChooser c = new LaunchChooser(H100, cache, timer, LaunchChooser.Mode.MODEL);
        assertEquals(256, c.block("inplace", K32, 1 << 20, 1, 256, null));
        assertTrue(timer.calls.isEmpty());
        // samples arrive (e.g. from the benchmark's calibration): the model is used
        c.calibrate("inplace", K32, 1 << 20, 1, (n, b) -> { });
        assertEquals(12, timer.calls.size());
        assertTrue(c.coefficients("inplace", K32) != null);
        int b = c.block("inplace", K32, 1 << 20, 1, 256, null);
        assertTrue(b % 32 == 0 && b >= 32 && b <= 1024);
    }

    @Test
    void anUnwritableCacheKeepsTheFixedBlocks() throws Exception {
        Path file = dir.resolve("f");
        Files.writeString(file, "x");
        CountingTimer timer = new CountingTimer(4);
        LaunchChooser c = new LaunchChooser(H100, LaunchCache.open(file.resolve("sub"), MODEL, 1), timer,
                LaunchChooser.Mode.MODEL);
        assertEquals(128, c.block("k", K32, 1 << 20, 1, 128, (n, b) -> { }));
        assertTrue(timer.calls.isEmpty());
    }

    @Test
    void missingDeviceLimitsKeepTheFixedBlocks() {
        CountingTimer timer = new CountingTimer(5);
        LaunchChooser c = new LaunchChooser(null, LaunchCache.inMemory(MODEL, 1), timer, LaunchChooser.Mode.MODEL);
        assertEquals(256, c.block("k", K32, 1 << 20, 1, 256, (n, b) -> { }));
        assertTrue(timer.calls.isEmpty());
    }

    @Test
    void aFailingProbeTurnsTheModelOffForThatKernelOnly() {
        LaunchChooser.Timer failing = (p, n, b) -> {
            throw new GpuException("cuLaunchKernel(k) failed: CUDA_ERROR_LAUNCH_FAILED (719)", 719);
        };
        LaunchChooser c = new LaunchChooser(H100, LaunchCache.inMemory(MODEL, 1), failing, LaunchChooser.Mode.MODEL);
        assertEquals(256, c.block("k", K32, 1 << 20, 1, 256, (n, b) -> { }));
        assertEquals(256, c.block("k", K32, 1 << 21, 1, 256, (n, b) -> { }));
    }

    @Test
    void aCorruptedCacheFileIsIgnoredAndRecalibrated() throws Exception {
        Files.writeString(dir.resolve(LaunchCache.fileName(MODEL, 1)),
                "format=1\ndevice=" + MODEL + "\ndriver=1\nkernel.k=1:2:3\n");
        CountingTimer timer = new CountingTimer(6);
        LaunchChooser c = new LaunchChooser(H100, LaunchCache.open(dir, MODEL, 1), timer, LaunchChooser.Mode.MODEL);
        int b = c.block("k", K32, 1 << 16, 1, 256, (n, x) -> { });
        assertEquals(12, timer.calls.size());
        assertTrue(b >= 32 && b <= 1024);
        assertEquals(12, LaunchCache.open(dir, MODEL, 1).samples("k").size(), "rewritten");
    }

    @Test
    void forcedBlocksWinWhereTheKernelCanTakeThem() {
        LaunchChooser c = new LaunchChooser(H100, LaunchCache.inMemory(MODEL, 1), new CountingTimer(8),
                LaunchChooser.Mode.FIXED);
        c.force(96);
        assertEquals(96, c.block("k", K32, 1000, 1, 256, null));
        assertEquals(256, c.block("small", new LaunchModel.KernelAttributes(32, 0, 64), 1000, 1, 256, null));
        c.force(0);
        assertEquals(256, c.block("k", K32, 1000, 1, 256, null));
        assertThrows(IllegalArgumentException.class, () -> c.force(2048));
    }

    @Test
    void bucketsAndBadInput() {
        assertEquals(0, LaunchChooser.bucket(1));
        assertEquals(1, LaunchChooser.bucket(2));
        assertEquals(2, LaunchChooser.bucket(3));
        assertEquals(20, LaunchChooser.bucket(1 << 20));
        assertEquals(21, LaunchChooser.bucket((1 << 20) + 1));
        assertEquals(63, LaunchChooser.bucket(Long.MAX_VALUE));
        LaunchChooser c = new LaunchChooser(H100, LaunchCache.inMemory(MODEL, 1), new CountingTimer(9),
                LaunchChooser.Mode.MODEL);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> c.block("k", K32, 0, 1, 256, null))
                .getMessage().contains("n and rows"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> c.block("k", K32, 1, 1, 0, null))
                .getMessage().contains("defaultBlock"));
        String old = System.getProperty("modalg.gpu.launch");
        try {
            System.setProperty("modalg.gpu.launch", "fast");
            assertTrue(assertThrows(IllegalArgumentException.class, LaunchChooser.Mode::fromProperty).getMessage()
                    .contains("modalg.gpu.launch"));
            System.setProperty("modalg.gpu.launch", "Model");
            assertEquals(LaunchChooser.Mode.MODEL, LaunchChooser.Mode.fromProperty());
        } finally {
            if (old == null) {
                System.clearProperty("modalg.gpu.launch");
            } else {
                System.setProperty("modalg.gpu.launch", old);
            }
        }
        assertEquals(LaunchChooser.Mode.FIXED, LaunchChooser.Mode.fromProperty());
    }
    @Test
    void probeRunsAreSizedToTheTargetTimeWithinOneAndTheCap() {
        // ceil(0.2 ms / estimate) in [1, 64], against a direct count on random estimates
        Random rnd = new Random(seed("probeRunsAreSizedToTheTargetTimeWithinOneAndTheCap"));
        for (int i = 0; i < 1000; i++) {
            double e = Math.exp(-12 + 14 * rnd.nextDouble()); // 6e-6 .. 7 ms
            int k = 1;
            while (k < LaunchChooser.PROBE_MAX_BATCH && k * Math.max(e, 1e-4) < LaunchChooser.PROBE_RUN_MILLIS) {
                k++;
            }
            assertEquals(k, LaunchChooser.batch(e), "estimate " + e);
        }
        assertEquals(64, LaunchChooser.batch(0));
        assertEquals(64, LaunchChooser.batch(0.003)); // a 3 µs launch: 64 back to back
        assertEquals(50, LaunchChooser.batch(0.004));
        assertEquals(1, LaunchChooser.batch(0.2));
        assertEquals(1, LaunchChooser.batch(5));
        assertEquals(1, LaunchChooser.batch(Double.NaN));
        assertEquals(1, LaunchChooser.batch(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> LaunchChooser.time((n, b) -> { }, 1, 32, 0));
    }
}
