package org.modalg.modular.kernel;


/**
 * PA = LU modulo one word-size prime p &lt; 2^{@value ZpDetKernel#MAX_PRIME_BITS}, and solves
 * A x = b modulo p with it: the inverse of A modulo p that the p-adic (Dixon) lifting of
 * {@code DixonLift} (package {@code org.modalg.modular.mat}) applies once per step.
 *
 * <p>The factorization ({@link #eliminate}, also the kernel of {@link ZpDetKernel}) works on
 * exact integers in doubles with delayed reduction and a row update the JIT vectorizes, and
 * keeps the multipliers: n^3/3 multiply-subtracts, the cost of one determinant image, which it
 * also yields. The factors are
 * then stored column by column, so both triangular solves are column updates
 * (y[i] -= column[i] * y_k, vectorized) rather than dot products (a floating-point sum the JIT
 * does not vectorize): n^2 multiply-subtracts per solve, with a reduction of the whole vector
 * every 128 columns (each term is below p^2 &lt; 2^46, so 128 of them stay exact below 2^53).
 *
 * <p>Serializable, so that factors computed on another machine (the {@code distributed} module's
 * executors) can serve the lifting on this one.
 */
public final class ZpLu implements java.io.Serializable {

    private static final long serialVersionUID = 1L;

    private static final double EXACT = 9007199254740992.0; // 2^53

    final int n;
    final long p;
    /** det A mod p (non-zero: singular matrices have no factorization). */
    public final long det;
    // cols[k][i]: entry (i, k) of L (i > k, unit diagonal implied) or of U (i <= k). One array
    // per column, indexed like the vector: the JIT vectorizes x[i] -= c[i] * y, but not
    // x[i] -= c[off + i] * y (nor a float-to-double conversion): 0.27 against 0.56 ns per entry.
    private final double[][] cols;
    // Row k of PA is row perm[k] of A.
    private final int[] perm;
    // U's diagonal inverted modulo p.
    private final double[] diagInv;

    private ZpLu(int n, long p, long det, double[][] cols, int[] perm, double[] diagInv) {
        this.n = n;
        this.p = p;
        this.det = det;
        this.cols = cols;
        this.perm = perm;
        this.diagInv = diagInv;
    }

    /** The matrix size n. */
    public int size() {
        return n;
    }

    /** The prime p. */
    public long prime() {
        return p;
    }

    /**
     * Factors a modulo p, destroying a, or returns null when a is singular modulo p. Rows
     * a[0..n) of length n hold exact integers in [0, p).
     *
     * @param p an odd prime below 2^{@value ZpDetKernel#MAX_PRIME_BITS} (not checked)
     */
    public static ZpLu factor(double[][] a, int n, long p) {
        int[] perm = new int[n];
        double[] diagInv = new double[n];
        long det = eliminate(a, n, p, perm, diagInv);
        if (det == 0) {
            return null;
        }
        double[][] cols = new double[n][n];
        for (int i = 0; i < n; i++) {
            double[] ri = a[i];
            for (int c = 0; c < n; c++) {
                cols[c][i] = ri[c];
            }
        }
        return new ZpLu(n, p, det, cols, perm, diagInv);
    }

