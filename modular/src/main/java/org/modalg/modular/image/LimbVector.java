package org.modalg.modular.image;

import java.math.BigInteger;

/**
 * Integers held as two's complement 64-bit limbs, {@code limbsPerValue} limbs each, least
 * significant first: value i at {@code limbs[i * limbsPerValue ..]} (the layout
 * {@link org.modalg.fft.CrtBasis#projectAllSigned} reads). The input form of the
 * {@link ImageEngine} operations: a matrix row by row, a polynomial coefficient by coefficient.
 * Immutable; the array is not copied, so callers must not change it afterwards.
 */
public final class LimbVector {
    private final long[] limbs;
    private final int count;
    private final int limbsPerValue;

    private LimbVector(long[] limbs, int count, int limbsPerValue) {
        this.limbs = limbs;
        this.count = count;
        this.limbsPerValue = limbsPerValue;
    }

    /**
     * The values in two's complement with the fewest limbs that hold all of them (at least one).
     *
     * @throws IllegalArgumentException if values or one of them is null
     */
    public static LimbVector of(BigInteger[] values) {
        if (values == null) {
            throw new IllegalArgumentException("values must not be null");
        }
        int bits = 0;
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                throw new IllegalArgumentException("values[" + i + "] must not be null");
            }
            bits = Math.max(bits, values[i].bitLength());
        }
        int lpv = bits / 64 + 1; // bitLength excludes the sign bit
        long[] limbs = new long[Math.multiplyExact(values.length, lpv)];
        for (int i = 0; i < values.length; i++) {
            BigInteger v = values[i];
            if (v.bitLength() < 64) {
                limbs[i * lpv] = v.longValue();
                if (v.signum() < 0) {
                    java.util.Arrays.fill(limbs, i * lpv + 1, (i + 1) * lpv, -1L);
                }
                continue;
            }
            // big-endian two's complement bytes, read from the end: O(bits), not a shift per limb
            byte[] be = v.toByteArray();
            long fill = v.signum() < 0 ? -1L : 0L;
            for (int j = 0; j < lpv; j++) {
                long w = 0;
                for (int b = 7; b >= 0; b--) {
                    int k = be.length - 1 - (8 * j + b);
                    w = (w << 8) | (k >= 0 ? be[k] & 0xFF : fill & 0xFF);
                }
                limbs[i * lpv + j] = w;
            }
        }
        return new LimbVector(limbs, values.length, lpv);
    }

    /**
     * The values given as longs (one limb each).
     *
     * @throws IllegalArgumentException if values is null
     */
    public static LimbVector of(long[] values) {
        if (values == null) {
            throw new IllegalArgumentException("values must not be null");
        }
        return new LimbVector(values.clone(), values.length, 1);
    }

    /**
     * Wraps limbs already in the layout above (not copied).
     *
     * @throws IllegalArgumentException if limbs is null, count &lt; 0, limbsPerValue &lt; 1, or
     *     limbs is shorter than count * limbsPerValue
     */
    public static LimbVector wrap(long[] limbs, int count, int limbsPerValue) {
        if (limbs == null) {
            throw new IllegalArgumentException("limbs must not be null");
        }
        if (count < 0 || limbsPerValue < 1) {
            throw new IllegalArgumentException("count must be >= 0 and limbsPerValue >= 1, got " + count + ", "
                    + limbsPerValue);
        }
        if ((long) count * limbsPerValue > limbs.length) {
            throw new IllegalArgumentException("limbs must hold count * limbsPerValue = " + (long) count * limbsPerValue
                    + " words, got " + limbs.length);
        }
        return new LimbVector(limbs, count, limbsPerValue);
    }

    /** The limbs (shared, not a copy: read only). */
    public long[] limbs() {
        return limbs;
    }

    /** The number of values. */
    public int count() {
        return count;
    }

    /** Limbs per value. */
    public int limbsPerValue() {
        return limbsPerValue;
    }

    /** Value i as a BigInteger. */
    public BigInteger get(int i) {
        BigInteger v = BigInteger.ZERO;
        for (int j = limbsPerValue - 1; j >= 0; j--) {
            long w = limbs[i * limbsPerValue + j];
            v = j == limbsPerValue - 1 ? BigInteger.valueOf(w) : v.shiftLeft(64).or(unsigned(w));
        }
        return v;
    }

    private static BigInteger unsigned(long w) {
        BigInteger b = BigInteger.valueOf(w & Long.MAX_VALUE);
        return w < 0 ? b.setBit(63) : b;
    }

    /** All values as BigIntegers. */
    public BigInteger[] toBigIntegers() {
        BigInteger[] out = new BigInteger[count];
        for (int i = 0; i < count; i++) {
            out[i] = get(i);
        }
        return out;
    }
}
