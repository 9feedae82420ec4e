package org.modalg.modular.mat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.modalg.fft.CancelledException;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.LuImages;
import org.modalg.modular.kernel.ZpLu;

/**
 * p-adic (Dixon) lifting of the solution of A x = b over Z: x mod P^K for a few chosen components,
 * where P = p_1 ... p_k is a product of word-size primes modulo which A has been factored by an
 * {@link ImageEngine} ({@link LuImages}; the CPU engine's are {@link ZpLu}). Dixon, "Exact
 * solution of linear equations using p-adic expansions" (Numer. Math. 40, 1982); used for the
 * determinant by the divisor trick (Abbott, Bronstein, Mulders, ISSAC 1999) and for the rational
 * solution of {@link LinearSolve}.
 *
 * <p>One step: X = A^-1 r mod P (k triangular solves, one batched {@link LuImages#solve} call per
 * batch of factors, one in the usual case), then r &lt;- (r - A X) / P,
 * exactly. The residual stays below R = max(|b|, ||A||_inf) in absolute value
 * (|r - A X| / P &lt;= R / P + ||A||_inf |X| / P with |X| &lt;= P (1/2 + 2^-40)), so it is kept in
 * residue form modulo a few more primes q_1 ... q_s with product Q &gt; 4R: the update is then s
 * matrix-vector products modulo q_t with A mod q_t and X mod q_t. Between the two bases values
 * move by the CRT with a floating-point quotient (x = sum_t e_t (M / m_t) - g M, g the nearest
 * integer to sum_t e_t / m_t; exact for r, |r| &lt; Q / 4, and for X any of the two neighbours
 * is a valid representative). All of it is on doubles holding exact integers below 2^53, the
 * matrix-vector products as column updates the JIT vectorizes. x = sum_i X_i P^i.
 *
 * <p>Cost per step: (k + s) n^2 multiply-subtracts plus about 2 k s n for the base conversions,
 * for about 23 k bits of the p-adic expansion; the k solves run on the image engine (its threads or
 * its device), the s residual products on the given threads.
 */
final class DixonLift {

    private static final double EXACT = 9007199254740992.0; // 2^53

    // Residue primes projected at once (bounds the temporary longs to 16 n^2).
    private static final int PROJECTION_CHUNK = 16;

    private final int n;
    // The factor batches, and in each the indices of the primes A is regular modulo (prime j of
    // the lifting is regular[b][i] of batch b, in batch order).
    private final LuImages[] batches;
    private final int[][] regular;
    private final int k;
    private final int s;
    private final double[] ps;
    private final double[] pinvs;
    private final double[] qs;
    private final double[] qinvs;
    // A mod q_t, column by column: aq[t][c][i] = a_ic mod q_t (one array per column, so the
    // column update vectorizes, see ZpLu).
    private final double[][][] aq;
    // Base extension constants (CRT in the form x = sum_t e_t (M / m_t) - g M, with
    // e_t = x_t (M / m_t)^-1 mod m_t and g the nearest integer to sum_t e_t / m_t):
    // (Q / q_t)^-1 mod q_t, (Q / q_t) mod p_j, Q mod p_j; (P / p_j)^-1 mod p_j, (P / p_j) mod q_t,
    // P mod q_t, and P^-1 mod q_t.
    private final double[] qHatInv;
    private final double[][] qHatModP;
    private final double[] qModP;
    private final double[] pHatInv;
    private final double[][] pHatModQ;
    private final double[] pModQ;
    private final double[] pInvModQ;
    // P / p_j, to assemble the solution, and P.
    private final BigInteger[] pHat;
    private final BigInteger stepModulus;

