package org.modalg.polynomial.bivariate;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.modalg.fft.Options;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.Powers;
import org.modalg.polynomial.text.PolyParseException;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.zp.ZpPoly;

/**
 * An immutable dense polynomial in two variables over Z, held as a polynomial in x whose
 * coefficients are polynomials in y: f = sum_i f_i(y) x^i with f_i in Z[y] ({@link ZZPoly}), i.e.
 * Z[y][x]. The variables have no names inside: text names them ({@link #parse(String, String,
 * String)}, {@link #toString(String, String)}; {@code x} and {@code y} by default), and
 * {@link #swapVariables()} exchanges their roles (Z[x][y] as Z[y][x]).
 *
 * <p>Normalized: the top coefficient f_{deg_x}(y) is non-zero; the zero polynomial has no
 * coefficients, deg_x = deg_y = -1. deg_y is the largest degree of the f_i. Instances are
 * thread-safe. Arguments are checked: null gives an {@link IllegalArgumentException} naming the
 * parameter; a negative degree or exponent one naming it and the range.
 *
 * <p>Operations and costs (n = deg_x + 1, m = deg_y + 1, coefficient sizes aside): add, sub,
 * negate O(n m); {@link #multiply(ZZBivariate)} by Kronecker substitution into one univariate
 * {@link ZZPoly} product (exact, see there); evaluation in one variable O(n m) Horner steps,
 * over Z or modulo a word-size prime; {@link #swapVariables()} O(n m).
 *
 * <p>Text: the human form {@code 3*x^2*y - y^3 + 7} (terms by decreasing power of x, then of
 * y), read back by {@link #parse(String)}; {@link #toFlintString(String, String)} drops the
 * spaces, which is FLINT's {@code fmpz_mpoly_get_str_pretty} form and reads back the same.
 */
public final class ZZBivariate implements BivariateText.Value<ZZBivariate> {
    private static final ZZPoly[] EMPTY = new ZZPoly[0];

    /** The zero polynomial. */
    public static final ZZBivariate ZERO = new ZZBivariate(EMPTY, -1);
    /** The constant 1. */
    public static final ZZBivariate ONE = new ZZBivariate(new ZZPoly[] {ZZPoly.ONE}, 0);
    /** The polynomial x. */
    public static final ZZBivariate X = new ZZBivariate(new ZZPoly[] {ZZPoly.ZERO, ZZPoly.ONE}, 0);
    /** The polynomial y. */
    public static final ZZBivariate Y = new ZZBivariate(new ZZPoly[] {ZZPoly.X}, 1);

    // Normalized: inX[inX.length - 1] non-zero; never exposed, never mutated.
    private final ZZPoly[] inX;
    private final int degY;

    private ZZBivariate(ZZPoly[] inX, int degY) {
        this.inX = inX;
        this.degY = degY;
    }

    // Takes ownership of c (not copied), trims it.
    private static ZZBivariate wrap(ZZPoly[] c) {
        int n = c.length;
        while (n > 0 && c[n - 1].isZero()) {
            n--;
        }
        if (n == 0) {
            return ZERO;
        }
        ZZPoly[] t = n == c.length ? c : Arrays.copyOf(c, n);
        int dy = -1;
        for (ZZPoly p : t) {
            dy = Math.max(dy, p.degree());
        }
        return new ZZBivariate(t, dy);
    }

    // ------------------------------------------------------------------ construction

    /**
     * f = sum_i coefficients[i](y) x^i: the polynomial of Z[y][x] with these coefficients in y
     * (lowest power of x first; trailing zeros are trimmed).
     *
     * @throws IllegalArgumentException if the list or an entry is null
     */
    public static ZZBivariate ofCoefficientsInX(List<ZZPoly> coefficients) {
        if (coefficients == null) {
            throw new IllegalArgumentException("coefficients must not be null");
        }
        ZZPoly[] c = coefficients.toArray(new ZZPoly[0]);
        for (int i = 0; i < c.length; i++) {
            if (c[i] == null) {
                throw new IllegalArgumentException("coefficients[" + i + "] must not be null");
            }
        }
        return wrap(c);
    }

