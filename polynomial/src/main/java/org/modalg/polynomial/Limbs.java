package org.modalg.polynomial;

import java.math.BigInteger;
import org.modalg.fields.BigIntegerWords;

/**
 * Little-endian unsigned 64-bit limb arrays: conversion from and to BigInteger
 * ({@link BigIntegerWords}), w-bit pieces as
 * residues modulo NTT primes, and addition of shifted multi-limb values (the carry pass of a
 * product of pieces). All O(size).
 */
final class Limbs {
    private Limbs() {
    }

    /**
     * The longest array the JVM allocates (HotSpot refuses lengths above Integer.MAX_VALUE - 8
     * with "Requested array size exceeds VM limit"): the hard limit of every packed array, limb
     * array and word plane in this package.
     */
    static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    /**
     * The largest magnitude a BigInteger holds, in bits: its int[] magnitude may have 2^26
     * words with the top bit clear, so |x| &lt; 2^(2^31 - 1). A product beyond that cannot be a
     * BigInteger (BigInteger itself throws ArithmeticException "BigInteger would overflow
     * supported range").
     */
    static final long MAX_BIGINTEGER_BITS = Integer.MAX_VALUE;

    /** The bit length of |x| (BigInteger's bitLength() is one short for x = -2^k). O(1) usually. */
    static long magnitudeBits(BigInteger x) {
        int bl = x.bitLength();
        return x.signum() < 0 && x.getLowestSetBit() == bl ? bl + 1L : bl;
    }

    /** The bit length of the limbs' value (0 for zero). */
    static long bitLength(long[] limbs) {
        int top = limbs.length - 1;
        while (top >= 0 && limbs[top] == 0) {
            top--;
        }
        return top < 0 ? 0 : 64L * top + 64 - Long.numberOfLeadingZeros(limbs[top]);
    }

    /** |x| as little-endian 64-bit limbs (length ceil(bitLength / 64), at least 1). */
    static long[] magnitude(BigInteger x) {
        // the limb count in long arithmetic: BigIntegerWords.limbCount adds 63 to an int
        long[] limbs = new long[(int) Math.max(1, (magnitudeBits(x) + 63) / 64)];
        BigIntegerWords.magnitude(x, limbs, limbs.length);
        return limbs;
    }

    /** The non-negative integer of the limbs. */
    static BigInteger toBigInteger(long[] limbs) {
        return BigIntegerWords.valueOf(limbs, limbs.length, 1);
    }

    /** The non-negative integer of src[off, off + len) (len &gt;= 0). O(len). */
    static BigInteger toBigInteger(long[] src, int off, int len) {
        int n = len;
        while (n > 0 && src[off + n - 1] == 0) {
            n--;
        }
        if (n == 0) {
            return BigInteger.ZERO;
        }
        return BigIntegerWords.valueOf(java.util.Arrays.copyOfRange(src, off, off + n), n, 1);
    }

    /**
     * |x| into dst[off, off + len), zeros above its top limb; the caller guarantees that |x|
     * has at most len limbs. O(len).
     */
    static void write(BigInteger x, long[] dst, int off, int len) {
        if (x.signum() == 0) {
            java.util.Arrays.fill(dst, off, off + len, 0L);
            return;
        }
        long[] m = BigIntegerWords.magnitude(x);
        System.arraycopy(m, 0, dst, off, m.length);
        java.util.Arrays.fill(dst, off + m.length, off + len, 0L);
    }

    /** The number of limbs of src[off, off + len) below its top nonzero one (0 for zero). */
    static int significant(long[] src, int off, int len) {
        int n = len;
        while (n > 0 && src[off + n - 1] == 0) {
            n--;
        }
        return n;
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
