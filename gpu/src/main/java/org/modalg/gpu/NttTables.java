package org.modalg.gpu;

import java.util.LinkedHashMap;
import java.util.Map;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.fields.ZpMontgomery;

/**
 * The device-resident tables of one (prime, length): forward and inverse stage twiddles in
 * Montgomery form (layout of {@code ntt.cu}: entry h + t is w_{2h}^(&plusmn;t) for every power of
 * two h &lt; n), the negacyclic twists psi^(&plusmn;i) on first use, and the scalar constants.
 * Built on the host in O(n) multiplications and uploaded once; a small cache keeps the most
 * recently used tables up to an eighth of the device memory.
 */
final class NttTables implements AutoCloseable {
    final long p;
    final int log2n;
    /** p^-1 mod 2^64, the REDC constant. */
    final long pinv;
    /** (1/n) R mod p: scale(x, nInvR) = x / n. */
    final long nInvR;
    /** (1/n) R^2 mod p: pointwise(a, b, nInvR2) = a b / n. */
    final long nInvR2;
    final DeviceBuffer forward;
    final DeviceBuffer inverse;
    private DeviceBuffer twist;
    private DeviceBuffer untwist;

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
        DeviceBuffer fwd = DeviceBuffer.of(stageTable(f, mont, w, log2n));
        try {
            this.inverse = DeviceBuffer.of(stageTable(f, mont, f.inv(w), log2n));
        } catch (RuntimeException e) {
            fwd.close();
            throw e;
        }
        this.forward = fwd;
    }

    /** The tables for (p, log2n) on the current device, from the cache or built now. */
    static synchronized NttTables of(long p, int log2n) {
        Key key = new Key(p, log2n);
        NttTables t = CACHE.get(key);
        if (t == null) {
            long limit = GpuRuntime.get().totalMemory() / 8 / Long.BYTES;
            long words = 2L << log2n;
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
    static synchronized void clearCache() {
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
        return (2L + (twist != null ? 2 : 0)) << log2n;
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

    // Entry h + t = w_{2h}^t R mod p for h = 1, 2, 4, .., n/2 and t < h, with w_n = w: the
    // table of the last stage is computed, the others are its subsamples.
    private static long[] stageTable(ZpField f, ZpMontgomery mont, long w, int log2n) {
        int n = 1 << log2n;
        int half = n >> 1;
        long[] table = new long[n];
        long ws = f.shoupPrecompute(w);
        long v = 1;
        for (int t = 0; t < half; t++) {
            table[half + t] = mont.toMont(v);
            v = f.mulShoup(v, w, ws);
        }
        for (int h = half >> 1, step = 2; h >= 1; h >>= 1, step <<= 1) {
            for (int t = 0; t < h; t++) {
                table[h + t] = table[half + t * step];
            }
        }
        return table;
    }

    @Override
    public synchronized void close() {
        forward.close();
        inverse.close();
        if (twist != null) {
            twist.close();
            untwist.close();
        }
    }
}
