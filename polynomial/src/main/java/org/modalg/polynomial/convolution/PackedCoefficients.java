package org.modalg.polynomial.convolution;

import java.math.BigInteger;
import java.util.stream.IntStream;
import org.modalg.fields.BigIntegerWords;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.fft.parallel.ParallelRange;

/**
 * Integer coefficients packed into chunked arrays: coefficient i is its sign times k unsigned
 * little-endian limbs (k limbs per coefficient, 4096 coefficients per chunk). This is how a large
 * product comes out of {@link ConvolutionPlan}: a {@link ZZPoly} built on it creates its
 * BigInteger coefficients only when they are asked for, because two million BigIntegers cost
 * more than the product itself on a default JVM (measured 80 to 130 ns each, mostly garbage
 * collection of the live objects: 170 to 270 ms for 2^21 coefficients). A product can also be
 * fed to the next multiplication straight from here ({@link #words}).
 *
 * <p>Immutable after construction (the arrays are owned); thread-safe.
 */
public final class PackedCoefficients {
    /**
     * Coefficients per chunk (log2): the arrays come in chunks of 4096 coefficients, because one
     * array of tens of megabytes is a humongous allocation for the G1 collector and cost 30 ms
     * per product of 2^21 coefficients (measured), against a few for young-generation chunks.
     */
    public static final int CHUNK_SHIFT = 12;
    public static final int CHUNK = 1 << CHUNK_SHIFT;

    /** Bits per piece of {@link ConvolutionPlan}'s word planes ({@link #piece}). */
    static final int PIECE_BITS = 48;

    private static final long PIECE_MASK = (1L << PIECE_BITS) - 1;

    private final int length;
    private final int limbs;
    private final long[][] mag;
    private final byte[][] sign;
    private final int maxBits;

    /**
     * Takes ownership of the chunks ({@link #magnitudes}, {@link #signs}): coefficient i is
     * sign[i >> CHUNK_SHIFT][i mod CHUNK] times the limbs at mag[i >> CHUNK_SHIFT][(i mod CHUNK)
     * limbs ..]. length is the trimmed length (the top coefficient non-zero, or 0); maxBits the
     * largest bit length of a magnitude.
     */
    public PackedCoefficients(int length, int limbs, long[][] mag, byte[][] sign, int maxBits) {
        this.length = length;
        this.limbs = limbs;
        this.mag = mag;
        this.sign = sign;
        this.maxBits = maxBits;
    }

    /** Zeroed magnitude chunks for n coefficients of the given limbs. */
    public static long[][] magnitudes(int n, int limbs) {
        return magnitudes(n, limbs, false);
    }

    /**
     * Zeroed magnitude chunks for n coefficients of the given limbs; with {@code parallel}, the
     * chunks are allocated (and so zeroed, and their pages first touched) by the common pool's
     * threads: a product of 2^25 coefficients of 3 limbs is 768 MiB to zero, about 100 ms on
     * one thread of an H100 host, which the device route would otherwise wait for.
     */
    public static long[][] magnitudes(int n, int limbs, boolean parallel) {
        long[][] m = new long[(n + CHUNK - 1) >>> CHUNK_SHIFT][];
        IntStream chunks = IntStream.range(0, m.length);
        (parallel && m.length >= 64 ? chunks.parallel() : chunks).forEach(
                c -> m[c] = new long[Math.min(CHUNK, n - (c << CHUNK_SHIFT)) * limbs]);
        return m;
    }

    /** Zeroed sign chunks for n coefficients. */
    public static byte[][] signs(int n) {
        return signs(n, false);
    }

    /** Zeroed sign chunks for n coefficients, allocated in parallel with {@code parallel}. */
    public static byte[][] signs(int n, boolean parallel) {
        byte[][] s = new byte[(n + CHUNK - 1) >>> CHUNK_SHIFT][];
        IntStream chunks = IntStream.range(0, s.length);
        (parallel && s.length >= 64 ? chunks.parallel() : chunks).forEach(
                c -> s[c] = new byte[Math.min(CHUNK, n - (c << CHUNK_SHIFT))]);
        return s;
    }

    /** The number of coefficients (the top one non-zero). */
    public int length() {
        return length;
    }

    /** The largest bit length of |c_i|. */
    public int maxBits() {
        return maxBits;
    }

    /** Coefficient i as a BigInteger, 0 &lt;= i &lt; length. O(limbs). */
    public BigInteger get(int i) {
        int sg = sign[i >>> CHUNK_SHIFT][i & (CHUNK - 1)];
        if (sg == 0) {
            return BigInteger.ZERO;
        }
        long[] m = mag[i >>> CHUNK_SHIFT];
        int at = (i & (CHUNK - 1)) * limbs;
        int top = limbs;
        while (top > 1 && m[at + top - 1] == 0) {
            top--;
        }
        if (top == 1 && m[at] >= 0) {
            return BigInteger.valueOf(sg * m[at]);
        }
        long[] l = java.util.Arrays.copyOfRange(m, at, at + top);
        return BigIntegerWords.valueOf(l, top, sg);
    }

