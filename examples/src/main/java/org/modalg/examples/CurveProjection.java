package org.modalg.examples;

import java.io.PrintStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateResultant;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * Worked example: projecting the intersection of two plane curves F(x, y) = 0 and G(x, y) = 0
 * onto the x-axis. The resultant R(x) = Res_y(F, G) vanishes exactly at the x-coordinates of
 * the common points (and of common points at infinity in y). {@link BivariateResultant} computes
 * it over Z[x, y] by evaluation, univariate resultants modulo word-size primes, interpolation and
 * CRT; the resultant in y is the resultant in the first variable of the polynomials with x and y
 * exchanged ({@link ZZBivariate#swapVariables()}). The result is checked by substitution: R
 * vanishes at the x-coordinates of the known intersection points, and R(a) equals the univariate
 * resultant {@link Resultant} of F(a, y) and G(a, y) at a few integers a.
 *
 * <p>Run: {@code java -cp examples/target/modalg.jar org.modalg.examples.CurveProjection}.
 */
public final class CurveProjection {
    private CurveProjection() {
    }

    /** Res_y(F, G) as a polynomial in x, with the report. */
    public static ModularResult<ZZPoly> resultantInY(ZZBivariate f, ZZBivariate g) {
        return BivariateResultant.resultant(f.swapVariables(), g.swapVariables(), Options.defaults());
    }

    /**
     * Whether R(a) = Res(F(a, y), G(a, y)) (the univariate multimodular resultant) at each a of
     * points where neither leading coefficient in y vanishes; the points where one does are
     * passed over (there the resultant of the actual degrees differs from the Sylvester
     * determinant of the formal ones). Returns the number of points checked, or -1 at the first
     * mismatch.
     */
    public static int checkBySubstitution(ZZBivariate f, ZZBivariate g, ZZPoly r, long[] points) {
        ZZPoly lcF = f.swapVariables().leadingCoefficientInX(); // in x
        ZZPoly lcG = g.swapVariables().leadingCoefficientInX();
        int checked = 0;
        for (long a : points) {
            BigInteger ba = BigInteger.valueOf(a);
            if (lcF.evaluate(ba).signum() == 0 || lcG.evaluate(ba).signum() == 0) {
                continue;
            }
            if (!Resultant.resultant(f.evaluateX(ba), g.evaluateX(ba)).equals(r.evaluate(ba))) {
                return -1;
            }
            checked++;
        }
        return checked;
    }

    /** What {@link #run} computed. */
    public record Result(ZZBivariate circle, ZZBivariate hyperbola, ZZPoly projection, List<Long> integerRoots,
                         ZZBivariate f, ZZBivariate g, ZZPoly bigProjection, int pointsChecked, String report) {
    }

    /** The example: prints each step to out and returns the results for checking. */
    public static Result run(PrintStream out) {
        out.println("Projection of curve intersections by the resultant in y");
        out.println();
        ZZBivariate circle = ZZBivariate.parse("x^2 + y^2 - 25");
        ZZBivariate hyperbola = ZZBivariate.parse("x*y - 12");
        out.println("F = " + circle + "   (the circle)");
        out.println("G = " + hyperbola + "   (the hyperbola)");
        ZZPoly r = resultantInY(circle, hyperbola).value();
        out.println("Res_y(F, G) = " + r);
        List<Long> roots = new ArrayList<>();
        for (long x = -10; x <= 10; x++) {
            if (r.evaluate(BigInteger.valueOf(x)).signum() == 0) {
                roots.add(x);
            }
        }
        out.println("its integer roots: " + roots + "  (the curves meet at (3, 4), (4, 3), (-3, -4), (-4, -3))");
        for (long[] p : new long[][] {{3, 4}, {4, 3}, {-3, -4}, {-4, -3}}) {
            BigInteger x = BigInteger.valueOf(p[0]);
            BigInteger y = BigInteger.valueOf(p[1]);
            out.println("  (" + p[0] + ", " + p[1] + "): F = " + circle.evaluate(x, y) + ", G = "
                    + hyperbola.evaluate(x, y) + ", R(" + p[0] + ") = " + r.evaluate(x));
        }
        out.println();
        // a larger pair: the projection has degree 20 and coefficients of about 150 bits
        ZZBivariate f = ZZBivariate.ofCoefficientsInY(List.of(ZZPoly.parse("3*x^4 - 77*x^3 + 1234567*x - 987654321"),
                ZZPoly.parse("x^3 + 5*x - 11"), ZZPoly.parse("-7*x^2 + 13"), ZZPoly.parse("2*x + 1"), ZZPoly.ONE));
        ZZBivariate g = ZZBivariate.ofCoefficientsInY(List.of(ZZPoly.parse("x^5 - 31415926*x^2 + 27182818"),
                ZZPoly.parse("-x^4 + 999999937"), ZZPoly.parse("17*x^3 - x"), ZZPoly.ONE));
        out.println("F = " + f);
        out.println("G = " + g);
        ModularResult<ZZPoly> bigResult = resultantInY(f, g);
        ZZPoly big = bigResult.value();
        out.println("Res_y(F, G) has degree " + big.degree() + " and coefficients of up to "
                + big.maxCoefficientBits() + " bits; leading term " + big.leadingCoefficient() + "*x^" + big.degree());
        out.println("  " + bigResult.report().primesUsed() + " primes, " + bigResult.report().certification());
        long[] points = {-3, -2, -1, 0, 1, 2, 3, 1000};
        int checked = checkBySubstitution(f, g, big, points);
        out.println(checked < 0 ? "substitution check FAILED"
                : "checked by substitution at " + checked + " points: R(a) = Res(F(a, y), G(a, y))");
        return new Result(circle, hyperbola, r, roots, f, g, big, checked, bigResult.report().toString());
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
