package org.modalg.gpu.image;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.logging.Logger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.JCudaDriver;
import org.modalg.fft.Options;
import org.modalg.fields.GfField;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.fields.ZpMontgomery;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.modular.image.GcdImages;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.LimbVector;
import org.modalg.modular.image.LuImages;
import org.modalg.modular.kernel.BivariateImagesZp;

/**
 * The GPU {@link ImageEngine}: a batch of primes is spread over every visible device
 * ({@link GpuRuntime#devices()}, contiguous ranges, one host thread per device, results merged
 * in prime order); on each device the integer inputs are uploaded once per chunk of primes,
 * projected onto the chunk's primes there ({@code project_signed}), and one block per prime
 * computes its image (the kernels of {@code modular.cu}): Gaussian elimination for the
 * determinant (the matrix in shared memory while it fits, else a blocked elimination in global
 * memory whose trailing updates are tiled products staged in shared memory), LU with the
 * factors kept on the device and batched triangular solves, Euclid's algorithm for the resultant
 * (the rules of {@link org.modalg.modular.kernel.PolyGcdZp#resultant} for vanishing leading
 * coefficients) and the monic gcd with its cofactors. Every image is exact, so the results are
 * the CPU engine's bit for bit. Cost per prime: n^3 / 3 products for a determinant, about
 * deg f deg g for a resultant or gcd, plus the projection (L limbs per input word).
 *
 * <p>Arithmetic: doubles with a fused multiply-add for batches of primes below 2^26, 64-bit
 * Montgomery multiplication otherwise (any odd prime below 2^62); the README gives the
 * measurement behind the choice. The system property {@code modalg.gpu.imageArithmetic=mont}
 * forces Montgomery everywhere (for that comparison).
 *
 * <p>Faults: a chunk that runs out of device memory is split in halves, and a single prime that
 * does not fit runs on the CPU engine, with a logged warning; any other driver failure sends its
 * chunk to the CPU engine, also with a warning. Every output buffer is filled with all ones
 * before the launch (never a residue), and every image that is still at that sentinel, or not a
 * residue, or not a monic gcd, is recomputed on the CPU engine. Operations over generalized
 * Fermat fields run on the CPU engine.
 *
 * <p>Copies: every synchronous host-device copy (inputs, prime tables, right-hand sides up; images
 * down) is timed on its device's host thread; {@link #transferNanos()} adds, per spread over the
 * devices, the longest device's copy time, which the operations report as the phase
 * {@code transfer} apart from {@code images}.
 */
public final class GpuImageEngine implements ImageEngine {
    private static final Logger LOG = Logger.getLogger(GpuImageEngine.class.getName());
    private static final int F64_MAX_PRIME_BITS = 26;
    private static final int PROJECT_THREADS = 256;
    private static final int MAX_CHUNK = 65_535; // the projection's grid.y
    private static final long SENTINEL = -1L;
    // det_tiled: output tiles of TILE x TILE (modular.cu), 256 threads a block, panels of
    // DEFAULT_PANEL columns, used from TILED_MIN_N, i.e. for every matrix that does not fit in
    // shared memory. Measured on an H200 with 62-bit primes (gpu/BENCHMARKS.md), ms per image,
    // det_global against det_tiled with panels of 16 / 32 / 64: n = 250 0.047 against 0.035 /
    // 0.036 / 0.037; n = 1000 1.435 against 0.579 / 0.600 / 0.629 (26-bit primes: 1.421 against
    // 0.421 / 0.432 / 0.480).
    private static final int TILE = 64;
    private static final int TILED_THREADS = 256;
    private static final int DEFAULT_PANEL = 16;
    static final int TILED_MIN_N = 0;

    // Test hook: blocks j of every image kernel with j % skip == 0 return at once (0: none).
    private static volatile int faultEveryForTests;

    private static ExecutorService pool;

    // Nanoseconds of host-device copies made by the current thread (a device's host thread).
    private static final ThreadLocal<long[]> COPIES = ThreadLocal.withInitial(() -> new long[1]);

    private final Options options;
    private final ImageEngine cpu;
    private final List<GpuRuntime> devices;
    // Wall time of host-device copies so far: per parallel section, the longest device's copies.
    private final java.util.concurrent.atomic.AtomicLong transferNanos = new java.util.concurrent.atomic.AtomicLong();

    /**
     * An engine over every visible device.
     *
     * @param cpu the engine for work the device cannot do (faults, generalized Fermat fields)
     * @throws IllegalStateException when no GPU is usable
     */
    public GpuImageEngine(Options options, ImageEngine cpu) {
        this(options, cpu, Integer.MAX_VALUE);
    }

    /** An engine over the first {@code maxDevices} visible devices (the benchmarks' scaling runs). */
    GpuImageEngine(Options options, ImageEngine cpu, int maxDevices) {
        if (options == null || cpu == null) {
            throw new IllegalArgumentException("options and cpu must not be null");
        }
        this.options = options;
        this.cpu = cpu;
        List<GpuRuntime> all = GpuRuntime.devices();
        if (all.isEmpty()) {
            throw new IllegalStateException("no usable GPU: " + GpuRuntime.unusableReason());
        }
        this.devices = all.subList(0, Math.max(1, Math.min(maxDevices, all.size())));
    }

    /** Tests only: image blocks j with j % every == 0 skip their work (0 turns it off). */
    static void faultEveryForTests(int every) {
        faultEveryForTests = every;
    }

    @Override
    public String name() {
        return "gpu (" + devices.size() + " x " + devices.get(0).deviceName() + ")";
    }

    /**
     * Whole proven plans in one call (thousands of primes): the batch is spread over the devices
     * and cut into chunks by free memory there, so a few hundred primes per call would leave most
     * of the device idle and pay a launch and a copy per call.
     */
    @Override
    public int preferredBatch() {
        return 1 << 14;
    }

    /**
     * Yes: the determinant kernel is bound by memory traffic (8-byte words either way) and the
     * Euclid kernels by latency per step, so 62-bit Montgomery images cost about what 23- and
     * 26-bit ones cost, and 2.4 to 2.7 times fewer of them cover a bound (measured: docs of
     * {@code Determinant}, gpu/BENCHMARKS.md).
     */
    @Override
    public boolean prefersWidePrimes() {
        return true;
    }

    /**
     * Nanoseconds of host-device copies so far (the inputs and prime tables up, the images down,
     * timed around each synchronous copy on the device's host thread); where several devices
     * work at once, the longest device's copies count, so the figure is wall time.
     */
    @Override
    public long transferNanos() {
        return transferNanos.get();
    }

    // Adds the copy time since t0 to the current thread's count.
    private static void copied(long t0) {
        COPIES.get()[0] += System.nanoTime() - t0;
    }

    /** The devices the batches are spread over. */
    public int deviceCount() {
        return devices.size();
    }

    // ------------------------------------------------------------------ determinants

    @Override
    public long[] determinants(int n, LimbVector a, long[] primes) {
        ImageEngine.checkSquare(n, a);
        if (n == 0 || primes.length == 0) {
            return cpu.determinants(n, a, primes);
        }
        long[] out = new long[primes.length];
        Arrays.fill(out, SENTINEL);
        long nn = (long) n * n;
        spread(primes.length, (rt, from, to) -> chunked(rt, from, to, (nn + 2L * n + 1) * Long.BYTES,
                inputBytes(a), "determinant", (at, end) -> detChunk(rt, n, a, primes, at, end, out)));
        int[] bad = badResidues(out, primes);
        if (bad.length > 0) {
            warnRecompute("determinant", bad.length, primes.length);
            long[] redo = cpu.determinants(n, a, subset(primes, bad));
            for (int t = 0; t < bad.length; t++) {
                out[bad[t]] = redo[t];
            }
        }
        return out;
    }

