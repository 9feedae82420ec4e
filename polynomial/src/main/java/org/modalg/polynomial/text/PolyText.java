package org.modalg.polynomial.text;

import java.io.IOException;
import java.math.BigInteger;
import java.util.function.IntFunction;

/**
 * Reading and writing the two text forms shared by every polynomial type. Coefficients are
 * handled as integers here; each type reduces or normalizes them.
 *
 * <p>Human form: a sum of terms {@code c*x^e}, {@code c x^e}, {@code cx^e}, {@code x^e},
 * {@code c*x}, {@code x} and {@code c} with non-negative decimal c and e, separated by
 * {@code +} or {@code -} (each may be followed by one more sign, as in {@code + -3}); the
 * first term may carry a sign (or two: {@code + -3} alone is -3); whitespace (newlines included) is allowed between tokens;
 * terms may come in any order and repeated exponents are added. The variable is a
 * parameter (an identifier).
 *
 * <p>FLINT form: {@code len  c0 c1 ... c_{len-1}}, whitespace separated, coefficients as
 * signed decimal integers in increasing degree; the zero polynomial is {@code 0}.
 *
 * <p>Both forms are ASCII: digits {@code 0-9} only, whitespace is space, tab, line feed,
 * carriage return, form feed or vertical tab. Numbers are converted by {@link IntegerText}
 * (subquadratic), read in place without copying the text. Sizes are checked against the input
 * before anything is allocated: an exponent or FLINT length whose dense coefficient array
 * would not fit the heap ({@link Runtime#maxMemory()}) or the array limit is a
 * {@link PolyParseException} naming it and the bytes it would need, and a FLINT length above
 * the number of coefficients present is an error before the array is made. No regular
 * expressions: every scan is an iterative loop, so text of any length is read without deep
 * recursion.
 */
public final class PolyText {
    /** Largest degree that text may ask for: the array limit of the JVM, with a margin. */
    public static final int MAX_DEGREE = TermScanner.MAX_EXPONENT;

    private PolyText() {
    }

    /** Throws IllegalArgumentException naming {@code variable} unless it is an identifier. */
    public static String checkVariable(String variable) {
        return TermScanner.checkIdentifier(variable, "variable");
    }

    static String checkText(String text) {
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        return text;
    }

    private static boolean isDigit(char c) {
        return TermScanner.isDigit(c);
    }

    /** ASCII whitespace: space, tab, line feed, vertical tab, form feed, carriage return. */
    static boolean isWhitespace(char c) {
        return TermScanner.isWhitespace(c);
    }

    /** Bytes a dense array of {@code length} coefficient slots takes at least (one reference each, header). */
    static long denseBytes(long length) {
        return 8 * length + 16;
    }

    /**
     * Null if a dense array of {@code length} coefficients fits the array limit and the heap
     * space still free ({@link Runtime#maxMemory()} less what is in use), else the reason (what
     * it would need against what there is).
     */
    static String denseArrayProblem(long length) {
        if (length - 1 > MAX_DEGREE) {
            return "above the largest supported degree " + MAX_DEGREE;
        }
        long need = denseBytes(length);
        Runtime rt = Runtime.getRuntime();
        long max = rt.maxMemory();
        long free = max - (rt.totalMemory() - rt.freeMemory());
        if (need > free) {
            return "its dense array of " + length + " coefficients would need at least " + need
                    + " bytes; the heap has " + free + " bytes free of its maximum " + max
                    + " (Runtime.maxMemory())";
        }
        return null;
    }

    /** The value of the ASCII digits s[from, to) if at most 18 significant digits, else -1. */
    private static long smallValue(String s, int from, int to) {
        while (from < to - 1 && s.charAt(from) == '0') {
            from++;
        }
        if (to - from > 18) {
            return -1;
        }
        long v = 0;
        for (int j = from; j < to; j++) {
            v = v * 10 + (s.charAt(j) - '0');
        }
        return v;
    }

    /** s[from, to) for a message, cut to 40 characters. */
    private static String excerpt(String s, int from, int to) {
        return TermScanner.excerpt(s, from, to);
    }

    // ------------------------------------------------------------------ human form

    /**
     * The coefficients (index = exponent, entries non-null, not normalized) of a polynomial
     * in human form. O(length of text + degree) plus the decimal conversions.
     *
     * @throws PolyParseException on malformed text, with line and column
     */
    public static BigInteger[] parseHuman(String text, String variable) {
        checkText(text);
        checkVariable(variable);
        return new HumanParser(text, variable).parse();
    }

