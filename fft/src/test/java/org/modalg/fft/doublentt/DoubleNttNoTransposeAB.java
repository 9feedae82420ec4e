package org.modalg.fft.doublentt;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.Random;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/**
 * Not a test: a prototype of the cyclic convolution of {@link DoubleNttPlan} without the
 * transpose (issue 14 item 3, fft/BENCHMARKS.md section (j)), against the plan's
 * {@code convolution}, alternately in one JVM, one thread, this thread's CPU time
 * (ThreadMXBean), minima and medians over rounds. Measured slower (1.3-2x): kept as the record
 * of what was tried, not wired into the plan.
 *
 * <p>The prototype keeps the coefficients in rows (R' = R / 2^k rows of C' = C 2^k, coefficient
 * j = r C' + c; {@code -Dk=0} is the plan's split) and runs the column transforms as the plan
 * does ({@code DoubleNttKernels.forwardColumns} across rows). Then, row by row while the row
 * sits in L1: the twist and the first length-C' level in one loop (T (x + G y), T (x - G y), T
 * the row's vector theta_s^c from two tables, G = theta_s^(C'/2) a scalar), the levels of
 * distance C'/4 .. D inside the row (x[j], x[j + h] of one array, a scalar twiddle per block),
 * then a four-step inside the row: the row is dealt into D sub-arrays of S = C'/D (entry D q + i
 * to i S + q) in a scratch row, twisted by rho_q^i (rho_q = omega_C'^rev_S(q)), and the last
 * log2 D levels run as a cyclic length-D transform across the sub-arrays (scalar twiddles,
 * loops S long). For a convolution the rows of both operands are transformed, multiplied (in
 * the first inverse level) and inverted in the same visit to the row; then the inverse column
 * transforms. The result is checked residue for residue against the plan's convolution at
 * every length before any timing (so the spectrum order, which differs, never shows).
 * Run: java [-Dk=0] [-Dseed=...] -cp fft/target/classes:fft/target/test-classes:fields/target/classes \
 *      org.modalg.fft.doublentt.DoubleNttNoTransposeAB [lo hi rounds D,D,...] (D = 0: 2^floor(log2 C' / 2))
 */
public final class DoubleNttNoTransposeAB {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private final DoubleNttPlan plan;
    private final long p;
    private final double pd;
    private final double pinv;
    private final int logR;
    private final int logC;
    private final int d;
    private final int logD;
    private final double[] colFwd;
    private final double[] colInv;
    private final double[] rowFwd;
    private final double[] rowInv;
    // per row s: theta_s^c1 (c1 < L), theta_s^(L c2) (c2 < C / L); inverse with 1/n folded in lo.
    private final double[][] loF;
    private final double[][] hiF;
    private final double[][] loI;
    private final double[][] hiI;
    private final double[] gF; // theta_s^(C/2)
    private final int logL;
    // rho[i S + q] = omega_C^(i rev_S(q)), the in-row twist; rhoInv its inverse
    private final double[] rho;
    private final double[] rhoInv;

    DoubleNttNoTransposeAB(DoubleNttPlan plan, int d) throws Exception {
        this(plan, d, 0);
    }

    // rows C << k long (R >> k rows) instead of the plan's split
    private final int rowsK;
    private final int colsK;

