package org.modalg.modular.mat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.PrimeWorkers;
import org.modalg.modular.RandomPrimes;
import org.modalg.modular.RationalReconstruction;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.image.LimbVector;
import org.modalg.modular.image.LuImages;
import org.modalg.modular.kernel.ZpDetKernel;
import org.modalg.modular.kernel.ZpLu;

/**
 * The exact rational solution of A x = b for a square integer matrix A that is regular over Q:
 * Dixon's p-adic lifting (Dixon, "Exact solution of linear equations using p-adic expansions",
 * Numer. Math. 40, 1982) with the LU factors of A modulo a few word-size primes from the
 * {@link ImageEngine} of the options ({@link ImageEngines#forOptions}: CPU threads or a GPU),
 * then rational reconstruction of the solution with one common denominator.
 *
 * <p><b>Method.</b> A is factored modulo k primes p_j &lt; 2^23 (k n^3 / 3 operations; k balances
 * the factorizations against the lifting steps, from n = 100 at least the number of threads, up to
 * 8; below it one thread takes the factorizations and solves); each lifting step ({@link
 * DixonLift}) solves modulo P = p_1 ... p_k with one batched {@link LuImages#solve} and updates
 * the residual exactly, (k + s) n^2 operations for 23 k bits of the p-adic expansion (s &asymp;
 * bits(max(|b|, ||A||_inf)) / 22 residue primes). By Cramer's rule x_i = det A_i / det A, so with
 * D the Hadamard bound of A and N the largest Hadamard bound of the A_i (A with column i replaced
 * by b), once P^K &gt; 2 N D the solution is determined: the first component is reconstructed
 * (Wang's algorithm, {@link RationalReconstruction}), and each further one is reconstructed times
 * the common denominator d found so far, with the bounds N d and D / d (usually d x_i is then
 * already an integer below N d: one product instead of a reconstruction). <b>Early
 * termination:</b> at lifting lengths that double from 256 bits, the same reconstruction with
 * balanced bounds (2 N' D' &lt; P^K / 2^32) is tried, and a candidate is accepted only when A (d
 * x) = d b holds exactly over Z (n^2 products, a proof by check). So small solutions (integral
 * ones, say) cost a few steps, and every result is proven ({@link Certification#PROVEN}, whatever
 * the options ask: the check is cheaper than a probabilistic argument).
 *
 * <p><b>Singular matrices.</b> A prime modulo which A is singular is recorded as unlucky, and
 * further primes are drawn at random from [2^22, 2^23) (seed in the report). When A is singular
 * modulo 3 random primes, its rank profile modulo one of them gives r
 * pivot rows and columns with a regular r x r minor B; solving B y = -(the next column,
 * restricted to the pivot rows) gives a vector v with v = 0 off the pivot columns and that
 * column, and A v = 0 is checked exactly: then A is singular over Q (proven) and an
 * {@link ArithmeticException} says so. If the check fails (the rank modulo that prime was too
 * small), det A is computed by {@link Determinant} and, when it is not 0, the primes are drawn
 * avoiding its divisors. So no matrix gives a wrong answer or a hang.
 *
 * <p><b>Report.</b> Phases bound, factor, lifting, reconstruction, check (and singular for a
 * singularity proof); primes used (factorization and residue primes), unlucky primes,
 * certification detail (the bound reached or the check), the engine's name in a note.
 * Progress: ("lifting", steps done, steps for the proven bound) after each step;
 * cancellation is polled before each step and by the engine before each factorization.
 */
public final class LinearSolve {

    /** The most rows accepted (n^2 entries are held in one array). */
    public static final int MAX_N = Determinant.MAX_N;

    private static final long PRIME_BOUND = 1L << ZpDetKernel.MAX_PRIME_BITS;

    // Random primes modulo which A is singular before the singularity proof is tried.
    static final int MAX_LU_FAILURES = 3;

    // Bytes of LU factors held at most (k n^2 doubles): caps k.
    private static final long LU_BYTES = 1L << 28;

    // Early termination: the first lifting length tried (bits of P^K), doubling from there.
    static final int FIRST_CHECK_BITS = 256;

