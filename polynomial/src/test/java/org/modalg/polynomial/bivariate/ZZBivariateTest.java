package org.modalg.polynomial.bivariate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.text.PolyParseException;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.zp.ZpPoly;

/**
 * {@link ZZBivariate} against a naive oracle on BigInteger grids written here (term-by-term
 * products, evaluation by summing c_ij a^i b^j), on random inputs every run: the seed is fresh
 * unless {@code -Dmodalg.test.seed} fixes it, and is printed.
 */
class ZZBivariateTest {
    static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @BeforeAll
    static void printSeed() {
        System.out.println("ZZBivariateTest seed=" + SEED + " (-Dmodalg.test.seed to replay)");
    }

    static String where(String label) {
        return "seed=" + SEED + " (-Dmodalg.test.seed to replay) " + label;
    }

    /** A random grid (dx + 1) x (dy + 1), signed entries of up to bits bits, about a third zero. */
    static BigInteger[][] randomGrid(Random rnd, int dx, int dy, int bits) {
        BigInteger[][] g = new BigInteger[dx + 1][dy + 1];
        for (int i = 0; i <= dx; i++) {
            for (int j = 0; j <= dy; j++) {
                BigInteger v = rnd.nextInt(3) == 0 ? BigInteger.ZERO : new BigInteger(1 + rnd.nextInt(bits), rnd);
                g[i][j] = rnd.nextBoolean() ? v.negate() : v;
            }
        }
        return g;
    }

    static ZZBivariate random(Random rnd, int dx, int dy, int bits) {
        return ZZBivariate.ofGrid(randomGrid(rnd, dx, dy, bits));
    }

