/**
 * Dense univariate polynomials over Z ({@link org.modalg.polynomial.zz.ZZPoly}), over word-size
 * prime fields Z/pZ ({@link org.modalg.polynomial.zp.ZpPoly}) and over generalized Fermat prime
 * fields ({@link org.modalg.polynomial.gf.GfPoly}).
 *
 * <p>Two tiers. The polynomial types are immutable, normalized value types that validate
 * their arguments and dispatch by size; under them, static kernels
 * ({@link org.modalg.polynomial.zp.PolyMulZp}, {@link org.modalg.polynomial.zp.PolyDivZp},
 * {@link org.modalg.polynomial.gf.PolyMulGf}, {@link org.modalg.polynomial.gf.PolyDivGf}, and
 * {@link org.modalg.polynomial.zz.PolyMulZZ}) work on coefficient arrays with offsets and lengths and
 * check nothing. Algorithm variants are public and named ({@code mulClassical},
 * {@code mulKaratsuba}, {@code divRemNewton}, ...); the unsuffixed name dispatches by the
 * measured cut-offs of {@link org.modalg.polynomial.Tuning}. See the module README for the
 * algorithms, their costs, the cut-off table and the text formats.
 *
 * <p>One convolution pipeline. Every product by small primes on the CPU (over Z, over Z/pZ for
 * any p &lt; 2^64, and of integers) is a plan of {@link org.modalg.polynomial.convolution.ConvolutionPlan}:
 * precomputation for one shape (primes from one cached set, transform length and layout, output
 * window, coefficient bound) that declines shapes it cannot take; a projection hook gives each
 * operand's residues, the transforms run on {@code DoubleNttPlan}, and a recombination hook
 * turns Garner's digits into packed Z coefficients, limbs with carries, or residues mod p. The
 * Z[x], integer and Z/pZ[x] routes are thin clients that choose the shape and supply the hooks.
 *
 * <p>Packages, by ring and structure as FLINT's {@code fmpz_poly}, {@code nmod_poly} and
 * {@code fft_small}; each uses only those listed after it (no cycles: {@code
 * PackageLayersTest}): {@link org.modalg.polynomial.gf} (GF(p)[x]), {@link
 * org.modalg.polynomial.zp} (Z/pZ[x]), {@link org.modalg.polynomial.zz} (Z[x]), {@link
 * org.modalg.polynomial.text} (text forms) and {@link org.modalg.polynomial.batched} (batched
 * integers), {@link org.modalg.polynomial.integer} (integer products and division), {@link
 * org.modalg.polynomial.convolution} (the pipeline), and this package at the bottom: the cut-offs
 * ({@link org.modalg.polynomial.Tuning}), the per-call context of a product ({@code
 * ProductContext}) and the limb loops ({@code Limbs}).
 *
 * <p>References: "the thesis" in this package's documentation and output (P3, P4, Tables 2.1,
 * 2.2, 3.1, 3.2, 3.4, sections 2.3 and 2.9, chapter 5, Algorithms 1 to 4) is D. Mohajerani,
 * <i>Parallel Arbitrary-precision Integer Arithmetic</i>, PhD thesis, The University of Western
 * Ontario, 2021 ([Thesis] in the References of the root README); "the GPU polynomial
 * multiplication paper" is [Eme] and "the multiprecision division paper" is [MRLOMW] there.
 */
package org.modalg.polynomial;