    private void detChunk(GpuRuntime rt, int n, LimbVector a, long[] primes, int from, int to, long[] out) {
        int np = to - from;
        long nn = (long) n * n;
        boolean f64 = useF64(primes, from, to);
        long sharedBytes = (nn + 2L * n) * Long.BYTES;
        boolean shared = sharedBytes + 1024 <= rt.maxSharedOptin() && !forcedTiled();
        try (Tables t = new Tables(primes, from, to, a.limbsPerValue());
                DeviceBuffer x = upload(a);
                DeviceBuffer mats = new DeviceBuffer(np * nn);
                DeviceBuffer mult = new DeviceBuffer(shared || tiled(n) ? 1 : np * 2L * n);
                DeviceBuffer dets = new DeviceBuffer(np)) {
            project(rt, t, x, a, mats, nn);
            fill(dets);
            int skip = faultEveryForTests;
            if (shared) {
                CUfunction k = rt.function(GpuModules.MODULAR, f64 ? "det_shared_f64" : "det_shared_mont");
                allowShared(k, sharedBytes);
                Cuda.launch(k, "det_shared", np, 1, threadsFor(nn), (int) sharedBytes, mats.arg(), ints(n), t.primes.arg(),
                        t.pinvs.arg(), t.r2s.arg(), dets.arg(), ints(skip));
            } else if (tiled(n)) {
                if (f64) {
                    toDouble(rt, mats, np * nn);
                }
                int b = detPanel();
                CUfunction k = rt.function(GpuModules.MODULAR, "det_tiled" + b + (f64 ? "_f64"
                        : detTwoBlocks() ? "_mont2" : "_mont"));
                long tileShared = (2L * b + 1) * TILE * Long.BYTES;
                allowShared(k, tileShared);
                Cuda.launch(k, "det_tiled", np, 1, TILED_THREADS, (int) tileShared, mats.arg(), ints(n),
                        t.primes.arg(), t.pinvs.arg(), t.r2s.arg(), dets.arg(), ints(skip));
            } else {
                if (f64) {
                    toDouble(rt, mats, np * nn);
                }
                CUfunction k = rt.function(GpuModules.MODULAR, f64 ? "det_global_f64" : "det_global_mont");
                Cuda.launch(k, "det_global", np, 1, globalThreads(k, n), 0, mats.arg(), ints(n), t.primes.arg(), t.pinvs.arg(),
                        t.r2s.arg(), mult.arg(), dets.arg(), ints(skip));
            }
            Cuda.synchronize("det");
            long c0 = System.nanoTime();
            dets.download(0, out, from, np);
            copied(c0);
        }
    }

    /**
     * Whether a determinant too large for shared memory takes the blocked kernel
     * ({@code det_tiled}: panels of {@link #detPanel()} columns, the trailing update as a tiled
     * product in shared memory) rather than {@code det_global} (one pass over the trailing
     * matrix in global memory per pivot pair). The system property
     * {@code modalg.gpu.detKernel=tiled|global} forces either (tests, benchmarks; {@code tiled}
     * also for the matrices that fit in shared memory); by default the tiled kernel from
     * {@link #TILED_MIN_N}.
     */
    static boolean tiled(int n) {
        String k = System.getProperty("modalg.gpu.detKernel", "auto");
        switch (k) {
            case "tiled":
                return true;
            case "global":
                return false;
            case "auto":
                return n >= TILED_MIN_N;
            default:
                throw new IllegalArgumentException("modalg.gpu.detKernel must be auto, tiled or global, got " + k);
        }
    }

    private static boolean forcedTiled() {
        return "tiled".equals(System.getProperty("modalg.gpu.detKernel"));
    }

    // Montgomery det_tiled with at most 128 registers a thread (two blocks a multiprocessor, a few
    // spilled registers) rather than about 171 (one block): measured on an H200 with panels of 32,
    // n = 250 0.036 against 0.047 ms per image, n = 400 0.077 against 0.102, n = 1000 0.600
    // against 0.814 (gpu/BENCHMARKS.md); modalg.gpu.detTwoBlocks=false for the other.
    private static boolean detTwoBlocks() {
        return Boolean.parseBoolean(System.getProperty("modalg.gpu.detTwoBlocks", "true"));
    }

    // Panel width of det_tiled: 16, 32 or 64 (modalg.gpu.detPanel, for the benchmarks).
    static int detPanel() {
        int b = Integer.getInteger("modalg.gpu.detPanel", DEFAULT_PANEL);
        if (b != 16 && b != 32 && b != 64) {
            throw new IllegalArgumentException("modalg.gpu.detPanel must be 16, 32 or 64, got " + b);
        }
        return b;
    }

    // ------------------------------------------------------------------ LU and solves

    @Override
    public LuImages factor(int n, LimbVector a, long[] primes) {
        ImageEngine.checkSquare(n, a);
        for (long p : primes) {
            if (p >= (1L << 23)) {
                throw new IllegalArgumentException("factor takes primes below 2^23, got " + p);
            }
        }
        if (n == 0 || primes.length == 0) {
            return cpu.factor(n, a, primes);
        }
        GpuLuImages lu = new GpuLuImages(n, a, primes.clone());
        try {
            long nn = (long) n * n;
            spread(primes.length, (rt, from, to) -> chunked(rt, from, to, (nn + 4L * n + 1) * Long.BYTES,
                    inputBytes(a), "LU factorization", (at, end) -> lu.factorChunk(rt, at, end)));
            lu.checkFactors();
        } catch (RuntimeException | Error e) {
            lu.close();
            throw e;
        }
        return lu;
    }

    /** The factors of one chunk of primes, on one device. */
    private static final class LuChunk {
        final GpuRuntime rt;
        final int from;
        final int to;
        final boolean f64;
        final Tables tables;
        final DeviceBuffer mats;
        final DeviceBuffer perms;
        final DeviceBuffer diagInvs;
        final DeviceBuffer dets;

        LuChunk(GpuRuntime rt, int from, int to, boolean f64, Tables tables, DeviceBuffer mats, DeviceBuffer perms,
                DeviceBuffer diagInvs, DeviceBuffer dets) {
            this.rt = rt;
            this.from = from;
            this.to = to;
            this.f64 = f64;
            this.tables = tables;
            this.mats = mats;
            this.perms = perms;
            this.diagInvs = diagInvs;
            this.dets = dets;
        }

        void close() {
            rt.enterContext();
            for (AutoCloseable c : new AutoCloseable[] {tables, mats, perms, diagInvs, dets}) {
                try {
                    c.close();
                } catch (Exception e) {
                    LOG.warning("freeing LU factors: " + e.getMessage());
                }
            }
        }
    }

    /** LU factors kept on the devices; primes whose images failed the checks are factored on the CPU. */
    private final class GpuLuImages implements LuImages {
        private final int n;
        private final LimbVector a;
        private final long[] primes;
        private final long[] dets;
        private final List<LuChunk> chunks = new ArrayList<>();
        // Primes (by index) whose factors live on the CPU, and their factors.
        private int[] cpuIndex = new int[0];
        private LuImages cpuLu;
        private boolean closed;

        GpuLuImages(int n, LimbVector a, long[] primes) {
            this.n = n;
            this.a = a;
            this.primes = primes;
            this.dets = new long[primes.length];
            Arrays.fill(dets, SENTINEL);
        }

        void factorChunk(GpuRuntime rt, int from, int to) {
            int np = to - from;
            long nn = (long) n * n;
            boolean f64 = useF64(primes, from, to);
            Tables t = null;
            DeviceBuffer mats = null;
            DeviceBuffer perms = null;
            DeviceBuffer diag = null;
            DeviceBuffer d = null;
            try (DeviceBuffer x = upload(a); DeviceBuffer mult = new DeviceBuffer(np * 2L * n)) {
                t = new Tables(primes, from, to, a.limbsPerValue());
                mats = new DeviceBuffer(np * nn);
                perms = new DeviceBuffer(np * (long) n);
                diag = new DeviceBuffer(np * (long) n);
                d = new DeviceBuffer(np);
                project(rt, t, x, a, mats, nn);
                if (f64) {
                    toDouble(rt, mats, np * nn);
                }
                fill(d);
                CUfunction k = rt.function(GpuModules.MODULAR, f64 ? "lu_global_f64" : "lu_global_mont");
                Cuda.launch(k, "lu_global", np, 1, globalThreads(k, n), 0, mats.arg(), ints(n), t.primes.arg(),
                        t.pinvs.arg(), t.r2s.arg(), mult.arg(), perms.arg(), diag.arg(), d.arg(),
                        ints(faultEveryForTests));
                Cuda.synchronize("lu");
                long c0 = System.nanoTime();
                d.download(0, dets, from, np);
                copied(c0);
                // A failed image must not reach the solve kernel (its permutation is garbage):
                // its det is set to 0 on the device, so the solve skips it.
                long[] dev = Arrays.copyOfRange(dets, from, to);
                boolean changed = false;
                for (int j = 0; j < np; j++) {
                    if (Long.compareUnsigned(dev[j], primes[from + j]) >= 0) {
                        dev[j] = 0;
                        changed = true;
                    }
                }
                if (changed) {
                    c0 = System.nanoTime();
                    d.upload(dev, 0, 0, np);
                    copied(c0);
                }
                LuChunk c = new LuChunk(rt, from, to, f64, t, mats, perms, diag, d);
                synchronized (chunks) {
                    chunks.add(c);
                }
            } catch (RuntimeException | Error e) {
                for (AutoCloseable c : new AutoCloseable[] {t, mats, perms, diag, d}) {
                    if (c != null) {
                        try {
                            c.close();
                        } catch (Exception ignored) {
                            // the first failure is the one reported
                        }
                    }
                }
                throw e;
            }
        }

