package org.modalg.examples.cli;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.modalg.examples.cli.io.BivariateOperands;
import org.modalg.examples.cli.io.CertificationOptions;
import org.modalg.examples.cli.io.Invocation;
import org.modalg.examples.cli.io.RouteOption;
import org.modalg.examples.cli.io.SparkOption;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateResultant;
import org.modalg.modular.bivariate.BivariateSubresultants;
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
                "Res_V(F, G) is a polynomial in the other variable; --subresultants prints the",
                "subresultants S_0 .. S_{k-1} in V instead (--index J: S_J alone; --principal: the",
                "principal subresultant coefficients)."})
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

    @Option(names = "--subresultants",
            description = "With --var V: the subresultants S_0, ..., S_{k-1} of F and G in V (k the smaller degree"
                    + " in V), one line each from S_0 (= the resultant), printed with V as the main variable.")
    boolean subresultants;

    @Option(names = "--index", paramLabel = "J",
            description = "With --subresultants: S_J alone, 0 <= J < k.")
    Integer index;

    @Option(names = "--principal",
            description = "With --subresultants: the principal subresultant coefficients psc_0 (= the resultant),"
                    + " ..., psc_{k-1} (the coefficient of V^j in S_j), polynomials in the other variable, one a line.")
    boolean principal;

    @Option(names = "--flint", description = "Read the operands in FLINT's form (len  c0 c1 ...).")
    boolean flint;

    @Mixin
    CertificationOptions certification = new CertificationOptions();

    @Mixin
    SparkOption spark = new SparkOption();

    @Override
    int compute(Invocation run) {
        Route r = route.route();
        checkSubresultantOptions();
        if (var != null) {
            return subresultants ? subresultants(run, r) : bivariate(run, r);
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

    /**
     * The combinations of --subresultants, --index and --principal that mean something.
     *
     * @throws IllegalArgumentException naming the option that cannot be used
     */
    private void checkSubresultantOptions() {
        if (!subresultants && (index != null || principal)) {
            throw new IllegalArgumentException((index != null ? "--index" : "--principal") + " needs --subresultants");
        }
        if (subresultants && var == null) {
            throw new IllegalArgumentException("--subresultants needs --var V (subresultants in V of bivariate F, G)");
        }
        if (index != null && principal) {
            throw new IllegalArgumentException("--index and --principal exclude each other; leave out one of them");
        }
        if (subresultants && (certification.probabilistic() || spark.master() != null)) {
            throw new IllegalArgumentException((certification.probabilistic() ? "--probabilistic" : "--spark")
                    + " is not available with --subresultants (proven, on this machine)");
        }
    }

    /** --var V --subresultants [--index J | --principal]: {@link BivariateSubresultants}. */
    private int subresultants(Invocation run, Route r) {
        BivariateOperands in = BivariateOperands.read(run, "subresultants", var, flint, r, f, g);
        ZZBivariate a = in.f();
        ZZBivariate b = in.g();
        String other = in.other();
        int k = Math.max(0, Math.min(a.degreeX(), b.degreeX()));
        if (index != null && k == 0) {
            throw new IllegalArgumentException("--index " + index + ": F and G have no subresultant in " + var
                    + " (their degrees in " + var + " are " + a.degreeX() + " and " + b.degreeX() + "; both must be"
                    + " at least 1)");
        }
        if (index != null && (index < 0 || index >= k)) {
            throw new IllegalArgumentException("--index must be in [0, " + (k - 1) + "] (the degrees of F and G in "
                    + var + " are " + a.degreeX() + " and " + b.degreeX() + "), got " + index);
        }
        Options o = run.modularOptions();
        long t0 = System.nanoTime();
        List<String> lines = new ArrayList<>();
        ModularReport report;
        if (index != null) {
            ModularResult<ZZBivariate> s = BivariateSubresultants.subresultant(a, b, index, o);
            lines.add(s.value().toString(var, other));
            report = s.report();
        } else if (principal) {
            ModularResult<List<ZZPoly>> s = BivariateSubresultants.principalCoefficients(a, b, o);
            for (ZZPoly c : s.value()) {
                lines.add(c.toString(other));
            }
            report = s.report();
        } else {
            ModularResult<List<ZZBivariate>> s = BivariateSubresultants.chain(a, b, o);
            for (ZZBivariate c : s.value()) {
                lines.add(c.toString(var, other));
            }
            report = s.report();
        }
        run.time("subresultants", t0);
        run.result("result", lines);
        run.report("eliminated", var);
        run.report(report);
        return run.finish();
    }

    private int bivariate(Invocation run, Route r) {
        if (spark.master() != null) {
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
