package org.modalg.fft.fp;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The single-precision twin of {@link FpFft} (same algorithm, float arithmetic, roots rounded
 * from {@link FpFft#twiddles}, error bound {@link FpErrorBound#boundFloat}), for the error
 * studies of the ID-FFT paper's Table 2 (FP32 against FP64); no product route uses it.
 */
public final class FpFftFloat {
    private static final ConcurrentHashMap<Integer, float[]> TABLES = new ConcurrentHashMap<>();

    private FpFftFloat() {
    }

    /** {@link FpFft#twiddles} rounded to float (error at most {@link FpErrorBound#BETA_FLOAT}); cached. */
    public static float[] twiddles(int logN) {
        return TABLES.computeIfAbsent(logN, l -> {
            double[] d = FpFft.twiddles(l);
            float[] f = new float[d.length];
            for (int i = 0; i < d.length; i++) {
                f[i] = (float) d[i];
            }
            return f;
        });
    }

    /**
     * In-place complex transform of re + i im, length 2^logN, natural order in and out:
     * X_k = sum_j x_j w^(jk) with w = exp(-2 pi i / 2^logN) (forward) or its conjugate
     * (inverse, unscaled). {@code table} is {@link #twiddles}(tableLog) with tableLog &ge; logN.
     * Radix-2 decimation in time after a bit-reversal permutation; O(N log N).
     */
    public static void transform(float[] re, float[] im, int logN, boolean inverse, float[] table, int tableLog) {
        int n = 1 << logN;
        bitReverse(re, im, logN);
        float sign = inverse ? -1f : 1f;
        for (int s = 1; s <= logN; s++) {
            int len = 1 << s;
            int half = len >> 1;
            int step = 1 << (tableLog - s); // root index stride in the table of 2^tableLog
            for (int i = 0; i < n; i += len) {
                for (int j = 0; j < half; j++) {
                    float wr = table[2 * j * step];
                    float wi = sign * table[2 * j * step + 1];
                    int p = i + j;
                    int q = p + half;
                    float xr = re[q];
                    float xi = im[q];
                    float vr = xr * wr - xi * wi;
                    float vi = xr * wi + xi * wr;
                    float ur = re[p];
                    float ui = im[p];
                    re[p] = ur + vr;
                    im[p] = ui + vi;
                    re[q] = ur - vr;
                    im[q] = ui - vi;
                }
            }
        }
    }

    static void bitReverse(float[] re, float[] im, int logN) {
        int n = 1 << logN;
        for (int i = 0; i < n; i++) {
            int r = FpFft.bitReversed(i, logN);
            if (r > i) {
                float t = re[i];
                re[i] = re[r];
                re[r] = t;
                t = im[i];
                im[i] = im[r];
                im[r] = t;
            }
        }
    }

    /**
     * The linear convolution of a[0 .. la) and b[0 .. lb), unrounded, into out[0 .. la + lb - 1)
     * (see the class comment; the error bound is {@link FpErrorBound#boundFloat} with
     * logN = {@link FpErrorBound#logLength}(la + lb - 1)). Squares (a == b with la == lb) use
     * the same path.
     *
     * @throws IllegalArgumentException if a length is below 1, beyond its array, or the result
     *     needs more than 2^{@value FpFft#MAX_LOG_N} points, or out is too short
     */
    public static void convolve(float[] a, int la, float[] b, int lb, float[] out) {
        int lc = la + lb - 1;
        int logN = FpFft.convolutionLog(la, a.length, lb, b.length, out.length);
        int n = 1 << logN;
        int h = n >> 1;
        float[] w = twiddles(logN);
        float[] zr = new float[n];
        float[] zi = new float[n];
        System.arraycopy(a, 0, zr, 0, la);
        System.arraycopy(b, 0, zi, 0, lb);
        transform(zr, zi, logN, false, w, logN);
        float[] xr = new float[h];
        float[] xi = new float[h];
        packProduct(zr, zi, n, w, xr, xi);
        transform(xr, xi, logN - 1, true, w, logN);
        float scale = 1.0f / h; // exact: a power of two
        for (int m = 0; m < h; m++) {
            int e = 2 * m;
            if (e < lc) {
                out[e] = xr[m] * scale;
            }
            if (e + 1 < lc) {
                out[e + 1] = xi[m] * scale;
            }
        }
    }

    /**
     * From Z = DFT_N(a + i b): X_k = E_k + i O_k for k &lt; N/2 (class comment), the input of the
     * half-length inverse transform. The same arithmetic, in the same order, as the double version {@link FpFft}.
     */
    static void packProduct(float[] zr, float[] zi, int n, float[] w, float[] xr, float[] xi) {
        int h = n >> 1;
        for (int k = 0; k < h; k++) {
            int k2 = k + h;
            // C_k and C_(k + N/2) from Z_k, Z_(N-k) and Z_(k+N/2), Z_(N/2-k)
            float c1r;
            float c1i;
            float c2r;
            float c2i;
            {
                int m = (n - k) & (n - 1);
                float ar = 0.5f * (zr[k] + zr[m]);
                float ai = 0.5f * (zi[k] - zi[m]);
                float br = 0.5f * (zi[k] + zi[m]);
                float bi = 0.5f * (zr[m] - zr[k]);
                c1r = ar * br - ai * bi;
                c1i = ar * bi + ai * br;
            }
            {
                int m = (n - k2) & (n - 1);
                float ar = 0.5f * (zr[k2] + zr[m]);
                float ai = 0.5f * (zi[k2] - zi[m]);
                float br = 0.5f * (zi[k2] + zi[m]);
                float bi = 0.5f * (zr[m] - zr[k2]);
                c2r = ar * br - ai * bi;
                c2i = ar * bi + ai * br;
            }
            float er = 0.5f * (c1r + c2r);
            float ei = 0.5f * (c1i + c2i);
            float dr = 0.5f * (c1r - c2r);
            float di = 0.5f * (c1i - c2i);
            // O_k = D_k conj(w_k)
            float wr = w[2 * k];
            float wi = -w[2 * k + 1];
            float or = dr * wr - di * wi;
            float oi = dr * wi + di * wr;
            // X_k = E_k + i O_k
            xr[k] = er - oi;
            xi[k] = ei + or;
        }
    }
}