        // Factors on the CPU the primes whose device image failed the check or never ran.
        void checkFactors() {
            int[] bad = badResidues(dets, primes);
            if (bad.length > 0) {
                warnRecompute("LU factorization", bad.length, primes.length);
                cpuIndex = bad;
                cpuLu = cpu.factor(n, a, subset(primes, bad));
                for (int t = 0; t < bad.length; t++) {
                    dets[bad[t]] = cpuLu.determinant(t);
                }
            }
            chunks.sort((x, y) -> Integer.compare(x.from, y.from));
        }

        @Override
        public int size() {
            return n;
        }

        @Override
        public int count() {
            return primes.length;
        }

        @Override
        public long prime(int j) {
            return primes[j];
        }

        @Override
        public long determinant(int j) {
            return dets[j];
        }

        @Override
        public void solve(long[] b, long[] x) {
            if (closed) {
                throw new IllegalStateException("LU images already closed");
            }
            LuImages.checkSolve(b, x, primes.length, n);
            boolean[] onCpu = new boolean[primes.length];
            for (int j : cpuIndex) {
                onCpu[j] = true;
            }
            List<List<LuChunk>> byDevice = new ArrayList<>();
            for (GpuRuntime rt : devices) {
                List<LuChunk> mine = new ArrayList<>();
                for (LuChunk c : chunks) {
                    if (c.rt == rt) {
                        mine.add(c);
                    }
                }
                if (!mine.isEmpty()) {
                    byDevice.add(mine);
                }
            }
            List<Integer> redo = java.util.Collections.synchronizedList(new ArrayList<>());
            runAll(byDevice.size(), i -> {
                for (LuChunk c : byDevice.get(i)) {
                    c.rt.enterContext();
                    solveChunk(c, b, x, redo);
                }
            });
            // the CPU's factors, and any device image that failed its check
            if (cpuLu != null) {
                long[] bs = new long[cpuIndex.length * n];
                long[] xs = new long[cpuIndex.length * n];
                for (int t = 0; t < cpuIndex.length; t++) {
                    System.arraycopy(b, cpuIndex[t] * n, bs, t * n, n);
                    System.arraycopy(x, cpuIndex[t] * n, xs, t * n, n);
                }
                cpuLu.solve(bs, xs);
                for (int t = 0; t < cpuIndex.length; t++) {
                    System.arraycopy(xs, t * n, x, cpuIndex[t] * n, n);
                }
            }
            if (!redo.isEmpty()) {
                warnRecompute("triangular solve", redo.size(), primes.length);
                int[] idx = redo.stream().mapToInt(Integer::intValue).sorted().toArray();
                try (LuImages lu = cpu.factor(n, a, subset(primes, idx))) {
                    long[] bs = new long[idx.length * n];
                    long[] xs = new long[idx.length * n];
                    for (int t = 0; t < idx.length; t++) {
                        System.arraycopy(b, idx[t] * n, bs, t * n, n);
                    }
                    lu.solve(bs, xs);
                    for (int t = 0; t < idx.length; t++) {
                        System.arraycopy(xs, t * n, x, idx[t] * n, n);
                    }
                }
            }
        }

        private void solveChunk(LuChunk c, long[] b, long[] x, List<Integer> redo) {
            int np = c.to - c.from;
            long words = np * (long) n;
            long[] got = new long[(int) words];
            try (DeviceBuffer db = new DeviceBuffer(words); DeviceBuffer dx = new DeviceBuffer(words)) {
                long c0 = System.nanoTime();
                db.upload(b, c.from * n, 0, words);
                copied(c0);
                fill(dx);
                CUfunction k = c.rt.function(GpuModules.MODULAR, c.f64 ? "lu_solve_f64" : "lu_solve_mont");
                Cuda.launch(k, "lu_solve", np, 1, Math.min(256, roundUp32(n)), 0, c.mats.arg(), ints(n),
                        c.tables.primes.arg(), c.tables.pinvs.arg(), c.tables.r2s.arg(), c.perms.arg(),
                        c.diagInvs.arg(), c.dets.arg(), db.arg(), dx.arg(), ints(faultEveryForTests));
                Cuda.synchronize("lu_solve");
                c0 = System.nanoTime();
                dx.download(0, got, 0, words);
                copied(c0);
            } catch (GpuException e) {
                LOG.warning("triangular solves of primes " + c.from + ".." + (c.to - 1) + " failed on the device ("
                        + e.getMessage() + "): they run on the CPU");
                Arrays.fill(got, SENTINEL);
            }
            for (int j = 0; j < np; j++) {
                int g = c.from + j;
                if (dets[g] == 0 || isCpu(g)) {
                    continue;
                }
                long p = primes[g];
                boolean ok = true;
                for (int i = 0; i < n && ok; i++) {
                    ok = Long.compareUnsigned(got[j * n + i], p) < 0;
                }
                if (ok) {
                    System.arraycopy(got, j * n, x, g * n, n);
                } else {
                    redo.add(g);
                }
            }
        }

        private boolean isCpu(int g) {
            return Arrays.binarySearch(cpuIndex, g) >= 0;
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            for (LuChunk c : chunks) {
                c.close();
            }
            chunks.clear();
            if (cpuLu != null) {
                cpuLu.close();
            }
        }
    }

    // ------------------------------------------------------------------ resultants and gcds

    @Override
    public long[] resultants(LimbVector f, LimbVector g, long[] primes) {
        ImageEngine.checkPolynomials(f, g);
        if (primes.length == 0) {
            return new long[0];
        }
        long[] out = new long[primes.length];
        Arrays.fill(out, SENTINEL);
        int lf = f.count();
        int lg = g.count();
        long perPrime = (lf + lg + 2L * Math.max(lf, lg) + 1) * Long.BYTES;
        spread(primes.length, (rt, from, to) -> chunked(rt, from, to, perPrime, inputBytes(f) + inputBytes(g),
                euclidChunk(rt, Math.max(lf, lg)), "resultant", (at, end) -> resultantChunk(rt, f, g, primes, at, end,
                out)));
        int[] bad = badResidues(out, primes);
        if (bad.length > 0) {
            warnRecompute("resultant", bad.length, primes.length);
            long[] redo = cpu.resultants(f, g, subset(primes, bad));
            for (int t = 0; t < bad.length; t++) {
                out[bad[t]] = redo[t];
            }
        }
        return out;
    }

    private void resultantChunk(GpuRuntime rt, LimbVector f, LimbVector g, long[] primes, int from, int to,
            long[] out) {
        int np = to - from;
        int lf = f.count();
        int lg = g.count();
        boolean f64 = useF64(primes, from, to);
        try (PolynomialPair pair = new PolynomialPair(rt, f, g, primes, from, to);
                DeviceBuffer res = new DeviceBuffer(np)) {
            fill(res);
            CUfunction k = rt.function(GpuModules.MODULAR, f64 ? "resultant_f64" : "resultant_mont");
            Cuda.launch(k, "resultant", np, 1, polyThreads(lf, lg), 0, pair.fr.arg(), ints(lf), pair.gr.arg(),
                    ints(lg), pair.tf.primes.arg(), pair.tf.pinvs.arg(), pair.tf.r2s.arg(), pair.work.arg(), res.arg(),
                    ints(faultEveryForTests));
            Cuda.synchronize("resultant");
            long c0 = System.nanoTime();
            res.download(0, out, from, np);
            copied(c0);
        }
    }

