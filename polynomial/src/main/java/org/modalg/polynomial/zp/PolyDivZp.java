package org.modalg.polynomial.zp;

import org.modalg.fields.ZpField;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.Tuning;

/**
 * Division kernels for polynomials over a word-size prime field Z/pZ on {@code long[]}
 * coefficient arrays (increasing degree, entries in [0, p)): classical long division,
 * power series inversion by Newton iteration, and fast division by the reversal trick.
 * Unchecked tier under {@link ZpPoly}: preconditions are stated, not validated.
 *
 * <p>Common preconditions of the division kernels: {@code bLen >= 1} and the leading
 * coefficient {@code b[bOff + bLen - 1]} is non-zero; {@code aLen >= 0}; q has room for
 * max(aLen - bLen + 1, 0) coefficients and r for aLen; q and r overlap neither input nor
 * each other. On return {@code q} holds the quotient and {@code r[rOff .. rOff + bLen - 1)}
 * the remainder (not normalized), with the rest of r's aLen entries zero.
 */
public final class PolyDivZp {
    private PolyDivZp() {
    }

    /**
     * Division with remainder, choosing the algorithm: {@link #divRemNewton} when both the
     * divisor length and the quotient length are at least
     * {@link Tuning#zpNewtonDivisionThreshold()}, {@link #divRemClassical} otherwise.
     * (Newton division pays once the products inside it are NTT products: the cut-off was
     * re-measured with them, see the Tuning entry.)
     */
    public static void divRem(ZpField f, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                              long[] q, int qOff, long[] r, int rOff) {
        int t = Tuning.zpNewtonDivisionThreshold();
        if (bLen >= t && aLen - bLen + 1 >= t) {
            divRemNewton(f, a, aOff, aLen, b, bOff, bLen, q, qOff, r, rOff);
        } else {
            divRemClassical(f, a, aOff, aLen, b, bOff, bLen, q, qOff, r, rOff);
        }
    }

    /**
     * Long division: for each quotient coefficient from the top, q_i = r_top / lc(b) and
     * r -= q_i x^i b, with Shoup multiplication by the fixed q_i. O((aLen - bLen + 1) bLen).
     */
    public static void divRemClassical(ZpField f, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                       long[] q, int qOff, long[] r, int rOff) {
        System.arraycopy(a, aOff, r, rOff, aLen);
        if (aLen < bLen) {
            return;
        }
        final long p = f.p();
        long lcInv = f.inv(b[bOff + bLen - 1]);
        for (int i = aLen - 1; i >= bLen - 1; i--) {
            long qi = f.mul(r[rOff + i], lcInv);
            int shift = i - bLen + 1;
            q[qOff + shift] = qi;
            r[rOff + i] = 0;
            if (qi == 0) {
                continue;
            }
            long w = f.shoupPrecompute(qi);
            int base = rOff + shift;
            for (int j = 0; j < bLen - 1; j++) {
                long t = f.mulShoup(b[bOff + j], qi, w);
                long d = r[base + j] - t;
                r[base + j] = d + ((d >> 63) & p);
            }
        }
    }

    /**
     * g = 1/a mod x^n, written to {@code g[gOff .. gOff + n)}, for a with a non-zero constant
     * coefficient (aLen &gt;= 1, a[aOff] != 0, n &gt;= 0; g must not overlap a). Newton
     * iteration g' = g - g (a g - 1) doubles the precision per step, from a base case
     * of precision below {@link Tuning#zpSeriesNewtonThreshold()} solved by the O(n^2)
     * recurrence g_k = -g_0 sum_{i&gt;=1} a_i g_{k-i}. O(M(n)) with M the multiplication cost;
     * allocates O(n) words.
     */
    public static void inverseSeries(ZpField f, long[] a, int aOff, int aLen, int n, long[] g, int gOff) {
        if (n == 0) {
            return;
        }
        int t = Tuning.zpSeriesNewtonThreshold();
        // precisions n = m_0 > m_1 > ... > m_s with m_{j+1} = ceil(m_j / 2), down to one below t
        int steps = 0;
        for (int m = n; m >= t && m > 1; m = (m + 1) >>> 1) {
            steps++;
        }
        int[] prec = new int[steps + 1];
        prec[0] = n;
        for (int j = 1; j <= steps; j++) {
            prec[j] = (prec[j - 1] + 1) >>> 1;
        }
        int k = prec[steps];
        inverseSeriesClassical(f, a, aOff, aLen, k, g, gOff);
        if (steps == 0) {
            return;
        }
        final long p = f.p();
        // err holds (a mod x^m) g_k: at most m + k - 1 < n + ceil(n / 2) coefficients; corr fewer than n
        long errLen = n + (n + 1L) / 2;
        if (errLen > Limbs.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("n = " + n + " is too large for Newton's inverse series: its products"
                    + " need " + errLen + " coefficients, more than the largest array ("
                    + Limbs.MAX_ARRAY_LENGTH + ")");
        }
        long[] err = new long[(int) errLen];
        long[] corr = new long[n];
        for (int j = steps - 1; j >= 0; j--) {
            int m = prec[j]; // k < m <= 2k
            // err = (a mod x^m) * g_k; its coefficients [k, m) are those of (a g - 1) / x^k.
            int al = Math.min(aLen, m);
            PolyMulZp.mul(f, a, aOff, al, g, gOff, k, err, 0);
            int d = m - k;
            // corr = g_k mod x^d times err[k .. m): only its low d coefficients are used.
            int gl = Math.min(k, d);
            PolyMulZp.mul(f, g, gOff, gl, err, k, d, corr, 0);
            for (int i = 0; i < d; i++) {
                long v = corr[i];
                g[gOff + k + i] = v == 0 ? 0 : p - v;
            }
            k = m;
        }
    }

