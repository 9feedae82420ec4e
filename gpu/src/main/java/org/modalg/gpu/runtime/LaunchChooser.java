package org.modalg.gpu.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Logger;

import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.JCudaDriver;

/**
 * Launch parameters chosen per invocation by a fitted performance model ([Thesis] chapter 4,
 * KLARAPTOR): for a kernel whose block size is free (one thread per element, any blockDim
 * correct), {@link #block} returns the block of least predicted time for this invocation's size,
 * from {@link LaunchModel}'s rational program fitted to a handful of launches timed at first use.
 *
 * <p>Mode, by {@code -Dmodalg.gpu.launch}: {@code fixed} (the default: every kernel keeps its
 * fixed block, the module's behaviour before the model) or {@code model}. Under {@code model}, the
 * first invocation of a kernel in a power-of-two size bucket not yet calibrated, when the caller
 * supplies a {@link Probe} (a launch that may be repeated harmlessly: outputs disjoint from
 * inputs), times the probe blocks ({@link LaunchModel#PROBE_BLOCKS}, those that can launch) at
 * the invocation's size and at an eighth of it (12 probes, each the fastest of 3 runs of
 * back-to-back launches after a warm-up, {@link #time}), adds them to the kernel's samples in the {@link LaunchCache} file of this device model
 * and driver, and refits; later invocations of that bucket reuse the choice (memoized), later runs
 * the file. Without a probe (in-place kernels) the model is used only once the kernel has samples
 * (from an earlier run or {@code modalg bench gpu --launch}). Whenever the model cannot answer —
 * fewer samples than coefficients, a cache that cannot be written, device limits the driver does
 * not report, a probe that fails — the kernel's fixed block is returned: a choice never fails a
 * computation, and every candidate block computes the same bits (the {@code gpu}-tagged
 * {@code LaunchBlocksTest} checks each kernel with each candidate).
 *
 * <p>Cost: a memoized choice is one hash lookup; a fit is O(m F^2) for m samples; a choice
 * evaluates the program for at most 32 candidates.
 */
public final class LaunchChooser {
    private static final Logger LOG = Logger.getLogger(LaunchChooser.class.getName());

    /** Launches the kernel once for {@code n} elements per row (n at most the invocation's) with the block. */
    @FunctionalInterface
    public interface Probe {
        void launch(long n, int block);
    }

    /** Times one probe launch in milliseconds (the device's events; a fake in tests). */
    @FunctionalInterface
    interface Timer {
        double millis(Probe probe, long n, int block);
    }

    /**
     * The last choice of the model (for the benchmark): the kernel's key, the size, the rows, the
     * block, and the predicted time in milliseconds (NaN when the fixed block was kept without a
     * fit).
     */
    public record Choice(String kernel, long n, int rows, int block, double predictedMillis) {
    }

    /** {@code fixed} (the default) or {@code model}, from {@code -Dmodalg.gpu.launch}. */
    public enum Mode {
        FIXED, MODEL;

        /** The mode of {@code -Dmodalg.gpu.launch} (fixed or model, any case; fixed if unset). */
        public static Mode fromProperty() {
            String v = System.getProperty("modalg.gpu.launch", "fixed").trim().toLowerCase(Locale.ROOT);
            switch (v) {
                case "fixed":
                    return FIXED;
                case "model":
                    return MODEL;
                default:
                    throw new IllegalArgumentException("modalg.gpu.launch must be fixed or model, got " + v);
            }
        }
    }

    private static final class KernelState {
        final LaunchModel.KernelAttributes attributes;
        final Map<Long, Integer> choices = new HashMap<>(); // key: bucket * 2^20 + rows bucket
        double[] coefficients;
        int fittedSamples = -1;
        boolean failed;

        KernelState(LaunchModel.KernelAttributes attributes) {
            this.attributes = attributes;
        }
    }

    private final LaunchModel.DeviceLimits limits;
    private final LaunchCache cache;
    private final Timer timer;
    private final Mode mode;
    private final Map<String, KernelState> kernels = new HashMap<>();
    private int forced;
    private Choice last;