    /**
     * {@link ImageEngine#bivariateResultants} on every visible device: one block per (prime,
     * point) instance ({@code bivariate_resultant_f64} for primes below 2^26, else
     * {@code bivariate_resultant_mont} in modular.cu), which evaluates the coefficients in x of f
     * and g at its point and runs the resultant kernel's Euclid on them. The instances are spread
     * over the devices in contiguous ranges and launched in chunks sized to the L2 cache and the
     * free memory; each chunk uploads the grids and tables of its primes only. Values a device did
     * not produce (sentinel, a failed launch) are recomputed on the host
     * ({@link BivariateImagesZp#resultantsAt}, the kernel's twin), so the result equals the CPU
     * engine's bit for bit.
     */
    @Override
    public long[] bivariateResultants(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
            long[] primes, int points) {
        ImageEngine.checkBivariate(fRes, fRows, fCols, gRes, gRows, gCols, primes, points);
        int total = primes.length * points;
        long[] out = new long[total];
        if (total == 0) {
            return out;
        }
        Arrays.fill(out, SENTINEL);
        int n = Math.max(fRows, gRows);
        long perInstance = (2L * n + 1) * Long.BYTES;
        // the grids and tables of at most all primes, per chunk
        long fixed = ((long) fRows * fCols + (long) gRows * gCols + 4) * primes.length * Long.BYTES;
        spread(total, (rt, from, to) -> chunked(rt, from, to, perInstance, fixed, euclidChunk(rt, n),
                "bivariate resultant", (at, end) -> bivariateBlockChunk(rt, fRes, fRows, fCols, gRes, gRows, gCols,
                        primes, points, null, null, 0, 0, at, end, out)));
        int redone = 0;
        for (int t = 0; t < total; t++) {
            int j = t / points;
            if (Long.compareUnsigned(out[t], primes[j]) >= 0) {
                BivariateImagesZp.resultantsAt(ZpField.of(primes[j]), fRes, j * fRows * fCols, fRows, fCols, gRes,
                        j * gRows * gCols, gRows, gCols, t % points, t % points + 1, out, t);
                redone++;
            }
        }
        if (redone > 0) {
            warnRecompute("bivariate resultant", redone, total);
        }
        return out;
    }

    /**
     * {@link ImageEngine#bivariateResultantsOnCosets} on every visible device. For primes below
     * 2^26 one thread per (prime, coset, point) instance ({@code bivariate_coset_thread_f64} or
     * {@code _u32} in modular.cu, {@link #BIVARIATE_KERNEL_PROPERTY}): Horner and Euclid in the
     * thread's two rows of shared memory, no barrier, two lanes per pair of points a, -a of a coset
     * sharing Horner's even and odd columns, so devices and launches take whole cosets (launches of
     * up to 2^20 instances). Else (or
     * forced) one block per instance ({@code bivariate_coset_f64} for primes below 2^26, else
     * {@code bivariate_coset_mont}), which computes its point c_t w^i from the
     * prime's root of unity and coset shift, evaluates the coefficients in x there by Horner (the
     * grids are uploaded once per chunk: no evaluations cross the bus) and runs the resultant
     * kernel's Euclid. Chunks and devices as {@link #bivariateResultants}; values a device did not
     * produce are recomputed on the host ({@link BivariateImagesZp#resultantAtPoint}), so the
     * result equals the CPU engine's bit for bit.
     */
    @Override
    public long[] bivariateResultantsOnCosets(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
            long[] primes, int log2m, long[] shifts, int cosets) {
        ImageEngine.checkCosets(fRes, fRows, fCols, gRes, gRows, gCols, primes, log2m, shifts, cosets);
        int m = 1 << log2m;
        int perPrime = cosets * m;
        int total = primes.length * perPrime;
        long[] out = new long[total];
        if (total == 0) {
            return out;
        }
        Arrays.fill(out, SENTINEL);
        long[] roots = rootsOfUnity(primes, log2m);
        int n = Math.max(fRows, gRows);
        long perInstance = (2L * n + 1) * Long.BYTES;
        long fixed = ((long) fRows * fCols + (long) gRows * gCols + 5 + cosets) * primes.length * Long.BYTES;
        String kernel = bivariateKernel();
        boolean threads = !kernel.equals("block") && useF64(primes, 0, primes.length);
        int word = threadWord(kernel, n);
        long[] fLen = threads ? rowLengths(fRes, fRows, fCols, primes.length) : null;
        long[] gLen = threads ? rowLengths(gRes, gRows, gCols, primes.length) : null;
        long k0 = System.nanoTime();
        long moved = transferNanos.get();
        // the devices' ranges in whole cosets: the thread kernel pairs the points a and -a of a coset
        spread(total >> log2m, (rt, fromCoset, toCoset) -> {
            int from = fromCoset << log2m;
            int to = toCoset << log2m;
            int block = cosetThreads(n, word);
            if (threads && 2L * n * word * block <= rt.maxSharedOptin()) {
                bivariateCosetThreads(rt, fRes, fRows, fCols, fLen, gRes, gRows, gCols, gLen, primes, roots, shifts,
                        log2m, cosets, from, to, block, word, 0, out);
            } else {
                chunked(rt, from, to, perInstance, fixed, euclidChunk(rt, n), "bivariate resultant on cosets",
                        (at, end) -> bivariateBlockChunk(rt, fRes, fRows, fCols, gRes, gRows, gCols, primes, perPrime,
                                roots, shifts, log2m, cosets, at, end, out));
            }
        });
        if (PROFILE) {
            LOG.info(String.format(java.util.Locale.ROOT, "bivariate resultant on cosets: %d instances (%d primes x %d "
                    + "cosets x 2^%d, rows %d and %d), %s kernel: %.2f ms on the devices, of which copies %.2f ms",
                    total, primes.length, cosets, log2m, fRows, gRows, threads ? "thread (" + word + "-byte rows)"
                            : "block",
                    (System.nanoTime() - k0) / 1e6, (transferNanos.get() - moved) / 1e6));
        }
        int redone = 0;
        for (int t = 0; t < total; t++) {
            int j = t / perPrime;
            if (Long.compareUnsigned(out[t], primes[j]) >= 0) {
                ZpField field = ZpField.of(primes[j]);
                int c = (t % perPrime) >> log2m;
                long pt = field.mul(shifts[j * cosets + c], field.pow(roots[j], t & (m - 1)));
                out[t] = BivariateImagesZp.resultantAtPoint(field, fRes, j * fRows * fCols, fRows, fCols, gRes,
                        j * gRows * gCols, gRows, gCols, pt);
                redone++;
            }
        }
        if (redone > 0) {
            warnRecompute("bivariate resultant on cosets", redone, total);
        }
        return out;
    }

    /**
     * {@link ImageEngine#principalCoefficientsOnCosets} on every visible device: the resultant's
     * thread per point kernel with its psc flag ({@code bivariate_coset_thread_psc_f64} or
     * {@code _u32} in modular.cu: the same evaluations, then a Euclid that writes psc_j for every
     * j by SubresultantChainZp's rules), launched by the resultant's routine (whole cosets, launches
     * split on out of memory) with at most 2^24 outputs a launch. Where the
     * thread kernel does not apply (primes from 2^26 or the Montgomery arithmetic forced, two rows
     * a thread beyond the shared memory) or a launch fails, the instances are computed on the host
     * ({@link BivariateImagesZp#principalCoefficientsAtPoint}, logged), so the result equals the
     * CPU engine's bit for bit.
     */
    @Override
    public long[] principalCoefficientsOnCosets(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
            long[] primes, int log2m, long[] shifts, int cosets) {
        int top = ImageEngine.checkPrincipal(fRes, fRows, fCols, gRes, gRows, gCols, primes, log2m, shifts, cosets);
        int m = 1 << log2m;
        int perPrime = cosets * m;
        int total = primes.length * perPrime;
        long[] out = new long[total * top];
        if (out.length == 0) {
            return out;
        }
        Arrays.fill(out, SENTINEL);
        long[] roots = rootsOfUnity(primes, log2m);
        int n = Math.max(fRows, gRows);
        int word = threadWord(bivariateKernel(), n);
        if (useF64(primes, 0, primes.length)) {
            long[] fLen = rowLengths(fRes, fRows, fCols, primes.length);
            long[] gLen = rowLengths(gRes, gRows, gCols, primes.length);
            long k0 = System.nanoTime();
            long moved = transferNanos.get();
            spread(total >> log2m, (rt, fromCoset, toCoset) -> {
                int block = cosetThreads(n, word);
                if (2L * n * word * block <= rt.maxSharedOptin()) {
                    bivariateCosetThreads(rt, fRes, fRows, fCols, fLen, gRes, gRows, gCols, gLen, primes, roots,
                            shifts, log2m, cosets, fromCoset << log2m, toCoset << log2m, block, word, top, out);
                }
            });
            if (PROFILE) {
                LOG.info(String.format(java.util.Locale.ROOT, "principal subresultant coefficients on cosets: %d "
                        + "instances x %d indices (%d primes x %d cosets x 2^%d, rows %d and %d), thread kernel "
                        + "(%d-byte rows): %.2f ms on the devices, of which copies %.2f ms", total, top,
                        primes.length, cosets, log2m, fRows, gRows, word, (System.nanoTime() - k0) / 1e6,
                        (transferNanos.get() - moved) / 1e6));
            }
        }
        int redone = 0;
        for (int t = 0; t < total; t++) {
            int j = t / perPrime;
            int local = t - j * perPrime;
            int base = j * top * perPrime + local;
            boolean missing = false;
            for (int i = 0; i < top && !missing; i++) {
                missing = Long.compareUnsigned(out[base + i * perPrime], primes[j]) >= 0;
            }
            if (missing) {
                ZpField field = ZpField.of(primes[j]);
                long pt = field.mul(shifts[j * cosets + (local >> log2m)], field.pow(roots[j], local & (m - 1)));
                BivariateImagesZp.principalCoefficientsAtPoint(field, fRes, j * fRows * fCols, fRows, fCols, gRes,
                        j * gRows * gCols, gRows, gCols, pt, out, base, perPrime);
                redone++;
            }
        }
        if (redone > 0) {
            warnRecompute("principal subresultant coefficients on cosets", redone, total);
        }
        return out;
    }