    // Early termination: bits of P^K left unused by the balanced bounds (a spurious candidate
    // from a random residue has probability about 2^-MARGIN_BITS; the check rejects it anyway).
    static final int MARGIN_BITS = 32;

    private LinearSolve() {
    }

    /** x with A x = b, default options. @see #solve(BigInteger[][], BigInteger[], Options) */
    public static RationalVector solve(long[][] a, long[] b) {
        return solve(a, b, Options.defaults()).value();
    }

    /**
     * x with A x = b for a matrix and right-hand side of longs.
     *
     * @see #solve(BigInteger[][], BigInteger[], Options)
     */
    public static ModularResult<RationalVector> solve(long[][] a, long[] b, Options options) {
        int n = Determinant.squareSize(a);
        if (b == null) {
            throw new IllegalArgumentException("b must not be null");
        }
        BigInteger[] flat = Determinant.flatten(a, n);
        BigInteger[] bb = new BigInteger[b.length];
        for (int i = 0; i < b.length; i++) {
            bb[i] = BigInteger.valueOf(b[i]);
        }
        return single(compute(flat, n, List.<BigInteger[]>of(checkRhs(bb, n, "b")), options));
    }

    /**
     * The exact rational solution x of A x = b (see the class comment for the method and its
     * cost: about k n^3 / 3 for the factorizations plus (bits(2 N D) / 23) (1 + s / k) n^2 for
     * the lifting, less when the solution is small).
     *
     * @param a a square matrix, row by row (0 x 0 gives the empty vector)
     * @param b the right-hand side, one entry per row of a
     * @return x in lowest terms with its common denominator, and the report
     * @throws IllegalArgumentException if an argument, a row or an entry is null, a is not
     *     square (naming its shape), has more than {@value #MAX_N} rows, or b's length is not n
     * @throws ArithmeticException "singular matrix ..." if A is singular over Q (proven)
     * @throws IllegalStateException if the options ask for the GPU backend and no GPU image engine
     *     is usable ({@link ImageEngines#forOptions})
     * @throws CancelledException if cancelled through the options
     */
    public static ModularResult<RationalVector> solve(BigInteger[][] a, BigInteger[] b, Options options) {
        int n = Determinant.squareSize(a);
        BigInteger[] flat = Determinant.flatten(a, n);
        return single(compute(flat, n, List.<BigInteger[]>of(checkRhs(b, n, "b")), options));
    }

    /**
     * The solutions of A x_j = b_j for several right-hand sides with one factorization of A (the
     * lifting runs once per right-hand side).
     *
     * @param rhs the right-hand sides, each with one entry per row of a
     * @return the solutions in the order of rhs
     * @throws IllegalArgumentException as {@link #solve(BigInteger[][], BigInteger[], Options)},
     *     naming rhs[j] for a bad right-hand side
     * @throws ArithmeticException "singular matrix ..." if A is singular over Q (proven)
     * @throws IllegalStateException if the options ask for the GPU backend and no GPU image engine
     *     is usable ({@link ImageEngines#forOptions})
     * @throws CancelledException if cancelled through the options
     */
    public static ModularResult<List<RationalVector>> solve(BigInteger[][] a, List<BigInteger[]> rhs,
            Options options) {
        int n = Determinant.squareSize(a);
        if (rhs == null) {
            throw new IllegalArgumentException("rhs must not be null");
        }
        List<BigInteger[]> checked = new ArrayList<>();
        for (int j = 0; j < rhs.size(); j++) {
            checked.add(checkRhs(rhs.get(j), n, "rhs[" + j + "]"));
        }
        BigInteger[] flat = Determinant.flatten(a, n);
        Solved s = compute(flat, n, checked, options);
        return new ModularResult<>(List.of(s.x), s.report);
    }

    // ------------------------------------------------------------------ checks