    /**
     * A chooser for the device named {@code deviceName} under driver API {@code driverVersion},
     * with its {@code limits}, in {@code mode}: under model with the cache file of that model and
     * driver in {@link LaunchCache#defaultDirectory()}, under fixed with an empty in-memory cache
     * (no file touched). {@code GpuRuntime.launchChooser()} holds the engines' one (the runtime
     * passes its own values, so that this class does not depend on it).
     */
    public static LaunchChooser forDevice(String deviceName, int driverVersion, LaunchModel.DeviceLimits limits,
            Mode mode) {
        LaunchCache cache = mode == Mode.MODEL
                ? LaunchCache.open(LaunchCache.defaultDirectory(), deviceName, driverVersion)
                : LaunchCache.inMemory(deviceName, driverVersion);
        return new LaunchChooser(limits, cache, LaunchChooser::eventMillis, mode);
    }

    /** A chooser over given limits, cache and timer (tests and replays: no device needed). */
    LaunchChooser(LaunchModel.DeviceLimits limits, LaunchCache cache, Timer timer, Mode mode) {
        this.limits = limits;
        this.cache = cache;
        this.timer = timer;
        this.mode = mode;
    }

    /**
     * For tests and experiments: from now on every kernel that asks this chooser launches with
     * {@code block} threads (where the kernel can: at most its maxThreadsPerBlock, else its fixed
     * block), whatever the mode; 0 ends it.
     *
     * @throws IllegalArgumentException if block is not 0 and not in [1, 1024]
     */
    public synchronized void force(int block) {
        if (block < 0 || block > 1024) {
            throw new IllegalArgumentException("block must be 0 (off) or in [1, 1024], got " + block);
        }
        forced = block;
    }

    /** The model's last choice (null before the first under mode model). */
    public synchronized Choice lastChoice() {
        return last;
    }

    /** The mode this chooser was created with. */
    public Mode mode() {
        return mode;
    }

    /** The cache of timed launches. */
    public LaunchCache cache() {
        return cache;
    }

    /** The device's limits (null if the driver does not report them). */
    public LaunchModel.DeviceLimits limits() {
        return limits;
    }

    /**
     * The block for launching {@code kernel} ({@code f}) on {@code n} elements in each of
     * {@code rows} grid rows: {@code defaultBlock} under mode fixed, else the model's choice
     * (class comment). {@code probe} may be null (the kernel is not safely repeatable).
     *
     * @throws IllegalArgumentException if n or rows is not positive or defaultBlock not in [1, 1024]
     */
    public synchronized int block(CUfunction f, String kernel, long n, int rows, int defaultBlock, Probe probe) {
        check(n, rows, defaultBlock);
        if (forced > 0) {
            return forced <= funcAttribute(f, CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)
                    ? forced : defaultBlock;
        }
        if (mode == Mode.FIXED || limits == null || !cache.writable()) {
            return defaultBlock;
        }
        KernelState s = kernels.get(kernel);
        if (s == null) {
            try {
                s = new KernelState(attributes(f));
            } catch (GpuException | IllegalArgumentException e) {
                LOG.warning("launch model off for " + kernel + ": " + e.getMessage());
                s = new KernelState(null);
                s.failed = true;
            }
            kernels.put(kernel, s);
        }
        return choose(kernel, s, n, rows, defaultBlock, probe);
    }

    /** As {@link #block}, with the kernel's attributes given (tests, replays): no device needed. */
    synchronized int block(String kernel, LaunchModel.KernelAttributes attributes, long n, int rows,
            int defaultBlock, Probe probe) {
        check(n, rows, defaultBlock);
        if (forced > 0) {
            return forced <= attributes.maxThreadsPerBlock() ? forced : defaultBlock;
        }
        if (mode == Mode.FIXED || limits == null || !cache.writable()) {
            return defaultBlock;
        }
        KernelState s = kernels.computeIfAbsent(kernel, k -> new KernelState(attributes));
        return choose(kernel, s, n, rows, defaultBlock, probe);
    }

