package org.modalg.fft.products;

import java.util.ServiceLoader;
import org.modalg.fft.NttEngines;
import org.modalg.fft.ServiceProviders;

/**
 * The {@link PolyProductProvider} polynomial multiplication may use: the first usable one found
 * by {@link ServiceLoader}, unless the system property {@code modalg.backend} is {@code cpu}.
 * Looked up once per JVM (as {@link LimbProducts}).
 */
public final class PolyProducts {

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
        return ServiceProviders.firstUsable(PolyProductProvider.class, PolyProductProvider::isUsable);
    }
}
