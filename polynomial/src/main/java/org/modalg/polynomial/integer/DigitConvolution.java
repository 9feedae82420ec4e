package org.modalg.polynomial.integer;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.modalg.fft.doublentt.VectorModule;
import org.modalg.polynomial.Limbs;

/**
 * Schoolbook products of 64-bit limb arrays as one exact convolution in doubles: each operand
 * is cut into balanced {@value DigitFormat#DIGIT_BITS}-bit digits ({@link DigitFormat}), the digit
 * vectors are convolved with one fma per digit product in SIMD registers
 * ({@link VectorDigitKernels}), and the column sums (integers of magnitude at most 2^53, so every
 * fma is exact) are carried back into limbs. This is the basecase of {@link LimbMultiplication} when the JVM
 * runs with {@code --add-modules jdk.incubator.vector} (the {@code modalg} launcher for
 * {@code bench} and {@code study}, the GPU bundle and the test runs do): against BigInteger's
 * intrinsic 32-bit schoolbook it does (64/23)^2 = 7.7 times as many products, but 4 or 8 per
 * instruction and two instructions per cycle (polynomial/BENCHMARKS.md has the figures).
 *
 * <p>Exactness: a column sums at most min(na, nb) products of digits of magnitude at most 2^22,
 * so with the shorter operand at most {@value #MAX_SHORTER_DIGITS} digits
 * ({@link #MAX_SHORTER_LIMBS} limbs) every partial sum has magnitude at most 512 2^44 = 2^53, an
 * integer that a double holds exactly; the longer operand has no limit.
 *
 * <p>Cost: na nb fmas for na, nb digits (about 7.7 n m for n, m limbs, in vectors), plus
 * O(n + m) for the digits and the carries.
 */
final class DigitConvolution {
    private DigitConvolution() {
    }

    /** Most digits of the shorter operand: 512 (2^22)^2 = 2^53. */
    static final int MAX_SHORTER_DIGITS = 512;
    /**
     * Most limbs of the shorter operand: 183, the most whose {@link DigitFormat#digitCount} is
     * at most {@link #MAX_SHORTER_DIGITS}.
     */
    static final int MAX_SHORTER_LIMBS = (MAX_SHORTER_DIGITS * DigitFormat.DIGIT_BITS - 1) / 64;

    // modalg.poly.vector, read once: auto, on or off (anything else is null, an error that
    // ready() throws, so that a mistyped value is loud at the first product, not a class error)
    private static final String PROPERTY = "modalg.poly.vector";
    private static final String MODE = VectorModule.mode(PROPERTY);
    private static final String OFF_REASON = offReasonOf();
    private static final boolean AVAILABLE = OFF_REASON == null;
    private static final Logger LOG = Logger.getLogger(DigitConvolution.class.getName());
    private static final AtomicBoolean WARM_UP_STARTED = new AtomicBoolean();
    private static volatile boolean ready;

    /**
     * Whether the vector kernel runs in this JVM: the module {@code jdk.incubator.vector} is in the
     * boot layer (started with {@code --add-modules jdk.incubator.vector}), its preferred vectors
     * hold at least 4 doubles (AVX2, AVX-512, SVE of 256 bits or more), and the property
     * {@code modalg.poly.vector} is not {@code off}.
     */
    static boolean available() {
        return AVAILABLE;
    }

    /** Why the kernel does not run in this JVM, in words for reports; null where it does. */
    static String offReason() {
        return OFF_REASON;
    }

    /** Whether the kernel is compiled and checked ({@link #ready()} without counting a call). */
    static boolean isReady() {
        return ready;
    }

    /** Calls of {@link #ready()} before the warm-up starts: a process that keeps multiplying. */
    static final int WARM_UP_AFTER_CALLS = 1000;
    // calls of ready() so far (a plain counter: lost increments only delay the warm-up a little)
    private static int demand;

    /**
     * Whether the kernel is compiled and checked, so that the default basecase may use it. The
     * Vector API's code is fast only once HotSpot's top tier has compiled it; before that every
     * vector is an object (on the development machine the first 160-limb product took 0.15 to
     * 0.3 s, the next hundred 0.4 to 40 ms each, against 15 us compiled, and the top tier came
     * after about a second: 0.6 to 0.8 s of CPU). So the {@value #WARM_UP_AFTER_CALLS}-th call
     * (a process that keeps multiplying; one-shot commands do not get there) starts a daemon
     * thread that runs the kernel until it is compiled, then checks one product against
     * BigInteger; until then, and for good if the check fails (logged), the callers stay on
     * BigInteger's basecase. That thread and its garbage share the cores with the caller's work
     * for that second: products on every core of a small machine run much slower meanwhile
     * (polynomial/BENCHMARKS.md). Property {@code modalg.poly.vector}: {@code off} never uses
     * the kernel, {@code on} uses it at once without the thread (the first products then pay
     * the slow tiers themselves).
     */
    static boolean ready() {
        if (ready) {
            return true;
        }
        if (MODE == null) {
            throw VectorModule.invalid(PROPERTY);
        }
        if (!AVAILABLE) {
            return false;
        }
        if (MODE.equals("on")) {
            ready = true;
        } else if (++demand >= WARM_UP_AFTER_CALLS && WARM_UP_STARTED.compareAndSet(false, true)) {
            VectorModule.warmUpInBackground("modalg-digit-convolution-warm-up", DigitConvolution::warmUp);
        }
        return ready;
    }

