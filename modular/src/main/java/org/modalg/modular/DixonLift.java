package org.modalg.modular;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.modalg.fft.CrtBasis;

/**
 * p-adic (Dixon) lifting of the solution of A x = b over Z: x mod P^K for a few chosen components,
 * where P = p_1 ... p_k is a product of word-size primes modulo which A has been factored
 * ({@link ZpLu}). Dixon, "Exact solution of linear equations using p-adic expansions" (Numer.
 * Math. 40, 1982); used for the determinant by the divisor trick (Abbott, Bronstein, Mulders,
 * ISSAC 1999).
 *
 * <p>One step: X = A^-1 r mod P (k triangular solves, one per prime, combined by Garner into
 * mixed-radix digits), then r &lt;- (r - A X) / P, exactly. The residual r stays below
 * R = max(|b|, ||A||_inf) in absolute value (|r - A X| / P &lt;= R / P + ||A||_inf (P-1)/P), so it
 * is kept in residue form modulo a few more primes q_1 ... q_s with product Q &gt; 4R: the update
 * is then s matrix-vector products modulo q_t with A mod q_t and X mod q_t, and r mod p_j comes
 * from r's mixed-radix digits over the q_t (the top digit gives the sign, as |r| &lt; Q/4). All of
 * it is on doubles holding exact integers below 2^53, the matrix-vector products as column
 * updates the JIT vectorizes. x = sum_i X_i P^i.
 *
 * <p>Cost per step: (k + s) n^2 multiply-subtracts plus O(n (k + s)^2) for the digit conversions,
 * for about 23 k bits of the p-adic expansion; the k solves and the s residual products run on
 * the given threads.
 */
final class DixonLift {

    private static final double EXACT = 9007199254740992.0; // 2^53

    private final int n;
    private final ZpLu[] lus;
    private final int k;
    private final int s;
    private final double[] ps;
    private final double[] pinvs;
    private final double[] qs;
    private final double[] qinvs;
    // A mod q_t, column by column: aq[t][c * n + i] = a_ic mod q_t (exact in floats, q_t < 2^24;
    // half the memory traffic of doubles in the residual products).
    private final float[][] aq;
    // Garner constants: (q_0 ... q_{t-1})^-1 mod q_t and (p_0 ... p_{j-1})^-1 mod p_j.
    private final double[] qGarner;
    private final double[] pGarner;
    // Q mod p_j, and P^-1 mod q_t.
    private final double[] qModP;
    private final double[] pInvModQ;

