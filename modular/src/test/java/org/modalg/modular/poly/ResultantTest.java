package org.modalg.modular.poly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.modular.GcdOracles.MULTIPLIER;
import static org.modalg.modular.GcdOracles.SEED;
import static org.modalg.modular.GcdOracles.where;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.ZpField;
import org.modalg.modular.GcdOracles;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@link Resultant} (both routes) against the Bareiss determinant of the Sylvester matrix, the
 * subresultant PRS and JAS (up to sign: JAS does not track it).
 */
class ResultantTest {
    private static final Options CRT1 = Options.defaults().withRoute(Route.CRT).withThreads(1);
    private static final Options CRT2 = Options.defaults().withRoute(Route.CRT).withThreads(2);
    private static final Options BIG = Options.defaults().withRoute(Route.BIG_PRIME).withThreads(2);

    @Test
    void randomAgainstSylvesterDeterminant() {
        Random rnd = new Random(SEED + 21);
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            int bits = 1 + rnd.nextInt(it % 4 == 0 ? 150 : 30);
            SubresultantPrsTest.InputPair in = SubresultantPrsTest.InputPair.random(rnd, bits);
            ZZPoly f = in.f();
            ZZPoly g = in.g();
            String label = where("it=" + it + " f=" + f + " g=" + g);
            BigInteger expected = f.isZero() || g.isZero() ? BigInteger.ZERO : GcdOracles.sylvesterResultant(f, g);
            assertEquals(expected, Resultant.resultant(f, g, CRT1).value(), label + " crt/1");
            assertEquals(expected, Resultant.resultant(f, g, CRT2).value(), label + " crt/2");
            assertEquals(expected, Resultant.resultant(f, g, BIG).value(), label + " bigprime");
            assertEquals(expected, Resultant.resultant(f, g), label + " auto");
            assertEquals(expected, SubresultantPrs.resultant(f, g), label + " prs");
            if (f.degree() > 0 && g.degree() > 0 && bits <= 40) { // see GcdOracles.jasResultant
                assertEquals(GcdOracles.jasResultant(f, g).abs(), expected.abs(), label + " jas");
            }
        }
    }

    @Test
    void largerInputsAndPrimesDividingLeadingCoefficients() {
        Random rnd = new Random(SEED + 22);
        long[] q = PrimeStream.below(ZpField.MAX_MODULUS_EXCLUSIVE).next(3);
        for (int it = 0; it < 3 * MULTIPLIER; it++) {
            ZZPoly f = GcdOracles.random(rnd, 15 + rnd.nextInt(10), 64);
            ZZPoly g = GcdOracles.random(rnd, 10 + rnd.nextInt(10), 64);
            // leading coefficients divisible by the stream's first primes: degree drops modulo them
            f = f.add(ZZPoly.monomial(BigInteger.valueOf(q[0]).multiply(BigInteger.valueOf(q[1]))
                    .subtract(f.leadingCoefficient()), f.degree()));
            if (it % 2 == 0) {
                g = g.add(ZZPoly.monomial(BigInteger.valueOf(q[0]).subtract(g.leadingCoefficient()), g.degree()));
            }
            String label = where("it=" + it + " f=" + f + " g=" + g);
            BigInteger expected = GcdOracles.sylvesterResultant(f, g);
            assertEquals(expected, Resultant.resultant(f, g, CRT2).value(), label + " crt");
            assertEquals(expected, Resultant.resultant(f, g, BIG).value(), label + " bigprime");
            assertEquals(expected, SubresultantPrs.resultant(f, g), label + " prs");
            ModularResult<BigInteger> pr = Resultant.resultant(f, g,
                    CRT2.withCertification(Certification.PROBABILISTIC).withExtraPrimes(2));
            assertEquals(expected, pr.value(), label + " probabilistic");
        }
    }

    @Test
    void conventions() {
        ZZPoly f = ZZPoly.parse("-6*x^2 + 4");
        assertEquals(BigInteger.ZERO, Resultant.resultant(ZZPoly.ZERO, ZZPoly.ZERO));
        assertEquals(BigInteger.ZERO, Resultant.resultant(ZZPoly.ZERO, ZZPoly.parse("3")));
        assertEquals(BigInteger.ZERO, Resultant.resultant(f, ZZPoly.ZERO));
        assertEquals(BigInteger.ONE, Resultant.resultant(ZZPoly.parse("3"), ZZPoly.parse("-5")));
        assertEquals(BigInteger.valueOf(9), Resultant.resultant(ZZPoly.parse("3"), f));
        assertEquals(BigInteger.valueOf(9), Resultant.resultant(f, ZZPoly.parse("-3")));
        // Res(x - a, x - b) = a - b... with the sign (-1)^(1*1) swap rule
        ZZPoly a = ZZPoly.parse("x - 2");
        ZZPoly b = ZZPoly.parse("x - 7");
        assertEquals(BigInteger.valueOf(-5), Resultant.resultant(a, b, BIG).value());
        assertEquals(BigInteger.valueOf(5), Resultant.resultant(b, a, CRT1).value());
        assertThrows(IllegalArgumentException.class, () -> Resultant.resultant(null, f));
        assertThrows(IllegalArgumentException.class, () -> Resultant.resultant(f, f, null));
    }

    @Test
    void listenerCancellationAndReport() {
        Random rnd = new Random(SEED + 23);
        ZZPoly f = GcdOracles.random(rnd, 30, 64);
        ZZPoly g = GcdOracles.random(rnd, 30, 64);
        AtomicInteger last = new AtomicInteger();
        ModularResult<BigInteger> r = Resultant.resultant(f, g,
                CRT2.withListener((phase, done, needed) -> last.set(done)));
        assertTrue(r.report().primesUsed() > 30, r.report().toString());
        assertEquals(r.report().primesUsed(), last.get());
        assertEquals(0, r.report().unluckyCount());
        assertThrows(CancelledException.class,
                () -> Resultant.resultant(f, g, CRT2.withCancellation(() -> true)));
        assertThrows(CancelledException.class,
                () -> Resultant.resultant(f, g, BIG.withCancellation(() -> true)));
    }
}
