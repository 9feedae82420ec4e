package org.modalg.modular.mat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.modular.GcdOracles.MULTIPLIER;
import static org.modalg.modular.GcdOracles.SEED;
import static org.modalg.modular.GcdOracles.where;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.Bareiss;
import org.modalg.modular.GcdOracles;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.RandomPrimes;
import org.modalg.modular.poly.GcdResult;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@link Certification#PROBABILISTIC} on inputs built to defeat a fixed prime sequence: values
 * divisible by the first primes of every sequence the routes used (largest primes below 2^23,
 * 2^26, 2^31, 2^62), against the Bareiss determinant (of the matrix or of the Sylvester matrix)
 * and the proven run, over many seeds of the random primes; {@link RandomPrimes} against a sieve
 * and BigInteger's primality test.
 */
class ProbabilisticCertificationTest {
    private static final Options PROB = Options.defaults().withRoute(Route.CRT).withThreads(2)
            .withCertification(Certification.PROBABILISTIC);
    private static final int[] OLD_SEQUENCES = {23, 26, 31, 62};

    /** The product of the k largest primes below 2^bits: what the fixed sequences drew first. */
    private static BigInteger firstPrimes(int bits, int k) {
        BigInteger d = BigInteger.ONE;
        for (long p : PrimeStream.below(1L << bits).next(k)) {
            d = d.multiply(BigInteger.valueOf(p));
        }
        return d;
    }

