package org.modalg.fft.ntt;

import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.Options;
import org.modalg.fft.WorkerPools;
import org.modalg.fft.ntt.NttArguments.Operation;
import org.modalg.fft.parallel.ParallelRange;

/**
 * {@link NttEngine} on the CPU: {@link NttPlan} kernels, run serially for one thread and on a
 * {@link ForkJoinPool} of the given parallelism otherwise. Results are bit-identical to the
 * serial {@link NttPlan} methods for every thread count (each value is computed by the same
 * butterflies; only their distribution over threads changes).
 *
 * <p><b>Parallel schedule.</b> Rows are distributed over the threads when there are enough of
 * them ({@code rows >= 2 threads}, or a multiple of the thread count); each row is then one
 * serial {@link NttPlan} transform. Otherwise, from n = 2^15 on, the rows are processed one
 * after another, each by the blocked algorithm of {@link NttPlan} with its column blocks, then
 * its rows, spread over the threads (and the bit-reversal permutation of the natural-order
 * transforms too). Smaller transforms with few rows run row-parallel anyway.
 *
 * <p><b>Preconditions.</b> Entries of {@code data} (and of {@code a}, {@code b}) are assumed to
 * lie in [0, p) for their row's prime; this is not checked (an O(rows n) scan would cost as
 * much as a transform level) and other values give unspecified results, never an exception or
 * a hang. Everything else is validated with {@link IllegalArgumentException} naming the
 * parameter.
 *
 * <p>The pool is created once per engine; {@link #close()} shuts it down. {@link #shared()} is
 * one engine over all processors (or {@code -Dmodalg.threads=N}) that needs no closing (its
 * pool threads are daemons).
 */
public final class CpuNttEngine implements NttEngine.ByOperation, AutoCloseable {

    /** Below this many words a row-parallel task takes several rows. */
    private static final int ROW_TASK_WORDS = 1 << 15;

    /**
     * From this length on, a batch with fewer rows than threads (or an unbalanced split) is
     * transformed row by row with the work of each transform spread over the threads (the
     * blocked algorithm's column blocks, then its rows).
     */
    static final int INNER_PARALLEL_MIN_LOG2N =
            Integer.getInteger("modalg.ntt.innerParallelMinLog2n", 15);

    private static volatile boolean sharedReady;

    private final int threads;
    private final ForkJoinPool pool;
    private final boolean isShared;
    private volatile boolean closed;

    /** The system property giving the default thread count ({@link Options#THREADS_PROPERTY}). */
    public static final String THREADS_PROPERTY = Options.THREADS_PROPERTY;

    /** The most threads the property may ask for ({@link Options#MAX_THREADS}). */
    public static final int MAX_THREADS = Options.MAX_THREADS;

    private static final class SharedHolder {
        static final CpuNttEngine SHARED = new CpuNttEngine(Options.threadsFromProperty(), true);
    }

    /**
     * The default thread count of the library.
     *
     * @deprecated the options own it: use {@link Options#threadsFromProperty()}
     * @throws IllegalArgumentException as {@link Options#threadsFromProperty()}
     */
    @Deprecated
    public static int threadsFromProperty() {
        return Options.threadsFromProperty();
    }

    /**
     * An engine with {@code threads} threads.
     *
     * @param threads the parallelism, &gt;= 1 (1: everything runs in the calling thread)
     * @throws IllegalArgumentException if threads &lt; 1
     */
    public CpuNttEngine(int threads) {
        this(threads, false);
    }

    /** An engine using every available processor. */
    public CpuNttEngine() {
        this(Runtime.getRuntime().availableProcessors());
    }

