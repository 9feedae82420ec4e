package org.modalg.modular.image;

import java.math.BigInteger;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.fields.GfField;
import org.modalg.fields.ZpField;
import org.modalg.modular.PrimeWorkers;
import org.modalg.modular.kernel.GfDetKernel;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.kernel.PolyGcdGf;
import org.modalg.modular.kernel.PolyGcdZp;
import org.modalg.modular.kernel.ZpDetKernel;
import org.modalg.modular.kernel.ZpLu;
import org.modalg.polynomial.zp.PolyDivZp;

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
    // Resultants: 32 primes per basis (measured about 5% faster than 16 at degree 1000, as the
    // resultant loop had it).
    private static final int RESULTANT_CHUNK = 32;
    // Residues held per chunk at most (2^22 longs = 32 MiB).
    private static final long CHUNK_WORDS = 1L << 22;

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

    /**
     * Runs task(j, residues of v, offset, residues of w, offset) for every prime: CHUNK primes
     * projected at once by one small basis, both inputs by the same one (w may be null).
     */
    private interface PerPrime {
        void run(int j, long[] residues, int offset, long[] wResidues, int wOffset);
    }

    private void forEachPrime(LimbVector vIn, LimbVector wIn, long[] primes, String what, PerPrime task) {
        forEachPrime(vIn, wIn, primes, what, CHUNK, task);
    }

    private void forEachPrime(LimbVector vIn, LimbVector wIn, long[] primes, String what, int maxChunk,
            PerPrime task) {
        Magnitudes v = new Magnitudes(vIn);
        Magnitudes w = wIn == null ? null : new Magnitudes(wIn);
        int count = v.count + (w == null ? 0 : w.count);
        // chunks of at most CHUNK primes and CHUNK_WORDS residues, at least two per thread (a
        // batch of 20 primes on 2 threads is 4 chunks of 5, not 16 + 4)
        int chunk = (int) Math.max(1, Math.min(Math.min(maxChunk, CHUNK_WORDS / Math.max(1, count)),
                (primes.length + 2L * threads - 1) / (2L * threads)));
        int chunks = (primes.length + chunk - 1) / chunk;
        PrimeWorkers.run(chunks, threads, c -> {
            int from = c * chunk;
            int to = Math.min(primes.length, from + chunk);
            CrtBasis basis = CrtBasis.of(java.util.Arrays.copyOfRange(primes, from, to));
            long[] res = v.project(basis);
            long[] wRes = w == null ? null : w.project(basis);
            for (int j = from; j < to; j++) {
                options.checkCancelled("before " + what + " image " + (j + 1) + " of " + primes.length);
                task.run(j, res, (j - from) * v.count, wRes, w == null ? 0 : (j - from) * w.count);
            }
        });
    }

    @Override
    public long[] determinants(int n, LimbVector a, long[] primes) {
        ImageEngine.checkSquare(n, a);
        long[] out = new long[primes.length];
        // one n x n buffer per worker thread, overwritten prime after prime
        ThreadLocal<double[][]> buffer = ThreadLocal.withInitial(() -> new double[n][n]);
        forEachPrime(a, null, primes, "determinant", (j, res, off, unused, unusedOff) -> {
            long p = primes[j];
            out[j] = p < (1L << ZpDetKernel.MAX_PRIME_BITS) ? ZpDetKernel.det(rows(res, off, n, buffer.get()), n, p)
                    : detLongs(ZpField.of(p), res, off, n);
        });
        return out;
    }

    @Override
    public LuImages factor(int n, LimbVector a, long[] primes) {
        ImageEngine.checkSquare(n, a);
        for (long p : primes) {
            if (p >= (1L << ZpDetKernel.MAX_PRIME_BITS)) {
                throw new IllegalArgumentException("factor takes primes below 2^" + ZpDetKernel.MAX_PRIME_BITS + ", got "
                        + p);
            }
        }
        ZpLu[] lus = new ZpLu[primes.length];
        forEachPrime(a, null, primes, "factorization",
                (j, res, off, unused, unusedOff) -> lus[j] = ZpLu.factor(rows(res, off, n, new double[n][n]), n, primes[j]));
        return new CpuLuImages(n, primes.clone(), lus, threads);
    }

    /**
     * {@link ImageEngine#bivariateResultants} on the engine's threads: (prime, block of points)
     * tasks, at least two per thread when the primes are few.
     */
    @Override
    public long[] bivariateResultants(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
            long[] primes, int points) {
        ImageEngine.checkBivariate(fRes, fRows, fCols, gRes, gRows, gCols, primes, points);
        int k = primes.length;
        long[] out = new long[k * points];
        if (k == 0 || points == 0) {
            return out;
        }
        int blocks = (int) Math.min(points, Math.max(1, (2L * threads + k - 1) / k));
        int blockLen = (points + blocks - 1) / blocks;
        int fs = fRows * fCols;
        int gs = gRows * gCols;
        PrimeWorkers.run(k * blocks, threads, task -> {
            int j = task / blocks;
            int from = (task % blocks) * blockLen;
            int to = Math.min(points, from + blockLen);
            if (from >= to) {
                return;
            }
            options.checkCancelled("before bivariate resultant images modulo prime " + (j + 1) + " of " + k);
            org.modalg.modular.kernel.BivariateImagesZp.resultantsAt(ZpField.of(primes[j]), fRes, j * fs, fRows,
                    fCols, gRes, j * gs, gRows, gCols, from, to, out, j * points + from);
        });
        return out;
    }

    /**
     * {@link ImageEngine#bivariateResultantsOnCosets} on the engine's threads: one task per
     * (prime, coset), each one forward NTT per coefficient in x and M resultants
     * ({@link org.modalg.modular.kernel.BivariateImagesZp#resultantsOnCoset}).
     */
    @Override
    public long[] bivariateResultantsOnCosets(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
            long[] primes, int log2m, long[] shifts, int cosets) {
        ImageEngine.checkCosets(fRes, fRows, fCols, gRes, gRows, gCols, primes, log2m, shifts, cosets);
        int k = primes.length;
        int m = 1 << log2m;
        long[] out = new long[k * cosets * m];
        int fs = fRows * fCols;
        int gs = gRows * gCols;
        PrimeWorkers.run(k * cosets, threads, task -> {
            int j = task / cosets;
            options.checkCancelled("before bivariate resultant images modulo prime " + (j + 1) + " of " + k);
            org.modalg.modular.kernel.BivariateImagesZp.resultantsOnCoset(ZpField.of(primes[j]), fRes, j * fs, fRows,
                    fCols, gRes, j * gs, gRows, gCols, log2m, shifts[task], out, task * m);
        });
        return out;
    }

    /**
     * {@link ImageEngine#principalCoefficientsOnCosets} on the engine's threads: one task per
     * (prime, coset), each one forward NTT per coefficient in x and M chains
     * ({@link org.modalg.modular.kernel.BivariateImagesZp#principalCoefficientsOnCoset}).
     */
    @Override
    public long[] principalCoefficientsOnCosets(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
            long[] primes, int log2m, long[] shifts, int cosets) {
        int top = ImageEngine.checkPrincipal(fRes, fRows, fCols, gRes, gRows, gCols, primes, log2m, shifts, cosets);
        int k = primes.length;
        int perPrime = cosets << log2m;
        long[] out = new long[k * top * perPrime];
        if (top == 0) {
            return out;
        }
        int fs = fRows * fCols;
        int gs = gRows * gCols;
        PrimeWorkers.run(k * cosets, threads, task -> {
            int j = task / cosets;
            int t = task % cosets;
            options.checkCancelled("before bivariate principal subresultant images modulo prime " + (j + 1) + " of "
                    + k);
            org.modalg.modular.kernel.BivariateImagesZp.principalCoefficientsOnCoset(ZpField.of(primes[j]), fRes,
                    j * fs, fRows, fCols, gRes, j * gs, gRows, gCols, log2m, shifts[task], out,
                    j * top * perPrime + (t << log2m), perPrime);
        });
        return out;
    }

    @Override
    public long[] resultants(LimbVector f, LimbVector g, long[] primes) {
        ImageEngine.checkPolynomials(f, g);
        int lf = f.count();
        int lg = g.count();
        long[] out = new long[primes.length];
        forEachPrime(f, g, primes, "resultant", RESULTANT_CHUNK, (j, fr, fOff, gr, gOff) -> {
            long[] a = java.util.Arrays.copyOfRange(fr, fOff, fOff + lf);
            long[] b = java.util.Arrays.copyOfRange(gr, gOff, gOff + lg);
            out[j] = PolyGcdZp.resultant(ZpField.of(primes[j]), a, lf, b, lg);
        });
        return out;
    }

    @Override
    public GcdImages gcds(LimbVector f, LimbVector g, long[] primes, boolean cofactors) {
        ImageEngine.checkPolynomials(f, g);
        int lf = f.count();
        int lg = g.count();
        int n = Math.max(lf, lg);
        int[] degrees = new int[primes.length];
        long[] h = new long[primes.length * n];
        long[] fc = cofactors ? new long[primes.length * lf] : null;
        long[] gc = cofactors ? new long[primes.length * lg] : null;
        forEachPrime(f, g, primes, "gcd", (j, res, off, gr, gOff) -> {
            long p = primes[j];
            ZpField field = ZpField.of(p);
            long[] x = new long[n];
            long[] y = new long[n];
            System.arraycopy(res, off, x, 0, lf);
            System.arraycopy(gr, gOff, y, 0, lg);
            long[] fp = cofactors ? x.clone() : null;
            long[] gp = cofactors ? y.clone() : null;
            long[] hj = new long[n];
            int hl = PolyGcdZp.gcd(field, x, lf, y, lg, hj);
            degrees[j] = hl - 1;
            System.arraycopy(hj, 0, h, j * n, hl);
            if (cofactors && hl > 0) {
                // an input shorter than h vanishes modulo p (h divides it): its cofactor is 0
                if (lf >= hl) {
                    divideExact(field, fp, lf, hj, hl, fc, j * lf, n);
                }
                if (lg >= hl) {
                    divideExact(field, gp, lg, hj, hl, gc, j * lg, n);
                }
            }
        });
        return new GcdImages(primes.clone(), degrees, h, n, fc, lf, gc, lg);
    }

    @Override
    public long[][] determinants(int n, LimbVector a, GfField[] fields) {
        ImageEngine.checkSquare(n, a);
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
        ImageEngine.checkPolynomials(f, g);
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
        ImageEngine.checkPolynomials(f, g);
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

    /**
     * The values of a LimbVector as magnitudes and signs, with the fewest limbs the magnitudes
     * need: a 64-bit coefficient takes one unsigned limb here against two in two's complement,
     * which halves its projection ({@link CrtBasis#projectAll} on the magnitudes, residues of the
     * negative values negated).
     */
    private static final class Magnitudes {
        final int count;
        final long[] limbs;
        final int lpv;
        final int[] negative;

        Magnitudes(LimbVector v) {
            count = v.count();
            int l = v.limbsPerValue();
            long[] src = v.limbs();
            long[] mag = new long[Math.max(1, count * l)];
            int[] neg = new int[count];
            int negs = 0;
            int used = 1;
            for (int i = 0; i < count; i++) {
                int off = i * l;
                if (src[off + l - 1] < 0) {
                    neg[negs++] = i;
                    long carry = 1; // magnitude = ~x + 1
                    for (int k = 0; k < l; k++) {
                        long inv = ~src[off + k];
                        mag[off + k] = inv + carry;
                        carry = carry == 1 && inv == -1L ? 1 : 0;
                    }
                } else {
                    System.arraycopy(src, off, mag, off, l);
                }
                int top = l - 1;
                while (top > 0 && mag[off + top] == 0) {
                    top--;
                }
                used = Math.max(used, top + 1);
            }
            if (used < l) {
                long[] packed = new long[Math.max(1, count * used)];
                for (int i = 0; i < count; i++) {
                    System.arraycopy(mag, i * l, packed, i * used, used);
                }
                mag = packed;
            }
            limbs = mag;
            lpv = used;
            negative = java.util.Arrays.copyOf(neg, negs);
        }

        /** out[j * count + i] = value i mod prime j of the basis, in [0, p_j). */
        long[] project(CrtBasis basis) {
            long[] out = new long[basis.size() * count];
            if (count == 0) {
                return out;
            }
            basis.projectAll(limbs, count, lpv, out);
            for (int j = 0; j < basis.size(); j++) {
                long p = basis.prime(j);
                int base = j * count;
                for (int i : negative) {
                    long r = out[base + i];
                    out[base + i] = r == 0 ? 0 : p - r;
                }
            }
            return out;
        }
    }

    // out[off ..] = x / h exactly (len - hl + 1 coefficients), x of length len >= hl, h monic.
    private static void divideExact(ZpField field, long[] x, int len, long[] h, int hl, long[] out, int off, int n) {
        long[] q = new long[len - hl + 1];
        if (PolyGcdZp.usesDoubles(field)) {
            PolyGcdDouble.divideExact(field.p(), x, len, h, hl, q);
        } else {
            PolyDivZp.divRem(field, x, 0, len, h, 0, hl, q, 0, new long[n], 0);
        }
        System.arraycopy(q, 0, out, off, q.length);
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

    private static double[][] rows(long[] res, int off, int n, double[][] rows) {
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



    /** Factors of a CPU factorization (null for singular primes), or null for another engine's. */
    static ZpLu[] factorsOf(LuImages lu) {
        return lu instanceof CpuLuImages c ? c.lus.clone() : null;
    }

    /** LU images over factors computed elsewhere (null for singular primes). */
    static LuImages ofFactors(int n, long[] primes, ZpLu[] lus, int threads) {
        return new CpuLuImages(n, primes.clone(), lus.clone(), Math.max(1, threads));
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
            LuImages.checkSolve(b, x, primes.length, n);
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
            ExecutorService p = null;
            if (Math.min(threads, count) > 1) {
                synchronized (this) {
                    if (pool == null) {
                        // idle workers end after a second, so factors never closed keep no threads
                        ThreadPoolExecutor e = new ThreadPoolExecutor(threads - 1, threads - 1, 1, TimeUnit.SECONDS,
                                new LinkedBlockingQueue<>(), r -> {
                                    Thread th = new Thread(r, "modalg-lu-solve");
                                    th.setDaemon(true);
                                    return th;
                                });
                        e.allowCoreThreadTimeOut(true);
                        pool = e;
                    }
                    p = pool;
                }
            }
            PrimeWorkers.run(count, threads, p, task);
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