    private static final class HumanParser {
        private final TermScanner in;
        private final String var;
        private int count;
        private int[] exps = new int[16];
        private BigInteger[] coeffs = new BigInteger[16];
        private int degree;

        HumanParser(String s, String var) {
            this.in = new TermScanner(s);
            this.var = var;
        }

        BigInteger[] parse() {
            in.sum("3*" + var + "^2 - " + var + " + 7", "'+', '-' or end of text", this::term);
            BigInteger[] c = new BigInteger[degree + 1]; // checked against the heap in power()
            for (int t = 0; t < count; t++) {
                int e = exps[t];
                c[e] = c[e] == null ? coeffs[t] : c[e].add(coeffs[t]);
            }
            for (int e = 0; e <= degree; e++) {
                if (c[e] == null) {
                    c[e] = BigInteger.ZERO;
                }
            }
            return c;
        }

        // c*x^e, c x^e, cx^e, x^e, c*x, x or c
        private void term(boolean negative) {
            BigInteger coeff;
            int exponent;
            char c = in.peek();
            if (isDigit(c)) {
                coeff = in.number();
                int j = in.afterWs(in.position());
                if (in.charAt(j, '*')) {
                    in.position(in.afterWs(j + 1));
                    if (!in.identAt(in.position())) {
                        throw in.error(in.position(), "expected variable '" + var + "' after '*', found "
                                + in.describe(in.position()));
                    }
                    exponent = power();
                } else if (in.identAt(j)) {
                    in.position(j);
                    exponent = power();
                } else {
                    exponent = 0;
                }
            } else if (TermScanner.isIdentStart(c)) {
                coeff = BigInteger.ONE;
                exponent = power();
            } else {
                throw in.error(in.position(), "expected a coefficient or '" + var + "', found "
                        + in.describe(in.position()));
            }
            if (negative) {
                coeff = coeff.negate();
            }
            if (count == exps.length) {
                exps = java.util.Arrays.copyOf(exps, 2 * count);
                coeffs = java.util.Arrays.copyOf(coeffs, 2 * count);
            }
            exps[count] = exponent;
            coeffs[count++] = coeff;
            degree = Math.max(degree, exponent);
        }

        // The variable at the position, then an optional ^e; returns the exponent.
        private int power() {
            int start = in.position();
            String name = in.identifier();
            if (!name.equals(var)) {
                throw in.error(start, "expected variable '" + var + "', found '" + name + "'");
            }
            int eStart = in.afterWs(in.afterWs(in.position()) + 1); // the digits, when a '^' follows
            long e = in.exponent();
            if (e > degree) {
                String problem = denseArrayProblem(e + 1);
                if (problem != null) {
                    throw in.error(eStart, "exponent " + e + " is too large: " + problem);
                }
            }
            return (int) e;
        }
    }

    // ------------------------------------------------------------------ FLINT form

    /**
     * The coefficients (increasing degree, not normalized) of a polynomial in FLINT's form
     * {@code len  c0 c1 ... c_{len-1}}. O(length of text) plus the decimal conversions.
     *
     * @throws PolyParseException on malformed text, with line and column
     */
    public static BigInteger[] parseFlint(String text) {
        String s = checkText(text);
        int i = skipWs(s, 0);
        if (i == s.length()) {
            throw error(s, i, "expected the length (a non-negative integer), found end of text");
        }
        int end = tokenEnd(s, i);
        if (!isUnsignedInteger(s, i, end)) {
            throw error(s, i, "expected the length (a non-negative integer), found '" + excerpt(s, i, end) + "'");
        }
        long lenLong = smallValue(s, i, end);
        if (lenLong < 0 || lenLong > MAX_DEGREE + 1L) {
            throw error(s, i, "length " + excerpt(s, i, end) + " is too large (at most " + (MAX_DEGREE + 1L) + ")");
        }
        int len = (int) lenLong;
        int first = skipWs(s, end);
        // count the coefficients present before allocating for len of them
        int present = 0;
        int j = first;
        int lastEnd = first;
        while (j < s.length() && present < len) {
            lastEnd = tokenEnd(s, j);
            present++;
            j = skipWs(s, lastEnd);
        }
        if (present < len) {
            throw error(s, s.length(), "expected " + len + " coefficients, found " + present
                    + " before the end of text");
        }
        String problem = denseArrayProblem(len);
        if (problem != null) {
            throw error(s, i, "length " + len + " is too large: " + problem);
        }
        BigInteger[] coeffs = new BigInteger[len];
        i = first;
        for (int t = 0; t < len; t++) {
            end = tokenEnd(s, i);
            int digits = s.charAt(i) == '-' ? i + 1 : i;
            if (!isUnsignedInteger(s, digits, end)) {
                throw error(s, i, "expected coefficient " + t + " (an integer), found '"
                        + excerpt(s, i, end) + "'");
            }
            coeffs[t] = IntegerText.parse(s, i, end, 10);
            i = skipWs(s, end);
        }
        if (i != s.length()) {
            throw error(s, i, "expected end of text after " + len + " coefficients, found '"
                    + excerpt(s, i, tokenEnd(s, i)) + "'");
        }
        return coeffs;
    }