    private static BigInteger[] checkRhs(BigInteger[] b, int n, String name) {
        if (b == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        if (b.length != n) {
            throw new IllegalArgumentException(name + " must have n = " + n + " entries (one per row of a), got "
                    + b.length);
        }
        for (int i = 0; i < n; i++) {
            if (b[i] == null) {
                throw new IllegalArgumentException(name + "[" + i + "] must not be null");
            }
        }
        return b.clone();
    }

    private record Solved(RationalVector[] x, ModularReport report) {
    }

    private static ModularResult<RationalVector> single(Solved s) {
        return new ModularResult<>(s.x[0], s.report);
    }

    // ------------------------------------------------------------------ the solver

    private static Solved compute(BigInteger[] a, int n, List<BigInteger[]> rhs, Options options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        ModularReport.Builder report = ModularReport.builder("solve").route(Route.CRT);
        RationalVector[] x = solveRegular(a, n, rhs, options, report, false);
        return new Solved(x, report.build());
    }

    /*
     * The solver proper. knownRegular: A is known to be regular over Q (a minor of the
     * singularity proof), so primes modulo which it is singular are only unlucky.
     */
    private static RationalVector[] solveRegular(BigInteger[] a, int n, List<BigInteger[]> rhs, Options options,
            ModularReport.Builder report, boolean knownRegular) {
        int m = rhs.size();
        RationalVector[] out = new RationalVector[m];
        if (n == 0) {
            Arrays.fill(out, RationalVector.ofIntegers(new BigInteger[0]));
            report.field("none").primesUsed(0).certification(Certification.PROVEN, "empty system");
            return out;
        }
        long t = System.nanoTime();
        MatrixNorms norms = new MatrixNorms(a, n);
        BigInteger denBound = norms.hadamard();
        if (denBound.signum() == 0) {
            throw new ArithmeticException("singular matrix: a has a zero row or column");
        }
        BigInteger[] numBounds = new BigInteger[m];
        BigInteger residual = norms.rowAbsMax;
        int liftBits = 0;
        for (int c = 0; c < m; c++) {
            numBounds[c] = numeratorBound(norms, rhs.get(c));
            liftBits = Math.max(liftBits, numBounds[c].multiply(denBound).shiftLeft(1).bitLength());
            for (BigInteger v : rhs.get(c)) {
                residual = residual.max(v.abs());
            }
        }
        report.note("n = " + n + ", denominator bound (Hadamard) 2^" + denBound.bitLength()
                + ", numerator bound 2^" + Arrays.stream(numBounds).mapToInt(BigInteger::bitLength).max().orElse(0));
        t = report.phaseSince("bound", t);

        // k: sqrt(3 L s / (23 n)) balances k n^3 / 3 against the lifting's (L / 23 k) (k + s) n^2,
        // from n = 100 at least the threads (up to 8); at most 2 n + 8 (for small n the cost per prime is
        // projection and bookkeeping, not n^3 / 3) and LU_BYTES of factors.
        int threads = Math.max(1, options.threads());
        int s0 = (int) (residual.bitLength() / (ZpDetKernel.MAX_PRIME_BITS - 1)) + 1;
        double kLift = Math.sqrt(3.0 * liftBits * s0 / (ZpDetKernel.MAX_PRIME_BITS * (double) n));
        int k = (int) Math.ceil(Math.min(Math.max(kLift, n >= 100 ? Math.min(threads, 8) : 1), 2.0 * n + 8));
        k = (int) Math.max(1, Math.min(k, LU_BYTES / (8L * n * n)));

        Primes primes = new Primes(options, report);
        // below n = 100 a factorization or solve is too small to hand to other threads
        ImageEngine engine = ImageEngines.forLifting(n >= 100 ? options : options.withThreads(1));
        long moved = engine.transferNanos(); // host-device copies so far (GPU engines)
        LimbVector av = LimbVector.of(a);
        List<LuImages> factors = new ArrayList<>();
        try {
            int regular = 0;
            int failures = 0;
            boolean proofTried = knownRegular;
            while (regular < k) {
                long[] cand = new long[k - regular];
                for (int j = 0; j < cand.length; j++) {
                    cand[j] = primes.next();
                }
                boolean wasRandom = primes.random();
                LuImages got = engine.factor(n, av, cand);
                factors.add(got);
                long singular = 0;
                for (int j = 0; j < cand.length; j++) {
                    if (got.determinant(j) == 0) {
                        report.unlucky(cand[j]);
                        failures += wasRandom ? 1 : 0;
                        singular = cand[j];
                        primes.goRandom(cand[j]);
                    } else {
                        regular++;
                    }
                }
                if (failures >= MAX_LU_FAILURES && !proofTried) {
                    t = report.phaseSince("factor", t, engine.transferNanos() - moved);
                    moved = engine.transferNanos();
                    BigInteger det = proveSingular(a, n, singular, options, report);
                    primes.avoid(det);
                    proofTried = true;
                    t = report.phaseSince("singular", t);
                }
            }
            t = report.phaseSince("factor", t, engine.transferNanos() - moved);
            moved = engine.transferNanos();

            long[] rns = DixonLift.residuePrimes(primes::next, residual);
            long residueBytes = (long) rns.length * n * n * Double.BYTES;
            if (residueBytes > Runtime.getRuntime().maxMemory() / 2) {
                throw new IllegalArgumentException("a and b: entries of up to " + residual.bitLength() + " bits need "
                        + rns.length + " residue primes, " + (residueBytes >> 20) + " MiB of residues of A for n = " + n
                        + ", more than half the heap (" + (Runtime.getRuntime().maxMemory() >> 20) + " MiB)");
            }
            DixonLift dixon = new DixonLift(a, n, factors, rns);
            report.field("word-size primes < 2^" + ZpDetKernel.MAX_PRIME_BITS + " (Dixon lifting)")
                    .primesUsed(k + rns.length);
            report.note("Dixon lifting: " + k + " factorization primes (" + engine.name() + "), " + rns.length
                    + " residue primes, " + dixon.stepModulus().bitLength() + " bits per step");
            t = report.phaseSince("factor", t, engine.transferNanos() - moved);
            List<String> certs = new ArrayList<>();
            for (int c = 0; c < m; c++) {
                out[c] = lift(dixon, a, n, rhs.get(c), numBounds[c], denBound, options, report, certs, engine);
            }
            report.certification(Certification.PROVEN, String.join("; ", certs));
            return out;
        } finally {
            for (LuImages lu : factors) {
                lu.close();
            }
        }
    }

    // One right-hand side: lifting with early termination, then the proven reconstruction.
    private static RationalVector lift(DixonLift dixon, BigInteger[] a, int n, BigInteger[] b, BigInteger numBound,
            BigInteger denBound, Options options, ModularReport.Builder report, List<String> certs,
            ImageEngine engine) {
        if (numBound.signum() == 0) {
            BigInteger[] zero = new BigInteger[n];
            Arrays.fill(zero, BigInteger.ZERO);
            certs.add("b = 0 and A is regular, so x = 0");
            return RationalVector.ofIntegers(zero);
        }
        int threads = Math.max(1, options.threads());
        BigInteger target = numBound.multiply(denBound).shiftLeft(1);
        BigInteger stepModulus = dixon.stepModulus();
        int stepBits = stepModulus.bitLength() - 1;
        int stepsProven = (int) Math.min(Integer.MAX_VALUE, target.bitLength() / Math.max(1, stepBits) + 1);
        long t = System.nanoTime();
        long moved = engine.transferNanos(); // the solves' host-device copies (GPU engines)
        try (DixonLift.Session session = dixon.open(b, n, n >= 100 ? threads : 1)) {
            BigInteger mod = BigInteger.ONE;
            long nextCheck = FIRST_CHECK_BITS;
            while (true) {
                options.checkCancelled("before Dixon step " + (session.steps() + 1));
                session.step();
                mod = mod.multiply(stepModulus);
                options.listener().progress("lifting", session.steps(), Math.max(session.steps(), stepsProven));
                boolean proven = mod.compareTo(target) > 0;
                long bits = mod.bitLength();
                if (!proven && (bits < nextCheck || bits > 0.9 * target.bitLength())) {
                    continue;
                }
                t = report.phaseSince("lifting", t, engine.transferNanos() - moved);
                moved = engine.transferNanos();
                if (proven) {
                    RationalVector x = reconstruct(session, n, mod, stepModulus, numBound, denBound, threads);
                    t = report.phaseSince("reconstruction", t);
                    if (x == null) {
                        throw new IllegalStateException("rational reconstruction failed within proven bounds (n = "
                                + n + ")");
                    }
                    certs.add("Dixon lifting to 2^" + bits + " > 2 N D = 2^" + target.bitLength() + " ("
                            + session.steps() + " steps)");
                    return x;
                }
                nextCheck = 2 * bits;
                long half = (bits - MARGIN_BITS - 2) / 2;
                BigInteger nb = BigInteger.ONE.shiftLeft((int) Math.max(0, half)).min(numBound);
                BigInteger db = BigInteger.ONE.shiftLeft((int) Math.max(0, half)).min(denBound);
                RationalVector x = reconstruct(session, n, mod, stepModulus, nb, db, threads);
                t = report.phaseSince("reconstruction", t);
                if (x != null) {
                    boolean ok = check(a, n, x, b, threads);
                    t = report.phaseSince("check", t);
                    if (ok) {
                        certs.add("A x = b checked exactly over Z after lifting to 2^" + bits + " ("
                                + session.steps() + " steps; the proven bound 2 N D = 2^" + target.bitLength() + ")");
                        return x;
                    }
                    report.note("early candidate at 2^" + bits + " failed the check; lifting goes on");
                }
            }
        }
    }

    /*
     * x from x mod m (m = P^K) with |numerators| <= nb and common denominator <= db, 2 nb db < m:
     * component 0 by Wang's stopping row, then each d x_i (d the denominator so far) with the
     * bounds nb d and db / d, first by the symmetric residue (d x_i an integer within nb d: one
     * product), else by the stopping row. null if some component has no such fraction.
     */
    private static RationalVector reconstruct(DixonLift.Session session, int n, BigInteger m, BigInteger stepModulus,
            BigInteger nb, BigInteger db, int threads) {
        BigInteger[] u = new BigInteger[n];
        u[0] = session.component(0);
        BigInteger[] first = fraction(u[0], BigInteger.ONE, m, stepModulus, nb, db);
        if (first == null) {
            return null;
        }
        BigInteger d0 = first[1];
        BigInteger half = m.shiftRight(1);
        Barrett mod = new Barrett(m);
        BigInteger[] num = new BigInteger[n];
        BigInteger[] at = new BigInteger[n];
        num[0] = first[0];
        at[0] = d0;
        BigInteger nb0 = nb.multiply(d0);
        boolean[] pending = new boolean[n];
        PrimeWorkers.run(n - 1, n >= 64 ? threads : 1, i0 -> {
            int i = i0 + 1;
            u[i] = session.component(i);
            BigInteger y = mod.reduce(DixonLift.multiply(u[i], d0));
            if (y.compareTo(half) > 0) {
                y = y.subtract(m);
            }
            if (y.abs().compareTo(nb0) <= 0) {
                num[i] = y;
                at[i] = d0;
            } else {
                pending[i] = true;
            }
        });
        BigInteger d = d0;
        for (int i = 1; i < n; i++) {
            if (!pending[i]) {
                continue;
            }
            BigInteger[] f = fraction(u[i], d, m, stepModulus, nb, db);
            if (f == null) {
                return null;
            }
            d = d.multiply(f[1]);
            num[i] = f[0];
            at[i] = d;
        }
        for (int i = 0; i < n; i++) {
            if (!at[i].equals(d)) {
                num[i] = num[i].multiply(d.divide(at[i]));
            }
        }
        return RationalVector.of(num, d);
    }

    /*
     * v mod m for 0 <= v < 2^(2l), l = bits(m), by Barrett's method with mu = floor(2^(2l) / m)
     * computed once: two products (the library's, NTT above its threshold) instead of a
     * division per component.
     */
    private static final class Barrett {
        private final BigInteger m;
        private final BigInteger mu;
        private final int l;

        Barrett(BigInteger m) {
            this.m = m;
            this.l = m.bitLength();
            this.mu = BigInteger.ONE.shiftLeft(2 * l).divide(m);
        }

        BigInteger reduce(BigInteger v) {
            if (v.signum() < 0 || v.bitLength() > 2 * l) {
                return v.mod(m);
            }
            BigInteger q = DixonLift.multiply(v.shiftRight(l - 1), mu).shiftRight(l + 1);
            BigInteger r = v.subtract(DixonLift.multiply(q, m));
            while (r.compareTo(m) >= 0) {
                r = r.subtract(m);
            }
            return r;
        }
    }

    /*
     * d u mod m as a / e with |a| <= nb d, 0 < e <= db / d, gcd(e, P) = 1 (Wang's stopping row:
     * when such a fraction exists and 2 nb db < m, it is this one), as {a, e}; null if the row
     * is not one.
     */
    private static BigInteger[] fraction(BigInteger u, BigInteger d, BigInteger m, BigInteger stepModulus,
            BigInteger nb, BigInteger db) {
        BigInteger rest = db.divide(d);
        if (rest.signum() == 0) {
            return null;
        }
        BigInteger[] row = RationalReconstruction.stoppingRow(u.multiply(d), m, nb.multiply(d));
        BigInteger e = row[1].abs();
        if (e.signum() == 0 || e.compareTo(rest) > 0 || !e.gcd(stepModulus).equals(BigInteger.ONE)) {
            return null;
        }
        return new BigInteger[] {row[1].signum() < 0 ? row[0].negate() : row[0], e};
    }

    // A (d x) = d b exactly over Z, rows spread over the threads.
    private static boolean check(BigInteger[] a, int n, RationalVector x, BigInteger[] b, int threads) {
        BigInteger d = x.denominator();
        BigInteger[] num = x.numerators();
        AtomicBoolean ok = new AtomicBoolean(true);
        PrimeWorkers.run(n, n >= 32 ? threads : 1, i -> {
            if (!ok.get()) {
                return;
            }
            BigInteger sum = d.multiply(b[i]).negate();
            for (int j = 0; j < n; j++) {
                BigInteger aij = a[i * n + j];
                if (aij.signum() != 0 && num[j].signum() != 0) {
                    sum = sum.add(num[j].multiply(aij));
                }
            }
            if (sum.signum() != 0) {
                ok.set(false);
            }
        });
        return ok.get();
    }

    /*
     * A bound on |det A_i| for every i, A_i being A with column i replaced by b (Hadamard, as
     * MatrixNorms.replacedColumnBound for any b): rows grow by b_i^2, and the column product
     * loses its smallest column and gains ||b||. 0 exactly when b = 0.
     */
    static BigInteger numeratorBound(MatrixNorms norms, BigInteger[] b) {
        int n = norms.n;
        BigInteger[] rows = new BigInteger[n];
        BigInteger bSq = BigInteger.ZERO;
        for (int i = 0; i < n; i++) {
            BigInteger sq = MatrixNorms.squareUp(b[i]);
            rows[i] = MatrixNorms.sqrtUp(norms.rowSq[i].add(sq));
            bSq = bSq.add(sq);
        }
        if (bSq.signum() == 0) {
            return BigInteger.ZERO;
        }
        BigInteger rowBound = MatrixNorms.product(rows, 0, n);
        BigInteger[] cols = new BigInteger[n];
        BigInteger minCol = null;
        for (int j = 0; j < n; j++) {
            cols[j] = MatrixNorms.sqrtUp(norms.colSq[j]);
            minCol = minCol == null ? cols[j] : minCol.min(cols[j]);
        }
        if (minCol.signum() == 0) {
            return rowBound;
        }
        BigInteger colBound = MatrixNorms.product(cols, 0, n).divide(minCol).multiply(MatrixNorms.sqrtUp(bSq));
        return rowBound.min(colBound);
    }

    // ------------------------------------------------------------------ singular matrices

    /*
     * A is singular modulo the prime p (and others): the rank profile modulo p gives r pivot rows
     * and columns with a regular minor B; with c0 the first non-pivot column, B y = -A[rows, c0]
     * is solved (B is regular over Q), and v (d y on the pivot columns, d at c0) is checked:
     * A v = 0 proves A singular (ArithmeticException). Otherwise det A by Determinant: 0 is
     * singular too; a non-zero det is returned so that the primes avoid its divisors.
     */
    private static BigInteger proveSingular(BigInteger[] a, int n, long p, Options options,
            ModularReport.Builder report) {
        long[] res = new long[n * n];
        CrtBasis.of(p).project(a, res);
        double[][] rows = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                rows[i][j] = res[i * n + j];
            }
        }
        int[] pr = new int[n];
        int[] pc = new int[n];
        int r = ZpLu.rankProfile(rows, n, p, pr, pc);
        int c0 = r;
        for (int t = 0; t < r; t++) {
            if (pc[t] != t) {
                c0 = t;
                break;
            }
        }
        BigInteger[] v = new BigInteger[n];
        Arrays.fill(v, BigInteger.ZERO);
        if (r == 0) {
            v[c0] = BigInteger.ONE;
        } else {
            BigInteger[] minor = new BigInteger[r * r];
            BigInteger[] rhs = new BigInteger[r];
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < r; j++) {
                    minor[i * r + j] = a[pr[i] * n + pc[j]];
                }
                rhs[i] = a[pr[i] * n + c0].negate();
            }
            ModularReport.Builder sub = ModularReport.builder("solve (minor)");
            RationalVector y = solveRegular(minor, r, List.<BigInteger[]>of(rhs), options, sub, true)[0];
            for (int j = 0; j < r; j++) {
                v[pc[j]] = y.numerator(j);
            }
            v[c0] = y.denominator();
        }
        RationalVector kernel = RationalVector.ofIntegers(v);
        BigInteger[] zero = new BigInteger[n];
        Arrays.fill(zero, BigInteger.ZERO);
        if (check(a, n, kernel, zero, Math.max(1, options.threads()))) {
            throw new ArithmeticException("singular matrix: A v = 0 for a non-zero integer vector v (checked exactly;"
                    + " rank " + r + " modulo " + p + ", so the rank over Q is " + r + " < n = " + n + ")");
        }
        report.note("A is singular modulo " + MAX_LU_FAILURES + " random primes but the kernel vector from the rank"
                + " profile modulo " + p + " failed the check; det A by Determinant");
        BigInteger[][] square = new BigInteger[n][];
        for (int i = 0; i < n; i++) {
            square[i] = Arrays.copyOfRange(a, i * n, (i + 1) * n);
        }
        BigInteger det = Determinant.det(square, options).value();
        if (det.signum() == 0) {
            throw new ArithmeticException("singular matrix: det A = 0");
        }
        return det;
    }

    /*
     * The prime supply: the largest primes below 2^23 in turn, and after the first one modulo
     * which A is singular, primes drawn at random from [2^22, 2^23) (seed in the report), so
     * that no fixed sequence (a det divisible by the first primes) can force the singularity
     * path; after avoid(det), only primes not dividing det. Never the same prime twice.
     */
    private static final class Primes {
        private final Options options;
        private final ModularReport.Builder report;
        private final PrimeStream stream = PrimeStream.below(PRIME_BOUND);
        private final Set<Long> drawn = new HashSet<>();
        private RandomPrimes random;
        private BigInteger avoid;

        Primes(Options options, ModularReport.Builder report) {
            this.options = options;
            this.report = report;
        }

        long next() {
            while (true) {
                long p = random != null ? random.next() : stream.next();
                if (avoid != null && avoid.mod(BigInteger.valueOf(p)).signum() == 0) {
                    continue;
                }
                if (drawn.add(p)) {
                    return p;
                }
            }
        }

        boolean random() {
            return random != null;
        }

        void goRandom(long singular) {
            if (random == null) {
                long seed = options.seedForRun();
                random = RandomPrimes.inRange(ZpDetKernel.MAX_PRIME_BITS, seed);
                report.seed(seed).note("A is singular modulo " + singular
                        + "; further primes drawn at random from [2^22, 2^23)");
            }
        }

        void avoid(BigInteger det) {
            avoid = det;
        }
    }
}