    /** {@link #ofCoefficientsInX(List)} for an array. */
    public static ZZBivariate ofCoefficientsInX(ZZPoly... coefficients) {
        if (coefficients == null) {
            throw new IllegalArgumentException("coefficients must not be null");
        }
        return ofCoefficientsInX(Arrays.asList(coefficients));
    }

    /**
     * f = sum_j coefficients[j](x) y^j: the polynomial of Z[x][y] with these coefficients in x
     * (lowest power of y first), converted to Z[y][x]. O(n m).
     *
     * @throws IllegalArgumentException if the list or an entry is null
     */
    public static ZZBivariate ofCoefficientsInY(List<ZZPoly> coefficients) {
        return ofCoefficientsInX(coefficients).swapVariables();
    }

    /**
     * The polynomial with coefficient grid[i][j] at x^i y^j (rows may differ in length).
     *
     * @throws IllegalArgumentException if grid, a row or an entry is null
     */
    public static ZZBivariate ofGrid(BigInteger[][] grid) {
        if (grid == null) {
            throw new IllegalArgumentException("grid must not be null");
        }
        ZZPoly[] c = new ZZPoly[grid.length];
        for (int i = 0; i < grid.length; i++) {
            if (grid[i] == null) {
                throw new IllegalArgumentException("grid[" + i + "] must not be null");
            }
            for (int j = 0; j < grid[i].length; j++) {
                if (grid[i][j] == null) {
                    throw new IllegalArgumentException("grid[" + i + "][" + j + "] must not be null");
                }
            }
            c[i] = ZZPoly.of(grid[i]);
        }
        return wrap(c);
    }

    /** {@link #ofGrid(BigInteger[][])} for long entries. */
    public static ZZBivariate ofGrid(long[][] grid) {
        if (grid == null) {
            throw new IllegalArgumentException("grid must not be null");
        }
        ZZPoly[] c = new ZZPoly[grid.length];
        for (int i = 0; i < grid.length; i++) {
            if (grid[i] == null) {
                throw new IllegalArgumentException("grid[" + i + "] must not be null");
            }
            c[i] = ZZPoly.of(grid[i]);
        }
        return wrap(c);
    }

    /** The constant c. */
    public static ZZBivariate constant(BigInteger c) {
        checkNotNull(c, "c");
        return wrap(new ZZPoly[] {ZZPoly.constant(c)});
    }

    /**
     * c x^i y^j.
     *
     * @throws IllegalArgumentException if c is null or an exponent is negative
     */
    public static ZZBivariate monomial(BigInteger c, int i, int j) {
        checkNotNull(c, "c");
        if (i < 0 || j < 0) {
            throw new IllegalArgumentException("exponents must be >= 0, got i = " + i + ", j = " + j);
        }
        if (c.signum() == 0) {
            return ZERO;
        }
        ZZPoly[] r = new ZZPoly[i + 1];
        Arrays.fill(r, ZZPoly.ZERO);
        r[i] = ZZPoly.monomial(c, j);
        return new ZZBivariate(r, j);
    }

    /** A univariate polynomial in x as a bivariate one. */
    public static ZZBivariate fromX(ZZPoly p) {
        checkNotNull(p, "p");
        ZZPoly[] r = new ZZPoly[p.length()];
        for (int i = 0; i < r.length; i++) {
            r[i] = ZZPoly.constant(p.coefficient(i));
        }
        return wrap(r);
    }

    /** A univariate polynomial in y as a bivariate one. */
    public static ZZBivariate fromY(ZZPoly p) {
        checkNotNull(p, "p");
        return wrap(new ZZPoly[] {p});
    }

    // ------------------------------------------------------------------ access

    /** The degree in x; -1 for zero. */
    public int degreeX() {
        return inX.length - 1;
    }

    /** The degree in y (the largest over the coefficients in x); -1 for zero. */
    public int degreeY() {
        return degY;
    }

    /** The total degree max(i + j) over the non-zero terms; -1 for zero. O(n). */
    public int totalDegree() {
        int d = -1;
        for (int i = 0; i < inX.length; i++) {
            if (!inX[i].isZero()) {
                d = Math.max(d, i + inX[i].degree());
            }
        }
        return d;
    }

