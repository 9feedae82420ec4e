package org.modalg.modular;

import java.util.function.BooleanSupplier;

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
 * <p>Defaults: route {@link Route#AUTO}, threads = available processors, no listener, never
 * cancelled, {@link Certification#PROVEN}, 2 extra primes (used only with
 * {@link Certification#PROBABILISTIC}).
 */
public final class ModularOptions {

    /** The most threads accepted (ForkJoinPool's limit). */
    public static final int MAX_THREADS = 0x7fff;

    /** The most extra primes accepted for the stability check. */
    public static final int MAX_EXTRA_PRIMES = 1000;

    private static final BooleanSupplier NEVER = () -> false;

    private static final ModularOptions DEFAULTS = new ModularOptions(Route.AUTO,
            Runtime.getRuntime().availableProcessors(), ProgressListener.NONE, NEVER, Certification.PROVEN, 2);

    private final Route route;
    private final int threads;
    private final ProgressListener listener;
    private final BooleanSupplier cancellation;
    private final Certification certification;
    private final int extraPrimes;

    private ModularOptions(Route route, int threads, ProgressListener listener, BooleanSupplier cancellation,
            Certification certification, int extraPrimes) {
        this.route = route;
        this.threads = threads;
        this.listener = listener;
        this.cancellation = cancellation;
        this.certification = certification;
        this.extraPrimes = extraPrimes;
    }

    /** The default options (see the class comment). */
    public static ModularOptions defaults() {
        return DEFAULTS;
    }

    /** @throws IllegalArgumentException if route is null */
    public ModularOptions withRoute(Route route) {
        if (route == null) {
            throw new IllegalArgumentException("route must not be null");
        }
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes);
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
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes);
    }

    /** @throws IllegalArgumentException if listener is null (use {@link ProgressListener#NONE}) */
    public ModularOptions withListener(ProgressListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener must not be null (use ProgressListener.NONE)");
        }
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes);
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
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes);
    }

    /** @throws IllegalArgumentException if certification is null */
    public ModularOptions withCertification(Certification certification) {
        if (certification == null) {
            throw new IllegalArgumentException("certification must not be null");
        }
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes);
    }

    /**
     * @param extraPrimes with {@link Certification#PROBABILISTIC}: how many further primes must
     *     leave the symmetric CRT image unchanged before stopping, 1 to {@link #MAX_EXTRA_PRIMES}
     * @throws IllegalArgumentException if extraPrimes is out of range
     */
    public ModularOptions withExtraPrimes(int extraPrimes) {
        if (extraPrimes < 1 || extraPrimes > MAX_EXTRA_PRIMES) {
            throw new IllegalArgumentException("extraPrimes must be in [1, " + MAX_EXTRA_PRIMES + "], got "
                    + extraPrimes);
        }
        return new ModularOptions(route, threads, listener, cancellation, certification, extraPrimes);
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
                + (certification == Certification.PROBABILISTIC ? ", extraPrimes=" + extraPrimes : "") + "]";
    }
}
