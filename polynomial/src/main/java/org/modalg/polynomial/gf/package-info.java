/**
 * Polynomials over a generalized Fermat prime field GF(p), p = r^k + 1: the value type {@link
 * org.modalg.polynomial.gf.GfPoly} and its product and division kernels ({@link
 * org.modalg.polynomial.gf.PolyMulGf}, {@link org.modalg.polynomial.gf.PolyDivGf}).
 *
 * <p>Uses {@link org.modalg.polynomial.zp}, {@link org.modalg.polynomial.zz}, {@link
 * org.modalg.polynomial.text} and the root package.
 */
package org.modalg.polynomial.gf;