    private CpuNttEngine(int threads, boolean isShared) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
        this.isShared = isShared;
        this.pool = threads == 1 ? null : new ForkJoinPool(threads);
    }

    // An engine over a shared pool (WorkerPools), never closed.
    private CpuNttEngine(int threads, ForkJoinPool pool) {
        this.threads = threads;
        this.isShared = true;
        this.pool = pool;
    }

    private static final java.util.concurrent.ConcurrentHashMap<Integer, CpuNttEngine> BY_THREADS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The shared engine of {@code threads} threads, on {@link WorkerPools#of(int)}'s pool; never
     * needs closing. What the {@link Options} twins of the operations run on.
     *
     * @param threads in [1, {@value #MAX_THREADS}]
     * @throws IllegalArgumentException naming {@code threads} otherwise
     */
    public static CpuNttEngine withThreads(int threads) {
        ForkJoinPool pool = WorkerPools.of(threads); // validates
        return BY_THREADS.computeIfAbsent(threads, t -> new CpuNttEngine(t, pool));
    }

    @Override
    public boolean runsOnHost() {
        return true;
    }

    // The engine that runs a call with these options: this one when the thread counts agree.
    private CpuNttEngine forCall(Options options, String operation) {
        NttEngine.checkOptions(options, operation);
        if (closed) {
            throw new IllegalStateException(name() + " is closed");
        }
        return options.threads() == threads ? this : withThreads(options.threads());
    }

    @Override
    public void forward(long[] rowPrimes, int log2n, long[] data, int rows, Options options) {
        forCall(options, "forward").forward(rowPrimes, log2n, data, rows);
    }

    @Override
    public void inverse(long[] rowPrimes, int log2n, long[] data, int rows, Options options) {
        forCall(options, "inverse").inverse(rowPrimes, log2n, data, rows);
    }

    @Override
    public void cyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows,
            Options options) {
        forCall(options, "cyclicConvolution").cyclicConvolution(rowPrimes, log2n, a, b, out, rows);
    }

    @Override
    public void negacyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows,
            Options options) {
        forCall(options, "negacyclicConvolution").negacyclicConvolution(rowPrimes, log2n, a, b, out, rows);
    }

    /**
     * The engine shared by the whole JVM, over all available processors or over the number
     * given by the system property {@code modalg.threads} (read once, when first used; see
     * {@link Options#threadsFromProperty()}); never needs closing. Operations given no {@link Options}
     * take their thread count from the same property ({@link Options#defaults()}).
     *
     * @throws IllegalArgumentException if the system property {@code modalg.threads} is set to
     *     anything but an integer in [1, {@value #MAX_THREADS}] when first used
     */
    public static CpuNttEngine shared() {
        if (!sharedReady) {
            Options.threadsFromProperty(); // a bad value: IllegalArgumentException, and the holder stays unset
            sharedReady = true;
        }
        return SharedHolder.SHARED;
    }

    /**
     * The number of threads of this engine's own calls (those without {@link Options}).
     *
     * @deprecated a thread count is a per-call parameter: read {@link Options#threads()} of the
     *     call (for the library default, {@code Options.defaults().threads()}), and pass the
     *     options to the engine's {@code Options} twins instead of picking an engine by its count.
     */
    @Deprecated
    public int threads() {
        return threads;
    }

    /**
     * The engine's worker pool, for other parallel loops of the same computation (so that one
     * thread count has one pool); null for one thread (run in the caller).
     *
     * @deprecated use {@link WorkerPools#of(int) WorkerPools.of(options.threads())}, the one pool
     *     per thread count of the whole library.
     */
    @Deprecated
    public ForkJoinPool pool() {
        return pool;
    }

    @Override
    public String name() {
        return "cpu(threads=" + threads + ")";
    }

    /** Shuts the pool down; a no-op for {@link #shared()} and for one thread. Idempotent. */
    @Override
    public void close() {
        if (isShared) {
            return;
        }
        closed = true;
        if (pool != null) {
            pool.shutdown();
        }
    }

    // ----------------------------------------------------------------------------------------
    // NttEngine
    // ----------------------------------------------------------------------------------------

    @Override
    public void run(Operation op, long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows) {
        NttPlan[] plans = validate(op, rowPrimes, log2n, a, b, out, rows);
        if (rows == 0) {
            return;
        }
        int n = 1 << log2n;
        boolean inner = pool != null && log2n >= INNER_PARALLEL_MIN_LOG2N && rows < 2 * threads
                && rows % threads != 0;
        if (pool == null || (!inner && rows == 1)) {
            for (int i = 0; i < rows; i++) {
                rowSerial(op, plans[i], a, b, out, i * n);
            }
        } else if (inner) {
            for (int i = 0; i < rows; i++) {
                rowInnerParallel(op, plans[i], a, b, out, i * n);
            }
        } else {
            int grain = Math.max(1, ROW_TASK_WORDS >> log2n);
            parallelFor(0, rows, grain, (from, to) -> {
                for (int i = from; i < to; i++) {
                    rowSerial(op, plans[i], a, b, out, i * n);
                }
            });
        }
    }

    private NttPlan[] validate(Operation op, long[] rowPrimes, int log2n, long[] a, long[] b, long[] out,
            int rows) {
        if (closed) {
            throw new IllegalStateException(name() + " is closed");
        }
        NttArguments.check(op, rowPrimes, log2n, a, b, out, rows);
        NttPlan[] plans = new NttPlan[rows];
        for (int i = 0; i < rows; i++) {
            long p = rowPrimes[i];
            if (i > 0 && p == rowPrimes[i - 1]) {
                plans[i] = plans[i - 1];
                continue;
            }
            plans[i] = NttPlan.of(p, log2n);
            if (op == Operation.NEGACYCLIC) {
                plans[i].prepareNegacyclic();
            }
        }
        return plans;
    }

    static void rowSerial(Operation op, NttPlan plan, long[] a, long[] b, long[] out, int off) {
        switch (op) {
            case FORWARD:
                plan.forwardLazy(a, off, false);
                NttKernels.bitReverse(a, off, plan.log2n(), plan.p());
                break;
            case INVERSE:
                NttKernels.bitReverse(a, off, plan.log2n(), 0);
                plan.inverseScaled(a, off, false);
                break;
            default:
                boolean nega = op == Operation.NEGACYCLIC;
                plan.forwardLazy(a, off, nega);
                if (b != a) {
                    plan.forwardLazy(b, off, nega);
                }
                plan.pointwise(a, off, b, off, out, off, 0, plan.n());
                plan.inverseScaled(out, off, nega);
                break;
        }
    }

    // One row with the blocked algorithm's phases spread over the pool.
    private void rowInnerParallel(Operation op, NttPlan plan, long[] a, long[] b, long[] out, int off) {
        switch (op) {
            case FORWARD:
                forwardParallel(plan, a, off, false);
                bitReverseParallel(plan, a, off, plan.p());
                break;
            case INVERSE:
                bitReverseParallel(plan, a, off, 0);
                inverseParallel(plan, a, off, false);
                break;
            default:
                boolean nega = op == Operation.NEGACYCLIC;
                forwardParallel(plan, a, off, nega);
                if (b != a) {
                    forwardParallel(plan, b, off, nega);
                }
                int n = plan.n();
                parallelFor(0, n, Math.max(1 << 12, n / (8 * threads)),
                        (from, to) -> plan.pointwise(a, off, b, off, out, off, from, to));
                inverseParallel(plan, out, off, nega);
                break;
        }
    }

    private void bitReverseParallel(NttPlan plan, long[] a, int off, long normalizeP) {
        int log2n = plan.log2n();
        int tasks = NttKernels.bitReverseTasks(log2n);
        parallelFor(0, tasks, grain(tasks),
                (from, to) -> NttKernels.bitReverse(a, off, log2n, normalizeP, from, to));
    }

    private void forwardParallel(NttPlan plan, long[] a, int off, boolean nega) {
        int blocks = plan.columnBlocks();
        parallelFor(0, blocks, grain(blocks), (from, to) ->
                plan.forwardColumns(a, off, from, to, nega, plan.newColumnScratch()));
        int rows = plan.rows();
        parallelFor(0, rows, grain(rows), (from, to) -> plan.forwardRows(a, off, from, to, nega));
    }

    private void inverseParallel(NttPlan plan, long[] a, int off, boolean nega) {
        int rows = plan.rows();
        parallelFor(0, rows, grain(rows), (from, to) -> plan.inverseRows(a, off, from, to, nega));
        int blocks = plan.columnBlocks();
        parallelFor(0, blocks, grain(blocks), (from, to) ->
                plan.inverseColumns(a, off, from, to, nega, plan.newColumnScratch()));
    }

    // About 8 tasks per thread, for balance.
    private int grain(int count) {
        return Math.max(1, count / (8 * threads));
    }

    private void parallelFor(int from, int to, int grain, ParallelRange.Body body) {
        ParallelRange.run(pool, from, to, grain, body);
    }
}
