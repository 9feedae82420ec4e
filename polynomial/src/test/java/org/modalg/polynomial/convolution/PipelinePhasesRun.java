package org.modalg.polynomial.convolution;

import org.modalg.fft.Backend;
import org.modalg.fft.Options;

/**
 * Not a test: where the time of a product goes, by the pipeline's own profiler
 * ({@link PipelinePhases}; run with {@code -Dmodalg.pipeline.phases=true}). For each row, one
 * thread, CPU backend: a warm-up of about a second, then the products of a few seconds with the
 * sums reset after the warm-up; prints the best and the mean thread CPU time, the mean of each
 * phase per product (CPU time too) and the rest ("outside": the operands' conversions before the pipeline and the result's
 * after it, e.g. BigIntegers). Rows: {@code zz:log2len:bits}, {@code int:bits},
 * {@code zp:log2len} (p = nextprime(2^62), the FLINT peer's {@code nmod} modulus). Run:
 * java -Dmodalg.pipeline.phases=true -cp ... org.modalg.polynomial.convolution.PipelinePhasesRun ROW...
 */
public final class PipelinePhasesRun {
    private PipelinePhasesRun() {
    }

    public static void main(String[] args) {
        if (!PipelinePhases.ON) {
            System.out.println("# the profiler is off: run with -Dmodalg.pipeline.phases=true");
        }
        Options o = Options.defaults().withThreads(1).withBackend(Backend.CPU);
        for (String row : args) {
            Runnable product = ProductRowsTiming.product(row, o);
            long warmEnd = System.nanoTime() + 1_500_000_000L;
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
                long t = mx.getCurrentThreadCpuTime();
                product.run();
                t = mx.getCurrentThreadCpuTime() - t;
                sum += t;
                best = Math.min(best, t);
                calls++;
            }
            long inside = 0;
            for (PipelinePhases.Phase p : PipelinePhases.Phase.values()) {
                inside += PipelinePhases.nanos(p);
            }
            System.out.printf("%-16s best %9.3f ms  mean %9.3f ms  calls %4d | %s  outside %.3f ms%n", row, best / 1e6,
                    sum / 1e6 / calls, calls, PipelinePhases.report(calls), (sum - inside) / 1e6 / calls);
        }
    }
}
