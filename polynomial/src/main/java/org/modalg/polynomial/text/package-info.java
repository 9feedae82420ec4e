/**
 * Text forms: integers to and from decimal text in subquadratic time ({@link
 * org.modalg.polynomial.text.IntegerText}), polynomials to and from text ({@link
 * org.modalg.polynomial.text.PolyText}, which {@code ZZPoly}, {@code ZpPoly} and {@code GfPoly}
 * call), the scanner under every human form, univariate and bivariate ({@link
 * org.modalg.polynomial.text.TermScanner}: the signed sum, numbers, names, exponents, errors
 * with line and column), and the error of a malformed polynomial ({@link
 * org.modalg.polynomial.text.PolyParseException}).
 *
 * <p>Uses {@link org.modalg.polynomial.integer} and the root package.
 */
package org.modalg.polynomial.text;
