package org.modalg.modular.loop;

import org.modalg.modular.image.ImageEngine;

/**
 * An {@link ImageTask} in two stages, so that a {@link MultimodularLoop} can overlap them
 * ({@link MultimodularLoop#pipeline}): the engine stage (the image engine's call, on a device
 * engine mostly the device's work) and the host stage (what the host makes of the engine's
 * output, the interpolation of the bivariate resultant). While the host stage of one batch runs
 * on the options' pool, the engine stage of the next runs on the calling thread.
 *
 * @param <S> what the engine stage hands the host stage
 */
public interface StagedImageTask<S> extends ImageTask {

    /** The engine's part of the images modulo each word-size prime of the batch. */
    S engineStage(ImageEngine engine, long[] primes);

    /** The images of the batch from its engine stage (may run on another thread than the engine stage). */
    ImageBatch hostStage(S engined);

    /** Both stages in turn. */
    @Override
    default ImageBatch images(ImageEngine engine, long[] primes) {
        return hostStage(engineStage(engine, primes));
    }
}
