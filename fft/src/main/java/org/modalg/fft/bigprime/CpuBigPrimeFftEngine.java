package org.modalg.fft.bigprime;

import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.Options;
import org.modalg.fft.WorkerPools;
import org.modalg.fields.GfField;

/**
 * The big-prime FFT on the CPU ({@link GfFft} plans), serial for one thread and on a
 * ForkJoinPool otherwise. Values are identical for every thread count.
 */
public final class CpuBigPrimeFftEngine implements BigPrimeFftEngine, AutoCloseable {
    private final int threads;
    private final ForkJoinPool pool;
    private final boolean shared;

    private CpuBigPrimeFftEngine(boolean shared) {
        this.threads = Options.threadsFromProperty();
        this.pool = WorkerPools.of(threads);
        this.shared = shared;
    }

    // The engine of BigPrimeFftEngines.cpu(): default threads on the shared pools, never closed.
    static CpuBigPrimeFftEngine sharedEngine() {
        return new CpuBigPrimeFftEngine(true);
    }

    /** An engine using {@code threads} threads (>= 1). */
    public CpuBigPrimeFftEngine(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
        this.pool = threads == 1 ? null : new ForkJoinPool(threads);
        this.shared = false;
    }

    /** An engine using every available processor. */
    public CpuBigPrimeFftEngine() {
        this(Runtime.getRuntime().availableProcessors());
    }

    @Override
    public String name() {
        return "cpu(threads=" + threads + ")";
    }

    @Override
    public void forward(GfField field, int log2N, long[] data) {
        GfFft plan = GfFft.of(field, log2N);
        if (pool == null) {
            plan.forward(data);
        } else {
            plan.forward(data, pool);
        }
    }

    @Override
    public void inverse(GfField field, int log2N, long[] data) {
        GfFft plan = GfFft.of(field, log2N);
        if (pool == null) {
            plan.inverse(data);
        } else {
            plan.inverse(data, pool);
        }
    }

    @Override
    public boolean runsOnHost() {
        return true;
    }

    /** The forward DFT on {@link WorkerPools#of(int) WorkerPools.of(options.threads())}. */
    @Override
    public void forward(GfField field, int log2N, long[] data, Options options) {
        NttEngine.checkOptions(options, "forward");
        GfFft plan = GfFft.of(field, log2N);
        ForkJoinPool p = WorkerPools.of(options.threads());
        if (p == null) {
            plan.forward(data);
        } else {
            plan.forward(data, p);
        }
    }

    /** The inverse DFT on {@link WorkerPools#of(int) WorkerPools.of(options.threads())}. */
    @Override
    public void inverse(GfField field, int log2N, long[] data, Options options) {
        NttEngine.checkOptions(options, "inverse");
        GfFft plan = GfFft.of(field, log2N);
        ForkJoinPool p = WorkerPools.of(options.threads());
        if (p == null) {
            plan.inverse(data);
        } else {
            plan.inverse(data, p);
        }
    }

    /** Shuts the engine's own pool down; a no-op for {@link BigPrimeFftEngines#cpu()}. */
    @Override
    public void close() {
        if (pool != null && !shared) {
            pool.shutdown();
        }
    }
}
