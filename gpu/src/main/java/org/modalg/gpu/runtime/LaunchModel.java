package org.modalg.gpu.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The performance model behind {@link LaunchChooser}: a rational program in the spirit of
 * KLARAPTOR ([Thesis] chapter 4, sections 4.2-4.5) that predicts the time of a one-dimensional
 * kernel launch from the invocation size n (threads with work per row), the rows of the grid
 * and the block size b, and picks b by evaluating it over every candidate.
 *
 * <p>The program has two parts. Its decision nodes are the occupancy calculation of [Thesis]
 * Figure 4.2 ({@link #activeBlocks}): the blocks a multiprocessor holds at once, limited by
 * threads, blocks, registers (allocated per warp in units of 256, per quarter of the register
 * file on sm_70 and later) and shared memory, from the device's limits and the kernel's
 * registers and static shared memory ({@code cuFuncGetAttribute}). Its process nodes are fitted
 * ([Thesis] section 4.6.4): the time is a non-negative combination of {@value #FEATURES}
 * rational features ({@link #features}) of (n, rows, b) and the occupancy,
 * <pre>
 *   1                 launch overhead
 *   W = ceil(G / (A S))     waves of blocks (G blocks in the grid, A active blocks on each of S
 *                          multiprocessors): a latency-bound kernel pays its per-thread latency
 *                          once per wave, the last partial wave included
 *   G / (A S)        the same without the rounding: latency with perfect balancing
 *   N                 threads launched (G b, in millions): the throughput-bound part
 *   N o              threads times occupancy o = A b / (threads per multiprocessor): contention
 *                          for caches and local memory that grows with the resident threads
 *   N / A            threads over resident blocks: the drain cost of few, large blocks
 * </pre>
 * whose coefficients are fitted by non-negative least squares on relative errors
 * ({@link #fit}) to a handful of timed launches (six block sizes at each calibrated size).
 * Measured on an H100 (gpu/BENCHMARKS.md, launch parameters), the fitted program picks blocks
 * within a few percent of an exhaustive search's best for the element-wise kernels of the module.
 *
 * <p>Pure arithmetic on the host, no device needed: {@link LaunchChooser} feeds it the device's
 * numbers and the timings. Evaluating the program for one (n, b) costs O({@value #FEATURES});
 * a choice evaluates it for every candidate block (at most 32).
 */
public final class LaunchModel {
    /** The number of fitted coefficients (features of {@link #features}). */
    public static final int FEATURES = 6;
    /** The block sizes timed at each calibrated size (a subset of the candidates). */
    public static final int[] PROBE_BLOCKS = {32, 64, 128, 256, 512, 1024};
    /**
     * A choice keeps the caller's default block unless the model predicts another one at least
     * this much faster (relative): predictions closer than that are within the fit's noise.
     */
    public static final double TIE_TOLERANCE = 0.03;

    private static final int SUB_PARTITIONS = 4; // register file quarters (sm_70 and later)
    private static final int REGISTER_UNIT = 256; // registers are allocated per warp in these units

    private LaunchModel() {
    }

    /**
     * The limits of one device that occupancy depends on (cuDeviceGetAttribute).
     *
     * @param multiprocessors S, the streaming multiprocessors
     * @param maxThreadsPerSm resident threads a multiprocessor holds
     * @param maxBlocksPerSm resident blocks a multiprocessor holds
     * @param registersPerSm 32-bit registers of a multiprocessor
     * @param registersPerBlock 32-bit registers one block may use
     * @param sharedPerSm shared memory bytes of a multiprocessor
     * @param sharedReservedPerBlock shared memory bytes the system reserves per resident block
     * @param warpSize threads per warp
     */
    public record DeviceLimits(int multiprocessors, int maxThreadsPerSm, int maxBlocksPerSm,
            int registersPerSm, int registersPerBlock, int sharedPerSm, int sharedReservedPerBlock,
            int warpSize) {
        /** Checks every limit: positive (the reserved shared memory non-negative). */
        public DeviceLimits {
            positive("multiprocessors", multiprocessors);
            positive("maxThreadsPerSm", maxThreadsPerSm);
            positive("maxBlocksPerSm", maxBlocksPerSm);
            positive("registersPerSm", registersPerSm);
            positive("registersPerBlock", registersPerBlock);
            positive("sharedPerSm", sharedPerSm);
            positive("warpSize", warpSize);
            if (sharedReservedPerBlock < 0) {
                throw new IllegalArgumentException("sharedReservedPerBlock must be >= 0, got "
                        + sharedReservedPerBlock);
            }
        }

        /** An H100 SXM (sm_90, 132 multiprocessors), as its driver reports it: for tests. */
        public static DeviceLimits h100() {
            return new DeviceLimits(132, 2048, 32, 65536, 65536, 233472, 1024, 32);
        }
    }

    /**
     * What occupancy needs of one compiled kernel (cuFuncGetAttribute).
     *
     * @param registers registers per thread (0 to 255)
     * @param staticShared static shared memory bytes per block
     * @param maxThreadsPerBlock the most threads a block of this kernel may have (1..1024)
     */
    public record KernelAttributes(int registers, int staticShared, int maxThreadsPerBlock) {
        /** Checks the ranges. */
        public KernelAttributes {
            if (registers < 0 || registers > 255) {
                throw new IllegalArgumentException("registers must be in [0, 255], got " + registers);
            }
            if (staticShared < 0) {
                throw new IllegalArgumentException("staticShared must be >= 0, got " + staticShared);
            }
            if (maxThreadsPerBlock < 1 || maxThreadsPerBlock > 1024) {
                throw new IllegalArgumentException("maxThreadsPerBlock must be in [1, 1024], got "
                        + maxThreadsPerBlock);
            }
        }
    }

    /**
     * The blocks of {@code block} threads of kernel {@code k} that one multiprocessor of {@code d}
     * holds at once (0 when such a block cannot launch at all): the minimum of the limits by
     * blocks, threads (whole warps), registers and shared memory ([Thesis] Figure 4.2; the same
     * numbers as {@code cudaOccupancyMaxActiveBlocksPerMultiprocessor}, which the launch harness
     * prints beside them). O(1).
     *
     * @throws IllegalArgumentException if block is not in [1, 1024] or dynamicShared is negative
     */
    public static int activeBlocks(DeviceLimits d, KernelAttributes k, int block, int dynamicShared) {
        if (block < 1 || block > 1024) {
            throw new IllegalArgumentException("block must be in [1, 1024], got " + block);
        }
        if (dynamicShared < 0) {
            throw new IllegalArgumentException("dynamicShared must be >= 0, got " + dynamicShared);
        }
        if (block > k.maxThreadsPerBlock()) {
            return 0;
        }
        int warps = (block + d.warpSize() - 1) / d.warpSize();
        int limit = Math.min(d.maxBlocksPerSm(), d.maxThreadsPerSm() / (warps * d.warpSize()));
        if (k.registers() > 0) {
            int perWarp = (k.registers() * d.warpSize() + REGISTER_UNIT - 1) / REGISTER_UNIT * REGISTER_UNIT;
            if ((long) perWarp * warps > d.registersPerBlock()) {
                return 0;
            }
            int warpsByRegisters = d.registersPerSm() / SUB_PARTITIONS / perWarp * SUB_PARTITIONS;
            limit = Math.min(limit, warpsByRegisters / warps);
        }
        long shared = (long) k.staticShared() + dynamicShared;
        if (shared > 0) {
            limit = (int) Math.min(limit, d.sharedPerSm() / (shared + d.sharedReservedPerBlock()));
        }
        return Math.max(0, limit);
    }

    /**
     * The features of one launch ({@value #FEATURES} values, class comment): {@code n} threads
     * with work in each of {@code rows} grid rows, blocks of {@code block} threads, {@code active}
     * resident blocks per multiprocessor ({@link #activeBlocks}, at least 1).
     *
     * @throws IllegalArgumentException if n, rows, block or active is not positive
     */
    public static double[] features(DeviceLimits d, long n, int rows, int block, int active) {
        if (n < 1 || rows < 1 || block < 1 || active < 1) {
            throw new IllegalArgumentException("n, rows, block and active must be >= 1, got n = " + n
                    + ", rows = " + rows + ", block = " + block + ", active = " + active);
        }
        double grid = (double) rows * ((n + block - 1) / block);
        double slots = (double) active * d.multiprocessors();
        double threads = grid * block / 1e6;
        double occupancy = (double) active * block / d.maxThreadsPerSm();
        return new double[] {1.0, Math.ceil(grid / slots), grid / slots, threads, threads * occupancy,
            threads / active};
    }

    /** The predicted time of a launch: the dot product of the coefficients and its features. */
    public static double predict(double[] coefficients, double[] features) {
        if (coefficients.length != FEATURES || features.length != FEATURES) {
            throw new IllegalArgumentException("coefficients and features must have " + FEATURES
                    + " entries, got " + coefficients.length + " and " + features.length);
        }
        double t = 0;
        for (int i = 0; i < FEATURES; i++) {
            t += coefficients[i] * features[i];
        }
        return t;
    }

    /**
     * The candidate blocks of a kernel: every multiple of the warp size up to
     * min(1024, its maxThreadsPerBlock) that can launch ({@link #activeBlocks} > 0) — the
     * exhaustive search space ([Thesis] section 4.4, step 4).
     */
    public static int[] candidates(DeviceLimits d, KernelAttributes k) {
        List<Integer> out = new ArrayList<>();
        for (int b = d.warpSize(); b <= Math.min(1024, k.maxThreadsPerBlock()); b += d.warpSize()) {
            if (activeBlocks(d, k, b, 0) > 0) {
                out.add(b);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Fits the coefficients to timed launches: the non-negative least-squares solution of
     * rows[i] . c ~ times[i], each equation divided by times[i] so that every launch weighs by
     * its relative error (Lawson-Hanson active set on the normal equations, at most 3 F
     * iterations of an F x F solve, F = {@value #FEATURES}; O(m F^2) for m launches).
     * Features no launch tells apart get coefficient 0.
     *
     * @param rows the features of each launch ({@link #features})
     * @param times the measured times (milliseconds), all positive and finite
     * @throws IllegalArgumentException on an empty set, mismatched lengths or a time that is not
     *     positive and finite
     */
    public static double[] fit(List<double[]> rows, double[] times) {
        int m = rows.size();
        if (m == 0 || m != times.length) {
            throw new IllegalArgumentException("need one time per launch and at least one launch, got "
                    + m + " launches and " + times.length + " times");
        }
        double[][] a = new double[m][];
        for (int i = 0; i < m; i++) {
            double t = times[i];
            if (!(t > 0) || Double.isInfinite(t)) {
                throw new IllegalArgumentException("times[" + i + "] must be positive and finite, got " + t);
            }
            double[] f = rows.get(i);
            if (f.length != FEATURES) {
                throw new IllegalArgumentException("rows[" + i + "] must have " + FEATURES + " features");
            }
            a[i] = new double[FEATURES];
            for (int j = 0; j < FEATURES; j++) {
                a[i][j] = f[j] / t;
            }
        }
        // scale the columns to unit norm (the features span many orders of magnitude)
        double[] scale = new double[FEATURES];
        for (int j = 0; j < FEATURES; j++) {
            double s = 0;
            for (int i = 0; i < m; i++) {
                s += a[i][j] * a[i][j];
            }
            scale[j] = s > 0 ? Math.sqrt(s) : 0;
            for (int i = 0; i < m; i++) {
                a[i][j] = scale[j] > 0 ? a[i][j] / scale[j] : 0;
            }
        }
        double[] b = new double[m];
        Arrays.fill(b, 1.0);
        double[] x = nnls(a, b);
        for (int j = 0; j < FEATURES; j++) {
            x[j] = scale[j] > 0 ? x[j] / scale[j] : 0;
        }
        return x;
    }

    // Lawson and Hanson's active-set method for min |A x - b|, x >= 0.
    static double[] nnls(double[][] a, double[] b) {
        int m = a.length;
        int n = a[0].length;
        double[] x = new double[n];
        boolean[] passive = new boolean[n];
        double tol = 1e-10;
        for (int outer = 0; outer < 3 * n; outer++) {
            double[] w = gradient(a, b, x);
            int best = -1;
            for (int j = 0; j < n; j++) {
                if (!passive[j] && w[j] > tol && (best < 0 || w[j] > w[best])) {
                    best = j;
                }
            }
            if (best < 0) {
                break;
            }
            passive[best] = true;
            for (int inner = 0; inner < 3 * n; inner++) {
                double[] z = solvePassive(a, b, passive);
                boolean feasible = true;
                for (int j = 0; j < n; j++) {
                    if (passive[j] && z[j] <= tol) {
                        feasible = false;
                    }
                }
                if (feasible) {
                    x = z;
                    break;
                }
                double alpha = 1.0;
                for (int j = 0; j < n; j++) {
                    if (passive[j] && z[j] <= tol) {
                        alpha = Math.min(alpha, x[j] / (x[j] - z[j]));
                    }
                }
                for (int j = 0; j < n; j++) {
                    x[j] += alpha * (z[j] - x[j]);
                    if (passive[j] && x[j] <= tol) {
                        passive[j] = false;
                        x[j] = 0;
                    }
                }
            }
        }
        return x;
    }

    // w = A^T (b - A x)
    private static double[] gradient(double[][] a, double[] b, double[] x) {
        int n = x.length;
        double[] w = new double[n];
        for (int i = 0; i < a.length; i++) {
            double res = b[i];
            for (int j = 0; j < n; j++) {
                res -= a[i][j] * x[j];
            }
            for (int j = 0; j < n; j++) {
                w[j] += a[i][j] * res;
            }
        }
        return w;
    }

    // least squares on the passive columns (normal equations with a tiny ridge for rank
    // deficiency, [Thesis] section 4.6.4's multicollinearity); inactive entries 0
    private static double[] solvePassive(double[][] a, double[] b, boolean[] passive) {
        int n = passive.length;
        int[] cols = new int[n];
        int k = 0;
        for (int j = 0; j < n; j++) {
            if (passive[j]) {
                cols[k++] = j;
            }
        }
        double[][] g = new double[k][k + 1];
        for (int i = 0; i < a.length; i++) {
            double[] row = a[i];
            double bi = b[i];
            for (int p = 0; p < k; p++) {
                for (int q = 0; q < k; q++) {
                    g[p][q] += row[cols[p]] * row[cols[q]];
                }
                g[p][k] += row[cols[p]] * bi;
            }
        }
        for (int p = 0; p < k; p++) {
            g[p][p] += 1e-12;
        }
        // Gaussian elimination with partial pivoting
        for (int c = 0; c < k; c++) {
            int piv = c;
            for (int r = c + 1; r < k; r++) {
                if (Math.abs(g[r][c]) > Math.abs(g[piv][c])) {
                    piv = r;
                }
            }
            double[] tmp = g[c];
            g[c] = g[piv];
            g[piv] = tmp;
            for (int r = c + 1; r < k; r++) {
                double f = g[r][c] / g[c][c];
                for (int q = c; q <= k; q++) {
                    g[r][q] -= f * g[c][q];
                }
            }
        }
        double[] y = new double[k];
        for (int r = k - 1; r >= 0; r--) {
            double s = g[r][k];
            for (int q = r + 1; q < k; q++) {
                s -= g[r][q] * y[q];
            }
            y[r] = s / g[r][r];
        }
        double[] z = new double[n];
        for (int p = 0; p < k; p++) {
            z[cols[p]] = y[p];
        }
        return z;
    }

    /**
     * The block the fitted program picks for {@code n} threads in {@code rows} rows: the
     * candidate of least predicted time, except that {@code defaultBlock} (the kernel's fixed
     * block before the model) is kept while no candidate is predicted more than
     * {@link #TIE_TOLERANCE} faster (the secondary rule of [Thesis] Algorithm 7 reduced to
     * stability); among near-ties without the default, the one nearest it in ratio. O(32 F).
     *
     * @throws IllegalArgumentException if candidates is empty or the coefficients have the wrong
     *     length
     */
    public static int choose(DeviceLimits d, KernelAttributes k, double[] coefficients, long n,
            int rows, int defaultBlock) {
        int[] cands = candidates(d, k);
        if (cands.length == 0) {
            throw new IllegalArgumentException("no block of this kernel can launch on the device");
        }
        double[] t = new double[cands.length];
        double best = Double.POSITIVE_INFINITY;
        double atDefault = Double.NaN;
        for (int i = 0; i < cands.length; i++) {
            t[i] = predict(coefficients, features(d, n, rows, cands[i], activeBlocks(d, k, cands[i], 0)));
            best = Math.min(best, t[i]);
            if (cands[i] == defaultBlock) {
                atDefault = t[i];
            }
        }
        double limit = best * (1 + TIE_TOLERANCE);
        if (atDefault <= limit) {
            return defaultBlock;
        }
        int pick = -1;
        for (int i = 0; i < cands.length; i++) {
            if (t[i] <= limit && (pick < 0 || Math.abs(Math.log((double) cands[i] / defaultBlock))
                    < Math.abs(Math.log((double) pick / defaultBlock)))) {
                pick = cands[i];
            }
        }
        return pick;
    }

    /** The predicted time (the fit's units, milliseconds) of one launch. */
    public static double predictLaunch(DeviceLimits d, KernelAttributes k, double[] coefficients, long n,
            int rows, int block) {
        int active = activeBlocks(d, k, block, 0);
        if (active == 0) {
            throw new IllegalArgumentException("block " + block + " cannot launch this kernel");
        }
        return predict(coefficients, features(d, n, rows, block, active));
    }

    private static void positive(String name, int v) {
        if (v < 1) {
            throw new IllegalArgumentException(name + " must be >= 1, got " + v);
        }
    }
}
