package org.modalg.polynomial;

import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.CpuNttEngine;
import org.modalg.fft.WorkerPools;

/**
 * The package's names for fft's one pool per thread count ({@link WorkerPools}) and the CPU
 * engine on it ({@link CpuNttEngine#withThreads}): the CPU routes of this package that take a
 * thread count ({@link ZZProductPlan}, {@link IntegerMultiplication#multiplyCpu}) run there.
 */
final class ThreadPools {
    private ThreadPools() {
    }

    /** The CPU engine of {@code threads} threads. */
    static CpuNttEngine engine(int threads) {
        return CpuNttEngine.withThreads(threads);
    }

    /** The pool of {@code threads} workers, or null for one thread (run in the caller). */
    static ForkJoinPool forThreads(int threads) {
        return WorkerPools.of(threads);
    }
}
