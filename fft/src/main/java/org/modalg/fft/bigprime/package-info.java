/**
 * The big-prime FFT: one DFT of length 2^log2N over a generalized Fermat prime field
 * ({@link org.modalg.fields.GfField}, p = r^k + 1), [Thesis] chapter 3. The engine interface
 * {@link org.modalg.fft.bigprime.BigPrimeFftEngine}, its choice by backend and its
 * {@code ServiceLoader} hook ({@link org.modalg.fft.bigprime.BigPrimeFftEngines},
 * {@link org.modalg.fft.bigprime.BigPrimeFftEngineProvider}: {@code
 * META-INF/services/org.modalg.fft.bigprime.BigPrimeFftEngineProvider}), the CPU engine
 * ({@link org.modalg.fft.bigprime.CpuBigPrimeFftEngine}) over the six-step plan
 * ({@link org.modalg.fft.bigprime.GfFft}), the argument checks every engine applies
 * ({@link org.modalg.fft.bigprime.BigPrimeFftArguments}) and the BigInteger baseline
 * ({@link org.modalg.fft.bigprime.BigIntegerFft}).
 *
 * <p>Uses the root package ({@link org.modalg.fft.Options}, {@link org.modalg.fft.WorkerPools})
 * and {@link org.modalg.fft.parallel}. [Thesis] is the reference of the module's package
 * documentation ({@link org.modalg.fft}).
 */
package org.modalg.fft.bigprime;