    /**
     * @param a the matrix, row by row (n x n)
     * @param batches A factored modulo k distinct primes p_j in all (primes modulo which A is
     *     singular, determinant 0, are skipped); not closed here
     * @param rnsPrimes s distinct primes below 2^23, none of them a p_j, with product above 4 R
     * @throws IllegalArgumentException if no batch has a prime modulo which A is regular
     */
    DixonLift(BigInteger[] a, int n, List<LuImages> batches, long[] rnsPrimes) {
        this.n = n;
        this.batches = batches.toArray(new LuImages[0]);
        this.regular = new int[this.batches.length][];
        int count = 0;
        for (int bi = 0; bi < this.batches.length; bi++) {
            LuImages lu = this.batches[bi];
            regular[bi] = java.util.stream.IntStream.range(0, lu.count()).filter(j -> lu.determinant(j) != 0).toArray();
            count += regular[bi].length;
        }
        if (count == 0) {
            throw new IllegalArgumentException("batches must hold a prime modulo which A is regular");
        }
        this.k = count;
        this.s = rnsPrimes.length;
        ps = new double[k];
        pinvs = new double[k];
        int j0 = 0;
        for (int bi = 0; bi < this.batches.length; bi++) {
            for (int i : regular[bi]) {
                ps[j0] = this.batches[bi].prime(i);
                pinvs[j0] = 1.0 / ps[j0];
                j0++;
            }
        }
        qs = new double[s];
        qinvs = new double[s];
        for (int t = 0; t < s; t++) {
            qs[t] = rnsPrimes[t];
            qinvs[t] = 1.0 / qs[t];
        }
        int nn = n * n;
        aq = new double[s][n][n];
        for (int from = 0; from < s; from += PROJECTION_CHUNK) {
            int to = Math.min(s, from + PROJECTION_CHUNK);
            long[] res = new long[(to - from) * nn];
            CrtBasis.of(java.util.Arrays.copyOfRange(rnsPrimes, from, to)).project(a, res);
            for (int t = from; t < to; t++) {
                double[][] m = aq[t];
                int base = (t - from) * nn;
                for (int i = 0; i < n; i++) {
                    for (int c = 0; c < n; c++) {
                        m[c][i] = res[base + i * n + c];
                    }
                }
            }
        }
        long[] pl = new long[k];
        for (int j = 0; j < k; j++) {
            pl[j] = (long) ps[j];
        }
        qHatInv = new double[s];
        qHatModP = new double[k][s];
        qModP = new double[k];
        for (int t = 0; t < s; t++) {
            qHatInv[t] = ZpLu.inverse(productModExcept(rnsPrimes, t, rnsPrimes[t]), rnsPrimes[t]);
            for (int j = 0; j < k; j++) {
                qHatModP[j][t] = productModExcept(rnsPrimes, t, pl[j]);
            }
        }
        for (int j = 0; j < k; j++) {
            qModP[j] = productModExcept(rnsPrimes, -1, pl[j]);
        }
        pHatInv = new double[k];
        pHatModQ = new double[s][k];
        pModQ = new double[s];
        pInvModQ = new double[s];
        pHat = new BigInteger[k];
        for (int j = 0; j < k; j++) {
            pHatInv[j] = ZpLu.inverse(productModExcept(pl, j, pl[j]), pl[j]);
            BigInteger h = BigInteger.ONE;
            for (int l = 0; l < k; l++) {
                h = l == j ? h : h.multiply(BigInteger.valueOf(pl[l]));
            }
            pHat[j] = h;
            for (int t = 0; t < s; t++) {
                pHatModQ[t][j] = productModExcept(pl, j, rnsPrimes[t]);
            }
        }
        for (int t = 0; t < s; t++) {
            long pm = productModExcept(pl, -1, rnsPrimes[t]);
            pModQ[t] = pm;
            pInvModQ[t] = ZpLu.inverse(pm, rnsPrimes[t]);
        }
        BigInteger prod = BigInteger.ONE;
        for (long p : pl) {
            prod = prod.multiply(BigInteger.valueOf(p));
        }
        stepModulus = prod;
    }

    // prod_{l != skip} m_l mod x.
    private static long productModExcept(long[] m, int skip, long x) {
        long prod = 1 % x;
        for (int l = 0; l < m.length; l++) {
            if (l != skip) {
                prod = prod * (m[l] % x) % x;
            }
        }
        return prod;
    }

    /** P, the product of the factorization primes. */
    BigInteger stepModulus() {
        return stepModulus;
    }

    /** The number k of factorization primes (a step lifts by P, about 23 k bits). */
    int primes() {
        return k;
    }