    // Runs the kernel on random operands of 160 limbs for at most 600 products or 5 seconds (the
    // top tier compiled it after about 100 to 250 of them on the development machine), then
    // checks a product against BigInteger.
    private static void warmUp() {
        try {
            SplittableRandom rnd = new SplittableRandom(0x5eed);
            int n = 160;
            long[] x = new long[n];
            long[] y = new long[n - 7];
            for (int i = 0; i < n; i++) {
                x[i] = rnd.nextLong();
            }
            for (int i = 0; i < y.length; i++) {
                y[i] = rnd.nextLong();
            }
            long[] z = new long[x.length + y.length];
            Scratch s = new Scratch();
            long end = System.nanoTime() + 5_000_000_000L;
            for (int i = 0; i < 600 && System.nanoTime() < end; i++) {
                multiply(x, 0, n, y, 0, y.length, z, 0, s);
            }
            if (Limbs.toBigInteger(z).equals(Limbs.toBigInteger(x).multiply(Limbs.toBigInteger(y)))) {
                ready = true;
            } else {
                LOG.warning("the digit convolution's check product differs from BigInteger's: limb products "
                        + "keep BigInteger's basecase in this JVM");
            }
        } catch (RuntimeException | LinkageError e) {
            LOG.log(Level.WARNING, "the digit convolution failed its warm-up: limb products keep BigInteger's "
                    + "basecase in this JVM", e);
        }
    }

    // available()'s conditions in order; the first one missing, or null
    private static String offReasonOf() {
        String common = VectorModule.offReason(PROPERTY);
        if (common != null) {
            return common;
        }
        try {
            // fewer than 4 lanes (no SIMD registers of 256 bits or more): BigInteger's basecase
            // does as well, and nothing was measured there
            return VectorDigitKernels.LANES >= 4 ? null : "vectors of fewer than 4 doubles";
        } catch (LinkageError e) {
            return "the Vector API of this JDK does not link"; // the basecase stays BigInteger's
        }
    }

    /** Reusable digit and column arrays (one thread). */
    static final class Scratch {
        long[] limbs = new long[0];
        double[] rows = new double[0];
        double[] padded = new double[0];
        double[] columns = new double[0];
        long[] sums = new long[0];
        long[] parts = new long[0];
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
        int dx = DigitFormat.digitCount(bitsX);
        int dy = DigitFormat.digitCount(bitsY);
        // the rows are the shorter operand: each output block loops over them
        boolean xRows = dx <= dy;
        int na = xRows ? dx : dy;
        int nb = xRows ? dy : dx;
        int block = VectorDigitKernels.BLOCK;
        int rowPad = VectorDigitKernels.ROW_PAD;
        int columnPad = VectorDigitKernels.COLUMN_PAD;
        // room for the zero digits the lanes write past the last whole period
        if (s.rows.length < na + 2 * rowPad + DigitFormat.PERIOD_DIGITS) {
            s.rows = new double[na + 2 * rowPad + DigitFormat.PERIOD_DIGITS];
        }
        if (s.padded.length < nb + 2 * columnPad + DigitFormat.PERIOD_DIGITS) {
            s.padded = new double[nb + 2 * columnPad + DigitFormat.PERIOD_DIGITS];
        }
        int nc = na + nb - 1;
        int columns = (nc + block - 1) / block * block;
        if (s.columns.length < columns) {
            s.columns = new double[columns];
        }
        double[] ap = s.rows;
        double[] bp = s.padded;
        Arrays.fill(ap, 0, rowPad, 0.0);
        Arrays.fill(ap, rowPad + na, na + 2 * rowPad, 0.0);
        Arrays.fill(bp, 0, columnPad, 0.0);
        Arrays.fill(bp, columnPad + nb, nb + 2 * columnPad, 0.0);
        if (xRows) {
            digits(x, xo, (bitsX + 63) >>> 6, ap, rowPad, na, s);
            digits(y, yo, (bitsY + 63) >>> 6, bp, columnPad, nb, s);
        } else {
            digits(y, yo, (bitsY + 63) >>> 6, ap, rowPad, na, s);
            digits(x, xo, (bitsX + 63) >>> 6, bp, columnPad, nb, s);
        }
        VectorDigitKernels.convolve(ap, na, bp, nb, s.columns);
        carry(s.columns, nc, z, zo, n + m, s);
    }

