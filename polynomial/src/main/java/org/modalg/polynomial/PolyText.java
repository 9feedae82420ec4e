package org.modalg.polynomial;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
 */
final class PolyText {
    /** Largest degree that text may ask for: the array limit of the JVM, with a margin. */
    static final int MAX_DEGREE = Integer.MAX_VALUE - 16;

    private PolyText() {
    }

    /** Throws IllegalArgumentException naming {@code variable} unless it is an identifier. */
    static String checkVariable(String variable) {
        if (variable == null) {
            throw new IllegalArgumentException("variable must not be null");
        }
        boolean ok = !variable.isEmpty() && isIdentStart(variable.charAt(0));
        for (int i = 1; ok && i < variable.length(); i++) {
            ok = isIdentPart(variable.charAt(i));
        }
        if (!ok) {
            throw new IllegalArgumentException(
                    "variable must be an identifier ([A-Za-z_][A-Za-z0-9_]*), got '" + variable + "'");
        }
        return variable;
    }

    static String checkText(String text) {
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        return text;
    }

    private static boolean isIdentStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private static boolean isIdentPart(char c) {
        return isIdentStart(c) || (c >= '0' && c <= '9');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    // ------------------------------------------------------------------ human form

    /**
     * The coefficients (index = exponent, entries non-null, not normalized) of a polynomial
     * in human form. O(length of text + degree) plus the decimal conversions.
     *
     * @throws PolyParseException on malformed text, with line and column
     */
    static BigInteger[] parseHuman(String text, String variable) {
        checkText(text);
        checkVariable(variable);
        return new HumanParser(text, variable).parse();
    }

    private static final class HumanParser {
        private final String s;
        private final String var;
        private int i;
        private final TreeMap<Integer, BigInteger> terms = new TreeMap<>();

        HumanParser(String s, String var) {
            this.s = s;
            this.var = var;
        }

        BigInteger[] parse() {
            skipWs();
            if (i == s.length()) {
                throw error(i, "expected a polynomial such as 3*" + var + "^2 - " + var + " + 7, found end of text");
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
                    throw error(i, "expected '+', '-' or end of text, found " + describe(i));
                }
                if (peek() == '+' || peek() == '-') { // a sign after the operator: "+ -3"
                    negative ^= s.charAt(i++) == '-';
                    skipWs();
                }
                term(negative);
                skipWs();
                if (i == s.length()) {
                    break;
                }
                first = false;
            }
            int degree = terms.lastKey();
            BigInteger[] c = new BigInteger[degree + 1];
            java.util.Arrays.fill(c, BigInteger.ZERO);
            for (Map.Entry<Integer, BigInteger> e : terms.entrySet()) {
                c[e.getKey()] = e.getValue();
            }
            return c;
        }

        private void term(boolean negative) {
            BigInteger coeff;
            int exponent;
            char c = peek();
            if (isDigit(c)) {
                coeff = number();
                int j = afterWs(i);
                if (j < s.length() && s.charAt(j) == '*') {
                    i = afterWs(j + 1);
                    if (i == s.length() || !isIdentStart(s.charAt(i))) {
                        throw error(i, "expected variable '" + var + "' after '*', found " + describe(i));
                    }
                    exponent = power();
                } else if (j < s.length() && isIdentStart(s.charAt(j))) {
                    i = j;
                    exponent = power();
                } else {
                    exponent = 0;
                }
            } else if (isIdentStart(c)) {
                coeff = BigInteger.ONE;
                exponent = power();
            } else {
                throw error(i, "expected a coefficient or '" + var + "', found " + describe(i));
            }
            if (negative) {
                coeff = coeff.negate();
            }
            terms.merge(exponent, coeff, BigInteger::add);
        }

        // The variable at i, then an optional ^e; returns the exponent.
        private int power() {
            int start = i;
            while (i < s.length() && isIdentPart(s.charAt(i))) {
                i++;
            }
            String name = s.substring(start, i);
            if (!name.equals(var)) {
                throw error(start, "expected variable '" + var + "', found '" + name + "'");
            }
            int j = afterWs(i);
            if (j < s.length() && s.charAt(j) == '^') {
                i = afterWs(j + 1);
                if (i == s.length() || !isDigit(s.charAt(i))) {
                    throw error(i, "expected an exponent (a non-negative integer) after '^', found " + describe(i));
                }
                int eStart = i;
                BigInteger e = number();
                if (e.compareTo(BigInteger.valueOf(MAX_DEGREE)) > 0) {
                    throw error(eStart, "exponent " + e + " is too large (at most " + MAX_DEGREE + ")");
                }
                return e.intValue();
            }
            return 1;
        }

        private BigInteger number() {
            int start = i;
            while (i < s.length() && isDigit(s.charAt(i))) {
                i++;
            }
            return new BigInteger(s.substring(start, i));
        }

        private char peek() {
            return i < s.length() ? s.charAt(i) : '\0';
        }

        private void skipWs() {
            i = afterWs(i);
        }

        private int afterWs(int j) {
            while (j < s.length() && Character.isWhitespace(s.charAt(j))) {
                j++;
            }
            return j;
        }

        private String describe(int j) {
            return PolyText.describe(s, j);
        }

        private PolyParseException error(int at, String detail) {
            return PolyText.error(s, at, detail);
        }
    }

