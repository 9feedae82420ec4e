package org.modalg.fft;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;

/**
 * Throughput of {@link CrtBasis} projection and reconstruction, printed as CSV.
 *
 * <p>For each s: the s largest NTT primes below 2^62 with 2^20 | p - 1, n random values in
 * [0, M) of {@code modulusLimbCount()} limbs. Columns, with 1 thread and with all processors:
 * {@code projectAll} and {@code reconstructUnsigned} as median and minimum wall time and minimum
 * CPU time (all threads) over the timed runs, after two warm-up runs; {@code reconstructSymmetric}
 * as median wall time; and, as the peer measured in the same run, the same two steps with
 * BigInteger ({@code mod} per prime; CRT as sum r_j c_j mod M with precomputed c_j), timed on a
 * sample of at most 2^14 values and scaled to n. The round trip is checked, so nothing is
 * optimized away. Run it with a heap of a few GiB ({@code -Xmx8g} for s = 32, n = 2^20).
 *
 * <p>Usage: {@code java -cp ... org.modalg.fft.CrtBenchmark [log2n=20] [s,s,...=2,8,32] [runs=5]}.
 */
public final class CrtBenchmark {

    private CrtBenchmark() {
    }

    public static void main(String[] args) {
        int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int[] sizes = args.length > 1 ? Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray()
                : new int[] {2, 8, 32};
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        int all = Runtime.getRuntime().availableProcessors();
        int n = 1 << log2n;
        System.out.println("# CrtBenchmark: " + all + " processors, " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.version") + ", median of " + runs + " runs");
        System.out.println("s,n,limbs,threads,project_ms,project_min_ms,project_cpu_ms,reconstruct_ms,"
                + "reconstruct_min_ms,reconstruct_cpu_ms,reconstruct_symmetric_ms,"
                + "bigint_project_ms,bigint_reconstruct_ms");
        Random rnd = new Random(42);
        for (int s : sizes) {
            CrtBasis b = CrtBasis.of(org.modalg.fields.NttPrimes.generate(s, 1L << 62, 20));
            int l = b.modulusLimbCount();
            BigInteger m = b.modulus();
            long[] limbs = new long[n * l];
            for (int i = 0; i < n; i++) {
                BigInteger v = new BigInteger(m.bitLength() + 8, rnd).mod(m);
                BigIntegerLimbs.put(v, limbs, i * l, l);
            }
            long[] res = new long[s * n];
            long[] back = new long[n * l];
            double[] peer = bigIntegerPeer(b, limbs, n, Math.min(n, 1 << 14));
            for (int threads : all > 1 ? new int[] {1, all} : new int[] {1}) {
                final int t = threads;
                double[] project = time(runs, () -> b.projectAll(limbs, n, l, res, t));
                double[] unsigned = time(runs, () -> b.reconstructUnsigned(res, n, back, l, t));
                if (!Arrays.equals(limbs, back)) {
                    throw new AssertionError("round trip failed for s = " + s);
                }
                double[] symmetric = time(runs, () -> b.reconstructSymmetric(res, n, back, l, t));
                System.out.printf("%d,%d,%d,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.0f,%.0f%n", s, n, l, threads,
                        project[0], project[1], project[2], unsigned[0], unsigned[1], unsigned[2], symmetric[0],
                        peer[0], peer[1]);
            }
        }
    }

    /*
     * {median wall, minimum wall, minimum CPU} milliseconds of `runs` timed runs after two warm-up
     * runs. CPU time is summed over this JVM's threads (NaN where the JVM does not report it): on a
     * shared machine, wall time well above CPU time / threads means the threads waited for a core.
     */
    private static double[] time(int runs, Runnable body) {
        body.run();
        body.run();
        double[] ms = new double[runs];
        double cpu = Double.POSITIVE_INFINITY;
        for (int r = 0; r < runs; r++) {
            java.util.Map<Long, Long> c0 = threadCpuNanos();
            long t0 = System.nanoTime();
            body.run();
            ms[r] = (System.nanoTime() - t0) / 1e6;
            java.util.Map<Long, Long> c1 = threadCpuNanos();
            long used = 0;
            for (java.util.Map.Entry<Long, Long> e : c1.entrySet()) {
                used += e.getValue() - c0.getOrDefault(e.getKey(), 0L);
            }
            cpu = Math.min(cpu, c1.isEmpty() ? Double.NaN : used / 1e6);
        }
        Arrays.sort(ms);
        return new double[] {ms[runs / 2], ms[0], cpu};
    }

    // CPU time in ns of each live thread of this JVM (thread clocks have ns resolution; the
    // process clock often ticks in 10 ms steps); empty where unsupported.
    private static java.util.Map<Long, Long> threadCpuNanos() {
        java.lang.management.ThreadMXBean tm = java.lang.management.ManagementFactory.getThreadMXBean();
        java.util.Map<Long, Long> m = new java.util.HashMap<>();
        if (tm.isThreadCpuTimeSupported()) {
            for (long id : tm.getAllThreadIds()) {
                long t = tm.getThreadCpuTime(id);
                if (t >= 0) {
                    m.put(id, t);
                }
            }
        }
        return m;
    }

    // BigInteger projection and CRT on `sample` values, in ms scaled to n values.
    private static double[] bigIntegerPeer(CrtBasis b, long[] limbs, int n, int sample) {
        int s = b.size();
        int l = b.modulusLimbCount();
        BigInteger m = b.modulus();
        BigInteger[] ps = new BigInteger[s];
        BigInteger[] coeff = new BigInteger[s];
        for (int j = 0; j < s; j++) {
            ps[j] = BigInteger.valueOf(b.prime(j));
            BigInteger mj = m.divide(ps[j]);
            coeff[j] = mj.multiply(mj.modInverse(ps[j]));
        }
        BigInteger[] values = new BigInteger[sample];
        for (int i = 0; i < sample; i++) {
            values[i] = BigIntegerLimbs.big(limbs, i * l, l);
        }
        long[] res = new long[s * sample];
        double project = time(3, () -> {
            for (int i = 0; i < sample; i++) {
                for (int j = 0; j < s; j++) {
                    res[j * sample + i] = values[i].mod(ps[j]).longValue();
                }
            }
        })[0];
        BigInteger[] out = new BigInteger[sample];
        double crt = time(3, () -> {
            for (int i = 0; i < sample; i++) {
                BigInteger x = BigInteger.ZERO;
                for (int j = 0; j < s; j++) {
                    x = x.add(coeff[j].multiply(BigInteger.valueOf(res[j * sample + i])));
                }
                out[i] = x.mod(m);
            }
        })[0];
        if (!Arrays.equals(values, out)) {
            throw new AssertionError("BigInteger peer disagrees");
        }
        double scale = (double) n / sample;
        return new double[] {project * scale, crt * scale};
    }
}
