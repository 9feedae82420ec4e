package org.modalg.gpu;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import org.modalg.fft.fp.FpDigits;
import org.modalg.fft.fp.FpErrorBound;
import org.modalg.fft.fp.FpFft;
import org.modalg.fft.fp.FpIntegerProduct;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * Integer products by the floating-point FFT route on the device (the kernels of
 * {@code fpfft.cu}; the ID-FFT paper, gpu-integer-multiplication-tiling-and-fft): the balanced
 * digits of the proven size ({@link FpIntegerProduct#provenDigitBits}) go to the device, which
 * transforms a + i b (N points), forms the packed pointwise product, transforms back at N/2
 * points, rounds every coefficient with the maximal distance to its integer reduced on the
 * device, and, when that passes the check ({@link FpErrorBound#SAFE_ERROR}), assembles the
 * limbs with the carry in two phases (per-limb 128-bit window sums, then a carry-lookahead scan
 * per block and across blocks). Only the digits go to the device and only the limbs (and one
 * word of error) come back.
 *
 * <p>The device performs the same rounded operations as {@link org.modalg.fft.fp.FpFft} in the same
 * order, with the same roots: its coefficients, its maximal error and its product are
 * bit-identical to the CPU route's ({@code GpuFpProductTest}).
 *
 * <p>Fall-backs: where no GPU is usable, or a driver call fails (every return code is checked),
 * {@link #tryMultiply} runs the CPU route ({@link FpIntegerProduct#tryMultiply}) and says so in the
 * log; {@link #multiply} takes BigInteger's exact product when the floating-point route declines
 * or its check fails (callers with the polynomial module use
 * {@code org.modalg.polynomial.fp.FloatingPointProducts}, whose fall-back is the NTT route).
 *
 * <p>Cost: logN + (logN - 1) butterfly launches of N/2 and N/4 threads, O(N) elsewhere;
 * device memory about 5 N words for N = 2^logN points.
 */
public final class GpuFpProduct {
    private static final Logger LOG = Logger.getLogger(GpuFpProduct.class.getName());
    private static final int THREADS = 256; // FP_BLOCK of fpfft.cu
    private static final Object LOCK = new Object();

    private GpuFpProduct() {
    }

    /**
     * a b by the floating-point route, on the GPU when one is usable, else on the CPU: the
     * product when the proven digit size exists and the check passes, else an outcome without a
     * product (see {@link FpIntegerProduct.Outcome}).
     *
     * @throws IllegalArgumentException if an operand is null
     */
    public static FpIntegerProduct.Outcome tryMultiply(BigInteger a, BigInteger b) {
        if (a == null || b == null) {
            throw new IllegalArgumentException("operands must not be null");
        }
        if (a.signum() == 0 || b.signum() == 0) {
            return FpIntegerProduct.tryMultiply(a, b);
        }
        int bits = FpIntegerProduct.provenDigitBits(a.abs().bitLength(), b.abs().bitLength());
        if (bits == 0 || !GpuRuntime.isUsable()) {
            return FpIntegerProduct.tryMultiply(a, b);
        }
        try {
            return onDevice(a, b, bits);
        } catch (GpuException e) {
            LOG.warning("floating-point product on the GPU failed (" + e.getMessage() + "); CPU route instead");
            return FpIntegerProduct.tryMultiply(a, b);
        }
    }

    /**
     * a b, exact: {@link #tryMultiply}, else BigInteger's product when the floating-point route
     * declines or its check fails.
     *
     * @throws IllegalArgumentException if an operand is null
     */
    public static BigInteger multiply(BigInteger a, BigInteger b) {
        FpIntegerProduct.Outcome o = tryMultiply(a, b);
        return o.product() != null ? o.product() : a.multiply(b);
    }

    /**
     * The device route with the digit size forced (proven or not: for the tests, which compare
     * it with {@link FpIntegerProduct#tryMultiplyUnproven}); nonzero operands, a usable GPU.
     *
     * @throws GpuException if a driver call fails
     */
    static FpIntegerProduct.Outcome onDevice(BigInteger a, BigInteger b, int bits) {
        BigInteger ma = a.abs();
        BigInteger mb = b.abs();
        int la = (int) FpDigits.digitCount(ma.bitLength(), bits);
        int lb = (int) FpDigits.digitCount(mb.bitLength(), bits);
        int lc = la + lb - 1;
        int logN = FpErrorBound.logLength(lc);
        if (logN > FpFft.MAX_LOG_N) {
            return new FpIntegerProduct.Outcome(null, FpIntegerProduct.Status.DECLINED, bits, logN, Double.NaN,
                    Double.NaN);
        }
        double m = Math.scalb(1.0, bits - 1);
        double bound = FpErrorBound.bound(m, m, la, lb, logN);
        double[] da = new double[la];
        FpDigits.balancedDigits(FpDigits.magnitudeLimbs(ma), ma.bitLength(), bits, da);
        double[] db = new double[lb];
        FpDigits.balancedDigits(FpDigits.magnitudeLimbs(mb), mb.bitLength(), bits, db);
        double[] table = FpFft.twiddles(logN);
        int n = 1 << logN;
        int h = n >> 1;
        int limbs = FpDigits.limbCount(lc, bits);
        int carryBlocks = (limbs + THREADS - 1) / THREADS;
        synchronized (LOCK) {
            GpuRuntime rt = GpuRuntime.get();
            CUfunction loadPack = rt.function(GpuModules.FPFFT, "fp_load_pack");
            CUfunction butterfly = rt.function(GpuModules.FPFFT, "fp_butterfly");
            CUfunction packProduct = rt.function(GpuModules.FPFFT, "fp_pack_product");
            CUfunction bitrev = rt.function(GpuModules.FPFFT, "fp_bitrev");
            CUfunction round = rt.function(GpuModules.FPFFT, "fp_round");
            CUfunction limbSums = rt.function(GpuModules.FPFFT, "fp_limb_sums");
            CUfunction carryBlock = rt.function(GpuModules.FPFFT, "fp_carry_block");
            CUfunction carryAcross = rt.function(GpuModules.FPFFT, "fp_carry_blocks");
            CUfunction carryApply = rt.function(GpuModules.FPFFT, "fp_carry_apply");
            List<DeviceBuffer> held = new ArrayList<>();
            try {
                DeviceBuffer dA = hold(held, DeviceBuffer.of(bitsOf(da)));
                DeviceBuffer dB = hold(held, DeviceBuffer.of(bitsOf(db)));
                DeviceBuffer dTw = hold(held, DeviceBuffer.of(bitsOf(table)));
                DeviceBuffer dZ = hold(held, new DeviceBuffer(2L * n));
                DeviceBuffer dTmp = hold(held, new DeviceBuffer(2L * h));
                DeviceBuffer dX = hold(held, new DeviceBuffer(2L * h));
                DeviceBuffer dC = hold(held, new DeviceBuffer(lc));
                DeviceBuffer dMax = hold(held, DeviceBuffer.of(new long[1]));
                Pointer pLogN = Pointer.to(new int[] {logN});
                Pointer pLogH = Pointer.to(new int[] {logN - 1});
                Cuda.launch(loadPack, "fp_load_pack", grid(n), 1, THREADS, 0, dA.arg(), Pointer.to(new int[] {la}),
                        dB.arg(), Pointer.to(new int[] {lb}), dZ.arg(), pLogN);
                for (int s = 1; s <= logN; s++) {
                    Cuda.launch(butterfly, "fp_butterfly", grid(h), 1, THREADS, 0, dZ.arg(), pLogN,
                            Pointer.to(new int[] {s}), dTw.arg(), pLogN, Pointer.to(new double[] {1.0}));
                }
                Cuda.launch(packProduct, "fp_pack_product", grid(h), 1, THREADS, 0, dZ.arg(), dTmp.arg(), pLogN,
                        dTw.arg());
                Cuda.launch(bitrev, "fp_bitrev", grid(h), 1, THREADS, 0, dTmp.arg(), dX.arg(), pLogH);
                for (int s = 1; s <= logN - 1; s++) {
                    Cuda.launch(butterfly, "fp_butterfly", grid(h / 2), 1, THREADS, 0, dX.arg(), pLogH,
                            Pointer.to(new int[] {s}), dTw.arg(), pLogN, Pointer.to(new double[] {-1.0}));
                }
                Cuda.launch(round, "fp_round", grid(h), 1, THREADS, 0, dX.arg(), pLogH, Pointer.to(new int[] {lc}),
                        Pointer.to(new double[] {1.0 / h}), dC.arg(), dMax.arg());
                long[] maxBits = new long[1];
                dMax.download(0, maxBits, 0, 1); // synchronizes: faults of the launches surface here
                double maxError = Double.longBitsToDouble(maxBits[0]);
                if (!(maxError <= FpErrorBound.SAFE_ERROR)) {
                    return new FpIntegerProduct.Outcome(null, FpIntegerProduct.Status.CHECK_FAILED, bits, logN,
                            maxError, bound);
                }
                DeviceBuffer dLo = hold(held, new DeviceBuffer(limbs));
                DeviceBuffer dHi = hold(held, new DeviceBuffer(limbs));
                DeviceBuffer dV = hold(held, new DeviceBuffer(limbs));
                DeviceBuffer dPrefix = hold(held, new DeviceBuffer((limbs + 7) / 8));
                DeviceBuffer dAgg = hold(held, new DeviceBuffer((carryBlocks + 7) / 8));
                DeviceBuffer dBlockIn = hold(held, new DeviceBuffer((carryBlocks + 1 + 7) / 8));
                Pointer pLimbs = Pointer.to(new int[] {limbs});
                Cuda.launch(limbSums, "fp_limb_sums", grid(limbs), 1, THREADS, 0, dC.arg(), Pointer.to(new int[] {lc}),
                        Pointer.to(new int[] {bits}), pLimbs, dLo.arg(), dHi.arg());
                Cuda.launch(carryBlock, "fp_carry_block", carryBlocks, 1, THREADS, 0, dLo.arg(), dHi.arg(), pLimbs,
                        dV.arg(), dPrefix.arg(), dAgg.arg());
                Cuda.launch(carryAcross, "fp_carry_blocks", 1, 1, 1, 0, dAgg.arg(),
                        Pointer.to(new int[] {carryBlocks}), dBlockIn.arg());
                Cuda.launch(carryApply, "fp_carry_apply", carryBlocks, 1, THREADS, 0, dV.arg(), dPrefix.arg(),
                        dBlockIn.arg(), pLimbs);
                long[] out = new long[limbs];
                dV.download(0, out, 0, limbs);
                byte[] topCarry = new byte[1];
                dBlockIn.downloadBytes(carryBlocks, topCarry, 0, 1);
                long[] topHi = new long[1];
                dHi.download(limbs - 1, topHi, 0, 1);
                Cuda.synchronize("fp_carry_apply");
                if (topCarry[0] != 0 || topHi[0] != 0) {
                    throw new GpuException("fp_carry_apply left a carry of " + topCarry[0] + " (top window "
                            + topHi[0] + ") out of " + limbs + " limbs", -1);
                }
                BigInteger p = FpDigits.fromLimbs(out, limbs);
                return new FpIntegerProduct.Outcome(a.signum() * b.signum() < 0 ? p.negate() : p,
                        FpIntegerProduct.Status.EXACT, bits, logN, maxError, bound);
            } finally {
                for (DeviceBuffer d : held) {
                    d.close();
                }
            }
        }
    }

    private static DeviceBuffer hold(List<DeviceBuffer> held, DeviceBuffer d) {
        held.add(d);
        return d;
    }

    private static int grid(long threads) {
        return (int) Math.max(1, (threads + THREADS - 1) / THREADS);
    }

    private static long[] bitsOf(double[] x) {
        long[] out = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = Double.doubleToRawLongBits(x[i]);
        }
        return out;
    }
}
