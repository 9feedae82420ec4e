package org.modalg.modular.loop;

import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.modular.ModularReport;
import org.modalg.modular.RandomPrimes;

/**
 * The stopping rule of {@link Certification#PROBABILISTIC} runs for one integer X with a proven
 * bound |X| &lt;= B (determinant, resultant): primes drawn at random ({@link RandomPrimes}) in
 * waves, each wave at least doubling the primes so far; after a wave of e primes in all, the run
 * stops when the symmetric CRT image x of the first e - k primes agrees with X modulo each of the
 * last k (the image did not change over them), k = {@link #checkPrimes()}.
 *
 * <p><b>Failure bound.</b> A wrong stop after e primes needs x != X, so the modulus M of the first
 * e - k primes is at most 2B (otherwise x = X), hence |X - x| &lt;= B + M / 2 &lt;= 2B &lt; 2^valueBits,
 * and the k later primes, drawn after x was fixed, all divide the non-zero X - x: probability at
 * most {@link RandomPrimes#allDivideBound}(valueBits, b, T, k), T the most primes the run can draw.
 * Doubling waves give at most floor(log2 T) + 2 checks; the union over them is
 * {@link #failureBound()}. This holds for every input, in particular for X = 0 modulo all of
 * the first primes. k is the least number, at least {@link Options#extraPrimes()}, that
 * brings the bound to {@link Options#FAILURE_TARGET}; when none up to T / 2 does, early
 * termination does not pay and the run is proven instead ({@link #plan} returns null).
 */
public final class EarlyTermination {
    private final int checkPrimes;
    private final int checks;
    private final double failureBound;
    private RandomPrimes primes;

    private EarlyTermination(int checkPrimes, int checks, double failureBound) {
        this.checkPrimes = checkPrimes;
        this.checks = checks;
        this.failureBound = failureBound;
    }

    /**
     * The set-up every probabilistic run shares: null unless the options ask for
     * {@link Certification#PROBABILISTIC} and a plan reaches {@link Options#FAILURE_TARGET}
     * (then a report note says the run is proven instead); otherwise the plan, with its random
     * primes of primeBits bits drawn from the run's seed, which goes into the report.
     *
     * @param bound how the report names the value's bound when no plan exists
     */
    public static EarlyTermination start(Options options, long valueBits, int primeBits, long maxPrimes, String bound,
            ModularReport.Builder report) {
        if (options.certification() != Certification.PROBABILISTIC) {
            return null;
        }
        EarlyTermination early = plan(valueBits, primeBits, maxPrimes, options.extraPrimes());
        if (early == null) {
            report.note("probabilistic: no early termination reaches failure probability "
                    + ModularReport.formatProbability(Options.FAILURE_TARGET) + " for " + bound + "; proven instead");
            return null;
        }
        long seed = options.seedForRun();
        early.primes = RandomPrimes.inRange(primeBits, seed);
        report.seed(seed);
        return early;
    }

    /** The random primes of a plan made by {@link #start}. */
    public RandomPrimes primes() {
        return primes;
    }

    /**
     * The plan for a value with |X - x| &lt; 2^valueBits at any wrong stop, primes of primeBits
     * bits, at most maxPrimes of them; null when early termination cannot reach the target.
     */
    static EarlyTermination plan(long valueBits, int primeBits, long maxPrimes, int minCheck) {
        long t = Math.max(1, maxPrimes);
        int checks = 64 - Long.numberOfLeadingZeros(t) + 1; // floor(log2 T) + 2
        if (t > RandomPrimes.primeCountLowerBound(primeBits) / 2) { // beyond what one source hands out
            return null;
        }
        long maxK = Math.min(Options.MAX_EXTRA_PRIMES, t / 2);
        for (int k = Math.max(1, minCheck); k <= maxK; k++) {
            double bound = checks * RandomPrimes.allDivideBound(valueBits, primeBits, t, k);
            if (bound <= Options.FAILURE_TARGET) {
                return new EarlyTermination(k, checks, bound);
            }
        }
        return null;
    }

    /** k: the random primes that must leave the image unchanged. */
    public int checkPrimes() {
        return checkPrimes;
    }

    /** The most checks (waves) the run makes. */
    int checks() {
        return checks;
    }

    /** The bound on the probability of a wrong result, over the random primes. */
    double failureBound() {
        return failureBound;
    }

    /** A line for the report's certification detail. */
    String describe() {
        return "CRT image unchanged over the last " + checkPrimes + " random primes; failure probability <= "
                + ModularReport.formatProbability(failureBound) + " (" + checks + " checks at most)";
    }
}
