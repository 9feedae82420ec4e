package org.modalg.fft.bigprime;

import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.Options;
import org.modalg.fields.GfField;

/**
 * The DFT of length N = 2^log2N over a generalized Fermat prime field Z/pZ, p = r^k + 1.
 *
 * <p>Data: N canonical elements in element-major layout (element i at {@code data[i k .. (i+1) k)}).
 * Definition: forward(a)_j = sum_i a_i w^(i j) with w = {@link GfField#rootOfUnity(int)}
 * (so that w^(N / 2k) = r), natural order in and out; inverse is the exact inverse (scaled by
 * 1/N). Every engine computes exactly these values.
 *
 * <p>Engines are found as {@link NttEngine}s are: the CPU engine, and providers registered
 * through {@link BigPrimeFftEngineProvider} ({@link BigPrimeFftEngines} chooses). The thread
 * count is a per-call parameter: the {@link Options} twins.
 */
public interface BigPrimeFftEngine {

    /** A short name for reports. */
    String name();

    /** In-place forward DFT of the N elements in data. */
    void forward(GfField field, int log2N, long[] data);

    /** In-place inverse DFT (including the factor 1/N). */
    void inverse(GfField field, int log2N, long[] data);

    /** Whether this engine computes on the host's processors. Default false (a device, or unknown). */
    default boolean runsOnHost() {
        return false;
    }

    /** {@link #forward(GfField, int, long[])} with per-call options (threads, cancellation). */
    default void forward(GfField field, int log2N, long[] data, Options options) {
        NttEngine.checkOptions(options, "forward");
        forward(field, log2N, data);
    }

    /** {@link #inverse(GfField, int, long[])} with per-call options (threads, cancellation). */
    default void inverse(GfField field, int log2N, long[] data, Options options) {
        NttEngine.checkOptions(options, "inverse");
        inverse(field, log2N, data);
    }
}
