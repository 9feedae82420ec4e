package org.modalg.fft;

import java.security.SecureRandom;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;

/**
 * Options of one operation of the library, the same object for every public operation that
 * takes one: products ({@code ZZPoly.multiply}, {@code ZpPoly.multiply},
 * {@code IntegerMultiplication.multiply}, {@code IntegerDivision.divideAndRemainder}) and the
 * multimodular algorithms ({@code Determinant}, {@code PolynomialGcd}, {@code Resultant}).
 * Immutable; each {@code with...} method returns a changed copy, so a shared instance can be
 * refined safely:
 *
 * <pre>{@code
 * Options opts = Options.defaults().withRoute(Route.CRT).withThreads(2)
 *         .withListener((phase, done, needed) -> System.err.println(phase + " " + done + "/" + needed));
 * }</pre>
 *
 * <p>Members: the {@link Route} (each operation documents what its routes mean), the
 * {@link Backend} (where the transforms run), the thread count, a {@link ProgressListener}, a
 * cancellation check, the {@link Certification} and, for probabilistic certification, the
 * fewest check primes and the seed of the random primes. An operation ignores the members that
 * do not apply to it (a product has no certification: it is always exact), as its Javadoc says.
 *
 * <p>Defaults: route {@link Route#AUTO}; backend {@link Backend#AUTO}; threads
 * {@link #threadsFromProperty()} (the system property {@code modalg.threads} when
 * set, else the available processors), read when {@link #defaults()} is called; no listener;
 * never cancelled; {@link Certification#PROVEN}; at least 2 check primes and a fresh random seed
 * per run (both used only with {@link Certification#PROBABILISTIC}). System properties supply
 * these defaults only: a value set here wins.
 */
public final class Options {

    /** The most threads accepted (ForkJoinPool's limit). */
    public static final int MAX_THREADS = 0x7fff;

    /** The system property giving the default thread count. */
    public static final String THREADS_PROPERTY = "modalg.threads";

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
    private final Backend backend;
    private final int threads;
    private final ProgressListener listener;
    private final BooleanSupplier cancellation;
    private final Certification certification;
    private final int extraPrimes;
    private final Long seed;

    private Options(Route route, Backend backend, int threads, ProgressListener listener, BooleanSupplier cancellation,
            Certification certification, int extraPrimes, Long seed) {
        this.route = route;
        this.backend = backend;
        this.threads = threads;
        this.listener = listener;
        this.cancellation = cancellation;
        this.certification = certification;
        this.extraPrimes = extraPrimes;
        this.seed = seed;
    }

