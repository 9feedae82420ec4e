package org.modalg.modular.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.modular.GcdOracles.SEED;
import static org.modalg.modular.GcdOracles.where;

import java.math.BigInteger;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.Bareiss;
import org.modalg.modular.GcdOracles;
import org.modalg.modular.ModularResult;
import org.modalg.modular.mat.Determinant;
import org.modalg.modular.mat.LinearSolve;
import org.modalg.modular.mat.RationalVector;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The paths a device image engine takes ({@link ImageEngine#prefersWidePrimes}: primes up to
 * 2^62; {@link ImageEngine#preferredBatch}: whole plans per call; the determinant's plain strategy
 * up to {@link Determinant#DEVICE_DIVISOR_MIN_N}), run through {@link WidePrimesTestProvider}
 * (the CPU engine's images) and checked against the Bareiss determinant and the Sylvester
 * resultant on random inputs.
 */
class WidePrimesTest {
    private static final Options GPU = Options.defaults().withRoute(Route.CRT).withBackend(Backend.GPU).withThreads(2);

    private static <T> T withWideEngine(Supplier<T> call) {
        System.setProperty(WidePrimesTestProvider.PROPERTY, "true");
        try {
            return call.get();
        } finally {
            System.clearProperty(WidePrimesTestProvider.PROPERTY);
        }
    }

    @Test
    void determinantsByWidePrimesMatchBareiss() {
        Random rnd = new Random(SEED + 91);
        for (int it = 0; it < 12; it++) {
            int n = 1 + rnd.nextInt(it < 6 ? 8 : 40);
            int bits = 1 + rnd.nextInt(it % 3 == 0 ? 300 : 64);
            BigInteger[][] a = new BigInteger[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    a[i][j] = new BigInteger(bits, rnd).subtract(BigInteger.ONE.shiftLeft(bits - 1));
                }
            }
            if (it % 4 == 3 && n > 1) {
                a[n - 1] = a[0].clone(); // singular
            }
            String label = where("it=" + it + " n=" + n + " bits=" + bits);
            BigInteger expected = Bareiss.det(a);
            Options o = it % 2 == 0 ? GPU : GPU.withCertification(Certification.PROBABILISTIC);
            ModularResult<BigInteger> r = withWideEngine(() -> Determinant.det(a, o));
            assertEquals(expected, r.value(), label);
            assertTrue(r.report().notes().get(0).contains("wide-primes test engine")
                    || r.report().notes().toString().contains("wide-primes test engine"), label + " " + r.report());
            if (expected.signum() != 0 && it % 2 == 0) {
                assertTrue(r.report().field().contains("2^62"), label + " field " + r.report().field());
            }
        }
    }

    @Test
    void resultantsByWidePrimesMatchSylvester() {
        Random rnd = new Random(SEED + 92);
        for (int it = 0; it < 10; it++) {
            ZZPoly f = GcdOracles.random(rnd, 1 + rnd.nextInt(30), 1 + rnd.nextInt(200));
            ZZPoly g = GcdOracles.random(rnd, 1 + rnd.nextInt(30), 1 + rnd.nextInt(200));
            String label = where("it=" + it + " f=" + f + " g=" + g);
            BigInteger expected = GcdOracles.sylvesterResultant(f, g);
            ModularResult<BigInteger> r = withWideEngine(() -> Resultant.resultant(f, g, GPU));
            assertEquals(expected, r.value(), label);
            assertTrue(r.report().field().contains("2^62"), label + " field " + r.report().field());
        }
    }

    @Test
    void liftingStaysOnTheHostUnlessAsked() {
        Options o = GPU;
        ImageEngine lifting = withWideEngine(() -> ImageEngines.forLifting(o));
        assertTrue(lifting.name().startsWith("cpu"), lifting.name());
        System.setProperty(ImageEngines.LIFTING_PROPERTY, "device");
        try {
            ImageEngine device = withWideEngine(() -> ImageEngines.forLifting(o));
            assertTrue(device.prefersWidePrimes(), device.name());
        } finally {
            System.clearProperty(ImageEngines.LIFTING_PROPERTY);
        }
        // the divisor strategy and the rational solve under a device engine: lifting on the host
        Random rnd = new Random(SEED + 93);
        for (int it = 0; it < 3; it++) {
            int n = 20 + rnd.nextInt(20);
            BigInteger[][] a = new BigInteger[n][n];
            BigInteger[] b = new BigInteger[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    a[i][j] = BigInteger.valueOf(rnd.nextInt(2001) - 1000);
                }
                b[i] = BigInteger.valueOf(rnd.nextInt(2001) - 1000);
            }
            String label = where("it=" + it + " n=" + n);
            BigInteger expected = Bareiss.det(a);
            ModularResult<BigInteger> d = withWideEngine(() -> Determinant.det(a, o, Determinant.CrtStrategy.DIVISOR));
            assertEquals(expected, d.value(), label);
            if (expected.signum() != 0) {
                ModularResult<RationalVector> x = withWideEngine(() -> LinearSolve.solve(a, b, o));
                // A x = b exactly: A (num / den) = b, i.e. A num = den b
                BigInteger den = x.value().denominator();
                for (int i = 0; i < n; i++) {
                    BigInteger row = BigInteger.ZERO;
                    for (int j = 0; j < n; j++) {
                        row = row.add(a[i][j].multiply(x.value().numerator(j)));
                    }
                    assertEquals(den.multiply(b[i]), row, label + " row " + i);
                }
            }
        }
    }
}
