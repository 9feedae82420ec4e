package org.modalg.polynomial.integer;

import java.util.Random;

/**
 * Not a test: {@link LimbMultiplication} at each given cut-off (products and squares), the
 * cut-offs interleaved round by round so that a shared machine's load hits them alike; minimum
 * of this thread's CPU time per product over the rounds, in microseconds, and BigInteger's
 * multiply of the same operands. Run: java [--add-modules jdk.incubator.vector] -cp ...
 * [-Dbasecase=DIGITS|INTRINSIC|PLAIN] org.modalg.polynomial.integer.LimbMulCutoffs [limbs,...]
 * [cutoffs,...] [rounds]
 */
public final class LimbMulCutoffs {
    public static void main(String[] args) {
        String[] sizes = (args.length > 0 ? args[0] : "40,64,100,157,250,400,625").split(",");
        String[] cuts = (args.length > 1 ? args[1] : "16,20,24,28,32,40,48,64").split(",");
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 15;
        Random rnd = new Random(1);
        LimbMultiplication.Basecase basecase = LimbMultiplication.Basecase.valueOf(
                System.getProperty("basecase", LimbMultiplication.defaultBasecase().name()));
        System.out.println("# load " + IntMulVsFlint.load() + ", basecase " + basecase);
        for (String sz : sizes) {
            int n = Integer.parseInt(sz.trim());
            long[] a = new long[n];
            long[] b = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = rnd.nextLong();
                b[i] = rnd.nextLong();
            }
            int reps = Math.max(1, 3_000_000 / (n * n));
            double[] best = new double[cuts.length];
            double[] bestSq = new double[cuts.length];
            java.util.Arrays.fill(best, Double.MAX_VALUE);
            java.util.Arrays.fill(bestSq, Double.MAX_VALUE);
            java.math.BigInteger ba = org.modalg.polynomial.Limbs.toBigInteger(a);
            java.math.BigInteger bb = org.modalg.polynomial.Limbs.toBigInteger(b);
            double bigBest = Double.MAX_VALUE;
            double bigSq = Double.MAX_VALUE;
            for (int r = 0; r < rounds; r++) {
                long u0 = IntMulVsFlintCpu.cpu();
                for (int i = 0; i < reps; i++) {
                    ba.multiply(bb);
                }
                long u1 = IntMulVsFlintCpu.cpu();
                for (int i = 0; i < reps; i++) {
                    ba.multiply(ba);
                }
                long u2 = IntMulVsFlintCpu.cpu();
                if (r > 0) {
                    bigBest = Math.min(bigBest, (u1 - u0) / 1e3 / reps);
                    bigSq = Math.min(bigSq, (u2 - u1) / 1e3 / reps);
                }
                for (int c = 0; c < cuts.length; c++) {
                    int k = Integer.parseInt(cuts[c].trim());
                    long t0 = IntMulVsFlintCpu.cpu();
                    for (int i = 0; i < reps; i++) {
                        LimbMultiplication.multiply(a, n, b, n, basecase, k, k);
                    }
                    long t1 = IntMulVsFlintCpu.cpu();
                    for (int i = 0; i < reps; i++) {
                        LimbMultiplication.multiply(a, n, a, n, basecase, k, k);
                    }
                    long t2 = IntMulVsFlintCpu.cpu();
                    if (r > 0) {
                        best[c] = Math.min(best[c], (t1 - t0) / 1e3 / reps);
                        bestSq[c] = Math.min(bestSq[c], (t2 - t1) / 1e3 / reps);
                    }
                }
            }
            StringBuilder sb = new StringBuilder(String.format("limbs %5d  product  BigInteger %8.2f", n, bigBest));
            for (int c = 0; c < cuts.length; c++) {
                sb.append(String.format("  k=%s %8.2f", cuts[c], best[c]));
            }
            sb.append(String.format("%n             square   BigInteger %8.2f", bigSq));
            for (int c = 0; c < cuts.length; c++) {
                sb.append(String.format("  k=%s %8.2f", cuts[c], bestSq[c]));
            }
            System.out.println(sb);
        }
    }
}
