package org.modalg.polynomial.integer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.Random;
import org.modalg.polynomial.Limbs;

/**
 * Not a test: {@link NewtonDivision#divide} of a 2n-bit by an n-bit integer on one thread with
 * the remainder's product modulo B^N - 1 ({@code wrapRemainder}) and whole, alternately in one JVM, minima of the thread's CPU time over the rounds; checks that
 * both agree. Run: java -cp ... org.modalg.polynomial.integer.NewtonDivisionRun rounds bits...
 */
public final class NewtonDivisionRun {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private NewtonDivisionRun() {
    }

    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        System.out.println("bits,whole_ms,wrapped_ms,whole/wrapped");
        for (int i = 1; i < args.length; i++) {
            int bits = Integer.parseInt(args[i]);
            Random r = new Random(bits);
            BigInteger u = new BigInteger(2 * bits, r);
            BigInteger v = new BigInteger(bits, r).setBit(bits - 1);
            long[] lu = Limbs.magnitude(u);
            long[] lv = Limbs.magnitude(v);
            long[] best = {Long.MAX_VALUE, Long.MAX_VALUE};
            long[][][] got = new long[2][][];
            int reps = Math.max(1, 3_000_000 / bits);
            for (int k = 0; k <= rounds; k++) {
                for (int s = 0; s < 2; s++) {
                    NewtonDivision.wrapRemainder = s == 1;
                    long t = MX.getCurrentThreadCpuTime();
                    for (int j = 0; j < reps; j++) {
                        got[s] = NewtonDivision.divide(lu, lu.length, lv, lv.length, 1);
                    }
                    if (k > 0) {
                        best[s] = Math.min(best[s], (MX.getCurrentThreadCpuTime() - t) / reps);
                    }
                }
                if (!java.util.Arrays.equals(got[0][0], got[1][0]) || !java.util.Arrays.equals(got[0][1], got[1][1])) {
                    throw new AssertionError("the two divisions differ at " + bits + " bits");
                }
            }
            NewtonDivision.wrapRemainder = true;
            System.out.printf("%d,%.3f,%.3f,%.2f%n", bits, best[0] / 1e6, best[1] / 1e6, (double) best[0] / best[1]);
        }
    }
}
