package org.modalg.polynomial.convolution;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;

/**
 * Not a test: Z[x] products ({@link ProductRowsTiming} rows, one thread, CPU backend) under
 * settings of the pipeline's package-private switches, alternately in one JVM: per round and
 * setting, the minimum of the thread's CPU time over {@code reps} products; prints each round
 * and the median of the rounds' minima, and with {@code -Dmodalg.pipeline.phases=true} each
 * setting's phases. Settings: {@code primesPerPass=G}, {@code zzNtt=N} (the property
 * {@code modalg.poly.zzNtt}: the length from which the NTT replaces Kronecker substitution),
 * comma-separated, or {@code default}. Run:
 * java -cp ... org.modalg.polynomial.convolution.ZZWideAB ROW ROUNDS REPS SETTING...
 */
public final class ZZWideAB {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        String row = args[0];
        int rounds = Integer.parseInt(args[1]);
        int reps = Integer.parseInt(args[2]);
        String[] settings = Arrays.copyOfRange(args, 3, args.length);
        Runnable product = ProductRowsTiming.product(row, Options.defaults().withThreads(1).withBackend(Backend.CPU));
        int defaultGroup = ConvolutionPlan.primesPerPass;
        System.out.println("# " + row + ", load " + PackResiduesAB.load());
        double[][] minima = new double[settings.length][rounds];
        // with -Dmodalg.pipeline.phases=true: each setting's phases, summed over its timed products
        long[][] phases = new long[settings.length][PipelinePhases.Phase.values().length];
        for (int warm = 0; warm < 2; warm++) {
            for (String s : settings) {
                apply(s, defaultGroup);
                for (int i = 0; i < reps; i++) {
                    product.run();
                }
            }
        }
        for (int r = 0; r < rounds; r++) {
            StringBuilder line = new StringBuilder("round " + r);
            for (int k = 0; k < settings.length; k++) {
                apply(settings[k], defaultGroup);
                double best = Double.MAX_VALUE;
                PipelinePhases.reset();
                for (int i = 0; i < reps; i++) {
                    long t = MX.getCurrentThreadCpuTime();
                    product.run();
                    best = Math.min(best, (MX.getCurrentThreadCpuTime() - t) / 1e6);
                }
                for (PipelinePhases.Phase p : PipelinePhases.Phase.values()) {
                    phases[k][p.ordinal()] += PipelinePhases.nanos(p);
                }
                minima[k][r] = best;
                line.append(String.format(" | %s %.2f", settings[k], best));
            }
            System.out.println(line);
        }
        for (int k = 0; k < settings.length; k++) {
            double[] m = minima[k].clone();
            Arrays.sort(m);
            System.out.printf("median %s %.2f ms (ratio to the first %.3f)%n", settings[k], m[rounds / 2],
                    m[rounds / 2] / median(minima[0]));
            if (PipelinePhases.ON) {
                StringBuilder line = new StringBuilder("  phases, mean ms per product:");
                for (PipelinePhases.Phase p : PipelinePhases.Phase.values()) {
                    line.append(String.format(" %s %.2f", p, phases[k][p.ordinal()] / 1e6 / rounds / reps));
                }
                System.out.println(line);
            }
        }
        System.out.println("# load " + PackResiduesAB.load());
    }

    private static double median(double[] x) {
        double[] m = x.clone();
        Arrays.sort(m);
        return m[m.length / 2];
    }

    private static void apply(String setting, int group) {
        ConvolutionPlan.primesPerPass = group;
        System.clearProperty("modalg.poly.zzNtt");
        for (String kv : setting.split(",")) {
            String[] f = kv.split("=");
            switch (f[0]) {
                case "primesPerPass" -> ConvolutionPlan.primesPerPass = Integer.parseInt(f[1]);
                case "zzNtt" -> System.setProperty("modalg.poly.zzNtt", f[1]);
                case "default" -> { }
                default -> throw new IllegalArgumentException("unknown setting " + kv);
            }
        }
    }
}
