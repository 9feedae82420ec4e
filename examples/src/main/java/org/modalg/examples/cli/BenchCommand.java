package org.modalg.examples.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import org.modalg.examples.bench.BatchedBenchmark;
import org.modalg.examples.bench.BivariateFlintBenchmark;
import org.modalg.examples.bench.CompareBenchmark;
import org.modalg.examples.bench.CrtBenchmark;
import org.modalg.examples.bench.DeterminantBenchmark;
import org.modalg.examples.bench.FftBenchmark;
import org.modalg.examples.bench.FieldsBenchmark;
import org.modalg.examples.bench.GcdResultantBenchmark;
import org.modalg.examples.bench.GpuBenchmark;
import org.modalg.examples.bench.SmallProductsBenchmark;
import org.modalg.examples.bench.IntModBenchmark;
import org.modalg.examples.bench.IntMulBenchmark;
import org.modalg.examples.bench.MulModBenchmark;
import org.modalg.examples.bench.ModularBenchmark;
import org.modalg.examples.bench.PolyMulBenchmark;
import org.modalg.examples.bench.SolveBenchmark;
import org.modalg.examples.bench.TextBenchmark;
import org.modalg.examples.bench.peer.FlintMpolyPeer;
import org.modalg.examples.bench.peer.FlintPeer;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.examples.cli.io.CommonOptions;
import org.modalg.fields.GfPreset;
import org.modalg.gpu.runtime.GpuRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code modalg bench ...}: the benchmark suites, printed as tables and written as CSV. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark suites (CSV output). Timings are medians of repeated runs on this machine.",
        subcommands = {BenchCommand.Fields.class, BenchCommand.Fft.class, BenchCommand.IntMul.class,
            BenchCommand.PolyMul.class, BenchCommand.Modular.class, BenchCommand.Compare.class, BenchCommand.Gpu.class,
            BenchCommand.Text.class, BenchCommand.Batched.class, BenchCommand.Crt.class, BenchCommand.MulMod.class,
            BenchCommand.IntMod.class})
