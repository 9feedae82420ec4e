package org.modalg.modular.bivariate;

import java.util.Arrays;
import java.util.function.IntToLongFunction;
import org.modalg.fft.ntt.NttPlan;
import org.modalg.fields.ZpField;
import org.modalg.modular.kernel.BivariateImagesZp;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.kernel.PolyGcdZp;
import org.modalg.modular.kernel.SmallPrimeMul;
import org.modalg.modular.kernel.ZpLu;

/**
 * The unchecked loops of the bivariate images modulo one prime p below
 * 2^{@value PolyGcdDouble#MAX_PRIME_BITS} (so a product of two residues is below 2^52, exact in a
 * {@code long} and in a {@code double}): evaluation of the coefficients in x at y = a, the
 * resultants at consecutive points through {@link PolyGcdZp#resultant} (the project's Z/pZ
 * resultant kernel, formal degrees), and Newton interpolation at 0, 1, ..., D. Preconditions are
 * stated, not checked.
 */
final class BivariateKernels {
    private BivariateKernels() {
    }

    /** {@link SmallPrimeMul#mulmod}. */
    static long mulmod(long a, long b, long p, double pInv) {
        return SmallPrimeMul.mulmod(a, b, p, pInv);
    }

    /**
     * out[i] = sum_{k &lt; lens[i]} c[i cols + k] pw[k] mod p for i in [0, rows): {@link #evaluateRows}
     * with each row cut at its length (its y-degree + 1: about half of a dense array of total
     * degree d is zero), the same blocked sums. c and pw in [0, p), p &lt; 2^26. O(sum lens).
     */
    static void evaluateRows(long[] c, int rows, int cols, int[] lens, long[] pw, long p, long[] out) {
        for (int i = 0; i < rows; i++) {
            int base = i * cols;
            int len = lens[i];
            long r = 0;
            for (int from = 0; from < len; from += BivariateImagesZp.SUM_BLOCK) {
                int to = Math.min(len, from + BivariateImagesZp.SUM_BLOCK);
                long s = 0;
                for (int k = from; k < to; k++) {
                    s += c[base + k] * pw[k];
                }
                r = (r + s % p) % p;
            }
            out[i] = r;
        }
    }

    /** The lengths (y-degree + 1, 0 for zero) of f's coefficients in x, for the cut {@link #evaluateRows}. */
    static int[] rowLengths(org.modalg.polynomial.bivariate.ZZBivariate f) {
        int[] lens = new int[f.degreeX() + 1];
        for (int i = 0; i < lens.length; i++) {
            lens[i] = f.coefficientInX(i).degree() + 1;
        }
        return lens;
    }

    /** {@link BivariateImagesZp#evaluateRows} from offset 0. */
    static void evaluateRows(long[] c, int rows, int cols, long[] pw, long p, long[] out) {
        BivariateImagesZp.evaluateRows(c, 0, rows, cols, pw, p, out);
    }

    /** x + MAGIC - MAGIC rounds a double x (|x| &lt; 2^51) to the nearest integer (as in {@link PolyGcdDouble}). */
    private static final double MAGIC = 0x1.8p52;

    /**
     * t mod p as a symmetric residue in about [-p/2, p/2] (at most p/2 + 1 in absolute value) for
     * an integral |t| &lt; 2^51: the quotient rounded from t / p, whose error is below 2^-27.
     */
    private static double red(double t, double p, double pInv) {
        return t - p * ((t * pInv + MAGIC) - MAGIC);
    }

    private static double symmetric(long x, long p) {
        return x > p / 2 ? (double) (x - p) : (double) x;
    }

    private static long unsigned(double v, long p) {
        long x = (long) v;
        return x < 0 ? x + p : x;
    }

    /** {@link BivariateImagesZp#resultantsAt} on whole arrays. */
    static void resultantsAt(ZpField field, long[] f, int fRows, int fCols, long[] g, int gRows, int gCols,
            int from, int to, long[] values) {
        BivariateImagesZp.resultantsAt(field, f, 0, fRows, fCols, g, 0, gRows, gCols, from, to, values, 0);
    }

