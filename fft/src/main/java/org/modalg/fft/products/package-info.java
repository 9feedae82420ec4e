/**
 * Whole products handed to another device: the service interfaces through which the gpu
 * module offers the integer product on 64-bit limbs ({@link
 * org.modalg.fft.products.LimbProductProvider}, found by {@link
 * org.modalg.fft.products.LimbProducts}) and polynomial products over Z/pZ and Z ({@link
 * org.modalg.fft.products.PolyProductProvider}, found by {@link
 * org.modalg.fft.products.PolyProducts}), registered in {@code META-INF/services} under these
 * names. The products themselves, and the CPU routes they stand in for, are in the polynomial
 * module; {@code modalg.backend=cpu} turns the providers off.
 *
 * <p>Uses {@link org.modalg.fft.ntt} ({@link org.modalg.fft.ntt.NttEngines}) and the root package
 * ({@link org.modalg.fft.ServiceProviders}).
 */
package org.modalg.fft.products;
