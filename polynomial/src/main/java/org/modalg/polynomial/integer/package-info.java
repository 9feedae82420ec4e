/**
 * Integer arithmetic on 64-bit limbs and BigIntegers: the product ({@link
 * org.modalg.polynomial.integer.IntegerMultiplication}: schoolbook, Karatsuba and Toom on limbs
 * in {@link org.modalg.polynomial.integer.LimbMultiplication}, the double-precision NTT route
 * {@link org.modalg.polynomial.integer.DoubleNttIntMul} on the convolution pipeline, a device
 * provider) and the division ({@link org.modalg.polynomial.integer.IntegerDivision}, Newton).
 *
 * <p>Uses {@link org.modalg.polynomial.convolution} and the root package.
 */
package org.modalg.polynomial.integer;
