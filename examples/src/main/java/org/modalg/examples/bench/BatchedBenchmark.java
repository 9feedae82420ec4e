package org.modalg.examples.bench;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Backend;
import org.modalg.fft.batched.BatchedIntegerEngine;
import org.modalg.fft.batched.BatchedIntegerEngine.Operation;
import org.modalg.fft.batched.BatchedIntegerEngines;
import org.modalg.fft.Options;
import org.modalg.gpu.batched.GpuBatchedIntegerEngine;
import org.modalg.polynomial.batched.BatchedIntegers;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * Batched integer arithmetic on the grid of the midsize GPU addition/multiplication paper
 * (NumBits = 2^11 .. 2^18, NumInsts = total / NumBits) and the Newton division paper's table
 * (division of NumBits-bit dividends), through {@link BatchedIntegers}' packed-limb methods on
 * the engine the backend selects, with a BigInteger baseline (one instance at a time, one
 * thread) in the same run. Every engine result is compared with BigInteger's (column
 * {@code check}).
 *
 * <p>Metrics, as the papers define them:
 * <ul>
 * <li>add: GB/s counting 3 NumInsts NumBits / 8 bytes (two operands read, one result written).
 * <li>mul: Gu32ops/s, the paper's normalized count 300 NumInsts m log2(m) 32-bit unit
 * operations, m = NumBits / 32 (the 32-bit words of one operand), per second.
 * <li>div: the division paper's "div / mul" (this run's division time over its multiplication
 * time at the same NumBits and NumInsts) when mul ran, and instances per second. Dividends of
 * NumBits - 128 bits (the paper's M - 2 limbs), divisors of a random 2 .. M/2 limbs, divisor
 * stride M/2.
 * </ul>
 *
 * <p>GPU column: when a GPU batched engine is usable ({@link BatchedIntegerEngines#device()})
 * and the backend did not choose it already (with {@code --backend cpu} never), add, mul and div
 * (Newton's method on the device, or the CPU engine where the GPU engine hands the batch on)
 * are also timed on it (backend
 * {@code gpu}, the copies to and from the device included) wherever it runs the batch on the
 * device ({@link GpuBatchedIntegerEngine#runsOnDevice}): columns {@code gpu_engine},
 * {@code gpu_ms_median}, {@code gpu_metric} (the same metric) and {@code gpu_speedup_vs_engine}
 * (the engine's median over the GPU's); its results are checked too (column {@code check}
 * covers both). Empty where there is no GPU or it does not run the batch (sizes beyond its
 * kernels, tiny batches; for division, only where there is no GPU). An engine column reading {@code cpu(via gpu)} is the GPU
 * engine handing the batch to the CPU engine.
 *
 * <p>Timing: {@link ModularBenchmark#time} (warm-up, then the median of the runs; the GPU
 * column after one more untimed call, which loads the kernels); operands are packed before the
 * clock starts, the outputs preallocated.
 */
public final class BatchedBenchmark {
    /** CSV columns. */
    public static final String[] COLUMNS = {"op", "num_bits", "num_insts", "engine", "threads", "ms_median", "ms_min",
        "metric", "unit", "biginteger_ms", "biginteger_metric", "speedup_vs_biginteger", "div_over_mul", "gpu_engine",
        "gpu_ms_median", "gpu_metric", "gpu_speedup_vs_engine", "check"};

    private BatchedBenchmark() {
    }

    /**
     * One row per (op, NumBits): ops among add, mul, div; NumBits = 2^minLog .. 2^maxLog,
     * NumInsts = max(1, 2^(totalLog - log2 NumBits)).
     *
     * @param baseline whether to time the BigInteger baseline (the check runs either way)
     */
    public static BenchTable run(List<String> ops, int minLog, int maxLog, int totalLog, Options options, int repeats,
            boolean baseline, long seed) {
        return run(ops, minLog, maxLog, totalLog, options, repeats, baseline, seed, true);
    }

    /**
     * {@link #run(List, int, int, int, Options, int, boolean, long)}; without {@code warmUp}
     * one untimed run instead of {@link ModularBenchmark#time}'s warm-up (smoke tests: the
     * figures then include JIT compilation).
     */
    public static BenchTable run(List<String> ops, int minLog, int maxLog, int totalLog, Options options, int repeats,
            boolean baseline, long seed, boolean warmUp) {
        Timer time = warmUp ? ModularBenchmark::time : BatchedBenchmark::timeQuick;
        if (warmUp) {
            warmUp(ops, options, seed);
        }
        BenchTable table = new BenchTable(COLUMNS);
        Random rnd = new Random(seed);
        for (int log = minLog; log <= maxLog; log++) {
            int bits = 1 << log;
            int m = bits / 64; // limbs per instance
            int insts = 1 << Math.max(0, totalLog - log);
            double mulMs = Double.NaN;
            BigInteger[] a = randomValues(rnd, insts, bits);
            BigInteger[] b = randomValues(rnd, insts, bits);
            long[] pa = BatchedIntegers.toLimbs(a, m);
            long[] pb = BatchedIntegers.toLimbs(b, m);
            for (String op : ops) {
                switch (op) {
                    case "add": {
                        long[] r = new long[m * insts];
                        Runnable body = () -> BatchedIntegers.add(pa, 0, pb, 0, r, 0, m, insts, null, 0, options);
                        long[] t = time.time(repeats, body);
                        BigInteger mod = BigInteger.ONE.shiftLeft(bits);
                        BigInteger[] want = new BigInteger[insts];
                        double big = baseline ? ms(time.time(repeats, () -> {
                            for (int i = 0; i < insts; i++) {
                                want[i] = a[i].add(b[i]);
                            }
                        })[0]) : Double.NaN;
                        boolean ok = check(r, m, insts, i -> a[i].add(b[i]).mod(mod));
                        double bytes = 3.0 * insts * bits / 8;
                        Object[] gpu = gpuColumns(Operation.ADD, m, insts, options, time, repeats, t[0],
                                o -> BatchedIntegers.add(pa, 0, pb, 0, r, 0, m, insts, null, 0, o),
                                () -> check(r, m, insts, i -> a[i].add(b[i]).mod(mod)), ns -> bytes / (ns * 1e-9) / 1e9);
                        table.add("add", bits, insts, engine(Operation.ADD, m, insts, options), options.threads(),
                                ms(t[0]), ms(t[1]), bytes / (t[0] * 1e-9) / 1e9, "GB/s", big,
                                bytes / (big * 1e-3) / 1e9, big / ms(t[0]), "", gpu[0], gpu[1], gpu[2], gpu[3],
                                ok && Boolean.TRUE.equals(gpu[4]) ? "ok" : "MISMATCH");
                        break;
                    }
                    case "mul": {
                        long[] r = new long[2 * m * insts];
                        Runnable body = () -> BatchedIntegers.multiply(pa, 0, pb, 0, r, 0, m, insts, options);
                        long[] t = time.time(repeats, body);
                        BigInteger[] want = new BigInteger[insts];
                        double big = baseline ? ms(time.time(repeats, () -> {
                            for (int i = 0; i < insts; i++) {
                                want[i] = a[i].multiply(b[i]);
                            }
                        })[0]) : Double.NaN;
                        boolean ok = check(r, 2 * m, insts, i -> a[i].multiply(b[i]));
                        double words = bits / 32.0;
                        double u32ops = 300.0 * insts * words * (Math.log(words) / Math.log(2));
                        mulMs = ms(t[0]);
                        Object[] gpu = gpuColumns(Operation.MULTIPLY, m, insts, options, time, repeats, t[0],
                                o -> BatchedIntegers.multiply(pa, 0, pb, 0, r, 0, m, insts, o),
                                () -> check(r, 2 * m, insts, i -> a[i].multiply(b[i])),
                                ns -> u32ops / (ns * 1e-9) / 1e9);
                        table.add("mul", bits, insts, engine(Operation.MULTIPLY, m, insts, options), options.threads(),
                                ms(t[0]), ms(t[1]), u32ops / (t[0] * 1e-9) / 1e9, "Gu32ops/s", big,
                                u32ops / (big * 1e-3) / 1e9, big / ms(t[0]), "", gpu[0], gpu[1], gpu[2], gpu[3],
                                ok && Boolean.TRUE.equals(gpu[4]) ? "ok" : "MISMATCH");
                        break;
                    }
                    case "div": {
                        int mb = Math.max(1, m / 2);
                        BigInteger[] u = new BigInteger[insts];
                        BigInteger[] v = new BigInteger[insts];
                        for (int i = 0; i < insts; i++) {
                            u[i] = new BigInteger(Math.max(1, bits - 128), rnd);
                            int vLimbs = mb < 2 ? 1 : 2 + rnd.nextInt(mb - 1);
                            v[i] = new BigInteger(64 * vLimbs, rnd).setBit(64 * vLimbs - 1);
                        }
                        long[] pu = BatchedIntegers.toLimbs(u, m);
                        long[] pv = BatchedIntegers.toLimbs(v, mb);
                        long[] q = new long[m * insts];
                        long[] r = new long[mb * insts];
                        Runnable body = () -> BatchedIntegers.divideAndRemainder(pu, 0, m, pv, 0, mb, q, 0, r, 0, insts,
                                options);
                        long[] t = time.time(repeats, body);
                        BigInteger[][] want = new BigInteger[insts][];
                        double big = baseline ? ms(time.time(repeats, () -> {
                            for (int i = 0; i < insts; i++) {
                                want[i] = u[i].divideAndRemainder(v[i]);
                            }
                        })[0]) : Double.NaN;
                        boolean ok = check(q, m, insts, i -> u[i].divide(v[i]))
                                && check(r, mb, insts, i -> u[i].mod(v[i]));
                        double perSecond = insts / (t[0] * 1e-9);
                        Object[] gpu = gpuColumns(Operation.DIVIDE, m, insts, options, time, repeats, t[0],
                                o -> BatchedIntegers.divideAndRemainder(pu, 0, m, pv, 0, mb, q, 0, r, 0, insts, o),
                                () -> check(q, m, insts, i -> u[i].divide(v[i])) && check(r, mb, insts, i -> u[i].mod(v[i])),
                                ns -> insts / (ns * 1e-9));
                        table.add("div", bits, insts, engine(Operation.DIVIDE, m, insts, options), options.threads(),
                                ms(t[0]), ms(t[1]), perSecond, "insts/s", big, insts / (big * 1e-3),
                                big / ms(t[0]), Double.isNaN(mulMs) ? "" : ms(t[0]) / mulMs, gpu[0], gpu[1], gpu[2],
                                gpu[3], ok && Boolean.TRUE.equals(gpu[4]) ? "ok" : "MISMATCH");
                        break;
                    }
                    default:
                        throw new IllegalArgumentException("ops must be among add, mul, div; got " + op);
                }
            }
        }
        return table;
    }

    // Half a second per operation and size (2^11 and 2^14 bits: Karatsuba; 2^16 bits: the NTT
    // route; 2^16 bits of operands in all) before the first timed row, so that no row pays the
    // JIT compiling the engine's loops or BigInteger's (a first NTT-size row took 4.5 s cold).
    private static void warmUp(List<String> ops, Options options, long seed) {
        Random rnd = new Random(seed ^ 0x5DEECE66DL);
        for (int log : new int[] {11, 14, 16}) {
            int m = (1 << log) / 64;
            int insts = 1 << (16 - log);
            BigInteger[] a = randomValues(rnd, insts, 1 << log);
            BigInteger[] b = randomValues(rnd, insts, 1 << log);
            long[] pa = BatchedIntegers.toLimbs(a, m);
            long[] pb = BatchedIntegers.toLimbs(b, m);
            long[] r = new long[2 * m * insts];
            long[] pv = pb.clone();
            for (int i = 0; i < insts; i++) {
                pv[i * m] |= 1;
            }
            for (String op : ops) {
                long end = System.nanoTime() + 500_000_000L;
                while (System.nanoTime() < end) {
                    switch (op) {
                        case "add":
                            BatchedIntegers.add(pa, 0, pb, 0, r, 0, m, insts, null, 0, options);
                            for (int i = 0; i < insts; i++) {
                                a[i].add(b[i]);
                            }
                            break;
                        case "mul":
                            BatchedIntegers.multiply(pa, 0, pb, 0, r, 0, m, insts, options);
                            for (int i = 0; i < insts; i++) {
                                a[i].multiply(b[i]);
                            }
                            break;
                        default:
                            BatchedIntegers.divideAndRemainder(pa, 0, m, pv, 0, m, r, 0, null, 0, insts, options);
                            for (int i = 0; i < insts; i++) {
                                a[i].divideAndRemainder(b[i].setBit(0));
                            }
                            break;
                    }
                }
            }
        }
    }

    @FunctionalInterface
    private interface Timer {
        long[] time(int repeats, Runnable body);
    }

    // {median, min} nanoseconds of repeats runs after one untimed run.
    private static long[] timeQuick(int repeats, Runnable body) {
        body.run();
        long[] ts = new long[repeats];
        for (int i = 0; i < repeats; i++) {
            long s = System.nanoTime();
            body.run();
            ts[i] = System.nanoTime() - s;
        }
        java.util.Arrays.sort(ts);
        return new long[] {ts[repeats / 2], ts[0]};
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private static String engine(Operation op, int stride, int count, Options options) {
        BatchedIntegerEngine e = BatchedIntegerEngines.select(options.backend(), op, stride, count,
                CpuBatchedIntegerEngine.shared());
        if (e instanceof GpuBatchedIntegerEngine && !((GpuBatchedIntegerEngine) e).runsOnDevice(op, stride, count)) {
            return "cpu(via gpu)";
        }
        return e.name();
    }

    /** The usable GPU batched engine, or null (none, or the backend is gpu already). */
    private static GpuBatchedIntegerEngine gpu(Options options) {
        if (options.backend() == Backend.GPU) {
            return null;
        }
        try {
            BatchedIntegerEngine d = BatchedIntegerEngines.device();
            return d instanceof GpuBatchedIntegerEngine ? (GpuBatchedIntegerEngine) d : null;
        } catch (RuntimeException | LinkageError e) {
            return null; // no GPU here: no column
        }
    }

    /**
     * The GPU columns {gpu_engine, gpu_ms_median, gpu_metric, gpu_speedup_vs_engine} and the
     * check (Boolean.TRUE when the GPU's results matched or it did not run): empty cells where
     * no GPU engine runs this batch on the device. body runs the operation with the given
     * options into the same output as the engine's (checked again after the GPU's runs).
     */
    private static Object[] gpuColumns(Operation op, int m, int insts, Options options, Timer time, int repeats,
            long engineNanos, java.util.function.Consumer<Options> body, java.util.function.BooleanSupplier check,
            java.util.function.DoubleUnaryOperator metric) {
        GpuBatchedIntegerEngine g = gpu(options);
        if (g == null || (op != Operation.DIVIDE && !g.runsOnDevice(op, m, insts))
                || BatchedIntegerEngines.select(options.backend(), op, m, insts, CpuBatchedIntegerEngine.shared()) == g) {
            return new Object[] {"", "", "", "", Boolean.TRUE};
        }
        Options o = options.withBackend(Backend.GPU);
        body.accept(o); // loads the kernels (the driver compiles the module on first use)
        long[] t = time.time(repeats, () -> body.accept(o));
        return new Object[] {g.name(), ms(t[0]), metric.applyAsDouble(t[0]), engineNanos / (double) t[0],
            check.getAsBoolean()};
    }

    // Full-entropy values of exactly bits bits or fewer (uniform in [0, 2^bits)).
    private static BigInteger[] randomValues(Random rnd, int count, int bits) {
        BigInteger[] v = new BigInteger[count];
        for (int i = 0; i < count; i++) {
            v[i] = new BigInteger(bits, rnd);
        }
        return v;
    }

    private static boolean check(long[] packed, int stride, int count, java.util.function.IntFunction<BigInteger> want) {
        BigInteger[] got = BatchedIntegers.toBigIntegers(packed, 0, stride, count);
        for (int i = 0; i < count; i++) {
            if (!got[i].equals(want.apply(i))) {
                return false;
            }
        }
        return true;
    }
}
