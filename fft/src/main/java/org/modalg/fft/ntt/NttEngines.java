package org.modalg.fft.ntt;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.modalg.fft.Backend;
import org.modalg.fft.ServiceProviders;

/**
 * Choice of an {@link NttEngine}: the CPU engine, or an engine from an
 * {@link NttEngineProvider} found by {@link ServiceLoader} (the GPU module).
 *
 * <p>Backend names: {@code cpu} (always {@link CpuNttEngine#shared()}), {@code gpu} (the usable
 * provider of highest priority, or {@link IllegalStateException}), {@code auto} (a usable
 * provider if there is one, else the CPU engine, silently apart from a FINE log record). The
 * system property {@code modalg.backend} sets the default for {@link #fromSystemProperty()};
 * absent, it is {@code auto}.
 */
public final class NttEngines {

    /** The system property naming the default backend. */
    public static final String BACKEND_PROPERTY = "modalg.backend";

    private static final Logger LOG = Logger.getLogger(NttEngines.class.getName());

    private NttEngines() {
    }

    /** The shared CPU engine (all processors, never needs closing). */
    public static NttEngine cpu() {
        return CpuNttEngine.shared();
    }

    /**
     * The double-precision CPU engine ({@link DoubleNttEngine}): the fastest CPU transforms, for
     * primes below 2^50 ({@link NttEngine#preferredPrimeBound()}); larger primes are accepted and
     * run on the 64-bit kernels.
     */
    public static NttEngine cpuDouble() {
        return DoubleNttEngine.get();
    }

    /**
     * Every engine usable here, for contract tests and benchmarks: the 64-bit CPU engine of one
     * thread, the double-precision CPU engine, and one engine per usable provider (a GPU). The
     * caller closes those that are {@link AutoCloseable} and came from a provider.
     */
    public static List<NttEngine> usable() {
        List<NttEngine> out = new ArrayList<>();
        out.add(CpuNttEngine.withThreads(1));
        out.add(DoubleNttEngine.get());
        for (NttEngineProvider p : providers()) {
            try {
                if (p.isUsable()) {
                    out.add(p.create());
                }
            } catch (RuntimeException | LinkageError e) {
                LOG.log(Level.FINE, "NttEngineProvider " + p.getClass().getName() + " failed", e);
            }
        }
        return out;
    }

    /**
     * The engine for a backend name.
     *
     * @param backend {@code auto}, {@code cpu} or {@code gpu} (case-insensitive)
     * @throws IllegalArgumentException if backend is null or another name
     * @throws IllegalStateException if {@code gpu} is asked for and no usable provider exists
     */
    public static NttEngine byName(String backend) {
        if (backend == null) {
            throw new IllegalArgumentException("backend must be one of auto, cpu, gpu; got null");
        }
        switch (backend.trim().toLowerCase(Locale.ROOT)) {
            case "cpu":
                return cpu();
            case "gpu": {
                NttEngineProvider best = bestUsableProvider();
                if (best == null) {
                    throw new IllegalStateException("backend gpu was requested but no usable "
                            + "NttEngineProvider was found (is the modalg gpu module on the class "
                            + "path, and a CUDA device with its driver present?)");
                }
                return best.create();
            }
            case "auto": {
                NttEngineProvider best = bestUsableProvider();
                if (best == null) {
                    LOG.fine("backend auto: no usable NttEngineProvider, using the CPU engine");
                    return cpu();
                }
                try {
                    NttEngine engine = best.create();
                    LOG.fine(() -> "backend auto: using provider " + best.name());
                    return engine;
                } catch (RuntimeException e) {
                    LOG.log(Level.FINE, "backend auto: provider " + best.name()
                            + " failed to create an engine, using the CPU engine", e);
                    return cpu();
                }
            }
            default:
                throw new IllegalArgumentException(
                        "backend must be one of auto, cpu, gpu; got '" + backend + "'");
        }
    }

    private static volatile String sharedBackend;
    private static volatile NttEngine sharedEngine;

    /**
     * The engine the library's own algorithms use by default: {@link #byName} of the system
     * property {@code modalg.backend} (default {@code auto}), created once per property value
     * and shared (callers must not close it). With {@code auto} and a usable GPU this is the GPU
     * engine, which itself runs small batches on the CPU (below its measured size threshold),
     * so that polynomial and integer multiplication move to the GPU for large inputs without
     * the caller changing a line.
     *
     * @throws IllegalArgumentException if the property holds an unknown name
     * @throws IllegalStateException if it says {@code gpu} and no usable provider exists
     */
    public static NttEngine shared() {
        String backend = System.getProperty(BACKEND_PROPERTY, "auto");
        NttEngine engine = sharedEngine;
        if (engine == null || !backend.equals(sharedBackend)) {
            synchronized (NttEngines.class) {
                if (sharedEngine == null || !backend.equals(sharedBackend)) {
                    sharedEngine = byName(backend);
                    sharedBackend = backend;
                }
                engine = sharedEngine;
            }
        }
        return engine;
    }

    /**
     * The engine for a backend: {@link #shared()} for {@link Backend#AUTO},
     * {@link CpuNttEngine#shared()} for {@link Backend#CPU}, {@link #byName byName("gpu")} for
     * {@link Backend#GPU} (created once and kept; callers must not close it).
     *
     * @throws IllegalArgumentException if backend is null
     * @throws IllegalStateException for {@link Backend#GPU} when no usable GPU engine exists
     */
    public static NttEngine forBackend(Backend backend) {
        if (backend == null) {
            throw new IllegalArgumentException("backend must not be null");
        }
        switch (backend) {
            case CPU:
                return CpuNttEngine.shared();
            case GPU:
                return GpuHolder.engine();
            default:
                return shared();
        }
    }

    // The GPU engine, created on first request; a failed request is not cached (a later call
    // retries, and throws again while no GPU is usable).
    private static final class GpuHolder {
        private static volatile NttEngine gpu;

        static NttEngine engine() {
            NttEngine e = gpu;
            if (e == null) {
                synchronized (GpuHolder.class) {
                    if (gpu == null) {
                        gpu = byName("gpu");
                    }
                    e = gpu;
                }
            }
            return e;
        }
    }

    /**
     * The engine named by the system property {@code modalg.backend} (default {@code auto}).
     *
     * @throws IllegalArgumentException if the property holds an unknown name
     * @throws IllegalStateException if it says {@code gpu} and no usable provider exists
     */
    public static NttEngine fromSystemProperty() {
        return byName(System.getProperty(BACKEND_PROPERTY, "auto"));
    }

    /** The providers found by {@link ServiceLoader}, usable or not (broken ones are skipped). */
    public static List<NttEngineProvider> providers() {
        return ServiceProviders.load(NttEngineProvider.class);
    }

    private static NttEngineProvider bestUsableProvider() {
        return ServiceProviders.bestUsable(NttEngineProvider.class, NttEngineProvider::isUsable, NttEngineProvider::priority);
    }

}
