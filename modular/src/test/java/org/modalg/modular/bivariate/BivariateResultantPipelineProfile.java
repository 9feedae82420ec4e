package org.modalg.modular.bivariate;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Not a test: the pipelined bivariate resultant against the same run without the pipeline, in
 * one JVM, alternately (off, on, off, on, ...), on dense inputs of total degree d with b-bit
 * coefficients and random signs (the shape of {@code modalg study bivariate}; seeded by the
 * row, printed). Prints the wall clock of every call, the medians, the load average before and
 * after, and the last report of each mode.
 *
 * <pre>
 * d bits rounds [threads [backend]]   e.g. 80 16 5 2 cpu
 * </pre>
 */
public final class BivariateResultantPipelineProfile {

    private BivariateResultantPipelineProfile() {
    }

    static ZZBivariate dense(Random rnd, int d, int bits) {
        BigInteger[][] grid = new BigInteger[d + 1][d + 1];
        for (int i = 0; i <= d; i++) {
            for (int j = 0; j <= d; j++) {
                BigInteger v = i + j <= d ? new BigInteger(bits, rnd) : BigInteger.ZERO;
                grid[i][j] = rnd.nextBoolean() ? v.negate() : v;
            }
        }
        return ZZBivariate.ofGrid(grid);
    }

    private static double median(List<Double> xs) {
        double[] a = xs.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    private static String load() {
        try {
            return new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).trim();
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    public static void main(String[] args) {
        int d = Integer.parseInt(args[0]);
        int bits = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        Backend backend = args.length > 4 ? Backend.parse(args[4]) : Backend.CPU;
        long seed = 1000L * d + bits;
        Random rnd = new Random(seed);
        ZZBivariate f = dense(rnd, d, bits);
        ZZBivariate g = dense(rnd, d, bits);
        Options o = Options.defaults().withBackend(backend).withThreads(threads);
        System.out.println("d " + d + ", " + bits + " bits, seed " + seed + ", " + threads + " threads, " + backend
                + ", load before " + load());
        List<Double> off = new ArrayList<>();
        List<Double> on = new ArrayList<>();
        ModularResult<ZZPoly> lastOff = null;
        ModularResult<ZZPoly> lastOn = null;
        ZZPoly want = null;
        for (int r = -1; r < rounds; r++) { // round -1: warm-up, not counted
            for (int mode : new int[] {BivariateResultant.PIPELINE_OFF, BivariateResultant.PIPELINE_ON}) {
                long t0 = System.nanoTime();
                ModularResult<ZZPoly> res = BivariateResultant.resultant(f, g, o, BivariateResultant.Points.AUTO,
                        mode);
                double ms = (System.nanoTime() - t0) / 1e6;
                if (want == null) {
                    want = res.value();
                } else if (!want.equals(res.value())) {
                    throw new IllegalStateException("the pipelined and unpipelined results differ");
                }
                String name = mode == BivariateResultant.PIPELINE_OFF ? "off" : "on";
                System.out.printf(Locale.ROOT, "round %d %s %.1f ms%n", r, name, ms);
                if (r >= 0) {
                    (mode == BivariateResultant.PIPELINE_OFF ? off : on).add(ms);
                }
                if (mode == BivariateResultant.PIPELINE_OFF) {
                    lastOff = res;
                } else {
                    lastOn = res;
                }
            }
        }
        System.out.printf(Locale.ROOT, "median off %.1f ms, on %.1f ms, on / off %.3f; load after %s%n", median(off),
                median(on), median(on) / median(off), load());
        System.out.println("off: " + lastOff.report());
        System.out.println("on: " + lastOn.report());
    }
}
