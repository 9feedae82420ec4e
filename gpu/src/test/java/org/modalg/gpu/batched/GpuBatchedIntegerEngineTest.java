package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fft.BigIntegerLimbs.big;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import jcuda.driver.CUresult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.batched.BatchedIntegerEngine.Operation;
import org.modalg.fft.batched.BatchedIntegerEngine;
import org.modalg.fft.batched.BatchedIntegerEngines;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The GPU batched integer engine bit for bit against {@link CpuBatchedIntegerEngine} on random
 * inputs every run (seed printed; {@code -Dmodalg.test.seed} repeats one) at sizes 1 .. 4096
 * limbs for the single-block products (full, low half, square), 2047 .. 16384 for the
 * multi-block ones (both sides of each boundary of the size dispatcher: 2048 and 4096 limbs with
 * few and many instances, 4096 and 4097) and 1 .. 8192 for addition, most of them not multiples of the
 * per-thread factor, with counts that leave the last block partly filled, input patterns that
 * stress the carries (all-ones limbs next to instances that must not receive their carry, b = ~a
 * and b = -a, long runs of ones), zero, one and powers of two; squares through one buffer; every
 * product kernel variant, M5Mult and the multi-block kernel forced at small sizes; the
 * out-of-memory split and the fallback on a device fault (same limbs, one warning); and the auto
 * selection. The products, low halves and squares are also checked against BigInteger on a
 * sample (an oracle independent of both engines).
 */
