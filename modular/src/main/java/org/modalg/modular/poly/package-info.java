/**
 * Integer polynomials by multimodular methods: the GCD with cofactors ({@link PolynomialGcd},
 * result a {@link GcdResult}) and the resultant ({@link Resultant}), on the CRT and big-prime
 * routes, both instances of {@link org.modalg.modular.loop.MultimodularLoop}; and the
 * subresultant PRS over Z ({@link SubresultantPrs}), the non-modular reference.
 */
package org.modalg.modular.poly;
