package org.modalg.modular;

import java.security.SecureRandom;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;
import org.modalg.fft.CpuNttEngine;

/**
 * Options of a multimodular computation: route, threads, progress listener, cancellation and
 * certification. Immutable; each {@code with...} method returns a changed copy, so a shared
 * instance can be refined safely:
 *
 * <pre>{@code
 * ModularOptions opts = ModularOptions.defaults().withRoute(Route.CRT).withThreads(2)
 *         .withListener((phase, done, needed) -> System.err.println(phase + " " + done + "/" + needed));
 * }</pre>
 *
 * <p>Defaults: route {@link Route#AUTO}; threads = the count of the JVM-wide CPU engine
 * ({@link CpuNttEngine#shared()}: the system property {@code modalg.threads} when set, else the
 * available processors), the same count the polynomial and integer products use; no listener;
 * never cancelled; {@link Certification#PROVEN}; at least 2 check primes and a fresh random seed
 * per run (both used only with {@link Certification#PROBABILISTIC}).
 */
public final class ModularOptions {

    /** The most threads accepted (ForkJoinPool's limit). */
    public static final int MAX_THREADS = 0x7fff;

    /** The most extra primes accepted for the stability check. */
    public static final int MAX_EXTRA_PRIMES = 1000;

    /**
     * The failure probability a {@link Certification#PROBABILISTIC} run is held below: it takes
     * as many check primes as this needs (at least {@link #extraPrimes()}), or runs to the proof.
     */
    public static final double FAILURE_TARGET = 0x1p-40;

    private static final BooleanSupplier NEVER = () -> false;

    private static final class Seeds {
        static final SecureRandom SOURCE = new SecureRandom();
    }

    private final Route route;
    private final int threads;
    private final ProgressListener listener;
    private final BooleanSupplier cancellation;
    private final Certification certification;
    private final int extraPrimes;
    private final Long seed;

    private ModularOptions(Route route, int threads, ProgressListener listener, BooleanSupplier cancellation,
            Certification certification, int extraPrimes, Long seed) {
        this.route = route;
        this.threads = threads;
        this.listener = listener;
        this.cancellation = cancellation;
        this.certification = certification;
        this.extraPrimes = extraPrimes;
        this.seed = seed;
    }

    /**
     * The default options (see the class comment); the thread count is read through
     * {@link CpuNttEngine#shared()}.
     *
     * @throws IllegalArgumentException if the system property {@code modalg.threads} is set to
     *     anything but an integer in [1, {@value #MAX_THREADS}]
     */
    public static ModularOptions defaults() {
        return new ModularOptions(Route.AUTO, defaultThreads(), ProgressListener.NONE, NEVER, Certification.PROVEN,
                2, null);
    }

    // The shared engine's count (modalg.threads, else every processor); its holder fails to
    // initialize on a bad property value, reported here as the bad value.
    private static int defaultThreads() {
        try {
            return CpuNttEngine.shared().threads();
        } catch (ExceptionInInitializerError | NoClassDefFoundError e) {
            throw new IllegalArgumentException("the system property modalg.threads must be an integer in [1, "
                    + MAX_THREADS + "], got \"" + System.getProperty("modalg.threads") + "\"", e);
        }
    }

    /** @throws IllegalArgumentException if route is null */
    public ModularOptions withRoute(Route route) {
        if (route == null) {
            throw new IllegalArgumentException("route must not be null");
        }
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /**
     * @param threads worker threads for the images, 1 (the calling thread only) to
     *     {@link #MAX_THREADS}
     * @throws IllegalArgumentException if threads is out of range
     */
    public ModularOptions withThreads(int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be in [1, " + MAX_THREADS + "], got " + threads);
        }
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /** @throws IllegalArgumentException if listener is null (use {@link ProgressListener#NONE}) */
    public ModularOptions withListener(ProgressListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener must not be null (use ProgressListener.NONE)");
        }
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /**
     * @param cancellation polled between primes (from any computing thread); once it returns
     *     true the computation throws {@link ModularCancelledException}
     * @throws IllegalArgumentException if cancellation is null
     */
    public ModularOptions withCancellation(BooleanSupplier cancellation) {
        if (cancellation == null) {
            throw new IllegalArgumentException("cancellation must not be null");
        }
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /** @throws IllegalArgumentException if certification is null */
    public ModularOptions withCertification(Certification certification) {
        if (certification == null) {
            throw new IllegalArgumentException("certification must not be null");
        }
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /**
     * @param extraPrimes with {@link Certification#PROBABILISTIC}: the fewest further (random)
     *     primes that must leave the symmetric CRT image unchanged before stopping, 1 to
     *     {@link #MAX_EXTRA_PRIMES}; more are taken when {@link #FAILURE_TARGET} needs them
     * @throws IllegalArgumentException if extraPrimes is out of range
     */
    public ModularOptions withExtraPrimes(int extraPrimes) {
        if (extraPrimes < 1 || extraPrimes > MAX_EXTRA_PRIMES) {
            throw new IllegalArgumentException("extraPrimes must be in [1, " + MAX_EXTRA_PRIMES + "], got "
                    + extraPrimes);
        }
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /**
     * The seed of the random primes of a {@link Certification#PROBABILISTIC} run: the same seed
     * (and input) gives the same primes and the same result, whatever the thread count. Without
     * one, each run draws a seed from {@link SecureRandom}; the report gives the seed used
     * ({@link ModularReport#seed()}).
     */
    public ModularOptions withSeed(long seed) {
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /** The seed set by {@link #withSeed}, empty for a fresh random seed per run. */
    public OptionalLong seed() {
        return seed == null ? OptionalLong.empty() : OptionalLong.of(seed);
    }

    /** The seed for one run: the one set, else a fresh one from {@link SecureRandom}. */
    long seedForRun() {
        return seed != null ? seed : Seeds.SOURCE.nextLong();
    }

    public Route route() {
        return route;
    }

    public int threads() {
        return threads;
    }

    public ProgressListener listener() {
        return listener;
    }

    public BooleanSupplier cancellation() {
        return cancellation;
    }

    public Certification certification() {
        return certification;
    }

    public int extraPrimes() {
        return extraPrimes;
    }

    /**
     * Throws {@link ModularCancelledException} naming {@code where} if the cancellation check
     * returns true; algorithms call this between primes.
     */
    public void checkCancelled(String where) {
        if (cancellation.getAsBoolean()) {
            throw new ModularCancelledException("cancelled " + where);
        }
    }

    @Override
    public String toString() {
        return "ModularOptions[route=" + route + ", threads=" + threads + ", certification=" + certification
                + (certification == Certification.PROBABILISTIC ? ", extraPrimes=" + extraPrimes : "")
                + (seed != null ? ", seed=" + seed : "") + "]";
    }
}
