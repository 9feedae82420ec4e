package org.modalg.fft.products;

import java.util.ServiceLoader;
import org.modalg.fft.NttEngines;
import org.modalg.fft.ServiceProviders;

/**
 * The {@link LimbProductProvider} integer multiplication may use: the first usable one found by
 * {@link ServiceLoader}, unless the system property {@code modalg.backend} is {@code cpu}.
 * Looked up once per JVM.
 */
public final class LimbProducts {

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
        return ServiceProviders.firstUsable(LimbProductProvider.class, LimbProductProvider::isUsable);
    }
}
