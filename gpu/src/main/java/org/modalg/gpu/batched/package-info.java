/**
 * Batched fixed-size big integers on the device ({@code bigint.cu}): {@link
 * org.modalg.gpu.batched.GpuBatchedIntegerEngine}, an {@link
 * org.modalg.fft.batched.BatchedIntegerEngine}, registered by {@link
 * org.modalg.gpu.batched.GpuBatchedIntegerEngineProvider} in {@code
 * META-INF/services/org.modalg.fft.batched.BatchedIntegerEngineProvider}.
 *
 * <p>Uses only {@link org.modalg.gpu.runtime} in the module.
 */
package org.modalg.gpu.batched;
