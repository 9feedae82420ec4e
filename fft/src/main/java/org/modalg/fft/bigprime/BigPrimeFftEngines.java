package org.modalg.fft.bigprime;

import java.util.List;
import java.util.ServiceLoader;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.modalg.fft.Backend;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.Options;
import org.modalg.fft.ServiceProviders;
import org.modalg.fft.WorkerPools;

/**
 * Choice of a {@link BigPrimeFftEngine}, as {@link NttEngines} chooses an {@link NttEngine}: the
 * CPU engine ({@link CpuBigPrimeFftEngine}) or an engine from a {@link BigPrimeFftEngineProvider}
 * found by {@link ServiceLoader}. Backend names {@code auto}, {@code cpu}, {@code gpu}
 * ({@link Backend}); the default is the system property {@code modalg.backend}.
 */
public final class BigPrimeFftEngines {

    private static final Logger LOG = Logger.getLogger(BigPrimeFftEngines.class.getName());

    private BigPrimeFftEngines() {
    }

    /**
     * The shared CPU engine: stateless apart from its threads, which the {@link Options} twins
     * take per call ({@link WorkerPools}); its own calls use {@code Options.defaults().threads()}.
     */
    public static BigPrimeFftEngine cpu() {
        return CpuHolder.CPU;
    }

    private static final class CpuHolder {
        static final CpuBigPrimeFftEngine CPU = CpuBigPrimeFftEngine.sharedEngine();
    }

    /**
     * The engine for a backend: {@link Backend#CPU} the CPU engine; {@link Backend#GPU} the usable
     * provider of highest priority (a new engine) or {@link IllegalStateException};
     * {@link Backend#AUTO} that provider if there is one, else the CPU engine.
     *
     * @throws IllegalArgumentException if backend is null
     */
    public static BigPrimeFftEngine of(Backend backend) {
        if (backend == null) {
            throw new IllegalArgumentException("backend must be one of AUTO, CPU, GPU; got null");
        }
        if (backend == Backend.CPU) {
            return cpu();
        }
        BigPrimeFftEngineProvider best = bestUsableProvider();
        if (best == null) {
            if (backend == Backend.GPU) {
                throw new IllegalStateException("backend gpu was requested but no usable "
                        + "BigPrimeFftEngineProvider was found (is the modalg gpu module on the class path, "
                        + "and a CUDA device with its driver present?)");
            }
            return cpu();
        }
        try {
            return best.create();
        } catch (RuntimeException e) {
            if (backend == Backend.GPU) {
                throw e;
            }
            LOG.log(Level.FINE, "backend auto: provider " + best.name() + " failed, using the CPU engine", e);
            return cpu();
        }
    }

    /** {@link #of(Backend) of(Backend.parse(backend))}. */
    public static BigPrimeFftEngine byName(String backend) {
        return of(Backend.parse(backend));
    }

    /** The providers found by {@link ServiceLoader}, usable or not (broken ones are skipped). */
    public static List<BigPrimeFftEngineProvider> providers() {
        return ServiceProviders.load(BigPrimeFftEngineProvider.class);
    }

    private static BigPrimeFftEngineProvider bestUsableProvider() {
        return ServiceProviders.bestUsable(BigPrimeFftEngineProvider.class, BigPrimeFftEngineProvider::isUsable, BigPrimeFftEngineProvider::priority);
    }

}