    DoubleNttNoTransposeAB(DoubleNttPlan plan, int d, int k) throws Exception {
        this.plan = plan;
        this.p = plan.p();
        this.pd = p;
        this.pinv = 1.0 / p;
        this.logR = Integer.numberOfTrailingZeros(plan.rows()) - k;
        this.logC = Integer.numberOfTrailingZeros(plan.columns()) + k;
        this.rowsK = 1 << logR;
        this.colsK = 1 << logC;
        this.d = d <= 0 ? 1 << (logC / 2) : Math.min(d, colsK / 2);
        this.logD = Integer.numberOfTrailingZeros(this.d);
        colFwd = (double[]) field(plan, "colFwd");
        colInv = (double[]) field(plan, "colInv");
        ZpField f = ZpField.of(p);
        int n = plan.log2n();
        long w = NttPrimes.primitiveRootOfUnity(p, n);
        int r = rowsK;
        int c = colsK;
        long gC = f.pow(w, r / 2);
        rowFwd = table(f, gC, logC);
        rowInv = table(f, f.inv(gC), logC);
        logL = Math.max(Math.min(6, logC), logC - 2);
        int len = 1 << logL;
        int hiLen = c / len;
        loF = new double[r][len];
        hiF = new double[r][hiLen];
        loI = new double[r][len];
        hiI = new double[r][hiLen];
        gF = new double[r];
        long nInv = f.inv(1L << n);
        for (int s = 0; s < r; s++) {
            int kr = logR == 0 ? 0 : Integer.reverse(s) >>> (32 - logR);
            long theta = f.pow(w, kr);
            long ti = f.inv(theta);
            long v = 1;
            long vi = nInv;
            for (int j = 0; j < len; j++) {
                loF[s][j] = sym(v);
                loI[s][j] = sym(vi);
                v = f.mul(v, theta);
                vi = f.mul(vi, ti);
            }
            long tl = f.pow(theta, len);
            long tli = f.inv(tl);
            v = 1;
            vi = 1;
            for (int j = 0; j < hiLen; j++) {
                hiF[s][j] = sym(v);
                hiI[s][j] = sym(vi);
                v = f.mul(v, tl);
                vi = f.mul(vi, tli);
            }
            gF[s] = sym(f.pow(theta, c / 2));
        }
        int sLen = c / this.d;
        rho = new double[c];
        rhoInv = new double[c];
        long omegaC = f.pow(w, r);
        int logS = logC - logD;
        for (int q = 0; q < sLen; q++) {
            int rq = logS == 0 ? 0 : Integer.reverse(q) >>> (32 - logS);
            long base = f.pow(omegaC, rq);
            long bi = f.inv(base);
            long v = 1;
            long vi = 1;
            for (int i = 0; i < this.d; i++) {
                rho[i * sLen + q] = sym(v);
                rhoInv[i * sLen + q] = sym(vi);
                v = f.mul(v, base);
                vi = f.mul(vi, bi);
            }
        }
    }

    private double[] table(ZpField f, long g, int logLen) {
        int len = 1 << logLen;
        double[] t = new double[len];
        for (int k = 0; k < len; k++) {
            int e = logLen == 0 ? 0 : Integer.reverse(k) >>> (32 - logLen);
            t[k] = sym(f.pow(g, e));
        }
        return t;
    }

    private double sym(long v) {
        return v > p / 2 ? (double) (v - p) : (double) v;
    }

    /** a = a b mod x^n - 1; rows of a, b from aRows, bRows on zero; b destroyed. */
    void convolution(double[][] a, double[][] b, int aRows, int bRows) {
        int r = rowsK;
        int c = colsK;
        DoubleNttKernels.forwardColumns(a, logR, colFwd, false, 0, c, pd, pinv, aRows);
        if (b != a) {
            DoubleNttKernels.forwardColumns(b, logR, colFwd, false, 0, c, pd, pinv, bRows);
        }
        double[] fac = new double[c];
        double[] fac2 = new double[c];
        double[] sa = new double[c];
        double[] sb = new double[c];
        for (int s = 0; s < r; s++) {
            forwardTwistFactors(s, fac);
            forwardRow(a[s], sa, s, fac);
            if (b != a) {
                forwardRow(b[s], sb, s, fac);
            } else {
                System.arraycopy(sa, 0, sb, 0, c);
            }
            inverseRow(sa, sb, a[s], s, fac, fac2);
        }
        DoubleNttKernels.inverseColumns(a, logR, colInv, false, 0, c, pd, pinv);
    }

    void forwardTwistFactors(int s, double[] fac) {
        int len = 1 << logL;
        int half = colsK / 2;
        double[] lo = loF[s];
        double[] hi = hiF[s];
        for (int c2 = 0, off = 0; off < half; c2++, off += len) {
            scaled(fac, off, lo, Math.min(len, half - off), hi[c2]);
        }
    }

    // t[off + j] = lo[j] g mod p
    private void scaled(double[] t, int off, double[] lo, int len, double g) {
        double np = -pd;
        double pi = pinv;
        for (int j = 0; j < len; j++) {
            double a = lo[j];
            double h = a * g;
            double q = Math.rint(h * pi);
            t[off + j] = Math.fma(q, np, h) + Math.fma(a, g, -h);
        }
    }