    /** Whether this is zero. */
    public boolean isZero() {
        return inX.length == 0;
    }

    /** Whether this is a constant (zero included). */
    public boolean isConstant() {
        return inX.length == 0 || (inX.length == 1 && degY == 0);
    }

    /**
     * The coefficient of x^i y^j; zero outside the degrees.
     *
     * @throws IllegalArgumentException if i or j is negative
     */
    public BigInteger coefficient(int i, int j) {
        if (i < 0 || j < 0) {
            throw new IllegalArgumentException("exponents must be >= 0, got i = " + i + ", j = " + j);
        }
        return i < inX.length ? inX[i].coefficient(j) : BigInteger.ZERO;
    }

    /**
     * f_i(y), the coefficient of x^i as a polynomial in y; zero above deg_x.
     *
     * @throws IllegalArgumentException if i is negative
     */
    public ZZPoly coefficientInX(int i) {
        if (i < 0) {
            throw new IllegalArgumentException("i must be >= 0, got " + i);
        }
        return i < inX.length ? inX[i] : ZZPoly.ZERO;
    }

    /** The leading coefficient in x, f_{deg_x}(y); zero for zero. */
    public ZZPoly leadingCoefficientInX() {
        return inX.length == 0 ? ZZPoly.ZERO : inX[inX.length - 1];
    }

    /** The coefficients in y of x^0, ..., x^{deg_x} (Z[y][x]); an unmodifiable list. */
    public List<ZZPoly> coefficientsInX() {
        return Collections.unmodifiableList(Arrays.asList(inX.clone()));
    }

    /** The coefficients in x of y^0, ..., y^{deg_y} (Z[x][y]); an unmodifiable list. O(n m). */
    public List<ZZPoly> coefficientsInY() {
        return swapVariables().coefficientsInX();
    }

    /**
     * The dense grid c[i][j] of the coefficient of x^i y^j, (deg_x + 1) x (deg_y + 1), a fresh
     * array (zero entries included; 0 x 0 for zero).
     */
    public BigInteger[][] toGrid() {
        BigInteger[][] g = new BigInteger[inX.length][degY + 1];
        for (int i = 0; i < inX.length; i++) {
            for (int j = 0; j <= degY; j++) {
                g[i][j] = inX[i].coefficient(j);
            }
        }
        return g;
    }

    /** The largest bit length of |c_ij|; 0 for zero. */
    public int maxCoefficientBits() {
        int b = 0;
        for (ZZPoly p : inX) {
            b = Math.max(b, p.maxCoefficientBits());
        }
        return b;
    }

    /** The number of non-zero terms. */
    public int termCount() {
        int t = 0;
        for (ZZPoly p : inX) {
            for (int j = 0; j <= p.degree(); j++) {
                if (p.coefficient(j).signum() != 0) {
                    t++;
                }
            }
        }
        return t;
    }

    /**
     * The same polynomial with x and y exchanged: g(x, y) = f(y, x). O(n m).
     */
    public ZZBivariate swapVariables() {
        if (inX.length == 0) {
            return ZERO;
        }
        BigInteger[][] t = new BigInteger[degY + 1][inX.length];
        for (int i = 0; i < inX.length; i++) {
            for (int j = 0; j <= degY; j++) {
                t[j][i] = inX[i].coefficient(j);
            }
        }
        ZZPoly[] r = new ZZPoly[degY + 1];
        for (int j = 0; j <= degY; j++) {
            r[j] = ZZPoly.of(t[j]);
        }
        return wrap(r);
    }

    // ------------------------------------------------------------------ ring operations

    /** this + g. O(n m). */
    public ZZBivariate add(ZZBivariate g) {
        return addSub(g, false);
    }

    /** this - g. O(n m). */
    public ZZBivariate sub(ZZBivariate g) {
        return addSub(g, true);
    }

    private ZZBivariate addSub(ZZBivariate g, boolean subtract) {
        checkNotNull(g, "g");
        ZZPoly[] r = new ZZPoly[Math.max(inX.length, g.inX.length)];
        for (int i = 0; i < r.length; i++) {
            ZZPoly a = coefficientInX(i);
            ZZPoly b = g.coefficientInX(i);
            r[i] = subtract ? a.sub(b) : a.add(b);
        }
        return wrap(r);
    }

