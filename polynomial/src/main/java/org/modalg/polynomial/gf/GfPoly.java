package org.modalg.polynomial.gf;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;
import org.modalg.polynomial.text.PolyText;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * An immutable dense univariate polynomial over a generalized Fermat prime field
 * ({@link GfField}, p = r^k + 1).
 *
 * <p>Coefficients are canonical field elements of k radix-r digits, stored in one
 * {@code long[]} of (degree + 1) k digits, element-major (coefficient i at digits
 * [i k, (i + 1) k)). At the API coefficients are {@link BigInteger}s in [0, p) (reduced mod p on
 * the way in) or digit arrays. Instances are normalized (non-zero leading coefficient; the zero
 * polynomial has degree -1). Operands must share the field, otherwise an
 * {@link IllegalArgumentException} names the parameter; division by the zero polynomial raises
 * {@link ArithmeticException}. Validating tier over {@link PolyMulGf} and {@link PolyDivGf};
 * thread-safe.
 */
public final class GfPoly {
    private static final long[] EMPTY = new long[0];

    private final GfField field;
    private final int k;
    // Normalized: length a multiple of k, canonical elements, top element non-zero.
    private final long[] d;
    private int hash;

    private GfPoly(GfField field, long[] normalized) {
        this.field = field;
        this.k = field.k();
        this.d = normalized;
    }

    /** Takes ownership of canonical digits (length a multiple of k), trimming zero top coefficients. */
    static GfPoly wrap(GfField field, long[] digits) {
        int k = field.k();
        GfArithmetic ar = field.arithmetic();
        int n = digits.length / k;
        while (n > 0 && ar.isZero(digits, (n - 1) * k)) {
            n--;
        }
        return new GfPoly(field, n * k == digits.length ? digits : Arrays.copyOf(digits, n * k));
    }

    // ------------------------------------------------------------------ construction

    /**
     * The polynomial with integer coefficients (increasing degree) reduced mod p. O(n k^2).
     *
     * @throws IllegalArgumentException if field, coeffs or an entry is null
     */
    public static GfPoly of(GfField field, BigInteger... coeffs) {
        checkField(field);
        ZZPoly.checkNotNull(coeffs, "coeffs");
        int k = field.k();
        long[] r = new long[Math.multiplyExact(coeffs.length, k)];
        for (int i = 0; i < coeffs.length; i++) {
            field.fromBigInteger(ZZPoly.checkNotNull(coeffs[i], "coeffs[" + i + "]"), r, i * k);
        }
        return wrap(field, r);
    }

    /** The polynomial with {@code long} coefficients (any sign) reduced mod p. */
    public static GfPoly of(GfField field, long... coeffs) {
        ZZPoly.checkNotNull(coeffs, "coeffs");
        BigInteger[] b = new BigInteger[coeffs.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = BigInteger.valueOf(coeffs[i]);
        }
        return of(field, b);
    }

    /**
     * The polynomial whose coefficient i is the canonical element at digits [i k, (i + 1) k)
     * of {@code digits} (copied).
     *
     * @throws IllegalArgumentException if the length is not a multiple of k or an element is
     *     not canonical (naming its index)
     */
    public static GfPoly ofDigits(GfField field, long[] digits) {
        checkField(field);
        ZZPoly.checkNotNull(digits, "digits");
        int k = field.k();
        if (digits.length % k != 0) {
            throw new IllegalArgumentException("digits.length must be a multiple of k = " + k + ", got "
                    + digits.length);
        }
        for (int i = 0; i < digits.length / k; i++) {
            field.checkCanonical(digits, i * k, "digits (coefficient " + i + ")");
        }
        return wrap(field, digits.clone());
    }

    /** The zero polynomial over the field. */
    public static GfPoly zero(GfField field) {
        return new GfPoly(checkField(field), EMPTY);
    }

    /** The constant 1 over the field. */
    public static GfPoly one(GfField field) {
        return of(field, 1L);
    }

    /** The polynomial x over the field. */
    public static GfPoly x(GfField field) {
        return of(field, 0L, 1L);
    }

    private static GfField checkField(GfField field) {
        return ZZPoly.checkNotNull(field, "field");
    }

