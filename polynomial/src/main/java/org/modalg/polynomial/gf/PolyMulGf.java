package org.modalg.polynomial.gf;

import java.util.Arrays;
import org.modalg.fields.GfArithmetic;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.zp.PolyMulZp;

/**
 * Multiplication kernels for polynomials over a generalized Fermat prime field
 * p = r^k + 1, on caller-owned {@code long[]} arrays holding coefficients element-major:
 * coefficient i occupies the k digits starting at {@code off + i*k}. Offsets are in words,
 * lengths in coefficients. Unchecked tier under {@link GfPoly}: coefficients must be
 * canonical, {@code aLen, bLen >= 1}, and the output range of (aLen + bLen - 1) k words must
 * overlap neither input. The workspace belongs to the calling thread.
 *
 * <p>A coefficient product is a field multiplication ({@link GfArithmetic#mul}: O(k^2) or
 * O(k log k)), a sum is O(k); Karatsuba trades one product for a few sums, which pays from
 * short lengths on.
 */
public final class PolyMulGf {
    private PolyMulGf() {
    }

    /**
     * c = a * b, choosing the algorithm: {@link #mulClassical} when
     * min(aLen, bLen) &lt; {@link Tuning#gfKaratsubaThreshold()}, {@link #mulKaratsuba}
     * otherwise.
     *
     * <p><b>Candidates to be added by the fft-based strategies</b>: the big-prime FFT over this
     * field ({@code mulBigPrimeFft}) and CRT over word-size primes. Until then the rule above
     * is complete.
     */
    public static void mul(GfArithmetic ar, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                           long[] c, int cOff, GfArithmetic.Workspace ws) {
        int cutoff = Tuning.gfKaratsubaThreshold();
        if (Math.min(aLen, bLen) < cutoff) {
            mulClassical(ar, a, aOff, aLen, b, bOff, bLen, c, cOff, ws);
        } else {
            mulKaratsuba(ar, a, aOff, aLen, b, bOff, bLen, c, cOff, ws, cutoff);
        }
    }

    /**
     * c = a * b by the schoolbook method, skipping zero coefficients of a. aLen * bLen field
     * multiplications and additions.
     */
    public static void mulClassical(GfArithmetic ar, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                    long[] c, int cOff, GfArithmetic.Workspace ws) {
        int k = ar.digits();
        classical(ar, k, a, aOff, aLen, b, bOff, bLen, c, cOff, new long[k], ws);
    }

    private static void classical(GfArithmetic ar, int k, long[] a, int aOff, int aLen, long[] b, int bOff,
                                  int bLen, long[] c, int cOff, long[] tmp, GfArithmetic.Workspace ws) {
        Arrays.fill(c, cOff, cOff + (aLen + bLen - 1) * k, 0L);
        for (int i = 0; i < aLen; i++) {
            int ai = aOff + i * k;
            if (ar.isZero(a, ai)) {
                continue;
            }
            for (int j = 0; j < bLen; j++) {
                int bj = bOff + j * k;
                ar.mul(a, ai, b, bj, tmp, 0, ws);
                int ci = cOff + (i + j) * k;
                ar.add(c, ci, tmp, 0, c, ci);
            }
        }
    }

    /** {@link #mulKaratsuba(GfArithmetic, long[], int, int, long[], int, int, long[], int,
     *  GfArithmetic.Workspace, int)} with the cut-off {@link Tuning#gfKaratsubaThreshold()}. */
    public static void mulKaratsuba(GfArithmetic ar, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                    long[] c, int cOff, GfArithmetic.Workspace ws) {
        mulKaratsuba(ar, a, aOff, aLen, b, bOff, bLen, c, cOff, ws, Tuning.gfKaratsubaThreshold());
    }

