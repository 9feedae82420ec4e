package org.modalg.gpu.batched;

import java.util.logging.Logger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * Batched full products of fixed-size unsigned integers by the warp-cooperative register
 * schoolbook of {@code bigint_warp.cu}: each instance's operands sit in the registers of TPI
 * lanes of one warp (L 32-bit limbs a lane), the limbs of b are broadcast two at a time by
 * shuffles, every lane multiply-accumulates its slice of a with PTX carry chains in which the low
 * and high halves of each 32 x 32-bit product land in adjacent words (ptxas fuses them into one
 * wide multiply-add), the two finished low limbs of each step leave the window by a rotation
 * between neighbouring lanes, and a ballot-based carry resolution normalizes the high half (the
 * kernel's header comment gives the algorithm and the proof that every word stays exact). The
 * step of two rows follows CGBN's {@code mul_wide}, the peer of the midsize paper (Oancea and
 * Watt, "GPU implementations for midsize integer addition and multiplication", section 6).
 *
 * <p>Same data as {@link GpuBatchedIntegerEngine#multiply}: instance i of each operand at
 * {@code off + i m} (m little-endian unsigned 64-bit limbs), its 2m-limb product at
 * {@code rOff + 2 i m}; a and b may be the same array (a square through the product). Sizes 1 ..
 * {@link #MAX_LIMBS} limbs (2^14 bits). Bit-identical to {@link CpuBatchedIntegerEngine#multiply}.
 *
 * <p>Cost per instance: ceil(2m / L) L rows of TPI L products of 32-bit limbs ({@link #shape}:
 * (2m)^2 when 2m = TPI L, at most about twice that just above a shape's lower end), one wide
 * multiply-add each; the instance's limbs read and written once. Measured on an H100 (module
 * BENCHMARKS.md, "Warp-cooperative register product"), the paper's grid NumBits x NumInsts =
 * 2^32: 1.39 / 2.56-2.60 / 4.79 / 9.37 ms at 2^11 / 2^12 / 2^13 / 2^14 bits, against CGBN's
 * 1.53 / 2.82 / 5.03 / 9.80 (1.05-1.10x ahead) and the FP64 in-block product's 4.68 / 5.54 /
 * 5.84 / 6.74. {@link GpuBatchedIntegerEngine#multiply} takes it where it measured faster than
 * the FP64 and schoolbook kernels ({@link #chosenFor}).
 *
 * <p>Faults, as {@link GpuBlockNttProduct}: chunks of whole instances sized to 60% of the free
 * device memory; out of memory halves the chunk (down to one instance); any other device failure
 * leaves the remaining instances to the CPU engine with one logged warning (same limbs). Host
 * outputs are written only after a chunk completes. Calls are serialized per object; buffers up
 * to 256 MiB are kept between calls ({@link #close()} frees them).
 */
final class GpuWarpProduct extends BatchedDeviceProduct {
    private static final Logger LOG = Logger.getLogger(GpuWarpProduct.class.getName());

    /** The largest size (limbs) the kernels take: 16 lanes of 32 32-bit limbs, 2^14 bits. */
    static final int MAX_LIMBS = 256;

    /** Threads a block (the measured bests were within 3% of each other at 64, 128 and 256). */
    static final int THREADS = 128;

    /** The fewest limbs {@link #chosenFor} takes by default (the smallest size measured). */
    static final int MIN_CHOSEN_LIMBS = 17;

    /**
     * The most limbs {@link #chosenFor} takes by default. Above 128 limbs the kernel's time per
     * instance grows with ceil(m / 16) while the FP64 product's is the same for every m of its
     * band 129 .. 256 (transforms of 2048 points): 21.4 ns an instance at 150 limbs against the
     * FP64's 25.7, level at about 172, and 35.7 against 25.7 at 256 (H100).
     */
    static final int MAX_CHOSEN_LIMBS = 160;

    private final DeviceChunks.Held held = DeviceChunks.Held.of(buffers);

    /** A product on {@code runtime}'s device. */
    GpuWarpProduct(GpuRuntime runtime) {
        super(runtime, 3);
    }

    /**
     * The kernel's shape for m-limb instances, {TPI, L}: lanes per instance and 32-bit limbs a
     * lane, TPI L / 2 &ge; m: {4, 16} up to 32 limbs, {8, 16} up to 64, {8, 32} up to 128,
     * {16, 32} up to 256 (the fastest shape measured at 2^11, 2^12, 2^13 and 2^14 bits).
     *
     * @throws IllegalArgumentException if m is not in [1, {@link #MAX_LIMBS}]
     */
    static int[] shape(int m) {
        if (m < 1 || m > MAX_LIMBS) {
            throw new IllegalArgumentException("m must be in [1, " + MAX_LIMBS + "] limbs, got " + m);
        }
        return m <= 32 ? new int[] {4, 16} : m <= 64 ? new int[] {8, 16} : m <= 128 ? new int[] {8, 32}
                : new int[] {16, 32};
    }

    /** The kernel for m limbs, {@code bw_mul_tTPI_lL}. */
    static String kernelName(int m) {
        int[] sh = shape(m);
        return "bw_mul_t" + sh[0] + "_l" + sh[1];
    }

    /** Blocks of {@link #THREADS} for n instances: ceil(n TPI / THREADS). */
    static int grid(int m, int n) {
        return (int) (((long) n * shape(m)[0] + THREADS - 1) / THREADS);
    }

    /**
     * Whether {@link GpuBatchedIntegerEngine#multiply} takes this product for m-limb instances:
     * not when {@code -Dmodalg.gpu.batchedMulKernel} forces a schoolbook kernel (benchmarks and
     * the engine's kernel tests) or {@code -Dmodalg.gpu.warpProduct=false}; with
     * {@code -Dmodalg.gpu.warpProduct=true} at every size it takes (tests); not when another
     * route is forced ({@code -Dmodalg.gpu.fpBatch=true}, {@code -Dmodalg.gpu.blockNttMinLimbs});
     * otherwise for
     * {@value #MIN_CHOSEN_LIMBS} .. {@value #MAX_CHOSEN_LIMBS} limbs, where it measured faster
     * than the FP64 in-block product, the schoolbook and the in-block NTT (module BENCHMARKS.md,
     * "Warp-cooperative register product").
     */
    static boolean chosenFor(int m) {
        if (System.getProperty("modalg.gpu.batchedMulKernel") != null) {
            return false;
        }
        if (m < 1 || m > MAX_LIMBS) {
            return false;
        }
        String forced = System.getProperty("modalg.gpu.warpProduct");
        if (forced != null) {
            return Boolean.parseBoolean(forced);
        }
        if (Boolean.parseBoolean(System.getProperty("modalg.gpu.fpBatch")) || GpuBlockNttProduct.minLimbs() > 0) {
            return false; // another route forced (benchmarks, tests): it takes the sizes it forces
        }
        return m >= MIN_CHOSEN_LIMBS && m <= MAX_CHOSEN_LIMBS;
    }

    /**
     * The full products r_i = a_i b_i of {@code count} instances of {@code m} limbs (a square when
     * a and b are the same array at the same offset). The caller has validated the arrays
     * ({@link org.modalg.fft.batched.BatchedIntegerArguments#checkProduct}).
     *
     * @throws IllegalArgumentException if m is not in [1, {@link #MAX_LIMBS}] or count is negative
     */
    synchronized void multiply(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int m, int count,
            Options options) {
        shape(m); // checks m
        DeviceChunks.product("a warp product", runtime, LOG, held, a, aOff, b, bOff, r, rOff, m, count, options, 0,
                (first, n, same) -> device(a, aOff + first * m, b, bOff + first * m, same, r, rOff + 2 * first * m,
                        m, n));
    }

    // n instances: a from aOff, b from bOff (unless same), products to r from rOff.
    private void device(long[] a, int aOff, long[] b, int bOff, boolean same, long[] r, int rOff, int m, int n) {
        String kernel = kernelName(m);
        DeviceBuffer[] d = upload(a, aOff, b, bOff, same, m, n, kernel);
        DeviceBuffer da = d[A];
        DeviceBuffer db = d[B];
        DeviceBuffer dc = d[C];
        long out = 2L * n * m;
        CUfunction f = runtime.function(GpuModules.BIGINT_WARP, kernel);
        Pointer sm = Pointer.to(new long[] {m});
        Cuda.launch(f, kernel, grid(m, n), 1, THREADS, 0, da.arg(), sm, db.arg(), sm, dc.arg(),
                Pointer.to(new long[] {2L * m}), Pointer.to(new int[] {m}), Pointer.to(new int[] {2 * m}),
                Pointer.to(new long[] {n}));
        Cuda.synchronize(kernel);
        dc.download(0, r, rOff, out);
    }
}
