package org.modalg.examples.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.modalg.examples.cli.io.CommonOptions;
import org.modalg.examples.study.BivariateStudy;
import org.modalg.examples.study.CrossoverStudy;
import org.modalg.examples.study.FftStudy;
import org.modalg.examples.study.FpFftSpeedStudy;
import org.modalg.examples.study.FpFftStudy;
import org.modalg.examples.study.IntMulStudy;
import org.modalg.examples.study.ModularStudy;
import org.modalg.examples.study.Study;
import org.modalg.examples.study.StudyRunner;
import org.modalg.examples.study.UnluckyStudy;
import org.modalg.fields.GfPreset;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code modalg study ...}: research scripts. Each writes {@code study-NAME.csv} (one row
 * flushed as soon as it is measured) and {@code study-NAME.png} into the output directory and
 * prints the table; {@code --resume} keeps the rows of an earlier run, {@code --time-limit}
 * stops starting new work after that many seconds.
 */
@Command(name = "study", mixinStandardHelpOptions = true,
        description = {"Research studies: CSV + PNG plot + table. Progress on standard error;",
                "--resume keeps the finished rows of an earlier (cut short) run."},
        subcommands = {StudyCommand.Fft.class, StudyCommand.Crossover.class, StudyCommand.Unlucky.class,
            StudyCommand.IntMul.class, StudyCommand.Modular.class, StudyCommand.FpFft.class,
            StudyCommand.FpFftSpeed.class, StudyCommand.Bivariate.class})
