package org.modalg.polynomial.bivariate;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.function.Function;
import org.modalg.polynomial.text.IntegerText;
import org.modalg.polynomial.text.PolyParseException;
import org.modalg.polynomial.text.TermScanner;

/**
 * Reading and writing the human form of a bivariate polynomial, {@code 3*x^2*y - y^3 + 7}.
 *
 * <p>Grammar (ASCII; whitespace is space, tab, line feed, carriage return, form feed or vertical
 * tab, allowed between tokens):
 * <pre>
 *   poly   := [sign [sign]] term ( ('+' | '-') [sign] term )*
 *   term   := factor ( ['*'] factor )*        juxtaposition only before a variable: 3x^2y, 3 x y
 *   factor := NUMBER | VAR ['^' NUMBER]        NUMBER: decimal digits; VAR: one of the two names
 * </pre>
 * With parentheses a factor may also be {@code '(' poly ')' ['^' NUMBER]} ({@link Grouped}).
 * Numbers in a term multiply, exponents of a repeated variable add ({@code x*x = x^2}), repeated
 * monomials add. This reads what FLINT's {@code fmpz_mpoly_get_str_pretty} prints for the
 * variable names {x, y} ({@code 3*x^2*y-y^3+7}), and {@link #format} with {@code compact} prints
 * that form. Sizes are checked before anything is allocated: an exponent above
 * {@link #MAX_DEGREE} or a dense grid (deg_x + 1)(deg_y + 1) that would not fit the array limit or
 * the free heap is a {@link PolyParseException} at the term that asked for it. No regular
 * expressions and no recursion: every scan is a loop, O(length of text) plus the decimal
 * conversions ({@link IntegerText}, subquadratic).
 */
final class BivariateText {
    /** Largest exponent text may give a variable. */
    static final int MAX_DEGREE = TermScanner.MAX_EXPONENT;

    private BivariateText() {
    }

    /** Throws IllegalArgumentException naming {@code param} unless name is an identifier. */
    static String checkVariable(String name, String param) {
        return TermScanner.checkIdentifier(name, param);
    }

    static void checkVariables(String x, String y) {
        checkVariable(x, "x variable");
        checkVariable(y, "y variable");
        if (x.equals(y)) {
            throw new IllegalArgumentException("the two variables must differ, got '" + x + "' twice");
        }
    }

    /**
     * Null if a dense grid of rows x cols coefficients fits the array limit and the free heap,
     * else the reason.
     */
    static String gridProblem(long rows, long cols) {
        long entries = rows * cols; // rows, cols <= 2^31: no overflow
        if (rows > Integer.MAX_VALUE - 8 || cols > Integer.MAX_VALUE - 8 || entries > Integer.MAX_VALUE - 8) {
            return "a dense grid of " + rows + " x " + cols + " coefficients is beyond the array limit";
        }
        long need = 8 * entries + 16 * rows;
        Runtime rt = Runtime.getRuntime();
        long max = rt.maxMemory();
        long free = max - (rt.totalMemory() - rt.freeMemory());
        if (need > free) {
            return "a dense grid of " + rows + " x " + cols + " coefficients would need at least " + need
                    + " bytes; the heap has " + free + " bytes free of its maximum " + max;
        }
        return null;
    }

    /**
     * What the grammar with parentheses ({@link Grouped}) computes with: the ring operations and
     * sizes of the polynomial type, which the type implements itself ({@code ZZBivariate}), so
     * that the text does not depend on the type that prints and reads itself through it (no
     * class cycle). Constants and the two variables are given to {@link #parse}.
     *
     * @param <T> the polynomial type: immutable, with value equality
     */
    interface Value<T extends Value<T>> {
        T add(T g);

        T negate();

        T multiply(T g);

        /** this^e, e &gt;= 2. */
        T pow(int e);

        /** deg_x, -1 for zero. */
        int degreeX();

        /** deg_y, -1 for zero. */
        int degreeY();

        /** The largest bit length of a coefficient; 0 for zero. */
        int maxCoefficientBits();

        /** The number of non-zero terms. */
        int termCount();

        /** The dense grid of the coefficients, (deg_x + 1) x (deg_y + 1); 0 x 0 for zero. */
        BigInteger[][] toGrid();
    }

    /**
     * The dense grid c[i][j] (coefficient of x^i y^j; every row of length deg_y + 1, entries
     * non-null, not trimmed) of a polynomial in human form; a group in parentheses is computed in
     * the type T, from {@code constant} and the variables {@code varX}, {@code varY}.
     *
     * @throws PolyParseException on malformed text, with line and column
     */
    static <T extends Value<T>> BigInteger[][] parse(String text, String x, String y,
            Function<BigInteger, T> constant, T varX, T varY) {
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        checkVariables(x, y);
        if (text.indexOf('(') >= 0 || text.indexOf(')') >= 0) {
            return new Grouped<>(text, x, y, constant, varX, varY).parse();
        }
        return new Parser(text, x, y).parse();
    }

