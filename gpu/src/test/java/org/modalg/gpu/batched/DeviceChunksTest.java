package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fft.BigIntegerLimbs.big;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.logging.Logger;
import jcuda.driver.CUresult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.gpu.runtime.LogCapture;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The batched engine's one chunked loop and fault policy ({@link DeviceChunks}) on the CPU, with a
 * fake device: its step is a schoolbook product that fails as each test says (out of memory above
 * a chunk size, on the k-th chunk, on every chunk), the CPU step the CPU engine; the products must
 * equal BigInteger's, every instance be computed exactly once, and the warnings say what happened.
 */
class DeviceChunksTest {
    private static final Logger LOG = Logger.getLogger(DeviceChunksTest.class.getName());
    private static final Options ONE = Options.defaults().withThreads(1);
    private static final long KEEP = 1L << 20;

    private final List<String> warnings = new ArrayList<>();
    private final LogCapture capture = new LogCapture(warnings, java.util.logging.Level.WARNING);

    @BeforeEach
    void attach() {
        LOG.setUseParentHandlers(false);
        LOG.addHandler(capture);
    }

    @AfterEach
    void detach() {
        LOG.removeHandler(capture);
    }

    /** A batch of count products of m limbs run through the loop, and what the fake device saw. */
    private static final class Run {
        final int m;
        final int count;
        final long[] a;
        final long[] b;
        final long[] r;
        final int[] device; // times each instance was computed by the device step
        final int[] cpu; // ... and by the CPU step
        final List<Integer> chunks = new ArrayList<>(); // the size of every device step tried
        int releasedAll;
        int releasedBuffers;
        int entered;

        Run(Random rnd, int m, int count) {
            this.m = m;
            this.count = count;
            a = new long[m * count];
            b = new long[m * count];
            for (int i = 0; i < a.length; i++) {
                a[i] = corner(rnd);
                b[i] = corner(rnd);
            }
            r = new long[2 * m * count];
            device = new int[count];
            cpu = new int[count];
        }

        // the batch through the loop on a fake device of freeBytes free, the device step failing as fails says
        void go(long freeBytes, long maxInstances, FailRule fails) {
            DeviceChunks.Device fake = new DeviceChunks.Device() {
                @Override
                public void enter() {
                    entered++;
                }

                @Override
                public long freeBytes() {
                    return freeBytes;
                }
            };
            DeviceChunks.Held held = new DeviceChunks.Held() {
                @Override
                public void releaseAll() {
                    releasedAll++;
                }

                @Override
                public void releaseBuffers() {
                    releasedBuffers++;
                }
            };
            DeviceChunks.run(fake, LOG, held, KEEP, new DeviceChunks.Batch("a test product of " + count
                    + " instances", "in the test", count, 4L * m, maxInstances), ONE, (first, n) -> {
                        int k = chunks.size();
                        chunks.add(n);
                        long[] out = new long[2 * m * n]; // written to r only when the chunk completes
                        for (int i = 0; i < n; i++) {
                            schoolbook(a, (first + i) * m, b, (first + i) * m, out, 2 * i * m, m);
                        }
                        int code = fails.code(k, n);
                        if (code != 0) {
                            throw new GpuException("cuLaunchKernel(test) failed: injected (" + code + ")", code);
                        }
                        System.arraycopy(out, 0, r, 2 * first * m, out.length);
                        for (int i = first; i < first + n; i++) {
                            device[i]++;
                        }
                    }, (first, n) -> {
                        CpuBatchedIntegerEngine.shared().multiply(a, first * m, b, first * m, r, 2 * first * m, m, n,
                                ONE);
                        for (int i = first; i < first + n; i++) {
                            cpu[i]++;
                        }
                    });
        }

        void check(String msg) {
            for (int i = 0; i < count; i++) {
                assertEquals(1, device[i] + cpu[i], msg + ": instance " + i + " computed once");
                BigInteger want = big(a, i * m, m).multiply(big(b, i * m, m));
                assertEquals(want, big(r, 2 * i * m, 2 * m), msg + ": instance " + i);
            }
        }

        int onDevice() {
            int s = 0;
            for (int d : device) {
                s += d;
            }
            return s;
        }
    }

    interface FailRule {
        /** The driver error of the k-th device step of n instances, 0 for none. */
        int code(int k, int n);
    }

