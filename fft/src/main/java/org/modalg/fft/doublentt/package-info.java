/**
 * The double-precision NTT on the CPU: {@link org.modalg.fft.doublentt.DoubleNttPlan}, one
 * (prime below 2^50, length) pair whose arithmetic runs in doubles (the modular product by
 * fma and a rounded quotient) so that HotSpot compiles the loops to SIMD, on an R x C matrix of
 * row arrays with one transpose; its unchecked loops ({@code DoubleNttKernels}) and the pool
 * that reuses its matrices ({@code DoubleMatrixPool}) are package-private.
 *
 * <p>The engine over it is {@link org.modalg.fft.ntt.DoubleNttEngine} in {@link org.modalg.fft.ntt} (an
 * {@link org.modalg.fft.ntt.NttEngine}); this package uses only {@link org.modalg.fft.parallel}.
 */
package org.modalg.fft.doublentt;
