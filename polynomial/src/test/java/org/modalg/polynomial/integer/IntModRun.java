package org.modalg.polynomial.integer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.Random;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;

/**
 * Not a test: {@link IntegerModulus#mulMod} on one thread, CPU backend, for moduli of the given
 * bit sizes: the product alone, mulMod with q0 m modulo B^N - 1 ({@code wrapRemainder}), mulMod
 * with q0 m whole, and mulMod with the inverse alone ({@code reuseTransforms} off), alternately
 * in one JVM, minima of the thread's CPU time over the rounds; checks that all agree.
 * Run: java -cp ... org.modalg.polynomial.integer.IntModRun [rounds] bits...
 */
public final class IntModRun {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private IntModRun() {
    }

    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        Options o = Options.defaults().withThreads(1).withBackend(Backend.CPU);
        System.out.println("bits,product_ms,wrapped_ms,whole_ms,inverse_only_ms,wrapped/product,whole/wrapped,inverse_only/wrapped");
        for (int i = 1; i < args.length; i++) {
            int bits = Integer.parseInt(args[i]);
            Random rnd = new Random(bits);
            BigInteger m = new BigInteger(bits, rnd).setBit(bits - 1).setBit(0);
            BigInteger a = new BigInteger(bits - 1, rnd);
            BigInteger b = new BigInteger(bits - 1, rnd);
            IntegerModulus wrapped = IntegerModulus.of(m, o);
            IntegerModulus.wrapRemainder = false;
            IntegerModulus whole = IntegerModulus.of(m, o);
            IntegerModulus.wrapRemainder = true;
            IntegerModulus.reuseTransforms = false;
            IntegerModulus inverseOnly = IntegerModulus.of(m, o);
            IntegerModulus.reuseTransforms = true;
            long[] best = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
            int reps = Math.max(1, 2_000_000 / bits);
            BigInteger want = a.multiply(b).mod(m);
            for (int r = 0; r <= rounds; r++) {
                for (int v = 0; v < 4; v++) {
                    BigInteger got = null;
                    long t = MX.getCurrentThreadCpuTime();
                    for (int k = 0; k < reps; k++) {
                        got = switch (v) {
                            case 0 -> IntegerMultiplication.multiply(a, b, o);
                            case 1 -> wrapped.mulMod(a, b);
                            case 2 -> whole.mulMod(a, b);
                            default -> inverseOnly.mulMod(a, b);
                        };
                    }
                    t = (MX.getCurrentThreadCpuTime() - t) / reps;
                    if (v > 0 && !want.equals(got)) {
                        throw new AssertionError("variant " + v + " differs at " + bits + " bits");
                    }
                    if (r > 0) {
                        best[v] = Math.min(best[v], t);
                    }
                }
            }
            System.out.printf("%d,%.3f,%.3f,%.3f,%.3f,%.2f,%.2f,%.2f%n", bits, best[0] / 1e6, best[1] / 1e6, best[2] / 1e6,
                    best[3] / 1e6, (double) best[1] / best[0], (double) best[2] / best[1], (double) best[3] / best[1]);
        }
    }
}
