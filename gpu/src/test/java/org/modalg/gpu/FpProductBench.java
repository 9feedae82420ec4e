package org.modalg.gpu;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.function.Supplier;
import org.modalg.fft.fp.FpDigits;
import org.modalg.fft.fp.FpIntegerProduct;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * The floating-point FFT route against the exact NTT route for n-bit integer products, on the
 * same device and host (issue 16's crossover; gpu/BENCHMARKS.md): {@code gpu-fp}
 * ({@link GpuFpProduct#tryMultiply}: digits, device FFT, check, device carry), {@code gpu-ntt}
 * (the all-device NTT product {@link GpuIntegerMultiplier}, limbs in and out), {@code cpu-ntt}
 * ({@code IntegerMultiplication.multiplyCpu} on all host cores) and {@code cpu-fp}
 * ({@link FpIntegerProduct#tryMultiply}, one thread); {@code gpu-tiling} ({@link GpuTilingProduct}, the
 * exact classical product in tiles, up to 10^7 bits). Every time includes the conversions from and
 * to BigInteger; best of three after one warm-up; every product compared with cpu-ntt's.
 *
 * <p>Run from the bundle: {@code jre/bin/java -cp "test-classes:lib/*" org.modalg.gpu.FpProductBench
 * CSV_DIR [quick]} (sizes 10^4 .. 10^8 bits; quick: up to 10^6).
 */
public final class FpProductBench {
    private FpProductBench() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : ".");
        boolean quick = args.length > 1 && args[1].equals("quick");
        Files.createDirectories(dir);
        int cores = Runtime.getRuntime().availableProcessors();
        boolean gpu = GpuRuntime.isUsable();
        System.out.println("# " + (gpu ? GpuRuntime.get().describe() : "no GPU: " + GpuRuntime.unusableReason())
                + "; host " + cores + " cores");
        try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(dir.resolve("bench-fpfft-gpu.csv")))) {
            csv.println("bits,route,ms,digit_bits,log2_points,check");
            GpuIntegerMultiplier ntt = gpu ? new GpuIntegerMultiplier(GpuRuntime.get()) : null;
            long[] sizes = quick ? new long[] {10_000, 100_000, 1_000_000}
                    : new long[] {10_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000, 10_000_000, 30_000_000,
                        100_000_000};
            for (long bits : sizes) {
                Random rnd = new Random(bits);
                BigInteger a = new BigInteger((int) bits, rnd).setBit((int) bits - 1);
                BigInteger b = new BigInteger((int) bits, rnd).setBit((int) bits - 1);
                BigInteger want = IntegerMultiplication.multiplyCpu(a, b, cores);
                row(csv, bits, "cpu-ntt", () -> IntegerMultiplication.multiplyCpu(a, b, cores), want, "", "");
                if (bits <= 10_000_000) {
                    FpIntegerProduct.Outcome o = FpIntegerProduct.tryMultiply(a, b);
                    row(csv, bits, "cpu-fp", () -> FpIntegerProduct.tryMultiply(a, b).product(), want,
                            "" + o.digitBits(), "" + o.logN());
                }
                if (gpu) {
                    FpIntegerProduct.Outcome o = GpuFpProduct.tryMultiply(a, b);
                    row(csv, bits, "gpu-fp", () -> GpuFpProduct.tryMultiply(a, b).product(), want,
                            "" + o.digitBits(), "" + o.logN());
                    row(csv, bits, "gpu-ntt", () -> {
                        long[] la = FpDigits.magnitudeLimbs(a);
                        long[] lb = FpDigits.magnitudeLimbs(b);
                        long[] p = ntt.multiply(la, la.length, lb, lb.length);
                        return FpDigits.fromLimbs(p, p.length);
                    }, want, "", "");
                    if (bits <= 10_000_000) {
                        row(csv, bits, "gpu-tiling", () -> GpuTilingProduct.multiply(a, b), want, "", "");
                    }
                }
                csv.flush();
            }
        }
        System.out.println("# CSV: " + dir.resolve("bench-fpfft-gpu.csv").toAbsolutePath());
    }

    private static void row(PrintWriter csv, long bits, String route, Supplier<BigInteger> body, BigInteger want,
            String digitBits, String logN) {
        BigInteger got = body.get(); // warm-up
        double best = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long t = System.nanoTime();
            got = body.get();
            best = Math.min(best, (System.nanoTime() - t) / 1e6);
        }
        String check = want.equals(got) ? "ok" : got == null ? "fallback" : "WRONG";
        String line = String.format(Locale.ROOT, "%d,%s,%.4g,%s,%s,%s", bits, route, best, digitBits, logN, check);
        csv.println(line);
        System.out.println(line);
    }
}
