package org.modalg.modular;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.ejml.data.DMatrixRMaj;
import org.modalg.fft.CrtBasis;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;

/**
 * The determinant of a square integer matrix, exactly, by multimodular methods (thesis section
 * 2.9).
 *
 * <p><b>Routes</b> ({@link ModularOptions#route()}):
 * <ul>
 * <li>{@link Route#CRT}: Gaussian elimination modulo word-size primes below 2^23
 * ({@link ZpDetKernel}: doubles, delayed reduction, vectorized by the JIT), the primes spread over
 * {@link ModularOptions#threads()} threads, then incremental CRT ({@link CrtAccumulator}).
 * Entries are reduced modulo a chunk of primes at once by {@link CrtBasis}.
 * <li>{@link Route#BIG_PRIME}: Gaussian elimination in the smallest generalized Fermat field(s)
 * whose product exceeds twice the Hadamard bound ({@link GfPrimes#coverFor}); when even all
 * presets together are too small (about 30,600 bits), word-size primes make up the rest. One
 * image instead of hundreds, but each operation costs O(k^2) (or an FFT) on k-digit elements.
 * <li>{@link Route#AUTO}: {@link Route#CRT}. Measured in modular/BENCHMARKS.md: the CRT route
 * was faster at every size measured (n = 10 to 400, 10 and 100-bit entries), by a factor
 * that grows with n, because its elimination is vectorized doubles while the big-prime route
 * does a k-digit multiplication per update.
 * </ul>
 *
 * <p><b>Certification.</b> With {@link Certification#PROVEN} (the default) primes are added
 * until their product M exceeds twice the Hadamard bound H ({@link Bounds#hadamard}); the
 * symmetric residue is then det A. With {@link Certification#PROBABILISTIC} the first wave of
 * primes covers the floating-point estimate of log2 |det| ({@link DetEstimate}, EJML's LU) plus
 * 64 bits and {@link ModularOptions#extraPrimes()} primes; the run stops as soon as the CRT
 * image was unchanged by the last extraPrimes primes, else it doubles the wave, never beyond the
 * proven count. A singular matrix shows as det = 0 modulo the first prime (the elimination stops
 * at the first column without pivot, so such images are cheap); that is recorded in the report
 * as a hint, and only the bound (or the stability rule when asked for) ends the run.
 *
 * <p><b>Progress, cancellation.</b> The listener is called after each prime's image with phase
 * {@code "images"}; the cancellation check is polled before each prime (and each column of a
 * big-prime elimination).
 *
 * <p>Cost of the CRT route: (bits(H) / 23) n^3 / 3 multiply-subtracts on doubles, e.g. about
 * 5.8 ms per prime at n = 400 on one core of the 2-core EPYC VM.
 */
public final class Determinant {

    private static final long PRIME_BOUND = 1L << ZpDetKernel.MAX_PRIME_BITS;

    // Longs of residues held per chunk task at most (2^22 = 32 MiB).
    private static final long CHUNK_WORDS = 1L << 22;

    private Determinant() {
    }

    /** det A with default options. @see #det(BigInteger[][], ModularOptions) */
    public static BigInteger det(long[][] a) {
        return det(a, ModularOptions.defaults()).value();
    }

    /** det A with default options. @see #det(BigInteger[][], ModularOptions) */
    public static BigInteger det(BigInteger[][] a) {
        return det(a, ModularOptions.defaults()).value();
    }

    /** det A with default options. @see #det(DMatrixRMaj, ModularOptions) */
    public static BigInteger det(DMatrixRMaj a) {
        return det(a, ModularOptions.defaults()).value();
    }

