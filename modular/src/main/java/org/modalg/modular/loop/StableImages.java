package org.modalg.modular.loop;

import java.math.BigInteger;
import org.modalg.fft.Certification;

/**
 * The probabilistic stopping rule ({@link Certification#PROBABILISTIC}, {@link EarlyTermination}):
 * the supply is the proven plan of random primes; waves are prefixes of it, the first sized by
 * the operation (an estimate of the value's size plus k), each later one at least doubling the
 * primes so far; after each wave the run stops when the lift of all but the last k primes agrees
 * with the last k, reporting the failure bound and the seed. At the end of the plan the value is
 * proven, as by {@link ProvenBound}.
 */
public final class StableImages implements StoppingRule<BigInteger[]> {
    private final EarlyTermination early;
    private final int firstWave;
    private final ProvenBound proven;
    private final String detail;

    /**
     * @param firstWave the primes of the first wave (at least k + 1 is sensible)
     * @param detail appended to the certification detail, e.g. {@code ", 120 needed for the proof"}
     */
    public StableImages(EarlyTermination early, int firstWave, ProvenBound proven, String detail) {
        this.early = early;
        this.firstWave = Math.max(1, firstWave);
        this.proven = proven;
        this.detail = detail;
    }

    @Override
    public int nextWave(Run run, Combiner combiner, PrimeSupply supply) {
        int done = run.imagesComputed();
        int want = done == 0 ? firstWave : Math.max(done, early.checkPrimes() + 1);
        return Math.max(1, Math.min(want, supply.remaining()));
    }

    @Override
    public BigInteger[] tryStop(Run run, Combiner combiner, PrimeSupply supply) {
        if (supply.remaining() == 0) {
            return proven.tryStop(run, combiner, supply);
        }
        if (!combiner.agreesOnLast(early.checkPrimes())) {
            return null;
        }
        run.report().certification(Certification.PROBABILISTIC, early.describe() + detail)
                .failureProbability(early.failureBound());
        return combiner.symmetric();
    }
}