    /**
     * Gaussian elimination of a modulo p in place, two pivot rows per pass over the trailing
     * rows: det a mod p (0 when singular modulo p, the elimination then stops). On return with
     * a non-zero det, a holds L (below the diagonal, multipliers) and U (diagonal and above),
     * reduced into [0, p), of PA = LU; row k of PA is row perm[k] of a, and diagInv[k] is the
     * inverse of U's k-th diagonal entry.
     *
     * <p>Pivot k + 1 is chosen before the trailing update of pivot k: only column k + 1 and row
     * k + 1 are brought up to date first, then every row below takes both updates in one pass,
     * a_ij -= l_ik u_kj + l_i,k+1 u_k+1,j (half the memory traffic of one pass per pivot: 3.75
     * against 5.1 ms at n = 400). Delayed reduction as in {@link ZpDetKernel}, with two products
     * per pass.
     */
    static long eliminate(double[][] a, int n, long p, int[] perm, double[] diagInv) {
        final double pd = p;
        final double pinv = 1.0 / pd;
        final double step = (double) (p - 1) * (double) (p - 1);
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        double bound = pd; // |entry| < bound for every trailing entry
        long det = 1;
        int k = 0;
        while (k < n) {
            // Pivot k: reduce column k, swap the first non-zero entry up, multipliers into column k.
            int piv = pivotRow(a, k, k, n, pd, pinv);
            if (piv < 0) {
                return 0;
            }
            det = swap(a, perm, k, piv, det, p);
            double[] rk = a[k];
            for (int j = k + 1; j < n; j++) {
                rk[j] = reduce(rk[j], pd, pinv);
            }
            long pivot = (long) rk[k];
            det = det * pivot % p;
            long inv = inverse(pivot, p);
            diagInv[k] = inv;
            for (int i = k + 1; i < n; i++) {
                a[i][k] = (long) a[i][k] * inv % p;
            }
            boolean pair = k + 1 < n;
            if (bound + (pair ? 2 : 1) * step >= EXACT) {
                for (int i = k + 1; i < n; i++) {
                    double[] ri = a[i];
                    for (int j = k + 1; j < n; j++) {
                        ri[j] = reduce(ri[j], pd, pinv);
                    }
                }
                bound = pd;
            }
            if (!pair) {
                break;
            }
            // Pivot k + 1 before the trailing update: only column k + 1 is brought up to date,
            // then row k + 1; the rows below get both updates in one pass (half the memory
            // traffic of one pass per pivot).
            int k1 = k + 1;
            double rkk1 = rk[k1];
            for (int i = k1; i < n; i++) {
                double[] ri = a[i];
                ri[k1] = reduce(ri[k1] - ri[k] * rkk1, pd, pinv);
            }
            piv = pivotRow(a, k1, k1, n, pd, pinv);
            if (piv < 0) {
                return 0;
            }
            det = swap(a, perm, k1, piv, det, p);
            double[] r1 = a[k1];
            double f1 = r1[k];
            for (int j = k1 + 1; j < n; j++) {
                r1[j] = reduce(r1[j] - f1 * rk[j], pd, pinv);
            }
            long pivot1 = (long) r1[k1];
            det = det * pivot1 % p;
            long inv1 = inverse(pivot1, p);
            diagInv[k1] = inv1;
            bound += 2 * step;
            for (int i = k1 + 1; i < n; i++) {
                double[] ri = a[i];
                double f = ri[k];
                double g = (long) ri[k1] * inv1 % p;
                ri[k1] = g;
                if (f == 0 && g == 0) {
                    continue;
                }
                for (int j = k1 + 1; j < n; j++) {
                    ri[j] -= f * rk[j] + g * r1[j];
                }
            }
            k += 2;
        }
        return det;
    }

    /**
     * x = A^-1 b mod p with every x_i in [0, p). b (entries in [0, p), indexed by A's rows) is
     * left unchanged; x must not be b.
     */
    public void solve(double[] b, double[] x) {
        final double pd = p;
        final double pinv = 1.0 / pd;
        final double step = (double) (p - 1) * (double) (p - 1);
        final int n = this.n;
        final double[][] c = cols;
        for (int k = 0; k < n; k++) {
            x[k] = b[perm[k]];
        }
        // L y = P b, unit diagonal.
        double bound = pd;
        for (int k = 0; k < n; k++) {
            double yk = reduce(x[k], pd, pinv);
            x[k] = yk;
            if (yk == 0) {
                continue;
            }
            if (bound + step >= EXACT) {
                for (int i = k + 1; i < n; i++) {
                    x[i] = reduce(x[i], pd, pinv);
                }
                bound = pd;
            }
            bound += step;
            double[] col = c[k];
            for (int i = k + 1; i < n; i++) {
                x[i] -= col[i] * yk;
            }
        }
        // U x = y; the y entries are reduced.
        bound = pd;
        for (int k = n - 1; k >= 0; k--) {
            double xk = reduce(reduce(x[k], pd, pinv) * diagInv[k], pd, pinv);
            x[k] = xk;
            if (xk == 0) {
                continue;
            }
            if (bound + step >= EXACT) {
                for (int i = 0; i < k; i++) {
                    x[i] = reduce(x[i], pd, pinv);
                }
                bound = pd;
            }
            bound += step;
            double[] col = c[k];
            for (int i = 0; i < k; i++) {
                x[i] -= col[i] * xk;
            }
        }
    }

