package org.modalg.gpu;

import java.math.BigInteger;
import java.util.logging.Logger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import org.modalg.fft.fp.FpDigits;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.DeviceWorkspace;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * Integer products by the exact tiling kernel on the device (the ID-FFT paper,
 * gpu-integer-multiplication-tiling-and-fft, "The CUDA Tiling Multiplication Approach"): the
 * classical product of the 32-bit limbs cut into 256 x 256 tiles, one block per tile, each tile's
 * column sums added atomically into 128-bit windows of the product's 64-bit limbs, then the
 * carry-lookahead of the floating-point route ({@code tiling.cu}, {@code fpfft.cu}'s carry
 * kernels). Integer arithmetic throughout: exact at every size (proof in tiling.cu's header),
 * unlike the floating-point route, and one launch for all products instead of the NTT route's
 * projection, transforms and reconstruction, so it is the device's route for small operands
 * (gpu/BENCHMARKS.md gives the crossover with the NTT route measured on the same device).
 *
 * <p>Cost: la lb / 4 32 x 32-bit products for operands of la and lb 64-bit limbs (quadratic:
 * operands are limited to {@link #MAX_BITS}), 2 atomic additions per tile column, O(la + lb) for
 * the carries. Device memory: about 4 (la + lb) words, kept between calls (freed and allocated
 * again when a product does not fit).
 *
 * <p>Fall-backs: where no GPU is usable, an operand exceeds {@link #MAX_BITS}, or a driver call
 * fails (every return code is checked; a failure is logged), {@link #multiply} computes the
 * product on the host ({@link IntegerMultiplication#multiply}): the answer is always exact.
 */
public final class GpuTilingProduct {
    private static final Logger LOG = Logger.getLogger(GpuTilingProduct.class.getName());
    /** The largest operand the device route takes, in bits (2^20 64-bit limbs). */
    public static final long MAX_BITS = 1L << 26;
    private static final int TILE = 256; // TILE of tiling.cu
    private static final int CARRY_BLOCK = 256; // FP_BLOCK of fpfft.cu
    /** The instance of the static methods (the limb provider has its own). */
    private static final GpuTilingProduct SHARED = new GpuTilingProduct();
    private static final int IN_A = 0;
    private static final int IN_B = 1;
    private static final int WINDOWS = 2;
    private static final int OUT = 3;
    private static final int PREFIX = 4;
    private static final int AGGREGATES = 5;
    private static final int BLOCK_IN = 6;

    // device buffers by role, kept between products (allocating per call cost more than a small
    // product's kernels); guarded by this
    private final DeviceWorkspace buffers = new DeviceWorkspace(7);

    GpuTilingProduct() {
    }

    /**
     * a b, exact: on the device when a GPU is usable and both operands have at most
     * {@link #MAX_BITS} bits, else (or when the device fails) on the host.
     *
     * @throws IllegalArgumentException if an operand is null
     */
    public static BigInteger multiply(BigInteger a, BigInteger b) {
        if (a == null || b == null) {
            throw new IllegalArgumentException("operands must not be null");
        }
        if (a.signum() == 0 || b.signum() == 0) {
            return BigInteger.ZERO;
        }
        BigInteger ma = a.abs();
        BigInteger mb = b.abs();
        if (ma.bitLength() > MAX_BITS || mb.bitLength() > MAX_BITS || !GpuRuntime.isUsable()) {
            return IntegerMultiplication.multiply(a, b);
        }
        try {
            long[] la = FpDigits.magnitudeLimbs(ma);
            long[] lb = FpDigits.magnitudeLimbs(mb);
            long[] p = SHARED.multiply(la, la.length, lb, lb.length);
            BigInteger m = FpDigits.fromLimbs(p, p.length);
            return a.signum() * b.signum() < 0 ? m.negate() : m;
        } catch (GpuException e) {
            LOG.warning("tiling product on the GPU failed (" + e.getMessage() + "); host product instead");
            return IntegerMultiplication.multiply(a, b);
        }
    }

    /**
     * The aLen + bLen little-endian limbs of a[0 .. aLen) b[0 .. bLen) on the device (a usable GPU;
     * 1 &lt;= aLen, bLen &lt;= {@link #MAX_BITS} / 64).
     *
     * @throws IllegalArgumentException if a length is outside that range or the arrays are shorter
     * @throws GpuException if a driver call fails or the carry chain leaves a carry (a device fault)
     */
    static long[] onDevice(long[] a, int aLen, long[] b, int bLen) {
        return SHARED.multiply(a, aLen, b, bLen);
    }

    /**
     * {@link #onDevice} with this instance's buffers.
     *
     * @throws IllegalArgumentException as {@link #onDevice}
     * @throws GpuException as {@link #onDevice}, also when the device is out of memory after this
     *     instance's buffers were freed
     */
    synchronized long[] multiply(long[] a, int aLen, long[] b, int bLen) {
        long maxLimbs = MAX_BITS / 64;
        if (aLen < 1 || aLen > maxLimbs || aLen > a.length) {
            throw new IllegalArgumentException("aLen must be in [1, min(" + maxLimbs + ", a.length)], got " + aLen);
        }
        if (bLen < 1 || bLen > maxLimbs || bLen > b.length) {
            throw new IllegalArgumentException("bLen must be in [1, min(" + maxLimbs + ", b.length)], got " + bLen);
        }
        if (aLen < bLen) { // the longer operand along the grid's x (its y is limited to 65535 tiles)
            return multiply(b, bLen, a, aLen);
        }
        try {
            return run(a, aLen, b, bLen);
        } catch (GpuException e) {
            if (!e.isOutOfMemory()) {
                throw e;
            }
            buffers.release(); // the workspace may hold a larger earlier product's buffers
            return run(a, aLen, b, bLen);
        }
    }

    // the launches of multiply, aLen >= bLen
    private long[] run(long[] a, int aLen, long[] b, int bLen) {
        int limbs = aLen + bLen;
        int la32 = 2 * aLen;
        int lb32 = 2 * bLen;
        int tilesA = (la32 + TILE - 1) / TILE;
        int tilesB = (lb32 + TILE - 1) / TILE;
        int carryBlocks = (limbs + CARRY_BLOCK - 1) / CARRY_BLOCK;
        GpuRuntime rt = GpuRuntime.get();
        rt.enterContext();
        CUfunction mul = rt.function(GpuModules.TILING, "tile_mul");
        CUfunction carryBlock = rt.function(GpuModules.FPFFT, "fp_carry_block");
        CUfunction carryAcross = rt.function(GpuModules.FPFFT, "fp_carry_blocks");
        CUfunction carryApply = rt.function(GpuModules.FPFFT, "fp_carry_apply");
        DeviceBuffer dA = buffers.get(IN_A, aLen);
        DeviceBuffer dB = buffers.get(IN_B, bLen);
        DeviceBuffer dWin = buffers.get(WINDOWS, 2L * limbs); // lo_w, then hi_w
        DeviceBuffer dV = buffers.get(OUT, limbs);
        DeviceBuffer dPrefix = buffers.get(PREFIX, (limbs + 7) / 8);
        DeviceBuffer dAgg = buffers.get(AGGREGATES, (carryBlocks + 7) / 8);
        DeviceBuffer dBlockIn = buffers.get(BLOCK_IN, (carryBlocks + 1 + 7) / 8);
        dA.upload(a, 0, 0, aLen);
        dB.upload(b, 0, 0, bLen);
        DeviceWorkspace.zero(dWin, 2L * limbs);
        Pointer lo = dWin.arg();
        Pointer hi = Pointer.to(dWin.at(limbs));
        Pointer pLimbs = Pointer.to(new int[] {limbs});
        // the 64-bit limbs read as twice as many little-endian 32-bit limbs
        Cuda.launch(mul, "tile_mul", tilesA, tilesB, TILE, 0, dA.arg(), Pointer.to(new int[] {la32}), dB.arg(),
                Pointer.to(new int[] {lb32}), lo, hi);
        Cuda.launch(carryBlock, "fp_carry_block", carryBlocks, 1, CARRY_BLOCK, 0, lo, hi, pLimbs, dV.arg(),
                dPrefix.arg(), dAgg.arg());
        Cuda.launch(carryAcross, "fp_carry_blocks", 1, 1, 1, 0, dAgg.arg(), Pointer.to(new int[] {carryBlocks}),
                dBlockIn.arg());
        Cuda.launch(carryApply, "fp_carry_apply", carryBlocks, 1, CARRY_BLOCK, 0, dV.arg(), dPrefix.arg(),
                dBlockIn.arg(), pLimbs);
        long[] out = new long[limbs];
        dV.download(0, out, 0, limbs); // synchronizes: faults of the launches surface here
        byte[] topCarry = new byte[1];
        dBlockIn.downloadBytes(carryBlocks, topCarry, 0, 1);
        long[] topHi = new long[1];
        dWin.download(2L * limbs - 1, topHi, 0, 1);
        if (topCarry[0] != 0 || topHi[0] != 0) { // the product has aLen + bLen limbs: a fault
            throw new GpuException("tile_mul left a carry of " + topCarry[0] + " (top window " + topHi[0]
                    + ") out of " + limbs + " limbs", -1);
        }
        return out;
    }
}