    private GfPoly checkSame(GfPoly g, String param) {
        ZZPoly.checkNotNull(g, param);
        if (!g.field.equals(field)) {
            throw new IllegalArgumentException(param + " is over " + g.field.name() + " but this polynomial is over "
                    + field.name() + ": the fields must be equal");
        }
        return g;
    }

    // ------------------------------------------------------------------ access

    /** The coefficient field. */
    public GfField field() {
        return field;
    }

    /** The degree; -1 for the zero polynomial. */
    public int degree() {
        return d.length / k - 1;
    }

    /** The number of coefficients, degree + 1. */
    public int length() {
        return d.length / k;
    }

    /** Whether this is the zero polynomial. */
    public boolean isZero() {
        return d.length == 0;
    }

    /**
     * The coefficient of x^i as an integer in [0, p); zero above the degree.
     *
     * @throws IllegalArgumentException if i &lt; 0
     */
    public BigInteger coefficient(int i) {
        ZZPoly.checkCount(i, "i");
        return i < length() ? field.toBigInteger(d, i * k) : BigInteger.ZERO;
    }

    /** The coefficient of x^i as k canonical digits (a new array); zeros above the degree. */
    public long[] coefficientDigits(int i) {
        ZZPoly.checkCount(i, "i");
        return i < length() ? Arrays.copyOfRange(d, i * k, (i + 1) * k) : new long[k];
    }

    /** The leading coefficient as an integer; zero for the zero polynomial. */
    public BigInteger leadingCoefficient() {
        return d.length == 0 ? BigInteger.ZERO : coefficient(degree());
    }

    /** A copy of all digits, (degree + 1) k of them, element-major. */
    public long[] digits() {
        return d.clone();
    }

    // ------------------------------------------------------------------ ring operations

    /** this + g. O(n k). */
    public GfPoly add(GfPoly g) {
        checkSame(g, "g");
        return wrap(field, addDigits(d, g.d, false));
    }

    /** this - g. O(n k). */
    public GfPoly sub(GfPoly g) {
        checkSame(g, "g");
        return wrap(field, addDigits(d, g.d, true));
    }

    private long[] addDigits(long[] a, long[] b, boolean subtract) {
        GfArithmetic ar = field.arithmetic();
        long[] zero = new long[k];
        int n = Math.max(a.length, b.length);
        long[] r = new long[n];
        for (int off = 0; off < n; off += k) {
            long[] x = off < a.length ? a : zero;
            int xo = off < a.length ? off : 0;
            long[] y = off < b.length ? b : zero;
            int yo = off < b.length ? off : 0;
            if (subtract) {
                ar.sub(x, xo, y, yo, r, off);
            } else {
                ar.add(x, xo, y, yo, r, off);
            }
        }
        return r;
    }

    /** -this. O(n k). */
    public GfPoly negate() {
        GfArithmetic ar = field.arithmetic();
        long[] r = new long[d.length];
        for (int off = 0; off < d.length; off += k) {
            ar.neg(d, off, r, off);
        }
        return new GfPoly(field, r);
    }

    /** (s mod p) * this for any integer s. O(n) field multiplications. */
    public GfPoly multiply(BigInteger s) {
        ZZPoly.checkNotNull(s, "s");
        return scale(field.element(s));
    }

    /**
     * w * this for a canonical element w of k digits.
     *
     * @throws IllegalArgumentException if w is null or not canonical
     */
    public GfPoly multiplyByElement(long[] w) {
        field.checkCanonical(w, 0, "w");
        if (w.length != k) {
            throw new IllegalArgumentException("w must have k = " + k + " digits, got " + w.length);
        }
        return scale(w);
    }

    private GfPoly scale(long[] w) {
        GfArithmetic ar = field.arithmetic();
        if (ar.isZero(w, 0)) {
            return zero(field);
        }
        GfArithmetic.Workspace ws = ar.newWorkspace();
        long[] r = new long[d.length];
        for (int off = 0; off < d.length; off += k) {
            ar.mul(d, off, w, 0, r, off, ws);
        }
        return wrap(field, r);
    }

