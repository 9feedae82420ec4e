package org.modalg.gpu.image;

import java.lang.reflect.Method;
import java.util.Locale;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateResultant;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The bivariate resultant's device route split into its parts (modular/BENCHMARKS.md): for each
 * (d, bits) of the arguments, the study's input ({@code FlintBivariateInputs.resultantInput} of
 * the examples module, found on the class path), the CPU backend on the threads asked for once,
 * then the GPU backend with each coset kernel ({@value GpuImageEngine#BIVARIATE_KERNEL_PROPERTY}
 * = block, thread, thread32, or those of -Dprofile.kernels): one warm-up and the best of {@code runs} timed runs, each printed with the
 * report's phases and its images split (reduction, the engine's resultants and copies,
 * interpolation); results checked equal to the CPU's. With {@code -Dmodalg.bivariate.profile=true}
 * the engine also logs its device time per batch.
 *
 * <p>Run from the GPU bundle: {@code jre/bin/java -cp "test-classes:lib/*"
 * org.modalg.gpu.image.BivariateCosetProfile THREADS RUNS d/bits ...}, e.g. {@code 16 2 80/16 120/16}.
 */
public final class BivariateCosetProfile {
    private BivariateCosetProfile() {
    }

    public static void main(String[] args) throws ReflectiveOperationException {
        int threads = Integer.parseInt(args[0]);
        int runs = Integer.parseInt(args[1]);
        Method input = Class.forName("org.modalg.examples.bench.peer.FlintBivariateInputs").getMethod("resultantInput",
                int.class, int.class);
        String[] kernels = System.getProperty("profile.kernels", "block,thread,thread32").split(",");
        for (int a = 2; a < args.length; a++) {
            String[] db = args[a].split("/");
            int d = Integer.parseInt(db[0]);
            int bits = Integer.parseInt(db[1]);
            ZZBivariate[] in = (ZZBivariate[]) input.invoke(null, d, bits);
            Options cpu = Options.defaults().withThreads(threads).withBackend(Backend.CPU);
            long t0 = System.nanoTime();
            ModularResult<ZZPoly> want = BivariateResultant.resultant(in[0], in[1], cpu);
            System.out.printf(Locale.ROOT, "d %d bits %d cpu %d threads: %.1f ms (one run) %s%n", d, bits, threads,
                    (System.nanoTime() - t0) / 1e6, phases(want));
            for (String kernel : kernels) {
                System.setProperty(GpuImageEngine.BIVARIATE_KERNEL_PROPERTY, kernel);
                Options gpu = Options.defaults().withThreads(threads).withBackend(Backend.GPU);
                BivariateResultant.resultant(in[0], in[1], gpu);
                for (int r = 0; r < runs; r++) {
                    long t1 = System.nanoTime();
                    ModularResult<ZZPoly> got = BivariateResultant.resultant(in[0], in[1], gpu);
                    double ms = (System.nanoTime() - t1) / 1e6;
                    System.out.printf(Locale.ROOT, "d %d bits %d gpu %s kernel run %d: %.1f ms %s %s%n", d, bits,
                            kernel, r, ms, got.value().equals(want.value()) ? "same" : "DIFFERS", phases(got));
                }
            }
            System.clearProperty(GpuImageEngine.BIVARIATE_KERNEL_PROPERTY);
        }
    }

    private static String phases(ModularResult<?> r) {
        StringBuilder s = new StringBuilder("[");
        r.report().phaseNanos().forEach((k, v) -> s.append(s.length() == 1 ? "" : " ").append(k).append(' ')
                .append(String.format(Locale.ROOT, "%.1f", v / 1e6)));
        s.append("]");
        for (String note : r.report().notes()) {
            if (note.startsWith("images split")) {
                s.append(" {").append(note).append('}');
            }
        }
        return s.toString();
    }
}
