package org.modalg.fft.ntt;

/**
 * Service-provider interface for {@link NttEngine} implementations found through
 * {@link java.util.ServiceLoader} (listed in {@code META-INF/services/org.modalg.fft.ntt.NttEngineProvider}),
 * e.g. a GPU engine. {@link NttEngines} picks among the usable providers.
 */
public interface NttEngineProvider {

    /** A short name, e.g. {@code gpu}. */
    String name();

    /**
     * Whether this provider can create a working engine here (device present, libraries
     * loadable). Must not throw; should be cheap after the first call.
     */
    boolean isUsable();

    /** A new engine (the caller closes it if it is {@link AutoCloseable}). */
    NttEngine create();

    /** Preference among usable providers: the highest wins. */
    int priority();
}
