package org.modalg.modular.loop;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicLong;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Options;
import org.modalg.fft.WorkerPools;
import org.modalg.fields.GfField;
import org.modalg.modular.GfPrimes;
import org.modalg.modular.ModularReport;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.RandomPrimes;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageEngines;

/**
 * The one multimodular loop of the library, shared by the determinant, the resultant and the
 * polynomial gcd (the pattern of FLINT's {@code fmpz_mat_det_modular_given_divisor} and
 * {@code fmpz_poly_gcd_modular}): bound -> moduli -> batched images -> combiner -> stopping
 * rule -> report.
 * <pre>
 *   repeat
 *     wave   = rule.nextWave(...)                      how many moduli before the next check
 *     moduli = supply.next...(wave)                    generalized Fermat fields, then word primes
 *     for each batch of at most {@link ImageEngine#preferredBatch} moduli of the wave:
 *       images = task.images(imageEngine, batch)       one call per batch, never one per prime
 *       for each image: unlucky.admit(...) ? combiner.add(...) : listed in the report
 *       listener.progress("images", done, expected)
 *   until rule.tryStop(...) gives the result
 * </pre>
 * The operation supplies the bound and the {@link PrimeSupply} (word-size primes from
 * {@link PrimeStream} or {@link RandomPrimes}, or generalized Fermat fields from
 * {@link GfPrimes} with word-size primes making up the rest), the {@link ImageTask}, the
 * {@link Combiner}, the {@link UnluckyPrimes} policy and the {@link StoppingRule}; this class
 * holds what they share: the {@link ImageEngine}, chosen once per operation by
 * {@link ImageEngines#forOptions} (so {@code Options.backend()} picks cpu, gpu or auto; the
 * report notes which), progress ({@link Options#listener()}, phase {@code "images"}, after every
 * batch with the count of images so far), cancellation ({@link Options#checkCancelled}, before
 * every batch; the CPU engine also polls it before every prime), the thread count (the image
 * engine's and the combiner's) and the report's phases ({@code images} for the image calls,
 * less their host-device copies, {@value ModularReport#TRANSFER}, as the engine's
 * {@link ImageEngine#transferNanos()} counts them; {@code crt} for combining and the stopping
 * test), its count of moduli used (those whose images entered the result: every modulus imaged
 * by the loop less those the {@link UnluckyPrimes} policy discarded) and its field line.
 *
 * <p><b>Pipelined</b> ({@link #pipeline}, for a {@link StagedImageTask}): the word-size batches
 * are cut to the operation's size and the engine stage of each runs on the calling thread while
 * the host stage of the one before, its fold into the combiner and {@link Combiner#batchDone}
 * run on the options' shared pool ({@link WorkerPools}); one host stage at a time, in order, so
 * the combiner and the unlucky-prime policy see what they see without the pipeline. The phase
 * {@code images} then counts the engine stages, {@code crt} the waits for the host stages (and
 * the stopping test); the report notes the host stages' own time. Progress is then reported from
 * the pool's threads.
 *
 * <p>One instance per operation (it is not thread-safe); it may run several loops in turn (the
 * divisor strategy of the determinant runs its cofactor loop after the lifting).
 */
public final class MultimodularLoop implements StoppingRule.Run {

    /** The most moduli per image call that any engine gets (an engine may ask for fewer). */
    static final int MAX_BATCH = 1 << 16;

    private final Options options;
    private final ModularReport.Builder report;
    private final ImageEngine images;
    // written by the host stages of a pipeline, one at a time, read by the calling thread
    private volatile int computed;
    private int pipelinePrimes;

    /** The engine of one operation; notes the image engine in the report. */
    public MultimodularLoop(Options options, ModularReport.Builder report) {
        this.options = options;
        this.report = report;
        this.images = ImageEngines.forOptions(options);
        report.note("images: " + images.name());
    }

    /** The options of the operation. */
    public Options options() {
        return options;
    }

    /** The report being built. */
    @Override
    public ModularReport.Builder report() {
        return report;
    }

    /** The image engine of this operation. */
    public ImageEngine images() {
        return images;
    }

    /** Threads for host-side work (the combiner's product tree). */
    @Override
    public int threads() {
        return Math.max(1, options.threads());
    }

    /** Moduli imaged so far by this operation (unlucky ones included). */
    @Override
    public int imagesComputed() {
        return computed;
    }

    /**
     * Counts moduli imaged outside {@link #run} (the divisor strategy's factorizations), so that
     * progress and the report's count include them.
     */
    public void countImages(int count) {
        computed += count;
    }

    /**
     * Pipelines the word-size batches of a {@link StagedImageTask} in the runs that follow:
     * batches of {@code primesPerCall} primes (at most the engine's
     * {@link ImageEngine#preferredBatch}), the engine stage of each on the calling thread while
     * the host stage of the batch before and its fold into the combiner run on the options' pool
     * (with one thread they run in turn on the calling thread: the same work, no overlap).
     * 0 turns it off. O(1).
     *
     * @throws IllegalArgumentException if primesPerCall is negative
     */
    public void pipeline(int primesPerCall) {
        if (primesPerCall < 0) {
            throw new IllegalArgumentException("primesPerCall must be >= 0, got " + primesPerCall);
        }
        pipelinePrimes = primesPerCall;
    }