    /**
     * The grammar with parentheses, {@code (x+1)^2*(y-3)}: a factor may be a parenthesized
     * polynomial with an optional exponent, juxtaposition also before '('.
     * <pre>
     *   poly    := [sign [sign]] term ( ('+' | '-') [sign] term )*
     *   term    := factor ( ['*'] factor )*          juxtaposition before a variable or '('
     *   factor  := NUMBER | VAR ['^' NUMBER] | '(' poly ')' ['^' NUMBER]
     * </pre>
     * An explicit stack of open groups (no recursion, so no nesting depth can overflow the thread's
     * stack); each group sums its terms by the polynomial type's operations ({@link Value}; for
     * {@code ZZBivariate}, products by Kronecker substitution, powers by squaring). Before a
     * product or a power, its degrees must fit a dense grid ({@link #gridProblem}) and its
     * coefficients, at most e (bits + log2 terms) bits for a power, the free heap; else a {@link PolyParseException} at the factor. An unmatched ')' or
     * '(' is an error naming its line and column. Text without parentheses takes {@link Parser}.
     */
    private static final class Grouped<T extends Value<T>> {
        private final Function<BigInteger, T> constant;
        private final T varX;
        private final T varY;
        private final T zero;
        private final T one;
        private final T minusOne;
        private final String s;
        private final String vx;
        private final String vy;
        private final TermScanner in; // positions, excerpts and exponents, as the plain grammar reports them
        private int i;

        /** An open group: its sum so far, the current term's product, the term's sign, where '(' was. */
        private static final class Frame<T> {
            T sum;
            T term;
            boolean negative;
            final int open;

            Frame(int open, T zero, T one) {
                this.open = open;
                this.sum = zero;
                this.term = one;
            }
        }

        Grouped(String s, String vx, String vy, Function<BigInteger, T> constant, T varX, T varY) {
            this.constant = constant;
            this.varX = varX;
            this.varY = varY;
            this.zero = constant.apply(BigInteger.ZERO);
            this.one = constant.apply(BigInteger.ONE);
            this.minusOne = constant.apply(BigInteger.ONE.negate());
            this.s = s;
            this.vx = vx;
            this.vy = vy;
            this.in = new TermScanner(s);
        }

        BigInteger[][] parse() {
            java.util.ArrayDeque<Frame<T>> stack = new java.util.ArrayDeque<>();
            Frame<T> cur = new Frame<>(-1, zero, one);
            boolean termStart = true; // expecting the first factor of a term (signs allowed)
            boolean afterStar = false;
            while (true) {
                i = in.afterWs(i);
                if (termStart) {
                    if (i == s.length()) {
                        throw in.error(i, stack.isEmpty() && cur.sum.equals(zero)
                                ? "expected a polynomial such as (" + vx + " + 1)^2*(" + vy + " - 3), found end of text"
                                : "expected a term, found end of text");
                    }
                    for (int k = 0; k < 2 && (peek() == '+' || peek() == '-'); k++) {
                        cur.negative ^= s.charAt(i++) == '-';
                        i = in.afterWs(i);
                    }
                }
                char c = peek();
                int from = i;
                T factor;
                if (c == '(') {
                    stack.push(cur);
                    cur = new Frame<>(i, zero, one);
                    i++;
                    termStart = true;
                    afterStar = false;
                    continue;
                } else if (TermScanner.isDigit(c)) {
                    while (i < s.length() && TermScanner.isDigit(s.charAt(i))) {
                        i++;
                    }
                    factor = constant.apply(IntegerText.parse(s, from, i, 10));
                } else if (TermScanner.isIdentStart(c)) {
                    while (i < s.length() && TermScanner.isIdentPart(s.charAt(i))) {
                        i++;
                    }
                    String name = s.substring(from, i);
                    boolean isX = name.equals(vx);
                    if (!isX && !name.equals(vy)) {
                        throw in.error(from, "expected variable '" + vx + "' or '" + vy + "', found '"
                                + in.excerpt(from, i) + "'");
                    }
                    factor = isX ? varX : varY;
                    factor = power(factor, from);
                } else {
                    String what = c == ')' ? (stack.isEmpty() ? "unbalanced ')' (no '(' open)"
                            : "an empty group or a dangling operator before ')'") : describe(i);
                    throw in.error(i, (afterStar ? "expected a number, a variable or '(' after '*'"
                            : "expected a coefficient, a variable ('" + vx + "' or '" + vy + "') or '('")
                            + ", found " + what);
                }
                cur.term = times(cur.term, factor, from);
                // after a factor: '*', juxtaposition, ')', '+', '-' or the end
                while (true) {
                    int j = in.afterWs(i);
                    char d = j < s.length() ? s.charAt(j) : '\0';
                    if (d == '*') {
                        i = j + 1;
                        termStart = false;
                        afterStar = true;
                        break;
                    } else if (j < s.length() && (TermScanner.isIdentStart(d) || d == '(')) {
                        i = j;
                        termStart = false;
                        afterStar = false;
                        break;
                    } else if (d == '+' || d == '-') {
                        endTerm(cur);
                        i = j + 1;
                        cur.negative = d == '-';
                        i = in.afterWs(i);
                        if (peek() == '+' || peek() == '-') { // "+ -3"
                            cur.negative ^= s.charAt(i++) == '-';
                        }
                        termStart = false; // the term's signs are read
                        afterStar = false;
                        break;
                    } else if (d == ')') {
                        if (stack.isEmpty()) {
                            throw in.error(j, "unbalanced ')' (no '(' open)");
                        }
                        endTerm(cur);
                        T group = cur.sum;
                        int open = cur.open;
                        cur = stack.pop();
                        i = j + 1;
                        group = power(group, open);
                        cur.term = times(cur.term, group, open);
                        continue; // a factor ended: look again
                    } else if (j == s.length()) {
                        if (!stack.isEmpty()) {
                            throw in.error(cur.open, "unbalanced '(': not closed by the end of text");
                        }
                        endTerm(cur);
                        BigInteger[][] grid = cur.sum.toGrid();
                        return grid.length == 0 ? new BigInteger[][] {{BigInteger.ZERO}} : grid;
                    } else {
                        throw in.error(j, "expected '+', '-', '*', ')' or end of text, found " + describe(j));
                    }
                }
            }
        }

