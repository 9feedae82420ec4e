package org.modalg.modular.bivariate;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.math.BigInteger;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * Not a test: a harness for the gcd's small rows. Inputs of the shape of the FLINT peer's gcd rows
 * (f = a c, g = b c, dense of total degree d, c of d / 2, coefficients of exactly b bits, random
 * signs; from {@code java.util.Random} seeded by the row, printed, so not FLINT's own integers;
 * {@code -DflintInputs=true} with the examples module's classes on the class path takes
 * {@code FlintBivariateInputs.gcdInput}, FLINT's integers).
 *
 * <pre>
 * profile d bits seconds           loop the gcd (run under -XX:StartFlightRecording for a profile),
 *                                  then as long again timing each call: median of thread CPU time
 * ab beforeClasses rows rounds [warm]  before (BivariateGcd from beforeClasses, its own loader) and
 *                                  after (this class path) interleaved in one JVM: per row warm-up,
 *                                  then rounds of timed calls each; medians of thread CPU time
 * modes rows rounds [warm]         the quotient's proofs interleaved in one JVM (quotientProofForTests
 *                                  0: by size, words where they fit; 1: products mod p and the bound;
 *                                  2: the product over Z): medians of thread CPU time
 * </pre>
 *
 * <p>Every mode prints the CPU time of the calling thread and that of every thread of the JVM
 * (the product over Z's worker pool, the JIT and GC; each thread's own clock, summed), the latter
 * per call over blocks of calls. {@code -Dthreads=n}: the gcd's options with n threads (in {@code ab} both builds'
 * three-argument gcd; without it their default options). {@code -Dmodes=0,3}: the proofs that
 * {@code modes} compares (default 0,1,2; 3: words wherever they fit).
 */
public final class BivariateGcdProfile {
    private BivariateGcdProfile() {
    }

    static ZZBivariate dense(Random r, int d, int bits) {
        BigInteger[][] grid = new BigInteger[d + 1][d + 1];
        for (int i = 0; i <= d; i++) {
            for (int j = 0; j <= d; j++) {
                BigInteger v = j <= d - i ? new BigInteger(bits - 1, r).setBit(bits - 1) : BigInteger.ZERO;
                grid[i][j] = r.nextBoolean() ? v.negate() : v;
            }
        }
        return ZZBivariate.ofGrid(grid);
    }

    static ZZBivariate[] input(int d, int bits) {
        if (Boolean.getBoolean("flintInputs")) { // the FLINT peer's own integers (examples' FlintBivariateInputs on the class path)
            try {
                return (ZZBivariate[]) Class.forName("org.modalg.examples.bench.peer.FlintBivariateInputs")
                        .getMethod("gcdInput", int.class, int.class).invoke(null, d, bits);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("-DflintInputs=true needs examples' FlintBivariateInputs", e);
            }
        }
        long seed = 1000L * d + bits;
        Random r = new Random(seed);
        ZZBivariate c = dense(r, d / 2, bits);
        ZZBivariate a = dense(r, d - d / 2, bits);
        ZZBivariate b = dense(r, d - d / 2, bits);
        return new ZZBivariate[] {a.multiply(c), b.multiply(c), c};
    }

