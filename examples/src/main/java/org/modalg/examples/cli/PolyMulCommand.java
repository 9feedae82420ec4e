package org.modalg.examples.cli;

import org.modalg.examples.cli.io.Input;
import org.modalg.examples.cli.io.Invocation;
import org.modalg.examples.cli.io.Operands;
import org.modalg.fft.Options;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.zp.ZpPoly;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code modalg polymul F G}: the product of two polynomials over Z (or Z/pZ with --mod), in
 * the human form ({@code 3*x^2 - x + 7}), or FLINT's form ({@code 3  7 -1 3}) with
 * {@code --flint} or in a text that begins with {@code #flint}.
 */
@Command(name = "polymul", mixinStandardHelpOptions = true,
        description = {"Product of two polynomials over Z, or over Z/pZ with --mod P.",
                "F, G: inline text, - (standard input) or file:PATH, in the human form",
                "(3*x^2 - x + 7); FLINT's form (len  c0 c1 ..., e.g. 3  7 -1 3) with --flint",
                "or in a text that begins with #flint. --route picks the algorithm: auto (by size),",
                "crt (small-prime NTT) or bigprime (generalized Fermat FFT; over Z/pZ on the lifts);",
                "--threads N runs the product on N threads (passed to this call only)."})
public final class PolyMulCommand extends ComputingCommand {
    static final String OPERAND = "A polynomial: inline, - (standard input) or file:PATH.";

    @Parameters(index = "0", paramLabel = "F", description = OPERAND)
    String f;

    @Parameters(index = "1", paramLabel = "G", description = OPERAND)
    String g;

    @Option(names = "--mod", paramLabel = "P", description = "Multiply over Z/pZ for this prime p < 2^62.")
    Long modulus;

    @Option(names = "--flint", description = "Read the operands and write the result in FLINT's form (len  c0 c1 ...).")
    boolean flint;

    @Option(names = "--route", paramLabel = "auto|crt|bigprime", defaultValue = "auto",
            description = "auto: chosen by size; crt: small-prime NTT with CRT; bigprime: one FFT over a"
                    + " generalized Fermat prime (default: ${DEFAULT-VALUE}).")
    String route;

    @Override
    int compute(Invocation run) {
        Options o = run.productOptions(route);
        ZpField field = null;
        if (modulus != null) {
            try {
                field = ZpField.of(modulus);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--mod " + modulus + ": " + e.getMessage(), e);
            }
        }
        Input inF = run.input(f, "F");
        Input inG = run.input(g, "G");
        String result;
        long t0;
        if (field == null) {
            ZZPoly a = Operands.zzPoly(inF, flint);
            ZZPoly b = Operands.zzPoly(inG, flint);
            run.asks(((long) a.length() + b.length()) * (64L + (a.maxCoefficientBits() + b.maxCoefficientBits()) / 4));
            t0 = System.nanoTime();
            ZZPoly c = a.multiply(b, o);
            run.time("multiply", t0);
            result = flint ? c.toFlintString() : c.toString();
        } else {
            ZpPoly a = Operands.zpPoly(inF, flint, field);
            ZpPoly b = Operands.zpPoly(inG, flint, field);
            run.asks(((long) a.length() + b.length()) * 64L);
            t0 = System.nanoTime();
            ZpPoly c = a.multiply(b, o);
            run.time("multiply", t0);
            result = flint ? c.toFlintString() : c.toString();
        }
        run.result("result", result);
        return run.finish();
    }

    /** The polynomial of a gcd or resultant operand. */
    static ZZPoly zzPoly(Invocation run, String arg, String name, boolean flint) {
        return Operands.zzPoly(run.input(arg, name), flint);
    }

    /** The text of p in the chosen form. */
    static String format(ZZPoly p, boolean flint) {
        return flint ? p.toFlintString() : p.toString();
    }
}
