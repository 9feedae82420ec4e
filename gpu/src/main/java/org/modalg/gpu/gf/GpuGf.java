package org.modalg.gpu.gf;

import java.math.BigInteger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import org.modalg.fields.GfField;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * The generalized Fermat field kernels of {@code gf.cu} for one field, on digit-major vectors
 * already in device memory (digit d of element i at d n + i). Each kernel is instantiated per
 * k (powers of two up to {@link #MAX_K}); {@link #supports} says whether a field has one.
 */
public final class GpuGf {
    /** Largest k with device kernels; larger fields run on the CPU. */
    static final int MAX_K = 64;
    static final int THREADS = 256;

    /** Operation codes of {@code gf_vector_op}. */
    static final int ADD = 0;
    static final int SUB = 1;
    static final int MUL = 2;
    static final int MUL_POW_R = 3;

    final GfField field;
    final int k;
    private final Pointer params;
    private final CUfunction vectorOp;
    private final CUfunction fftPass;
    private final CUfunction scale;
    private final CUfunction powersStep;
    private final CUfunction toDigitMajor;
    private final CUfunction toElementMajor;
    private final CUfunction gatherTwiddles;

    /** Whether the device has kernels for this field's k. */
    public static boolean supports(GfField field) {
        return field.k() <= MAX_K;
    }

    /** Why a field runs on the CPU ({@link #supports} false). */
    public static String unsupportedReason(GfField field) {
        return field.name() + " has k = " + field.k() + " digits; the GPU kernels cover k <= "
                + MAX_K + ", so it runs on the CPU";
    }

    GpuGf(GpuRuntime rt, GfField field) {
        if (!supports(field)) {
            throw new IllegalArgumentException(unsupportedReason(field));
        }
        this.field = field;
        this.k = field.k();
        this.params = Pointer.to(divisionParams(field.radix()));
        String m = GpuModules.GF;
        vectorOp = rt.function(m, "gf_vector_op_" + k);
        fftPass = rt.function(m, "gf_fft_pass_" + k);
        scale = rt.function(m, "gf_scale_" + k);
        powersStep = rt.function(m, "gf_powers_step_" + k);
        toDigitMajor = rt.function(m, "gf_to_digit_major");
        toElementMajor = rt.function(m, "gf_to_element_major");
        gatherTwiddles = rt.function(m, "gf_gather_twiddles");
    }

    /**
     * The kernels' GfParams: r, r normalized (top bit set), the reciprocal
     * floor((2^128 - 1) / r_norm) - 2^64 of 2-by-1 division, and the normalizing shift.
     */
    static long[] divisionParams(long r) {
        int shift = Long.numberOfLeadingZeros(r);
        long dNorm = r << shift;
        BigInteger d = new BigInteger(Long.toUnsignedString(dNorm));
        long reciprocal = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE).divide(d).longValue();
        return new long[] {r, dNorm, reciprocal, shift};
    }

    private static int blocks(long work, int threads) {
        return (int) ((work + threads - 1) / threads);
    }

    private static Pointer i32(int v) {
        return Pointer.to(new int[] {v});
    }

    private static Pointer i64(long v) {
        return Pointer.to(new long[] {v});
    }

    /** dst (digit-major) = src (element-major), n elements. */
    void toDigitMajor(DeviceBuffer src, DeviceBuffer dst, long n) {
        Cuda.launch(toDigitMajor, "gf_to_digit_major", blocks(n * k, THREADS), 1, THREADS, 0,
                src.arg(), dst.arg(), i64(n), i32(k));
    }

    /** dst (element-major) = src (digit-major), n elements. */
    void toElementMajor(DeviceBuffer src, DeviceBuffer dst, long n) {
        Cuda.launch(toElementMajor, "gf_to_element_major", blocks(n * k, THREADS), 1, THREADS, 0,
                src.arg(), dst.arg(), i64(n), i32(k));
    }

    /**
     * z = x op y elementwise (z distinct from x and y); for {@link #MUL_POW_R}, z = x r^e, or
     * x r^(exps[i]) when exps (n ints packed two per word) is not null.
     */
    void vectorOp(int op, DeviceBuffer x, DeviceBuffer y, DeviceBuffer z, DeviceBuffer exps,
            int e, long n) {
        Cuda.launch(vectorOp, "gf_vector_op_" + k, blocks(n, THREADS), 1, THREADS, 0, x.arg(),
                y.arg(), z.arg(), exps != null ? exps.arg() : Pointer.to(new long[] {0}), i32(e),
                i64(n), i32(op), params);
    }

    /** One Stockham pass of radix 2^log2R (see gf.cu); groups DFTs per block. */
    void fftPass(DeviceBuffer in, DeviceBuffer out, DeviceBuffer twiddles, long twiddleOffset,
            int log2n, int log2R, int log2Ns, int groups) {
        int threads = (groups << log2R) / 2;
        int shared = (groups << log2R) * k * Long.BYTES;
        int blocks = (int) ((1L << (log2n - log2R)) / groups);
        int log2PerR = log2n - Integer.numberOfTrailingZeros(2 * k); // w^(N / 2k) = r
        Cuda.launch(fftPass, "gf_fft_pass_" + k, blocks, 1, threads, shared, in.arg(), out.arg(),
                Pointer.to(twiddles.at(twiddleOffset)), i32(log2n), i32(log2R), i32(log2Ns),
                i32(log2PerR), params);
    }

    /** out[i] = in[reverse ? -i mod n : i] c, c one element (k contiguous words). */
    void scale(DeviceBuffer in, DeviceBuffer out, DeviceBuffer c, long n, boolean reverse) {
        Cuda.launch(scale, "gf_scale_" + k, blocks(n, THREADS), 1, THREADS, 0, in.arg(), out.arg(),
                c.arg(), i64(n), i32(reverse ? 1 : 0), params);
    }

    /** pw[t + h] = pw[t] wh for t &lt; h (pw digit-major of n entries, wh at word offset whOff). */
    void powersStep(DeviceBuffer pw, DeviceBuffer wh, long whOff, long n, long h) {
        Cuda.launch(powersStep, "gf_powers_step_" + k, blocks(h, THREADS), 1, THREADS, 0,
                pw.arg(), Pointer.to(wh.at(whOff)), i64(n), i64(h), params);
    }

    /** The twiddles of one pass gathered from the powers table (see gf.cu). */
    void gatherTwiddles(DeviceBuffer pw, DeviceBuffer tw, long twOff, int log2n, int log2R,
            int log2Ns) {
        Cuda.launch(gatherTwiddles, "gf_gather_twiddles", blocks(1L << (log2Ns + log2R), THREADS),
                1, THREADS, 0, pw.arg(), Pointer.to(tw.at(twOff)), i32(log2n), i32(log2R),
                i32(log2Ns), i32(k));
    }
}