    /** -this. */
    public ZZBivariate negate() {
        ZZPoly[] r = new ZZPoly[inX.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = inX[i].negate();
        }
        return wrap(r);
    }

    /** s * this. */
    public ZZBivariate multiply(BigInteger s) {
        checkNotNull(s, "s");
        ZZPoly[] r = new ZZPoly[inX.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = inX[i].multiply(s);
        }
        return wrap(r);
    }

    /** this * g with the default options; see {@link #multiply(ZZBivariate, Options)}. */
    public ZZBivariate multiply(ZZBivariate g) {
        return multiply(g, Options.defaults());
    }

    /**
     * this * g by Kronecker substitution (von zur Gathen and Gerhard, Modern Computer Algebra,
     * section 8.4): with K = deg_y f + deg_y g + 1, f and g become the univariate polynomials
     * F(t) = sum f_ij t^(i K + j) and G(t) likewise, and H = F G ({@link ZZPoly#multiply(ZZPoly,
     * Options)}: classical, Karatsuba or the small-prime NTT by size) gives h_ij as the
     * coefficient of t^(i K + j). Exact: every product term f_ab g_cd lands at t^((a + c) K
     * + (b + d)) with 0 &lt;= b + d &lt;= deg_y f + deg_y g &lt; K, so distinct (i, j) never share
     * an exponent and no coefficients are mixed (the substitution packs exponents, not
     * coefficient bits, so no coefficient bound is involved). Cost: one product of length about
     * (deg_x f + deg_x g + 1) K.
     *
     * @throws IllegalArgumentException if g or options is null, or the substituted product has
     *     more than Integer.MAX_VALUE - 8 coefficients
     */
    public ZZBivariate multiply(ZZBivariate g, Options options) {
        checkNotNull(g, "g");
        checkNotNull(options, "options");
        if (isZero() || g.isZero()) {
            return ZERO;
        }
        long k = (long) degY + g.degY + 1;
        long len = ((long) degreeX() + g.degreeX()) * k + k;
        if (len > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("the product's Kronecker substitution needs " + len
                    + " coefficients, more than " + (Integer.MAX_VALUE - 8) + " (deg_x " + degreeX() + " + "
                    + g.degreeX() + ", deg_y " + degY + " + " + g.degY + ")");
        }
        ZZPoly h = kronecker((int) k).multiply(g.kronecker((int) k), options);
        int kk = (int) k;
        int rows = degreeX() + g.degreeX() + 1;
        ZZPoly[] r = new ZZPoly[rows];
        for (int i = 0; i < rows; i++) {
            int from = i * kk;
            BigInteger[] c = new BigInteger[Math.max(0, Math.min(kk, h.length() - from))];
            for (int j = 0; j < c.length; j++) {
                c[j] = h.coefficient(from + j);
            }
            r[i] = ZZPoly.of(c);
        }
        return wrap(r);
    }

    // F(t) = sum f_ij t^(i k + j), k > deg_y.
    private ZZPoly kronecker(int k) {
        BigInteger[] c = new BigInteger[degreeX() * k + inX[inX.length - 1].length()];
        Arrays.fill(c, BigInteger.ZERO);
        for (int i = 0; i < inX.length; i++) {
            for (int j = 0; j < inX[i].length(); j++) {
                c[i * k + j] = inX[i].coefficient(j);
            }
        }
        return ZZPoly.of(c);
    }

    /**
     * this^e by repeated squaring.
     *
     * @throws IllegalArgumentException if e &lt; 0
     */
    public ZZBivariate pow(int e) {
        if (e < 0) {
            throw new IllegalArgumentException("e must be >= 0, got " + e);
        }
        return e == 0 ? ONE : Powers.binary(this, e, ZZBivariate::multiply, b -> b.multiply(b));
    }

    // ------------------------------------------------------------------ evaluation

    /** f(x, a) as a polynomial in x: each coefficient f_i evaluated at a (Horner). O(n m). */
    public ZZPoly evaluateY(BigInteger a) {
        checkNotNull(a, "a");
        BigInteger[] c = new BigInteger[inX.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = inX[i].evaluate(a);
        }
        return ZZPoly.of(c);
    }