    /**
     * z[zo, zo + limbs) = sum of c[k] 2^(23 k) over k &lt; nc, for column sums c[k] that are
     * integers of magnitude at most 2^53 whose sum is non-negative and fits the limbs: the
     * columns as longs (c[nc] up to the next multiple of the lanes must be zeros), cut into 23-bit
     * digits with their carries in vectors ({@link VectorDigitKernels#columnDigits}), the digits
     * packed into limbs ({@link #pack}).
     */
    static void carry(double[] c, int nc, long[] z, int zo, int limbs, Scratch s) {
        int pad = VectorDigitKernels.CARRY_PAD;
        // the digits, and past them the zeros the last limbs read
        int sums = pad + Math.max(nc + 3 + VectorDigitKernels.LANES, 64 * limbs / DigitFormat.DIGIT_BITS + 4);
        if (s.sums.length < sums) {
            s.sums = new long[sums];
            s.parts = new long[sums];
        }
        long[] v = s.sums;
        Arrays.fill(v, 0, pad, 0L);
        VectorDigitKernels.columnLongs(c, nc, v, pad);
        Arrays.fill(v, pad + nc, sums, 0L);
        // the digits land in v[0, nc + 3) and zeros up to the next whole vector; past that the
        // zeros just written stay, so the last limbs read zeros
        VectorDigitKernels.columnDigits(v, nc, s.parts);
        pack(v, z, zo, limbs);
    }

    // Significant bits of x[xo, xo + n) (0 when all limbs are zero).
    private static int bitLength(long[] x, int xo, int n) {
        int top = n - 1;
        while (top >= 0 && x[xo + top] == 0) {
            top--;
        }
        return top < 0 ? 0 : 64 * top + 64 - Long.numberOfLeadingZeros(x[xo + top]);
    }

    // d[at, at + count) = the balanced digits of x[xo, xo + limbs) (DigitFormat), little-endian,
    // count at least DigitFormat.digitCount of the value's bits: from 64 digits on, in lanes from a
    // copy of the limbs behind one zero limb (the bit below digit 0), zero-padded; the lanes cut
    // whole periods of 64 digits, so d must have room for 63 more (zeros).
    static void digits(long[] x, int xo, int limbs, double[] d, int at, int count, Scratch s) {
        if (!VectorDigitKernels.LANE_DIGITS || count < DigitFormat.PERIOD_DIGITS) {
            digits(x, xo, limbs, d, at, count);
            return;
        }
        int periods = (count + DigitFormat.PERIOD_DIGITS - 1) / DigitFormat.PERIOD_DIGITS;
        int padded = Math.max(1 + limbs, DigitFormat.PERIOD_LIMBS * periods) + VectorDigitKernels.LIMB_PAD;
        if (s.limbs.length < padded) {
            s.limbs = new long[padded];
        }
        long[] copy = s.limbs;
        copy[0] = 0;
        System.arraycopy(x, xo, copy, 1, limbs);
        Arrays.fill(copy, 1 + limbs, padded, 0L);
        VectorDigitKernels.digits(copy, count, d, at);
    }

    /**
     * d[at, at + count) = the balanced digits of x[xo, xo + limbs) ({@link DigitFormat}),
     * little-endian; count at least {@link DigitFormat#digitCount} of the value's bits for the
     * digits to sum to it. Digit i takes the 24 bits from bit 23 i - 1: branch-free while the
     * next limb exists (the window's high part comes from it: (next &lt;&lt; 1) &lt;&lt; (63 - sh)
     * is next &lt;&lt; (64 - sh), and zero for sh = 0), then from the top limb alone and zeros
     * above it. O(count).
     */
    static void digits(long[] x, int xo, int limbs, double[] d, int at, int count) {
        if (count > 0) {
            d[at] = limbs > 0 ? DigitFormat.digit(x[xo] << 1) : 0; // the bit below digit 0 is zero
        }
        int i = 1;
        int whole = Math.min(count, 64 * (limbs - 1) / DigitFormat.DIGIT_BITS + 1);
        for (; i < whole; i++) {
            int bit = i * DigitFormat.DIGIT_BITS - 1;
            int w = xo + (bit >> 6);
            int sh = bit & 63;
            long v = (x[w] >>> sh) | ((x[w + 1] << 1) << (63 - sh));
            d[at + i] = DigitFormat.digit(v);
        }
        for (; i < count; i++) {
            int bit = i * DigitFormat.DIGIT_BITS - 1;
            int w = bit >> 6;
            int sh = bit & 63;
            long v = w < limbs ? x[xo + w] >>> sh : 0;
            if (sh > 64 - DigitFormat.DIGIT_BITS - 1 && w + 1 < limbs) {
                v |= x[xo + w + 1] << (64 - sh);
            }
            d[at + i] = DigitFormat.digit(v);
        }
    }