    // x: one coefficient row after the column levels; out: the row's spectrum (sub order).
    void forwardRow(double[] x, double[] out, int s, double[] fac) {
        int c = colsK;
        int half = c / 2;
        twisted(x, half, fac, gF[s], pd, pinv);
        for (int h = c / 4; h >= d; h >>= 1) {
            boolean lazy = (Integer.numberOfTrailingZeros(h) & 1) == 1;
            for (int b = 0, o = 0; o < c; b++, o += 2 * h) {
                if (lazy) {
                    fwdLazy(x, o, h, h, rowFwd[b], pd, pinv);
                } else {
                    fwd(x, o, h, h, rowFwd[b], pd, pinv);
                }
            }
        }
        int sLen = c / d;
        deal(x, out, d, sLen);
        pointwiseRange(out, rho, sLen, c, pd, pinv);
        for (int lh = logD - 1; lh >= 0; lh--) {
            int h = 1 << lh;
            boolean lazy = (lh & 1) == 1;
            for (int i = 0; i < d; i++) {
                if ((i & h) != 0) {
                    continue;
                }
                double w = rowFwd[i >> (lh + 1)];
                if (lazy) {
                    fwdLazy(out, i * sLen, h * sLen, sLen, w, pd, pinv);
                } else {
                    fwd(out, i * sLen, h * sLen, sLen, w, pd, pinv);
                }
            }
        }
    }

    // x[j] *= t[j] for j in [from, to)
    static void pointwiseRange(double[] x, double[] t, int from, int to, double p, double pinv) {
        double np = -p;
        for (int j = from; j < to; j++) {
            double a = x[j];
            double b = t[j];
            double h = a * b;
            double q = Math.rint(h * pinv);
            x[j] = Math.fma(q, np, h) + Math.fma(a, b, -h);
        }
    }

    // spectra sa (times sb) inverted into the coefficient row x (before the inverse column levels)
    void inverseRow(double[] sa, double[] sb, double[] x, int s, double[] t, double[] u) {
        int c = colsK;
        int sLen = c / d;
        for (int lh = 0; lh < logD; lh++) {
            int h = 1 << lh;
            for (int i = 0; i < d; i++) {
                if ((i & h) != 0) {
                    continue;
                }
                double w = rowInv[i >> (lh + 1)];
                if (lh == 0) {
                    invPointwise(sa, sb, i * sLen, h * sLen, sLen, w, pd, pinv);
                } else {
                    inv(sa, i * sLen, h * sLen, sLen, w, pd, pinv);
                }
            }
        }
        pointwiseRange(sa, rhoInv, sLen, c, pd, pinv);
        undeal(sa, x, d, sLen);
        for (int h = d; h <= c / 4; h <<= 1) {
            for (int b = 0, o = 0; o < c; b++, o += 2 * h) {
                inv(x, o, h, h, rowInv[b], pd, pinv);
            }
        }
        int half = c / 2;
        int len = 1 << logL;
        double[] lo = loI[s];
        double[] hi = hiI[s];
        for (int c2 = 0, off = 0; off < c; c2++, off += len) {
            if (off < half) {
                scaled(t, off, lo, len, hi[c2]);
            } else {
                scaled(u, off - half, lo, len, hi[c2]);
            }
        }
        invTwisted(x, half, t, u, pd, pinv);
    }

    static void deal(double[] x, double[] out, int d, int sLen) {
        for (int i = 0; i < d; i++) {
            int o = i * sLen;
            for (int q = 0; q < sLen; q++) {
                out[o + q] = x[q * d + i];
            }
        }
    }

    private static void undeal(double[] in, double[] x, int d, int sLen) {
        for (int i = 0; i < d; i++) {
            int o = i * sLen;
            for (int q = 0; q < sLen; q++) {
                x[q * d + i] = in[o + q];
            }
        }
    }

    // ---- kernels (same arithmetic as DoubleNttKernels; offsets into one array) ----

    static void twisted(double[] x, int half, double[] t, double g, double p, double pinv) {
        double np = -p;
        for (int j = 0; j < half; j++) {
            double a = x[j];
            double b = x[j + half];
            double f = t[j];
            double h = b * g;
            double q = Math.rint(h * pinv);
            b = Math.fma(q, np, h) + Math.fma(b, g, -h);
            double s = a + b;
            double e = a - b;
            h = s * f;
            q = Math.rint(h * pinv);
            x[j] = Math.fma(q, np, h) + Math.fma(s, f, -h);
            h = e * f;
            q = Math.rint(h * pinv);
            x[j + half] = Math.fma(q, np, h) + Math.fma(e, f, -h);
        }
    }

