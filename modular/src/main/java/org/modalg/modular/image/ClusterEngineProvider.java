package org.modalg.modular.image;

/**
 * Service-provider interface of engines that compute image batches on a cluster, found by name
 * through {@link ImageEngines#cluster} (listed in
 * {@code META-INF/services/org.modalg.modular.image.ClusterEngineProvider}): the
 * {@code distributed} module's {@code spark} provider. A module that provides one may bring heavy
 * dependencies (Spark); this module knows only this interface, so that users who do not ask for a
 * cluster do not download them.
 */
public interface ClusterEngineProvider {

    /** The provider's name, e.g. {@code spark}. */
    String name();

    /**
     * Connects to a cluster (for Spark: a master URL such as {@code local[2]} or
     * {@code spark://host:7077}) and returns the session its operations run in.
     *
     * @throws IllegalArgumentException if the address is null or not one this provider takes
     */
    ClusterSession connect(String master);
}
