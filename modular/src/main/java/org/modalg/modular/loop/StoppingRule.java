package org.modalg.modular.loop;

import org.modalg.modular.ModularReport;

/**
 * When a {@link MultimodularLoop} run stops, and what it returns: a proven bound
 * ({@link ProvenBound}: the modulus exceeds twice a bound on the value), stability over random
 * primes ({@link StableImages}: {@link EarlyTermination}'s rule, a stated failure probability),
 * or a proof by check (the gcd: the lifted candidate is verified, by a norm bound or by exact
 * multiplication or division over Z). A rule also sizes the waves: how many more moduli to
 * image before it is asked again. It sets the report's certification when it stops.
 *
 * <p>A rule sees the run only through {@link Run} (its report, threads and image count), which
 * {@link MultimodularLoop} implements, so that the rules do not depend on the loop that asks them.
 *
 * @param <R> the run's result
 */
public interface StoppingRule<R> {

    /** What a rule reads of the run that asks it: implemented by {@link MultimodularLoop}. */
    interface Run {
        /** The report being built (the rule records its certification here when it stops). */
        ModularReport.Builder report();

        /** Threads for host-side work (the combiner's product tree, a check over Z). */
        int threads();

        /** Moduli imaged so far by this operation (unlucky ones included). */
        int imagesComputed();
    }

    /** How many more moduli to image before the next {@link #tryStop} (at least 1). */
    int nextWave(Run run, Combiner combiner, PrimeSupply supply);

    /** The result when the run may stop (certification recorded in the report), else null. */
    R tryStop(Run run, Combiner combiner, PrimeSupply supply);

    /** The number of moduli the run expects to need in all, for progress (a guess is fine). */
    default int expected(Run run, Combiner combiner, PrimeSupply supply) {
        int r = supply.remaining();
        return r == Integer.MAX_VALUE ? run.imagesComputed() + 1 : run.imagesComputed() + r;
    }
}
