package org.modalg.polynomial;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;

/**
 * Little-endian unsigned 64-bit limb arrays: conversion from and to BigInteger, w-bit pieces as
 * residues modulo NTT primes, and addition of shifted multi-limb values (the carry pass of a
 * product of pieces). All O(size).
 */
final class Limbs {
    // Eight bytes of a big-endian byte[] as one long: the conversions move words, not bytes.
    private static final VarHandle BE_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /*
     * BigInteger keeps |x| as a big-endian int[] ("mag"). When java.base opens java.math to
     * modalg (--add-opens java.base/java.math=ALL-UNNAMED: the modalg launcher, its jar's
     * manifest and the test runs do), the conversions read that array and build results from
     * one through BigInteger's trusted (int[], signum) constructor: a copy of words instead of
     * toByteArray and new BigInteger(byte[]), which cost as much as the device's whole product
     * at 10^8 bits. Otherwise they go through the byte arrays. Both give the same values.
     */
    private static final MethodHandle MAG;
    private static final MethodHandle FROM_MAG;

    static {
        MethodHandle mag = null;
        MethodHandle fromMag = null;
        try {
            MethodHandles.Lookup lookup =
                    MethodHandles.privateLookupIn(BigInteger.class, MethodHandles.lookup());
            mag = lookup.findGetter(BigInteger.class, "mag", int[].class);
            fromMag = lookup.findConstructor(BigInteger.class,
                    MethodType.methodType(void.class, int[].class, int.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            mag = null; // java.math not opened: the byte-array path
            fromMag = null;
        }
        MAG = mag;
        FROM_MAG = fromMag;
    }

    /** Whether the conversions read BigInteger's words directly (java.math opened to modalg). */
    static boolean directConversions() {
        return MAG != null;
    }

    private Limbs() {
    }

    /** |x| as little-endian 64-bit limbs (length ceil(bitLength / 64), at least 1). */
    static long[] magnitude(BigInteger x) {
        return MAG != null ? magnitudeOfWords(x) : magnitudeOfBytes(x);
    }

    private static long[] magnitudeOfWords(BigInteger x) {
        int[] mag;
        try {
            mag = (int[]) MAG.invokeExact(x);
        } catch (Throwable e) {
            throw new IllegalStateException("reading BigInteger's magnitude failed", e);
        }
        int m = mag.length; // big-endian, no leading zero words
        long[] limbs = new long[Math.max(1, (m + 1) / 2)]; // zero: mag is empty, one zero limb
        inChunks((m + 1) / 2, (from, to) -> {
            for (int i = from, j = m - 1 - 2 * from; i < to; i++, j -= 2) {
                long lo = mag[j] & 0xFFFFFFFFL;
                limbs[i] = j > 0 ? lo | ((long) mag[j - 1] << 32) : lo;
            }
        });
        return limbs;
    }

    /** Limbs from which a conversion is split over the common pool (a copy is memory-bound). */
    private static final int PARALLEL_LIMBS = 1 << 17;

    private interface Chunk {
        void run(int from, int to);
    }

    // body over [0, n) in slices, in parallel for large n (each slice writes its own range).
    private static void inChunks(int n, Chunk body) {
        if (n < PARALLEL_LIMBS) {
            body.run(0, n);
            return;
        }
        int slices = Math.min(64, n / (PARALLEL_LIMBS / 4));
        java.util.stream.IntStream.range(0, slices).parallel()
                .forEach(c -> body.run((int) ((long) n * c / slices), (int) ((long) n * (c + 1) / slices)));
    }

    static long[] magnitudeOfBytes(BigInteger x) {
        byte[] be = x.abs().toByteArray(); // big-endian, maybe a leading zero byte
        int len = be.length;
        int n = Math.max(1, (len + 7) / 8);
        long[] limbs = new long[n];
        int full = len / 8; // whole words, read from the end
        for (int i = 0; i < full; i++) {
            limbs[i] = (long) BE_LONG.get(be, len - 8 * (i + 1));
        }
        int rest = len - 8 * full; // the top partial word
        long v = 0;
        for (int b = 0; b < rest; b++) {
            v = (v << 8) | (be[b] & 0xFFL);
        }
        if (rest > 0) {
            limbs[full] = v;
        }
        // the sign byte can add a zero word: keep ceil(bitLength / 64) limbs, as documented
        return n > 1 && limbs[n - 1] == 0 ? java.util.Arrays.copyOf(limbs, n - 1) : limbs;
    }

    /** The non-negative integer of the limbs. */
    static BigInteger toBigInteger(long[] limbs) {
        return FROM_MAG != null ? toBigIntegerOfWords(limbs) : toBigIntegerOfBytes(limbs);
    }

    private static BigInteger toBigIntegerOfWords(long[] limbs) {
        int n = limbs.length;
        while (n > 0 && limbs[n - 1] == 0) {
            n--;
        }
        if (n == 0) {
            return BigInteger.ZERO;
        }
        boolean topHalf = (limbs[n - 1] >>> 32) != 0;
        int m = 2 * n - (topHalf ? 0 : 1);
        int[] mag = new int[m]; // big-endian, no leading zero word (the constructor trusts it)
        int count = n;
        inChunks(count, (from, to) -> {
            for (int i = from, j = m - 1 - 2 * from; i < to; i++, j -= 2) {
                mag[j] = (int) limbs[i]; // limb i's low word; its high word just before
                if (j > 0) {
                    mag[j - 1] = (int) (limbs[i] >>> 32);
                }
            }
        });
        try {
            return (BigInteger) FROM_MAG.invokeExact(mag, 1);
        } catch (Throwable e) {
            throw new IllegalStateException("building a BigInteger from its magnitude failed", e);
        }
    }

    static BigInteger toBigIntegerOfBytes(long[] limbs) {
        int n = limbs.length;
        while (n > 0 && limbs[n - 1] == 0) {
            n--;
        }
        byte[] be = new byte[8 * n + 1]; // leading zero byte: positive
        for (int i = 0; i < n; i++) {
            BE_LONG.set(be, be.length - 8 * (i + 1), limbs[i]);
        }
        return new BigInteger(be);
    }

    /** The 64 bits of the limbs from bit position bit on (zeros above the top). */
    private static long window(long[] limbs, long bit) {
        int li = (int) (bit >>> 6);
        int sh = (int) (bit & 63);
        if (li >= limbs.length) {
            return 0;
        }
        long v = limbs[li] >>> sh;
        if (sh != 0 && li + 1 < limbs.length) {
            v |= limbs[li + 1] << (64 - sh);
        }
        return v;
    }

    /**
     * The residues of the w-bit pieces (1 &lt;= w &lt;= 120) of the limbs modulo each prime,
     * written as rows for an NTT: piece i of {@code count} goes to row j (prime p_j &lt; 2^61,
     * p_j &gt; 2^56) at {@code out[j * rowLen + (i mod rowLen)]}, added modulo p_j, negated
     * when {@code negacyclic} and floor(i / rowLen) is odd (so the rows hold the pieces'
     * polynomial modulo x^rowLen - 1, or x^rowLen + 1). The rows must be zero or reduced
     * before the call. O(count s).
     */
    static void residues(long[] limbs, int w, long count, long[] primes, int s, long[] out,
            int rowLen, boolean negacyclic) {
        long loMask = w >= 64 ? -1L : (1L << w) - 1;
        long hiMask = w > 64 ? (1L << (w - 64)) - 1 : 0;
        long[] c64 = new long[s];   // 2^64 mod p_j, as a Shoup pair
        long[] c64s = new long[s];
        long[] binv = new long[s];  // floor(2^64 / p_j)
        for (int j = 0; j < s; j++) {
            long p = primes[j];
            binv[j] = Long.divideUnsigned(-1L, p); // floor((2^64 - 1) / p) = floor(2^64 / p) (p odd)
            long r = Long.remainderUnsigned(-1L, p) + 1; // 2^64 mod p
            c64[j] = r == p ? 0 : r;
            c64s[j] = org.modalg.fields.ZpField.shoupPrecompute(c64[j], p);
        }
        int pos = 0;
        boolean negate = false;
        for (long i = 0; i < count; i++, pos++) {
            if (pos == rowLen) { // next wrap of the rows
                pos = 0;
                negate = negacyclic && !negate;
            }
            long bit = i * w;
            long lo = window(limbs, bit) & loMask;
            long hi = hiMask == 0 ? 0 : window(limbs, bit + 64) & hiMask;
            for (int j = 0; j < s; j++) {
                long p = primes[j];
                // lo mod p up to 2p: q = floor(lo floor(2^64/p) / 2^64) >= floor(lo / p) - 1
                long q = Math.multiplyHigh(lo, binv[j]) + ((lo >> 63) & binv[j]);
                long r = lo - q * p;                 // [0, 2p)
                if (hi != 0) {                       // + hi (2^64 mod p), Shoup: [0, 2p)
                    r += hi * c64[j] - Math.multiplyHigh(hi, c64s[j]) * p;
                }
                r = reduce4(r, p);
                int at = j * rowLen + pos;
                long x = negate ? (r == 0 ? 0 : p - r) : r;
                x += out[at] - p;
                out[at] = x + ((x >> 63) & p);
            }
        }
    }

    // x in [0, 4p) to [0, p), p < 2^61.
    private static long reduce4(long x, long p) {
        long p2 = 2 * p;
        x -= p2;
        x += (x >> 63) & p2;
        x -= p;
        return x + ((x >> 63) & p);
    }

    /**
     * out += sum_i c_i 2^(w i) for the n values c_i of k limbs each at coeffs[i k ..]: each
     * value is added at its bit offset with carry propagation. The caller guarantees that the
     * sum fits out (otherwise {@link IllegalStateException}). O(n k) plus the carry ripples.
     */
    static void addShifted(long[] coeffs, int n, int k, long w, long[] out) {
        for (int i = 0; i < n; i++) {
            addAt(coeffs, i * k, k, i * w, out);
        }
    }

    /**
     * out += v 2^bit for the k-limb value v at src[from ..], with carry propagation.
     *
     * @throws IllegalStateException if the sum does not fit out
     */
    static void addAt(long[] src, int from, int k, long bit, long[] out) {
        int li = (int) (bit >>> 6);
        int sh = (int) (bit & 63);
        long carry = 0;
        long prevHigh = 0; // bits shifted out of the previous limb
        int m = 0;
        for (; m <= k; m++) {
            long v = m < k ? src[from + m] : 0;
            long part = sh == 0 ? v : (v << sh) | prevHigh;
            prevHigh = sh == 0 ? 0 : v >>> (64 - sh);
            if (m == k && part == 0 && carry == 0) {
                break;
            }
            int at = li + m;
            if (at >= out.length) {
                if (part != 0 || carry != 0) {
                    throw new IllegalStateException("carry beyond the product's size");
                }
                return;
            }
            long o = out[at];
            long s1 = o + part;
            long c1 = Long.compareUnsigned(s1, o) < 0 ? 1 : 0;
            long s2 = s1 + carry;
            long c2 = Long.compareUnsigned(s2, s1) < 0 ? 1 : 0;
            out[at] = s2;
            carry = c1 + c2;
        }
        for (int at = li + m; carry != 0; at++) {
            if (at >= out.length) {
                throw new IllegalStateException("carry beyond the product's size");
            }
            long s1 = out[at] + 1;
            out[at] = s1;
            carry = s1 == 0 ? 1 : 0;
        }
    }
}
