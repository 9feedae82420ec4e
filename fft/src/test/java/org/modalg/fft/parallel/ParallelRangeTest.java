package org.modalg.fft.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.modalg.fft.WorkerPools;

/**
 * {@link ParallelRange} on both kinds of threads (the {@link WorkerTeam}, and the ForkJoinPool with
 * the team switched off): every index of random ranges run exactly once, in chunks no longer than
 * the grain, from outside and nested; forked parts against the sequential sum; several callers
 * sharing one team at once; a body's exception reaches the caller. A fresh seed per run, printed; {@code -Dmodalg.test.seed=...} repeats a run.
 */
class ParallelRangeTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("ParallelRangeTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    // runs the check with ParallelRange.team = mode, then restores it
    private static void withTeam(int mode, Runnable check) {
        int before = ParallelRange.team;
        ParallelRange.team = mode;
        try {
            check.run();
        } finally {
            ParallelRange.team = before;
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 0})
    void everyIndexOnceInChunksOfAtMostTheGrain(int mode) {
        withTeam(mode, this::everyIndexOnce);
    }

    private void everyIndexOnce() {
        Random rnd = new Random(SEED);
        ForkJoinPool pool = WorkerPools.of(4);
        for (int it = 0; it < 200; it++) {
            int from = rnd.nextInt(100);
            int to = from + rnd.nextInt(it < 100 ? 50 : 5000);
            int grain = 1 + rnd.nextInt(it % 3 == 0 ? 3 : 300);
            AtomicIntegerArray seen = new AtomicIntegerArray(to + 1);
            ParallelRange.run(pool, from, to, grain, (lo, hi) -> {
                assertTrue(hi - lo <= grain || hi - lo == to - from, "chunk " + lo + ".." + hi + " above grain " + grain);
                for (int i = lo; i < hi; i++) {
                    seen.incrementAndGet(i);
                }
            });
            for (int i = 0; i <= to; i++) {
                assertEquals(i >= from && i < to ? 1 : 0, seen.get(i), "seed " + SEED + ": index " + i + " of [" + from + ", " + to + ")");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 0})
    void nestedLoopsOnThePoolAndExceptions(int mode) {
        withTeam(mode, this::nestedAndExceptions);
    }

    private void nestedAndExceptions() {
        ForkJoinPool pool = WorkerPools.of(3);
        AtomicIntegerArray seen = new AtomicIntegerArray(64 * 64);
        ParallelRange.run(pool, 0, 64, 1, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                int row = i;
                ParallelRange.run(pool, 0, 64, 4, (a, b) -> {
                    for (int j = a; j < b; j++) {
                        seen.incrementAndGet(row * 64 + j);
                    }
                });
            }
        });
        for (int k = 0; k < 64 * 64; k++) {
            assertEquals(1, seen.get(k), "cell " + k);
        }
        assertThrows(IllegalStateException.class, () -> ParallelRange.run(pool, 0, 1000, 7, (lo, hi) -> {
            if (lo <= 500 && 500 < hi) {
                throw new IllegalStateException("index 500");
            }
        }));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 0})
    void forkedPartsGiveTheSequentialSums(int mode) {
        withTeam(mode, () -> {
            Random rnd = new Random(SEED + 1);
            long[] values = new long[4096];
            for (int i = 0; i < values.length; i++) {
                values[i] = rnd.nextInt();
            }
            ForkJoinPool pool = WorkerPools.of(4);
            for (int it = 0; it < 50; it++) {
                int parts = 1 + rnd.nextInt(16);
                long[] sums = new long[parts];
                // each chunk of the loop forks half of its parts and computes the rest itself
                ParallelRange.run(pool, 0, parts, 1, (lo, hi) -> {
                    for (int k = lo; k < hi; k++) {
                        int part = k;
                        Supplier<Long> a = ParallelRange.fork(pool, () -> sum(values, part, 0, 2048));
                        long b = sum(values, part, 2048, 4096);
                        sums[part] = a.get() + b;
                    }
                });
                for (int k = 0; k < parts; k++) {
                    assertEquals(sum(values, k, 0, 4096), sums[k], "seed " + SEED + ": part " + k);
                }
            }
            Supplier<Long> outside = ParallelRange.fork(pool, () -> sum(values, 3, 0, 4096));
            assertEquals(sum(values, 3, 0, 4096), outside.get());
            assertEquals(7L, ParallelRange.fork(null, () -> 7L).get());
            Supplier<Long> failing = ParallelRange.fork(pool, () -> {
                throw new ArithmeticException("forked part");
            });
            assertThrows(ArithmeticException.class, failing::get);
        });
    }

    // sum of (v[i] xor part) for i in [from, to): a part-dependent value to check
    private static long sum(long[] v, int part, int from, int to) {
        long s = 0;
        for (int i = from; i < to; i++) {
            s += v[i] ^ part;
        }
        return s;
    }

    @Test
    void severalCallersShareOneTeam() throws InterruptedException {
        ForkJoinPool pool = WorkerPools.of(3);
        int callers = 4;
        AtomicLong failures = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < callers; c++) {
            long seed = SEED + 10 + c;
            Thread t = new Thread(() -> {
                Random rnd = new Random(seed);
                for (int it = 0; it < 300; it++) {
                    int to = 1 + rnd.nextInt(2000);
                    int grain = 1 + rnd.nextInt(100);
                    AtomicIntegerArray seen = new AtomicIntegerArray(to);
                    ParallelRange.run(pool, 0, to, grain, (lo, hi) -> {
                        for (int i = lo; i < hi; i++) {
                            seen.incrementAndGet(i);
                        }
                    });
                    for (int i = 0; i < to; i++) {
                        if (seen.get(i) != 1) {
                            failures.incrementAndGet();
                        }
                    }
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join(120_000);
            assertTrue(!t.isAlive(), "seed " + SEED + ": a caller did not finish in 120 s");
        }
        assertEquals(0, failures.get(), "seed " + SEED + ": indices not run exactly once");
    }

    @Test
    void errorsReachTheCallerUnwrappedAndTheTeamGoesOn() {
        ForkJoinPool pool = WorkerPools.of(2);
        assertThrows(AssertionError.class, () -> ParallelRange.run(pool, 0, 100, 1, (lo, hi) -> {
            if (lo == 57) {
                throw new AssertionError("index 57");
            }
        }));
        AtomicLong count = new AtomicLong();
        ParallelRange.run(pool, 0, 100, 1, (lo, hi) -> count.addAndGet(hi - lo));
        assertEquals(100, count.get());
        assertThrows(IllegalArgumentException.class, () -> WorkerTeam.of(1));
    }

    @Test
    void forksNeverJoinedLeaveTheQueue() {
        withTeam(1, this::forksLeaveTheQueue);
    }

    private void forksLeaveTheQueue() {
        ForkJoinPool pool = WorkerPools.of(2);
        AtomicLong ran = new AtomicLong();
        for (int i = 0; i < 100; i++) {
            ParallelRange.fork(pool, () -> ran.incrementAndGet()); // get() never called: a member runs it
        }
        WorkerTeam team = WorkerTeam.of(2);
        long end = System.nanoTime() + 60_000_000_000L;
        while ((team.queued() > 0 || ran.get() < 100) && System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        assertEquals(100, ran.get(), "forked parts run by the member");
        assertEquals(0, team.queued(), "jobs left in the queue");
    }
}
