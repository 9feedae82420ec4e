/**
 * The one parallel loop of the fft module and the modules above it ({@link
 * org.modalg.fft.parallel.ParallelRange}): a half-open index range split in halves down to a
 * grain on a ForkJoinPool, which the NTT plans and engines, the CRT and the big-prime FFT run
 * their parallel passes on. The pools themselves come from {@link org.modalg.fft.WorkerPools}
 * (one per thread count); nothing here depends on the rest of the module.
 */
package org.modalg.fft.parallel;
