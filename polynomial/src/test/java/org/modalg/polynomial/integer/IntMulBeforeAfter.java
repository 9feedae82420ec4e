package org.modalg.polynomial.integer;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.math.BigInteger;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Random;

/**
 * Not a test: integer products of two builds against FLINT 3.6, interleaved. Each round runs
 * {@code flint3_bench 1 intmul} as a child process (its {@code fmpz_mul} rows: wall clock, best
 * of 3), then {@link IntegerMultiplication#multiply} on one thread from each of two class paths
 * (e.g. the fat jars {@code examples/target/modalg.jar} of two commits), each in its own class
 * loader, timed as the best of 3 batches of at least ~10 ms, both by the wall clock and by the
 * thread's CPU time; prints the minima over the rounds and the ratios. Any executable that
 * prints no rows (e.g. /bin/true) leaves FLINT out. Run:
 * java --add-opens java.base/java.math=ALL-UNNAMED -cp polynomial/target/test-classes
 *      org.modalg.polynomial.integer.IntMulBeforeAfter BEFORE_CP AFTER_CP bits,... rounds path/to/flint3_bench
 */
public final class IntMulBeforeAfter {
    private IntMulBeforeAfter() {
    }

    static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    public static void main(String[] args) throws Exception {
        String[] paths = {args[0], args[1]};
        long[] sizes = java.util.Arrays.stream(args[2].split(",")).mapToLong(Long::parseLong).toArray();
        int rounds = Integer.parseInt(args[3]);
        String flint = args[4];
        Method[] mul = new Method[2];
        Object[] opts = new Object[2];
        for (int v = 0; v < 2; v++) {
            String[] parts = paths[v].split(":");
            URL[] urls = new URL[parts.length];
            for (int i = 0; i < parts.length; i++) urls[i] = Path.of(parts[i]).toUri().toURL();
            ClassLoader cl = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
            Class<?> im = Class.forName("org.modalg.polynomial.integer.IntegerMultiplication", true, cl);
            Class<?> o = Class.forName("org.modalg.fft.Options", true, cl);
            opts[v] = o.getMethod("withThreads", int.class).invoke(o.getMethod("defaults").invoke(null), 1);
            mul[v] = im.getMethod("multiply", BigInteger.class, BigInteger.class, o);
        }
        Random rnd = new Random(42);
        int n = sizes.length;
        BigInteger[] as = new BigInteger[n], bs = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            as[i] = new BigInteger((int) sizes[i], rnd).setBit((int) sizes[i] - 1);
            bs[i] = new BigInteger((int) sizes[i], rnd).setBit((int) sizes[i] - 1);
        }
        double[][] wall = new double[2][n], cpu = new double[2][n];
        double[] fl = new double[n];
        for (double[] x : wall) java.util.Arrays.fill(x, 1e18);
        for (double[] x : cpu) java.util.Arrays.fill(x, 1e18);
        java.util.Arrays.fill(fl, 1e18);
        // warm-up
        for (int w = 0; w < 3; w++) for (int v = 0; v < 2; v++) for (int i = 0; i < n; i++) {
            int reps = (int) Math.max(1, Math.min(200, 3e6 / sizes[i]));
            for (int k = 0; k < reps; k++) mul[v].invoke(null, as[i], bs[i], opts[v]);
        }
        for (int r = 0; r < rounds; r++) {
            System.out.println("# round " + (r + 1) + ", load " + load());
            Process p = new ProcessBuilder(flint, "1", "intmul").redirectErrorStream(true).start();
            try (BufferedReader br = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
                for (String line; (line = br.readLine()) != null; ) {
                    if (line.startsWith("fmpz_mul ")) {
                        String[] t = line.trim().split("\\s+");
                        long bits = Long.parseLong(t[1]);
                        double ms = Double.parseDouble(t[3]);
                        for (int i = 0; i < n; i++) if (sizes[i] == bits) fl[i] = Math.min(fl[i], ms);
                    }
                }
            }
            p.waitFor();
            for (int v = 0; v < 2; v++) {
                for (int i = 0; i < n; i++) {
                    // batch to >= ~10 ms like the harness, best of 3 batches
                    int batch = (int) Math.max(1, Math.min(2000, 1e7 / (sizes[i] * Math.log(sizes[i]))));
                    for (int b3 = 0; b3 < 3; b3++) {
                        long w0 = System.nanoTime(), c0 = MX.getCurrentThreadCpuTime();
                        for (int k = 0; k < batch; k++) mul[v].invoke(null, as[i], bs[i], opts[v]);
                        long w1 = System.nanoTime(), c1 = MX.getCurrentThreadCpuTime();
                        wall[v][i] = Math.min(wall[v][i], (w1 - w0) / 1e6 / batch);
                        cpu[v][i] = Math.min(cpu[v][i], (c1 - c0) / 1e6 / batch);
                    }
                }
            }
        }
        System.out.println("# minima over " + rounds + " rounds, load " + load());
        System.out.println("bits,flint_fmpz_mul_ms,before_wall_ms,after_wall_ms,before_cpu_ms,after_cpu_ms,before/flint,after/flint,after/before_cpu");
        for (int i = 0; i < n; i++) {
            System.out.printf("%d,%.4f,%.4f,%.4f,%.4f,%.4f,%.2f,%.2f,%.3f%n", sizes[i], fl[i], wall[0][i], wall[1][i],
                    cpu[0][i], cpu[1][i], wall[0][i] / fl[i], wall[1][i] / fl[i], cpu[1][i] / cpu[0][i]);
        }
    }
    static String load() {
        try { return new String(java.nio.file.Files.readAllBytes(Path.of("/proc/loadavg"))).trim(); } catch (Exception e) { return "?"; }
    }
}
