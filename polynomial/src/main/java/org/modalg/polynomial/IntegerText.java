package org.modalg.polynomial;

import java.io.IOException;
import java.math.BigInteger;

/**
 * Conversions between integers and text in radix 10 or 16: the one place every reader and
 * writer of the library and the command line turns digits into {@link BigInteger}s and back.
 *
 * <p>Grammar of {@link #parse}: an optional sign {@code +} or {@code -}, then one or more ASCII
 * digits ({@code 0-9}, and {@code a-f A-F} in radix 16); leading zeros are allowed; no
 * whitespace, no radix prefix, no other characters (in particular no non-ASCII digits, which
 * {@link BigInteger#BigInteger(String)} would accept). Printing gives BigInteger's form: a
 * {@code -} for negative values, lower-case hexadecimal digits, no leading zeros.
 *
 * <p>Errors are {@link NumberFormatException}s (an {@link IllegalArgumentException}) whose
 * message names the zero-based position of the first offending character.
 */
public final class IntegerText {

    private IntegerText() {
    }

    /** The decimal integer {@code text} (see the class comment for the grammar). */
    public static BigInteger parse(CharSequence text) {
        return parse(text, 10);
    }

    /**
     * The integer {@code text} in the given radix.
     *
     * @param radix 10 or 16
     * @throws NumberFormatException if text does not follow the grammar (message names the
     *     position)
     * @throws IllegalArgumentException if text is null or radix is not 10 or 16
     */
    public static BigInteger parse(CharSequence text, int radix) {
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        return parse(text, 0, text.length(), radix);
    }

    /**
     * The integer written in {@code text[start, end)} in the given radix.
     *
     * @throws NumberFormatException if the range does not follow the grammar
     * @throws IllegalArgumentException if text is null, the range is outside text or radix is
     *     not 10 or 16
     */
    public static BigInteger parse(CharSequence text, int start, int end, int radix) {
        checkRadix(radix);
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        if (start < 0 || end > text.length() || start > end) {
            throw new IllegalArgumentException("range [" + start + ", " + end + ") must lie in [0, "
                    + text.length() + "]");
        }
        int i = start;
        boolean negative = false;
        if (i < end && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
            negative = text.charAt(i) == '-';
            i++;
        }
        if (i == end) {
            throw new NumberFormatException("position " + i + ": expected a digit, found "
                    + (i < text.length() ? "'" + text.charAt(i) + "'" : "the end of the text"));
        }
        for (int j = i; j < end; j++) {
            if (digit(text.charAt(j), radix) < 0) {
                throw new NumberFormatException("position " + j + ": '" + text.charAt(j)
                        + "' is not a" + (radix == 16 ? " hexadecimal" : " decimal") + " digit");
            }
        }
        BigInteger v = new BigInteger(text.subSequence(i, end).toString(), radix);
        return negative ? v.negate() : v;
    }

    /** The decimal form of value. */
    public static String toString(BigInteger value) {
        return toString(value, 10);
    }

    /**
     * The text of value in the given radix (a {@code -} for negative values, lower-case digits).
     *
     * @param radix 10 or 16
     * @throws IllegalArgumentException if value is null or radix is not 10 or 16
     */
    public static String toString(BigInteger value, int radix) {
        checkRadix(radix);
        if (value == null) {
            throw new IllegalArgumentException("value must not be null");
        }
        return value.toString(radix);
    }

    /**
     * Appends the text of value in the given radix to out.
     *
     * @throws IOException what out throws
     * @throws IllegalArgumentException if value or out is null, or radix is not 10 or 16
     */
    public static void write(BigInteger value, int radix, Appendable out) throws IOException {
        if (out == null) {
            throw new IllegalArgumentException("out must not be null");
        }
        out.append(toString(value, radix));
    }

    /** The value of the ASCII digit c in radix, or -1. */
    static int digit(char c, int radix) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (radix == 16) {
            if (c >= 'a' && c <= 'f') {
                return c - 'a' + 10;
            }
            if (c >= 'A' && c <= 'F') {
                return c - 'A' + 10;
            }
        }
        return -1;
    }

    private static void checkRadix(int radix) {
        if (radix != 10 && radix != 16) {
            throw new IllegalArgumentException("radix must be 10 or 16, got " + radix);
        }
    }
}
