package org.modalg.fft.fp;

import java.math.BigInteger;

/**
 * Digits in and limbs out for the floating-point product route: a magnitude split into
 * balanced b-bit digits (values in [-2^(b-1), 2^(b-1)), one extra digit for the last carry),
 * and the rounded coefficients c_i of the digit product assembled back into 64-bit limbs of
 * sum c_i 2^(b i). The assembly is the Java twin of the device's two-phase carry
 * ({@code fpfft.cu}): phase 1 gives each limb w the exact 128-bit sum T_w of the coefficients
 * whose bit position b i falls in [64 w, 64 w + 64) (shifted into place), split as
 * lo_w + 2^64 hi_w; limb w is then lo_w + hi_(w-1) plus a carry in {-1, 0, 1}, which the
 * device resolves by a carry-lookahead scan and this class by a sequential pass. O(n).
 */
public final class FpDigits {
    private FpDigits() {
    }

    /** The number of balanced b-bit digits of a magnitude of {@code bits} bits: ceil(bits / b) + 1. */
    public static long digitCount(long bits, int b) {
        return (bits + b - 1) / b + 1;
    }

    /** The little-endian 64-bit limbs of |x| (length ceil(bitLength / 64), at least 1). */
    public static long[] magnitudeLimbs(BigInteger x) {
        BigInteger m = x.abs();
        byte[] be = m.toByteArray(); // big-endian, may carry a leading zero byte
        int words = Math.max(1, (m.bitLength() + 63) >>> 6);
        long[] out = new long[words];
        for (int i = 0; i < be.length; i++) {
            int byteFromLow = be.length - 1 - i;
            int w = byteFromLow >>> 3;
            if (w < words) {
                out[w] |= (be[i] & 0xFFL) << ((byteFromLow & 7) << 3);
            }
        }
        return out;
    }

    /** The non-negative BigInteger of little-endian 64-bit limbs limbs[0 .. len). */
    public static BigInteger fromLimbs(long[] limbs, int len) {
        byte[] be = new byte[8 * len + 1];
        for (int w = 0; w < len; w++) {
            long v = limbs[w];
            int base = be.length - 1 - 8 * w;
            for (int k = 0; k < 8; k++) {
                be[base - k] = (byte) (v >>> (8 * k));
            }
        }
        return new BigInteger(be);
    }

    /**
     * The balanced b-bit digits of the magnitude with limbs {@code limbs} ({@code bits} its bit
     * length), {@link #digitCount}(bits, b) of them, into out[0 ..) as doubles: sum d_i 2^(b i)
     * is the magnitude and every d_i lies in [-2^(b-1), 2^(b-1)).
     *
     * @throws IllegalArgumentException if b is outside [2, 30] or out is too short
     */
    public static void balancedDigits(long[] limbs, long bits, int b, double[] out) {
        if (b < 2 || b > 30) {
            throw new IllegalArgumentException("digit bits must be in [2, 30], got " + b);
        }
        long count = digitCount(bits, b);
        if (out.length < count) {
            throw new IllegalArgumentException("out must hold " + count + " digits, has " + out.length);
        }
        long mask = (1L << b) - 1;
        long halfBase = 1L << (b - 1);
        long carry = 0;
        for (int i = 0; i < count; i++) {
            long pos = (long) b * i;
            long u = extract(limbs, pos, b, mask) + carry;
            if (u >= halfBase) {
                out[i] = u - (1L << b);
                carry = 1;
            } else {
                out[i] = u;
                carry = 0;
            }
        }
    }

    // bits [pos, pos + b) of the limbs (zero beyond them), b <= 30
    private static long extract(long[] limbs, long pos, int b, long mask) {
        int w = (int) (pos >>> 6);
        int s = (int) (pos & 63);
        if (w >= limbs.length) {
            return 0;
        }
        long v = limbs[w] >>> s;
        if (s + b > 64 && w + 1 < limbs.length) {
            v |= limbs[w + 1] << (64 - s);
        }
        return v & mask;
    }

    /** The number of 64-bit limbs the assembly of {@code count} coefficients of b-bit digits writes. */
    public static int limbCount(int count, int b) {
        // sum |c_i| 2^(b i) < 2^(b (count - 1) + 64): one limb more for the top coefficient's spill
        return (int) (((long) b * (count - 1)) / 64) + 3;
    }

    /**
     * Limbs of sum c_i 2^(b i) for the integer coefficients c[0 .. count) (each |c_i| &le; 2^53,
     * b &ge; 2: at most 32 terms of at most 2^116 meet in a limb, so the 128-bit sums are exact),
     * whose sum is known to be non-negative, into out[0 .. {@link #limbCount}(count, b)).
     *
     * @throws ArithmeticException if the sum is negative (the coefficients were not those of a
     *     product of magnitudes)
     */
    public static void assemble(long[] c, int count, int b, long[] out) {
        int w = limbCount(count, b);
        long[] lo = new long[w];
        long[] hi = new long[w];
        // phase 1: T_w = sum over b i in [64 w, 64 w + 64) of c_i 2^(b i - 64 w), 128-bit signed
        for (int i = 0; i < count; i++) {
            long pos = (long) b * i;
            int limb = (int) (pos >>> 6);
            int sh = (int) (pos & 63);
            long ci = c[i];
            long tl = ci << sh;
            long th = sh == 0 ? ci >> 63 : ci >> (64 - sh);
            long nl = lo[limb] + tl;
            hi[limb] += th + (Long.compareUnsigned(nl, tl) < 0 ? 1 : 0);
            lo[limb] = nl;
        }
        // phase 2: limb w = lo_w + hi_(w-1) + carry, carry in {-1, 0, 1} (sequential here)
        long carry = 0;
        for (int k = 0; k < w; k++) {
            long h = k == 0 ? 0 : hi[k - 1];
            long s = lo[k] + h;
            // the 65-bit signed sum lo (unsigned) + h (signed) + carry
            long g = (h >= 0) ? (Long.compareUnsigned(s, lo[k]) < 0 ? 1 : 0)
                    : (Long.compareUnsigned(s, lo[k]) > 0 ? -1 : 0);
            long v = s + carry;
            if (carry == 1 && v == 0) {
                g += 1;
            } else if (carry == -1 && v == -1) {
                g -= 1;
            }
            out[k] = v;
            carry = g;
        }
        if (carry != 0 || hi[w - 1] != 0) {
            throw new ArithmeticException("assembled coefficients do not form a non-negative integer of "
                    + w + " limbs (carry " + carry + ")");
        }
    }
}
