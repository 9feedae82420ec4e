package org.modalg.fft.ntt;

import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.Options;
import org.modalg.fft.WorkerPools;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fft.ntt.NttArguments.Operation;
import org.modalg.fft.parallel.ParallelRange;

/**
 * {@link NttEngine} over the double-precision transform {@link DoubleNttPlan}: the fastest CPU
 * engine for primes below 2^50 ({@link #preferredPrimeBound()}), computing exactly the values of
 * the interface's definition (natural order, entries in [0, p)), so it is interchangeable with
 * {@link CpuNttEngine} and the GPU engines. Rows whose prime is 2^50 or more, and lengths below
 * 2^{@value DoubleNttPlan#MIN_LOG2N}, run on the 64-bit {@link NttPlan} kernels instead (the same
 * values).
 *
 * <p>Each row is copied into a borrowed R x C matrix of doubles, transformed, and copied back
 * (reduced into [0, p); the forward transform also undoes {@link DoubleNttPlan}'s spectrum order):
 * two O(n) passes around the O(n log n) transform. Clients that keep their data in doubles call
 * {@link DoubleNttPlan} directly and save them; convolutions never reorder.
 *
 * <p>Threads: the {@link Options} twins run with {@link Options#threads()} threads (the pool
 * {@link WorkerPools#of(int)}): many short rows are spread over the threads, otherwise each
 * transform's passes are. The twins without options use {@code Options.defaults().threads()}.
 * Results are identical for every thread count. Stateless and thread-safe: one shared instance,
 * {@link #get()}.
 */
public final class DoubleNttEngine implements NttEngine.ByOperation {

    private static final DoubleNttEngine INSTANCE = new DoubleNttEngine();

    /** Rows up to this length are spread over the threads whole when there are enough of them. */
    private static final int ROW_PARALLEL_MAX_LOG2N = 16;

    private DoubleNttEngine() {
    }

    /** The engine (stateless; never needs closing). */
    public static DoubleNttEngine get() {
        return INSTANCE;
    }

    @Override
    public String name() {
        return "cpu-double";
    }

    @Override
    public boolean runsOnHost() {
        return true;
    }

    @Override
    public long preferredPrimeBound() {
        return DoubleNttPlan.MAX_PRIME_EXCLUSIVE;
    }

    @Override
    public void run(Operation op, long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows) {
        run(op, rowPrimes, log2n, a, b, out, rows, Options.threadsFromProperty());
    }

    @Override
    public void run(Operation op, long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows,
            Options options) {
        NttEngine.checkOptions(options, op.method());
        run(op, rowPrimes, log2n, a, b, out, rows, options.threads());
    }

    private static void run(Operation op, long[] rowPrimes, int log2n, long[] a, long[] b, long[] out,
            int rows, int threads) {
        NttArguments.check(op, rowPrimes, log2n, a, b, out, rows);
        if (rows == 0) {
            return;
        }
        ForkJoinPool pool = WorkerPools.of(threads);
        if (pool != null && rows >= threads && log2n <= ROW_PARALLEL_MAX_LOG2N) {
            ParallelRange.run(pool, 0, rows, 1, (from, to) -> {
                for (int i = from; i < to; i++) {
                    row(op, rowPrimes[i], log2n, a, b, out, i << log2n, null);
                }
            });
        } else {
            for (int i = 0; i < rows; i++) {
                row(op, rowPrimes[i], log2n, a, b, out, i << log2n, pool);
            }
        }
    }

    private static void row(Operation op, long p, int log2n, long[] a, long[] b, long[] out, int off,
            ForkJoinPool pool) {
        if (p >= DoubleNttPlan.MAX_PRIME_EXCLUSIVE || log2n < DoubleNttPlan.MIN_LOG2N) {
            NttPlan plan = NttPlan.of(p, log2n);
            if (op == Operation.NEGACYCLIC) {
                plan.prepareNegacyclic();
            }
            CpuNttEngine.rowSerial(op, plan, a, b, out, off);
            return;
        }
        DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
        int r = plan.rows();
        int c = plan.columns();
        int logR = Integer.numberOfTrailingZeros(r);
        int logC = Integer.numberOfTrailingZeros(c);
        switch (op) {
            case FORWARD: {
                double[][] m = plan.borrowCoefficients();
                double[][] s = plan.borrowSpectrum();
                load(a, off, m, c);
                plan.forward(m, s, false, pool);
                for (int s1 = 0; s1 < c; s1++) {
                    double[] row = s[s1];
                    int hi = r * rev(s1, logC);
                    for (int s0 = 0; s0 < r; s0++) {
                        a[off + rev(s0, logR) + hi] = DoubleNttPlan.residue(row[s0], p);
                    }
                }
                DoubleNttPlan.giveBack(m);
                DoubleNttPlan.giveBack(s);
                break;
            }
            case INVERSE: {
                double[][] m = plan.borrowCoefficients();
                double[][] s = plan.borrowSpectrum();
                for (int s1 = 0; s1 < c; s1++) {
                    double[] row = s[s1];
                    int hi = r * rev(s1, logC);
                    for (int s0 = 0; s0 < r; s0++) {
                        row[s0] = a[off + rev(s0, logR) + hi];
                    }
                }
                plan.inverse(s, m, false, pool);
                store(m, a, off, c, p);
                DoubleNttPlan.giveBack(m);
                DoubleNttPlan.giveBack(s);
                break;
            }
            default: {
                boolean nega = op == Operation.NEGACYCLIC;
                double[][] ma = plan.borrowCoefficients();
                load(a, off, ma, c);
                if (b == a) {
                    plan.convolution(ma, ma, nega, pool);
                } else {
                    double[][] mb = plan.borrowCoefficients();
                    load(b, off, mb, c);
                    plan.convolution(ma, mb, nega, pool);
                    DoubleNttPlan.giveBack(mb);
                }
                store(ma, out, off, c, p);
                DoubleNttPlan.giveBack(ma);
                break;
            }
        }
    }

    private static int rev(int x, int bits) {
        return bits == 0 ? 0 : Integer.reverse(x) >>> (32 - bits);
    }

    private static void load(long[] src, int off, double[][] m, int c) {
        for (int i = 0; i < m.length; i++) {
            double[] row = m[i];
            int base = off + i * c;
            for (int j = 0; j < c; j++) {
                row[j] = src[base + j];
            }
        }
    }

    private static void store(double[][] m, long[] dst, int off, int c, long p) {
        for (int i = 0; i < m.length; i++) {
            double[] row = m[i];
            int base = off + i * c;
            for (int j = 0; j < c; j++) {
                dst[base + j] = DoubleNttPlan.residue(row[j], p);
            }
        }
    }
}
