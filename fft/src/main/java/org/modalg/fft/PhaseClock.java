package org.modalg.fft;

import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * A profiler of named phases for benchmarks and traces, never for decisions in the library:
 * the one mechanism behind the convolution pipeline's CPU-time profile
 * ({@code org.modalg.polynomial.convolution.PipelinePhases}) and the device products' wall-clock
 * trace ({@code org.modalg.fft.products.ProductPhases}).
 *
 * <p>Off unless the owner says so at construction (a system property read once into a
 * {@code static final}): then {@link #start} returns 0 and {@link #add} returns at once, which
 * inline to nothing measurable. On, each phase's time since its start is added twice: to sums
 * over every thread (read by {@link #nanos} and {@link #report}, cleared by {@link #reset}) and
 * to the calling thread's own (read and cleared by {@link #takeLine}, for one product on one
 * thread). The clock is the calling thread's CPU time (time spent descheduled on a shared
 * machine does not count; with several threads the sums exceed the elapsed time) or the wall
 * clock (device waits and the collector's pauses count).
 *
 * @param <E> the phases, in the order a run goes through them
 */
public final class PhaseClock<E extends Enum<E>> {
    private final E[] phases;
    private final boolean on;
    private final java.lang.management.ThreadMXBean cpu;
    private final LongAdder[] sums;
    private final ThreadLocal<long[]> mine;

    /**
     * @param type the phases' enum
     * @param on whether to time at all
     * @param cpuTime the calling thread's CPU time (true) or the wall clock (false)
     */
    public PhaseClock(Class<E> type, boolean on, boolean cpuTime) {
        this.phases = type.getEnumConstants();
        this.on = on;
        this.cpu = on && cpuTime ? java.lang.management.ManagementFactory.getThreadMXBean() : null;
        this.sums = new LongAdder[phases.length];
        for (int i = 0; i < sums.length; i++) {
            sums[i] = new LongAdder();
        }
        this.mine = ThreadLocal.withInitial(() -> new long[phases.length]);
    }

    /** Whether it times. */
    public boolean on() {
        return on;
    }

    /** The start of a timed phase: the clock's reading in ns while on, 0 while off. */
    public long start() {
        return on ? now() : 0L;
    }

    /**
     * Adds the time since {@code start} (from {@link #start}) to the phase and returns the time
     * now, the start of the next phase (0 while off).
     */
    public long add(E phase, long start) {
        if (!on) {
            return 0L;
        }
        long now = now();
        sums[phase.ordinal()].add(now - start);
        mine.get()[phase.ordinal()] += now - start;
        return now;
    }

    private long now() {
        return cpu != null ? cpu.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /** Nanoseconds summed in the phase over every thread since the last {@link #reset}. */
    public long nanos(E phase) {
        return sums[phase.ordinal()].sum();
    }

    /** Sets every sum over the threads to zero. */
    public void reset() {
        for (LongAdder a : sums) {
            a.reset();
        }
    }

    /**
     * The sums as one line: each phase's milliseconds divided by {@code calls} (the runs timed
     * since the last reset) and its share of their total, e.g. {@code PROJECTION 0.410 ms (7%) ...}.
     *
     * @throws IllegalArgumentException if calls &lt; 1
     */
    public String report(int calls) {
        if (calls < 1) {
            throw new IllegalArgumentException("calls must be >= 1, got " + calls);
        }
        long total = 0;
        for (E p : phases) {
            total += nanos(p);
        }
        StringBuilder sb = new StringBuilder();
        for (E p : phases) {
            long n = nanos(p);
            sb.append(String.format(Locale.ROOT, "%s %.3f ms (%.0f%%)  ", p, n / 1e6 / calls,
                    total == 0 ? 0.0 : 100.0 * n / total));
        }
        return sb.toString().trim();
    }

    /**
     * This thread's phases since its last call as one line, e.g. {@code ALLOCATION 0.4 ms,
     * UPLOAD 12.1 ms, ...}, and clears them.
     */
    public String takeLine() {
        long[] n = mine.get();
        StringBuilder sb = new StringBuilder();
        for (E p : phases) {
            sb.append(sb.length() == 0 ? "" : ", ")
                    .append(String.format(Locale.ROOT, "%s %.1f ms", p, n[p.ordinal()] / 1e6));
            n[p.ordinal()] = 0;
        }
        return sb.toString();
    }
}
