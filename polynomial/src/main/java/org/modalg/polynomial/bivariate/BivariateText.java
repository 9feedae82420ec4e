package org.modalg.polynomial.bivariate;

import java.math.BigInteger;
import java.util.Arrays;
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
     * The dense grid c[i][j] (coefficient of x^i y^j; every row of length deg_y + 1, entries
     * non-null, not trimmed) of a polynomial in human form.
     *
     * @throws PolyParseException on malformed text, with line and column
     */
    static BigInteger[][] parse(String text, String x, String y) {
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        checkVariables(x, y);
        return new Parser(text, x, y).parse();
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
     * The human form of f: terms by decreasing power of x, then of y ({@code 3*x^2*y - y^3 + 7});
     * {@code 0} for zero. With {@code compact}, no spaces around the signs (FLINT's pretty form).
     */
    static String format(ZZBivariate f, String x, String y, boolean compact) {
        checkVariables(x, y);
        StringBuilder out = new StringBuilder();
        boolean any = false;
        for (int i = f.degreeX(); i >= 0; i--) {
            org.modalg.polynomial.zz.ZZPoly row = f.coefficientInX(i);
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