    /**
     * det A of a square matrix of longs (0 x 0 gives 1).
     *
     * @throws IllegalArgumentException if a, options or a row is null, a row has the wrong length
     * @throws ModularCancelledException if cancelled through the options
     */
    public static ModularResult<BigInteger> det(long[][] a, ModularOptions options) {
        int n = squareSize(a);
        BigInteger[] flat = new BigInteger[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                flat[i * n + j] = BigInteger.valueOf(a[i][j]);
            }
        }
        return compute(flat, n, options);
    }

    /**
     * det A of a square matrix of BigIntegers (0 x 0 gives 1).
     *
     * @throws IllegalArgumentException if a, options, a row or an entry is null, or a row has
     *     the wrong length
     * @throws ModularCancelledException if cancelled through the options
     */
    public static ModularResult<BigInteger> det(BigInteger[][] a, ModularOptions options) {
        int n = squareSize(a);
        BigInteger[] flat = new BigInteger[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                BigInteger v = a[i][j];
                if (v == null) {
                    throw new IllegalArgumentException("a[" + i + "][" + j + "] must not be null");
                }
                flat[i * n + j] = v;
            }
        }
        return compute(flat, n, options);
    }

    /**
     * det A of an EJML matrix whose entries are all integers (exactly representable doubles).
     *
     * @throws IllegalArgumentException if a or options is null, a is not square, or an entry is
     *     not an integer (NaN, infinite or with a fractional part), naming its row and column
     * @throws ModularCancelledException if cancelled through the options
     */
    public static ModularResult<BigInteger> det(DMatrixRMaj a, ModularOptions options) {
        if (a == null) {
            throw new IllegalArgumentException("a must not be null");
        }
        if (a.numRows != a.numCols) {
            throw new IllegalArgumentException("a must be square, got " + a.numRows + " x " + a.numCols);
        }
        int n = a.numRows;
        BigInteger[] flat = new BigInteger[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double v = a.get(i, j);
                if (!Double.isFinite(v) || v != Math.rint(v)) {
                    throw new IllegalArgumentException("a must have integral entries, but entry (row " + i
                            + ", col " + j + ") is " + v);
                }
                flat[i * n + j] = Math.abs(v) < 0x1p62 ? BigInteger.valueOf((long) v)
                        : new java.math.BigDecimal(v).toBigIntegerExact();
            }
        }
        return compute(flat, n, options);
    }

    private static int squareSize(Object[] a) {
        int[] shape = Bounds.shape(a, "a");
        if (shape[0] != shape[1] && shape[0] > 0) {
            throw new IllegalArgumentException("a must be square, got " + shape[0] + " x " + shape[1]);
        }
        return shape[0];
    }

    // ------------------------------------------------------------------ dispatch

    private static ModularResult<BigInteger> compute(BigInteger[] a, int n, ModularOptions options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        Route route = options.route() == Route.AUTO ? Route.CRT : options.route();
        ModularReport.Builder report = ModularReport.builder("det").route(route);
        if (options.route() == Route.AUTO) {
            report.note("auto chose " + route.cliName() + " (faster at every measured size, see BENCHMARKS.md)");
        }
        long t = System.nanoTime();
        BigInteger bound = Bounds.hadamard(toRows(a, n));
        report.phaseSince("bound", t);
        report.note("n = " + n + ", Hadamard bound 2^" + bound.bitLength());
        CrtAccumulator acc = new CrtAccumulator(1);
        if (n == 0 || bound.signum() == 0) {
            // 0 x 0 (det 1, Hadamard 1) would need primes; a zero row or column gives bound 0.
            report.field("none").primesUsed(0).certification(Certification.PROVEN,
                    n == 0 ? "empty matrix" : "Hadamard bound 0 (a zero row or column)");
            return new ModularResult<>(n == 0 ? BigInteger.ONE : BigInteger.ZERO, report.build());
        }
        BigInteger target = bound.shiftLeft(1);
        if (route == Route.BIG_PRIME) {
            bigPrime(a, n, target, options, report, acc);
        }
        if (!acc.exceedsTwice(bound)) {
            crt(a, n, bound, options, report, acc);
        }
        return new ModularResult<>(acc.symmetric(0), report.build());
    }

    private static BigInteger[][] toRows(BigInteger[] a, int n) {
        BigInteger[][] rows = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a, i * n, rows[i], 0, n);
        }
        return rows;
    }

    // ------------------------------------------------------------------ CRT route

    private static void crt(BigInteger[] a, int n, BigInteger bound, ModularOptions options,
            ModularReport.Builder report, CrtAccumulator acc) {
        long t = System.nanoTime();
        BigInteger target = bound.shiftLeft(1);
        // Proven plan: primes whose product with the current modulus exceeds 2H.
        PrimeStream stream = PrimeStream.below(PRIME_BOUND);
        List<Long> plan = new ArrayList<>();
        BigInteger m = acc.modulus();
        while (m.compareTo(target) <= 0) {
            long p = stream.next();
            plan.add(p);
            m = m.multiply(BigInteger.valueOf(p));
        }
        int firstWave = plan.size();
        boolean probabilistic = options.certification() == Certification.PROBABILISTIC;
        if (probabilistic) {
            double est = DetEstimate.log2AbsDet(a, n);
            report.note(String.format(Locale.ROOT, "floating-point LU estimate log2|det| = %.1f", est));
            double bits = Double.isNaN(est) ? bound.bitLength() : Math.max(0, est) + 64;
            firstWave = Math.min(plan.size(),
                    (int) Math.ceil(bits / (ZpDetKernel.MAX_PRIME_BITS - 1)) + options.extraPrimes());
        }
        int lpv = 1;
        for (BigInteger v : a) {
            lpv = Math.max(lpv, (v.bitLength() + 64) / 64); // room for the sign bit
        }
        long[] limbs = new long[a.length * lpv];
        for (int i = 0; i < a.length; i++) {
            for (int w = 0; w < lpv; w++) {
                limbs[i * lpv + w] = a[i].shiftRight(64 * w).longValue();
            }
        }
        t = report.phaseSince("setup", t);
        if (acc.count() == 0) {
            report.field("word-size primes < 2^" + ZpDetKernel.MAX_PRIME_BITS);
        } else {
            report.note(plan.size() + " word-size primes < 2^" + ZpDetKernel.MAX_PRIME_BITS + " after the big primes");
        }
        ForkJoinPool pool = options.threads() > 1 ? new ForkJoinPool(options.threads()) : null;
        int done = 0;
        int big = acc.count();
        boolean sawZero = false;
        try {
            int wave = firstWave;
            while (done < plan.size()) {
                long[] primes = plan.subList(done, Math.min(plan.size(), done + wave)).stream()
                        .mapToLong(Long::longValue).toArray();
                long[] dets = images(limbs, n, lpv, primes, options, pool, done, plan.size());
                t = report.phaseSince("images", t);
                for (int j = 0; j < primes.length; j++) {
                    acc.add(primes[j], new long[] {dets[j]});
                    sawZero |= dets[j] == 0 && done + j == 0;
                }
                done += primes.length;
                t = report.phaseSince("crt", t);
                if (probabilistic && acc.stableCount() >= options.extraPrimes() && done < plan.size()) {
                    report.primesUsed(big + done).certification(Certification.PROBABILISTIC,
                            "CRT image unchanged over the last " + acc.stableCount() + " primes, modulus 2^"
                                    + acc.modulus().bitLength() + " below 2 * Hadamard bound 2^" + target.bitLength());
                    break;
                }
                wave = Math.max(done, options.extraPrimes() + 1); // double the primes so far
            }
        } finally {
            if (pool != null) {
                pool.shutdown();
            }
        }
        if (done == plan.size()) {
            report.primesUsed(big + done).certification(Certification.PROVEN,
                    "modulus 2^" + acc.modulus().bitLength() + " > 2 * Hadamard bound 2^" + target.bitLength());
        }
        if (sawZero) {
            report.note("det = 0 modulo the first prime (singular with high probability)");
        }
    }

    // det mod each prime, chunks of primes spread over the pool; primes[j] -> result[j].
    private static long[] images(long[] limbs, int n, int lpv, long[] primes, ModularOptions options,
            ForkJoinPool pool, int doneBefore, int needed) {
        int count = primes.length;
        int threads = pool == null ? 1 : options.threads();
        long nn = Math.max(1L, (long) n * n);
        int chunk = (int) Math.max(1, Math.min(Math.min(16, CHUNK_WORDS / nn),
                (count + 2L * threads - 1) / (2L * threads)));
        long[] result = new long[count];
        AtomicInteger progress = new AtomicInteger(doneBefore);
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int from = 0; from < count; from += chunk) {
            final int lo = from;
            final int hi = Math.min(count, from + chunk);
            tasks.add(() -> {
                options.checkCancelled("before prime " + (doneBefore + lo + 1) + " of " + needed);
                long[] ps = java.util.Arrays.copyOfRange(primes, lo, hi);
                long[] res = new long[ps.length * n * n];
                CrtBasis.of(ps).projectAllSigned(limbs, n * n, lpv, res);
                double[][] rows = new double[n][n];
                for (int j = 0; j < ps.length; j++) {
                    if (j > 0) {
                        options.checkCancelled("before prime " + (doneBefore + lo + j + 1) + " of " + needed);
                    }
                    int base = j * n * n;
                    for (int i = 0; i < n; i++) {
                        double[] row = rows[i];
                        for (int c = 0; c < n; c++) {
                            row[c] = res[base + i * n + c];
                        }
                    }
                    result[lo + j] = ZpDetKernel.det(rows, n, ps[j]);
                    options.listener().progress("images", progress.incrementAndGet(), needed);
                }
                return null;
            });
        }
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
        } else {
            List<Future<Void>> futures = pool.invokeAll(tasks);
            for (Future<Void> f : futures) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException) {
                        throw (RuntimeException) e.getCause();
                    }
                    throw new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ModularCancelledException("interrupted while computing images");
                }
            }
        }
        return result;
    }

    // ------------------------------------------------------------------ big-prime route

    private static void bigPrime(BigInteger[] a, int n, BigInteger target, ModularOptions options,
            ModularReport.Builder report, CrtAccumulator acc) {
        long t = System.nanoTime();
        List<GfPreset> fields;
        BigInteger all = BigInteger.ONE;
        for (GfPreset g : GfPrimes.bySize()) {
            all = all.multiply(GfPrimes.modulus(g));
        }
        if (all.compareTo(target) > 0) {
            fields = GfPrimes.coverFor(target);
        } else {
            fields = new ArrayList<>(GfPrimes.bySize());
            java.util.Collections.reverse(fields);
            report.note("2 * Hadamard bound 2^" + target.bitLength() + " exceeds all generalized Fermat presets "
                    + "together (2^" + all.bitLength() + "): word-size primes make up the rest");
        }
        StringBuilder desc = new StringBuilder();
        for (GfPreset g : fields) {
            desc.append(desc.length() == 0 ? "" : ", ").append(g.name()).append(" (")
                    .append(GfPrimes.modulus(g).bitLength()).append(" bits)");
        }
        report.field("generalized Fermat " + desc);
        ForkJoinPool pool = options.threads() > 1 ? new ForkJoinPool(options.threads()) : null;
        try {
            int done = 0;
            for (GfPreset g : fields) {
                options.checkCancelled("before big prime " + (done + 1) + " of " + fields.size());
                GfField f = g.field();
                BigInteger p = f.modulus();
                int k = f.k();
                long[] m = new long[n * n * k];
                for (int i = 0; i < n * n; i++) {
                    f.fromBigInteger(a[i].mod(p), m, i * k);
                }
                t = report.phaseSince("setup", t);
                long[] d = GfDetKernel.det(f, m, n, pool, options);
                acc.add(p, new BigInteger[] {f.toBigInteger(d, 0)});
                done++;
                options.listener().progress("images", done, fields.size());
                t = report.phaseSince("images", t);
            }
            report.primesUsed(done).certification(Certification.PROVEN,
                    "modulus 2^" + acc.modulus().bitLength() + " > 2 * Hadamard bound 2^" + target.bitLength());
        } finally {
            if (pool != null) {
                pool.shutdown();
            }
        }
    }
}
