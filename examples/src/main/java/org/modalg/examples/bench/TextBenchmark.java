package org.modalg.examples.bench;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.polynomial.text.IntegerText;

/**
 * Conversions between integers and text: {@link IntegerText#parse} and
 * {@link IntegerText#toString} against {@code new BigInteger(String)} and
 * {@link BigInteger#toString()}, decimal and hexadecimal, random numbers of 10^3 .. 10^7 digits.
 * modalg's products run on one thread unless {@code -Dmodalg.threads} says otherwise. Each
 * text printed back is compared with the text read; each BigInteger result with modalg's.
 *
 * <p>Columns: the first call at a size ({@code first_*}: it grows the shared table of powers
 * 10^(18 2^k) and Barrett reciprocals up to that size; sizes run upwards in one JVM after a
 * warm-up of eight round trips of 3 10^5 digits, so it is not what a one-shot command pays,
 * which also compiles the code), and the minimum over the following {@code repeats} calls (of
 * the mean of a batch of calls at small sizes). BigInteger is skipped (NaN) above the given sizes:
 * {@code new BigInteger(String)} is quadratic (about 58 s at 10^6 digits).
 *
 * <p>Usage: {@code TextBenchmark [maxDigits [repeats [bigParseMaxDigits [bigPrintMaxDigits
 * [csv]]]]]}, defaults 10^7, 3, 10^5, 10^6, none.
 */
public final class TextBenchmark {
    /** CSV columns. */
    public static final String[] COLUMNS = {"digits", "radix", "first_parse_ms", "parse_ms", "first_print_ms",
        "print_ms", "biginteger_parse_ms", "biginteger_print_ms", "ratio_parse", "ratio_print"};

    private TextBenchmark() {
    }

    public static void main(String[] args) {
        if (System.getProperty("modalg.threads") == null) {
            System.setProperty("modalg.threads", "1"); // before the NTT engine is first used
        }
        long maxDigits = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        long bigParseMax = args.length > 2 ? Long.parseLong(args[2]) : 100_000L;
        long bigPrintMax = args.length > 3 ? Long.parseLong(args[3]) : 1_000_000L;
        if (maxDigits < 1000 || maxDigits > 100_000_000L || repeats < 1) {
            throw new IllegalArgumentException("maxDigits must be in [10^3, 10^8] and repeats >= 1");
        }
        System.out.println("# modalg TextBenchmark: " + BenchTable.machine() + ", modalg.threads="
                + System.getProperty("modalg.threads"));
        BenchTable table = run(maxDigits, repeats, bigParseMax, bigPrintMax, 1);
        table.print(System.out);
        if (args.length > 4) {
            table.writeCsv(Path.of(args[4]));
        }
    }

    /** The table for 10^3, 10^4, ... maxDigits digits in radix 10, then 16. */
    public static BenchTable run(long maxDigits, int repeats, long bigParseMax, long bigPrintMax, long seed) {
        BenchTable table = new BenchTable(COLUMNS);
        Random rnd = new Random(seed);
        // JIT warm-up of the product routes (the NTT is first used from about 10^5 digits)
        String warm = randomDigits(rnd, 300_000, 10);
        for (int i = 0; i < 8; i++) {
            if (!IntegerText.toString(IntegerText.parse(warm)).equals(warm)) {
                throw new IllegalStateException("round trip failed in the warm-up");
            }
        }
        for (int radix : new int[] {10, 16}) {
            for (long d = 1000; d <= maxDigits; d *= 10) {
                int digits = (int) d;
                String text = randomDigits(rnd, digits, radix);
                int reps = (int) Math.max(1, Math.min(200, 2_000_000L / digits));
                long t0 = System.nanoTime();
                BigInteger v = IntegerText.parse(text, radix);
                double firstParse = (System.nanoTime() - t0) / 1e6;
                t0 = System.nanoTime();
                String back = IntegerText.toString(v, radix);
                double firstPrint = (System.nanoTime() - t0) / 1e6;
                if (!back.equals(text)) {
                    throw new IllegalStateException("round trip failed at " + digits + " digits");
                }
                double parse = min(repeats, reps, () -> IntegerText.parse(text, radix));
                double print = min(repeats, reps, () -> IntegerText.toString(v, radix));
                double bigParse = Double.NaN;
                double bigPrint = Double.NaN;
                if (digits <= bigParseMax) {
                    if (!new BigInteger(text, radix).equals(v)) {
                        throw new IllegalStateException("BigInteger disagrees at " + digits + " digits");
                    }
                    bigParse = min(digits <= bigParseMax / 10 ? repeats : 1, reps, () -> new BigInteger(text, radix));
                }
                if (digits <= bigPrintMax) {
                    bigPrint = min(digits <= bigPrintMax / 10 ? repeats : 1, reps, () -> v.toString(radix));
                }
                table.add(digits, radix, firstParse, parse, firstPrint, print, bigParse, bigPrint,
                        bigParse / parse, bigPrint / print);
            }
        }
        return table;
    }

    /** Minimum over repeats of the mean time (ms) of reps calls. */
    private static double min(int repeats, int reps, java.util.function.Supplier<Object> body) {
        double[] ms = new double[repeats];
        Object sink = null;
        for (int r = 0; r < repeats; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                sink = body.get();
            }
            ms[r] = (System.nanoTime() - t0) / 1e6 / reps;
        }
        if (sink == null) {
            throw new IllegalStateException();
        }
        return Arrays.stream(ms).min().getAsDouble();
    }

    private static String randomDigits(Random rnd, int digits, int radix) {
        char[] c = new char[digits];
        c[0] = Character.forDigit(1 + rnd.nextInt(radix - 1), radix);
        for (int j = 1; j < digits; j++) {
            c[j] = Character.forDigit(rnd.nextInt(radix), radix);
        }
        return new String(c);
    }
}
