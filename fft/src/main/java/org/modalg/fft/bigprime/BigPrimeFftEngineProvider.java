package org.modalg.fft.bigprime;

import org.modalg.fft.ntt.NttEngineProvider;

/**
 * Service-provider interface for {@link BigPrimeFftEngine} implementations found through
 * {@link java.util.ServiceLoader} (listed in
 * {@code META-INF/services/org.modalg.fft.bigprime.BigPrimeFftEngineProvider}), e.g. a GPU engine; the
 * twin of {@link NttEngineProvider}. {@link BigPrimeFftEngines} picks among the usable providers.
 */
public interface BigPrimeFftEngineProvider {

    /** A short name, e.g. {@code gpu}. */
    String name();

    /** Whether this provider can create a working engine here. Must not throw. */
    boolean isUsable();

    /** A new engine (the caller closes it if it is {@link AutoCloseable}). */
    BigPrimeFftEngine create();

    /** Preference among usable providers: the highest wins. */
    int priority();
}