@Tag("gpu")
class GpuBatchedIntegerEngineTest extends GpuBatchedFixture {
    private static final int[] PRODUCT_SIZES = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127,
        128, 129, 255, 256, 257, 511, 512, 513, 777, 1023, 1024, 1025, 2047, 2048, 2049, 3001, 4095, 4096};
    private static final int[] ADD_ONLY_SIZES = {4097, 5003, 8191, 8192};
    // the square and low-half kernels' own sizes beyond PRODUCT_SIZES: Q = 2 / Q = 8 boundary, odd T
    private static final int[] LOW_SQUARE_SIZES = {6, 10, 23, 24, 25, 40, 41};

    @Override
    List<Class<?>> logged() {
        return List.of(GpuBatchedIntegerEngine.class, GpuFpBatchProduct.class);
    }

    @AfterEach
    void stop() {
        DeviceBuffer.limitAllocationsForTests(Long.MAX_VALUE);
        System.clearProperty("modalg.gpu.batchedMulKernel");
        System.clearProperty("modalg.gpu.fpBatch");
        System.clearProperty("modalg.gpu.warpProduct");
    }

    // ---- inputs ------------------------------------------------------------------------------

    // Instance i of a pair (a, b) of s limbs each, by pattern.
    private static void fill(Random rnd, long[] a, long[] b, int off, int s, int pattern) {
        for (int j = 0; j < s; j++) {
            a[off + j] = rnd.nextLong();
            b[off + j] = rnd.nextLong();
        }
        switch (pattern) {
            case 0: // all ones + random: carries through the whole instance
                Arrays.fill(a, off, off + s, -1L);
                break;
            case 1: // all ones + 1: every limb carries out of the instance
                Arrays.fill(a, off, off + s, -1L);
                Arrays.fill(b, off, off + s, 0L);
                b[off] = 1;
                break;
            case 2: // zero and zero
                Arrays.fill(a, off, off + s, 0L);
                Arrays.fill(b, off, off + s, 0L);
                break;
            case 3: // one times random; 0 - 1 borrows through every limb
                Arrays.fill(a, off, off + s, 0L);
                a[off] = 1;
                break;
            case 4: // powers of two
                powersOfTwo(rnd, a, b, off, s);
                break;
            case 5: // b = ~a: the sum is all ones (propagate everywhere, no carry)
                for (int j = 0; j < s; j++) {
                    b[off + j] = ~a[off + j];
                }
                break;
            case 6: // b = -a mod 2^(64 s): the sum is 2^(64 s) (carry out), the difference 2 a
                negate(a, b, off, s);
                break;
            case 7: // long runs of all-ones limbs in both
                onesRuns(rnd, a, b, off, s);
                break;
            case 8: // all ones times all ones: the largest product
                Arrays.fill(a, off, off + s, -1L);
                Arrays.fill(b, off, off + s, -1L);
                break;
            default: // random, full entropy
                break;
        }
    }

    private static long[][] operands(Random rnd, int s, int count, int off) {
        return operands(rnd, s, count, off, GpuBatchedIntegerEngineTest::fill, i -> rnd.nextInt(14));
    }

    // Enough instances for several blocks of several instances when small, a few when large,
    // and never a multiple of the instances per block.
    private static int count(int s) {
        if (s <= 64) {
            return 301;
        }
        if (s <= 512) {
            return 37;
        }
        return s <= 1024 ? 7 : 3;
    }

    // ---- bit identity ------------------------------------------------------------------------

    @Test
    void addAndSubtractBitIdenticalToTheCpuEngine() {
        Random rnd = new Random(GpuTests.seed("addAndSubtractBitIdenticalToTheCpuEngine"));
        long before = GpuBatchedIntegerEngine.deviceInstancesForTests();
        List<Integer> sizes = new ArrayList<>();
        for (int s : PRODUCT_SIZES) {
            sizes.add(s);
        }
        for (int s : ADD_ONLY_SIZES) {
            sizes.add(s);
        }
        for (int s : sizes) {
            int count = count(s);
            int off = rnd.nextInt(3);
            long[][] ab = operands(rnd, s, count, off);
            for (boolean sub : new boolean[] {false, true}) {
                long[] rg = new long[off + s * count];
                long[] rc = rg.clone();
                byte[] fg = new byte[count + 1];
                byte[] fc = fg.clone();
                String what = (sub ? "subtract" : "add") + " stride " + s + " count " + count;
                assertTrue(sub ? gpu.subtract(ab[0], off, ab[1], off, rg, off, s, count, fg, 1, ONE)
                        : gpu.add(ab[0], off, ab[1], off, rg, off, s, count, fg, 1, ONE));
                if (sub) {
                    CPU.subtract(ab[0], off, ab[1], off, rc, off, s, count, fc, 1, ONE);
                } else {
                    CPU.add(ab[0], off, ab[1], off, rc, off, s, count, fc, 1, ONE);
                }
                assertArrayEquals(rc, rg, what);
                assertArrayEquals(fc, fg, what + ": flags");
            }
        }
        assertTrue(GpuBatchedIntegerEngine.deviceInstancesForTests() > before, "nothing ran on the device");
    }

    @Test
    void productsAndSquaresBitIdenticalToTheCpuEngine() {
        Random rnd = new Random(GpuTests.seed("productsAndSquaresBitIdenticalToTheCpuEngine"));
        long before = GpuBatchedIntegerEngine.deviceInstancesForTests();
        for (int s : PRODUCT_SIZES) {
            checkProducts(rnd, s, count(s), "rule kernel " + GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, s));
        }
        for (int s : LOW_SQUARE_SIZES) {
            checkProducts(rnd, s, count(s), "rule kernels " + GpuBatchedIntegerEngine.kernelName(Operation.SQUARE, s)
                    + ", " + GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY_LOW, s));
        }
        assertTrue(GpuBatchedIntegerEngine.deviceInstancesForTests() > before, "nothing ran on the device");
    }

    @Test
    void everyProductKernelVariantBitIdentical() {
        Random rnd = new Random(GpuTests.seed("everyProductKernelVariantBitIdentical"));
        for (String loop : new String[] {"bi_mul_q", "bi_mul32_q", "bi_mulw_q"}) {
            for (int q : new int[] {2, 4, 8}) {
                String kernel = loop + q;
                System.setProperty("modalg.gpu.batchedMulKernel", kernel);
                int max = q == 8 ? 4096 : Math.min(4096, 1024 * q);
                for (int s : new int[] {1, q - 1, q + 1, 3 * q, 37, 250, max - 1, max}) {
                    if (s < 1) {
                        continue;
                    }
                    assertEquals(kernel, GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, s));
                    checkProducts(rnd, s, s > 1024 ? 2 : s > 64 ? 9 : 67, kernel);
                }
            }
        }
    }

    private static void checkProducts(Random rnd, int s, int count, String kernel) {
        int off = rnd.nextInt(3);
        long[][] ab = operands(rnd, s, count, off);
        long[] a = ab[0];
        long[] b = ab[1];
        String what = "stride " + s + " count " + count + " (" + kernel + ")";
        long[] rg = new long[1 + 2 * s * count];
        long[] rc = rg.clone();
        assertTrue(gpu.multiply(a, off, b, off, rg, 1, s, count, ONE));
        CPU.multiply(a, off, b, off, rc, 1, s, count, ONE);
        assertArrayEquals(rc, rg, "multiply " + what);
        // an independent oracle on a sample: first, last, and one more
        for (int i : new int[] {0, count - 1, count / 2}) {
            BigInteger want = big(a, off + i * s, s).multiply(big(b, off + i * s, s));
            assertEquals(want, big(rg, 1 + 2 * i * s, 2 * s), "multiply " + what + " instance " + i);
        }
        long[] sg = new long[2 * s * count];
        long[] sc = sg.clone();
        assertTrue(gpu.square(a, off, sg, 0, s, count, ONE));
        CPU.square(a, off, sc, 0, s, count, ONE);
        assertArrayEquals(sc, sg, "square " + what);
        long[] mg = new long[2 * s * count]; // the same buffer twice through multiply
        assertTrue(gpu.multiply(a, off, a, off, mg, 0, s, count, ONE));
        assertArrayEquals(sc, mg, "multiply(a, a) " + what);
        long[] lg = new long[2 + s * count];
        long[] lc = lg.clone();
        assertTrue(gpu.multiplyLow(a, off, b, off, lg, 2, s, count, ONE));
        CPU.multiplyLow(a, off, b, off, lc, 2, s, count, ONE);
        assertArrayEquals(lc, lg, "multiply low " + what);
        BigInteger mod = BigInteger.ONE.shiftLeft(64 * s);
        for (int i : new int[] {0, count - 1}) {
            BigInteger x = big(a, off + i * s, s);
            assertEquals(x.multiply(big(b, off + i * s, s)).mod(mod), big(lg, 2 + i * s, s),
                    "multiply low " + what + " instance " + i);
            assertEquals(x.multiply(x), big(sg, 2 * i * s, 2 * s), "square " + what + " instance " + i);
        }
    }

    @Test
    void multiBlockProductsBitIdenticalAcrossTheDispatchBoundaries() {
        Random rnd = new Random(GpuTests.seed("multiBlockProductsBitIdenticalAcrossTheDispatchBoundaries"));
        int sms = GpuRuntime.get().multiprocessors();
        long before = GpuBatchedIntegerEngine.deviceInstancesForTests();
        // {stride, count}: 2048 limbs with few instances (bands) and with many (one block each),
        // 4096 with few (bands for the product and the square) and many, then sizes only the
        // bands take
        int[][] cases = {{2047, 3}, {2048, 3}, {2048, sms / 8 + 1}, {4095, 2}, {4096, 2}, {4096, sms / 8 + 1},
            {4097, 2}, {5003, 3}, {8192, 2}, {12289, 1}, {16384, 2}};
        for (int[] c : cases) {
            int s = c[0];
            int count = c[1];
            String kernel = (GpuBatchedIntegerEngine.multiBlock(Operation.MULTIPLY, s, count, sms) ? "bands" : "one block")
                    + " for the product, " + (GpuBatchedIntegerEngine.multiBlock(Operation.SQUARE, s, count, sms)
                            ? "bands" : "one block") + " for the square and the low half";
            checkProducts(rnd, s, count, kernel);
        }
        assertTrue(GpuBatchedIntegerEngine.deviceInstancesForTests() > before, "nothing ran on the device");
    }

    @Test
    void m5MultAndTheBandsForcedAtSmallSizesBitIdentical() {
        Random rnd = new Random(GpuTests.seed("m5MultAndTheBandsForcedAtSmallSizesBitIdentical"));
        for (String kernel : new String[] {GpuBatchedIntegerEngine.M5MULT, GpuBatchedIntegerEngine.MB_BAND}) {
            System.setProperty("modalg.gpu.batchedMulKernel", kernel);
            for (int s : new int[] {1, 2, 5, 31, 32, 33, 100, 513, 1000, 2048}) {
                assertEquals(kernel, GpuBatchedIntegerEngine.kernelName(Operation.MULTIPLY, s));
                checkProducts(rnd, s, s > 512 ? 3 : s > 32 ? 9 : 67, kernel);
            }
        }
        // M5Mult's shared memory does not hold 4096 limbs (bigint.cu): the rule's kernel runs instead
        System.setProperty("modalg.gpu.batchedMulKernel", GpuBatchedIntegerEngine.M5MULT);
        checkProducts(rnd, 4096, 2, "bi_m5mult forced beyond its size");
    }

    @Test
    void inPlaceAdditionLowHalvesOnTheDeviceAndDivisionThroughTheCpu() {
        Random rnd = new Random(GpuTests.seed("inPlaceAdditionLowHalvesOnTheDeviceAndDivisionThroughTheCpu"));
        int s = 33;
        int count = 100;
        long[][] ab = operands(rnd, s, count, 0);
        long[] want = new long[s * count];
        byte[] wf = new byte[count];
        CPU.add(ab[0], 0, ab[1], 0, want, 0, s, count, wf, 0, ONE);
        long[] a = ab[0].clone();
        byte[] f = new byte[count];
        assertTrue(gpu.add(a, 0, ab[1], 0, a, 0, s, count, f, 0, ONE));
        assertArrayEquals(want, a, "add in place");
        assertArrayEquals(wf, f, "add in place: carries");
        long[] lg = new long[s * count];
        long[] lc = new long[s * count];
        assertTrue(gpu.multiplyLow(ab[0], 0, ab[1], 0, lg, 0, s, count, ONE));
        CPU.multiplyLow(ab[0], 0, ab[1], 0, lc, 0, s, count, ONE);
        assertArrayEquals(lc, lg, "multiply low");
        long[] inPlace = ab[0].clone(); // the low half into its own operand: refused, naming both
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> gpu.multiplyLow(inPlace, 0, ab[1], 0, inPlace, 0, s, count, ONE));
        assertTrue(e.getMessage().contains("r[0 .. ") && e.getMessage().contains("overlaps a["), e.getMessage());
        assertArrayEquals(ab[0], inPlace, "a refused call writes nothing");
        assertTrue(gpu.runsOnDevice(Operation.MULTIPLY_LOW, s, count));
        assertFalse(gpu.runsOnDevice(Operation.DIVIDE, s, count));
        assertTrue(gpu.runsOnDevice(Operation.MULTIPLY, GpuBatchedIntegerEngine.MAX_PRODUCT_LIMBS + 1, 10));
        assertFalse(gpu.runsOnDevice(Operation.MULTIPLY, GpuBatchedIntegerEngine.MAX_MULTIBLOCK_LIMBS + 1, 10));
        assertFalse(gpu.runsOnDevice(Operation.ADD, GpuBatchedIntegerEngine.MAX_ADD_LIMBS + 1, 10));
        assertTrue(gpu.runsOnDevice(Operation.ADD, GpuBatchedIntegerEngine.MAX_ADD_LIMBS, 1));
        assertTrue(gpu.runsOnDevice(Operation.SQUARE, GpuBatchedIntegerEngine.MAX_PRODUCT_LIMBS, 1));
        // beyond the kernels' sizes: the CPU engine, the same limbs
        int big = GpuBatchedIntegerEngine.MAX_MULTIBLOCK_LIMBS + 3;
        long[][] xy = operands(rnd, big, 1, 0);
        long[] pg = new long[2 * big];
        long[] pc = new long[2 * big];
        assertTrue(gpu.multiply(xy[0], 0, xy[1], 0, pg, 0, big, 1, ONE));
        CPU.multiply(xy[0], 0, xy[1], 0, pc, 0, big, 1, ONE);
        assertArrayEquals(pc, pg, "multiply above the kernels' size");
    }

    // ---- faults ------------------------------------------------------------------------------

    @Test
    void outOfMemorySplitsTheBatchThenLeavesItToTheCpu() {
        // the engine's own kernels (64 limbs: else the warp product, GpuWarpProductTest's faults)
        System.setProperty("modalg.gpu.fpBatch", "false");
        System.setProperty("modalg.gpu.warpProduct", "false");
        Random rnd = new Random(GpuTests.seed("outOfMemorySplitsTheBatch"));
        int s = 64;
        try (GpuBatchedIntegerEngine fresh = freshEngine()) {
            // room for 16 instances (4 s limbs each): chunks of 64 and 32 fail, 16 fit
            multiplyWithRoom(fresh, rnd, s, 16L * 4 * s * Long.BYTES, "chunks of 16 instances", "split batch");
            // room for less than one instance: the CPU
            fresh.close();
            multiplyWithRoom(fresh, rnd, s, s * Long.BYTES, "run on the CPU", "CPU fallback");
        }
    }

    @Test
    void theFpProductOutOfMemoryLeavesTheBatchToTheCpuExactly() {
        System.setProperty("modalg.gpu.warpProduct", "false"); // 64 limbs: else the warp product
        Random rnd = new Random(GpuTests.seed("theFpProductOutOfMemory"));
        try (GpuBatchedIntegerEngine fresh = freshEngine()) {
            // 64 limbs: the FP64 product's range once the warp product steps aside
            multiplyWithRoom(fresh, rnd, 64, 64 * Long.BYTES, "run on the CPU", "CPU fallback of the FP product");
        }
    }

    // 64 products of s limbs on `engine` with `room` bytes of device memory left: the CPU engine's
    // limbs, and a warning that contains `warning`.
    private void multiplyWithRoom(GpuBatchedIntegerEngine engine, Random rnd, int s, long room, String warning,
            String what) {
        int count = 64;
        long[][] ab = operands(rnd, s, count, 0);
        long[] want = new long[2 * s * count];
        CPU.multiply(ab[0], 0, ab[1], 0, want, 0, s, count, ONE);
        warnings.clear();
        DeviceBuffer.limitAllocationsForTests(DeviceBuffer.allocatedBytes() + room);
        long[] r = new long[2 * s * count];
        assertTrue(engine.multiply(ab[0], 0, ab[1], 0, r, 0, s, count, ONE));
        assertArrayEquals(want, r, what);
        assertTrue(warnings.stream().anyMatch(w -> w.contains(warning)), warnings.toString());
    }

    @Test
    void aDeviceFaultFallsBackToTheCpuWithOneWarning() {
        Random rnd = new Random(GpuTests.seed("aDeviceFaultFallsBackToTheCpu"));
        int s = 17;
        int count = 200;
        long[][] ab = operands(rnd, s, count, 0);
        long[] want = new long[s * count];
        byte[] wb = new byte[count];
        CPU.subtract(ab[0], 0, ab[1], 0, want, 0, s, count, wb, 0, ONE);
        try (GpuBatchedIntegerEngine fresh = freshEngine()) {
            fresh.injectFaultForTests(CUresult.CUDA_ERROR_LAUNCH_FAILED);
            long[] a = ab[0].clone();
            byte[] borrow = new byte[count];
            assertTrue(fresh.subtract(a, 0, ab[1], 0, a, 0, s, count, borrow, 0, ONE)); // in place
            assertArrayEquals(want, a, "subtract after a fault");
            assertArrayEquals(wb, borrow, "borrows after a fault");
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).contains("CUDA_ERROR") || warnings.get(0).contains("injected"), warnings.get(0));
            assertTrue(warnings.get(0).contains("run on the CPU"), warnings.get(0));
            // the next call runs on the device again
            long before = GpuBatchedIntegerEngine.deviceInstancesForTests();
            long[] r = new long[s * count];
            assertTrue(fresh.subtract(ab[0], 0, ab[1], 0, r, 0, s, count, null, 0, ONE));
            assertArrayEquals(want, r);
            assertEquals(before + count, GpuBatchedIntegerEngine.deviceInstancesForTests());
        }
    }

    private static GpuBatchedIntegerEngine freshEngine() {
        return new GpuBatchedIntegerEngine(0, 0);
    }

    // ---- selection ---------------------------------------------------------------------------

    @Test
    void providerRegisteredAndAutoPicksTheDeviceOnlyAboveTheThreshold() {
        BatchedIntegerEngine d = BatchedIntegerEngines.device();
        assertInstanceOf(GpuBatchedIntegerEngine.class, d, "the registered device engine");
        assertTrue(d.name().startsWith("gpu("), d.name());
        assertSame(CPU, BatchedIntegerEngines.select(Backend.AUTO, Operation.ADD, 4, 10, CPU), "tiny add");
        assertSame(CPU, BatchedIntegerEngines.select(Backend.AUTO, Operation.MULTIPLY, 64, 10, CPU), "few products");
        assertSame(CPU, BatchedIntegerEngines.select(Backend.AUTO, Operation.DIVIDE, 16, 1 << 20, CPU), "division");
        assertSame(d, BatchedIntegerEngines.select(Backend.AUTO, Operation.DIVIDE, 32, 1 << 15, CPU), "2^11 bits");
        // division from the measured crossover: 2^11-bit dividends, batches of 2^20 dividend limbs
        assertSame(d, BatchedIntegerEngines.select(Backend.AUTO, Operation.DIVIDE, 128, 1 << 13, CPU), "2^13 bits");
        assertSame(CPU, BatchedIntegerEngines.select(Backend.AUTO, Operation.DIVIDE, 128, 1 << 12, CPU), "2^19 limbs");
        assertSame(CPU, BatchedIntegerEngines.select(Backend.AUTO, Operation.DIVIDE, 8192, 1 << 12, CPU), "2^19 bits");
        assertSame(d, BatchedIntegerEngines.select(Backend.AUTO, Operation.MULTIPLY_LOW, 64, 1 << 20, CPU), "low");
        assertSame(CPU, BatchedIntegerEngines.select(Backend.AUTO, Operation.MULTIPLY_LOW, 64, 10, CPU), "few lows");
        assertSame(d, BatchedIntegerEngines.select(Backend.AUTO, Operation.MULTIPLY, 64, 1 << 12, CPU), "2^24 work");
        // additions never go to the device under auto by default (the copies cost more than the
        // host's addition), unless a size is set
        assertSame(CPU, BatchedIntegerEngines.select(Backend.AUTO, Operation.ADD, 64, 1 << 20, CPU), "2^26 limbs");
        String key = "modalg.gpu.batchedAutoAddLimbs";
        String old = System.getProperty(key);
        System.setProperty(key, Long.toString(1L << 22));
        try {
            assertSame(d, BatchedIntegerEngines.select(Backend.AUTO, Operation.ADD, 64, 1 << 16, CPU), "2^22 limbs, set");
            assertSame(CPU, BatchedIntegerEngines.select(Backend.AUTO, Operation.ADD, 64, 1 << 15, CPU), "below, set");
        } finally {
            if (old == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, old);
            }
        }
        assertSame(d, BatchedIntegerEngines.select(Backend.AUTO, Operation.MULTIPLY,
                GpuBatchedIntegerEngine.MAX_PRODUCT_LIMBS + 1, 1 << 10, CPU), "the bands");
        assertSame(CPU, BatchedIntegerEngines.select(Backend.AUTO, Operation.MULTIPLY,
                GpuBatchedIntegerEngine.MAX_MULTIBLOCK_LIMBS + 1, 1 << 10, CPU), "beyond the kernels");
        assertSame(d, BatchedIntegerEngines.select(Backend.GPU, Operation.ADD, 4, 10, CPU), "backend gpu");
        // the default engine runs a tiny batch on the CPU, with the same limbs
        GpuBatchedIntegerEngine g = (GpuBatchedIntegerEngine) d;
        assertFalse(g.runsOnDevice(Operation.ADD, 4, 10));
        long[] a = {-1, -1, -1, -1};
        long[] r = new long[4];
        byte[] c = new byte[1];
        assertTrue(g.add(a, 0, new long[] {1, 0, 0, 0}, 0, r, 0, 4, 1, c, 0, ONE));
        assertArrayEquals(new long[4], r);
        assertEquals(1, c[0]);
    }
}
