package org.modalg.polynomial.zp;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.PolyOracles;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.gf.PolyMulGf;
import org.modalg.polynomial.zz.PolyMulZZ;

/**
 * Measures the crossovers behind the defaults of {@link Tuning}. Not a test: run it with
 * <pre>
 * mvn -q -o -pl fields,fft,polynomial -am test-compile
 * java -cp polynomial/target/classes:polynomial/target/test-classes:fields/target/classes \
 *      org.modalg.polynomial.zp.TuningCrossover [zz|zp|gf|div|series|all] [samples]
 * </pre>
 * Every figure is the minimum over {@code samples} (default 7) timed batches of about 20 ms,
 * after a warm-up, in microseconds per operation; the minimum is the figure least disturbed
 * by other load on a shared machine. For a cut-off n the "one level" column is Karatsuba
 * with cut-off n, i.e. one split with classical halves: Karatsuba should start at the
 * smallest n from which that beats classical consistently.
 */
public final class TuningCrossover {
    private static int samples = 7;
    private static boolean warmUp;

    private TuningCrossover() {
    }

    private static void out(Object x) {
        if (!warmUp) {
            System.out.println(x);
        }
    }

    private static void outf(String fmt, Object... args) {
        if (!warmUp) {
            System.out.printf(fmt, args);
        }
    }

    public static void main(String[] args) {
        String what = args.length > 0 ? args[0] : "all";
        if (args.length > 1) {
            samples = Integer.parseInt(args[1]);
        }
        System.out.println("# java " + System.getProperty("java.version") + ", "
                + Runtime.getRuntime().availableProcessors() + " cpus, " + samples + " samples (min)");
        // Each section runs twice: a silent pass that lets the JIT compile every kernel at every
        // size, then the measured pass.
        for (boolean measure : new boolean[] {false, true}) {
            warmUp = !measure;
            if (what.equals("zz") || what.equals("all")) {
                zz();
            }
            if (what.equals("zp") || what.equals("all")) {
                zp();
            }
            if (what.equals("gf") || what.equals("all")) {
                gf();
            }
            if (what.equals("div") || what.equals("all")) {
                div();
            }
            if (what.equals("series") || what.equals("all")) {
                series();
            }
        }
    }

    /** Minimum over the samples of the time per call of r, in microseconds. */
    static double time(Runnable r) {
        if (warmUp) {
            long t = System.nanoTime();
            while (System.nanoTime() - t < 30_000_000L) {
                r.run();
            }
            return 1;
        }
        long t0 = System.nanoTime();
        int reps = 0;
        while (System.nanoTime() - t0 < 60_000_000L || reps < 3) { // warm-up and calibration
            r.run();
            reps++;
        }
        long per = Math.max(1, (System.nanoTime() - t0) / reps);
        int batch = (int) Math.max(1, 20_000_000L / per);
        double best = Double.MAX_VALUE;
        for (int s = 0; s < samples; s++) {
            long a = System.nanoTime();
            for (int i = 0; i < batch; i++) {
                r.run();
            }
            best = Math.min(best, (System.nanoTime() - a) / 1e3 / batch);
        }
        return best;
    }

    static void zz() {
        Random rnd = new Random(1);
        out("\n## Z[x]: classical vs one Karatsuba level (us per product), balanced lengths n");
        out("bits  n  classical  karatsuba1  ratio");
        for (int bits : new int[] {64, 128, 256, 512, 1024, 4096}) {
            for (int n : new int[] {2, 4, 6, 8, 10, 12, 14, 16, 20, 24, 32, 64}) {
                BigInteger[] a = PolyOracles.randomZZ(rnd, n, bits);
                BigInteger[] b = PolyOracles.randomZZ(rnd, n, bits);
                for (int i = 0; i < n; i++) { // full-size coefficients, random signs
                    a[i] = a[i].setBit(bits - 1);
                    b[i] = b[i].setBit(bits - 1);
                }
                BigInteger[] c = new BigInteger[2 * n - 1];
                double tc = time(() -> PolyMulZZ.mulClassical(a, 0, n, b, 0, n, c, 0));
                double tk = time(() -> PolyMulZZ.mulKaratsuba(a, 0, n, b, 0, n, c, 0, n));
                outf("%5d %3d %10.2f %10.2f %6.2f%n", bits, n, tc, tk, tc / tk);
            }
        }
    }

