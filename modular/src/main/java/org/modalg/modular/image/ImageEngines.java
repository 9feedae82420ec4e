package org.modalg.modular.image;

import java.util.List;
import org.modalg.fft.Backend;
import org.modalg.fft.NttEngines;
import org.modalg.fft.Options;
import org.modalg.fft.ServiceProviders;
import org.modalg.fields.GfField;

/**
 * Chooses the {@link ImageEngine} of an operation from its options' {@link Backend}:
 * {@code cpu} the CPU engine; {@code gpu} the best usable {@link ImageEngineProvider} (an
 * {@link IllegalStateException} when there is none); {@code auto} (the default, or what the
 * system property {@code modalg.backend} says) sends each batch to the provider when one is
 * usable and its {@link ImageEngineProvider#worthIt} accepts the batch's size, to the CPU
 * otherwise. Providers are loaded once.
 */
public final class ImageEngines {

    private ImageEngines() {
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
            long ops = (long) primes.length * points
                    * ((long) fRows * fCols + (long) gRows * gCols + (long) fRows * gRows);
            long words = (fRes == null ? 0 : fRes.length) + (gRes == null ? 0 : (long) gRes.length);
            return pick(words, ops).bivariateResultants(fRes, fRows, fCols, gRes, gRows, gCols, primes, points);
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
    }
}
