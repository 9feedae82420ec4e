package org.modalg.examples.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.ZZPoly;
import org.modalg.polynomial.ZpPoly;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code modalg polymul F G}: the product of two polynomials over Z (or Z/pZ with --mod), read
 * from files or given inline, in the human form ({@code 3*x^2 - x + 7}) or FLINT's format
 * ({@code 3  7 -1 3}); the output uses the format of F unless --format says otherwise.
 */
@Command(name = "polymul", mixinStandardHelpOptions = true,
        description = {"Product of two polynomials over Z, or over Z/pZ with --mod P.",
                "F and G are files or inline text, in human form (3*x^2 - x + 7) or FLINT form (3  7 -1 3).",
                "The algorithm is chosen automatically by size (see polynomial/README.md)."})
public final class PolyMulCommand implements Callable<Integer> {
    private static final Pattern FLINT = Pattern.compile("\\s*\\d+(\\s+-?\\d+)*\\s*");

    @Parameters(index = "0", paramLabel = "F", description = "A file, or the polynomial itself.")
    String f;

    @Parameters(index = "1", paramLabel = "G", description = "A file, or the polynomial itself.")
    String g;

    @Option(names = "--mod", paramLabel = "P", description = "Multiply over Z/pZ for this prime p < 2^62.")
    Long modulus;

    @Option(names = "--format", paramLabel = "human|flint", description = "Output format (default: that of F).")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the product here.")
    Path out;

    @Override
    public Integer call() {
        String tf = text(f, "F");
        String tg = text(g, "G");
        boolean flint = format == null ? FLINT.matcher(tf).matches() : parseFormat(format);
        String result;
        if (modulus == null) {
            ZZPoly a = flint(tf) ? ZZPoly.parseFlint(tf) : ZZPoly.parse(tf);
            ZZPoly b = flint(tg) ? ZZPoly.parseFlint(tg) : ZZPoly.parse(tg);
            ZZPoly c = a.multiply(b);
            result = flint ? c.toFlintString() : c.toString();
        } else {
            ZpField field = ZpField.of(modulus);
            ZpPoly a = flint(tf) ? ZpPoly.parseFlint(field, tf) : ZpPoly.parse(field, tf);
            ZpPoly b = flint(tg) ? ZpPoly.parseFlint(field, tg) : ZpPoly.parse(field, tg);
            ZpPoly c = a.multiply(b);
            result = flint ? c.toFlintString() : c.toString();
        }
        IntegerCommands.write(result, out);
        return 0;
    }

    /**
     * The integer polynomial given by {@code arg}: a file's content when it names a readable
     * file, else the text itself, in FLINT form when it looks like one, else in human form.
     * Shared with the gcd and resultant commands.
     */
    static ZZPoly readZZPoly(String arg, String name) {
        String t = text(arg, name);
        return flint(t) ? ZZPoly.parseFlint(t) : ZZPoly.parse(t);
    }

    /** Whether {@code arg} (a file or inline text) is in FLINT form. */
    static boolean isFlint(String arg, String name) {
        return flint(text(arg, name));
    }

    private static boolean flint(String text) {
        return FLINT.matcher(text).matches();
    }

    private static boolean parseFormat(String f) {
        if (f.equals("flint")) {
            return true;
        }
        if (f.equals("human")) {
            return false;
        }
        throw new IllegalArgumentException("--format must be human or flint, got " + f);
    }

    /** The file's content when {@code arg} names a readable file, else {@code arg} itself. */
    private static String text(String arg, String name) {
        Path p;
        try {
            p = Path.of(arg);
        } catch (RuntimeException e) {
            return arg;
        }
        return Files.isRegularFile(p) ? IntegerCommands.read(p, name) : arg;
    }
}
