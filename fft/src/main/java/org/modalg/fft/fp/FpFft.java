package org.modalg.fft.fp;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Complex double-precision FFT (iterative radix-2, split real and imaginary arrays) and the
 * linear convolution of two real sequences with it, for the floating-point product route (the
 * ID-FFT paper, gpu-integer-multiplication-tiling-and-fft: its "Real-ID" proposal).
 *
 * <p><b>Convolution</b> ({@link #convolve}): N = 2^n &ge; La + Lb - 1; one complex transform of
 * z = a + i b of length N; A_k = (Z_k + conj Z_(N-k))/2 and B_k = (Z_k - conj Z_(N-k))/(2i)
 * separated from it (two real transforms for one complex one); C_k = A_k B_k; the real result c
 * recovered by one complex inverse transform of half length N/2 of X_k = E_k + i O_k with
 * E_k = (C_k + C_(k+N/2))/2 and O_k = (C_k - C_(k+N/2)) w^-k / 2, so that x_m = c_2m + i c_2m+1
 * (the standard real-to-complex packing; the paper's Eq. 5-6). Cost: one complex transform of N
 * points and one of N/2, about 7.5 N log2 N flops, against 15 N log2 N for three complex
 * transforms. Error: {@link FpErrorBound}.
 *
 * <p><b>Roots of unity</b> ({@link #twiddles}): w_j = exp(-2 pi i j / N), j &lt; N/2, each from
 * {@code StrictMath} cos and sin of an angle in [0, pi/4] (exact octant symmetries), error at most
 * {@link FpErrorBound#BETA_DOUBLE}; cached per length; the tables of a smaller length are every
 * 2^s-th entry, so one table per N serves both passes. The device route
 * ({@code org.modalg.gpu.GpuFpProduct}) uploads these same tables.
 *
 * <p>Single-threaded; allocates O(N) doubles per call. Lengths up to 2^{@value #MAX_LOG_N}.
 */
public final class FpFft {
    /** The largest log2 of a transform length: 2^27 points (2 GiB of doubles for the work arrays). */
    public static final int MAX_LOG_N = 27;

    private static final ConcurrentHashMap<Integer, double[]> TABLES = new ConcurrentHashMap<>();

    private FpFft() {
    }

    /**
     * The roots w_j = exp(-2 pi i j / 2^logN) for j &lt; 2^(logN-1), interleaved (re, im), error
     * per root at most {@link FpErrorBound#BETA_DOUBLE}. Cached; the caller must not modify it.
     *
     * @throws IllegalArgumentException if logN is outside [1, {@value #MAX_LOG_N}]
     */
    public static double[] twiddles(int logN) {
        if (logN < 1 || logN > MAX_LOG_N) {
            throw new IllegalArgumentException("logN must be in [1, " + MAX_LOG_N + "], got " + logN);
        }
        return TABLES.computeIfAbsent(logN, FpFft::computeTwiddles);
    }

    private static double[] computeTwiddles(int logN) {
        int n = 1 << logN;
        int half = n >> 1;
        double[] t = new double[2 * half];
        double[] cs = new double[2];
        for (int j = 0; j < half; j++) {
            cosSin(j, n, cs);
            t[2 * j] = cs[0];
            t[2 * j + 1] = -cs[1];
        }
        return t;
    }

    /**
     * cos and sin of 2 pi j / n for 0 &le; j &lt; n/2 (n a power of two &ge; 2), reduced to an
     * angle in [0, pi/4] by exact symmetries before {@code StrictMath} is called.
     */
    static void cosSin(int j, int n, double[] out) {
        boolean rotate = false;
        if (4 * (long) j >= n) { // angle in [pi/2, pi): (c, s) = (-sin t, cos t), t = angle - pi/2
            j -= n / 4;
            rotate = true;
        }
        double c;
        double s;
        if (8 * (long) j <= n) {
            double theta = Math.PI * j / (n / 2);
            c = StrictMath.cos(theta);
            s = StrictMath.sin(theta);
        } else { // angle in (pi/4, pi/2): (c, s) = (sin t', cos t'), t' = pi/2 - angle
            double theta = Math.PI * (n / 4 - j) / (n / 2);
            c = StrictMath.sin(theta);
            s = StrictMath.cos(theta);
        }
        if (rotate) {
            out[0] = -s;
            out[1] = c;
        } else {
            out[0] = c;
            out[1] = s;
        }
    }

    /**
     * In-place complex transform of re + i im, length 2^logN, natural order in and out:
     * X_k = sum_j x_j w^(jk) with w = exp(-2 pi i / 2^logN) (forward) or its conjugate
     * (inverse, unscaled). {@code table} is {@link #twiddles}(tableLog) with tableLog &ge; logN
     * (its roots are copied once per tableLog into contiguous tables per level, same values).
     * Radix-2 decimation in time after a bit-reversal permutation; O(N log N).
     */
    public static void transform(double[] re, double[] im, int logN, boolean inverse, double[] table, int tableLog) {
        int n = 1 << logN;
        bitReverse(re, im, logN);
        double sign = inverse ? -1 : 1;
        // the roots of level s, w_j = table[j 2^(tableLog - s)], copied contiguous (the same values)
        double[][] levels = LEVELS.computeIfAbsent(tableLog, t -> levelTables(table, t));
        double[] lr = levels[0];
        double[] li = levels[1];
        for (int s = 1; s <= logN; s++) {
            int len = 1 << s;
            int half = len >> 1;
            for (int i = 0; i < n; i += len) {
                for (int j = 0; j < half; j++) {
                    double wr = lr[half + j];
                    double wi = sign * li[half + j];
                    int p = i + j;
                    int q = p + half;
                    double xr = re[q];
                    double xi = im[q];
                    double vr = xr * wr - xi * wi;
                    double vi = xr * wi + xi * wr;
                    double ur = re[p];
                    double ui = im[p];
                    re[p] = ur + vr;
                    im[p] = ui + vi;
                    re[q] = ur - vr;
                    im[q] = ui - vi;
                }
            }
        }
    }

    private static final ConcurrentHashMap<Integer, double[][]> LEVELS = new ConcurrentHashMap<>();

    // lr/li[2^(s-1) + j] = table[j 2^(tableLog - s)] for every level s <= tableLog, j < 2^(s-1)
    private static double[][] levelTables(double[] table, int tableLog) {
        int n = 1 << tableLog;
        double[] lr = new double[n];
        double[] li = new double[n];
        for (int s = 1; s <= tableLog; s++) {
            int half = 1 << (s - 1);
            int step = 1 << (tableLog - s);
            for (int j = 0; j < half; j++) {
                lr[half + j] = table[2 * j * step];
                li[half + j] = table[2 * j * step + 1];
            }
        }
        return new double[][] {lr, li};
    }

    /**
     * The base-2 logarithm of the transform length of {@link #convolve} (and of
     * {@link FpFftFloat#convolve}) for operands of la and lb values in arrays of aLength and
     * bLength, into an array of outLength: {@link FpErrorBound#logLength}(la + lb - 1).
     *
     * @throws IllegalArgumentException if a length is below 1, beyond its array, or the result
     *     needs more than 2^{@value #MAX_LOG_N} points, or out is too short
     */
    static int convolutionLog(int la, int aLength, int lb, int bLength, int outLength) {
        if (la < 1 || lb < 1 || la > aLength || lb > bLength) {
            throw new IllegalArgumentException("lengths must be in [1, array length], got la=" + la + " lb=" + lb);
        }
        int lc = la + lb - 1;
        if (outLength < lc) {
            throw new IllegalArgumentException("out must hold la + lb - 1 = " + lc + " values, has " + outLength);
        }
        int logN = FpErrorBound.logLength(lc);
        if (logN > MAX_LOG_N) {
            throw new IllegalArgumentException("convolution length " + lc + " needs more than 2^" + MAX_LOG_N + " points");
        }
        return logN;
    }

    /** The index i &lt; 2^logN with its logN bits reversed (the bit-reversal permutation of both transforms). */
    static int bitReversed(int i, int logN) {
        return logN == 0 ? 0 : Integer.reverse(i) >>> (32 - logN);
    }

    static void bitReverse(double[] re, double[] im, int logN) {
        int n = 1 << logN;
        for (int i = 0; i < n; i++) {
            int r = bitReversed(i, logN);
            if (r > i) {
                double t = re[i];
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
     * (see the class comment; the error bound is {@link FpErrorBound#bound} with
     * logN = {@link FpErrorBound#logLength}(la + lb - 1)). Squares (a == b with la == lb) use
     * the same path.
     *
     * @throws IllegalArgumentException if a length is below 1, beyond its array, or the result
     *     needs more than 2^{@value #MAX_LOG_N} points, or out is too short
     */
    public static void convolve(double[] a, int la, double[] b, int lb, double[] out) {
        int lc = la + lb - 1;
        int logN = convolutionLog(la, a.length, lb, b.length, out.length);
        int n = 1 << logN;
        int h = n >> 1;
        double[] w = twiddles(logN);
        double[] zr = new double[n];
        double[] zi = new double[n];
        System.arraycopy(a, 0, zr, 0, la);
        System.arraycopy(b, 0, zi, 0, lb);
        transform(zr, zi, logN, false, w, logN);
        double[] xr = new double[h];
        double[] xi = new double[h];
        packProduct(zr, zi, n, w, xr, xi);
        transform(xr, xi, logN - 1, true, w, logN);
        double scale = 1.0 / h; // exact: a power of two
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
     * half-length inverse transform. The same arithmetic, in the same order, as the device's
     * {@code fp_pack_product} kernel.
     */
    static void packProduct(double[] zr, double[] zi, int n, double[] w, double[] xr, double[] xi) {
        int h = n >> 1;
        for (int k = 0; k < h; k++) {
            int k2 = k + h;
            // C_k and C_(k + N/2) from Z_k, Z_(N-k) and Z_(k+N/2), Z_(N/2-k)
            double c1r;
            double c1i;
            double c2r;
            double c2i;
            {
                int m = (n - k) & (n - 1);
                double ar = 0.5 * (zr[k] + zr[m]);
                double ai = 0.5 * (zi[k] - zi[m]);
                double br = 0.5 * (zi[k] + zi[m]);
                double bi = 0.5 * (zr[m] - zr[k]);
                c1r = ar * br - ai * bi;
                c1i = ar * bi + ai * br;
            }
            {
                int m = (n - k2) & (n - 1);
                double ar = 0.5 * (zr[k2] + zr[m]);
                double ai = 0.5 * (zi[k2] - zi[m]);
                double br = 0.5 * (zi[k2] + zi[m]);
                double bi = 0.5 * (zr[m] - zr[k2]);
                c2r = ar * br - ai * bi;
                c2i = ar * bi + ai * br;
            }
            double er = 0.5 * (c1r + c2r);
            double ei = 0.5 * (c1i + c2i);
            double dr = 0.5 * (c1r - c2r);
            double di = 0.5 * (c1i - c2i);
            // O_k = D_k conj(w_k)
            double wr = w[2 * k];
            double wi = -w[2 * k + 1];
            double or = dr * wr - di * wi;
            double oi = dr * wi + di * wr;
            // X_k = E_k + i O_k
            xr[k] = er - oi;
            xi[k] = ei + or;
        }
    }
}
