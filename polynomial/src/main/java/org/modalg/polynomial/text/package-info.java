/**
 * Text forms: integers to and from decimal text in subquadratic time ({@link
 * org.modalg.polynomial.text.IntegerText}), polynomials to and from text ({@link
 * org.modalg.polynomial.text.PolyText}, which {@code ZZPoly}, {@code ZpPoly} and {@code GfPoly}
 * call), and the error of a malformed polynomial ({@link
 * org.modalg.polynomial.text.PolyParseException}).
 *
 * <p>Uses {@link org.modalg.polynomial.integer} and the root package.
 */
package org.modalg.polynomial.text;
