package org.modalg.modular.loop;

import org.modalg.fields.GfField;
import org.modalg.modular.image.ImageEngine;

/**
 * What one multimodular operation computes modulo a batch of moduli, through the operation's
 * {@link ImageEngine}: the determinant, the resultant, or the gcd with its cofactors (scaled as
 * the operation's combiner wants them). A whole batch per call, never one prime per call, so
 * that an engine can spread the batch over threads or devices.
 */
public interface ImageTask {

    /** The images modulo each word-size prime of the batch. */
    ImageBatch images(ImageEngine engine, long[] primes);

    /**
     * The images in each generalized Fermat field of the batch.
     *
     * @throws UnsupportedOperationException if the operation has no big-prime route
     */
    default ImageBatch images(ImageEngine engine, GfField[] fields) {
        throw new UnsupportedOperationException("no big-prime images for this operation");
    }
}
