package org.modalg.fft.doublentt;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Not a test by itself: runs {@link VectorNttKernels} until HotSpot's top tier has compiled them,
 * then checks them, compiled, against {@link DoubleNttKernels}' loops (scalar in a JVM where
 * {@link VectorNtt#ON} is false; where it is true both sides run the kernels, and
 * {@link VectorNttKernelsTest}'s own oracle is what checks them). {@link VectorNttKernelsTest}
 * runs it.
 */
final class VectorNttCheck {
    private VectorNttCheck() {
    }

    private static final Logger LOG = Logger.getLogger(VectorNttCheck.class.getName());

    /**
     * Runs every vector kernel on rows of 256 doubles modulo p (a prime below 2^50) until
     * compiled (at most 20,000 rounds or 5 seconds), then compares each, with its scalar tail,
     * against DoubleNttKernels' loop on random rows of several widths: true where every double is
     * identical (logged and false otherwise).
     */
    static boolean run(long p) {
        try {
            double pd = p;
            double pinv = 1.0 / pd;
            SplittableRandom rnd = new SplittableRandom(0x5eed);
            int width = 256;
            double[][] rows = randomRows(rnd, p, width);
            double[][] work = new double[4][width];
            long end = System.nanoTime() + 5_000_000_000L;
            for (int i = 0; i < 20_000 && System.nanoTime() < end; i++) {
                for (int r = 0; r < 4; r++) {
                    System.arraycopy(rows[r], 0, work[r], 0, width);
                }
                double w = rows[0][i & (width - 1)] - pd / 2;
                VectorNttKernels.forwardButterflies(work[0], work[1], 0, width, w, pd, pinv);
                VectorNttKernels.forwardButterfliesLazy(work[0], work[1], 0, width, w, pd, pinv);
                VectorNttKernels.forwardButterfliesUnit(work[2], work[3], 0, width, pd, pinv);
                VectorNttKernels.forwardButterfliesUnitLazy(work[2], work[3], 0, width, pd, pinv);
                VectorNttKernels.inverseButterflies(work[0], work[2], 0, width, w, pd, pinv);
                VectorNttKernels.forwardButterfliesTwisted(work[1], work[3], rows[2], rows[3], 0, width, pd, pinv);
                VectorNttKernels.inverseButterfliesTwisted(work[0], work[1], rows[2], rows[3], 0, width, pd, pinv);
                VectorNttKernels.forwardRadix4LazyFirst(work[0], work[1], work[2], work[3], 0, width, w, -w, w / 2, pd, pinv);
                VectorNttKernels.forwardRadix4ReduceFirst(work[0], work[1], work[2], work[3], 0, width, w, -w, w / 2, pd, pinv);
                VectorNttKernels.inverseRadix4(work[0], work[1], work[2], work[3], 0, width, w, -w, w / 2, pd, pinv);
            }
            for (int n : new int[] {1, 7, 8, 9, 63, 64, 65, 257, 1000}) {
                for (int kernel = 0; kernel < 10; kernel++) {
                    if (!identical(kernel, randomRows(rnd, p, n), rnd.nextInt(n), rnd.nextDouble(), pd, pinv)) {
                        LOG.warning("the NTT's vector kernel " + kernel + " differs from the scalar loop on "
                                + n + " doubles");
                        return false;
                    }
                }
            }
            return true;
        } catch (RuntimeException | LinkageError e) {
            LOG.log(Level.WARNING, "the NTT's vector kernels failed their check", e);
            return false;
        }
    }

    // four rows within every kernel's input range: two of butterflies' inputs in (-1.2 p, 1.2 p),
    // two of twiddles or twist factors in [-p/2, p/2]
    private static double[][] randomRows(SplittableRandom rnd, long p, int width) {
        double[][] rows = new double[4][width];
        for (int r = 0; r < 4; r++) {
            long bound = r < 2 ? p + p / 5 : p / 2 + 1;
            for (int j = 0; j < width; j++) {
                rows[r][j] = rnd.nextLong(-bound + 1, bound);
            }
        }
        return rows;
    }

    // kernel k on [from, n) of copies of the rows: the vector loop, then DoubleNttKernels' loop
    // from where it stopped, against DoubleNttKernels' loop alone
    private static boolean identical(int k, double[][] rows, int from, double unit, double p, double pinv) {
        double w = Math.rint((unit - 0.5) * p);
        double[][] want = copy(rows);
        double[][] got = copy(rows);
        double[] g = rows[2];
        double[] t = rows[3];
        int n = rows[0].length;
        double[] x = got[0];
        double[] y = got[1];
        int j;
        switch (k) {
            case 0 -> {
                DoubleNttKernels.forwardButterflies(want[0], want[1], from, n, w, p, pinv);
                j = VectorNttKernels.forwardButterflies(x, y, from, n, w, p, pinv);
                DoubleNttKernels.forwardButterflies(x, y, j, n, w, p, pinv);
            }
            case 1 -> {
                DoubleNttKernels.forwardButterfliesLazy(want[0], want[1], from, n, w, p, pinv);
                j = VectorNttKernels.forwardButterfliesLazy(x, y, from, n, w, p, pinv);
                DoubleNttKernels.forwardButterfliesLazy(x, y, j, n, w, p, pinv);
            }
            case 2 -> {
                DoubleNttKernels.forwardButterfliesUnit(want[0], want[1], from, n, p, pinv);
                j = VectorNttKernels.forwardButterfliesUnit(x, y, from, n, p, pinv);
                DoubleNttKernels.forwardButterfliesUnit(x, y, j, n, p, pinv);
            }
            case 3 -> {
                DoubleNttKernels.forwardButterfliesUnitLazy(want[0], want[1], from, n, p, pinv);
                j = VectorNttKernels.forwardButterfliesUnitLazy(x, y, from, n, p, pinv);
                DoubleNttKernels.forwardButterfliesUnitLazy(x, y, j, n, p, pinv);
            }
            case 4 -> {
                DoubleNttKernels.inverseButterflies(want[0], want[1], from, n, w, p, pinv);
                j = VectorNttKernels.inverseButterflies(x, y, from, n, w, p, pinv);
                DoubleNttKernels.inverseButterflies(x, y, j, n, w, p, pinv);
            }
            case 5 -> {
                DoubleNttKernels.forwardButterfliesTwisted(want[0], want[1], g, t, from, n, p, pinv);
                j = VectorNttKernels.forwardButterfliesTwisted(x, y, g, t, from, n, p, pinv);
                DoubleNttKernels.forwardButterfliesTwisted(x, y, g, t, j, n, p, pinv);
            }
            case 7, 8 -> { // radix 4 against its four radix-2 loops, lazy first (7) or reducing first
                boolean lazyFirst = k == 7;
                double w2 = g[0];
                double w3 = t[0];
                radix2Levels(want, from, n, w, w2, w3, lazyFirst, p, pinv);
                j = lazyFirst ? VectorNttKernels.forwardRadix4LazyFirst(got[0], got[1], got[2], got[3], from, n, w, w2, w3, p, pinv)
                        : VectorNttKernels.forwardRadix4ReduceFirst(got[0], got[1], got[2], got[3], from, n, w, w2, w3, p, pinv);
                radix2Levels(got, j, n, w, w2, w3, lazyFirst, p, pinv);
            }
            case 9 -> { // the inverse's radix 4 against its four radix-2 loops
                double w2 = g[0];
                double w3 = t[0];
                inverseRadix2Levels(want, from, n, w, w2, w3, p, pinv);
                j = VectorNttKernels.inverseRadix4(got[0], got[1], got[2], got[3], from, n, w, w2, w3, p, pinv);
                inverseRadix2Levels(got, j, n, w, w2, w3, p, pinv);
            }
            default -> {
                DoubleNttKernels.inverseButterfliesTwisted(want[0], want[1], g, t, from, n, p, pinv);
                j = VectorNttKernels.inverseButterfliesTwisted(x, y, g, t, from, n, p, pinv);
                DoubleNttKernels.inverseButterfliesTwisted(x, y, g, t, j, n, p, pinv);
            }
        }
        return Arrays.deepEquals(want, got);
    }

    // the two levels of VectorNttKernels.forwardRadix4LazyFirst or ReduceFirst as DoubleNttKernels' radix-2 loops
    private static void radix2Levels(double[][] r, int from, int to, double w1, double w2, double w3, boolean lazyFirst,
            double p, double pinv) {
        if (lazyFirst) {
            DoubleNttKernels.forwardButterfliesLazy(r[0], r[2], from, to, w1, p, pinv);
            DoubleNttKernels.forwardButterfliesLazy(r[1], r[3], from, to, w1, p, pinv);
            DoubleNttKernels.forwardButterflies(r[0], r[1], from, to, w2, p, pinv);
            DoubleNttKernels.forwardButterflies(r[2], r[3], from, to, w3, p, pinv);
        } else {
            DoubleNttKernels.forwardButterflies(r[0], r[2], from, to, w1, p, pinv);
            DoubleNttKernels.forwardButterflies(r[1], r[3], from, to, w1, p, pinv);
            DoubleNttKernels.forwardButterfliesLazy(r[0], r[1], from, to, w2, p, pinv);
            DoubleNttKernels.forwardButterfliesLazy(r[2], r[3], from, to, w3, p, pinv);
        }
    }

    // the two levels of VectorNttKernels.inverseRadix4 as DoubleNttKernels' radix-2 loops
    private static void inverseRadix2Levels(double[][] r, int from, int to, double w1, double w2, double w3, double p,
            double pinv) {
        DoubleNttKernels.inverseButterflies(r[0], r[1], from, to, w2, p, pinv);
        DoubleNttKernels.inverseButterflies(r[2], r[3], from, to, w3, p, pinv);
        DoubleNttKernels.inverseButterflies(r[0], r[2], from, to, w1, p, pinv);
        DoubleNttKernels.inverseButterflies(r[1], r[3], from, to, w1, p, pinv);
    }

    private static double[][] copy(double[][] rows) {
        double[][] c = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            c[i] = rows[i].clone();
        }
        return c;
    }
}
