/**
 * Transforms over word-size primes and over generalized Fermat prime fields.
 *
 * <p>Engines are interfaces ({@link org.modalg.fft.ntt.NttEngine} for batched small-prime NTTs,
 * {@link org.modalg.fft.bigprime.BigPrimeFftEngine} for the big-prime FFT) with CPU implementations
 * here and GPU implementations in the gpu module, found through {@link java.util.ServiceLoader}.
 * All engines compute the same transform (same root of unity, natural order), so their outputs
 * are bit-identical.
 *
 * <p>This package holds the per-call options ({@link org.modalg.fft.Options}, {@link
 * org.modalg.fft.Route}, {@link org.modalg.fft.Backend}, {@link org.modalg.fft.Certification},
 * {@link org.modalg.fft.ProgressListener}, {@link org.modalg.fft.CancelledException}), the
 * worker pools and the one {@code ServiceLoader} loop ({@link org.modalg.fft.WorkerPools},
 * {@link org.modalg.fft.ServiceProviders}) and the CRT toolbox with the one prime-basis cache
 * ({@link org.modalg.fft.CrtBasis}). The NTT engines over them are in {@link
 * org.modalg.fft.ntt} (the options own the default thread count; {@link
 * org.modalg.fft.ntt.NttEngines#forBackend} gives a {@link org.modalg.fft.Backend}'s engine).
 * The sub-packages, each using only those below it (no cycles between packages or classes:
 * {@code PackageLayersTest}): {@link org.modalg.fft.batched}, {@link org.modalg.fft.bigprime},
 * {@link org.modalg.fft.products} on top, then {@link org.modalg.fft.ntt}, then this package;
 * {@link org.modalg.fft.doublentt} and {@link org.modalg.fft.parallel} below it.
 *
 * <p>References: "the thesis" in this package's documentation, with its numbered items (P3,
 * P4, Tables 2.2, 3.4 and 3.5, sections 2.5, 2.7 and 3.4, Algorithm 5), is D. Mohajerani,
 * <i>Parallel Arbitrary-precision Integer Arithmetic</i>, PhD thesis, The University of
 * Western Ontario, 2021 ([Thesis] in the References of the root README).
 */
package org.modalg.fft;
