package org.modalg.polynomial.integer;

import java.util.Arrays;

/**
 * Schoolbook products of 64-bit limb arrays as one exact convolution in doubles: each operand
 * is cut into {@value #DIGIT_BITS}-bit digits, the digit vectors are convolved with one fma per
 * digit product in SIMD registers ({@link VectorDigitKernels}), and the column sums (integers
 * below 2^53, so every fma is exact) are carried back into limbs. This is the basecase of
 * {@link LimbMultiplication} when the JVM runs with {@code --add-modules jdk.incubator.vector}
 * (the {@code modalg} launcher and the test runs do): against BigInteger's intrinsic 32-bit
 * schoolbook it does (64/22)^2 = 8.5 times as many products, but 4 or 8 per instruction and
 * two instructions per cycle (polynomial/BENCHMARKS.md has the figures).
 *
 * <p>Exactness: a column sums at most min(na, nb) products of digits below 2^22, so with the
 * shorter operand at most {@value #MAX_SHORTER_DIGITS} digits ({@link #MAX_SHORTER_LIMBS}
 * limbs) every sum is below 512 (2^22 - 1)^2 &lt; 2^53; the longer operand has no limit.
 *
 * <p>Cost: na nb fmas for na, nb digits (about 8.5 n m for n, m limbs, in vectors), plus
 * O(n + m) for the digits and the carries.
 */
final class DigitConvolution {
    private DigitConvolution() {
    }

    /** Bits per digit. */
    static final int DIGIT_BITS = 22;
    private static final long DIGIT_MASK = (1L << DIGIT_BITS) - 1;
    /** Most digits of the shorter operand: 512 (2^22 - 1)^2 &lt; 2^53. */
    static final int MAX_SHORTER_DIGITS = 512;
    /** Most limbs of the shorter operand ({@link #MAX_SHORTER_DIGITS} digits of 22 bits). */
    static final int MAX_SHORTER_LIMBS = MAX_SHORTER_DIGITS * DIGIT_BITS / 64;

    private static final boolean AVAILABLE = probe();

    /**
     * Whether the vector kernel runs in this JVM: the module {@code jdk.incubator.vector} is in the
     * boot layer (started with {@code --add-modules jdk.incubator.vector}) and the property
     * {@code modalg.poly.vector} is not {@code off}.
     */
    static boolean available() {
        return AVAILABLE;
    }