    // A random unimodular n x n matrix: a product of a lower and an upper triangular one with
    // diagonal +-1 and off-diagonal entries in [-2, 2].
    private static BigInteger[][] unimodular(Random rnd, int n) {
        long[][] l = new long[n][n];
        long[][] u = new long[n][n];
        for (int i = 0; i < n; i++) {
            l[i][i] = rnd.nextBoolean() ? 1 : -1;
            u[i][i] = rnd.nextBoolean() ? 1 : -1;
            for (int j = 0; j < i; j++) {
                l[i][j] = rnd.nextInt(5) - 2;
                u[j][i] = rnd.nextInt(5) - 2;
            }
        }
        BigInteger[][] m = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                long s = 0;
                for (int t = 0; t < n; t++) {
                    s += l[i][t] * u[t][j];
                }
                m[i][j] = BigInteger.valueOf(s);
            }
        }
        return m;
    }

    private static BigInteger[][] multiply(BigInteger[][] a, BigInteger[][] b) {
        int n = a.length;
        BigInteger[][] c = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                BigInteger s = BigInteger.ZERO;
                for (int t = 0; t < n; t++) {
                    s = s.add(a[i][t].multiply(b[t][j]));
                }
                c[i][j] = s;
            }
        }
        return c;
    }

    /** U1 diag(d, 1, ..., 1) U2 for random unimodular U1, U2: determinant +-d, entries mixed. */
    private static BigInteger[][] withDeterminant(Random rnd, int n, BigInteger d) {
        BigInteger[][] diag = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                diag[i][j] = i != j ? BigInteger.ZERO : i == 0 ? d : BigInteger.ONE;
            }
        }
        return multiply(multiply(unimodular(rnd, n), diag), unimodular(rnd, n));
    }

    /**
     * U1 U2 diag(d, 1, ..., 1) U3 U4 for small d: entries of a few dozen bits, a Hadamard bound far
     * above |det| = |d|, and a well-conditioned floating-point LU (so the estimate is trusted and
     * the run can stop early).
     */
    private static BigInteger[][] smallDeterminant(Random rnd, int n, BigInteger d) {
        BigInteger[][] m = withDeterminant(rnd, n, d);
        return multiply(multiply(unimodular(rnd, n), m), unimodular(rnd, n));
    }

    /**
     * [[d F(k+1), F(k), 0], [d F(k), F(k-1), 0], [0, 0, 1]] with Fibonacci numbers of about 300
     * bits: determinant +-d, rows parallel to double precision (the floating-point estimate is
     * -Infinity or meaningless).
     */
    private static BigInteger[][] illConditioned(BigInteger d) {
        BigInteger f0 = BigInteger.ZERO;
        BigInteger f1 = BigInteger.ONE;
        for (int i = 0; i < 430; i++) {
            BigInteger t = f0.add(f1);
            f0 = f1;
            f1 = t;
        }
        BigInteger f2 = f0.add(f1); // F(k+1), F(k) = f1, F(k-1) = f0
        return new BigInteger[][] {
            {d.multiply(f2), f1, BigInteger.ZERO},
            {d.multiply(f1), f0, BigInteger.ZERO},
            {BigInteger.ZERO, BigInteger.ZERO, BigInteger.ONE}};
    }

    @Test
    void threeByThreeDeterminantsOfTheFirstPrimesOfEveryOldSequence() {
        Random rnd = new Random(SEED + 101);
        int runs = 0;
        for (int bits : OLD_SEQUENCES) {
            for (int k : new int[] {1, 3, 5, 8}) {
                BigInteger d = firstPrimes(bits, k);
                for (BigInteger[][] a : new BigInteger[][][] {withDeterminant(rnd, 3, d), illConditioned(d)}) {
                    BigInteger expected = Bareiss.det(a);
                    assertEquals(d, expected.abs(), "construction");
                    for (int s = 0; s < 8 * MULTIPLIER; s++) {
                        long seed = rnd.nextLong();
                        String label = where("bits=" + bits + " k=" + k + " prime seed=" + seed);
                        ModularResult<BigInteger> r = Determinant.det(a, PROB.withSeed(seed),
                                Determinant.CrtStrategy.PLAIN);
                        assertEquals(expected, r.value(), label + "\n" + r.report());
                        checkReport(r.report(), label);
                        runs++;
                    }
                }
            }
        }
        assertTrue(runs >= 256);
        System.out.println("estimate for the ill-conditioned 3 x 3 matrix: "
                + DetEstimate.log2AbsDet(flatten(illConditioned(firstPrimes(23, 5))), 3) + " (log2 |det| = "
                + firstPrimes(23, 5).bitLength() + ")");
    }

    @Test
    void largerMatricesDivisibleByTheFirstPrimesOfTheOldSequence() {
        Random rnd = new Random(SEED + 102);
        for (int n = 16; n <= 40; n += 4) {
            for (int trial = 0; trial < 3 * MULTIPLIER; trial++) {
                int bits = OLD_SEQUENCES[trial % OLD_SEQUENCES.length];
                BigInteger d = firstPrimes(bits, 3 + rnd.nextInt(6)).multiply(BigInteger.valueOf(1 + rnd.nextInt(1000)));
                BigInteger[][] a = withDeterminant(rnd, n, d);
                BigInteger expected = Bareiss.det(a);
                long seed = rnd.nextLong();
                String label = where("n=" + n + " trial=" + trial + " prime seed=" + seed);
                for (Determinant.CrtStrategy st : Determinant.CrtStrategy.values()) {
                    ModularResult<BigInteger> r = Determinant.det(a, PROB.withSeed(seed), st);
                    assertEquals(expected, r.value(), label + " " + st + "\n" + r.report());
                    checkReport(r.report(), label);
                }
                assertEquals(expected, Determinant.det(a), label + " proven");
            }
        }
    }

    /**
     * PROVEN runs: a determinant divisible by the first primes below 2^23 used to make the
     * divisor strategy's factorizations fail three times and fall to the much slower plain
     * strategy; after the first failure its primes are now random, so it completes.
     */
    @Test
    void divisorStrategyIsNotForcedOffByTheFirstPrimes() {
        Random rnd = new Random(SEED + 109);
        for (int n = 20; n <= 40; n += 10) {
            BigInteger d = firstPrimes(23, 3 + rnd.nextInt(6)).multiply(BigInteger.valueOf(1 + rnd.nextInt(1000)));
            BigInteger[][] a = withDeterminant(rnd, n, d);
            long seed = rnd.nextLong();
            ModularResult<BigInteger> r = Determinant.det(a, Options.defaults().withRoute(Route.CRT)
                    .withThreads(2).withSeed(seed), Determinant.CrtStrategy.DIVISOR);
            String label = where("n=" + n + " prime seed=" + seed);
            assertEquals(Bareiss.det(a), r.value(), label);
            assertEquals(Certification.PROVEN, r.report().certification());
            assertTrue(r.report().phaseNanos().containsKey("dixon-lift"), label + " divisor strategy completed:\n"
                    + r.report());
            assertTrue(r.report().unluckyCount() >= 3, label + "\n" + r.report());
            assertEquals(seed, r.report().seed().getAsLong());
        }
        // a singular matrix still goes to the plain strategy, which proves 0
        BigInteger[][] z = withDeterminant(rnd, 20, BigInteger.ZERO);
        ModularResult<BigInteger> r = Determinant.det(z, Options.defaults().withRoute(Route.CRT).withThreads(2),
                Determinant.CrtStrategy.DIVISOR);
        assertEquals(BigInteger.ZERO, r.value());
        assertFalse(r.report().phaseNanos().containsKey("dixon-lift"), r.report().toString());
    }

    @Test
    void singularAndZeroDeterminants() {
        Random rnd = new Random(SEED + 103);
        for (int n = 2; n <= 24; n += 2) {
            BigInteger[][] a = withDeterminant(rnd, n, BigInteger.ZERO);
            long seed = rnd.nextLong();
            ModularResult<BigInteger> r = Determinant.det(a, PROB.withSeed(seed), Determinant.CrtStrategy.PLAIN);
            assertEquals(BigInteger.ZERO, r.value(), where("n=" + n + " seed=" + seed));
            checkReport(r.report(), "n=" + n);
        }
    }

    @Test
    void resultantsSharingARootModuloTheFirstPrimes() {
        Random rnd = new Random(SEED + 104);
        int nonZero = 0;
        for (int bits : OLD_SEQUENCES) {
            for (int it = 0; it < 12 * MULTIPLIER; it++) {
                BigInteger p = firstPrimes(bits, 2 + rnd.nextInt(8));
                ZZPoly f;
                ZZPoly g;
                if (it % 3 == 0) {
                    // Res(x - a, x - b) = a - b, divisible by every prime of p
                    BigInteger a = new BigInteger(40, rnd);
                    f = ZZPoly.of(a.negate(), BigInteger.ONE);
                    g = ZZPoly.of(a.add(p.multiply(BigInteger.valueOf(1 + rnd.nextInt(50)))).negate(), BigInteger.ONE);
                } else {
                    // g = f + p h: g = f modulo every prime of p, so Res(f, g) = Res(f, f) = 0 there
                    f = GcdOracles.random(rnd, 1 + rnd.nextInt(8), 1 + rnd.nextInt(40));
                    g = f.add(GcdOracles.random(rnd, rnd.nextInt(f.degree() + 1), 1 + rnd.nextInt(20))
                            .multiply(ZZPoly.constant(p)));
                }
                BigInteger expected = GcdOracles.sylvesterResultant(f, g);
                nonZero += expected.signum() != 0 ? 1 : 0;
                for (int s = 0; s < 4; s++) {
                    long seed = rnd.nextLong();
                    String label = where("bits=" + bits + " it=" + it + " f=" + f + " g=" + g + " prime seed=" + seed);
                    ModularResult<BigInteger> r = Resultant.resultant(f, g, PROB.withSeed(seed));
                    assertEquals(expected, r.value(), label + "\n" + r.report());
                    checkReport(r.report(), label);
                }
            }
        }
        assertTrue(nonZero >= 40, nonZero + " non-zero resultants: the construction should give mostly non-zero ones");
    }

    @Test
    void gcdIsAlwaysProven() {
        Random rnd = new Random(SEED + 105);
        BigInteger p = firstPrimes(26, 6);
        for (int it = 0; it < 10 * MULTIPLIER; it++) {
            ZZPoly c = GcdOracles.random(rnd, 1 + rnd.nextInt(5), 20);
            ZZPoly f = GcdOracles.random(rnd, 1 + rnd.nextInt(6), 30).multiply(c);
            ZZPoly g = f.add(GcdOracles.random(rnd, 1 + rnd.nextInt(6), 10).multiply(c).multiply(ZZPoly.constant(p)));
            ModularResult<GcdResult> r = PolynomialGcd.gcd(f, g, PROB.withExtraPrimes(1));
            assertEquals(GcdOracles.jasGcd(f, g), r.value().gcd(), where("it=" + it));
            assertEquals(Certification.PROVEN, r.report().certification());
            assertEquals(0.0, r.report().failureProbability());
        }
    }

    @Test
    void sameSeedSameRunAndTheReportShowsSeedAndBound() {
        Random rnd = new Random(SEED + 106);
        BigInteger[][] a = smallDeterminant(rnd, 40, new BigInteger(20, rnd).add(BigInteger.ONE));
        ModularResult<BigInteger> r1 = Determinant.det(a, PROB.withSeed(42).withThreads(1), Determinant.CrtStrategy.PLAIN);
        ModularResult<BigInteger> r2 = Determinant.det(a, PROB.withSeed(42).withThreads(2), Determinant.CrtStrategy.PLAIN);
        assertEquals(Bareiss.det(a), r1.value());
        assertEquals(r1.value(), r2.value());
        assertEquals(Certification.PROBABILISTIC, r1.report().certification(), r1.report().toString());
        assertEquals(42L, r1.report().seed().getAsLong());
        assertEquals(r1.report().primesUsed(), r2.report().primesUsed());
        assertEquals(r1.report().failureProbability(), r2.report().failureProbability());
        String text = r1.report().toString();
        assertTrue(text.contains("seed:          42") && text.contains("failure:       probability <= 2^-"), text);
        // without a seed each run draws one, and reports it
        ModularResult<BigInteger> r3 = Determinant.det(a, PROB, Determinant.CrtStrategy.PLAIN);
        assertTrue(r3.report().seed().isPresent());
        assertEquals(r1.value(), r3.value());
        // proven runs report probability 0 and no seed
        ModularResult<BigInteger> proven = Determinant.det(a, PROB.withCertification(Certification.PROVEN),
                Determinant.CrtStrategy.PLAIN);
        assertEquals(0.0, proven.report().failureProbability());
        assertFalse(proven.report().seed().isPresent());
        assertFalse(proven.report().toString().contains("failure:"));
    }

    @Test
    void defaultOptionsKeepTheFailureBoundBelowTwoToTheMinus30() {
        Random rnd = new Random(SEED + 107);
        Options defaults = Options.defaults().withCertification(Certification.PROBABILISTIC);
        int early = 0;
        for (int it = 0; it < 6; it++) {
            BigInteger[][] a = smallDeterminant(rnd, 20 + 4 * it, new BigInteger(10 + 5 * it, rnd).add(BigInteger.ONE));
            ModularResult<BigInteger> r = Determinant.det(a, defaults, Determinant.CrtStrategy.PLAIN);
            assertEquals(Bareiss.det(a), r.value());
            assertTrue(r.report().failureProbability() <= 0x1p-30, r.report().toString());
            early += r.report().certification() == Certification.PROBABILISTIC ? 1 : 0;
            ZZPoly f = GcdOracles.random(rnd, 10 + 20 * it, 64);
            ZZPoly g = GcdOracles.random(rnd, 10 + 20 * it, 64);
            ModularResult<BigInteger> res = Resultant.resultant(f, g, defaults);
            assertEquals(Resultant.resultant(f, g), res.value());
            assertTrue(res.report().failureProbability() <= 0x1p-30, res.report().toString());
            early += res.report().certification() == Certification.PROBABILISTIC ? 1 : 0;
        }
        assertTrue(early > 0, "some run should have stopped early");
    }

    private static void checkReport(ModularReport rep, String label) {
        if (rep.certification() == Certification.PROBABILISTIC) {
            assertTrue(rep.failureProbability() > 0 && rep.failureProbability() <= Options.FAILURE_TARGET,
                    label + "\n" + rep);
            assertTrue(rep.seed().isPresent(), label);
        } else {
            assertEquals(0.0, rep.failureProbability(), label);
        }
    }

    private static BigInteger[] flatten(BigInteger[][] a) {
        int n = a.length;
        BigInteger[] f = new BigInteger[n * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], 0, f, i * n, n);
        }
        return f;
    }

    // ------------------------------------------------------------------ RandomPrimes, EarlyTermination

    @Test
    void randomPrimesAreDistinctPrimesOfTheRangeAndRepeatWithTheSeed() {
        for (int bits : new int[] {10, 12, 23, 26, 31, 62}) {
            RandomPrimes a = RandomPrimes.inRange(bits, 7);
            RandomPrimes b = RandomPrimes.inRange(bits, 7);
            int count = (int) Math.min(200, a.limit());
            Set<Long> seen = new HashSet<>();
            for (int i = 0; i < count; i++) {
                long p = a.next();
                assertEquals(p, b.next(), "same seed, same sequence");
                assertTrue(p >= 1L << (bits - 1) && p < 1L << bits, p + " in range of " + bits + " bits");
                assertTrue(BigInteger.valueOf(p).isProbablePrime(60), p + " prime");
                assertTrue(seen.add(p), p + " drawn twice");
            }
            assertEquals(count, a.produced());
            assertEquals(7, a.seed());
        }
        assertNotEquals(RandomPrimes.inRange(26, 1).next(), RandomPrimes.inRange(26, 2).next());
        // a source hands out at most half the primes of its range, then says so
        RandomPrimes small = RandomPrimes.inRange(10, 3);
        small.next((int) small.limit());
        IllegalStateException e = assertThrows(IllegalStateException.class, small::next);
        assertTrue(e.getMessage().contains("exhausted"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RandomPrimes.inRange(9, 0));
        assertThrows(IllegalArgumentException.class, () -> RandomPrimes.inRange(63, 0));
        assertThrows(IllegalArgumentException.class, () -> RandomPrimes.inRange(20, 0).next(-1));
    }

    @Test
    void randomPrimesAreRoughlyUniform() {
        // 2^11..2^12 holds 255 primes; 20,000 draws from fresh sources (one prime each) should hit
        // each about 78 times: none far off (a fixed choice would fail at once)
        int[] hits = new int[1 << 12];
        Random seeds = new Random(SEED + 108);
        for (int i = 0; i < 20_000; i++) {
            hits[(int) RandomPrimes.inRange(12, seeds.nextLong()).next()]++;
        }
        int primes = 0;
        for (int p = 1 << 11; p < 1 << 12; p++) {
            if (BigInteger.valueOf(p).isProbablePrime(40)) {
                primes++;
                assertTrue(hits[p] > 30 && hits[p] < 150, p + " drawn " + hits[p] + " times");
            } else {
                assertEquals(0, hits[p], p + " is not prime");
            }
        }
        assertEquals(255, primes);
    }

    @Test
    void primeCountLowerBoundIsBelowTheSievedCount() {
        boolean[] composite = new boolean[1 << 22];
        for (int i = 2; (long) i * i < composite.length; i++) {
            if (!composite[i]) {
                for (int j = i * i; j < composite.length; j += i) {
                    composite[j] = true;
                }
            }
        }
        for (int bits = RandomPrimes.MIN_BITS; bits <= 22; bits++) {
            int count = 0;
            for (int p = 1 << (bits - 1); p < 1 << bits; p++) {
                count += composite[p] ? 0 : 1;
            }
            double lower = RandomPrimes.primeCountLowerBound(bits);
            assertTrue(lower <= count && lower > 0.6 * count, bits + " bits: " + lower + " vs " + count);
        }
        // b = 23: 268,216 primes in [2^22, 2^23) (Bareiss-free check by the sieve above at b = 22 and the known count)
        assertTrue(RandomPrimes.primeCountLowerBound(23) <= 268_216);
    }

    @Test
    void allDivideBound() {
        // no prime of 26 bits divides a value below 2^25: bound 0
        assertEquals(0.0, RandomPrimes.allDivideBound(25, 26, 0, 1));
        double n = RandomPrimes.primeCountLowerBound(26);
        assertEquals(1 / n, RandomPrimes.allDivideBound(26, 26, 0, 1), 1e-15); // one 26-bit prime fits below 2^26
        assertEquals(39 / n, RandomPrimes.allDivideBound(1000, 26, 0, 1), 1e-15); // floor(999 / 25) = 39
        assertEquals(40 / n, RandomPrimes.allDivideBound(1001, 26, 0, 1), 1e-15);
        assertEquals(39 / n * 39 / (n - 1), RandomPrimes.allDivideBound(1000, 26, 0, 2), 1e-18);
        assertEquals(39 / (n - 100) * 39 / (n - 101), RandomPrimes.allDivideBound(1000, 26, 100, 2), 1e-18);
        assertEquals(1.0, RandomPrimes.allDivideBound(Long.MAX_VALUE / 2, 26, 0, 3));
        assertThrows(IllegalArgumentException.class, () -> RandomPrimes.allDivideBound(-1, 26, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> RandomPrimes.allDivideBound(1, 26, -1, 1));
    }
}
