package org.modalg.fft.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Options;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/**
 * The contract every {@link NttEngine} must meet, as one abstract JUnit 5 class that each engine's
 * test extends with {@link #engine()} (CPU 64-bit, CPU double-precision, and the GPU module's
 * engine through fft's test-jar). Oracles are independent of every engine: a naive O(n^2) DFT
 * and naive O(n^2) cyclic and negacyclic convolutions with {@link ZpField} arithmetic for
 * n &lt;= 2^10, and for longer rows (up to 2^16) the convolution theorem checked at random n-th
 * roots of unity by Horner evaluation. Primes: below 2^50 (the double-precision range), near
 * 2^62, and a 23-bit prime, mixed row by row; inputs random (a fresh seed per run, printed; set
 * {@code -Dmodalg.test.seed} to repeat) and the edge rows all 0 and all p - 1. Also: the
 * {@link Options} twins (the same values for 1 and 2 threads; null options and cancellation
 * rejected), zero rows, and bad arguments rejected with {@link IllegalArgumentException}
 * naming the parameter.
 *
 * <p>A GPU engine test: {@code class GpuNttEngineContractTest extends NttEngineContract} with a
 * {@code @Tag("gpu")} and an assumption that a device is usable in its {@link #engine()}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class NttEngineContract {

    /** The engine under test (created once per test class). */
    protected abstract NttEngine engine();

    /** Called after the tests; closes the engine when it is {@link AutoCloseable}. Override to keep it. */
    protected void release(NttEngine e) throws Exception {
        if (e instanceof AutoCloseable && e != CpuNttEngine.shared()) {
            ((AutoCloseable) e).close();
        }
    }

    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    /** Below 2^50 with 2^30 | p - 1 (the double-precision range). */
    protected static final long P50 = NttPrimes.largestBelow(1L << 50, 30);
    /** Below 2^62 with 2^30 | p - 1. */
    protected static final long P62 = NttPrimes.largestBelow(1L << 62, 30);
    /** 7 * 2^20 + 1. */
    protected static final long P23 = 7340033L;

    private NttEngine engine;
    private Random rnd;

    private NttEngine e() {
        if (engine == null) {
            engine = engine();
            rnd = new Random(SEED ^ engine.name().hashCode());
            System.out.println(getClass().getSimpleName() + " (" + engine.name() + ") seed = " + SEED
                    + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
        }
        return engine;
    }

    @AfterAll
    void closeEngine() throws Exception {
        if (engine != null) {
            release(engine);
        }
    }

    private String ctx(String what, int log2n) {
        return engine.name() + " " + what + " log2n=" + log2n + " seed=" + SEED;
    }

    // Rows: primes cycling over P50, P62, P23 (P23 only where 2^log2n | P23 - 1); row 0 random,
    // then all zero, all p - 1, then random.
    private long[] primes(int rows, int log2n, boolean nega) {
        long[] ps = new long[rows];
        long[] choice = log2n + (nega ? 1 : 0) <= 20 ? new long[] {P50, P62, P23} : new long[] {P50, P62};
        for (int i = 0; i < rows; i++) {
            ps[i] = choice[(i / 2) % choice.length];
        }
        return ps;
    }

    private long[] data(long[] ps, int log2n) {
        int n = 1 << log2n;
        long[] d = new long[ps.length * n];
        for (int i = 0; i < ps.length; i++) {
            long p = ps[i];
            for (int j = 0; j < n; j++) {
                long v;
                switch (i % 4) {
                    case 1:
                        v = 0;
                        break;
                    case 2:
                        v = p - 1;
                        break;
                    default:
                        v = Math.floorMod(rnd.nextLong(), p);
                        break;
                }
                d[i * n + j] = v;
            }
        }
        return d;
    }

    private static long[] naiveDft(long[] a, int off, int log2n, long p, boolean inverse) {
        ZpField f = ZpField.of(p);
        int n = 1 << log2n;
        long w = NttPrimes.primitiveRootOfUnity(p, log2n);
        if (inverse) {
            w = f.inv(w);
        }
        long[] out = new long[n];
        long wk = 1;
        for (int k = 0; k < n; k++) {
            long s = 0;
            long x = 1;
            for (int j = 0; j < n; j++) {
                s = f.add(s, f.mul(a[off + j], x));
                x = f.mul(x, wk);
            }
            out[k] = inverse ? f.mul(s, f.inv(n)) : s;
            wk = f.mul(wk, w);
        }
        return out;
    }

    private static long[] slice(long[] a, int off, int n) {
        return java.util.Arrays.copyOfRange(a, off, off + n);
    }

    @Test
    void forwardAndInverseMatchTheNaiveDft() {
        NttEngine eng = e();
        for (int log2n = 1; log2n <= 10; log2n++) {
            int n = 1 << log2n;
            long[] ps = primes(log2n <= 6 ? 8 : 4, log2n, false);
            long[] x = data(ps, log2n);
            long[] y = x.clone();
            eng.forward(ps, log2n, y, ps.length);
            for (int i = 0; i < ps.length; i++) {
                assertArrayEquals(naiveDft(x, i * n, log2n, ps[i], false), slice(y, i * n, n),
                        ctx("forward row " + i + " p=" + ps[i], log2n));
            }
            long[] z = y.clone();
            eng.inverse(ps, log2n, z, ps.length);
            assertArrayEquals(x, z, ctx("inverse(forward)", log2n));
            long[] u = x.clone();
            eng.inverse(ps, log2n, u, ps.length);
            for (int i = 0; i < ps.length; i++) {
                assertArrayEquals(naiveDft(x, i * n, log2n, ps[i], true), slice(u, i * n, n),
                        ctx("inverse row " + i + " p=" + ps[i], log2n));
            }
        }
    }

    @Test
    void convolutionsMatchTheNaiveProducts() {
        NttEngine eng = e();
        for (boolean nega : new boolean[] {false, true}) {
            for (int log2n = 1; log2n <= 9; log2n++) {
                int n = 1 << log2n;
                long[] ps = primes(4, log2n, nega);
                long[] a = data(ps, log2n);
                long[] b = data(ps, log2n);
                long[] out = new long[a.length];
                long[] a0 = a.clone();
                long[] b0 = b.clone();
                if (nega) {
                    eng.negacyclicConvolution(ps, log2n, a, b, out, ps.length);
                } else {
                    eng.cyclicConvolution(ps, log2n, a, b, out, ps.length);
                }
                for (int i = 0; i < ps.length; i++) {
                    assertArrayEquals(NaiveZp.convolution(a0, b0, i * n, n, ps[i], nega), slice(out, i * n, n),
                            ctx((nega ? "negacyclic" : "cyclic") + " row " + i, log2n));
                }
                // a square (a and b the same array) into out = a
                long[] s = a0.clone();
                if (nega) {
                    eng.negacyclicConvolution(ps, log2n, s, s, s, ps.length);
                } else {
                    eng.cyclicConvolution(ps, log2n, s, s, s, ps.length);
                }
                for (int i = 0; i < ps.length; i++) {
                    assertArrayEquals(NaiveZp.convolution(a0, a0, i * n, n, ps[i], nega), slice(s, i * n, n),
                            ctx((nega ? "negacyclic" : "cyclic") + " square row " + i, log2n));
                }
            }
        }
    }

    @Test
    void longConvolutionsSatisfyTheConvolutionTheoremAtRandomRoots() {
        NttEngine eng = e();
        for (int log2n = 11; log2n <= 16; log2n++) {
            int n = 1 << log2n;
            for (boolean nega : new boolean[] {false, true}) {
                long[] ps = primes(2, log2n, nega);
                long[] a = data(ps, log2n);
                long[] b = data(ps, log2n);
                long[] a0 = a.clone();
                long[] b0 = b.clone();
                long[] out = new long[a.length];
                if (nega) {
                    eng.negacyclicConvolution(ps, log2n, a, b, out, ps.length);
                } else {
                    eng.cyclicConvolution(ps, log2n, a, b, out, ps.length);
                }
                for (int i = 0; i < ps.length; i++) {
                    long p = ps[i];
                    ZpField f = ZpField.of(p);
                    long w = NttPrimes.primitiveRootOfUnity(p, log2n);
                    long psi = nega ? NttPrimes.primitiveRootOfUnity(p, log2n + 1) : 1;
                    for (int t = 0; t < 3; t++) {
                        long x = f.mul(psi, f.pow(w, rnd.nextInt(n))); // x^n = 1 (cyclic) or -1
                        assertEquals(f.mul(NaiveZp.horner(a0, i * n, n, x, f), NaiveZp.horner(b0, i * n, n, x, f)),
                                NaiveZp.horner(out, i * n, n, x, f),
                                ctx((nega ? "negacyclic" : "cyclic") + " at a root, row " + i, log2n));
                    }
                }
                // forward then inverse is the identity at this length too
                long[] y = a0.clone();
                eng.forward(ps, log2n, y, ps.length);
                eng.inverse(ps, log2n, y, ps.length);
                assertArrayEquals(a0, y, ctx("inverse(forward)", log2n));
            }
        }
    }

    @Test
    void optionsTwinsGiveTheSameValuesForEveryThreadCount() {
        NttEngine eng = e();
        for (int log2n : new int[] {3, 12, 15}) {
            long[] ps = primes(log2n == 15 ? 1 : 6, log2n, false);
            long[] x = data(ps, log2n);
            long[] y1 = x.clone();
            long[] y2 = x.clone();
            long[] y0 = x.clone();
            eng.forward(ps, log2n, y0, ps.length);
            eng.forward(ps, log2n, y1, ps.length, Options.defaults().withThreads(1));
            eng.forward(ps, log2n, y2, ps.length, Options.defaults().withThreads(2));
            assertArrayEquals(y0, y1, ctx("forward, 1 thread", log2n));
            assertArrayEquals(y0, y2, ctx("forward, 2 threads", log2n));
            eng.inverse(ps, log2n, y2, ps.length, Options.defaults().withThreads(2));
            assertArrayEquals(x, y2, ctx("inverse, 2 threads", log2n));
            long[] a = x.clone();
            long[] b = data(ps, log2n);
            long[] c1 = new long[a.length];
            long[] c2 = new long[a.length];
            long[] a2 = a.clone();
            long[] b2 = b.clone();
            eng.negacyclicConvolution(ps, log2n, a, b, c1, ps.length, Options.defaults().withThreads(1));
            eng.negacyclicConvolution(ps, log2n, a2, b2, c2, ps.length, Options.defaults().withThreads(2));
            assertArrayEquals(c1, c2, ctx("negacyclic, 1 against 2 threads", log2n));
        }
        long[] ps = {P50};
        long[] d = new long[8];
        IllegalArgumentException iae = assertThrows(IllegalArgumentException.class,
                () -> eng.forward(ps, 3, d, 1, null));
        assertTrue(iae.getMessage().contains("options"), iae.getMessage());
        assertThrows(CancelledException.class,
                () -> eng.cyclicConvolution(ps, 3, d, d.clone(), d, 1, Options.defaults().withCancellation(() -> true)));
    }

    /**
     * A cancelled options twin names its operation ({@code NttArguments.Operation#method}), and an
     * engine written by operation ({@link NttEngine.ByOperation}) computes through {@code run}
     * exactly what the named methods compute.
     */
    @Test
    void cancellationNamesTheOperationAndRunEqualsTheNamedMethods() {
        NttEngine eng = e();
        long[] ps = {P50};
        long[] d = new long[8];
        Options cancelled = Options.defaults().withCancellation(() -> true);
        java.util.Map<String, org.junit.jupiter.api.function.Executable> calls = java.util.Map.of(
                "forward", () -> eng.forward(ps, 3, d, 1, cancelled),
                "inverse", () -> eng.inverse(ps, 3, d, 1, cancelled),
                "cyclicConvolution", () -> eng.cyclicConvolution(ps, 3, d, d.clone(), d, 1, cancelled),
                "negacyclicConvolution", () -> eng.negacyclicConvolution(ps, 3, d, d.clone(), d, 1, cancelled));
        for (var call : calls.entrySet()) {
            CancelledException ce = assertThrows(CancelledException.class, call.getValue(), call.getKey());
            assertTrue(ce.getMessage().contains("NttEngine." + call.getKey()), ce.getMessage());
        }
        assertEquals(4, java.util.Set.of(NttArguments.Operation.values()).stream()
                .map(NttArguments.Operation::method).distinct().count());
        if (!(eng instanceof NttEngine.ByOperation)) {
            return;
        }
        NttEngine.ByOperation by = (NttEngine.ByOperation) eng;
        for (int log2n : new int[] {1, 5, 12}) {
            long[] primes = {P50, P62, P50};
            long[] x = data(primes, log2n);
            long[] y = x.clone();
            long[] z = x.clone();
            eng.forward(primes, log2n, y, primes.length);
            by.run(NttArguments.Operation.FORWARD, primes, log2n, z, null, null, primes.length);
            assertArrayEquals(y, z, ctx("run(FORWARD)", log2n));
            eng.inverse(primes, log2n, y, primes.length);
            by.run(NttArguments.Operation.INVERSE, primes, log2n, z, null, null, primes.length,
                    Options.defaults().withThreads(2));
            assertArrayEquals(x, z, ctx("run(INVERSE) with options", log2n));
            for (NttArguments.Operation op : new NttArguments.Operation[] {
                    NttArguments.Operation.CYCLIC, NttArguments.Operation.NEGACYCLIC}) {
                long[] b = data(primes, log2n);
                long[] c1 = new long[x.length];
                long[] c2 = new long[x.length];
                if (op == NttArguments.Operation.CYCLIC) {
                    eng.cyclicConvolution(primes, log2n, x.clone(), b.clone(), c1, primes.length);
                } else {
                    eng.negacyclicConvolution(primes, log2n, x.clone(), b.clone(), c1, primes.length);
                }
                by.run(op, primes, log2n, x.clone(), b.clone(), c2, primes.length);
                assertArrayEquals(c1, c2, ctx("run(" + op + ")", log2n));
            }
        }
    }

    @Test
    void zeroRowsIsANoOpAndBadArgumentsAreRejectedByName() {
        NttEngine eng = e();
        long[] d = {5, 6};
        eng.forward(new long[0], 4, d, 0);
        assertArrayEquals(new long[] {5, 6}, d);
        assertIae("log2n", () -> eng.forward(new long[] {P50}, 0, new long[1], 1));
        assertIae("rows", () -> eng.forward(new long[] {P50}, 2, new long[4], -1));
        assertIae("rowPrimes", () -> eng.forward(new long[] {P50 + 2}, 2, new long[4], 1));
        assertIae("rowPrimes", () -> eng.forward(new long[] {P23}, 21, new long[1 << 21], 1));
        assertIae("data", () -> eng.forward(new long[] {P50}, 4, new long[15], 1));
        assertIae("out", () -> eng.cyclicConvolution(new long[] {P50}, 2, new long[4], new long[4], new long[3], 1));
        assertIae("rowPrimes", () -> eng.negacyclicConvolution(new long[] {P23}, 20, new long[1 << 20],
                new long[1 << 20], new long[1 << 20], 1));
        assertIae("rowPrimes", () -> eng.inverse(null, 2, new long[4], 1));
    }

    private static void assertIae(String mustName, Runnable call) {
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, call::run);
        assertTrue(ex.getMessage() != null && ex.getMessage().contains(mustName),
                "message should name " + mustName + ": " + ex.getMessage());
    }
}
