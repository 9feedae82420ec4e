package org.modalg.fft.products;

import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import org.modalg.fft.ServiceProviders;
import org.modalg.fft.ntt.NttEngines;

/**
 * The one selection behind {@link LimbProducts} and {@link PolyProducts}: the providers of a
 * service type installed through {@link java.util.ServiceLoader}, instantiated once (no device
 * touched: their minimum size must not touch one either), probed for usability once (for a GPU
 * the driver's start and a module load, a second or more) on the first product that some
 * installed provider would take by its size, and none at all under {@code modalg.backend=cpu}.
 * A product below every installed provider's minimum costs a property read and a comparison
 * per provider, never a probe.
 *
 * @param <P> the provider type
 */
final class ProviderSelector<P> {

    private final Class<P> type;
    private final Predicate<P> isUsable;
    private final ToLongFunction<P> minSize;

    private volatile List<P> installed;
    private volatile boolean probed;
    private volatile P found;

    /**
     * @param type the service type
     * @param isUsable the probe (may start a device)
     * @param minSize the provider's smallest size (of the shorter operand) it takes; must not
     *     touch a device
     */
    ProviderSelector(Class<P> type, Predicate<P> isUsable, ToLongFunction<P> minSize) {
        this.type = type;
        this.isUsable = isUsable;
        this.minSize = minSize;
    }

    /** Whether {@code modalg.backend} is {@code cpu}: no provider is made or probed. */
    static boolean cpuOnly() {
        return "cpu".equalsIgnoreCase(System.getProperty(NttEngines.BACKEND_PROPERTY, "auto").trim());
    }

    /** The first usable installed provider, or null (also under the CPU backend); probes once. */
    P provider() {
        if (cpuOnly()) {
            return null;
        }
        if (!probed) {
            synchronized (this) {
                if (!probed) {
                    found = firstUsable();
                    probed = true;
                }
            }
        }
        return found;
    }

    /**
     * The usable provider if it takes a product whose shorter operand has {@code shorter}
     * elements by its minimum, else null; until the providers are probed, a size below every
     * installed provider's minimum is answered null without probing.
     */
    P forSize(long shorter) {
        if (cpuOnly()) {
            return null;
        }
        if (!probed && !anyTakes(shorter)) {
            return null;
        }
        P p = provider();
        return p == null || shorter < minSize.applyAsLong(p) ? null : p;
    }

    /**
     * Whether at least one provider is installed and a size of {@code shorter} is below the
     * minimum of every one (answered without probing any).
     */
    boolean belowEveryMinimum(long shorter) {
        return !installed().isEmpty() && !anyTakes(shorter);
    }

    /** Forgets the providers and the probe, so that the next call loads and probes again (tests). */
    synchronized void reset() {
        installed = null;
        found = null;
        probed = false;
    }

    // Whether some installed provider takes a product whose shorter operand has `shorter` elements.
    private boolean anyTakes(long shorter) {
        for (P p : installed()) {
            if (shorter >= minSize.applyAsLong(p)) {
                return true;
            }
        }
        return false;
    }

    // The installed providers, instantiated once (no device touched).
    private List<P> installed() {
        List<P> list = installed;
        if (list == null) {
            synchronized (this) {
                list = installed;
                if (list == null) {
                    list = List.copyOf(ServiceProviders.load(type));
                    installed = list;
                }
            }
        }
        return list;
    }

    private P firstUsable() {
        for (P p : installed()) {
            if (ServiceProviders.usable(p, isUsable)) {
                return p;
            }
        }
        return null;
    }
}
