/**
 * Dense polynomials in two variables over Z ({@link org.modalg.polynomial.bivariate.ZZBivariate}),
 * held as Z[y][x]: arithmetic (products by Kronecker substitution into the univariate
 * {@link org.modalg.polynomial.zz.ZZPoly} product), evaluation in one variable over Z and modulo a
 * word-size prime, conversion to and from Z[y][x] and Z[x][y], and the human text form. The
 * resultant and the other multimodular operations on them are in {@code org.modalg.modular.bivariate}.
 */
package org.modalg.polynomial.bivariate;
