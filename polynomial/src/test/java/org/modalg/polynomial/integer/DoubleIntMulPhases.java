package org.modalg.polynomial.integer;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.convolution.ConvolutionPlan;

/**
 * Not a test: the phases of {@link DoubleNttIntMul} at one size, one thread, minimum over
 * repeats. Run: java -cp ... org.modalg.polynomial.integer.DoubleIntMulPhases [bits] [reps]
 */
public final class DoubleIntMulPhases {
    public static void main(String[] args) {
        int bits = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        Random rnd = new Random(1);
        BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
        BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
        DoubleNttIntMul.Shape shape = DoubleNttIntMul.choose(bits, bits, false, 0);
        int s = shape.primes();
        int w = shape.pieceBits();
        double[] best = new double[7];
        java.util.Arrays.fill(best, Double.MAX_VALUE);
        for (int rep = 0; rep < reps; rep++) {
            long t0 = System.nanoTime();
            long[] la = Limbs.magnitude(a);
            long[] lb = Limbs.magnitude(b);
            long t1 = System.nanoTime();
            double[][] pa = DoubleNttIntMul.parts(la, w, shape.piecesA());
            double[][] pb = DoubleNttIntMul.parts(lb, w, shape.piecesB());
            long t2 = System.nanoTime();
            double[][][] res = new double[s][][];
            double[][][] resB = new double[s][][];
            for (int j = 0; j < s; j++) {
                DoubleNttPlan plan = DoubleNttPlan.of(DoubleNttIntMul.PRIMES[j], shape.log2n());
                res[j] = plan.borrowCoefficients();
                resB[j] = plan.borrowCoefficients();
                DoubleNttIntMul.residues(pa, w, DoubleNttIntMul.PRIMES[j], res[j]);
                DoubleNttIntMul.residues(pb, w, DoubleNttIntMul.PRIMES[j], resB[j]);
            }
            long t3 = System.nanoTime();
            for (int j = 0; j < s; j++) {
                DoubleNttPlan plan = DoubleNttPlan.of(DoubleNttIntMul.PRIMES[j], shape.log2n());
                plan.convolution(res[j], resB[j], false, null);
            }
            long t4 = System.nanoTime();
            DoubleNttIntMul.garner(res, s);
            long t5 = System.nanoTime();
            long[] out = new long[(2 * bits + 63) / 64 + 1];
            DoubleNttIntMul.pack(ConvolutionPlan.first(s), res, s, (int) shape.productPieces(), w, out);
            long t6 = System.nanoTime();
            Limbs.toBigInteger(out);
            long t7 = System.nanoTime();
            for (int j = 0; j < s; j++) {
                DoubleNttPlan.giveBack(res[j]);
                DoubleNttPlan.giveBack(resB[j]);
            }
            long[] t = {t0, t1, t2, t3, t4, t5, t6, t7};
            for (int i = 0; i < 7; i++) {
                best[i] = Math.min(best[i], (t[i + 1] - t[i]) / 1e6);
            }
        }
        String[] names = {"limbs", "parts", "residues", "convolutions", "garner", "recombine", "BigInteger"};
        System.out.println(shape);
        for (int i = 0; i < 7; i++) {
            System.out.printf("%-13s %8.2f ms%n", names[i], best[i]);
        }
    }
}
