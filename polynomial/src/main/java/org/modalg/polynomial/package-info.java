/**
 * Dense univariate polynomials over Z ({@link org.modalg.polynomial.ZZPoly}), over word-size
 * prime fields Z/pZ ({@link org.modalg.polynomial.ZpPoly}) and over generalized Fermat prime
 * fields ({@link org.modalg.polynomial.GfPoly}).
 *
 * <p>Two tiers. The polynomial types are immutable, normalized value types that validate
 * their arguments and dispatch by size; under them, static kernels
 * ({@link org.modalg.polynomial.PolyMulZp}, {@link org.modalg.polynomial.PolyDivZp},
 * {@link org.modalg.polynomial.PolyMulGf}, {@link org.modalg.polynomial.PolyDivGf}, and the
 * package-private {@code PolyMulZZ}) work on coefficient arrays with offsets and lengths and
 * check nothing. Algorithm variants are public and named ({@code mulClassical},
 * {@code mulKaratsuba}, {@code divRemNewton}, ...); the unsuffixed name dispatches by the
 * measured cut-offs of {@link org.modalg.polynomial.Tuning}. See the module README for the
 * algorithms, their costs, the cut-off table and the text formats.
 */
package org.modalg.polynomial;
