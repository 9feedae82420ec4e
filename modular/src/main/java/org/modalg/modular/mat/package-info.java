/**
 * Integer matrices by multimodular methods: the exact determinant ({@link Determinant}: plain
 * CRT, the divisor strategy, the big-prime route) and the exact rational solve of A x = b
 * ({@link LinearSolve}, Dixon lifting, result a {@link RationalVector}). Both are instances of
 * {@link org.modalg.modular.loop.MultimodularLoop} over the image engines of
 * {@link org.modalg.modular.image}; the helpers (Dixon's lifting, the floating-point estimate of
 * log |det|, the matrix norms) stay package-private here.
 */
package org.modalg.modular.mat;
