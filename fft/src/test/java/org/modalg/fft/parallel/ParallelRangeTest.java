package org.modalg.fft.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.modalg.fft.WorkerPools;

/**
 * {@link ParallelRange}: every index of random ranges run exactly once, in chunks no longer than
 * the grain, from outside the pool and from inside it (nested), and a body's exception reaches
 * the caller. A fresh seed per run, printed; {@code -Dmodalg.test.seed=...} repeats a run.
 */
class ParallelRangeTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("ParallelRangeTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    @Test
    void everyIndexOnceInChunksOfAtMostTheGrain() {
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

    @Test
    void nestedLoopsOnThePoolAndExceptions() {
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
}
