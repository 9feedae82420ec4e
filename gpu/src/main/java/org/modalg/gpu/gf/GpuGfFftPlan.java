package org.modalg.gpu.gf;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * The big-prime FFT of N = 2^log2N points over one generalized Fermat field on the device
 * (thesis chapter 2, section 2.5 and 2.6): the pass schedule and its device-resident twiddle
 * tables, built once per (field, N) and cached.
 *
 * <p>Schedule: a Stockham autosort FFT (natural order in and out, no separate permutation
 * pass; each pass writes its stride permutation as part of its stores) with passes of radix
 * K = 2k, the last one shorter when log2N is not a multiple of log2 K: N = K^e 2^c. The DFT_K
 * of each pass runs in shared memory by cyclic shifts only; each element of a pass but the
 * first is multiplied by its twiddle, one general multiplication (skipped or replaced by a
 * shift when the twiddle is 1 or a power of r). The radix is capped so that a DFT fits in 48
 * KiB of shared memory (k = 64: radix 64 instead of 128).
 *
 * <p>Twiddles: the powers w^t, t &lt; N, are built on the device by doubling (log2 N launches,
 * N multiplications), and each pass's Ns R twiddles are gathered from them into a contiguous
 * digit-major table that the pass reads coalesced; then the powers are freed. The tables total
 * about N (1 + 1/K + ...) elements. The inverse transform is the forward one followed by the
 * index reversal i -&gt; -i mod N and the factor 1/N, fused in one kernel.
 */
public final class GpuGfFftPlan implements AutoCloseable {
    private static final int SHARED_BYTES = 48 * 1024;
    private static final int TARGET_THREADS = 128;

    final GfField field;
    final int log2N;
    private final GpuGf gf;
    private final List<int[]> passes = new ArrayList<>(); // {log2R, log2Ns, groups}
    private final long[] twiddleOffsets;
    private final DeviceBuffer twiddles;
    private final DeviceBuffer nInverse;
    private final long words;

    private static final Map<String, GpuGfFftPlan> CACHE = new LinkedHashMap<>(16, 0.75f, true);
    private static long cachedWords;

    private GpuGfFftPlan(GpuRuntime rt, GfField field, int log2N) {
        this.field = field;
        this.log2N = log2N;
        this.gf = new GpuGf(rt, field);
        int k = field.k();
        long n = 1L << log2N;
        int log2K = Integer.numberOfTrailingZeros(2 * k);
        int maxLog2R = Math.min(log2K, 31 - Integer.numberOfLeadingZeros(SHARED_BYTES / (k * Long.BYTES)));
        long tableWords = 0;
        for (int log2Ns = 0; log2Ns < log2N; ) {
            int log2R = Math.min(maxLog2R, log2N - log2Ns);
            int r = 1 << log2R;
            int groups = Math.max(1, Math.min(2 * TARGET_THREADS / r, SHARED_BYTES / (r * k * Long.BYTES)));
            groups = Math.min(Integer.highestOneBit(groups), (int) (n >> log2R));
            passes.add(new int[] {log2R, log2Ns, groups});
            if (log2Ns > 0) {
                tableWords += (1L << (log2Ns + log2R)) * k;
            }
            log2Ns += log2R;
        }
        twiddleOffsets = new long[passes.size()];
        DeviceBuffer tw = new DeviceBuffer(tableWords);
        DeviceBuffer inv = null;
        try {
            if (tableWords > 0) {
                try (DeviceBuffer pw = powers(field, log2N)) {
                    long off = 0;
                    for (int i = 0; i < passes.size(); i++) {
                        int[] p = passes.get(i);
                        if (p[1] > 0) {
                            twiddleOffsets[i] = off;
                            gf.gatherTwiddles(pw, tw, off, log2N, p[0], p[1]);
                            off += (1L << (p[0] + p[1])) * k;
                        }
                    }
                    Cuda.synchronize("twiddle tables");
                }
            }
            inv = DeviceBuffer.of(field.element(BigInteger.ONE.shiftLeft(log2N).modInverse(field.modulus())));
        } catch (RuntimeException e) {
            tw.close();
            throw e;
        }
        this.twiddles = tw;
        this.nInverse = inv;
        this.words = tableWords + k;
    }