    static void invTwisted(double[] x, int half, double[] t, double[] u, double p, double pinv) {
        double np = -p;
        for (int j = 0; j < half; j++) {
            double a = x[j];
            double b = x[j + half];
            double f = t[j];
            double e = u[j];
            double s = a + b;
            double dd = a - b;
            double h = s * f;
            double q = Math.rint(h * pinv);
            x[j] = Math.fma(q, np, h) + Math.fma(s, f, -h);
            h = dd * e;
            q = Math.rint(h * pinv);
            x[j + half] = Math.fma(q, np, h) + Math.fma(dd, e, -h);
        }
    }

    static void fwd(double[] x, int o, int h, int len, double w, double p, double pinv) {
        double wp = w * pinv;
        double np = -p;
        for (int j = o; j < o + len; j++) {
            double a = x[j];
            double b = x[j + h];
            a = Math.fma(Math.rint(a * pinv), np, a);
            double hh = b * w;
            double q = Math.rint(b * wp);
            double r = Math.fma(q, np, hh) + Math.fma(b, w, -hh);
            x[j] = a + r;
            x[j + h] = a - r;
        }
    }

    static void fwdLazy(double[] x, int o, int h, int len, double w, double p, double pinv) {
        double wp = w * pinv;
        double np = -p;
        for (int j = o; j < o + len; j++) {
            double a = x[j];
            double b = x[j + h];
            double hh = b * w;
            double q = Math.rint(b * wp);
            double r = Math.fma(q, np, hh) + Math.fma(b, w, -hh);
            x[j] = a + r;
            x[j + h] = a - r;
        }
    }

    static void inv(double[] x, int o, int h, int len, double w, double p, double pinv) {
        double wp = w * pinv;
        double np = -p;
        for (int j = o; j < o + len; j++) {
            double a = x[j];
            double b = x[j + h];
            double s = a + b;
            double dd = a - b;
            x[j] = Math.fma(Math.rint(s * pinv), np, s);
            double hh = dd * w;
            double q = Math.rint(dd * wp);
            x[j + h] = Math.fma(q, np, hh) + Math.fma(dd, w, -hh);
        }
    }

    static void invPointwise(double[] x, double[] v, int o, int dist, int len, double w, double p,
            double pinv) {
        double np = -p;
        for (int j = o; j < o + len; j++) {
            double a = x[j];
            double e = v[j];
            double b = x[j + dist];
            double c = v[j + dist];
            double h = a * e;
            double q = Math.rint(h * pinv);
            a = Math.fma(q, np, h) + Math.fma(a, e, -h);
            double h2 = b * c;
            double q2 = Math.rint(h2 * pinv);
            b = Math.fma(q2, np, h2) + Math.fma(b, c, -h2);
            double s = a + b;
            double dd = a - b;
            x[j] = Math.fma(Math.rint(s * pinv), np, s);
            double h3 = dd * w;
            double q3 = Math.rint(h3 * pinv);
            x[j + dist] = Math.fma(q3, np, h3) + Math.fma(dd, w, -h3);
        }
    }

    // ---- harness ----

    public static void main(String[] args) throws Exception {
        int lo = args.length > 0 ? Integer.parseInt(args[0]) : 14;
        int hi = args.length > 1 ? Integer.parseInt(args[1]) : 22;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        int[] ds = args.length > 3 ? Arrays.stream(args[3].split(",")).mapToInt(Integer::parseInt).toArray()
                : new int[] {16};
        long p = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
        System.out.println("# k " + K_SHIFT + " (rows C 2^k long)");
        long seed = Long.getLong("seed", System.nanoTime());
        System.out.println("# seed " + seed + ", p " + p);
        Random rnd = new Random(seed);
        for (int lg = lo; lg <= hi; lg++) {
            for (int dd : ds) {
                check(p, lg, dd, rnd);
            }
        }
        for (int w = 0; w < 3; w++) {
            for (int lg = lo; lg <= Math.min(hi, 16); lg++) {
                for (int dd : ds) {
                    time(p, lg, dd, rnd, 3);
                }
            }
        }
        System.out.println("log2n,D,plan_min,plan_median,notr_min,notr_median (ns per point),ratio_min,ratio_median,load");
        for (int lg = lo; lg <= hi; lg++) {
            int reps = (int) Math.max(2, Math.min(50, 4e6 / (1L << lg)));
            for (int dd : ds) {
                double[][] t = new double[2][rounds];
                for (int r = 0; r < rounds; r++) {
                    double[] x = time(p, lg, dd, rnd, reps);
                    t[0][r] = x[0];
                    t[1][r] = x[1];
                }
                Arrays.sort(t[0]);
                Arrays.sort(t[1]);
                double n = 1L << lg;
                System.out.printf("%d,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.1f%n", lg, dd, t[0][0] / n,
                        t[0][rounds / 2] / n, t[1][0] / n, t[1][rounds / 2] / n, t[1][0] / t[0][0],
                        t[1][rounds / 2] / t[0][rounds / 2], load());
            }
        }
    }

