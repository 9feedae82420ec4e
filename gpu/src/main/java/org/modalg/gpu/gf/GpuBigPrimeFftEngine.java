package org.modalg.gpu.gf;

import java.util.logging.Logger;
import org.modalg.fft.bigprime.BigPrimeFftArguments;
import org.modalg.fft.bigprime.BigPrimeFftEngine;
import org.modalg.fft.bigprime.CpuBigPrimeFftEngine;
import org.modalg.fields.GfField;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * {@link BigPrimeFftEngine} on the GPU: the big-prime FFT over a generalized Fermat field
 * p = r^k + 1 of thesis chapter 2 (sections 2.5 and 2.6). The element-major host data is
 * copied to the device and transposed there to the digit-major layout (digit d of element i at
 * d N + i, so that warps read coalesced), transformed by {@link GpuGfFftPlan} (passes of radix
 * K = 2k whose DFT_K is done by cyclic shifts, one general multiplication per twiddle),
 * transposed back and copied to the host. Results are bit-identical to
 * {@link CpuBigPrimeFftEngine}: both compute the exact DFT of the definition in
 * {@link BigPrimeFftEngine}, in canonical digits.
 *
 * <p><b>CPU fallback.</b> Transforms of fewer than {@link #minWords()} digits (N k) run on the
 * CPU engine, where transfers would cost more than the transform; so do fields with k &gt;
 * {@value GpuGf#MAX_K} (logged once) and transforms that do not fit the device's free memory
 * (logged). The host array is written only after the device has finished.
 *
 * <p>Not registered with any service loader (the fft module has no provider interface for the
 * big-prime FFT): create one with {@link #createIfUsable()} or the constructors. Device calls
 * are serialized per engine.
 */
public final class GpuBigPrimeFftEngine implements BigPrimeFftEngine, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(GpuBigPrimeFftEngine.class.getName());

    /**
     * Default of {@link #minWords()}: N k below this runs on the CPU. On the H100 host the
     * GPU (with its transfers, about 0.1 ms at least) overtakes the 16-core CPU engine near
     * 2^9 .. 2^10 words (BENCHMARKS.md).
     */
    public static final long DEFAULT_MIN_WORDS = 1L << 10;

    private final GpuRuntime runtime;
    private final CpuBigPrimeFftEngine cpu;
    private final long minWords;
    private volatile boolean closed;
    private boolean toldUnsupported;

    /**
     * An engine on the usable GPU with the default threshold ({@code
     * -Dmodalg.gpu.bigPrimeFftMinWords} overrides it).
     *
     * @throws IllegalStateException if no GPU is usable
     */
    public GpuBigPrimeFftEngine() {
        this(Long.getLong("modalg.gpu.bigPrimeFftMinWords", DEFAULT_MIN_WORDS));
    }

    /**
     * An engine that sends transforms of at least {@code minWords} digits (N k) to the GPU (0:
     * all).
     *
     * @throws IllegalArgumentException if minWords &lt; 0
     * @throws IllegalStateException if no GPU is usable
     */
    public GpuBigPrimeFftEngine(long minWords) {
        if (minWords < 0) {
            throw new IllegalArgumentException("minWords must be >= 0, got " + minWords);
        }
        this.runtime = GpuRuntime.get();
        this.cpu = new CpuBigPrimeFftEngine();
        this.minWords = minWords;
    }

    /** A GPU engine if a GPU is usable here, else the CPU engine on every processor. */
    public static BigPrimeFftEngine createIfUsable() {
        return GpuRuntime.isUsable() ? new GpuBigPrimeFftEngine() : new CpuBigPrimeFftEngine();
    }

    /** Transforms of fewer digits (N k) than this run on the CPU. */
    public long minWords() {
        return minWords;
    }

    /** Whether transforms over this field can run on the device (k &lt;= {@value GpuGf#MAX_K}). */
    public static boolean supports(GfField field) {
        return field != null && GpuGf.supports(field);
    }

    @Override
    public String name() {
        return "gpu(" + runtime.deviceName() + ")";
    }

    @Override
    public void forward(GfField field, int log2N, long[] data) {
        run(field, log2N, data, false);
    }

    @Override
    public void inverse(GfField field, int log2N, long[] data) {
        run(field, log2N, data, true);
    }

    private synchronized void run(GfField field, int log2N, long[] data, boolean inverse) {
        if (closed) {
            throw new IllegalStateException(name() + " is closed");
        }
        BigPrimeFftArguments.check(field, log2N, data);
        long words = (long) field.k() << log2N;
        if (words < minWords || !onDevice(field)) {
            cpuRun(field, log2N, data, inverse);
            return;
        }
        runtime.enterContext();
        try {
            deviceRun(field, log2N, data, inverse);
        } catch (GpuException e) {
            if (!e.isOutOfMemory()) {
                throw e;
            }
            GpuGfFftPlan.clearCache();
            LOG.warning("GPU out of memory for the FFT of 2^" + log2N + " points over "
                    + field.name() + "; it runs on the CPU");
            cpuRun(field, log2N, data, inverse);
        }
    }

    private boolean onDevice(GfField field) {
        if (GpuGf.supports(field)) {
            return true;
        }
        if (!toldUnsupported) {
            toldUnsupported = true;
            LOG.info(GpuGf.unsupportedReason(field));
        }
        return false;
    }

    private void deviceRun(GfField field, int log2N, long[] data, boolean inverse) {
        long n = 1L << log2N;
        long words = n * field.k();
        GpuGfFftPlan plan = GpuGfFftPlan.of(runtime, field, log2N);
        GpuGf gf = plan.arithmetic();
        try (DeviceBuffer host = new DeviceBuffer(words);
                DeviceBuffer a = new DeviceBuffer(words);
                DeviceBuffer b = new DeviceBuffer(words)) {
            host.upload(data, 0, 0, words);
            gf.toDigitMajor(host, a, n);
            DeviceBuffer result = inverse ? plan.inverse(a, b) : plan.forward(a, b);
            gf.toElementMajor(result, host, n);
            Cuda.synchronize(inverse ? "big-prime inverse FFT" : "big-prime FFT");
            host.download(0, data, 0, words);
        }
    }

    private void cpuRun(GfField field, int log2N, long[] data, boolean inverse) {
        if (inverse) {
            cpu.inverse(field, log2N, data);
        } else {
            cpu.forward(field, log2N, data);
        }
    }

    /** Closes the CPU fallback's thread pool (device plans stay cached). Idempotent. */
    @Override
    public void close() {
        closed = true;
        cpu.close();
    }
}
