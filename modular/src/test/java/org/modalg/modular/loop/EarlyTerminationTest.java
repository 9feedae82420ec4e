package org.modalg.modular.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.modular.RandomPrimes;

/**
 * The plan of {@link EarlyTermination}: the fewest check primes that reach the failure target,
 * and no plan where the range holds too few primes or two primes gain nothing (the end-to-end
 * runs are in {@code ProbabilisticCertificationTest}).
 */
class EarlyTerminationTest {

    @Test
    void plan() {
        EarlyTermination e = EarlyTermination.plan(40_000, 26, 1700, 2);
        assertTrue(e != null && e.failureBound() <= Options.FAILURE_TARGET && e.checkPrimes() >= 2);
        assertTrue(e.checks() * RandomPrimes.allDivideBound(40_000, 26, 1700, e.checkPrimes() - 1)
                > Options.FAILURE_TARGET || e.checkPrimes() == 2, "k is the least that reaches the target");
        assertEquals(null, EarlyTermination.plan(1L << 40, 26, 1L << 35, 2), "more primes than the range holds");
        assertEquals(null, EarlyTermination.plan(50, 26, 2, 2), "nothing to gain with two primes");
    }
}
