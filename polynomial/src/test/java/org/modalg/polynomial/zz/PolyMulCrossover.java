package org.modalg.polynomial.zz;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.PolyOracles;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.zp.PolyMulZp;

/**
 * Not a test: times every multiplication algorithm over Z and over Z/pZ per length and
 * coefficient size, to set the fast cut-offs of {@link Tuning}. Each figure is the minimum of
 * three timed batches ({@code -Dsamples=N}: N batches; each at least 30 ms, after one warm-up
 * batch), in microseconds per
 * product; algorithms are skipped where a measured slower one exceeded the time budget.
 * The routes are those {@code PolyMulZZ.mul} dispatches to: "smallprime" is
 * {@code PolyMulZZ.mulSmallPrimeNtt} without an engine, on the CPU the double-precision NTT
 * ({@code ConvolutionPlan}) on {@code CpuNttEngine.shared().threads()} threads, and
 * "kronecker" multiplies through {@code IntegerMultiplication.multiply} (same thread count
 * above {@code Tuning.intMulNttBits()}); {@code -Dmodalg.threads=1} gives one-thread figures.
 * Run (after {@code mvn -o -pl fields,fft,polynomial -am test-compile}):
 * <pre>
 * java [-Dmodalg.threads=1] -cp polynomial/target/classes:polynomial/target/test-classes:fft/target/classes:fields/target/classes \
 *      org.modalg.polynomial.zz.PolyMulCrossover [zz|zp|all] [bits,...] [maxLen] [minLen] [route,...]
 * </pre>
 * (routes over Z: classical, karatsuba, kronecker, smallprime, bigprime; default all)
 */
public final class PolyMulCrossover {
    private static final int[] LENGTHS = {4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024,
        2048, 4096, 8192, 16384};
    private static final double SKIP_US = 400_000; // drop an algorithm once it took longer than this
    private static final int SAMPLES = Integer.getInteger("samples", 3); // timed batches per figure

    private interface Kernel {
        void run(BigInteger[] a, BigInteger[] b, BigInteger[] c);
    }

    private interface ZpKernel {
        void run(long[] a, long[] b, long[] c);
    }

    public static void main(String[] args) {
        String what = args.length > 0 ? args[0] : "all";
        int[] bitSizes = {64, 1000};
        if (args.length > 1) {
            String[] parts = args[1].split(",");
            bitSizes = new int[parts.length];
            for (int i = 0; i < parts.length; i++) {
                bitSizes[i] = Integer.parseInt(parts[i].trim());
            }
        }
        System.out.println("# " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + ", " + Runtime.getRuntime().availableProcessors() + " processors, shared engine threads "
                + org.modalg.fft.ntt.CpuNttEngine.shared().threads() + ", intMulNttBits " + Tuning.intMulNttBits()
                + "; us per product, min of " + SAMPLES);
        int maxLen = args.length > 2 ? Integer.parseInt(args[2]) : Integer.MAX_VALUE;
        int minLen = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        String routes = args.length > 4 ? "," + args[4] + "," : null;
        if (what.equals("zz") || what.equals("all")) {
            zz(bitSizes, minLen, maxLen, routes);
        }
        if (what.equals("zp") || what.equals("all")) {
            zp();
        }
    }

