package org.modalg.modular.loop;

/**
 * When a {@link MultimodularLoop} run stops, and what it returns: a proven bound
 * ({@link ProvenBound}: the modulus exceeds twice a bound on the value), stability over random
 * primes ({@link StableImages}: {@link EarlyTermination}'s rule, a stated failure probability),
 * or a proof by check (the gcd: the lifted candidate is verified, by a norm bound or by exact
 * multiplication or division over Z). A rule also sizes the waves: how many more moduli to
 * image before it is asked again. It sets the report's certification when it stops.
 *
 * @param <R> the run's result
 */
public interface StoppingRule<R> {

    /** How many more moduli to image before the next {@link #tryStop} (at least 1). */
    int nextWave(MultimodularLoop run, Combiner combiner, PrimeSupply supply);

    /** The result when the run may stop (certification recorded in the report), else null. */
    R tryStop(MultimodularLoop run, Combiner combiner, PrimeSupply supply);

    /** The number of moduli the run expects to need in all, for progress (a guess is fine). */
    default int expected(MultimodularLoop run, Combiner combiner, PrimeSupply supply) {
        int r = supply.remaining();
        return r == Integer.MAX_VALUE ? run.imagesComputed() + 1 : run.imagesComputed() + r;
    }
}
