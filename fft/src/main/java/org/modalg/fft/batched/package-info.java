/**
 * Batched integer arithmetic on packed 64-bit limbs (many fixed-size integers per call): the
 * engine interface {@link org.modalg.fft.batched.BatchedIntegerEngine} (add, subtract, full and
 * low products, squares, division; each may decline), its argument checks
 * ({@link org.modalg.fft.batched.BatchedIntegerArguments}), and the choice between the CPU
 * engine (the polynomial module's {@code CpuBatchedIntegerEngine}) and device engines found
 * through {@code ServiceLoader} ({@link org.modalg.fft.batched.BatchedIntegerEngines},
 * {@link org.modalg.fft.batched.BatchedIntegerEngineProvider}: {@code
 * META-INF/services/org.modalg.fft.batched.BatchedIntegerEngineProvider}).
 *
 * <p>Uses the root package ({@link org.modalg.fft.Options}, {@link org.modalg.fft.Backend}).
 */
package org.modalg.fft.batched;
