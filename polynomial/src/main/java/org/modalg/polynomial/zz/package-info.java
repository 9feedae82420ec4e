/**
 * Polynomials over Z: the value type {@link org.modalg.polynomial.zz.ZZPoly}, its product
 * routes on coefficient arrays ({@link org.modalg.polynomial.zz.PolyMulZZ}: classical,
 * Karatsuba, Kronecker substitution, the small-prime pipeline) and the products handed to a
 * device ({@link org.modalg.polynomial.zz.PolyMulDevice}, also used by {@code PolyMulZp}).
 *
 * <p>Uses {@link org.modalg.polynomial.text}, {@link org.modalg.polynomial.integer}, {@link
 * org.modalg.polynomial.convolution} and the root package.
 */
package org.modalg.polynomial.zz;
