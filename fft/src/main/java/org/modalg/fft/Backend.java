package org.modalg.fft;

import java.util.Locale;

/**
 * Where the transforms of an operation run: the names {@code auto}, {@code cpu} and {@code gpu}
 * of {@link NttEngines#byName} and of the system property {@code modalg.backend}, as a type.
 */
public enum Backend {
    /**
     * The library's default choice: the engine {@link NttEngines#shared()} picks (the system
     * property {@code modalg.backend}, default {@code auto}: a usable GPU engine if there is one,
     * else the CPU).
     */
    AUTO,
    /** The CPU routes only, whatever GPU is present. */
    CPU,
    /**
     * A usable GPU engine ({@link NttEngines#byName byName("gpu")}); operations asked for it
     * throw {@link IllegalStateException} when none is usable.
     */
    GPU;

    /**
     * The backend named {@code auto}, {@code cpu} or {@code gpu}, case-insensitive, surrounding
     * blanks ignored.
     *
     * @throws IllegalArgumentException naming {@code backend} and the accepted names
     */
    public static Backend parse(String backend) {
        if (backend != null) {
            switch (backend.trim().toLowerCase(Locale.ROOT)) {
                case "auto":
                    return AUTO;
                case "cpu":
                    return CPU;
                case "gpu":
                    return GPU;
                default:
                    break;
            }
        }
        throw new IllegalArgumentException("backend must be one of auto, cpu, gpu; got " + backend);
    }

    /**
     * The engine for this backend: {@link NttEngines#shared()} for {@link #AUTO},
     * {@link CpuNttEngine#shared()} for {@link #CPU}, {@link NttEngines#byName byName("gpu")}
     * for {@link #GPU} (created once and kept; callers must not close it).
     *
     * @throws IllegalStateException for {@link #GPU} when no usable GPU engine exists
     */
    public NttEngine engine() {
        switch (this) {
            case CPU:
                return CpuNttEngine.shared();
            case GPU:
                return GpuHolder.engine();
            default:
                return NttEngines.shared();
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
                        gpu = NttEngines.byName("gpu");
                    }
                    e = gpu;
                }
            }
            return e;
        }
    }
}
