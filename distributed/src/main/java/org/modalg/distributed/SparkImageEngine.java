package org.modalg.distributed;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.modalg.fft.Backend;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Options;
import org.modalg.modular.image.ForwardingImageEngine;
import org.modalg.modular.image.GcdImages;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.image.LimbVector;
import org.modalg.modular.image.LuImages;
import org.modalg.modular.kernel.ZpLu;

/**
 * The {@link ImageEngine} of one operation on a Spark cluster ({@link SparkImages#engine}): each
 * call on word-size primes is one Spark job. The primes of the call are cut into contiguous
 * slices, at most {@value #SLICES_PER_SLOT} per task slot (so that a slow executor does not hold
 * the job); each task images its slice with the executor's own engine
 * ({@link ImageEngines#forOptions} there: the CPU engine on the task's
 * {@code spark.task.cpus} threads, or the executor's GPUs when the operation's backend allows);
 * the images come back to the driver in slice order, each slice checked for its index and length,
 * and are returned as one batch: the operation combines them as on one machine.
 *
 * <p><b>Inputs</b> are broadcast once per operation: the operation passes the same
 * {@link LimbVector} to every call (the determinant's factorizations and images too), and the
 * session keeps one broadcast per input while the input lives ({@link SparkImages}). <b>Faults</b>: a task that fails is run again by Spark (up to
 * {@code spark.task.maxFailures}, the F of {@code local[N,F]}); only a successful attempt's images
 * reach the driver, so a failed image is never combined; a slice that fails every attempt fails
 * the call with an {@link IllegalStateException} (no partial result). <b>Cancellation</b>: the
 * options' check is polled every {@value #POLL_MS} ms while a job runs and cancels the job.
 *
 * <p>Routes run here: determinants, LU factorizations (the factors, {@link ZpLu}, come back to the
 * driver for the Dixon lifting, which stays there), resultants and gcds modulo word-size primes.
 * The bivariate resultant's images (at points and on cosets) and the big-prime routes
 * (generalized Fermat fields) run on the driver's CPU engine, not in Spark tasks (inherited from
 * {@link ForwardingImageEngine}).
 *
 * <p>Cost per call: one job (tens of milliseconds of scheduling), the primes out and the images back
 * (a word per prime for determinants and resultants, n^2 doubles per prime for a factorization).
 */
public final class SparkImageEngine extends ForwardingImageEngine {

    /** Slices per task slot in one job at most. */
    static final int SLICES_PER_SLOT = 2;
    /** Primes per slot in one call ({@link #preferredBatch} is this times the slots). */
    static final int PRIMES_PER_SLOT = 512;
    /** How often the options' cancellation is polled while a job runs. */
    static final long POLL_MS = 50;

    // SparkContext.SPARK_JOB_INTERRUPT_ON_CANCEL
    private static final String INTERRUPT_ON_CANCEL = "spark.job.interruptOnCancel";
    // SparkContext.SPARK_JOB_DESCRIPTION
    private static final String DESCRIPTION = "spark.job.description";

    private final SparkImages cluster;
    private final Options options;
    private final int taskThreads;
    private int jobs;

    SparkImageEngine(SparkImages cluster, Options options) {
        super(ImageEngines.cpu(options));
        this.cluster = cluster;
        this.options = options;
        this.taskThreads = Math.max(1, cluster.context().getConf().getInt("spark.task.cpus", 1));
    }

    @Override
    public String name() {
        return cluster.describe() + ", executors' engines " + options.backend().toString().toLowerCase(java.util.Locale.ROOT)
                + " on " + taskThreads + (taskThreads == 1 ? " thread" : " threads") + " per task";
    }

    @Override
    public int preferredBatch() {
        return PRIMES_PER_SLOT * cluster.slots();
    }

    /** Spark jobs run by this engine so far. */
    public int jobs() {
        return jobs;
    }

    @Override
    public long[] determinants(int n, LimbVector a, long[] primes) {
        ImageEngine.checkSquare(n, a);
        Images task = new Images(Kind.DET, n, broadcast(a), null, false, options.backend(), taskThreads,
                cluster.fault());
        long[] out = new long[primes.length];
        for (Slice s : run(primes, task, "determinant")) {
            System.arraycopy(s.values, 0, out, s.from, s.values.length);
        }
        return out;
    }

