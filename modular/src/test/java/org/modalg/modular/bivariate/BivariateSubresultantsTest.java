package org.modalg.modular.bivariate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateResultant.Points;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * {@link BivariateSubresultants}, both routes, against the determinants det(M_{j,i}) over Z[y] by
 * Bareiss (the definition, computed in the test) on random inputs every run (leading coefficients
 * vanishing at evaluation points, integer contents); the Euclid route's chain against the
 * determinantal route's, on roots of unity and on consecutive points; the principal coefficients
 * against the chain; S_0 against {@link BivariateResultant}; the gcd property (S_j = 0 below the
 * x-degree k of the gcd, S_k a non-zero multiple of it); the degree and coefficient bounds
 * against the computed subresultants and the resultant's bounds at j = 0.
 */
class BivariateSubresultantsTest {
    static final long SEED = BivariateResultantTest.SEED;
    static final int MULTIPLIER = BivariateResultantTest.MULTIPLIER;

    /** S_j by the definition: det(M_{j,i}) over Z[y] for every i by Bareiss. */
    static ZZBivariate oracle(ZZBivariate f, ZZBivariate g, int j) {
        int n = f.degreeX();
        int m = g.degreeX();
        int rows = n + m - 2 * j;
        int cols = n + m - j;
        ZZPoly[][] mat = new ZZPoly[rows][cols];
        for (int r = 0; r < rows; r++) {
            boolean isF = r < m - j;
            int shift = isF ? m - j - 1 - r : n - j - 1 - (r - (m - j));
            ZZBivariate h = isF ? f : g;
            for (int c = 0; c < cols; c++) {
                int e = cols - 1 - c - shift;
                mat[r][c] = e >= 0 ? h.coefficientInX(e) : ZZPoly.ZERO;
            }
        }
        ZZPoly[] s = new ZZPoly[j + 1];
        for (int i = 0; i <= j; i++) {
            ZZPoly[][] sq = new ZZPoly[rows][rows];
            for (int r = 0; r < rows; r++) {
                System.arraycopy(mat[r], 0, sq[r], 0, rows - 1);
                sq[r][rows - 1] = mat[r][cols - 1 - i];
            }
            s[i] = BivariateResultantTest.bareiss(sq);
        }
        return ZZBivariate.ofCoefficientsInX(s);
    }

    @BeforeAll
    static void printSeed() {
        System.out.println("BivariateSubresultantsTest seed=" + SEED + " (-Dmodalg.test.seed to replay)");
    }

    /** lc_x f replaced by lead (a polynomial in y). */
    static ZZBivariate withLeading(ZZBivariate f, ZZPoly lead) {
        ZZBivariate top = ZZBivariate.monomial(BigInteger.ONE, f.degreeX(), 0);
        return f.sub(top.multiply(ZZBivariate.fromY(f.leadingCoefficientInX()))).add(top.multiply(
                ZZBivariate.fromY(lead)));
    }

