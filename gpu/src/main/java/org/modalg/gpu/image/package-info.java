/**
 * The modular module's images on every visible device ({@code modular.cu}): {@link
 * org.modalg.gpu.image.GpuImageEngine}, an {@link org.modalg.modular.image.ImageEngine}
 * (determinants, LU and triangular solves, resultants and gcds modulo a batch of primes),
 * registered by {@link org.modalg.gpu.image.GpuImageEngineProvider} in {@code
 * META-INF/services/org.modalg.modular.image.ImageEngineProvider}.
 *
 * <p>Uses only {@link org.modalg.gpu.runtime} in the module.
 */
package org.modalg.gpu.image;
