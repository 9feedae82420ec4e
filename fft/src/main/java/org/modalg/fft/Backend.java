package org.modalg.fft;

import java.util.Locale;

/**
 * Where the transforms of an operation run: the names {@code auto}, {@code cpu} and {@code gpu}
 * of {@link org.modalg.fft.ntt.NttEngines#byName} and of the system property {@code modalg.backend}, as a type;
 * {@link org.modalg.fft.ntt.NttEngines#forBackend} gives the engine of each.
 */
public enum Backend {
    /**
     * The library's default choice: the engine {@link org.modalg.fft.ntt.NttEngines#shared()} picks (the system
     * property {@code modalg.backend}, default {@code auto}: a usable GPU engine if there is one,
     * else the CPU).
     */
    AUTO,
    /** The CPU routes only, whatever GPU is present. */
    CPU,
    /**
     * A usable GPU engine ({@link org.modalg.fft.ntt.NttEngines#byName byName("gpu")}); operations asked for it
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
}
