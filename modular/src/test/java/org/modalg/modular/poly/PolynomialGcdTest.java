package org.modalg.modular.poly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.modular.GcdOracles.MULTIPLIER;
import static org.modalg.modular.GcdOracles.SEED;
import static org.modalg.modular.GcdOracles.where;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.NttPrimes;
import org.modalg.modular.GcdOracles;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.polynomial.zz.ZZPoly;

/** {@link PolynomialGcd} (both routes, both proofs) against JAS and the subresultant PRS. */
class PolynomialGcdTest {
    private static final Options CRT1 = Options.defaults().withRoute(Route.CRT).withThreads(1);
    private static final Options CRT2 = Options.defaults().withRoute(Route.CRT).withThreads(2);
    private static final Options BIG = Options.defaults().withRoute(Route.BIG_PRIME).withThreads(2);

    private static void checkResult(ZZPoly f, ZZPoly g, ZZPoly expected, GcdResult r, String label) {
        assertEquals(expected, r.gcd(), label + " gcd");
        if (!r.gcd().isZero()) {
            assertEquals(f, r.gcd().multiply(r.cofactorF()), label + " f = gcd * cofactorF");
            assertEquals(g, r.gcd().multiply(r.cofactorG()), label + " g = gcd * cofactorG");
        } else {
            assertTrue(r.cofactorF().isZero() && r.cofactorG().isZero(), label);
        }
    }

