/**
 * Multimodular algorithms over Z: the shared toolbox and the result types. The operations
 * themselves are in the sub-packages, by structure (FLINT's {@code fmpz_mat} / {@code fmpz_poly}
 * split):
 * <ul>
 * <li>{@link org.modalg.modular.mat}: the determinant ({@link org.modalg.modular.mat.Determinant})
 * and the rational solve ({@link org.modalg.modular.mat.LinearSolve});</li>
 * <li>{@link org.modalg.modular.poly}: polynomial GCDs
 * ({@link org.modalg.modular.poly.PolynomialGcd}) and resultants
 * ({@link org.modalg.modular.poly.Resultant});</li>
 * <li>{@link org.modalg.modular.loop}: the multimodular loop they are instances of (bound, prime
 * supply, batched images, combiner, stopping rule, report);</li>
 * <li>{@link org.modalg.modular.image}: the image engines (the SPI, the CPU engine, the choice
 * by {@code Options.backend()});</li>
 * <li>{@link org.modalg.modular.kernel}: the kernels, unchecked loops on primitive arrays modulo
 * one prime or in one generalized Fermat field.</li>
 * </ul>
 * This package holds what all of them share: every operation's {@link ModularResult} and
 * {@link ModularReport}, the prime sources ({@link PrimeStream}, {@link RandomPrimes},
 * {@link GfPrimes}), the CRT ({@link CrtAccumulator}, {@link MultiCrt}), rational reconstruction
 * and the proven bounds. Packages depend downwards only, in the order
 * {@code mat, poly -> loop -> image -> (this package) -> kernel}; the module README lists the
 * classes of each and the check that keeps the order.
 *
 * <p>References: "the thesis" in this module's documentation and output (P3, P4, Tables 2.1,
 * 2.2, 3.1, section 2.9) is D. Mohajerani, <i>Parallel Arbitrary-precision Integer
 * Arithmetic</i>, PhD thesis, The University of Western Ontario, 2021 ([Thesis] in the
 * References of the root README).
 */
package org.modalg.modular;
