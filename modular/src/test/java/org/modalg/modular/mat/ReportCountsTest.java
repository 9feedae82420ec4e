package org.modalg.modular.mat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.Bareiss;
import org.modalg.modular.GcdOracles;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.kernel.ZpDetKernel;
import org.modalg.modular.poly.GcdResult;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;
import org.junit.jupiter.api.Test;

/**
 * The report's counts agree with their Javadoc on inputs with planted unlucky and skipped primes:
 * {@code primesUsed} counts only images that entered the result, {@code unluckyPrimes} the images
 * discarded, {@code skippedPrimes} the primes passed over before any image; the images computed
 * (counted independently, by the progress listener) are {@code primesUsed + unluckyCount}. On the
 * CPU every route reports the transfer phase, 0.
 */
class ReportCountsTest {
    private static final Options CPU1 = Options.defaults().withBackend(Backend.CPU).withThreads(1);
    private static final Options CPU2 = Options.defaults().withBackend(Backend.CPU).withThreads(2);

    // Options whose listener records the largest count of images reported.
    private static Options counting(Options o, AtomicInteger images) {
        return o.withListener((phase, done, needed) -> {
            if (phase.equals("images")) {
                images.accumulateAndGet(done, Math::max);
            }
        });
    }

    private static void transferIsZero(ModularReport r) {
        assertEquals(0L, r.phaseNanos().get(ModularReport.TRANSFER), "the CPU copies nothing: " + r);
        assertTrue(r.phaseNanos().containsKey("images") || r.phaseNanos().containsKey("factor"), r.toString());
    }

    @Test
    void gcdCountsWithPlantedUnluckyAndSkippedPrimes() {
        long seed = System.nanoTime();
        System.out.println("ReportCountsTest seed " + seed);
        Random rnd = new Random(seed);
        long[] q = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(5);
        // c has leading coefficient q3: gamma = gcd(lc f, lc g) = q3, so q3 is skipped before any
        // image; a = x + 1 and b = x + 1 + q0 q1 q2 share a root modulo q0, q1, q2 only: unlucky.
        BigInteger q3 = BigInteger.valueOf(q[3]);
        BigInteger[] cc = new BigInteger[4 + rnd.nextInt(6)];
        for (int i = 0; i < cc.length - 1; i++) {
            cc[i] = BigInteger.valueOf(rnd.nextInt(2001) - 1000);
        }
        cc[0] = cc[0].signum() == 0 ? BigInteger.ONE : cc[0];
        cc[cc.length - 1] = q3;
        ZZPoly c = ZZPoly.of(cc);
        BigInteger prod = BigInteger.valueOf(q[0]).multiply(BigInteger.valueOf(q[1])).multiply(BigInteger.valueOf(q[2]));
        ZZPoly f = c.multiply(ZZPoly.parse("x + 1"));
        ZZPoly g = c.multiply(ZZPoly.of(prod.add(BigInteger.ONE), BigInteger.ONE));
        List<BigInteger> planted = List.of(BigInteger.valueOf(q[0]), BigInteger.valueOf(q[1]),
                BigInteger.valueOf(q[2]));
        for (int route = 0; route < 3; route++) {
            AtomicInteger images = new AtomicInteger();
            Options o = counting(route % 2 == 0 ? CPU1 : CPU2, images).withRoute(Route.CRT);
            ModularResult<GcdResult> r = switch (route) {
                case 0, 1 -> PolynomialGcd.gcd(f, g, o);
                default -> PolynomialGcd.gcdModular(f, g, o, PolynomialGcd.Proof.TRIAL_DIVISION);
            };
            ModularReport rep = r.report();
            String what = "seed " + seed + ", route " + route + ": " + rep;
            assertEquals(c, r.value().gcd(), what);
            assertEquals(f, c.multiply(r.value().cofactorF()), what);
            assertEquals(g, c.multiply(r.value().cofactorG()), what);
            assertEquals(planted, rep.unluckyPrimes(), what);
            assertEquals(List.of(q3), rep.skippedPrimes(), what);
            assertTrue(rep.primesUsed() >= 1, what);
            assertEquals(images.get(), rep.primesUsed() + rep.unluckyCount(),
                    "images computed = used + unlucky; " + what);
            transferIsZero(rep);
        }
    }