        private void endTerm(Frame<T> f) {
            f.sum = f.sum.add(f.negative ? f.term.negate() : f.term);
            f.term = one;
            f.negative = false;
        }

        // An optional ^e after the factor b that starts at from.
        private T power(T b, int from) {
            int j = in.afterWs(i);
            if (!in.charAt(j, '^')) {
                return b;
            }
            in.position(i);
            long e = in.exponent();
            i = in.position();
            if (e == 0) {
                return one;
            }
            if (e == 1 || b.equals(zero) || b.equals(one)) {
                return b;
            }
            if (b.equals(minusOne)) {
                return e % 2 == 0 ? one : b;
            }
            long bits = e * (b.maxCoefficientBits() + 64L - Long.numberOfLeadingZeros(b.termCount()));
            check(e * b.degreeX() + 1, e * b.degreeY() + 1, bits, from, "this power");
            return b.pow((int) e);
        }

        private T times(T a, T b, int from) {
            if (a.equals(zero) || b.equals(zero)) {
                return zero;
            }
            long bits = (long) a.maxCoefficientBits() + b.maxCoefficientBits()
                    + 64 - Long.numberOfLeadingZeros(Math.min(a.termCount(), b.termCount()));
            check((long) a.degreeX() + b.degreeX() + 1, (long) a.degreeY() + b.degreeY() + 1, bits, from,
                    "this product");
            return a.multiply(b);
        }

        private void check(long rows, long cols, long bits, int from, String what) {
            String problem = rows > Integer.MAX_VALUE || cols > Integer.MAX_VALUE
                    ? "degrees " + (rows - 1) + " in " + vx + " and " + (cols - 1) + " in " + vy + " are too large"
                    : gridProblem(rows, cols);
            if (problem == null) {
                long free = Runtime.getRuntime().maxMemory()
                        - (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory());
                if (bits > Integer.MAX_VALUE - 64 || bits / 8.0 * rows * cols > free / 2.0) {
                    problem = "coefficients of up to " + bits + " bits on a " + rows + " x " + cols
                            + " grid would not fit the free heap (" + free + " bytes)";
                }
            }
            if (problem != null) {
                throw in.error(from, what + " is too large: " + problem);
            }
        }

        private char peek() {
            return i < s.length() ? s.charAt(i) : '\0';
        }

        private String describe(int j) {
            return in.describe(j);
        }
    }

    private static final class Parser {
        private final TermScanner in;
        private final String vx;
        private final String vy;
        private int count;
        private int[] ex = new int[16];
        private int[] ey = new int[16];
        private BigInteger[] coeffs = new BigInteger[16];
        private int dx;
        private int dy;

        Parser(String s, String vx, String vy) {
            this.in = new TermScanner(s);
            this.vx = vx;
            this.vy = vy;
        }

