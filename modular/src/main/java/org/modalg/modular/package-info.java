/**
 * Multimodular algorithms over Z: determinants ({@link org.modalg.modular.Determinant}),
 * polynomial GCDs ({@link org.modalg.modular.PolynomialGcd}) and resultants
 * ({@link org.modalg.modular.Resultant}), each by many word-size primes and the Chinese
 * remainder theorem or by big generalized Fermat primes, with the bounds, prime streams and CRT
 * tools they share. See the module README for the algorithms, bounds and routes.
 *
 * <p>References: "the thesis" in this package's documentation and output (P3, P4, Tables 2.1,
 * 2.2, 3.1, section 2.9) is D. Mohajerani, <i>Parallel Arbitrary-precision Integer
 * Arithmetic</i>, PhD thesis, The University of Western Ontario, 2021 ([Thesis] in the
 * References of the root README).
 */
package org.modalg.modular;
