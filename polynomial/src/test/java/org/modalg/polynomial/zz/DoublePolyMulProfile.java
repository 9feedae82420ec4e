package org.modalg.polynomial.zz;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.polynomial.PolyOracles;
import org.modalg.polynomial.convolution.ConvolutionPlan;
import org.modalg.polynomial.convolution.DoubleCrt;
import org.modalg.polynomial.convolution.PackedCoefficients;

/**
 * Not a test: times {@link ConvolutionPlan} (both operands of length 2^log2len, random signed
 * coefficients of the given bits) on the given threads: the packed product, and the
 * BigIntegers of the result made afterwards; minimum over repeats. Checks the product against
 * the 64-bit NTT route once. Run:
 * java -cp ... org.modalg.polynomial.zz.DoublePolyMulProfile log2len bits threads [reps]
 */
public final class DoublePolyMulProfile {
    public static void main(String[] args) {
        int len = 1 << Integer.parseInt(args[0]);
        int bits = Integer.parseInt(args[1]);
        int threads = Integer.parseInt(args[2]);
        int reps = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        Random rnd = new Random(1);
        BigInteger[] a = PolyOracles.randomSigned(rnd, len, bits);
        BigInteger[] b = PolyOracles.randomSigned(rnd, len, bits);
        int bitsA = PolyMulZZ.maxBits(a, 0, len);
        int bitsB = PolyMulZZ.maxBits(b, 0, len);
        double total = Double.MAX_VALUE;
        double words = Double.MAX_VALUE;
        double big = Double.MAX_VALUE;
        PackedCoefficients p = null;
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            ConvolutionPlan plan = ConvolutionPlan.of(bitsA, bitsB, len, len).orElseThrow();
            ConvolutionPlan.Operand wa = plan.operand(a, 0, len, false, threads);
            ConvolutionPlan.Operand wb = plan.operand(b, 0, len, true, threads);
            long t1 = System.nanoTime();
            p = plan.multiply(wa, wb, threads);
            long t2 = System.nanoTime();
            wa.release();
            wb.release();
            p.toBigIntegers();
            long t3 = System.nanoTime();
            words = Math.min(words, (t1 - t0) / 1e6);
            total = Math.min(total, (t2 - t0) / 1e6);
            big = Math.min(big, (t3 - t2) / 1e6);
        }
        if (threads == 1) {
            phases(a, b, len, bitsA, bitsB, reps);
        }
        BigInteger[] want = new BigInteger[2 * len - 1];
        PolyMulZZ.mulSmallPrimeNtt(a, 0, len, b, 0, len, want, 0, org.modalg.fft.ntt.CpuNttEngine.shared());
        if (!java.util.Arrays.equals(ZZPoly.wrap(p).coefficients(), ZZPoly.wrap(want).coefficients())) {
            throw new AssertionError("products differ");
        }
        System.out.printf("len 2^%d, %d bits, %d primes, %d threads: packed product %.1f ms (of which words %.1f);"
                + " its BigIntegers afterwards %.1f ms%n", Integer.numberOfTrailingZeros(len), bits,
                ConvolutionPlan.basis(PolyMulZZ.productBoundBits(bitsA, bitsB, len, len)).size(), threads, total,
                words, big);
    }

    // The steps of ConvolutionPlan.multiply one by one, on one thread.
    private static void phases(BigInteger[] a, BigInteger[] b, int len, int bitsA, int bitsB, int reps) {
        int n = 2 * len - 1;
        int log2n = PolyMulZZ.ceilLog2(n);
        DoubleCrt crt = ConvolutionPlan.basis(PolyMulZZ.productBoundBits(bitsA, bitsB, len, len));
        int s = crt.size();
        double[] best = new double[5];
        java.util.Arrays.fill(best, Double.MAX_VALUE);
        int limbs = (PolyMulZZ.productBoundBits(bitsA, bitsB, len, len) + 63) / 64;
        long[][] mag = PackedCoefficients.magnitudes(n, limbs);
        byte[][] sign = PackedCoefficients.signs(n);
        double alloc = Double.MAX_VALUE;
        for (int rep = 0; rep < reps; rep++) {
            org.modalg.fft.doublentt.DoubleNttPlan shape = ConvolutionPlan.of(bitsA, bitsB, len, len).orElseThrow().shape();
            long t0 = System.nanoTime();
            double[][][] wa = ConvolutionPlan.planes(ConvolutionPlan.wordCount(bitsA), len, shape);
            double[][][] wb = ConvolutionPlan.planes(ConvolutionPlan.wordCount(bitsB), len, shape);
            ConvolutionPlan.words(a, 0, len, wa, null);
            ConvolutionPlan.words(b, 0, len, wb, null);
            long t1 = System.nanoTime();
            double[][][] ra = new double[s][][];
            double[][][] rb = new double[s][][];
            for (int j = 0; j < s; j++) {
                org.modalg.fft.doublentt.DoubleNttPlan plan = org.modalg.fft.doublentt.DoubleNttPlan.of(crt.prime(j), log2n);
                ra[j] = plan.borrowCoefficients();
                rb[j] = plan.borrowCoefficients();
                ConvolutionPlan.residues(wa, crt.prime(j), ra[j]);
                ConvolutionPlan.residues(wb, crt.prime(j), rb[j]);
            }
            long t2 = System.nanoTime();
            for (int j = 0; j < s; j++) {
                org.modalg.fft.doublentt.DoubleNttPlan.of(crt.prime(j), log2n).convolution(ra[j], rb[j], false, null);
            }
            long t3 = System.nanoTime();
            int cols = ra[0][0].length;
            int rows = (n + cols - 1) / cols;
            crt.digits(ra, 0, rows);
            long t4 = System.nanoTime();
            ConvolutionPlan.pack(crt, ra, 0, rows, 0, n, limbs, mag, sign, new int[rows], 0);
            long t5b = System.nanoTime();
            PackedCoefficients.magnitudes(n, limbs);
            PackedCoefficients.signs(n);
            alloc = Math.min(alloc, (System.nanoTime() - t5b) / 1e6);
            long t5 = System.nanoTime();
            for (int j = 0; j < s; j++) {
                org.modalg.fft.doublentt.DoubleNttPlan.giveBack(ra[j]);
                org.modalg.fft.doublentt.DoubleNttPlan.giveBack(rb[j]);
            }
            ConvolutionPlan.giveBack(wa);
            ConvolutionPlan.giveBack(wb);
            long[] t = {t0, t1, t2, t3, t4, t5};
            for (int i = 0; i < 5; i++) {
                best[i] = Math.min(best[i], (t[i + 1] - t[i]) / 1e6);
            }
        }
        System.out.printf("phases (one thread): words %.1f, residues %.1f, convolutions %.1f, Garner %.1f, packing (into reused arrays) %.1f ms,"
                + " allocating the packed arrays %.1f ms%n", best[0], best[1], best[2], best[3], best[4], alloc);
    }
}
