package org.modalg.fft;

/**
 * Receives progress of a long multimodular computation, called from the computing threads
 * between primes (implementations must be thread-safe and fast).
 *
 * <p>{@code primesNeeded} is the number of primes the algorithm currently expects to use: an
 * estimate that may grow or shrink as the run goes (for example when early termination stops
 * below the proven bound, or unlucky primes are replaced); it is exact only once the run ends.
 */
@FunctionalInterface
public interface ProgressListener {

    /** A listener that ignores every call. */
    ProgressListener NONE = (phase, done, needed) -> { };

    /**
     * @param phase a short name of the current phase (for example {@code "images"})
     * @param primesDone primes (or big primes) whose image is finished, &gt;= 0
     * @param primesNeeded the current estimate of the primes needed in all (see the class
     *     comment), &gt;= 0
     */
    void progress(String phase, int primesDone, int primesNeeded);
}
