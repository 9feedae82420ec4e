/**
 * Products by the floating-point FFT route, always exact: {@link
 * org.modalg.polynomial.fp.FloatingPointProducts} takes {@code org.modalg.fft.fp}'s proven and
 * checked products and falls back to the exact NTT routes otherwise.
 */
package org.modalg.polynomial.fp;
