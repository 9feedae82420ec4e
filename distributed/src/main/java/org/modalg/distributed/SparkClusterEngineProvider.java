package org.modalg.distributed;

import org.modalg.modular.image.ClusterEngineProvider;
import org.modalg.modular.image.ClusterSession;

/**
 * The {@code spark} cluster engine provider ({@link org.modalg.modular.image.ImageEngines#cluster}):
 * listed in {@code META-INF/services/org.modalg.modular.image.ClusterEngineProvider}, so that the
 * command line's {@code --spark MASTER_URL} finds it when this module is on the class path.
 */
public final class SparkClusterEngineProvider implements ClusterEngineProvider {

    /** For the ServiceLoader. */
    public SparkClusterEngineProvider() {
    }

    @Override
    public String name() {
        return "spark";
    }

    @Override
    public ClusterSession connect(String master) {
        return SparkImages.connect(master);
    }
}
