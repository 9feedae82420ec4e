package org.modalg.modular;

/**
 * PA = LU modulo one word-size prime p &lt; 2^{@value ZpDetKernel#MAX_PRIME_BITS}, and solves
 * A x = b modulo p with it: the inverse of A modulo p that the p-adic (Dixon) lifting of
 * {@link DixonLift} applies once per step.
 *
 * <p>The factorization is the elimination of {@link ZpDetKernel} (exact integers in doubles,
 * delayed reduction, a row update the JIT vectorizes) that also keeps the multipliers: n^3/3
 * multiply-subtracts, the cost of one determinant image, which it also yields. The factors are
 * then stored column by column, so both triangular solves are column updates
 * (y[i] -= column[i] * y_k, vectorized) rather than dot products (a floating-point sum the JIT
 * does not vectorize): n^2 multiply-subtracts per solve, with a reduction of the whole vector
 * every 128 columns (each term is below p^2 &lt; 2^46, so 128 of them stay exact below 2^53).
 */
final class ZpLu {

    private static final double EXACT = 9007199254740992.0; // 2^53

    final int n;
    final long p;
    /** det A mod p (non-zero: singular matrices have no factorization). */
    final long det;
    // cols[k * n + i]: entry (i, k) of L (i > k, unit diagonal implied) or of U (i <= k).
    private final double[] cols;
    // Row k of PA is row perm[k] of A.
    private final int[] perm;
    // U's diagonal inverted modulo p.
    private final double[] diagInv;

    private ZpLu(int n, long p, long det, double[] cols, int[] perm, double[] diagInv) {
        this.n = n;
        this.p = p;
        this.det = det;
        this.cols = cols;
        this.perm = perm;
        this.diagInv = diagInv;
    }

    /**
     * Factors a modulo p, destroying a, or returns null when a is singular modulo p. Rows
     * a[0..n) of length n hold exact integers in [0, p).
     *
     * @param p an odd prime below 2^{@value ZpDetKernel#MAX_PRIME_BITS} (not checked)
     */
    static ZpLu factor(double[][] a, int n, long p) {
        final double pd = p;
        final double pinv = 1.0 / pd;
        final double step = (double) (p - 1) * (double) (p - 1);
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        double[] diagInv = new double[n];
        double bound = pd;
        long det = 1;
        for (int k = 0; k < n; k++) {
            int piv = -1;
            for (int i = k; i < n; i++) {
                double v = reduce(a[i][k], pd, pinv);
                a[i][k] = v;
                if (piv < 0 && v != 0) {
                    piv = i;
                }
            }
            if (piv < 0) {
                return null;
            }
            if (piv != k) {
                double[] t = a[piv];
                a[piv] = a[k];
                a[k] = t;
                int s = perm[piv];
                perm[piv] = perm[k];
                perm[k] = s;
                det = p - det;
            }
            double[] rk = a[k];
            for (int j = k + 1; j < n; j++) {
                rk[j] = reduce(rk[j], pd, pinv);
            }
            long pivot = (long) rk[k];
            det = det * pivot % p;
            long inv = ZpDetKernel.inverse(pivot, p);
            diagInv[k] = inv;
            if (bound + step >= EXACT) {
                for (int i = k + 1; i < n; i++) {
                    double[] ri = a[i];
                    for (int j = k + 1; j < n; j++) {
                        ri[j] = reduce(ri[j], pd, pinv);
                    }
                }
                bound = pd;
            }
            bound += step;
            for (int i = k + 1; i < n; i++) {
                double[] ri = a[i];
                long f = (long) ri[k] * inv % p;
                ri[k] = f; // the multiplier, entry (i, k) of L
                if (f == 0) {
                    continue;
                }
                double fd = f;
                for (int j = k + 1; j < n; j++) {
                    ri[j] -= fd * rk[j];
                }
            }
        }
        double[] cols = new double[n * n];
        for (int i = 0; i < n; i++) {
            double[] ri = a[i];
            for (int k = 0; k < n; k++) {
                cols[k * n + i] = ri[k];
            }
        }
        return new ZpLu(n, p, det, cols, perm, diagInv);
    }

    /**
     * x = A^-1 b mod p with every x_i in [0, p). b (entries in [0, p), indexed by A's rows) is
     * left unchanged; x must not be b.
     */
    void solve(double[] b, double[] x) {
        final double pd = p;
        final double pinv = 1.0 / pd;
        final double step = (double) (p - 1) * (double) (p - 1);
        final int n = this.n;
        final double[] c = cols;
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
            int col = k * n;
            for (int i = k + 1; i < n; i++) {
                x[i] -= c[col + i] * yk;
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
            int col = k * n;
            for (int i = 0; i < k; i++) {
                x[i] -= c[col + i] * xk;
            }
        }
    }

    // v mod p in [0, p) for an exact integer |v| < 2^53.
    static double reduce(double v, double p, double pinv) {
        double r = v - p * Math.floor(v * pinv);
        if (r >= p) {
            r -= p;
        } else if (r < 0) {
            r += p;
        }
        return r;
    }
}
