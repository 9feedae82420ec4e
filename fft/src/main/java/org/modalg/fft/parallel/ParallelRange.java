package org.modalg.fft.parallel;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * The one parallel loop of the fft package: a body over [from, to) split in halves down to a
 * grain, run on a ForkJoinPool (joining from inside the pool when already on one of its
 * threads), or directly when the range is a single grain.
 */
public final class ParallelRange {
    private ParallelRange() {
    }

    /** A loop body over a half-open index range. */
    @FunctionalInterface
    public interface Body {
        void run(int from, int to);
    }

    /** Runs body over [from, to) on the pool in chunks of at least {@code grain} indices, and waits. */
    public static void run(ForkJoinPool pool, int from, int to, int grain, Body body) {
        if (to - from <= grain) {
            body.run(from, to);
            return;
        }
        Task task = new Task(from, to, Math.max(1, grain), body);
        if (java.util.concurrent.ForkJoinTask.getPool() == pool) {
            task.invoke(); // already on a worker of this pool: fork/join in place
        } else {
            pool.invoke(task);
        }
    }

    private static final class Task extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int from;
        private final int to;
        private final int grain;
        private final transient Body body;

        Task(int from, int to, int grain, Body body) {
            this.from = from;
            this.to = to;
            this.grain = grain;
            this.body = body;
        }

        @Override
        protected void compute() {
            if (to - from <= grain) {
                body.run(from, to);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Task(from, mid, grain, body), new Task(mid, to, grain, body));
        }
    }
}
