package org.modalg.examples.cli;

import java.math.BigInteger;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateResultant;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code modalg resultant F G}: the resultant of two polynomials over Z (the determinant of
 * their Sylvester matrix), by the modular algorithm of {@link Resultant}; {@code --verbose}
 * prints the report.
 */
@Command(name = "resultant", mixinStandardHelpOptions = true,
        description = {"Resultant of two polynomials over Z (modular; proven by the Hadamard bound unless",
                "--probabilistic).",
                "F, G: inline text, - (standard input) or file:PATH, in the human form",
                "(3*x^2 - x + 7); FLINT's form (len  c0 c1 ...) with --flint or in a text",
                "that begins with #flint. --probabilistic stops early (not proven; --seed N repeats a run).",
                "With --var V: F and G in V and one other variable (3*x^2*y - y^3 + 7), the result",
                "Res_V(F, G) is a polynomial in the other variable."})
public final class ResultantCommand extends ComputingCommand {
    @Parameters(index = "0", paramLabel = "F", description = PolyMulCommand.OPERAND)
    String f;

    @Parameters(index = "1", paramLabel = "G", description = PolyMulCommand.OPERAND)
    String g;

    @Mixin
    RouteOption route = new RouteOption();

    @Option(names = "--var", paramLabel = "V",
            description = "Eliminate V from bivariate F and G (human form, V and one other variable); prints"
                    + " Res_V(F, G) in the other variable.")
    String var;

    @Option(names = "--flint", description = "Read the operands in FLINT's form (len  c0 c1 ...).")
    boolean flint;

    @Mixin
    CertificationOptions certification = new CertificationOptions();

    @Mixin
    SparkOption spark = new SparkOption();

    @Override
    int compute(Invocation run) {
        Route r = route.route();
        if (var != null) {
            return bivariate(run, r);
        }
        ZZPoly a = PolyMulCommand.zzPoly(run, f, "F", flint);
        ZZPoly b = PolyMulCommand.zzPoly(run, g, "G", flint);
        long t0 = System.nanoTime();
        Options o = certification.applyTo(run.modularOptions().withRoute(r));
        ModularResult<BigInteger> res = spark.run(run, () -> Resultant.resultant(a, b, o));
        run.time("resultant", t0);
        run.result("result", res.value());
        run.report(res.report());
        return run.finish();
    }

    private int bivariate(Invocation run, Route r) {
        if (spark.master != null) {
            throw new IllegalArgumentException("--spark is not available with --var (bivariate resultants compute"
                    + " their images on this machine); leave out one of them");
        }
        BivariateOperands in = BivariateOperands.read(run, "resultants", var, flint, r, f, g);
        ZZBivariate a = in.f();
        ZZBivariate b = in.g();
        String other = in.other();
        long t0 = System.nanoTime();
        ModularResult<ZZPoly> res = BivariateResultant.resultant(a, b, certification.applyTo(run.modularOptions()));
        run.time("resultant", t0);
        run.result("result", res.value().toString(other));
        run.report("eliminated", var);
        run.report(res.report());
        return run.finish();
    }
}
