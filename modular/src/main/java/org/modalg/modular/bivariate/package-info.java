/**
 * Multimodular operations on polynomials of Z[x, y]
 * ({@link org.modalg.polynomial.bivariate.ZZBivariate}): the resultant in one variable as a
 * polynomial in the other ({@link org.modalg.modular.bivariate.BivariateResultant}), by
 * evaluation, univariate resultants modulo word-size primes, interpolation and CRT, as an
 * instance of the multimodular loop. Uses the packages below it (loop, image, the root toolbox,
 * kernel); nothing in the module uses it.
 */
package org.modalg.modular.bivariate;
