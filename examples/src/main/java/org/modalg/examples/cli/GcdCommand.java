package org.modalg.examples.cli;

import java.util.List;
import org.modalg.examples.cli.io.BivariateOperands;
import org.modalg.examples.cli.io.Invocation;
import org.modalg.examples.cli.io.RouteOption;
import org.modalg.fft.Route;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateGcd;
import org.modalg.modular.poly.GcdResult;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code modalg gcd F G}: the greatest common divisor of two polynomials over Z (positive
 * leading coefficient), by the modular algorithm of {@link PolynomialGcd}; {@code --cofactors}
 * also prints F/gcd and G/gcd, {@code --verbose} the report (primes, unlucky primes, timings).
 * With {@code --var V}, F and G are polynomials in V and one other variable (Z[x, y], by
 * {@link BivariateGcd}), printed with V as the main variable.
 */
@Command(name = "gcd", mixinStandardHelpOptions = true,
        description = {"Greatest common divisor of two polynomials over Z (modular algorithm).",
                "F, G: inline text, - (standard input) or file:PATH, in the human form",
                "(3*x^2 - x + 7); FLINT's form (len  c0 c1 ...) with --flint or in a text",
                "that begins with #flint.",
                "With --var V: F and G in V and one other variable (3*x^2*y - y^3 + 7)."})
public final class GcdCommand extends ComputingCommand {
    @Parameters(index = "0", paramLabel = "F", description = PolyMulCommand.OPERAND)
    String f;

    @Parameters(index = "1", paramLabel = "G", description = PolyMulCommand.OPERAND)
    String g;

    @Mixin
    RouteOption route = new RouteOption();

    @Option(names = "--cofactors", description = "Also print F/gcd and G/gcd, one per line.")
    boolean cofactors;

    @Option(names = "--var", paramLabel = "V",
            description = "Bivariate F and G (human form) in V and one other variable; V is printed as the main variable.")
    String var;

    @Option(names = "--flint", description = "Read the operands and write the results in FLINT's form (len  c0 c1 ...).")
    boolean flint;

    @Override
    int compute(Invocation run) {
        Route r = route.route();
        if (var != null) {
            return bivariate(run, r);
        }
        ZZPoly a = PolyMulCommand.zzPoly(run, f, "F", flint);
        ZZPoly b = PolyMulCommand.zzPoly(run, g, "G", flint);
        long t0 = System.nanoTime();
        ModularResult<GcdResult> res = PolynomialGcd.gcd(a, b, run.modularOptions().withRoute(r));
        run.time("gcd", t0);
        run.result("result", PolyMulCommand.format(res.value().gcd(), flint));
        if (cofactors) {
            run.result("cofactors", List.of(PolyMulCommand.format(res.value().cofactorF(), flint),
                    PolyMulCommand.format(res.value().cofactorG(), flint)));
        }
        run.report(res.report());
        return run.finish();
    }

    private int bivariate(Invocation run, Route r) {
        BivariateOperands in = BivariateOperands.read(run, "gcds", var, flint, r, f, g);
        ZZBivariate a = in.f();
        ZZBivariate b = in.g();
        String other = in.other();
        long t0 = System.nanoTime();
        ModularResult<ZZBivariate> res = BivariateGcd.gcd(a, b, run.modularOptions());
        run.time("gcd", t0);
        ZZBivariate h = res.value();
        run.result("result", h.toString(var, other));
        if (cofactors) {
            run.result("cofactors", h.isZero() ? List.of("0", "0")
                    : List.of(BivariateGcd.divideExact(a, h).toString(var, other),
                            BivariateGcd.divideExact(b, h).toString(var, other)));
        }
        run.report(res.report());
        return run.finish();
    }
}
