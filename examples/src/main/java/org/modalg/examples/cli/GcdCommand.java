package org.modalg.examples.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.modalg.fft.Route;
import org.modalg.modular.ModularResult;
import org.modalg.modular.poly.GcdResult;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.polynomial.zz.ZZPoly;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code modalg gcd F G}: the greatest common divisor of two polynomials over Z (positive
 * leading coefficient), by the modular algorithm of {@link PolynomialGcd}; {@code --cofactors}
 * also prints F/gcd and G/gcd, {@code --verbose} the report (primes, unlucky primes, timings).
 */
@Command(name = "gcd", mixinStandardHelpOptions = true,
        description = {"Greatest common divisor of two polynomials over Z (modular algorithm).",
                "F, G: inline text, - (standard input) or file:PATH, in the human form",
                "(3*x^2 - x + 7); FLINT's form (len  c0 c1 ...) with --flint or in a text",
                "that begins with #flint."})
public final class GcdCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "F", description = PolyMulCommand.OPERAND)
    String f;

    @Parameters(index = "1", paramLabel = "G", description = PolyMulCommand.OPERAND)
    String g;

    @Option(names = "--route", paramLabel = "crt|bigprime|auto", defaultValue = "auto",
            description = "Word-size primes and CRT, generalized Fermat primes, or automatic (default: ${DEFAULT-VALUE}).")
    String route;

    @Option(names = "--cofactors", description = "Also print F/gcd and G/gcd, one per line.")
    boolean cofactors;

    @Option(names = "--flint", description = "Read the operands and write the results in FLINT's form (len  c0 c1 ...).")
    boolean flint;

    @Mixin
    CommonOptions common = new CommonOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        try (Invocation run = new Invocation("gcd", common, spec)) {
            Route r = Route.parse(route);
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
    }
}
