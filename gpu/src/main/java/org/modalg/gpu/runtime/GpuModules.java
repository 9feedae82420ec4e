package org.modalg.gpu.runtime;

import java.util.List;

/**
 * The kernel modules: one CUDA source under {@code src/main/cuda/} each, built into a PTX
 * resource (any device) and an sm_90 cubin resource (H100, H200: loaded without compilation).
 */
public final class GpuModules {
    /** Small-prime NTT passes, pointwise products, scaling, bit reversal and the twiddle tables ({@code ntt_table}). */
    public static final String NTT = "ntt";

    /** Projection onto primes, Garner reconstruction, carry normalization of limb products. */
    public static final String CRT = "crt";

    /** Generalized Fermat field arithmetic and the big-prime FFT passes. */
    public static final String GF = "gf";

    /** Batched images of the modular algorithms: projection, determinant, LU and solve, resultant, gcd. */
    public static final String MODULAR = "modular";

    /**
     * Batched fixed-size unsigned big integers: scan adder and subtractor with packed carry flags,
     * the load-balanced schoolbook product (contract in bigint.cu's header).
     */
    public static final String BIGINT = "bigint";

    /**
     * The linear steps of the batched Newton division ({@code batched.GpuNewtonDivision}; contract in
     * bigint_div.cu's header); its products are {@link #BIGINT}'s.
     */
    public static final String BIGINT_DIV = "bigint_div";

    /**
     * The exact in-block NTT product of batched big integers (three 31-bit primes, CRT and carries
     * in the kernel; contract and exactness proof in bigint_ntt.cu's header).
     */
    public static final String BIGINT_NTT = "bigint_ntt";

    /**
     * The batched product of big integers of up to 2^14 bits with each instance's operands in the
     * registers of several lanes of a warp (row-by-row schoolbook with carry chains, shuffles and a
     * ballot carry resolution; contract and exactness proof in bigint_warp.cu's header).
     */
    public static final String BIGINT_WARP = "bigint_warp";

    /**
     * Floating-point FFT integer products: double transforms, real-to-complex packing, rounding
     * with the error check, the carry in two phases (contract in fpfft.cu's header).
     */
    public static final String FPFFT = "fpfft";

    /**
     * The batched FP64 FFT product of big integers in one kernel (balanced 16-bit digits, packed
     * transforms in shared memory, rounding with the run-time check and flags, the carries;
     * contract and error bound in fpbatch.cu's header).
     */
    public static final String FPBATCH = "fpbatch";

    /**
     * Batched small polynomial products over Z with large coefficients: one block per (product,
     * prime) for the reduction, transforms and pointwise product in shared memory, Garner's CRT
     * on the device (contract in polybatch.cu's header).
     */
    public static final String POLYBATCH = "polybatch";

    /**
     * The exact tiling product of two big integers: 256 x 256 tiles of 32-bit limb products, one
     * block each, column sums added atomically into 128-bit limb windows (contract and exactness
     * proof in tiling.cu's header); its carries are {@link #FPFFT}'s.
     */
    public static final String TILING = "tiling";

    /** Every module (the NTT module is loaded when the runtime starts, the others on first use). */
    static final List<String> MODULES = List.of(NTT, CRT, GF, MODULAR, BIGINT, BIGINT_DIV, BIGINT_NTT, BIGINT_WARP, FPFFT, FPBATCH,
            POLYBATCH, TILING);

    private GpuModules() {
    }
}
