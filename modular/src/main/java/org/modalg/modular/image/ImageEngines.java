package org.modalg.modular.image;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.modalg.fft.Backend;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.Options;
import org.modalg.fft.ServiceProviders;
import org.modalg.fields.GfField;
import org.modalg.modular.kernel.ZpLu;

/**
 * Chooses the {@link ImageEngine} of an operation from its options' {@link Backend}:
 * {@code cpu} the CPU engine; {@code gpu} the best usable {@link ImageEngineProvider} (an
 * {@link IllegalStateException} when there is none); {@code auto} (the default, or what the
 * system property {@code modalg.backend} says) sends each batch to the provider when one is
 * usable and its {@link ImageEngineProvider#worthIt} accepts the batch's size, to the CPU
 * otherwise. Providers are loaded once. Within {@link #using} the scoped engines replace this
 * choice (a cluster's, {@link ClusterSession}).
 */
public final class ImageEngines {

    private ImageEngines() {
    }

    // The engines of the operations run by using(...) on this thread; null: none.
    private static final ThreadLocal<Function<Options, ImageEngine>> SCOPED = new ThreadLocal<>();

    /**
     * Runs an operation with the image engines of {@code engines} in place of the options'
     * backend: every {@link #forOptions} (and {@link #forLifting}) call made on this thread while
     * {@code operation} runs gets {@code engines.apply(options)}. The seam through which a
     * {@link ClusterSession} (the {@code distributed} module's Spark engine) sends an
     * operation's image batches elsewhere while the operation's loop, combiner and stopping rule
     * run here, unchanged: the same result, bit for bit, as each image is unique. Calls nest (the
     * inner engines win until the inner call returns). O(1) on top of the operation.
     *
     * @throws IllegalArgumentException if engines or operation is null
     */
    public static <R> R using(Function<Options, ImageEngine> engines, Supplier<R> operation) {
        if (engines == null || operation == null) {
            throw new IllegalArgumentException("engines and operation must not be null");
        }
        Function<Options, ImageEngine> outer = SCOPED.get();
        SCOPED.set(engines);
        try {
            return operation.get();
        } finally {
            if (outer == null) {
                SCOPED.remove();
            } else {
                SCOPED.set(outer);
            }
        }
    }

