package org.modalg.modular;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.modalg.fft.CancelledException;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.fields.GfField;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.PolyDivZp;

/**
 * The CPU {@link ImageEngine}: the inputs projected onto a chunk of primes at once
 * ({@link CrtBasis#projectAllSigned}, about two word products per limb and prime), then one
 * kernel call per prime, chunks spread over the options' threads ({@link PrimeWorkers}).
 * Kernels: {@link ZpDetKernel} / {@link ZpLu} (doubles, primes below 2^23) or elimination on
 * longs for wider primes; {@link PolyGcdZp} (Euclid on doubles below 2^26, half-GCD above its
 * cutoff); {@link GfDetKernel} and {@link PolyGcdGf} over generalized Fermat fields.
 * Cancellation is polled before every prime.
 */
final class CpuImageEngine implements ImageEngine {

    // Primes projected at once: bounds the temporary residues to CHUNK input copies.
    private static final int CHUNK = 16;

    private final Options options;
    private final int threads;

    CpuImageEngine(Options options) {
        this.options = options;
        this.threads = Math.max(1, options.threads());
    }

    @Override
    public String name() {
        return "cpu (" + threads + (threads == 1 ? " thread)" : " threads)");
    }

    /** Runs task(j, residues, offset of prime j's copy) for every prime, CHUNK primes projected at once. */
    private interface PerPrime {
        void run(int j, long[] residues, int offset);
    }

    private void forEachPrime(LimbVector v, long[] primes, String what, PerPrime task) {
        int count = v.count();
        // at most CHUNK primes per task, and at least one task per thread when there are enough
        int chunk = Math.max(1, Math.min(CHUNK, (primes.length + threads - 1) / threads));
        int chunks = (primes.length + chunk - 1) / chunk;
        PrimeWorkers.run(chunks, threads, c -> {
            int from = c * chunk;
            int to = Math.min(primes.length, from + chunk);
            long[] res = new long[(to - from) * count];
            CrtBasis.of(java.util.Arrays.copyOfRange(primes, from, to))
                    .projectAllSigned(v.limbs(), count, v.limbsPerValue(), res);
            for (int j = from; j < to; j++) {
                options.checkCancelled("before " + what + " image " + (j + 1) + " of " + primes.length);
                task.run(j, res, (j - from) * count);
            }
        });
    }

    @Override
    public long[] determinants(int n, LimbVector a, long[] primes) {
        checkSquare(n, a);
        long[] out = new long[primes.length];
        forEachPrime(a, primes, "determinant", (j, res, off) -> {
            long p = primes[j];
            out[j] = p < (1L << ZpDetKernel.MAX_PRIME_BITS) ? ZpDetKernel.det(rows(res, off, n), n, p)
                    : detLongs(ZpField.of(p), res, off, n);
        });
        return out;
    }

    @Override
    public LuImages factor(int n, LimbVector a, long[] primes) {
        checkSquare(n, a);
        for (long p : primes) {
            if (p >= (1L << ZpDetKernel.MAX_PRIME_BITS)) {
                throw new IllegalArgumentException("factor takes primes below 2^" + ZpDetKernel.MAX_PRIME_BITS + ", got "
                        + p);
            }
        }
        ZpLu[] lus = new ZpLu[primes.length];
        forEachPrime(a, primes, "factorization", (j, res, off) -> lus[j] = ZpLu.factor(rows(res, off, n), n, primes[j]));
        return new CpuLuImages(n, primes.clone(), lus, threads);
    }

    @Override
    public long[] resultants(LimbVector f, LimbVector g, long[] primes) {
        checkPolynomials(f, g);
        int lf = f.count();
        int lg = g.count();
        long[] fr = new long[primes.length * lf];
        long[] gr = new long[primes.length * lg];
        project(g, primes, gr);
        long[] out = new long[primes.length];
        forEachPrime(f, primes, "resultant", (j, res, off) -> {
            System.arraycopy(res, off, fr, j * lf, lf);
            long[] a = java.util.Arrays.copyOfRange(fr, j * lf, (j + 1) * lf);
            long[] b = java.util.Arrays.copyOfRange(gr, j * lg, (j + 1) * lg);
            out[j] = PolyGcdZp.resultant(ZpField.of(primes[j]), a, lf, b, lg);
        });
        return out;
    }