    /**
     * The coefficients (increasing degree) of the polynomial of degree at most D = values.length - 1
     * with the given values at y = 0, 1, ..., D modulo p (p &gt; 2D + 2, p &lt; 2^26): Newton's
     * divided differences (the nodes differ by k at level k, so each level multiplies by one
     * inverse 1/k), then the Newton form expanded by Horner's rule in the basis (y - k). Symmetric
     * residues in doubles, every level one forward pass from one array into another (vectorizable,
     * as {@link PolyGcdDouble}'s passes). Overwrites values with the coefficients. O(D^2).
     */
    static void interpolateConsecutive(long[] values, long p) {
        int d = values.length - 1;
        double dp = p;
        double pInv = 1.0 / p;
        ZpField field = ZpField.of(p);
        double[] cur = new double[d + 1];
        double[] nxt = new double[d + 1];
        for (int i = 0; i <= d; i++) {
            cur[i] = symmetric(values[i], p);
        }
        for (int k = 1; k <= d; k++) {
            double inv = symmetric(field.inv(k), p);
            System.arraycopy(cur, 0, nxt, 0, k);
            for (int i = k; i <= d; i++) {
                nxt[i] = red((cur[i] - cur[i - 1]) * inv, dp, pInv);
            }
            double[] t = cur;
            cur = nxt;
            nxt = t;
        }
        // r = c_d; r = r (y - k) + c_k for k = d - 1, ..., 0
        double[] r = nxt;
        double[] s = new double[d + 1];
        r[0] = cur[d];
        int len = 1;
        for (int k = d - 1; k >= 0; k--) {
            double kk = -k; // |k| <= d < p / 2
            s[0] = red(kk * r[0] + cur[k], dp, pInv);
            for (int t = 1; t < len; t++) {
                s[t] = red(r[t - 1] + kk * r[t], dp, pInv);
            }
            s[len] = r[len - 1];
            double[] t = r;
            r = s;
            s = t;
            len++;
        }
        for (int i = 0; i <= d; i++) {
            values[i] = unsigned(r[i], p);
        }
    }

    /**
     * The shifts c_0 = 1, c_1, ..., c_{r-1} of r distinct cosets c H of the group H of the M-th
     * roots of unity modulo p (M = 2^log2m | p - 1): the least integers c &gt;= 1 whose powers c^M
     * differ (c H = c' H exactly when c^M = c'^M). Precondition: r &lt;= (p - 1) / M (so r distinct
     * cosets exist). Deterministic; O(r' log M) for the r' candidates tried.
     */
    static long[] cosetShifts(long p, int log2m, int r) {
        long[] c = new long[r];
        long[] u = new long[r];
        int found = 0;
        for (long cand = 1; found < r; cand++) {
            long v = powMod(cand, 1L << log2m, p);
            boolean fresh = true;
            for (int t = 0; t < found && fresh; t++) {
                fresh = u[t] != v;
            }
            if (fresh) {
                c[found] = cand;
                u[found] = v;
                found++;
            }
        }
        return c;
    }

    /** a^e mod p, a in [0, p), e &gt;= 0, p &lt; 2^26. */
    static long powMod(long a, long e, long p) {
        double pInv = 1.0 / p;
        long r = 1 % p;
        long b = a % p;
        for (; e > 0; e >>= 1) {
            if ((e & 1) != 0) {
                r = mulmod(r, b, p, pInv);
            }
            b = mulmod(b, b, p, pInv);
        }
        return r;
    }

