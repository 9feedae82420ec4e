package org.modalg.examples.cli;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.modalg.modular.ModularOptions;
import org.modalg.modular.ModularResult;
import org.modalg.modular.Resultant;
import org.modalg.modular.Route;
import org.modalg.polynomial.ZZPoly;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code modalg resultant F G}: the resultant of two polynomials over Z (the determinant of
 * their Sylvester matrix), by the modular algorithm of {@link Resultant}; {@code --verbose}
 * prints the report.
 */
@Command(name = "resultant", mixinStandardHelpOptions = true,
        description = {"Resultant of two polynomials over Z (modular algorithm, proven by the Hadamard bound).",
                "F and G are files or inline text, in human form (3*x^2 - x + 7) or FLINT form (3  7 -1 3)."})
public final class ResultantCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "F", description = "A file, or the polynomial itself.")
    String f;

    @Parameters(index = "1", paramLabel = "G", description = "A file, or the polynomial itself.")
    String g;

    @Option(names = "--route", paramLabel = "crt|bigprime|auto", defaultValue = "auto",
            description = "Word-size primes and CRT, generalized Fermat primes, or automatic (default).")
    String route;

    @Option(names = {"-v", "--verbose"}, description = "Print the report (route, primes, times) after the result.")
    boolean verbose;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the result here.")
    Path out;

    @Override
    public Integer call() {
        Route r = Route.parse(route);
        ZZPoly a = PolyMulCommand.readZZPoly(f, "F");
        ZZPoly b = PolyMulCommand.readZZPoly(g, "G");
        ModularResult<BigInteger> res = Resultant.resultant(a, b, ModularOptions.defaults().withRoute(r));
        IntegerCommands.write(res.value().toString(), out);
        if (verbose) {
            System.out.print(res.report());
        }
        return 0;
    }
}
