package org.modalg.modular;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.modalg.fft.CancelledException;

/**
 * Runs independent per-prime tasks on a few threads: task i for i in [0, n), each index taken
 * once from a shared counter (so uneven tasks balance). The calling thread works too; with one
 * thread nothing is started. An exception in a task stops the others from taking new indices
 * and is rethrown (unchecked as is, checked wrapped).
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
        AtomicInteger next = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        Runnable loop = () -> {
            int i;
            while (failed.get() == 0 && (i = next.getAndIncrement()) < n) {
                try {
                    task.accept(i);
                } catch (RuntimeException | Error e) {
                    failed.set(1);
                    throw e;
                }
            }
        };
        if (t == 1) {
            loop.run();
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(t - 1, r -> {
            Thread th = new Thread(r, "modalg-prime-worker");
            th.setDaemon(true);
            return th;
        });
        try {
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
                    if (first == null) {
                        if (c instanceof RuntimeException) {
                            first = (RuntimeException) c;
                        } else if (c instanceof Error) {
                            throw (Error) c;
                        } else {
                            first = new IllegalStateException(c);
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CancelledException("interrupted while waiting for prime workers");
                }
            }
            if (first != null) {
                throw first;
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
