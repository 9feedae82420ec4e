package org.modalg.examples.cli;

import java.math.BigInteger;
import org.modalg.examples.cli.io.Invocation;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.polynomial.integer.IntegerDivision;
import org.modalg.polynomial.integer.IntegerMultiplication;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code modalg intmul} and {@code modalg intdiv}: big-integer arithmetic on decimal operands. */
final class IntegerCommands {
    private IntegerCommands() {
    }

    static final String OPERAND = "A decimal integer: inline, - (standard input) or file:PATH.";

    @Command(name = "intmul", mixinStandardHelpOptions = true,
            description = {"A * B for decimal integers (NTT + CRT above the measured size threshold).",
                    "--route crt takes the NTT whatever the size; --threads N runs the product on N threads",
                    "(passed to this call only)."})
    static final class Mul extends ComputingCommand {
        @Parameters(index = "0", paramLabel = "A", description = OPERAND)
        String a;

        @Parameters(index = "1", paramLabel = "B", description = OPERAND)
        String b;

        @Option(names = "--route", paramLabel = "auto|crt", defaultValue = "auto",
                description = "auto: BigInteger below the measured threshold, NTT + CRT above; crt: NTT + CRT"
                        + " whatever the size (default: ${DEFAULT-VALUE}).")
        String route;

        @Override
        int compute(Invocation run) {
            Options o = run.productOptions(route);
            if (o.route() == Route.BIG_PRIME) {
                throw new IllegalArgumentException("--route bigprime: integer products have the routes auto"
                        + " and crt (the big-prime FFT multiplies polynomials: polymul --route bigprime)");
            }
            BigInteger x = run.integer(a, "A");
            BigInteger y = run.integer(b, "B");
            run.asks(2L * (x.bitLength() + y.bitLength())); // the product and the transforms
            long t0 = System.nanoTime();
            BigInteger p = IntegerMultiplication.multiply(x, y, o);
            int cut = IntegerMultiplication.transformBits();
            boolean small = Math.min(x.bitLength(), y.bitLength()) < cut;
            run.report("method", o.route() == Route.AUTO && small
                    ? IntegerMultiplication.smallProductMethod(x.bitLength(), y.bitLength()) + " (below "
                            + cut + " bits)"
                    : "NTT + CRT (IntegerMultiplication.multiply" + (o.route() == Route.AUTO
                            ? "; the GPU's when usable)" : ", route crt)"));
            run.time("multiply", t0);
            run.result("result", p);
            return run.finish();
        }
    }

    @Command(name = "intdiv", mixinStandardHelpOptions = true,
            description = {"Quotient and remainder of A / B (truncated toward zero, as BigInteger), one per line.",
                    "Newton iteration above the measured size threshold.",
                    "--threads N runs the products inside on N threads (passed to this call only)."})
    static final class Div extends ComputingCommand {
        @Parameters(index = "0", paramLabel = "A", description = OPERAND)
        String a;

        @Parameters(index = "1", paramLabel = "B", description = "The divisor (non-zero): " + OPERAND)
        String b;

        @Override
        int compute(Invocation run) {
            Options o = run.productOptions("auto");
            BigInteger x = run.integer(a, "A");
            BigInteger y = run.integer(b, "B");
            if (y.signum() == 0) {
                throw new ArithmeticException("B: division by zero");
            }
            run.asks(4L * x.bitLength());
            long t0 = System.nanoTime();
            BigInteger[] qr = IntegerDivision.divideAndRemainder(x, y, o);
            run.time("divide", t0);
            run.result("result", qr[0]);
            run.result("remainder", qr[1]);
            return run.finish();
        }
    }
}
