package org.modalg.polynomial.text;

import java.math.BigInteger;

/**
 * The scanner under the human text forms of the polynomial types ({@link PolyText}'s
 * univariate form, the bivariate form of {@code ZZBivariate}): a cursor over the text with the
 * ASCII character classes, the sum of signed terms ({@link #sum}), numbers, variable names and
 * {@code ^e} exponents, and the messages and positions of {@link PolyParseException}. Each form
 * reads its own terms through the {@link Terms} callback; the sum, the signs, the whitespace
 * and the errors are the same for all.
 *
 * <p>ASCII only: digits {@code 0-9}, identifiers {@code [A-Za-z_][A-Za-z0-9_]*}, whitespace is
 * space, tab, line feed, vertical tab, form feed or carriage return. No regular expressions and
 * no recursion: every scan is a loop, O(length of text) plus the decimal conversions
 * ({@link IntegerText}, subquadratic).
 */
public final class TermScanner {

    /** Largest exponent text may give a variable: the array limit of the JVM, with a margin. */
    public static final int MAX_EXPONENT = Integer.MAX_VALUE - 16;

    /** Reads one term at the scanner's position, its sign already read. */
    @FunctionalInterface
    public interface Terms {
        /**
         * Reads the term starting at {@link TermScanner#position()} (whitespace skipped) and
         * leaves the position just after it.
         *
         * @param negative whether the signs before the term make it negative
         */
        void term(boolean negative);
    }

    private final String s;
    private int i;

    /**
     * A scanner at the start of {@code text}.
     *
     * @throws IllegalArgumentException if text is null
     */
    public TermScanner(String text) {
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        this.s = text;
    }

    /**
     * Returns {@code name}; throws IllegalArgumentException naming {@code param} unless name is
     * an identifier ({@code [A-Za-z_][A-Za-z0-9_]*}).
     */
    public static String checkIdentifier(String name, String param) {
        if (name == null) {
            throw new IllegalArgumentException(param + " must not be null");
        }
        boolean ok = !name.isEmpty() && isIdentStart(name.charAt(0));
        for (int k = 1; ok && k < name.length(); k++) {
            ok = isIdentPart(name.charAt(k));
        }
        if (!ok) {
            throw new IllegalArgumentException(param + " must be an identifier ([A-Za-z_][A-Za-z0-9_]*), got '"
                    + name + "'");
        }
        return name;
    }

    /** Whether c may start an identifier. */
    public static boolean isIdentStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    /** Whether c may continue an identifier. */
    public static boolean isIdentPart(char c) {
        return isIdentStart(c) || (c >= '0' && c <= '9');
    }

    /** Whether c is an ASCII digit. */
    public static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** ASCII whitespace: space, tab, line feed, vertical tab, form feed, carriage return. */
    public static boolean isWhitespace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    /**
     * The sum of signed terms from the position to the end of the text:
     * {@code [sign [sign]] term ( ('+' | '-') [sign] term )*} (one more sign may follow each
     * operator, as in {@code + -3}); whitespace is skipped around every token.
     *
     * @param example a polynomial of the form, for the message on empty text
     * @param expectedBetween what may follow a term, for the message when something else does
     *     (such as {@code "'+', '-' or end of text"})
     * @throws PolyParseException on empty text, on a term not followed by a sign or the end,
     *     and whatever {@code terms} throws
     */
    public void sum(String example, String expectedBetween, Terms terms) {
        skipWs();
        if (i == s.length()) {
            throw error(i, "expected a polynomial such as " + example + ", found end of text");
        }
        boolean first = true;
        while (true) {
            boolean negative = false;
            char c = peek();
            if (c == '+' || c == '-') {
                negative = c == '-';
                i++;
                skipWs();
            } else if (!first) {
                throw error(i, "expected " + expectedBetween + ", found " + describe(i));
            }
            if (peek() == '+' || peek() == '-') { // a sign after the operator: "+ -3"
                negative ^= s.charAt(i++) == '-';
                skipWs();
            }
            terms.term(negative);
            skipWs();
            if (i == s.length()) {
                return;
            }
            first = false;
        }
    }

    /** The text. */
    public String text() {
        return s;
    }

    /** The index of the next character to read. */
    public int position() {
        return i;
    }

