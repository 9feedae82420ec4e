package org.modalg.polynomial.integer;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.polynomial.Tuning;

/**
 * Not a test: measures BigInteger.multiply / divideAndRemainder against the routes
 * {@link IntegerMultiplication#multiply} and {@link IntegerDivision#divideAndRemainder} take
 * above their cut-offs ({@link IntegerMultiplication#multiplyCpu} on one thread, and
 * {@link IntegerDivision#divideNewton}), balanced operands of growing size, to set Tuning's
 * integer cut-offs. Newton's products go through {@link IntegerMultiplication#multiply}, so
 * they follow {@code modalg.poly.intMulNttBits} and {@code modalg.threads}: run with
 * {@code -Dmodalg.threads=1} for one-thread figures (with more threads a column for
 * {@code multiplyCpu} on the shared engine's thread count is added). Each figure is the minimum over
 * {@code samples} (default 5) timed batches after a warm-up batch, in ms per operation.
 * Run: java -Dmodalg.threads=1 -cp ... org.modalg.polynomial.integer.IntMulCrossover [samples] [bits,...]
 */
public final class IntMulCrossover {
    public static void main(String[] args) {
        int samples = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int[] sizes = {5_000, 10_000, 15_000, 20_000, 30_000, 40_000, 60_000, 80_000, 160_000, 320_000,
            640_000, 1_280_000};
        if (args.length > 1) {
            String[] parts = args[1].split(",");
            sizes = new int[parts.length];
            for (int i = 0; i < parts.length; i++) {
                sizes[i] = Integer.parseInt(parts[i].trim());
            }
        }
        System.out.println("# java " + System.getProperty("java.version") + ", shared engine threads "
                + CpuNttEngine.shared().threads() + ", intMulNttBits " + Tuning.intMulNttBits() + ", min of "
                + samples);
        Random rnd = new Random(1);
        int threads = CpuNttEngine.shared().threads();
        System.out.println("bits,biginteger_mul_ms,cpu_mul_1thread_ms,biginteger_div_ms,newton_div_ms"
                + (threads > 1 ? ",cpu_mul_" + threads + "threads_ms" : ""));
        for (int bits : sizes) {
            BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
            BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
            BigInteger n = a.multiply(b).add(a);
            int reps = Math.max(3, 2_000_000 / bits);
            double big = time(samples, reps, () -> a.multiply(b));
            double ntt = time(samples, reps, () -> IntegerMultiplication.multiplyCpu(a, b, 1));
            double bdiv = time(samples, reps, () -> n.divideAndRemainder(b));
            double ndiv = time(samples, reps, () -> IntegerDivision.divideNewton(n, b));
            System.out.printf("%d,%.4f,%.4f,%.4f,%.4f", bits, big, ntt, bdiv, ndiv);
            if (threads > 1) {
                System.out.printf(",%.4f", time(samples, reps, () -> IntegerMultiplication.multiplyCpu(a, b, threads)));
            }
            System.out.println();
        }
    }

    private static double time(int samples, int reps, java.util.function.Supplier<Object> f) {
        for (int i = 0; i < reps; i++) {
            f.get();
        }
        double best = Double.MAX_VALUE;
        for (int r = 0; r < samples; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                f.get();
            }
            best = Math.min(best, (System.nanoTime() - t0) / 1e6 / reps);
        }
        return best;
    }
}
