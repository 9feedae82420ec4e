package org.modalg.fft.doublentt;

/**
 * Whether {@link DoubleNttKernels} run their butterflies' whole vectors through
 * {@link VectorNttKernels} (the incubating Vector API), decided once per JVM. Under
 * {@code -Dmodalg.dntt.vector=auto} (the default) they do where the JVM resolves
 * {@code jdk.incubator.vector} ({@link VectorModule}) and its vectors hold 8 doubles (AVX-512:
 * products 1.1-1.4x faster on an H100 host's Xeon; under AVX2 HotSpot's own loops are as fast,
 * fft/BENCHMARKS.md section (o)); {@code on}: wherever vectors hold 4 doubles or more;
 * {@code off}: never.
 *
 * <p>Decided once, not switched later: a switch after a background warm-up (as the digit
 * convolution does) left some JVMs allocating a gigabyte a second in the transforms and 1.5-2.5x
 * slower than either fixed choice (section (o)), while a fixed choice let C2 compile the kernels'
 * callers once. What that costs: the first products of a JVM run the API's code before HotSpot's
 * top tier has compiled it, where every vector is an object (about 0.2 s of one core on the
 * Xeon, 2 s on the development VM, for the kernels to be compiled).
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
        if (MODE == null) {
            return PROPERTY + "='" + System.getProperty(PROPERTY) + "'";
        }
        if (MODE.equals("off")) {
            return PROPERTY + "=off";
        }
        if (!VectorModule.resolved()) {
            return "no jdk.incubator.vector";
        }
        try {
            int lanes = VectorNttKernels.LANES;
            if (lanes < 4 || (lanes < 8 && !MODE.equals("on"))) {
                return "vectors of " + lanes + " doubles";
            }
            return null;
        } catch (LinkageError e) {
            return "the Vector API of this JDK does not link";
        }
    }
}
