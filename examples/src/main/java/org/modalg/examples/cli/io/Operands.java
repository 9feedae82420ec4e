package org.modalg.examples.cli.io;

import java.math.BigInteger;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.text.IntegerText;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.zp.ZpPoly;

/**
 * The grammars of the command line's operands, on an {@link Input}'s text; every error names
 * the operand, its origin and the line and column.
 *
 * <p>Integers: an optional sign and ASCII decimal digits, with white space allowed before and
 * after (a file's final newline), read by {@link IntegerText}.
 *
 * <p>Polynomials: the human form of {@link ZZPoly#parse(String)} ({@code 3*x^2 - x + 7},
 * constants, spaces anywhere), unless FLINT's form ({@code len  c0 c1 ...}) is asked for by the
 * command's {@code --flint} or declared by the text itself, which then begins with the word
 * {@value #FLINT_HEADER} (as the first line of a file). A list of two or more integers separated
 * by spaces ({@code "2 -3 -4"}) is refused in the human form: it would mean 2 - 3 - 4, while it
 * is almost certainly FLINT text.
 */
public final class Operands {
    /** A text that begins with this word is in FLINT's form. */
    static final String FLINT_HEADER = "#flint";

    private Operands() {
    }

    /** The decimal integer of the input. */
    static BigInteger integer(Input in) {
        String s = in.text;
        int start = 0;
        int end = s.length();
        while (start < end && isSpace(s.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(s.charAt(end - 1))) {
            end--;
        }
        if (start == end) {
            throw in.error("expected a decimal integer, found " + (s.isEmpty() ? "nothing" : "only white space"));
        }
        int i = start;
        if (s.charAt(i) == '+' || s.charAt(i) == '-') {
            i++;
        }
        if (i == end) {
            throw in.errorAt(i, "expected a digit after the sign");
        }
        for (int j = i; j < end; j++) {
            char c = s.charAt(j);
            if (c < '0' || c > '9') {
                throw in.errorAt(j, describe(c) + " is not a decimal digit" + hint(in, j, c));
            }
        }
        try {
            return IntegerText.parse(s, start, end, 10);
        } catch (IllegalArgumentException e) {
            throw in.error(e.getMessage());
        }
    }

    /** The character c as named in messages: 'x', or "a space", "a line break", "a tab". */
    static String describe(char c) {
        switch (c) {
            case ' ':
                return "a space";
            case '\n':
            case '\r':
                return "a line break";
            case '\t':
                return "a tab";
            default:
                return c < 0x20 || c > 0x7e ? String.format("the character U+%04X", (int) c) : "'" + c + "'";
        }
    }

    // A hint for an operand that is probably meant as something else.
    private static String hint(Input in, int at, char c) {
        if (in.inline() && in.text.startsWith("--")) {
            return " (a misspelled option? see --help)";
        }
        if (!in.inline() || at != 0) {
            return isSpace(c) ? " (one integer per operand)" : "";
        }
        if (c == '@') {
            return " (@FILE is not read: give a file as file:PATH, standard input as -)";
        }
        return " (inline text; give a file as file:PATH, standard input as -)";
    }

    /** Whether the text declares FLINT's form. */
    static boolean declaresFlint(String text) {
        return text.startsWith(FLINT_HEADER)
                && (text.length() == FLINT_HEADER.length() || isSpace(text.charAt(FLINT_HEADER.length())));
    }

    /** The polynomial over Z of the input (see the class comment for the form). */
    public static ZZPoly zzPoly(Input in, boolean flint) {
        try {
            if (declaresFlint(in.text)) {
                return ZZPoly.parseFlint(blankHeader(in.text));
            }
            if (flint) {
                return ZZPoly.parseFlint(in.text);
            }
            refuseIntegerList(in);
            return ZZPoly.parse(in.text);
        } catch (IllegalArgumentException e) {
            throw polyError(in, flint, e);
        }
    }

    /** The polynomial over Z/pZ of the input. */
    public static ZpPoly zpPoly(Input in, boolean flint, ZpField field) {
        try {
            if (declaresFlint(in.text)) {
                return ZpPoly.parseFlint(field, blankHeader(in.text));
            }
            if (flint) {
                return ZpPoly.parseFlint(field, in.text);
            }
            refuseIntegerList(in);
            return ZpPoly.parse(field, in.text);
        } catch (IllegalArgumentException e) {
            throw polyError(in, flint, e);
        }
    }

    /** Whether the input is read in FLINT's form. */
    static boolean isFlint(Input in, boolean flint) {
        return flint || declaresFlint(in.text);
    }

    private static IllegalArgumentException polyError(Input in, boolean flint, IllegalArgumentException e) {
        if (e.getMessage() != null && e.getMessage().startsWith(in.label() + ": ")) {
            return e; // ours, already named
        }
        String msg = e.getMessage();
        boolean atStart = msg != null && msg.startsWith("line 1, column 1:");
        if (atStart && in.inline() && !flint) {
            msg += in.text.startsWith("--") ? " (a misspelled option? see --help)"
                    : " (inline text in the human form, such as 3*x^2 - x + 7; a file is given as file:PATH,"
                            + " standard input as -, FLINT's form with --flint)";
        }
        return in.error(msg);
    }

    // The header replaced by blanks, so that line and column numbers stay those of the file.
    private static String blankHeader(String text) {
        return " ".repeat(FLINT_HEADER.length()) + text.substring(FLINT_HEADER.length());
    }

    /**
     * Refuses text made of two or more white-space separated integers (a sign glued to its
     * digits): in the human form "2 -3 -4" would be 2 - 3 - 4, but it reads as FLINT text.
     */
    private static void refuseIntegerList(Input in) {
        String s = in.text;
        int tokens = 0;
        int i = 0;
        int n = s.length();
        while (true) {
            while (i < n && isSpace(s.charAt(i))) {
                i++;
            }
            if (i == n) {
                break;
            }
            int j = i;
            if (s.charAt(j) == '+' || s.charAt(j) == '-') {
                j++;
            }
            int digits = j;
            while (j < n && s.charAt(j) >= '0' && s.charAt(j) <= '9') {
                j++;
            }
            if (j == digits || (j < n && !isSpace(s.charAt(j)))) {
                return; // not an integer token: some other human-form text
            }
            tokens++;
            i = j;
        }
        if (tokens >= 2) {
            throw in.error("a list of " + tokens + " integers separated by spaces is not a polynomial in the human form"
                    + " (write 2 - 3*x + 4*x^2, with the operators); if it is FLINT's form (len c0 c1 ...), give --flint"
                    + (in.inline() ? "" : " or begin the text with the line " + FLINT_HEADER));
        }
    }

    static boolean isSpace(char c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0x0b;
    }
}
