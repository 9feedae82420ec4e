package org.modalg.fft;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one way the library finds its plug-ins through {@link ServiceLoader} (NTT engines, big-prime
 * FFT engines, limb and polynomial product providers, batched integer engines, the modular
 * layer's image engines): a provider that fails to load, or whose usability check throws, is
 * skipped and logged at FINE, never fatal, so a broken or absent GPU module leaves the CPU routes
 * working.
 */
public final class ServiceProviders {
    private static final Logger LOG = Logger.getLogger(ServiceProviders.class.getName());

    private ServiceProviders() {
    }

    /**
     * The providers of {@code type} on the class path, in ServiceLoader order, those that fail to
     * load left out.
     *
     * @throws IllegalArgumentException if type is null
     */
    public static <T> List<T> load(Class<T> type) {
        if (type == null) {
            throw new IllegalArgumentException("type must not be null");
        }
        List<T> list = new ArrayList<>();
        var it = ServiceLoader.load(type).iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    return list;
                }
                list.add(it.next());
            } catch (ServiceConfigurationError | LinkageError e) {
                LOG.log(Level.FINE, "skipping a " + type.getSimpleName() + " that failed to load", e);
            }
        }
    }

    /**
     * Whether {@code usable} holds for the provider; false, logged at FINE, when the check throws
     * (a missing native library, a driver error).
     */
    public static <T> boolean usable(T provider, Predicate<T> usable) {
        try {
            return usable.test(provider);
        } catch (RuntimeException | LinkageError e) {
            LOG.log(Level.FINE, provider.getClass().getName() + " failed its usability check", e);
            return false;
        }
    }

    /** The first provider of {@code type} for which {@code usable} holds, or null. */
    public static <T> T firstUsable(Class<T> type, Predicate<T> usable) {
        for (T p : load(type)) {
            if (usable(p, usable)) {
                return p;
            }
        }
        return null;
    }

    /**
     * The usable provider of {@code type} with the highest priority, the first in ServiceLoader
     * order among equals, or null when none is usable (how the engine factories choose for
     * {@code auto}). O(providers).
     */
    public static <T> T bestUsable(Class<T> type, Predicate<T> usable, ToIntFunction<T> priority) {
        T best = null;
        for (T p : load(type)) {
            if (usable(p, usable) && (best == null || priority.applyAsInt(p) > priority.applyAsInt(best))) {
                best = p;
            }
        }
        return best;
    }
}
