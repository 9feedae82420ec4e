package org.modalg.polynomial;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.fft.CpuNttEngine;

/**
 * Not a test: measures BigInteger.multiply / divideAndRemainder against the NTT and Newton
 * routes for balanced operands of growing size (one thread), to set Tuning's integer cut-offs.
 * Run: java -cp ... org.modalg.polynomial.IntMulCrossover
 */
public final class IntMulCrossover {
    public static void main(String[] args) {
        Random rnd = new Random(1);
        try (CpuNttEngine serial = new CpuNttEngine(1)) {
            System.out.println("bits,biginteger_mul_ms,ntt_mul_ms,biginteger_div_ms,newton_div_ms");
            for (int bits : new int[] {10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 1_280_000}) {
                BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
                BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
                BigInteger n = a.multiply(b).add(a);
                int reps = Math.max(3, 2_000_000 / bits);
                double big = time(reps, () -> a.multiply(b));
                double ntt = time(reps, () -> IntegerMultiplication.multiplyNtt(a, b, serial));
                double bdiv = time(reps, () -> n.divideAndRemainder(b));
                double ndiv = time(reps, () -> IntegerDivision.divideNewton(n, b));
                System.out.printf("%d,%.4f,%.4f,%.4f,%.4f%n", bits, big, ntt, bdiv, ndiv);
            }
        }
    }

    private static double time(int reps, java.util.function.Supplier<Object> f) {
        for (int i = 0; i < reps; i++) {
            f.get();
        }
        double best = Double.MAX_VALUE;
        for (int r = 0; r < 3; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                f.get();
            }
            best = Math.min(best, (System.nanoTime() - t0) / 1e6 / reps);
        }
        return best;
    }
}
