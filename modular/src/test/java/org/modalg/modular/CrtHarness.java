package org.modalg.modular;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;

/**
 * Timing harness (not a test: skipped unless -Dmodalg.crtHarness=true) of the CRT of many values
 * from many primes below 2^26, at the bivariate resultant's shapes: k = 150, 446, 678 primes and
 * 10^4 values (-Dmodalg.crtHarness.values), each route in thread CPU time on one thread and in
 * wall time on two threads; the routes are checked against each other.
 */
class CrtHarness {

    private static final ThreadMXBean BEAN = ManagementFactory.getThreadMXBean();

    @Test
    void timeRoutes() {
        Assumptions.assumeTrue(Boolean.getBoolean("modalg.crtHarness"), "harness: -Dmodalg.crtHarness=true");
        int n = Integer.getInteger("modalg.crtHarness.values", 10_000);
        long seed = System.nanoTime();
        System.out.println("CrtHarness seed " + seed + ", n = " + n);
        Random rnd = new Random(seed);
        String groups = System.getProperty("modalg.crtHarness.groups");
        for (int k : java.util.Arrays.stream(System.getProperty("modalg.crtHarness.k", "150,446,678").split(","))
                .mapToInt(Integer::parseInt).toArray()) {
            long[] primes = new long[k];
            PrimeStream ps = PrimeStream.below(1L << 26);
            for (int i = 0; i < k; i++) {
                primes[i] = ps.next();
            }
            long[] res = new long[k * n];
            for (int i = 0; i < k; i++) {
                for (int v = 0; v < n; v++) {
                    res[i * n + v] = Math.floorMod(rnd.nextLong(), primes[i]);
                }
            }
            if (groups != null) { // the per-value route's leaf group size, one thread
                BigInteger[] want = time("k = " + k + " Garner (CrtBasis)", 1,
                        () -> CrtBasis.of(primes).toBigIntegers(res, n, true, 1));
                for (String gs : groups.split(",")) {
                    int g = Integer.parseInt(gs);
                    BigInteger[] got = time("k = " + k + " per value, group " + g, 1,
                            () -> ProductTreeCrt.combinePerValue(primes, res, n, true, 1, g));
                    if (want != null && !java.util.Arrays.equals(want, got)) {
                        throw new AssertionError("group " + g + " differs at k = " + k);
                    }
                    want = got;
                }
                continue;
            }
            BigInteger[] ref = null;
            for (int threads : new int[] {1, 2}) {
                Options o = Options.defaults().withBackend(Backend.CPU).withThreads(threads);
                BigInteger[] a = time("k = " + k + " Garner (CrtBasis)", threads,
                        () -> CrtBasis.of(primes).toBigIntegers(res, n, true, threads));
                BigInteger[] b = time("k = " + k + " ProductTreeCrt", threads,
                        () -> ProductTreeCrt.combine(primes, res, n, true, o));
                BigInteger[] c = time("k = " + k + " MultiCrt", threads,
                        () -> MultiCrt.combine(primes, res, n, true, o));
                if (ref == null) {
                    ref = a;
                }
                for (int v = 0; v < n; v++) {
                    if (!ref[v].equals(a[v]) || !ref[v].equals(b[v]) || !ref[v].equals(c[v])) {
                        throw new AssertionError("routes differ at k = " + k + ", value " + v);
                    }
                }
            }
        }
    }

    private static BigInteger[] time(String what, int threads, Supplier<BigInteger[]> f) {
        BigInteger[] out = f.get(); // warm-up
        long best = Long.MAX_VALUE;
        for (int rep = 0; rep < 3; rep++) {
            long t0 = threads == 1 ? BEAN.getCurrentThreadCpuTime() : System.nanoTime();
            out = f.get();
            long t1 = threads == 1 ? BEAN.getCurrentThreadCpuTime() : System.nanoTime();
            best = Math.min(best, t1 - t0);
        }
        System.out.printf("%-32s threads %d: %8.1f ms (%s)%n", what, threads, best / 1e6,
                threads == 1 ? "thread CPU" : "wall");
        return out;
    }
}
