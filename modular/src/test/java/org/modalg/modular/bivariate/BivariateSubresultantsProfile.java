package org.modalg.modular.bivariate;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.modalg.fft.Options;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * Not a test: the Euclid route of {@link BivariateSubresultants} against the determinantal one on
 * dense inputs of total degree d with coefficients of exactly b bits ({@link BivariateGcdProfile#dense},
 * seeded by the row), alternately in one JVM, one thread each; every pair of results compared.
 *
 * <pre>
 * d bits rounds what     what: chain (all S_j), index:J (S_J alone), principal (Euclid only:
 *                        the principal coefficients; no determinantal peer)
 * </pre>
 *
 * {@code -DnoPeer=true} leaves out the determinantal route (its whole chain at d = 40 takes tens of
 * minutes). Prints each round's CPU time of the calling thread (the whole run with one thread: images,
 * interpolation and CRT all run on it) and wall-clock ms of both routes, and the medians of the
 * CPU times (the first round is a warm-up and not counted when rounds &gt; 1): on a loaded machine
 * the thread's own clock is the steadier figure.
 */
public final class BivariateSubresultantsProfile {
    private BivariateSubresultantsProfile() {
    }

    public static void main(String[] args) {
        int d = Integer.parseInt(args[0]);
        int bits = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        String what = args[3];
        Random r = new Random(1000L * d + bits);
        ZZBivariate f = BivariateGcdProfile.dense(r, d, bits);
        ZZBivariate g = BivariateGcdProfile.dense(r, d, bits);
        Options one = Options.defaults().withThreads(1);
        Supplier<Object> euclid;
        Supplier<Object> det;
        if (what.equals("chain")) {
            euclid = () -> BivariateSubresultants.chainEuclid(f, g, one).value();
            det = () -> BivariateSubresultants.chainDeterminantal(f, g, one);
        } else if (what.startsWith("index:")) {
            int j = Integer.parseInt(what.substring(6));
            euclid = () -> BivariateSubresultants.subresultantEuclid(f, g, j, one).value();
            det = () -> BivariateSubresultants.subresultantDeterminantal(f, g, j, one).value();
        } else if (what.equals("principal")) {
            euclid = () -> BivariateSubresultants.principalCoefficients(f, g, one).value();
            det = null;
        } else {
            throw new IllegalArgumentException("what must be chain, index:J or principal, got " + what);
        }
        if (Boolean.getBoolean("noPeer")) {
            det = null;
        }
        System.out.println("d=" + d + " bits=" + bits + " " + what + "; the Euclid route's chain: "
                + BivariateSubresultants.chainEuclid(f, g, one).report());
        List<Double> te = new ArrayList<>();
        List<Double> td = new ArrayList<>();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int round = 0; round < rounds; round++) {
            long w0 = System.nanoTime();
            long t0 = mx.getCurrentThreadCpuTime();
            Object a = euclid.get();
            double e = (mx.getCurrentThreadCpuTime() - t0) / 1e6;
            String line = String.format("round %d: euclid %.1f ms (wall %.1f)", round, e, (System.nanoTime() - w0) / 1e6);
            if (det != null) {
                w0 = System.nanoTime();
                t0 = mx.getCurrentThreadCpuTime();
                Object b = det.get();
                double x = (mx.getCurrentThreadCpuTime() - t0) / 1e6;
                if (!a.equals(b)) {
                    throw new AssertionError("the routes differ at d=" + d + " bits=" + bits + " " + what);
                }
                line += String.format(", determinantal %.1f ms (wall %.1f), ratio %.1f", x,
                        (System.nanoTime() - w0) / 1e6, x / e);
                if (round > 0 || rounds == 1) {
                    td.add(x);
                }
            }
            if (round > 0 || rounds == 1) {
                te.add(e);
            }
            System.out.println(line);
        }
        double me = median(te);
        String s = String.format("median CPU: euclid %.1f ms", me);
        if (det != null) {
            double md = median(td);
            s += String.format(", determinantal %.1f ms, determinantal / euclid %.1f", md, md / me);
        }
        System.out.println(s);
    }

    private static double median(List<Double> v) {
        double[] a = v.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
