package org.modalg.modular;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link PrimeWorkers} with threads started per call and on a pool the caller keeps: every index
 * taken exactly once and the results equal to a serial loop's (random counts and thread numbers,
 * seed printed; 0 and 1 tasks, more threads than tasks), a task's exception rethrown as is, an
 * Error from a worker rethrown, the kept pool left running, a missing pool refused.
 */
class PrimeWorkersTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);

    @BeforeAll
    static void printSeed() {
        System.out.println("PrimeWorkersTest seed " + SEED + " (-Dmodalg.test.seed to replay)");
    }

    private static String where(String what) {
        return "seed=" + SEED + " " + what;
    }

    // The task: out[i] = (i-th value)^3 mod a prime by BigInteger, counting the calls per index.
    private static void runBoth(Random rnd, ExecutorService pool, int poolThreads) {
        int n = rnd.nextInt(4) == 0 ? rnd.nextInt(2) : rnd.nextInt(200);
        int threads = 1 + rnd.nextInt(6);
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = rnd.nextLong();
        }
        BigInteger p = BigInteger.valueOf(1_000_000_007L);
        long[] want = new long[n];
        for (int i = 0; i < n; i++) {
            want[i] = BigInteger.valueOf(values[i]).pow(3).mod(p).longValueExact();
        }
        for (boolean kept : new boolean[] {false, true}) {
            int t = kept ? Math.min(threads, poolThreads + 1) : threads;
            long[] got = new long[n];
            AtomicIntegerArray calls = new AtomicIntegerArray(n);
            java.util.function.IntConsumer task = i -> {
                calls.incrementAndGet(i);
                got[i] = BigInteger.valueOf(values[i]).pow(3).mod(p).longValueExact();
            };
            if (kept) {
                PrimeWorkers.run(n, t, pool, task);
            } else {
                PrimeWorkers.run(n, t, task);
            }
            String label = where("n=" + n + " threads=" + t + (kept ? " on the kept pool" : ""));
            assertArrayEquals(want, got, label);
            for (int i = 0; i < n; i++) {
                assertEquals(1, calls.get(i), label + " calls of index " + i);
            }
        }
    }

    @Test
    void everyIndexOnceAndTheSerialResults() {
        Random rnd = new Random(SEED);
        ExecutorService pool = Executors.newFixedThreadPool(5);
        try {
            for (int it = 0; it < 40 * MULTIPLIER; it++) {
                runBoth(rnd, pool, 5);
            }
            assertFalse(pool.isShutdown(), "the caller's pool is left running");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void exceptionsAreRethrown() {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (boolean kept : new boolean[] {false, true}) {
                IllegalStateException boom = new IllegalStateException("task 17");
                java.util.function.IntConsumer task = i -> {
                    if (i == 17) {
                        throw boom;
                    }
                };
                IllegalStateException e = assertThrows(IllegalStateException.class,
                        () -> run(kept, pool, 100, 4, task));
                assertSame(boom, e, "the task's own exception");
                // an Error thrown on a worker (the caller's task waits until one has been thrown)
                Thread caller = Thread.currentThread();
                CountDownLatch thrown = new CountDownLatch(1);
                java.util.function.IntConsumer errors = i -> {
                    if (Thread.currentThread() != caller) {
                        thrown.countDown();
                        throw new AssertionError("worker " + i);
                    }
                    try {
                        assertTrue(thrown.await(20, TimeUnit.SECONDS), "a worker ran");
                    } catch (InterruptedException x) {
                        Thread.currentThread().interrupt();
                    }
                };
                AssertionError a = assertThrows(AssertionError.class, () -> run(kept, pool, 1000, 4, errors));
                assertTrue(a.getMessage().startsWith("worker "), a.getMessage());
            }
            assertFalse(pool.isShutdown(), "the caller's pool is left running");
        } finally {
            pool.shutdownNow();
        }
    }

    private static void run(boolean kept, ExecutorService pool, int n, int threads,
            java.util.function.IntConsumer task) {
        if (kept) {
            PrimeWorkers.run(n, threads, pool, task);
        } else {
            PrimeWorkers.run(n, threads, task);
        }
    }

    @Test
    void aMissingPoolIsRefusedOnlyWhereItIsNeeded() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PrimeWorkers.run(10, 2, null, i -> { }));
        assertTrue(e.getMessage().contains("pool"), e.getMessage());
        int[] sum = new int[1];
        PrimeWorkers.run(10, 1, null, i -> sum[0] += i);
        PrimeWorkers.run(1, 8, null, i -> sum[0] += 100);
        PrimeWorkers.run(0, 8, null, i -> sum[0] += 1000);
        assertEquals(145, sum[0]);
    }
}
