package org.modalg.fft.doublentt;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether {@link DoubleNttKernels} run their butterflies' whole vectors through
 * {@link VectorNttKernels} (the incubating Vector API). Under {@code -Dmodalg.dntt.vector=auto}
 * (the default) they do where the JVM resolves {@code jdk.incubator.vector}, its vectors hold 8
 * doubles (AVX-512: 1.3-1.8x on transforms in cache; under AVX2 HotSpot's own loops are as fast,
 * fft/BENCHMARKS.md section (o)), and a background warm-up has compiled them and found them
 * bit-identical to the scalar loops ({@link VectorModule}, {@link VectorNttWarmUp}); it starts
 * at the {@value #WARM_UP_AFTER_PLANS}-th plan look-up. {@code on}: at once wherever vectors hold 4
 * doubles or more; {@code off}: never.
 */
final class VectorNtt {
    private VectorNtt() {
    }

    static final String PROPERTY = "modalg.dntt.vector";
    private static final String MODE = VectorModule.mode(PROPERTY);
    private static final String OFF_REASON = offReasonOf();
    private static final AtomicBoolean WARM_UP_STARTED = new AtomicBoolean();

    /** Whether the kernels run the vectors now (read by every butterfly loop). */
    static volatile boolean ready = OFF_REASON == null && "on".equals(MODE);

    /** Plan look-ups before the warm-up starts under auto: a process that keeps transforming. */
    static final int WARM_UP_AFTER_PLANS = 64;
    // plan look-ups so far (a plain counter: a lost increment only delays the warm-up)
    private static int demand;

    /**
     * Throws where the property is not auto, on or off; {@link DoubleNttPlan#of} calls it, so a
     * mistyped value fails at the first plan.
     */
    static void checkProperty() {
        if (MODE == null) {
            throw VectorModule.invalid(PROPERTY);
        }
    }

    /**
     * Counts one plan look-up (one per prime and product); true exactly once, at the
     * {@value #WARM_UP_AFTER_PLANS}-th under auto where the kernels can run: the caller then
     * starts the warm-up ({@link DoubleNttPlan#of}, {@link VectorNttWarmUp}).
     */
    static boolean claimWarmUp() {
        if (ready || OFF_REASON != null || !"auto".equals(MODE)) {
            return false;
        }
        return ++demand >= WARM_UP_AFTER_PLANS && WARM_UP_STARTED.compareAndSet(false, true);
    }

    /** Why the vector kernels do not run in this JVM, or null where they do or will after the warm-up. */
    static String offReason() {
        return OFF_REASON;
    }

    /** For benchmark headers: e.g. "Vector API, 8 lanes" or "HotSpot's loops (no jdk.incubator.vector)". */
    static String describe() {
        if (OFF_REASON != null) {
            return "HotSpot's loops (" + OFF_REASON + ")";
        }
        return "Vector API, " + VectorNttKernels.LANES + " lanes" + (ready ? "" : " (HotSpot's loops until compiled)");
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
