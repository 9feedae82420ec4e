/**
 * The batched small-prime NTT engines: the interface {@link org.modalg.fft.ntt.NttEngine} (rows
 * of one length, one prime per row; per-call {@link org.modalg.fft.Options}), its CPU engines
 * ({@link org.modalg.fft.ntt.CpuNttEngine} on the 64-bit kernels, {@link
 * org.modalg.fft.ntt.DoubleNttEngine} on {@link org.modalg.fft.doublentt.DoubleNttPlan}), their
 * choice ({@link org.modalg.fft.ntt.NttEngines}: the backend names, {@link
 * org.modalg.fft.ntt.NttEngines#forBackend}, the {@link org.modalg.fft.ntt.NttEngineProvider}s
 * found by {@link java.util.ServiceLoader}, as the gpu module's) and the 64-bit NTT plan behind
 * the CPU engine ({@link org.modalg.fft.ntt.NttPlan}, {@link org.modalg.fft.ntt.NttArguments},
 * package-private {@code NttKernels}).
 *
 * <p>Uses the root package (options, worker pools, {@link org.modalg.fft.CrtBasis}) and those
 * below it; {@link org.modalg.fft.batched}, {@link org.modalg.fft.bigprime} and {@link
 * org.modalg.fft.products} sit above it ({@code PackageLayersTest}).
 */
package org.modalg.fft.ntt;
