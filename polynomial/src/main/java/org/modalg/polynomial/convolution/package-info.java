/**
 * The one convolution pipeline of the module: {@link
 * org.modalg.polynomial.convolution.ConvolutionPlan} (primes, transform length and layout,
 * output window and coefficient bound for one shape; it declines shapes it cannot take), the
 * double-precision CRT basis it recombines with ({@link
 * org.modalg.polynomial.convolution.DoubleCrt}) and the packed Z coefficients its Z[x] hook
 * writes ({@link org.modalg.polynomial.convolution.PackedCoefficients}). The transforms are the
 * fft module's {@code DoubleNttPlan}.
 *
 * <p>Public for the packages above it ({@code integer}, {@code zz}, {@code zp}), not a stable
 * API. Uses only the root package ({@code Limbs}, {@code Tuning}).
 */
package org.modalg.polynomial.convolution;
