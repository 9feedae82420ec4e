package org.modalg.polynomial.convolution;

import org.modalg.fft.Backend;
import org.modalg.fft.Options;

/**
 * Not a test: where the time of a product goes, by the pipeline's own profiler
 * ({@link PipelinePhases}; run with {@code -Dmodalg.pipeline.phases=true}). For each row, one
 * thread, CPU backend: a warm-up of 1.5 s ({@code -Dbench.warmup.ms}), then the products of a
 * few seconds with the sums reset after the warm-up; prints the best and the mean thread CPU time, the mean of each
 * phase per product (CPU time too) and the rest ("outside": the operands' conversions before the pipeline and the result's
 * after it, e.g. BigIntegers). Rows: {@code zz:log2len:bits}, {@code int:bits},
 * {@code zp:log2len} (p = nextprime(2^62), the FLINT peer's {@code nmod} modulus); a row ending in
 * {@code @T} runs on T threads and then prints wall-clock times (best and mean) beside the phases'
 * CPU time summed over the threads (their sum against the one-thread row's shows the parallel
 * overhead, the wall time against it the waiting). Run:
 * java -Dmodalg.pipeline.phases=true -cp ... org.modalg.polynomial.convolution.PipelinePhasesRun ROW...
 */
public final class PipelinePhasesRun {
    private PipelinePhasesRun() {
    }

    public static void main(String[] args) {
        if (!PipelinePhases.ON) {
            System.out.println("# the profiler is off: run with -Dmodalg.pipeline.phases=true");
        }
        for (String arg : args) {
            int at = arg.indexOf('@');
            String row = at < 0 ? arg : arg.substring(0, at);
            int threads = at < 0 ? 1 : Integer.parseInt(arg.substring(at + 1));
            Options o = Options.defaults().withThreads(threads).withBackend(Backend.CPU);
            Runnable product = ProductRowsTiming.product(row, o);
            long warmEnd = System.nanoTime() + Long.getLong("bench.warmup.ms", 1500) * 1_000_000L;
            while (System.nanoTime() < warmEnd) {
                product.run();
            }
            PipelinePhases.reset();
            long measureEnd = System.nanoTime() + 3_000_000_000L;
            int calls = 0;
            long sum = 0;
            long best = Long.MAX_VALUE;
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            while (calls < 3 || System.nanoTime() < measureEnd) {
                long t = threads == 1 ? mx.getCurrentThreadCpuTime() : System.nanoTime();
                product.run();
                t = (threads == 1 ? mx.getCurrentThreadCpuTime() : System.nanoTime()) - t;
                sum += t;
                best = Math.min(best, t);
                calls++;
            }
            long inside = 0;
            for (PipelinePhases.Phase p : PipelinePhases.Phase.values()) {
                inside += PipelinePhases.nanos(p);
            }
            if (threads == 1) {
                System.out.printf("%-16s best %9.3f ms  mean %9.3f ms  calls %4d | %s  outside %.3f ms%n", arg, best / 1e6,
                        sum / 1e6 / calls, calls, PipelinePhases.report(calls), (sum - inside) / 1e6 / calls);
            } else {
                System.out.printf("%-16s wall best %9.3f ms  mean %9.3f ms  calls %4d | CPU over the threads: %s  in phases %.3f ms%n",
                        arg, best / 1e6, sum / 1e6 / calls, calls, PipelinePhases.report(calls), inside / 1e6 / calls);
            }
        }
    }
}
