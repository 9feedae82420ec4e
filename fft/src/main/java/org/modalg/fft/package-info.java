/**
 * Transforms over word-size primes and over generalized Fermat prime fields.
 *
 * <p>Engines are interfaces ({@link org.modalg.fft.NttEngine} for batched small-prime NTTs,
 * {@link org.modalg.fft.BigPrimeFftEngine} for the big-prime FFT) with CPU implementations
 * here and GPU implementations in the gpu module, found through {@link java.util.ServiceLoader}.
 * All engines compute the same transform (same root of unity, natural order), so their outputs
 * are bit-identical.
 *
 * <p>References: "the thesis" in this package's documentation, with its numbered items (P3,
 * P4, Tables 2.2, 3.4 and 3.5, sections 2.5, 2.7 and 3.4, Algorithm 5), is D. Mohajerani,
 * <i>Parallel Arbitrary-precision Integer Arithmetic</i>, PhD thesis, The University of
 * Western Ontario, 2021 ([Thesis] in the References of the root README).
 */
package org.modalg.fft;
