package org.modalg.fft;

import java.math.BigInteger;

/**
 * The tests' oracle conversions between BigInteger and little-endian 64-bit limbs, through
 * big-endian bytes only (no code under test involved), shared by the modules' tests through
 * fft's test-jar. Both are linear in len.
 */
public final class BigIntegerLimbs {
    private BigIntegerLimbs() {
    }

    /** The unsigned value of x[off, off + len) (little-endian limbs); zero for len 0. */
    public static BigInteger big(long[] x, int off, int len) {
        byte[] be = new byte[8 * len + 1];
        for (int j = 0; j < len; j++) {
            long v = x[off + j];
            for (int k = 0; k < 8; k++) {
                be[be.length - 1 - 8 * j - k] = (byte) (v >>> (8 * k));
            }
        }
        return new BigInteger(be);
    }

    /**
     * The low len limbs of v in two's complement into x[off, off + len): limb j is
     * {@code v.shiftRight(64 j).longValue()} for every v (a nonnegative v below 2^(64 len) is
     * written exactly, a larger one cut to its low limbs, a negative one sign-extended).
     */
    public static void put(BigInteger v, long[] x, int off, int len) {
        byte[] be = v.toByteArray();
        int sign = v.signum() < 0 ? 0xff : 0;
        for (int j = 0; j < len; j++) {
            long w = 0;
            for (int k = 7; k >= 0; k--) {
                int at = be.length - 1 - (8 * j + k);
                w = (w << 8) | (at >= 0 ? be[at] & 0xff : sign);
            }
            x[off + j] = w;
        }
    }
}