    /**
     * g = 1/a mod x^n by the recurrence g_0 = 1/a_0, g_k = -g_0 sum_{i=1}^{k} a_i g_{k-i}
     * (same preconditions as {@link #inverseSeries}). O(n min(n, aLen)).
     */
    public static void inverseSeriesClassical(ZpField f, long[] a, int aOff, int aLen, int n, long[] g, int gOff) {
        if (n == 0) {
            return;
        }
        PolyMulZp.Reducer red = PolyMulZp.reducer(f);
        long g0 = f.inv(a[aOff]);
        long minusG0 = f.neg(g0);
        g[gOff] = g0;
        for (int k = 1; k < n; k++) {
            int iHi = Math.min(k, aLen - 1);
            long s = PolyMulZp.dotReversed(red, a, aOff + 1, g, gOff + k - 1, iHi);
            g[gOff + k] = f.mul(minusG0, s);
        }
    }

    /**
     * Division with remainder by the reversal trick: with m = aLen - bLen + 1,
     * rev(q) = rev(a) / rev(b) mod x^m through {@link #inverseSeries}, then
     * r = a - q b on the low bLen - 1 coefficients. O(M(aLen)) with M the multiplication
     * cost; allocates O(aLen) words.
     */
    public static void divRemNewton(ZpField f, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                    long[] q, int qOff, long[] r, int rOff) {
        if (aLen < bLen) {
            System.arraycopy(a, aOff, r, rOff, aLen);
            return;
        }
        final long p = f.p();
        int m = aLen - bLen + 1;
        int rbl = Math.min(bLen, m);
        long[] revB = new long[rbl];
        for (int i = 0; i < rbl; i++) {
            revB[i] = b[bOff + bLen - 1 - i];
        }
        long[] inv = new long[m];
        inverseSeries(f, revB, 0, rbl, m, inv, 0);
        divRemWithInverse(f, a, aOff, aLen, b, bOff, bLen, inv, q, qOff, r, rOff);
    }

    /**
     * The reversal trick's two products with the inverse given: for m = aLen - bLen + 1 &gt;= 1 and
     * inv[0 .. m) = rev(b)^-1 mod x^m (more entries are ignored), q = rev(rev(a) inv mod x^m)
     * into q[qOff .. qOff + m) and r = a - q b, of which only the low bLen - 1 coefficients are
     * computed, into r[rOff .. rOff + aLen) (zero above bLen - 1). Two products: O(M(aLen)). The
     * kernel of {@link #divRemNewton} and of remainders by a prepared modulus
     * ({@link ZpPolyModulus}), which keep the inverse.
     */
    public static void divRemWithInverse(ZpField f, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
            long[] inv, long[] q, int qOff, long[] r, int rOff) {
        final long p = f.p();
        int m = aLen - bLen + 1;
        long[] revA = new long[m];
        for (int i = 0; i < m; i++) {
            revA[i] = a[aOff + aLen - 1 - i];
        }
        if (2L * m - 1 > Limbs.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("a quotient of " + m + " coefficients is too long for Newton division:"
                    + " its product needs " + (2L * m - 1) + " coefficients, more than the largest array ("
                    + Limbs.MAX_ARRAY_LENGTH + ")");
        }
        long[] prod = new long[2 * m - 1];
        PolyMulZp.mul(f, revA, 0, m, inv, 0, m, prod, 0);
        for (int i = 0; i < m; i++) {
            q[qOff + i] = prod[m - 1 - i];
        }
        java.util.Arrays.fill(r, rOff, rOff + aLen, 0L);
        if (bLen == 1) {
            return;
        }
        // r = a - q b mod x^(bLen - 1): only the low bLen - 1 coefficients of q b are needed.
        int need = bLen - 1;
        int ql = Math.min(m, need);
        long[] qb = new long[ql + need - 1];
        PolyMulZp.mul(f, q, qOff, ql, b, bOff, need, qb, 0);
        for (int i = 0; i < need; i++) {
            long d = a[aOff + i] - qb[i];
            r[rOff + i] = d + ((d >> 63) & p);
        }
    }
}