public final class StudyCommand implements Runnable {
    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }

    /** Options every study takes. */
    static final class Common {
        @Option(names = "--quick", description = "A small run (seconds) for a smoke test.")
        boolean quick;

        @Option(names = "--resume", description = "Keep the rows of an existing CSV with the same columns; compute the rest.")
        boolean resume;

        @Option(names = {"-o", "--out"}, paramLabel = "DIR",
                description = "Directory of study-NAME.csv and study-NAME.png (default: ${DEFAULT-VALUE}).",
                defaultValue = "bench-results")
        Path dir;

        @Option(names = "--time-limit", paramLabel = "SECONDS",
                description = "Start no new measurement after this many seconds; 0 = none (default: ${DEFAULT-VALUE}).",
                defaultValue = "0")
        double timeLimit;

        @Option(names = "--seed", description = "Random seed (default: ${DEFAULT-VALUE}).", defaultValue = "1")
        long seed;

        int run(Study study) {
            return StudyRunner.run(study, dir, resume, timeLimit, System.out) ? 0 : 3;
        }
    }

    /** {@code modalg study fft}. */
    @Command(name = "fft", mixinStandardHelpOptions = true,
            description = {"Time vs N of a DFT over a big prime field: big-prime FFT, projection + small-prime NTTs + CRT",
                    "([Thesis] Table 2.2 shape), and the FFT in BigInteger arithmetic (Table 3.4 shape); per field; CPU,",
                    "and the GPU CRT route when a GPU is usable. Columns: " + "field,log2N,route,backend,threads,N,k,"
                            + "p_bits,crt_primes,ms,kernel_ms (ms: fastest run; NaN: skipped, over budget)."})
    static final class Fft implements Callable<Integer> {
        @Mixin
        Common common = new Common();

        @Option(names = "--presets", split = ",", paramLabel = "NAME,...",
                description = "Fields (default: ${DEFAULT-VALUE}: [Thesis] P3 and P4).", defaultValue = "SRGF8,SRGF16")
        List<String> presets;

        @Option(names = "--min-log2n", description = "Smallest log2 N (default: ${DEFAULT-VALUE}).", defaultValue = "8")
        int minLog;

        @Option(names = "--max-log2n", description = "Largest log2 N, step 2 (default: ${DEFAULT-VALUE}).", defaultValue = "20")
        int maxLog;

        @Option(names = "--threads", split = ",", description = "Thread counts of the CPU runs (default: all processors).")
        List<Integer> threads;

        @Option(names = "--repeats", description = "Timed runs per point, fastest kept (default: ${DEFAULT-VALUE}).",
                defaultValue = "3")
        int repeats;

        @Option(names = "--budget", paramLabel = "SECONDS",
                description = "A route stops growing N once one run took longer (default: ${DEFAULT-VALUE}).",
                defaultValue = "10")
        double budget;

        @Override
        public Integer call() {
            List<GfPreset> list = new ArrayList<>();
            for (String name : presets) {
                list.add(GfPreset.byName(name));
            }
            List<Integer> t = CommonOptions.threads(threads);
            FftStudy study = common.quick
                    ? new FftStudy(list, 8, 10, t, 1, budget, true, common.seed)
                    : new FftStudy(list, minLog, maxLog, t, repeats, budget, true, common.seed);
            return common.run(study);
        }
    }

    /** {@code modalg study crossover}. */
    @Command(name = "crossover", mixinStandardHelpOptions = true,
            description = {"Where each multiplication algorithm over Z[x] wins (classical, Karatsuba, Kronecker,",
                    "small-prime NTT), by length and coefficient size, beside the default rule's choice.",
                    "Columns: bits,n,algorithm,us,default_choice,note (us: microseconds per product, fastest batch)."})
    static final class Crossover implements Callable<Integer> {
        @Mixin
        Common common = new Common();

        @Option(names = "--bits", split = ",", description = "Coefficient sizes (default: ${DEFAULT-VALUE}).",
                defaultValue = "64,256,1024,4096")
        int[] bits;

        @Option(names = "--lengths", split = ",", description = "Lengths n (default: ${DEFAULT-VALUE}).",
                defaultValue = "4,8,16,32,64,128,256,512,1024,2048,4096")
        int[] lengths;

        @Option(names = "--budget", paramLabel = "MS",
                description = "An algorithm stops growing n once one product took longer (default: ${DEFAULT-VALUE}).",
                defaultValue = "1000")
        double budget;

        @Override
        public Integer call() {
            return common.run(common.quick
                    ? new CrossoverStudy(new int[] {64, 1024}, new int[] {4, 16, 64}, budget, 2, common.seed)
                    : new CrossoverStudy(bits, lengths, budget, 50, common.seed));
        }
    }

    /** {@code modalg study unlucky}. */
    @Command(name = "unlucky", mixinStandardHelpOptions = true,
            description = {"Frequency of unlucky primes in the modular GCD of f = a*c, g = b*c as the coefficients grow:",
                    "word-size primes (< 2^10, 2^16, 2^31, 2^62) vs the 505-bit prime P3 and the two routes' reports,",
                    "against the 1/q model. Columns: " + "bits,family,prime_bits,trials,primes_tested,unlucky,rate,",
                    "expected_rate,res_bits_mean,max_unlucky_possible,primes_per_gcd,unlucky_per_gcd,expected_unlucky_per_gcd."})
    static final class Unlucky implements Callable<Integer> {
        @Mixin
        Common common = new Common();

        @Option(names = "--bits", split = ",", description = "Coefficient sizes of a, b, c (default: ${DEFAULT-VALUE}).",
                defaultValue = "8,16,32,64,128,256,512,1024")
        int[] bits;

        @Option(names = "--trials", description = "Random inputs per size (default: ${DEFAULT-VALUE}).", defaultValue = "200")
        int trials;

        @Option(names = "--primes", description = "Primes per word-size family (default: ${DEFAULT-VALUE}).",
                defaultValue = "300")
        int primes;

        @Option(names = "--deg-ab", description = "Degree of a and b (default: ${DEFAULT-VALUE}).", defaultValue = "5")
        int degAB;

        @Option(names = "--deg-c", description = "Degree of the common factor c (default: ${DEFAULT-VALUE}).",
                defaultValue = "3")
        int degC;

        @Override
        public Integer call() {
            return common.run(common.quick
                    ? new UnluckyStudy(new int[] {8, 64}, 4, 20, degAB, degC, common.seed)
                    : new UnluckyStudy(bits, trials, primes, degAB, degC, common.seed));
        }
    }

    /** {@code modalg study intmul}. */
    @Command(name = "intmul", mixinStandardHelpOptions = true,
            description = {"n-bit integer products, n = 10^4 .. 10^9: modalg (CPU; GPU when usable) vs BigInteger vs",
                    "apfloat, each product checked modulo three primes. Columns: bits,library,threads,ms,check,note."})
    static final class IntMul implements Callable<Integer> {
        @Mixin
        Common common = new Common();

        @Option(names = "--max-bits", description = "Largest operand size (default: ${DEFAULT-VALUE}).",
                defaultValue = "1000000000")
        long maxBits;

        @Option(names = "--threads", description = "Threads of modalg and apfloat (default: all processors).")
        Integer threads;

        @Option(names = "--budget", paramLabel = "SECONDS",
                description = "Skip a product predicted to take longer (default: ${DEFAULT-VALUE}).", defaultValue = "60")
        double budget;

        @Override
        public Integer call() {
            int t = CommonOptions.threads(threads);
            if (maxBits < 10_000 || maxBits > 1_000_000_000L) {
                throw new IllegalArgumentException("--max-bits must be in [10^4, 10^9], got " + maxBits);
            }
            return common.run(common.quick
                    ? new IntMulStudy(new long[] {10_000, 100_000}, t, budget, true, common.seed)
                    : new IntMulStudy(IntMulStudy.sizesUpTo(10_000, maxBits), t, budget, true, common.seed));
        }
    }

    /** {@code modalg study fpfft}. */
    @Command(name = "fpfft", mixinStandardHelpOptions = true,
            description = {"The ID-FFT paper's Tables 2-3 with modalg's floating-point FFT: all-9 operands of N decimal",
                    "digits, k per coefficient, FP32 and FP64; error count (> 0.5), mean and max error, the proven",
                    "bound, the paper's Eq. 7, and exact checks (closed form, BigInteger); plus the proven binary",
                    "route on its worst-case digits. Columns: " + "precision,k,digits,log2_points,err_count,mae,max_err,"
                            + "bound,eq7,exact,oracle."})
    static final class FpFft implements Callable<Integer> {
        @Mixin
        Common common = new Common();

        @Option(names = "--min-log2-digits", description = "Smallest log2 N (default: ${DEFAULT-VALUE}).",
                defaultValue = "12")
        int minLog;

        @Option(names = "--max-log2-digits", description = "Largest log2 N for FP64 (default: ${DEFAULT-VALUE}).",
                defaultValue = "20")
        int maxLog;

        @Option(names = "--max-log2-digits-fp32", description = "Largest log2 N for FP32 (default: ${DEFAULT-VALUE}).",
                defaultValue = "22")
        int maxLogFp32;

        @Override
        public Integer call() {
            return common.run(common.quick ? new FpFftStudy(12, 14, 14) : new FpFftStudy(minLog, maxLog, maxLogFp32));
        }
    }

    /** {@code modalg study fpfft-speed}. */
    @Command(name = "fpfft-speed", mixinStandardHelpOptions = true,
            description = {"n-bit integer products: the floating-point FFT route (proven digit size, one thread) vs the",
                    "exact NTT route (one thread and default) vs BigInteger. Columns: bits,route,digit_bits,log2_points,",
                    "ms,check."})
    static final class FpFftSpeed implements Callable<Integer> {
        @Mixin
        Common common = new Common();

        @Option(names = "--max-bits", description = "Largest operand size, powers of 10 from 10^4 (default: ${DEFAULT-VALUE}).",
                defaultValue = "10000000")
        long maxBits;

        @Override
        public Integer call() {
            if (maxBits < 10_000 || maxBits > 100_000_000L) {
                throw new IllegalArgumentException("--max-bits must be in [10^4, 10^8], got " + maxBits);
            }
            List<Long> sizes = new ArrayList<>();
            for (long s = 10_000; s <= (common.quick ? 100_000 : maxBits); s *= 10) {
                sizes.add(s);
            }
            return common.run(new FpFftSpeedStudy(sizes.stream().mapToLong(Long::longValue).toArray(), common.seed));
        }
    }

    /** {@code modalg study modular}. */
    @Command(name = "modular", mixinStandardHelpOptions = true,
            description = {"Big prime vs CRT for the modular algorithms ([Thesis] section 2.9): det,",
                    "gcd and resultant by both routes on the CPU and, when a GPU image engine is",
                    "usable, on the GPU, over sizes and coefficient widths; unlucky primes counted",
                    "from the reports (gcd: also a planted family whose first CRT primes are",
                    "unlucky by construction). Plots: study-modular.png (time vs size),",
                    "study-modular-ratio.png (big prime / CRT). Columns: op,family,size,bits,",
                    "route,backend,threads,ms,primes,unlucky,skipped,images_ms,",
                    "reconstruction_ms,transfer_ms,other_ms,field,note."})
    static final class Modular implements Callable<Integer> {
        @Mixin
        Common common = new Common();

        @Option(names = "--ops", split = ",", paramLabel = "OP,...",
                description = "Operations (default: ${DEFAULT-VALUE}).", defaultValue = "det,gcd,resultant")
        List<String> ops;

        @Option(names = "--threads", description = "Threads of every run (default: all processors).")
        Integer threads;

        @Option(names = "--budget", paramLabel = "SECONDS",
                description = "A route stops growing the size once a run is predicted to take longer"
                        + " (default: ${DEFAULT-VALUE}).", defaultValue = "10")
        double budget;

        @Option(names = "--sizes", split = ",", paramLabel = "N,...",
                description = "Sizes (n or degrees) for every op instead of the default grid.")
        int[] sizes;

        @Option(names = "--bits", split = ",", paramLabel = "B,...",
                description = "Coefficient widths for every op instead of the default grid.")
        int[] bits;

        @Override
        public Integer call() {
            int t = CommonOptions.threads(threads);
            ModularStudy study = ModularStudy.defaults(common.quick, ops, t, budget, common.seed);
            if (sizes != null || bits != null) {
                java.util.Map<String, int[]> s = new java.util.LinkedHashMap<>();
                java.util.Map<String, int[]> b = new java.util.LinkedHashMap<>();
                ModularStudy d = study;
                for (String op : ops) {
                    s.put(op, sizes != null ? sizes : d.sizes(op));
                    b.put(op, bits != null ? bits : d.bits(op));
                }
                study = new ModularStudy(s, b, t, budget, true, common.seed);
            }
            return common.run(study);
        }
    }

    /** {@code modalg study bivariate}. */
    @Command(name = "bivariate", mixinStandardHelpOptions = true,
            description = {"Time of the bivariate resultant (Res_x over Z[x, y]) and gcd against the total degree and",
                    "the coefficient bits, dense inputs (those of bench modular --part bivariate), CPU on one and all",
                    "threads, and the GPU backend when a GPU image engine is usable; a series stops growing the",
                    "degree after a run over the budget. Columns: op,d,bits,backend,threads,ms,primes,result,check."})
    static final class Bivariate implements Callable<Integer> {
        @Mixin
        Common common = new Common();

        @Option(names = "--ops", split = ",", paramLabel = "OP,...",
                description = "resultant, gcd (default: ${DEFAULT-VALUE}).", defaultValue = "resultant,gcd")
        List<String> ops;

        @Option(names = "--degrees", split = ",", paramLabel = "D,...",
                description = "Total degrees (default: ${DEFAULT-VALUE}).", defaultValue = "10,20,30,40,60,80,100,150,200")
        int[] degrees;

        @Option(names = "--bits", split = ",", paramLabel = "B,...",
                description = "Coefficient bits (default: ${DEFAULT-VALUE}).", defaultValue = "16,64,256")
        int[] bits;

        @Option(names = "--threads", description = "Threads of the 'all' runs (default: all processors).")
        Integer threads;

        @Option(names = "--budget", paramLabel = "SECONDS",
                description = "A series stops growing d after a run this long (default: ${DEFAULT-VALUE}).",
                defaultValue = "20")
        double budget;

        @Option(names = "--no-one-thread", description = "Leave out the one-thread CPU rows (minutes at the large"
                + " sizes); kept when --threads is 1.")
        boolean noOneThread;

        @Override
        public Integer call() {
            int t = CommonOptions.threads(threads);
            return common.run(common.quick
                    ? new BivariateStudy(ops, new int[] {5, 10}, new int[] {16}, t, budget, true, !noOneThread)
                    : new BivariateStudy(ops, degrees, bits, t, budget, true, !noOneThread));
        }
    }
}
