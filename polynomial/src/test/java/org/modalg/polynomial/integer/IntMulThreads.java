package org.modalg.polynomial.integer;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;

/**
 * Not a test: {@link IntegerMultiplication#multiplyCpu} on 1 and t threads at given sizes,
 * alternately in one JVM (rounds of 1 thread then t threads, so that drift of the machine hits
 * both), after a warm-up; prints the minimum and median per thread count and the speed-up of the
 * minima. Run: java -cp ... org.modalg.polynomial.integer.IntMulThreads [bits,...] [threads] [rounds]
 */
public final class IntMulThreads {
    public static void main(String[] args) {
        String[] sizes = (args.length > 0 ? args[0] : "1000000,10000000").split(",");
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        Random rnd = new Random(1);
        for (String s : sizes) {
            int bits = Integer.parseInt(s);
            BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
            BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
            BigInteger ref = IntegerMultiplication.multiplyCpu(a, b, 1);
            if (!IntegerMultiplication.multiplyCpu(a, b, threads).equals(ref)) {
                throw new AssertionError("1 and " + threads + " threads differ at " + bits + " bits");
            }
            // warm-up: about half a second of each
            long until = System.nanoTime() + 500_000_000L;
            while (System.nanoTime() < until) {
                IntegerMultiplication.multiplyCpu(a, b, 1);
                IntegerMultiplication.multiplyCpu(a, b, threads);
            }
            int per = bits <= 1_000_000 ? 20 : bits <= 10_000_000 ? 3 : 1;
            double[] t1 = new double[rounds * per];
            double[] tt = new double[rounds * per];
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < per; k++) {
                    t1[r * per + k] = time(() -> IntegerMultiplication.multiplyCpu(a, b, 1));
                }
                for (int k = 0; k < per; k++) {
                    tt[r * per + k] = time(() -> IntegerMultiplication.multiplyCpu(a, b, threads));
                }
            }
            Arrays.sort(t1);
            Arrays.sort(tt);
            System.out.printf("bits=%d  1 thread min %.3f med %.3f ms;  %d threads min %.3f med %.3f ms;"
                    + "  speed-up (min) %.2f  shape %s%n", bits, t1[0], t1[t1.length / 2], threads, tt[0],
                    tt[tt.length / 2], t1[0] / tt[0], DoubleNttIntMul.choose(bits, bits, false, 0));
        }
    }

    private static double time(java.util.function.Supplier<Object> f) {
        long t0 = System.nanoTime();
        f.get();
        return (System.nanoTime() - t0) / 1e6;
    }
}
