package org.modalg.fft.batched;

/**
 * Service-provider interface for {@link BatchedIntegerEngine}s other than the CPU's (the gpu
 * module's), found through {@link java.util.ServiceLoader} (listed in
 * {@code META-INF/services/org.modalg.fft.batched.BatchedIntegerEngineProvider}) by
 * {@link BatchedIntegerEngines}. Results must be exact: the same limbs as the CPU engine's.
 */
public interface BatchedIntegerEngineProvider {

    /** A short name for reports, e.g. {@code gpu}. */
    String name();

    /** Whether the provider works here; must not throw, cheap after the first call. */
    boolean isUsable();

    /**
     * The provider's engine, created on first call and shared afterwards (callers do not close
     * it). Called only when {@link #isUsable()} is true.
     */
    BatchedIntegerEngine engine();
}