    // naive product of grids
    static BigInteger[][] naiveProduct(BigInteger[][] a, BigInteger[][] b) {
        if (a.length == 0 || b.length == 0) {
            return new BigInteger[0][0];
        }
        int ay = a[0].length;
        int by = b[0].length;
        BigInteger[][] c = new BigInteger[a.length + b.length - 1][ay + by - 1];
        for (BigInteger[] row : c) {
            java.util.Arrays.fill(row, BigInteger.ZERO);
        }
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < ay; j++) {
                for (int k = 0; k < b.length; k++) {
                    for (int l = 0; l < by; l++) {
                        c[i + k][j + l] = c[i + k][j + l].add(a[i][j].multiply(b[k][l]));
                    }
                }
            }
        }
        return c;
    }

    static BigInteger naiveValue(BigInteger[][] g, BigInteger a, BigInteger b) {
        BigInteger s = BigInteger.ZERO;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s = s.add(g[i][j].multiply(a.pow(i)).multiply(b.pow(j)));
            }
        }
        return s;
    }

    @Test
    void productsAgainstNaive() {
        Random rnd = new Random(SEED + 1);
        for (int it = 0; it < 40 * MULTIPLIER; it++) {
            int big = it % 8 == 0 ? 30 : 6;
            BigInteger[][] a = randomGrid(rnd, rnd.nextInt(big), rnd.nextInt(big), 1 + rnd.nextInt(it % 5 == 0 ? 200 : 20));
            BigInteger[][] b = randomGrid(rnd, rnd.nextInt(big), rnd.nextInt(big), 1 + rnd.nextInt(40));
            ZZBivariate f = ZZBivariate.ofGrid(a);
            ZZBivariate g = ZZBivariate.ofGrid(b);
            ZZBivariate expected = ZZBivariate.ofGrid(naiveProduct(a, b));
            String label = where("it=" + it + " f=" + f + " g=" + g);
            assertEquals(expected, f.multiply(g), label);
            assertEquals(expected, g.multiply(f, Options.defaults().withThreads(2)), label + " swapped");
            assertEquals(f.add(g).multiply(f.sub(g)), f.multiply(f).sub(g.multiply(g)), label + " (f+g)(f-g)");
            assertEquals(f.multiply(g).swapVariables(), f.swapVariables().multiply(g.swapVariables()), label + " swap");
        }
    }

    @Test
    void evaluationAgainstNaive() {
        Random rnd = new Random(SEED + 2);
        for (int it = 0; it < 40 * MULTIPLIER; it++) {
            BigInteger[][] a = randomGrid(rnd, rnd.nextInt(8), rnd.nextInt(8), 1 + rnd.nextInt(80));
            ZZBivariate f = ZZBivariate.ofGrid(a);
            BigInteger u = BigInteger.valueOf(rnd.nextInt(2001) - 1000);
            BigInteger v = BigInteger.valueOf(rnd.nextInt(2001) - 1000);
            String label = where("it=" + it + " f=" + f + " at " + u + ", " + v);
            BigInteger expected = naiveValue(a, u, v);
            assertEquals(expected, f.evaluate(u, v), label);
            assertEquals(expected, f.evaluateY(v).evaluate(u), label + " evaluateY");
            assertEquals(expected, f.evaluateX(u).evaluate(v), label + " evaluateX");
            long p = new long[] {3, 65537, 33554393, 4611686018427387847L}[it % 4];
            ZpField field = ZpField.of(p);
            long vp = rnd.nextLong();
            ZpPoly fx = f.evaluateY(vp, field);
            ZZPoly overZ = f.evaluateY(BigInteger.valueOf(vp));
            assertEquals(ZpPoly.of(field, overZ.coefficients()), fx, label + " mod " + p);
            ZpPoly fy = f.evaluateX(vp, field);
            assertEquals(ZpPoly.of(field, f.evaluateX(BigInteger.valueOf(vp)).coefficients()), fy, label + " x mod " + p);
        }
    }

    @Test
    void conversionsAndAccess() {
        Random rnd = new Random(SEED + 3);
        for (int it = 0; it < 30 * MULTIPLIER; it++) {
            BigInteger[][] a = randomGrid(rnd, rnd.nextInt(7), rnd.nextInt(7), 1 + rnd.nextInt(70));
            ZZBivariate f = ZZBivariate.ofGrid(a);
            String label = where("it=" + it + " f=" + f);
            assertEquals(f, ZZBivariate.ofCoefficientsInX(f.coefficientsInX()), label);
            assertEquals(f, ZZBivariate.ofCoefficientsInY(f.coefficientsInY()), label);
            assertEquals(f, ZZBivariate.ofGrid(f.toGrid()), label);
            assertEquals(f, f.swapVariables().swapVariables(), label);
            int dx = -1;
            int dy = -1;
            int td = -1;
            int terms = 0;
            for (int i = 0; i < a.length; i++) {
                for (int j = 0; j < a[i].length; j++) {
                    assertEquals(a[i][j], f.coefficient(i, j), label + " c" + i + j);
                    if (a[i][j].signum() != 0) {
                        dx = Math.max(dx, i);
                        dy = Math.max(dy, j);
                        td = Math.max(td, i + j);
                        terms++;
                    }
                }
            }
            assertEquals(dx, f.degreeX(), label);
            assertEquals(dy, f.degreeY(), label);
            assertEquals(td, f.totalDegree(), label);
            assertEquals(terms, f.termCount(), label);
            assertEquals(dy, f.swapVariables().degreeX(), label);
            assertEquals(f.coefficientInX(Math.max(0, dx)), f.leadingCoefficientInX(), label);
            for (int i = 0; i <= dx; i++) {
                assertEquals(f.coefficientInX(i), f.coefficientsInX().get(i), label);
            }
            int e = rnd.nextInt(4);
            ZZBivariate pw = ZZBivariate.ONE;
            for (int k = 0; k < e; k++) {
                pw = pw.multiply(f);
            }
            assertEquals(pw, f.pow(e), label + " pow " + e);
        }
        assertEquals(ZZBivariate.X.multiply(ZZBivariate.Y), ZZBivariate.parse("x*y"));
        assertEquals(ZZBivariate.fromX(ZZPoly.parse("3*x^2 - 1")), ZZBivariate.parse("3x^2 - 1"));
        assertEquals(ZZBivariate.fromY(ZZPoly.parse("3*x^2 - 1")), ZZBivariate.parse("3y^2 - 1"));
        assertEquals(ZZBivariate.monomial(BigInteger.valueOf(-5), 2, 3), ZZBivariate.parse("-5*x^2*y^3"));
        assertEquals(ZZBivariate.ZERO, ZZBivariate.monomial(BigInteger.ZERO, 4, 4));
        assertEquals(-1, ZZBivariate.ZERO.degreeX());
        assertEquals(-1, ZZBivariate.ZERO.degreeY());
        assertTrue(ZZBivariate.constant(BigInteger.TEN).isConstant());
        assertEquals(0, ZZBivariate.ZERO.toGrid().length);
    }

    @Test
    void textRoundTrips() {
        Random rnd = new Random(SEED + 4);
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            ZZBivariate f = random(rnd, rnd.nextInt(6), rnd.nextInt(6), 1 + rnd.nextInt(it % 6 == 0 ? 300 : 12));
            String label = where("it=" + it + " f=" + f);
            assertEquals(f, ZZBivariate.parse(f.toString()), label);
            assertEquals(f, ZZBivariate.parse(f.toFlintString("x", "y")), label + " compact");
            assertEquals(f, ZZBivariate.parse(f.toString("u", "v1"), "u", "v1"), label + " named");
            assertEquals(f.swapVariables(), ZZBivariate.parse(f.toString("y", "x")), label + " swapped names");
        }
        assertEquals("3*x^2*y - y^3 + 7", ZZBivariate.parse("7 - y^3 + 3*x^2*y").toString());
        assertEquals("3*x^2*y-y^3+7", ZZBivariate.parse("3x^2y-y^3+7").toFlintString("x", "y"));
        assertEquals("0", ZZBivariate.parse("x*y - y*x").toString());
        assertEquals("-x - 1", ZZBivariate.parse(" - x - 1").toString());
        assertEquals("x^2*y^2 + 6*x", ZZBivariate.parse("x*x*y y + 2*3*x").toString());
        assertEquals("-3", ZZBivariate.parse("+ -3").toString());
        assertEquals("x*y + 1", ZZBivariate.parse("x^1*y^1 + x^0*y^0").toString());
        assertEquals("t^3*s - 2", ZZBivariate.parse("s t^3 - 2", "t", "s").toString("t", "s"));
        assertEquals("x^10 + y^10", ZZBivariate.parse("x^010\n+ y ^ 10").toString());
    }

    @Test
    void badTextIsAnErrorWithItsPosition() {
        expectParseError("", 1, 1, "expected a polynomial");
        expectParseError("3*x^2 + z", 1, 9, "expected variable 'x' or 'y', found 'z'");
        expectParseError("3*x^", 1, 5, "expected an exponent");
        expectParseError("x +", 1, 4, "expected a coefficient or a variable");
        expectParseError("x * + y", 1, 5, "after '*'");
        expectParseError("x\n  + 3 4", 2, 7, "expected '+', '-', '*' or end of text, found '4'");
        expectParseError("x^99999999999", 1, 3, "too large");
        expectParseError("x^2147483000*y^2147483000", 1, 1, "too large");
        expectParseError("x^2147483000*x^2147483000", 1, 14, "too large");
        expectParseError("xy + 1", 1, 1, "found 'xy'");
        expectParseError("x ^ -2", 1, 5, "expected an exponent");
        expectParseError("(x + 1", 1, 1, "unbalanced '('");
        expectParseError("x + (y*(x - 1)", 1, 5, "unbalanced '('");
        expectParseError("x + 1)", 1, 6, "unbalanced ')'");
        expectParseError(")", 1, 1, "unbalanced ')'");
        expectParseError("(x + 1))*y", 1, 8, "unbalanced ')'");
        expectParseError("()", 1, 2, "an empty group");
        expectParseError("(x +)", 1, 5, "found an empty group or a dangling operator");
        expectParseError("x*)", 1, 3, "after '*'");
        expectParseError("(x + 1)^", 1, 9, "expected an exponent");
        expectParseError("(x + 1)2", 1, 8, "expected '+', '-', '*', ')' or end of text, found '2'");
        expectParseError("(x + z)", 1, 6, "found 'z'");
        expectParseError("(x + y)^3000000", 1, 1, "too large");
        expectParseError("3*(7)^999999999", 1, 3, "too large");
        assertThrows(IllegalArgumentException.class, () -> ZZBivariate.parse(null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ZZBivariate.parse("x", "x", "x"));
        assertTrue(e.getMessage().contains("must differ"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ZZBivariate.parse("x", "1a", "y"));
        assertTrue(e.getMessage().contains("x variable must be an identifier"), e.getMessage());
    }

    private static void expectParseError(String text, int line, int column, String part) {
        PolyParseException e = assertThrows(PolyParseException.class, () -> ZZBivariate.parse(text), text);
        assertEquals(line, e.line(), e.getMessage());
        assertEquals(column, e.column(), e.getMessage());
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    @Test
    void badArguments() {
        ZZBivariate f = ZZBivariate.parse("x*y + 1");
        assertThrows(IllegalArgumentException.class, () -> f.add(null));
        assertThrows(IllegalArgumentException.class, () -> f.multiply((ZZBivariate) null));
        assertThrows(IllegalArgumentException.class, () -> f.coefficient(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> f.coefficientInX(-1));
        assertThrows(IllegalArgumentException.class, () -> f.pow(-1));
        assertThrows(IllegalArgumentException.class, () -> ZZBivariate.monomial(BigInteger.ONE, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> ZZBivariate.ofGrid(new BigInteger[][] {{null}}));
        assertThrows(IllegalArgumentException.class, () -> ZZBivariate.ofCoefficientsInX(List.of(ZZPoly.ONE)).evaluateY(0, null));
        ZZBivariate wide = ZZBivariate.monomial(BigInteger.ONE, 60000, 60000);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> wide.multiply(wide));
        assertTrue(e.getMessage().contains("Kronecker"), e.getMessage());
    }

    @Test
    void parenthesesAgreeWithArithmetic() {
        Random rnd = new Random(SEED + 29);
        for (int it = 0; it < 40 * MULTIPLIER; it++) {
            ZZBivariate f = random(rnd, rnd.nextInt(3), rnd.nextInt(3), 1 + rnd.nextInt(70));
            ZZBivariate g = random(rnd, rnd.nextInt(3), rnd.nextInt(3), 1 + rnd.nextInt(70));
            ZZBivariate h = random(rnd, rnd.nextInt(3), rnd.nextInt(3), 1 + rnd.nextInt(70));
            int k = rnd.nextInt(4);
            // the oracle: products and sums on grids (naive), powers as repeated products
            ZZBivariate fk = ZZBivariate.ONE;
            for (int t = 0; t < k; t++) {
                fk = ZZBivariate.ofGrid(naiveProduct(fk.toGrid(), f.toGrid()));
            }
            ZZBivariate expected = ZZBivariate.ofGrid(naiveProduct(fk.toGrid(), g.toGrid())).sub(h);
            String text = "(" + f + ")^" + k + " * (" + g + ") - (" + h + ")";
            String label = where(text);
            assertEquals(expected, ZZBivariate.parse(text), label);
            assertEquals(expected, ZZBivariate.parse("((" + f.toFlintString("x", "y") + "))^" + k + "(" + g
                    + ")-(" + h + ")"), label + " compact, juxtaposed");
            assertEquals(expected.negate(), ZZBivariate.parse("-(" + text + ")"), label + " negated");
            assertEquals(expected.swapVariables(), ZZBivariate.parse(text.replace('x', 'u').replace('y', 'x')
                    .replace('u', 'y')), label + " swapped names");
        }
        assertEquals(ZZBivariate.parse("x^2*y + 2*x*y + y - 3*x^2 - 6*x - 3"), ZZBivariate.parse("(x+1)^2*(y-3)"));
        assertEquals(ZZBivariate.parse("x^2 - 1"), ZZBivariate.parse("(x - 1)(x + 1)"));
        assertEquals(ZZBivariate.parse("-x - 1"), ZZBivariate.parse("- -(-(x + 1))"));
        assertEquals(ZZBivariate.parse("1"), ZZBivariate.parse("(x + y)^0"));
        assertEquals(ZZBivariate.parse("0"), ZZBivariate.parse("(x - x)^5 * (y + 1)"));
        assertEquals(ZZBivariate.parse("-1"), ZZBivariate.parse("(-1)^999999999"));
        assertEquals(ZZBivariate.parse("6*x*y"), ZZBivariate.parse("2(3)x(y)"));
        // deep nesting: an explicit stack, no recursion
        String deep = "(".repeat(100_000) + "x + y" + ")".repeat(100_000) + "^2";
        assertEquals(ZZBivariate.parse("x^2 + 2*x*y + y^2"), ZZBivariate.parse(deep));
    }
}
