package org.modalg.examples.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.modalg.modular.GcdResult;
import org.modalg.modular.ModularOptions;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PolynomialGcd;
import org.modalg.modular.Route;
import org.modalg.polynomial.ZZPoly;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code modalg gcd F G}: the greatest common divisor of two polynomials over Z (positive
 * leading coefficient), by the modular algorithm of {@link PolynomialGcd}; {@code --cofactors}
 * also prints F/gcd and G/gcd, {@code --verbose} the report (primes, unlucky primes, timings).
 */
@Command(name = "gcd", mixinStandardHelpOptions = true,
        description = {"Greatest common divisor of two polynomials over Z (modular algorithm).",
                "F and G are files or inline text, in human form (3*x^2 - x + 7) or FLINT form (3  7 -1 3);",
                "the output uses the format of F."})
public final class GcdCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "F", description = "A file, or the polynomial itself.")
    String f;

    @Parameters(index = "1", paramLabel = "G", description = "A file, or the polynomial itself.")
    String g;

    @Option(names = "--route", paramLabel = "crt|bigprime|auto", defaultValue = "auto",
            description = "Word-size primes and CRT, one generalized Fermat prime, or automatic (default).")
    String route;

    @Option(names = "--cofactors", description = "Also print F/gcd and G/gcd, one per line.")
    boolean cofactors;

    @Option(names = {"-v", "--verbose"}, description = "Print the report (route, primes, unlucky primes, times) after the result.")
    boolean verbose;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the result here.")
    Path out;

    @Override
    public Integer call() {
        Route r = Route.parse(route);
        ZZPoly a = PolyMulCommand.readZZPoly(f, "F");
        ZZPoly b = PolyMulCommand.readZZPoly(g, "G");
        boolean flint = PolyMulCommand.isFlint(f, "F");
        ModularResult<GcdResult> res = PolynomialGcd.gcd(a, b, ModularOptions.defaults().withRoute(r));
        StringBuilder s = new StringBuilder(format(res.value().gcd(), flint));
        if (cofactors) {
            s.append('\n').append(format(res.value().cofactorF(), flint));
            s.append('\n').append(format(res.value().cofactorG(), flint));
        }
        IntegerCommands.write(s.toString(), out);
        if (verbose) {
            System.out.print(res.report());
        }
        return 0;
    }

    static String format(ZZPoly p, boolean flint) {
        return flint ? p.toFlintString() : p.toString();
    }
}
