package org.modalg.polynomial;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.fft.CpuNttEngine;

/**
 * Not a test: times IntegerMultiplication.multiplyNtt at given sizes on 1 and all threads
 * (minimum over repeats). Run: java -cp ... org.modalg.polynomial.IntMulProfile [bits,...] [reps]
 */
public final class IntMulProfile {
    public static void main(String[] args) {
        String[] sizes = (args.length > 0 ? args[0] : "10000000").split(",");
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Random rnd = new Random(1);
        int all = Runtime.getRuntime().availableProcessors();
        try (CpuNttEngine serial = new CpuNttEngine(1); CpuNttEngine par = new CpuNttEngine(all)) {
            for (String s : sizes) {
                int bits = Integer.parseInt(s);
                BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
                BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
                BigInteger check = IntegerMultiplication.multiplyNtt(a, b, serial);
                if (bits <= 20_000_000 && !check.equals(a.multiply(b))) {
                    throw new AssertionError("wrong product at " + bits);
                }
                double t1 = time(reps, () -> IntegerMultiplication.multiplyNtt(a, b, serial));
                double t2 = time(reps, () -> IntegerMultiplication.multiplyNtt(a, b, par));
                double sq = time(reps, () -> IntegerMultiplication.multiplyNtt(a, a, serial));
                System.out.printf("bits=%d mul 1 thread %.1f ms, %d threads %.1f ms, square 1 thread %.1f ms%n",
                        bits, t1, all, t2, sq);
            }
        }
    }

    static double time(int reps, java.util.function.Supplier<Object> f) {
        f.get();
        double best = Double.MAX_VALUE;
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            f.get();
            best = Math.min(best, (System.nanoTime() - t0) / 1e6);
        }
        return best;
    }
}