    /**
     * The rank profile of a modulo p: Gaussian elimination with column skipping (a column
     * without a pivot among the remaining rows is passed over), n^2 r multiply-subtracts for
     * rank r, delayed reduction as in {@link #eliminate}. Pivot t lies in row rows[t] and column
     * cols[t] of a (columns increasing), so the r x r submatrix of a on those rows and columns is
     * regular modulo p, and every column not in cols is, modulo p, a combination of the pivot
     * columns. The rank of a over Q is at least r. Destroys a.
     *
     * @param a n rows of length n, exact integers in [0, p)
     * @param p an odd prime below 2^{@value ZpDetKernel#MAX_PRIME_BITS} (not checked)
     * @param rows receives the pivot rows (length at least n)
     * @param cols receives the pivot columns (length at least n)
     * @return the rank r of a modulo p
     */
    public static int rankProfile(double[][] a, int n, long p, int[] rows, int[] cols) {
        final double pd = p;
        final double pinv = 1.0 / pd;
        final double step = (double) (p - 1) * (double) (p - 1);
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        double bound = pd;
        int r = 0;
        for (int c = 0; c < n && r < n; c++) {
            int piv = pivotRow(a, c, r, n, pd, pinv);
            if (piv < 0) {
                continue;
            }
            swap(a, perm, r, piv, 1, p);
            double[] rr = a[r];
            for (int j = c + 1; j < n; j++) {
                rr[j] = reduce(rr[j], pd, pinv);
            }
            rows[r] = perm[r];
            cols[r] = c;
            long inv = inverse((long) rr[c], p);
            if (bound + step >= EXACT) {
                for (int i = r + 1; i < n; i++) {
                    double[] ri = a[i];
                    for (int j = c + 1; j < n; j++) {
                        ri[j] = reduce(ri[j], pd, pinv);
                    }
                }
                bound = pd;
            }
            bound += step;
            for (int i = r + 1; i < n; i++) {
                double[] ri = a[i];
                double f = (long) ri[c] * inv % p;
                ri[c] = 0;
                if (f == 0) {
                    continue;
                }
                for (int j = c + 1; j < n; j++) {
                    ri[j] -= f * rr[j];
                }
            }
            r++;
        }
        return r;
    }

    // Reduces column col in rows [from, n); the first row with a non-zero entry there, or -1.
    private static int pivotRow(double[][] a, int col, int from, int n, double pd, double pinv) {
        int piv = -1;
        for (int i = from; i < n; i++) {
            double v = reduce(a[i][col], pd, pinv);
            a[i][col] = v;
            if (piv < 0 && v != 0) {
                piv = i;
            }
        }
        return piv;
    }

    // Swaps rows k and piv (and their permutation entries); the determinant changes sign.
    private static long swap(double[][] a, int[] perm, int k, int piv, long det, long p) {
        if (piv == k) {
            return det;
        }
        double[] t = a[piv];
        a[piv] = a[k];
        a[k] = t;
        int s = perm[piv];
        perm[piv] = perm[k];
        perm[k] = s;
        return p - det;
    }

    /** a^-1 mod p for 0 &lt; a &lt; p &lt; 2^31, by the extended Euclidean algorithm (not checked). */
    public static long inverse(long a, long p) {
        long r0 = p;
        long r1 = a;
        long t0 = 0;
        long t1 = 1;
        while (r1 != 0) {
            long q = r0 / r1;
            long r = r0 - q * r1;
            r0 = r1;
            r1 = r;
            long t = t0 - q * t1;
            t0 = t1;
            t1 = t;
        }
        return t0 < 0 ? t0 + p : t0;
    }

    /** v mod p in [0, p) for an exact integer |v| &lt; 2^53, pinv = 1 / p (not checked). */
    public static double reduce(double v, double p, double pinv) {
        double r = v - p * Math.floor(v * pinv);
        if (r >= p) {
            r -= p;
        } else if (r < 0) {
            r += p;
        }
        return r;
    }
}
