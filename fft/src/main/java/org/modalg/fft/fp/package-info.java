/**
 * Floating-point FFT products with a proven error bound (issue 16; the ID-FFT paper,
 * gpu-integer-multiplication-tiling-and-fft): a complex double FFT with accurate roots and the
 * real-to-complex packings ({@link org.modalg.fft.fp.FpFft}, its float twin
 * {@link org.modalg.fft.fp.FpFftFloat}), the worst-case error bound that chooses the digit size
 * ({@link org.modalg.fft.fp.FpErrorBound}), digits in and limbs out
 * ({@link org.modalg.fft.fp.FpDigits}), and integer products checked on every call
 * ({@link org.modalg.fft.fp.FpIntegerProduct}). The exact fall-back lives in the polynomial
 * module ({@code org.modalg.polynomial.fp.FloatingPointProducts}); the device twin in the gpu
 * module ({@code org.modalg.gpu.GpuFpProduct}).
 */
package org.modalg.fft.fp;
