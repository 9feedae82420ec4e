/**
 * Batched fixed-size integers on packed limbs: the CPU engine of the fft module's {@code
 * BatchedIntegerEngine} ({@link org.modalg.polynomial.batched.CpuBatchedIntegerEngine}) and the
 * facade that picks the CPU or a device engine per call ({@link
 * org.modalg.polynomial.batched.BatchedIntegers}).
 *
 * <p>Uses {@link org.modalg.polynomial.integer} and the root package.
 */
package org.modalg.polynomial.batched;