    private static boolean isUnsignedInteger(String s, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int j = from; j < to; j++) {
            if (!isDigit(s.charAt(j))) {
                return false;
            }
        }
        return true;
    }

    private static int skipWs(String s, int j) {
        while (j < s.length() && isWhitespace(s.charAt(j))) {
            j++;
        }
        return j;
    }

    private static int tokenEnd(String s, int j) {
        while (j < s.length() && !isWhitespace(s.charAt(j))) {
            j++;
        }
        return j;
    }

    // ------------------------------------------------------------------ errors

    private static String describe(String s, int j) {
        return TermScanner.describe(s, j);
    }

    /** An exception at character index {@code at} of {@code s}, with its 1-based line and column. */
    static PolyParseException error(String s, int at, String detail) {
        return TermScanner.error(s, at, detail);
    }

    // ------------------------------------------------------------------ printing

    /**
     * Human form of the polynomial with {@code len} coefficients given by {@code coeff}
     * (increasing degree; zero coefficients are skipped): {@code 3*x^2 - x + 7}; {@code 0}
     * for the zero polynomial. Coefficients are printed by {@link IntegerText}. The one check and
     * format of the polynomial types' {@code toString(variable)}.
     *
     * @throws IllegalArgumentException naming {@code variable} unless it is an identifier
     */
    public static String formatHuman(int len, IntFunction<BigInteger> coeff, String variable) {
        checkVariable(variable);
        StringBuilder sb = new StringBuilder();
        try {
            appendHuman(len, coeff, variable, sb);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // a StringBuilder does not throw
        }
        return sb.toString();
    }

    /** {@link #formatHuman} appended to out piece by piece (no String of the whole text). */
    static void appendHuman(int len, IntFunction<BigInteger> coeff, String variable, Appendable out)
            throws IOException {
        boolean any = false;
        for (int e = len - 1; e >= 0; e--) {
            BigInteger c = coeff.apply(e);
            int sign = c.signum();
            if (sign == 0) {
                continue;
            }
            if (!any) {
                if (sign < 0) {
                    out.append('-');
                }
            } else {
                out.append(sign < 0 ? " - " : " + ");
            }
            any = true;
            BigInteger a = c.abs();
            if (e == 0) {
                IntegerText.write(a, 10, out);
                continue;
            }
            if (!a.equals(BigInteger.ONE)) {
                IntegerText.write(a, 10, out);
                out.append('*');
            }
            out.append(variable);
            if (e > 1) {
                out.append('^').append(Integer.toString(e));
            }
        }
        if (!any) {
            out.append('0');
        }
    }

    /** FLINT form {@code len  c0 c1 ... c_{len-1}}; {@code 0} for the zero polynomial. */
    public static String formatFlint(int len, IntFunction<BigInteger> coeff) {
        StringBuilder sb = new StringBuilder();
        try {
            appendFlint(len, coeff, sb);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // a StringBuilder does not throw
        }
        return sb.toString();
    }

    /** {@link #formatFlint} appended to out piece by piece (no String of the whole text). */
    static void appendFlint(int len, IntFunction<BigInteger> coeff, Appendable out) throws IOException {
        out.append(Integer.toString(len));
        if (len > 0) {
            out.append(' ');
            for (int e = 0; e < len; e++) {
                out.append(' ');
                IntegerText.write(coeff.apply(e), 10, out);
            }
        }
    }
}
