package org.modalg.examples;

import java.io.PrintStream;
import java.math.BigInteger;
import java.util.Random;
import org.modalg.examples.bench.support.LimbArrays;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.products.LimbProductProvider;
import org.modalg.fft.products.LimbProducts;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * Worked example: multiplying two 4-million-bit integers on the CPU (small-prime NTTs and CRT,
 * {@link IntegerMultiplication#multiplyNtt} on {@link CpuNttEngine}) and, when a GPU is usable,
 * on the GPU (the all-device product behind {@link LimbProducts#provider()}, which
 * {@link IntegerMultiplication#multiply} also uses by itself for large operands). Each product is
 * compared with {@link BigInteger#multiply}.
 *
 * <p>Run: {@code java -cp examples/target/modalg.jar org.modalg.examples.IntegerProducts}.
 */
public final class IntegerProducts {
    private IntegerProducts() {
    }

    /** What {@link #run} computed; gpuProduct is null without a usable GPU. */
    public record Result(BigInteger a, BigInteger b, BigInteger cpuProduct, BigInteger gpuProduct, String gpuStatus,
                         double cpuMs, double bigIntegerMs) {
    }

    public static Result run(PrintStream out, int bits) {
        if (bits < 64 || bits > 100_000_000) {
            throw new IllegalArgumentException("bits must be in [64, 10^8], got " + bits);
        }
        Random rnd = new Random(7);
        BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
        BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1).negate();
        out.println("a, b: random integers of " + bits + " bits (b negative)");
        BigInteger cpu;
        long t0;
        double cpuMs;
        try (CpuNttEngine engine = new CpuNttEngine(Runtime.getRuntime().availableProcessors())) {
            IntegerMultiplication.multiplyNtt(a, b, engine); // warm-up
            t0 = System.nanoTime();
            cpu = IntegerMultiplication.multiplyNtt(a, b, engine);
            cpuMs = (System.nanoTime() - t0) / 1e6;
            out.printf("CPU, NTT + CRT on %d threads: %.1f ms%n", engine.threads(), cpuMs);
        }
        t0 = System.nanoTime();
        BigInteger want = a.multiply(b);
        double bigMs = (System.nanoTime() - t0) / 1e6;
        out.printf("BigInteger.multiply: %.1f ms; equal: %b%n", bigMs, cpu.equals(want));
        BigInteger gpu = null;
        String status;
        LimbProductProvider provider = LimbProducts.provider();
        if (provider == null) {
            status = "no usable GPU (" + GpuRuntime.unusableReason() + ")";
            out.println("GPU: " + status);
        } else {
            long[] la = LimbArrays.magnitude(a);
            long[] lb = LimbArrays.magnitude(b);
            provider.multiply(la, la.length, lb, lb.length); // warm-up: kernels loaded, buffers sized
            t0 = System.nanoTime();
            BigInteger magnitude = LimbArrays.value(provider.multiply(la, la.length, lb, lb.length));
            double gpuMs = (System.nanoTime() - t0) / 1e6;
            gpu = a.signum() * b.signum() < 0 ? magnitude.negate() : magnitude;
            status = provider.name() + " on " + GpuRuntime.get().describe();
            out.printf("GPU (%s): %.1f ms with the transfers; equal: %b%n", status, gpuMs, gpu.equals(want));
        }
        return new Result(a, b, cpu, gpu, status, cpuMs, bigMs);
    }

    public static void main(String[] args) {
        run(System.out, args.length > 0 ? Integer.parseInt(args[0]) : 4_000_000);
    }
}