        BigInteger[][] parse() {
            in.sum("3*" + vx + "^2*" + vy + " - " + vy + "^3 + 7", "'+', '-', '*' or end of text", this::term);
            BigInteger[][] grid = new BigInteger[dx + 1][dy + 1]; // checked in term()
            for (BigInteger[] row : grid) {
                Arrays.fill(row, BigInteger.ZERO);
            }
            for (int t = 0; t < count; t++) {
                grid[ex[t]][ey[t]] = grid[ex[t]][ey[t]].add(coeffs[t]);
            }
            return grid;
        }

        private void term(boolean negative) {
            int start = in.position();
            BigInteger coeff = BigInteger.ONE;
            long px = 0;
            long py = 0;
            boolean more = true;
            boolean afterStar = false;
            while (more) {
                char c = in.peek();
                if (TermScanner.isDigit(c)) {
                    BigInteger v = in.number();
                    coeff = coeff.equals(BigInteger.ONE) ? v : coeff.multiply(v);
                } else if (TermScanner.isIdentStart(c)) {
                    int from = in.position();
                    String name = in.identifier();
                    boolean isX = name.equals(vx);
                    if (!isX && !name.equals(vy)) {
                        throw in.error(from, "expected variable '" + vx + "' or '" + vy + "', found '"
                                + in.excerpt(from, in.position()) + "'");
                    }
                    long e = in.exponent();
                    if (isX) {
                        px += e;
                    } else {
                        py += e;
                    }
                    if (px > MAX_DEGREE || py > MAX_DEGREE) {
                        throw in.error(from, "the exponent of '" + name + "' in this term is too large (at most "
                                + MAX_DEGREE + ")");
                    }
                } else {
                    throw in.error(in.position(), (afterStar ? "expected a number or a variable after '*'"
                            : "expected a coefficient or a variable ('" + vx + "' or '" + vy + "')") + ", found "
                            + in.describe(in.position()));
                }
                int j = in.afterWs(in.position());
                afterStar = false;
                if (in.charAt(j, '*')) {
                    in.position(in.afterWs(j + 1));
                    afterStar = true;
                } else if (in.identAt(j)) {
                    in.position(j); // juxtaposition before a variable: 3x, 3 x y
                } else {
                    more = false;
                }
            }
            if (px > dx || py > dy) {
                String problem = gridProblem(Math.max(px, dx) + 1, Math.max(py, dy) + 1);
                if (problem != null) {
                    throw in.error(start, "this term's exponents are too large: " + problem);
                }
                dx = (int) Math.max(px, dx);
                dy = (int) Math.max(py, dy);
            }
            if (count == ex.length) {
                ex = Arrays.copyOf(ex, 2 * count);
                ey = Arrays.copyOf(ey, 2 * count);
                coeffs = Arrays.copyOf(coeffs, 2 * count);
            }
            ex[count] = (int) px;
            ey[count] = (int) py;
            coeffs[count++] = negative ? coeff.negate() : coeff;
        }
    }

    /**
     * The human form of the polynomial sum_i rows[i](y) x^i: terms by decreasing power of x, then
     * of y ({@code 3*x^2*y - y^3 + 7}); {@code 0} for zero. With {@code compact}, no spaces around
     * the signs (FLINT's pretty form).
     */
    static String format(org.modalg.polynomial.zz.ZZPoly[] rows, String x, String y, boolean compact) {
        checkVariables(x, y);
        StringBuilder out = new StringBuilder();
        boolean any = false;
        for (int i = rows.length - 1; i >= 0; i--) {
            org.modalg.polynomial.zz.ZZPoly row = rows[i];
            for (int j = row.degree(); j >= 0; j--) {
                BigInteger c = row.coefficient(j);
                int sign = c.signum();
                if (sign == 0) {
                    continue;
                }
                if (!any) {
                    if (sign < 0) {
                        out.append('-');
                    }
                } else if (compact) {
                    out.append(sign < 0 ? '-' : '+');
                } else {
                    out.append(sign < 0 ? " - " : " + ");
                }
                any = true;
                BigInteger a = c.abs();
                boolean needStar = false;
                if (i == 0 && j == 0 || !a.equals(BigInteger.ONE)) {
                    out.append(IntegerText.toString(a));
                    needStar = true;
                }
                if (i > 0) {
                    out.append(needStar ? "*" : "").append(x);
                    if (i > 1) {
                        out.append('^').append(i);
                    }
                    needStar = true;
                }
                if (j > 0) {
                    out.append(needStar ? "*" : "").append(y);
                    if (j > 1) {
                        out.append('^').append(j);
                    }
                }
            }
        }
        if (!any) {
            out.append('0');
        }
        return out.toString();
    }
}