    @Test
    void randomAgainstJasAllRoutes() {
        Random rnd = new Random(SEED + 11);
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            int bits = 1 + rnd.nextInt(it % 3 == 0 ? 200 : 40);
            SubresultantPrsTest.InputPair in = SubresultantPrsTest.InputPair.random(rnd, bits);
            ZZPoly f = in.f();
            ZZPoly g = in.g();
            String label = where("it=" + it + " f=" + f + " g=" + g);
            ZZPoly expected = GcdOracles.jasGcd(f, g);
            checkResult(f, g, expected, PolynomialGcd.gcd(f, g, CRT1).value(), label + " crt/1");
            checkResult(f, g, expected, PolynomialGcd.gcd(f, g, CRT2).value(), label + " crt/2");
            checkResult(f, g, expected, PolynomialGcd.gcdModular(f, g, CRT1, PolynomialGcd.Proof.TRIAL_DIVISION)
                    .value(), label + " crt/trial");
            checkResult(f, g, expected, PolynomialGcd.gcd(f, g, BIG).value(), label + " bigprime");
            assertEquals(expected, PolynomialGcd.gcd(f, g), label + " auto");
            assertEquals(expected, SubresultantPrs.gcd(f, g), label + " prs");
        }
    }

    @Test
    void largerPlantedFactors() {
        Random rnd = new Random(SEED + 12);
        for (int it = 0; it < 4 * MULTIPLIER; it++) {
            int d = 10 + rnd.nextInt(20);
            int bits = it % 2 == 0 ? 64 : 150;
            ZZPoly c = GcdOracles.random(rnd, d, bits);
            ZZPoly f = GcdOracles.random(rnd, d, bits).multiply(c);
            ZZPoly g = GcdOracles.random(rnd, d + 3, bits).multiply(c);
            String label = where("it=" + it + " d=" + d + " bits=" + bits);
            ZZPoly expected = GcdOracles.jasGcd(f, g);
            checkResult(f, g, expected, PolynomialGcd.gcd(f, g, CRT2).value(), label + " crt");
            checkResult(f, g, expected, PolynomialGcd.gcd(f, g, BIG).value(), label + " bigprime");
            checkResult(f, g, expected, PolynomialGcd.gcdModular(f, g, CRT2, PolynomialGcd.Proof.TRIAL_DIVISION)
                    .value(), label + " crt/trial");
            ModularResult<GcdResult> pr = PolynomialGcd.gcd(f, g,
                    CRT2.withCertification(Certification.PROBABILISTIC).withExtraPrimes(1));
            assertEquals(expected, pr.value().gcd(), label + " probabilistic");
            assertEquals(Certification.PROVEN, pr.report().certification(), label + " (gcd is always proven)");
        }
    }

    @Test
    void conventionsAndEdges() {
        ZZPoly f = ZZPoly.parse("-6*x^2 + 4");
        GcdResult zero = PolynomialGcd.gcd(ZZPoly.ZERO, ZZPoly.ZERO, CRT1).value();
        checkResult(ZZPoly.ZERO, ZZPoly.ZERO, ZZPoly.ZERO, zero, "0,0");
        checkResult(f, ZZPoly.ZERO, ZZPoly.parse("6*x^2 - 4"), PolynomialGcd.gcd(f, ZZPoly.ZERO, CRT1).value(), "f,0");
        assertEquals(ZZPoly.parse("-1"), PolynomialGcd.gcd(f, ZZPoly.ZERO, CRT1).value().cofactorF());
        checkResult(ZZPoly.ZERO, f, ZZPoly.parse("6*x^2 - 4"), PolynomialGcd.gcd(ZZPoly.ZERO, f, BIG).value(), "0,f");
        checkResult(f, ZZPoly.parse("-4"), ZZPoly.parse("2"), PolynomialGcd.gcd(f, ZZPoly.parse("-4"), CRT1).value(),
                "f,c");
        checkResult(ZZPoly.parse("-12"), ZZPoly.parse("18"), ZZPoly.parse("6"),
                PolynomialGcd.gcd(ZZPoly.parse("-12"), ZZPoly.parse("18"), BIG).value(), "c,c");
        // negative leading coefficients, content, degree 1
        ZZPoly a = ZZPoly.parse("-4*x - 6");
        ZZPoly b = ZZPoly.parse("-10*x^2 - 15*x");
        checkResult(a, b, ZZPoly.parse("2*x + 3"), PolynomialGcd.gcd(a, b, CRT1).value(), "neg");
        checkResult(a, a, ZZPoly.parse("4*x + 6"), PolynomialGcd.gcd(a, a, BIG).value(), "same");
        assertThrows(IllegalArgumentException.class, () -> PolynomialGcd.gcd(null, f));
        assertThrows(IllegalArgumentException.class, () -> PolynomialGcd.gcd(f, null, CRT1));
        assertThrows(IllegalArgumentException.class, () -> PolynomialGcd.gcd(f, f, null));
    }

    /** The first primes of the CRT route's stream (gcd(lc f, lc g) = 1 there, nothing skipped). */
    private static long[] firstPrimes(int n) {
        return PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(n);
    }

    @Test
    void unluckyPrimesAreDetectedCountedAndSkipped() {
        long[] q = firstPrimes(5);
        assertEquals(NttPrimes.largestBelow(PolyGcdDouble.PRIME_BOUND, 0), q[0]);
        // a = x + 1 and b = x + 1 + q0 q1 q2 are coprime over Z, Res(a, b) = q0 q1 q2: modulo each
        // of the stream's first three primes they share the factor x + 1.
        BigInteger prod = BigInteger.valueOf(q[0]).multiply(BigInteger.valueOf(q[1])).multiply(BigInteger.valueOf(q[2]));
        ZZPoly c = ZZPoly.parse("3*x^3 - 7*x + 11");
        ZZPoly a = ZZPoly.parse("x + 1");
        ZZPoly b = ZZPoly.of(prod.add(BigInteger.ONE), BigInteger.ONE);
        ZZPoly f = c.multiply(a);
        ZZPoly g = c.multiply(b);
        for (Options o : new Options[] {CRT1, CRT2}) {
            ModularResult<GcdResult> r = PolynomialGcd.gcd(f, g, o);
            checkResult(f, g, c, r.value(), "unlucky first three, threads=" + o.threads());
            assertEquals(List.of(BigInteger.valueOf(q[0]), BigInteger.valueOf(q[1]), BigInteger.valueOf(q[2])),
                    r.report().unluckyPrimes(), r.report().toString());
            assertTrue(r.report().primesUsed() >= 4, r.report().toString());
        }
        ModularResult<GcdResult> trial = PolynomialGcd.gcdModular(f, g, CRT1, PolynomialGcd.Proof.TRIAL_DIVISION);
        checkResult(f, g, c, trial.value(), "unlucky, trial division");
        assertEquals(3, trial.report().unluckyCount());
        // An unlucky prime after a good one: its image has the larger degree and is discarded.
        ZZPoly g2 = c.multiply(ZZPoly.of(BigInteger.valueOf(q[1]).add(BigInteger.ONE), BigInteger.ONE));
        ModularResult<GcdResult> r2 = PolynomialGcd.gcd(f, g2, CRT1);
        checkResult(f, g2, c, r2.value(), "unlucky second");
        assertEquals(List.of(BigInteger.valueOf(q[1])), r2.report().unluckyPrimes(), r2.report().toString());
        // The big-prime route meets none of them: one big prime, no retry.
        ModularResult<GcdResult> big = PolynomialGcd.gcd(f, g, BIG);
        checkResult(f, g, c, big.value(), "bigprime");
        assertEquals(0, big.report().unluckyCount(), big.report().toString());
        assertEquals(1, big.report().primesUsed(), big.report().toString());
    }

    @Test
    void primesDividingTheLeadingCoefficientGcdAreSkipped() {
        long q0 = firstPrimes(1)[0];
        ZZPoly c = ZZPoly.of(BigInteger.ONE, BigInteger.valueOf(q0)); // q0 x + 1
        ZZPoly f = c.multiply(ZZPoly.parse("x^2 + 5"));
        ZZPoly g = c.multiply(ZZPoly.parse("2*x - 9"));
        ModularResult<GcdResult> r = PolynomialGcd.gcd(f, g, CRT1);
        checkResult(f, g, c, r.value(), "q0 | gamma");
        assertEquals(0, r.report().unluckyCount());
        assertTrue(r.report().toString().contains(Long.toString(q0)), r.report().toString());
    }

    @Test
    void listenerAndCancellation() {
        Random rnd = new Random(SEED + 13);
        ZZPoly c = GcdOracles.random(rnd, 10, 300);
        ZZPoly f = GcdOracles.random(rnd, 10, 300).multiply(c);
        ZZPoly g = GcdOracles.random(rnd, 12, 300).multiply(c);
        AtomicInteger calls = new AtomicInteger();
        PolynomialGcd.gcd(f, g, CRT2.withListener((phase, done, needed) -> calls.incrementAndGet()));
        assertTrue(calls.get() > 0);
        assertThrows(CancelledException.class,
                () -> PolynomialGcd.gcd(f, g, CRT2.withCancellation(() -> true)));
        assertThrows(CancelledException.class,
                () -> PolynomialGcd.gcd(f, g, BIG.withCancellation(() -> true)));
    }
}