    /**
     * The cluster engine provider of this name ({@code spark}) found through
     * {@link java.util.ServiceLoader} ({@code META-INF/services/org.modalg.modular.image.ClusterEngineProvider}),
     * or empty when its module is not on the class path.
     */
    public static Optional<ClusterEngineProvider> cluster(String name) {
        for (ClusterEngineProvider p : ServiceProviders.load(ClusterEngineProvider.class)) {
            if (p.name().equals(name)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * The per-prime factors of a factorization by the CPU engine ({@link #cpu}), so that they can
     * be shipped to another machine: entry j is null when A is singular modulo prime j.
     *
     * @throws IllegalArgumentException if lu is null or not the CPU engine's
     */
    public static ZpLu[] factorsOf(LuImages lu) {
        ZpLu[] f = lu == null ? null : CpuImageEngine.factorsOf(lu);
        if (f == null) {
            throw new IllegalArgumentException("lu must be a factorization of the CPU engine, got "
                    + (lu == null ? "null" : lu.getClass().getName()));
        }
        return f;
    }

    /**
     * The factorization of {@link #factorsOf} rebuilt here: solves on up to {@code threads}
     * threads, as the CPU engine's.
     *
     * @throws IllegalArgumentException if primes and lus differ in length, or a factor's size or
     *     prime is not n or primes[j]
     */
    public static LuImages ofFactors(int n, long[] primes, ZpLu[] lus, int threads) {
        if (primes == null || lus == null || primes.length != lus.length) {
            throw new IllegalArgumentException("primes and lus must have equal lengths, got "
                    + (primes == null ? "null" : primes.length) + ", " + (lus == null ? "null" : lus.length));
        }
        for (int j = 0; j < lus.length; j++) {
            if (lus[j] != null && (lus[j].size() != n || lus[j].prime() != primes[j])) {
                throw new IllegalArgumentException("lus[" + j + "] must factor an n = " + n + " matrix modulo "
                        + primes[j] + ", got n = " + lus[j].size() + " modulo " + lus[j].prime());
            }
        }
        return CpuImageEngine.ofFactors(n, primes, lus, threads);
    }

    /** The CPU engine for these options (threads, cancellation). */
    public static ImageEngine cpu(Options options) {
        return new CpuImageEngine(options);
    }

    /**
     * The engine of Dixon lifting (the determinant's divisor strategy,
     * {@link org.modalg.modular.mat.LinearSolve}): a few factorizations, then thousands of steps,
     * each one triangular solve per prime. A device engine pays a launch and two copies per step,
     * more than the step costs on the host (measured on an H200, n = 500, 100-bit: 816 ms with the
     * device's solves against 689 ms on the host's 16 cores), so lifting takes the CPU engine
     * whenever {@link #forOptions} gives a device engine ({@link ImageEngine#prefersWidePrimes}),
     * unless the system property {@value #LIFTING_PROPERTY} is {@code device}.
     */
    public static ImageEngine forLifting(Options options) {
        ImageEngine e = forOptions(options);
        if (e.prefersWidePrimes() && !"device".equals(System.getProperty(LIFTING_PROPERTY))) {
            return cpu(options);
        }
        return e;
    }

    /** System property: {@code device} keeps Dixon lifting on a device engine (for measurements). */
    public static final String LIFTING_PROPERTY = "modalg.lifting.engine";

    /**
     * The engine for these options.
     *
     * @throws IllegalStateException for {@link Backend#GPU} when no usable provider exists
     */
    public static ImageEngine forOptions(Options options) {
        Function<Options, ImageEngine> scoped = SCOPED.get();
        if (scoped != null) {
            return scoped.apply(options);
        }
        ImageEngine cpu = cpu(options);
        Backend backend = options.backend();
        if (backend == Backend.AUTO) {
            backend = Backend.parse(System.getProperty(NttEngines.BACKEND_PROPERTY, "auto"));
        }
        if (backend == Backend.CPU) {
            return cpu;
        }
        ImageEngineProvider provider = Providers.best();
        if (provider == null) {
            if (backend == Backend.GPU) {
                throw new IllegalStateException("backend gpu asked for, but no usable GPU image engine was found"
                        + " (is the modalg-gpu module on the class path, and a GPU with its driver present?)");
            }
            return cpu;
        }
        ImageEngine gpu = provider.create(options, cpu);
        return backend == Backend.GPU ? gpu : new Auto(provider, gpu, cpu);
    }

    // The usable providers, loaded once, best first.
    private static final class Providers {
        private static final List<ImageEngineProvider> ALL = load();

        private static List<ImageEngineProvider> load() {
            return ServiceProviders.load(ImageEngineProvider.class);
        }

        static ImageEngineProvider best() {
            for (ImageEngineProvider p : ALL) {
                if (ServiceProviders.usable(p, ImageEngineProvider::isUsable)) {
                    return p;
                }
            }
            return null;
        }
    }

    /** {@code auto}: each batch to the provider's engine when it is worth it, else to the CPU. */
    private static final class Auto implements ImageEngine {
        private final ImageEngineProvider provider;
        private final ImageEngine gpu;
        private final ImageEngine cpu;

        Auto(ImageEngineProvider provider, ImageEngine gpu, ImageEngine cpu) {
            this.provider = provider;
            this.gpu = gpu;
            this.cpu = cpu;
        }

        private ImageEngine pick(long words, long operations) {
            return provider.worthIt(words, operations) ? gpu : cpu;
        }

        @Override
        public String name() {
            return "auto (" + gpu.name() + " above its measured sizes, else " + cpu.name() + ")";
        }

        // The device's preferences: with its threshold (a few million modular products per call)
        // every sizable batch goes to it; the CPU takes the small ones, for which wide primes and
        // large batches cost little.
        @Override
        public int preferredBatch() {
            return gpu.preferredBatch();
        }

        @Override
        public boolean prefersWidePrimes() {
            return gpu.prefersWidePrimes();
        }

        @Override
        public long transferNanos() {
            return gpu.transferNanos();
        }

        @Override
        public long[] determinants(int n, LimbVector a, long[] primes) {
            long ops = (long) n * n * n / 3 * primes.length;
            return pick(words(a, primes.length), ops).determinants(n, a, primes);
        }

        @Override
        public LuImages factor(int n, LimbVector a, long[] primes) {
            long ops = (long) n * n * n / 3 * primes.length;
            return pick(words(a, primes.length), ops).factor(n, a, primes);
        }

        @Override
        public long[] resultants(LimbVector f, LimbVector g, long[] primes) {
            long ops = (long) f.count() * g.count() * primes.length;
            return pick(words(f, primes.length) + words(g, primes.length), ops).resultants(f, g, primes);
        }

        // the (prime, point) instances' products: evaluations and Euclid (the GPU's threshold was
        // measured for the other kernels; not yet for this one)
        @Override
        public long[] bivariateResultants(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
                long[] primes, int points) {
            long ops = (long) primes.length * points * instanceOps(fRows, fCols, gRows, gCols);
            return pick(gridWords(fRes, gRes), ops).bivariateResultants(fRes, fRows, fCols, gRes, gRows, gCols,
                    primes, points);
        }

        @Override
        public long[] bivariateResultantsOnCosets(long[] fRes, int fRows, int fCols, long[] gRes, int gRows,
                int gCols, long[] primes, int log2m, long[] shifts, int cosets) {
            long ops = cosetPoints(primes, log2m, cosets) * instanceOps(fRows, fCols, gRows, gCols);
            return pick(gridWords(fRes, gRes), ops).bivariateResultantsOnCosets(fRes, fRows, fCols, gRes, gRows,
                    gCols, primes, log2m, shifts, cosets);
        }

        @Override
        public long[] principalCoefficientsOnCosets(long[] fRes, int fRows, int fCols, long[] gRes, int gRows,
                int gCols, long[] primes, int log2m, long[] shifts, int cosets) {
            long ops = cosetPoints(primes, log2m, cosets) * instanceOps(fRows, fCols, gRows, gCols);
            return pick(gridWords(fRes, gRes), ops).principalCoefficientsOnCosets(fRes, fRows, fCols, gRes, gRows,
                    gCols, primes, log2m, shifts, cosets);
        }

        @Override
        public GcdImages gcds(LimbVector f, LimbVector g, long[] primes, boolean cofactors) {
            long ops = (long) f.count() * g.count() * primes.length;
            return pick(words(f, primes.length) + words(g, primes.length), ops).gcds(f, g, primes, cofactors);
        }

        @Override
        public long[][] determinants(int n, LimbVector a, GfField[] fields) {
            return gpu.determinants(n, a, fields);
        }

        @Override
        public long[][] resultants(LimbVector f, LimbVector g, GfField[] fields) {
            return gpu.resultants(f, g, fields);
        }

        @Override
        public long[][] gcds(LimbVector f, LimbVector g, GfField[] fields) {
            return gpu.gcds(f, g, fields);
        }

        private static long words(LimbVector v, int primes) {
            return (long) v.count() * primes;
        }

        // The residue words of two grids (null counts as none: the engine's own check names it).
        private static long gridWords(long[] fRes, long[] gRes) {
            return (fRes == null ? 0 : fRes.length) + (gRes == null ? 0 : (long) gRes.length);
        }

        // The (prime, point) instances on the cosets: primes x cosets x 2^log2m (log2m clamped to
        // [0, 40] so that a bad value reaches the engine's check instead of overflowing here).
        private static long cosetPoints(long[] primes, int log2m, int cosets) {
            return (long) primes.length * cosets << Math.max(0, Math.min(log2m, 40));
        }

        // The products of one (prime, point) instance: the rows' evaluations and Euclid.
        private static long instanceOps(int fRows, int fCols, int gRows, int gCols) {
            return (long) fRows * fCols + (long) gRows * gCols + (long) fRows * gRows;
        }
    }
}
