package org.modalg.gpu.batched;

import java.util.logging.Logger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.JCudaDriver;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * Batched full products of fixed-size unsigned integers by the exact in-block NTT product of
 * {@code bigint_ntt.cu} (after Oancea and Watt, "GPU implementations for midsize integer
 * addition and multiplication", section 4, with 32-bit digits, three 30-bit primes and Garner's
 * CRT in the kernel, so that every coefficient of the convolution is recovered exactly for any
 * input; the proof of the bound is the kernel's header comment). One CUDA block computes one
 * instance (several when small): the transforms in shared memory, the pointwise products, the
 * inverse transforms, the CRT and the carry propagation, writing the 2m-limb product.
 *
 * <p>Same data as {@link GpuBatchedIntegerEngine#multiply}: instance i of each operand at
 * {@code off + i m} (m limbs, little-endian unsigned 64-bit limbs), its product at
 * {@code rOff + 2 i m}; a and b at the same offset of the same array give the square (one
 * forward transform per prime fewer). Sizes 1 .. {@link #MAX_LIMBS} limbs where the device
 * gives one block 12 L + 8320 bytes of shared memory, L the least power of two >= 4 m
 * ({@link #fits}; 2^18 bits needs 200 KiB, sm_80 and later). Bit-identical to
 * {@link CpuBatchedIntegerEngine#multiply}.
 *
 * <p>Cost per instance: 9 transforms of length L (6 for a square), L log2 L / 2 butterflies
 * each, against the schoolbook's m^2 limb products; {@link GpuBatchedIntegerEngine} takes this
 * product where it measured faster than the schoolbook ({@link #chosenFor}; module
 * BENCHMARKS.md, "In-block NTT product": on an H200 from 3.4x at 2^14 bits to 20x at 2^18, and
 * ahead of CGBN from 2^15 bits).
 *
 * <p>Faults, as the engine: chunks of whole instances sized to 60% of the free device memory;
 * out of memory halves the chunk (down to one instance); any other device failure leaves the
 * remaining instances to the CPU engine with one logged warning (same limbs). Host outputs are
 * written only after a chunk completes. Calls are serialized per object; buffers up to 256 MiB
 * are kept between calls ({@link #close()} frees them).
 */
final class GpuBlockNttProduct extends BatchedDeviceProduct {
    private static final Logger LOG = Logger.getLogger(GpuBlockNttProduct.class.getName());

    /** The largest size (limbs) the kernel takes: 2^18 bits, transforms of 2^14 points. */
    static final int MAX_LIMBS = 4096;

    /**
     * Default of {@link #minLimbs()}: none (the rule of {@link #chosenFor} applies). The NTT's time
     * is a step function of the transform length L (the least power of two >= 4m) while the
     * schoolbook's grows as m^2, so the measured crossover depends on the band of L: on an H200
     * (module BENCHMARKS.md, "In-block NTT product"), per instance, the NTT took 7.9 ns for
     * L = 256 (m = 33..64), 18.1 ns for L = 512, 37.9 ns for L = 1024, 86 ns for L = 2048 and
     * 0.88 us for L = 2^14, against about 2.0 ps per limb product (m^2 of them) for the
     * schoolbook up to 256 limbs and 1.1-1.5 ps above.
     */
    static final int DEFAULT_MIN_LIMBS = 0;

    /** The kernel's static shared memory (bytes). */
    private static final int STATIC_SHARED = 8320;

    private final CpuBatchedIntegerEngine cpu = CpuBatchedIntegerEngine.shared();
    private boolean tablesReady;
    private final DeviceChunks.Held held = new DeviceChunks.Held() {
        @Override
        public void releaseAll() {
            tablesReady = false; // set first: the release itself may fail on a broken context
            buffers.release();
        }

        @Override
        public void releaseBuffers() {
            buffers.release();
        }
    };

    /** A product on {@code runtime}'s device. */
    GpuBlockNttProduct(GpuRuntime runtime) {
        super(runtime, 3);
    }

    /**
     * {@code -Dmodalg.gpu.blockNttMinLimbs} when set (a single threshold, for benchmarks and
     * tests), else {@link #DEFAULT_MIN_LIMBS} (0: the measured rule of {@link #chosenFor}).
     */
    static int minLimbs() {
        return Integer.getInteger("modalg.gpu.blockNttMinLimbs", DEFAULT_MIN_LIMBS);
    }

    /**
     * Whether {@link GpuBatchedIntegerEngine#multiply} takes this product for {@code m}-limb
     * instances: not when {@code -Dmodalg.gpu.batchedMulKernel} forces a schoolbook kernel
     * (benchmarks and the engine's kernel tests); from {@link #minLimbs()} when that is set;
     * else by the band of the transform length, where the measured NTT time (class comment)
     * is below the schoolbook's: m = 96..128 (L = 512), m >= 150 (L = 1024: 129..149 stay on the
     * schoolbook, which is faster just above a power of two), and every m from 150 up (L >= 2048
     * from 257 limbs; against {@code bi_mul32_q8} on the H200: 1.8x at 128 limbs, 3.4x at 256,
     * 4.5x at 512, 20x at 4096). Sizes up to 95 limbs stay on the schoolbook (at 64 the NTT
     * gained 5%, at 32 it lost 1.7x).
     */
    static boolean chosenFor(int m) {
        if (System.getProperty("modalg.gpu.batchedMulKernel") != null) {
            return false;
        }
        int min = minLimbs();
        if (min > 0) {
            return m >= min;
        }
        return m >= 150 || (m >= 96 && m <= 128);
    }

    /**
     * log2 of the transform length: the least L = 2^lg >= 4 m (bigint_ntt.cu's contract).
     *
     * @throws IllegalArgumentException if m is not in [1, {@link #MAX_LIMBS}]
     */
    static int lgLength(int m) {
        if (m < 1 || m > MAX_LIMBS) {
            throw new IllegalArgumentException("m must be in [1, " + MAX_LIMBS + "] limbs, got " + m);
        }
        int lg = 2;
        while ((1 << lg) < 4 * m) {
            lg++;
        }
        return lg;
    }

    /** Threads of one instance for kernel {@code bnt_mul_dD}: min(1024, max(1, L / D)). */
    static int threadsPerInstance(int m, int d) {
        int t = (1 << lgLength(m)) / d;
        return Math.max(1, Math.min(1024, t));
    }

    /** Shared memory of one instance in bytes: 3 L 32-bit words. */
    static long sharedPerInstance(int m) {
        return 12L << lgLength(m);
    }

    /** Whether the kernel takes m-limb instances on this device (1 <= m <= 4096, shared memory). */
    boolean fits(int m) {
        return m >= 1 && m <= MAX_LIMBS && sharedPerInstance(m) + STATIC_SHARED <= runtime.maxSharedOptin();
    }

    /**
     * The kernel for m limbs: {@code bnt_mul_d8l} (lazy residues with Shoup's twiddle products,
     * L/8 threads per instance), the fastest of the six variants at every measured size
     * (2^11 .. 2^18 bits, H200; tied with {@code bnt_mul_d4l} from 2^17, where both take 1024
     * threads).
     */
    static String kernelName(int m) {
        return "bnt_mul_d8l";
    }

    /**
     * The full products r_i = a_i b_i of {@code count} instances of {@code m} limbs (square when
     * a and b are the same array at the same offset). The caller has validated the arrays
     * ({@link org.modalg.fft.batched.BatchedIntegerArguments#checkProduct}).
     *
     * @throws IllegalArgumentException if {@link #fits}{@code (m)} fails or count is negative
     */
    synchronized void multiply(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int m, int count,
            Options options) {
        if (!fits(m)) {
            throw new IllegalArgumentException("m must be in [1, " + MAX_LIMBS + "] limbs with "
                    + sharedPerInstance(Math.max(1, Math.min(m, MAX_LIMBS))) + " bytes of shared memory per block"
                    + " available, got " + m);
        }
        DeviceChunks.product("a block NTT product", runtime, LOG, held, a, aOff, b, bOff, r, rOff, m, count, options, 0,
                (first, n, same) -> device(a, aOff + first * m, b, bOff + first * m, same, r, rOff + 2 * first * m,
                        m, n));
    }

    /**
     * One launch of the product on operands already on the device (the Newton division's
     * products): c_i = a_i b_i for i &lt; n, a_i of m limbs at a + i sa, b_i at b + i sb, the
     * 2 m-limb product at c + i sc. The caller guarantees {@link #fits}{@code (m)}, sa, sb &gt;= m,
     * sc &gt;= 2 m, and c disjoint from a and b (the square path is taken only when a and b are
     * the same buffer with the same stride). Asynchronous: the caller synchronizes. Fills the
     * module's twiddle tables first when they are not yet (or no longer known to be) filled.
     *
     * @throws GpuException if a driver call fails
     */
    synchronized void launch(DeviceBuffer a, long sa, DeviceBuffer b, long sb, DeviceBuffer c, long sc, int m, int n) {
        try {
            String kernel = kernelName(m);
            int[] sh = shape(m, n);
            ensureTables();
            CUfunction f = function(kernel, sh[2]);
            Cuda.launch(f, kernel, sh[3], 1, sh[0], sh[2], a.arg(), Pointer.to(new long[] {sa}), b.arg(),
                    Pointer.to(new long[] {sb}), c.arg(), Pointer.to(new long[] {sc}), Pointer.to(new int[] {m}),
                    Pointer.to(new long[] {n}));
        } catch (GpuException e) {
            tablesReady = false;
            throw e;
        }
    }

    // The launch of n instances of m limbs: {threads, instances per block, dynamic shared bytes, grid}.
    private int[] shape(int m, int n) {
        String kernel = kernelName(m);
        int t = threadsPerInstance(m, kernel.charAt("bnt_mul_d".length()) - '0');
        return BatchedLaunch.perInstance(t, sharedPerInstance(m), runtime.maxSharedOptin() - STATIC_SHARED, 1024, n);
    }

    private void ensureTables() {
        if (!tablesReady) { // the module's twiddle tables, once per context
            CUfunction init = runtime.function(GpuModules.BIGINT_NTT, "bnt_init");
            Cuda.check(JCudaDriver.cuLaunchKernel(init, 96, 1, 1, 256, 1, 1, 0, null, null, null),
                    "cuLaunchKernel(bnt_init)");
            tablesReady = true;
        }
    }

    private CUfunction function(String kernel, int shared) {
        CUfunction f = runtime.function(GpuModules.BIGINT_NTT, kernel);
        if (shared > 32 * 1024) { // static + dynamic above 48 KiB needs the opt-in
            Cuda.check(JCudaDriver.cuFuncSetAttribute(f,
                    CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared),
                    "cuFuncSetAttribute(" + kernel + ", max dynamic shared memory " + shared + ")");
        }
        return f;
    }

    // n instances: a from aOff, b from bOff (unless same), products to r from rOff.
    private void device(long[] a, int aOff, long[] b, int bOff, boolean same, long[] r, int rOff, int m, int n) {
        String kernel = kernelName(m);
        int[] sh = shape(m, n);
        DeviceBuffer[] d = upload(a, aOff, b, bOff, same, m, n, kernel);
        DeviceBuffer da = d[A];
        DeviceBuffer db = d[B];
        DeviceBuffer dc = d[C];
        long out = 2L * n * m;
        ensureTables();
        CUfunction f = function(kernel, sh[2]);
        Pointer sm = Pointer.to(new long[] {m});
        Cuda.launch(f, kernel, sh[3], 1, sh[0], sh[2], da.arg(), sm, db.arg(), sm, dc.arg(),
                Pointer.to(new long[] {2L * m}), Pointer.to(new int[] {m}), Pointer.to(new long[] {n}));
        Cuda.synchronize(kernel);
        dc.download(0, r, rOff, out);
    }
}
