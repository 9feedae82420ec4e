package org.modalg.fft.parallel;

import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.Supplier;

/**
 * The one parallel loop of the library: a body over [from, to) in chunks of at most a grain, on
 * the threads of a pool, or directly when the range is a single grain. The pool names the thread
 * count ({@link org.modalg.fft.WorkerPools#of(int)}); the threads that run the chunks are:
 * <ul>
 * <li>from a thread outside every ForkJoinPool (a caller's thread, or a thread of this class's
 * team), the {@link WorkerTeam} of that many threads: the caller and members that spin between
 * the phases of a product instead of parking, so a chain of short parallel phases pays no
 * hand-offs (off with {@code -Dmodalg.parallel.team=false});</li>
 * <li>from a worker of a ForkJoinPool (the big-prime FFT's recursive tasks), the pool itself.</li>
 * </ul>
 * {@link #fork} runs an independent part of a chunk's work on an idle thread of the same kind.
 *
 * <p>On the pool, the halves are counted completers, the form of the JDK's parallel streams: a task forks its
 * upper half, goes on with the lower one, and the last piece to finish completes the loop, so no
 * thread blocks in a join halfway down. Recursive actions that fork both halves and join them
 * measured 0-8% slower on products of 2^11 to 2^19 points on 16 threads of an H100 host's Xeon,
 * where every parallel phase costs 40-160 us of hand-offs (polynomial/BENCHMARKS.md, "Integer
 * products on 8 and 16 threads").
 */
public final class ParallelRange {
    private ParallelRange() {
    }

    /** A loop body over a half-open index range ({@link RangeBody}, under the loop's name). */
    @FunctionalInterface
    public interface Body extends RangeBody {
    }

    /** 1: loops from outside a ForkJoinPool run on the {@link WorkerTeam} (property {@code modalg.parallel.team}). */
    static int team = Boolean.parseBoolean(System.getProperty("modalg.parallel.team", "true")) ? 1 : 0;

    /**
     * Runs body over [from, to) on the pool's number of threads in chunks of at most
     * {@code grain} indices (more than half of it), and waits; an exception of the body is
     * rethrown here.
     */
    public static void run(ForkJoinPool pool, int from, int to, int grain, Body body) {
        if (to - from <= grain) {
            body.run(from, to);
            return;
        }
        if (onTeam(pool)) {
            WorkerTeam.of(pool.getParallelism()).run(from, to, Math.max(1, grain), body);
            return;
        }
        Task task = new Task(null, from, to, Math.max(1, grain), body);
        if (ForkJoinTask.getPool() == pool) {
            task.invoke(); // already on a worker of this pool: the forks go to its own queue
        } else {
            pool.invoke(task);
        }
    }

    /**
     * body's value at get() (to be called once): computed now by an idle thread of the pool's
     * count when there is one (the team's member, or a worker of the pool when this thread is
     * one), else by the caller of get(); with no pool, by body itself at get(). For independent
     * parts of one chunk's work (a second operand's transform while this thread does the first).
     */
    public static <T> Supplier<T> fork(ForkJoinPool pool, Supplier<T> body) {
        if (pool == null) {
            return body;
        }
        if (onTeam(pool)) {
            return WorkerTeam.of(pool.getParallelism()).fork(body);
        }
        if (ForkJoinTask.getPool() == pool) {
            ForkJoinTask<T> task = ForkJoinTask.adapt(body::get);
            task.fork();
            return task::join;
        }
        return body;
    }

    private static boolean onTeam(ForkJoinPool pool) {
        return team != 0 && pool.getParallelism() >= 2 && ForkJoinTask.getPool() == null;
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
