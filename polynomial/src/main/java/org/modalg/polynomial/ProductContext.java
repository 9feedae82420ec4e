package org.modalg.polynomial;

import java.util.function.Supplier;
import org.modalg.fft.Backend;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.Options;
import org.modalg.fft.WorkerPools;
import org.modalg.fft.products.PolyProductProvider;
import org.modalg.fft.products.PolyProducts;
import org.modalg.polynomial.convolution.ConvolutionPlan;
import org.modalg.polynomial.zz.PolyMulZZ;

/**
 * The {@link Options} of the product being dispatched on the calling thread, for the internal
 * kernels and cut-off tables of this package that take a thread count or an engine
 * ({@link PolyMulZZ}, {@link ConvolutionPlan}, {@link Tuning}, Kronecker's integer product):
 * set by the public entry points that take options, for the duration of the call, so that the
 * call's thread count and backend reach the dispatch without every kernel signature changing.
 * The dispatch runs on the calling thread; parallel sections get their pool explicitly
 * ({@link WorkerPools#of}). Without options set (internal callers), the JVM-wide
 * defaults apply: {@link Options#defaults()}'s thread count and {@link NttEngines#shared()}.
 */
public final class ProductContext {
    private static final ThreadLocal<Options> CURRENT = new ThreadLocal<>();

    private static volatile Options defaults;

    private ProductContext() {
    }

    /**
     * The options of the overloads that take none: {@link Options#defaults()} (its thread count
     * from {@code modalg.threads} or the processor count), made once, so that a small product
     * does not pay for reading the property and the processor count.
     */
    public static Options defaults() {
        Options o = defaults;
        if (o == null) {
            o = Options.defaults();
            defaults = o;
        }
        return o;
    }

    /** body() with {@code options} as the current product options of this thread. */
    public static <T> T with(Options options, Supplier<T> body) {
        Options previous = CURRENT.get();
        CURRENT.set(options);
        try {
            return body.get();
        } finally {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        }
    }

    /** The thread count of the current call, else the defaults' ({@code modalg.threads}, read once). */
    public static int threads() {
        Options o = CURRENT.get();
        return (o != null ? o : defaults()).threads();
    }

    /** The backend of the current call, else the defaults' ({@code modalg.backend}). */
    public static Backend backend() {
        Options o = CURRENT.get();
        return (o != null ? o : defaults()).backend();
    }

    /** Whether the current call may use a GPU (its backend is not {@link Backend#CPU}). */
    public static boolean gpuAllowed() {
        Options o = CURRENT.get();
        return o == null || o.backend() != Backend.CPU;
    }

    /**
     * The engine of the current call: its backend's ({@link Backend#engine()}), a CPU engine of
     * the call's thread count whenever that is the CPU; without options
     * {@link NttEngines#shared()}.
     */
    static NttEngine engine() {
        Options o = CURRENT.get();
        if (o == null) {
            return NttEngines.shared();
        }
        NttEngine e = NttEngines.forBackend(o.backend());
        return e.runsOnHost() ? CpuNttEngine.withThreads(o.threads()) : e;
    }

    /**
     * {@link #engine()} for a product whose shorter operand has n coefficients: a device engine
     * only when the call asks for the GPU, or under auto from the length the polynomial product
     * provider measured as the device's ({@link PolyProductProvider#minLength()}; any length when
     * none is installed); otherwise a CPU engine of the call's thread count. Shorter products
     * pay more on a device in copies and launches than they gain (1024 x 1000 bits: 7 ms on an
     * H100 against 1.7 ms on its host's 16 cores).
     */
    public static NttEngine engine(long n) {
        // under auto a product below every device provider's minimum length starts no device
        if (backend() == Backend.AUTO && PolyProducts.belowEveryMinimum(n)) {
            return CpuNttEngine.withThreads(threads());
        }
        NttEngine e = engine();
        if (e.runsOnHost() || backend() == Backend.GPU) {
            return e;
        }
        PolyProductProvider p = PolyProducts.provider();
        return p == null || n >= p.minLength() ? e : CpuNttEngine.withThreads(threads());
    }

    /** Polls the current call's cancellation check, naming {@code where}. */
    public static void checkCancelled(String where) {
        Options o = CURRENT.get();
        if (o != null) {
            o.checkCancelled(where);
        }
    }
}