    @Test
    void gcdCountsWithoutUnluckyPrimes() {
        long seed = System.nanoTime();
        System.out.println("ReportCountsTest seed " + seed);
        Random rnd = new Random(seed);
        ZZPoly c = GcdOracles.random(rnd, 6, 80);
        ZZPoly f = GcdOracles.random(rnd, 8, 80).multiply(c);
        ZZPoly g = GcdOracles.random(rnd, 7, 80).multiply(c);
        for (Route route : new Route[] {Route.CRT, Route.BIG_PRIME}) {
            AtomicInteger images = new AtomicInteger();
            ModularReport rep = PolynomialGcd.gcd(f, g, counting(CPU2, images).withRoute(route)).report();
            assertEquals(images.get(), rep.primesUsed() + rep.unluckyCount(), "seed " + seed + " " + route + rep);
            assertEquals(rep.unluckyCount(), rep.unluckyPrimes().size());
            transferIsZero(rep);
        }
    }

    @Test
    void determinantAndResultantUseEveryImage() {
        long seed = System.nanoTime();
        System.out.println("ReportCountsTest seed " + seed);
        Random rnd = new Random(seed);
        int n = 5 + rnd.nextInt(10);
        BigInteger[][] a = DeterminantTest.random(rnd, n, 1 + rnd.nextInt(120));
        for (Route route : new Route[] {Route.CRT, Route.BIG_PRIME}) {
            AtomicInteger images = new AtomicInteger();
            ModularResult<BigInteger> r = Determinant.det(a, counting(CPU2, images).withRoute(route),
                    Determinant.CrtStrategy.PLAIN);
            assertEquals(Bareiss.det(a), r.value(), "seed " + seed);
            ModularReport rep = r.report();
            assertEquals(0, rep.unluckyCount(), rep.toString());
            assertEquals(0, rep.skippedCount(), rep.toString());
            assertEquals(images.get(), rep.primesUsed(), "seed " + seed + " det " + route + ": " + rep);
            transferIsZero(rep);
        }
        ZZPoly f = GcdOracles.random(rnd, 10 + rnd.nextInt(20), 64);
        ZZPoly g = GcdOracles.random(rnd, 5 + rnd.nextInt(20), 64);
        for (Route route : new Route[] {Route.CRT, Route.BIG_PRIME}) {
            AtomicInteger images = new AtomicInteger();
            ModularReport rep = Resultant.resultant(f, g, counting(CPU2, images).withRoute(route)).report();
            assertEquals(0, rep.unluckyCount(), rep.toString());
            assertEquals(images.get(), rep.primesUsed(), "seed " + seed + " resultant " + route + ": " + rep);
            transferIsZero(rep);
        }
    }

    @Test
    void singularFactorizationsAreUnluckyAndNotUsed() {
        // det A = the product of the first two primes of the divisor strategy's stream: both
        // factorizations are singular (unlucky), and the primes used do not count them
        PrimeStream ps = PrimeStream.below(1L << ZpDetKernel.MAX_PRIME_BITS);
        long p0 = ps.next();
        long p1 = ps.next();
        int n = Determinant.DIVISOR_MIN_N;
        BigInteger[][] a = new BigInteger[n][n];
        Random rnd = new Random(5);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = i == j ? BigInteger.ONE : j > i ? BigInteger.valueOf(rnd.nextInt(199) - 99) : BigInteger.ZERO;
            }
        }
        a[0][0] = BigInteger.valueOf(p0).multiply(BigInteger.valueOf(p1)); // upper triangular: det = p0 p1
        ModularResult<BigInteger> r = Determinant.det(a, CPU1, Determinant.CrtStrategy.DIVISOR);
        assertEquals(BigInteger.valueOf(p0).multiply(BigInteger.valueOf(p1)), r.value());
        ModularReport rep = r.report();
        assertEquals(List.of(BigInteger.valueOf(p0), BigInteger.valueOf(p1)), rep.unluckyPrimes(), rep.toString());
        transferIsZero(rep);
        // the solver: the same primes are only unlucky for a regular A
        BigInteger[] b = new BigInteger[n];
        java.util.Arrays.fill(b, BigInteger.ONE);
        ModularReport solve = LinearSolve.solve(a, b, CPU1).report();
        assertTrue(solve.unluckyPrimes().contains(BigInteger.valueOf(p0)), solve.toString());
        assertEquals(0L, solve.phaseNanos().get(ModularReport.TRANSFER), solve.toString());
        assertTrue(solve.phaseNanos().containsKey("lifting"), solve.toString());
    }
}
