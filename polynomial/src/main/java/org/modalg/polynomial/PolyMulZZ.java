package org.modalg.polynomial;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Multiplication kernels for polynomials over Z on coefficient arrays (increasing degree,
 * offset and length, every entry non-null). This is the unchecked tier under
 * {@link ZZPoly}: preconditions are stated, not validated. The class is package-private
 * because its array type is the current inside representation of {@link ZZPoly} (one
 * {@code BigInteger} per coefficient), which is meant to become packed limbs; the kernels are
 * public static so that further strategies in this package sit beside them under the same
 * naming scheme.
 *
 * <p>Common preconditions: {@code aLen >= 1}, {@code bLen >= 1}, the ranges lie inside their
 * arrays, and {@code c[cOff .. cOff + aLen + bLen - 1)} lies inside {@code c} and overlaps
 * neither input range. Every entry of the output range is written; coefficients may be zero
 * (inputs need not be normalized, and then neither is the output).
 */
final class PolyMulZZ {
    private PolyMulZZ() {
    }

    /**
     * c = a * b, choosing the algorithm. The rule, with n = min(aLen, bLen):
     * <ul>
     *   <li>{@link #mulClassical} when n &lt; {@link Tuning#zzKaratsubaThreshold(int)} of the
     *       larger coefficient size in bits;</li>
     *   <li>{@link #mulKaratsuba} otherwise.</li>
     * </ul>
     *
     * <p><b>Candidates to be added by the fft-based strategies</b> (same signature, chosen here
     * by measured crossovers on length, coefficient bits and threads, see the module README):
     * Kronecker substitution ({@code mulKronecker}), small-prime NTT with CRT
     * ({@code mulSmallPrimeNtt}: number of primes from the signed coefficient bound), and
     * big-prime FFT over a generalized Fermat field ({@code mulBigPrimeFft}). Until then the
     * rule above is complete.
     */
    public static void mul(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                           BigInteger[] c, int cOff) {
        int bits = Math.max(maxBits(a, aOff, aLen), maxBits(b, bOff, bLen));
        int cutoff = Tuning.zzKaratsubaThreshold(bits);
        if (Math.min(aLen, bLen) < cutoff) {
            mulClassical(a, aOff, aLen, b, bOff, bLen, c, cOff);
        } else {
            mulKaratsuba(a, aOff, aLen, b, bOff, bLen, c, cOff, cutoff);
        }
    }

    /**
     * c = a^2, choosing the algorithm by the rule of {@link #mul} applied to (a, a).
     * Preconditions as for {@link #mul} with b = a.
     */
    public static void sqr(BigInteger[] a, int aOff, int aLen, BigInteger[] c, int cOff) {
        int cutoff = Tuning.zzKaratsubaThreshold(maxBits(a, aOff, aLen));
        if (aLen < cutoff) {
            sqrClassical(a, aOff, aLen, c, cOff);
        } else {
            sqrKaratsuba(a, aOff, aLen, c, cOff, cutoff);
        }
    }

    /** The largest bit length of |x| over the range (0 for an all-zero range). O(n). */
    static int maxBits(BigInteger[] x, int off, int len) {
        int bits = 0;
        for (int i = 0; i < len; i++) {
            BigInteger v = x[off + i];
            // bitLength() excludes the sign bit: for negative v it can be one short of |v|'s
            bits = Math.max(bits, v.signum() < 0 ? v.negate().bitLength() : v.bitLength());
        }
        return bits;
    }

    // ------------------------------------------------------------------ classical

    /**
     * c = a * b by the schoolbook method: c_k = sum_{i+j=k} a_i b_j, skipping zero
     * coefficients of a. O(aLen * bLen) coefficient products.
     */
    public static void mulClassical(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                                    BigInteger[] c, int cOff) {
        int n = aLen + bLen - 1;
        Arrays.fill(c, cOff, cOff + n, BigInteger.ZERO);
        for (int i = 0; i < aLen; i++) {
            BigInteger x = a[aOff + i];
            if (x.signum() == 0) {
                continue;
            }
            for (int j = 0; j < bLen; j++) {
                BigInteger y = b[bOff + j];
                if (y.signum() != 0) {
                    c[cOff + i + j] = c[cOff + i + j].add(x.multiply(y));
                }
            }
        }
    }

