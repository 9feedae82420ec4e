package org.modalg.examples.bench;

import java.math.BigInteger;
import java.util.Random;
import org.apfloat.Apint;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.polynomial.integer.IntegerDivision;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * Integer multiplication and division: modalg's NTT + CRT route against BigInteger.multiply
 * and apfloat's Apint.multiply (radix 16) in the same run, and Newton division against
 * BigInteger.divideAndRemainder. Balanced random operands; every modalg result is compared with
 * BigInteger's. modalg runs {@link IntegerMultiplication#multiplyCpu} on {@code threads} threads.
 */
public final class IntMulBenchmark {
    /** CSV columns. */
    public static final String[] COLUMNS = {"bits", "threads", "modalg_mul_ms", "biginteger_mul_ms", "apfloat_mul_ms",
        "ratio_biginteger_over_modalg", "modalg_div_ms", "biginteger_div_ms", "ratio_div"};

    private IntMulBenchmark() {
    }

    public static BenchTable run(long[] sizes, int threads, int repeats, long apfloatMaxBits, long bigDivMaxBits, long seed) {
        BenchTable table = new BenchTable(COLUMNS);
        Random rnd = new Random(seed);
        for (long bits : sizes) {
            int b = (int) bits;
            BigInteger x = new BigInteger(b, rnd).setBit(b - 1);
            BigInteger y = new BigInteger(b, rnd).setBit(b - 1);
            BigInteger want = x.multiply(y);
            // small sizes: time a batch of calls so that the clock and the JIT warm-up do not dominate
            int reps = (int) Math.max(1, 20_000_000L / bits);
            if (!want.equals(IntegerMultiplication.multiplyCpu(x, y, threads))) {
                throw new IllegalStateException("wrong product at " + bits + " bits");
            }
            double modalg = FftBenchmark.median(repeats, () -> {
                long t0 = System.nanoTime();
                for (int i = 0; i < reps; i++) {
                    IntegerMultiplication.multiplyCpu(x, y, threads);
                }
                return (System.nanoTime() - t0) / reps;
            });
            double big = FftBenchmark.median(repeats, () -> {
                long t0 = System.nanoTime();
                for (int i = 0; i < reps; i++) {
                    x.multiply(y);
                }
                return (System.nanoTime() - t0) / reps;
            });
            double apf = Double.NaN;
            if (bits <= apfloatMaxBits) {
                Apint ax = new Apint(x, 16);
                Apint ay = new Apint(y, 16);
                if (!ax.multiply(ay).toBigInteger().equals(want)) {
                    throw new IllegalStateException("apfloat product differs at " + bits + " bits");
                }
                apf = FftBenchmark.median(repeats, () -> {
                    long t0 = System.nanoTime();
                    for (int i = 0; i < reps; i++) {
                        ax.multiply(ay);
                    }
                    return (System.nanoTime() - t0) / reps;
                });
            }
            // division: a 2n-bit dividend by an n-bit divisor
            BigInteger dividend = want.add(x);
            double ndiv = Double.NaN;
            double bdiv = Double.NaN;
            if (bits <= bigDivMaxBits) {
                BigInteger[] qr = IntegerDivision.divideNewton(dividend, y);
                if (!qr[0].multiply(y).add(qr[1]).equals(dividend) || qr[1].compareTo(y) >= 0) {
                    throw new IllegalStateException("wrong division at " + bits + " bits");
                }
                ndiv = FftBenchmark.median(repeats, () -> {
                    long t0 = System.nanoTime();
                    for (int i = 0; i < reps; i++) {
                        IntegerDivision.divideNewton(dividend, y);
                    }
                    return (System.nanoTime() - t0) / reps;
                });
                bdiv = FftBenchmark.median(repeats, () -> {
                    long t0 = System.nanoTime();
                    for (int i = 0; i < reps; i++) {
                        dividend.divideAndRemainder(y);
                    }
                    return (System.nanoTime() - t0) / reps;
                });
            }
            table.add(bits, threads, modalg, big, apf, big / modalg, ndiv, bdiv, bdiv / ndiv);
        }
        return table;
    }
}
