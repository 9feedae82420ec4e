package org.modalg.gpu.ntt;

import java.util.LinkedHashMap;
import java.util.Map;
import jcuda.Pointer;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.UnsignedDivider;
import org.modalg.fields.ZpField;
import org.modalg.fields.ZpMontgomery;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * The device-resident tables of one (prime, length): forward and inverse stage twiddles (layout of
 * {@code ntt.cu}: entry h + t is w_{2h}^(&plusmn;t) for every power of two h &lt; n) as Shoup pairs
 * (w, floor(w 2^64 / p)), the form the engines' passes read (from 2^22 points on only the
 * quotients of the entries that the first pass reads: {@link #shoupTable}), and in Montgomery form w R mod p for
 * the earlier passes (built on first use), the negacyclic twists psi^(&plusmn;i) on first use,
 * and the scalar constants. A small cache keeps the most recently used tables up to an eighth of
 * the device memory.
 *
 * <p>Built on the device ({@code ntt_table} of {@code ntt.cu}): the host computes 32 seeds x^(2^j)
 * with their Shoup quotients, and the kernel writes every entry x^e mod p from them (binary
 * powering at the start of each run of 16 entries a lane, one Shoup product an entry after it,
 * the quotients by Moeller and Granlund's division), O(n) work and one write of the table, no
 * transfer. One prime's two 2^25-point Shoup tables (a 2^24 x 2^24 product needs three primes'):
 * 1.1 ms on an H100 against 661 ms built on the host and uploaded (606 ms of it computing); the
 * first 2^24 product in a warm JVM 61.6 ms against 56.4 warm (2241 ms with host tables;
 * polynomial/BENCHMARKS.md, 2026-11-26 14:12). Every entry is an exact residue, so the tables equal the host builder's
 * bit for bit; that builder ({@link #hostShoup}, {@link #hostMontgomery}, {@link #hostPowers})
 * stays as the tests' oracle and runs instead when {@value #HOST_TABLES_PROPERTY} is true.
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

    /** System property: true builds the tables on the host and uploads them (the earlier route). */
    public static final String HOST_TABLES_PROPERTY = "modalg.gpu.hostTables";

    // ntt_table's layouts (ntt.cu)
    private static final int LAYOUT_SHOUP = 0;
    private static final int LAYOUT_MONTGOMERY = 1;
    private static final int LAYOUT_POWERS = 2;
    // ntt_table: 16 entries a lane, 32 lanes a warp, 8 warps a block
    private static final int TABLE_RUN = 16;
    private static final int TABLE_THREADS = 256;

    /** Whether this instance builds its tables on the device. */
    private final boolean onDevice;

    private static final Map<Key, NttTables> CACHE = new LinkedHashMap<>(16, 0.75f, true);
    private static long cachedWords;

    private record Key(long p, int log2n) {
    }

    private NttTables(long p, int log2n, boolean onDevice) {
        this.p = p;
        this.log2n = log2n;
        this.onDevice = onDevice;
        ZpField f = ZpField.of(p);
        ZpMontgomery mont = ZpMontgomery.of(p);
        this.pinv = mont.pInverse();
        long nInv = f.inv(1L << log2n);
        this.nInvR = mont.toMont(nInv);
        this.nInvR2 = mont.toMont(nInvR);
        DeviceBuffer fwd = stageShoup(false);
        try {
            this.inverseShoup = stageShoup(true);
        } catch (RuntimeException e) {
            fwd.close();
            throw e;
        }
        this.forwardShoup = fwd;
    }

    /**
     * Tables for (p, log2n) outside the cache, built on the device or (onDevice false) on the
     * host: the tests compare the two. The caller closes them.
     */
    static NttTables build(long p, int log2n, boolean onDevice) {
        return new NttTables(p, log2n, onDevice);
    }

    // w (inverse: w^-1), the primitive 2^log2n-th root of the engines
    private long root(boolean inverse) {
        long w = NttPrimes.primitiveRootOfUnity(p, log2n);
        return inverse ? ZpField.of(p).inv(w) : w;
    }

    private DeviceBuffer stageShoup(boolean inverse) {
        return onDevice ? deviceTable(LAYOUT_SHOUP, root(inverse), (1L << log2n) + quotientOffset(log2n))
                : DeviceBuffer.of(hostShoup(p, log2n, inverse));
    }

    /**
     * One table built by {@code ntt_table} in layout {@code layout} from the powers of x, in a
     * new buffer of {@code words} words: the seeds x^(2^j) and their Shoup quotients for j &lt; 32
     * computed here (64 words uploaded), the kernel launched and waited for. O(n) on the device.
     */
    private DeviceBuffer deviceTable(int layout, long x, long words) {
        ZpField f = ZpField.of(p);
        long[] seeds = new long[64];
        long y = x;
        for (int j = 0; j < 32; j++) {
            seeds[2 * j] = y;
            seeds[2 * j + 1] = f.shoupPrecompute(y);
            y = f.mul(y, y);
        }
        ZpMontgomery mont = ZpMontgomery.of(p);
        UnsignedDivider div = new UnsignedDivider(p);
        int n = 1 << log2n;
        int runsPerBlock = TABLE_THREADS / 32;
        int runs = (n + 32 * TABLE_RUN - 1) / (32 * TABLE_RUN);
        DeviceBuffer out = new DeviceBuffer(words);
        try (DeviceBuffer s = DeviceBuffer.of(seeds)) {
            Cuda.launch(GpuRuntime.get().function(GpuModules.NTT, "ntt_table"), "ntt_table",
                    (runs + runsPerBlock - 1) / runsPerBlock, 1, TABLE_THREADS, 0, out.arg(), s.arg(),
                    Pointer.to(new int[] {layout}), Pointer.to(new int[] {log2n}),
                    Pointer.to(new int[] {quotientOffset(log2n)}), Pointer.to(new long[] {p}),
                    Pointer.to(new long[] {pinv}), Pointer.to(new long[] {mont.toMont(mont.one())}),
                    Pointer.to(new long[] {div.normalizedDivisor()}), Pointer.to(new long[] {div.reciprocal()}),
                    Pointer.to(new int[] {div.normalizationShift()}));
            Cuda.synchronize("ntt_table"); // the seeds are freed next
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
        return out;
    }

    /**
     * The host builder's stage Shoup table for (p, log2n), forward or inverse: {@link #shoupTable}
     * of the powers of w (w^-1). O(n) multiplications and divisions by an invariant divisor.
     */
    static long[] hostShoup(long p, int log2n, boolean inverse) {
        ZpField f = ZpField.of(p);
        long w = NttPrimes.primitiveRootOfUnity(p, log2n);
        return shoupTable(f, stagePowers(f, inverse ? f.inv(w) : w, log2n), log2n);
    }

    /** The host builder's stage table in Montgomery form (entry 0 is 0). O(n). */
    static long[] hostMontgomery(long p, int log2n, boolean inverse) {
        ZpField f = ZpField.of(p);
        long w = NttPrimes.primitiveRootOfUnity(p, log2n);
        return toMontgomery(ZpMontgomery.of(p), stagePowers(f, inverse ? f.inv(w) : w, log2n));
    }

    /** The host builder's twists psi^(&plusmn;i) R mod p, i &lt; 2^log2n (psi^2 = w). O(n). */
    static long[] hostPowers(long p, int log2n, boolean inverse) {
        ZpField f = ZpField.of(p);
        long psi = NttPrimes.primitiveRootOfUnity(p, log2n + 1);
        return powers(f, ZpMontgomery.of(p), inverse ? f.inv(psi) : psi, 1 << log2n);
    }

    /** The contents of one of this instance's device tables (tests). */
    static long[] download(DeviceBuffer b) {
        long[] host = new long[Math.toIntExact(b.words())];
        b.download(0, host, 0, host.length);
        return host;
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
            t = new NttTables(p, log2n, !Boolean.getBoolean(HOST_TABLES_PROPERTY));
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
            DeviceBuffer fwd = stageMontgomery(false);
            try {
                inverseMont = stageMontgomery(true);
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

    private DeviceBuffer stageMontgomery(boolean inverse) {
        return onDevice ? deviceTable(LAYOUT_MONTGOMERY, root(inverse), 1L << log2n)
                : DeviceBuffer.of(hostMontgomery(p, log2n, inverse));
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
        DeviceBuffer tw = twists(false);
        try {
            untwist = twists(true);
        } catch (RuntimeException e) {
            tw.close();
            throw e;
        }
        twist = tw;
        synchronized (NttTables.class) {
            cachedWords += 2L << log2n;
        }
    }

    private DeviceBuffer twists(boolean inverse) {
        if (!onDevice) {
            return DeviceBuffer.of(hostPowers(p, log2n, inverse));
        }
        ZpField f = ZpField.of(p);
        long psi = NttPrimes.primitiveRootOfUnity(p, log2n + 1);
        return deviceTable(LAYOUT_POWERS, inverse ? f.inv(psi) : psi, 1L << log2n);
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