    /**
     * c = a^2 by the schoolbook method using symmetry: c_k = 2 sum_{i &lt; j, i+j=k} a_i a_j +
     * a_{k/2}^2. About aLen^2 / 2 coefficient products.
     */
    public static void sqrClassical(BigInteger[] a, int aOff, int aLen, BigInteger[] c, int cOff) {
        int n = 2 * aLen - 1;
        Arrays.fill(c, cOff, cOff + n, BigInteger.ZERO);
        for (int i = 0; i < aLen; i++) {
            BigInteger x = a[aOff + i];
            if (x.signum() == 0) {
                continue;
            }
            for (int j = i + 1; j < aLen; j++) {
                BigInteger y = a[aOff + j];
                if (y.signum() != 0) {
                    c[cOff + i + j] = c[cOff + i + j].add(x.multiply(y));
                }
            }
        }
        for (int k = 0; k < n; k++) {
            c[cOff + k] = c[cOff + k].shiftLeft(1);
        }
        for (int i = 0; i < aLen; i++) {
            BigInteger x = a[aOff + i];
            if (x.signum() != 0) {
                c[cOff + 2 * i] = c[cOff + 2 * i].add(x.multiply(x));
            }
        }
    }

    // ------------------------------------------------------------------ Karatsuba

    /** {@link #mulKaratsuba(BigInteger[], int, int, BigInteger[], int, int, BigInteger[], int, int)}
     *  with the cut-off of {@link Tuning#zzKaratsubaThreshold(int)}. */
    public static void mulKaratsuba(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                                    BigInteger[] c, int cOff) {
        int bits = Math.max(maxBits(a, aOff, aLen), maxBits(b, bOff, bLen));
        mulKaratsuba(a, aOff, aLen, b, bOff, bLen, c, cOff, Tuning.zzKaratsubaThreshold(bits));
    }

    /**
     * c = a * b by Karatsuba's method: split at m = n/2, three half-size products
     * a0 b0, a1 b1, (a0 + a1)(b0 + b1), recursing while the length is at least
     * {@code cutoff} and finishing with {@link #mulClassical}. Unbalanced operands are cut
     * into pieces of the shorter length, each multiplied by Karatsuba. O(n^1.585) coefficient
     * products for balanced lengths n, O(max/min * min^1.585) in general.
     *
     * @param cutoff lengths below this go to the classical method; at least 2
     */
    public static void mulKaratsuba(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                                    BigInteger[] c, int cOff, int cutoff) {
        if (cutoff < 2) {
            throw new IllegalArgumentException("cutoff must be >= 2, got " + cutoff);
        }
        if (aLen < bLen) {
            BigInteger[] t = a;
            a = b;
            b = t;
            int to = aOff;
            aOff = bOff;
            bOff = to;
            int tl = aLen;
            aLen = bLen;
            bLen = tl;
        }
        if (bLen < cutoff) {
            mulClassical(a, aOff, aLen, b, bOff, bLen, c, cOff);
            return;
        }
        if (aLen == bLen) {
            karatsuba(a, aOff, b, bOff, bLen, c, cOff, cutoff);
            return;
        }
        // aLen > bLen: pieces of length bLen of a, each times b, added at their offsets.
        Arrays.fill(c, cOff, cOff + aLen + bLen - 1, BigInteger.ZERO);
        BigInteger[] tmp = new BigInteger[2 * bLen - 1];
        for (int start = 0; start < aLen; start += bLen) {
            int piece = Math.min(bLen, aLen - start);
            if (piece == bLen) {
                karatsuba(a, aOff + start, b, bOff, bLen, tmp, 0, cutoff);
            } else {
                mulKaratsuba(a, aOff + start, piece, b, bOff, bLen, tmp, 0, cutoff);
            }
            addInto(tmp, 0, piece + bLen - 1, c, cOff + start);
        }
    }