    @Override
    public GcdImages gcds(LimbVector f, LimbVector g, long[] primes, boolean cofactors) {
        checkPolynomials(f, g);
        int lf = f.count();
        int lg = g.count();
        int n = Math.max(lf, lg);
        long[] gr = new long[primes.length * lg];
        project(g, primes, gr);
        int[] degrees = new int[primes.length];
        long[] h = new long[primes.length * n];
        long[] fc = cofactors ? new long[primes.length * lf] : null;
        long[] gc = cofactors ? new long[primes.length * lg] : null;
        forEachPrime(f, primes, "gcd", (j, res, off) -> {
            long p = primes[j];
            ZpField field = ZpField.of(p);
            long[] x = new long[n];
            long[] y = new long[n];
            System.arraycopy(res, off, x, 0, lf);
            System.arraycopy(gr, j * lg, y, 0, lg);
            long[] fp = cofactors ? x.clone() : null;
            long[] gp = cofactors ? y.clone() : null;
            long[] hj = new long[n];
            int hl = PolyGcdZp.gcd(field, x, lf, y, lg, hj);
            degrees[j] = hl - 1;
            System.arraycopy(hj, 0, h, j * n, hl);
            if (cofactors && hl > 0) {
                long[] a = new long[lf - hl + 1];
                long[] b = new long[lg - hl + 1];
                if (PolyGcdZp.usesDoubles(field)) {
                    PolyGcdDouble.divideExact(p, fp, lf, hj, hl, a);
                    PolyGcdDouble.divideExact(p, gp, lg, hj, hl, b);
                } else {
                    long[] r = new long[n];
                    PolyDivZp.divRem(field, fp, 0, lf, hj, 0, hl, a, 0, r, 0);
                    PolyDivZp.divRem(field, gp, 0, lg, hj, 0, hl, b, 0, r, 0);
                }
                System.arraycopy(a, 0, fc, j * lf, a.length);
                System.arraycopy(b, 0, gc, j * lg, b.length);
            }
        });
        return new GcdImages(primes.clone(), degrees, h, n, fc, lf, gc, lg);
    }

    @Override
    public long[][] determinants(int n, LimbVector a, GfField[] fields) {
        checkSquare(n, a);
        long[][] out = new long[fields.length][];
        ForkJoinPool pool = threads > 1 ? new ForkJoinPool(threads) : null;
        try {
            for (int j = 0; j < fields.length; j++) {
                options.checkCancelled("before big-prime determinant " + (j + 1) + " of " + fields.length);
                out[j] = GfDetKernel.det(fields[j], digits(fields[j], a), n, pool, options);
            }
        } finally {
            if (pool != null) {
                pool.shutdown();
            }
        }
        return out;
    }

    @Override
    public long[][] resultants(LimbVector f, LimbVector g, GfField[] fields) {
        checkPolynomials(f, g);
        long[][] out = new long[fields.length][];
        PrimeWorkers.run(fields.length, threads, j -> {
            options.checkCancelled("before big-prime resultant " + (j + 1) + " of " + fields.length);
            GfField field = fields[j];
            long[] res = new long[field.k()];
            PolyGcdGf.resultant(field, digits(field, f), f.count(), digits(field, g), g.count(), res);
            out[j] = res;
        });
        return out;
    }

    @Override
    public long[][] gcds(LimbVector f, LimbVector g, GfField[] fields) {
        checkPolynomials(f, g);
        long[][] out = new long[fields.length][];
        PrimeWorkers.run(fields.length, threads, j -> {
            options.checkCancelled("before big-prime gcd " + (j + 1) + " of " + fields.length);
            GfField field = fields[j];
            int k = field.k();
            long[] h = new long[Math.max(f.count(), g.count()) * k];
            int len = PolyGcdGf.gcd(field, digits(field, f), f.count(), digits(field, g), g.count(), h);
            out[j] = java.util.Arrays.copyOf(h, len * k);
        });
        return out;
    }

    // ------------------------------------------------------------------ helpers

    private void project(LimbVector v, long[] primes, long[] out) {
        CrtBasis.of(primes).projectAllSigned(v.limbs(), v.count(), v.limbsPerValue(), out, Math.min(threads, 2));
    }

    // Element-major digits of every value reduced into the field.
    private static long[] digits(GfField field, LimbVector v) {
        int k = field.k();
        BigInteger p = field.modulus();
        long[] out = new long[v.count() * k];
        for (int i = 0; i < v.count(); i++) {
            field.fromBigInteger(v.get(i).mod(p), out, i * k);
        }
        return out;
    }

    private static double[][] rows(long[] res, int off, int n) {
        double[][] rows = new double[n][n];
        for (int i = 0; i < n; i++) {
            double[] row = rows[i];
            for (int c = 0; c < n; c++) {
                row[c] = res[off + i * n + c];
            }
        }
        return rows;
    }

