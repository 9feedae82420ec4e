package org.modalg.fft.products;

import org.modalg.fft.PhaseClock;

/**
 * Where the wall-clock time of one whole product handed to a {@link PolyProductProvider} goes,
 * phase by phase, on the host side and around the device: a trace that is off unless the
 * system property {@code modalg.product.phases} is true at start-up. While off,
 * {@link #start} returns 0 and {@link #add} returns at once. While on, each phase's elapsed time
 * (System.nanoTime: the waits for the device and the collector's pauses count, which is the
 * point) is summed per thread until {@link #takeLine} reads and clears it; the product runs on
 * its caller's thread (the provider serializes), so one line describes one product. For
 * benchmarks and traces only, never for decisions in the library; the clock is {@link PhaseClock}.
 */
public final class ProductPhases {
    private ProductPhases() {
    }

    /** The phases of a whole product, in the order it runs them. */
    public enum Phase {
        /** The product's chunks allocated on the host. */
        ALLOCATION,
        /**
         * The operands to the device: their coefficients written as sign-magnitude limbs on the
         * host (into pinned staging where the provider has it) and copied.
         */
        UPLOAD,
        /** The device's work: projection, transforms, Garner; up to its synchronization. */
        DEVICE,
        /** Device to host copies into the product's chunks. */
        DOWNLOAD,
        /** The host's pass over the product: trimming, largest bit length. */
        PACK
    }

    /** Whether the trace is on: {@code -Dmodalg.product.phases=true}. */
    public static final boolean ON = Boolean.getBoolean("modalg.product.phases");

    private static final PhaseClock<Phase> CLOCK = new PhaseClock<>(Phase.class, ON, false);

    /** The start of a timed phase: System.nanoTime() while on, 0 while off. */
    public static long start() {
        return CLOCK.start();
    }

    /**
     * Adds the time since {@code start} to this thread's phase and returns the time now, the
     * start of the next phase (0 while off).
     */
    public static long add(Phase phase, long start) {
        return CLOCK.add(phase, start);
    }

    /**
     * This thread's phases since the last call as one line, e.g. {@code ALLOCATION 0.4 ms, UPLOAD
     * 12.1 ms, ...}, and clears them.
     */
    public static String takeLine() {
        return CLOCK.takeLine();
    }
}