public final class BenchCommand implements Runnable {
    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }

    /**
     * The FLINT peer of --flint: null for 'none', the default location when not given (null when
     * absent there), else the executable named.
     */
    static FlintPeer flintPeer(String flint) {
        return peer(flint, FlintPeer::locateDefault, FlintPeer::at);
    }

    /**
     * The peer of the value of an option such as --flint or --flint-mpoly: null for 'none', the default location
     * when not given (null when absent there), else the path named, checked by {@code at}.
     */
    static <P> P peer(String value, Supplier<Optional<Path>> locateDefault, Function<Path, P> at) {
        if (value == null) {
            return locateDefault.get().map(at).orElse(null);
        }
        return value.equals("none") ? null : at.apply(Path.of(value));
    }

    /** The exit code after a comparison with FLINT: 1, with an error line, when results differed from its checksums. */
    static int mismatches(picocli.CommandLine.Model.CommandSpec spec, int mismatches, Path csv) {
        if (mismatches > 0) {
            spec.commandLine().getErr().println("error: " + mismatches + " result(s) differ from FLINT's checksum"
                    + " (column check of " + csv + ")");
            return 1;
        }
        return 0;
    }

    /** Prints the table, writes it to csv and says where: the closing lines of every bench. */
    static void printAndWrite(BenchTable table, Path csv) {
        table.print(System.out);
        table.writeCsv(csv);
        System.out.println("# CSV written to " + csv.toAbsolutePath());
    }

    /**
     * The option {@code -o, --csv FILE} of a bench that writes one CSV file (a picocli mixin), its
     * default given by the bench, and the closing lines that write it.
     */
    static final class CsvFile {
        @Option(names = {"-o", "--csv"}, paramLabel = "FILE", description = "CSV output (default: ${DEFAULT-VALUE}).")
        Path path;

        /** The option with this default path (picocli shows it as the default). */
        CsvFile(String defaultPath) {
            path = Path.of(defaultPath);
        }

        Path path() {
            return path;
        }

        /** {@link BenchCommand#printAndWrite} to this file. */
        void printAndWrite(BenchTable table) {
            BenchCommand.printAndWrite(table, path);
        }
    }

    /**
     * The exit code of a bench whose last column is a check: 1, with an error line "N row(s) differ
     * {@code what}", when rows say MISMATCH; else 0.
     */
    static int mismatchedRows(picocli.CommandLine.Model.CommandSpec spec, BenchTable table, String what) {
        long bad = table.rows().stream().filter(r -> "MISMATCH".equals(r[r.length - 1])).count();
        if (bad > 0) {
            spec.commandLine().getErr().println("error: " + bad + " row(s) differ " + what);
            return 1;
        }
        return 0;
    }

    /** {@code modalg bench fields}: thesis Table 3.2 shape. */
    @Command(name = "fields", mixinStandardHelpOptions = true,
            description = {"Generalized Fermat field arithmetic ([Thesis] Table 3.2 shape): plain, FFT-based and",
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

        @Mixin
        CsvFile csv = new CsvFile("bench-results/fields.csv");

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
            csv.printAndWrite(table);
            return 0;
        }
    }

    /** {@code modalg bench fft}: thesis Tables 3.4 and 2.2 shapes, and small-prime NTT throughput. */
    @Command(name = "fft", mixinStandardHelpOptions = true,
            description = {"(a) big-prime FFT vs the same FFT in BigInteger arithmetic ([Thesis] Table 3.4 shape);",
                    "(b) big-prime FFT for P3 (SRGF8) and P4 (SRGF16) vs projection + small-prime NTTs + CRT",
                    "([Thesis] Table 2.2 shape); (c) small-prime NTT throughput. Serial and parallel."})
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

        @Option(names = "--quick", description = "Small run (e = 2, n <= 2^16) for a smoke test.")
        boolean quick;

        @Option(names = "--part", split = ",", description = "Parts to run: a, b, c (default: ${DEFAULT-VALUE}).",
                defaultValue = "a,b,c")
        List<String> parts;

        @Option(names = "--max-log2n", description = "Largest NTT length exponent of part (c) (default: ${DEFAULT-VALUE}).",
                defaultValue = "24")
        int maxLog2n;

        @Option(names = "--batch", description = "Primes per batch in part (c) (default: ${DEFAULT-VALUE}).",
                defaultValue = "8")
        int batch;

        @Option(names = {"-o", "--csv-dir"}, paramLabel = "DIR",
                description = "Directory of the CSV files fft-bigprime.csv, fft-vs-crt.csv, ntt.csv (default: ${DEFAULT-VALUE}).",
                defaultValue = "bench-results")
        Path dir;

        @Override
        public Integer call() {
            int t = CommonOptions.threads(threads);
            if (repeats < 1 || maxE < 2) {
                throw new IllegalArgumentException("--repeats must be >= 1 and --max-e >= 2");
            }
            List<GfPreset> list = new ArrayList<>();
            for (String name : quick ? List.of("GF4", "GF8") : presets) {
                list.add(GfPreset.byName(name));
            }
            int reps = quick ? 1 : repeats;
            System.out.println("# modalg bench fft: " + BenchTable.machine());
            if (parts.contains("a")) {
                System.out.println("# (a) big-prime FFT vs BigInteger arithmetic, N = K^e (times in ms)");
                report(FftBenchmark.bigPrimeVsBigInteger(list, quick ? 2 : maxE, maxWords, t, reps, 1), "fft-bigprime.csv");
            }
            if (parts.contains("b")) {
                System.out.println("# (b) big-prime FFT vs projection + small-prime NTTs + CRT (times in ms)");
                List<GfPreset> gpuPrimes = List.of(GfPreset.SRGF8, GfPreset.SRGF16);
                report(FftBenchmark.bigPrimeVsCrt(gpuPrimes, quick ? 2 : 4, Math.max(maxWords, 1L << 25), t, reps, 2),
                        "fft-vs-crt.csv");
            }
            if (parts.contains("c")) {
                System.out.println("# (c) small-prime NTT, forward transform (times in ms)");
                report(FftBenchmark.nttThroughput(16, quick ? 16 : maxLog2n, batch, 1L << 27, t, reps, 3), "ntt.csv");
            }
            return 0;
        }

        private void report(BenchTable table, String file) {
            printAndWrite(table, dir.resolve(file));
        }
    }

    /** {@code modalg bench intmul}: integer multiplication and division against BigInteger and apfloat. */
    @Command(name = "intmul", mixinStandardHelpOptions = true,
            description = {"Integer multiplication (NTT + CRT) against BigInteger.multiply and apfloat, and Newton",
                    "division against BigInteger.divideAndRemainder, balanced operands, 10^4 .. --max-bits bits."})
    static final class IntMul implements Callable<Integer> {
        @Option(names = "--max-bits", description = "Largest operand size in bits (default: ${DEFAULT-VALUE}).",
                defaultValue = "10000000")
        long maxBits;

        @Option(names = "--threads", description = "Threads of modalg's NTT engine (default: ${DEFAULT-VALUE}).",
                defaultValue = "1")
        int threads;

        @Option(names = "--repeats", description = "Timed runs; the median is reported (default: ${DEFAULT-VALUE}).",
                defaultValue = "3")
        int repeats;

        @Option(names = "--quick", description = "Small run (10^4 and 10^5 bits) for a smoke test.")
        boolean quick;

        @Mixin
        CsvFile csv = new CsvFile("bench-results/intmul.csv");

        @Override
        public Integer call() {
            if (threads < 1 || repeats < 1 || maxBits < 10_000 || maxBits > 1_000_000_000L) {
                throw new IllegalArgumentException("--threads and --repeats must be >= 1, --max-bits in [10^4, 10^9]");
            }
            List<Long> sizes = new ArrayList<>();
            for (long b = 10_000; b <= (quick ? 100_000 : maxBits); b *= 10) {
                sizes.add(b);
            }
            long[] s = sizes.stream().mapToLong(Long::longValue).toArray();
            System.out.println("# modalg bench intmul: " + BenchTable.machine() + ", " + threads + " thread(s) for modalg");
            BenchTable table = IntMulBenchmark.run(s, threads, quick ? 1 : repeats, 10_000_000L, 10_000_000L, 1);
            csv.printAndWrite(table);
            return 0;
        }
    }

    /** {@code modalg bench batched}: batched integer add, mul and div on the midsize paper's grid. */
    @Command(name = "batched", mixinStandardHelpOptions = true,
            description = {"Batched integer arithmetic (org.modalg.polynomial.batched.BatchedIntegers) on the grid of the",
                    "midsize GPU add/mul paper: NumBits = 2^--min-log-bits .. 2^--max-log-bits, NumInsts =",
                    "2^--total-log2 / NumBits (the paper: 2^32). add in GB/s (3 NumInsts NumBits / 8 bytes), mul in",
                    "Gu32ops/s (300 NumInsts m log2 m, m = NumBits / 32), div as the Newton division paper's table",
                    "(dividends of NumBits - 128 bits, divisors of 2 .. M/2 limbs; div / mul). A BigInteger baseline,",
                    "one instance at a time on one thread, in the same run; every result checked against it.",
                    "With a usable GPU and --backend auto or cpu, add and mul are also timed on the GPU engine",
                    "(copies included) where it runs the batch on the device and auto did not pick it already",
                    "(--backend cpu: a CPU-vs-GPU table): columns gpu_engine, gpu_ms_median, gpu_metric,",
                    "gpu_speedup_vs_engine."})
    static final class Batched implements Callable<Integer> {
        @Option(names = "--ops", split = ",", paramLabel = "OP,...",
                description = "Operations among add, mul, div (default: ${DEFAULT-VALUE}).", defaultValue = "add,mul,div")
        List<String> ops;

        @Option(names = "--min-log-bits", description = "Smallest log2 NumBits (default: ${DEFAULT-VALUE}).",
                defaultValue = "11")
        int minLog;

        @Option(names = "--max-log-bits", description = "Largest log2 NumBits (default: ${DEFAULT-VALUE}).",
                defaultValue = "18")
        int maxLog;

        @Option(names = "--total-log2", description = {"log2 of NumBits x NumInsts (default: ${DEFAULT-VALUE}, 2 MB per",
                "operand; the papers use 32, 512 MB per operand)."}, defaultValue = "24")
        int totalLog;

        @Option(names = "--backend", description = "auto, cpu or gpu (default: ${DEFAULT-VALUE}).", defaultValue = "auto")
        String backend;

        @Option(names = "--threads", description = "Threads of the CPU engine (default: all processors).")
        Integer threads;

        @Option(names = "--repeats", description = "Timed runs; the median is reported (default: ${DEFAULT-VALUE}).",
                defaultValue = "5")
        int repeats;

        @Option(names = "--no-baseline", description = "Skip timing the BigInteger baseline (results are still checked).")
        boolean noBaseline;

        @Option(names = "--quick", description = "Small run (2^11 .. 2^13 bits, total 2^16) for a smoke test.")
        boolean quick;

        @Option(names = "--seed", description = "Random seed (default: ${DEFAULT-VALUE}).", defaultValue = "1")
        long seed;

        @Mixin
        CsvFile csv = new CsvFile("bench-results/batched.csv");

        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            int lo = quick ? 11 : minLog;
            int hi = quick ? 13 : maxLog;
            int total = quick ? 16 : totalLog;
            if (lo < 6 || hi > 26 || lo > hi) {
                throw new IllegalArgumentException("--min-log-bits and --max-log-bits must satisfy 6 <= min <= max <= 26, got "
                        + lo + " and " + hi);
            }
            if (total < hi || total > 34) {
                throw new IllegalArgumentException("--total-log2 must be in [--max-log-bits, 34], got " + total);
            }
            if (repeats < 1) {
                throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
            }
            for (String op : ops) {
                if (!List.of("add", "mul", "div").contains(op)) {
                    throw new IllegalArgumentException("--ops must be among add, mul, div; got " + op);
                }
            }
            org.modalg.fft.Options options = org.modalg.fft.Options.defaults()
                    .withBackend(org.modalg.fft.Backend.parse(backend));
            options = options.withThreads(CommonOptions.threads(threads, options.threads()));
            System.out.println("# modalg bench batched: " + BenchTable.machine() + ", backend " + backend + ", "
                    + options.threads() + " thread(s) for the CPU engine; BigInteger baseline on one thread;"
                    + " NumBits x NumInsts = 2^" + total);
            BenchTable table = BatchedBenchmark.run(ops, lo, hi, total, options, quick ? 1 : repeats, !noBaseline, seed, !quick);
            csv.printAndWrite(table);
            return mismatchedRows(spec, table, "from BigInteger (column check)");
        }
    }

    /** {@code modalg bench crt}: Chinese remaindering of many values, CPU and GPU products. */
    @Command(name = "crt", mixinStandardHelpOptions = true,
            description = {"Chinese remaindering of many values at once (org.modalg.modular.MultiCrt: Garner up to",
                    "256 primes, above the interpolation form up a product tree of batched limb products), on",
                    "the CPU engine and, when a GPU batched integer engine is usable, with the tree's products on",
                    "the device (copies included), in the same run; results compared (column check)."})
    static final class Crt implements Callable<Integer> {
        @Option(names = "--values", split = ",", paramLabel = "N,...",
                description = "Values per row (default: ${DEFAULT-VALUE}).", defaultValue = "1,16,1000,2000,10000")
        int[] values;

        @Option(names = "--primes", split = ",", paramLabel = "K,...",
                description = "62-bit primes per row, one per --values entry (default: ${DEFAULT-VALUE}).",
                defaultValue = "5000,2000,1024,1024,512")
        int[] primes;

        @Option(names = "--threads", description = "Threads of the CPU engine (default: all processors).")
        Integer threads;

        @Option(names = "--repeats", description = "Timed runs; the median is reported (default: ${DEFAULT-VALUE}).",
                defaultValue = "3")
        int repeats;

        @Option(names = "--quick", description = "Small run (two rows) for a smoke test.")
        boolean quick;

        @Option(names = "--seed", description = "Random seed (default: ${DEFAULT-VALUE}).", defaultValue = "1")
        long seed;

        @Mixin
        CsvFile csv = new CsvFile("bench-results/crt.csv");

        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            int[] vs = quick ? new int[] {1, 40} : values;
            int[] ks = quick ? new int[] {300, 300} : primes;
            if (vs.length != ks.length) {
                throw new IllegalArgumentException("--values and --primes must have as many entries, got " + vs.length
                        + " and " + ks.length);
            }
            for (int i = 0; i < vs.length; i++) {
                if (vs[i] < 1 || ks[i] < 1 || ks[i] > 100_000 || (long) vs[i] * ks[i] > 100_000_000L) {
                    throw new IllegalArgumentException("--values and --primes entries must be >= 1, primes <= 10^5 and"
                            + " values x primes <= 10^8, got " + vs[i] + " x " + ks[i]);
                }
            }
            if (repeats < 1) {
                throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
            }
            int t = CommonOptions.threads(threads, org.modalg.fft.Options.defaults().threads());
            System.out.println("# modalg bench crt: " + BenchTable.machine() + ", " + t + " thread(s)");
            BenchTable table = CrtBenchmark.run(vs, ks, t, quick ? 1 : repeats, seed);
            csv.printAndWrite(table);
            return mismatchedRows(spec, table, "(column check)");
        }
    }

    /** {@code modalg bench text}: decimal and hexadecimal text conversion, IntegerText against BigInteger. */
    @Command(name = "text", mixinStandardHelpOptions = true,
            description = {"Integer <-> text conversion (IntegerText) against BigInteger, radix 10 and 16,",
                    "10^3 .. --max-digits digits, on the default thread count (for one thread:",
                    "MODALG_JAVA_OPTS=-Dmodalg.threads=1)."})
    static final class Text implements Callable<Integer> {
        @Option(names = "--max-digits", description = "Largest size in digits (default: ${DEFAULT-VALUE}).",
                defaultValue = "10000000")
        long maxDigits;

        @Option(names = "--repeats", description = "Timed runs; the median is reported (default: ${DEFAULT-VALUE}).",
                defaultValue = "3")
        int repeats;

        @Mixin
        CsvFile csv = new CsvFile("bench-results/text.csv");

        @Override
        public Integer call() {
            if (repeats < 1 || maxDigits < 1000 || maxDigits > 100_000_000L) {
                throw new IllegalArgumentException("--repeats must be >= 1 and --max-digits in [10^3, 10^8]");
            }
            System.out.println("# modalg bench text: " + BenchTable.machine() + ", "
                    + org.modalg.fft.Options.defaults().threads() + " thread(s)");
            BenchTable table = TextBenchmark.run(maxDigits, repeats, 100_000L, 1_000_000L, 1);
            csv.printAndWrite(table);
            return 0;
        }
    }

    /** {@code modalg bench polymul}: polynomial multiplication with the automatic choice. */
    @Command(name = "polymul", mixinStandardHelpOptions = true,
            description = {"Polynomial multiplication (automatic algorithm choice) over Z with 64- and 1000-bit",
                    "coefficients and over Z/pZ (62-bit p), lengths 2^10 .. 2^max."})
    static final class PolyMul implements Callable<Integer> {
        @Option(names = "--max-log2", description = "Largest length exponent, 64-bit and Z/pZ (default: ${DEFAULT-VALUE}).",
                defaultValue = "20")
        int maxLog;

        @Option(names = "--max-log2-big", description = "Largest length exponent, 1000-bit (default: ${DEFAULT-VALUE}).",
                defaultValue = "16")
        int maxLogBig;

        @Option(names = "--repeats", description = "Timed runs; the median is reported (default: ${DEFAULT-VALUE}).",
                defaultValue = "3")
        int repeats;

        @Option(names = "--threads", description = "Threads of the products (Options.withThreads, per call;"
                + " default: modalg.threads, else all processors).")
        Integer threads;

        @Option(names = "--quick", description = "Small run (lengths 2^6 .. 2^8) for a smoke test.")
        boolean quick;

        @Mixin
        CsvFile csv = new CsvFile("bench-results/polymul.csv");

        @Override
        public Integer call() {
            if (repeats < 1 || maxLog < 1 || maxLog > 24 || maxLogBig < 1 || maxLogBig > 22) {
                throw new IllegalArgumentException("--repeats >= 1, --max-log2 in [1, 24], --max-log2-big in [1, 22]");
            }
            org.modalg.fft.Options options = org.modalg.fft.Options.defaults();
            options = options.withThreads(CommonOptions.threads(threads, options.threads()));
            System.out.println("# modalg bench polymul: " + BenchTable.machine() + ", " + options.threads()
                    + " thread(s)");
            BenchTable table = quick ? PolyMulBenchmark.run(6, 8, 7, 1, 1, options)
                    : PolyMulBenchmark.run(10, maxLog, maxLogBig, repeats, 1, options);
            csv.printAndWrite(table);
            return 0;
        }
    }

    /**
     * The product options of the modulus benches (mulmod, intmod): --threads checked, then that
     * many threads on --backend.
     */
    static org.modalg.fft.Options productOptions(int threads, String backend) {
        CommonOptions.checkThreads("--threads", threads);
        return org.modalg.fft.Options.defaults().withThreads(threads).withBackend(org.modalg.fft.Backend.parse(backend));
    }

    /** {@code modalg bench mulmod}: products modulo a fixed polynomial over Z/pZ (ZpPolyModulus). */
    @Command(name = "mulmod", mixinStandardHelpOptions = true,
            description = {"Products modulo a fixed f over Z/pZ (p = 2^62 - 57), deg f = 2^10 .. 2^max:",
                    "the product alone, ZpPolyModulus.mulMod (inverse and transforms of f made once), the plain",
                    "route (product, then remainder) and powMod steps (base a and x); FLINT's nmod_poly_mul of the same",
                    "length beside them where the peer has that row (2^16, 2^20), run in the same invocation."})
    static final class MulMod implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Option(names = "--max-log2", description = "Largest degree exponent, in [10, 22] (default: ${DEFAULT-VALUE}).",
                defaultValue = "20")
        int maxLog;

        @Option(names = "--repeats", description = "Timed runs; the median is reported (default: ${DEFAULT-VALUE}).",
                defaultValue = "3")
        int repeats;

        @Option(names = "--threads", description = "Threads of modalg and FLINT (default: ${DEFAULT-VALUE}).",
                defaultValue = "1")
        int threads;

        @Option(names = "--backend", paramLabel = "auto|cpu|gpu", description = "modalg's backend (default:"
                + " ${DEFAULT-VALUE}).", defaultValue = "cpu")
        String backend;

        @Option(names = "--flint", paramLabel = "PATH", description = "The FLINT peer flint3_bench, or 'none'"
                + " (default: as bench modular finds it).")
        String flint;

        @Mixin
        CsvFile csv = new CsvFile("bench-results/mulmod.csv");

        @Override
        public Integer call() {
            if (maxLog < 10 || maxLog > 22) {
                throw new IllegalArgumentException("--max-log2 must be in [10, 22], got " + maxLog);
            }
            if (repeats < 1) {
                throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
            }
            org.modalg.fft.Options options = productOptions(threads, backend);
            FlintPeer peer = flintPeer(flint);
            System.out.println("# modalg bench mulmod: " + BenchTable.machine() + ", " + threads + " thread(s), backend "
                    + options.backend().name().toLowerCase(java.util.Locale.ROOT) + "; FLINT peer: "
                    + (peer == null ? "none" : peer.binary()));
            java.util.Map<String, FlintPeer.Row> rows = peer == null ? null : peer.run("nmod", threads, 1800);
            BenchTable table = MulModBenchmark.run(10, maxLog, repeats, 1, options, rows);
            csv.printAndWrite(table);
            return mismatchedRows(spec, table, "from the plain route (product, then remainder)");
        }
    }

    /** {@code modalg bench intmod}: products and powers modulo a fixed integer (IntegerModulus) against BigInteger. */
    @Command(name = "intmod", mixinStandardHelpOptions = true,
            description = {"Products and powers modulo a fixed integer m of 10^4 .. max bits: the product alone,",
                    "IntegerModulus.mulMod (inverse and transforms of m made once), modalg's plain route (product,",
                    "then division), BigInteger's multiply and mod, and a powMod step against BigInteger.modPow,",
                    "in the same run; every value checked against BigInteger's."})
    static final class IntMod implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Option(names = "--max-bits", description = "Largest modulus, in [10000, 100000000] bits (default: ${DEFAULT-VALUE}).",
                defaultValue = "1000000")
        long maxBits;

        @Option(names = "--bigint-pow-max-bits", description = "Largest modulus of BigInteger.modPow's column (its"
                + " products are quadratic; default: ${DEFAULT-VALUE}).", defaultValue = "300000")
        long bigintPowMaxBits;

        @Option(names = "--repeats", description = "Timed runs; the median is reported (default: ${DEFAULT-VALUE}).",
                defaultValue = "3")
        int repeats;

        @Option(names = "--threads", description = "Threads of modalg's products (default: ${DEFAULT-VALUE}).",
                defaultValue = "1")
        int threads;

        @Option(names = "--backend", paramLabel = "auto|cpu|gpu", description = "modalg's backend (default:"
                + " ${DEFAULT-VALUE}).", defaultValue = "cpu")
        String backend;

        @Mixin
        CsvFile csv = new CsvFile("bench-results/intmod.csv");

        @Override
        public Integer call() {
            if (maxBits < 10_000 || maxBits > 100_000_000) {
                throw new IllegalArgumentException("--max-bits must be in [10000, 100000000], got " + maxBits);
            }
            if (repeats < 1) {
                throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
            }
            org.modalg.fft.Options options = productOptions(threads, backend);
            System.out.println("# modalg bench intmod: " + BenchTable.machine() + ", " + threads + " thread(s), backend "
                    + options.backend().name().toLowerCase(java.util.Locale.ROOT) + "; peer: java.math.BigInteger");
            BenchTable table = IntModBenchmark.run(maxBits, bigintPowMaxBits, repeats, 1, options);
            csv.printAndWrite(table);
            return mismatchedRows(spec, table, "from BigInteger's values");
        }
    }

    /** {@code modalg bench modular}: det, gcd and resultant against FLINT 3.6 in the same run; GPU rows; JAS. */
    @Command(name = "modular", mixinStandardHelpOptions = true,
            description = {"Multimodular det, gcd and resultant on the inputs of FLINT's harness (the",
                    "same matrices and polynomials, bit for bit: FLINT's checksum checks every",
                    "result), against FLINT 3.6 (flint3_bench, run in the same invocation): the",
                    "CRT route on the CPU on all threads and on one; with --gpu the CRT and",
                    "big-prime routes on the GPU. --sizes issue: det n = 400 (10-, 100-bit) and",
                    "1000 (100-bit); gcd degree 2000 and 10,000 (256-bit, planted common factor);",
                    "resultant degree 1000 and 3000 (64-bit); solve n = 500 (100-bit). --sizes",
                    "small: FLINT's smaller rows, under a minute on 2 cores. Cases the harness has",
                    "no row for say so. CSV: modular.csv in --csv-dir; --jas adds the JAS",
                    "comparisons (modular-jas-det.csv, modular-jas.csv; with part solve the",
                    "rational solve against JAS, modular-solve.csv)."})
    static final class Modular implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Option(names = "--part", split = ",", description = "Parts to run: det, gcd, resultant, solve, bivariate"
                + " (default: ${DEFAULT-VALUE}; bivariate: Z[x, y] resultant and gcd against FLINT 2.9's fmpz_mpoly, see"
                + " --bivariate-res).", defaultValue = "det,gcd,resultant,solve")
        List<String> parts;

        @Option(names = "--bivariate-res", split = ",", paramLabel = "D:B,...",
                description = "Part bivariate: resultant cases, total degree D and B-bit coefficients (default:"
                        + " ${DEFAULT-VALUE}; --quick: 10:16).", defaultValue = "20:16,20:64,20:256,40:16,40:64,60:16")
        List<String> bivariateRes;

        @Option(names = "--bivariate-gcd", split = ",", paramLabel = "D:B,...",
                description = "Part bivariate: gcd cases (inputs a c, b c of total degree D, c of D / 2; default:"
                        + " ${DEFAULT-VALUE}; --quick: 10:16).", defaultValue = "20:16,20:256,60:64,100:16,100:256,200:64")
        List<String> bivariateGcd;

        @Option(names = "--flint-mpoly", paramLabel = "PATH",
                description = "Part bivariate: the FLINT peer flint_mpoly_bench (modular/src/test/c/build-flint-mpoly.sh"
                        + " builds it where libflint-dev is installed), or 'none' (default: modular/target/flint_mpoly_bench"
                        + " of the repository, else bin/flint_mpoly_bench beside the bundle, else none).")
        String flintMpoly;

        @Option(names = "--bivariate-timeout", paramLabel = "SECONDS",
                description = "Part bivariate: the longest one FLINT row may run; a row stopped shows its time as a"
                        + " lower bound (default: ${DEFAULT-VALUE}).", defaultValue = "120")
        double bivariateTimeout;

        @Option(names = "--sizes", paramLabel = "SET",
                description = "Cases: quick, small or issue (default: ${DEFAULT-VALUE}).", defaultValue = "issue")
        String sizes;

        @Option(names = "--quick", description = "The quick case set (tiny sizes, no FLINT row): a smoke test.")
        boolean quick;

        @Option(names = "--gpu", description = "Add the GPU rows (CRT and big-prime routes, Backend.GPU); an error"
                + " when no GPU image engine is usable.")
        boolean gpu;

        @Option(names = "--no-one-thread", description = "Leave out modalg's one-thread CPU row (minutes at the"
                + " issue's large sizes; FLINT's one-thread row stays).")
        boolean noOneThread;

        @Option(names = "--no-bigprime", description = "With --gpu: leave out the big-prime route's GPU row.")
        boolean noBigPrime;

        @Option(names = "--flint", paramLabel = "PATH",
                description = "The FLINT peer flint3_bench, or 'none' (default: bin/flint3_bench beside the bundle's"
                        + " modalg script, else ../shared/anchors/flint3_bench beside the repository, else none).")
        String flint;

        @Option(names = "--flint-threads", split = ",", paramLabel = "N,...",
                description = "Thread counts of the FLINT runs (default: 1 and all processors; 1 with --sizes small).")
        List<Integer> flintThreads;

        @Option(names = "--threads", description = "Threads of the 'all cores' rows (default: all processors).")
        Integer threads;

        @Option(names = "--repeats", description = "Timed runs after a warm-up; the median is reported"
                + " (default: ${DEFAULT-VALUE}).", defaultValue = "3")
        int repeats;

        @Option(names = "--flint-timeout", paramLabel = "SECONDS",
                description = "Longest run of one FLINT section (default: ${DEFAULT-VALUE}).", defaultValue = "1800")
        double flintTimeout;

        @Option(names = "--jas", description = "Also run the JAS comparisons (det n = 100 .. 400; gcd, resultant).")
        boolean jas;

        @Option(names = "--jas-max-n", description = "With --jas: largest n for JAS's determinant (default: ${DEFAULT-VALUE}).",
                defaultValue = "200")
        int jasMaxN;

        @Option(names = "--jas-solve-max-n", description = "With --jas: largest n for JAS's rational solve"
                + " (default: ${DEFAULT-VALUE}).", defaultValue = "50")
        int jasSolveMaxN;

        @Option(names = "--bigprime-max-n", description = "With --jas: largest n for the big-prime determinant"
                + " (default: ${DEFAULT-VALUE}).", defaultValue = "100")
        int bigPrimeMaxN;

        @Option(names = "--budget", description = "With --jas: seconds allowed to one JAS run (default: ${DEFAULT-VALUE}).",
                defaultValue = "60")
        double budget;

        @Option(names = {"-o", "--csv-dir"}, paramLabel = "DIR",
                description = "Directory of the CSV files (default: ${DEFAULT-VALUE}).", defaultValue = "bench-results")
        Path dir;

        @Override
        public Integer call() {
            int all = Runtime.getRuntime().availableProcessors();
            int t = CommonOptions.threads(threads, all);
            if (repeats < 1 || repeats > 1000) {
                throw new IllegalArgumentException("--repeats must be in [1, 1000], got " + repeats);
            }
            if (jasSolveMaxN < 0) {
                throw new IllegalArgumentException("--jas-solve-max-n must be >= 0, got " + jasSolveMaxN);
            }
            if (!(budget > 0) || !(flintTimeout > 0)) {
                throw new IllegalArgumentException("--budget and --flint-timeout must be > 0 seconds");
            }
            List<String> univariate = new ArrayList<>(parts);
            boolean bivariate = univariate.remove("bivariate");
            int mismatchCount = 0;
            if (bivariate) {
                mismatchCount += runBivariate(t);
                if (univariate.isEmpty()) {
                    return mismatchCount == 0 ? 0 : mismatches(spec, mismatchCount, dir.resolve("modular-bivariate.csv"));
                }
            }
            ModularBenchmark.Sizes set = quick ? ModularBenchmark.Sizes.QUICK : parseSizes(sizes);
            List<ModularBenchmark.Case> cases = ModularBenchmark.cases(set, univariate);
            List<Integer> ft = flintThreads != null ? flintThreads
                    : all > 1 && set == ModularBenchmark.Sizes.ISSUE ? List.of(1, all) : List.of(1);
            for (int x : ft) {
                if (x < 1 || x > 1024) {
                    throw new IllegalArgumentException("--flint-threads must be in [1, 1024], got " + x);
                }
            }
            FlintPeer peer = flintPeer(flint);
            String device = gpu ? ModularBenchmark.gpuDevice(t) : "";
            System.out.println("# modalg bench modular (" + set.name().toLowerCase(java.util.Locale.ROOT) + "): "
                    + BenchTable.machine() + "; 'all' rows on " + t + " thread(s)"
                    + (gpu ? "; GPU: " + device : "; no GPU rows (--gpu adds them)"));
            System.out.println("# FLINT peer: " + (peer == null ? "none (no flint3_bench found; --flint PATH)"
                    : peer.binary() + ", threads " + ft));
            ModularBenchmark.Outcome outcome = ModularBenchmark.run(cases,
                    new ModularBenchmark.Config(t, repeats, gpu, peer, ft, flintTimeout, !noOneThread,
                            !noBigPrime), System.out);
            Path csv = dir.resolve("modular.csv");
            printAndWrite(outcome.table(), csv);
            if (jas) {
                runJas(t);
            }
            return mismatches(spec, outcome.mismatches() + mismatchCount, csv);
        }

        // Part bivariate: BivariateFlintBenchmark on 1 and t threads, FLINT 2.9's rows alternately when its peer is found
        private int runBivariate(int t) {
            if (!(bivariateTimeout > 0)) {
                throw new IllegalArgumentException("--bivariate-timeout must be > 0 seconds, got " + bivariateTimeout);
            }
            List<int[]> res = BivariateFlintBenchmark.parseCases(quick ? List.of("10:16") : bivariateRes,
                    "--bivariate-res");
            List<int[]> gcds = BivariateFlintBenchmark.parseCases(quick ? List.of("10:16") : bivariateGcd,
                    "--bivariate-gcd");
            Path peer = peer(flintMpoly, FlintMpolyPeer::locateDefault, FlintMpolyPeer::at);
            List<Integer> threadCounts = t > 1 ? List.of(1, t) : List.of(1);
            System.out.println("# modalg bench modular --part bivariate: " + BenchTable.machine() + "; threads "
                    + threadCounts + "; FLINT peer: " + (peer == null
                    ? "none (modular/src/test/c/build-flint-mpoly.sh builds it where libflint-dev is installed)"
                    : peer));
            BivariateFlintBenchmark.Outcome out = BivariateFlintBenchmark.run(new BivariateFlintBenchmark.Config(res,
                    gcds, threadCounts, repeats, peer, bivariateTimeout), System.out);
            Path csv = dir.resolve("modular-bivariate.csv");
            printAndWrite(out.table(), csv);
            return out.mismatches();
        }

        private static ModularBenchmark.Sizes parseSizes(String s) {
            for (ModularBenchmark.Sizes v : ModularBenchmark.Sizes.values()) {
                if (v.name().equalsIgnoreCase(s)) {
                    return v;
                }
            }
            throw new IllegalArgumentException("--sizes must be one of quick, small, issue; got " + s);
        }

        // The earlier comparisons against JAS (det: DeterminantBenchmark; gcd, resultant: GcdResultantBenchmark).
        private void runJas(int t) {
            List<String> polyParts = new ArrayList<>(parts);
            if (polyParts.remove("solve")) {
                BenchTable solve = quick
                        ? SolveBenchmark.run(new int[] {6, 12}, new int[] {10, 100}, t, 1, 12)
                        : SolveBenchmark.run(new int[] {100, 200, 500}, new int[] {10, 100}, t, repeats,
                                jasSolveMaxN);
                printAndWrite(solve, dir.resolve("modular-solve.csv"));
            }
            if (polyParts.remove("det")) {
                BenchTable det = quick
                        ? DeterminantBenchmark.run(new int[] {10, 20}, new int[] {10, 100}, t, 1, 20, 20)
                        : DeterminantBenchmark.run(new int[] {100, 200, 400}, new int[] {10, 100}, t, repeats, jasMaxN,
                                bigPrimeMaxN);
                printAndWrite(det, dir.resolve("modular-jas-det.csv"));
            }
            if (!polyParts.isEmpty()) {
                BenchTable table = GcdResultantBenchmark.run(polyParts, quick, quick ? 1 : repeats, 1,
                        quick ? Math.min(budget, 20) : budget);
                printAndWrite(table, dir.resolve("modular-jas.csv"));
            }
        }
    }

    /** {@code modalg bench compare}: FLINT 3.6's product rows and modalg's on the same inputs, alternately. */
    @Command(name = "compare", mixinStandardHelpOptions = true,
            description = {"FLINT 3.6's product rows (flint3_bench sections intmul, polyz, nmod) and",
                    "modalg's products on the same inputs, bit for bit (FLINT's checksum checks every",
                    "result), run alternately in one invocation (per round and part: FLINT, then",
                    "modalg), both on --threads; prints modalg / FLINT per row (below 1: modalg is",
                    "faster). Rows modalg cannot run say 'unsupported' and why. CSV: -o FILE."})
    static final class Compare implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Option(names = "--part", split = ",", description = "Parts: intmul, polyz, nmod (default: ${DEFAULT-VALUE}).",
                defaultValue = "intmul,polyz,nmod")
        List<String> parts;

        @Option(names = "--max-log2", description = "Largest length exponent of the polyz and nmod rows"
                + " (default: ${DEFAULT-VALUE}).", defaultValue = "20")
        int maxLog2;

        @Option(names = "--max-bits", description = "Largest integer of the intmul rows, in bits"
                + " (default: ${DEFAULT-VALUE}).", defaultValue = "10000000")
        long maxBits;

        @Option(names = "--polyz-bits", split = ",", paramLabel = "B,...", description = "Coefficient sizes of the"
                + " polyz rows, of 64 and 1000 (default: ${DEFAULT-VALUE}).", defaultValue = "64,1000")
        List<Integer> polyzBits;

        @Option(names = "--threads", description = "Threads of both (default: ${DEFAULT-VALUE}).", defaultValue = "1")
        int threads;

        @Option(names = "--backend", paramLabel = "auto|cpu|gpu", description = "modalg's backend (default:"
                + " ${DEFAULT-VALUE}: the GPU takes the products its providers accept when one is usable).",
                defaultValue = "auto")
        String backend;

        @Option(names = "--rounds", description = "Rounds of FLINT then modalg per part (default: ${DEFAULT-VALUE}).",
                defaultValue = "2")
        int rounds;

        @Option(names = "--repeats", description = "modalg's timed runs per row after a warm-up, at least 10 below"
                + " 100 ms (default: ${DEFAULT-VALUE}).", defaultValue = "3")
        int repeats;

        @Option(names = "--flint", paramLabel = "PATH", description = "The FLINT peer flint3_bench, or 'none'"
                + " (default: as bench modular finds it).")
        String flint;

        @Option(names = "--flint-timeout", paramLabel = "SECONDS",
                description = "Longest run of one FLINT section (default: ${DEFAULT-VALUE}).", defaultValue = "1800")
        double flintTimeout;

        @Mixin
        CsvFile csv = new CsvFile("bench-results/compare.csv");

        @Override
        public Integer call() {
            // the options checked before the peer is looked for
            CompareBenchmark.Config cfg = new CompareBenchmark.Config(parts, maxLog2, maxBits, polyzBits, threads,
                    org.modalg.fft.Backend.parse(backend), rounds, repeats, null, flintTimeout);
            FlintPeer peer = flintPeer(flint);
            cfg = cfg.withFlint(peer);
            System.out.println("# modalg bench compare: " + BenchTable.machine() + "; " + threads
                    + " thread(s) for both; modalg's backend " + cfg.backend().name().toLowerCase(java.util.Locale.ROOT)
                    + "; " + rounds + " round(s)");
            System.out.println("# FLINT peer: " + (peer == null ? "none (no flint3_bench found; --flint PATH)"
                    : peer.binary()));
            CompareBenchmark.Outcome outcome = CompareBenchmark.run(cfg, System.out);
            csv.printAndWrite(outcome.table());
            return mismatches(spec, outcome.mismatches(), csv.path());
        }
    }

    /** {@code modalg bench gpu}: the GPU engines against the CPU engines, device named. */
    @Command(name = "gpu", mixinStandardHelpOptions = true,
            description = {"GPU benchmarks (needs a usable CUDA device): (a) [Thesis] Table 2.2, big-prime FFT vs",
                    "projection + small-prime NTTs + CRT for P3 and P4; (b) small-prime NTT throughput, kernels",
                    "alone and with transfers, as time and as effective GB/s against the device's copy bandwidth;",
                    "(c) integer and polynomial multiplication against the CPU engines; (d) batched small polynomial",
                    "products over Z: fused kernels against one call per product and the CPU twin; (r) the product rows",
                    "Z[x] 64- and 1000-bit and Z/pZ[x] (p = 2^62 + 135), CPU route against backends auto and gpu."})
    static final class Gpu implements Callable<Integer> {
        @Option(names = "--part", split = ",", description = {"Parts to run: a, b, c, d (batched small polynomial",
                "products; not in the default), r (product rows; not in the default) (default: ${DEFAULT-VALUE})."},
                defaultValue = "a,b,c")
        List<String> parts;

        @Option(names = "--cpu-max-bits", description = "Largest integer size for the CPU peers in part (c) (default: ${DEFAULT-VALUE}).",
                defaultValue = "100000000")
        long cpuMaxBits;

        @Option(names = "--min-log2n", description = "Smallest NTT length exponent (default: ${DEFAULT-VALUE}).",
                defaultValue = "16")
        int minLog2n;

        @Option(names = "--max-log2n", description = "Largest NTT length exponent (default: ${DEFAULT-VALUE}).",
                defaultValue = "26")
        int maxLog2n;

        @Option(names = "--batch", description = "Primes per batch (default: ${DEFAULT-VALUE}).", defaultValue = "8")
        int batch;

        @Option(names = "--repeats", description = "Timed runs (default: ${DEFAULT-VALUE}).", defaultValue = "5")
        int repeats;

        @Option(names = "--small-threads", description = {"Threads of the CPU twin in part (d), batched small products",
                "(default: ${DEFAULT-VALUE})."}, defaultValue = "16")
        int smallThreads;

        @Option(names = "--row-threads", description = {"Host threads of every route in part (r), the product rows",
                "(default: ${DEFAULT-VALUE})."}, defaultValue = "16")
        int rowThreads;

        @Option(names = "--max-1000-log2n", description = {"Largest length exponent of the 1000-bit Z[x] rows of part (r)",
                "(default: ${DEFAULT-VALUE}; 2^24 needs a heap of about 64 GiB)."}, defaultValue = "22")
        int max1000Log2n;

        @Option(names = "--rows", split = ",", description = {"Rows of part (r): zz64 (Z[x], 64-bit), zp (Z/pZ[x]),",
                "zz1000 (Z[x], 1000-bit) (default: all three)."}, defaultValue = "zz64,zp,zz1000")
        java.util.List<String> rows;

        @Option(names = "--quick", description = "Small run for a smoke test.")
        boolean quick;

        @Option(names = {"-o", "--csv-dir"}, paramLabel = "DIR",
                description = "Directory of the CSV files (default: ${DEFAULT-VALUE}).", defaultValue = "bench-results")
        Path dir;

        @Option(names = "--launch", description = {"Launch parameters instead of the parts: the block the model "
            + "(-Dmodalg.gpu.launch=model) picks per kernel and size against an exhaustive search over every block "
            + "(chosen/best, worst/best, fixed 256/best, predicted vs measured ms); on this GPU, or with --sweep "
            + "replayed from a harness sweep (gpu/src/test/cuda/launch-sweep.sh; no GPU needed)."})
        boolean launch;

        @Option(names = "--sweep", paramLabel = "FILE",
                description = "With --launch: the launch-sweep.csv of the standalone harness to replay through the model.")
        Path sweep;

        @Override
        public Integer call() throws java.io.IOException {
            if (launch) {
                return launch();
            }
            CommonOptions.checkThreads("--small-threads", smallThreads);
            CommonOptions.checkThreads("--row-threads", rowThreads);
            if (max1000Log2n < 1 || max1000Log2n > 24) {
                throw new IllegalArgumentException("--max-1000-log2n must be in [1, 24], got " + max1000Log2n);
            }
            if (repeats < 1 || batch < 1 || minLog2n < 1 || maxLog2n > 27 || minLog2n > maxLog2n) {
                throw new IllegalArgumentException("--repeats and --batch must be >= 1, 1 <= --min-log2n <= --max-log2n <= 27");
            }
            if (!GpuRuntime.isUsable()) {
                System.out.println("# modalg bench gpu: no usable GPU (" + GpuRuntime.unusableReason() + ")");
                return 1;
            }
            System.out.println("# modalg bench gpu: " + GpuRuntime.get().describe() + "; host " + BenchTable.machine());
            if (parts.contains("a")) {
                System.out.println("# (a) [Thesis] Table 2.2: big-prime FFT vs projection + small-prime NTTs + CRT (times in ms)");
                BenchTable t = GpuBenchmark.table22(quick ? 2 : 5, quick ? 2 : 4, quick ? 1 : repeats);
                show(t, "gpu-table22.csv");
            }
            if (parts.contains("b")) {
                System.out.println("# (b) small-prime NTT, 62-bit primes (times in ms)");
                BenchTable t = GpuBenchmark.nttThroughput(quick ? 12 : minLog2n, quick ? 14 : maxLog2n, batch,
                        1L << 28, quick ? 1 : repeats, 1);
                show(t, "gpu-ntt.csv");
            }
            if (parts.contains("r")) {
                System.out.println("# (r) product rows: the CPU route on " + rowThreads + " threads against backends"
                        + " auto and gpu, alternately (times in ms)");
                BenchTable t = GpuBenchmark.productRows(quick ? 16 : minLog2n, quick ? 16 : maxLog2n, max1000Log2n,
                        rowThreads, quick ? 1 : repeats, rows, System.out);
                show(t, "gpu-rows.csv");
            }
            if (parts.contains("c")) {
                System.out.println("# (c) integer multiplication, n bits times n bits (times in ms)");
                long[] bits = quick ? new long[] {1_000_000}
                        : new long[] {100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000};
                BenchTable t = GpuBenchmark.integerMultiplication(bits, cpuMaxBits, 10_000_000, quick ? 1 : repeats, 2);
                show(t, "gpu-intmul.csv");
                System.out.println("# (c) polynomial multiplication over Z/pZ, a 62-bit NTT prime and 2^62 - 57 (times in ms)");
                t = GpuBenchmark.polynomialMultiplication(quick ? 16 : 12, quick ? 16 : 24, quick ? 1 : repeats, 3);
                show(t, "gpu-polymul.csv");
                System.out.println("# (c) polynomial multiplication over Z, 64- and 1000-bit coefficients (times in ms)");
                t = GpuBenchmark.integerPolynomialMultiplication(quick ? 16 : 12, quick ? 16 : 24, quick ? 1 : repeats, 4);
                show(t, "gpu-zzpolymul.csv");
            }
            if (parts.contains("d")) {
                System.out.println("# (d) batched small products over Z: the fused device kernels against one call per product"
                        + " and the CPU twin on " + smallThreads + " threads (products per second)");
                BenchTable t = SmallProductsBenchmark.run(quick ? SmallProductsBenchmark.QUICK : SmallProductsBenchmark.SHAPES,
                        smallThreads, quick ? 1 : repeats, 16);
                show(t, "gpu-small-products.csv");
            }
            return 0;
        }

        // Prints a part's table and writes it to FILE in the CSV directory.
        private void show(BenchTable table, String file) {
            table.print(System.out);
            table.writeCsv(dir.resolve(file));
        }

        private Integer launch() throws java.io.IOException {
            List<String> notes = new java.util.ArrayList<>();
            BenchTable t;
            if (sweep != null) {
                System.out.println("# modalg bench gpu --launch: replay of " + sweep + " through the launch model");
                t = org.modalg.examples.bench.GpuLaunchBenchmark.replay(sweep, notes);
            } else {
                if (System.getProperty("modalg.gpu.launch") == null) {
                    System.setProperty("modalg.gpu.launch", "model");
                }
                if (!GpuRuntime.isUsable()) {
                    System.out.println("# modalg bench gpu --launch: no usable GPU (" + GpuRuntime.unusableReason()
                            + "); --sweep FILE replays a harness sweep");
                    return 1;
                }
                // The launch sweep covers 2^10 .. 2^24: the NTT defaults (16 .. 26) are clipped to it.
                int lo = quick ? 12 : Math.max(10, minLog2n);
                int hi = quick ? 14 : Math.min(24, maxLog2n);
                if (repeats < 1 || lo > hi) {
                    throw new IllegalArgumentException("--repeats must be >= 1 and --min-log2n .. --max-log2n must meet "
                            + "10 .. 24 with --launch, got " + minLog2n + " .. " + maxLog2n);
                }
                System.out.println("# modalg bench gpu --launch: host " + BenchTable.machine());
                t = org.modalg.examples.bench.GpuLaunchBenchmark.live(lo, hi, quick ? 3 : Math.max(3, repeats), 5, notes);
            }
            notes.forEach(n -> System.out.println("# " + n));
            show(t, "gpu-launch.csv");
            return 0;
        }
    }
}
