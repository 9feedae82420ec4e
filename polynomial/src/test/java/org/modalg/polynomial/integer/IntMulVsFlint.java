package org.modalg.polynomial.integer;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.modalg.fft.Options;
import org.modalg.polynomial.Limbs;

/**
 * Not a test: integer products against FLINT 3.6's {@code fmpz_mul} on the inputs of
 * {@code ../shared/anchors/flint3_bench} (the same generator, bit for bit: its checksum mod
 * 2^61 - 1 checks every product), alternately in one run: each round runs
 * {@code flint3_bench 1 intmul} as a child process and then {@link IntegerMultiplication#multiply}
 * on one thread, timed as the harness's TIME (best of 3, rows under 10 ms batched). Prints each
 * round's ratios and the ratio of the minima. Run:
 * java -cp ... org.modalg.polynomial.integer.IntMulVsFlint [path/to/flint3_bench] [rounds] [maxBits]
 */
public final class IntMulVsFlint {
    private static final BigInteger CP = BigInteger.valueOf(2305843009213693951L);
    private static long rs;

    public static void main(String[] args) throws Exception {
        String bench = args.length > 0 ? args[0] : "../shared/anchors/flint3_bench";
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        long maxBits = args.length > 2 ? Long.parseLong(args[2]) : 100_000_000L;
        long[] sizes = {10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};
        Options one = Options.defaults().withThreads(1);
        Map<Long, Double> bestF = new LinkedHashMap<>();
        Map<Long, Double> bestM = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            System.out.println("# round " + round + ", load " + load());
            Map<Long, Double> flint = runFlint(bench);
            for (long bits : sizes) {
                if (bits > maxBits) {
                    continue;
                }
                seedFrom("intmul " + bits + " bits");
                BigInteger a = exact(bits);
                BigInteger b = exact(bits);
                BigInteger[] out = new BigInteger[1];
                double ms = time(() -> out[0] = IntegerMultiplication.multiply(a, b, one));
                long ck = out[0].mod(CP).longValue();
                Double f = flint.get(bits);
                System.out.printf("intmul %9d bits  modalg %10.4f ms  fmpz_mul %10.4f ms  ratio %5.2f  ck=%d%n",
                        bits, ms, f == null ? Double.NaN : f, f == null ? Double.NaN : ms / f, ck);
                bestM.merge(bits, ms, Math::min);
                if (f != null) {
                    bestF.merge(bits, f, Math::min);
                }
            }
        }
        System.out.println("# minima over the rounds, load " + load());
        for (long bits : bestM.keySet()) {
            double m = bestM.get(bits);
            double f = bestF.getOrDefault(bits, Double.NaN);
            System.out.printf("intmul %9d bits  modalg %10.4f ms  fmpz_mul %10.4f ms  ratio %5.2f%n", bits, m, f, m / f);
        }
    }

    static String load() {
        try {
            return new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg")),
                    StandardCharsets.US_ASCII).trim();
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    static Map<Long, Double> runFlint(String bench) throws Exception {
        Map<Long, Double> res = new LinkedHashMap<>();
        if (!new java.io.File(bench).canExecute()) {
            return res;
        }
        Process p = new ProcessBuilder(bench, "1", "intmul").redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("fmpz_mul ")) {
                    String[] t = line.trim().split("\\s+");
                    res.put(Long.parseLong(t[1]), Double.parseDouble(t[3]));
                }
            }
        }
        p.waitFor();
        return res;
    }

    // the harness's TIME: one call; under 10 ms batches of k calls, best of 3 (after a JIT
    // warm-up of at least two calls and 0.5 s, which the C harness does not need)
    static double time(Runnable r) {
        long w0 = System.nanoTime();
        for (int i = 0; i < 2 || System.nanoTime() - w0 < 500_000_000L; i++) {
            r.run();
        }
        long t0 = System.nanoTime();
        r.run();
        double t = (System.nanoTime() - t0) * 1e-9;
        long k = 1;
        double best = t;
        if (t < 0.01) {
            k = (long) (0.02 / Math.max(t, 1e-7)) + 1;
            best = 1e30;
        }
        for (int rep = k == 1 ? 1 : 0; rep < 3; rep++) {
            long s = System.nanoTime();
            for (long i = 0; i < k; i++) {
                r.run();
            }
            best = Math.min(best, (System.nanoTime() - s) * 1e-9 / k);
        }
        // JIT warm-up for the small rows: one more batch round
        if (k > 1) {
            for (int rep = 0; rep < 3; rep++) {
                long s = System.nanoTime();
                for (long i = 0; i < k; i++) {
                    r.run();
                }
                best = Math.min(best, (System.nanoTime() - s) * 1e-9 / k);
            }
        }
        return best * 1e3;
    }

    static void seedFrom(String s) {
        long h = 1469598103934665603L;
        for (byte c : s.getBytes(StandardCharsets.US_ASCII)) {
            h ^= c & 0xff;
            h *= 1099511628211L;
        }
        rs = h;
    }

    static long rnd() {
        long z = (rs += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static BigInteger exact(long bits) {
        int n = (int) ((bits + 63) / 64);
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = rnd();
        }
        int top = (int) (bits - 64L * (n - 1));
        if (top < 64) {
            d[n - 1] &= (1L << top) - 1;
        }
        d[n - 1] |= 1L << (top - 1);
        return Limbs.toBigInteger(d);
    }
}