    public static void main(String[] args) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        if (args[0].equals("profile")) {
            int d = Integer.parseInt(args[1]);
            int bits = Integer.parseInt(args[2]);
            double secs = Double.parseDouble(args[3]);
            ZZBivariate[] in = input(d, bits);
            long end = System.nanoTime() + (long) (secs * 1e9);
            int n = 0;
            long t0 = mx.getCurrentThreadCpuTime();
            long p0 = processCpu();
            while (System.nanoTime() < end) {
                ZZBivariate h = gcd(in);
                if (h.totalDegree() < in[2].totalDegree()) {
                    throw new AssertionError("wrong gcd");
                }
                n++;
            }
            System.out.printf("d=%d bits=%d calls=%d mean CPU %.4f ms (process, all threads: %.4f ms)", d, bits, n,
                    (mx.getCurrentThreadCpuTime() - t0) / 1e6 / n, (processCpu() - p0) / 1e6 / n);
            List<Long> after = new ArrayList<>(); // then as many seconds of single timed calls: their median
            end = System.nanoTime() + (long) (secs * 1e9);
            long p1 = processCpu();
            while (System.nanoTime() < end) {
                long t1 = mx.getCurrentThreadCpuTime();
                gcd(in);
                after.add(mx.getCurrentThreadCpuTime() - t1);
            }
            System.out.printf(", then median CPU %.4f ms of %d calls (all threads: mean %.4f ms)%n",
                    median(after) / 1e6, after.size(), (processCpu() - p1) / 1e6 / after.size());
            return;
        }
        if (args[0].equals("modes")) { // the quotient's proofs (quotientProofForTests 0, 1, 2) interleaved in one JVM
            int rounds = Integer.parseInt(args[2]);
            double warm = args.length > 3 ? Double.parseDouble(args[3]) : 6;
            int[] modes = Arrays.stream(System.getProperty("modes", "0,1,2").split(",")).mapToInt(Integer::parseInt)
                    .toArray();
            for (String row : args[1].split(",")) {
                String[] db = row.split(":");
                int d = Integer.parseInt(db[0]);
                int bits = Integer.parseInt(db[1]);
                ZZBivariate[] in = input(d, bits);
                List<List<Long>> cpu = new ArrayList<>();
                List<List<Long>> proc = new ArrayList<>();
                Object ref = null;
                for (int mode : modes) {
                    BivariateGcd.quotientProofForTests = mode;
                    Object r = gcd(in);
                    if (ref != null && !ref.equals(r)) {
                        throw new AssertionError("modes differ at " + row);
                    }
                    ref = r;
                    long end = System.nanoTime() + (long) (warm * 1e9);
                    while (System.nanoTime() < end) {
                        gcd(in);
                    }
                    cpu.add(new ArrayList<>());
                    proc.add(new ArrayList<>());
                }
                for (int r = 0; r < rounds; r++) {
                    for (int k = 0; k < modes.length; k++) {
                        BivariateGcd.quotientProofForTests = modes[k];
                        long end = System.nanoTime() + 500_000_000L;
                        while (System.nanoTime() < end) {
                            gcd(in);
                        }
                        long p0 = processCpu();
                        for (int i = 0; i < 15; i++) {
                            long t0 = mx.getCurrentThreadCpuTime();
                            gcd(in);
                            cpu.get(k).add(mx.getCurrentThreadCpuTime() - t0);
                        }
                        proc.get(k).add((processCpu() - p0) / 15);
                    }
                }
                BivariateGcd.quotientProofForTests = 0;
                StringBuilder line = new StringBuilder(String.format("d=%d bits=%d median ms (thread CPU / process CPU"
                        + " per call, n=%d):", d, bits, cpu.get(0).size()));
                for (int k = 0; k < modes.length; k++) {
                    line.append(String.format(" mode %d %.4f / %.4f;", modes[k], median(cpu.get(k)) / 1e6,
                            median(proc.get(k)) / 1e6));
                }
                System.out.println(line);
            }
            return;
        }
        // ab
        URL before = new File(args[1]).toURI().toURL();
        ClassLoader parent = BivariateGcdProfile.class.getClassLoader();
        ClassLoader beforeLoader = new URLClassLoader(new URL[] {before}, parent) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.startsWith("org.modalg.modular.bivariate.")) {
                    synchronized (getClassLoadingLock(name)) {
                        Class<?> c = findLoadedClass(name);
                        if (c == null) {
                            c = findClass(name);
                        }
                        return c;
                    }
                }
                return super.loadClass(name, resolve);
            }
        };
        Integer threads = Integer.getInteger("threads"); // both builds with n threads (the three-argument gcd) where set
        Class<?>[] sig = threads == null ? new Class<?>[] {ZZBivariate.class, ZZBivariate.class}
                : new Class<?>[] {ZZBivariate.class, ZZBivariate.class, org.modalg.fft.Options.class};
        Method mBefore = beforeLoader.loadClass("org.modalg.modular.bivariate.BivariateGcd").getMethod("gcd", sig);
        Method mAfter = BivariateGcd.class.getMethod("gcd", sig);
        Object[] opts = threads == null ? new Object[0]
                : new Object[] {org.modalg.fft.Options.defaults().withThreads(threads)};
        int rounds = Integer.parseInt(args[3]);
        double warm = args.length > 4 ? Double.parseDouble(args[4]) : 6;
        for (String row : args[2].split(",")) {
            String[] db = row.split(":");
            int d = Integer.parseInt(db[0]);
            int bits = Integer.parseInt(db[1]);
            ZZBivariate[] in = input(d, bits);
            Method[] ms = {mBefore, mAfter};
            Object ref = call(mBefore, in, opts);
            if (!ref.equals(call(mAfter, in, opts))) {
                throw new AssertionError("before and after differ at " + row);
            }
            for (Method m : ms) {
                long end = System.nanoTime() + (long) (warm * 1e9);
                while (System.nanoTime() < end) {
                    call(m, in, opts);
                }
            }
            List<List<Long>> cpu = List.of(new ArrayList<>(), new ArrayList<>());
            List<List<Long>> proc = List.of(new ArrayList<>(), new ArrayList<>());
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < 2; k++) {
                    long end = System.nanoTime() + 500_000_000L;
                    while (System.nanoTime() < end) {
                        call(ms[k], in, opts);
                    }
                    long p0 = processCpu();
                    for (int i = 0; i < 15; i++) {
                        long t0 = mx.getCurrentThreadCpuTime();
                        call(ms[k], in, opts);
                        cpu.get(k).add(mx.getCurrentThreadCpuTime() - t0);
                    }
                    proc.get(k).add((processCpu() - p0) / 15);
                }
            }
            double b = median(cpu.get(0));
            double a = median(cpu.get(1));
            double pb = median(proc.get(0));
            double pa = median(proc.get(1));
            double bb = bestBlockMean(cpu.get(0), 15);
            double ba = bestBlockMean(cpu.get(1), 15);
            System.out.printf("d=%d bits=%d thread CPU: before %.4f ms after %.4f ms after/before %.2f; process CPU per"
                    + " call: before %.4f ms after %.4f ms after/before %.2f (n=%d calls, %d blocks each, seed %d);"
                    + " best block mean (FLINT's measure): before %.4f ms after %.4f ms%n",
                    d, bits, b / 1e6, a / 1e6, a / b, pb / 1e6, pa / 1e6, pa / pb, cpu.get(0).size(),
                    proc.get(0).size(), 1000L * d + bits, bb / 1e6, ba / 1e6);
        }
    }

    // the gcd by m (two arguments, or three with the options in opts); the value where a ModularResult comes back
    private static Object call(Method m, ZZBivariate[] in, Object[] opts) throws ReflectiveOperationException {
        Object r = opts.length == 0 ? m.invoke(null, in[0], in[1]) : m.invoke(null, in[0], in[1], opts[0]);
        return r instanceof org.modalg.modular.ModularResult<?> mr ? mr.value() : r;
    }

    // the gcd with -Dthreads=n (the product over Z's threads among them) where set, else the default options
    private static ZZBivariate gcd(ZZBivariate[] in) {
        Integer t = Integer.getInteger("threads");
        return t == null ? BivariateGcd.gcd(in[0], in[1])
                : BivariateGcd.gcd(in[0], in[1], org.modalg.fft.Options.defaults().withThreads(t)).value();
    }

    // CPU time of every live thread of this JVM (the gcd's pools, the JIT and GC included), ns: the sum
    // of the threads' own clocks (ns resolution; the process clock ticks in 10 ms here). A thread that
    // ends between two readings loses its time since the first; one that starts counts from zero.
    private static final java.util.Map<Long, Long> LAST = new java.util.HashMap<>();
    private static long cpuBase;

    private static long processCpu() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long sum = cpuBase;
        for (long id : mx.getAllThreadIds()) {
            long t = mx.getThreadCpuTime(id);
            if (t < 0) {
                continue;
            }
            Long before = LAST.put(id, t);
            sum += t - (before == null ? 0 : before);
        }
        cpuBase = sum;
        return sum;
    }

    // the least mean of consecutive blocks of k values (the FLINT peer's "best of its runs", each a batch of calls)
    private static double bestBlockMean(List<Long> v, int k) {
        double best = Double.MAX_VALUE;
        for (int i = 0; i + k <= v.size(); i += k) {
            long sum = 0;
            for (int j = i; j < i + k; j++) {
                sum += v.get(j);
            }
            best = Math.min(best, (double) sum / k);
        }
        return best;
    }

    private static double median(List<Long> v) {
        long[] a = v.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(a);
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2.0;
    }
}