    /**
     * The coefficients (increasing degree) of the polynomial P of degree at most D &lt; r M with
     * values[vOff + t M + i] = P(c_t w^i) modulo p, for the r = shifts' cosets c_t =
     * shifts[sOff + t] (distinct cosets, {@link #cosetShifts}) of the M-th roots of unity, M =
     * 2^log2m, w = {@code NttPlan.of(p, log2m).root()} (the points of
     * {@link org.modalg.modular.kernel.BivariateImagesZp#resultantsOnCoset}). Per coset, one
     * inverse NTT ({@link NttPlan#inverse}) gives Q_t = P mod (y^M - c_t^M) with its coefficient
     * s multiplied by c_t^s (the values are those of Q_t(c_t z) at z = w^i), undone by the powers
     * of 1 / c_t. With one coset, P = Q_0. Otherwise P(y) = sum_{s &lt; M} y^s A_s(y^M) with
     * deg A_s &lt; r and Q_t's coefficient s is A_s(c_t^M): the A_s are interpolated at the r nodes
     * c_t^M together ({@link #interpolateColumns}, one inverse Vandermonde matrix for the M
     * columns). Returns D + 1 coefficients. p prime, 2^log2m | p - 1, p &lt; 2^26.
     * O(r M log M + r^2 M).
     */
    static long[] interpolateCosets(long[] values, int vOff, long p, int log2m, long[] shifts, int sOff, int r, int d) {
        NttPlan plan = NttPlan.of(p, log2m);
        int m = 1 << log2m;
        double pInv = 1.0 / p;
        long[][] q = new long[r][];
        for (int t = 0; t < r; t++) {
            long[] qt = Arrays.copyOfRange(values, vOff + t * m, vOff + (t + 1) * m);
            plan.inverse(qt, 0);
            long c = shifts[sOff + t];
            if (c != 1) {
                long ci = ZpLu.inverse(c, p);
                long pw = 1;
                for (int s = 0; s < m; s++) {
                    qt[s] = mulmod(qt[s], pw, p, pInv);
                    pw = mulmod(pw, ci, p, pInv);
                }
            }
            q[t] = qt;
        }
        long[] out = new long[d + 1];
        if (r == 1) {
            System.arraycopy(q[0], 0, out, 0, Math.min(m, d + 1));
            return out;
        }
        long[] nodes = new long[r];
        for (int t = 0; t < r; t++) {
            nodes[t] = powMod(shifts[sOff + t], m, p);
        }
        long[] a = interpolateColumns(nodes, q, m, p); // coefficient k of A_s at s r + k
        for (int s = 0; s < m; s++) {
            for (int k = 0; k < r; k++) {
                long e = s + (long) k * m;
                if (e <= d) {
                    out[(int) e] = a[s * r + k];
                }
            }
        }
        return out;
    }

    /**
     * The coefficients (increasing degree) of the polynomial of degree at most D = nodes.length - 1
     * with values[i] at nodes[i] modulo p (distinct nodes in [0, p)): Newton's divided differences
     * (one inversion per difference), then the Newton form expanded by Horner's rule. Returns a
     * new array; O(D^2) products and D^2 / 2 inversions.
     */
    static long[] interpolate(long[] nodes, long[] values, long p) {
        int d = nodes.length - 1;
        double pInv = 1.0 / p;
        ZpField field = ZpField.of(p);
        long[] c = values.clone();
        for (int k = 1; k <= d; k++) {
            for (int i = d; i >= k; i--) {
                long diff = c[i] - c[i - 1];
                diff += (diff >> 63) & p;
                long den = nodes[i] - nodes[i - k];
                den += (den >> 63) & p;
                c[i] = mulmod(diff, field.inv(den), p, pInv);
            }
        }
        long[] r = new long[d + 1];
        hornerNewton(nodes, d + 1, k -> c[k], p, pInv, r);
        return r;
    }

