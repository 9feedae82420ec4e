package org.modalg.fft.doublentt;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Random;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;
import org.modalg.fields.NttPrimes;

/**
 * Not a test: one pair of radix-2 levels of {@link DoubleNttKernels} (four row loops, as
 * {@code forwardColumns} and {@code inverseColumns} run them: "kernels") against the same two
 * levels as one radix-4 loop over the four rows, written with plain {@code double}s ("scalar4",
 * which HotSpot 17 leaves scalar) and with the incubating Vector API ("vector4": the main code's
 * {@link VectorNttKernels#forwardRadix4LazyFirst} and {@link VectorNttKernels#inverseRadix4}),
 * and the four radix-2 loops of {@link VectorNttKernels} ("vector2": what the API costs without
 * the radix 4). Run it with {@code -Dmodalg.dntt.vector} at its default (auto keeps
 * "kernels" on HotSpot's loops). Before timing, every mode's output is
 * compared bit for bit with the kernels' ({@code Arrays.deepEquals}, signed zeros included) after
 * 20 pairs in place, both directions, including a width that is not a multiple of the lane count.
 * Per row width W and number G of groups of four rows (a working set of 32 W G bytes: L1, L2 or
 * memory), the forward pair (a lazy level with one twiddle, then a reducing level with two, as
 * in {@code forwardColumns}) and the inverse pair, each repeated in place, the modes alternated
 * in every round; prints min and median ns per butterfly (a pair of levels is one butterfly per
 * point) of this thread's CPU time, and min / min of the kernels. The Vector API loops write
 * every operation out in the loop body: helper methods taking and returning vectors are not
 * inlined once C2's compilation passes its node count cutoff, and the vectors are then boxed
 * (6-9x slower; fft/BENCHMARKS.md section (i)). Run (the compiler and the JVM need the module):
 * java --add-modules jdk.incubator.vector \
 *      -cp fft/target/classes:fft/target/test-classes:fields/target/classes \
 *      org.modalg.fft.doublentt.DoubleNttVectorAB [rounds]
 */
public final class DoubleNttVectorAB {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    private static final String[] MODES = {"kernels", "scalar4", "vector4", "vector2"};