    // Gaussian elimination on longs for primes of 23 to 62 bits: n^3 / 3 field products.
    static long detLongs(ZpField f, long[] res, int off, int n) {
        long[] a = java.util.Arrays.copyOfRange(res, off, off + n * n);
        long det = 1;
        for (int c = 0; c < n; c++) {
            int piv = c;
            while (piv < n && a[piv * n + c] == 0) {
                piv++;
            }
            if (piv == n) {
                return 0;
            }
            if (piv != c) {
                for (int t = c; t < n; t++) {
                    long x = a[piv * n + t];
                    a[piv * n + t] = a[c * n + t];
                    a[c * n + t] = x;
                }
                det = f.neg(det);
            }
            long d = a[c * n + c];
            det = f.mul(det, d);
            long inv = f.inv(d);
            for (int i = c + 1; i < n; i++) {
                long m = a[i * n + c];
                if (m == 0) {
                    continue;
                }
                long q = f.mul(m, inv);
                long w = f.shoupPrecompute(q);
                for (int t = c + 1; t < n; t++) {
                    a[i * n + t] = f.sub(a[i * n + t], f.mulShoup(a[c * n + t], q, w));
                }
            }
        }
        return det;
    }

    private static void checkSquare(int n, LimbVector a) {
        if (n < 0 || (long) n * n != a.count()) {
            throw new IllegalArgumentException("a must hold n^2 = " + (long) n * n + " entries, got " + a.count());
        }
    }

    private static void checkPolynomials(LimbVector f, LimbVector g) {
        if (f.count() < 1 || g.count() < 1) {
            throw new IllegalArgumentException("f and g must have at least one coefficient, got " + f.count() + ", "
                    + g.count());
        }
    }

    /** ZpLu factors per prime; solves spread over the threads. */
    private static final class CpuLuImages implements LuImages {
        private final int n;
        private final long[] primes;
        private final ZpLu[] lus;
        private final int threads;
        private ExecutorService pool;

        CpuLuImages(int n, long[] primes, ZpLu[] lus, int threads) {
            this.n = n;
            this.primes = primes;
            this.lus = lus;
            this.threads = threads;
        }

        @Override
        public int size() {
            return n;
        }

        @Override
        public int count() {
            return primes.length;
        }

        @Override
        public long prime(int j) {
            return primes[j];
        }

        @Override
        public long determinant(int j) {
            return lus[j] == null ? 0 : lus[j].det;
        }

        @Override
        public void solve(long[] b, long[] x) {
            if (b.length < (long) primes.length * n || x.length < (long) primes.length * n) {
                throw new IllegalArgumentException("b and x must hold count * n = " + (long) primes.length * n
                        + " residues");
            }
            runOnPool(primes.length, j -> {
                if (lus[j] == null) {
                    return;
                }
                double[] bj = new double[n];
                double[] xj = new double[n];
                for (int i = 0; i < n; i++) {
                    bj[i] = b[j * n + i];
                }
                lus[j].solve(bj, xj);
                for (int i = 0; i < n; i++) {
                    x[j * n + i] = (long) xj[i];
                }
            });
        }

        /*
         * task(j) for j in [0, count) as PrimeWorkers.run, on threads - 1 workers kept until
         * close() plus the calling thread: a Dixon step calls solve once per step, and starting
         * threads per call cost more than the solves of 2 x 200 x 200 (measured: lifting 200 ->
         * 450 ms at n = 200, 100-bit entries, 2 threads).
         */
        private void runOnPool(int count, IntConsumer task) {
            int t = Math.min(threads, count);
            if (t <= 1) {
                for (int j = 0; j < count; j++) {
                    task.accept(j);
                }
                return;
            }
            synchronized (this) {
                if (pool == null) {
                    // idle workers end after a second, so factors never closed keep no threads
                    ThreadPoolExecutor p = new ThreadPoolExecutor(threads - 1, threads - 1, 1, TimeUnit.SECONDS,
                            new LinkedBlockingQueue<>(), r -> {
                                Thread th = new Thread(r, "modalg-lu-solve");
                                th.setDaemon(true);
                                return th;
                            });
                    p.allowCoreThreadTimeOut(true);
                    pool = p;
                }
            }
            AtomicInteger next = new AtomicInteger();
            AtomicBoolean failed = new AtomicBoolean();
            Runnable loop = () -> {
                int j;
                while (!failed.get() && (j = next.getAndIncrement()) < count) {
                    try {
                        task.accept(j);
                    } catch (RuntimeException | Error e) {
                        failed.set(true);
                        throw e;
                    }
                }
            };
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < t - 1; w++) {
                workers.add(pool.submit(loop));
            }
            RuntimeException first = null;
            try {
                loop.run();
            } catch (RuntimeException e) {
                first = e;
            }
            for (Future<?> f : workers) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    if (c instanceof Error) {
                        throw (Error) c;
                    }
                    if (first == null) {
                        first = c instanceof RuntimeException ? (RuntimeException) c : new IllegalStateException(c);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CancelledException("interrupted while waiting for the LU solves");
                }
            }
            if (first != null) {
                throw first;
            }
        }

        @Override
        public synchronized void close() {
            if (pool != null) {
                pool.shutdownNow();
                pool = null;
            }
        }
    }
}
