/**
 * Small-prime NTTs on the device ({@code ntt.cu}) and the CRT that projects onto and recombines
 * from their primes ({@code crt.cu}): the launches ({@link org.modalg.gpu.ntt.GpuNtt}) and
 * their cached twiddle tables ({@link org.modalg.gpu.ntt.NttTables}), the device CRT ({@link
 * org.modalg.gpu.ntt.GpuCrt}), and the {@link org.modalg.fft.ntt.NttEngine} over them ({@link
 * org.modalg.gpu.ntt.GpuNttEngine}, registered by {@link
 * org.modalg.gpu.ntt.GpuNttEngineProvider} in {@code META-INF/services/org.modalg.fft.ntt.NttEngineProvider}).
 *
 * <p>Uses only {@link org.modalg.gpu.runtime} in the module; the whole products of the root
 * package are built on {@code GpuNtt}, {@code NttTables} and {@code GpuCrt}.
 */
package org.modalg.gpu.ntt;
