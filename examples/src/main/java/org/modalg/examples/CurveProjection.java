package org.modalg.examples;

import java.io.PrintStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Worked example: projecting the intersection of two plane curves F(x, y) = 0 and G(x, y) = 0
 * onto the x-axis. The resultant R(x) = Res_y(F, G) vanishes exactly at the x-coordinates of
 * the common points (and of common points at infinity in y). modalg's resultant is univariate
 * over Z, so R is computed by evaluation and interpolation: for D + 1 consecutive integers x_i,
 * with D = deg_y G * deg_x F + deg_y F * deg_x G a bound on deg R, each R(x_i) =
 * Res(F(x_i, y), G(x_i, y)) is one multimodular resultant ({@link Resultant}), taken only at x_i
 * where neither leading coefficient in y vanishes; then Lagrange interpolation on consecutive
 * points, whose denominators all divide D!, gives R exactly.
 *
 * <p>Run: {@code java -cp examples/target/modalg.jar org.modalg.examples.CurveProjection}.
 */
public final class CurveProjection {
    private CurveProjection() {
    }

    /** A polynomial in y whose coefficients are polynomials in x: coefficients[j] multiplies y^j. */
    public record Bivariate(List<ZZPoly> coefficients) {
        public Bivariate {
            if (coefficients == null || coefficients.isEmpty()) {
                throw new IllegalArgumentException("coefficients must be a non-empty list");
            }
            coefficients = List.copyOf(coefficients);
        }

        /** From coefficients in the human form, lowest power of y first, e.g. ("x^2 - 25", "0", "1"). */
        public static Bivariate parse(String... inY) {
            List<ZZPoly> c = new ArrayList<>();
            for (String s : inY) {
                c.add(ZZPoly.parse(s));
            }
            return new Bivariate(c);
        }

        public int degreeY() {
            return coefficients.size() - 1;
        }

        public int degreeX() {
            int d = 0;
            for (ZZPoly c : coefficients) {
                d = Math.max(d, c.degree());
            }
            return d;
        }

        /** F(x0, y) as a polynomial in y. */
        public ZZPoly atX(BigInteger x0) {
            BigInteger[] c = new BigInteger[coefficients.size()];
            for (int j = 0; j < c.length; j++) {
                c[j] = coefficients.get(j).evaluate(x0);
            }
            return ZZPoly.of(c);
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder();
            for (int j = coefficients.size() - 1; j >= 0; j--) {
                if (coefficients.get(j).isZero()) {
                    continue;
                }
                if (s.length() > 0) {
                    s.append(" + ");
                }
                s.append('(').append(coefficients.get(j)).append(')');
                if (j > 0) {
                    s.append(j == 1 ? "*y" : "*y^" + j);
                }
            }
            return s.toString();
        }
    }

    /** Res_y(F, G) as a polynomial in x (F and G of positive degree in y, non-zero leading coefficients). */
    public static ZZPoly resultantInY(Bivariate f, Bivariate g) {
        if (f.degreeY() < 1 || g.degreeY() < 1) {
            throw new IllegalArgumentException("F and G must have positive degree in y, got " + f.degreeY() + " and "
                    + g.degreeY());
        }
        ZZPoly lcF = f.coefficients().get(f.degreeY());
        ZZPoly lcG = g.coefficients().get(g.degreeY());
        if (lcF.isZero() || lcG.isZero()) {
            throw new IllegalArgumentException("the leading coefficients in y must be non-zero");
        }
        int d = g.degreeY() * f.degreeX() + f.degreeY() * g.degreeX();
        // the first window of d + 1 consecutive integers where neither leading coefficient vanishes
        long start = 0;
        while (true) {
            boolean ok = true;
            for (long x = start; x <= start + d && ok; x++) {
                BigInteger bx = BigInteger.valueOf(x);
                ok = lcF.evaluate(bx).signum() != 0 && lcG.evaluate(bx).signum() != 0;
                if (!ok) {
                    start = x + 1;
                }
            }
            if (ok) {
                break;
            }
        }
        BigInteger[] values = new BigInteger[d + 1];
        for (int i = 0; i <= d; i++) {
            BigInteger x = BigInteger.valueOf(start + i);
            values[i] = Resultant.resultant(f.atX(x), g.atX(x));
        }
        return interpolateConsecutive(start, values);
    }

