/**
 * Image engines: det, LU and solves, resultant and gcd modulo a whole batch of primes (or in a
 * batch of generalized Fermat fields) per call. {@link ImageEngine} is the interface,
 * {@link ImageEngineProvider} the {@code ServiceLoader} hook of other backends (listed in
 * {@code META-INF/services/org.modalg.modular.image.ImageEngineProvider}, e.g. by the
 * {@code gpu} module), {@link ImageEngines} the choice by {@code Options.backend()} and the CPU
 * engine over the kernels of {@link org.modalg.modular.kernel}. Inputs are two's complement limbs
 * ({@link LimbVector}), outputs residues; the factorizations are kept in {@link LuImages}, the
 * gcds with cofactors in {@link GcdImages}.
 */
package org.modalg.modular.image;
