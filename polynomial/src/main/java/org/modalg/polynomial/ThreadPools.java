package org.modalg.polynomial;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;

/**
 * One ForkJoinPool per thread count, created on first use and kept (daemon workers), shared by
 * the CPU routes of this package that take a thread count ({@link DoubleNttPolyMul},
 * {@link IntegerMultiplication#multiplyCpu}).
 */
final class ThreadPools {
    private static final ConcurrentHashMap<Integer, ForkJoinPool> POOLS = new ConcurrentHashMap<>();

    private ThreadPools() {
    }

    /** The pool of {@code threads} workers, or null for one thread (run in the caller). */
    static ForkJoinPool forThreads(int threads) {
        return threads <= 1 ? null : POOLS.computeIfAbsent(threads, ForkJoinPool::new);
    }
}
