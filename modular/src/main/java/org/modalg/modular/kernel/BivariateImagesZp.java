package org.modalg.modular.kernel;

import org.modalg.fft.ntt.NttPlan;
import org.modalg.fields.ZpField;

/**
 * The unchecked loops of the bivariate resultant's images modulo one prime p below
 * 2^{@value PolyGcdDouble#MAX_PRIME_BITS} (so a product of two residues is below 2^52, exact in a
 * {@code long}): evaluation of the coefficients in x of f(x, y) at y = a, and
 * Res_{n,m}(f(x, a), g(x, a)) mod p at consecutive points by {@link PolyGcdZp#resultant} (formal
 * degrees). The CPU side of {@code ImageEngine.bivariateResultants} and the Java twin of the
 * device kernel {@code bivariate_resultant_*} in the gpu module's {@code modular.cu}. Grids are
 * row-major: the coefficient of x^i y^k at i cols + k. Preconditions are stated, not checked.
 *
 * <p>Two point sets: the consecutive points a = 0, 1, ... ({@link #resultantsAt}: each
 * coefficient in x evaluated as a dot product with the powers of a, O(cols) per point), and a
 * coset c H of the group H of the M-th roots of unity, M = 2^log2m | p - 1
 * ({@link #resultantsOnCoset}: each coefficient in x evaluated at all M points by one forward NTT
 * of the project's {@link NttPlan}, O(M log M) for M points).
 */
public final class BivariateImagesZp {
    /** Products of residues below 2^26 summed before a reduction: 2^11 products of &lt; 2^52 stay below 2^63. */
    public static final int SUM_BLOCK = 1 << 11;

