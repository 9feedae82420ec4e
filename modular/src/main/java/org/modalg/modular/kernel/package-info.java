/**
 * Kernels: the unchecked loops on primitive arrays modulo one word-size prime or in one
 * generalized Fermat field, which the CPU image engine runs over a batch of primes and the
 * operations call directly where they need one image: Gaussian elimination and LU on rows of
 * doubles with delayed reduction ({@link ZpDetKernel}, {@link ZpLu}), elimination over GF(p)
 * ({@link GfDetKernel}), Euclid, exact division and the resultant on doubles or longs
 * ({@link PolyGcdDouble}, {@link PolyGcdZp}), the half-GCD ({@code HalfGcdZp}), the subresultant
 * chain from one remainder sequence ({@link SubresultantChainZp}) and Euclid over GF(p)
 * ({@link PolyGcdGf}).
 *
 * <p>Preconditions (odd prime below the stated bound, reduced entries, lengths) are documented
 * per method and not checked: the callers check them once per operation. Nothing here depends on
 * the rest of the module.
 */
package org.modalg.modular.kernel;
