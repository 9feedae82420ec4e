package org.modalg.polynomial;

import java.math.BigInteger;

/**
 * Little-endian unsigned 64-bit limb arrays: conversion from and to BigInteger, splitting into
 * w-bit pieces and carry normalization of the pieces' products. All O(size).
 */
final class Limbs {
    private Limbs() {
    }

    /** |x| as little-endian 64-bit limbs (length ceil(bitLength / 64), at least 1). */
    static long[] magnitude(BigInteger x) {
        byte[] be = x.abs().toByteArray(); // big-endian, maybe a leading zero byte
        int n = Math.max(1, (be.length + 7) / 8);
        long[] limbs = new long[n];
        for (int i = 0; i < be.length; i++) {
            int fromEnd = be.length - 1 - i;
            limbs[fromEnd >>> 3] |= (be[i] & 0xFFL) << (8 * (fromEnd & 7));
        }
        return limbs;
    }

    /** The non-negative integer of the limbs. */
    static BigInteger toBigInteger(long[] limbs) {
        int n = limbs.length;
        while (n > 0 && limbs[n - 1] == 0) {
            n--;
        }
        byte[] be = new byte[8 * n + 1]; // leading zero byte: positive
        for (int i = 0; i < n; i++) {
            long v = limbs[i];
            int base = be.length - 1 - 8 * i;
            for (int b = 0; b < 8; b++) {
                be[base - b] = (byte) (v >>> (8 * b));
            }
        }
        return new BigInteger(be);
    }

    /** Writes the w-bit pieces (w <= 62) of the limbs, least significant first, to out[off ..]. */
    static int split(long[] limbs, int w, long[] out, int off) {
        long mask = (1L << w) - 1;
        long totalBits = 64L * limbs.length;
        int count = 0;
        for (long bit = 0; bit < totalBits; bit += w) {
            int li = (int) (bit >>> 6);
            int sh = (int) (bit & 63);
            long v = limbs[li] >>> sh;
            if (sh + w > 64 && li + 1 < limbs.length) {
                v |= limbs[li + 1] << (64 - sh);
            }
            out[off + count++] = v & mask;
        }
        return count;
    }

    /**
     * sum_i c_i 2^(w i) as limbs, where c_i is the 128-bit value (coeffs[2i], coeffs[2i+1]):
     * a running 3-word accumulator emits w bits per coefficient.
     */
    static long[] carryPieces(long[] coeffs, int n, int w, int outLimbs) {
        long[] out = new long[outLimbs];
        long a0 = 0, a1 = 0, a2 = 0; // accumulator
        long mask = (1L << w) - 1;
        long bit = 0;
        for (int i = 0; i < n; i++) {
            long c0 = coeffs[2 * i];
            long c1 = coeffs[2 * i + 1];
            long s0 = a0 + c0;
            long k0 = Long.compareUnsigned(s0, c0) < 0 ? 1 : 0;
            long s1 = a1 + c1;
            long k1 = Long.compareUnsigned(s1, c1) < 0 ? 1 : 0;
            long t1 = s1 + k0;
            k1 += (t1 == 0 && k0 != 0) ? 1 : 0;
            a2 += k1;
            a0 = s0;
            a1 = t1;
            emit(out, bit, a0 & mask, w);
            bit += w;
            // accumulator >>= w
            a0 = (a0 >>> w) | (a1 << (64 - w));
            a1 = (a1 >>> w) | (a2 << (64 - w));
            a2 >>>= w;
        }
        while ((a0 | a1 | a2) != 0 && (bit >>> 6) < outLimbs) {
            emit(out, bit, a0 & mask, w);
            bit += w;
            a0 = (a0 >>> w) | (a1 << (64 - w));
            a1 = (a1 >>> w) | (a2 << (64 - w));
            a2 >>>= w;
        }
        return out;
    }

    private static void emit(long[] out, long bit, long v, int w) {
        int li = (int) (bit >>> 6);
        int sh = (int) (bit & 63);
        if (li >= out.length) {
            if (v != 0) {
                throw new IllegalStateException("carry beyond the product's size");
            }
            return;
        }
        out[li] |= v << sh;
        if (sh + w > 64 && li + 1 < out.length) {
            out[li + 1] |= v >>> (64 - sh);
        }
    }
}