    /**
     * Runs the given number of steps from r = b and returns, for each of the first
     * {@code components} indices i, x_i mod P^steps in [0, P^steps).
     *
     * @param b the right-hand side, |b_i| &lt;= R
     * @param threads threads for the residual products (the solves run on the image engine)
     * @param options polled for cancellation before each step; its listener gets
     *     ("dixon-lift", step, steps)
     */
    BigInteger[] lift(long[] b, int steps, int components, int threads, Options options) {
        long[] residues = new long[s * n];
        for (int t = 0; t < s; t++) {
            long qt = (long) qs[t];
            for (int i = 0; i < n; i++) {
                residues[t * n + i] = Math.floorMod(b[i], qt);
            }
        }
        try (Session session = new Session(residues, components, threads)) {
            for (int step = 0; step < steps; step++) {
                options.checkCancelled("before Dixon step " + (step + 1) + " of " + steps);
                session.step();
                options.listener().progress("dixon-lift", step + 1, steps);
            }
            BigInteger[] out = new BigInteger[components];
            for (int c = 0; c < components; c++) {
                out[c] = session.component(c);
            }
            return out;
        }
    }

    /**
     * A lifting of A x = b from r = b, step by step, recording the p-adic digits of the first
     * {@code components} entries of x.
     *
     * @param b the right-hand side, |b_i| &lt;= R (any size otherwise)
     * @param threads threads for the residual products (the solves run on the image engine)
     */
    Session open(BigInteger[] b, int components, int threads) {
        long[] residues = new long[s * n];
        long[] q = new long[s];
        for (int t = 0; t < s; t++) {
            q[t] = (long) qs[t];
        }
        CrtBasis.of(q).project(b, residues);
        return new Session(residues, components, threads);
    }

    /**
     * The state of one lifting: the residual r in residue form, the digits X_0, X_1, ... of the
     * recorded components, and the threads of the residual products. Not thread safe, except
     * {@link #component} between steps. Close it to stop its threads.
     */
    final class Session implements AutoCloseable {
        private final int components;
        private final double[][] r = new double[s][n];
        private final double[][] eta = new double[s][n];
        private final double[][] rp = new double[k][n];
        private final double[][] y = new double[k][n];
        private final double[][] xi = new double[k][n];
        private final double[][] xq = new double[s][n];
        private final double[][] acc = new double[s][n];
        private final double[] g = new double[n];
        private final long[][] bb = new long[batches.length][];
        private final long[][] xx = new long[batches.length][];
        private final ExecutorService pool;
        private final List<Callable<Void>> updates = new ArrayList<>();
        // Step i's digits: X_c = sum_j xi_cj (P / p_j) - g_c P, xi_cj at c (k + 1) + j (below
        // 2^23) and g_c at c (k + 1) + k (|g_c| <= k).
        private final List<int[]> digits = new ArrayList<>();

        private Session(long[] residues, int components, int threads) {
            this.components = components;
            for (int t = 0; t < s; t++) {
                for (int i = 0; i < n; i++) {
                    r[t][i] = residues[t * n + i];
                }
            }
            for (int bi = 0; bi < batches.length; bi++) {
                bb[bi] = new long[batches[bi].count() * n];
                xx[bi] = new long[batches[bi].count() * n];
            }
            for (int t = 0; t < s; t++) {
                final int tt = t;
                updates.add(() -> {
                    residualUpdate(tt, r[tt], xq[tt], acc[tt]);
                    return null;
                });
            }
            pool = threads > 1 && s > 1 ? Executors.newFixedThreadPool(Math.min(threads, s), daemon()) : null;
        }

        /** One step: X = A^-1 r mod P, recorded, then r &lt;- (r - A X) / P. */
        void step() {
            residuesModP(r, eta, g, rp);
            solveAll(rp, bb, xx, y);
            solutionModQ(y, xi, g, xq);
            int w = k + 1;
            int[] d = new int[components * w];
            for (int c = 0; c < components; c++) {
                for (int j = 0; j < k; j++) {
                    d[c * w + j] = (int) xi[j][c];
                }
                d[c * w + k] = (int) g[c];
            }
            digits.add(d);
            modulus = modulus.multiply(stepModulus);
            runAll(pool, updates);
        }

        /** The steps done. */
        int steps() {
            return digits.size();
        }

        private BigInteger modulus = BigInteger.ONE;

        /** P^steps. */
        BigInteger modulus() {
            return modulus;
        }

