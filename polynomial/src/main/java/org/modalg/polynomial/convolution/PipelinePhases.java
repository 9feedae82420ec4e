package org.modalg.polynomial.convolution;

import org.modalg.fft.PhaseClock;

/**
 * Where the time of the convolution pipeline ({@link ConvolutionPlan}) goes, phase by phase:
 * a profiler that is off unless the system property {@code modalg.pipeline.phases} is true at
 * start-up. While off, {@link #start} returns 0 and {@link #add} returns at once (both inline to
 * nothing measurable); while on, each phase's CPU time (of the thread that runs it, so that time
 * the thread spends descheduled on a shared machine does not count) is summed over every call on
 * every thread (so with several threads the sum exceeds the elapsed time) until
 * {@link #reset}. Read with {@link #nanos} or {@link #report}; for benchmarks only, never for
 * decisions in the library. The clock is {@link PhaseClock}.
 */
public final class PipelinePhases {
    private PipelinePhases() {
    }

    /** The pipeline's phases, in the order a product runs them. */
    public enum Phase {
        /** An operand's residues modulo one prime into a transform matrix (the projection hook). */
        PROJECTION,
        /** Forward transforms, pointwise products and inverse transforms. */
        TRANSFORMS,
        /** The split layouts' recombination of their convolutions (CRT of polynomials). */
        SPLIT,
        /** Garner's mixed-radix digits ({@link DoubleCrt#digits}). */
        GARNER,
        /** The recombination hook: packing, carries, residues mod p. */
        RECOMBINATION
    }

    /** Whether the profiler is on: {@code -Dmodalg.pipeline.phases=true}. */
    public static final boolean ON = Boolean.getBoolean("modalg.pipeline.phases");

    private static final PhaseClock<Phase> CLOCK = new PhaseClock<>(Phase.class, ON, true);

    /** The start of a timed phase: the thread's CPU time in ns while on, 0 while off. */
    public static long start() {
        return CLOCK.start();
    }

    /**
     * Adds the time since {@code start} (from {@link #start}) to the phase and returns the time
     * now, the start of the next phase (0 while off).
     */
    public static long add(Phase phase, long start) {
        return CLOCK.add(phase, start);
    }

    /** CPU nanoseconds summed in the phase since the last {@link #reset}. */
    public static long nanos(Phase phase) {
        return CLOCK.nanos(phase);
    }

    /** Sets every sum to zero. */
    public static void reset() {
        CLOCK.reset();
    }

    /**
     * One line: each phase's milliseconds divided by {@code calls} (the products timed since the
     * last reset) and its share of their sum, e.g. {@code PROJECTION 0.41 ms (7%) ...}.
     */
    public static String report(int calls) {
        return CLOCK.report(calls);
    }
}
