package org.modalg.gpu.batched;

import java.util.Arrays;
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
import org.modalg.gpu.runtime.GpuKernels;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * Batched exact division on the device by Newton's method on the whole shifted inverse (Watt's
 * shinv with the refinement steps, divisor prefixes and the close product, the clipped quotient
 * product and the corrections: the algorithm and bounds of polynomial's {@code NewtonDivision},
 * after Marchioro, Raahauge, Lovenskjold, Oancea and Watt, "On GPU implementation for
 * multi-precision integer division", Algorithms 1-3). Host orchestration of the kernels of
 * {@code bigint_div.cu} (linear steps; contract in its header) and the products of
 * {@code bigint.cu}; every intermediate stays on the device.
 *
 * <p><b>One shape per batch.</b> The divisors are shifted up by whole limbs to one length k + 1
 * (k the largest divisor's top limb index, at least 1), the dividends by the same limbs, so that
 * every instance runs the same schedule: h = max(the shifted dividends' limbs, k + 2),
 * ceil(log2(h - k - 1)) + 2 refinement steps of five launches (two products, the close product's
 * residual, the step), then three products and the corrections. The quotient is unchanged by the
 * shift and the remainder is shifted back on the host. A batch whose largest product would
 * exceed {@link GpuBatchedIntegerEngine#MAX_PRODUCT_LIMBS} limbs runs on the CPU engine.
 *
 * <p><b>Cost</b>: per instance about ceil(log2(h - k)) + 2 pairs of products of growing size plus
 * three of size max(k + 1, h - k + 1) limbs on the device (O(n^2) each, schoolbook), linear
 * kernels, and the copies 8 (h + k + 1) bytes up and 8 (h + k + 2) down per instance.
 *
 * <p><b>Faults.</b> An instance whose lengths exceed the bounds or whose corrections do not end
 * in 0 &lt;= r &lt; v is flagged by the kernels and recomputed on the CPU engine (never seen in
 * the tests); any device failure (every driver call's return code is checked) leaves the rest of
 * the batch to the CPU engine with one logged warning. Outputs are written only from completed
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
    private final DeviceWorkspace buffers = new DeviceWorkspace(12);
    private int injectedFault;
    private long cpuInstances;

    GpuNewtonDivision(GpuRuntime runtime) {
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

    // ---- the schedule (div_harness.cu repeats it) --------------------------------------------------

    private static int lw(int l) {
        return l + G + 1;
    }

    private static int ceilLog2(int x) {
        return x <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(x - 1);
    }

    /** The lengths of one batch shape: h, k, the largest product operand, the inverse's stride. */
    static final class Plan {
        final int h;
        final int k;
        final int steps;
        final int mmax;
        final int sw;
        final int lr;

        Plan(int h, int k) {
            this.h = h;
            this.k = k;
            this.steps = ceilLog2(Math.max(h - k - 1, 0)) + 2;
            this.sw = h - k + G + 2;
            int mm = 0;
            int l = 2;
            for (int i = 0; i < steps; i++) {
                int m = Math.min(h - k + 1 - l, l);
                int s = Math.max(0, k - 2 * l + 1 - G);
                int hh = k + l + m - s + G;
                int pv = k + 1 - s;
                int pw = lw(l);
                int hp = hh - m;
                int bigL = pv + pw - (l - G) + 1;
                int lx = bigL >= hp ? pv + pw : bigL;
                mm = Math.max(mm, Math.max(Math.max(pv, pw), lx));
                l = i < 2 ? l : l + m - 1;
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

    /** Whether the products of this plan fit the product kernels. */
    static boolean fits(Plan p) {
        return p.mmax <= BatchedLaunch.MAX_PRODUCT_LIMBS;
    }

    // ---- the division ----------------------------------------------------------------------------

    /**
     * a_i = q_i b_i + r_i for i &lt; count, arguments as {@code BatchedIntegerEngine.divideAndRemainder}
     * (already checked, no zero divisor). Returns false, writing nothing, when the batch's shape
     * is beyond the product kernels (the caller then uses the CPU engine).
     */
    boolean divide(long[] a, int aOff, int sa, long[] b, int bOff, int sb, long[] q, int qOff, long[] r, int rOff,
            int count, Options options, CpuBatchedIntegerEngine cpu) {
        // the batch's shape: every divisor shifted to k + 1 limbs
        int[] shift = new int[count];
        int kmax = 1;
        for (int i = 0; i < count; i++) {
            kmax = Math.max(kmax, significant(b, bOff + i * sb, sb) - 1);
        }
        int h = kmax + 2;
        for (int i = 0; i < count; i++) {
            shift[i] = kmax - (significant(b, bOff + i * sb, sb) - 1);
            h = Math.max(h, significant(a, aOff + i * sa, sa) + shift[i]);
        }
        Plan p = new Plan(h, kmax);
        if (!fits(p)) {
            return false;
        }
        int done = 0;
        int chunk = 0;
        while (done < count) {
            options.checkCancelled("in the GPU batched division");
            int n = 0;
            try {
                runtime.enterContext();
                if (chunk == 0) {
                    long fit = runtime.freeMemory() * 6 / 10 / Long.BYTES / p.words();
                    chunk = (int) Math.max(1, Math.min(count, Math.min(fit, MAX_CHUNK_WORDS / p.words())));
                }
                n = Math.min(chunk, count - done);
                chunk(p, a, aOff, sa, b, bOff, sb, q, qOff, r, rOff, done, n, shift, options, cpu);
                done += n;
            } catch (GpuException e) {
                try {
                    buffers.release();
                } catch (GpuException again) {
                    // the context is broken: the CPU takes the rest below
                }
                if (e.isOutOfMemory() && n > 1) {
                    chunk = n / 2;
                    LOG.warning("GPU out of memory in a batched division; retrying with chunks of " + chunk);
                    continue;
                }
                LOG.warning((e.isOutOfMemory() ? "GPU out of memory for one instance" : "GPU failed ("
                        + e.getMessage() + ")") + " in a batched division of " + count + " instances ("
                        + sa + " / " + sb + " limbs); instances " + done + ".." + (count - 1) + " run on the CPU");
                cpuInstances += count - done;
                cpu.divideAndRemainder(a, aOff + done * sa, sa, b, bOff + done * sb, sb, q,
                        q == null ? 0 : qOff + done * sa, r, r == null ? 0 : rOff + done * sb, count - done, options);
                return true;
            }
        }
        if ((long) Math.min(chunk, count) * p.words() * Long.BYTES > KEEP_BYTES) {
            try {
                buffers.release();
            } catch (GpuException e) {
                LOG.fine(() -> "freeing the division buffers failed: " + e.getMessage());
            }
        }
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
    private void chunk(Plan p, long[] a, int aOff, int sa, long[] b, int bOff, int sb, long[] q, int qOff, long[] r,
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
            int m = Math.min(h - k + 1 - l, l);
            int s = Math.max(0, k - 2 * l + 1 - G);
            int hh = k + l + m - s + G;
            int pv = k + 1 - s;
            int pw = lw(l);
            int hp = hh - m;
            int bigL = pv + pw - (l - G) + 1;
            int lx = bigL >= hp ? pv + pw : bigL;
            int m1 = Math.max(pv, pw);
            extract(dv, k + 1, s, pv, oa, mm, m1, n);
            extract(wc, sw, 0, pw, ob, mm, m1, n);
            multiply(oa, mm, ob, mm, pr, 2 * mm, m1, n);
            warp("bd_powdiff", wg, pr.arg(), longs(2L * mm), ints(2 * m1), ints(hp), x.arg(), longs(2L * mm), ints(lx),
                    sign.arg(), flags.arg(), longs(n));
            int m2 = Math.max(pw, lx);
            extract(wc, sw, 0, pw, oa, mm, m2, n);
            extract(x, 2L * mm, 0, lx, ob, mm, m2, n);
            multiply(oa, mm, ob, mm, pr, 2 * mm, m2, n);
            int down = i < 2 ? m : 1;
            int ln = i < 2 ? l : l + m - 1;
            warp("bd_step", wg, wc.arg(), longs(sw), ints(pw), pr.arg(), longs(2L * mm), ints(2 * m2), sign.arg(),
                    ints(m - down), ints(hh - 2 * m + down), wn.arg(), longs(sw), ints(lw(ln)), flags.arg(), longs(n));
            DeviceBuffer t = wc;
            wc = wn;
            wn = t;
            l = ln;
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
        CUfunction f = runtime.function(GpuKernels.BIGINT_DIV, kernel);
        Cuda.launch(f, kernel, grid, 1, 32 * WARPS, 0, args);
    }

    private void extract(DeviceBuffer src, long ss, int off, int len, DeviceBuffer dst, long sd, int m, int n) {
        long total = (long) n * m;
        int grid = (int) Math.min((total + 255) / 256, 1 << 16);
        CUfunction f = runtime.function(GpuKernels.BIGINT_DIV, "bd_extract");
        Cuda.launch(f, "bd_extract", grid, 1, 256, 0, src.arg(), longs(ss), ints(off), ints(len), dst.arg(), longs(sd),
                ints(m), longs(n));
    }

    // bi_mul* of bigint.cu: the rule's single-block kernel and launch shape (BatchedLaunch, as the
    // engine's products).
    private void multiply(DeviceBuffer a, long sa, DeviceBuffer b, long sb, DeviceBuffer c, long sc, int m, int n) {
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
        CUfunction f = runtime.function(GpuKernels.BIGINT, kernel);
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
