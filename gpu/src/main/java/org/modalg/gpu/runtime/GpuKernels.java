package org.modalg.gpu.runtime;

import java.util.List;

/**
 * The kernel modules: one CUDA source under {@code src/main/cuda/} each, built into a PTX
 * resource (any device) and an sm_90 cubin resource (H100, H200: loaded without compilation).
 */
public final class GpuKernels {
    /** Small-prime NTT passes, pointwise products, scaling and bit reversal. */
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

    /** Every module (the NTT module is loaded when the runtime starts, the others on first use). */
    static final List<String> MODULES = List.of(NTT, CRT, GF, MODULAR, BIGINT);

    private GpuKernels() {
    }
}
