package org.modalg.fft.doublentt;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Random;
import org.modalg.fields.NttPrimes;

/**
 * Not a test: where the time of one {@link DoubleNttPlan} transform goes, one thread. For each
 * length 2^lo..2^hi (one prime, the largest below 2^50 with 2^28 | p - 1), after a warm-up of at
 * least {@code -Dbench.warmup=1000} ms over all lengths: the minimum over repeats (each length
 * at least ~{@code -Dbench.ms=300} ms of work) of the forward transform, the inverse, the
 * pointwise product and a convolution (two forwards with half-zero operands, pointwise product
 * fused into the inverse), in ns per point; and the split of a cyclic forward transform between
 * its passes, timed pass by pass through the plan's package-private stages: the column levels
 * (length R, along the coefficient rows), the transpose, the twist, the row levels (length C,
 * along the spectrum rows), and a memory floor (one read and write of every double,
 * {@code System.arraycopy} row by row). Times are this thread's CPU time (ThreadMXBean), so that
 * time spent descheduled on a shared machine is not counted. Run:
 * java -cp fft/target/classes:fft/target/test-classes:fields/target/classes \
 *      org.modalg.fft.doublentt.DoubleNttProfile [lo hi]
 */
public final class DoubleNttProfile {
    private DoubleNttProfile() {
    }

    public static void main(String[] args) throws Exception {
        int lo = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        int hi = args.length > 1 ? Integer.parseInt(args[1]) : 22;
        long warm = Long.getLong("bench.warmup", 1000);
        long budget = Long.getLong("bench.ms", 300);
        long p = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
        Random rnd = new Random(1);
        long until = System.nanoTime() + warm * 1_000_000L;
        while (System.nanoTime() < until) {
            for (int lg = lo; lg <= Math.min(hi, 18); lg++) {
                measure(p, lg, rnd, 1);
            }
        }
        System.out.println("# ns per point, minimum of repeats");
        System.out.println("log2n,forward,inverse,pointwise,convolution,fwd_ns_per_butterfly,"
                + "columns,transpose,twist,rows,sum,memory_pass");
        for (int lg = lo; lg <= hi; lg++) {
            double n = 1L << lg;
            int reps = (int) Math.max(5, Math.min(2000, budget * 1e6 / (n * lg * 2.0) / 4));
            double[] t = measure(p, lg, rnd, reps);
            double[] s = split(p, lg, rnd, reps);
            double mem = copyPass(lg) / n;
            System.out.printf("%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f%n", lg,
                    t[0] / n, t[1] / n, t[2] / n, t[3] / n, t[0] / (n / 2 * lg), s[0] / n, s[1] / n, s[2] / n,
                    s[3] / n, (s[0] + s[1] + s[2] + s[3]) / n, mem);
        }
    }

    // {forward, inverse, pointwise, convolution} minimum ns
    private static double[] measure(long p, int lg, Random rnd, int reps) {
        DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
        double[][] m = plan.newCoefficients();
        double[][] m2 = plan.newCoefficients();
        double[][] s = plan.newSpectrum();
        double[][] s2 = plan.newSpectrum();
        fill(m, p, rnd, plan.rows());
        plan.forward(m, s2, false, null);
        double[] best = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        for (int r = 0; r < reps; r++) {
            fill(m, p, rnd, plan.rows());
            long t0 = cpu();
            plan.forward(m, s, false, null);
            long t1 = cpu();
            plan.pointwise(s, s2, null);
            long t2 = cpu();
            plan.inverse(s, m, false, null);
            long t3 = cpu();
            fill(m, p, rnd, plan.rows() / 2);
            fill(m2, p, rnd, plan.rows() / 2);
            long t4 = cpu();
            plan.convolution(m, m2, false, null, plan.rows() / 2, plan.rows() / 2);
            long t5 = cpu();
            best[0] = Math.min(best[0], t1 - t0);
            best[1] = Math.min(best[1], t3 - t2);
            best[2] = Math.min(best[2], t2 - t1);
            best[3] = Math.min(best[3], t5 - t4);
        }
        return best;
    }