    /** Outputs (instances x indices) per launch of the psc thread kernel at most: 2^24 words, 128 MB. */
    private static final int PSC_CHUNK_WORDS = 1 << 24;

    // The value of BIVARIATE_KERNEL_PROPERTY, checked
    private static String bivariateKernel() {
        String kernel = System.getProperty(BIVARIATE_KERNEL_PROPERTY, "auto");
        if (!kernel.equals("auto") && !kernel.equals("thread") && !kernel.equals("thread32")
                && !kernel.equals("block")) {
            throw new IllegalArgumentException(BIVARIATE_KERNEL_PROPERTY + " must be auto, thread, thread32 or block, got "
                    + kernel);
        }
        return kernel;
    }

    // Bytes a word of the thread kernel's rows for rows n: 32-bit words from 49 rows (auto), twice the threads
    private static int threadWord(String kernel, int n) {
        return kernel.equals("thread") ? 8 : kernel.equals("thread32") || n > THREAD_DOUBLE_ROWS ? 4 : 8;
    }

    // Instances [from, to) in one launch of a block per point kernel, instance t = j perPrime + the
    // point's index for prime j: the grids and tables of primes from / perPrime .. (to - 1) / perPrime
    // uploaded, then one block per instance. With roots null the points are 0, 1, ..., perPrime - 1
    // (bivariateResultants: bivariate_resultant_f64 / _mont), else shifts[j cosets + c] roots[j]^i at
    // index c 2^log2m + i (bivariateResultantsOnCosets: bivariate_coset_f64 / _mont, perPrime = cosets
    // 2^log2m).
    private void bivariateBlockChunk(GpuRuntime rt, long[] fRes, int fRows, int fCols, long[] gRes, int gRows,
            int gCols, long[] primes, int perPrime, long[] roots, long[] shifts, int log2m, int cosets, int from,
            int to, long[] out) {
        boolean onCosets = roots != null;
        String name = onCosets ? "bivariate resultant on cosets" : "bivariate resultant";
        int count = to - from;
        int j0 = from / perPrime;
        int j1 = (to - 1) / perPrime + 1;
        int fs = fRows * fCols;
        int gs = gRows * gCols;
        int n = Math.max(fRows, gRows);
        boolean f64 = useF64(primes, j0, j1);
        try (Tables tables = new Tables(primes, j0, j1, 1);
                DeviceBuffer df = new DeviceBuffer((long) (j1 - j0) * fs);
                DeviceBuffer dg = new DeviceBuffer((long) (j1 - j0) * gs);
                DeviceBuffer dRoots = new DeviceBuffer(onCosets ? j1 - j0 : 1);
                DeviceBuffer dShifts = new DeviceBuffer(onCosets ? (long) (j1 - j0) * cosets : 1);
                DeviceBuffer work = new DeviceBuffer(2L * n * count);
                DeviceBuffer res = new DeviceBuffer(count)) {
            long c0 = System.nanoTime();
            df.upload(fRes, j0 * fs, 0, (long) (j1 - j0) * fs);
            dg.upload(gRes, j0 * gs, 0, (long) (j1 - j0) * gs);
            if (onCosets) {
                dRoots.upload(roots, j0, 0, j1 - j0);
                dShifts.upload(shifts, j0 * cosets, 0, (long) (j1 - j0) * cosets);
            }
            copied(c0);
            fill(res);
            Pointer first = longs(from - (long) j0 * perPrime);
            Pointer[] points = onCosets
                    ? new Pointer[] {dRoots.arg(), dShifts.arg(), ints(log2m), ints(cosets), first}
                    : new Pointer[] {ints(perPrime), first};
            Pointer[] head = {df.arg(), ints(fRows), ints(fCols), dg.arg(), ints(gRows), ints(gCols),
                tables.primes.arg(), tables.pinvs.arg(), tables.r2s.arg()};
            Pointer[] tail = {work.arg(), res.arg(), ints(faultEveryForTests)};
            Pointer[] args = new Pointer[head.length + points.length + tail.length];
            System.arraycopy(head, 0, args, 0, head.length);
            System.arraycopy(points, 0, args, head.length, points.length);
            System.arraycopy(tail, 0, args, head.length + points.length, tail.length);
            CUfunction k = rt.function(GpuModules.MODULAR, (onCosets ? "bivariate_coset_" : "bivariate_resultant_")
                    + (f64 ? "f64" : "mont"));
            Cuda.launch(k, name, count, 1, polyThreads(fRows, gRows), 0, args);
            Cuda.synchronize(name);
            long c1 = System.nanoTime();
            res.download(0, out, from, count);
            copied(c1);
        }
    }

    /**
     * The system property that picks the kernel of {@link #bivariateResultantsOnCosets}:
     * {@code auto} (the default) takes the thread per point kernel where the primes are below 2^26
     * and two rows a thread fit a block's shared memory, its rows as doubles
     * ({@code bivariate_coset_thread_f64}) up to 48 rows and as 32-bit words above
     * ({@code bivariate_coset_thread_f64_u32}: twice the threads per multiprocessor), else
     * {@code bivariate_coset_f64} / {@code _mont}; {@code thread} and {@code thread32} force the
     * one or the other row format; {@code block} takes the block per point kernel (the one before
     * the thread kernels: for measuring one against the other).
     */
    public static final String BIVARIATE_KERNEL_PROPERTY = "modalg.gpu.bivariateKernel";

    /** When true ({@code -Dmodalg.bivariate.profile=true}), each coset batch logs its device time at INFO. */
    private static final boolean PROFILE = Boolean.getBoolean("modalg.bivariate.profile");

    /** Instances per launch of the thread kernel at most (2^20: 32,768 blocks of 32, about 50 waves on an H100). */
    private static final int THREAD_CHUNK = 1 << 20;

    /** Up to this many rows (max(fRows, gRows)) the thread kernel keeps its rows as doubles, above as 32-bit words. */
    private static final int THREAD_DOUBLE_ROWS = 48;

    // Threads per block of the thread kernel (modalg.gpu.bivariateThreads overrides): 2 n words of
    // `word` bytes of shared memory a thread, a block of 64 while it takes at most 48 KB, else 32.
    private static int cosetThreads(int n, int word) {
        Integer forced = Integer.getInteger("modalg.gpu.bivariateThreads");
        if (forced != null) {
            return Math.max(32, roundUp32(forced));
        }
        return 2L * n * word * 64 <= 48 * 1024 ? 64 : 32;
    }

    // Per row r of count grids of rows x cols residues: 1 + the largest column non-zero in row r of
    // any grid (0 for rows that vanish in every grid), so that Horner skips the zeros above it.
    static long[] rowLengths(long[] res, int rows, int cols, int count) {
        long[] len = new long[rows];
        for (int j = 0; j < count; j++) {
            for (int r = 0; r < rows; r++) {
                int base = (j * rows + r) * cols;
                for (int k = cols - 1; k >= len[r]; k--) {
                    if (res[base + k] != 0) {
                        len[r] = k + 1;
                        break;
                    }
                }
            }
        }
        return len;
    }