    private static boolean probe() {
        if ("off".equals(System.getProperty("modalg.poly.vector", "auto").trim())) {
            return false;
        }
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return false;
        }
        try {
            return VectorDigitKernels.LANES >= 1;
        } catch (LinkageError e) {
            return false; // another JDK's API: the basecase stays BigInteger's
        }
    }

    /** Reusable digit and column arrays (one thread). */
    static final class Scratch {
        double[] rows = new double[0];
        double[] padded = new double[0];
        double[] columns = new double[0];
    }

    /**
     * z[zo, zo + n + m) = x[xo, xo + n) y[yo, yo + m). Unchecked: n, m &gt;= 1,
     * min(n, m) &lt;= {@link #MAX_SHORTER_LIMBS}, z's range disjoint from the operands', and
     * {@link #available()}.
     */
    static void multiply(long[] x, int xo, int n, long[] y, int yo, int m, long[] z, int zo, Scratch s) {
        int bitsX = bitLength(x, xo, n);
        int bitsY = bitLength(y, yo, m);
        if (bitsX == 0 || bitsY == 0) {
            Arrays.fill(z, zo, zo + n + m, 0L);
            return;
        }
        int dx = (bitsX + DIGIT_BITS - 1) / DIGIT_BITS;
        int dy = (bitsY + DIGIT_BITS - 1) / DIGIT_BITS;
        // the rows are the shorter operand: each output block loops over them
        boolean xRows = dx <= dy;
        int na = xRows ? dx : dy;
        int nb = xRows ? dy : dx;
        int block = VectorDigitKernels.BLOCK;
        if (s.rows.length < na) {
            s.rows = new double[na];
        }
        if (s.padded.length < nb + 2 * block) {
            s.padded = new double[nb + 2 * block];
        }
        int nc = na + nb - 1;
        int columns = (nc + block - 1) / block * block;
        if (s.columns.length < columns) {
            s.columns = new double[columns];
        }
        double[] bp = s.padded;
        Arrays.fill(bp, 0, block, 0.0);
        Arrays.fill(bp, block + nb, nb + 2 * block, 0.0);
        if (xRows) {
            digits(x, xo, (bitsX + 63) >>> 6, s.rows, 0, na);
            digits(y, yo, (bitsY + 63) >>> 6, bp, block, nb);
        } else {
            digits(y, yo, (bitsY + 63) >>> 6, s.rows, 0, na);
            digits(x, xo, (bitsX + 63) >>> 6, bp, block, nb);
        }
        VectorDigitKernels.convolve(s.rows, na, bp, nb, s.columns);
        carry(s.columns, nc, z, zo, n + m);
    }

    // Significant bits of x[xo, xo + n) (0 when all limbs are zero).
    private static int bitLength(long[] x, int xo, int n) {
        int top = n - 1;
        while (top >= 0 && x[xo + top] == 0) {
            top--;
        }
        return top < 0 ? 0 : 64 * top + 64 - Long.numberOfLeadingZeros(x[xo + top]);
    }

    // d[at, at + count) = the 22-bit digits of x[xo, xo + limbs), little-endian. Branch-free while
    // the next limb exists (a digit's high part comes from it: (next << 1) << (63 - sh) is
    // next << (64 - sh), and zero for sh = 0), then the last digits from the top limb alone.
    static void digits(long[] x, int xo, int limbs, double[] d, int at, int count) {
        int i = 0;
        int whole = Math.min(count, (64 * (limbs - 1)) / DIGIT_BITS);
        for (; i < whole; i++) {
            int bit = i * DIGIT_BITS;
            int w = xo + (bit >>> 6);
            int sh = bit & 63;
            long v = (x[w] >>> sh) | ((x[w + 1] << 1) << (63 - sh));
            d[at + i] = (double) (v & DIGIT_MASK);
        }
        for (; i < count; i++) {
            int bit = i * DIGIT_BITS;
            int w = bit >>> 6;
            int sh = bit & 63;
            long v = x[xo + w] >>> sh;
            if (sh > 64 - DIGIT_BITS && w + 1 < limbs) {
                v |= x[xo + w + 1] << (64 - sh);
            }
            d[at + i] = (double) (v & DIGIT_MASK);
        }
    }

    // z[zo, zo + limbs) = sum of c[k] 2^(22 k), k < nc: carries in base 2^22, digits packed into
    // limbs. The value fits the limbs (it is the product), so digits beyond them are zero.
    static void carry(double[] c, int nc, long[] z, int zo, int limbs) {
        int end = zo + limbs;
        int out = zo;
        long acc = 0;
        int accBits = 0;
        long carry = 0;
        for (int k = 0; k < nc; k++) {
            long v = (long) c[k] + carry;
            long d = v & DIGIT_MASK;
            carry = v >>> DIGIT_BITS;
            acc |= d << accBits;
            accBits += DIGIT_BITS;
            if (accBits >= 64) {
                accBits -= 64;
                if (out < end) {
                    z[out++] = acc;
                }
                acc = d >>> (DIGIT_BITS - accBits);
            }
        }
        while (carry != 0) {
            long d = carry & DIGIT_MASK;
            carry >>>= DIGIT_BITS;
            acc |= d << accBits;
            accBits += DIGIT_BITS;
            if (accBits >= 64) {
                accBits -= 64;
                if (out < end) {
                    z[out++] = acc;
                }
                acc = d >>> (DIGIT_BITS - accBits);
            }
        }
        if (out < end) {
            z[out++] = acc;
        }
        Arrays.fill(z, out, end, 0L);
    }
}
