package org.modalg.examples.bench.support;

import java.math.BigInteger;

/**
 * Conversions between BigInteger and little-endian 64-bit limb arrays, for calling a
 * {@link org.modalg.fft.products.LimbProductProvider} (the GPU integer product) directly. Through byte
 * arrays: simple rather than fast (the library's own conversions are internal to polynomial).
 */
public final class LimbArrays {
    private LimbArrays() {
    }

    /** |x| as little-endian 64-bit limbs (at least one limb). */
    public static long[] magnitude(BigInteger x) {
        byte[] be = x.abs().toByteArray();
        int n = Math.max(1, (be.length + 7) / 8);
        long[] limbs = new long[n];
        for (int i = 0; i < be.length; i++) {
            int fromEnd = be.length - 1 - i;
            limbs[fromEnd >>> 3] |= (be[i] & 0xFFL) << (8 * (fromEnd & 7));
        }
        return limbs;
    }

    /** The non-negative integer of little-endian 64-bit limbs. */
    public static BigInteger value(long[] limbs) {
        byte[] be = new byte[8 * limbs.length + 1];
        for (int i = 0; i < limbs.length; i++) {
            long v = limbs[i];
            int base = be.length - 1 - 8 * i;
            for (int k = 0; k < 8; k++) {
                be[base - k] = (byte) (v >>> (8 * k));
            }
        }
        return new BigInteger(be);
    }
}
