package org.modalg.modular.poly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.modular.GcdOracles.SEED;
import static org.modalg.modular.GcdOracles.where;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.GfPreset;
import org.modalg.modular.GcdOracles;
import org.modalg.modular.GfPrimes;
import org.modalg.modular.ModularResult;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The big-prime routes beyond what all generalized Fermat presets together cover (about 30,600
 * bits): word-size primes make up the rest ({@link GfPrimes#coverOrAll}), for the gcd and the
 * resultant as for the determinant; each result against the CRT route (and the subresultant
 * PRS).
 */
class BigPrimeTopUpTest {
    private static final Options CRT = Options.defaults().withRoute(Route.CRT).withThreads(2);
    private static final Options BIG = Options.defaults().withRoute(Route.BIG_PRIME).withThreads(2);

    @Test
    void coverOrAllTakesEveryPresetBeyondTheirProduct() {
        BigInteger all = GfPrimes.productOfAll();
        assertTrue(all.bitLength() > 30_000 && all.bitLength() < 31_000, "" + all.bitLength());
        assertEquals(GfPrimes.coverFor(all.subtract(BigInteger.ONE)), GfPrimes.coverOrAll(all.subtract(BigInteger.ONE)));
        List<GfPreset> every = GfPrimes.coverOrAll(all);
        assertEquals(GfPreset.values().length, every.size());
        for (int i = 1; i < every.size(); i++) {
            assertTrue(GfPrimes.modulus(every.get(i - 1)).compareTo(GfPrimes.modulus(every.get(i))) > 0, "largest first");
        }
        assertEquals(every, GfPrimes.coverOrAll(all.shiftLeft(100_000)));
        assertTrue(GfPrimes.describe(every).contains(" x "));
    }

    @Test
    void gcdWith16000BitCoefficients() {
        Random rnd = new Random(SEED + 201);
        for (int it = 0; it < 1; it++) {
            ZZPoly c = GcdOracles.random(rnd, 2 + it, 16_000);
            ZZPoly f = GcdOracles.random(rnd, 2, 30).multiply(c);
            ZZPoly g = GcdOracles.random(rnd, 3, 30).multiply(c);
            String label = where("it=" + it);
            ModularResult<GcdResult> big = PolynomialGcd.gcd(f, g, BIG);
            GcdResult crt = PolynomialGcd.gcd(f, g, CRT).value();
            assertEquals(crt.gcd(), big.value().gcd(), label + "\n" + big.report());
            assertEquals(crt.cofactorF(), big.value().cofactorF(), label);
            assertEquals(crt.cofactorG(), big.value().cofactorG(), label);
            assertEquals(f, big.value().gcd().multiply(big.value().cofactorF()), label);
            assertEquals(Certification.PROVEN, big.report().certification());
            assertTrue(big.report().field().contains("word-size primes"), big.report().toString());
            assertEquals(Route.BIG_PRIME, big.report().route());
        }
    }

    @Test
    void resultantBeyondThePresets() {
        Random rnd = new Random(SEED + 202);
        // degree 25, 640-bit coefficients: a bound of about 32,100 bits (the presets give 30,579)
        ZZPoly f = GcdOracles.random(rnd, 25, 640);
        ZZPoly g = GcdOracles.random(rnd, 25, 640);
        ModularResult<BigInteger> big = Resultant.resultant(f, g, BIG);
        BigInteger crt = Resultant.resultant(f, g, CRT).value();
        assertEquals(crt, big.value(), where("\n" + big.report()));
        assertEquals(SubresultantPrs.resultant(f, g), crt);
        assertEquals(Certification.PROVEN, big.report().certification());
        assertTrue(big.report().notes().stream().anyMatch(n -> n.contains("word-size primes")), big.report().toString());
        assertTrue(big.report().primesUsed() > GfPreset.values().length, big.report().toString());
        // below the limit nothing changes: presets only
        ZZPoly f2 = GcdOracles.random(rnd, 20, 64);
        ZZPoly g2 = GcdOracles.random(rnd, 15, 64);
        ModularResult<BigInteger> small = Resultant.resultant(f2, g2, BIG);
        assertEquals(Resultant.resultant(f2, g2, CRT).value(), small.value());
        assertTrue(small.report().notes().stream().noneMatch(n -> n.contains("word-size primes")));
    }
}
