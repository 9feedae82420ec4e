package org.modalg.modular.kernel;

import org.modalg.fields.ZpField;

/**
 * The unchecked loops of the bivariate resultant's images modulo one prime p below
 * 2^{@value PolyGcdDouble#MAX_PRIME_BITS} (so a product of two residues is below 2^52, exact in a
 * {@code long}): evaluation of the coefficients in x of f(x, y) at y = a, and
 * Res_{n,m}(f(x, a), g(x, a)) mod p at consecutive points by {@link PolyGcdZp#resultant} (formal
 * degrees). The CPU side of {@code ImageEngine.bivariateResultants} and the Java twin of the
 * device kernel {@code bivariate_resultant_*} in the gpu module's {@code modular.cu}. Grids are
 * row-major: the coefficient of x^i y^k at i cols + k. Preconditions are stated, not checked.
 */
public final class BivariateImagesZp {
    /** Products of residues below 2^26 summed before a reduction: 2^11 products of &lt; 2^52 stay below 2^63. */
    public static final int SUM_BLOCK = 1 << 11;

    private BivariateImagesZp() {
    }

    /**
     * a b mod p for a, b in [0, p), p &lt; 2^26: the quotient of the exact 52-bit product from a
     * double (off by at most one: the product is exact in a double and 1/p has relative error
     * 2^-53, so the quotient's error is below 2^-26), then one correction each way.
     */
    public static long mulmod(long a, long b, long p, double pInv) {
        long prod = a * b;
        long q = (long) ((double) prod * pInv);
        long r = prod - q * p;
        r += (r >> 63) & p;
        return r >= p ? r - p : r;
    }

    /**
     * out[i] = sum_k c[off + i cols + k] pw[k] mod p for i in [0, rows), k in [0, cols), given
     * pw[k] = a^k mod p; c in [0, p). Products summed in blocks of {@link #SUM_BLOCK}, one
     * reduction per block. O(rows cols).
     */
    public static void evaluateRows(long[] c, int off, int rows, int cols, long[] pw, long p, long[] out) {
        for (int i = 0; i < rows; i++) {
            int base = off + i * cols;
            long r = 0;
            for (int from = 0; from < cols; from += SUM_BLOCK) {
                int to = Math.min(cols, from + SUM_BLOCK);
                long s = 0;
                for (int k = from; k < to; k++) {
                    s += c[base + k] * pw[k];
                }
                r = (r + s % p) % p;
            }
            out[i] = r;
        }
    }

    /**
     * values[vOff + a - from] = Res_{n, m}(f(x, a), g(x, a)) mod p for a in [from, to), with the
     * formal degrees n = fRows - 1 and m = gRows - 1 (so a point where a leading coefficient
     * vanishes is exact: {@link PolyGcdZp#resultant}'s rule). f holds fRows x fCols residues from
     * fOff, g likewise from gOff. The coefficients in x are evaluated point by point as dot
     * products with the powers of a ({@link #evaluateRows}), which profiled faster than Horner
     * across all points on symmetric double residues with a reduction per step (43% of the
     * samples against 28% at total degree 30). O((to - from)(fRows fCols + gRows gCols + n m)).
     */
    public static void resultantsAt(ZpField field, long[] f, int fOff, int fRows, int fCols, long[] g, int gOff,
            int gRows, int gCols, int from, int to, long[] values, int vOff) {
        long p = field.p();
        double pInv = 1.0 / p;
        int cols = Math.max(fCols, gCols);
        long[] pw = new long[cols];
        long[] fa = new long[fRows];
        long[] ga = new long[gRows];
        for (int a = from; a < to; a++) {
            long pt = a % p;
            long v = 1;
            for (int k = 0; k < cols; k++) {
                pw[k] = v;
                v = mulmod(v, pt, p, pInv);
            }
            evaluateRows(f, fOff, fRows, fCols, pw, p, fa);
            evaluateRows(g, gOff, gRows, gCols, pw, p, ga);
            values[vOff + a - from] = PolyGcdZp.resultant(field, fa, fRows, ga, gRows);
        }
    }
}
