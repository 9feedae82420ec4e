package org.modalg.fft.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.fields.NttPrimes;

/**
 * {@link CpuNttEngine} with 1, 2 and 3 threads against the serial {@link NttPlan} methods:
 * bit-identical results on batches mixing primes and rows.
 */
class CpuNttEngineTest {
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    private static final long SEED = Long.getLong("modalg.test.seed", 0xe4e1eL);

    private static final long[] BIG = NttPrimes.generate(3, 1L << 62, 27);
    private static final long[] POOL = {BIG[0], BIG[1], BIG[2], 998244353L, 469762049L, 7340033L};

    private static String where(int threads, int log2n, int rows) {
        return "seed=" + SEED + " threads=" + threads + " log2n=" + log2n + " rows=" + rows;
    }

    private static long[] primes(Random rnd, int rows, int log2n) {
        long[] ps = new long[rows];
        for (int i = 0; i < rows; i++) {
            long p;
            do {
                p = POOL[rnd.nextInt(POOL.length)];
            } while (NttPrimes.twoAdicOrder(p) < log2n + 1);
            // runs of equal primes (many vectors) and changes (CRT)
            ps[i] = i > 0 && rnd.nextBoolean() ? ps[i - 1] : p;
        }
        return ps;
    }

    private static long[] data(Random rnd, long[] ps, int rows, int n, int extra) {
        long[] d = new long[rows * n + extra];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < n; j++) {
                d[i * n + j] = rnd.nextInt(8) == 0 ? ps[i] - 1 : rnd.nextLong(ps[i]);
            }
        }
        for (int j = rows * n; j < d.length; j++) {
            d[j] = -3; // beyond rows * n: must stay untouched
        }
        return d;
    }

    // Serial reference through the public NttPlan methods.
    private static void reference(String op, long[] ps, int log2n, long[] a, long[] b, long[] out,
            int rows) {
        int n = 1 << log2n;
        for (int i = 0; i < rows; i++) {
            NttPlan plan = NttPlan.of(ps[i], log2n);
            switch (op) {
                case "forward":
                    plan.forward(a, i * n);
                    break;
                case "inverse":
                    plan.inverse(a, i * n);
                    break;
                case "cyclic":
                    plan.cyclicConvolution(a, i * n, b, i * n, out, i * n);
                    break;
                default:
                    plan.negacyclicConvolution(a, i * n, b, i * n, out, i * n);
            }
        }
    }

    private static void engine(NttEngine e, String op, long[] ps, int log2n, long[] a, long[] b,
            long[] out, int rows) {
        switch (op) {
            case "forward":
                e.forward(ps, log2n, a, rows);
                break;
            case "inverse":
                e.inverse(ps, log2n, a, rows);
                break;
            case "cyclic":
                e.cyclicConvolution(ps, log2n, a, b, out, rows);
                break;
            default:
                e.negacyclicConvolution(ps, log2n, a, b, out, rows);
        }
    }

    @Test
    void threadCountsGiveBitIdenticalResults() {
        Random rnd = new Random(SEED);
        // Small transforms with many rows (row-parallel) and large ones with few rows (parallel
        // inside the blocked transform), odd row counts included.
        int[][] shapes = {{1, 1}, {3, 7}, {6, 5}, {10, 9}, {4, 64}, {12, 3}, {16, 1}, {16, 3},
            {17, 2}, {17, 5}, {19, 1}};
        try (CpuNttEngine one = new CpuNttEngine(1);
                CpuNttEngine two = new CpuNttEngine(2);
                CpuNttEngine three = new CpuNttEngine(3)) {
            CpuNttEngine[] engines = {one, two, three};
            for (int rep = 0; rep < MULTIPLIER; rep++) {
                for (int[] shape : shapes) {
                    int log2n = shape[0];
                    int rows = shape[1];
                    int n = 1 << log2n;
                    long[] ps = primes(rnd, rows, log2n);
                    for (String op : new String[] {"forward", "inverse", "cyclic", "negacyclic"}) {
                        long[] a0 = data(rnd, ps, rows, n, 2);
                        long[] b0 = data(rnd, ps, rows, n, 1);
                        long[] ra = a0.clone();
                        long[] rb = b0.clone();
                        long[] rout = new long[rows * n + 3];
                        reference(op, ps, log2n, ra, rb, rout, rows);
                        for (CpuNttEngine e : engines) {
                            long[] a = a0.clone();
                            long[] b = b0.clone();
                            long[] out = new long[rows * n + 3];
                            engine(e, op, ps, log2n, a, b, out, rows);
                            String msg = op + " " + e.name() + " " + where(e.threads(), log2n, rows);
                            if (op.equals("forward") || op.equals("inverse")) {
                                assertArrayEquals(ra, a, msg);
                            } else {
                                assertArrayEquals(rout, out, msg);
                                // out aliasing a
                                long[] a2 = a0.clone();
                                long[] b2 = b0.clone();
                                engine(e, op, ps, log2n, a2, b2, a2, rows);
                                long[] expected = rout.clone();
                                System.arraycopy(a2, rows * n, expected, rows * n, 2);
                                assertArrayEquals(java.util.Arrays.copyOf(expected, a2.length), a2,
                                        "aliased " + msg);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void forwardThenInverseRestoresTheBatch() {
        Random rnd = new Random(SEED ^ 1);
        NttEngine e = CpuNttEngine.shared();
        int log2n = 13;
        int rows = 5;
        long[] ps = primes(rnd, rows, log2n);
        long[] d = data(rnd, ps, rows, 1 << log2n, 0);
        long[] orig = d.clone();
        e.forward(ps, log2n, d, rows);
        e.inverse(ps, log2n, d, rows);
        assertArrayEquals(orig, d, "seed=" + SEED);
    }

    @Test
    void zeroRowsIsANoOp() {
        try (CpuNttEngine e = new CpuNttEngine(2)) {
            long[] d = {5, 6};
            e.forward(new long[0], 10, d, 0);
            e.inverse(new long[0], 10, new long[0], 0);
            e.cyclicConvolution(new long[0], 10, new long[0], new long[0], new long[0], 0);
            e.negacyclicConvolution(new long[0], 10, new long[0], new long[0], new long[0], 0);
            assertArrayEquals(new long[] {5, 6}, d);
        }
    }

    @Test
    void namesAndSharedInstance() {
        try (CpuNttEngine e = new CpuNttEngine(3)) {
            assertEquals("cpu(threads=3)", e.name());
            assertEquals(3, e.threads());
        }
        CpuNttEngine shared = CpuNttEngine.shared();
        assertSame(shared, CpuNttEngine.shared());
        assertEquals(Runtime.getRuntime().availableProcessors(), shared.threads());
        shared.close(); // a no-op: it stays usable
        long[] d = new long[4];
        shared.forward(new long[] {998244353L}, 2, d, 1);
        assertArrayEquals(new long[4], d);
        assertSame(shared, NttEngines.cpu());
        assertSame(shared, NttEngines.byName("cpu"));
        assertSame(shared, NttEngines.byName(" CPU "));
    }

    @Test
    void closedEngineRefusesWork() {
        CpuNttEngine e = new CpuNttEngine(2);
        e.close();
        e.close();
        assertThrows(IllegalStateException.class,
                () -> e.forward(new long[] {998244353L}, 2, new long[4], 1));
        // the Options twins too, whatever thread count they ask for
        assertThrows(IllegalStateException.class,
                () -> e.forward(new long[] {998244353L}, 2, new long[4], 1, Options.defaults().withThreads(2)));
        assertThrows(IllegalStateException.class,
                () -> e.inverse(new long[] {998244353L}, 2, new long[4], 1, Options.defaults().withThreads(1)));
    }

    @Test
    void backendSelection() {
        // No provider is registered in this module: auto falls back to the CPU, gpu fails.
        assertSame(CpuNttEngine.shared(), NttEngines.byName("auto"));
        IllegalStateException s = assertThrows(IllegalStateException.class,
                () -> NttEngines.byName("gpu"));
        assertTrue(s.getMessage().contains("no usable NttEngineProvider"), s.getMessage());
        IllegalArgumentException a = assertThrows(IllegalArgumentException.class,
                () -> NttEngines.byName("tpu"));
        assertTrue(a.getMessage().startsWith("backend must be one of auto, cpu, gpu"), a.getMessage());
        assertThrows(IllegalArgumentException.class, () -> NttEngines.byName(null));
        String old = System.getProperty(NttEngines.BACKEND_PROPERTY);
        try {
            System.setProperty(NttEngines.BACKEND_PROPERTY, "cpu");
            assertSame(CpuNttEngine.shared(), NttEngines.fromSystemProperty());
            System.setProperty(NttEngines.BACKEND_PROPERTY, "gpu");
            assertThrows(IllegalStateException.class, NttEngines::fromSystemProperty);
        } finally {
            if (old == null) {
                System.clearProperty(NttEngines.BACKEND_PROPERTY);
            } else {
                System.setProperty(NttEngines.BACKEND_PROPERTY, old);
            }
        }
    }

    @Test
    void argumentValidation() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CpuNttEngine(0));
        assertTrue(e.getMessage().startsWith("threads must be >= 1"), e.getMessage());
        try (CpuNttEngine eng = new CpuNttEngine(2)) {
            long p = 998244353L;
            long[] ps = {p, p};
            expect("rowPrimes must not be null", () -> eng.forward(null, 3, new long[16], 2));
            expect("data must not be null", () -> eng.forward(ps, 3, null, 2));
            expect("rows must be >= 0", () -> eng.forward(ps, 3, new long[16], -1));
            expect("log2n must be in [1, 27]", () -> eng.forward(ps, 0, new long[16], 2));
            expect("log2n must be in [1, 27]", () -> eng.inverse(ps, 28, new long[16], 2));
            expect("rowPrimes.length must be >= rows", () -> eng.forward(ps, 3, new long[24], 3));
            expect("data.length must be >= rows * n", () -> eng.forward(ps, 3, new long[15], 2));
            expect("rowPrimes[1] = 15: p must be prime",
                    () -> eng.forward(new long[] {p, 15}, 3, new long[16], 2));
            // the primes are checked before the lengths, and before any table is built
            expect("rowPrimes[0] = 998244353: log2n must be in [1, 23]",
                    () -> eng.forward(ps, 24, new long[16], 2));
            expect("rowPrimes[1] = 998244353: the negacyclic transform",
                    () -> eng.negacyclicConvolution(new long[] {469762049L, p}, 23, new long[1],
                            new long[1], new long[1], 2));
            expect("a must not be null",
                    () -> eng.cyclicConvolution(ps, 3, null, new long[16], new long[16], 2));
            expect("b must not be null",
                    () -> eng.cyclicConvolution(ps, 3, new long[16], null, new long[16], 2));
            expect("out must not be null",
                    () -> eng.negacyclicConvolution(ps, 3, new long[16], new long[16], null, 2));
            expect("b.length must be >= rows * n",
                    () -> eng.cyclicConvolution(ps, 3, new long[16], new long[8], new long[16], 2));
            expect("out.length must be >= rows * n",
                    () -> eng.cyclicConvolution(ps, 3, new long[16], new long[16], new long[9], 2));
        }
    }

    private static void expect(String prefix, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().startsWith(prefix), "expected '" + prefix + "', got: " + e.getMessage());
    }

    @Test
    void poolHasTheEnginesThreadsAndNoneForOneThread() {
        try (CpuNttEngine one = new CpuNttEngine(1); CpuNttEngine three = new CpuNttEngine(3)) {
            org.junit.jupiter.api.Assertions.assertNull(one.pool(), "one thread runs in the caller");
            org.junit.jupiter.api.Assertions.assertEquals(3, three.pool().getParallelism());
        }
    }
}
