package org.modalg.fft.products;

import java.util.List;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.ServiceProviders;

/**
 * The {@link LimbProductProvider} integer multiplication may use: the first usable one found by
 * {@link java.util.ServiceLoader}, unless the system property {@code modalg.backend} is
 * {@code cpu}.
 *
 * <p>Selection, once per JVM in two steps: the installed providers are instantiated once (no
 * device is touched: {@link LimbProductProvider#minLimbs()} must not), and their usability
 * ({@link LimbProductProvider#isUsable()}, for a GPU the driver's start and a module load, a
 * second or more) is probed once, on the first product that some installed provider would take
 * by its size, or the first call of {@link #provider()}. A product below every provider's
 * {@link LimbProductProvider#minLimbs()} never probes: its cost is a property read and a
 * comparison per call, the same as with the CPU backend.
 */
public final class LimbProducts {

    private static volatile List<LimbProductProvider> installed;
    private static volatile boolean probed;
    private static volatile LimbProductProvider found;

    private LimbProducts() {
    }

    /**
     * The usable provider, or null (none installed or usable, or {@code modalg.backend=cpu});
     * probes the installed providers on the first call.
     */
    public static LimbProductProvider provider() {
        if (cpuOnly()) {
            return null;
        }
        if (!probed) {
            synchronized (LimbProducts.class) {
                if (!probed) {
                    found = firstUsable(installed());
                    probed = true;
                }
            }
        }
        return found;
    }

    /**
     * The provider for a product of operands of aLen and bLen limbs, or null for the CPU. Until
     * the providers are probed, a product below every installed provider's minimum is answered
     * null without probing (see the class comment).
     */
    public static LimbProductProvider forOperands(long aLen, long bLen) {
        if (cpuOnly()) {
            return null;
        }
        long shorter = Math.min(aLen, bLen);
        if (!probed && !anyTakes(installed(), shorter)) {
            return null;
        }
        LimbProductProvider p = provider();
        if (p == null || shorter < p.minLimbs() || aLen + bLen > p.maxProductLimbs()) {
            return null;
        }
        return p;
    }

    /** Forgets the selection, so that the next call loads and probes again (tests). */
    static synchronized void reset() {
        installed = null;
        found = null;
        probed = false;
    }

    private static boolean cpuOnly() {
        return "cpu".equalsIgnoreCase(System.getProperty(NttEngines.BACKEND_PROPERTY, "auto").trim());
    }

    // Whether some installed provider takes operands whose shorter one has `shorter` limbs.
    private static boolean anyTakes(List<LimbProductProvider> providers, long shorter) {
        for (LimbProductProvider p : providers) {
            if (shorter >= p.minLimbs()) {
                return true;
            }
        }
        return false;
    }

    private static List<LimbProductProvider> installed() {
        List<LimbProductProvider> list = installed;
        if (list == null) {
            synchronized (LimbProducts.class) {
                list = installed;
                if (list == null) {
                    list = List.copyOf(ServiceProviders.load(LimbProductProvider.class));
                    installed = list;
                }
            }
        }
        return list;
    }

    private static LimbProductProvider firstUsable(List<LimbProductProvider> providers) {
        for (LimbProductProvider p : providers) {
            if (ServiceProviders.usable(p, LimbProductProvider::isUsable)) {
                return p;
            }
        }
        return null;
    }
}
