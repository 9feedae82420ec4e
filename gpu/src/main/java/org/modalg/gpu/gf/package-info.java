/**
 * Generalized Fermat fields p = r^k + 1 on the device ({@code gf.cu}): one field's kernels
 * ({@link org.modalg.gpu.gf.GpuGf}), batched field arithmetic on host arrays ({@link
 * org.modalg.gpu.gf.GpuGfVectors}), the big-prime FFT plan ({@link
 * org.modalg.gpu.gf.GpuGfFftPlan}) and its engine ({@link org.modalg.gpu.gf.GpuBigPrimeFftEngine},
 * an {@link org.modalg.fft.bigprime.BigPrimeFftEngine}; [Thesis] chapter 2).
 *
 * <p>Uses only {@link org.modalg.gpu.runtime} in the module.
 */
package org.modalg.gpu.gf;