    /** Random small inputs: leading coefficients vanishing at y = 1 (a point of every coset layout) or 0..3, contents. */
    static ZZBivariate[] randomPair(Random rnd, int it) {
        ZZBivariate f = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(5), rnd.nextInt(4), 1 + rnd.nextInt(30));
        ZZBivariate g = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(5), rnd.nextInt(4), 1 + rnd.nextInt(30));
        switch (it % 4) {
            case 0: // lc_x f vanishes at y = 0 and y = 3 (consecutive points) and lc_x g at y = 1 (every coset route)
                f = withLeading(f, ZZPoly.parse("x^2 - 3*x"));
                g = withLeading(g, ZZPoly.parse("2*x - 2"));
                break;
            case 1: // both vanish at y = 1
                f = withLeading(f, ZZPoly.parse("x - 1"));
                g = withLeading(g, ZZPoly.parse("x^2 - 1"));
                break;
            case 2: // integer contents
                f = f.multiply(BigInteger.valueOf(6));
                g = g.multiply(BigInteger.valueOf(-10));
                break;
            default:
                break;
        }
        return new ZZBivariate[] {f, g};
    }

    @Test
    void randomAgainstTheDefinition() {
        Random rnd = new Random(SEED + 21);
        for (int it = 0; it < 25 * MULTIPLIER; it++) {
            ZZBivariate[] in = randomPair(rnd, it);
            ZZBivariate f = in[0];
            ZZBivariate g = in[1];
            int j = rnd.nextInt(Math.min(f.degreeX(), g.degreeX()));
            String label = BivariateResultantTest.where("it=" + it + " j=" + j + " f=" + f + " g=" + g);
            Options o = Options.defaults().withThreads(1 + it % 2);
            ZZBivariate want = oracle(f, g, j);
            assertEquals(want, BivariateSubresultants.subresultant(f, g, j, o).value(), label + " Euclid, auto");
            assertEquals(want, BivariateSubresultants.subresultantEuclid(f, g, j, o, Points.CONSECUTIVE).value(),
                    label + " Euclid, consecutive points");
            assertEquals(want, BivariateSubresultants.subresultantDeterminantal(f, g, j, o).value(),
                    label + " determinantal");
            if (j == 0) {
                assertEquals(ZZBivariate.fromY(BivariateResultant.resultant(f, g)), want, label + " S_0 = Res");
            }
        }
    }

    @Test
    void chainAgainstTheDeterminantalRoute() {
        Random rnd = new Random(SEED + 23);
        for (int it = 0; it < 12 * MULTIPLIER; it++) {
            ZZBivariate[] in = randomPair(rnd, it);
            ZZBivariate f = in[0];
            ZZBivariate g = in[1];
            String label = BivariateResultantTest.where("it=" + it + " f=" + f + " g=" + g);
            Options o = Options.defaults().withThreads(1 + it % 3);
            List<ZZBivariate> want = BivariateSubresultants.chainDeterminantal(f, g, o);
            ModularResult<List<ZZBivariate>> roots = BivariateSubresultants.chainEuclid(f, g, o, Points.ROOTS_OF_UNITY);
            assertEquals(want, roots.value(), label + " roots of unity");
            assertTrue(roots.report().notes().stream().anyMatch(s -> s.contains("roots of unity")),
                    label + " " + roots.report());
            assertEquals(want, BivariateSubresultants.chainEuclid(f, g, o, Points.CONSECUTIVE).value(),
                    label + " consecutive points");
            List<ZZPoly> psc = BivariateSubresultants.principalCoefficients(f, g, o).value();
            assertEquals(want.size(), psc.size(), label);
            for (int j = 0; j < want.size(); j++) {
                assertEquals(want.get(j).coefficientInX(j), psc.get(j), label + " psc_" + j);
                ZZBivariate sj = want.get(j);
                long bound = BivariateSubresultants.degreeBound(f, g, j);
                assertTrue(sj.isZero() || sj.degreeY() <= bound, label + " deg_y S_" + j + " = " + sj.degreeY()
                        + " above " + bound);
                long bits = BivariateSubresultants.coefficientBoundBits(f, g, j);
                for (ZZPoly c : sj.coefficientsInX()) {
                    for (int e = 0; e <= c.degree(); e++) {
                        assertTrue(c.coefficient(e).bitLength() <= bits, label + " |coefficient| of S_" + j);
                    }
                }
            }
            assertEquals(BivariateResultant.degreeBound(f, g), BivariateSubresultants.degreeBound(f, g, 0), label);
            assertEquals(BivariateResultant.coefficientBoundBits(f, g),
                    BivariateSubresultants.coefficientBoundBits(f, g, 0), label);
        }
    }

    /** Dense inputs of total degree d: the total-degree bound (d - j)^2 + j, below the rows' bound 2 d (d - j). */
    @Test
    void denseDegreeBound() {
        Random rnd = new Random(SEED + 24);
        for (int d = 1; d <= 4; d++) {
            ZZBivariate f = BivariateGcdProfile.dense(rnd, d, 6); // every term x^a y^b, a + b <= d
            ZZBivariate g = BivariateGcdProfile.dense(rnd, d, 6);
            for (int j = 0; j < d; j++) {
                String label = BivariateResultantTest.where("d=" + d + " j=" + j + " f=" + f + " g=" + g);
                assertEquals((long) (d - j) * (d - j) + j, BivariateSubresultants.degreeBound(f, g, j), label);
                ZZBivariate sj = BivariateSubresultants.subresultant(f, g, j);
                assertEquals(oracle(f, g, j), sj, label);
            }
        }
    }

    /** The layout choice: the whole chain at d = 20 (210 series) on one coset, 1 or 20 series on the resultant's 13 cosets. */
    @Test
    void layoutByEstimatedWork() {
        java.math.BigInteger twiceBound = BigInteger.ONE.shiftLeft(860);
        BivariateResultant.Layout fewest = BivariateResultant.layout(401, twiceBound);
        BivariateResultant.Layout one = BivariateResultant.layout(401, twiceBound, 1);
        assertEquals(13, fewest.cosets());
        assertEquals(416, fewest.points());
        assertEquals(1, one.cosets());
        assertEquals(512, one.points());
        assertEquals(one, BivariateSubresultants.cheaper(fewest, one, 210, 400));
        assertEquals(fewest, BivariateSubresultants.cheaper(fewest, one, 1, 400));
        assertEquals(fewest, BivariateSubresultants.cheaper(fewest, one, 20, 400)); // the principal coefficients
        assertEquals(one, BivariateSubresultants.cheaper(null, one, 1, 400));
    }

    @Test
    void chainAndTheGcd() {
        Random rnd = new Random(SEED + 22);
        for (int it = 0; it < 6 * MULTIPLIER; it++) {
            ZZBivariate c = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(2), rnd.nextInt(3), 10);
            ZZBivariate f = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(3), rnd.nextInt(3), 10).multiply(c);
            ZZBivariate g = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(3), rnd.nextInt(3), 10).multiply(c);
            String label = BivariateResultantTest.where("it=" + it + " f=" + f + " g=" + g);
            ZZBivariate h = BivariateGcd.gcd(f, g);
            List<ZZBivariate> chain = BivariateSubresultants.chain(f, g);
            List<ZZPoly> psc = BivariateSubresultants.principalCoefficients(f, g);
            assertEquals(Math.min(f.degreeX(), g.degreeX()), chain.size(), label);
            assertEquals(ZZBivariate.fromY(BivariateResultant.resultant(f, g)), chain.get(0), label + " S_0 = Res");
            int e = h.degreeX();
            for (int j = 0; j < chain.size(); j++) {
                if (j < e) {
                    assertTrue(chain.get(j).isZero(), label + " S_" + j + " = " + chain.get(j));
                    assertTrue(psc.get(j).isZero(), label + " psc_" + j);
                } else if (j == e) {
                    assertTrue(!chain.get(j).isZero(), label + " S_" + j + " is the first non-zero one");
                    assertTrue(!psc.get(j).isZero(), label + " psc_" + j + " is the first non-zero one");
                    assertNotNull(BivariateGcd.tryDivide(chain.get(j), h), label + " the gcd divides S_" + j);
                }
            }
        }
    }

    @Test
    void badArguments() {
        ZZBivariate f = ZZBivariate.parse("x^2*y + 3*x - y^2");
        ZZBivariate g = ZZBivariate.parse("x^3 - y");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BivariateSubresultants.subresultant(f, g, 2));
        assertTrue(e.getMessage().contains("j must be in [0, min(deg_x f, deg_x g) - 1 = 1]"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> BivariateSubresultants.subresultant(f, g, -1));
        assertThrows(IllegalArgumentException.class, () -> BivariateSubresultants.subresultant(f, ZZBivariate.ONE, 0));
        assertThrows(IllegalArgumentException.class, () -> BivariateSubresultants.subresultant(null, g, 0));
        assertThrows(IllegalArgumentException.class,
                () -> BivariateSubresultants.subresultantDeterminantal(f, g, 2, Options.defaults()));
        assertThrows(IllegalArgumentException.class, () -> BivariateSubresultants.degreeBound(f, g, 2));
        assertThrows(IllegalArgumentException.class, () -> BivariateSubresultants.coefficientBoundBits(f, null, 0));
        assertThrows(IllegalArgumentException.class, () -> BivariateSubresultants.chain(f, g, null));
        assertEquals(List.of(), BivariateSubresultants.chain(f, ZZBivariate.ZERO));
        assertEquals(List.of(), BivariateSubresultants.principalCoefficients(ZZBivariate.parse("y^2 + 1"), g));
        assertEquals(List.of(), BivariateSubresultants.chainDeterminantal(f, ZZBivariate.ZERO, Options.defaults()));
        // S_1 of x^2*y + 3x - y^2 and x^3 - y through the definition
        assertEquals(oracle(f, g, 1), BivariateSubresultants.subresultant(f, g, 1));
    }
}
