package org.modalg.modular.mat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.Bareiss;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * Valid inputs beyond the supply of primes below 2^23 (Hadamard bounds over
 * {@link Determinant#WORD_PRIME_SUPPLY_BITS} bits): fraction-free elimination over Z instead of
 * "prime stream exhausted"; the Bareiss kernel against the test oracle; the size limit.
 */
class DeterminantLimitsTest {

    @Test
    void bareissAgainstTheOracle() {
        long seed = 606;
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 40; trial++) {
            int n = 1 + rnd.nextInt(9);
            int bits = 1 + rnd.nextInt(trial % 5 == 0 ? 3000 : 40);
            BigInteger[][] a = new BigInteger[n][n];
            BigInteger[] flat = new BigInteger[n * n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    BigInteger v = trial % 7 == 3 && j == 0 ? BigInteger.ZERO : new BigInteger(bits, rnd);
                    a[i][j] = rnd.nextBoolean() ? v.negate() : v;
                    flat[i * n + j] = a[i][j];
                }
            }
            if (trial % 6 == 1 && n > 1) { // dependent rows
                a[n - 1] = a[0].clone();
                System.arraycopy(a[0], 0, flat, (n - 1) * n, n);
            }
            ModularReport.Builder rep = ModularReport.builder("det");
            assertEquals(Bareiss.det(a), Determinant.bareiss(flat, n, Options.defaults(), rep),
                    "seed " + seed + " trial " + trial + " n " + n + " bits " + bits);
            assertTrue(rep.build().phaseNanos().containsKey("bareiss"));
        }
    }

    @Test
    void hugeEntriesBeyondTheWordSizePrimes() {
        // 2 x 2 with entries of 6.1 million bits: 2 * Hadamard bound over 12 million bits
        Random rnd = new Random(607);
        int bits = 6_100_000;
        BigInteger[][] a = new BigInteger[2][2];
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                a[i][j] = new BigInteger(bits, rnd).setBit(bits - 1).multiply(BigInteger.valueOf(rnd.nextBoolean() ? 1 : -1));
            }
        }
        BigInteger expected = IntegerMultiplication.multiply(a[0][0], a[1][1])
                .subtract(IntegerMultiplication.multiply(a[0][1], a[1][0]));
        for (long q : new long[] {1_000_003, 998_244_353, (1L << 61) - 1}) { // the product checked modulo primes
            BigInteger p = BigInteger.valueOf(q);
            BigInteger m = a[0][0].mod(p).multiply(a[1][1].mod(p)).subtract(a[0][1].mod(p).multiply(a[1][0].mod(p)));
            assertEquals(m.mod(p), expected.mod(p), "modulo " + q);
        }
        for (Route route : new Route[] {Route.CRT, Route.BIG_PRIME}) {
            ModularResult<BigInteger> r = Determinant.det(a, Options.defaults().withRoute(route).withThreads(2));
            assertEquals(expected, r.value(), route.toString());
            assertEquals(Certification.PROVEN, r.report().certification());
            assertTrue(r.report().phaseNanos().containsKey("bareiss"), r.report().toString());
        }
    }

    @Test
    void bareissPollsCancellation() {
        BigInteger[] flat = {BigInteger.TWO, BigInteger.ONE, BigInteger.ONE, BigInteger.TWO};
        Options cancelled = Options.defaults().withCancellation(() -> true);
        assertThrows(CancelledException.class,
                () -> Determinant.bareiss(flat, 2, cancelled, ModularReport.builder("det")));
        assertEquals(BigInteger.valueOf(3), Determinant.bareiss(flat, 2, Options.defaults(),
                ModularReport.builder("det")));
    }

    @Test
    void tooManyRowsIsRejectedClearly() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Determinant.det(new long[Determinant.MAX_N + 1][]));
        assertTrue(e.getMessage().contains("at most 46340 rows"), e.getMessage());
    }
}