        /** x_c mod P^steps in [0, P^steps), c &lt; components. */
        BigInteger component(int c) {
            return assemble(digits, c, digits.size(), modulus);
        }

        @Override
        public void close() {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }

    // y_j = A^-1 rp_j mod p_j: one batched solve per batch of factors.
    private void solveAll(double[][] rp, long[][] bb, long[][] xx, double[][] y) {
        int j = 0;
        for (int bi = 0; bi < batches.length; bi++) {
            if (regular[bi].length == 0) {
                continue;
            }
            long[] b = bb[bi];
            int j0 = j;
            for (int i : regular[bi]) {
                double[] r = rp[j++];
                int off = i * n;
                for (int c = 0; c < n; c++) {
                    b[off + c] = (long) r[c];
                }
            }
            batches[bi].solve(b, xx[bi]);
            long[] x = xx[bi];
            j = j0;
            for (int i : regular[bi]) {
                double[] yj = y[j++];
                int off = i * n;
                for (int c = 0; c < n; c++) {
                    yj[c] = x[off + c];
                }
            }
        }
    }

    /**
     * The residue primes Q = q_1 ... q_s of a lifting: primes from next, in order, until Q &gt;
     * 4 * maxEntry (maxEntry bounding |A| and the residual's entries), so that every value the
     * base changes see is below Q / 4 in magnitude (the margin of {@link #residuesModP}).
     */
    static long[] residuePrimes(java.util.function.LongSupplier next, BigInteger maxEntry) {
        List<Long> rns = new ArrayList<>();
        BigInteger q = BigInteger.ONE;
        BigInteger target = maxEntry.shiftLeft(2);
        while (q.compareTo(target) <= 0) {
            long p = next.getAsLong();
            rns.add(p);
            q = q.multiply(BigInteger.valueOf(p));
        }
        return rns.stream().mapToLong(Long::longValue).toArray();
    }

    /*
     * The first half of both base changes: for residues v_t mod m_t (t < count, n values each),
     * e_t = v_t (M / m_t)^-1 mod m_t (hatInv_t the inverse) and g = the nearest integer to
     * sum_t e_t / m_t, so that V = sum_t e_t (M / m_t) - g M.
     */
    private void mixedRadix(double[][] v, int count, double[] m, double[] mInv, double[] hatInv, double[][] e,
            double[] g) {
        java.util.Arrays.fill(g, 0);
        for (int t = 0; t < count; t++) {
            double mt = m[t];
            double mi = mInv[t];
            double h = hatInv[t];
            double[] vt = v[t];
            double[] et = e[t];
            for (int i = 0; i < n; i++) {
                double x = ZpLu.reduce(vt[i] * h, mt, mi);
                et[i] = x;
                g[i] += x * mi;
            }
        }
        for (int i = 0; i < n; i++) {
            g[i] = Math.rint(g[i]);
        }
    }

    /*
     * r mod p_j from r's residues r_t mod q_t: r = sum_t e_t (Q / q_t) - g Q with
     * e_t = r_t (Q / q_t)^-1 mod q_t and g = sum_t e_t / q_t - r / Q, the nearest integer to the
     * sum as |r| < Q / 4 (the floating-point error, about s 2^-52, is far below the margin 1/4).
     * Sums of products below 2^46 are reduced every 64 terms.
     */
    private void residuesModP(double[][] r, double[][] eta, double[] g, double[][] rp) {
        mixedRadix(r, s, qs, qinvs, qHatInv, eta, g);
        for (int j = 0; j < k; j++) {
            combine(eta, qHatModP[j], g, qModP[j], ps[j], pinvs[j], rp[j]);
        }
    }

    /*
     * From X mod p_j = y_j: xi_j = y_j (P / p_j)^-1 mod p_j, g = the nearest integer to
     * sum_j xi_j / p_j, and X = sum_j xi_j (P / p_j) - g P, a representative of A^-1 r mod P with
     * |X| < P (1/2 + 2^-40) (near the midpoint either neighbour may come out: both are valid
     * steps, and the recorded xi and g say which one was taken); then X mod q_t.
     */
    private void solutionModQ(double[][] y, double[][] xi, double[] g, double[][] xq) {
        mixedRadix(y, k, ps, pinvs, pHatInv, xi, g);
        for (int t = 0; t < s; t++) {
            combine(xi, pHatModQ[t], g, pModQ[t], qs[t], qinvs[t], xq[t]);
        }
    }

