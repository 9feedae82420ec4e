package org.modalg.polynomial.integer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Not a test: {@link LimbMultiplication} (products and squares, on BigIntegers: conversions
 * included) against {@link BigInteger#multiply} and {@link IntegerMultiplication#multiplyCpu},
 * balanced operands of the given sizes in bits, minimum over batches of this thread's CPU time
 * (robust to other processes on a shared machine). Cut-offs: -Dmodalg.poly.karatsubaLimbs=...
 * Run: java -cp ... org.modalg.polynomial.integer.LimbMulProfile [bits,...] [batches]
 */
public final class LimbMulProfile {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        String[] sizes = (args.length > 0 ? args[0] : "2000,5000,10000,20000,40000,80000").split(",");
        int batches = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        Random rnd = new Random(1);
        System.out.println("# karatsubaLimbs " + LimbMultiplication.KARATSUBA_LIMBS + ", square "
                + LimbMultiplication.KARATSUBA_SQUARE_LIMBS + ", intrinsic basecase " + LimbMultiplication.fast());
        for (String s : sizes) {
            int bits = Integer.parseInt(s.trim());
            BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
            BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
            if (!LimbMultiplication.multiply(a, b).equals(a.multiply(b))) {
                throw new AssertionError("wrong product at " + bits);
            }
            // interleaved: one batch of each route per round, minimum over the rounds
            java.util.List<Supplier<Object>> routes = java.util.List.of(() -> a.multiply(b),
                    () -> LimbMultiplication.multiply(a, b), () -> a.multiply(a), () -> LimbMultiplication.multiply(a, a),
                    () -> IntegerMultiplication.multiplyCpu(a, b, 1));
            double[] best = new double[routes.size()];
            int[] per = new int[routes.size()];
            for (int i = 0; i < routes.size(); i++) {
                per[i] = calibrate(routes.get(i));
                best[i] = Double.MAX_VALUE;
            }
            for (int r = 0; r < batches; r++) {
                for (int i = 0; i < routes.size(); i++) {
                    long t0 = MX.getCurrentThreadCpuTime();
                    for (int k = 0; k < per[i]; k++) {
                        routes.get(i).get();
                    }
                    best[i] = Math.min(best[i], (MX.getCurrentThreadCpuTime() - t0) / 1e3 / per[i]);
                }
            }
            System.out.printf("bits %8d  BigInteger %9.2f us  limbs %9.2f us (%.2fx)  squares %9.2f / %9.2f us"
                    + "  NTT %9.2f us  (load %s)%n", bits, best[0], best[1], best[0] / best[1], best[2], best[3], best[4],
                    IntMulVsFlint.load());
        }
    }

    // calls per batch for about 2 ms, after a 20 ms warm-up
    static int calibrate(Supplier<Object> f) {
        long t0 = MX.getCurrentThreadCpuTime();
        int k = 0;
        while (MX.getCurrentThreadCpuTime() - t0 < 20_000_000L) {
            f.get();
            k++;
        }
        return Math.max(1, k / 10);
    }

    static double time(int batches, Supplier<Object> f) {
        long t0 = MX.getCurrentThreadCpuTime();
        int k = 0;
        while (MX.getCurrentThreadCpuTime() - t0 < 20_000_000L) { // warm-up and batch size: 20 ms
            f.get();
            k++;
        }
        int per = Math.max(1, k / 10);
        double best = Double.MAX_VALUE;
        for (int r = 0; r < batches; r++) {
            long s = MX.getCurrentThreadCpuTime();
            for (int i = 0; i < per; i++) {
                f.get();
            }
            best = Math.min(best, (MX.getCurrentThreadCpuTime() - s) / 1e3 / per);
        }
        return best;
    }
}