    /**
     * The coefficients of several polynomials of degree at most D = nodes.length - 1 interpolated
     * at the same distinct nodes modulo p &lt; 2^26: values[k][i] is the value of polynomial i
     * (i &lt; cols) at nodes[k]. Returns them column-major: coefficient t of polynomial i at
     * i (D + 1) + t. Lagrange's form: the inverse Vandermonde matrix of the nodes, row k the
     * coefficients of y^k in the basis polynomials m(y) / ((y - nodes[j]) m'(nodes[j])), m the
     * product of the (y - nodes[j]) (O(D^2) products and one inversion, Montgomery's batch
     * inversion for the D + 1 denominators), then each polynomial as that matrix times its
     * values: dot products of values below 2^26 accumulated in longs and reduced once per
     * {@link BivariateImagesZp#SUM_BLOCK} terms ({@link BivariateImagesZp#evaluateRows}), no
     * modular product per term. O((cols + 2) D^2) word operations.
     */
    static long[] interpolateColumns(long[] nodes, long[][] values, int cols, long p) {
        int n = nodes.length; // D + 1 nodes
        int d = n - 1;
        double pInv = 1.0 / p;
        // m = prod_j (y - nodes[j]), coefficients m[0..n]
        long[] m = new long[n + 1];
        m[0] = 1;
        for (int j = 0; j < n; j++) {
            long neg = nodes[j] == 0 ? 0 : p - nodes[j];
            m[j + 1] = m[j];
            for (int k = j; k >= 1; k--) {
                long s = m[k - 1] + mulmod(m[k], neg, p, pInv);
                m[k] = s >= p ? s - p : s;
            }
            m[0] = mulmod(m[0], neg, p, pInv);
        }
        // basis[k n + j] = coefficient k of m / (y - nodes[j]); den[j] = its value at nodes[j]
        long[] basis = new long[n * n];
        long[] den = new long[n];
        for (int j = 0; j < n; j++) {
            long a = nodes[j];
            long c = m[n];
            basis[d * n + j] = c;
            long v = c;
            for (int k = d - 1; k >= 0; k--) {
                long s = m[k + 1] + mulmod(c, a, p, pInv);
                c = s >= p ? s - p : s;
                basis[k * n + j] = c;
                s = mulmod(v, a, p, pInv) + c;
                v = s >= p ? s - p : s;
            }
            den[j] = v;
        }
        // den[j] := 1 / den[j] by one inversion (Montgomery's batch inversion)
        long[] prefix = new long[n];
        long acc = 1;
        for (int j = 0; j < n; j++) {
            prefix[j] = acc;
            acc = mulmod(acc, den[j], p, pInv);
        }
        long ia = ZpLu.inverse(acc, p);
        for (int j = n - 1; j >= 0; j--) {
            long dj = den[j];
            den[j] = mulmod(ia, prefix[j], p, pInv);
            ia = mulmod(ia, dj, p, pInv);
        }
        long[] out = new long[cols * n];
        long[] w = new long[n];
        long[] r = new long[n];
        for (int t = 0; t < cols; t++) {
            for (int j = 0; j < n; j++) {
                w[j] = mulmod(values[j][t], den[j], p, pInv);
            }
            BivariateImagesZp.evaluateRows(basis, 0, n, n, w, p, r);
            System.arraycopy(r, 0, out, t * n, n);
        }
        return out;
    }

