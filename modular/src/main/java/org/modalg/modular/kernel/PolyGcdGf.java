package org.modalg.modular.kernel;

import java.math.BigInteger;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;

/**
 * GCD and resultant kernels for polynomials over a generalized Fermat prime field p = r^k + 1, on
 * element-major digit arrays (coefficient i in {@code [i*k, i*k + k)}, canonical digits, as in
 * {@code PolyMulGf}). Unchecked tier under {@link org.modalg.modular.poly.PolynomialGcd} and
 * {@link org.modalg.modular.poly.Resultant}; the same algorithms as {@link PolyGcdZp}: in-place
 * Euclid, one inversion per remainder (through {@link GfField#inv}), O(deg a * deg b) field
 * multiplications by {@link GfArithmetic#mul}. Lengths are in coefficients. Input arrays are
 * scratch and are overwritten.
 */
public final class PolyGcdGf {
    private PolyGcdGf() {
    }

    /**
     * The monic gcd of a and b, written to {@code out} (room for max(aLen, bLen)
     * coefficients; may be a or b); returns its length, 0 when both are zero.
     */
    public static int gcd(GfField field, long[] a, int aLen, long[] b, int bLen, long[] out) {
        GfArithmetic ar = field.arithmetic();
        GfArithmetic.Workspace ws = ar.newWorkspace();
        int k = ar.digits();
        long[] t = new long[2 * k];
        aLen = trim(ar, a, aLen);
        bLen = trim(ar, b, bLen);
        while (bLen > 0) {
            aLen = remainderInPlace(field, a, aLen, b, bLen, t, ws);
            long[] s = a;
            a = b;
            b = s;
            int sl = aLen;
            aLen = bLen;
            bLen = sl;
        }
        if (aLen == 0) {
            return 0;
        }
        field.inv(a, (aLen - 1) * k, t, 0);
        for (int i = 0; i < aLen - 1; i++) {
            ar.mul(a, i * k, t, 0, out, i * k, ws);
        }
        ar.setOne(out, (aLen - 1) * k);
        return aLen;
    }

    /**
     * Res_{n,m}(a, b) for the formal degrees n = aLen - 1, m = bLen - 1 (&gt;= 0), written to
     * {@code res[0..k)}; the conventions and the degree-drop rule of
     * {@link PolyGcdZp#resultant}. O(n m) field multiplications.
     */
    public static void resultant(GfField field, long[] a, int aLen, long[] b, int bLen, long[] res) {
        if (aLen < 1 || bLen < 1) {
            throw new IllegalArgumentException("aLen and bLen must be >= 1, got " + aLen + ", " + bLen);
        }
        GfArithmetic ar = field.arithmetic();
        int k = ar.digits();
        int n = aLen - 1;
        int m = bLen - 1;
        int nt = trim(ar, a, aLen) - 1;
        int mt = trim(ar, b, bLen) - 1;
        ar.setOne(res, 0);
        if (n == 0 && m == 0) {
            return;
        }
        if (nt < n && mt < m) {
            ar.setZero(res, 0);
            return;
        }
        if (nt < 0) {
            if (m == 0) {
                field.pow(b, 0, BigInteger.valueOf(n), res, 0);
            } else {
                ar.setZero(res, 0);
            }
            return;
        }
        if (mt < 0) {
            if (n == 0) {
                field.pow(a, 0, BigInteger.valueOf(m), res, 0);
            } else {
                ar.setZero(res, 0);
            }
            return;
        }
        long[] factor = new long[k];
        ar.setOne(factor, 0);
        if (nt < n) {
            field.pow(b, m * k, BigInteger.valueOf(n - nt), factor, 0);
            if ((((long) (n - nt) * m) & 1) != 0) {
                ar.neg(factor, 0, factor, 0);
            }
        } else if (mt < m) {
            field.pow(a, n * k, BigInteger.valueOf(m - mt), factor, 0);
        }
        resultantTrimmed(field, a, nt, b, mt, res);
        ar.mul(res, 0, factor, 0, res, 0, ar.newWorkspace());
    }

    /** Res(a, b) for exact degrees n, m &gt;= 0, into res[0..k). */
    static void resultantTrimmed(GfField field, long[] a, int n, long[] b, int m, long[] res) {
        GfArithmetic ar = field.arithmetic();
        GfArithmetic.Workspace ws = ar.newWorkspace();
        int k = ar.digits();
        long[] t = new long[2 * k];
        long[] step = new long[k];
        long[] lcb = new long[k];
        ar.setOne(res, 0);
        while (true) {
            if (m == 0) {
                field.pow(b, 0, BigInteger.valueOf(n), step, 0);
                ar.mul(res, 0, step, 0, res, 0, ws);
                return;
            }
            ar.copy(b, m * k, lcb, 0);
            int rLen = remainderInPlace(field, a, n + 1, b, m + 1, t, ws);
            if (rLen == 0) {
                ar.setZero(res, 0);
                return;
            }
            int r = rLen - 1;
            field.pow(lcb, 0, BigInteger.valueOf(n - r), step, 0);
            if ((((long) n * m) & 1) != 0) {
                ar.neg(step, 0, step, 0);
            }
            ar.mul(res, 0, step, 0, res, 0, ws);
            long[] s = a;
            a = b;
            b = s;
            n = m;
            m = r;
        }
    }

    /**
     * a := a mod b in place (b's leading coefficient non-zero); t is scratch of 2k words.
     * Returns the trimmed remainder length.
     */
    static int remainderInPlace(GfField field, long[] a, int aLen, long[] b, int bLen, long[] t,
                                GfArithmetic.Workspace ws) {
        GfArithmetic ar = field.arithmetic();
        int k = ar.digits();
        if (aLen < bLen) {
            return trim(ar, a, aLen);
        }
        int m = bLen - 1;
        long[] lcInv = new long[k];
        field.inv(b, m * k, lcInv, 0);
        long[] q = new long[k];
        for (int i = aLen - 1; i >= m; i--) {
            if (ar.isZero(a, i * k)) {
                continue;
            }
            ar.mul(a, i * k, lcInv, 0, q, 0, ws);
            ar.setZero(a, i * k);
            int base = (i - m) * k;
            for (int j = 0; j < m; j++) {
                ar.mul(b, j * k, q, 0, t, 0, ws);
                ar.sub(a, base + j * k, t, 0, a, base + j * k);
            }
        }
        return trim(ar, a, m);
    }

    static int trim(GfArithmetic ar, long[] a, int len) {
        int k = ar.digits();
        while (len > 0 && ar.isZero(a, (len - 1) * k)) {
            len--;
        }
        return len;
    }
}
