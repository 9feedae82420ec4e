package org.modalg.fft.parallel;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * A team of T - 1 daemon threads that, with the thread that calls {@link #run}, share the chunks of
 * parallel loops, and that <b>spin for a while after a loop before they park</b>. A product of the
 * convolution pipeline is a chain of short parallel phases (projection, transforms, Garner,
 * packing); a ForkJoinPool parks its workers after each phase and wakes them one from another
 * for the next, which cost 40-160 us per phase on 16 cores of an H100 host's Xeon (a 10^6-bit
 * product on 16 threads has about ten phases: polynomial/BENCHMARKS.md, "Integer products on 8
 * and 16 threads"). Here the caller wakes the parked members itself, and members that finished
 * the previous phase within {@link #spinMicros} are still polling, so the next phase starts
 * without any hand-off.
 *
 * <p>Work sharing, not stealing: a loop is a job of equal chunks, claimed by one atomic counter;
 * the caller claims chunks of its own job like any member, and waits (spinning, then parked
 * until the last chunk's finisher unparks it) until the last chunk is done. Loops inside a chunk (nested) are jobs of their own, claimed by
 * their caller and by idle members; a thread that waits only ever runs chunks of its own job, so
 * no wait depends on a chunk queued behind it. {@link #fork} is a job of one chunk that the
 * caller of get() runs itself when no member has taken it.
 *
 * <p>Thread-safe; one team per thread count, for the life of the JVM ({@link #of}). The members
 * cost nothing while parked, and at most {@link #spinMicros} of one core each after a loop, of
 * which all but the first 20 us yield the core to any thread that has work; on a machine with
 * fewer cores than the team they park at once.
 */
final class WorkerTeam {
    /** How long an idle member polls for a new job before it parks (property {@code modalg.parallel.spinMicros}). */
    static int spinMicros = Math.max(0, Integer.getInteger("modalg.parallel.spinMicros", 200));
    // how long a caller whose chunks are all taken polls its job before it parks (the last
    // chunk's finisher unparks it)
    private static final long CALLER_SPIN_NANOS = 200_000L;
    /** How long a poll spins on the core before it yields between looks (see pause). */
    static int pauseMicros = 20;

    private static final ConcurrentHashMap<Integer, WorkerTeam> TEAMS = new ConcurrentHashMap<>();

    private final Thread[] members;
    // members poll only where each can have a core: on a machine with fewer cores than the team
    // their polling would take the cores of the threads doing the work
    private final boolean spin;
    // 1 while member i is parked or about to park (the wake-up handshake of run())
    private final AtomicIntegerArray parked;
    private final ConcurrentLinkedQueue<Job> jobs = new ConcurrentLinkedQueue<>();

    private WorkerTeam(int threads) {
        members = new Thread[threads - 1];
        spin = threads <= Runtime.getRuntime().availableProcessors();
        parked = new AtomicIntegerArray(threads - 1);
        for (int i = 0; i < members.length; i++) {
            int id = i;
            Thread t = new Thread(() -> memberLoop(id), "modalg-team" + threads + "-" + i);
            t.setDaemon(true);
            members[i] = t;
        }
        for (Thread t : members) {
            t.start();
        }
    }

    /** The team of {@code threads} threads (the caller and threads - 1 members), threads &gt;= 2. */
    static WorkerTeam of(int threads) {
        if (threads < 2) {
            throw new IllegalArgumentException("threads must be at least 2, got " + threads);
        }
        return TEAMS.computeIfAbsent(threads, WorkerTeam::new);
    }

    /** Jobs with chunks not yet claimed (for tests: a job leaves the queue once all are). */
    int queued() {
        return jobs.size();
    }

    /**
     * body over [from, to) in ceil((to - from) / grain) chunks of about equal length (at most
     * {@code grain}, more than half of it), on the caller and the members; returns when every
     * chunk is done and rethrows the first exception of the body.
     */
    void run(int from, int to, int grain, RangeBody body) {
        int length = to - from;
        int chunks = (int) ((length + (long) grain - 1) / grain);
        Job job = new Job(jobs, from, length, chunks, body);
        push(job, chunks - 1);
        job.runUntilDone();
        job.rethrow();
    }

    /**
     * body's value at get() (to be called once): a job of one chunk that a member takes if one is
     * idle before get(), and otherwise the caller of get() runs.
     */
    <T> Supplier<T> fork(Supplier<T> body) {
        AtomicReference<T> value = new AtomicReference<>();
        Job job = new Job(jobs, 0, 1, 1, (lo, hi) -> value.set(body.get()));
        push(job, 1);
        return () -> {
            job.runUntilDone();
            job.rethrow();
            return value.get();
        };
    }

    // Queues a job and unparks up to `wake` parked members (the handshake with memberLoop: a
    // member marks itself parked before its last look at the queue, and this reads the marks
    // after the job is in the queue, so either the member sees the job or it is unparked here).
    private void push(Job job, int wake) {
        jobs.add(job);
        for (int i = 0; i < members.length && wake > 0; i++) {
            if (parked.get(i) == 1 && parked.compareAndSet(i, 1, 0)) {
                LockSupport.unpark(members[i]);
                wake--;
            }
        }
    }

    private void memberLoop(int id) {
        long idleSince = System.nanoTime();
        boolean idle = true;
        while (true) {
            if (runOneChunk()) {
                idle = false;
                continue;
            }
            long now = System.nanoTime();
            if (!idle) {
                idle = true;
                idleSince = now;
            }
            if (spin && now - idleSince < spinMicros * 1000L) {
                pause(now - idleSince);
                continue;
            }
            parked.set(id, 1);
            if (hasChunks()) {
                parked.set(id, 0);
                continue;
            }
            while (parked.get(id) == 1) {
                LockSupport.park(this);
            }
            idleSince = System.nanoTime();
        }
    }

    // One poll's pause: a spin-wait hint for the first PAUSE_NANOS, then a yield, so that threads
    // with work (the JIT's compilers, the collector, another program) get the core at once.
    private static void pause(long waited) {
        if (waited < pauseMicros * 1000L) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    // One chunk of the oldest job that has one left; false if none has.
    private boolean runOneChunk() {
        for (Job j : jobs) {
            if (j.runOneChunk()) {
                return true;
            }
        }
        return false;
    }

    private boolean hasChunks() {
        for (Job j : jobs) {
            if (j.next.get() < j.chunks) {
                return true;
            }
        }
        return false;
    }

    /** One loop: its chunks, the next one to claim, and how many are not finished. */
    private static final class Job {
        final ConcurrentLinkedQueue<Job> queue;
        final int from;
        final int length;
        final int chunks;
        final RangeBody body;
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger pending;
        final AtomicReference<Throwable> error = new AtomicReference<>();
        // the caller, once it stops spinning on pending and parks (unparked by the last chunk)
        volatile Thread waiter;

        Job(ConcurrentLinkedQueue<Job> queue, int from, int length, int chunks, RangeBody body) {
            this.queue = queue;
            this.from = from;
            this.length = length;
            this.chunks = chunks;
            this.body = body;
            this.pending = new AtomicInteger(chunks);
        }

        boolean runOneChunk() {
            if (next.get() >= chunks) {
                return false;
            }
            int k = next.getAndIncrement();
            if (k >= chunks) {
                return false;
            }
            if (k == chunks - 1) {
                queue.remove(this); // every chunk is claimed: no one needs to find the job any more
            }
            try {
                if (error.get() == null) {
                    body.run(from + (int) ((long) length * k / chunks), from + (int) ((long) length * (k + 1) / chunks));
                }
            } catch (Throwable t) {
                error.compareAndSet(null, t);
            } finally {
                if (pending.decrementAndGet() == 0) {
                    Thread w = waiter;
                    if (w != null) {
                        LockSupport.unpark(w);
                    }
                }
            }
            return true;
        }

        // The caller's part: its own chunks while any is left, then a wait for the members'.
        void runUntilDone() {
            while (runOneChunk()) {
                // claim the next
            }
            long start = System.nanoTime();
            long waited = 0;
            while (pending.get() != 0 && waited < CALLER_SPIN_NANOS) {
                pause(waited);
                waited = System.nanoTime() - start;
            }
            if (pending.get() != 0) {
                waiter = Thread.currentThread(); // seen by the last chunk's finisher, or pending is 0 below
                while (pending.get() != 0) {
                    LockSupport.park(this);
                }
            }
        }

        void rethrow() {
            Throwable t = error.get();
            if (t instanceof RuntimeException) {
                throw (RuntimeException) t;
            }
            if (t instanceof Error) {
                throw (Error) t;
            }
            if (t != null) {
                throw new IllegalStateException("a parallel loop's body failed", t);
            }
        }
    }
}
