package org.modalg.examples.bench;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Options;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.zp.ZpPoly;

/**
 * Polynomial multiplication with the automatic algorithm choice (or the route, backend and
 * thread count of the given {@link Options}): over Z for coefficient sizes
 * of 64 and 1000 bits (random signs), and over Z/pZ for a 62-bit NTT prime, lengths 2^minLog ..
 * 2^maxLog (both operands of that length). Each product is checked before timing counts: over
 * Z modulo a random 62-bit prime q at a random point (c(x) = a(x) b(x) mod q, a test that a
 * wrong product passes with probability below 2^-40), over Z/pZ at a random point.
 */
public final class PolyMulBenchmark {
    /** CSV columns. */
    public static final String[] COLUMNS = {"ring", "coeff_bits", "log2_len", "len", "ms", "ms_with_bigintegers"};

    private PolyMulBenchmark() {
    }

    /** {@link #run(int, int, int, int, long, Options)} with {@link Options#defaults()}. */
    public static BenchTable run(int minLog, int maxLog, int maxLogBig, int repeats, long seed) {
        return run(minLog, maxLog, maxLogBig, repeats, seed, Options.defaults());
    }

    /** The table, every product with {@code options} (route, backend, threads). */
    public static BenchTable run(int minLog, int maxLog, int maxLogBig, int repeats, long seed, Options options) {
        BenchTable table = new BenchTable(COLUMNS);
        Random rnd = new Random(seed);
        ZpField check = ZpField.of(NttPrimes.largestBelow((1L << 62) - rnd.nextInt(1 << 30), 1));
        for (int bits : new int[] {64, 1000}) {
            for (int log = minLog; log <= (bits > 64 ? maxLogBig : maxLog); log++) {
                int len = 1 << log;
                ZZPoly a = randomZZ(len, bits, rnd);
                ZZPoly b = randomZZ(len, bits, rnd);
                ZZPoly c = a.multiply(b, options);
                long x = check.random(rnd);
                if (ZpPoly.of(check, c.coefficients()).evaluate(x) != check.mul(ZpPoly.of(check, a.coefficients()).evaluate(x), ZpPoly.of(check, b.coefficients()).evaluate(x))) {
                    throw new IllegalStateException("wrong product over Z at length " + len);
                }
                // two more untimed products: at the large lengths the JIT is still compiling the
                // kernels through the second product (measured 800, 300-400, then steady 270 ms
                // at 2^20 on one thread)
                a.multiply(b, options);
                a.multiply(b, options);
                double ms = FftBenchmark.median(repeats, () -> {
                    long t0 = System.nanoTime();
                    a.multiply(b, options);
                    return System.nanoTime() - t0;
                });
                // the product with every coefficient made a BigInteger (large products keep
                // packed coefficients until asked: ZZPoly's class comment)
                double all = FftBenchmark.median(repeats, () -> {
                    long t0 = System.nanoTime();
                    a.multiply(b, options).coefficients();
                    return System.nanoTime() - t0;
                });
                table.add("Z", bits, log, len, ms, all);
            }
        }
        ZpField f = ZpField.of(NttPrimes.largestBelow(1L << 62, 30));
        for (int log = minLog; log <= maxLog; log++) {
            int len = 1 << log;
            long[] ca = new long[len];
            long[] cb = new long[len];
            for (int i = 0; i < len; i++) {
                ca[i] = f.random(rnd);
                cb[i] = f.random(rnd);
            }
            ZpPoly a = ZpPoly.of(f, ca);
            ZpPoly b = ZpPoly.of(f, cb);
            long x = f.random(rnd);
            if (a.multiply(b, options).evaluate(x) != f.mul(a.evaluate(x), b.evaluate(x))) {
                throw new IllegalStateException("wrong product over Z/pZ at length " + len);
            }
            double ms = FftBenchmark.median(repeats, () -> {
                long t0 = System.nanoTime();
                a.multiply(b, options);
                return System.nanoTime() - t0;
            });
            table.add("Z/pZ (62-bit p)", 62, log, len, ms, ms);
        }
        return table;
    }

    private static ZZPoly randomZZ(int len, int bits, Random rnd) {
        BigInteger[] c = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            BigInteger v = new BigInteger(bits, rnd);
            c[i] = rnd.nextBoolean() ? v.negate() : v;
        }
        c[len - 1] = c[len - 1].signum() == 0 ? BigInteger.ONE : c[len - 1];
        return ZZPoly.of(c);
    }
}