    private static void fill(double[][] m, long p, Random rnd, int rows) {
        for (int i = 0; i < rows; i++) {
            double[] row = m[i];
            for (int j = 0; j < row.length; j++) {
                row[j] = Math.floorMod(rnd.nextLong(), p);
            }
        }
    }

    // The classic forward's passes timed one by one (the plan's private tables by reflection):
    // {columns, transpose, twist, rows} minimum ns.
    private static double[] split(long p, int lg, Random rnd, int reps) throws Exception {
        DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
        double[] colFwd = (double[]) field(plan, "colFwd");
        double[] rowFwd = (double[]) field(plan, "rowFwd");
        Object twist = field(plan, "cyclicTwist");
        Method lo = twist.getClass().getDeclaredMethod("fwdLo");
        Method hi = twist.getClass().getDeclaredMethod("fwdHi");
        lo.setAccessible(true);
        hi.setAccessible(true);
        double[][] tl = (double[][]) lo.invoke(twist);
        double[][] th = (double[][]) hi.invoke(twist);
        int r = plan.rows();
        int c = plan.columns();
        int logR = Integer.numberOfTrailingZeros(r);
        int logC = Integer.numberOfTrailingZeros(c);
        double pd = p;
        double pinv = 1.0 / p;
        double[][] m = plan.newCoefficients();
        double[][] s = plan.newSpectrum();
        double[] best = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        int mask = tl.length - 1;
        int shift = Integer.numberOfTrailingZeros(tl.length);
        for (int rep = 0; rep < reps; rep++) {
            fill(m, p, rnd, r);
            long t0 = cpu();
            DoubleNttKernels.forwardColumns(m, logR, colFwd, false, 0, c, pd, pinv, r);
            long t1 = cpu();
            DoubleNttKernels.transpose(m, s, 0, r);
            long t2 = cpu();
            for (int i = 0; i < c; i++) {
                DoubleNttKernels.twist(s[i], tl[i & mask], th[i >>> shift], 0, r, pd, pinv);
            }
            long t3 = cpu();
            DoubleNttKernels.forwardColumns(s, logC, rowFwd, false, 0, r, pd, pinv, c);
            long t4 = cpu();
            best[0] = Math.min(best[0], t1 - t0);
            best[1] = Math.min(best[1], t2 - t1);
            best[2] = Math.min(best[2], t3 - t2);
            best[3] = Math.min(best[3], t4 - t3);
        }
        return best;
    }

    private static final java.lang.management.ThreadMXBean MX =
            java.lang.management.ManagementFactory.getThreadMXBean();

    // This thread's CPU time, ns: on the shared machine, time spent descheduled is not counted.
    private static long cpu() {
        return MX.getCurrentThreadCpuTime();
    }

    private static Object field(Object o, String name) throws Exception {
        Field f = o.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(o);
    }

    // One read + write of n doubles (rows of the plan's shape), best of several, ns.
    private static double copyPass(int lg) {
        int logC = (lg + 1) / 2;
        int rows = 1 << (lg - logC);
        int cols = 1 << logC;
        double[][] a = new double[rows][cols];
        double[][] b = new double[rows][cols];
        for (double[] row : a) {
            java.util.Arrays.fill(row, 1.0);
        }
        long best = Long.MAX_VALUE;
        int reps = Math.max(5, Math.min(200, (int) (20e6 / (1L << lg))));
        for (int r = 0; r < reps; r++) {
            long t0 = cpu();
            for (int i = 0; i < rows; i++) {
                System.arraycopy(a[i], 0, b[i], 0, cols);
            }
            best = Math.min(best, cpu() - t0);
            double[][] x = a;
            a = b;
            b = x;
        }
        return best;
    }
}
