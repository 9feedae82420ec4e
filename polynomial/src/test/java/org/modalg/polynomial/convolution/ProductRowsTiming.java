package org.modalg.polynomial.convolution;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.polynomial.integer.IntegerMultiplication;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Not a test: products on one thread (CPU backend) through the public API only, so that the
 * same class times any tree of the library put first on the class path (before and after a
 * change, in alternate JVMs). Per row: a warm-up of about 1.5 s, then repeats for about 3 s (at
 * least 3); prints the minimum and the median of the thread's CPU time. Rows: {@code zz:log2len:bits}
 * (random signs, exactly bits bits), {@code int:bits} (or {@code int:bitsA:bitsB}, unbalanced),
 * {@code zp:log2len[:factor]} (operands of factor 2^log2len entries, 1 by default; p = nextprime(2^62),
 * the modulus of the FLINT peer's {@code nmod} rows). Run:
 * java -cp TREE:... org.modalg.polynomial.convolution.ProductRowsTiming ROW...
 */
public final class ProductRowsTiming {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private ProductRowsTiming() {
    }

    public static void main(String[] args) {
        Options o = Options.defaults().withThreads(1).withBackend(Backend.CPU);
        for (String row : args) {
            Runnable product = product(row, o);
            long warmEnd = System.nanoTime() + 1_500_000_000L;
            while (System.nanoTime() < warmEnd) {
                product.run();
            }
            double[] t = new double[10_000];
            int n = 0;
            long end = System.nanoTime() + 3_000_000_000L;
            while (n < 3 || (System.nanoTime() < end && n < t.length)) {
                long c = MX.getCurrentThreadCpuTime();
                product.run();
                t[n++] = (MX.getCurrentThreadCpuTime() - c) / 1e6;
            }
            double[] s = Arrays.copyOf(t, n);
            Arrays.sort(s);
            System.out.printf("%s min %.3f ms median %.3f ms (%d runs)%n", row, s[0], s[n / 2], n);
        }
    }

    /**
     * The product of one row ({@code zz:log2len:bits}, {@code int:bits}, {@code int:bitsA:bitsB} or
     * {@code zp:log2len}) on operands drawn from a fixed seed, as a task to time; also the rows of
     * {@link PipelinePhasesRun}.
     */
    static Runnable product(String row, Options o) {
        String[] f = row.split(":");
        Random rnd = new Random(1);
        switch (f[0]) {
            case "zz" -> {
                int len = 1 << Integer.parseInt(f[1]);
                int bits = Integer.parseInt(f[2]);
                ZZPoly a = ZZPoly.of(exact(rnd, len, bits));
                ZZPoly b = ZZPoly.of(exact(rnd, len, bits));
                return () -> a.multiply(b, o);
            }
            case "int" -> { // int:bits, or int:bitsA:bitsB for an unbalanced product
                int bits = Integer.parseInt(f[1]);
                int bitsB = f.length > 2 ? Integer.parseInt(f[2]) : bits;
                BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
                BigInteger b = new BigInteger(bitsB, rnd).setBit(bitsB - 1);
                return () -> IntegerMultiplication.multiply(a, b, o);
            }
            case "zp" -> {
                // zp:log2len:factor: operands of factor 2^log2len entries
                int len = (int) ((f.length > 2 ? Double.parseDouble(f[2]) : 1.0) * (1 << Integer.parseInt(f[1])));
                long p = BigInteger.ONE.shiftLeft(62).nextProbablePrime().longValue();
                long[] a = new long[len];
                long[] b = new long[len];
                for (int i = 0; i < len; i++) {
                    a[i] = Long.remainderUnsigned(rnd.nextLong(), p);
                    b[i] = Long.remainderUnsigned(rnd.nextLong(), p);
                }
                return () -> ZpPoly.multiplyFullWord(p, a, b, o);
            }
            default -> throw new IllegalArgumentException(
                    "row must be zz:log2len:bits, int:bits, int:bitsA:bitsB or zp:log2len, got " + row);
        }
    }

    // len coefficients of exactly bits bits, random signs
    private static BigInteger[] exact(Random rnd, int len, int bits) {
        BigInteger[] x = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            BigInteger v = new BigInteger(bits, rnd).setBit(bits - 1);
            x[i] = rnd.nextBoolean() ? v : v.negate();
        }
        return x;
    }
}
