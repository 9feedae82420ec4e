package org.modalg.fft;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;

/**
 * The library's worker pools, one per thread count, shared by every engine and loop of the
 * process: an operation given {@link Options#threads()} = t runs its parallel loops on
 * {@code WorkerPools.of(t)}, so one thread count means one pool however many engines and
 * routes the operation crosses. The pools' threads are daemons and the pools are never shut
 * down; a thread count of 1 has no pool (null: run in the calling thread).
 */
public final class WorkerPools {

    private static final ConcurrentHashMap<Integer, ForkJoinPool> POOLS = new ConcurrentHashMap<>();

    private WorkerPools() {
    }

    /**
     * The shared pool of parallelism {@code threads}, created on first use; null for 1.
     *
     * @param threads in [1, {@link Options#MAX_THREADS}]
     * @throws IllegalArgumentException naming {@code threads} and the range otherwise
     */
    public static ForkJoinPool of(int threads) {
        if (threads < 1 || threads > Options.MAX_THREADS) {
            throw new IllegalArgumentException("threads must be in [1, " + Options.MAX_THREADS + "], got " + threads);
        }
        if (threads == 1) {
            return null;
        }
        return POOLS.computeIfAbsent(threads, ForkJoinPool::new);
    }

    /** {@link #of(int) of(options.threads())}. */
    public static ForkJoinPool of(Options options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        return of(options.threads());
    }
}