    private BivariateImagesZp() {
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
                v = SmallPrimeMul.mulmod(v, pt, p, pInv);
            }
            evaluateRows(f, fOff, fRows, fCols, pw, p, fa);
            evaluateRows(g, gOff, gRows, gCols, pw, p, ga);
            values[vOff + a - from] = PolyGcdZp.resultant(field, fa, fRows, ga, gRows);
        }
    }

    /**
     * values[vOff + i] = Res_{n, m}(f(x, c w^i), g(x, c w^i)) mod p for i in [0, M), M = 2^log2m,
     * w = {@code NttPlan.of(p, log2m).root()} (that is
     * {@link org.modalg.fields.NttPrimes#primitiveRootOfUnity NttPrimes.primitiveRootOfUnity(p, log2m)}),
     * c = shift: the images on the coset c H of the M-th roots of unity, with the formal degrees
     * n = fRows - 1 and m = gRows - 1 (a point where a leading coefficient vanishes is exact, as in
     * {@link #resultantsAt}). Each coefficient a(y) in x of f and g is folded modulo y^M - c^M
     * with the twist, b_s = sum_{k = s mod M} a_k c^k, so that a(c w^i) = sum_s b_s w^(i s) is
     * the forward transform of b ({@link NttPlan#forward}, natural order); then the M univariate
     * resultants {@link PolyGcdZp#resultant}. Preconditions: p prime below
     * 2^{@value PolyGcdDouble#MAX_PRIME_BITS}, 2^log2m | p - 1, 1 &lt;= log2m &lt;= 27, shift in
     * [1, p), residues in [0, p). O((fRows + gRows)(cols + M log M) + M n m), M (fRows + gRows)
     * words of scratch.
     */
    public static void resultantsOnCoset(ZpField field, long[] f, int fOff, int fRows, int fCols, long[] g, int gOff,
            int gRows, int gCols, int log2m, long shift, long[] values, int vOff) {
        onCoset(f, fOff, fRows, fCols, g, gOff, gRows, gCols, log2m, shift, field.p(),
                (t, fa, ga) -> values[vOff + t] = PolyGcdZp.resultant(field, fa, fRows, ga, gRows));
    }

    /**
     * out[outOff + i M + t] = c_i(shift w^t) mod p for i in [0, rows), t in [0, M), M = 2^log2m,
     * w = {@code NttPlan.of(p, log2m).root()}, where c_i(y) = sum_k c[off + i cols + k] y^k (a
     * coefficient in x of a grid): the evaluation of every row on the coset shift H of the M-th
     * roots of unity that {@link #resultantsOnCoset} makes, for other images at the same points
     * (the subresultant chain's). Each row is folded modulo y^M - shift^M with the twist shift^k
     * and transformed by one forward NTT ({@link NttPlan#forward}, natural order). Preconditions
     * as {@link #resultantsOnCoset}'s. O(rows (cols + M log M)).
     */
    public static void evaluateOnCoset(long[] c, int off, int rows, int cols, int log2m, long shift, long p,
            long[] out, int outOff) {
        NttPlan plan = NttPlan.of(p, log2m);
        int m = 1 << log2m;
        long[] pw = powers(shift, cols, p);
        for (int i = 0; i < rows; i++) {
            fold(c, off + i * cols, cols, pw, p, out, outOff + i * m, m);
            plan.forward(out, outOff + i * m);
        }
    }

    // An image at the coset's point t from the coefficients in x there (fa of f, ga of g).
    @FunctionalInterface
    private interface CosetImage {
        void at(int t, long[] fa, long[] ga);
    }

    // f and g evaluated on the coset shift H (evaluateOnCoset), then image.at(t, f(x, shift w^t),
    // g(x, shift w^t)) for t in [0, M): the evaluations the coset images share.
    private static void onCoset(long[] f, int fOff, int fRows, int fCols, long[] g, int gOff, int gRows, int gCols,
            int log2m, long shift, long p, CosetImage image) {
        int m = 1 << log2m;
        long[] ef = new long[fRows * m];
        long[] eg = new long[gRows * m];
        evaluateOnCoset(f, fOff, fRows, fCols, log2m, shift, p, ef, 0);
        evaluateOnCoset(g, gOff, gRows, gCols, log2m, shift, p, eg, 0);
        long[] fa = new long[fRows];
        long[] ga = new long[gRows];
        for (int t = 0; t < m; t++) {
            for (int i = 0; i < fRows; i++) {
                fa[i] = ef[i * m + t];
            }
            for (int i = 0; i < gRows; i++) {
                ga[i] = eg[i * m + t];
            }
            image.at(t, fa, ga);
        }
    }

    /**
     * Res_{n, m}(f(x, point), g(x, point)) mod p, formal degrees n = fRows - 1, m = gRows - 1: one
     * (prime, point) instance at any point in [0, p) (the coefficients in x as dot products with
     * the powers of the point, {@link #evaluateRows}). The host's recomputation of an image a
     * device did not produce. O(fRows fCols + gRows gCols + n m).
     */
    public static long resultantAtPoint(ZpField field, long[] f, int fOff, int fRows, int fCols, long[] g, int gOff,
            int gRows, int gCols, long point) {
        long[][] at = atPoint(f, fOff, fRows, fCols, g, gOff, gRows, gCols, point, field.p());
        return PolyGcdZp.resultant(field, at[0], fRows, at[1], gRows);
    }

    /**
     * The principal subresultant coefficients on the coset shift H of the M-th roots of unity:
     * values[vOff + j stride + i] = psc_j(f(x, c w^i), g(x, c w^i)) mod p (the coefficient of x^j
     * in S_j, formal degrees n = fRows - 1 and m = gRows - 1) for j in [0, min(n, m)), i in [0,
     * M), M = 2^log2m, w and c = shift as {@link #resultantsOnCoset} (the same evaluations, by
     * {@link #evaluateOnCoset}); per point the chain of {@link SubresultantChainZp} (degree gaps
     * and vanishing leading coefficients by its rules). psc_0 is the resultant. Preconditions as
     * {@link #resultantsOnCoset}'s, stride &gt;= M. O((fRows + gRows)(cols + M log M) + M (n m +
     * min(n, m)^2)).
     */
    public static void principalCoefficientsOnCoset(ZpField field, long[] f, int fOff, int fRows, int fCols, long[] g,
            int gOff, int gRows, int gCols, int log2m, long shift, long[] values, int vOff, int stride) {
        long[] tri = new long[SubresultantChainZp.offset(Math.min(fRows, gRows) - 1)];
        onCoset(f, fOff, fRows, fCols, g, gOff, gRows, gCols, log2m, shift, field.p(),
                (t, fa, ga) -> principalAt(field, fa, fRows, ga, gRows, tri, values, vOff + t, stride));
    }

    /**
     * values[vOff + j stride] = psc_j(f(x, point), g(x, point)) mod p for j in [0, min(n, m)),
     * formal degrees n = fRows - 1, m = gRows - 1, at any point in [0, p): one (prime, point)
     * instance of {@link #principalCoefficientsOnCoset} (the coefficients in x as dot products with
     * the powers of the point), the host's recomputation of images a device did not produce.
     * O(fRows fCols + gRows gCols + n m + min(n, m)^2).
     */
    public static void principalCoefficientsAtPoint(ZpField field, long[] f, int fOff, int fRows, int fCols, long[] g,
            int gOff, int gRows, int gCols, long point, long[] values, int vOff, int stride) {
        long[][] at = atPoint(f, fOff, fRows, fCols, g, gOff, gRows, gCols, point, field.p());
        long[] tri = new long[SubresultantChainZp.offset(Math.min(fRows, gRows) - 1)];
        principalAt(field, at[0], fRows, at[1], gRows, tri, values, vOff, stride);
    }

    // {f(x, point), g(x, point)}: the coefficients in x as dot products with the powers of the
    // point (evaluateRows), what the images at one point share.
    private static long[][] atPoint(long[] f, int fOff, int fRows, int fCols, long[] g, int gOff, int gRows, int gCols,
            long point, long p) {
        long[] pw = powers(point, Math.max(fCols, gCols), p);
        long[] fa = new long[fRows];
        long[] ga = new long[gRows];
        evaluateRows(f, fOff, fRows, fCols, pw, p, fa);
        evaluateRows(g, gOff, gRows, gCols, pw, p, ga);
        return new long[][] {fa, ga};
    }

    // psc_j of (a, b) (lengths la, lb: formal degrees la - 1, lb - 1) at values[vOff + j stride],
    // the diagonal of the chain computed into the scratch triangle tri
    private static void principalAt(ZpField field, long[] a, int la, long[] b, int lb, long[] tri, long[] values,
            int vOff, int stride) {
        int top = Math.min(la, lb) - 1;
        SubresultantChainZp.chain(field, a, la - 1, b, lb - 1, 0, tri, 0);
        for (int j = 0; j < top; j++) {
            values[vOff + j * stride] = tri[SubresultantChainZp.offset(j) + j];
        }
    }

    /** c^k mod p for k in [0, count), c in [0, p), p &lt; 2^26. */
    public static long[] powers(long c, int count, long p) {
        double pInv = 1.0 / p;
        long[] pw = new long[count];
        long v = 1 % p;
        for (int k = 0; k < count; k++) {
            pw[k] = v;
            v = SmallPrimeMul.mulmod(v, c, p, pInv);
        }
        return pw;
    }

    // out[outOff + s] = sum_{k = s mod m} a[off + k] pw[k] mod p for s in [0, m)
    private static void fold(long[] a, int off, int len, long[] pw, long p, long[] out, int outOff, int m) {
        double pInv = 1.0 / p;
        int first = Math.min(len, m);
        for (int k = 0; k < first; k++) {
            out[outOff + k] = SmallPrimeMul.mulmod(a[off + k], pw[k], p, pInv);
        }
        java.util.Arrays.fill(out, outOff + first, outOff + m, 0L);
        for (int k = m; k < len; k++) {
            long s = out[outOff + (k & (m - 1))] + SmallPrimeMul.mulmod(a[off + k], pw[k], p, pInv);
            out[outOff + (k & (m - 1))] = s >= p ? s - p : s;
        }
    }
}