    // ------------------------------------------------------------------ FLINT form

    /**
     * The coefficients (increasing degree, not normalized) of a polynomial in FLINT's form
     * {@code len  c0 c1 ... c_{len-1}}. O(length of text) plus the decimal conversions.
     *
     * @throws PolyParseException on malformed text, with line and column
     */
    static BigInteger[] parseFlint(String text) {
        String s = checkText(text);
        int i = skipWs(s, 0);
        if (i == s.length()) {
            throw error(s, i, "expected the length (a non-negative integer), found end of text");
        }
        int end = tokenEnd(s, i);
        if (!isUnsignedInteger(s, i, end)) {
            throw error(s, i, "expected the length (a non-negative integer), found '" + s.substring(i, end) + "'");
        }
        BigInteger lenBig = new BigInteger(s.substring(i, end));
        if (lenBig.compareTo(BigInteger.valueOf(MAX_DEGREE + 1L)) > 0) {
            throw error(s, i, "length " + lenBig + " is too large (at most " + (MAX_DEGREE + 1L) + ")");
        }
        int len = lenBig.intValue();
        List<BigInteger> coeffs = new ArrayList<>(Math.min(len, 1 << 16));
        i = skipWs(s, end);
        while (coeffs.size() < len) {
            if (i == s.length()) {
                throw error(s, i, "expected " + len + " coefficients, found " + coeffs.size()
                        + " before the end of text");
            }
            end = tokenEnd(s, i);
            int digits = s.charAt(i) == '-' ? i + 1 : i;
            if (!isUnsignedInteger(s, digits, end)) {
                throw error(s, i, "expected coefficient " + coeffs.size() + " (an integer), found '"
                        + s.substring(i, end) + "'");
            }
            coeffs.add(new BigInteger(s.substring(i, end)));
            i = skipWs(s, end);
        }
        if (i != s.length()) {
            throw error(s, i, "expected end of text after " + len + " coefficients, found '"
                    + s.substring(i, tokenEnd(s, i)) + "'");
        }
        return coeffs.toArray(new BigInteger[0]);
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
        while (j < s.length() && Character.isWhitespace(s.charAt(j))) {
            j++;
        }
        return j;
    }

    private static int tokenEnd(String s, int j) {
        while (j < s.length() && !Character.isWhitespace(s.charAt(j))) {
            j++;
        }
        return j;
    }

    // ------------------------------------------------------------------ errors

    private static String describe(String s, int j) {
        if (j >= s.length()) {
            return "end of text";
        }
        char c = s.charAt(j);
        if (c == '\n' || c == '\r') {
            return "end of line";
        }
        return "'" + c + "'";
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

    // ------------------------------------------------------------------ printing

    /**
     * Human form of the polynomial with {@code len} coefficients given by {@code coeff}
     * (increasing degree; zero coefficients are skipped): {@code 3*x^2 - x + 7}; {@code 0}
     * for the zero polynomial.
     */
    static String formatHuman(int len, IntFunction<BigInteger> coeff, String variable) {
        StringBuilder sb = new StringBuilder();
        for (int e = len - 1; e >= 0; e--) {
            BigInteger c = coeff.apply(e);
            int sign = c.signum();
            if (sign == 0) {
                continue;
            }
            if (sb.length() == 0) {
                if (sign < 0) {
                    sb.append('-');
                }
            } else {
                sb.append(sign < 0 ? " - " : " + ");
            }
            BigInteger a = c.abs();
            if (e == 0) {
                sb.append(a);
                continue;
            }
            if (!a.equals(BigInteger.ONE)) {
                sb.append(a).append('*');
            }
            sb.append(variable);
            if (e > 1) {
                sb.append('^').append(e);
            }
        }
        return sb.length() == 0 ? "0" : sb.toString();
    }

    /** FLINT form {@code len  c0 c1 ... c_{len-1}}; {@code 0} for the zero polynomial. */
    static String formatFlint(int len, IntFunction<BigInteger> coeff) {
        StringBuilder sb = new StringBuilder().append(len);
        if (len > 0) {
            sb.append(' ');
            for (int e = 0; e < len; e++) {
                sb.append(' ').append(coeff.apply(e));
            }
        }
        return sb.toString();
    }
}
