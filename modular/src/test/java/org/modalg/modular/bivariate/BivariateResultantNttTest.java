package org.modalg.modular.bivariate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.fft.ntt.NttPlan;
import org.modalg.fields.ZpField;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateResultant.Layout;
import org.modalg.modular.bivariate.BivariateResultant.Points;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The NTT route of {@link BivariateResultant} (cosets of roots of unity, forward NTTs for the
 * evaluations, inverse NTTs for the interpolation) against the consecutive-point route and the
 * Sylvester determinant over Z[y] ({@link BivariateResultantTest#sylvesterOracle}) on random
 * inputs every run (seed printed; {@code -Dmodalg.test.seed} replays), with leading coefficients
 * vanishing at roots of unity of the layout, common factors, point counts a power of two and one
 * above, and constants; {@link BivariateKernels#interpolateCosets} against Horner evaluation.
 */
class BivariateResultantNttTest {
    static final long SEED = BivariateResultantTest.SEED;
    private static final Options ONE = Options.defaults().withThreads(1);
    private static final Options TWO = Options.defaults().withThreads(2);

    @BeforeAll
    static void printSeed() {
        System.out.println("BivariateResultantNttTest seed=" + SEED + " (-Dmodalg.test.seed to replay)");
    }

    private static String where(String label) {
        return BivariateResultantTest.where(label);
    }

    /** Both routes and the oracle; the NTT route's report names its cosets. */
    private static ZZPoly check(ZZBivariate f, ZZBivariate g, Options o, String label) {
        ModularResult<ZZPoly> ntt = BivariateResultant.resultant(f, g, o, Points.ROOTS_OF_UNITY);
        ZZPoly old = BivariateResultant.resultant(f, g, o, Points.CONSECUTIVE).value();
        assertEquals(BivariateResultantTest.sylvesterOracle(f, g), ntt.value(), label + " " + ntt.report());
        assertEquals(old, ntt.value(), label);
        assertEquals(ntt.value(), BivariateResultant.resultant(f, g, o).value(), label + " auto");
        return ntt.value();
    }

    private static Layout layoutOf(ZZBivariate f, ZZBivariate g) {
        int d = (int) BivariateResultant.degreeBound(f, g);
        BigInteger twice = BigInteger.ONE.shiftLeft((int) BivariateResultant.coefficientBoundBits(f, g) + 1);
        return BivariateResultant.layout(d + 1, twice);
    }

    @Test
    void randomAgainstConsecutivePointsAndSylvester() {
        Random rnd = new Random(SEED + 101);
        for (int it = 0; it < 30; it++) {
            int bits = 1 + rnd.nextInt(it % 5 == 0 ? 120 : 16);
            ZZBivariate f = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(5), rnd.nextInt(5), bits);
            ZZBivariate g = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(5), rnd.nextInt(5), 1 + rnd.nextInt(20));
            check(f, g, it % 2 == 0 ? ONE : TWO, where("it=" + it + " f=" + f + " g=" + g));
        }
    }

    @Test
    void layoutCoversThePointsWithPrimesOneModuloItsOrder() {
        for (int points : new int[] {1, 2, 5, 8, 9, 17, 64, 65, 1000, 6401, 10001, 40001}) {
            for (int bits : new int[] {10, 2000, 20000}) {
                BigInteger twice = BigInteger.ONE.shiftLeft(bits);
                Layout l = BivariateResultant.layout(points, twice);
                assertNotNull(l, points + " points, " + bits + " bits");
                assertTrue(l.points() >= points && l.cosets() <= BivariateResultant.MAX_COSETS, l.toString());
                // no layout with fewer points: r 2^k >= points for r <= MAX_COSETS
                for (int k = 1; k <= 24; k++) {
                    long r = ((long) points + (1L << k) - 1) >> k;
                    if (r <= BivariateResultant.MAX_COSETS && (r << k) < l.points()) {
                        // only allowed when primes 1 modulo 2^k below 2^26 do not cover the bound
                        assertTrue(k > l.log2m(), points + " points, " + bits + " bits: 2^" + k + " x " + r);
                    }
                }
                BigInteger prod = BigInteger.ONE;
                Set<Long> seen = new HashSet<>();
                for (long p : l.primes()) {
                    assertEquals(0, (p - 1) & ((1L << l.log2m()) - 1), "p = " + p);
                    assertTrue(p < (1L << 26) && seen.add(p) && (p - 1) >> l.log2m() >= l.cosets(), "p = " + p);
                    prod = prod.multiply(BigInteger.valueOf(p));
                }
                assertTrue(prod.compareTo(twice) > 0, points + " points, " + bits + " bits");
            }
        }
    }

    @Test
    void leadingCoefficientsVanishingAtRootsOfUnity() {
        Random rnd = new Random(SEED + 102);
        for (int it = 0; it < 12; it++) {
            // lc_x f = (y^h - 1)(y^h - 2^h) h * unit: zero at the h-th roots of unity and at 2 times them
            int h = 1 << rnd.nextInt(3);
            ZZPoly roots = ZZPoly.parse("x^" + h + " - 1").multiply(ZZPoly.parse("x^" + h + " - " + (1L << h)));
            ZZBivariate f = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(4), rnd.nextInt(4), 12);
            ZZBivariate g = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(4), rnd.nextInt(4), 12);
            f = withLeading(f, roots.multiply(BigInteger.valueOf(1 + rnd.nextInt(5))));
            if (it % 3 == 0) { // both drop at the same points
                g = withLeading(g, roots);
            }
            String label = where("it=" + it + " h=" + h + " f=" + f + " g=" + g);
            Layout l = layoutOf(f, g);
            long p = l.primes()[0];
            // the planted drops are at points of the layout: some c_t w^i is a root of lc_x f mod p
            long[] shifts = BivariateKernels.cosetShifts(p, l.log2m(), l.cosets());
            long w = NttPlan.of(p, l.log2m()).root();
            ZpField field = ZpField.of(p);
            int drops = 0;
            for (int t = 0; t < l.cosets(); t++) {
                long pt = shifts[t];
                for (int i = 0; i < 1 << l.log2m(); i++) {
                    if (f.leadingCoefficientInX().evaluate(BigInteger.valueOf(pt)).mod(BigInteger.valueOf(p))
                            .signum() == 0) {
                        drops++;
                    }
                    pt = field.mul(pt, w);
                }
            }
            assertTrue(drops > 0, label + " " + l);
            check(f, g, TWO, label);
        }
    }

    private static ZZBivariate withLeading(ZZBivariate f, ZZPoly lc) {
        ZZBivariate x = ZZBivariate.monomial(BigInteger.ONE, f.degreeX(), 0);
        return f.sub(x.multiply(ZZBivariate.fromY(f.leadingCoefficientInX()))).add(x.multiply(ZZBivariate.fromY(lc)));
    }

    @Test
    void commonFactorsGiveZero() {
        Random rnd = new Random(SEED + 103);
        for (int it = 0; it < 6; it++) {
            ZZBivariate c = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(2), rnd.nextInt(3), 8);
            ZZBivariate f = BivariateResultantTest.random(rnd, rnd.nextInt(3), rnd.nextInt(3), 8).multiply(c);
            ZZBivariate g = BivariateResultantTest.random(rnd, rnd.nextInt(3), rnd.nextInt(3), 8).multiply(c);
            assertEquals(ZZPoly.ZERO, check(f, g, TWO, where("it=" + it + " f=" + f + " g=" + g)));
        }
    }

    @Test
    void pointCountsAPowerOfTwoAndOneAbove() {
        Random rnd = new Random(SEED + 104);
        // f, g linear in x with y-degrees a, b: D = a + b, D + 1 points
        for (int points : new int[] {2, 3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65}) {
            int a = rnd.nextInt(points);
            int b = points - 1 - a;
            ZZBivariate f = ZZBivariate.ofCoefficientsInX(randomY(rnd, a), randomY(rnd, a));
            ZZBivariate g = ZZBivariate.ofCoefficientsInX(randomY(rnd, b), randomY(rnd, b));
            assertEquals(points - 1, BivariateResultant.degreeBound(f, g));
            Layout l = layoutOf(f, g);
            if (Integer.bitCount(points) == 1) {
                assertEquals(points, l.points(), l.toString());
                assertEquals(1, l.cosets(), l.toString());
            }
            check(f, g, ONE, where(points + " points " + l + " f=" + f + " g=" + g));
        }
        // one coset of exactly 2^k points at a larger size (the plain inverse NTT)
        ZZBivariate f = ZZBivariate.ofCoefficientsInX(randomY(rnd, 128), randomY(rnd, 100));
        ZZBivariate g = ZZBivariate.ofCoefficientsInX(randomY(rnd, 127), randomY(rnd, 127));
        assertEquals(255, BivariateResultant.degreeBound(f, g));
        check(f, g, TWO, where("256 points f=" + f + " g=" + g));
    }

    /** Degree exactly deg (non-zero top coefficient), 20-bit signed coefficients. */
    private static ZZPoly randomY(Random rnd, int deg) {
        BigInteger[] c = new BigInteger[deg + 1];
        for (int i = 0; i <= deg; i++) {
            c[i] = BigInteger.valueOf(rnd.nextInt(1 << 20) - (1 << 19));
        }
        if (c[deg].signum() == 0) {
            c[deg] = BigInteger.ONE;
        }
        return ZZPoly.of(c);
    }

    @Test
    void constantsInY() {
        Random rnd = new Random(SEED + 105);
        for (int it = 0; it < 4; it++) {
            // coefficients constant in y: D = 0, one value
            ZZBivariate f = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(4), 0, 30);
            ZZBivariate g = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(4), 0, 30);
            check(f, g, ONE, where("it=" + it + " f=" + f + " g=" + g));
        }
        ZZBivariate c = ZZBivariate.parse("7");
        ZZBivariate f = ZZBivariate.parse("x^2*y + 3*x - y^2");
        assertEquals(ZZPoly.parse("49"), BivariateResultant.resultant(c, f, ONE, Points.ROOTS_OF_UNITY).value());
        assertEquals(ZZPoly.ONE, BivariateResultant.resultant(c, c, ONE, Points.ROOTS_OF_UNITY).value());
        assertEquals(ZZPoly.ZERO, BivariateResultant.resultant(ZZBivariate.ZERO, f, ONE, Points.ROOTS_OF_UNITY).value());
    }

    @Test
    void pointsProperty() {
        String old = System.getProperty(BivariateResultant.POINTS_PROPERTY);
        ZZBivariate f = ZZBivariate.parse("x^2*y + 3*x - y^2");
        ZZBivariate g = ZZBivariate.parse("x*y^3 - 7*x + y + 2");
        ZZPoly want = BivariateResultantTest.sylvesterOracle(f, g);
        try {
            for (String v : new String[] {"auto", "consecutive", "roots", " Roots "}) {
                System.setProperty(BivariateResultant.POINTS_PROPERTY, v);
                ModularResult<ZZPoly> r = BivariateResultant.resultant(f, g, ONE);
                assertEquals(want, r.value(), v);
                assertEquals(!v.equals("consecutive"), r.report().toString().contains("roots of unity"), v + " "
                        + r.report());
            }
            System.setProperty(BivariateResultant.POINTS_PROPERTY, "newton");
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> BivariateResultant.resultant(f, g, ONE));
            assertTrue(e.getMessage().startsWith(BivariateResultant.POINTS_PROPERTY), e.getMessage());
        } finally {
            if (old == null) {
                System.clearProperty(BivariateResultant.POINTS_PROPERTY);
            } else {
                System.setProperty(BivariateResultant.POINTS_PROPERTY, old);
            }
        }
    }

    @Test
    void interpolateCosetsAgainstHorner() {
        Random rnd = new Random(SEED + 106);
        for (int it = 0; it < 40; it++) {
            int log2m = 1 + rnd.nextInt(6);
            int m = 1 << log2m;
            int r = 1 + rnd.nextInt(BivariateResultant.MAX_COSETS);
            long[] some = org.modalg.modular.PrimeStream.ntt(1L << 26, log2m).next(1 + rnd.nextInt(5));
            long p = some[some.length - 1];
            int d = Math.max(0, r * m - 1 - rnd.nextInt(m));
            long[] poly = new long[d + 1];
            for (int i = 0; i <= d; i++) {
                poly[i] = Math.floorMod(rnd.nextLong(), p);
            }
            long[] shifts = BivariateKernels.cosetShifts(p, log2m, r);
            ZpField field = ZpField.of(p);
            Set<Long> powers = new HashSet<>();
            for (long c : shifts) {
                assertTrue(powers.add(field.pow(c, m)), "distinct cosets " + java.util.Arrays.toString(shifts));
            }
            long w = NttPlan.of(p, log2m).root();
            long[] values = new long[r * m];
            for (int t = 0; t < r; t++) {
                long pt = shifts[t];
                for (int i = 0; i < m; i++) {
                    long v = 0;
                    for (int k = d; k >= 0; k--) {
                        v = field.add(field.mul(v, pt), poly[k]);
                    }
                    values[t * m + i] = v;
                    pt = field.mul(pt, w);
                }
            }
            long[] got = BivariateKernels.interpolateCosets(values, 0, p, log2m, shifts, 0, r, d);
            assertArrayEquals(poly, got, where("it=" + it + " p=" + p + " M=" + m + " r=" + r + " d=" + d));
        }
    }
}
