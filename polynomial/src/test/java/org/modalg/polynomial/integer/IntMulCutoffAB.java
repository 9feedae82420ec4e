package org.modalg.polynomial.integer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.Random;

/**
 * Not a test: the cut-off between Karatsuba on limbs ({@link IntegerMultiplication#multiplySmall})
 * and the transform route ({@link IntegerMultiplication#multiplyCpu} on one thread), balanced
 * operands, interleaved batch by batch, minimum of the thread's CPU time per product in µs.
 * Needs {@code --add-opens java.base/java.math=ALL-UNNAMED} for the limb route's basecase. Run:
 * java --add-opens java.base/java.math=ALL-UNNAMED -cp ... org.modalg.polynomial.integer.IntMulCutoffAB [bits,...] [rounds]
 */
public final class IntMulCutoffAB {
    public static void main(String[] args) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        String list = args.length > 0 ? args[0] : "16000,20000,24000,28000,32000,36000,40000";
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        System.out.println("# limbs fast: " + LimbMultiplication.fast() + ", load " + IntMulVsFlint.load());
        Random rnd = new Random(3);
        for (String t : list.split(",")) {
            int bits = Integer.parseInt(t.trim());
            BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
            BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
            double small = Double.MAX_VALUE;
            double ntt = Double.MAX_VALUE;
            int batch = 10;
            for (int r = 0; r < rounds; r++) {
                long t0 = mx.getCurrentThreadCpuTime();
                for (int k = 0; k < batch; k++) {
                    IntegerMultiplication.multiplySmall(a, b);
                }
                long t1 = mx.getCurrentThreadCpuTime();
                for (int k = 0; k < batch; k++) {
                    IntegerMultiplication.multiplyCpu(a, b, 1);
                }
                long t2 = mx.getCurrentThreadCpuTime();
                if (r >= 5) {
                    small = Math.min(small, (t1 - t0) / 1e3 / batch);
                    ntt = Math.min(ntt, (t2 - t1) / 1e3 / batch);
                }
            }
            System.out.printf("%7d bits  limbs %8.1f us  transform %8.1f us  %s%n", bits, small, ntt,
                    ntt < small ? "transform" : "limbs");
        }
        System.out.println("# load " + IntMulVsFlint.load());
    }
}
