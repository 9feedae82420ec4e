package org.modalg.modular;

/**
 * When a multimodular algorithm may stop adding primes.
 */
public enum Certification {
    /**
     * Stop only when the result is proven: the product of the primes exceeds twice a proven bound
     * on the result (Hadamard, Mignotte, resultant bound), or a proven check succeeds (for
     * example a trial division). The default.
     */
    PROVEN,
    /**
     * Stop when the symmetric CRT image has not changed over {@link ModularOptions#extraPrimes()}
     * further primes (early termination). The result is then correct with high probability only;
     * the caller must ask for this explicitly. The proven bound still caps the number of primes.
     */
    PROBABILISTIC
}
