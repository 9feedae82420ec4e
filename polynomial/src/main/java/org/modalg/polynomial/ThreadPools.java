package org.modalg.polynomial;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.CpuNttEngine;

/**
 * One CPU engine, and so one ForkJoinPool, per thread count, created on first use and kept
 * (daemon workers): the shared engine for its own count, and one engine per other count asked
 * for by a call's options. The CPU routes of this package that take a thread count
 * ({@link ZZProductPlan}, {@link IntegerMultiplication#multiplyCpu}) run on the engine's pool.
 */
final class ThreadPools {
    private static final ConcurrentHashMap<Integer, CpuNttEngine> ENGINES = new ConcurrentHashMap<>();

    private ThreadPools() {
    }

    /** The CPU engine of {@code threads} threads. */
    static CpuNttEngine engine(int threads) {
        CpuNttEngine shared = CpuNttEngine.shared();
        if (threads == shared.threads()) {
            return shared;
        }
        return ENGINES.computeIfAbsent(threads, CpuNttEngine::new);
    }

    /** The pool of {@code threads} workers, or null for one thread (run in the caller). */
    static ForkJoinPool forThreads(int threads) {
        return threads <= 1 ? null : engine(threads).pool();
    }
}