    private DoubleNttVectorAB() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 11;
        long p = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
        double pd = p;
        double pinv = 1.0 / pd;
        Random rnd = new Random(1);
        double[] w = new double[6];
        for (int i = 0; i < w.length; i++) {
            w[i] = Math.floorMod(rnd.nextLong(), p) - (p - 1) / 2; // |w| <= p/2
        }
        System.out.println("species " + S + ", p = " + p);
        checkIdentical(pd, pinv, w, rnd);
        int[][] shapes = {{256, 1}, {256, 8}, {1024, 8}, {4096, 2}, {1024, 64}, {1024, 512}};
        // warm-up
        for (int k = 0; k < 3; k++) {
            for (int[] s : shapes) {
                double[][] rows = fill(4 * s[1], s[0], p, rnd);
                for (int m = 0; m < MODES.length; m++) {
                    time(rows, m, true, pd, pinv, w, 3);
                    time(rows, m, false, pd, pinv, w, 3);
                }
            }
        }
        System.out.println("W,G,KiB,direction,mode,min_ns_per_butterfly,median_ns_per_butterfly,ratio_to_kernels(min)");
        for (int[] s : shapes) {
            int width = s[0];
            int groups = s[1];
            double[][] rows = fill(4 * groups, width, p, rnd);
            int reps = (int) Math.max(3, Math.min(2000, 4e6 / (4.0 * width * groups)));
            double butterflies = 4.0 * width * groups * reps;
            for (int dir = 0; dir < 2; dir++) {
                boolean fwd = dir == 0;
                double[][] t = new double[MODES.length][rounds];
                for (int r = 0; r < rounds; r++) {
                    for (int m = 0; m < MODES.length; m++) {
                        t[m][r] = time(rows, m, fwd, pd, pinv, w, reps) / butterflies;
                    }
                }
                for (int m = 0; m < MODES.length; m++) {
                    Arrays.sort(t[m]);
                    System.out.printf("%d,%d,%d,%s,%s,%.3f,%.3f,%.3f%n", width, groups, 32L * width * groups / 1024,
                            fwd ? "forward" : "inverse", MODES[m], t[m][0], t[m][rounds / 2], t[m][0] / t[0][0]);
                }
            }
        }
    }

    private static void checkIdentical(double pd, double pinv, double[] w, Random rnd) {
        for (int width : new int[] {4, 64, 70, 1024}) {
            for (boolean fwd : new boolean[] {true, false}) {
                double[][] ref = fill(4, width, (long) pd, rnd);
                ref[0][0] = -0.0;
                ref[1][0] = 0.0;
                ref[2][1] = -0.0;
                for (int mode = 1; mode < MODES.length; mode++) {
                    if (mode == 3 && width % S.length() != 0) {
                        continue; // vector2 has no tail loop
                    }
                    double[][] want = DoubleNttMatrices.copy(ref);
                    double[][] got = DoubleNttMatrices.copy(ref);
                    for (int k = 0; k < 20; k++) {
                        pass(want, 0, fwd, pd, pinv, w);
                        pass(got, mode, fwd, pd, pinv, w);
                    }
                    if (!Arrays.deepEquals(want, got)) {
                        throw new AssertionError(MODES[mode] + " is not bit-identical to the kernels: width " + width
                                + (fwd ? ", forward" : ", inverse"));
                    }
                }
            }
        }
        System.out.println("outputs bit-identical to the kernels (every mode, both directions, 20 pairs in place)");
    }

    private static long time(double[][] rows, int mode, boolean fwd, double pd, double pinv, double[] w, int reps) {
        long t0 = MX.getCurrentThreadCpuTime();
        for (int r = 0; r < reps; r++) {
            pass(rows, mode, fwd, pd, pinv, w);
        }
        return MX.getCurrentThreadCpuTime() - t0;
    }

    // one pair of levels over every 4-row group: rows (a, b, c, d) = (4g, 4g+1, 4g+2, 4g+3);
    // the first level pairs (a, c) and (b, d) with w[0], the second (a, b) with w[1] and (c, d)
    // with w[2] (inverse: the second level first, with w[3], w[4], then the first with w[5])
    private static void pass(double[][] rows, int mode, boolean fwd, double pd, double pinv, double[] w) {
        int width = rows[0].length;
        for (int g = 0; g < rows.length; g += 4) {
            double[] a = rows[g];
            double[] b = rows[g + 1];
            double[] c = rows[g + 2];
            double[] d = rows[g + 3];
            if (mode == 0) {
                if (fwd) {
                    DoubleNttKernels.forwardButterfliesLazy(a, c, 0, width, w[0], pd, pinv);
                    DoubleNttKernels.forwardButterfliesLazy(b, d, 0, width, w[0], pd, pinv);
                    DoubleNttKernels.forwardButterflies(a, b, 0, width, w[1], pd, pinv);
                    DoubleNttKernels.forwardButterflies(c, d, 0, width, w[2], pd, pinv);
                } else {
                    DoubleNttKernels.inverseButterflies(a, b, 0, width, w[3], pd, pinv);
                    DoubleNttKernels.inverseButterflies(c, d, 0, width, w[4], pd, pinv);
                    DoubleNttKernels.inverseButterflies(a, c, 0, width, w[5], pd, pinv);
                    DoubleNttKernels.inverseButterflies(b, d, 0, width, w[5], pd, pinv);
                }
            } else if (mode == 1) {
                if (fwd) {
                    forward4Scalar(a, b, c, d, width, w[0], w[1], w[2], pd, pinv);
                } else {
                    inverse4Scalar(a, b, c, d, width, w[3], w[4], w[5], pd, pinv);
                }
            } else if (mode == 3) {
                if (fwd) {
                    DoubleNttKernels.forwardButterfliesLazy(a, c,
                            VectorNttKernels.forwardButterfliesLazy(a, c, 0, width, w[0], pd, pinv), width, w[0], pd, pinv);
                    DoubleNttKernels.forwardButterfliesLazy(b, d,
                            VectorNttKernels.forwardButterfliesLazy(b, d, 0, width, w[0], pd, pinv), width, w[0], pd, pinv);
                    DoubleNttKernels.forwardButterflies(a, b,
                            VectorNttKernels.forwardButterflies(a, b, 0, width, w[1], pd, pinv), width, w[1], pd, pinv);
                    DoubleNttKernels.forwardButterflies(c, d,
                            VectorNttKernels.forwardButterflies(c, d, 0, width, w[2], pd, pinv), width, w[2], pd, pinv);
                } else {
                    inverse2(a, b, width, w[3], pd, pinv);
                    inverse2(c, d, width, w[4], pd, pinv);
                    inverse2(a, c, width, w[5], pd, pinv);
                    inverse2(b, d, width, w[5], pd, pinv);
                }
            } else {
                if (fwd) {
                    int j = VectorNttKernels.forwardRadix4LazyFirst(a, b, c, d, 0, width, w[0], w[1], w[2], pd, pinv);
                    DoubleNttKernels.forwardButterfliesLazy(a, c, j, width, w[0], pd, pinv);
                    DoubleNttKernels.forwardButterfliesLazy(b, d, j, width, w[0], pd, pinv);
                    DoubleNttKernels.forwardButterflies(a, b, j, width, w[1], pd, pinv);
                    DoubleNttKernels.forwardButterflies(c, d, j, width, w[2], pd, pinv);
                } else {
                    inverse4Vector(a, b, c, d, width, w[3], w[4], w[5], pd, pinv);
                }
            }
        }
    }

    static void forward4Scalar(double[] a, double[] b, double[] c, double[] d, int n, double w1, double w2,
            double w3, double p, double pinv) {
        double np = -p;
        double w1p = w1 * pinv;
        double w2p = w2 * pinv;
        double w3p = w3 * pinv;
        for (int j = 0; j < n; j++) {
            double x0 = a[j];
            double x1 = b[j];
            double x2 = c[j];
            double x3 = d[j];
            double h = x2 * w1;
            double q = QuotientRounding.quotient(x2, w1p);
            double r = Math.fma(q, np, h) + Math.fma(x2, w1, -h);
            x2 = x0 - r;
            x0 = x0 + r;
            h = x3 * w1;
            q = QuotientRounding.quotient(x3, w1p);
            r = Math.fma(q, np, h) + Math.fma(x3, w1, -h);
            x3 = x1 - r;
            x1 = x1 + r;
            x0 = Math.fma(QuotientRounding.quotient(x0, pinv), np, x0);
            h = x1 * w2;
            q = QuotientRounding.quotient(x1, w2p);
            r = Math.fma(q, np, h) + Math.fma(x1, w2, -h);
            a[j] = x0 + r;
            b[j] = x0 - r;
            x2 = Math.fma(QuotientRounding.quotient(x2, pinv), np, x2);
            h = x3 * w3;
            q = QuotientRounding.quotient(x3, w3p);
            r = Math.fma(q, np, h) + Math.fma(x3, w3, -h);
            c[j] = x2 + r;
            d[j] = x2 - r;
        }
    }

    static void inverse4Scalar(double[] a, double[] b, double[] c, double[] d, int n, double w2, double w3,
            double w1, double p, double pinv) {
        double np = -p;
        double w1p = w1 * pinv;
        double w2p = w2 * pinv;
        double w3p = w3 * pinv;
        for (int j = 0; j < n; j++) {
            double x0 = a[j];
            double x1 = b[j];
            double x2 = c[j];
            double x3 = d[j];
            double s = x0 + x1;
            double e = x0 - x1;
            x0 = Math.fma(QuotientRounding.quotient(s, pinv), np, s);
            double h = e * w2;
            x1 = Math.fma(QuotientRounding.quotient(e, w2p), np, h) + Math.fma(e, w2, -h);
            s = x2 + x3;
            e = x2 - x3;
            x2 = Math.fma(QuotientRounding.quotient(s, pinv), np, s);
            h = e * w3;
            x3 = Math.fma(QuotientRounding.quotient(e, w3p), np, h) + Math.fma(e, w3, -h);
            s = x0 + x2;
            e = x0 - x2;
            a[j] = Math.fma(QuotientRounding.quotient(s, pinv), np, s);
            h = e * w1;
            c[j] = Math.fma(QuotientRounding.quotient(e, w1p), np, h) + Math.fma(e, w1, -h);
            s = x1 + x3;
            e = x1 - x3;
            b[j] = Math.fma(QuotientRounding.quotient(s, pinv), np, s);
            h = e * w1;
            d[j] = Math.fma(QuotientRounding.quotient(e, w1p), np, h) + Math.fma(e, w1, -h);
        }
    }

    // the main code's inverse radix-4 kernel (VectorNttKernels.inverseRadix4, in inverseColumns
    // since fft/BENCHMARKS.md section (s); section (o) measured this harness's first version of it),
    // then the radix-2 loops from where it stopped
    static void inverse4Vector(double[] a, double[] b, double[] c, double[] d, int n, double w2, double w3,
            double w1, double p, double pinv) {
        int j = VectorNttKernels.inverseRadix4(a, b, c, d, 0, n, w1, w2, w3, p, pinv);
        if (j < n) {
            DoubleNttKernels.inverseButterflies(a, b, j, n, w2, p, pinv);
            DoubleNttKernels.inverseButterflies(c, d, j, n, w3, p, pinv);
            DoubleNttKernels.inverseButterflies(a, c, j, n, w1, p, pinv);
            DoubleNttKernels.inverseButterflies(b, d, j, n, w1, p, pinv);
        }
    }

    // the main code's radix-2 inverse in the Vector API, then the scalar loop from where it stopped
    private static void inverse2(double[] x, double[] y, int n, double w, double p, double pinv) {
        DoubleNttKernels.inverseButterflies(x, y, VectorNttKernels.inverseButterflies(x, y, 0, n, w, p, pinv), n, w, p, pinv);
    }

    private static double[][] fill(int rowsCount, int width, long p, Random rnd) {
        double[][] m = new double[rowsCount][width];
        for (double[] row : m) {
            for (int j = 0; j < width; j++) {
                row[j] = Math.floorMod(rnd.nextLong(), p);
            }
        }
        return m;
    }
}
