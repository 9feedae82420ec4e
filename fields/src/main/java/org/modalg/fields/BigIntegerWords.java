package org.modalg.fields;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.stream.IntStream;

/**
 * BigInteger magnitudes as little-endian unsigned 64-bit limbs and back, for the algorithms
 * that work on limbs (integer multiplication, CRT projection and reconstruction). O(size).
 *
 * <p>BigInteger keeps |x| as a big-endian int[]. When java.base opens java.math to modalg
 * ({@code --add-opens java.base/java.math=ALL-UNNAMED}: the modalg launcher, its jar's manifest,
 * the GPU bundle and the test runs do), the conversions copy that array's words and build results
 * through BigInteger's trusted (int[], signum) constructor: at 10^8 bits 2.5 ms in and 4.5 ms out
 * instead of 13 and 42 ms through {@code toByteArray} and {@code new BigInteger(byte[])}, which
 * is what they use otherwise. Both give the same values; {@link #direct()} says which is in use.
 * Large values are converted in parallel slices.
 */
public final class BigIntegerWords {
    // Eight bytes of a big-endian byte[] as one long: the fallback moves words, not bytes.
    private static final VarHandle BE_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final MethodHandle MAG;
    private static final MethodHandle FROM_MAG;
    /** Limbs from which a conversion is split over the common pool (a copy is memory-bound). */
    private static final int PARALLEL_LIMBS = 1 << 17;

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

    private BigIntegerWords() {
    }

    /** Whether the conversions copy BigInteger's words directly (java.math opened to modalg). */
    public static boolean direct() {
        return MAG != null;
    }

    /** |x| as little-endian 64-bit limbs: ceil(bitLength(|x|) / 64) of them, at least one. */
    public static long[] magnitude(BigInteger x) {
        long[] limbs = new long[limbCount(x)];
        magnitude(x, limbs, limbs.length);
        return limbs;
    }

    /** The number of limbs of |x|: ceil(bitLength(|x|) / 64), at least 1. */
    public static int limbCount(BigInteger x) {
        return (int) Math.max(1, (x.abs().bitLength() + 63L) / 64); // long: bitLength may be 2^31 - 1
    }

    /**
     * |x| into dst[0 .. len) as little-endian limbs, zeros above its top limb.
     *
     * @throws IllegalArgumentException if len is below {@link #limbCount(BigInteger)} or
     *     beyond dst
     */
    public static void magnitude(BigInteger x, long[] dst, int len) {
        if (len < limbCount(x) || len > dst.length) {
            throw new IllegalArgumentException("len must be in [" + limbCount(x) + ", "
                    + dst.length + "] for a value of " + x.bitLength() + " bits, got " + len);
        }
        if (MAG != null) {
            fromWords(x, dst, len);
        } else {
            magnitudeOfBytes(x, dst, len);
        }
    }

    /**
     * The integer signum * (limbs[0 .. len) as a little-endian magnitude).
     *
     * @throws IllegalArgumentException if signum is not -1, 0 or 1, or len is outside
     *     [0, limbs.length]
     * @throws ArithmeticException if the value has more than 2^31 - 1 bits (BigInteger's range)
     */
    public static BigInteger valueOf(long[] limbs, int len, int signum) {
        if (signum < -1 || signum > 1) {
            throw new IllegalArgumentException("signum must be -1, 0 or 1, got " + signum);
        }
        if (len < 0 || len > limbs.length) {
            throw new IllegalArgumentException("len must be in [0, " + limbs.length + "], got " + len);
        }
        int n = len;
        while (n > 0 && limbs[n - 1] == 0) {
            n--;
        }
        if (n == 0 || signum == 0) {
            return BigInteger.ZERO;
        }
        long bits = 64L * (n - 1) + 64 - Long.numberOfLeadingZeros(limbs[n - 1]);
        if (bits > Integer.MAX_VALUE) {
            throw new ArithmeticException("BigInteger would overflow supported range: the value has " + bits
                    + " bits, BigInteger holds at most 2^31 - 1");
        }
        return FROM_MAG != null ? toWords(limbs, n, signum) : valueOfBytes(limbs, n, signum);
    }

    /** The number of 32-bit words of |x| (0 for zero). O(1) when {@link #direct()}. */
    public static int wordCount(BigInteger x) {
        if (MAG != null) {
            return mag(x).length;
        }
        return (x.abs().bitLength() + 31) / 32;
    }

    /**
     * BigInteger's own magnitude of x: big-endian 32-bit words, no leading zero word (empty for
     * zero), the array itself, not a copy, so the caller must not modify it; null when not
     * {@link #direct()}. For loops over many coefficients: one field read per value instead of
     * one per word ({@link #word}). O(1).
     */
    public static int[] magnitudeView(BigInteger x) {
        return MAG != null ? mag(x) : null;
    }

