package org.modalg.examples.bench;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import java.util.function.LongUnaryOperator;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fields.BigIntegerField;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;

/**
 * Throughput of generalized Fermat field arithmetic in the shape of thesis Table 3.2:
 * {@code ops} multiplications of random elements with the plain (Algorithm 3) and FFT-based
 * (Algorithm 4) methods against the BigInteger baseline field ({@code a.multiply(b).mod(p)},
 * the thesis's GMP variant), plus multiplication by r^i and addition. Every product of the
 * first pass is checked against BigInteger before timing counts. ns_per_op equals the thesis's
 * "ms per 10^6 operations"; ratio_vs_biginteger = baseline time / this time (above 1: faster).
 *
 * <p>Inputs: 1024 random pairs cycled. A short warm-up, then {@code repeats} timed passes; the
 * median is reported.
 */
public final class FieldsBenchmark {
    private static final int PAIRS = 1024;

    /** CSV columns. */
    public static final String[] COLUMNS = {"field", "k", "bits", "operation", "method", "ops", "ms",
        "ns_per_op", "ratio_vs_biginteger"};

    private FieldsBenchmark() {
    }

    public static BenchTable run(List<GfPreset> presets, long ops, int repeats, long seed) {
        BenchTable table = new BenchTable(COLUMNS);
        for (GfPreset preset : presets) {
            runOne(preset.field(), ops, repeats, new Random(seed), table);
        }
        return table;
    }

    private static void runOne(GfField f, long ops, int repeats, Random rnd, BenchTable table) {
        int k = f.k();
        BigInteger p = f.modulus();
        BigIntegerField baseline = BigIntegerField.of(p);
        GfArithmetic ar = f.arithmetic();
        GfArithmetic.Workspace ws = ar.newWorkspace();
        long[] x = new long[PAIRS * k];
        long[] y = new long[PAIRS * k];
        long[] z = new long[PAIRS * k];
        BigInteger[] bx = new BigInteger[PAIRS];
        BigInteger[] by = new BigInteger[PAIRS];
        int[] shifts = new int[PAIRS];
        for (int i = 0; i < PAIRS; i++) {
            bx[i] = baseline.random(rnd);
            by[i] = baseline.random(rnd);
            f.fromBigInteger(bx[i], x, i * k);
            f.fromBigInteger(by[i], y, i * k);
            shifts[i] = rnd.nextInt(2 * k);
        }
        verify(f, bx, by, x, y, z, ws);
        int bits = p.bitLength();
        String name = f.name();

        double big = time(ops, repeats, n -> {
            long acc = 0;
            for (long t = 0; t < n; t++) {
                int i = (int) (t & (PAIRS - 1));
                acc += baseline.mul(bx[i], by[i]).intValue();
            }
            return acc;
        });
        double plain = time(ops, repeats, n -> {
            long acc = 0;
            for (long t = 0; t < n; t++) {
                int o = (int) (t & (PAIRS - 1)) * k;
                ar.mulPlain(x, o, y, o, z, o, ws);
                acc += z[o];
            }
            return acc;
        });
        double fft = time(ops, repeats, n -> {
            long acc = 0;
            for (long t = 0; t < n; t++) {
                int o = (int) (t & (PAIRS - 1)) * k;
                ar.mulFft(x, o, y, o, z, o, ws);
                acc += z[o];
            }
            return acc;
        });
        double powR = time(ops, repeats, n -> {
            long acc = 0;
            for (long t = 0; t < n; t++) {
                int i = (int) (t & (PAIRS - 1));
                ar.mulPowR(x, i * k, shifts[i], z, i * k, ws);
                acc += z[i * k];
            }
            return acc;
        });
        double add = time(ops, repeats, n -> {
            long acc = 0;
            for (long t = 0; t < n; t++) {
                int o = (int) (t & (PAIRS - 1)) * k;
                ar.add(x, o, y, o, z, o);
                acc += z[o];
            }
            return acc;
        });
        double bigAdd = time(ops, repeats, n -> {
            long acc = 0;
            for (long t = 0; t < n; t++) {
                int i = (int) (t & (PAIRS - 1));
                acc += baseline.add(bx[i], by[i]).intValue();
            }
            return acc;
        });
        row(table, name, k, bits, "mul", "biginteger", ops, big, big);
        row(table, name, k, bits, "mul", "plain", ops, plain, big);
        row(table, name, k, bits, "mul", "fft", ops, fft, big);
        row(table, name, k, bits, "mulPowR", "cyclic-shift", ops, powR, big);
        row(table, name, k, bits, "add", "biginteger", ops, bigAdd, bigAdd);
        row(table, name, k, bits, "add", "radix-r", ops, add, bigAdd);
    }

    private static void row(BenchTable t, String name, int k, int bits, String op, String method, long ops,
                            double ms, double baselineMs) {
        t.add(name, k, bits, op, method, ops, ms, ms * 1e6 / ops, baselineMs / ms);
    }

    /**
     * Median wall time in ms of {@code repeats} runs of {@code body.applyAsLong(ops)}, after a
     * warm-up run of at most 50000 operations that lets the JIT compile the loop.
     */
    static double time(long ops, int repeats, LongUnaryOperator body) {
        long sink = body.applyAsLong(Math.min(ops, 50_000));
        double[] ms = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            long t0 = System.nanoTime();
            sink += body.applyAsLong(ops);
            ms[r] = (System.nanoTime() - t0) / 1e6;
        }
        if (sink == 42) { // keeps the results alive
            System.out.print("");
        }
        java.util.Arrays.sort(ms);
        return ms[repeats / 2];
    }

    private static void verify(GfField f, BigInteger[] bx, BigInteger[] by, long[] x, long[] y, long[] z,
                               GfArithmetic.Workspace ws) {
        int k = f.k();
        BigInteger p = f.modulus();
        GfArithmetic ar = f.arithmetic();
        for (int i = 0; i < bx.length; i++) {
            BigInteger want = bx[i].multiply(by[i]).mod(p);
            ar.mulPlain(x, i * k, y, i * k, z, i * k, ws);
            BigInteger plain = f.toBigInteger(z, i * k);
            ar.mulFft(x, i * k, y, i * k, z, i * k, ws);
            BigInteger fft = f.toBigInteger(z, i * k);
            if (!want.equals(plain) || !want.equals(fft)) {
                throw new IllegalStateException("wrong product in " + f.name() + " at pair " + i);
            }
        }
    }
}
