package org.modalg.modular;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.modalg.fft.CancelledException;

/**
 * Runs independent per-prime tasks on a few threads: task i for i in [0, n), each index taken
 * once from a shared counter (so uneven tasks balance). The calling thread works too; with one
 * thread nothing is started. An exception in a task stops the others from taking new indices
 * and is rethrown (unchecked as is, checked wrapped). The threads are started per call, or are a
 * pool the caller keeps.
 */
public final class PrimeWorkers {
    private PrimeWorkers() {
    }

    /**
     * Runs task(i) for every i in [0, n) on at most {@code threads} threads, the caller among
     * them; returns when all are done, rethrowing the first exception of a task.
     */
    public static void run(int n, int threads, IntConsumer task) {
        int t = Math.max(1, Math.min(threads, n));
        if (t == 1) {
            share(n, 1, null, task);
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(t - 1, r -> {
            Thread th = new Thread(r, "modalg-prime-worker");
            th.setDaemon(true);
            return th;
        });
        try {
            share(n, t, pool, task);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * {@link #run(int, int, IntConsumer)} on a pool the caller keeps between calls (where starting
     * threads per call would cost more than the tasks): at most {@code threads} threads, the
     * caller and threads - 1 submissions to pool, which needs that many threads and is neither
     * shut down nor waited for beyond these tasks.
     *
     * @throws IllegalArgumentException if pool is null while more than one thread would run
     */
    public static void run(int n, int threads, ExecutorService pool, IntConsumer task) {
        int t = Math.max(1, Math.min(threads, n));
        if (t > 1 && pool == null) {
            throw new IllegalArgumentException("pool must not be null for " + t + " threads");
        }
        share(n, t, pool, task);
    }

    // The shared counter's loop on the caller and t - 1 submissions to pool (unused when t = 1),
    // then every worker joined: the first exception is rethrown, an Error at once.
    private static void share(int n, int t, ExecutorService pool, IntConsumer task) {
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean failed = new AtomicBoolean();
        Runnable loop = () -> {
            int i;
            while (!failed.get() && (i = next.getAndIncrement()) < n) {
                try {
                    task.accept(i);
                } catch (RuntimeException | Error e) {
                    failed.set(true);
                    throw e;
                }
            }
        };
        if (t == 1) {
            loop.run();
            return;
        }
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < t - 1; w++) {
            futures.add(pool.submit(loop));
        }
        RuntimeException first = null;
        try {
            loop.run();
        } catch (RuntimeException e) {
            first = e;
        }
        for (Future<?> f : futures) {
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
                throw new CancelledException("interrupted while waiting for prime workers");
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
