package org.modalg.fft.doublentt;

/**
 * Whether {@link DoubleNttKernels} run their butterflies' whole vectors through
 * {@link VectorNttKernels} (the incubating Vector API), decided once per JVM where the JVM
 * resolves {@code jdk.incubator.vector} ({@link VectorModule}): {@code -Dmodalg.dntt.vector=on}
 * uses them with vectors of 4 doubles or more; {@code auto} (the default) with vectors of 8
 * doubles (AVX-512) under {@value VectorModule#TRAP_LIMIT_OPTION}; {@code off} never.
 *
 * <p>Why: on an H100 host's Xeon (AVX-512, 8 lanes) HotSpot 17's own forward loops run at
 * 0.59-0.69 ns per butterfly and these kernels at 0.30-0.39; transforms are 1.3-1.5x faster and
 * integer, Z[x] and Z/pZ[x] products 1.2-1.7x (fft/BENCHMARKS.md section (o)). Under AVX2 they
 * are only as fast as HotSpot's loops, so auto leaves them off there.
 *
 * <p>Why the trap limit: under HotSpot's default limit, one JVM in two or three ran the compiled
 * kernels with boxed vectors (1.5-2.5x slower for the JVM's life) once other code had left
 * deoptimization traps in the API's shared templates (code calling them before they are
 * compiled, the digit convolution's for one; {@link VectorModule} says how). Found in C2's
 * compilation logs; with the option, none of the JVMs measured did (fft/BENCHMARKS.md section
 * (p)). The {@code modalg} launcher passes the option with the module for its long-running
 * commands; a library user adds both. Until C2 has compiled them the kernels run with boxed
 * vectors: a fresh JVM's first 10^7-bit product took 2.4 s against 0.8 s with HotSpot's loops on
 * the VM (4 lanes forced on), the same from the fourth product on; so they pay off in processes
 * that multiply for more than a few seconds.
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
        return OFF_REASON != null ? "HotSpot's loops (" + OFF_REASON + ")" : "Vector API, " + PreferredLanes.DOUBLES + " lanes";
    }

    private static String offReasonOf() {
        String common = VectorModule.offReason(PROPERTY);
        if (common != null) {
            return common;
        }
        int lanes;
        try {
            lanes = PreferredLanes.DOUBLES; // not VectorNttKernels.LANES: see QuotientRounding's initialization
        } catch (LinkageError e) {
            return "the Vector API of this JDK does not link";
        }
        return MODE.equals("on") ? onReason(lanes) : autoReason(lanes);
    }

    /** Lanes from which {@code auto} uses the kernels (AVX-512). */
    static final int AUTO_LANES = 8;

    /** Why {@code on} leaves the kernels off at this many lanes, or null. */
    static String onReason(int lanes) {
        return lanes < 4 ? "vectors of " + lanes + " doubles" : null;
    }

    /**
     * {@link #autoReason(int, long)} with this JVM's trap limit, read only from
     * {@link #AUTO_LANES} lanes on (reading it costs the management bean).
     */
    static String autoReason(int lanes) {
        return autoReason(lanes, lanes >= AUTO_LANES ? VectorModule.perMethodTrapLimit() : -1);
    }

    /**
     * Why {@code auto} leaves the kernels off, or null where it uses them: {@link #AUTO_LANES}
     * lanes or more and the trap limit of {@link VectorModule#TRAP_LIMIT_OPTION} or above.
     */
    static String autoReason(int lanes, long trapLimit) {
        if (lanes < AUTO_LANES) {
            return PROPERTY + "=auto: vectors of " + lanes + " doubles (HotSpot's loops are as fast; on forces them)";
        }
        if (trapLimit < VectorModule.TRAP_LIMIT) {
            return PROPERTY + "=auto: needs " + VectorModule.TRAP_LIMIT_OPTION + " (this JVM: " + trapLimit
                    + "), see fft/BENCHMARKS.md (p)";
        }
        return null;
    }
}
