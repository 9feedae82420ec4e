package org.modalg.fft;

import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The {@link LimbProductProvider} integer multiplication may use: the first usable one found by
 * {@link ServiceLoader}, unless the system property {@code modalg.backend} is {@code cpu}.
 * Looked up once per JVM.
 */
public final class LimbProducts {
    private static final Logger LOG = Logger.getLogger(LimbProducts.class.getName());

    private static volatile boolean looked;
    private static volatile LimbProductProvider found;

    private LimbProducts() {
    }

    /** The usable provider, or null (none installed or usable, or {@code modalg.backend=cpu}). */
    public static LimbProductProvider provider() {
        if ("cpu".equalsIgnoreCase(System.getProperty(NttEngines.BACKEND_PROPERTY, "auto").trim())) {
            return null;
        }
        if (!looked) {
            synchronized (LimbProducts.class) {
                if (!looked) {
                    found = lookUp();
                    looked = true;
                }
            }
        }
        return found;
    }

    /** The provider for a product of operands of aLen and bLen limbs, or null for the CPU. */
    public static LimbProductProvider forOperands(long aLen, long bLen) {
        LimbProductProvider p = provider();
        if (p == null || Math.min(aLen, bLen) < p.minLimbs() || aLen + bLen > p.maxProductLimbs()) {
            return null;
        }
        return p;
    }

    private static LimbProductProvider lookUp() {
        var it = ServiceLoader.load(LimbProductProvider.class).iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    return null;
                }
                LimbProductProvider p = it.next();
                if (p.isUsable()) {
                    return p;
                }
            } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
                LOG.log(Level.FINE, "skipping a LimbProductProvider that failed to load", e);
            }
        }
    }
}
