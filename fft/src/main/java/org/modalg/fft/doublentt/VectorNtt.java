package org.modalg.fft.doublentt;

/**
 * Whether {@link DoubleNttKernels} run their butterflies' whole vectors through
 * {@link VectorNttKernels} (the incubating Vector API), decided once per JVM: only with
 * {@code -Dmodalg.dntt.vector=on} and where the JVM resolves {@code jdk.incubator.vector}
 * ({@link VectorModule}) with vectors of 4 doubles or more; {@code auto} (the default) and
 * {@code off} keep HotSpot's own loops.
 *
 * <p>Why opt-in: on an H100 host's Xeon (AVX-512, 8 lanes) the kernels are 1.5-2x faster than
 * HotSpot's forward loops, and Z[x] and Z/pZ[x] products ran 1.2-1.7x faster with them; but in
 * a JVM where the polynomial module's digit convolution (the other Vector API kernel,
 * {@code modalg.poly.vector}) runs too, about two JVMs in three kept allocating boxed vectors
 * inside the compiled NTT kernels (15-30 collections instead of 5 in a 20-second run; JFR's
 * allocation samples in VectorNttKernels' own frames) and ran the same products 1.5-2.5x slower,
 * with or without on-stack replacement, with or without the radix-4 sweeps, switched on at start
 * or after a warm-up; with the digit convolution off, 4 JVMs of 4 ran clean (fft/BENCHMARKS.md
 * section (o)). So the measured configuration for large products is
 * {@code -Dmodalg.dntt.vector=on -Dmodalg.poly.vector=off} (integer products below 26,000 bits
 * then keep BigInteger's basecase, about 2x slower at 10^4 bits); a default must not be a coin
 * toss. Under AVX2 the kernels are only as fast as HotSpot's loops anyway.
 */
final class VectorNtt {
    private VectorNtt() {
    }

    static final String PROPERTY = "modalg.dntt.vector";
    private static final String MODE = VectorModule.mode(PROPERTY);
    private static final String OFF_REASON = offReasonOf();

    /** Whether the butterflies run the vector kernels (read by every butterfly loop; final, so C2 folds it). */
    static final boolean ON = OFF_REASON == null;

    /**
     * Throws where the property is not auto, on or off; {@link DoubleNttPlan#of} calls it, so a
     * mistyped value fails at the first plan.
     */
    static void checkProperty() {
        if (MODE == null) {
            throw VectorModule.invalid(PROPERTY);
        }
    }

    /** Why the vector kernels do not run in this JVM, or null where they do. */
    static String offReason() {
        return OFF_REASON;
    }

    /** For benchmark headers: e.g. "Vector API, 8 lanes" or "HotSpot's loops (no jdk.incubator.vector)". */
    static String describe() {
        return OFF_REASON != null ? "HotSpot's loops (" + OFF_REASON + ")" : "Vector API, " + VectorNttKernels.LANES + " lanes";
    }

    private static String offReasonOf() {
        String common = VectorModule.offReason(PROPERTY);
        if (common != null) {
            return common;
        }
        try {
            if (!MODE.equals("on")) {
                return PROPERTY + "=auto: opt-in, see fft/BENCHMARKS.md (o)";
            }
            int lanes = VectorNttKernels.LANES;
            return lanes < 4 ? "vectors of " + lanes + " doubles" : null;
        } catch (LinkageError e) {
            return "the Vector API of this JDK does not link";
        }
    }
}
