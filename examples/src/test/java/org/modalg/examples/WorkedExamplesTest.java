package org.modalg.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.modalg.fft.products.LimbProducts;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;

/** Each worked example run as it is shipped, its printed output and results checked independently. */
class WorkedExamplesTest {
    private static final class Capture {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

        String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    /**
     * Res_y(F, G) as the determinant of the Sylvester matrix over Z[x], by fraction-free
     * (Bareiss) elimination with exact polynomial divisions: no evaluation, no interpolation,
     * no modular arithmetic.
     */
    static ZZPoly sylvesterResultant(ZZBivariate bf, ZZBivariate bg) {
        List<ZZPoly> f = bf.coefficientsInY(); // coefficients of y^j, polynomials in x
        List<ZZPoly> g = bg.coefficientsInY();
        int m = f.size() - 1;
        int n = g.size() - 1;
        int size = m + n;
        ZZPoly[][] s = new ZZPoly[size][size];
        for (ZZPoly[] row : s) {
            java.util.Arrays.fill(row, ZZPoly.ZERO);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= m; j++) {
                s[i][i + j] = f.get(m - j);
            }
        }
        for (int i = 0; i < m; i++) {
            for (int j = 0; j <= n; j++) {
                s[n + i][i + j] = g.get(n - j);
            }
        }
        boolean negate = false;
        ZZPoly previous = ZZPoly.ONE;
        for (int k = 0; k < size - 1; k++) {
            if (s[k][k].isZero()) {
                int swap = k + 1;
                while (swap < size && s[swap][k].isZero()) {
                    swap++;
                }
                if (swap == size) {
                    return ZZPoly.ZERO;
                }
                ZZPoly[] t = s[k];
                s[k] = s[swap];
                s[swap] = t;
                negate = !negate;
            }
            for (int i = k + 1; i < size; i++) {
                for (int j = k + 1; j < size; j++) {
                    s[i][j] = s[i][j].multiply(s[k][k]).sub(s[i][k].multiply(s[k][j])).divideExact(previous);
                }
            }
            previous = s[k][k];
        }
        return negate ? s[size - 1][size - 1].negate() : s[size - 1][size - 1];
    }

    @Test
    void curveProjectionMatchesTheSylvesterDeterminantOverZx() {
        Capture c = new Capture();
        CurveProjection.Result r = CurveProjection.run(c.out);
        assertEquals(sylvesterResultant(r.circle(), r.hyperbola()), r.projection());
        assertEquals(List.of(-4L, -3L, 3L, 4L), r.integerRoots(), "x-coordinates of the four intersection points");
        for (long[] point : new long[][] {{3, 4}, {4, 3}, {-3, -4}, {-4, -3}}) {
            BigInteger x = BigInteger.valueOf(point[0]);
            BigInteger y = BigInteger.valueOf(point[1]);
            assertEquals(0, r.circle().evaluate(x, y).signum(), "on the circle: " + point[0] + ", " + point[1]);
            assertEquals(0, r.hyperbola().evaluate(x, y).signum(), "on the hyperbola");
            assertEquals(0, r.projection().evaluate(x).signum(), "projected to a root");
        }
        ZZPoly big = sylvesterResultant(r.f(), r.g());
        assertEquals(big, r.bigProjection());
        assertTrue(c.text().contains("Res_y(F, G) = " + r.projection()), c.text());
        assertTrue(c.text().contains("degree " + big.degree()), c.text());
        assertEquals(8, r.pointsChecked(), "every point checked by substitution (leading coefficients in y are 1)");
        assertTrue(c.text().contains("checked by substitution at 8 points"), c.text());
        assertTrue(r.report().contains("PROVEN"), r.report());
    }

    @Test
    void exactDeterminantIsOneWhereDoublesAreWrong() {
        Capture c = new Capture();
        ExactDeterminant.Result r = ExactDeterminant.run(c.out);
        assertEquals(BigInteger.ONE, Bareiss.det(r.matrix()), "det (L U) = det L det U = 1, by Bareiss");
        assertEquals(BigInteger.ONE, r.modalg());
        assertTrue(Math.abs(r.ejml() - 1) >= 0.5, "the example shows doubles failing: EJML gave " + r.ejml());
        assertTrue(c.text().contains("<- wrong") && c.text().contains("exact, proven): 1"), c.text());
        assertTrue(r.report().contains("certification: PROVEN"), r.report());
    }

    @Test
    void integerProductsAgreeWithBigInteger() {
        Capture c = new Capture();
        IntegerProducts.Result r = IntegerProducts.run(c.out, 300_000);
        BigInteger want = r.a().multiply(r.b());
        assertEquals(300_000, r.a().bitLength());
        assertEquals(want, r.cpuProduct());
        if (LimbProducts.provider() == null) {
            assertNull(r.gpuProduct(), "no GPU product without a usable GPU");
            assertTrue(c.text().contains("GPU: no usable GPU"), c.text());
        } else {
            assertEquals(want, r.gpuProduct());
        }
        assertTrue(c.text().contains("equal: true") && !c.text().contains("equal: false"), c.text());
    }

    @Test
    void fermatFieldTutorialAgreesWithGfFieldAndBigInteger() {
        Capture c = new Capture();
        FermatFieldTutorial.Result r = FermatFieldTutorial.run(c.out);
        assertEquals(0, r.mismatches(), c.text());
        assertTrue(r.comparisons() > 600, "comparisons: " + r.comparisons());
        String text = c.text();
        for (String step : List.of("Algorithm 1", "Algorithm 2", "Algorithm 3", "x * r^3", "x + y = 480", "x * y = 97",
                "(p - 2) + 1 = 1296", "all equal to BigInteger mod p and to GfField")) {
            assertTrue(text.contains(step), step + " in " + text);
        }
        assertTrue(!text.contains("MISMATCH"), text);
    }
}
