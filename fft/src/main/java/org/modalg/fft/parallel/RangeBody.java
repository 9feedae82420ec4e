package org.modalg.fft.parallel;

/**
 * A loop body over a half-open index range [from, to): what {@link WorkerTeam} runs chunk by
 * chunk. Callers write {@link ParallelRange.Body}, which is this type under the loop's name.
 */
@FunctionalInterface
public interface RangeBody {
    void run(int from, int to);
}