    private static final int OOM = CUresult.CUDA_ERROR_OUT_OF_MEMORY;
    private static final int LAUNCH = CUresult.CUDA_ERROR_LAUNCH_FAILED;

    // the limb values at the edges (0, 1, all ones, the top bit) half the time, else uniform
    static long corner(Random rnd) {
        switch (rnd.nextInt(8)) {
            case 0:
                return 0;
            case 1:
                return 1;
            case 2:
                return -1L;
            case 3:
                return Long.MIN_VALUE;
            default:
                return rnd.nextLong();
        }
    }

    // the naive product of two m-limb numbers into 2m limbs (the fake device's arithmetic)
    static void schoolbook(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int m) {
        for (int i = 0; i < 2 * m; i++) {
            r[rOff + i] = 0;
        }
        for (int i = 0; i < m; i++) {
            long carry = 0;
            for (int j = 0; j < m; j++) {
                long x = a[aOff + i];
                long y = b[bOff + j];
                long lo = x * y;
                long hi = Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x); // unsigned
                long s = r[rOff + i + j] + lo;
                hi += Long.compareUnsigned(s, lo) < 0 ? 1 : 0;
                long t = s + carry;
                hi += Long.compareUnsigned(t, s) < 0 ? 1 : 0;
                r[rOff + i + j] = t;
                carry = hi;
            }
            r[rOff + i + m] = carry;
        }
    }

    @Test
    void withoutFaultsEveryChunkRunsOnTheDevice() {
        Random rnd = new Random(GpuTests.seed("withoutFaultsEveryChunkRunsOnTheDevice"));
        for (int trial = 0; trial < 20; trial++) {
            int m = 1 + rnd.nextInt(6);
            int count = rnd.nextInt(40);
            int cap = 1 + rnd.nextInt(10);
            Run run = new Run(rnd, m, count);
            long free = 6L * m * 8 * (1 + rnd.nextInt(20)); // room for about 1..20 instances at 6/10
            run.go(free, cap, (k, n) -> 0);
            String msg = "m=" + m + " count=" + count + " cap=" + cap + " free=" + free;
            run.check(msg);
            assertEquals(count, run.onDevice(), msg);
            long fit = free * 6 / 10 / 8 / (4L * m);
            int chunk = (int) Math.max(1, Math.min(count, Math.min(fit, cap)));
            for (int x = 0; x < run.chunks.size(); x++) {
                int want = Math.min(chunk, count - x * chunk);
                assertEquals(want, run.chunks.get(x), msg + ": chunk " + x);
            }
            assertEquals(run.chunks.size(), run.entered, msg + ": one context switch a chunk");
            assertEquals(0, run.releasedAll, msg);
            assertTrue(warnings.isEmpty(), warnings.toString());
        }
    }

    @Test
    void outOfMemoryHalvesTheChunkUntilItFits() {
        Random rnd = new Random(GpuTests.seed("outOfMemoryHalvesTheChunkUntilItFits"));
        Run run = new Run(rnd, 3, 37);
        run.go(1L << 40, 64, (k, n) -> n > 5 ? OOM : 0); // 37 -> 18 -> 9 -> 4 fits
        run.check("halving");
        assertEquals(37, run.onDevice(), "all on the device after the splits");
        assertEquals(List.of(37, 18, 9, 4), run.chunks.subList(0, 4));
        assertTrue(run.chunks.subList(3, run.chunks.size()).stream().allMatch(n -> n <= 4), run.chunks.toString());
        assertEquals(3, run.releasedAll, "the device state freed after each fault");
        assertEquals(3, warnings.size(), warnings.toString());
        assertTrue(warnings.get(2).contains("retrying with chunks of 4 instances"), warnings.get(2));
    }

    @Test
    void outOfMemoryForOneInstanceFallsBackToTheCpu() {
        Random rnd = new Random(GpuTests.seed("outOfMemoryForOneInstanceFallsBackToTheCpu"));
        Run run = new Run(rnd, 2, 6);
        run.go(1L << 40, 64, (k, n) -> OOM);
        run.check("no room for one");
        assertEquals(0, run.onDevice());
        assertEquals(List.of(6, 3, 1), run.chunks);
        String last = warnings.get(warnings.size() - 1);
        assertTrue(last.contains("GPU out of memory for one instance") && last.contains("instances 0..5 run on the CPU"),
                last);
    }

    @Test
    void anotherFaultLeavesTheRestToTheCpuAndKeepsTheCompletedChunks() {
        Random rnd = new Random(GpuTests.seed("anotherFaultLeavesTheRestToTheCpuAndKeepsTheCompletedChunks"));
        for (int trial = 0; trial < 20; trial++) {
            int m = 1 + rnd.nextInt(5);
            int cap = 1 + rnd.nextInt(6);
            int count = 1 + rnd.nextInt(30);
            int bad = rnd.nextInt((count + cap - 1) / cap); // the failing chunk
            Run run = new Run(rnd, m, count);
            warnings.clear();
            run.go(1L << 40, cap, (k, n) -> k == bad ? LAUNCH : 0);
            String msg = "m=" + m + " count=" + count + " cap=" + cap + " bad chunk " + bad;
            run.check(msg);
            assertEquals(Math.min(count, bad * cap), run.onDevice(), msg + ": completed chunks kept");
            assertEquals(1, run.releasedAll, msg);
            assertEquals(1, warnings.size(), msg + " " + warnings);
            assertTrue(warnings.get(0).contains("GPU failed (cuLaunchKernel(test) failed: injected")
                    && warnings.get(0).contains("instances " + bad * cap + ".." + (count - 1) + " run on the CPU"),
                    warnings.get(0));
        }
    }

    @Test
    void aLargeBatchReleasesItsBuffersAndASmallOneKeepsThem() {
        Random rnd = new Random(GpuTests.seed("aLargeBatchReleasesItsBuffersAndASmallOneKeepsThem"));
        Run small = new Run(rnd, 4, 8);
        small.go(1L << 40, 1 << 20, (k, n) -> 0); // 8 x 16 words
        small.check("small");
        assertEquals(0, small.releasedBuffers);
        int m = 64;
        int count = (int) (KEEP / (4L * m * 8)) + 1; // one chunk above KEEP bytes
        Run large = new Run(rnd, m, count);
        large.go(1L << 40, 1 << 20, (k, n) -> 0);
        large.check("large");
        assertEquals(1, large.releasedBuffers);
    }

    @Test
    void aCancellationPropagatesAndNothingElseIsCaught() {
        Random rnd = new Random(GpuTests.seed("aCancellationPropagatesAndNothingElseIsCaught"));
        Run run = new Run(rnd, 2, 10);
        Options cancelled = ONE.withCancellation(() -> true);
        CancelledException e = assertThrows(CancelledException.class, () -> DeviceChunks.run(
                new DeviceChunks.Device() {
                    @Override
                    public void enter() {
                    }

                    @Override
                    public long freeBytes() {
                        return 1L << 30;
                    }
                }, LOG, DeviceChunks.Held.of(null), KEEP, new DeviceChunks.Batch("a test", "in the test", 10, 8, 4),
                cancelled, (first, n) -> run.device[first]++, (first, n) -> run.cpu[first]++));
        assertTrue(e.getMessage().contains("in the test"), e.getMessage());
        assertEquals(0, run.onDevice());
        IllegalStateException bug = assertThrows(IllegalStateException.class, () -> run.go(1L << 30, 4, (k, n) -> {
            throw new IllegalStateException("not a device fault");
        }));
        assertEquals("not a device fault", bug.getMessage());
        assertEquals(0, run.cpu[0], "no fallback for what is not a device fault");
    }

    @Test
    void theProductsBodyRejectsANegativeCountAndRunsNothingForNone() {
        long[] a = {1, 2};
        long[] r = new long[4];
        int[] steps = new int[1];
        DeviceChunks.ProductChunk chunk = (first, n, same) -> steps[0]++;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DeviceChunks.product(
                "a test product", null, LOG, DeviceChunks.Held.of(null), a, 0, a, 0, r, 0, 2, -1, ONE, 0, chunk));
        assertTrue(e.getMessage().contains("count") && e.getMessage().contains(">= 0"), e.getMessage());
        DeviceChunks.product("a test product", null, LOG, DeviceChunks.Held.of(null), a, 0, a, 0, r, 0, 2, 0, ONE, 0,
                chunk); // no instance: no device, no step, no output
        assertEquals(0, steps[0]);
        assertArrayEquals(new long[4], r);
    }
}
