package org.modalg.modular.image;

import org.modalg.fft.Options;

/**
 * Service-provider interface for {@link ImageEngine}s found through {@link java.util.ServiceLoader}
 * (listed in {@code META-INF/services/org.modalg.modular.image.ImageEngineProvider}), e.g. the GPU
 * engine of the {@code gpu} module. {@link ImageEngines} picks among the usable providers.
 */
public interface ImageEngineProvider {

    /** A short name, e.g. {@code gpu}. */
    String name();

    /** Whether this provider can create a working engine here. Must not throw; cheap after the first call. */
    boolean isUsable();

    /**
     * An engine for one operation run with these options (threads for its host-side work,
     * cancellation, listener), falling back to {@code cpu} for work it cannot do.
     */
    ImageEngine create(Options options, ImageEngine cpu);

    /**
     * Whether {@code auto} should send a batch of this much work here: {@code words} input words
     * (all primes together) and about {@code operations} modular multiplications.
     */
    boolean worthIt(long words, long operations);
}
