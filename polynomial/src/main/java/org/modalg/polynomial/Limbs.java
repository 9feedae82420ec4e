package org.modalg.polynomial;

import java.math.BigInteger;
import org.modalg.fields.BigIntegerWords;

/**
 * Little-endian unsigned 64-bit limb arrays: conversion from and to BigInteger
 * ({@link BigIntegerWords}), w-bit pieces as
 * residues modulo NTT primes, and addition of shifted multi-limb values (the carry pass of a
 * product of pieces). All O(size).
 */
public final class Limbs {
    private Limbs() {
    }

    /**
     * The longest array the JVM allocates (HotSpot refuses lengths above Integer.MAX_VALUE - 8
     * with "Requested array size exceeds VM limit"): the hard limit of every packed array, limb
     * array and word plane in this package.
     */
    public static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    /**
     * The largest magnitude a BigInteger holds, in bits: its int[] magnitude may have 2^26
     * words with the top bit clear, so |x| &lt; 2^(2^31 - 1). A product beyond that cannot be a
     * BigInteger (BigInteger itself throws ArithmeticException "BigInteger would overflow
     * supported range").
     */
    public static final long MAX_BIGINTEGER_BITS = Integer.MAX_VALUE;

    /** The bit length of |x| (BigInteger's bitLength() is one short for x = -2^k). O(1) usually. */
    public static long magnitudeBits(BigInteger x) {
        int bl = x.bitLength();
        return x.signum() < 0 && x.getLowestSetBit() == bl ? bl + 1L : bl;
    }

    /** The bit length of the limbs' value (0 for zero). */
    public static long bitLength(long[] limbs) {
        int top = limbs.length - 1;
        while (top >= 0 && limbs[top] == 0) {
            top--;
        }
        return top < 0 ? 0 : 64L * top + 64 - Long.numberOfLeadingZeros(limbs[top]);
    }

    /** |x| as little-endian 64-bit limbs (length ceil(bitLength / 64), at least 1). */
    public static long[] magnitude(BigInteger x) {
        // the limb count in long arithmetic: BigIntegerWords.limbCount adds 63 to an int
        long[] limbs = new long[(int) Math.max(1, (magnitudeBits(x) + 63) / 64)];
        BigIntegerWords.magnitude(x, limbs, limbs.length);
        return limbs;
    }

    /** The non-negative integer of the limbs. */
    public static BigInteger toBigInteger(long[] limbs) {
        return BigIntegerWords.valueOf(limbs, limbs.length, 1);
    }

    /** The non-negative integer of src[off, off + len) (len &gt;= 0). O(len). */
    public static BigInteger toBigInteger(long[] src, int off, int len) {
        int n = significant(src, off, len);
        if (n == 0) {
            return BigInteger.ZERO;
        }
        return BigIntegerWords.valueOf(java.util.Arrays.copyOfRange(src, off, off + n), n, 1);
    }

    /**
     * |x| into dst[off, off + len), zeros above its top limb; the caller guarantees that |x|
     * has at most len limbs. O(len).
     */
    public static void write(BigInteger x, long[] dst, int off, int len) {
        if (x.signum() == 0) {
            java.util.Arrays.fill(dst, off, off + len, 0L);
            return;
        }
        long[] m = BigIntegerWords.magnitude(x);
        System.arraycopy(m, 0, dst, off, m.length);
        java.util.Arrays.fill(dst, off + m.length, off + len, 0L);
    }

    /** The number of limbs of src[off, off + len) below its top nonzero one (0 for zero). */
    public static int significant(long[] src, int off, int len) {
        int n = len;
        while (n > 0 && src[off + n - 1] == 0) {
            n--;
        }
        return n;
    }
}
