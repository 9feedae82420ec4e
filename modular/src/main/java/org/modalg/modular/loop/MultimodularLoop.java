package org.modalg.modular.loop;

import java.util.Arrays;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Options;
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
 * <p>One instance per operation (it is not thread-safe); it may run several loops in turn (the
 * divisor strategy of the determinant runs its cofactor loop after the lifting).
 */
public final class MultimodularLoop implements StoppingRule.Run {

    /** The most moduli per image call that any engine gets (an engine may ask for fewer). */
    static final int MAX_BATCH = 1 << 16;

    private final Options options;
    private final ModularReport.Builder report;
    private final ImageEngine images;
    private int computed;

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
    }
}