    @Override
    public LuImages factor(int n, LimbVector a, long[] primes) {
        ImageEngine.checkSquare(n, a);
        Images task = new Images(Kind.LU, n, broadcast(a), null, false, Backend.CPU, taskThreads, cluster.fault());
        ZpLu[] lus = new ZpLu[primes.length];
        for (Slice s : run(primes, task, "factorization")) {
            System.arraycopy(s.factors, 0, lus, s.from, s.factors.length);
        }
        return ImageEngines.ofFactors(n, primes, lus, options.threads());
    }

    @Override
    public long[] resultants(LimbVector f, LimbVector g, long[] primes) {
        ImageEngine.checkPolynomials(f, g);
        Images task = new Images(Kind.RES, 0, broadcast(f), broadcast(g), false, options.backend(), taskThreads,
                cluster.fault());
        long[] out = new long[primes.length];
        for (Slice s : run(primes, task, "resultant")) {
            System.arraycopy(s.values, 0, out, s.from, s.values.length);
        }
        return out;
    }

    @Override
    public GcdImages gcds(LimbVector f, LimbVector g, long[] primes, boolean cofactors) {
        ImageEngine.checkPolynomials(f, g);
        Images task = new Images(Kind.GCD, 0, broadcast(f), broadcast(g), cofactors, options.backend(), taskThreads,
                cluster.fault());
        List<Slice> slices = run(primes, task, "gcd");
        int hs = 1;
        for (Slice s : slices) {
            for (int d : s.degrees) {
                hs = Math.max(hs, d + 1);
            }
        }
        int lf = f.count();
        int lg = g.count();
        int[] degrees = new int[primes.length];
        long[] h = new long[primes.length * hs];
        long[] fc = cofactors ? new long[primes.length * lf] : null;
        long[] gc = cofactors ? new long[primes.length * lg] : null;
        for (Slice s : slices) {
            for (int i = 0; i < s.degrees.length; i++) {
                int j = s.from + i;
                degrees[j] = s.degrees[i];
                System.arraycopy(s.values, i * s.stride, h, j * hs, s.degrees[i] + 1);
                if (cofactors) {
                    System.arraycopy(s.fCofactors, i * lf, fc, j * lf, lf);
                    System.arraycopy(s.gCofactors, i * lg, gc, j * lg, lg);
                }
            }
        }
        return new GcdImages(primes.clone(), degrees, h, hs, fc, lf, gc, lg);
    }

    // ------------------------------------------------------------------ the jobs

    private Broadcast<Limbs> broadcast(LimbVector v) {
        return cluster.broadcast(v);
    }

