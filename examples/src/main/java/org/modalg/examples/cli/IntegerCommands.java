package org.modalg.examples.cli;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.modalg.polynomial.IntegerDivision;
import org.modalg.polynomial.IntegerMultiplication;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code modalg intmul} and {@code modalg intdiv}: big-integer arithmetic on decimal operands. */
final class IntegerCommands {
    private IntegerCommands() {
    }

    /** An operand: a decimal integer, or {@code @FILE} holding one. */
    static BigInteger operand(String text, String name) {
        String s = text.startsWith("@") ? read(Path.of(text.substring(1)), name) : text;
        try {
            return new BigInteger(s.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a decimal integer (or @FILE), got '"
                    + (s.length() > 40 ? s.substring(0, 40) + "..." : s.trim()) + "'", e);
        }
    }

    /** The UTF-8 content of a file, or an IllegalArgumentException naming the parameter. */
    static String read(Path file, String name) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException(name + ": cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    static void write(String result, Path out) {
        if (out == null) {
            System.out.println(result);
            return;
        }
        try {
            Files.writeString(out, result + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }

    @Command(name = "intmul", mixinStandardHelpOptions = true,
            description = "A * B for decimal integers (NTT + CRT above the measured size threshold).")
    static final class Mul implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "A", description = "Decimal integer or @FILE.")
        String a;

        @Parameters(index = "1", paramLabel = "B", description = "Decimal integer or @FILE.")
        String b;

        @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the result here.")
        Path out;

        @Override
        public Integer call() {
            write(IntegerMultiplication.multiply(operand(a, "A"), operand(b, "B")).toString(), out);
            return 0;
        }
    }

    @Command(name = "intdiv", mixinStandardHelpOptions = true,
            description = {"Quotient and remainder of A / B (truncated toward zero, as BigInteger), one per line.",
                    "Newton iteration above the measured size threshold."})
    static final class Div implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "A", description = "Decimal integer or @FILE.")
        String a;

        @Parameters(index = "1", paramLabel = "B", description = "Decimal integer or @FILE (non-zero).")
        String b;

        @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the result here.")
        Path out;

        @Override
        public Integer call() {
            BigInteger[] qr = IntegerDivision.divideAndRemainder(operand(a, "A"), operand(b, "B"));
            write(qr[0] + "\n" + qr[1], out);
            return 0;
        }
    }
}