    /**
     * @param a the matrix, row by row (n x n)
     * @param lus A factored modulo k distinct primes p_j
     * @param rnsPrimes s distinct primes below 2^23, none of them a p_j, with product above 4 R
     */
    DixonLift(BigInteger[] a, int n, ZpLu[] lus, long[] rnsPrimes) {
        this.n = n;
        this.lus = lus.clone();
        this.k = lus.length;
        this.s = rnsPrimes.length;
        ps = new double[k];
        pinvs = new double[k];
        for (int j = 0; j < k; j++) {
            ps[j] = lus[j].p;
            pinvs[j] = 1.0 / ps[j];
        }
        qs = new double[s];
        qinvs = new double[s];
        for (int t = 0; t < s; t++) {
            qs[t] = rnsPrimes[t];
            qinvs[t] = 1.0 / qs[t];
        }
        int nn = n * n;
        long[] res = new long[s * nn];
        CrtBasis.of(rnsPrimes).project(a, res);
        aq = new float[s][nn];
        for (int t = 0; t < s; t++) {
            float[] m = aq[t];
            int base = t * nn;
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < n; c++) {
                    m[c * n + i] = res[base + i * n + c];
                }
            }
        }
        qGarner = new double[s];
        for (int t = 0; t < s; t++) {
            long prod = 1;
            for (int l = 0; l < t; l++) {
                prod = prod * (rnsPrimes[l] % rnsPrimes[t]) % rnsPrimes[t];
            }
            qGarner[t] = ZpDetKernel.inverse(prod, rnsPrimes[t]);
        }
        pGarner = new double[k];
        for (int j = 0; j < k; j++) {
            long pj = lus[j].p;
            long prod = 1;
            for (int l = 0; l < j; l++) {
                prod = prod * (lus[l].p % pj) % pj;
            }
            pGarner[j] = ZpDetKernel.inverse(prod, pj);
        }
        qModP = new double[k];
        for (int j = 0; j < k; j++) {
            long pj = lus[j].p;
            long prod = 1;
            for (int t = 0; t < s; t++) {
                prod = prod * (rnsPrimes[t] % pj) % pj;
            }
            qModP[j] = prod;
        }
        pInvModQ = new double[s];
        for (int t = 0; t < s; t++) {
            long qt = rnsPrimes[t];
            long prod = 1;
            for (int j = 0; j < k; j++) {
                prod = prod * (lus[j].p % qt) % qt;
            }
            pInvModQ[t] = ZpDetKernel.inverse(prod, qt);
        }
    }

    /** P, the product of the factorization primes. */
    BigInteger stepModulus() {
        BigInteger p = BigInteger.ONE;
        for (ZpLu lu : lus) {
            p = p.multiply(BigInteger.valueOf(lu.p));
        }
        return p;
    }

    /**
     * Runs the given number of steps from r = b and returns, for each of the first
     * {@code components} indices i, x_i mod P^steps in [0, P^steps).
     *
     * @param b the right-hand side, |b_i| &lt;= R
     * @param threads threads for the per-prime solves and residual products
     * @param options polled for cancellation before each step; its listener gets
     *     ("dixon-lift", step, steps)
     */
    BigInteger[] lift(long[] b, int steps, int components, int threads, ModularOptions options) {
        double[][] r = new double[s][n];
        for (int t = 0; t < s; t++) {
            long qt = (long) qs[t];
            for (int i = 0; i < n; i++) {
                r[t][i] = Math.floorMod(b[i], qt);
            }
        }
        double[][] u = new double[s][n];
        double[] neg = new double[n];
        double[][] rp = new double[k][n];
        double[][] y = new double[k][n];
        double[][] w = new double[k][n];
        double[][] xq = new double[s][n];
        double[][] acc = new double[s][n];
        double[] tmp = new double[n];
        // digits[c][i * k + j]: digit j of X_i for component c.
        double[][] digits = new double[components][steps * k];
        ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads, daemon()) : null;
        try {
            List<Callable<Void>> solves = new ArrayList<>();
            for (int j = 0; j < k; j++) {
                final int jj = j;
                solves.add(() -> {
                    lus[jj].solve(rp[jj], y[jj]);
                    return null;
                });
            }
            List<Callable<Void>> updates = new ArrayList<>();
            for (int t = 0; t < s; t++) {
                final int tt = t;
                updates.add(() -> {
                    residualUpdate(tt, r[tt], xq[tt], acc[tt]);
                    return null;
                });
            }
            for (int step = 0; step < steps; step++) {
                options.checkCancelled("before Dixon step " + (step + 1) + " of " + steps);
                residuesModP(r, u, neg, rp, tmp);
                runAll(pool, solves);
                digitsOfX(y, w, tmp);
                for (int c = 0; c < components; c++) {
                    for (int j = 0; j < k; j++) {
                        digits[c][step * k + j] = w[j][c];
                    }
                }
                xModQ(w, xq);
                runAll(pool, updates);
                options.listener().progress("dixon-lift", step + 1, steps);
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
        BigInteger[] out = new BigInteger[components];
        for (int c = 0; c < components; c++) {
            out[c] = assemble(digits[c], steps);
        }
        return out;
    }

    // r mod p_j from r's residues mod the q_t: mixed-radix digits u over the q_t, the sign from
    // the top digit (|r| < Q/4), then Horner modulo p_j.
    private void residuesModP(double[][] r, double[][] u, double[] neg, double[][] rp, double[] tmp) {
        System.arraycopy(r[0], 0, u[0], 0, n);
        for (int t = 1; t < s; t++) {
            double qt = qs[t];
            double qi = qinvs[t];
            System.arraycopy(u[t - 1], 0, tmp, 0, n);
            for (int l = t - 2; l >= 0; l--) {
                double ql = qs[l];
                double[] ul = u[l];
                for (int i = 0; i < n; i++) {
                    tmp[i] = ZpLu.reduce(tmp[i] * ql + ul[i], qt, qi);
                }
            }
            double g = qGarner[t];
            double[] rt = r[t];
            double[] ut = u[t];
            for (int i = 0; i < n; i++) {
                ut[i] = ZpLu.reduce(ZpLu.reduce(rt[i] - tmp[i], qt, qi) * g, qt, qi);
            }
        }
        double half = Math.floor(qs[s - 1] / 2);
        double[] top = u[s - 1];
        for (int i = 0; i < n; i++) {
            neg[i] = top[i] >= half ? 1 : 0;
        }
        for (int j = 0; j < k; j++) {
            double pj = ps[j];
            double pi = pinvs[j];
            double[] out = rp[j];
            for (int i = 0; i < n; i++) {
                out[i] = ZpLu.reduce(top[i], pj, pi);
            }
            for (int t = s - 2; t >= 0; t--) {
                double qt = qs[t];
                double[] ut = u[t];
                for (int i = 0; i < n; i++) {
                    out[i] = ZpLu.reduce(out[i] * qt + ut[i], pj, pi);
                }
            }
            double qm = qModP[j];
            for (int i = 0; i < n; i++) {
                out[i] = ZpLu.reduce(out[i] - neg[i] * qm, pj, pi);
            }
        }
    }

    // Mixed-radix digits w_j of X in [0, P) from X mod p_j = y_j (Garner).
    private void digitsOfX(double[][] y, double[][] w, double[] tmp) {
        System.arraycopy(y[0], 0, w[0], 0, n);
        for (int j = 1; j < k; j++) {
            double pj = ps[j];
            double pi = pinvs[j];
            double[] prev = w[j - 1];
            for (int i = 0; i < n; i++) {
                tmp[i] = ZpLu.reduce(prev[i], pj, pi);
            }
            for (int l = j - 2; l >= 0; l--) {
                double pl = ps[l];
                double[] wl = w[l];
                for (int i = 0; i < n; i++) {
                    tmp[i] = ZpLu.reduce(tmp[i] * pl + wl[i], pj, pi);
                }
            }
            double g = pGarner[j];
            double[] yj = y[j];
            double[] wj = w[j];
            for (int i = 0; i < n; i++) {
                wj[i] = ZpLu.reduce(ZpLu.reduce(yj[i] - tmp[i], pj, pi) * g, pj, pi);
            }
        }
    }

    // X mod q_t by Horner over the digits.
    private void xModQ(double[][] w, double[][] xq) {
        for (int t = 0; t < s; t++) {
            double qt = qs[t];
            double qi = qinvs[t];
            double[] out = xq[t];
            double[] top = w[k - 1];
            for (int i = 0; i < n; i++) {
                out[i] = ZpLu.reduce(top[i], qt, qi);
            }
            for (int j = k - 2; j >= 0; j--) {
                double pj = ps[j];
                double[] wj = w[j];
                for (int i = 0; i < n; i++) {
                    out[i] = ZpLu.reduce(out[i] * pj + wj[i], qt, qi);
                }
            }
        }
    }

    // r <- (r - A X) P^-1 mod q_t, the product as column updates with delayed reduction.
    private void residualUpdate(int t, double[] r, double[] x, double[] acc) {
        final double qt = qs[t];
        final double qi = qinvs[t];
        final double step = (qt - 1) * (qt - 1);
        final float[] m = aq[t];
        System.arraycopy(r, 0, acc, 0, n);
        double bound = qt;
        for (int c = 0; c < n; c++) {
            double xc = x[c];
            if (xc == 0) {
                continue;
            }
            if (bound + step >= EXACT) {
                for (int i = 0; i < n; i++) {
                    acc[i] = ZpLu.reduce(acc[i], qt, qi);
                }
                bound = qt;
            }
            bound += step;
            int col = c * n;
            for (int i = 0; i < n; i++) {
                acc[i] -= m[col + i] * xc;
            }
        }
        double pinv = pInvModQ[t];
        for (int i = 0; i < n; i++) {
            r[i] = ZpLu.reduce(ZpLu.reduce(acc[i], qt, qi) * pinv, qt, qi);
        }
    }

    // sum_i X_i P^i from the mixed-radix digits of the X_i, by a balanced tree.
    private BigInteger assemble(double[] digits, int steps) {
        List<BigInteger> level = new ArrayList<>(steps);
        for (int i = 0; i < steps; i++) {
            BigInteger v = BigInteger.ZERO;
            for (int j = k - 1; j >= 0; j--) {
                v = v.multiply(BigInteger.valueOf(lus[j].p)).add(BigInteger.valueOf((long) digits[i * k + j]));
            }
            level.add(v);
        }
        BigInteger radix = stepModulus();
        while (level.size() > 1) {
            List<BigInteger> next = new ArrayList<>((level.size() + 1) / 2);
            for (int i = 0; i < level.size(); i += 2) {
                next.add(i + 1 < level.size() ? level.get(i).add(level.get(i + 1).multiply(radix)) : level.get(i));
            }
            level = next;
            radix = radix.multiply(radix);
        }
        return level.isEmpty() ? BigInteger.ZERO : level.get(0);
    }

    private static void runAll(ExecutorService pool, List<Callable<Void>> tasks) {
        if (pool == null) {
            for (Callable<Void> task : tasks) {
                try {
                    task.call();
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
            return;
        }
        try {
            for (Future<Void> f : pool.invokeAll(tasks)) {
                f.get();
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ModularCancelledException("interrupted during Dixon lifting");
        }
    }

    private static java.util.concurrent.ThreadFactory daemon() {
        return r -> {
            Thread th = new Thread(r, "modalg-dixon");
            th.setDaemon(true);
            return th;
        };
    }
}
