package org.modalg.gpu.image;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateSubresultants;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@link BivariateSubresultants#principalCoefficients} on the GPU backend against the CPU backend
 * (modular/BENCHMARKS.md): for each (d, bits) of the arguments, the study's resultant input
 * ({@code FlintBivariateInputs.resultantInput} of the examples module, found on the class path),
 * runs alternating CPU and GPU after one warm-up of each, the median of each printed with the
 * report's phases; results checked equal.
 *
 * <p>Run from the GPU bundle: {@code jre/bin/java -cp "test-classes:lib/*"
 * org.modalg.gpu.image.PrincipalCoefficientsProfile THREADS RUNS d/bits ...}, e.g. {@code 16 3 80/16}.
 */
public final class PrincipalCoefficientsProfile {
    private PrincipalCoefficientsProfile() {
    }

    public static void main(String[] args) throws ReflectiveOperationException {
        int threads = Integer.parseInt(args[0]);
        int runs = Integer.parseInt(args[1]);
        Method input = Class.forName("org.modalg.examples.bench.peer.FlintBivariateInputs").getMethod("resultantInput",
                int.class, int.class);
        Options cpu = Options.defaults().withThreads(threads).withBackend(Backend.CPU);
        Options gpu = Options.defaults().withThreads(threads).withBackend(Backend.GPU);
        for (int a = 2; a < args.length; a++) {
            String[] db = args[a].split("/");
            int d = Integer.parseInt(db[0]);
            int bits = Integer.parseInt(db[1]);
            ZZBivariate[] in = (ZZBivariate[]) input.invoke(null, d, bits);
            List<ZZPoly> want = BivariateSubresultants.principalCoefficients(in[0], in[1], cpu).value();
            List<ZZPoly> warm = BivariateSubresultants.principalCoefficients(in[0], in[1], gpu).value();
            System.out.printf(Locale.ROOT, "d %d bits %d: warm-up %s%n", d, bits, warm.equals(want) ? "same"
                    : "DIFFERS");
            List<Double> tc = new ArrayList<>();
            List<Double> tg = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                ModularResult<List<ZZPoly>> c = BivariateSubresultants.principalCoefficients(in[0], in[1], cpu);
                tc.add((System.nanoTime() - t0) / 1e6);
                long t1 = System.nanoTime();
                ModularResult<List<ZZPoly>> g = BivariateSubresultants.principalCoefficients(in[0], in[1], gpu);
                tg.add((System.nanoTime() - t1) / 1e6);
                System.out.printf(Locale.ROOT, "d %d bits %d run %d: cpu %d threads %.1f ms %s; gpu %.1f ms %s %s%n",
                        d, bits, r, threads, tc.get(r), c.report().phaseNanos(), tg.get(r), g.report().phaseNanos(),
                        g.value().equals(want) && c.value().equals(want) ? "same" : "DIFFERS");
            }
            System.out.printf(Locale.ROOT, "d %d bits %d median: cpu %d threads %.1f ms, gpu %.1f ms, ratio %.2f%n", d,
                    bits, threads, median(tc), median(tg), median(tc) / median(tg));
        }
    }

    private static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        Collections.sort(s);
        return s.get(s.size() / 2);
    }
}
