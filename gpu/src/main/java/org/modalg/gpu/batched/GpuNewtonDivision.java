package org.modalg.gpu.batched;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Logger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.JCudaDriver;
import org.modalg.fft.Options;
import org.modalg.fft.batched.BatchedIntegerEngine.Operation;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.DeviceWorkspace;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * Batched exact division on the device: each instance by the cheaper route ({@link #divide},
 * {@link #prefersLong}), the schoolbook long division ({@link GpuLongDivision}) or, here, Newton's
 * method on the whole shifted inverse (Watt's
 * shinv with the refinement steps, divisor prefixes and the close product, the clipped quotient
 * product and the corrections: the algorithm and bounds of polynomial's {@code NewtonDivision},
 * after Marchioro, Raahauge, Lovenskjold, Oancea and Watt, "On GPU implementation for
 * multi-precision integer division", Algorithms 1-3). Host orchestration of the kernels of
 * {@code bigint_div.cu} (linear steps; contract in its header) and the products of
 * {@code bigint.cu}; every intermediate stays on the device.
 *
 * <p><b>Groups of one shape.</b> A schedule runs one shape: every divisor of a group is shifted up
 * by whole limbs to one length k + 1 (k the group's largest divisor's top limb index, at least
 * 1), the dividends by the same limbs, so that every member runs the same launches: h = k + the
 * group's longest quotient length plus one, ceil(log2(h - k - 1)) + 2 refinement steps of five
 * launches (two products, the close product's residual, the step), then three products and the
 * corrections. The quotient is unchanged by the shift and the remainder is shifted back on the
 * host. One shape for a whole batch of mixed lengths makes every instance pay the longest
 * quotient and the longest divisor of the batch (on the division paper's data, divisors of 2 ..
 * M/2 limbs, quotients of M/2 .. M limbs), so the batch is cut into {@link #groups} of like
 * shapes where the modelled time ({@link #cost}: launches against limb products) says a second
 * schedule repays its launches; small batches stay one group. A group whose largest product would
 * exceed {@link GpuBatchedIntegerEngine#MAX_PRODUCT_LIMBS} limbs runs on the CPU engine.
 *
 * <p><b>Cost</b>: per instance about ceil(log2(h - k)) + 2 pairs of products of growing size plus
 * three of size max(k + 1, h - k + 1) limbs on the device (the engine's product for each size:
 * the in-block NTT product where {@link GpuBlockNttProduct#chosenFor} takes it, O(n log n), else
 * the schoolbook, O(n^2)), linear kernels, and the copies 8 (h + k + 1) bytes up and 8 (h + k + 2) down per instance.
 *
 * <p><b>Faults.</b> An instance whose lengths exceed the bounds or whose corrections do not end
 * in 0 &lt;= r &lt; v is flagged by the kernels and recomputed on the CPU engine (never seen in
 * the tests); a device failure (every driver call's return code is checked) is handled by the
 * batched engine's one policy ({@link DeviceChunks}: out of memory halves the chunk, anything else
 * leaves the rest of the batch to the CPU engine with one logged warning). Outputs are written only from completed
 * chunks. Not thread-safe: the engine serializes its calls.
 */
final class GpuNewtonDivision {
    private static final Logger LOG = Logger.getLogger(GpuNewtonDivision.class.getName());
    private static final int G = 2;
    private static final int WARPS = 4;
    private static final int POW = 1;
    private static final int FAIL = 2;
    private static final long MAX_CHUNK_WORDS = 1L << 26; // device words per chunk (host copies of the operands stay below)
    private static final long KEEP_BYTES = 256L << 20;

    // buffer roles
    private static final int U = 0;
    private static final int V = 1;
    private static final int OA = 2;
    private static final int OB = 3;
    private static final int QB = 4;
    private static final int PR = 5;
    private static final int X = 6;
    private static final int W0 = 7;
    private static final int W1 = 8;
    private static final int RS = 9;
    private static final int SIGN = 10;
    private static final int FLAGS = 11;

    private final GpuRuntime runtime;
    private final GpuBlockNttProduct blockNtt;
    private final DeviceWorkspace buffers = new DeviceWorkspace(12);
    private final DeviceChunks.Held held = DeviceChunks.Held.of(buffers);
    private final GpuLongDivision longDivision;
    private int injectedFault;
    private long cpuInstances;

    /** The division on {@code runtime}'s device; its products of NTT size go to {@code blockNtt}. */
    GpuNewtonDivision(GpuRuntime runtime, GpuBlockNttProduct blockNtt) {
        this.runtime = runtime;
        this.blockNtt = blockNtt;
        this.longDivision = new GpuLongDivision(runtime);
    }

    /** Tests only: the next device chunk (of the long division when it runs first) fails with {@code cudaError}. */
    void injectFaultForTests(int cudaError) {
        injectedFault = cudaError;
    }

    /** Instances this object and its long division have sent back to the CPU engine (flagged or after a fault). */
    long cpuInstances() {
        return cpuInstances + longDivision.cpuInstances();
    }

    void release() {
        buffers.release();
        longDivision.release();
    }

    // ---- the schedule (div_harness.cu repeats it) --------------------------------------------------

    private static int lw(int l) {
        return l + G + 1;
    }

    private static int ceilLog2(int x) {
        return x <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(x - 1);
    }

    /**
     * The lengths of refinement step i at precision l of a shape (h, k): the window's shift s,
     * the operands of its two products (m1: divisor window times inverse; m2: inverse times the
     * close product), the close product's length lx and the next precision. One place for the
     * schedule that the shape's sizes, the cost model and the launches all follow.
     */
    private static final class Step {
        final int m;
        final int hh;
        final int s;
        final int pv;
        final int pw;
        final int hp;
        final int lx;
        final int m1;
        final int m2;
        final int next;

        Step(int h, int k, int l, int i) {
            m = Math.min(h - k + 1 - l, l);
            s = Math.max(0, k - 2 * l + 1 - G);
            hh = k + l + m - s + G;
            pv = k + 1 - s;
            pw = lw(l);
            hp = hh - m;
            int bigL = pv + pw - (l - G) + 1;
            lx = bigL >= hp ? pv + pw : bigL;
            m1 = Math.max(pv, pw);
            m2 = Math.max(pw, lx);
            next = i < 2 ? l : l + m - 1;
        }
    }

    /** The lengths of one batch shape: h, k, the largest product operand, the inverse's stride. */
    static final class Shape {
        final int h;
        final int k;
        final int steps;
        final int mmax;
        final int sw;
        final int lr;

        Shape(int h, int k) {
            this.h = h;
            this.k = k;
            this.steps = ceilLog2(Math.max(h - k - 1, 0)) + 2;
            this.sw = h - k + G + 2;
            int mm = 0;
            int l = 2;
            for (int i = 0; i < steps; i++) {
                Step st = new Step(h, k, l, i);
                mm = Math.max(mm, Math.max(st.m1, st.lx));
                l = st.next;
            }
            mm = Math.max(mm, Math.max(h - k + 1, Math.max(k + 1, h - k + 1)));
            this.mmax = mm;
            this.lr = Math.max(h, 2 * Math.max(k + 1, h - k + 1)) + 1;
        }

        /** Device words per instance. */
        long words() {
            return (long) h + k + 1 + 3L * mmax + 4L * mmax + 2L * sw + lr + 2;
        }
    }

    /** Whether the products of this shape fit the product kernels. */
    static boolean fits(Shape p) {
        return p.mmax <= BatchedLaunch.MAX_PRODUCT_LIMBS;
    }

    // ---- the division ----------------------------------------------------------------------------

    // ---- grouping by shape ---------------------------------------------------------------------

    // The cost model of the grouping, fitted (log least squares) to 22 measured division times:
    // the division paper's data at 2^11 .. 2^18 bits as one shape with NTT and with schoolbook
    // products on an H100 (gpu/BENCHMARKS.md, "Issue 15 on an H100", the division), and 2^14
    // instances of 2^11 .. 2^16 bits on an H200 ("Batched Newton division"); every one within 10%
    // but 2^11 bits (17% low) and the schoolbook at 2^18 bits (11% low).

    /** Modelled seconds every launch adds (launch and ramp; the schedule's launches run one after the other). */
    static final double T_LAUNCH = 5e-6;
    /**
     * Modelled seconds per limb product of a schoolbook product of m-limb operands up to 128 limbs;
     * above, times (128 / m)^0.2 (measured 2.0e-12 at 128 limbs, 1.1e-12 at 4096).
     */
    static final double T_PRODUCT = 2e-12;
    /** Modelled seconds per limb of a linear kernel (extracts and the one-warp-per-instance steps). */
    static final double T_LINEAR = 2.5e-11;
    /**
     * Modelled seconds per L log2 L of an in-block NTT product of transform length L (on an H200
     * 18.1 ns an instance at L = 512, 86 ns at 2048, 0.88 us at 2^14: 3.7-3.9e-12 L log2 L; the
     * fit above takes 3.4e-12).
     */
    static final double T_NTT = 3.4e-12;

    /**
     * The modelled device time (seconds) of {@code count} instances run as one shape h, k: the
     * launches of {@link #chunk} in order, each {@link #T_LAUNCH} plus its work: a product of
     * m-limb operands count m^2 limb products at {@link #T_PRODUCT} on the schoolbook or count
     * L log2 L {@link #T_NTT} on the in-block NTT (the engine's choice), a linear kernel count
     * {@link #T_LINEAR} per limb of the step's operands. Its absolute figures are a model; the
     * grouping compares them. On the measured grid it predicts the gain of the groups from 1% below
     * to 12% above what was measured.
     */
    static double cost(int h, int k, long count) {
        Shape p = new Shape(h, k);
        double c = linear(p.mmax, count); // bd_init
        int l = 2;
        for (int i = 0; i < p.steps; i++) {
            Step st = new Step(h, k, l, i);
            c += product(st.m1, count) + product(st.m2, count) + 3 * linear(st.m1, count) + 3 * linear(st.m2, count);
            l = st.next;
        }
        int m3 = h - k + 1;
        int m4 = Math.max(k + 1, m3);
        return c + product(m3, count) + product(m4, count) + 3 * linear(p.mmax, count) + 2 * linear(m4, count);
    }

    private static double linear(int m, long count) {
        return T_LAUNCH + count * (double) m * T_LINEAR;
    }

    private static double product(int m, long count) {
        if (GpuBlockNttProduct.chosenFor(m) && m <= GpuBlockNttProduct.MAX_LIMBS) {
            int lg = GpuBlockNttProduct.lgLength(m);
            return T_LAUNCH + count * (double) (1L << lg) * lg * T_NTT;
        }
        double t = m > 128 ? T_PRODUCT * Math.pow(128.0 / m, 0.2) : T_PRODUCT;
        return T_LAUNCH + count * (double) m * m * t;
    }

    /**
     * Instances that run as one shape: every member's divisor shifted up to k + 1 limbs and its
     * dividend by the same limbs, so the shape is h = k + n limbs.
     */
    static final class Group {
        /** The divisors' top limb index after the shift (at least 1). */
        final int k;
        /** h - k: the largest member's quotient length plus one (at least 2). */
        final int n;
        /** The members' instance indices, ascending. */
        final int[] members;

        Group(int k, int n, int[] members) {
            this.k = k;
            this.n = n;
            this.members = members;
        }
    }

    // Four classes per octave: x in [2^lg, 2^(lg+1)) by its two bits below the leading one.
    static int sizeClass(int x, boolean octaves) {
        if (x < 1) {
            return 0;
        }
        int lg = 31 - Integer.numberOfLeadingZeros(x);
        if (octaves) {
            return lg;
        }
        return 4 * lg + (lg >= 2 ? (x >>> (lg - 2)) & 3 : lg == 1 ? 2 * (x & 1) : 0);
    }

    /**
     * The groups of one batch. Instance i needs k_i (its divisor's top limb index) and n_i =
     * max(2, its dividend's significant limbs - k_i); a group runs as k = max(1, max k_i), h = k +
     * max n_i, so each member pays the group's longest quotient and divisor. Instances fall into
     * classes of (n_i, k_i), four per octave of each (whole octaves past 256 classes); the classes,
     * ordered by (n class, k class) descending, are cut into contiguous groups by dynamic
     * programming over {@link #cost}: the one-group cut (one shape for the whole batch) is one of the
     * candidates, so the modelled time never exceeds it, and a batch too small to repay a second
     * schedule's launches stays one group. O(C^2 steps) for C classes, plus O(count).
     *
     * @param kv k_i per instance (>= 0)
     * @param nv n_i per instance (>= 2)
     */
    static List<Group> groups(int[] kv, int[] nv) {
        int count = kv.length;
        List<Group> out = new ArrayList<>();
        if (count == 0) {
            return out;
        }
        int[] of = new int[count];
        List<long[]> cls = classes(kv, nv, of, false);
        if (cls.size() > 256) {
            cls = classes(kv, nv, of, true);
        }
        // cls entries: {n class, k class, max k, max n, members}
        Integer[] order = new Integer[cls.size()];
        for (int c = 0; c < order.length; c++) {
            order[c] = c;
        }
        final List<long[]> cl = cls;
        Arrays.sort(order, (x, y) -> cl.get(x)[0] != cl.get(y)[0] ? Long.compare(cl.get(y)[0], cl.get(x)[0])
                : Long.compare(cl.get(y)[1], cl.get(x)[1]));
        int nc = order.length;
        double[] best = new double[nc + 1];
        int[] cut = new int[nc + 1];
        Arrays.fill(best, Double.POSITIVE_INFINITY);
        best[0] = 0;
        for (int j = 1; j <= nc; j++) {
            int k = 1;
            int n = 2;
            long members = 0;
            for (int i = j - 1; i >= 0; i--) {
                long[] c = cls.get(order[i]);
                k = Math.max(k, (int) c[2]);
                n = Math.max(n, (int) c[3]);
                members += c[4];
                double v = best[i] + cost(k + n, k, members);
                if (v < best[j]) {
                    best[j] = v;
                    cut[j] = i;
                }
            }
        }
        int[] groupOf = new int[nc];
        List<int[]> shapes = new ArrayList<>();
        for (int j = nc; j > 0; j = cut[j]) {
            int k = 1;
            int n = 2;
            for (int i = cut[j]; i < j; i++) {
                groupOf[order[i]] = shapes.size();
                k = Math.max(k, (int) cls.get(order[i])[2]);
                n = Math.max(n, (int) cls.get(order[i])[3]);
            }
            shapes.add(new int[] {k, n, 0});
        }
        for (int i = 0; i < count; i++) {
            shapes.get(groupOf[of[i]])[2]++;
        }
        int[][] members = new int[shapes.size()][];
        int[] fill = new int[shapes.size()];
        for (int g = 0; g < members.length; g++) {
            members[g] = new int[shapes.get(g)[2]];
        }
        for (int i = 0; i < count; i++) {
            int g = groupOf[of[i]];
            members[g][fill[g]++] = i;
        }
        for (int g = 0; g < members.length; g++) {
            out.add(new Group(shapes.get(g)[0], shapes.get(g)[1], members[g]));
        }
        return out;
    }

    private static List<long[]> classes(int[] kv, int[] nv, int[] of, boolean octaves) {
        int[] index = new int[128 * 128]; // sizeClass < 128 for every int: (n class, k class) -> class + 1
        List<long[]> cls = new ArrayList<>();
        for (int i = 0; i < kv.length; i++) {
            int nc = sizeClass(nv[i], octaves);
            int kc = sizeClass(kv[i], octaves);
            int c = index[nc * 128 + kc] - 1;
            if (c < 0) {
                c = cls.size();
                index[nc * 128 + kc] = c + 1;
                cls.add(new long[] {nc, kc, 1, 2, 0});
            }
            long[] e = cls.get(c);
            e[2] = Math.max(e[2], kv[i]);
            e[3] = Math.max(e[3], nv[i]);
            e[4]++;
            of[i] = c;
        }
        return cls;
    }

    // ---- the division ----------------------------------------------------------------------------

    /** Runs one group's instances, packed contiguously, as one shape (the device; the tests' stand-in). */
    interface ShapeRunner {
        /**
         * Divides count packed instances as the shape p with the given per-instance shifts (q, r as
         * {@link #divide}); false, writing nothing, where the shape is beyond the product kernels.
         */
        boolean run(Shape p, int[] shift, long[] a, int aOff, int sa, long[] b, int bOff, int sb, long[] q, int qOff,
                long[] r, int rOff, int count, Options options);
    }

    /**
     * a_i = q_i b_i + r_i for i &lt; count, arguments as {@code BatchedIntegerEngine.divideAndRemainder}
     * (already checked, no zero divisor). Each instance goes to the schoolbook long division
     * ({@link GpuLongDivision}) or to Newton's method by {@link #prefersLong} (the measured cost of
     * its (h - k) k limb products against the Newton schedule's model for its shape); the Newton
     * instances run in the {@link #groups} of their shapes, one schedule per group. Returns false,
     * writing nothing, when no instance fits either route's kernels (the caller then uses the CPU
     * engine); an instance that fits neither while others do runs on the CPU engine. O(count) on
     * the host besides the routes.
     */
    boolean divide(long[] a, int aOff, int sa, long[] b, int bOff, int sb, long[] q, int qOff, long[] r, int rOff,
            int count, Options options, CpuBatchedIntegerEngine cpu) {
        int[] longMembers = new int[count];
        int[] newtonMembers = new int[count];
        int nl = 0;
        int nn = 0;
        // The route depends only on (nu, nv): decided once per pair that occurs (the decision
        // costs a Newton schedule; per instance it cost about 1 us, the whole kernel's time
        // many times over for small instances). 0 = not decided yet, 1 = long, 2 = Newton.
        long pairs = (long) (sa + 1) * (sb + 1);
        byte[] route = pairs <= ROUTE_TABLE_MAX ? new byte[(int) pairs] : null;
        for (int i = 0; i < count; i++) {
            int nu = GpuLongDivision.significant(a, aOff + i * sa, sa);
            int nv = GpuLongDivision.significant(b, bOff + i * sb, sb);
            int key = route == null ? 0 : nu * (sb + 1) + nv;
            byte decided = route == null ? 0 : route[key];
            if (decided == 0) {
                boolean longFits = longDivision.fits(nu, nv);
                decided = longFits && (prefersLong(nu, nv) || !fits(shapeOf(nu, nv))) ? (byte) 1 : (byte) 2;
                if (route != null) {
                    route[key] = decided;
                }
            }
            if (decided == 1) {
                longMembers[nl++] = i;
            } else {
                newtonMembers[nn++] = i;
            }
        }
        if (nl > 0) {
            if (injectedFault != 0) { // the tests' fault goes to the route that runs first
                longDivision.injectFaultForTests(injectedFault);
                injectedFault = 0;
            }
            longDivision.divide(a, aOff, sa, b, bOff, sb, q, qOff, r, rOff, Arrays.copyOf(longMembers, nl), options,
                    cpu);
        }
        if (nn == 0) {
            return true;
        }
        if (nl == 0) {
            return divideNewton(a, aOff, sa, b, bOff, sb, q, qOff, r, rOff, count, options, cpu);
        }
        // the Newton instances packed, divided in their groups, and put back
        long[] ga = new long[Math.multiplyExact(nn, sa)];
        long[] gb = new long[Math.multiplyExact(nn, sb)];
        for (int x = 0; x < nn; x++) {
            System.arraycopy(a, aOff + newtonMembers[x] * sa, ga, x * sa, sa);
            System.arraycopy(b, bOff + newtonMembers[x] * sb, gb, x * sb, sb);
        }
        long[] gq = q == null ? null : new long[ga.length];
        long[] gr = r == null ? null : new long[gb.length];
        if (!divideNewton(ga, 0, sa, gb, 0, sb, gq, 0, gr, 0, nn, options, cpu)) {
            cpu.divideAndRemainder(ga, 0, sa, gb, 0, sb, gq, 0, gr, 0, nn, options);
        }
        for (int x = 0; x < nn; x++) {
            if (gq != null) {
                System.arraycopy(gq, x * sa, q, qOff + newtonMembers[x] * sa, sa);
            }
            if (gr != null) {
                System.arraycopy(gr, x * sb, r, rOff + newtonMembers[x] * sb, sb);
            }
        }
        return true;
    }

    /** The largest (dividend + 1) x (divisor + 1) limb-count table {@link #divide} keeps its routes in. */
    private static final long ROUTE_TABLE_MAX = 1L << 22;

    // The Newton shape of one instance of nu / nv significant limbs (as divideGrouped forms it).
    private static Shape shapeOf(int nu, int nv) {
        int k = Math.max(1, nv - 1);
        int n = Math.max(2, nu - (nv - 1));
        return new Shape(k + n, k);
    }

    /**
     * Whether an instance of nu dividend and nv divisor significant limbs is cheaper by the long
     * division: {@link GpuLongDivision#cost} (its steps at the measured time per step) at most the
     * Newton schedule's work for its own shape ({@link #cost} of one instance less its launches).
     * O(log(nu)).
     */
    static boolean prefersLong(int nu, int nv) {
        if (nu < nv) {
            return true;
        }
        int k = Math.max(1, nv - 1);
        int h = k + Math.max(2, nu - (nv - 1));
        return GpuLongDivision.cost(nu, nv) <= cost(h, k, 1) - cost(h, k, 0);
    }

    // The Newton route alone: the instances in the groups of their shapes.
    private boolean divideNewton(long[] a, int aOff, int sa, long[] b, int bOff, int sb, long[] q, int qOff,
            long[] r, int rOff, int count, Options options, CpuBatchedIntegerEngine cpu) {
        return divideGrouped(a, aOff, sa, b, bOff, sb, q, qOff, r, rOff, count, options, cpu,
                (p, shift, ga, gaOff, gsa, gb, gbOff, gsb, gq, gqOff, gr, grOff, n, o) -> fits(p)
                        && divideShape(p, shift, ga, gaOff, gsa, gb, gbOff, gsb, gq, gqOff, gr, grOff, n, o, cpu));
    }

    /** {@link #divide} with the shape runner given (package-private for the tests). */
    static boolean divideGrouped(long[] a, int aOff, int sa, long[] b, int bOff, int sb, long[] q, int qOff, long[] r,
            int rOff, int count, Options options, CpuBatchedIntegerEngine cpu, ShapeRunner runner) {
        int[] kv = new int[count];
        int[] nv = new int[count];
        for (int i = 0; i < count; i++) {
            kv[i] = significant(b, bOff + i * sb, sb) - 1;
            nv[i] = Math.max(2, significant(a, aOff + i * sa, sa) - kv[i]);
        }
        List<Group> groups = groups(kv, nv);
        if (groups.size() == 1) {
            Group g = groups.get(0);
            return runner.run(new Shape(g.k + g.n, g.k), shifts(g, kv, null), a, aOff, sa, b, bOff, sb, q, qOff, r,
                    rOff, count, options);
        }
        boolean any = false;
        for (Group g : groups) {
            any |= fits(new Shape(g.k + g.n, g.k));
        }
        if (!any) {
            return false;
        }
        for (Group g : groups) {
            options.checkCancelled("in the GPU batched division");
            int n = g.members.length;
            long[] ga = new long[Math.multiplyExact(n, sa)];
            long[] gb = new long[Math.multiplyExact(n, sb)];
            for (int x = 0; x < n; x++) {
                System.arraycopy(a, aOff + g.members[x] * sa, ga, x * sa, sa);
                System.arraycopy(b, bOff + g.members[x] * sb, gb, x * sb, sb);
            }
            long[] gq = q == null ? null : new long[ga.length];
            long[] gr = r == null ? null : new long[gb.length];
            if (!runner.run(new Shape(g.k + g.n, g.k), shifts(g, kv, g.members), ga, 0, sa, gb, 0, sb, gq, 0, gr, 0,
                    n, options)) {
                cpu.divideAndRemainder(ga, 0, sa, gb, 0, sb, gq, 0, gr, 0, n, options);
            }
            for (int x = 0; x < n; x++) {
                if (gq != null) {
                    System.arraycopy(gq, x * sa, q, qOff + g.members[x] * sa, sa);
                }
                if (gr != null) {
                    System.arraycopy(gr, x * sb, r, rOff + g.members[x] * sb, sb);
                }
            }
        }
        return true;
    }

    // Each member's shift k - k_i, in the members' order (all instances when members is null).
    private static int[] shifts(Group g, int[] kv, int[] members) {
        int n = members == null ? kv.length : members.length;
        int[] shift = new int[n];
        for (int x = 0; x < n; x++) {
            shift[x] = g.k - kv[members == null ? x : members[x]];
        }
        return shift;
    }

    // count packed instances as the shape p on the device (chunks; the CPU after a fault).
    private boolean divideShape(Shape p, int[] shift, long[] a, int aOff, int sa, long[] b, int bOff, int sb, long[] q,
            int qOff, long[] r, int rOff, int count, Options options, CpuBatchedIntegerEngine cpu) {
        DeviceChunks.run(DeviceChunks.Device.of(runtime), LOG, held, KEEP_BYTES,
                new DeviceChunks.Batch("a batched division of " + count + " instances (" + sa + " / " + sb
                        + " limbs)", "in the GPU batched division", count, p.words(), MAX_CHUNK_WORDS / p.words()),
                options, (first, n) -> chunk(p, a, aOff, sa, b, bOff, sb, q, qOff, r, rOff, first, n, shift, options,
                        cpu),
                (first, n) -> {
                    cpuInstances += n;
                    cpu.divideAndRemainder(a, aOff + first * sa, sa, b, bOff + first * sb, sb, q,
                            q == null ? 0 : qOff + first * sa, r, r == null ? 0 : rOff + first * sb, n, options);
                });
        return true;
    }

    private static int significant(long[] x, int off, int len) {
        int n = len;
        while (n > 0 && x[off + n - 1] == 0) {
            n--;
        }
        return n;
    }

    // Instances [from, from + n) on the device; outputs written only at the end.
    private void chunk(Shape p, long[] a, int aOff, int sa, long[] b, int bOff, int sb, long[] q, int qOff, long[] r,
            int rOff, int from, int n, int[] shift, Options options, CpuBatchedIntegerEngine cpu) {
        final int h = p.h;
        final int k = p.k;
        final int mm = p.mmax;
        final int sw = p.sw;
        // the shifted operands: u B^d (h limbs), v B^d (k + 1 limbs)
        long[] hu = new long[Math.multiplyExact(n, h)];
        long[] hv = new long[Math.multiplyExact(n, k + 1)];
        for (int i = 0; i < n; i++) {
            int d = shift[from + i];
            int na = significant(a, aOff + (from + i) * sa, sa);
            int nb = significant(b, bOff + (from + i) * sb, sb);
            System.arraycopy(a, aOff + (from + i) * sa, hu, i * h + d, na);
            System.arraycopy(b, bOff + (from + i) * sb, hv, i * (k + 1) + d, nb);
        }
        DeviceBuffer du = buffers.get(U, (long) n * h);
        DeviceBuffer dv = buffers.get(V, (long) n * (k + 1));
        DeviceBuffer oa = buffers.get(OA, (long) n * mm);
        DeviceBuffer ob = buffers.get(OB, (long) n * mm);
        DeviceBuffer qb = buffers.get(QB, (long) n * mm);
        DeviceBuffer pr = buffers.get(PR, 2L * n * mm);
        DeviceBuffer x = buffers.get(X, 2L * n * mm);
        DeviceBuffer w0 = buffers.get(W0, (long) n * sw);
        DeviceBuffer w1 = buffers.get(W1, (long) n * sw);
        DeviceBuffer rs = buffers.get(RS, (long) n * p.lr);
        DeviceBuffer sign = buffers.get(SIGN, (n + 1) / 2);
        DeviceBuffer flags = buffers.get(FLAGS, (n + 1) / 2);
        du.upload(hu, 0, 0, hu.length);
        dv.upload(hv, 0, 0, hv.length);
        if (injectedFault != 0) {
            int code = injectedFault;
            injectedFault = 0;
            throw new GpuException("cuLaunchKernel(bd_init) failed: injected fault for the tests (" + code + ")", code);
        }
        int wg = (n + WARPS - 1) / WARPS;
        DeviceBuffer wc = w0;
        DeviceBuffer wn = w1;
        warp("bd_init", wg, dv.arg(), longs(k + 1), ints(k), wc.arg(), longs(sw), ints(lw(2)), flags.arg(), longs(n));
        int l = 2;
        for (int i = 0; i < p.steps; i++) {
            options.checkCancelled("in the GPU batched division");
            Step st = new Step(h, k, l, i);
            extract(dv, k + 1, st.s, st.pv, oa, mm, st.m1, n);
            extract(wc, sw, 0, st.pw, ob, mm, st.m1, n);
            multiply(oa, mm, ob, mm, pr, 2 * mm, st.m1, n);
            warp("bd_powdiff", wg, pr.arg(), longs(2L * mm), ints(2 * st.m1), ints(st.hp), x.arg(), longs(2L * mm),
                    ints(st.lx), sign.arg(), flags.arg(), longs(n));
            extract(wc, sw, 0, st.pw, oa, mm, st.m2, n);
            extract(x, 2L * mm, 0, st.lx, ob, mm, st.m2, n);
            multiply(oa, mm, ob, mm, pr, 2 * mm, st.m2, n);
            int down = i < 2 ? st.m : 1;
            warp("bd_step", wg, wc.arg(), longs(sw), ints(st.pw), pr.arg(), longs(2L * mm), ints(2 * st.m2), sign.arg(),
                    ints(st.m - down), ints(st.hh - 2 * st.m + down), wn.arg(), longs(sw), ints(lw(st.next)), flags.arg(),
                    longs(n));
            DeviceBuffer t = wc;
            wc = wn;
            wn = t;
            l = st.next;
        }
        int d = k - 1;
        int m3 = h - k + 1;
        extract(du, h, d, h - d, oa, mm, m3, n);
        warp("bd_inverse", wg, wc.arg(), longs(sw), ints(G), ints(lw(l)), ob.arg(), longs(mm), ints(m3), ints(h - k),
                flags.arg(), longs(n));
        multiply(oa, mm, ob, mm, pr, 2 * mm, m3, n);
        int lq = 2 * m3 - (h - d);
        int m4 = Math.max(k + 1, lq);
        extract(pr, 2L * mm, h - d, lq, qb, mm, m4, n);
        extract(dv, k + 1, 0, k + 1, oa, mm, m4, n);
        multiply(oa, mm, qb, mm, pr, 2 * mm, m4, n);
        warp("bd_final", wg, du.arg(), longs(h), ints(h), pr.arg(), longs(2L * mm), ints(2 * m4), dv.arg(), longs(k + 1),
                ints(k + 1), qb.arg(), longs(mm), ints(lq), rs.arg(), longs(p.lr), ints(p.lr), flags.arg(), longs(n));
        Cuda.synchronize("the batched division");
        // results: q (lq limbs of stride mm), r (k + 1 limbs of stride lr, shifted back), flags
        long[] fl = new long[(n + 1) / 2];
        flags.download(0, fl, 0, fl.length);
        long[] hq = q == null ? null : new long[Math.multiplyExact(n, mm)];
        long[] hr = r == null ? null : new long[Math.multiplyExact(n, p.lr)];
        if (hq != null) {
            qb.download(0, hq, 0, hq.length);
        }
        if (hr != null) {
            rs.download(0, hr, 0, hr.length);
        }
        int flagged = 0;
        for (int i = 0; i < n; i++) {
            int f = (int) (fl[i >> 1] >>> (32 * (i & 1)));
            int ai = aOff + (from + i) * sa;
            int bi = bOff + (from + i) * sb;
            if ((f & FAIL) != 0) {
                flagged++;
                cpu.divideAndRemainder(a, ai, sa, b, bi, sb, q, q == null ? 0 : qOff + (from + i) * sa, r,
                        r == null ? 0 : rOff + (from + i) * sb, 1, options);
                continue;
            }
            if (hq != null) {
                int len = Math.min(lq, sa); // q < B^sa: limbs above sa are zero
                System.arraycopy(hq, i * mm, q, qOff + (from + i) * sa, len);
                Arrays.fill(q, qOff + (from + i) * sa + len, qOff + (from + i) * sa + sa, 0L);
            }
            if (hr != null) {
                int ds = shift[from + i];
                int len = Math.min(k + 1 - ds, sb); // r < v < B^(k + 1 - d) after the shift back
                System.arraycopy(hr, i * p.lr + ds, r, rOff + (from + i) * sb, len);
                Arrays.fill(r, rOff + (from + i) * sb + len, rOff + (from + i) * sb + sb, 0L);
            }
        }
        if (flagged > 0) {
            cpuInstances += flagged;
            LOG.warning(flagged + " of " + n + " instances of a batched division were flagged by the device and "
                    + "recomputed on the CPU");
        }
    }

    // ---- launches ----------------------------------------------------------------------------------

    private void warp(String kernel, int grid, Pointer... args) {
        CUfunction f = runtime.function(GpuModules.BIGINT_DIV, kernel);
        Cuda.launch(f, kernel, grid, 1, 32 * WARPS, 0, args);
    }

    private void extract(DeviceBuffer src, long ss, int off, int len, DeviceBuffer dst, long sd, int m, int n) {
        long total = (long) n * m;
        int grid = (int) Math.min((total + 255) / 256, 1 << 16);
        CUfunction f = runtime.function(GpuModules.BIGINT_DIV, "bd_extract");
        Cuda.launch(f, "bd_extract", grid, 1, 256, 0, src.arg(), longs(ss), ints(off), ints(len), dst.arg(), longs(sd),
                ints(m), longs(n));
    }

    // The engine's product for m limbs: the in-block NTT product where GpuBlockNttProduct.chosenFor
    // takes it, else bi_mul* of bigint.cu: the rule's single-block kernel and launch shape
    // (BatchedLaunch, as the engine's products).
    private void multiply(DeviceBuffer a, long sa, DeviceBuffer b, long sb, DeviceBuffer c, long sc, int m, int n) {
        if (blockNtt != null && GpuBlockNttProduct.chosenFor(m) && blockNtt.fits(m)) {
            blockNtt.launch(a, sa, b, sb, c, sc, m, n);
            return;
        }
        BatchedLaunch.Shape s = new BatchedLaunch.Shape();
        s.kernel = BatchedLaunch.ruleKernel(Operation.MULTIPLY, m);
        BatchedLaunch.singleBlock(s, Operation.MULTIPLY, m, n, runtime.maxSharedOptin());
        if (!s.ok) {
            throw new GpuException("no launch shape for a product of " + m + " limbs", -1);
        }
        String kernel = s.kernel;
        int shared = s.shared;
        int threads = s.threads;
        int grid = s.grid;
        CUfunction f = runtime.function(GpuModules.BIGINT, kernel);
        if (shared > 32 * 1024) {
            Cuda.check(JCudaDriver.cuFuncSetAttribute(f,
                    CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared),
                    "cuFuncSetAttribute(" + kernel + ", max dynamic shared memory " + shared + ")");
        }
        Cuda.launch(f, kernel, grid, 1, threads, shared, a.arg(), longs(sa), b.arg(), longs(sb), c.arg(), longs(sc),
                ints(m), longs(n));
    }

    private static Pointer longs(long v) {
        return Pointer.to(new long[] {v});
    }

    private static Pointer ints(int v) {
        return Pointer.to(new int[] {v});
    }
}