    /**
     * this * g. Dispatches by size to the classical or Karatsuba kernel
     * ({@link PolyMulGf#mul}; cut-off in the module README).
     */
    public GfPoly multiply(GfPoly g) {
        checkSame(g, "g");
        if (d.length == 0 || g.d.length == 0) {
            return zero(field);
        }
        GfArithmetic ar = field.arithmetic();
        int n = length() + g.length() - 1;
        long[] r = new long[Math.multiplyExact(n, k)];
        PolyMulGf.mul(ar, d, 0, length(), g.d, 0, g.length(), r, 0, ar.newWorkspace());
        return wrap(field, r);
    }

    /** The value at (v mod p), as an integer in [0, p), by Horner's rule. O(n) field operations. */
    public BigInteger evaluate(BigInteger v) {
        ZZPoly.checkNotNull(v, "v");
        GfArithmetic ar = field.arithmetic();
        GfArithmetic.Workspace ws = ar.newWorkspace();
        long[] x = field.element(v);
        long[] acc = new long[k];
        for (int i = length() - 1; i >= 0; i--) {
            ar.mul(acc, 0, x, 0, acc, 0, ws);
            ar.add(acc, 0, d, i * k, acc, 0);
        }
        return field.toBigInteger(acc, 0);
    }

    // ------------------------------------------------------------------ division

    /**
     * Division with remainder {q, r}: this = q g + r with deg r &lt; deg g (field division,
     * one inversion of lc(g)). Classical, O((deg this - deg g + 1) deg g) field
     * multiplications.
     *
     * @throws ArithmeticException if g is zero
     * @throws IllegalArgumentException if g is null or over another field
     */
    public GfPoly[] divideAndRemainder(GfPoly g) {
        checkSame(g, "g");
        if (g.d.length == 0) {
            throw new ArithmeticException("division by the zero polynomial");
        }
        int al = length();
        int bl = g.length();
        if (al < bl) {
            return new GfPoly[] {zero(field), this};
        }
        GfArithmetic ar = field.arithmetic();
        long[] lcInv = new long[k];
        field.inv(g.d, (bl - 1) * k, lcInv, 0);
        long[] q = new long[(al - bl + 1) * k];
        long[] r = new long[al * k];
        PolyDivGf.divRemClassical(ar, d, 0, al, g.d, 0, bl, lcInv, 0, q, 0, r, 0, ar.newWorkspace());
        return new GfPoly[] {wrap(field, q), wrap(field, Arrays.copyOf(r, (bl - 1) * k))};
    }

    // ------------------------------------------------------------------ equality, text

    /** Equal when the fields and the coefficients are equal. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof GfPoly)) {
            return false;
        }
        GfPoly g = (GfPoly) o;
        return g.field.equals(field) && Arrays.equals(d, g.d);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = 31 * field.hashCode() + Arrays.hashCode(d);
            hash = h;
        }
        return h;
    }

    /** Human form in x with decimal coefficients in [0, p), e.g. {@code 3*x^2 + 5}. */
    @Override
    public String toString() {
        return toString("x");
    }

    /** Human form in the given variable, decimal coefficients in [0, p). */
    public String toString(String variable) {
        return PolyText.formatHuman(length(), i -> field.toBigInteger(d, i * k), variable);
    }

    /** FLINT's form {@code len  c0 c1 ...} with decimal coefficients in [0, p). */
    public String toFlintString() {
        return PolyText.formatFlint(length(), i -> field.toBigInteger(d, i * k));
    }

    /** Reads the human form in x (grammar of {@link ZZPoly#parse(String, String)}), reduced mod p. */
    public static GfPoly parse(GfField field, String text) {
        return parse(field, text, "x");
    }

    /** Reads the human form in the given variable, coefficients reduced mod p. */
    public static GfPoly parse(GfField field, String text, String variable) {
        checkField(field);
        return of(field, PolyText.parseHuman(text, variable));
    }

    /** Reads FLINT's form, coefficients reduced mod p. */
    public static GfPoly parseFlint(GfField field, String text) {
        checkField(field);
        return of(field, PolyText.parseFlint(text));
    }
}
