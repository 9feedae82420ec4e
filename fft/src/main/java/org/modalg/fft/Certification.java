package org.modalg.fft;

/**
 * When a multimodular algorithm ({@code Determinant}, {@code Resultant}, {@code PolynomialGcd} of
 * the modular module) may stop adding primes, and what its result then guarantees.
 */
public enum Certification {
    /**
     * Stop only when the result is proven: the product of the primes exceeds twice a proven bound
     * on the result (Hadamard, Mignotte, resultant bound), or a proven check succeeds (for
     * example a trial division or a multiplication over Z). The result is always right;
     * {@code ModularReport.failureProbability()} is 0. The default.
     */
    PROVEN,
    /**
     * Early termination, asked for explicitly: the result is wrong with probability at most
     * {@code ModularReport.failureProbability()} (at most {@link Options#FAILURE_TARGET},
     * 2^-40), for <em>every</em> input, the probability taken over the random primes.
     *
     * <p>The primes are drawn uniformly at random (without replacement) among the primes of
     * [2^(b-1), 2^b) for the route's word size b, from the seed of
     * {@link Options#withSeed} or a fresh one (printed in the report, so a run can be
     * repeated). The run stops when the symmetric CRT image has not changed over k further
     * primes, k at least {@link Options#extraPrimes()} and large enough for the target:
     * a wrong image x differs from the true value X by a non-zero D with |D| &lt; 2^h (h from the
     * proven bound), which has at most h / (b - 1) prime divisors in that range, so k random
     * primes all divide it with probability at most (h / ((b - 1) N))^k, N the number of primes
     * there (the modular module's {@code RandomPrimes.allDivideBound}); this covers a non-zero value that is 0 modulo
     * every prime drawn so far. When no k reaches the target, the run goes on to the proof and
     * reports {@link #PROVEN}. The proven bound always caps the work.
     *
     * <p>Used by {@code Determinant} (plain CRT strategy; the divisor strategy and the big-prime
     * route are proven anyway) and {@code Resultant} (CRT route; the big-prime route is proven).
     * {@code PolynomialGcd} ignores it: its proof costs about what the check primes would.
     */
    PROBABILISTIC
}
