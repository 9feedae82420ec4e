/**
 * Transforms over word-size primes and over generalized Fermat prime fields.
 *
 * <p>Engines are interfaces ({@link org.modalg.fft.NttEngine} for batched small-prime NTTs,
 * {@link org.modalg.fft.BigPrimeFftEngine} for the big-prime FFT) with CPU implementations
 * here and GPU implementations in the gpu module, found through {@link java.util.ServiceLoader}.
 * All engines compute the same transform (same root of unity, natural order), so their outputs
 * are bit-identical.
 */
package org.modalg.fft;