    // Instances [from, to) (whole cosets) on one device by the thread kernel, in launches of whole
    // cosets (the kernel pairs a coset's points a and -a), at most THREAD_CHUNK instances or one
    // coset, that fit 80% of the free memory; out of memory halves the launch down to one coset, any
    // other driver failure (or out of memory on one coset) leaves the launch's outputs at the
    // sentinel (recomputed on the host).
    private void bivariateCosetThreads(GpuRuntime rt, long[] fRes, int fRows, int fCols, long[] fLen, long[] gRes,
            int gRows, int gCols, long[] gLen, long[] primes, long[] roots, long[] shifts, int log2m, int cosets,
            int from, int to, int block, int word, int top, long[] out) {
        int m = 1 << log2m;
        int perPrime = cosets << log2m;
        long perPrimeBytes = ((long) fRows * fCols + (long) gRows * gCols + 2 + cosets) * Long.BYTES;
        long perInstance = (long) Long.BYTES * Math.max(1, top) + (perPrimeBytes + perPrime - 1) / perPrime;
        long most = top == 0 ? THREAD_CHUNK : Math.min(THREAD_CHUNK, PSC_CHUNK_WORDS / top);
        long fit = Math.min(most, (long) (rt.freeMemory() * 0.8 - perPrimeBytes * 2) / perInstance);
        long size = Math.max(1, fit >> log2m) << log2m;
        int at = from;
        while (at < to) {
            options.checkCancelled("before bivariate resultant on cosets images " + (at + 1) + ".." + to + " on GPU "
                    + rt.ordinal());
            int end = (int) Math.min(to, at + size);
            try {
                bivariateCosetThreadChunk(rt, fRes, fRows, fCols, fLen, gRes, gRows, gCols, gLen, primes, roots,
                        shifts, log2m, cosets, at, end, block, word, top, out);
                at = end;
            } catch (GpuException e) {
                if (e.isOutOfMemory() && end - at > m) {
                    size = Math.max(1, (end - at) / 2 >> log2m) << log2m;
                    LOG.warning("bivariate resultant on cosets images: out of memory on GPU " + rt.ordinal() + " for "
                            + (end - at) + " instances, split into launches of " + size);
                    continue;
                }
                LOG.warning("bivariate resultant on cosets images " + at + ".." + (end - 1) + " run on the CPU: "
                        + e.getMessage());
                at = end; // their outputs stay at the sentinel: recomputed on the CPU
            }
        }
    }

    // Instances [from, to) (whole cosets) in one launch of bivariate_coset_thread_f64 (word 8) or _u32 (word 4): the grids
    // of their primes uploaded and turned into doubles on the device, with the row lengths, roots and shifts. With
    // top > 0 the psc kernel (_psc_f64, _psc_f64_u32): its index-major outputs scattered into out's layout of
    // principalCoefficientsOnCosets; else the resultants into out[from, to).
    private void bivariateCosetThreadChunk(GpuRuntime rt, long[] fRes, int fRows, int fCols, long[] fLen,
            long[] gRes, int gRows, int gCols, long[] gLen, long[] primes, long[] roots, long[] shifts, int log2m,
            int cosets, int from, int to, int block, int word, int top, long[] out) {
        int count = to - from;
        int perPrime = cosets << log2m;
        int j0 = from / perPrime;
        int j1 = (to - 1) / perPrime + 1;
        int fs = fRows * fCols;
        int gs = gRows * gCols;
        int n = Math.max(fRows, gRows);
        long shared = 2L * n * word * block;
        try (DeviceBuffer dPrimes = DeviceBuffer.of(Arrays.copyOfRange(primes, j0, j1));
                DeviceBuffer df = new DeviceBuffer((long) (j1 - j0) * fs);
                DeviceBuffer dg = new DeviceBuffer((long) (j1 - j0) * gs);
                DeviceBuffer dfLen = DeviceBuffer.of(fLen);
                DeviceBuffer dgLen = DeviceBuffer.of(gLen);
                DeviceBuffer dRoots = new DeviceBuffer(j1 - j0);
                DeviceBuffer dShifts = new DeviceBuffer((long) (j1 - j0) * cosets);
                DeviceBuffer res = new DeviceBuffer((long) count * Math.max(1, top))) {
            long c0 = System.nanoTime();
            df.upload(fRes, j0 * fs, 0, (long) (j1 - j0) * fs);
            dg.upload(gRes, j0 * gs, 0, (long) (j1 - j0) * gs);
            dRoots.upload(roots, j0, 0, j1 - j0);
            dShifts.upload(shifts, j0 * cosets, 0, (long) (j1 - j0) * cosets);
            copied(c0);
            toDouble(rt, df, (long) (j1 - j0) * fs);
            toDouble(rt, dg, (long) (j1 - j0) * gs);
            fill(res);
            String name = top == 0 ? "bivariate resultant on cosets (thread per point)"
                    : "principal subresultant coefficients on cosets (thread per point)";
            CUfunction k = rt.function(GpuModules.MODULAR, "bivariate_coset_thread_" + (top == 0 ? "" : "psc_")
                    + (word == 8 ? "f64" : "f64_u32"));
            if (shared > 48 * 1024) {
                allowShared(k, shared);
            }
            Cuda.launch(k, name, (count + block - 1) / block, 1, block,
                    (int) shared, df.arg(), ints(fRows), ints(fCols), dfLen.arg(), dg.arg(), ints(gRows), ints(gCols),
                    dgLen.arg(), dPrimes.arg(), dRoots.arg(), dShifts.arg(), ints(log2m), ints(cosets),
                    longs(from - (long) j0 * perPrime), longs(count), res.arg(), ints(faultEveryForTests));
            Cuda.synchronize(name);
            long c1 = System.nanoTime();
            if (top == 0) {
                res.download(0, out, from, count);
                copied(c1);
                return;
            }
            long[] psc = new long[count * top]; // psc_i of instance from + t at i count + t
            res.download(0, psc, 0, (long) count * top);
            copied(c1);
            for (int t = 0; t < count; t++) {
                int j = (from + t) / perPrime;
                int base = j * top * perPrime + (from + t - j * perPrime);
                for (int i = 0; i < top; i++) {
                    out[base + i * perPrime] = psc[i * count + t];
                }
            }
        }
    }

    @Override
    public GcdImages gcds(LimbVector f, LimbVector g, long[] primes, boolean cofactors) {
        ImageEngine.checkPolynomials(f, g);
        int lf = f.count();
        int lg = g.count();
        int n = Math.max(lf, lg);
        if (primes.length == 0) {
            return cpu.gcds(f, g, primes, cofactors);
        }
        int np = primes.length;
        long[] degPlus1 = new long[np];
        long[] h = new long[Math.multiplyExact(np, n)];
        long[] fc = cofactors ? new long[Math.multiplyExact(np, lf)] : null;
        long[] gc = cofactors ? new long[Math.multiplyExact(np, lg)] : null;
        Arrays.fill(degPlus1, SENTINEL);
        long perPrime = (lf + lg + 3L * n + 1 + (cofactors ? lf + lg : 0)) * Long.BYTES;
        spread(np, (rt, from, to) -> chunked(rt, from, to, perPrime, inputBytes(f) + inputBytes(g),
                euclidChunk(rt, n), "gcd", (at, end) -> gcdChunk(rt, f, g, primes, at, end, cofactors, degPlus1, h, fc,
                gc)));
        List<Integer> bad = new ArrayList<>();
        for (int j = 0; j < np; j++) {
            if (!gcdImageOk(primes[j], degPlus1[j], h, j * n, n)
                    || cofactors && !(residues(fc, j * lf, lf, primes[j]) && residues(gc, j * lg, lg, primes[j]))) {
                bad.add(j);
            }
        }
        int[] degrees = new int[np];
        for (int j = 0; j < np; j++) {
            degrees[j] = (int) degPlus1[j] - 1;
        }
        if (!bad.isEmpty()) {
            warnRecompute("gcd", bad.size(), np);
            int[] idx = bad.stream().mapToInt(Integer::intValue).toArray();
            GcdImages redo = cpu.gcds(f, g, subset(primes, idx), cofactors);
            for (int t = 0; t < idx.length; t++) {
                int j = idx[t];
                degrees[j] = redo.degree(t);
                Arrays.fill(h, j * n, (j + 1) * n, 0);
                long[] hj = redo.gcd(t);
                System.arraycopy(hj, 0, h, j * n, hj.length);
                if (cofactors) {
                    System.arraycopy(redo.fCofactor(t), 0, fc, j * lf, lf);
                    System.arraycopy(redo.gCofactor(t), 0, gc, j * lg, lg);
                }
            }
        }
        return new GcdImages(primes.clone(), degrees, h, n, fc, lf, gc, lg);
    }