    /**
     * Word t (little-endian, 32 bits, as an unsigned value in a long) of |x|, 0 &lt;= t &lt;
     * {@link #wordCount(BigInteger)}. O(1) when {@link #direct()}, O(size) otherwise.
     */
    public static long word(BigInteger x, int t) {
        if (MAG != null) {
            int[] m = mag(x);
            return m[m.length - 1 - t] & 0xFFFFFFFFL;
        }
        return x.abs().shiftRight(32 * t).longValue() & 0xFFFFFFFFL;
    }

    private static int[] mag(BigInteger x) {
        try {
            return (int[]) MAG.invokeExact(x);
        } catch (Throwable e) {
            throw new IllegalStateException("reading BigInteger's magnitude failed", e);
        }
    }

    private static void fromWords(BigInteger x, long[] dst, int len) {
        int[] mag;
        try {
            mag = (int[]) MAG.invokeExact(x);
        } catch (Throwable e) {
            throw new IllegalStateException("reading BigInteger's magnitude failed", e);
        }
        int m = mag.length; // big-endian, no leading zero words
        int pairs = m >>> 1; // limbs of two words; an odd m leaves the top word alone
        if (pairs < PARALLEL_LIMBS) {
            pairsToLimbs(mag, dst, 0, pairs);
        } else {
            inChunks(pairs, (from, to) -> pairsToLimbs(mag, dst, from, to));
        }
        if ((m & 1) != 0) {
            dst[pairs] = mag[0] & 0xFFFFFFFFL;
        }
        java.util.Arrays.fill(dst, (m + 1) / 2, len, 0L);
    }

    // dst[i] for i in [from, to) from the words m - 1 - 2 i (low) and m - 2 - 2 i (high) of the
    // big-endian mag: both exist, so the loop has no branch (a test per limb made it about
    // three times as slow at 10^4 bits)
    private static void pairsToLimbs(int[] mag, long[] dst, int from, int to) {
        int top = mag.length - 1;
        for (int i = from; i < to; i++) {
            int j = top - 2 * i;
            dst[i] = (mag[j] & 0xFFFFFFFFL) | ((long) mag[j - 1] << 32);
        }
    }

    private static BigInteger toWords(long[] limbs, int n, int signum) {
        boolean topHalf = (limbs[n - 1] >>> 32) != 0;
        int m = 2 * n - (topHalf ? 0 : 1);
        int[] mag = new int[m]; // big-endian, no leading zero word (the constructor trusts it)
        if (n - 1 < PARALLEL_LIMBS) {
            limbsToPairs(limbs, mag, 0, n - 1);
        } else {
            inChunks(n - 1, (from, to) -> limbsToPairs(limbs, mag, from, to));
        }
        long last = limbs[n - 1]; // the top limb: its high word only where it is not zero
        mag[m - 1 - 2 * (n - 1)] = (int) last;
        if (topHalf) {
            mag[0] = (int) (last >>> 32);
        }
        try {
            return (BigInteger) FROM_MAG.invokeExact(mag, signum);
        } catch (Throwable e) {
            throw new IllegalStateException("building a BigInteger from its magnitude failed", e);
        }
    }

    // limb i in [from, to), below the top limb, into the words m - 1 - 2 i (low) and m - 2 - 2 i
    // (high) of the big-endian mag; forward over mag (0.21 against 0.49 us for 313 limbs with
    // the loop forward over the limbs, on the development machine)
    private static void limbsToPairs(long[] limbs, int[] mag, int from, int to) {
        for (int i = to - 1, k = mag.length - 2 - 2 * i; i >= from; i--, k += 2) {
            long v = limbs[i];
            mag[k] = (int) (v >>> 32);
            mag[k + 1] = (int) v;
        }
    }

    // The fallback: |x| through toByteArray, eight bytes at a time.
    static void magnitudeOfBytes(BigInteger x, long[] dst, int len) {
        byte[] be = x.abs().toByteArray(); // big-endian, maybe a leading zero byte
        java.util.Arrays.fill(dst, 0, len, 0L);
        int full = Math.min(len, be.length / 8); // whole words, read from the end
        for (int t = 0; t < full; t++) {
            dst[t] = (long) BE_LONG.get(be, be.length - 8 * (t + 1));
        }
        for (int q = 0; q < be.length - 8 * full; q++) { // the top partial word
            int fromEnd = be.length - 1 - q;
            int limb = fromEnd >>> 3;
            if (limb < len) {
                dst[limb] |= (be[q] & 0xFFL) << ((fromEnd & 7) << 3);
            }
        }
    }

    static BigInteger valueOfBytes(long[] limbs, int n, int signum) {
        byte[] be = new byte[8 * n];
        for (int i = 0; i < n; i++) {
            BE_LONG.set(be, be.length - 8 * (i + 1), limbs[i]);
        }
        return new BigInteger(signum, be);
    }

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
        IntStream.range(0, slices).parallel().forEach(
                c -> body.run((int) ((long) n * c / slices), (int) ((long) n * (c + 1) / slices)));
    }
}