    private int choose(String kernel, KernelState s, long n, int rows, int defaultBlock, Probe probe) {
        if (s.failed) {
            return defaultBlock;
        }
        long key = (long) bucket(n) << 20 | bucket(rows);
        Integer memo = s.choices.get(key);
        if (memo != null) {
            double[] c = s.coefficients;
            last = new Choice(kernel, n, rows, memo,
                    c == null ? Double.NaN : LaunchModel.predictLaunch(limits, s.attributes, c, n, rows, memo));
            return memo;
        }
        try {
            if (probe != null && !calibrated(kernel, n)) {
                calibrate(kernel, s.attributes, n, rows, probe);
            }
            double[] c = coefficients(kernel, s);
            int b = c == null ? defaultBlock : LaunchModel.choose(limits, s.attributes, c, n, rows, defaultBlock);
            if (c != null || probe == null) {
                s.choices.put(key, b); // without samples and without a probe: stays fixed
            }
            last = new Choice(kernel, n, rows, b,
                    c == null ? Double.NaN : LaunchModel.predictLaunch(limits, s.attributes, c, n, rows, b));
            return b;
        } catch (GpuException | IllegalArgumentException e) {
            s.failed = true;
            LOG.warning("launch model off for " + kernel + " (fixed block " + defaultBlock + "): " + e.getMessage());
            return defaultBlock;
        }
    }

    // whether the kernel has samples in n's power-of-two bucket
    private boolean calibrated(String kernel, long n) {
        int b = bucket(n);
        for (LaunchCache.Sample s : cache.samples(kernel)) {
            if (bucket(s.n()) == b) {
                return true;
            }
        }
        return false;
    }

    /**
     * Times the probe blocks at n and at n / 8 (where at least 1) and adds them to the kernel's
     * samples, saving the cache. Public for the benchmark ({@code modalg bench gpu --launch}).
     */
    public synchronized void calibrate(String kernel, LaunchModel.KernelAttributes attributes, long n, int rows,
            Probe probe) {
        List<LaunchCache.Sample> added = new ArrayList<>();
        for (long m : n >= 8 ? new long[] {n, n / 8} : new long[] {n}) {
            for (int b : LaunchModel.PROBE_BLOCKS) {
                if (LaunchModel.activeBlocks(limits, attributes, b, 0) > 0) {
                    added.add(new LaunchCache.Sample(m, rows, b, timer.millis(probe, m, b)));
                }
            }
        }
        cache.add(kernel, added);
        cache.save();
    }

    /** The fitted coefficients of {@code kernel}, or null while it has fewer samples than coefficients. */
    public synchronized double[] coefficients(String kernel, LaunchModel.KernelAttributes attributes) {
        KernelState s = kernels.computeIfAbsent(kernel, k -> new KernelState(attributes));
        return coefficients(kernel, s);
    }

    private double[] coefficients(String kernel, KernelState s) {
        List<LaunchCache.Sample> samples = cache.samples(kernel);
        if (samples.size() < LaunchModel.FEATURES) {
            return null;
        }
        if (s.fittedSamples != samples.size()) {
            List<double[]> rows = new ArrayList<>();
            double[] times = new double[samples.size()];
            for (int i = 0; i < samples.size(); i++) {
                LaunchCache.Sample x = samples.get(i);
                int active = LaunchModel.activeBlocks(limits, s.attributes, x.block(), 0);
                if (active == 0) {
                    throw new IllegalArgumentException("cached block " + x.block() + " cannot launch " + kernel);
                }
                rows.add(LaunchModel.features(limits, x.n(), x.rows(), x.block(), active));
                times[i] = x.millis();
            }
            s.coefficients = LaunchModel.fit(rows, times);
            s.fittedSamples = samples.size();
            s.choices.clear();
        }
        return s.coefficients;
    }

    /** ceil(log2 v) for v >= 1. */
    static int bucket(long v) {
        return v <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(v - 1);
    }

    /** The registers, static shared memory and most threads per block of a loaded kernel. */
    public static LaunchModel.KernelAttributes attributes(CUfunction f) {
        return new LaunchModel.KernelAttributes(
                funcAttribute(f, CUfunction_attribute.CU_FUNC_ATTRIBUTE_NUM_REGS),
                funcAttribute(f, CUfunction_attribute.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES),
                funcAttribute(f, CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK));
    }

    private static int funcAttribute(CUfunction f, int attribute) {
        int[] v = new int[1];
        Cuda.check(JCudaDriver.cuFuncGetAttribute(v, attribute, f), "cuFuncGetAttribute(" + attribute + ")");
        return v[0];
    }

