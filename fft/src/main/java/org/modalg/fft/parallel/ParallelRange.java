package org.modalg.fft.parallel;

import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * The one parallel loop of the library: a body over [from, to) split in halves down to a grain,
 * run on a ForkJoinPool (in place when already on one of its threads), or directly when the
 * range is a single grain.
 *
 * <p>The halves are counted completers, the form of the JDK's parallel streams: a task forks its
 * upper half, goes on with the lower one, and the last piece to finish completes the loop, so no
 * thread blocks in a join halfway down. Recursive actions that fork both halves and join them
 * measured 0-8% slower on products of 2^11 to 2^19 points on 16 threads of an H100 host's Xeon,
 * where every parallel phase costs 40-160 us of hand-offs (polynomial/BENCHMARKS.md, "Integer
 * products on 8 and 16 threads").
 */
public final class ParallelRange {
    private ParallelRange() {
    }

    /** A loop body over a half-open index range. */
    @FunctionalInterface
    public interface Body {
        void run(int from, int to);
    }

    /**
     * Runs body over [from, to) on the pool in chunks of at most {@code grain} indices (more than
     * half of it), and waits; an exception of the body is rethrown here.
     */
    public static void run(ForkJoinPool pool, int from, int to, int grain, Body body) {
        if (to - from <= grain) {
            body.run(from, to);
            return;
        }
        Task task = new Task(null, from, to, Math.max(1, grain), body);
        if (ForkJoinTask.getPool() == pool) {
            task.invoke(); // already on a worker of this pool: the forks go to its own queue
        } else {
            pool.invoke(task);
        }
    }

    private static final class Task extends CountedCompleter<Void> {
        private static final long serialVersionUID = 1L;
        private final int from;
        private final int to;
        private final int grain;
        private final transient Body body;

        Task(Task parent, int from, int to, int grain, Body body) {
            super(parent);
            this.from = from;
            this.to = to;
            this.grain = grain;
            this.body = body;
        }

        @Override
        public void compute() {
            int lo = from;
            int hi = to;
            while (hi - lo > grain) {
                int mid = (lo + hi) >>> 1;
                addToPendingCount(1);
                new Task(this, mid, hi, grain, body).fork();
                hi = mid;
            }
            body.run(lo, hi);
            propagateCompletion();
        }
    }
}
