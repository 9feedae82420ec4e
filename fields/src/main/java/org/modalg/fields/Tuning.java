package org.modalg.fields;

/**
 * Cut-offs of the fields layer, each overridable by a system property. The values are
 * measured by {@code modalg bench fields}; the measurement behind each is cited below and in
 * {@code fields/BENCHMARKS.md}.
 */
public final class Tuning {
    private Tuning() {
    }

    /**
     * k from which {@link GfArithmetic#mul} switches from the plain O(k^2) multiplication to
     * the FFT-based one (property {@code modalg.gf.fftThreshold}).
     */
    public static int gfFftThreshold() {
        return Integer.getInteger("modalg.gf.fftThreshold", GF_FFT_THRESHOLD);
    }

    /** Default of {@link #gfFftThreshold()}; see fields/BENCHMARKS.md. */
    static final int GF_FFT_THRESHOLD = 64;
}
