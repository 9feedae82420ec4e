package org.modalg.fft;

import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The {@link PolyProductProvider} polynomial multiplication may use: the first usable one found
 * by {@link ServiceLoader}, unless the system property {@code modalg.backend} is {@code cpu}.
 * Looked up once per JVM (as {@link LimbProducts}).
 */
public final class PolyProducts {
    private static final Logger LOG = Logger.getLogger(PolyProducts.class.getName());

    private static volatile boolean looked;
    private static volatile PolyProductProvider found;

    private PolyProducts() {
    }

    /** The usable provider, or null (none installed or usable, or {@code modalg.backend=cpu}). */
    public static PolyProductProvider provider() {
        if ("cpu".equalsIgnoreCase(System.getProperty(NttEngines.BACKEND_PROPERTY, "auto").trim())) {
            return null;
        }
        if (!looked) {
            synchronized (PolyProducts.class) {
                if (!looked) {
                    found = lookUp();
                    looked = true;
                }
            }
        }
        return found;
    }

    /** The provider for operands of aLen and bLen coefficients, or null for the CPU. */
    public static PolyProductProvider forOperands(long aLen, long bLen) {
        PolyProductProvider p = provider();
        if (p == null || Math.min(aLen, bLen) < p.minLength()) {
            return null;
        }
        return p;
    }

    private static PolyProductProvider lookUp() {
        var it = ServiceLoader.load(PolyProductProvider.class).iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    return null;
                }
                PolyProductProvider p = it.next();
                if (p.isUsable()) {
                    return p;
                }
            } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
                LOG.log(Level.FINE, "skipping a PolyProductProvider that failed to load", e);
            }
        }
    }
}