    /** f(a, y) as a polynomial in y: Horner in x over Z[y]. O(n m). */
    public ZZPoly evaluateX(BigInteger a) {
        checkNotNull(a, "a");
        ZZPoly r = ZZPoly.ZERO;
        for (int i = inX.length - 1; i >= 0; i--) {
            r = r.multiply(a).add(inX[i]);
        }
        return r;
    }

    /** f(a, b). */
    public BigInteger evaluate(BigInteger a, BigInteger b) {
        checkNotNull(a, "a");
        checkNotNull(b, "b");
        return evaluateY(b).evaluate(a);
    }

    /**
     * f(x, a) mod p as a polynomial over Z/pZ in x, for a point a of any sign (reduced mod p).
     * Coefficients are reduced first, then Horner mod p. O(n m) field operations plus the
     * reductions.
     *
     * @throws IllegalArgumentException if field is null
     */
    public ZpPoly evaluateY(long a, ZpField field) {
        checkNotNull(field, "field");
        long p = field.p();
        long v = Math.floorMod(a, p);
        long[] c = new long[inX.length];
        for (int i = 0; i < c.length; i++) {
            long r = 0;
            ZZPoly q = inX[i];
            for (int j = q.degree(); j >= 0; j--) {
                r = field.add(field.mul(r, v), field.reduce(q.coefficient(j)));
            }
            c[i] = r;
        }
        return ZpPoly.of(field, c);
    }

    /** f(a, y) mod p as a polynomial over Z/pZ in y; see {@link #evaluateY(long, ZpField)}. O(n m). */
    public ZpPoly evaluateX(long a, ZpField field) {
        checkNotNull(field, "field");
        return swapVariables().evaluateY(a, field);
    }

    // ------------------------------------------------------------------ equality, text

    @Override
    public boolean equals(Object o) {
        return o instanceof ZZBivariate && Arrays.equals(inX, ((ZZBivariate) o).inX);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(inX);
    }

    /** The human form in x and y, e.g. {@code 3*x^2*y - y^3 + 7}; {@code 0} for zero. */
    @Override
    public String toString() {
        return toString("x", "y");
    }

    /**
     * The human form with the given variable names (x for the outer variable, y for the
     * coefficients' variable).
     *
     * @throws IllegalArgumentException if a name is null, not an identifier, or both are equal
     */
    public String toString(String x, String y) {
        return BivariateText.format(inX, x, y, false);
    }

    /** The human form without spaces, FLINT's {@code fmpz_mpoly_get_str_pretty} form: {@code 3*x^2*y-y^3+7}. */
    public String toFlintString(String x, String y) {
        return BivariateText.format(inX, x, y, true);
    }

    /** {@link #parse(String, String, String)} in x and y. */
    public static ZZBivariate parse(String text) {
        return parse(text, "x", "y");
    }

    /**
     * Reads the human form ({@code 3*x^2*y - y^3 + 7}, {@code 3x^2y-y^3+7}, {@code 2 x y}; FLINT's
     * pretty form included) in the variables named x and y: terms are products of decimal numbers
     * and powers {@code v^e}, joined by {@code *} or by juxtaposition before a variable, added or
     * subtracted; repeated monomials add. O(length of text) plus the decimal conversions.
     * Parentheses group: {@code (x+1)^2*(y-3)}, {@code -(x - y)(x + y)} (a group is a factor, with
     * an optional exponent; then the products and powers are those of this class, each checked
     * for size before it is computed).
     *
     * @throws PolyParseException on malformed text, with line, column and what was expected (an
     *     unknown variable, a missing exponent, a dangling operator, a term whose exponents would
     *     need a dense grid beyond the array limit or the free heap, an unbalanced '(' or ')')
     * @throws IllegalArgumentException if text or a name is null, a name is not an identifier, or
     *     both names are equal
     */
    public static ZZBivariate parse(String text, String x, String y) {
        return ofGrid(BivariateText.parse(text, x, y, ZZBivariate::constant, X, Y));
    }

    // ------------------------------------------------------------------ helpers

    static <T> T checkNotNull(T o, String name) {
        if (o == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return o;
    }
}