    // out = (sum_l e[l] c[l] - g m) mod x, with e[l] and c[l] in [0, 2^23), |g| <= e.length.
    private void combine(double[][] e, double[] c, double[] g, double m, double x, double xinv, double[] out) {
        for (int i = 0; i < n; i++) {
            out[i] = -g[i] * m;
        }
        for (int l = 0; l < e.length; l++) {
            if ((l & 63) == 63) {
                for (int i = 0; i < n; i++) {
                    out[i] = ZpLu.reduce(out[i], x, xinv);
                }
            }
            double cl = c[l];
            double[] el = e[l];
            for (int i = 0; i < n; i++) {
                out[i] += el[i] * cl;
            }
        }
        for (int i = 0; i < n; i++) {
            out[i] = ZpLu.reduce(out[i], x, xinv);
        }
    }

    // r <- (r - A X) P^-1 mod q_t, the product as column updates with delayed reduction.
    private void residualUpdate(int t, double[] r, double[] x, double[] acc) {
        final double qt = qs[t];
        final double qi = qinvs[t];
        final double step = (qt - 1) * (qt - 1);
        final double[][] m = aq[t];
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
            double[] col = m[c];
            for (int i = 0; i < n; i++) {
                acc[i] -= col[i] * xc;
            }
        }
        double pinv = pInvModQ[t];
        for (int i = 0; i < n; i++) {
            r[i] = ZpLu.reduce(ZpLu.reduce(acc[i], qt, qi) * pinv, qt, qi);
        }
    }

    // P^(2^l) for l = 0, 1, ...: the radices of the assembly tree, shared by all components.
    private final List<BigInteger> radices = new ArrayList<>();

    private synchronized BigInteger radix(int level) {
        if (radices.isEmpty()) {
            radices.add(stepModulus);
        }
        while (radices.size() <= level) {
            BigInteger r = radices.get(radices.size() - 1);
            radices.add(multiply(r, r));
        }
        return radices.get(level);
    }

    /*
     * (sum_i X_i P^i) mod P^steps for component c, X_i = sum_j xi_ij (P / p_j) - g_i P, by a
     * balanced tree on the shared radices P^(2^l). |X_i| < P (1/2 + 2^-40), so the sum lies in
     * (-P^steps, P^steps): a negative one only needs P^steps added (modulus), no division.
     */
    private BigInteger assemble(List<int[]> digits, int c, int steps, BigInteger modulus) {
        List<BigInteger> level = new ArrayList<>(steps);
        int w = k + 1;
        for (int i = 0; i < steps; i++) {
            int[] d = digits.get(i);
            BigInteger v = stepModulus.multiply(BigInteger.valueOf(-d[c * w + k]));
            for (int j = 0; j < k; j++) {
                v = v.add(pHat[j].multiply(BigInteger.valueOf(d[c * w + j])));
            }
            level.add(v);
        }
        for (int l = 0; level.size() > 1; l++) {
            BigInteger radix = radix(l);
            List<BigInteger> next = new ArrayList<>((level.size() + 1) / 2);
            for (int i = 0; i < level.size(); i += 2) {
                next.add(i + 1 < level.size() ? level.get(i).add(multiply(level.get(i + 1), radix)) : level.get(i));
            }
            level = next;
        }
        BigInteger x = level.isEmpty() ? BigInteger.ZERO : level.get(0);
        while (x.signum() < 0) {
            x = x.add(modulus);
        }
        while (x.compareTo(modulus) >= 0) {
            x = x.subtract(modulus);
        }
        return x;
    }

    // One thread: assemblies run in parallel over components.
    private static final Options ONE_THREAD = Options.defaults().withThreads(1);

    /** a b by the library's product (NTT above its measured threshold, BigInteger below), one thread. */
    static BigInteger multiply(BigInteger a, BigInteger b) {
        return org.modalg.polynomial.integer.IntegerMultiplication.multiply(a, b, ONE_THREAD);
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
            throw new CancelledException("interrupted during Dixon lifting");
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
