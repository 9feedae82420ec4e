package org.modalg.fft.products;

/**
 * Service-provider interface for engines that multiply large non-negative integers given as
 * little-endian unsigned 64-bit limbs (e.g. the GPU's all-device NTT + CRT + carry pipeline),
 * found through {@link java.util.ServiceLoader} (listed in
 * {@code META-INF/services/org.modalg.fft.products.LimbProductProvider}). Integer multiplication uses
 * the one {@link LimbProducts#provider()} returns for operands of at least {@link #minLimbs()}
 * limbs. Results must be exact: the same limbs as any other multiplication.
 */
public interface LimbProductProvider {

    /** A short name for reports, e.g. {@code gpu(NVIDIA H100 80GB HBM3)}. */
    String name();

    /** Whether the provider works here; must not throw, cheap after the first call. */
    boolean isUsable();

    /**
     * The smallest operand (the shorter one, in limbs) from which this provider pays off. Asked
     * before {@link #isUsable()} (so that smaller products never probe a device): must not touch
     * one, and must not throw.
     */
    long minLimbs();

    /** The largest product, in limbs, this provider accepts. */
    long maxProductLimbs();

    /**
     * The aLen + bLen limbs of a[0 .. aLen) * b[0 .. bLen), or null if the provider cannot take
     * this product now (e.g. a device out of memory; it logs why), and the caller computes it
     * itself.
     *
     * @throws IllegalArgumentException if a length is out of [1, array length] or the product
     *         exceeds {@link #maxProductLimbs()}
     */
    long[] multiply(long[] a, int aLen, long[] b, int bLen);
}