    /**
     * c = a * b by Karatsuba's method, recursing while the length is at least {@code cutoff}
     * (at least 2) and finishing with the classical method; unbalanced operands are cut into
     * pieces of the shorter length. O(n^1.585) field multiplications for balanced lengths n;
     * allocates O((aLen + bLen) k) words of scratch.
     */
    public static void mulKaratsuba(GfArithmetic ar, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                    long[] c, int cOff, GfArithmetic.Workspace ws, int cutoff) {
        if (cutoff < 2) {
            throw new IllegalArgumentException("cutoff must be >= 2, got " + cutoff);
        }
        int k = ar.digits();
        if (aLen < bLen) {
            long[] t = a;
            a = b;
            b = t;
            int to = aOff;
            aOff = bOff;
            bOff = to;
            int tl = aLen;
            aLen = bLen;
            bLen = tl;
        }
        long[] tmp = new long[k];
        if (bLen < cutoff) {
            classical(ar, k, a, aOff, aLen, b, bOff, bLen, c, cOff, tmp, ws);
            return;
        }
        long[] scratch = new long[PolyMulZp.karatsubaScratchLength(bLen, cutoff) * k];
        if (aLen == bLen) {
            karatsuba(ar, k, a, aOff, b, bOff, bLen, c, cOff, scratch, 0, tmp, ws, cutoff);
            return;
        }
        Arrays.fill(c, cOff, cOff + (aLen + bLen - 1) * k, 0L);
        long[] prod = new long[(2 * bLen - 1) * k];
        for (int start = 0; start < aLen; start += bLen) {
            int piece = Math.min(bLen, aLen - start);
            if (piece == bLen) {
                karatsuba(ar, k, a, aOff + start * k, b, bOff, bLen, prod, 0, scratch, 0, tmp, ws, cutoff);
            } else {
                mulKaratsuba(ar, a, aOff + start * k, piece, b, bOff, bLen, prod, 0, ws, cutoff);
            }
            for (int i = 0; i < piece + bLen - 1; i++) {
                int ci = cOff + (start + i) * k;
                ar.add(c, ci, prod, i * k, c, ci);
            }
        }
    }

    // Balanced: n coefficients each; scratch layout per level as in PolyMulZp (4h - 1 elements).
    private static void karatsuba(GfArithmetic ar, int k, long[] a, int ao, long[] b, int bo, int n,
                                  long[] c, int co, long[] s, int so, long[] tmp, GfArithmetic.Workspace ws,
                                  int cutoff) {
        if (n < cutoff) {
            classical(ar, k, a, ao, n, b, bo, n, c, co, tmp, ws);
            return;
        }
        int m = n >>> 1;
        int h = n - m;
        karatsuba(ar, k, a, ao, b, bo, m, c, co, s, so, tmp, ws, cutoff);
        ar.setZero(c, co + (2 * m - 1) * k);
        karatsuba(ar, k, a, ao + m * k, b, bo + m * k, h, c, co + 2 * m * k, s, so, tmp, ws, cutoff);
        int sa = so;
        int sb = so + h * k;
        int z1 = so + 2 * h * k;
        int child = z1 + (2 * h - 1) * k;
        for (int i = 0; i < m; i++) {
            ar.add(a, ao + i * k, a, ao + (m + i) * k, s, sa + i * k);
            ar.add(b, bo + i * k, b, bo + (m + i) * k, s, sb + i * k);
        }
        if (h > m) {
            ar.copy(a, ao + 2 * m * k, s, sa + m * k);
            ar.copy(b, bo + 2 * m * k, s, sb + m * k);
        }
        karatsuba(ar, k, s, sa, s, sb, h, s, z1, s, child, tmp, ws, cutoff);
        for (int i = 0; i < 2 * m - 1; i++) {
            ar.sub(s, z1 + i * k, c, co + i * k, s, z1 + i * k);
        }
        for (int i = 0; i < 2 * h - 1; i++) {
            ar.sub(s, z1 + i * k, c, co + (2 * m + i) * k, s, z1 + i * k);
            ar.add(c, co + (m + i) * k, s, z1 + i * k, c, co + (m + i) * k);
        }
    }
}