    /** Moves to index {@code at}, in [0, length of text]. */
    public void position(int at) {
        if (at < 0 || at > s.length()) {
            throw new IllegalArgumentException("at must be in [0, " + s.length() + "], got " + at);
        }
        i = at;
    }

    /** Whether the position is at the end of the text. */
    public boolean atEnd() {
        return i == s.length();
    }

    /** The character at the position, or {@code '\0'} at the end. */
    public char peek() {
        return i < s.length() ? s.charAt(i) : '\0';
    }

    /** Whether the character at index {@code j} is {@code c} (false at the end). */
    public boolean charAt(int j, char c) {
        return j < s.length() && s.charAt(j) == c;
    }

    /** Whether an identifier starts at index {@code j} (false at the end). */
    public boolean identAt(int j) {
        return j < s.length() && isIdentStart(s.charAt(j));
    }

    /** Skips whitespace from the position. */
    public void skipWs() {
        i = afterWs(i);
    }

    /** The index of the first non-whitespace character from {@code j} on (or the length). */
    public int afterWs(int j) {
        while (j < s.length() && isWhitespace(s.charAt(j))) {
            j++;
        }
        return j;
    }

    /** The end of the run of digits from the position; moves there. */
    public int digits() {
        while (i < s.length() && isDigit(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The non-negative decimal number at the position (a digit there); moves after it. */
    public BigInteger number() {
        int start = i;
        return IntegerText.parse(s, start, digits(), 10);
    }

    /** The identifier at the position (an identifier start there); moves after it. */
    public String identifier() {
        int start = i;
        while (i < s.length() && isIdentPart(s.charAt(i))) {
            i++;
        }
        return s.substring(start, i);
    }

    /**
     * After a variable: an optional {@code ^e} (whitespace allowed around {@code ^}), its value
     * in [0, {@link #MAX_EXPONENT}], else 1 (and the position unchanged).
     *
     * @throws PolyParseException at the exponent if none follows {@code ^} or it is above
     *     {@link #MAX_EXPONENT}
     */
    public long exponent() {
        int j = afterWs(i);
        if (!charAt(j, '^')) {
            return 1;
        }
        i = afterWs(j + 1);
        if (i == s.length() || !isDigit(s.charAt(i))) {
            throw error(i, "expected an exponent (a non-negative integer) after '^', found " + describe(i));
        }
        int from = i;
        int to = digits();
        int k = from;
        while (k < to - 1 && s.charAt(k) == '0') {
            k++;
        }
        long e = to - k > 10 ? -1 : Long.parseLong(s.substring(k, to));
        if (e < 0 || e > MAX_EXPONENT) {
            throw error(from, "exponent " + excerpt(from, to) + " is too large (at most " + MAX_EXPONENT + ")");
        }
        return e;
    }

    /** The character at index j for a message: {@code 'c'}, {@code end of line} or {@code end of text}. */
    public String describe(int j) {
        return describe(s, j);
    }

    /** The text [from, to) for a message, cut to 40 characters. */
    public String excerpt(int from, int to) {
        return excerpt(s, from, to);
    }

    /** An exception at index {@code at}, with its 1-based line and column. */
    public PolyParseException error(int at, String detail) {
        return error(s, at, detail);
    }

    static String describe(String s, int j) {
        if (j >= s.length()) {
            return "end of text";
        }
        char c = s.charAt(j);
        if (c == '\n' || c == '\r') {
            return "end of line";
        }
        return "'" + c + "'";
    }

    static String excerpt(String s, int from, int to) {
        return to - from <= 40 ? s.substring(from, to)
                : s.substring(from, from + 30) + "... (" + (to - from) + " characters)";
    }

    /** An exception at character index {@code at} of {@code s}, with its 1-based line and column. */
    static PolyParseException error(String s, int at, String detail) {
        int line = 1;
        int lineStart = 0;
        for (int j = 0; j < at && j < s.length(); j++) {
            char c = s.charAt(j);
            if (c == '\n' || (c == '\r' && (j + 1 >= s.length() || s.charAt(j + 1) != '\n'))) {
                line++;
                lineStart = j + 1;
            }
        }
        return new PolyParseException(detail, line, at - lineStart + 1);
    }
}