    /**
     * The polynomial of degree &lt;= d with the given values at start, start + 1, ..., start + d,
     * which must have integer coefficients: d! p(x) = sum_i (-1)^(d-i) C(d, i) v_i W(x) / (x - x_i)
     * with W = prod (x - x_j), then an exact division by d!.
     *
     * @throws ArithmeticException if the interpolant does not have integer coefficients
     */
    static ZZPoly interpolateConsecutive(long start, BigInteger[] values) {
        int d = values.length - 1;
        ZZPoly w = ZZPoly.ONE;
        for (int j = 0; j <= d; j++) {
            w = w.multiply(ZZPoly.of(BigInteger.valueOf(-(start + j)), BigInteger.ONE));
        }
        ZZPoly sum = ZZPoly.ZERO;
        BigInteger binomial = BigInteger.ONE; // C(d, i)
        BigInteger factorial = BigInteger.ONE;
        for (int i = 1; i <= d; i++) {
            factorial = factorial.multiply(BigInteger.valueOf(i));
        }
        for (int i = 0; i <= d; i++) {
            ZZPoly basis = w.divideExact(ZZPoly.of(BigInteger.valueOf(-(start + i)), BigInteger.ONE));
            BigInteger weight = values[i].multiply(binomial);
            sum = sum.add(basis.multiply((d - i) % 2 == 0 ? weight : weight.negate()));
            binomial = binomial.multiply(BigInteger.valueOf(d - i)).divide(BigInteger.valueOf(i + 1));
        }
        return sum.divideExact(factorial);
    }

    /** What {@link #run} computed. */
    public record Result(Bivariate circle, Bivariate hyperbola, ZZPoly projection, List<Long> integerRoots,
                         Bivariate f, Bivariate g, ZZPoly bigProjection) {
    }

    /** The example: prints each step to out and returns the results for checking. */
    public static Result run(PrintStream out) {
        out.println("Projection of curve intersections by the resultant in y");
        out.println();
        Bivariate circle = Bivariate.parse("x^2 - 25", "0", "1");     // x^2 + y^2 = 25
        Bivariate hyperbola = Bivariate.parse("-12", "x");            // x y = 12
        out.println("F = " + circle + "   (the circle x^2 + y^2 = 25)");
        out.println("G = " + hyperbola + "   (the hyperbola x y = 12)");
        ZZPoly r = resultantInY(circle, hyperbola);
        out.println("Res_y(F, G) = " + r);
        List<Long> roots = new ArrayList<>();
        for (long x = -10; x <= 10; x++) {
            if (r.evaluate(BigInteger.valueOf(x)).signum() == 0) {
                roots.add(x);
            }
        }
        out.println("its integer roots: " + roots + "  (the curves meet at (3, 4), (4, 3), (-3, -4), (-4, -3))");
        out.println();
        // a larger pair: the projection has degree 20 and coefficients of about 150 bits
        Bivariate f = Bivariate.parse("3*x^4 - 77*x^3 + 1234567*x - 987654321", "x^3 + 5*x - 11", "-7*x^2 + 13",
                "2*x + 1", "1");
        Bivariate g = Bivariate.parse("x^5 - 31415926*x^2 + 27182818", "-x^4 + 999999937", "17*x^3 - x", "1");
        out.println("F = " + f);
        out.println("G = " + g);
        ZZPoly big = resultantInY(f, g);
        out.println("Res_y(F, G) has degree " + big.degree() + " and coefficients of up to "
                + big.maxCoefficientBits() + " bits; leading term " + big.leadingCoefficient() + "*x^" + big.degree());
        return new Result(circle, hyperbola, r, roots, f, g, big);
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