    static void zp() {
        Random rnd = new Random(2);
        out("\n## Z/p[x]: classical vs one Karatsuba level (us per product), balanced lengths n");
        out("pbits   n  classical  karatsuba1  ratio");
        for (long p : new long[] {NttPrimes.largestBelow(1L << 62, 30), 998244353L}) {
            ZpField f = ZpField.of(p);
            for (int n : new int[] {16, 24, 32, 40, 48, 56, 64, 80, 96, 128, 256}) {
                long[] a = new long[n];
                long[] b = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = f.random(rnd);
                    b[i] = f.random(rnd);
                }
                long[] c = new long[2 * n - 1];
                long[] s = new long[PolyMulZp.karatsubaScratchLength(n, n)];
                double tc = time(() -> PolyMulZp.mulClassical(f, a, 0, n, b, 0, n, c, 0));
                double tk = time(() -> PolyMulZp.mulKaratsubaBalanced(f, a, 0, b, 0, n, c, 0, s, 0, n));
                outf("%5d %4d %10.2f %10.2f %6.2f%n", 64 - Long.numberOfLeadingZeros(p), n, tc, tk,
                        tc / tk);
            }
        }
    }

    static void gf() {
        Random rnd = new Random(3);
        out("\n## GF(r^k+1)[x]: classical vs one Karatsuba level (us per product), balanced lengths n");
        out("field    n  classical  karatsuba1  ratio");
        for (GfPreset preset : new GfPreset[] {GfPreset.GF4, GfPreset.SRGF8, GfPreset.GF16, GfPreset.GF64, GfPreset.GF128}) {
            GfField f = preset.field();
            GfArithmetic ar = f.arithmetic();
            GfArithmetic.Workspace ws = ar.newWorkspace();
            int k = f.k();
            for (int n : new int[] {2, 3, 4, 5, 6, 8, 12}) {
                long[] a = new long[n * k];
                long[] b = new long[n * k];
                for (int i = 0; i < n; i++) {
                    System.arraycopy(f.random(rnd), 0, a, i * k, k);
                    System.arraycopy(f.random(rnd), 0, b, i * k, k);
                }
                long[] c = new long[(2 * n - 1) * k];
                double tc = time(() -> PolyMulGf.mulClassical(ar, a, 0, n, b, 0, n, c, 0, ws));
                double tk = time(() -> PolyMulGf.mulKaratsuba(ar, a, 0, n, b, 0, n, c, 0, ws, n));
                outf("%-7s %3d %10.2f %10.2f %6.2f%n", preset, n, tc, tk, tc / tk);
            }
        }
    }

    static void div() {
        Random rnd = new Random(4);
        ZpField f = ZpField.of(NttPrimes.largestBelow(1L << 62, 30));
        out("\n## Z/p[x]: classical vs Newton division, dividend length 2n, divisor length n (us)");
        out("   n  classical  newton  ratio");
        for (int n : new int[] {256, 512, 768, 1024, 1280, 1536, 2048, 4096}) {
            long[] a = new long[2 * n];
            long[] b = new long[n];
            for (int i = 0; i < 2 * n; i++) {
                a[i] = f.random(rnd);
            }
            for (int i = 0; i < n; i++) {
                b[i] = f.random(rnd);
            }
            b[n - 1] = 1 + rnd.nextInt(1000);
            long[] q = new long[n + 1];
            long[] r = new long[2 * n];
            double tc = time(() -> PolyDivZp.divRemClassical(f, a, 0, 2 * n, b, 0, n, q, 0, r, 0));
            double tn = time(() -> PolyDivZp.divRemNewton(f, a, 0, 2 * n, b, 0, n, q, 0, r, 0));
            outf("%5d %10.1f %8.1f %6.2f%n", n, tc, tn, tc / tn);
        }
    }

    static void series() {
        Random rnd = new Random(5);
        ZpField f = ZpField.of(NttPrimes.largestBelow(1L << 62, 30));
        out("\n## Z/p[x]: inverse series mod x^n, time (us) by base-case cut-off t (n+1 = recurrence only)");
        int[] ts = {256, 512, 768, 1024, 1536};
        StringBuilder h = new StringBuilder("    n  recurrence");
        for (int t : ts) {
            h.append(String.format(" %8s", "t=" + t));
        }
        out(h);
        for (int n : new int[] {256, 512, 768, 1024, 1536, 2048, 4096}) {
            long[] a = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = f.random(rnd);
            }
            a[0] = 1 + rnd.nextInt(1000);
            long[] g = new long[n];
            StringBuilder line = new StringBuilder(String.format("%5d %10.1f", n,
                    time(() -> PolyDivZp.inverseSeriesClassical(f, a, 0, n, n, g, 0))));
            for (int t : ts) {
                System.setProperty("modalg.poly.zpSeriesNewton", Integer.toString(t));
                line.append(String.format(" %8.1f", time(() -> PolyDivZp.inverseSeries(f, a, 0, n, n, g, 0))));
            }
            System.clearProperty("modalg.poly.zpSeriesNewton");
            out(line);
        }
    }
}