    private static void zz(int[] bitSizes, int minLen, int maxLen, String routes) {
        String[] names = {"classical", "karatsuba", "kronecker", "smallprime", "bigprime"};
        Kernel[] ks = {
            (a, b, c) -> PolyMulZZ.mulClassical(a, 0, a.length, b, 0, b.length, c, 0),
            (a, b, c) -> PolyMulZZ.mulKaratsuba(a, 0, a.length, b, 0, b.length, c, 0),
            (a, b, c) -> PolyMulZZ.mulKronecker(a, 0, a.length, b, 0, b.length, c, 0),
            (a, b, c) -> PolyMulZZ.mulSmallPrimeNtt(a, 0, a.length, b, 0, b.length, c, 0),
            (a, b, c) -> PolyMulZZ.mulBigPrimeFft(a, 0, a.length, b, 0, b.length, c, 0),
        };
        Random rnd = new Random(42);
        boolean[] warmed = new boolean[ks.length];
        for (int bits : bitSizes) {
            System.out.println("zz bits=" + bits);
            System.out.println("len," + String.join(",", names) + ",best");
            boolean[] dropped = new boolean[ks.length];
            for (int k = 0; k < ks.length; k++) {
                dropped[k] = routes != null && !routes.contains("," + names[k] + ",");
            }
            for (int len : LENGTHS) {
                if (len > maxLen) {
                    break;
                }
                if (len < minLen) {
                    continue;
                }
                BigInteger[] a = PolyOracles.randomZZ(rnd, len, bits);
                BigInteger[] b = PolyOracles.randomZZ(rnd, len, bits);
                for (int i = 0; i < len; i++) { // full-size random coefficients, random signs
                    a[i] = new BigInteger(bits, rnd).setBit(bits - 1);
                    b[i] = new BigInteger(bits, rnd).setBit(bits - 1);
                    if (rnd.nextBoolean()) {
                        a[i] = a[i].negate();
                    }
                    if (rnd.nextBoolean()) {
                        b[i] = b[i].negate();
                    }
                }
                BigInteger[] c = new BigInteger[2 * len - 1];
                StringBuilder sb = new StringBuilder().append(len);
                double best = Double.MAX_VALUE;
                String bestName = "";
                for (int k = 0; k < ks.length; k++) {
                    if (dropped[k]) {
                        sb.append(",-");
                        continue;
                    }
                    Kernel kern = ks[k];
                    double us;
                    try {
                        if (!warmed[k]) { // first use in this process: one more batch set for the JIT
                            time(() -> kern.run(a, b, c));
                            warmed[k] = true;
                        }
                        us = time(() -> kern.run(a, b, c));
                    } catch (IllegalArgumentException e) {
                        sb.append(",n/a");
                        continue;
                    }
                    sb.append(String.format(",%.1f", us));
                    if (us < best) {
                        best = us;
                        bestName = names[k];
                    }
                    if (us > SKIP_US) {
                        dropped[k] = true;
                    }
                }
                System.out.println(sb.append(',').append(bestName));
            }
        }
    }

    private static void zp() {
        long[] primes = {998244353L, 1000000007L, 4611686018427387847L};
        String[] names = {"classical", "karatsuba", "ntt"};
        Random rnd = new Random(43);
        for (long p : primes) {
            ZpField f = ZpField.of(p);
            ZpKernel[] ks = {
                (a, b, c) -> PolyMulZp.mulClassical(f, a, 0, a.length, b, 0, b.length, c, 0),
                (a, b, c) -> PolyMulZp.mulKaratsuba(f, a, 0, a.length, b, 0, b.length, c, 0),
                (a, b, c) -> PolyMulZp.mulNtt(f, a, 0, a.length, b, 0, b.length, c, 0),
            };
            System.out.println("zp p=" + p);
            System.out.println("len," + String.join(",", names) + ",best");
            boolean[] dropped = new boolean[ks.length];
            for (int len : LENGTHS) {
                long[] a = new long[len];
                long[] b = new long[len];
                for (int i = 0; i < len; i++) {
                    a[i] = Math.floorMod(rnd.nextLong(), p);
                    b[i] = Math.floorMod(rnd.nextLong(), p);
                }
                long[] c = new long[2 * len - 1];
                StringBuilder sb = new StringBuilder().append(len);
                double best = Double.MAX_VALUE;
                String bestName = "";
                for (int k = 0; k < ks.length; k++) {
                    if (dropped[k]) {
                        sb.append(",-");
                        continue;
                    }
                    ZpKernel kern = ks[k];
                    double us = time(() -> kern.run(a, b, c));
                    sb.append(String.format(",%.2f", us));
                    if (us < best) {
                        best = us;
                        bestName = names[k];
                    }
                    if (us > SKIP_US / 4) {
                        dropped[k] = true;
                    }
                }
                System.out.println(sb.append(',').append(bestName));
            }
        }
    }

    // Minimum over SAMPLES batches of the time per run in microseconds, after a warm-up batch.
    private static double time(Runnable r) {
        double best = Double.MAX_VALUE;
        for (int batch = 0; batch <= SAMPLES; batch++) {
            long t0 = System.nanoTime();
            int reps = 0;
            long el;
            do {
                r.run();
                reps++;
                el = System.nanoTime() - t0;
            } while (el < 30_000_000L);
            if (batch > 0) {
                best = Math.min(best, el / 1e3 / reps);
            }
        }
        return best;
    }
}
