package org.modalg.gpu.batched;

import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.JCudaDriver;
import org.modalg.fft.Options;
import org.modalg.fft.fp.FpErrorBound;
import org.modalg.fft.fp.FpFft;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * Batched full products of fixed-size unsigned integers by the floating-point (FP64) FFT product
 * of {@code fpbatch.cu}, all in one kernel per chunk: balanced 16-bit digits, one complex
 * transform of z = a + i b in shared memory, the separation of the two spectra and their
 * pointwise product, the real-to-complex packing, an inverse transform of half the length, the
 * rounding with a run-time check, and the carries (issue 16's floating-point route, batched:
 * the ID-FFT paper's Real-ID with the carry on the device, one instance per N/P threads).
 *
 * <p><b>Exactness.</b> The digit size (16 bits), the transform length N (the least power of two
 * &ge; 8 m) and m are such that {@link FpErrorBound#bound} of the kernel's computation,
 * (4 m + 3) 2^30 E(log2 N), is below {@link FpErrorBound#SAFE_ERROR} = 1/4 (the proof is the
 * kernel's header comment; {@link #proven}); that holds up to {@link #MAX_LIMBS} limbs (2^15 bits:
 * 0.139; 855 limbs, N = 8192: 0.2499). Every instance is also checked at run time: where any
 * coefficient is more than 1/4 from an integer the kernel flags the instance and this class
 * recomputes it with {@link CpuBatchedIntegerEngine#multiply} (counted by
 * {@link #fallbacksForTests}). So every result is exact and bit-identical to
 * {@link CpuBatchedIntegerEngine#multiply}.
 *
 * <p>Same data as {@link GpuBatchedIntegerEngine#multiply}: instance i of each operand at
 * {@code off + i m} (m little-endian unsigned 64-bit limbs), its 2m-limb product at
 * {@code rOff + 2 i m}; a and b may be the same array (a square through the product).
 *
 * <p>Cost per instance: one complex transform of N points and one of N/2, N = 8 m rounded up to
 * a power of two, O(m log m) double operations. {@link GpuBatchedIntegerEngine#multiply} takes
 * this product where it measured faster than the schoolbook and the in-block NTT
 * ({@link #chosenFor}: 57 .. 855 limbs; below 161 limbs {@link GpuWarpProduct} is tried first and
 * takes 17 .. 160, 1.2-3.4x faster on an H100; module BENCHMARKS.md; {@code
 * -Dmodalg.gpu.fpBatch=true} forces it).
 *
 * <p>Faults, as {@link GpuBlockNttProduct}: chunks of whole instances sized to 60% of the free
 * device memory; out of memory halves the chunk (down to one instance); any other device failure
 * leaves the remaining instances to the CPU engine with one logged warning (same limbs). Host
 * outputs are written only after a chunk completes. Calls are serialized per object; buffers up
 * to 256 MiB are kept between calls ({@link #close()} frees them).
 */
final class GpuFpBatchProduct extends BatchedDeviceProduct {
    private static final Logger LOG = Logger.getLogger(GpuFpBatchProduct.class.getName());

    /** The largest size (limbs) whose bound is below 1/4 ({@link #proven}): 855, transforms of 8192 points. */
    static final int MAX_LIMBS = 855;

    /** The smallest transform length the kernels take (log2). */
    static final int MIN_LOG_N = 6;

    /** The largest transform length the kernels take (log2). */
    static final int MAX_LOG_N = 13;

    /** Digit size (bits) and the largest balanced digit's magnitude, 2^15 (the top digit's excess is in the 4m + 3). */
    static final int DIGIT_BITS = 16;

    /** The run-time check's margin: an instance with a coefficient farther than this from an integer is redone. */
    static final double MARGIN = FpErrorBound.SAFE_ERROR;

    private static final int FLAGS = 3;

    private static final AtomicLong FALLBACKS = new AtomicLong();

    private final CpuBatchedIntegerEngine cpu = CpuBatchedIntegerEngine.shared();
    private final DeviceChunks.Held held = new DeviceChunks.Held() {
        @Override
        public void releaseAll() {
            releaseDevice();
        }

        @Override
        public void releaseBuffers() {
            buffers.release();
        }
    };
    private final DeviceBuffer[] tables = new DeviceBuffer[MAX_LOG_N + 1];
    // the pass tables of the kernels by transform length, made on the device from table(MAX_LOG_N)
    private final DeviceBuffer[] passTables = new DeviceBuffer[MAX_LOG_N + 1];
    private long failInstance = -1;

    /** A product on {@code runtime}'s device. */
    GpuFpBatchProduct(GpuRuntime runtime) {
        super(runtime, 4);
    }

    /**
     * log2 of the transform length for m limbs: the least N = 2^lg &ge; max(64, 8 m) (the 8 m - 1
     * digits of the product do not wrap around).
     *
     * @throws IllegalArgumentException if m is not in [1, {@link #MAX_LIMBS}]
     */
    static int logLength(int m) {
        if (m < 1 || m > MAX_LIMBS) {
            throw new IllegalArgumentException("m must be in [1, " + MAX_LIMBS + "] limbs, got " + m);
        }
        int lg = MIN_LOG_N;
        while ((1 << lg) < 8 * m) {
            lg++;
        }
        return lg;
    }

    /**
     * The proven bound on |x - c| for every coefficient of an m-limb product by the kernel:
     * {@link FpErrorBound#bound}(2^15, 2^15, 4m + 3, 4m + 3, log2 N) (balanced 16-bit digits, the
     * top one up to 2^16: ||d||_2^2 &le; (4m + 3) 2^30).
     *
     * @throws IllegalArgumentException if m is not in [1, 1024]
     */
    static double bound(int m) {
        if (m < 1 || m > 1024) {
            throw new IllegalArgumentException("m must be in [1, 1024] limbs, got " + m);
        }
        int lg = MIN_LOG_N;
        while ((1 << lg) < 8 * m) {
            lg++;
        }
        double d = Math.scalb(1.0, DIGIT_BITS - 1);
        return FpErrorBound.bound(d, d, 4L * m + 3, 4L * m + 3, lg);
    }

    /** Whether the bound of m-limb products is below {@link FpErrorBound#SAFE_ERROR} (m in [1, 1024]). */
    static boolean proven(int m) {
        return bound(m) < FpErrorBound.SAFE_ERROR;
    }

    /**
     * Points per thread of the kernel for m limbs: 16, faster than 8 at every size measured (H100,
     * 2^11 .. 2^16 bits: 1.17x .. 1.39x; module BENCHMARKS.md).
     */
    static int pointsPerThread(int m) {
        return 16;
    }

    /**
     * The kernel for m limbs: {@code fpb_mul_nN_pPt}, the variant that reads its roots from per-shape
     * pass tables (consecutive entries for the threads of a warp; 1.3-1.8x the variant reading the
     * shared root table at strides on an H100, module BENCHMARKS.md).
     */
    static String kernelName(int m) {
        return "fpb_mul_n" + (1 << logLength(m)) + "_p" + pointsPerThread(m) + "t";
    }

    /**
     * Entries of the pass tables of a transform of 2^logn points in passes of radix 2^lp, then one
     * of the remaining levels (fpbatch.cu's fpb_tab_entries): (R - 1) Ns per pass with Ns &gt; 1.
     */
    static int tableEntries(int logn, int lp) {
        int total = 0;
        int logNs = 0;
        for (int p = 0; p < logn / lp; p++) {
            total += logNs > 0 ? ((1 << lp) - 1) << logNs : 0;
            logNs += lp;
        }
        if (logn % lp != 0 && logNs > 0) {
            total += ((1 << (logn % lp)) - 1) << logNs;
        }
        return total;
    }

    /** The double2 entries of the instance tables of a transform of 2^lg points (fpb_tables's count). */
    static int passTableEntries(int lg) {
        int lp = Integer.numberOfTrailingZeros(pointsPerThread(0));
        return (1 << lg) / 2 + tableEntries(lg, lp) + tableEntries(lg - 1, lp - 1);
    }

    /** Threads of one instance: N / P. */
    static int threadsPerInstance(int m) {
        return (1 << logLength(m)) / pointsPerThread(m);
    }

    /** The kernel's largest block: max(256, threads per instance) (its launch bound). */
    static int maxBlock(int m) {
        return Math.max(256, threadsPerInstance(m));
    }

    /** Shared memory of one instance in bytes: 16 (N + N/16) + 4 T + 16 (fpbatch.cu's FPB_SHARED). */
    static long sharedPerInstance(int m) {
        int n = 1 << logLength(m);
        return 16L * (n + n / 16) + 4L * threadsPerInstance(m) + 16;
    }

    /** Whether the kernel takes m-limb instances on this device (1 &le; m &le; {@link #MAX_LIMBS}, shared memory). */
    boolean fits(int m) {
        return m >= 1 && m <= MAX_LIMBS && sharedPerInstance(m) <= runtime.maxSharedOptin();
    }

    /** The fewest limbs for which {@link #chosenFor} takes the FP product by default. */
    static final int MIN_CHOSEN_LIMBS = 57;

    /**
     * Whether {@link GpuBatchedIntegerEngine#multiply} takes this product for m-limb instances:
     * not when {@code -Dmodalg.gpu.batchedMulKernel} forces a schoolbook kernel or
     * {@code -Dmodalg.gpu.fpBatch=false}; {@code -Dmodalg.gpu.fpBatch=true} takes it at every size
     * it {@link #proven proves} (tests, benchmarks); otherwise for {@value #MIN_CHOSEN_LIMBS} to
     * {@value #MAX_LIMBS} limbs (where proven), where it measured faster than both exact kernels.
     * On an H100 (module BENCHMARKS.md, "FP64 in-block product, pass tables", 2026-11-26) the
     * pass-table kernels took 4.68 / 5.54 / 5.81 / 6.74 / 8.02 ms for the paper's grid at 2^11 ..
     * 2^15 bits (32 .. 512 limbs) against the schoolbook's 4.80 / 8.74 / 17.0 / 33.6 / 50.3 and the
     * in-block NTT's 8.28 / 8.35 / 9.50 / 9.90 / 11.28: 1.41-1.63x the best exact kernel from 64
     * limbs, level with the schoolbook at 32. A kernel of N points costs about the same for every m
     * it takes (N / 16 &lt; m &le; N / 8), while the schoolbook grows as m^2: at 57 limbs the schoolbook's
     * estimate (8.74 (57/64)^2 ms a 2^20-instance batch) already exceeds the FP kernel's 5.54.
     */
    static boolean chosenFor(int m) {
        if (System.getProperty("modalg.gpu.batchedMulKernel") != null) {
            return false;
        }
        if (m < 1 || m > MAX_LIMBS || !proven(m)) {
            return false;
        }
        String forced = System.getProperty("modalg.gpu.fpBatch");
        if (forced != null) {
            return Boolean.parseBoolean(forced);
        }
        return m >= MIN_CHOSEN_LIMBS;
    }

    /** Instances redone exactly on the CPU after a failed check, by any object of this class so far (tests). */
    static long fallbacksForTests() {
        return FALLBACKS.get();
    }

    /** Tests only: instance {@code i} (of the next calls, counted from the call's first instance) fails the check; -1 none. */
    synchronized void failInstanceForTests(long i) {
        failInstance = i;
    }

    /**
     * The full products r_i = a_i b_i of {@code count} instances of {@code m} limbs. The caller
     * has validated the arrays ({@link org.modalg.fft.batched.BatchedIntegerArguments#checkProduct}).
     *
     * @throws IllegalArgumentException if {@link #fits}{@code (m)} fails or count is negative
     */
    synchronized void multiply(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int m, int count,
            Options options) {
        if (!fits(m)) {
            throw new IllegalArgumentException("m must be in [1, " + MAX_LIMBS + "] limbs with the kernel's shared"
                    + " memory available, got " + m);
        }
        DeviceChunks.product("an FP batch product", runtime, LOG, held, a, aOff, b, bOff, r, rOff, m, count, options,
                1, (first, n, same) -> { // one more word an instance: its flag
                    int[] flags = device(a, aOff + first * m, b, bOff + first * m, same, r, rOff + 2 * first * m, m,
                            n, first);
                    for (int i = 0; i < n; i++) {
                        if (flags[i] != 0) { // the check failed: the exact route (never a wrong answer)
                            int k = first + i;
                            cpu.multiply(a, aOff + k * m, b, bOff + k * m, r, rOff + 2 * k * m, m, 1, options);
                            FALLBACKS.incrementAndGet();
                            LOG.fine(() -> "FP batch product: instance " + k + " of " + m + " limbs failed the"
                                    + " rounding check; recomputed exactly");
                        }
                    }
                });
    }

    /** Frees the device buffers and the tables kept between calls (allocated again when needed). */
    @Override
    void releaseDevice() {
        for (int i = 0; i < tables.length; i++) {
            if (tables[i] != null) {
                DeviceBuffer t = tables[i];
                tables[i] = null;
                t.close();
            }
            if (passTables[i] != null) {
                DeviceBuffer t = passTables[i];
                passTables[i] = null;
                t.close();
            }
        }
        buffers.release();
    }

    // The launch of n instances of m limbs: {threads, instances per block, dynamic shared bytes, grid}.
    private int[] shape(int m, int n) {
        return BatchedLaunch.perInstance(threadsPerInstance(m), sharedPerInstance(m), runtime.maxSharedOptin(),
                maxBlock(m), n);
    }

    // The roots of FpFft.twiddles(lg) on the device, uploaded once per context.
    private DeviceBuffer table(int lg) {
        if (tables[lg] == null) {
            double[] t = FpFft.twiddles(lg);
            long[] bits = new long[t.length];
            for (int i = 0; i < t.length; i++) {
                bits[i] = Double.doubleToRawLongBits(t[i]);
            }
            tables[lg] = DeviceBuffer.of(bits);
        }
        return tables[lg];
    }

    // The instance tables of the kernels for 2^lg points: copies of the roots of table(MAX_LOG_N)
    // (the same values, so the same error bound) in the order the kernels read them; once per context.
    private DeviceBuffer passTable(int lg) {
        if (passTables[lg] == null) {
            int count = passTableEntries(lg);
            DeviceBuffer out = new DeviceBuffer(2L * count);
            try {
                CUfunction f = runtime.function(GpuModules.FPBATCH, "fpb_tables");
                Cuda.launch(f, "fpb_tables", 64, 1, 256, 0, table(MAX_LOG_N).arg(),
                        Pointer.to(new int[] {MAX_LOG_N}), Pointer.to(new int[] {lg}),
                        Pointer.to(new int[] {Integer.numberOfTrailingZeros(pointsPerThread(0))}), out.arg(),
                        Pointer.to(new int[] {count}));
                Cuda.synchronize("fpb_tables");
            } catch (GpuException e) {
                out.close();
                throw e;
            }
            passTables[lg] = out;
        }
        return passTables[lg];
    }

    // n instances: a from aOff, b from bOff (unless same), products to r from rOff; returns the flags.
    private int[] device(long[] a, int aOff, long[] b, int bOff, boolean same, long[] r, int rOff, int m, int n,
            int first) {
        String kernel = kernelName(m);
        int lg = logLength(m);
        int[] sh = shape(m, n);
        long flagWords = (n + 1) / 2;
        DeviceBuffer df = buffers.get(FLAGS, flagWords);
        DeviceBuffer[] d = upload(a, aOff, b, bOff, same, m, n, kernel);
        DeviceBuffer da = d[A];
        DeviceBuffer db = d[B];
        DeviceBuffer dc = d[C];
        long out = 2L * n * m;
        DeviceBuffer tw = table(MAX_LOG_N);
        DeviceBuffer pt = passTable(lg);
        CUfunction f = runtime.function(GpuModules.FPBATCH, kernel);
        if (sh[2] > 48 * 1024) { // dynamic shared memory above 48 KiB needs the opt-in
            Cuda.check(JCudaDriver.cuFuncSetAttribute(f,
                    CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, sh[2]),
                    "cuFuncSetAttribute(" + kernel + ", max dynamic shared memory " + sh[2] + ")");
        }
        long fail = failInstance >= first && failInstance < first + n ? failInstance - first : -1;
        Pointer sm = Pointer.to(new long[] {m});
        Cuda.launch(f, kernel, sh[3], 1, sh[0], sh[2], da.arg(), sm, db.arg(), sm, dc.arg(),
                Pointer.to(new long[] {2L * m}), Pointer.to(new int[] {m}), Pointer.to(new long[] {n}), tw.arg(),
                Pointer.to(new int[] {MAX_LOG_N}), df.arg(), Pointer.to(new long[] {0}),
                Pointer.to(new double[] {MARGIN}), Pointer.to(new long[] {fail}), pt.arg());
        Cuda.synchronize(kernel);
        long[] fw = new long[(int) flagWords];
        df.download(0, fw, 0, flagWords);
        dc.download(0, r, rOff, out);
        int[] flags = new int[n];
        for (int i = 0; i < n; i++) {
            flags[i] = (int) (fw[i >> 1] >>> (32 * (i & 1)));
        }
        return flags;
    }
}