    private void gcdChunk(GpuRuntime rt, LimbVector f, LimbVector g, long[] primes, int from, int to,
            boolean cofactors, long[] degPlus1, long[] h, long[] fc, long[] gc) {
        int np = to - from;
        int lf = f.count();
        int lg = g.count();
        int n = Math.max(lf, lg);
        boolean f64 = useF64(primes, from, to);
        try (PolynomialPair pair = new PolynomialPair(rt, f, g, primes, from, to);
                DeviceBuffer dh = new DeviceBuffer(np * (long) n);
                DeviceBuffer deg = new DeviceBuffer(np);
                DeviceBuffer dfc = new DeviceBuffer(cofactors ? np * (long) lf : 1);
                DeviceBuffer dgc = new DeviceBuffer(cofactors ? np * (long) lg : 1)) {
            for (DeviceBuffer b : new DeviceBuffer[] {dh, deg, dfc, dgc}) {
                fill(b);
            }
            CUfunction k = rt.function(GpuModules.MODULAR, f64 ? "gcd_f64" : "gcd_mont");
            Cuda.launch(k, "gcd", np, 1, polyThreads(lf, lg), 0, pair.fr.arg(), ints(lf), pair.gr.arg(), ints(lg),
                    pair.tf.primes.arg(), pair.tf.pinvs.arg(), pair.tf.r2s.arg(), pair.work.arg(), dh.arg(), deg.arg(),
                    dfc.arg(), dgc.arg(), ints(cofactors ? 1 : 0), ints(faultEveryForTests));
            Cuda.synchronize("gcd");
            long c0 = System.nanoTime();
            deg.download(0, degPlus1, from, np);
            dh.download(0, h, from * n, np * (long) n);
            if (cofactors) {
                dfc.download(0, fc, from * lf, np * (long) lf);
                dgc.download(0, gc, from * lg, np * (long) lg);
            }
            copied(c0);
        }
    }

    // A monic gcd of degPlus1 - 1 in h[off .. off + n), zeros above.
    private static boolean gcdImageOk(long p, long degPlus1, long[] h, int off, int n) {
        if (degPlus1 < 0 || degPlus1 > n) {
            return false;
        }
        int d = (int) degPlus1;
        for (int i = 0; i < n; i++) {
            long v = h[off + i];
            if (i >= d ? v != 0 : Long.compareUnsigned(v, p) >= 0) {
                return false;
            }
        }
        return d == 0 || h[off + d - 1] == 1;
    }

