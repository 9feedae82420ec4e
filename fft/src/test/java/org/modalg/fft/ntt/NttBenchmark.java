package org.modalg.fft.ntt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.modalg.fields.NttPrimes;

/**
 * Throughput of the small-prime NTT (not a test). Prints CSV lines
 * {@code n,prime,threads,variant,rows,ms,ns_per_butterfly,min_ms}: the median and the minimum
 * time of several runs of the whole batch, and the median per butterfly (n/2 log2 n butterflies
 * per transform and row, three transforms per convolution).
 *
 * <p>Arguments (all optional): {@code minLog2n maxLog2n threads[,threads...] variants rows primeBits} where
 * variants is a comma list of {@code engine} ({@link CpuNttEngine#forward}, natural order),
 * {@code iterative}, {@code blocked} (serial bit-reversed forward without normalization, one
 * thread only) and {@code conv} (cyclic convolution of length n through the engine). Defaults:
 * {@code 16 24 1,<all processors> engine 1 62}; all rows use the largest prime below
 * 2^primeBits with 2^27 | p - 1 (61 and below: the [0, 4p) kernels of {@link NttKernels}). The runs of all variants and thread counts of one
 * length are interleaved, so that a load change on the machine affects them alike.
 */
public final class NttBenchmark {

    private NttBenchmark() {
    }

    private static final class Case {
        final String variant;
        final int threads;
        final CpuNttEngine engine;
        final List<Double> ms = new ArrayList<>();

        Case(String variant, int threads) {
            this.variant = variant;
            this.threads = threads;
            this.engine = new CpuNttEngine(threads);
        }
    }

    public static void main(String[] args) {
        int minLog = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int maxLog = args.length > 1 ? Integer.parseInt(args[1]) : 24;
        int all = Runtime.getRuntime().availableProcessors();
        int[] threadCounts = args.length > 2
                ? Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray()
                : (all > 1 ? new int[] {1, all} : new int[] {1});
        String[] variants = args.length > 3 ? args[3].split(",") : new String[] {"engine"};
        int rows = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        int primeBits = args.length > 5 ? Integer.parseInt(args[5]) : 62;
        long p = NttPrimes.largestBelow(1L << primeBits, 27);
        long[] primes = new long[rows];
        Arrays.fill(primes, p);
        System.out.println("n,prime,threads,variant,rows,ms,ns_per_butterfly,min_ms");
        Random rnd = new Random(1);
        for (int log2n = minLog; log2n <= maxLog; log2n++) {
            int n = 1 << log2n;
            int total = n * rows;
            long[] src = new long[total];
            for (int i = 0; i < total; i++) {
                src[i] = rnd.nextLong(p);
            }
            long[] data = new long[total];
            long[] other = new long[total];
            NttPlan plan = NttPlan.of(p, log2n);
            double butterflies = (double) n / 2 * log2n * rows;
            List<Case> cases = new ArrayList<>();
            for (String v : variants) {
                for (int t : threadCounts) {
                    boolean serialOnly = v.equals("iterative") || v.equals("blocked");
                    if (!serialOnly || t == 1) {
                        cases.add(new Case(v, t));
                    }
                }
            }
            // Enough repetitions for a few seconds of work per case, at least 7.
            int reps = (int) Math.max(7, Math.min(300, 1.5e9 / (butterflies * 2.0)));
            for (int r = -2; r < reps; r++) {
                for (Case c : cases) {
                    System.arraycopy(src, 0, data, 0, total);
                    System.arraycopy(src, 0, other, 0, total);
                    long t0 = System.nanoTime();
                    switch (c.variant) {
                        case "iterative":
                            plan.forwardIterative(data, 0, false);
                            break;
                        case "blocked":
                            plan.forwardBlocked(data, 0, false);
                            break;
                        case "conv":
                            c.engine.cyclicConvolution(primes, log2n, data, other, data, rows);
                            break;
                        default:
                            c.engine.forward(primes, log2n, data, rows);
                    }
                    long t1 = System.nanoTime();
                    if (r >= 0) {
                        c.ms.add((t1 - t0) / 1e6);
                    }
                }
            }
            for (Case c : cases) {
                double[] ms = c.ms.stream().mapToDouble(Double::doubleValue).sorted().toArray();
                double med = ms[ms.length / 2];
                double perBf = med * 1e6 / (c.variant.equals("conv") ? 3 * butterflies : butterflies);
                System.out.printf("%d,%d,%d,%s,%d,%.3f,%.3f,%.3f%n", n, p, c.threads, c.variant,
                        rows, med, perBf, ms[0]);
                c.engine.close();
            }
        }
    }
}
