package org.modalg.polynomial.integer;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.fft.ntt.CpuNttEngine;

/**
 * Not a test: times the CPU integer product routes at given sizes (minimum over repeats): the
 * double-precision route ({@link IntegerMultiplication#multiplyCpu}) on one and all threads
 * and for a square, and the 64-bit engine route on one thread. Run:
 * java -cp ... org.modalg.polynomial.integer.IntMulProfile [bits,...] [reps]
 */
public final class IntMulProfile {
    public static void main(String[] args) {
        String[] sizes = (args.length > 0 ? args[0] : "10000000").split(",");
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Random rnd = new Random(1);
        int all = Runtime.getRuntime().availableProcessors();
        try (CpuNttEngine serial = new CpuNttEngine(1)) {
            for (String s : sizes) {
                int bits = Integer.parseInt(s);
                BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
                BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
                BigInteger check = IntegerMultiplication.multiplyCpu(a, b, 1);
                if (bits <= 20_000_000 && !check.equals(a.multiply(b))) {
                    throw new AssertionError("wrong product at " + bits);
                }
                double t1 = time(reps, () -> IntegerMultiplication.multiplyCpu(a, b, 1));
                double t2 = time(reps, () -> IntegerMultiplication.multiplyCpu(a, b, all));
                double sq = time(reps, () -> IntegerMultiplication.multiplyCpu(a, a, 1));
                double old = time(Math.min(reps, 3), () -> IntegerMultiplication.multiplyNtt(a, b, serial));
                System.out.printf("bits=%d double route: 1 thread %.1f ms, %d threads %.1f ms, square %.1f ms;"
                        + " 64-bit route 1 thread %.1f ms (shape %s)%n", bits, t1, all, t2, sq, old,
                        DoubleNttIntMul.choose(a.bitLength(), b.bitLength(), false, 0));
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
