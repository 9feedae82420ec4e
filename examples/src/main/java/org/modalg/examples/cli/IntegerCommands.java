package org.modalg.examples.cli;

import java.math.BigInteger;
import java.util.concurrent.Callable;
import org.modalg.polynomial.IntegerDivision;
import org.modalg.polynomial.IntegerMultiplication;
import org.modalg.polynomial.Tuning;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code modalg intmul} and {@code modalg intdiv}: big-integer arithmetic on decimal operands. */
final class IntegerCommands {
    private IntegerCommands() {
    }

    static final String OPERAND = "A decimal integer: inline, - (standard input) or file:PATH.";

    @Command(name = "intmul", mixinStandardHelpOptions = true,
            description = {"A * B for decimal integers (NTT + CRT above the measured size threshold).",
                    "With --threads N the product runs on N threads of the CPU route (BigInteger below the threshold)."})
    static final class Mul implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "A", description = OPERAND)
        String a;

        @Parameters(index = "1", paramLabel = "B", description = OPERAND)
        String b;

        @Mixin
        CommonOptions common = new CommonOptions();

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            try (Invocation run = new Invocation("intmul", common, spec)) {
                BigInteger x = run.integer(a, "A");
                BigInteger y = run.integer(b, "B");
                run.asks(2L * (x.bitLength() + y.bitLength())); // the product and the transforms
                long t0 = System.nanoTime();
                BigInteger p;
                boolean small = Math.min(x.bitLength(), y.bitLength()) < Tuning.intMulNttBits();
                if (common.threads != null) {
                    p = small ? x.multiply(y) : IntegerMultiplication.multiplyCpu(x, y, common.threads);
                    run.report("threads", small ? 1 : common.threads);
                    run.report("method", small ? "BigInteger.multiply (below " + Tuning.intMulNttBits() + " bits)"
                            : "NTT + CRT on the CPU (IntegerMultiplication.multiplyCpu)");
                } else {
                    p = IntegerMultiplication.multiply(x, y);
                    run.report("method", small ? "BigInteger.multiply (below " + Tuning.intMulNttBits() + " bits)"
                            : "IntegerMultiplication.multiply (NTT + CRT; the GPU's when usable)");
                }
                run.time("multiply", t0);
                run.result("result", p);
                return run.finish();
            }
        }
    }

    @Command(name = "intdiv", mixinStandardHelpOptions = true,
            description = {"Quotient and remainder of A / B (truncated toward zero, as BigInteger), one per line.",
                    "Newton iteration above the measured size threshold.",
                    "--threads sets the thread count of the products inside (the JVM-wide modalg.threads)."})
    static final class Div implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "A", description = OPERAND)
        String a;

        @Parameters(index = "1", paramLabel = "B", description = "The divisor (non-zero): " + OPERAND)
        String b;

        @Mixin
        CommonOptions common = new CommonOptions();

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            try (Invocation run = new Invocation("intdiv", common, spec)) {
                run.productThreads();
                BigInteger x = run.integer(a, "A");
                BigInteger y = run.integer(b, "B");
                if (y.signum() == 0) {
                    throw new ArithmeticException("B: division by zero");
                }
                run.asks(4L * x.bitLength());
                long t0 = System.nanoTime();
                BigInteger[] qr = IntegerDivision.divideAndRemainder(x, y);
                run.time("divide", t0);
                run.result("result", qr[0]);
                run.result("remainder", qr[1]);
                return run.finish();
            }
        }
    }
}
