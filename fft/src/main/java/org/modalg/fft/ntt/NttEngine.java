package org.modalg.fft.ntt;

import org.modalg.fft.CancelledException;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fft.ntt.NttArguments.Operation;

/**
 * Batched number-theoretic transforms over word-size NTT primes (p &lt; 2^62, 2^log2n | p - 1):
 * the one transform interface of the library, implemented by the 64-bit CPU kernels
 * ({@link CpuNttEngine}), the double-precision CPU kernels ({@link DoubleNttEngine}, fastest
 * for primes below 2^50) and the GPU engines (found through {@link NttEngineProvider}).
 *
 * <p>Data layout: {@code rows} vectors of length n = 2^log2n, row i at
 * {@code data[i n .. (i + 1) n)}, row i taken modulo {@code rowPrimes[i]}; entries in [0, p).
 * Several rows may share a prime (many vectors) and several primes may appear (CRT).
 *
 * <p>Definition: forward(a)_j = sum_i a_i w^(i j) with w = {@code NttPrimes.primitiveRootOfUnity(p, log2n)},
 * natural order in and out; inverse is the exact inverse (scaled by 1/n). Every engine computes
 * exactly these values, so results are bit-identical across engines.
 *
 * <p><b>Per-call options.</b> Every operation has a twin taking {@link Options}: its thread
 * count ({@link Options#threads()}) is the parallelism of that call on the CPU (an engine has
 * no thread count of its own that a client should read), and its cancellation check is
 * consulted before the call starts. The twins without options use the engine's defaults.
 * Engines that ignore threads (a GPU) need not override the twins.
 *
 * <p><b>Choosing primes.</b> {@link #preferredPrimeBound()} tells a client which primes the
 * engine is fastest with; pick them with {@code CrtBasis.fewestAbove(bits,
 * engine.preferredPrimeBound(), log2n)}. Every engine accepts every prime the definition
 * allows (p &lt; 2^62).
 *
 * <p><b>Implementing.</b> An engine that computes the four operations by one method (the usual
 * case) implements {@link ByOperation}: its {@code run} takes the {@link Operation} and the
 * interface forwards the eight operation methods to it.
 */
public interface NttEngine {

    /** A short name for reports, e.g. {@code cpu(threads=2)}. */
    String name();

    /** In-place forward transform of every row. */
    void forward(long[] rowPrimes, int log2n, long[] data, int rows);

    /** In-place inverse transform of every row (including the factor 1/n). */
    void inverse(long[] rowPrimes, int log2n, long[] data, int rows);

    /**
     * out_i = a * b cyclic (mod x^n - 1), row by row; a and b are in coefficient form, are
     * overwritten with scratch data, and out may be a. Engines avoid reordering here.
     */
    void cyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows);

    /** As {@link #cyclicConvolution} modulo x^n + 1 (needs 2n | p - 1). */
    void negacyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows);

    /**
     * Whether this engine computes on the host's processors (the CPU engines) rather than on a
     * device. Clients that size their own host-side work (projection, CRT) by the engine ask
     * this instead of testing the engine's class. Default false (a device, or unknown).
     */
    default boolean runsOnHost() {
        return false;
    }

    /**
     * The exclusive bound below which this engine's primes are fastest: 2^62 for the 64-bit
     * engines, {@link DoubleNttPlan#MAX_PRIME_EXCLUSIVE} (2^50) for the double-precision one.
     * Larger primes (below 2^62) are still accepted. Default 2^62.
     */
    default long preferredPrimeBound() {
        return CrtBasis.MAX_PRIME_EXCLUSIVE;
    }

    /** {@link #forward(long[], int, long[], int)} with per-call options (threads, cancellation). */
    default void forward(long[] rowPrimes, int log2n, long[] data, int rows, Options options) {
        checkOptions(options, "forward");
        forward(rowPrimes, log2n, data, rows);
    }

    /** {@link #inverse(long[], int, long[], int)} with per-call options. */
    default void inverse(long[] rowPrimes, int log2n, long[] data, int rows, Options options) {
        checkOptions(options, "inverse");
        inverse(rowPrimes, log2n, data, rows);
    }

    /** {@link #cyclicConvolution(long[], int, long[], long[], long[], int)} with per-call options. */
    default void cyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows,
            Options options) {
        checkOptions(options, "cyclicConvolution");
        cyclicConvolution(rowPrimes, log2n, a, b, out, rows);
    }

    /** {@link #negacyclicConvolution(long[], int, long[], long[], long[], int)} with per-call options. */
    default void negacyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows,
            Options options) {
        checkOptions(options, "negacyclicConvolution");
        negacyclicConvolution(rowPrimes, log2n, a, b, out, rows);
    }

    /**
     * The check every options twin starts with: options non-null (else
     * {@link IllegalArgumentException} naming {@code options}), and not cancelled (else
     * {@link CancelledException} naming the operation).
     */
    static void checkOptions(Options options, String operation) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        options.checkCancelled("before NttEngine." + operation);
    }

    /**
     * An engine written as one method per call, {@link #run(Operation, long[], int, long[], long[],
     * long[], int)}: the four operations (and their {@link Options} twins) forward to it, so that
     * every engine forwards alike. Engines that honour the options' thread count override
     * {@link #run(Operation, long[], int, long[], long[], long[], int, Options)} as well. O(1)
     * besides the operation.
     */
    interface ByOperation extends NttEngine {

        /**
         * Runs op on the rows with the engine's defaults: for a transform ({@link Operation#FORWARD},
         * {@link Operation#INVERSE}) {@code a} is the data and {@code b}, {@code out} are null; for a
         * convolution, as {@link #cyclicConvolution}. Validates by {@link NttArguments#check}.
         */
        void run(Operation op, long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows);

        /**
         * {@link #run(Operation, long[], int, long[], long[], long[], int)} with per-call options:
         * by default {@link NttEngine#checkOptions} and then the engine's defaults (an engine that
         * ignores threads, such as a GPU, need not override it).
         */
        default void run(Operation op, long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows,
                Options options) {
            checkOptions(options, op.method());
            run(op, rowPrimes, log2n, a, b, out, rows);
        }

        @Override
        default void forward(long[] rowPrimes, int log2n, long[] data, int rows) {
            run(Operation.FORWARD, rowPrimes, log2n, data, null, null, rows);
        }

        @Override
        default void inverse(long[] rowPrimes, int log2n, long[] data, int rows) {
            run(Operation.INVERSE, rowPrimes, log2n, data, null, null, rows);
        }

        @Override
        default void cyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows) {
            run(Operation.CYCLIC, rowPrimes, log2n, a, b, out, rows);
        }

        @Override
        default void negacyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out,
                int rows) {
            run(Operation.NEGACYCLIC, rowPrimes, log2n, a, b, out, rows);
        }

        @Override
        default void forward(long[] rowPrimes, int log2n, long[] data, int rows, Options options) {
            run(Operation.FORWARD, rowPrimes, log2n, data, null, null, rows, options);
        }

        @Override
        default void inverse(long[] rowPrimes, int log2n, long[] data, int rows, Options options) {
            run(Operation.INVERSE, rowPrimes, log2n, data, null, null, rows, options);
        }

        @Override
        default void cyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows,
                Options options) {
            run(Operation.CYCLIC, rowPrimes, log2n, a, b, out, rows, options);
        }

        @Override
        default void negacyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out,
                int rows, Options options) {
            run(Operation.NEGACYCLIC, rowPrimes, log2n, a, b, out, rows, options);
        }
    }
}
