package org.modalg.modular.bivariate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * {@link BivariateSubresultants} against the determinants det(M_{j,i}) over Z[y] by Bareiss
 * (the definition, computed in the test), S_0 against {@link BivariateResultant}, and the gcd
 * property: S_j = 0 below the x-degree of the gcd and the first non-zero one is a multiple of it.
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

    @Test
    void randomAgainstTheDefinition() {
        Random rnd = new Random(SEED + 21);
        for (int it = 0; it < 25 * MULTIPLIER; it++) {
            ZZBivariate f = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(5), rnd.nextInt(4), 1 + rnd.nextInt(30));
            ZZBivariate g = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(5), rnd.nextInt(4), 1 + rnd.nextInt(30));
            if (it % 3 == 0) { // leading coefficients vanishing at some evaluation points
                f = f.add(ZZBivariate.monomial(BigInteger.ONE, f.degreeX(), 0).multiply(ZZBivariate.parse("y^2 - 3*y")))
                        .sub(ZZBivariate.monomial(BigInteger.ONE, f.degreeX(), 0).multiply(ZZBivariate.fromY(
                                f.leadingCoefficientInX())));
            }
            int j = rnd.nextInt(Math.min(f.degreeX(), g.degreeX()));
            String label = BivariateResultantTest.where("it=" + it + " j=" + j + " f=" + f + " g=" + g);
            ZZBivariate s = BivariateSubresultants.subresultant(f, g, j, Options.defaults().withThreads(1 + it % 2))
                    .value();
            assertEquals(oracle(f, g, j), s, label);
            if (j == 0) {
                assertEquals(ZZBivariate.fromY(BivariateResultant.resultant(f, g)), s, label + " S_0 = Res");
            }
        }
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
            List<ZZBivariate> chain = BivariateSubresultants.chain(f, g, Options.defaults());
            assertEquals(Math.min(f.degreeX(), g.degreeX()), chain.size(), label);
            int e = h.degreeX();
            for (int j = 0; j < chain.size(); j++) {
                if (j < e) {
                    assertTrue(chain.get(j).isZero(), label + " S_" + j + " = " + chain.get(j));
                } else if (j == e) {
                    assertTrue(!chain.get(j).isZero(), label + " S_" + j + " is the first non-zero one");
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
        assertEquals(List.of(), BivariateSubresultants.chain(f, ZZBivariate.ZERO, Options.defaults()));
        // S_1 of x^2*y + 3x - y^2 and x^3 - y by hand through the definition
        assertEquals(oracle(f, g, 1), BivariateSubresultants.subresultant(f, g, 1));
    }
}
