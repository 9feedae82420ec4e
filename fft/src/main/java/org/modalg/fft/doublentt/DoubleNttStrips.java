package org.modalg.fft.doublentt;

/**
 * The coefficient side of the large transforms in strips of columns (from
 * {@code DoubleNttPlan.stripMinLog2n} points): the length-R column transform runs on strips of
 * W columns that hold every one of its R rows, R W doubles of about {@link #stripBytes} (2 MiB,
 * in the L3), strip after strip, each copied into a scratch matrix. Its levels then cost one
 * pass over memory instead of two (the groups of rows inside a strip are sized for the L2 by
 * {@link DoubleNttKernels#levelsPerPass(int, int)}), and the transpose leaves memory: a finished
 * strip is written transposed into W whole spectrum rows, one after another, instead of 64 bytes
 * into each of 256 rows at a time (the pattern that no prefetcher follows and made the transpose
 * nine times a memory pass, fft/BENCHMARKS.md section (f)); the inverse reads W whole spectrum
 * rows into its strip the same way. The butterflies are the passes' on the same columns in
 * another order: the same doubles. (The spectrum side stays in passes: in place, strips of its
 * 2048 rows by 128 columns measured 1.8 times the passes' time at 2^21 points, section (l).)
 *
 * <p>The loops here are plain copies: O(R W) per strip, no arithmetic.
 */
final class DoubleNttStrips {

    private DoubleNttStrips() {
    }

    /**
     * Bytes of a strip: every row of the transform, this many bytes in all. Not final so that
     * tests can force narrow strips and benchmarks can switch sizes.
     */
    static volatile int stripBytes = 1 << 21;

    /** The narrowest strip: butterfly loops shorter than this cost more than the passes saved. */
    static volatile int minWidth = 64;

    /**
     * Columns per strip for a transform down {@code height} rows of {@code fullWidth} columns:
     * the power of two filling {@link #stripBytes}, at least {@link #minWidth} (or 1) and at
     * most fullWidth (both powers of two, so the strips tile the rows).
     */
    static int width(int height, int fullWidth) {
        int w = Integer.highestOneBit(Math.max(1, stripBytes / (8 * height)));
        w = Math.max(w, Math.max(1, minWidth));
        return Math.min(w, fullWidth);
    }

    /**
     * strip[r][0, W) = src[r][c0, c0 + W) for the rows r &lt; nonzeroRows (the others are left as
     * they are: the first forward level overwrites them without reading them).
     */
    static void copyIn(double[][] src, double[][] strip, int c0, int nonzeroRows) {
        int w = strip[0].length;
        for (int r = 0; r < nonzeroRows; r++) {
            System.arraycopy(src[r], c0, strip[r], 0, w);
        }
    }

    /** dst[r][c0, c0 + W) = strip[r][0, W) for every row. */
    static void copyOut(double[][] strip, double[][] dst, int c0) {
        int w = strip[0].length;
        for (int r = 0; r < strip.length; r++) {
            System.arraycopy(strip[r], 0, dst[r], c0, w);
        }
    }

    /**
     * dst[c0 + j][r] = strip[r][j] for every j &lt; W and row r: eight destination rows at a
     * time, each written from its start to its end (eight sequential streams, which the
     * prefetchers follow), reading one cache line of the strip (in cache) per row.
     */
    static void transposeOut(double[][] strip, double[][] dst, int c0) {
        int height = strip.length;
        int w = strip[0].length;
        int j = 0;
        for (; j + 8 <= w; j += 8) {
            double[] d0 = dst[c0 + j];
            double[] d1 = dst[c0 + j + 1];
            double[] d2 = dst[c0 + j + 2];
            double[] d3 = dst[c0 + j + 3];
            double[] d4 = dst[c0 + j + 4];
            double[] d5 = dst[c0 + j + 5];
            double[] d6 = dst[c0 + j + 6];
            double[] d7 = dst[c0 + j + 7];
            for (int r = 0; r < height; r++) {
                double[] s = strip[r];
                d0[r] = s[j];
                d1[r] = s[j + 1];
                d2[r] = s[j + 2];
                d3[r] = s[j + 3];
                d4[r] = s[j + 4];
                d5[r] = s[j + 5];
                d6[r] = s[j + 6];
                d7[r] = s[j + 7];
            }
        }
        for (; j < w; j++) {
            double[] d = dst[c0 + j];
            for (int r = 0; r < height; r++) {
                d[r] = strip[r][j];
            }
        }
    }

    /**
     * strip[r][j] = src[c0 + j][r] for every j &lt; W and row r: {@link #transposeOut} the other
     * way, eight source rows read from start to end at a time.
     */
    static void transposeIn(double[][] src, double[][] strip, int c0) {
        int height = strip.length;
        int w = strip[0].length;
        int j = 0;
        for (; j + 8 <= w; j += 8) {
            double[] s0 = src[c0 + j];
            double[] s1 = src[c0 + j + 1];
            double[] s2 = src[c0 + j + 2];
            double[] s3 = src[c0 + j + 3];
            double[] s4 = src[c0 + j + 4];
            double[] s5 = src[c0 + j + 5];
            double[] s6 = src[c0 + j + 6];
            double[] s7 = src[c0 + j + 7];
            for (int r = 0; r < height; r++) {
                double[] d = strip[r];
                d[j] = s0[r];
                d[j + 1] = s1[r];
                d[j + 2] = s2[r];
                d[j + 3] = s3[r];
                d[j + 4] = s4[r];
                d[j + 5] = s5[r];
                d[j + 6] = s6[r];
                d[j + 7] = s7[r];
            }
        }
        for (; j < w; j++) {
            double[] s = src[c0 + j];
            for (int r = 0; r < height; r++) {
                strip[r][j] = s[r];
            }
        }
    }
}
