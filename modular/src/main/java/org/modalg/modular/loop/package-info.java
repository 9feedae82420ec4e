/**
 * The multimodular loop shared by every operation of {@link org.modalg.modular.mat} and
 * {@link org.modalg.modular.poly}: bound -&gt; {@link PrimeSupply} -&gt; batched images
 * ({@link ImageTask}, {@link ImageBatch}, through one {@link org.modalg.modular.image.ImageEngine}
 * per operation) -&gt; {@link UnluckyPrimes} -&gt; {@link Combiner} -&gt; {@link StoppingRule}
 * -&gt; report ({@link MultimodularLoop}).
 *
 * <p>These types are public so that the operations in the sibling packages (and later ones, such
 * as bivariate resultants) can be written against them; they are the module's internals, not a
 * stable API: their preconditions are stated but, unlike the operations', mostly not checked.
 */
package org.modalg.modular.loop;
