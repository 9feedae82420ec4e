package org.modalg.gpu.batched;

import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.JCudaDriver;
import org.modalg.fft.Options;
import org.modalg.fft.batched.BatchedIntegerArguments;
import org.modalg.fft.batched.BatchedIntegerEngine;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.DeviceWorkspace;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * {@link BatchedIntegerEngine} on the GPU through the kernels of {@code bigint.cu} (after Oancea
 * and Watt, "GPU implementations for midsize integer addition and multiplication", sections 2
 * and 3; the kernels' contract is the comment at the top of {@code bigint.cu}): addition and
 * subtraction as a block scan over packed carry flags (several instances per block when small),
 * full products of 17 .. 160 limbs by the warp-cooperative register product ({@link
 * GpuWarpProduct}, {@code bigint_warp.cu}), larger ones by the FP64 in-block product ({@link
 * GpuFpBatchProduct}) up to 855 limbs, the load-balanced schoolbook full product, its low half ({@code bi_mullo32}: the paper's pairing
 * of chunk t with chunk T - 1 - t over the low columns, about half the work) and the square by
 * symmetry ({@code bi_sqr32}: twice the products a_i a_j with i &lt; j plus the diagonal, about
 * half the multiplications), and the multi-block product for instances one block does not hold
 * ({@code bi_mulmb_band_q8}: each block a band of 1024 output limbs, then a carry pass over the
 * whole instance; {@code bi_sqrmb_band_q8} the square by symmetry on the same bands). Operands are copied to the device in chunks of whole instances, one kernel
 * launch per chunk (two for the multi-block product), and the results copied back; every result
 * is bit-identical to {@link CpuBatchedIntegerEngine}'s (both are the exact values the interface
 * defines).
 *
 * <p><b>What runs where.</b> On the device: {@link #add}, {@link #subtract} (carry and borrow
 * flags included) for strides of at most {@link #MAX_ADD_LIMBS} limbs, {@link #multiply},
 * {@link #multiplyLow} and {@link #square} for strides of at most {@link #MAX_MULTIBLOCK_LIMBS}
 * limbs (2^21 bits), each when the kernel's shared memory fits the device (sm_80 and later:
 * always) and the batch is not tiny (below). On {@link CpuBatchedIntegerEngine}, with the same
 * results: larger strides, and tiny batches, where
 * the copies and the launch (tens of microseconds) cost more than the CPU's arithmetic: additions
 * of fewer than {@link #minAddLimbs()} limbs (count x stride; default
 * {@link #DEFAULT_MIN_ADD_LIMBS}, {@code -Dmodalg.gpu.batchedMinLimbs}) and products of fewer than
 * {@link #minProductWork()} limb products (count x stride^2; default
 * {@link #DEFAULT_MIN_PRODUCT_WORK}, {@code -Dmodalg.gpu.batchedMinWork}). {@link #divideAndRemainder}
 * runs on the device, instance by instance by schoolbook long division ({@link GpuLongDivision}) or
 * Newton's method ({@link GpuNewtonDivision}), kernels of {@code bigint_div.cu}, from the same work
 * threshold when the instances fit the kernels (under {@code auto} only from the measured crossover, {@link #prefersDivision}: 2^11 bits
 * and batches of 2^20 dividend limbs). {@link #runsOnDevice} says which for the other operations.
 * This engine never declines: every method returns true.
 *
 * <p><b>Kernel variant</b> (per-thread factor Q and inner loop; all variants give the same
 * limbs), a rule from the figures of the module's BENCHMARKS.md
 * (H200, 2^11 .. 2^18 bits): addition Q = 4 up to 4096 limbs (the fastest, or within the noise,
 * at every measured size), Q = 8 above (a block holds at most 1024 threads), Q = 2 below 4 limbs
 * (less padding; not measured); products {@code bi_mul32_q8} (fastest at 2^11 .. 2^13 and
 * 2^16 .. 2^18 bits) except {@code bi_mul_q4} for 129 .. 512 limbs (it led at 2^14 and 2^15
 * bits) and {@code bi_mul32_q2} below 16 limbs (Q = 8 would pad up to 7 zero limbs; not
 * measured); squares {@code bi_sqr32_q8} (1.35x .. 1.82x faster than {@code bi_mul32_q8} on the
 * same operands, 2^11 .. 2^18 bits), low halves {@code bi_mullo32_q8} (1.4x .. 3.1x faster than
 * the full product), both with Q = 2 below 16 limbs. Blocks of about 128 threads (several
 * instances per block while an instance needs fewer), the shape of the measured bests.
 * {@code -Dmodalg.gpu.batchedMulKernel=bi_mulw_q4} (for instance) forces one product kernel for
 * multiply and square where its Q allows the size; {@code bi_m5mult} (M5Mult, the thesis's
 * chapter 5, where its shared memory fits: up to 2848 limbs on sm_90) and {@code bi_mulmb_band_q8}
 * can be forced the same way (for benchmarks).
 *
 * <p><b>Size dispatcher</b> ({@link #multiBlock}), measured on an H200 (132 multiprocessors;
 * BENCHMARKS.md, "Products beyond the schoolbook"): the multi-block product above
 * {@link #MAX_PRODUCT_LIMBS} limbs (one block holds no more); below that the single-block kernels,
 * except for batches too small to fill the device (at most multiprocessors / 8 instances): a
 * full product of at least {@link #MULTIBLOCK_MIN_STRIDE} limbs and a square of
 * {@link #MAX_PRODUCT_LIMBS} limbs; the low half never (the bands only tied). M5Mult
 * is never chosen: it measured 2.5x .. 5x slower than {@code bi_mul32_q8} at every size
 * (2^11 .. 2^17 bits) and every batch size (its Karatsuba intermediate products spend about ten
 * instructions and a shared-memory read-modify-write of a triple-digit column per pair of digits,
 * where the schoolbook spends three instructions per digit product on register accumulators).
 *
 * <p><b>Cost</b> per chunk: the copies, 8 (2 + 1) count stride bytes for addition and
 * 8 (2 + 2) count stride bytes for a product (from and to Java arrays, pageable memory), and
 * the kernel: O(count stride) for addition, O(count stride^2) limb products for a product.
 *
 * <p><b>Faults.</b> A chunk is sized to 60% of the free device memory (at most 2^26 limbs per
 * operand). Out of device memory: the kept buffers are freed and the chunk halved, down to one
 * instance; an instance that still does not fit, and any other device failure, leaves the
 * remaining instances to the CPU engine, with one logged warning. Host outputs are written only
 * after a chunk has completed (an in-place chunk through a host copy), so a fallback never sees
 * a partly written chunk and never a wrong result. The loop and this policy are {@link DeviceChunks},
 * shared with the in-block products and the divisions.
 *
 * <p>Device calls are serialized per engine (its device work is synchronized); the buffers are
 * kept between calls while they hold at most 256 MiB (larger ones are freed at the end of the
 * call, so as not to crowd the other engines), grown on demand, and freed by {@link #close()}.
 */
public final class GpuBatchedIntegerEngine implements BatchedIntegerEngine, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(GpuBatchedIntegerEngine.class.getName());

    /** The largest stride (limbs) the addition kernels take: 1024 threads of Q = 8 limbs. */
    public static final int MAX_ADD_LIMBS = 8192;

    /** The largest stride (limbs) the single-block product kernels take: 2^18 bits. */
    public static final int MAX_PRODUCT_LIMBS = BatchedLaunch.MAX_PRODUCT_LIMBS;

    /**
     * The largest stride (limbs) the device takes for a product, square or low half: 2^21 bits,
     * the largest size measured ({@code bi_mulmb_band_q8}, several blocks per instance, above
     * {@link #MAX_PRODUCT_LIMBS}; the kernels themselves take any size).
     */
    public static final int MAX_MULTIBLOCK_LIMBS = 32768;

    /**
     * From this stride (limbs), a full product of at most {@code multiprocessors / 8} instances
     * (16 on an H100 or H200) runs on the bands even where one block holds the instance
     * (a square from {@link #MAX_PRODUCT_LIMBS} limbs). Measured on an H200, 132 multiprocessors
     * (gpu/BENCHMARKS.md, "Products beyond the schoolbook", run 3): with one instance per block
     * the single-block kernel leaves most multiprocessors idle; with 1 .. 16 instances the bands
     * took 0.50 against 0.65 ms at 2^17 bits (1.30x) and 0.99 against 2.35 ms at 2^18 (2.37x),
     * the symmetric bands' square 0.66 against 1.29 ms at 2^18 (1.96x, but 0.90x at 2^17); at
     * 2^16 bits the bands lost (0.94x), at 64 instances they were within 6% either way, and from
     * 256 instances on the single-block kernels led at every size (1.5x .. 2x). The low half
     * stays on one block up to {@link #MAX_PRODUCT_LIMBS} limbs (the bands tied, 1.01x).
     */
    public static final int MULTIBLOCK_MIN_STRIDE = 2048;

    /**
     * Default of {@link #minAddLimbs()}: 2^12 limbs (32 KiB per operand). Provisional: a
     * round figure for where one launch and three copies (tens of microseconds) match the
     * CPU's addition; to be measured.
     */
    public static final long DEFAULT_MIN_ADD_LIMBS = 1L << 12;

    /**
     * Default of {@link #minProductWork()}: 2^14 limb products (count x stride^2). Provisional,
     * as {@link #DEFAULT_MIN_ADD_LIMBS}.
     */
    public static final long DEFAULT_MIN_PRODUCT_WORK = 1L << 14;

    /**
     * Under {@code auto} ({@link #prefers}), additions and subtractions go to the device from
     * this many limbs (count x stride): never by default. Host data must cross the bus both
     * ways, and the host's cores add at memory speed: {@code bench batched} on an H100 host
     * (2^26 bits per operand, 2^11..2^18-bit instances, 16 threads) took 0.23-0.28 ms on the
     * CPU engine and 1.9-2.4 ms through the device, copies included (2026-11-26).
     * {@code -Dmodalg.gpu.batchedAutoAddLimbs} sets a size.
     */
    public static final long DEFAULT_AUTO_ADD_LIMBS = Long.MAX_VALUE;

    /**
     * Under {@code auto}, products and squares go to the device from this many limb products
     * (count x stride^2), with a stride of at least {@link #AUTO_MIN_PRODUCT_STRIDE}: 2^24 (for
     * instance 4096 instances of 64 limbs). The same run as above measured the device 2.3-9.8x
     * faster than the CPU engine on 16 threads, copies included, at 2^25 limb products and
     * more (2048-bit instances: 2.7 against 5.8 ms); below that, not yet measured.
     * {@code -Dmodalg.gpu.batchedAutoWork}.
     */
    public static final long DEFAULT_AUTO_PRODUCT_WORK = 1L << 24;

    /** The smallest stride that {@code auto} sends to the device for a product (provisional). */
    public static final int AUTO_MIN_PRODUCT_STRIDE = 4;

    /**
     * Under {@code auto}, divisions go to the device from this dividend stride (limbs): 32, 2^11
     * bits. Measured through this engine on an H100 host against the CPU engine on its 16 threads,
     * copies included (gpu/BENCHMARKS.md, "Through Java after the warp product and the register
     * division", batches of 2^28 bits, divisors of a random 2 .. M/2 limbs): the device 1.46x at
     * 2^11 bits, 2.05x at 2^12 and 5.2x .. 11.7x from 2^13 to 2^16 (before the register long
     * division and the direct copies: 0.46x and 0.81x at 2^11 and 2^12, so the crossover was 2^13).
     * {@code -Dmodalg.gpu.batchedAutoDivideStride}.
     */
    public static final int AUTO_MIN_DIVIDE_STRIDE = 32;

    /**
     * Under {@code auto}, divisions go to the device from this many dividend limbs (count x
     * stride): 2^20, the batches measured above (8 MiB of dividends); smaller batches, where the
     * schedule's 60 .. 150 launches and the copies weigh more, were not measured and stay on the
     * CPU. {@code -Dmodalg.gpu.batchedAutoDivideLimbs}.
     */
    public static final long DEFAULT_AUTO_DIVIDE_LIMBS = 1L << 20;

    private static final long MAX_CHUNK_LIMBS = 1L << 26;
    /** Buffers above this many bytes in all are freed at the end of a call, not kept. */
    private static final long KEEP_BYTES = 256L << 20;
    // the multi-block kernels (bigint.cu): 128 threads per band of 1024 limbs, Q = 8
    private static final int MB_THREADS = 128;
    private static final int MB_Q = 8;
    private static final int MB_SHARED = (3 * 2048 + 3 * 2048 / 16 + 8) * 4;
    static final String MB_BAND = "bi_mulmb_band_q8";
    static final String MB_CARRY = "bi_mulmb_carry_q8";
    static final String MB_SQUARE = "bi_sqrmb_band_q8";
    static final String M5MULT = "bi_m5mult";

    // device buffers by role
    private static final int A = 0;
    private static final int B = 1;
    private static final int C = 2;
    private static final int FLAGS = 3;

    private static final AtomicLong DEVICE_INSTANCES = new AtomicLong();

    private final GpuRuntime runtime;
    private final CpuBatchedIntegerEngine cpu = CpuBatchedIntegerEngine.shared();
    private final long minAddLimbs;
    private final long minProductWork;
    private final DeviceWorkspace buffers = new DeviceWorkspace(4);
    private final DeviceChunks.Held held = DeviceChunks.Held.of(buffers);
    private final GpuBlockNttProduct blockNtt;
    private GpuFpBatchProduct fpBatch;
    private GpuWarpProduct warp;
    private int injectedFault;
    private GpuNewtonDivision division;

    /** The device kernels an engine call uses. */
    private enum Kind {
        ADD, SUBTRACT, MULTIPLY, MULTIPLY_LOW, SQUARE;

        boolean product() {
            return this != ADD && this != SUBTRACT;
        }

        Operation op() {
            return Operation.valueOf(name());
        }
    }

    /**
     * An engine on the usable GPU with the default tiny-batch thresholds (or the system
     * properties named in the class comment).
     *
     * @throws IllegalStateException if no GPU is usable
     */
    public GpuBatchedIntegerEngine() {
        this(Long.getLong("modalg.gpu.batchedMinLimbs", DEFAULT_MIN_ADD_LIMBS),
                Long.getLong("modalg.gpu.batchedMinWork", DEFAULT_MIN_PRODUCT_WORK));
    }

    /**
     * An engine that sends additions of at least {@code minAddLimbs} limbs and products of at
     * least {@code minProductWork} limb products to the device (0 and 0: every batch the kernels
     * take, as the tests do).
     *
     * @throws IllegalArgumentException if a threshold is negative
     * @throws IllegalStateException if no GPU is usable
     */
    public GpuBatchedIntegerEngine(long minAddLimbs, long minProductWork) {
        if (minAddLimbs < 0 || minProductWork < 0) {
            throw new IllegalArgumentException("minAddLimbs and minProductWork must be >= 0, got " + minAddLimbs
                    + " and " + minProductWork);
        }
        this.runtime = GpuRuntime.get();
        this.blockNtt = new GpuBlockNttProduct(runtime);
        this.minAddLimbs = minAddLimbs;
        this.minProductWork = minProductWork;
    }

    /** Additions and subtractions of fewer limbs (count x stride) run on the CPU. */
    public long minAddLimbs() {
        return minAddLimbs;
    }

    /** Products and squares of fewer limb products (count x stride^2) run on the CPU. */
    public long minProductWork() {
        return minProductWork;
    }

    @Override
    public String name() {
        return "gpu(" + runtime.deviceName() + ")";
    }

    /**
     * Whether a batch of {@code count} instances of {@code stride} limbs would run on the device
     * (rather than on the CPU engine): add and subtract up to {@link #MAX_ADD_LIMBS}, multiply,
     * multiply low and square up to {@link #MAX_MULTIBLOCK_LIMBS}, the shared memory fitting the
     * device, the batch not below the tiny-batch thresholds; never divide. Never throws.
     */
    public boolean runsOnDevice(Operation op, int stride, int count) {
        Kind kind = kind(op);
        if (kind == null || stride < 1 || count < 1) {
            return false;
        }
        if (kind.product()) {
            return stride <= MAX_MULTIBLOCK_LIMBS && (long) count * stride * stride >= minProductWork
                    && shape(kind, stride, 1).ok;
        }
        return stride <= MAX_ADD_LIMBS && (long) count * stride >= minAddLimbs && shape(kind, stride, 1).ok;
    }

    /**
     * The {@code auto} rule: add and subtract from {@link #DEFAULT_AUTO_ADD_LIMBS} limbs (never by
     * default), multiply, multiply low and square from {@link #DEFAULT_AUTO_PRODUCT_WORK} limb
     * products at strides of at least {@link #AUTO_MIN_PRODUCT_STRIDE}, in both cases only where
     * {@link #runsOnDevice} holds; divide by {@link #prefersDivision} (stride = the dividend's).
     * The low half and the square take the full product's threshold (they do about half its work
     * on either side; not measured through this engine). Never throws.
     */
    @Override
    public boolean prefers(Operation op, int stride, int count) {
        if (op == Operation.DIVIDE) {
            return prefersDivision(stride, count, minProductWork);
        }
        if (!runsOnDevice(op, stride, count)) {
            return false;
        }
        if (op == Operation.ADD || op == Operation.SUBTRACT) {
            return (long) count * stride >= Long.getLong("modalg.gpu.batchedAutoAddLimbs", DEFAULT_AUTO_ADD_LIMBS);
        }
        return stride >= AUTO_MIN_PRODUCT_STRIDE
                && (long) count * stride * stride >= Long.getLong("modalg.gpu.batchedAutoWork",
                        DEFAULT_AUTO_PRODUCT_WORK);
    }

    /**
     * The measured crossover of the device division (class comment of
     * {@link #AUTO_MIN_DIVIDE_STRIDE}): a dividend stride from {@link #AUTO_MIN_DIVIDE_STRIDE} to
     * {@link #MAX_PRODUCT_LIMBS} limbs (2^11 .. 2^18 bits, the sizes measured; larger dividends
     * make products beyond the single-block kernels and run on the CPU anyway), a batch of at
     * least {@link #DEFAULT_AUTO_DIVIDE_LIMBS} dividend limbs, and at least {@code minProductWork}
     * limb products (count x stride^2, the engine's tiny-batch floor). Package-private for the
     * tests. Never throws.
     */
    static boolean prefersDivision(int stride, int count, long minProductWork) {
        if (stride < 1 || count < 1) {
            return false;
        }
        int minStride = Integer.getInteger("modalg.gpu.batchedAutoDivideStride", AUTO_MIN_DIVIDE_STRIDE);
        long minLimbs = Long.getLong("modalg.gpu.batchedAutoDivideLimbs", DEFAULT_AUTO_DIVIDE_LIMBS);
        return stride >= minStride && stride <= MAX_PRODUCT_LIMBS && (long) count * stride >= minLimbs
                && (long) count * stride * stride >= minProductWork;
    }

    @Override
    public boolean add(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count, byte[] carry,
            int carryOff, Options options) {
        BatchedIntegerArguments.checkAddSubtract(a, aOff, b, bOff, r, rOff, stride, count, carry, carryOff, "carry");
        BatchedIntegerArguments.checkOptions(options);
        if (!runsOnDevice(Operation.ADD, stride, count)) {
            return cpu.add(a, aOff, b, bOff, r, rOff, stride, count, carry, carryOff, options);
        }
        run(Kind.ADD, a, aOff, b, bOff, r, rOff, stride, count, carry, carryOff, options);
        return true;
    }

    @Override
    public boolean subtract(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
            byte[] borrow, int borrowOff, Options options) {
        BatchedIntegerArguments.checkAddSubtract(a, aOff, b, bOff, r, rOff, stride, count, borrow, borrowOff,
                "borrow");
        BatchedIntegerArguments.checkOptions(options);
        if (!runsOnDevice(Operation.SUBTRACT, stride, count)) {
            return cpu.subtract(a, aOff, b, bOff, r, rOff, stride, count, borrow, borrowOff, options);
        }
        run(Kind.SUBTRACT, a, aOff, b, bOff, r, rOff, stride, count, borrow, borrowOff, options);
        return true;
    }

    @Override
    public boolean multiply(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
            Options options) {
        BatchedIntegerArguments.checkProduct(Operation.MULTIPLY, a, aOff, b, bOff, r, rOff, stride, count);
        BatchedIntegerArguments.checkOptions(options);
        if (!runsOnDevice(Operation.MULTIPLY, stride, count)) {
            return cpu.multiply(a, aOff, b, bOff, r, rOff, stride, count, options);
        }
        // The size dispatcher of the full product, first match: the warp-cooperative register
        // product (bigint_warp.cu) where GpuWarpProduct.chosenFor takes it; the FP64 in-block FFT
        // product (fpbatch.cu, exact by its proven bound and a run-time check with an exact redo)
        // where GpuFpBatchProduct.chosenFor takes it; the in-block NTT from its crossover
        // (GpuBlockNttProduct.chosenFor); else the schoolbook kernels of bigint.cu (kernelName).
        if (GpuWarpProduct.chosenFor(stride)) {
            warp().multiply(a, aOff, b, bOff, r, rOff, stride, count, options);
            return true;
        }
        if (GpuFpBatchProduct.chosenFor(stride)) {
            GpuFpBatchProduct fp = fpBatch();
            if (fp.fits(stride)) {
                fp.multiply(a, aOff, b, bOff, r, rOff, stride, count, options);
                return true;
            }
        }
        if (GpuBlockNttProduct.chosenFor(stride) && blockNtt.fits(stride)) {
            blockNtt.multiply(a, aOff, b, bOff, r, rOff, stride, count, options);
            return true;
        }
        run(Kind.MULTIPLY, a, aOff, b, bOff, r, rOff, stride, count, null, 0, options);
        return true;
    }

    // The warp product of multiply, made on first use and closed with the engine.
    private synchronized GpuWarpProduct warp() {
        if (warp == null) {
            warp = new GpuWarpProduct(runtime);
        }
        return warp;
    }

    // The FP64 batch product of multiply, made on first use and closed with the engine.
    private synchronized GpuFpBatchProduct fpBatch() {
        if (fpBatch == null) {
            fpBatch = new GpuFpBatchProduct(runtime);
        }
        return fpBatch;
    }

    @Override
    public boolean multiplyLow(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
            Options options) {
        BatchedIntegerArguments.checkProduct(Operation.MULTIPLY_LOW, a, aOff, b, bOff, r, rOff, stride, count);
        BatchedIntegerArguments.checkOptions(options);
        if (!runsOnDevice(Operation.MULTIPLY_LOW, stride, count)) {
            return cpu.multiplyLow(a, aOff, b, bOff, r, rOff, stride, count, options);
        }
        run(Kind.MULTIPLY_LOW, a, aOff, b, bOff, r, rOff, stride, count, null, 0, options);
        return true;
    }

    @Override
    public boolean square(long[] a, int aOff, long[] r, int rOff, int stride, int count, Options options) {
        BatchedIntegerArguments.checkProduct(Operation.SQUARE, a, aOff, null, 0, r, rOff, stride, count);
        BatchedIntegerArguments.checkOptions(options);
        if (!runsOnDevice(Operation.SQUARE, stride, count)) {
            return cpu.square(a, aOff, r, rOff, stride, count, options);
        }
        // The in-block NTT square (6 transforms of the product's 9) by the product's rule: the
        // schoolbook square saves about as much (1.35-1.8x) over its product.
        if (GpuBlockNttProduct.chosenFor(stride) && blockNtt.fits(stride)) {
            blockNtt.multiply(a, aOff, a, aOff, r, rOff, stride, count, options);
            return true;
        }
        run(Kind.SQUARE, a, aOff, a, aOff, r, rOff, stride, count, null, 0, options);
        return true;
    }

    /**
     * On the device when the batch has at least {@link #minProductWork()} limb products (count x
     * aStride x min(aStride, bStride)), each instance by the cheaper of two routes
     * ({@link GpuNewtonDivision#prefersLong}, measured costs): schoolbook long division
     * ({@link GpuLongDivision}, Knuth's algorithm D, a few lanes of a warp per instance: about
     * (h - k) k limb products, the route for short quotients or divisors and for every instance up
     * to 2^16 bits on the division paper's data) or Newton's method ({@link GpuNewtonDivision}: in
     * groups of like shape, every product of at most {@link #MAX_PRODUCT_LIMBS} limbs; the route
     * for long quotients by long divisors); otherwise, or where neither route's kernels hold the
     * instance, on the CPU engine. The same limbs either way. Under {@code auto},
     * {@link #prefersDivision} decides whether the batch comes here at all.
     */
    @Override
    public boolean divideAndRemainder(long[] a, int aOff, int aStride, long[] b, int bOff, int bStride, long[] q,
            int qOff, long[] r, int rOff, int count, Options options) {
        BatchedIntegerArguments.checkDivide(a, aOff, aStride, b, bOff, bStride, q, qOff, r, rOff, count);
        BatchedIntegerArguments.checkOptions(options);
        if (count > 0 && (long) count * aStride * Math.min(aStride, bStride) >= minProductWork
                && divideOnDevice(a, aOff, aStride, b, bOff, bStride, q, qOff, r, rOff, count, options)) {
            return true;
        }
        return cpu.divideAndRemainder(a, aOff, aStride, b, bOff, bStride, q, qOff, r, rOff, count, options);
    }

    private synchronized boolean divideOnDevice(long[] a, int aOff, int aStride, long[] b, int bOff, int bStride,
            long[] q, int qOff, long[] r, int rOff, int count, Options options) {
        if (division == null) {
            division = new GpuNewtonDivision(runtime, blockNtt);
        }
        boolean done = division.divide(a, aOff, aStride, b, bOff, bStride, q, qOff, r, rOff, count, options, cpu);
        if (done) {
            DEVICE_INSTANCES.addAndGet(count);
        }
        return done;
    }

    /** The device division, once used (for the tests). */
    synchronized GpuNewtonDivision divisionForTests() {
        if (division == null) {
            division = new GpuNewtonDivision(runtime, blockNtt);
        }
        return division;
    }

    /**
     * Frees the device buffers kept between calls. The engine stays usable: they are allocated
     * again when needed. Idempotent.
     *
     * @throws GpuException if the driver fails to free them
     */
    @Override
    public synchronized void close() {
        runtime.enterContext();
        buffers.release();
        if (division != null) {
            division.release();
        }
        blockNtt.close();
        if (fpBatch != null) {
            fpBatch.close();
        }
        if (warp != null) {
            warp.close();
        }
    }

    /** Instances computed on a device by any engine of this class so far (for the tests). */
    static long deviceInstancesForTests() {
        return DEVICE_INSTANCES.get();
    }

    /** Tests only: the next device chunk fails with the driver error {@code cudaError}. */
    synchronized void injectFaultForTests(int cudaError) {
        injectedFault = cudaError;
    }

    private static Kind kind(Operation op) {
        if (op == null) {
            return null;
        }
        switch (op) {
            case ADD:
                return Kind.ADD;
            case SUBTRACT:
                return Kind.SUBTRACT;
            case MULTIPLY:
                return Kind.MULTIPLY;
            case MULTIPLY_LOW:
                return Kind.MULTIPLY_LOW;
            case SQUARE:
                return Kind.SQUARE;
            default:
                return null;
        }
    }

    // ---- kernel choice and launch shape (bigint.cu's contract) -----------------------------------

    /**
     * The single-block kernel for {@code stride} limbs (the rule of the class comment), e.g.
     * {@code bi_mul32_q8}, or {@link #MB_BAND} above {@link #MAX_PRODUCT_LIMBS} limbs (products).
     * Package-private for the tests and benchmarks.
     */
    static String kernelName(Operation op, int stride) {
        Kind kind = kind(op);
        if (kind == null) {
            throw new IllegalArgumentException("op must be ADD, SUBTRACT, MULTIPLY, MULTIPLY_LOW or SQUARE, got " + op);
        }
        if (!kind.product()) {
            int q = stride < 4 ? 2 : stride <= 4096 ? 4 : 8;
            return (kind == Kind.ADD ? "bi_add_q" : "bi_sub_q") + q;
        }
        if (stride > MAX_PRODUCT_LIMBS) {
            return MB_BAND;
        }
        if (kind == Kind.MULTIPLY_LOW) {
            return stride < 16 ? "bi_mullo32_q2" : "bi_mullo32_q8";
        }
        String forced = System.getProperty("modalg.gpu.batchedMulKernel");
        if (forced != null && (forced.equals(M5MULT) || forced.equals(MB_BAND))) {
            return forced; // shape() falls back to the rule where M5Mult's shared memory does not fit
        }
        if (forced != null && forced.matches("bi_mul(32|w)?_q[248]")
                && BatchedLaunch.maxThreads(forced) * (long) BatchedLaunch.q(forced)
                >= stride) {
            return forced;
        }
        return BatchedLaunch.ruleKernel(kind.op(), stride);
    }

    /**
     * The measured size dispatcher between the single-block kernels and the multi-block ones
     * (class comment, {@link #MULTIBLOCK_MIN_STRIDE}): every product above
     * {@link #MAX_PRODUCT_LIMBS} limbs; below, with at most {@code multiprocessors / 8}
     * instances (a single-block kernel would leave most multiprocessors idle), a full product from
     * {@link #MULTIBLOCK_MIN_STRIDE} limbs and a square of {@link #MAX_PRODUCT_LIMBS} limbs; a
     * low half never. Package-private for the tests.
     */
    static boolean multiBlock(Operation op, int stride, int count, int multiprocessors) {
        Kind kind = kind(op);
        if (kind == null || !kind.product()) {
            return false;
        }
        if (stride > MAX_PRODUCT_LIMBS) {
            return true;
        }
        if (count > multiprocessors / 8) {
            return false;
        }
        if (kind == Kind.MULTIPLY) {
            return stride >= MULTIBLOCK_MIN_STRIDE;
        }
        return kind == Kind.SQUARE && stride == MAX_PRODUCT_LIMBS;
    }

    private BatchedLaunch.Shape shape(Kind kind, int m, int count) {
        BatchedLaunch.Shape s = new BatchedLaunch.Shape();
        Operation op = kind.op();
        s.kernel = kernelName(op, m);
        // a kernel forced by the property (benchmarks) is not overridden by the size dispatcher
        boolean forced = kind.product() && m <= MAX_PRODUCT_LIMBS && !s.kernel.equals(BatchedLaunch.ruleKernel(op, m));
        if (kind.product() && (s.kernel.equals(MB_BAND)
                || !forced && multiBlock(op, m, count, runtime.multiprocessors()))) {
            int outLen = kind == Kind.MULTIPLY_LOW ? m : 2 * m;
            // a square on the bands by symmetry, unless the plain bands are forced (benchmarks)
            s.kernel = kind == Kind.SQUARE && !MB_BAND.equals(System.getProperty("modalg.gpu.batchedMulKernel"))
                    ? MB_SQUARE : MB_BAND;
            s.bands = ((outLen + MB_Q - 1) / MB_Q + MB_THREADS - 1) / MB_THREADS;
            if ((long) count * s.bands > Integer.MAX_VALUE) {
                return s;
            }
            s.threads = MB_THREADS;
            s.ipb = 1;
            s.shared = MB_SHARED;
            s.grid = count * s.bands;
            s.carryThreads = Math.min(1024, Math.max(32, ((outLen + 7) / 8 + 31) / 32 * 32));
            s.ok = true;
            return s;
        }
        if (s.kernel.equals(M5MULT)) {
            long shared = 40L * 64 * ((m + 31) / 32); // bigint.cu: 40 K bytes, K = 64 ceil(M / 32)
            if (shared <= runtime.maxSharedOptin() - BatchedLaunch.MUL_STATIC_SHARED) {
                int lambda = (m + 31) / 32;
                int t = Math.max((m + 3) / 4, 32 * Math.min(lambda, 16));
                s.threads = Math.min(1024, (t + 31) / 32 * 32);
                s.ipb = 1;
                s.shared = (int) shared;
                s.grid = count;
                s.ok = true;
                return s;
            }
            s.kernel = BatchedLaunch.ruleKernel(op, m); // M5Mult's shared memory does not fit: the rule decides
        }
        BatchedLaunch.singleBlock(s, op, m, count, runtime.maxSharedOptin());
        return s;
    }

    // ---- the device path -------------------------------------------------------------------------

    private synchronized void run(Kind kind, long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int m,
            int count, byte[] flags, int flagsOff, Options options) {
        String name = kind.name().toLowerCase();
        long perInstance = kind.product() ? (a == b && aOff == bOff ? 1L : 2L) * m + outLen(kind, m)
                + mbTopWords(kind, m) : 3L * m + 1;
        DeviceChunks.run(DeviceChunks.Device.of(runtime), LOG, held, KEEP_BYTES,
                new DeviceChunks.Batch("a batched " + name + " of " + count + " instances of " + m + " limbs",
                        "in the GPU batched " + name, count, perInstance, MAX_CHUNK_LIMBS / m), options,
                (first, n) -> {
                    device(kind, a, aOff, b, bOff, r, rOff, m, first, n, flags, flagsOff);
                    DEVICE_INSTANCES.addAndGet(n);
                },
                (first, n) -> cpuRange(kind, a, aOff, b, bOff, r, rOff, m, first, n, flags, flagsOff, options));
    }

    private static int outLen(Kind kind, int m) {
        return kind == Kind.MULTIPLY || kind == Kind.SQUARE ? 2 * m : m;
    }

    // The multi-block product's top words per instance: 2 per chunk of Q limbs of every band.
    private static long mbTopWords(Kind kind, int m) {
        return 2L * ((outLen(kind, m) + MB_Q - 1) / MB_Q + MB_THREADS - 1) / MB_THREADS * MB_THREADS;
    }

    // Instances [from, from + n) on the device; r (and the flags) written only at the end.
    private void device(Kind kind, long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int m, int from, int n,
            byte[] flags, int flagsOff) {
        BatchedLaunch.Shape s = shape(kind, m, n);
        if (!s.ok) {
            throw new GpuException("no launch shape for " + m + " limbs", -1); // runsOnDevice excludes it
        }
        long in = (long) n * m;
        int rs = outLen(kind, m);
        long out = (long) n * rs;
        boolean same = a == b && aOff == bOff;
        boolean mb = s.kernel.equals(MB_BAND) || s.kernel.equals(MB_SQUARE);
        DeviceBuffer da = buffers.get(A, in);
        DeviceBuffer db = same ? da : buffers.get(B, in);
        DeviceBuffer dc = buffers.get(C, out);
        // FLAGS: the carries of an addition, the top words of the multi-block product's chunks
        DeviceBuffer df = kind.product() ? (mb ? buffers.get(FLAGS, (long) n * mbTopWords(kind, m)) : null)
                : buffers.get(FLAGS, n);
        da.upload(a, aOff + from * m, 0, in);
        if (!same) {
            db.upload(b, bOff + from * m, 0, in);
        }
        if (injectedFault != 0) {
            int code = injectedFault;
            injectedFault = 0;
            throw new GpuException("cuLaunchKernel(" + s.kernel + ") failed: injected fault for the tests (" + code
                    + ")", code);
        }
        CUfunction f = runtime.function(GpuModules.BIGINT, s.kernel);
        if (s.shared > 32 * 1024) { // static + dynamic above 48 KiB needs the opt-in (bigint.cu)
            Cuda.check(JCudaDriver.cuFuncSetAttribute(f,
                    CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, s.shared),
                    "cuFuncSetAttribute(" + s.kernel + ", max dynamic shared memory " + s.shared + ")");
        }
        Pointer sa = longs(m);
        if (mb) {
            if (s.kernel.equals(MB_SQUARE)) {
                Cuda.launch(f, s.kernel, s.grid, 1, s.threads, s.shared, da.arg(), sa, dc.arg(), longs(rs), df.arg(),
                        ints(m), ints(rs), longs(n), ints(s.bands));
            } else {
                Cuda.launch(f, s.kernel, s.grid, 1, s.threads, s.shared, da.arg(), sa, db.arg(), sa, dc.arg(),
                        longs(rs), df.arg(), ints(m), ints(rs), longs(n), ints(s.bands));
            }
            CUfunction carry = runtime.function(GpuModules.BIGINT, MB_CARRY);
            Cuda.launch(carry, MB_CARRY, n, 1, s.carryThreads, 0, dc.arg(), longs(rs), df.arg(), ints(rs),
                    longs((long) s.bands * MB_THREADS), longs(n));
        } else if (kind == Kind.SQUARE && s.kernel.startsWith("bi_sqr")) {
            Cuda.launch(f, s.kernel, s.grid, 1, s.threads, s.shared, da.arg(), sa, dc.arg(), longs(rs), ints(m),
                    longs(n));
        } else if (kind.product()) {
            Cuda.launch(f, s.kernel, s.grid, 1, s.threads, s.shared, da.arg(), sa, db.arg(), sa, dc.arg(), longs(rs),
                    ints(m), longs(n));
        } else {
            Cuda.launch(f, s.kernel, s.grid, 1, s.threads, s.shared, da.arg(), sa, db.arg(), sa, dc.arg(), sa,
                    df.arg(), ints(m), longs(n));
        }
        Cuda.synchronize(s.kernel);
        long[] fl = null;
        if (flags != null && !kind.product()) {
            fl = new long[n];
            df.download(0, fl, 0, n);
        }
        int ro = rOff + from * rs;
        boolean inPlace = (r == a && rOff == aOff) || (r == b && rOff == bOff);
        if (inPlace) { // a failed copy must not leave the inputs half overwritten for the CPU fallback
            long[] tmp = new long[(int) out];
            dc.download(0, tmp, 0, out);
            System.arraycopy(tmp, 0, r, ro, (int) out);
        } else {
            dc.download(0, r, ro, out);
        }
        if (fl != null) {
            for (int i = 0; i < n; i++) {
                flags[flagsOff + from + i] = (byte) fl[i];
            }
        }
    }

    private void cpuRange(Kind kind, long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int m, int from,
            int n, byte[] flags, int flagsOff, Options options) {
        int ao = aOff + from * m;
        int bo = bOff + from * m;
        int fo = flags == null ? 0 : flagsOff + from;
        switch (kind) {
            case ADD:
                cpu.add(a, ao, b, bo, r, rOff + from * m, m, n, flags, fo, options);
                break;
            case SUBTRACT:
                cpu.subtract(a, ao, b, bo, r, rOff + from * m, m, n, flags, fo, options);
                break;
            case MULTIPLY:
                cpu.multiply(a, ao, b, bo, r, rOff + from * 2 * m, m, n, options);
                break;
            case MULTIPLY_LOW:
                cpu.multiplyLow(a, ao, b, bo, r, rOff + from * m, m, n, options);
                break;
            default:
                cpu.square(a, ao, r, rOff + from * 2 * m, m, n, options);
                break;
        }
    }

    private static Pointer longs(long v) {
        return Pointer.to(new long[] {v});
    }

    private static Pointer ints(int v) {
        return Pointer.to(new int[] {v});
    }
}
