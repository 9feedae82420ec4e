package org.modalg.examples.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.modalg.examples.bench.BenchTable;
import org.modalg.examples.bench.FftBenchmark;
import org.modalg.examples.bench.FieldsBenchmark;
import org.modalg.fields.GfPreset;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code modalg bench ...}: the benchmark suites, printed as tables and written as CSV. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark suites (CSV output). Timings are medians of repeated runs on this machine.",
        subcommands = {BenchCommand.Fields.class, BenchCommand.Fft.class})
public final class BenchCommand implements Runnable {
    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }

    /** {@code modalg bench fields}: thesis Table 3.2 shape. */
    @Command(name = "fields", mixinStandardHelpOptions = true,
            description = {"Generalized Fermat field arithmetic (thesis Table 3.2 shape): plain, FFT-based and",
                    "BigInteger-baseline multiplication, multiplication by r^i, addition."})
    static final class Fields implements Callable<Integer> {
        @Option(names = "--presets", split = ",", paramLabel = "NAME,...",
                description = "Presets to measure (default: ${DEFAULT-VALUE}).",
                defaultValue = "GF8,GF16,GF32,GF64,SRGF8,SRGF16")
        List<String> presets;

        @Option(names = "--ops", description = "Operations per timed run (default: ${DEFAULT-VALUE}).",
                defaultValue = "1000000")
        long ops;

        @Option(names = "--repeats", description = "Timed runs; the median is reported (default: ${DEFAULT-VALUE}).",
                defaultValue = "1")
        int repeats;

        @Option(names = "--quick", description = "Small run (10^4 operations, GF8 and GF16) for a smoke test.")
        boolean quick;

        @Option(names = "--seed", description = "Random seed (default: ${DEFAULT-VALUE}).", defaultValue = "1")
        long seed;

        @Option(names = {"-o", "--csv"}, paramLabel = "FILE", description = "CSV output (default: ${DEFAULT-VALUE}).",
                defaultValue = "bench-results/fields.csv")
        Path csv;

        @Override
        public Integer call() {
            if (ops < 1 || repeats < 1) {
                throw new IllegalArgumentException("--ops and --repeats must be >= 1");
            }
            List<GfPreset> list = new ArrayList<>();
            for (String name : quick ? List.of("GF8", "GF16") : presets) {
                list.add(GfPreset.byName(name));
            }
            long n = quick ? 10_000 : ops;
            System.out.println("# modalg bench fields: " + BenchTable.machine() + ", one thread");
            BenchTable table = FieldsBenchmark.run(list, n, repeats, seed);
            table.print(System.out);
            table.writeCsv(csv);
            System.out.println("# CSV written to " + csv.toAbsolutePath());
            return 0;
        }
    }

    /** {@code modalg bench fft}: thesis Table 3.4 shape (big-prime FFT vs BigInteger baseline). */
    @Command(name = "fft", mixinStandardHelpOptions = true,
            description = {"Big-prime FFT over generalized Fermat fields against the same FFT with BigInteger",
                    "arithmetic (thesis Table 3.4 shape), N = K^e, serial and parallel."})
    static final class Fft implements Callable<Integer> {
        @Option(names = "--presets", split = ",", paramLabel = "NAME,...",
                description = "Presets (default: ${DEFAULT-VALUE}).", defaultValue = "GF4,GF8,GF16,GF32,GF64,GF128")
        List<String> presets;

        @Option(names = "--max-e", description = "Largest e in N = K^e (default: ${DEFAULT-VALUE}).", defaultValue = "3")
        int maxE;

        @Option(names = "--max-words", description = "Skip vectors above this many 64-bit words (default: ${DEFAULT-VALUE}).",
                defaultValue = "16777216")
        long maxWords;

        @Option(names = "--threads", description = "Threads of the parallel runs (default: all processors).")
        Integer threads;

        @Option(names = "--repeats", description = "Timed runs; the median is reported (default: ${DEFAULT-VALUE}).",
                defaultValue = "3")
        int repeats;

        @Option(names = "--quick", description = "Small run (GF4 and GF8, e = 2) for a smoke test.")
        boolean quick;

        @Option(names = {"-o", "--csv"}, paramLabel = "FILE", description = "CSV output (default: ${DEFAULT-VALUE}).",
                defaultValue = "bench-results/fft-bigprime.csv")
        Path csv;

        @Override
        public Integer call() {
            int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
            if (t < 1 || repeats < 1 || maxE < 2) {
                throw new IllegalArgumentException("--threads and --repeats must be >= 1 and --max-e >= 2");
            }
            List<GfPreset> list = new ArrayList<>();
            for (String name : quick ? List.of("GF4", "GF8") : presets) {
                list.add(GfPreset.byName(name));
            }
            System.out.println("# modalg bench fft: " + BenchTable.machine());
            BenchTable table = FftBenchmark.bigPrimeVsBigInteger(list, quick ? 2 : maxE, maxWords, t,
                    quick ? 1 : repeats, 1);
            table.print(System.out);
            table.writeCsv(csv);
            System.out.println("# CSV written to " + csv.toAbsolutePath());
            return 0;
        }
    }
}
