package org.modalg.fft.ntt;

import org.modalg.fields.ZpField;

/**
 * The transforms' oracles in Z/pZ, independent of every transform: the O(n^2) cyclic and
 * negacyclic convolution and Horner's evaluation, on slices of arrays, with {@link ZpField}
 * arithmetic.
 */
public final class NaiveZp {
    private NaiveZp() {
    }

    /**
     * a[off, off + n) times b[off, off + n) modulo x^n - 1 (cyclic) or x^n + 1 (negacyclic), mod p.
     * O(n^2).
     */
    public static long[] convolution(long[] a, long[] b, int off, int n, long p, boolean nega) {
        ZpField f = ZpField.of(p);
        long[] c = new long[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                long t = f.mul(a[off + i], b[off + j]);
                int k = i + j;
                if (k >= n) {
                    k -= n;
                    c[k] = nega ? f.sub(c[k], t) : f.add(c[k], t);
                } else {
                    c[k] = f.add(c[k], t);
                }
            }
        }
        return c;
    }

    /** {@link #convolution(long[], long[], int, int, long, boolean)} of whole arrays of equal length. */
    public static long[] convolution(long[] a, long[] b, long p, boolean nega) {
        return convolution(a, b, 0, a.length, p, nega);
    }

    /** sum_j a[off + j] x^j over j &lt; n, in f. O(n). */
    public static long horner(long[] a, int off, int n, long x, ZpField f) {
        long s = 0;
        for (int j = n - 1; j >= 0; j--) {
            s = f.add(f.mul(s, x), a[off + j]);
        }
        return s;
    }

    /** {@link #horner(long[], int, int, long, ZpField)} of a whole array. */
    public static long horner(long[] a, long x, ZpField f) {
        return horner(a, 0, a.length, x, f);
    }
}
