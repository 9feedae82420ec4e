package org.modalg.polynomial.convolution;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;

/**
 * Not a test: the recombination's packing ({@link ConvolutionPlan#pack}) and the projection's
 * residues ({@link ConvolutionPlan#residues}) against their previous versions (copied below as
 * they were at 06ea90e), alternately in one JVM on the same random data, minima of the thread's
 * CPU time; checks that both give the same words. Run:
 * java -cp ... org.modalg.polynomial.convolution.PackResiduesAB [bits...] (default 1000; points 2^15)
 */
public final class PackResiduesAB {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        int[] bitsList = args.length == 0 ? new int[] {1000} : java.util.Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        System.out.println("# load " + load());
        for (int bits : bitsList) {
            run(bits, 1 << 14);
        }
        System.out.println("# load " + load());
    }

    static String load() {
        try {
            return new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).trim();
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    static void run(int bits, int len) {
        int bound = (int) ConvolutionPlan.boundBits(bits, bits, len, len);
        DoubleCrt crt = ConvolutionPlan.basis(bound);
        int s = crt.size();
        int limbs = (bound + 63) / 64;
        int cols = 256;
        int rows = 2 * len / cols;
        Random rnd = new Random(7);
        double[][][] digits = new double[s][rows][cols];
        for (int j = 0; j < s; j++) {
            long p = crt.prime(j);
            for (double[] row : digits[j]) {
                for (int c = 0; c < cols; c++) {
                    row[c] = Math.floorMod(rnd.nextLong(), p) - p / 2;
                }
            }
        }
        int n = rows * cols;
        int planes = ConvolutionPlan.wordCount(bits);
        double[][][] words = new double[planes][rows / 2][cols];
        for (double[][] plane : words) {
            for (double[] row : plane) {
                for (int c = 0; c < cols; c++) {
                    row[c] = (rnd.nextBoolean() ? 1 : -1) * (double) (rnd.nextLong() >>> 16);
                }
            }
        }
        double[][] m1 = new double[rows][cols];
        double[][] m2 = new double[rows][cols];
        double[] best = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        for (int round = 0; round < 12; round++) {
            long[][] mag1 = PackedCoefficients.magnitudes(n, limbs);
            byte[][] sg1 = PackedCoefficients.signs(n);
            long[][] mag2 = PackedCoefficients.magnitudes(n, limbs);
            byte[][] sg2 = PackedCoefficients.signs(n);
            int[] mb1 = new int[rows];
            int[] mb2 = new int[rows];
            long[][] mag3 = PackedCoefficients.magnitudes(n, limbs);
            byte[][] sg3 = PackedCoefficients.signs(n);
            int[] mb3 = new int[rows];
            long t0 = MX.getCurrentThreadCpuTime();
            packBefore(crt, digits, 0, rows, 0, n, limbs, mag1, sg1, mb1, 0);
            long t1 = MX.getCurrentThreadCpuTime();
            System.setProperty("modalg.poly.digitPackingPrimes", "1");
            ConvolutionPlan.pack(crt, digits, 0, rows, 0, n, limbs, mag2, sg2, mb2, 0);
            long t2 = MX.getCurrentThreadCpuTime();
            System.setProperty("modalg.poly.digitPackingPrimes", "1000000");
            ConvolutionPlan.pack(crt, digits, 0, rows, 0, n, limbs, mag3, sg3, mb3, 0);
            best[4] = Math.min(best[4], MX.getCurrentThreadCpuTime() - t2);
            for (int i = 0; i < mag1.length; i++) {
                if (!java.util.Arrays.equals(mag1[i], mag3[i]) || !java.util.Arrays.equals(sg1[i], sg3[i])) {
                    throw new AssertionError("Horner pack differs in chunk " + i);
                }
            }
            if (!java.util.Arrays.equals(mb1, mb3)) {
                throw new AssertionError("Horner maxBits differ");
            }
            long t3 = 0;
            long t4 = 0;
            long t5 = 0;
            for (int j = 0; j < s; j++) {
                long p = crt.prime(j);
                t3 = MX.getCurrentThreadCpuTime();
                residuesBefore(words, p, m1);
                t4 = MX.getCurrentThreadCpuTime();
                ConvolutionPlan.residues(words, p, m2);
                t5 = MX.getCurrentThreadCpuTime();
                best[2] = j == 0 ? Math.min(best[2], (t4 - t3) * (double) s) : best[2];
                best[3] = j == 0 ? Math.min(best[3], (t5 - t4) * (double) s) : best[3];
                for (int r = 0; r < rows / 2; r++) {
                    for (int c = 0; c < cols; c++) {
                        if (Math.floorMod((long) m1[r][c], p) != Math.floorMod((long) m2[r][c], p)) {
                            throw new AssertionError("residues differ at " + r + ", " + c + " mod " + p);
                        }
                    }
                }
            }
            best[0] = Math.min(best[0], t1 - t0);
            best[1] = Math.min(best[1], t2 - t1);
            for (int i = 0; i < mag1.length; i++) {
                if (!java.util.Arrays.equals(mag1[i], mag2[i]) || !java.util.Arrays.equals(sg1[i], sg2[i])) {
                    throw new AssertionError("pack differs in chunk " + i);
                }
            }
            if (!java.util.Arrays.equals(mb1, mb2)) {
                throw new AssertionError("maxBits differ");
            }
        }
        System.out.printf("bits %d, %d primes, %d points: pack before %.2f ms, Horner %.2f ms, digit packing %.2f ms (%.2fx); "
                + "residues (%d planes, all primes) before %.2f ms after %.2f ms (%.2fx)%n", bits, s, n, best[0] / 1e6,
                best[4] / 1e6, best[1] / 1e6, best[0] / best[1], planes, best[2] / 1e6, best[3] / 1e6, best[2] / best[3]);
    }

    static void packBefore(DoubleCrt crt, double[][][] res, int from, int to, int lo, int hi, int limbs, long[][] mag,
            byte[][] sign, int[] maxBits, int rowBase) {
        int s = crt.size();
        if (s == 3 && limbs == 3) {
            throw new IllegalStateException();
        }
        int cols = res[0][0].length;
        int k = limbs + 1;
        long[] acc = new long[k];
        long[] ps = new long[s];
        for (int j = 0; j < s; j++) {
            ps[j] = crt.prime(j);
        }
        double[][] row = new double[s][];
        for (int r = from; r < to; r++) {
            for (int j = 0; j < s; j++) {
                row[j] = res[j][r];
            }
            int start = Math.max(0, lo - r * cols);
            int end = Math.min(cols, hi - r * cols);
            int bits = 0;
            for (int col = start; col < end; col++) {
                // acc holds the partial sum in two's complement over its low `used` limbs (the
                // limbs above are its sign extension): each step needs at most one limb more,
                // and a top limb that only extends the sign of the one below is dropped
                acc[0] = (long) row[s - 1][col];
                int used = 1;
                for (int j = s - 2; j >= 0; j--) {
                    acc[used] = acc[used - 1] >> 63;
                    mulAddSigned(acc, used + 1, ps[j], (long) row[j][col]);
                    used++;
                    while (used > 1 && acc[used - 1] == acc[used - 2] >> 63) {
                        used--;
                    }
                }
                long ext = acc[used - 1] >> 63;
                for (int l = used; l < k; l++) {
                    acc[l] = ext;
                }
                int i = r * cols + col - lo;
                long[] m = mag[i >>> PackedCoefficients.CHUNK_SHIFT];
                int at = (i & (PackedCoefficients.CHUNK - 1)) * limbs;
                byte sg;
                if (acc[k - 1] < 0) { // negate: the magnitude
                    long borrow = 1;
                    for (int l = 0; l < limbs; l++) {
                        long v = ~acc[l] + borrow;
                        borrow = (v == 0 && borrow == 1) ? 1 : 0;
                        m[at + l] = v;
                    }
                    sg = -1;
                } else {
                    boolean zero = true;
                    for (int l = 0; l < limbs; l++) {
                        m[at + l] = acc[l];
                        zero &= acc[l] == 0;
                    }
                    sg = (byte) (zero ? 0 : 1);
                }
                sign[i >>> PackedCoefficients.CHUNK_SHIFT][i & (PackedCoefficients.CHUNK - 1)] = sg;
                for (int l = limbs - 1; l >= 0; l--) {
                    if (m[at + l] != 0) {
                        bits = Math.max(bits, 64 * l + 64 - Long.numberOfLeadingZeros(m[at + l]));
                        break;
                    }
                }
            }
            maxBits[r - rowBase] = bits;
        }
    }

    // pack() for three primes and three limbs (the products of 64-bit coefficients), in

    private static void mulAddSigned(long[] acc, int k, long p, long v) {
        long cy = 0;
        long ext = v >> 63;
        for (int l = 0; l < k; l++) {
            long a = acc[l];
            long lo = a * p;
            long hi = Math.multiplyHigh(a, p) + ((a >> 63) & p); // unsigned high word
            long add = l == 0 ? v : ext;
            long s1 = lo + add;
            hi += ((lo & add) | ((lo | add) & ~s1)) >>> 63; // carry out, branch-free
            long s2 = s1 + cy;
            hi += ((s1 & cy) | ((s1 | cy) & ~s2)) >>> 63;
            acc[l] = s2;
            cy = hi;
        }
    }


    static void residuesBefore(double[][][] words, long p, double[][] m) {
        double pd = p;
        double pinv = 1.0 / p;
        double np = -pd;
        // the pieces' radix 2^48 mod p: |y c| stays below 2^99, |v| below p + 2^48 < 2^51
        double c32 = DoubleCrt.symmetric(Math.floorMod(1L << 48, p), p);
        double c32p = c32 * pinv;
        int top = words.length - 1;
        int used = words[0].length;
        for (int r = 0; r < used; r++) {
            double[] row = m[r];
            System.arraycopy(words[top][r], 0, row, 0, row.length);
            for (int t = top - 1; t >= 0; t--) {
                double[] w = words[t][r];
                for (int c = 0; c < row.length; c++) {
                    double y = row[c];
                    double h = y * c32;
                    double q = Math.rint(y * c32p);
                    double v = Math.fma(q, np, h) + Math.fma(y, c32, -h) + w[c];
                    row[c] = Math.fma(Math.rint(v * pinv), np, v);
                }
            }
        }
    }
}
