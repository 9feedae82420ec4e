package org.modalg.gpu.ntt;

import java.util.LinkedHashMap;
import java.util.Map;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.fields.ZpMontgomery;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * The device-resident tables of one (prime, length): forward and inverse stage twiddles (layout of
 * {@code ntt.cu}: entry h + t is w_{2h}^(&plusmn;t) for every power of two h &lt; n) as Shoup pairs
 * (w, floor(w 2^64 / p)), the form the engines' passes read (from 2^22 points on only the
 * quotients of the entries that the first pass reads: {@link #shoupTable}), and in Montgomery form w R mod p for
 * the earlier passes (built on first use), the negacyclic twists psi^(&plusmn;i) on first use,
 * and the scalar constants. Built on the host in O(n) multiplications and uploaded once; a small
 * cache keeps the most recently used tables up to an eighth of the device memory.
 */
public final class NttTables implements AutoCloseable {
    final long p;
    final int log2n;
    /** p^-1 mod 2^64, the REDC constant. */
    final long pinv;
    /** (1/n) R mod p: scale(x, nInvR) = x / n. */
    final long nInvR;
    /** (1/n) R^2 mod p: pointwise(a, b, nInvR2) = a b / n. */
    public final long nInvR2;
    /** Forward stage twiddles: the Shoup table of {@link #shoupTable} (n + B words). */
    final DeviceBuffer forwardShoup;
    /** Inverse stage twiddles, laid out as the forward ones. */
    final DeviceBuffer inverseShoup;
    private DeviceBuffer forwardMont;
    private DeviceBuffer inverseMont;
    private DeviceBuffer twist;
    private DeviceBuffer untwist;

    /** From 2^22 points on the Shoup tables keep only quotients for the first pass (ntt.cu's SHOUP_QUOT_LOG2). */
    static final int QUOTIENT_MIN_LOG2N = 22;
    /** The most stages a pass of ntt.cu does (groups of 2^8 elements in shared memory). */
    static final int MAX_STAGES_PER_PASS = 8;

    private static final Map<Key, NttTables> CACHE = new LinkedHashMap<>(16, 0.75f, true);
    private static long cachedWords;

    private record Key(long p, int log2n) {
    }

    private NttTables(long p, int log2n) {
        this.p = p;
        this.log2n = log2n;
        ZpField f = ZpField.of(p);
        ZpMontgomery mont = ZpMontgomery.of(p);
        this.pinv = mont.pInverse();
        long nInv = f.inv(1L << log2n);
        this.nInvR = mont.toMont(nInv);
        this.nInvR2 = mont.toMont(nInvR);
        long w = NttPrimes.primitiveRootOfUnity(p, log2n);
        DeviceBuffer fwd = DeviceBuffer.of(shoupTable(f, stagePowers(f, w, log2n), log2n));
        try {
            this.inverseShoup = DeviceBuffer.of(shoupTable(f, stagePowers(f, f.inv(w), log2n), log2n));
        } catch (RuntimeException e) {
            fwd.close();
            throw e;
        }
        this.forwardShoup = fwd;
    }

    /** The tables for (p, log2n) on the current device, from the cache or built now. */
    public static synchronized NttTables of(long p, int log2n) {
        Key key = new Key(p, log2n);
        NttTables t = CACHE.get(key);
        if (t == null) {
            long limit = GpuRuntime.get().totalMemory() / 8 / Long.BYTES;
            long words = shoupWords(log2n);
            while (!CACHE.isEmpty() && cachedWords + words > limit) {
                evictOldest();
            }
            t = new NttTables(p, log2n);
            CACHE.put(key, t);
            cachedWords += words;
        }
        return t;
    }

    /** Frees every cached table (after an out-of-memory error, to make room). */
    public static synchronized void clearCache() {
        while (!CACHE.isEmpty()) {
            evictOldest();
        }
    }

    private static void evictOldest() {
        var it = CACHE.entrySet().iterator();
        NttTables t = it.next().getValue();
        it.remove();
        cachedWords -= t.words();
        t.close();
    }

    private long words() {
        return shoupWords(log2n) + (((twist != null ? 2L : 0) + (forwardMont != null ? 2L : 0)) << log2n);
    }

    // Both directions' Shoup tables: 2 (n + B) words.
    private static long shoupWords(int log2n) {
        return 2L * ((1L << log2n) + quotientOffset(log2n));
    }

    /**
     * The stage twiddles in Montgomery form (w R mod p, one word an entry) for the earlier passes
     * ({@code modalg.gpu.nttKernel} = fused, fused_lb3 or radix4); built on first use.
     */
    synchronized DeviceBuffer montgomery(boolean inverse) {
        if (forwardMont == null) {
            ZpField f = ZpField.of(p);
            ZpMontgomery mont = ZpMontgomery.of(p);
            long w = NttPrimes.primitiveRootOfUnity(p, log2n);
            DeviceBuffer fwd = DeviceBuffer.of(toMontgomery(mont, stagePowers(f, w, log2n)));
            try {
                inverseMont = DeviceBuffer.of(toMontgomery(mont, stagePowers(f, f.inv(w), log2n)));
            } catch (RuntimeException e) {
                fwd.close();
                throw e;
            }
            forwardMont = fwd;
            synchronized (NttTables.class) {
                cachedWords += 2L << log2n;
            }
        }
        return inverse ? inverseMont : forwardMont;
    }

    /** The stage twiddles as Shoup pairs, what the engines' passes read. */
    DeviceBuffer shoup(boolean inverse) {
        return inverse ? inverseShoup : forwardShoup;
    }

    /** psi^i R mod p, psi a primitive 2n-th root with psi^2 = w (built on first use). */
    synchronized DeviceBuffer twist() {
        buildTwists();
        return twist;
    }

    /** psi^-i R mod p (built on first use). */
    synchronized DeviceBuffer untwist() {
        buildTwists();
        return untwist;
    }

    private void buildTwists() {
        if (twist != null) {
            return;
        }
        ZpField f = ZpField.of(p);
        ZpMontgomery mont = ZpMontgomery.of(p);
        long psi = NttPrimes.primitiveRootOfUnity(p, log2n + 1);
        DeviceBuffer tw = DeviceBuffer.of(powers(f, mont, psi, 1 << log2n));
        try {
            untwist = DeviceBuffer.of(powers(f, mont, f.inv(psi), 1 << log2n));
        } catch (RuntimeException e) {
            tw.close();
            throw e;
        }
        twist = tw;
        synchronized (NttTables.class) {
            cachedWords += 2L << log2n;
        }
    }

    // x^i R mod p for 0 <= i < count.
    private static long[] powers(ZpField f, ZpMontgomery mont, long x, int count) {
        long[] out = new long[count];
        long xs = f.shoupPrecompute(x);
        long v = 1;
        for (int i = 0; i < count; i++) {
            out[i] = mont.toMont(v);
            v = f.mulShoup(v, x, xs);
        }
        return out;
    }

    // Entry h + t = w_{2h}^t (plain residues) for h = 1, 2, 4, .., n/2 and t < h, with w_n = w:
    // the table of the last stage is computed, the others are its subsamples. Entry 0 is unused.
    private static long[] stagePowers(ZpField f, long w, int log2n) {
        int n = 1 << log2n;
        int half = n >> 1;
        long[] table = new long[n];
        long ws = f.shoupPrecompute(w);
        long v = 1;
        for (int t = 0; t < half; t++) {
            table[half + t] = v;
            v = f.mulShoup(v, w, ws);
        }
        for (int h = half >> 1, step = 2; h >= 1; h >>= 1, step <<= 1) {
            for (int t = 0; t < h; t++) {
                table[h + t] = table[half + t * step];
            }
        }
        return table;
    }

    // Each entry in Montgomery form, w R mod p.
    private static long[] toMontgomery(ZpMontgomery mont, long[] powers) {
        long[] out = new long[powers.length];
        for (int i = 1; i < powers.length; i++) {
            out[i] = mont.toMont(powers[i]);
        }
        return out;
    }

    /**
     * The offset B of the quotient-only region of the Shoup table for 2^log2n points: the first
     * pass's stride 2^(log2n - m0) (m0 = {@code passStages(log2n)[0]}) from
     * {@link #QUOTIENT_MIN_LOG2N} on, where that pass (forward; the last one inverse) reads the
     * quotients of entries B .. n - 1 only; n below (no such region). O(1).
     */
    static int quotientOffset(int log2n) {
        return log2n >= QUOTIENT_MIN_LOG2N ? 1 << (log2n - passStages(log2n)[0]) : 1 << log2n;
    }

    /**
     * The pass schedule of {@code GpuNtt} (here, with the table layout that depends on it):
     * ceil(log2n / 8) passes of at most 8 stages, spread evenly (earlier ones longer). O(1).
     */
    static int[] passStages(int log2n) {
        int passes = (log2n + MAX_STAGES_PER_PASS - 1) / MAX_STAGES_PER_PASS;
        int[] stages = new int[passes];
        for (int i = 0; i < passes; i++) {
            stages[i] = log2n / passes + (i < log2n % passes ? 1 : 0);
        }
        return stages;
    }

    /**
     * The Shoup table of ntt.cu for the powers (entry i = w_{2h}^t at i = h + t; entry 0
     * unused): for i &lt; B = {@link #quotientOffset} the pair (w, floor(w 2^64 / p)) at words 2i
     * and 2i + 1, for i &gt;= B only the quotient floor(w 2^64 / p), at word B + i (the pass that
     * reads those entries recovers w = floor(w' p / 2^64) + 1, exact for 0 &lt; w &lt; p): n + B
     * words, 8 bytes a twiddle in the pass that reads as many twiddles as data words. O(n).
     */
    static long[] shoupTable(ZpField f, long[] powers, int log2n) {
        int n = 1 << log2n;
        if (powers.length != n) {
            throw new IllegalArgumentException("powers must have 2^log2n = " + n + " entries, got " + powers.length);
        }
        int b = quotientOffset(log2n);
        long[] out = new long[n + b];
        for (int i = 1; i < n; i++) {
            long q = f.shoupPrecompute(powers[i]);
            if (i < b) {
                out[2 * i] = powers[i];
                out[2 * i + 1] = q;
            } else {
                out[b + i] = q;
            }
        }
        return out;
    }

    @Override
    public synchronized void close() {
        forwardShoup.close();
        inverseShoup.close();
        if (forwardMont != null) {
            forwardMont.close();
            inverseMont.close();
        }
        if (twist != null) {
            twist.close();
            untwist.close();
        }
    }
}
