package org.modalg.examples.bench;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Backend;
import org.modalg.fft.batched.BatchedIntegerEngines;
import org.modalg.fft.Options;
import org.modalg.fields.NttPrimes;
import org.modalg.modular.MultiCrt;

/**
 * Chinese remaindering of many values at once ({@link MultiCrt}: Garner up to 256 primes, the
 * product tree of batched limb products above) on the CPU engine and, when a GPU batched integer
 * engine is usable, with the tree's products on the device (backend {@code gpu}, copies
 * included), in the same run. Residues are random, the primes the largest 62-bit NTT primes;
 * the two results are compared with each other and the first value with BigInteger's CRT
 * (column {@code check}).
 */
public final class CrtBenchmark {
    /** CSV columns. */
    public static final String[] COLUMNS = {"values", "primes", "bits", "threads", "cpu_ms_median", "gpu_ms_median",
        "gpu_speedup", "check"};

    private CrtBenchmark() {
    }

    /**
     * One row per (values[i], primes[i]).
     *
     * @param threads threads of the CPU engine (and of the word-size steps on the GPU row)
     */
    public static BenchTable run(int[] values, int[] primes, int threads, int repeats, long seed) {
        BenchTable table = new BenchTable(COLUMNS);
        boolean gpu = BatchedIntegerEngines.device() != null;
        Options cpu = Options.defaults().withThreads(threads).withBackend(Backend.CPU);
        Options dev = Options.defaults().withThreads(threads).withBackend(Backend.GPU);
        Random rnd = new Random(seed);
        for (int row = 0; row < values.length; row++) {
            int n = values[row];
            int k = primes[row];
            long[] ps = NttPrimes.generate(k, 1L << 62, 1);
            long[] res = new long[k * n];
            for (int j = 0; j < k; j++) {
                for (int v = 0; v < n; v++) {
                    res[j * n + v] = Math.floorMod(rnd.nextLong(), ps[j]);
                }
            }
            BigInteger[][] out = new BigInteger[2][];
            long[] tc = ModularBenchmark.time(repeats, () -> out[0] = MultiCrt.combine(ps, res, n, true, cpu));
            long[] tg = null;
            if (gpu) {
                MultiCrt.combine(ps, res, n, true, dev); // loads the kernels
                tg = ModularBenchmark.time(repeats, () -> out[1] = MultiCrt.combine(ps, res, n, true, dev));
            }
            boolean ok = out[0][0].equals(oracle(ps, res, n)) && (out[1] == null || Arrays.equals(out[0], out[1]));
            int bits = Arrays.stream(out[0]).mapToInt(BigInteger::bitLength).max().orElse(0);
            table.add(n, k, bits, threads, ms(tc[0]), tg == null ? "" : ms(tg[0]),
                    tg == null ? "" : String.format("%.2f", (double) tc[0] / tg[0]), ok ? "ok" : "MISMATCH");
        }
        return table;
    }

    private static String ms(long nanos) {
        return String.format("%.2f", nanos / 1e6);
    }

    // The first value by the textbook CRT in BigInteger, symmetric.
    private static BigInteger oracle(long[] ps, long[] res, int n) {
        BigInteger m = BigInteger.ONE;
        for (long p : ps) {
            m = m.multiply(BigInteger.valueOf(p));
        }
        BigInteger x = BigInteger.ZERO;
        for (int j = 0; j < ps.length; j++) {
            BigInteger p = BigInteger.valueOf(ps[j]);
            BigInteger c = m.divide(p);
            x = x.add(BigInteger.valueOf(res[j * n]).multiply(c).multiply(c.modInverse(p)));
        }
        x = x.mod(m);
        return x.compareTo(m.shiftRight(1)) > 0 ? x.subtract(m) : x;
    }
}
