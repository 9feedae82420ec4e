package org.modalg.polynomial.zz;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.modalg.fft.Options;

/**
 * Not a test: the {@code polyz} rows of the FLINT peer ({@code ../shared/anchors/flint3_bench.c},
 * {@code fmpz_poly_mul}) on the same inputs bit for bit (splitmix64 seeded by the FNV-1a hash of
 * the row's label, coefficients of exactly the stated bits with random signs), timed as the
 * harness times them: the first call, then the best of 3; prints FLINT's checksum ({@code ck=},
 * the product modulo 2^61 - 1, chained over coefficients) so the row checks modalg's product.
 * Run: java -cp ... org.modalg.polynomial.zz.ZZFlintRows threads [log2len:bits ...]
 * (default 10:64 14:64 18:64 20:64 10:1000 14:1000 18:1000 20:1000).
 */
public final class ZZFlintRows {
    private long state;

    private ZZFlintRows(String label) {
        long h = 1469598103934665603L;
        for (byte b : label.getBytes(StandardCharsets.US_ASCII)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        state = h;
    }

    private long next() {
        long z = state += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private BigInteger exact(int bits) {
        int n = (bits + 63) / 64;
        byte[] mag = new byte[n * 8];
        for (int i = 0; i < n; i++) {
            long d = next();
            if (i == n - 1) {
                int top = bits - 64 * (n - 1);
                if (top < 64) {
                    d &= (1L << top) - 1;
                }
                d |= 1L << (top - 1);
            }
            for (int j = 0; j < 8; j++) {
                mag[mag.length - 1 - (i * 8 + j)] = (byte) (d >>> (8 * j));
            }
        }
        BigInteger x = new BigInteger(1, mag);
        return (next() & 1) != 0 ? x.negate() : x;
    }

    static ZZPoly poly(ZZFlintRows g, int len, int bits) {
        BigInteger[] c = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            c[i] = g.exact(bits);
        }
        return ZZPoly.of(c);
    }

    static final BigInteger CP = BigInteger.ONE.shiftLeft(61).subtract(BigInteger.ONE);

    static long checksum(ZZPoly f) {
        BigInteger h = BigInteger.valueOf(f.length()).mod(CP);
        BigInteger m = BigInteger.valueOf(1000003);
        for (int i = 0; i < f.length(); i++) {
            h = h.multiply(m).add(f.coefficient(i).mod(CP)).mod(CP);
        }
        return h.longValueExact();
    }

    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        String[] rows = args.length > 1 ? java.util.Arrays.copyOfRange(args, 1, args.length)
                : new String[] {"10:64", "14:64", "18:64", "20:64", "10:1000", "14:1000", "18:1000", "20:1000"};
        Options o = Options.defaults().withThreads(threads);
        String route = System.getProperty("route");
        if ("BOTH".equals(route)) { // AUTO and CRT alternately, row by row
            java.util.List<String> twice = new java.util.ArrayList<>();
            for (String row : rows) {
                twice.add(row + ":AUTO");
                twice.add(row + ":CRT");
                twice.add(row + ":AUTO");
                twice.add(row + ":CRT");
            }
            rows = twice.toArray(new String[0]);
        } else if (route != null) {
            o = o.withRoute(org.modalg.fft.Route.valueOf(route));
        }
        Options base = o;
        for (String row : rows) {
            int log2 = Integer.parseInt(row.split(":")[0]);
            int bits = Integer.parseInt(row.split(":")[1]);
            o = row.split(":").length > 2 ? base.withRoute(org.modalg.fft.Route.valueOf(row.split(":")[2])) : base;
            int len = 1 << log2;
            String label = "fmpz_poly_mul len " + len + " x " + bits + "-bit";
            String shown = label + (row.split(":").length > 2 ? " " + row.split(":")[2] : "");
            ZZFlintRows g = new ZZFlintRows(label);
            ZZPoly a = poly(g, len, bits);
            ZZPoly b = poly(g, len, bits);
            try {
                java.lang.management.ThreadMXBean mx0 = java.lang.management.ManagementFactory.getThreadMXBean();
                long t0 = System.nanoTime();
                long c0 = mx0.getCurrentThreadCpuTime();
                ZZPoly c = a.multiply(b, o);
                double firstCpu = (mx0.getCurrentThreadCpuTime() - c0) / 1e6;
                double first = (System.nanoTime() - t0) / 1e6;
                double firstCall = first;
                double best = Double.MAX_VALUE;
                long warmEnd = System.nanoTime() + 1_500_000_000L; // JIT warm-up for the small rows
                int warm = 0;
                double last = first;
                while (last < 1000 && (System.nanoTime() < warmEnd || warm < 3)) {
                    long s = System.nanoTime();
                    c = a.multiply(b, o);
                    last = (System.nanoTime() - s) / 1e6;
                    first = Math.min(first, last);
                    warm++;
                }
                int k = first < 10 ? (int) (20 / Math.max(first, 1e-4)) + 1 : 1;
                double bestCpu = first > 5000 ? firstCpu : Double.MAX_VALUE;
                best = first > 5000 ? first : best;
                java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
                for (int r = 0; r < (first > 5000 ? 0 : 3); r++) { // as the harness: a row over 5 s is one call
                    long s = System.nanoTime();
                    long cpu = mx.getCurrentThreadCpuTime();
                    for (int i = 0; i < k; i++) {
                        c = a.multiply(b, o);
                    }
                    bestCpu = Math.min(bestCpu, (mx.getCurrentThreadCpuTime() - cpu) / 1e6 / k);
                    best = Math.min(best, (System.nanoTime() - s) / 1e6 / k);
                }
                System.out.printf("%-49s %12.4f ms  cpu %10.4f ms  first=%.1fms k=%d  outlen=%d ck=%d%n", shown, best,
                        bestCpu, firstCall, k,
                        c.length(), checksum(c));
            } catch (RuntimeException | OutOfMemoryError e) {
                System.out.printf("%-44s FAILED: %s%n", label, e);
                StackTraceElement[] st = e.getStackTrace();
                for (int i = 0; i < Math.min(12, st.length); i++) {
                    System.out.println("    at " + st[i]);
                }
            }
        }
    }
}