    private static boolean residues(long[] a, int off, int len, long p) {
        for (int i = off; i < off + len; i++) {
            if (Long.compareUnsigned(a[i], p) >= 0) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ generalized Fermat fields: the CPU

    @Override
    public long[][] determinants(int n, LimbVector a, GfField[] fields) {
        return cpu.determinants(n, a, fields);
    }

    @Override
    public long[][] resultants(LimbVector f, LimbVector g, GfField[] fields) {
        return cpu.resultants(f, g, fields);
    }

    @Override
    public long[][] gcds(LimbVector f, LimbVector g, GfField[] fields) {
        return cpu.gcds(f, g, fields);
    }

    // ------------------------------------------------------------------ devices, chunks, faults

    private interface Part {
        void run(GpuRuntime rt, int from, int to);
    }

    private interface Chunk {
        void run(int from, int to);
    }

    private interface Indexed {
        void run(int i);
    }

    // Primes per Euclid launch: as many as keep the work arrays (2 n words a prime) within 3/4 of
    // the L2 cache, but at least two blocks per multiprocessor. Measured on an H100 (50 MB L2):
    // gcd degree 10,000 at 0.61 ms per image with 264 primes a launch (42 MB of work arrays)
    // against 1.08 with 528 (84 MB).
    private static int euclidChunk(GpuRuntime rt, int n) {
        long perPrime = 2L * n * Long.BYTES;
        long fit = (long) rt.l2Bytes() * 3 / 4 / perPrime;
        return (int) Math.min(MAX_CHUNK, Math.max(2L * rt.multiprocessors(), fit));
    }

    // Contiguous ranges of the primes, one per device, each on its own host thread.
    private void spread(int count, Part part) {
        int d = Math.min(devices.size(), count);
        runAll(d, i -> {
            GpuRuntime rt = devices.get(i);
            rt.enterContext();
            part.run(rt, (int) ((long) count * i / d), (int) ((long) count * (i + 1) / d));
        });
    }

    // The tasks on their own host threads (one per device); the longest task's copies are added
    // to transferNanos (also when a task fails: its copies happened).
    private void runAll(int tasks, Indexed task) {
        long[] copies = new long[Math.max(0, tasks)];
        Indexed timed = i -> {
            long before = COPIES.get()[0];
            try {
                task.run(i);
            } finally {
                copies[i] = COPIES.get()[0] - before;
            }
        };
        try {
            runTasks(tasks, timed);
        } finally {
            long longest = 0;
            for (long c : copies) {
                longest = Math.max(longest, c);
            }
            transferNanos.addAndGet(longest);
        }
    }

    private static void runTasks(int tasks, Indexed task) {
        if (tasks <= 1) {
            if (tasks == 1) {
                task.run(0);
            }
            return;
        }
        ExecutorService p = pool(tasks);
        List<Future<?>> futures = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            int index = i;
            futures.add(p.submit(() -> task.run(index)));
        }
        RuntimeException first = null;
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                first = first != null ? first : new IllegalStateException("interrupted", e);
            } catch (ExecutionException e) {
                Throwable c = e.getCause();
                if (c instanceof Error) {
                    throw (Error) c;
                }
                first = first != null ? first
                        : c instanceof RuntimeException ? (RuntimeException) c : new IllegalStateException(c);
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static synchronized ExecutorService pool(int threads) {
        if (pool == null) {
            pool = Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "modalg-gpu-device");
                t.setDaemon(true);
                return t;
            });
        }
        return pool;
    }

    // Primes [from, to) on one device in chunks sized to its free memory; out of memory halves
    // the chunk, a single prime that does not fit and any other driver failure run on the CPU.
    private void chunked(GpuRuntime rt, int from, int to, long bytesPerPrime, long fixedBytes, String what,
            Chunk chunk) {
        chunked(rt, from, to, bytesPerPrime, fixedBytes, MAX_CHUNK, what, chunk);
    }

    private void chunked(GpuRuntime rt, int from, int to, long bytesPerPrime, long fixedBytes, int cap, String what,
            Chunk chunk) {
        long free = rt.freeMemory();
        long fit = (long) (free * 0.8 - fixedBytes) / Math.max(1, bytesPerPrime);
        int size = (int) Math.max(1, Math.min(Math.min(to - from, Math.min(cap, MAX_CHUNK)), fit));
        int at = from;
        while (at < to) {
            options.checkCancelled("before " + what + " images " + (at + 1) + ".." + to + " on GPU " + rt.ordinal());
            int end = Math.min(to, at + size);
            try {
                chunk.run(at, end);
                at = end;
            } catch (GpuException e) {
                if (e.isOutOfMemory() && end - at > 1) {
                    size = Math.max(1, (end - at) / 2);
                    LOG.warning(what + " images: out of memory on GPU " + rt.ordinal() + " for " + (end - at)
                            + " primes, split into chunks of " + size + " primes");
                    continue;
                }
                LOG.warning(what + " images of primes " + at + ".." + (end - 1) + " run on the CPU: "
                        + e.getMessage());
                at = end; // their outputs stay at the sentinel: recomputed on the CPU
            }
        }
    }

    private static void warnRecompute(String what, int bad, int total) {
        LOG.warning(bad + " of " + total + " " + what + " images were not produced on the GPU (sentinel or "
                + "invalid value): recomputed on the CPU engine");
    }

    // Indices j whose value is not a residue modulo primes[j] (the sentinel among them).
    private static int[] badResidues(long[] values, long[] primes) {
        int count = 0;
        int[] bad = new int[values.length];
        for (int j = 0; j < values.length; j++) {
            if (Long.compareUnsigned(values[j], primes[j]) >= 0) {
                bad[count++] = j;
            }
        }
        return Arrays.copyOf(bad, count);
    }

    private static long[] subset(long[] primes, int[] idx) {
        long[] s = new long[idx.length];
        for (int t = 0; t < idx.length; t++) {
            s[t] = primes[idx[t]];
        }
        return s;
    }

    private static boolean useF64(long[] primes, int from, int to) {
        if ("mont".equals(System.getProperty("modalg.gpu.imageArithmetic"))) {
            return false;
        }
        for (int j = from; j < to; j++) {
            if (primes[j] >= (1L << F64_MAX_PRIME_BITS)) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ launch helpers

    /**
     * The set-up the Euclid kernels (resultant, gcd) share for primes[from, to): both
     * polynomials' residues on the device (fr, gr: one row per prime), their tables, and the
     * kernels' work space of 2 max(lf, lg) words per prime.
     */
    private final class PolynomialPair implements AutoCloseable {
        final Tables tf;
        final DeviceBuffer fr;
        final DeviceBuffer gr;
        final DeviceBuffer work;
        private final List<AutoCloseable> owned = new ArrayList<>();

        PolynomialPair(GpuRuntime rt, LimbVector f, LimbVector g, long[] primes, int from, int to) {
            int np = to - from;
            int lf = f.count();
            int lg = g.count();
            try {
                tf = own(new Tables(primes, from, to, f.limbsPerValue()));
                Tables tg = own(new Tables(primes, from, to, g.limbsPerValue()));
                DeviceBuffer xf = own(upload(f));
                DeviceBuffer xg = own(upload(g));
                fr = own(new DeviceBuffer(np * (long) lf));
                gr = own(new DeviceBuffer(np * (long) lg));
                work = own(new DeviceBuffer(np * 2L * Math.max(lf, lg)));
                project(rt, tf, xf, f, fr, lf);
                project(rt, tg, xg, g, gr, lg);
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        private <T extends AutoCloseable> T own(T resource) {
            owned.add(resource);
            return resource;
        }

        @Override
        public void close() {
            RuntimeException first = null;
            for (int i = owned.size() - 1; i >= 0; i--) {
                try {
                    owned.get(i).close();
                } catch (Exception e) { // free the rest, then report the first failure
                    if (first == null) {
                        first = e instanceof RuntimeException ? (RuntimeException) e : new IllegalStateException(e);
                    }
                }
            }
            owned.clear();
            if (first != null) {
                throw first;
            }
        }
    }

    /** Per-prime constants on the device: p, p^-1 mod 2^64, R^2 mod p, and the limb powers of the projection. */
    private static final class Tables implements AutoCloseable {
        final int count;
        final DeviceBuffer primes;
        final DeviceBuffer pinvs;
        final DeviceBuffer r2s;
        final DeviceBuffer limbPow;

        Tables(long[] all, int from, int to, int limbs) {
            count = to - from;
            long[] p = Arrays.copyOfRange(all, from, to);
            long[] pinv = new long[count];
            long[] r2 = new long[count];
            long[] pw = new long[count * (limbs + 1)];
            for (int j = 0; j < count; j++) {
                long q = p[j];
                ZpMontgomery m = ZpMontgomery.of(q);
                ZpField f = ZpField.of(q);
                pinv[j] = m.pInverse();
                r2[j] = m.toMont(m.one());
                long two64 = Long.remainderUnsigned(-q, q);
                long pow = 1;
                for (int l = 0; l < limbs; l++) {
                    pw[j * (limbs + 1) + l] = m.toMont(pow);
                    pow = f.mul(pow, two64);
                }
                pw[j * (limbs + 1) + limbs] = pow;
            }
            DeviceBuffer[] made = new DeviceBuffer[4];
            long c0 = System.nanoTime();
            try {
                made[0] = DeviceBuffer.of(p);
                made[1] = DeviceBuffer.of(pinv);
                made[2] = DeviceBuffer.of(r2);
                made[3] = DeviceBuffer.of(pw);
                copied(c0);
            } catch (RuntimeException e) {
                for (DeviceBuffer b : made) {
                    if (b != null) {
                        b.close();
                    }
                }
                throw e;
            }
            primes = made[0];
            pinvs = made[1];
            r2s = made[2];
            limbPow = made[3];
        }

        @Override
        public void close() {
            primes.close();
            pinvs.close();
            r2s.close();
            limbPow.close();
        }
    }

    private static long inputBytes(LimbVector v) {
        return (long) v.count() * v.limbsPerValue() * Long.BYTES;
    }

    private static DeviceBuffer upload(LimbVector v) {
        long words = (long) v.count() * v.limbsPerValue();
        DeviceBuffer b = new DeviceBuffer(words);
        try {
            long c0 = System.nanoTime();
            b.upload(v.limbs(), 0, 0, words);
            copied(c0);
        } catch (RuntimeException e) {
            b.close();
            throw e;
        }
        return b;
    }

    // res row j (stride rowStride) = the values of v modulo prime j of the tables.
    private static void project(GpuRuntime rt, Tables t, DeviceBuffer x, LimbVector v, DeviceBuffer res,
            long rowStride) {
        long count = v.count();
        if (count == 0) {
            return;
        }
        CUfunction k = rt.function(GpuModules.MODULAR, "project_signed");
        Cuda.launch(k, "project_signed", (int) ((count + PROJECT_THREADS - 1) / PROJECT_THREADS), t.count,
                PROJECT_THREADS, 0, x.arg(), ints(v.limbsPerValue()), longs(count), res.arg(), longs(rowStride),
                t.primes.arg(), t.pinvs.arg(), t.limbPow.arg());
    }

    private static void toDouble(GpuRuntime rt, DeviceBuffer b, long words) {
        CUfunction k = rt.function(GpuModules.MODULAR, "residues_to_double");
        Cuda.launch(k, "residues_to_double", (int) ((words + PROJECT_THREADS - 1) / PROJECT_THREADS), 1,
                PROJECT_THREADS, 0, b.arg(), longs(words));
    }

    // The sentinel: all ones in every word (never a residue of a prime below 2^63).
    private static void fill(DeviceBuffer b) {
        Cuda.check(JCudaDriver.cuMemsetD32(b.at(0), -1, b.words() * 2), "cuMemsetD32");
    }

    private static void allowShared(CUfunction k, long bytes) {
        Cuda.check(JCudaDriver.cuFuncSetAttribute(k, CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                (int) bytes), "cuFuncSetAttribute(max dynamic shared memory)");
    }

    private static int threadsFor(long elements) {
        return elements >= 256 ? 256 : Math.max(32, roundUp32((int) elements));
    }

    // Global-memory elimination: 512 threads per block, measured at n = 1000 on an H100 (1.59 ms
    // per image against 2.04 with 256 and 1.61 with 1024), within what the kernel's registers
    // allow. modalg.gpu.detThreads overrides (for the benchmarks).
    private static int globalThreads(CUfunction k, int n) {
        int want = Integer.getInteger("modalg.gpu.detThreads", 512);
        int[] max = new int[1];
        Cuda.check(JCudaDriver.cuFuncGetAttribute(max, CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, k),
                "cuFuncGetAttribute(max threads per block)");
        return Math.max(32, Math.min(want, max[0]) / 32 * 32);
    }

    private static int polyThreads(int lf, int lg) {
        // One thread per 8 coefficients of the shorter input, at most 128 (degree 3000 on an H100:
        // 0.053 ms per image with 128 threads, 0.064 with 256, 0.100 with 512: fewer threads wait
        // less at the one barrier per remainder step) and 256 above 4096 coefficients (measured
        // at degree 10000 with 256 only). modalg.gpu.polyThreads overrides (for the benchmarks).
        int m = Math.min(lf, lg);
        int threads = m > 4096 ? 256 : Math.min(128, Math.max(32, roundUp32(m / 8)));
        return Integer.getInteger("modalg.gpu.polyThreads", threads);
    }

    private static int roundUp32(int x) {
        return (x + 31) / 32 * 32;
    }

    private static Pointer ints(int v) {
        return Pointer.to(new int[] {v});
    }

    private static Pointer longs(long v) {
        return Pointer.to(new long[] {v});
    }

    /** A primitive 2^log2m-th root of unity modulo each prime (the coset kernels' table). */
    private static long[] rootsOfUnity(long[] primes, int log2m) {
        long[] roots = new long[primes.length];
        for (int j = 0; j < primes.length; j++) {
            roots[j] = NttPrimes.primitiveRootOfUnity(primes[j], log2m);
        }
        return roots;
    }
}