    /*
     * One job over the primes: the slices' images in slice order, each checked. Cancellation is
     * polled while it runs; a cancelled or failed job leaves nothing behind.
     */
    private List<Slice> run(long[] primes, Images task, String what) {
        if (primes.length == 0) {
            return List.of();
        }
        int count = (int) Math.min(primes.length, (long) SLICES_PER_SLOT * cluster.slots());
        List<Slice> slices = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int from = (int) ((long) primes.length * i / count);
            int to = (int) ((long) primes.length * (i + 1) / count);
            slices.add(new Slice(i, from, Arrays.copyOfRange(primes, from, to)));
        }
        JavaSparkContext sc = cluster.context();
        jobs++;
        // this thread's job properties, restored after the job (a wrapped context is the caller's)
        String description = sc.getLocalProperty(DESCRIPTION);
        String interrupt = sc.getLocalProperty(INTERRUPT_ON_CANCEL);
        sc.setJobDescription("modalg " + what + " images: " + primes.length + " primes in " + count + " slices");
        // a cancelled job interrupts its running tasks (else they run to their end, holding the slots)
        sc.setLocalProperty(INTERRUPT_ON_CANCEL, "true");
        JavaFutureAction<List<Slice>> job = sc.parallelize(slices, count).map(task).collectAsync();
        List<Slice> got;
        try {
            while (true) {
                try {
                    options.checkCancelled("while the cluster computes " + primes.length + " " + what + " images");
                    got = job.get(POLL_MS, TimeUnit.MILLISECONDS);
                    break;
                } catch (TimeoutException e) {
                    // still running: poll again
                }
            }
        } catch (CancelledException e) {
            job.cancel(true);
            throw e;
        } catch (InterruptedException e) {
            job.cancel(true);
            Thread.currentThread().interrupt();
            throw new CancelledException("interrupted while the cluster computes " + what + " images");
        } catch (ExecutionException e) {
            Throwable c = e.getCause() == null ? e : e.getCause();
            throw new IllegalStateException("the cluster failed to compute " + what + " images of " + primes.length
                    + " primes (every attempt of a task failed): " + c.getMessage(), c);
        } finally {
            sc.setLocalProperty(DESCRIPTION, description);
            sc.setLocalProperty(INTERRUPT_ON_CANCEL, interrupt);
        }
        return checked(got, slices, what);
    }

    // Each slice back exactly once, with the length it was given: no image is merged otherwise.
    private static List<Slice> checked(List<Slice> got, List<Slice> sent, String what) {
        if (got.size() != sent.size()) {
            throw new IllegalStateException(what + " images: " + got.size() + " slices came back, " + sent.size()
                    + " were sent");
        }
        Slice[] ordered = new Slice[sent.size()];
        for (Slice s : got) {
            Slice want = s.index >= 0 && s.index < ordered.length ? sent.get(s.index) : null;
            if (want == null || ordered[s.index] != null || s.from != want.from
                    || !Arrays.equals(s.primes, want.primes) || s.length() != want.primes.length) {
                throw new IllegalStateException(what + " images: slice " + s.index + " came back malformed or twice");
            }
            ordered[s.index] = s;
        }
        return Arrays.asList(ordered);
    }

    // ------------------------------------------------------------------ what travels

    /** An input's limbs, as broadcast to the executors. */
    record Limbs(long[] limbs, int count, int limbsPerValue) implements Serializable {
        LimbVector vector() {
            return LimbVector.wrap(limbs, count, limbsPerValue);
        }
    }

    enum Kind { DET, LU, RES, GCD }

    /** A slice of the primes of one call, sent out; the same object with its images, sent back. */
    static final class Slice implements Serializable {
        private static final long serialVersionUID = 1L;
        final int index;
        final int from;
        final long[] primes;
        long[] values;     // determinants, resultants; gcd rows (stride apart)
        int stride;
        int[] degrees;
        long[] fCofactors;
        long[] gCofactors;
        ZpLu[] factors;

        Slice(int index, int from, long[] primes) {
            this.index = index;
            this.from = from;
            this.primes = primes;
        }

        int length() {
            if (factors != null) {
                return factors.length;
            }
            return degrees != null ? degrees.length : values == null ? -1 : values.length;
        }
    }

    /** The task: a slice's images by the executor's engine. */
    static final class Images implements Function<Slice, Slice> {
        private static final long serialVersionUID = 1L;
        private final Kind kind;
        private final int n;
        private final Broadcast<Limbs> a;
        private final Broadcast<Limbs> b;
        private final boolean cofactors;
        private final Backend backend;
        private final int threads;
        private final SliceFault fault;

        Images(Kind kind, int n, Broadcast<Limbs> a, Broadcast<Limbs> b, boolean cofactors, Backend backend,
                int threads, SliceFault fault) {
            this.kind = kind;
            this.n = n;
            this.a = a;
            this.b = b;
            this.cofactors = cofactors;
            this.backend = backend;
            this.threads = threads;
            this.fault = fault;
        }

        @Override
        public Slice call(Slice in) {
            TaskContext tc = TaskContext.get();
            fault.before(in.index, tc == null ? 0 : tc.attemptNumber());
            Options o = Options.defaults().withThreads(threads).withBackend(backend);
            ImageEngine e = kind == Kind.LU ? ImageEngines.cpu(o) : ImageEngines.forOptions(o);
            Slice out = new Slice(in.index, in.from, in.primes);
            switch (kind) {
                case DET -> out.values = e.determinants(n, a.value().vector(), in.primes);
                case RES -> out.values = e.resultants(a.value().vector(), b.value().vector(), in.primes);
                case LU -> {
                    LuImages lu = e.factor(n, a.value().vector(), in.primes);
                    out.factors = ImageEngines.factorsOf(lu);
                    lu.close();
                }
                case GCD -> {
                    GcdImages g = e.gcds(a.value().vector(), b.value().vector(), in.primes, cofactors);
                    out.values = g.gcd();
                    out.stride = g.gcdStride();
                    out.degrees = new int[g.count()];
                    if (cofactors) {
                        int lf = a.value().count();
                        int lg = b.value().count();
                        out.fCofactors = new long[g.count() * lf];
                        out.gCofactors = new long[g.count() * lg];
                        for (int j = 0; j < g.count(); j++) {
                            System.arraycopy(g.fCofactor(j), 0, out.fCofactors, j * lf, lf);
                            System.arraycopy(g.gCofactor(j), 0, out.gCofactors, j * lg, lg);
                        }
                    }
                    for (int j = 0; j < g.count(); j++) {
                        out.degrees[j] = g.degree(j);
                    }
                }
                default -> throw new IllegalStateException("unknown kind " + kind);
            }
            return out;
        }
    }
}