    // w^t for t < N, digit-major, by doubling: w^(2^b) from the host (b squarings), then
    // pw[t + h] = pw[t] w^h on the device.
    private DeviceBuffer powers(GfField field, int log2N) {
        int k = field.k();
        long n = 1L << log2N;
        GfArithmetic ar = field.arithmetic();
        GfArithmetic.Workspace ws = ar.newWorkspace();
        long[] squares = new long[Math.max(1, log2N) * k];
        long[] w = field.rootOfUnity(log2N);
        System.arraycopy(w, 0, squares, 0, k);
        for (int b = 1; b < log2N; b++) {
            ar.mul(squares, (b - 1) * k, squares, (b - 1) * k, squares, b * k, ws);
        }
        DeviceBuffer pw = new DeviceBuffer(n * k);
        try (DeviceBuffer sq = DeviceBuffer.of(squares)) {
            long[] one = new long[1];
            one[0] = 1;
            pw.upload(one, 0, 0, 1); // w^0 = 1: digit 0 is 1, the other digits set below
            long[] zero = new long[1];
            for (int d = 1; d < k; d++) {
                pw.upload(zero, 0, d * n, 1);
            }
            for (int b = 0; b < log2N; b++) {
                gf.powersStep(pw, sq, (long) b * k, n, 1L << b);
            }
            Cuda.synchronize("powers of w");
        } catch (RuntimeException e) {
            pw.close();
            throw e;
        }
        return pw;
    }

    /** The plan for (field, log2N) on the current device, from the cache or built now. */
    public static synchronized GpuGfFftPlan of(GpuRuntime rt, GfField field, int log2N) {
        String key = field.name() + "/" + field.radix() + "/" + field.k() + "/" + log2N;
        GpuGfFftPlan plan = CACHE.get(key);
        if (plan == null) {
            long limit = rt.totalMemory() / 8 / Long.BYTES;
            long estimate = (long) field.k() << log2N;
            while (!CACHE.isEmpty() && cachedWords + estimate > limit) {
                evictOldest();
            }
            plan = new GpuGfFftPlan(rt, field, log2N);
            CACHE.put(key, plan);
            cachedWords += plan.words;
        }
        return plan;
    }

    /** Frees every cached plan (after an out-of-memory error, to make room). */
    static synchronized void clearCache() {
        while (!CACHE.isEmpty()) {
            evictOldest();
        }
    }

    private static void evictOldest() {
        var it = CACHE.entrySet().iterator();
        GpuGfFftPlan p = it.next().getValue();
        it.remove();
        cachedWords -= p.words;
        p.close();
    }

    GpuGf arithmetic() {
        return gf;
    }

    /**
     * Forward DFT of the digit-major vector in a (N elements); b is scratch of the same size.
     * Returns the buffer holding the result (a or b).
     */
    public DeviceBuffer forward(DeviceBuffer a, DeviceBuffer b) {
        DeviceBuffer in = a;
        DeviceBuffer out = b;
        for (int i = 0; i < passes.size(); i++) {
            int[] p = passes.get(i);
            gf.fftPass(in, out, twiddles, twiddleOffsets[i], log2N, p[0], p[1], p[2]);
            DeviceBuffer t = in;
            in = out;
            out = t;
        }
        return in;
    }

    /** Inverse DFT (with 1/N) of a, b scratch; returns the buffer holding the result. */
    DeviceBuffer inverse(DeviceBuffer a, DeviceBuffer b) {
        DeviceBuffer y = forward(a, b);
        DeviceBuffer z = y == a ? b : a;
        // DFT at w^-1: X'[i] = X[-i mod N]
        gf.scale(y, z, nInverse, 1L << log2N, true);
        return z;
    }

    /** The number of passes (for reports). */
    int passCount() {
        return passes.size();
    }

    @Override
    public synchronized void close() {
        twiddles.close();
        nInverse.close();
    }
}
