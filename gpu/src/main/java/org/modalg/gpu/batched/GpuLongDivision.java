package org.modalg.gpu.batched;

import java.util.logging.Logger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.JCudaDriver;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.DeviceWorkspace;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * Batched exact division on the device by schoolbook long division (Knuth's algorithm D, TAOCP
 * vol. 2, section 4.3.1): a group of T lanes of one warp per instance, each holding L limbs of every
 * chunk of the running remainder, the quotient digits by Moller and Granlund's 3/2 division with a
 * precomputed reciprocal, the row update's carry and borrow chains resolved across the lanes by
 * ballots, the add-back when the digit is one too large (kernels {@code bdk_div_tT_lL} of
 * {@code bigint_div.cu}; the contract, the invariants and why the result is exact are its comment).
 * Each instance runs its own lengths (no shift to a common shape); the instances are sorted by
 * divisor length so that a warp's members are alike, and each range of one divisor class
 * (ceil(log2 nv)) is one launch: up to 512 divisor limbs a register kernel ({@link #registerShape}:
 * the running remainder's window and the divisor in the registers of T lanes, L limbs a lane, no
 * shared memory), above that T by {@link #lanes} (the fewest lanes whose instances' shared memory
 * leaves three blocks a multiprocessor) and one limb per lane.
 *
 * <p><b>Cost</b>: (nu - nv + 1) steps of about ceil(nv / (T L)) chunks per instance, i.e. about
 * (h - k) k limb products and h - k digit estimates (nu, nv the significant limbs of dividend and
 * divisor), against Newton's seven or so full products: cheaper at small and middle sizes, and
 * always when the quotient or the divisor is short. {@link #cost} is the measured time per step
 * ({@link #REGISTER_NS_PER_STEP}, {@link #NS_PER_STEP}); {@link GpuNewtonDivision#divide} compares
 * it with the Newton schedule's model instance by instance. Copies: 8 (sa + sb) bytes up and
 * 8 (sa + sb) down per instance. The register kernels take any dividend; the shared-memory kernels
 * 8 (max(nu, nv) + nv + 3) bytes per instance: one instance fits up to about 29000 limbs of
 * dividend and divisor together on sm_90 ({@link #fits}).
 *
 * <p><b>Faults.</b> An instance whose run-time checks fail (never seen) is flagged by the kernel and
 * recomputed on the CPU engine; a device failure is handled by the batched engine's one policy
 * ({@link DeviceChunks}: out of memory halves the chunk, anything else leaves the rest to the CPU
 * engine with one logged warning). Not thread-safe: the engine serializes its calls.
 */
final class GpuLongDivision {
    private static final Logger LOG = Logger.getLogger(GpuLongDivision.class.getName());
    private static final int FAIL = 2;
    private static final long MAX_CHUNK_WORDS = 1L << 26;
    private static final long KEEP_BYTES = 256L << 20;

    private static final int U = 0;
    private static final int V = 1;
    private static final int Q = 2;
    private static final int R = 3;
    private static final int PERM = 4;
    private static final int FLAGS = 5;

    /** Shared memory (bytes) a block of four warps may take under the rule: three blocks (12 warps) a multiprocessor. */
    static final int RULE_BLOCK_BYTES = 64 * 1024;
    /**
     * Measured nanoseconds per instance step (one quotient digit) with L = 1 and T = 4, 8, 16, 32
     * lanes (rows) for the divisor classes c = ceil(log2 nv) = 0 .. 12 (columns; 0 as 1, 12 for every
     * longer divisor): {@code div_harness kcal} on an H100 (gpu/BENCHMARKS.md, the long division's
     * section: divisors of 2^c limbs, dividends of max(2^(c+1), 64)); the classes that run did not
     * time (more than 32 chunks a step, or T above 4 nv) doubled from the class below or taken from
     * the L = 2 variant, and class 12 as class 11 times 2.5.
     */
    static final double[][] NS_PER_STEP = {
        {0.0514, 0.0514, 0.0516, 0.0703, 0.1086, 0.1891, 0.3575, 0.8799, 1.76, 3.52, 7.04, 14.1, 35.2},
        {0.0936, 0.0936, 0.0940, 0.0941, 0.1313, 0.2071, 0.3523, 0.6923, 1.7284, 3.46, 6.92, 13.8, 34.6},
        {0.1785, 0.1785, 0.1785, 0.1775, 0.1796, 0.2578, 0.3928, 0.6858, 1.2882, 3.2849, 8.54, 34.0, 85.0},
        {0.3513, 0.3513, 0.3513, 0.3513, 0.3568, 0.3675, 0.4947, 0.7725, 1.3063, 2.4340, 5.9258, 16.5, 41.3}};

    /**
     * The register kernels ({@code bdr_div_tT_lL}: the running remainder's window and the divisor in
     * the registers of T lanes, L limbs a lane, no shared memory) by divisor class c = 0 .. 9: {T, L}
     * with T L &gt;= max(2^c, 4); classes above take the shared-memory kernels ({@link #lanes}).
     * The fastest per step of the kernels with 2^c &lt;= T L &lt;= 2^(c+2) in {@code div_harness rcal}
     * (H100, gpu/BENCHMARKS.md, the register kernels' section).
     */
    static final int[][] REGISTER = {
        {4, 1}, {4, 1}, {4, 1}, {4, 2}, {4, 4}, {4, 8}, {4, 16}, {8, 16}, {16, 16}, {32, 16}};
    /**
     * Measured nanoseconds per instance step of {@link #REGISTER}'s kernel for each divisor class (same
     * calibration: divisors of 2^c limbs, dividends of max(2^(c+1), 64); class 0 as class 1).
     */
    static final double[] REGISTER_NS_PER_STEP = {
        0.0367, 0.0367, 0.0368, 0.0430, 0.0527, 0.0732, 0.1087, 0.2043, 0.3923, 0.7630};

    /** Tests only: every range on the shared-memory kernels ({@code bdk_div_tT_l1}), as before the register kernels. */
    static volatile boolean sharedKernelsForTests;

    private final GpuRuntime runtime;
    private final DeviceWorkspace buffers = new DeviceWorkspace(6);
    private final DeviceChunks.Held held = DeviceChunks.Held.of(buffers);
    private int injectedFault;
    private long cpuInstances;

    GpuLongDivision(GpuRuntime runtime) {
        this.runtime = runtime;
    }

    /** Tests only: the next device chunk fails with {@code cudaError}. */
    void injectFaultForTests(int cudaError) {
        injectedFault = cudaError;
    }

    /** Instances this object has sent back to the CPU engine (flagged or after a fault). */
    long cpuInstances() {
        return cpuInstances;
    }

    void release() {
        buffers.release();
    }

    /** The divisor class of nv significant limbs: ceil(log2 nv) for nv &gt;= 2, 0 for 0 and 1, at most 12. */
    static int divisorClass(int nv) {
        int c = nv <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(nv - 1);
        return Math.min(12, c);
    }

    /**
     * The lanes per instance T of a range whose largest instance has maxNu / maxNv significant limbs:
     * the fewest of 4, 8, 16, 32 whose block of four warps ((128 / T) instances) needs at most
     * {@link #RULE_BLOCK_BYTES} of shared memory, 32 when none does. Measured on the division paper's
     * grid (H100, gpu/BENCHMARKS.md): fewer lanes share each step's digit estimate among more
     * instances (T = 4 was the fastest at 2^11 .. 2^13 bits), until the dividends held in shared
     * memory leave too few warps a multiprocessor (the fastest T was 8 at 2^14 bits, 16 at 2^15, 32
     * at 2^16: each time the fewest lanes within this bound). One limb per lane (L = 1): the other
     * kernels (L = 2, 4, 8) measured up to 16% faster per step at good occupancy but were not timed
     * under this bound. O(1).
     */
    static int lanes(int maxNu, int maxNv) {
        long per = 8L * (ulen(maxNu, maxNv) + vlen(maxNv));
        int t = 4;
        while (t < 32 && (128 / t) * per > RULE_BLOCK_BYTES) {
            t *= 2;
        }
        return t;
    }

    /** The kernel of a variant: T lanes per instance, L limbs per lane. */
    static String kernel(int lanes, int limbs) {
        return "bdk_div_t" + lanes + "_l" + limbs;
    }

    /**
     * The register kernel {T, L} ({@link #REGISTER}) for divisors of at most nv significant limbs, or
     * null when nv is above 512 limbs (the shared-memory kernels take those). O(1).
     */
    static int[] registerShape(int nv) {
        int c = divisorClass(nv);
        return c < REGISTER.length ? REGISTER[c] : null;
    }

    /** The register kernel's name: T lanes per instance, L limbs per lane. */
    static String registerKernel(int lanes, int limbs) {
        return "bdr_div_t" + lanes + "_l" + limbs;
    }

    /**
     * Modelled seconds of one instance of nu dividend and nv divisor significant limbs on the device
     * by the rule's variant: its nu - nv + 1 steps (plus one for its setup) at the measured time per
     * step ({@link #REGISTER_NS_PER_STEP} up to 512 divisor limbs, else {@link #NS_PER_STEP}). O(1).
     */
    static double cost(int nu, int nv) {
        int steps = Math.max(0, nu - nv + 1) + 1;
        if (registerShape(nv) != null) {
            return steps * REGISTER_NS_PER_STEP[divisorClass(nv)] * 1e-9;
        }
        int t = lanes(nu, nv);
        int row = t == 4 ? 0 : t == 8 ? 1 : t == 16 ? 2 : 3;
        return steps * NS_PER_STEP[row][divisorClass(nv)] * 1e-9;
    }

    /** Shared-memory limbs per instance: ulen (dividend, digits) and vlen (divisor). */
    static int ulen(int maxNu, int maxNv) {
        return Math.max(maxNu + 2, maxNv + 2);
    }

    static int vlen(int maxNv) {
        return Math.max(maxNv, 1) + 1;
    }

    /**
     * The launch of a range: {warps per block, lanes per instance} for lanes T and the range's
     * largest lengths, the most warps of 4, 2, 1 whose instances' shared memory fits {@code maxShared}
     * bytes, else more lanes per instance; null when not even one instance fits.
     */
    static int[] launch(int lanes, int maxNu, int maxNv, int maxShared) {
        long per = 8L * (ulen(maxNu, maxNv) + vlen(maxNv));
        int w = 4;
        int t = lanes;
        while ((long) (32 * w / t) * per > maxShared) {
            if (w > 1) {
                w /= 2;
            } else if (t < 32) {
                t *= 2;
            } else {
                return null;
            }
        }
        return new int[] {w, t};
    }

    /**
     * Whether an instance of these lengths runs here: on a register kernel (any dividend, divisors of
     * up to 512 limbs) or within the device's shared memory.
     */
    boolean fits(int maxNu, int maxNv) {
        return registerShape(maxNv) != null || launch(32, maxNu, maxNv, runtime.maxSharedOptin()) != null;
    }

    /**
     * q_i, r_i for the instances {@code members} (indices into the batch; arguments as
     * {@code BatchedIntegerEngine.divideAndRemainder}, already checked, no zero divisor), written
     * to their places in q and r. Every member must fit ({@link #fits}).
     */
    void divide(long[] a, int aOff, int sa, long[] b, int bOff, int sb, long[] q, int qOff, long[] r, int rOff,
            int[] members, Options options, CpuBatchedIntegerEngine cpu) {
        int count = members.length;
        long words = 2L * sa + 2L * sb + 1;
        DeviceChunks.run(DeviceChunks.Device.of(runtime), LOG, held, KEEP_BYTES,
                new DeviceChunks.Batch("a batched long division of " + count + " instances (" + sa + " / " + sb
                        + " limbs)", "in the GPU batched division", count, words, MAX_CHUNK_WORDS / words), options,
                (first, n) -> chunk(a, aOff, sa, b, bOff, sb, q, qOff, r, rOff, members, first, n, options, cpu),
                (first, n) -> {
                    cpuInstances += n;
                    for (int x = first; x < first + n; x++) {
                        one(a, aOff, sa, b, bOff, sb, q, qOff, r, rOff, members[x], options, cpu);
                    }
                });
    }

    private static void one(long[] a, int aOff, int sa, long[] b, int bOff, int sb, long[] q, int qOff, long[] r,
            int rOff, int i, Options options, CpuBatchedIntegerEngine cpu) {
        cpu.divideAndRemainder(a, aOff + i * sa, sa, b, bOff + i * sb, sb, q, q == null ? 0 : qOff + i * sa, r,
                r == null ? 0 : rOff + i * sb, 1, options);
    }

    static int significant(long[] x, int off, int len) {
        int n = len;
        while (n > 0 && x[off + n - 1] == 0) {
            n--;
        }
        return n;
    }

    // members[from .. from + n) on the device: packed, sorted by divisor length, one launch per range
    // of like divisors; outputs written only at the end. When the members are consecutive instances
    // and no output aliases an input, the operands go up and the results come down straight from and
    // into the caller's arrays (no host copies: they were most of the route's time); a device fault
    // after a partial download is then repaired by the CPU fallback, which reads only a and b.
    private void chunk(long[] a, int aOff, int sa, long[] b, int bOff, int sb, long[] q, int qOff, long[] r,
            int rOff, int[] members, int from, int n, Options options, CpuBatchedIntegerEngine cpu) {
        boolean direct = q != a && q != b && r != a && r != b && consecutive(members, from, n);
        int first = members[from];
        long[] hu = direct ? a : new long[Math.multiplyExact(n, sa)];
        long[] hv = direct ? b : new long[Math.multiplyExact(n, sb)];
        int huOff = direct ? aOff + first * sa : 0;
        int hvOff = direct ? bOff + first * sb : 0;
        int[] nu = new int[n];
        int[] nv = new int[n];
        int maxNv = 0;
        for (int x = 0; x < n; x++) {
            if (!direct) {
                int i = members[from + x];
                System.arraycopy(a, aOff + i * sa, hu, x * sa, sa);
                System.arraycopy(b, bOff + i * sb, hv, x * sb, sb);
            }
            nu[x] = significant(hu, huOff + x * sa, sa);
            nv[x] = significant(hv, hvOff + x * sb, sb);
            maxNv = Math.max(maxNv, nv[x]);
        }
        // counting sort by nv (stable), packed two ints a word
        int[] start = new int[maxNv + 2];
        for (int x = 0; x < n; x++) {
            start[nv[x] + 1]++;
        }
        for (int c = 1; c <= maxNv + 1; c++) {
            start[c] += start[c - 1];
        }
        int[] perm = new int[n];
        for (int x = 0; x < n; x++) {
            perm[start[nv[x]]++] = x;
        }
        long[] packed = new long[(n + 1) / 2];
        for (int g = 0; g < n; g++) {
            packed[g >> 1] |= (perm[g] & 0xffffffffL) << (32 * (g & 1));
        }
        DeviceBuffer du = buffers.get(U, (long) n * sa);
        DeviceBuffer dv = buffers.get(V, (long) n * sb);
        DeviceBuffer dq = buffers.get(Q, (long) n * sa);
        DeviceBuffer dr = buffers.get(R, (long) n * sb);
        DeviceBuffer dp = buffers.get(PERM, packed.length);
        DeviceBuffer df = buffers.get(FLAGS, (n + 1) / 2);
        du.upload(hu, huOff, 0, (long) n * sa);
        dv.upload(hv, hvOff, 0, (long) n * sb);
        dp.upload(packed, 0, 0, packed.length);
        if (injectedFault != 0) {
            int code = injectedFault;
            injectedFault = 0;
            throw new GpuException("cuLaunchKernel(bdk_div) failed: injected fault for the tests (" + code + ")", code);
        }
        int maxShared = runtime.maxSharedOptin();
        for (int g = 0; g < n;) {
            options.checkCancelled("in the GPU batched division");
            int c = divisorClass(nv[perm[g]]);
            int end = g;
            int mu = 0;
            int mv = 0;
            while (end < n && divisorClass(nv[perm[end]]) == c) {
                mu = Math.max(mu, nu[perm[end]]);
                mv = Math.max(mv, nv[perm[end]]);
                end++;
            }
            int[] reg = sharedKernelsForTests ? null : registerShape(mv);
            if (reg != null) { // four warps a block, 128 / T instances, no shared memory
                String name = registerKernel(reg[0], reg[1]);
                CUfunction f = runtime.function(GpuModules.BIGINT_DIV, name);
                long groups = end - g;
                int grid = (int) ((groups * reg[0] + 127) / 128);
                Cuda.launch(f, name, grid, 1, 128, 0, du.arg(), longs(sa), ints(sa), dv.arg(), longs(sb), ints(sb),
                        dq.arg(), longs(sa), ints(sa), dr.arg(), longs(sb), ints(sb),
                        Pointer.to(dp.at(0).withByteOffset(4L * g)), ints(0), ints(0), df.arg(), longs(groups));
                g = end;
                continue;
            }
            int[] wt = launch(lanes(mu, mv), mu, mv, maxShared);
            if (wt == null) {
                throw new GpuException("no launch shape for a long division of " + mu + " / " + mv + " limbs", -1);
            }
            int warps = wt[0];
            int lanes = wt[1];
            String name = kernel(lanes, 1);
            CUfunction f = runtime.function(GpuModules.BIGINT_DIV, name);
            int shared = (32 * warps / lanes) * 8 * (ulen(mu, mv) + vlen(mv));
            if (shared > 32 * 1024) {
                Cuda.check(JCudaDriver.cuFuncSetAttribute(f,
                        CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared),
                        "cuFuncSetAttribute(" + name + ", max dynamic shared memory " + shared + ")");
            }
            long groups = end - g;
            int grid = (int) ((groups * lanes + 32L * warps - 1) / (32L * warps));
            Cuda.launch(f, name, grid, 1, 32 * warps, shared, du.arg(), longs(sa), ints(sa), dv.arg(), longs(sb),
                    ints(sb), dq.arg(), longs(sa), ints(sa), dr.arg(), longs(sb), ints(sb),
                    Pointer.to(dp.at(0).withByteOffset(4L * g)), ints(ulen(mu, mv)), ints(vlen(mv)), df.arg(),
                    longs(groups));
            g = end;
        }
        Cuda.synchronize("the batched long division");
        long[] fl = new long[(n + 1) / 2];
        df.download(0, fl, 0, fl.length);
        long[] hq = q == null || direct ? q : new long[n * sa];
        long[] hr = r == null || direct ? r : new long[n * sb];
        if (hq != null) {
            dq.download(0, hq, direct ? qOff + first * sa : 0, (long) n * sa);
        }
        if (hr != null) {
            dr.download(0, hr, direct ? rOff + first * sb : 0, (long) n * sb);
        }
        int flagged = 0;
        for (int x = 0; x < n; x++) {
            int i = members[from + x];
            int fx = (int) (fl[x >> 1] >>> (32 * (x & 1)));
            if ((fx & FAIL) != 0) {
                flagged++;
                one(a, aOff, sa, b, bOff, sb, q, qOff, r, rOff, i, options, cpu);
                continue;
            }
            if (direct) {
                continue;
            }
            if (hq != null) {
                System.arraycopy(hq, x * sa, q, qOff + i * sa, sa);
            }
            if (hr != null) {
                System.arraycopy(hr, x * sb, r, rOff + i * sb, sb);
            }
        }
        if (flagged > 0) {
            cpuInstances += flagged;
            LOG.warning(flagged + " of " + n + " instances of a batched long division were flagged by the device "
                    + "and recomputed on the CPU");
        }
    }

    // Whether members[from .. from + n) are consecutive instance indices.
    private static boolean consecutive(int[] members, int from, int n) {
        for (int x = 1; x < n; x++) {
            if (members[from + x] != members[from] + x) {
                return false;
            }
        }
        return true;
    }

    private static Pointer longs(long v) {
        return Pointer.to(new long[] {v});
    }

    private static Pointer ints(int v) {
        return Pointer.to(new int[] {v});
    }
}