    /**
     * The default thread count of the library: the system property {@code modalg.threads} when
     * set, else every available processor. Read at each call ({@code CpuNttEngine.shared()}
     * reads it once, when first used); {@link #defaults()} takes its count from here.
     *
     * @throws IllegalArgumentException naming the property and the range [1, {@value #MAX_THREADS}]
     *     if it is set to anything else
     */
    public static int threadsFromProperty() {
        String v = System.getProperty(THREADS_PROPERTY);
        if (v == null) {
            return Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors());
        }
        try {
            int t = Integer.parseInt(v.trim());
            if (t >= 1 && t <= MAX_THREADS) {
                return t;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("the system property " + THREADS_PROPERTY
                + " must be an integer in [1, " + MAX_THREADS + "], got \"" + v + "\"");
    }

    /**
     * The default options (see the class comment); the thread count is read through
     * {@link #threadsFromProperty()}.
     *
     * @throws IllegalArgumentException if the system property {@code modalg.threads} is set to
     *     anything but an integer in [1, {@value #MAX_THREADS}]
     */
    public static Options defaults() {
        return new Options(Route.AUTO, Backend.AUTO, threadsFromProperty(), ProgressListener.NONE,
                NEVER, Certification.PROVEN, 2, null);
    }

    /** @throws IllegalArgumentException if route is null */
    public Options withRoute(Route route) {
        if (route == null) {
            throw new IllegalArgumentException("route must not be null");
        }
        return new Options(route, backend, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /**
     * @param backend where the transforms run; {@link Backend#GPU} makes an operation that runs
     *     transforms throw {@link IllegalStateException} when no GPU engine is usable
     * @throws IllegalArgumentException if backend is null
     */
    public Options withBackend(Backend backend) {
        if (backend == null) {
            throw new IllegalArgumentException("backend must not be null");
        }
        return new Options(route, backend, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /**
     * @param threads worker threads (the images of the multimodular algorithms, the transforms
     *     and conversions of the CPU product routes), 1 (the calling thread only) to
     *     {@link #MAX_THREADS}
     * @throws IllegalArgumentException if threads is out of range
     */
    public Options withThreads(int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be in [1, " + MAX_THREADS + "], got " + threads);
        }
        return new Options(route, backend, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /** @throws IllegalArgumentException if listener is null (use {@link ProgressListener#NONE}) */
    public Options withListener(ProgressListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener must not be null (use ProgressListener.NONE)");
        }
        return new Options(route, backend, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /**
     * @param cancellation polled between primes, blocks or big primes (from any computing
     *     thread); once it returns true the operation throws {@link CancelledException}
     * @throws IllegalArgumentException if cancellation is null
     */
    public Options withCancellation(BooleanSupplier cancellation) {
        if (cancellation == null) {
            throw new IllegalArgumentException("cancellation must not be null");
        }
        return new Options(route, backend, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /** @throws IllegalArgumentException if certification is null */
    public Options withCertification(Certification certification) {
        if (certification == null) {
            throw new IllegalArgumentException("certification must not be null");
        }
        return new Options(route, backend, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /**
     * @param extraPrimes with {@link Certification#PROBABILISTIC}: the fewest further (random)
     *     primes that must leave the symmetric CRT image unchanged before stopping, 1 to
     *     {@link #MAX_EXTRA_PRIMES}; more are taken when {@link #FAILURE_TARGET} needs them
     * @throws IllegalArgumentException if extraPrimes is out of range
     */
    public Options withExtraPrimes(int extraPrimes) {
        if (extraPrimes < 1 || extraPrimes > MAX_EXTRA_PRIMES) {
            throw new IllegalArgumentException("extraPrimes must be in [1, " + MAX_EXTRA_PRIMES + "], got "
                    + extraPrimes);
        }
        return new Options(route, backend, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /**
     * The seed of the random primes of a {@link Certification#PROBABILISTIC} run: the same seed
     * (and input) gives the same primes and the same result, whatever the thread count. Without
     * one, each run draws a seed from {@link SecureRandom}; the report gives the seed used
     * ({@code ModularReport.seed()}).
     */
    public Options withSeed(long seed) {
        return new Options(route, backend, threads, listener, cancellation, certification, extraPrimes, seed);
    }

    /** The seed set by {@link #withSeed}, empty for a fresh random seed per run. */
    public OptionalLong seed() {
        return seed == null ? OptionalLong.empty() : OptionalLong.of(seed);
    }

    /**
     * The seed for one run: the one set by {@link #withSeed}, else a fresh one from
     * {@link SecureRandom} at each call.
     */
    public long seedForRun() {
        return seed != null ? seed : Seeds.SOURCE.nextLong();
    }

    /** The route; each operation documents what its routes mean. */
    public Route route() {
        return route;
    }

    /**
     * Where the work runs: the transforms of the products (the NTT engines) and the prime images
     * of the modular algorithms (det, gcd, resultant, rational solve: the image engine that
     * {@code org.modalg.modular.image.ImageEngines.forOptions} picks once per operation).
     * {@link Backend#CPU}: the CPU only. {@link Backend#GPU}: the GPU; an operation throws
     * IllegalStateException when no GPU engine is usable. {@link Backend#AUTO} (the default, or
     * the system property {@code modalg.backend}): the GPU for work above its measured sizes when
     * one is usable, else the CPU. Results are the same on every backend, bit for bit.
     */
    public Backend backend() {
        return backend;
    }

    /** The thread count, in [1, {@value #MAX_THREADS}]. */
    public int threads() {
        return threads;
    }

    /** The progress listener ({@link ProgressListener#NONE} by default). */
    public ProgressListener listener() {
        return listener;
    }

    /** The cancellation check (never true by default). */
    public BooleanSupplier cancellation() {
        return cancellation;
    }

    /** The certification of the multimodular algorithms. */
    public Certification certification() {
        return certification;
    }

    /** The fewest check primes of a probabilistic run. */
    public int extraPrimes() {
        return extraPrimes;
    }

    /**
     * Throws {@link CancelledException} naming {@code where} if the cancellation check
     * returns true; operations call this between primes or blocks.
     */
    public void checkCancelled(String where) {
        if (cancellation.getAsBoolean()) {
            throw new CancelledException("cancelled " + where);
        }
    }

    @Override
    public String toString() {
        return "Options[route=" + route + ", backend=" + backend + ", threads=" + threads
                + ", certification=" + certification
                + (certification == Certification.PROBABILISTIC ? ", extraPrimes=" + extraPrimes : "")
                + (seed != null ? ", seed=" + seed : "") + "]";
    }
}