    static final int K_SHIFT = Integer.getInteger("k", 0);

    static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static void check(long p, int lg, int dd, Random rnd) throws Exception {
        DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
        DoubleNttNoTransposeAB proto = new DoubleNttNoTransposeAB(plan, dd, K_SHIFT);
        int half = plan.rows() / 2;
        double[][] a = plan.newCoefficients();
        double[][] b = plan.newCoefficients();
        fill(a, p, rnd, half);
        fill(b, p, rnd, half);
        double[][] a2 = reshape(a, proto.rowsK);
        double[][] b2 = reshape(b, proto.rowsK);
        plan.convolution(a, b, false, null, half, half);
        proto.convolution(a2, b2, proto.rowsK / 2, proto.rowsK / 2);
        a2 = reshape(a2, a.length);
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                if (DoubleNttPlan.residue(a[i][j], p) != DoubleNttPlan.residue(a2[i][j], p)) {
                    throw new AssertionError("2^" + lg + " D=" + dd + ": differs at " + i + "," + j);
                }
            }
        }
    }

    private static final java.util.Map<String, double[][][]> BUF = new java.util.HashMap<>();

    // {plan, prototype} minimum ns of reps convolutions each, alternated.
    private static double[] time(long p, int lg, int dd, Random rnd, int reps) throws Exception {
        DoubleNttPlan plan = DoubleNttPlan.of(p, lg);
        DoubleNttNoTransposeAB proto = new DoubleNttNoTransposeAB(plan, dd, K_SHIFT);
        int half = plan.rows() / 2;
        double[][][] m = BUF.computeIfAbsent(lg + "", k -> new double[][][] {plan.newCoefficients(),
            plan.newCoefficients()});
        double[][][] mk = BUF.computeIfAbsent(lg + "k", k -> new double[][][] {
            new double[proto.rowsK][proto.colsK], new double[proto.rowsK][proto.colsK]});
        double[] best = {Double.MAX_VALUE, Double.MAX_VALUE};
        for (int r = 0; r < reps; r++) {
            for (int which = 0; which < 2; which++) {
                double[][][] mm = which == 0 ? m : mk;
                int hh = mm[0].length / 2;
                fill(mm[0], p, rnd, hh);
                fill(mm[1], p, rnd, hh);
                long t0 = MX.getCurrentThreadCpuTime();
                if (which == 0) {
                    plan.convolution(m[0], m[1], false, null, half, half);
                } else {
                    proto.convolution(mk[0], mk[1], hh, hh);
                }
                best[which] = Math.min(best[which], MX.getCurrentThreadCpuTime() - t0);
            }
        }
        return best;
    }

    private static double[][] reshape(double[][] m, int rows) {
        int n = m.length * m[0].length;
        double[][] out = new double[rows][n / rows];
        int cols = n / rows;
        for (int j = 0; j < n; j++) {
            out[j / cols][j % cols] = m[j / m[0].length][j % m[0].length];
        }
        return out;
    }

    private static void fill(double[][] m, long p, Random rnd, int rows) {
        for (int i = 0; i < m.length; i++) {
            double[] row = m[i];
            for (int j = 0; j < row.length; j++) {
                row[j] = i < rows ? Math.floorMod(rnd.nextLong(), p) : 0;
            }
        }
    }

    private static Object field(Object o, String name) throws Exception {
        Field f = o.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(o);
    }
}