    /**
     * Signs and magnitudes of coefficients [from, to) for a device product: sign[i] = the sign of
     * c_i, |c_i| on {@code limbs} limbs at dst[(i - from) limbs ..] (absolute puts; every limb
     * written, limbs at least ceil(maxBits / 64)). Safe to call concurrently for disjoint ranges.
     * O((to - from) limbs).
     */
    public void writeSignMagnitude(int from, int to, int limbs, java.nio.LongBuffer dst, byte[] sign) {
        int copy = Math.min(limbs, this.limbs);
        for (int i = from; i < to; ) {
            int k = i >>> CHUNK_SHIFT;
            int end = Math.min(to, (k + 1) << CHUNK_SHIFT);
            long[] m = mag[k];
            int base = k << CHUNK_SHIFT;
            System.arraycopy(this.sign[k], i - base, sign, i, end - i);
            if (copy == limbs && limbs == this.limbs) { // the same layout: one bulk copy
                dst.put((i - from) * limbs, m, (i - base) * limbs, (end - i) * limbs);
            } else {
                for (int j = i; j < end; j++) {
                    int at = (j - from) * limbs;
                    dst.put(at, m, (j - base) * this.limbs, copy);
                    for (int l = copy; l < limbs; l++) {
                        dst.put(at + l, 0L);
                    }
                }
            }
            i = end;
        }
    }

    /** Every coefficient as a BigInteger (in parallel for long polynomials). O(length limbs). */
    public BigInteger[] toBigIntegers() {
        BigInteger[] out = new BigInteger[length];
        if (length < 1 << 14) {
            for (int i = 0; i < length; i++) {
                out[i] = get(i);
            }
        } else {
            ParallelRange.run(java.util.concurrent.ForkJoinPool.commonPool(), 0, length, 1 << 12, (from, to) -> {
                for (int i = from; i < to; i++) {
                    out[i] = get(i);
                }
            });
        }
        return out;
    }

    /**
     * The signed 48-bit pieces of the coefficients into planes of R rows of C, as
     * {@link ConvolutionPlan#words} makes them from BigIntegers: planes[t][r][c] = sign_i
     * (bits [48 t, 48 t + 48) of |c_i|) for i = r C + c &lt; length, zeros after. O(R C planes).
     */
    void words(double[][][] planes) {
        int count = planes.length;
        int cols = planes[0][0].length;
        for (int r = 0; r < planes[0].length; r++) {
            for (double[][] plane : planes) {
                java.util.Arrays.fill(plane[r], 0.0);
            }
            int end = Math.min(cols, length - r * cols);
            for (int c = 0; c < end; c++) {
                int i = r * cols + c;
                int sg = sign[i >>> CHUNK_SHIFT][i & (CHUNK - 1)];
                if (sg == 0) {
                    continue;
                }
                long[] m = mag[i >>> CHUNK_SHIFT];
                int at = (i & (CHUNK - 1)) * limbs;
                for (int t = 0; t < count; t++) {
                    planes[t][r][c] = sg * (double) piece(m, at, limbs, t);
                }
            }
        }
    }

    /**
     * Coefficient i of the chunks mag and sign (each coefficient limbs words of magnitude, a
     * sign byte -1, 0 or 1) from the low limbs words of its two's complement, words[0 .. limbs),
     * and ext, its sign extension (0 or -1): the magnitude is (words ^ ext) - ext, the value
     * being below 2^(64 limbs) in magnitude. top = {the OR of the top nonzero words of the
     * coefficients stored so far, that word's index}, updated (see {@link #bitLength(long[])}).
     * The recombination's store for one coefficient, O(limbs).
     */
    static void putTwosComplement(long[] words, long ext, int limbs, long[][] mag, byte[][] sign, int i, long[] top) {
        long[] m = mag[i >>> CHUNK_SHIFT];
        int at = (i & (CHUNK - 1)) * limbs;
        long borrow = ext & 1;
        long any = 0;
        for (int w = 0; w < limbs; w++) {
            long v = (words[w] ^ ext) + borrow;
            borrow &= v == 0 ? 1 : 0;
            m[at + w] = v;
            any |= v;
        }
        // -1 when negative, else 0 or 1 as the magnitude is zero or not (branch-free)
        sign[i >>> CHUNK_SHIFT][i & (CHUNK - 1)] = (byte) (ext | ((any | -any) >>> 63));
        int orLimb = (int) top[1];
        int t = limbs - 1;
        while (t > orLimb && m[at + t] == 0) {
            t--;
        }
        if (t > orLimb) {
            top[0] = m[at + t];
            top[1] = t;
        } else if (t == orLimb) {
            top[0] |= m[at + t];
        }
    }

    /** The largest bit length of the coefficients whose top words {@code top} holds ({@link #putTwosComplement}). */
    static int bitLength(long[] top) {
        return top[0] == 0 ? 0 : 64 * (int) top[1] + 64 - Long.numberOfLeadingZeros(top[0]);
    }

    /** Bits [48 t, 48 t + 48) of the little-endian limbs m[at .. at + len) (zero above them). */
    static long piece(long[] m, int at, int len, int t) {
        long bit = (long) PIECE_BITS * t;
        int li = (int) (bit >>> 6);
        int sh = (int) (bit & 63);
        if (li >= len) {
            return 0L;
        }
        long v = m[at + li] >>> sh;
        if (sh > 64 - PIECE_BITS && li + 1 < len) {
            v |= m[at + li + 1] << (64 - sh);
        }
        return v & PIECE_MASK;
    }
}
