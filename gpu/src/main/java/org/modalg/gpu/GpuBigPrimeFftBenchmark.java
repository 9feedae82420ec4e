package org.modalg.gpu;

import java.util.Random;
import org.modalg.fft.CpuBigPrimeFftEngine;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;

/**
 * Prints the figures of the "Big-prime FFT" section of the module's BENCHMARKS.md: thesis
 * Table 2.2's sizes (P3 = SRGF8 with N = 16^e, e = 2..5; P4 = SRGF16 with N = 32^e, e = 2..4)
 * on the GPU, kernels alone ({@link GpuTimings#bigPrimeFftMillis}) and with transfers
 * ({@link GpuTimings#bigPrimeFftWithTransfersMillis}), next to the CPU engine on every core of
 * the same host; then small sizes, for the engine's CPU threshold. Minimum over repeats.
 * Usage: {@code java -cp <jars> org.modalg.gpu.GpuBigPrimeFftBenchmark}.
 */
public final class GpuBigPrimeFftBenchmark {
    private GpuBigPrimeFftBenchmark() {
    }

    public static void main(String[] args) {
        if (!GpuRuntime.isUsable()) {
            System.out.println("no usable GPU: " + GpuRuntime.unusableReason());
            return;
        }
        System.out.println("device: " + GpuRuntime.get().describe() + ", host cores: "
                + Runtime.getRuntime().availableProcessors());
        System.out.println("field,K,e,log2N,gpu_kernels_ms,gpu_with_transfers_ms,cpu_ms");
        try (CpuBigPrimeFftEngine cpu = new CpuBigPrimeFftEngine()) {
            for (int e = 2; e <= 5; e++) {
                row(cpu, GfPreset.SRGF8, 16, e, 4 * e);
            }
            for (int e = 2; e <= 4; e++) {
                row(cpu, GfPreset.SRGF16, 32, e, 5 * e);
            }
            System.out.println("small sizes (threshold): field,log2N,words,gpu_with_transfers_ms,cpu_ms");
            for (GfPreset p : new GfPreset[] {GfPreset.SRGF8, GfPreset.SRGF16}) {
                for (int log2N = 4; log2N <= 12; log2N += 2) {
                    GfField f = p.field();
                    System.out.printf("%s,%d,%d,%.3f,%.3f%n", p, log2N, (long) f.k() << log2N,
                            GpuTimings.bigPrimeFftWithTransfersMillis(f, log2N, 20),
                            cpuMillis(cpu, f, log2N, 20));
                }
            }
        }
    }

    private static void row(CpuBigPrimeFftEngine cpu, GfPreset p, int kk, int e, int log2N) {
        GfField f = p.field();
        double kernels = GpuTimings.bigPrimeFftMillis(f, log2N, 10);
        double transfers = GpuTimings.bigPrimeFftWithTransfersMillis(f, log2N, 5);
        double c = cpuMillis(cpu, f, log2N, log2N >= 20 ? 2 : 5);
        System.out.printf("%s,%d,%d,%d,%.3f,%.3f,%.3f%n", p, kk, e, log2N, kernels, transfers, c);
    }

    private static double cpuMillis(CpuBigPrimeFftEngine cpu, GfField f, int log2N, int repeats) {
        Random rnd = new Random(1);
        int k = f.k();
        long[] data = new long[k << log2N];
        for (int i = 0; i < data.length; i++) {
            data[i] = Long.remainderUnsigned(rnd.nextLong(), f.radix());
        }
        cpu.forward(f, log2N, data.clone()); // warm-up, twiddle table built
        double best = Double.MAX_VALUE;
        for (int i = 0; i < repeats; i++) {
            long[] x = data.clone();
            long t0 = System.nanoTime();
            cpu.forward(f, log2N, x);
            best = Math.min(best, (System.nanoTime() - t0) / 1e6);
        }
        return best;
    }
}