    // z[zo, zo + limbs) = the 23-bit digits d (each in [0, 2^23); zeros past the product's, up to
    // digit 64 limbs / 23 + 4). Limb j starts at bit r = 64 j - 23 kf of digit kf = 64 j / 23 and
    // takes the next two digits whole and the low bits of a third, and of a fourth where r > 5.
    // A period of 64 digits is 23 limbs, so a period is 23 fixed expressions (a loop that computes
    // kf and r took three times as long); the limbs after the last whole period by the rule.
    static void pack(long[] d, long[] z, int zo, int limbs) {
        int whole = limbs / DigitFormat.PERIOD_LIMBS * DigitFormat.PERIOD_LIMBS;
        for (int j = zo, k = 0; j < zo + whole; j += DigitFormat.PERIOD_LIMBS, k += DigitFormat.PERIOD_DIGITS) {
            z[j] = d[k] | d[k + 1] << 23 | d[k + 2] << 46;
            z[j + 1] = d[k + 2] >>> 18 | d[k + 3] << 5 | d[k + 4] << 28 | d[k + 5] << 51;
            z[j + 2] = d[k + 5] >>> 13 | d[k + 6] << 10 | d[k + 7] << 33 | d[k + 8] << 56;
            z[j + 3] = d[k + 8] >>> 8 | d[k + 9] << 15 | d[k + 10] << 38 | d[k + 11] << 61;
            z[j + 4] = d[k + 11] >>> 3 | d[k + 12] << 20 | d[k + 13] << 43;
            z[j + 5] = d[k + 13] >>> 21 | d[k + 14] << 2 | d[k + 15] << 25 | d[k + 16] << 48;
            z[j + 6] = d[k + 16] >>> 16 | d[k + 17] << 7 | d[k + 18] << 30 | d[k + 19] << 53;
            z[j + 7] = d[k + 19] >>> 11 | d[k + 20] << 12 | d[k + 21] << 35 | d[k + 22] << 58;
            z[j + 8] = d[k + 22] >>> 6 | d[k + 23] << 17 | d[k + 24] << 40 | d[k + 25] << 63;
            z[j + 9] = d[k + 25] >>> 1 | d[k + 26] << 22 | d[k + 27] << 45;
            z[j + 10] = d[k + 27] >>> 19 | d[k + 28] << 4 | d[k + 29] << 27 | d[k + 30] << 50;
            z[j + 11] = d[k + 30] >>> 14 | d[k + 31] << 9 | d[k + 32] << 32 | d[k + 33] << 55;
            z[j + 12] = d[k + 33] >>> 9 | d[k + 34] << 14 | d[k + 35] << 37 | d[k + 36] << 60;
            z[j + 13] = d[k + 36] >>> 4 | d[k + 37] << 19 | d[k + 38] << 42;
            z[j + 14] = d[k + 38] >>> 22 | d[k + 39] << 1 | d[k + 40] << 24 | d[k + 41] << 47;
            z[j + 15] = d[k + 41] >>> 17 | d[k + 42] << 6 | d[k + 43] << 29 | d[k + 44] << 52;
            z[j + 16] = d[k + 44] >>> 12 | d[k + 45] << 11 | d[k + 46] << 34 | d[k + 47] << 57;
            z[j + 17] = d[k + 47] >>> 7 | d[k + 48] << 16 | d[k + 49] << 39 | d[k + 50] << 62;
            z[j + 18] = d[k + 50] >>> 2 | d[k + 51] << 21 | d[k + 52] << 44;
            z[j + 19] = d[k + 52] >>> 20 | d[k + 53] << 3 | d[k + 54] << 26 | d[k + 55] << 49;
            z[j + 20] = d[k + 55] >>> 15 | d[k + 56] << 8 | d[k + 57] << 31 | d[k + 58] << 54;
            z[j + 21] = d[k + 58] >>> 10 | d[k + 59] << 13 | d[k + 60] << 36 | d[k + 61] << 59;
            z[j + 22] = d[k + 61] >>> 5 | d[k + 62] << 18 | d[k + 63] << 41;
        }
        for (int j = whole; j < limbs; j++) {
            int kf = 64 * j / DigitFormat.DIGIT_BITS;
            int r = 64 * j - DigitFormat.DIGIT_BITS * kf;
            long fourth = d[kf + 3] & ((long) (5 - r) >> 63); // only where it starts inside the limb
            z[zo + j] = d[kf] >>> r | d[kf + 1] << (DigitFormat.DIGIT_BITS - r)
                    | d[kf + 2] << (2 * DigitFormat.DIGIT_BITS - r) | fourth << (3 * DigitFormat.DIGIT_BITS - r);
        }
    }
}