    /** The device time a probe's back-to-back run aims at, in milliseconds. */
    static final double PROBE_RUN_MILLIS = 0.2;
    /** The most launches in one back-to-back run of a probe. */
    static final int PROBE_MAX_BATCH = 64;

    /**
     * The device time of {@code probe.launch(n, block)} in milliseconds, as launches run back to
     * back (the way {@code modalg bench gpu --launch} and {@code launch_harness.cu} time the
     * exhaustive search): one warm-up launch between two events gives an estimate e; then the
     * fastest of {@code reps} runs of k = ceil({@link #PROBE_RUN_MILLIS} / e) launches (k in [1,
     * {@link #PROBE_MAX_BATCH}]) between two events on the default stream, divided by k. A single
     * launch between events also counts the launch latency (5-8 µs against 3.5-4 µs per launch
     * back to back for small kernels on an H100), which made the model's predictions for small
     * sizes about half too high. Cost: at most 1 + 64 reps launches.
     *
     * @throws IllegalArgumentException if reps &lt; 1
     */
    public static double time(Probe probe, long n, int block, int reps) {
        if (reps < 1) {
            throw new IllegalArgumentException("reps must be >= 1, got " + reps);
        }
        CUevent start = new CUevent();
        CUevent stop = new CUevent();
        Cuda.check(JCudaDriver.cuEventCreate(start, 0), "cuEventCreate");
        Cuda.check(JCudaDriver.cuEventCreate(stop, 0), "cuEventCreate");
        try {
            Cuda.synchronize("launch probe");
            float[] ms = new float[1];
            Cuda.check(JCudaDriver.cuEventRecord(start, null), "cuEventRecord");
            probe.launch(n, block);
            Cuda.check(JCudaDriver.cuEventRecord(stop, null), "cuEventRecord");
            Cuda.check(JCudaDriver.cuEventSynchronize(stop), "cuEventSynchronize");
            Cuda.check(JCudaDriver.cuEventElapsedTime(ms, start, stop), "cuEventElapsedTime");
            int k = batch(ms[0]);
            double best = Double.POSITIVE_INFINITY;
            for (int r = 0; r < reps; r++) {
                Cuda.check(JCudaDriver.cuEventRecord(start, null), "cuEventRecord");
                for (int i = 0; i < k; i++) {
                    probe.launch(n, block);
                }
                Cuda.check(JCudaDriver.cuEventRecord(stop, null), "cuEventRecord");
                Cuda.check(JCudaDriver.cuEventSynchronize(stop), "cuEventSynchronize");
                Cuda.check(JCudaDriver.cuEventElapsedTime(ms, start, stop), "cuEventElapsedTime");
                best = Math.min(best, ms[0] / (double) k);
            }
            return Math.max(best, 1e-6);
        } finally {
            JCudaDriver.cuEventDestroy(start);
            JCudaDriver.cuEventDestroy(stop);
        }
    }

    /**
     * The launches in one back-to-back probe run for a single launch's estimate in milliseconds:
     * ceil({@link #PROBE_RUN_MILLIS} / estimate) in [1, {@link #PROBE_MAX_BATCH}] (the estimate
     * taken as at least 1e-4 ms; NaN or infinity give 1), as {@code launch_harness.cu}'s probe_time.
     */
    static int batch(double estimateMillis) {
        if (!(estimateMillis < Double.POSITIVE_INFINITY)) {
            return 1;
        }
        double k = Math.ceil(PROBE_RUN_MILLIS / Math.max(estimateMillis, 1e-4));
        return (int) Math.min(PROBE_MAX_BATCH, Math.max(1, k));
    }

    private static double eventMillis(Probe probe, long n, int block) {
        return time(probe, n, block, 3);
    }

    private static void check(long n, int rows, int defaultBlock) {
        if (n < 1 || rows < 1) {
            throw new IllegalArgumentException("n and rows must be >= 1, got " + n + " and " + rows);
        }
        if (defaultBlock < 1 || defaultBlock > 1024) {
            throw new IllegalArgumentException("defaultBlock must be in [1, 1024], got " + defaultBlock);
        }
    }
}
