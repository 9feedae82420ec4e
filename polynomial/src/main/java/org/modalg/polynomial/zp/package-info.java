/**
 * Polynomials over Z/pZ for a word-size prime p: the value type {@link
 * org.modalg.polynomial.zp.ZpPoly}, the product and division kernels on {@code long[]} ({@link
 * org.modalg.polynomial.zp.PolyMulZp}, {@link org.modalg.polynomial.zp.PolyDivZp}) and the
 * double-precision NTT product for any p &lt; 2^64 ({@link
 * org.modalg.polynomial.zp.DoubleNttPolyMulZp}).
 *
 * <p>Uses {@link org.modalg.polynomial.zz} (Z[x] products by Kronecker substitution, device
 * products), {@link org.modalg.polynomial.text}, {@link org.modalg.polynomial.convolution} and
 * the root package.
 */
package org.modalg.polynomial.zp;