    /**
     * Runs the loop until the rule stops it; the report gets the moduli used (imaged by this
     * loop and not discarded as unlucky) and the supply's field line.
     *
     * @throws CancelledException if the options' cancellation check fires
     * @throws IllegalStateException if the supply runs out before the rule stops
     */
    public <R> R run(ImageTask task, PrimeSupply supply, Combiner combiner, UnluckyPrimes unlucky, StoppingRule<R> rule) {
        long t = System.nanoTime();
        int first = computed;
        while (true) {
            int want = rule.nextWave(this, combiner, supply);
            int expected = rule.expected(this, combiner, supply);
            if (supply.fieldsLeft()) {
                options.checkCancelled("before big-prime image " + (computed + 1));
                GfField[] fields = supply.nextFields(want);
                long moved = images.transferNanos();
                ImageBatch b = task.images(images, fields);
                t = report.phaseSince("images", t, images.transferNanos() - moved);
                fold(b, combiner, unlucky, expected);
                t = report.phaseSince("crt", t);
            } else {
                long[] primes = supply.nextPrimes(want);
                if (primes.length == 0) {
                    throw new IllegalStateException("prime supply exhausted after " + computed + " images");
                }
                if (pipelinePrimes > 0 && task instanceof StagedImageTask<?> staged) {
                    t = pipelined(staged, primes, combiner, unlucky, expected, t);
                    R r = rule.tryStop(this, combiner, supply);
                    t = report.phaseSince("crt", t);
                    if (r != null) {
                        report.primesUsed(computed - first - unlucky.discarded()).field(supply.describe());
                        return r;
                    }
                    continue;
                }
                int batchSize = Math.max(1, Math.min(MAX_BATCH, images.preferredBatch()));
                for (int from = 0; from < primes.length; from += batchSize) {
                    options.checkCancelled("before image " + (computed + 1) + " of " + Math.max(expected,
                            computed + 1));
                    long[] batch = Arrays.copyOfRange(primes, from, Math.min(primes.length, from + batchSize));
                    long moved = images.transferNanos();
                    ImageBatch b = task.images(images, batch);
                    t = report.phaseSince("images", t, images.transferNanos() - moved);
                    fold(b, combiner, unlucky, expected);
                    t = report.phaseSince("crt", t);
                }
            }
            R r = rule.tryStop(this, combiner, supply);
            t = report.phaseSince("crt", t);
            if (r != null) {
                report.primesUsed(computed - first - unlucky.discarded()).field(supply.describe());
                return r;
            }
        }
    }

    /*
     * The batches of `primes` with the engine stage of each on this thread and the host stage of
     * the one before (with its fold) on the pool; returns the phase clock as run() keeps it.
     */
    private <S> long pipelined(StagedImageTask<S> task, long[] primes, Combiner combiner, UnluckyPrimes unlucky,
            int expected, long t) {
        int batchSize = Math.max(1, Math.min(Math.min(MAX_BATCH, images.preferredBatch()), pipelinePrimes));
        ForkJoinPool pool = WorkerPools.of(threads()); // null for one thread: host stages in turn here
        AtomicLong hostNanos = new AtomicLong();
        long waitNanos = 0;
        int calls = 0;
        ForkJoinTask<?> host = null;
        try {
            for (int from = 0; from < primes.length; from += batchSize) {
                options.checkCancelled("before image " + (computed + 1) + " of " + Math.max(expected, computed + 1));
                long[] batch = Arrays.copyOfRange(primes, from, Math.min(primes.length, from + batchSize));
                long moved = images.transferNanos();
                S engined = task.engineStage(images, batch);
                t = report.phaseSince("images", t, images.transferNanos() - moved);
                if (host != null) {
                    ForkJoinTask<?> before = host;
                    host = null; // joined here, failing or not
                    before.join();
                }
                long waited = t;
                t = report.phaseSince("crt", t);
                waitNanos += t - waited;
                Runnable stage = () -> {
                    long h = System.nanoTime();
                    fold(task.hostStage(engined), combiner, unlucky, expected);
                    hostNanos.addAndGet(System.nanoTime() - h);
                };
                if (pool == null) {
                    stage.run();
                } else {
                    host = pool.submit(stage);
                }
                calls++;
            }
            if (host != null) {
                ForkJoinTask<?> before = host;
                host = null;
                before.join();
            }
        } catch (RuntimeException | Error e) {
            if (host != null) { // an engine stage failed: the host stage in flight ends before the loop does
                try {
                    host.join();
                } catch (RuntimeException | Error second) {
                    e.addSuppressed(second);
                }
            }
            throw e;
        }
        long waited = t;
        t = report.phaseSince("crt", t);
        waitNanos += t - waited;
        report.note(String.format(java.util.Locale.ROOT, "pipeline: %d engine calls of up to %d primes; host stages"
                + " (images' host part, combiner folds) %.2f ms on the pool beside them, %.2f ms waited for",
                calls, batchSize, hostNanos.get() / 1e6, waitNanos / 1e6));
        return t;
    }

    private void fold(ImageBatch b, Combiner combiner, UnluckyPrimes unlucky, int expected) {
        for (int j = 0; j < b.count(); j++) {
            if (unlucky.admit(b, j, combiner, report)) {
                if (b.isBig()) {
                    combiner.add(b.modulus(j), b.bigRow(j));
                } else {
                    combiner.add(b.prime(j), b.row(j));
                }
            }
            computed++;
            options.listener().progress("images", computed, Math.max(expected, computed));
        }
        combiner.batchDone();
    }
}