    /**
     * Whether the divided difference f[nodes[0], ..., nodes[k]] is zero for every column of the
     * values (values[i][t]: column t at nodes[i], t &lt; cols, in [0, p), p &lt; 2^26; distinct nodes),
     * that is, whether the interpolant through the first k points already takes the values at
     * nodes[k]. weights[0..k) holds the barycentric weights 1 / prod_{j &lt; k, j != i}
     * (nodes[i] - nodes[j]) of the first k nodes (anything for k = 0) and is updated to those of
     * the k + 1 nodes (one inversion, Montgomery's batch); then the divided difference
     * sum_i values[i][t] weights[i] of one column after another, each a dot product reduced once
     * per {@link BivariateImagesZp#SUM_BLOCK} terms, until a non-zero one. scratch holds k + 1
     * values. O(k) products plus O(k) per column tested.
     */
    static boolean lastDividedDifferenceIsZero(long[] nodes, long[][] values, long[] weights, int k, int cols,
            long p, long[] scratch) {
        double pInv = 1.0 / p;
        if (k == 0) {
            weights[0] = 1;
            return false; // one point: nothing to compare with
        }
        long xk = nodes[k];
        long acc = 1;
        for (int i = 0; i < k; i++) {
            long den = nodes[i] - xk;
            den += (den >> 63) & p;
            scratch[i] = acc; // prefix product
            acc = mulmod(acc, den, p, pInv);
        }
        long ia = ZpLu.inverse(acc, p); // 1 / prod_i (nodes[i] - xk)
        long wk = (k & 1) == 0 ? ia : (ia == 0 ? 0 : p - ia); // 1 / prod_i (xk - nodes[i])
        for (int i = k - 1; i >= 0; i--) {
            long den = nodes[i] - xk;
            den += (den >> 63) & p;
            long inv = mulmod(ia, scratch[i], p, pInv); // 1 / den
            ia = mulmod(ia, den, p, pInv);
            weights[i] = mulmod(weights[i], inv, p, pInv);
        }
        weights[k] = wk;
        for (int t = 0; t < cols; t++) {
            long r = 0;
            for (int from = 0; from <= k; from += BivariateImagesZp.SUM_BLOCK) {
                int to = Math.min(k, from + BivariateImagesZp.SUM_BLOCK - 1);
                long sum = 0;
                for (int i = from; i <= to; i++) {
                    sum += values[i][t] * weights[i];
                }
                r = (r + sum % p) % p;
            }
            if (r != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * One step of Newton interpolation for several columns at once: given the nodes[0..k] (the new
     * node last, all distinct mod p) and the divided differences coef[0..k) of the columns (coef[i]
     * holds f[nodes 0..i] of every column), returns the new ones f[nodes 0..k] from the values v
     * at nodes[k]: t = v, then t = (t - coef[i]) / (nodes[k] - nodes[i]) for i = 0..k - 1, the k
     * inverses by one inversion (Montgomery's batch). O(k cols).
     */
    static long[] newtonStep(long[] nodes, long[][] coef, int k, long[] v, long p) {
        double pInv = 1.0 / p;
        long[] t = v.clone();
        if (k == 0) {
            return t;
        }
        long[] inv = new long[k];
        long[] prefix = new long[k];
        long acc = 1;
        for (int i = 0; i < k; i++) {
            long den = nodes[k] - nodes[i];
            den += (den >> 63) & p;
            prefix[i] = acc;
            inv[i] = den;
            acc = mulmod(acc, den, p, pInv);
        }
        long ia = ZpLu.inverse(acc, p); // no primality test per point (ZpField.of)
        for (int i = k - 1; i >= 0; i--) {
            long den = inv[i];
            inv[i] = mulmod(ia, prefix[i], p, pInv);
            ia = mulmod(ia, den, p, pInv);
        }
        for (int i = 0; i < k; i++) {
            long[] c = coef[i];
            long w = inv[i];
            for (int col = 0; col < t.length; col++) {
                long diff = t[col] - c[col];
                diff += (diff >> 63) & p;
                t[col] = mulmod(diff, w, p, pInv);
            }
        }
        return t;
    }

    /**
     * The Newton form of {@link #newtonStep} (count divided differences per column, nodes[0..count))
     * expanded by Horner's rule in the basis (y - nodes[k]): column-major, coefficient t of
     * column i at i count + t. O(cols count^2).
     */
    static long[] newtonToMonomial(long[] nodes, long[][] coef, int count, int cols, long p) {
        double pInv = 1.0 / p;
        long[] out = new long[cols * count];
        long[] r = new long[count];
        for (int t = 0; t < cols; t++) {
            int col = t;
            hornerNewton(nodes, count, k -> coef[k][col], p, pInv, r);
            System.arraycopy(r, 0, out, t * count, count);
        }
        return out;
    }

    // r[0..count) = the coefficients (increasing degree) of sum_k coef(k) prod_{j < k} (y - nodes[j])
    // by Horner's rule from k = count - 1 down (count >= 1, coef(k) in [0, p), p < 2^26).
    // O(count^2) products.
    private static void hornerNewton(long[] nodes, int count, IntToLongFunction coef, long p, double pInv,
            long[] r) {
        r[0] = coef.applyAsLong(count - 1);
        int len = 1;
        for (int k = count - 2; k >= 0; k--) {
            long kk = nodes[k] == 0 ? 0 : p - nodes[k];
            r[len] = r[len - 1];
            for (int u = len - 1; u >= 1; u--) {
                long s = r[u - 1] + mulmod(r[u], kk, p, pInv);
                r[u] = s >= p ? s - p : s;
            }
            long s = mulmod(r[0], kk, p, pInv) + coef.applyAsLong(k);
            r[0] = s >= p ? s - p : s;
            len++;
        }
    }

    /**
     * The exact quotient of a (aLen coefficients) by b (bLen coefficients, b[bLen - 1] != 0) modulo
     * p &lt; 2^26 into q (aLen - bLen + 1 coefficients); a is overwritten by the remainder (its
     * coefficients from bLen - 1 up set to zero). Returns whether the remainder is zero. Long
     * division by columns: q_k = (a_{k + bLen - 1} - sum_{j &gt; k} q_j b_{k + bLen - 1 - j}) / lc(b),
     * each sum of products below 2^52 accumulated in a long and reduced once per
     * {@link BivariateImagesZp#SUM_BLOCK} terms (instead of one modular product per term), and
     * the remainder coefficients the same way. O((aLen - bLen + 1) bLen).
     */
    static boolean divideExact(ZpField field, long[] a, int aLen, long[] b, int bLen, long[] q) {
        long p = field.p();
        double pInv = 1.0 / p;
        long lcInv = field.inv(b[bLen - 1]);
        int top = aLen - bLen; // the quotient's degree
        for (int k = top; k >= 0; k--) {
            int m = k + bLen - 1; // the coefficient of a that fixes q_k
            long s = dotReduced(q, k + 1, Math.min(top, m), b, m, p);
            long v = a[m] - s;
            v += (v >> 63) & p;
            q[k] = mulmod(v, lcInv, p, pInv);
        }
        boolean exact = true;
        for (int m = 0; m < bLen - 1; m++) {
            long s = dotReduced(q, 0, Math.min(top, m), b, m, p);
            long v = a[m] - s;
            v += (v >> 63) & p;
            a[m] = v;
            exact &= v == 0;
        }
        java.util.Arrays.fill(a, Math.max(0, bLen - 1), aLen, 0L);
        return exact;
    }

    /** sum_{j = lo..hi} q[j] b[m - j] mod p (0 when hi &lt; lo), entries in [0, p), p &lt; 2^26. */
    private static long dotReduced(long[] q, int lo, int hi, long[] b, int m, long p) {
        long r = 0;
        for (int from = lo; from <= hi; from += BivariateImagesZp.SUM_BLOCK) {
            int to = Math.min(hi, from + BivariateImagesZp.SUM_BLOCK - 1);
            long s = 0;
            for (int j = from; j <= to; j++) {
                s += q[j] * b[m - j];
            }
            r = (r + s % p) % p;
        }
        return r;
    }

    /** The value at a of the polynomial c[0..len) mod p (Horner), c in [0, p), a in [0, p). */
    static long evaluate(long[] c, int off, int len, long a, long p, double pInv) {
        long r = 0;
        for (int j = off + len - 1; j >= off; j--) {
            long s = mulmod(r, a, p, pInv) + c[j];
            r = s >= p ? s - p : s;
        }
        return r;
    }

    /**
     * out[i] = det(M_{j,i}) mod p for i in [0, j] (see {@link BivariateSubresultants}): a and b
     * hold the n + 1 and m + 1 coefficients (increasing degree, formal degrees n, m, leading ones
     * possibly zero), 0 &lt;= j &lt; min(n, m). One elimination of M_j with pivots in its first
     * N - 1 columns (N = n + m - 2j rows): then det(M_{j,i}) is the sign of the swaps times the
     * pivots times the last row's entry in the column of x^i; a column without a pivot makes them
     * all zero. O(N^2 (n + m - j)).
     */
    static void subresultantAt(ZpField field, long[] a, int n, long[] b, int m, int j, long[] out) {
        long p = field.p();
        double pInv = 1.0 / p;
        int rows = n + m - 2 * j;
        int cols = n + m - j;
        long[][] mat = new long[rows][cols];
        for (int r = 0; r < m - j; r++) {
            int shift = m - j - 1 - r;
            for (int c = 0; c < cols; c++) {
                int e = cols - 1 - c - shift;
                mat[r][c] = e >= 0 && e <= n ? a[e] : 0;
            }
        }
        for (int r = 0; r < n - j; r++) {
            int shift = n - j - 1 - r;
            for (int c = 0; c < cols; c++) {
                int e = cols - 1 - c - shift;
                mat[m - j + r][c] = e >= 0 && e <= m ? b[e] : 0;
            }
        }
        long scale = 1;
        for (int col = 0; col < rows - 1; col++) {
            int piv = col;
            while (piv < rows && mat[piv][col] == 0) {
                piv++;
            }
            if (piv == rows) {
                Arrays.fill(out, 0, j + 1, 0);
                return;
            }
            if (piv != col) {
                long[] t = mat[piv];
                mat[piv] = mat[col];
                mat[col] = t;
                scale = scale == 0 ? 0 : p - scale; // negate
            }
            long pivot = mat[col][col];
            scale = mulmod(scale, pivot, p, pInv);
            long inv = field.inv(pivot);
            long[] pr = mat[col];
            for (int r = col + 1; r < rows; r++) {
                long[] row = mat[r];
                if (row[col] == 0) {
                    continue;
                }
                long factor = p - mulmod(row[col], inv, p, pInv); // -row[col] / pivot
                for (int c = col + 1; c < cols; c++) {
                    long v = row[c] + mulmod(factor, pr[c], p, pInv);
                    row[c] = v >= p ? v - p : v;
                }
                row[col] = 0;
            }
        }
        long[] last = mat[rows - 1];
        for (int i = 0; i <= j; i++) {
            out[i] = mulmod(scale, last[cols - 1 - i], p, pInv);
        }
    }
}
