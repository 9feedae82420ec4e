package org.modalg.polynomial.convolution;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.util.Arrays;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;

/**
 * Not a test: the rows of {@link ProductRowsTiming} (one thread, CPU backend, the public API)
 * with a static int switch of the library set to value A, then B, alternately in one JVM:
 * after a warm-up of both, rounds of about 0.3 s per value, each product timed by the thread's
 * CPU time; prints per value the minimum and the median of all products and the ratio B / A of
 * both. {@code Class#f1+f2=A,B} sets several switches of one class together; a row ending in
 * {@code @T} runs on T threads, timed by the wall clock. Run: java -cp ... org.modalg.polynomial.convolution.ProductRowsAB
 * org.modalg.fft.doublentt.DoubleNttPlan#fullTwistMaxLog2n=-1,15 zz:10:64 int:100000 ...
 */
public final class ProductRowsAB {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private ProductRowsAB() {
    }

    public static void main(String[] args) throws ReflectiveOperationException {
        String[] sw = args[0].split("[#=,]");
        if (sw.length != 4) {
            throw new IllegalArgumentException("args[0] must be Class#field=A,B, got " + args[0]);
        }
        String[] names = sw[1].split("\\+"); // several switches of one class: f1+f2=A,B sets all of them
        Field[] fields = new Field[names.length];
        int[] before = new int[names.length];
        for (int f = 0; f < names.length; f++) {
            fields[f] = Class.forName(sw[0]).getDeclaredField(names[f]);
            fields[f].setAccessible(true);
            before[f] = fields[f].getInt(null);
        }
        int[] values = {Integer.parseInt(sw[2]), Integer.parseInt(sw[3])};
        try {
            for (int k = 1; k < args.length; k++) {
                int at = args[k].indexOf('@');
                int threads = at < 0 ? 1 : Integer.parseInt(args[k].substring(at + 1));
                Options o = Options.defaults().withThreads(threads).withBackend(Backend.CPU);
                Runnable product = ProductRowsTiming.product(at < 0 ? args[k] : args[k].substring(0, at), o);
                java.util.function.LongSupplier clock = threads == 1 ? MX::getCurrentThreadCpuTime : System::nanoTime;
                double[][] t = new double[2][200_000];
                int[] n = new int[2];
                for (int round = -1; round < 8; round++) { // round -1: the warm-up of both
                    for (int v = 0; v < 2; v++) {
                        for (Field field : fields) {
                            field.setInt(null, values[v]);
                        }
                        long end = System.nanoTime() + (round < 0 ? 1_000_000_000L : 300_000_000L);
                        while (System.nanoTime() < end && n[v] < t[v].length) {
                            long c = clock.getAsLong();
                            product.run();
                            if (round >= 0) {
                                t[v][n[v]++] = (clock.getAsLong() - c) / 1e6;
                            }
                        }
                    }
                }
                double[][] s = {Arrays.copyOf(t[0], n[0]), Arrays.copyOf(t[1], n[1])};
                Arrays.sort(s[0]);
                Arrays.sort(s[1]);
                System.out.printf("%-14s %s=%d min %.4f med %.4f ms | %s=%d min %.4f med %.4f ms | B/A min %.3f med %.3f%n",
                        args[k], sw[1], values[0], s[0][0], s[0][n[0] / 2], sw[1], values[1], s[1][0], s[1][n[1] / 2],
                        s[1][0] / s[0][0], s[1][n[1] / 2] / s[0][n[0] / 2]);
            }
        } finally {
            for (int f = 0; f < fields.length; f++) {
                fields[f].setInt(null, before[f]);
            }
        }
    }
}
