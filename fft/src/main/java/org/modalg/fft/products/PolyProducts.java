package org.modalg.fft.products;

import java.util.List;
import java.util.ServiceLoader;
import org.modalg.fft.ntt.NttEngines;
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

    /**
     * Whether a product whose shorter operand has n coefficients is below the minimum length of
     * every installed provider (and at least one is installed), answered without probing any
     * device: instantiating a provider must not touch one ({@link PolyProductProvider#minLength()}
     * neither), so a short product under {@code auto} never pays a driver's start.
     */
    public static boolean belowEveryMinimum(long n) {
        List<PolyProductProvider> list = installed();
        if (list.isEmpty()) {
            return false;
        }
        for (PolyProductProvider p : list) {
            if (n >= p.minLength()) {
                return false;
            }
        }
        return true;
    }

    /** The provider for operands of aLen and bLen coefficients, or null for the CPU. */
    public static PolyProductProvider forOperands(long aLen, long bLen) {
        if (belowEveryMinimum(Math.min(aLen, bLen))) {
            return null;
        }
        PolyProductProvider p = provider();
        if (p == null || Math.min(aLen, bLen) < p.minLength()) {
            return null;
        }
        return p;
    }

    private static PolyProductProvider lookUp() {
        for (PolyProductProvider p : installed()) {
            if (ServiceProviders.usable(p, PolyProductProvider::isUsable)) {
                return p;
            }
        }
        return null;
    }

    private static volatile List<PolyProductProvider> installed;

    // The installed providers, instantiated once (no device touched).
    private static List<PolyProductProvider> installed() {
        List<PolyProductProvider> list = installed;
        if (list == null) {
            synchronized (PolyProducts.class) {
                list = installed;
                if (list == null) {
                    list = List.copyOf(ServiceProviders.load(PolyProductProvider.class));
                    installed = list;
                }
            }
        }
        return list;
    }
}