    // Balanced Karatsuba on n >= 1 coefficients each; c gets 2n - 1.
    private static void karatsuba(BigInteger[] a, int ao, BigInteger[] b, int bo, int n,
                                  BigInteger[] c, int co, int cutoff) {
        if (n < cutoff) {
            mulClassical(a, ao, n, b, bo, n, c, co);
            return;
        }
        int m = n >>> 1;
        int h = n - m; // h >= m >= 1
        karatsuba(a, ao, b, bo, m, c, co, cutoff);                  // z0 -> c[0, 2m-1)
        c[co + 2 * m - 1] = BigInteger.ZERO;
        karatsuba(a, ao + m, b, bo + m, h, c, co + 2 * m, cutoff);  // z2 -> c[2m, 2n-1)
        BigInteger[] sa = new BigInteger[h];
        BigInteger[] sb = new BigInteger[h];
        for (int i = 0; i < h; i++) {
            sa[i] = i < m ? a[ao + i].add(a[ao + m + i]) : a[ao + m + i];
            sb[i] = i < m ? b[bo + i].add(b[bo + m + i]) : b[bo + m + i];
        }
        BigInteger[] z1 = new BigInteger[2 * h - 1];
        karatsuba(sa, 0, sb, 0, h, z1, 0, cutoff);
        middle(c, co, m, h, z1);
    }

    /** {@link #sqrKaratsuba(BigInteger[], int, int, BigInteger[], int, int)} with the tuned cut-off. */
    public static void sqrKaratsuba(BigInteger[] a, int aOff, int aLen, BigInteger[] c, int cOff) {
        sqrKaratsuba(a, aOff, aLen, c, cOff, Tuning.zzKaratsubaThreshold(maxBits(a, aOff, aLen)));
    }

    /**
     * c = a^2 by Karatsuba's method (three half-size squarings), finishing with
     * {@link #sqrClassical} below {@code cutoff}. O(n^1.585) coefficient products.
     *
     * @param cutoff lengths below this go to the classical method; at least 2
     */
    public static void sqrKaratsuba(BigInteger[] a, int aOff, int aLen, BigInteger[] c, int cOff, int cutoff) {
        if (cutoff < 2) {
            throw new IllegalArgumentException("cutoff must be >= 2, got " + cutoff);
        }
        if (aLen < cutoff) {
            sqrClassical(a, aOff, aLen, c, cOff);
            return;
        }
        int m = aLen >>> 1;
        int h = aLen - m;
        sqrKaratsuba(a, aOff, m, c, cOff, cutoff);
        c[cOff + 2 * m - 1] = BigInteger.ZERO;
        sqrKaratsuba(a, aOff + m, h, c, cOff + 2 * m, cutoff);
        BigInteger[] sa = new BigInteger[h];
        for (int i = 0; i < h; i++) {
            sa[i] = i < m ? a[aOff + i].add(a[aOff + m + i]) : a[aOff + m + i];
        }
        BigInteger[] z1 = new BigInteger[2 * h - 1];
        sqrKaratsuba(sa, 0, h, z1, 0, cutoff);
        middle(c, cOff, m, h, z1);
    }

    // c holds z0 (2m - 1 entries), a zero, z2 (2h - 1 entries); adds (z1 - z0 - z2) x^m.
    private static void middle(BigInteger[] c, int co, int m, int h, BigInteger[] z1) {
        for (int i = 0; i < 2 * m - 1; i++) {
            z1[i] = z1[i].subtract(c[co + i]);
        }
        for (int i = 0; i < 2 * h - 1; i++) {
            z1[i] = z1[i].subtract(c[co + 2 * m + i]);
        }
        addInto(z1, 0, 2 * h - 1, c, co + m);
    }

    private static void addInto(BigInteger[] x, int xo, int n, BigInteger[] c, int co) {
        for (int i = 0; i < n; i++) {
            BigInteger v = x[xo + i];
            if (v.signum() != 0) {
                c[co + i] = c[co + i].add(v);
            }
        }
    }
}
