package org.modalg.polynomial.convolution;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;

/**
 * Not a test: the projection of one operand's planes modulo every prime of the basis, prime by
 * prime ({@link ConvolutionPlan#residues(double[][][], long, double[][])}) against groups of
 * primes per pass over the planes ({@link ConvolutionPlan#residues(double[][][], long[], int, int, double[][][])}),
 * alternately in one JVM on the same random planes, minima of the thread's CPU time; checks that
 * both give the same residues. Run:
 * java -cp ... org.modalg.polynomial.convolution.ProjectionGroupsAB bits log2len group...
 */
public final class ProjectionGroupsAB {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        int bits = Integer.parseInt(args[0]);
        int len = 1 << Integer.parseInt(args[1]);
        System.out.println("# load " + PackResiduesAB.load());
        int bound = (int) ConvolutionPlan.boundBits(bits, bits, len, len);
        DoubleCrt crt = ConvolutionPlan.basis(bound);
        int s = crt.size();
        long[] ps = new long[s];
        for (int j = 0; j < s; j++) {
            ps[j] = crt.prime(j);
        }
        int cols = ConvolutionPlan.of(bits, bits, len, len).orElseThrow().shape().columns();
        int rows = (len + cols - 1) / cols;
        Random rnd = new Random(7);
        int count = ConvolutionPlan.wordCount(bits);
        double[][][] words = new double[count][rows][cols];
        for (double[][] plane : words) {
            for (double[] row : plane) {
                for (int c = 0; c < cols; c++) {
                    row[c] = (rnd.nextBoolean() ? 1 : -1) * (double) (rnd.nextLong() >>> 16);
                }
            }
        }
        double[][][] ref = new double[s][2 * rows][cols];
        double[][][] out = new double[s][2 * rows][cols];
        System.out.printf("# %d bits, 2^%d coefficients, %d primes, %d planes, %d x %d%n", bits, Integer.parseInt(args[1]),
                s, count, rows, cols);
        for (int round = 0; round < 12; round++) {
            StringBuilder line = new StringBuilder();
            long t = MX.getCurrentThreadCpuTime();
            for (int j = 0; j < s; j++) {
                ConvolutionPlan.residues(words, ps[j], ref[j]);
            }
            line.append(String.format("prime by prime %.2f ms", (MX.getCurrentThreadCpuTime() - t) / 1e6));
            for (int a = 2; a < args.length; a++) {
                int g = Integer.parseInt(args[a]);
                t = MX.getCurrentThreadCpuTime();
                for (int j = 0; j < s; j += g) {
                    int e = Math.min(s, j + g);
                    ConvolutionPlan.residues(words, ps, j, e, java.util.Arrays.copyOfRange(out, j, e));
                }
                line.append(String.format(" | groups of %d %.2f ms", g, (MX.getCurrentThreadCpuTime() - t) / 1e6));
                for (int j = 0; j < s; j++) {
                    for (int r = 0; r < rows; r++) {
                        if (!java.util.Arrays.equals(ref[j][r], out[j][r])) {
                            throw new AssertionError("prime " + j + " row " + r + " differs (group " + g + ")");
                        }
                    }
                }
            }
            System.out.println(line);
        }
        System.out.println("# load " + PackResiduesAB.load());
    }
}
