package org.modalg.examples.bench;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.gpu.batched.GpuBatchedPolyProducts;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batchedpoly.BatchedPolyProducts;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Batched small polynomial products over Z (issue 16, Emeliyanenko's setting): count products of
 * two random polynomials of n coefficients of B bits (both signs) per shape, in products per
 * second, by
 * <ul>
 * <li>{@link GpuBatchedPolyProducts#multiplyAll} on the whole list (one call: copies, the fused
 * kernels, conversions included);
 * <li>the same engine called once per product (a list of one pair), on a sample of up to 64
 * products;
 * <li>{@link ZZPoly#multiply(ZZPoly, Options)} with backend {@code gpu} and route {@code crt}
 * (the library's one-product device route: the NTT engine), on a sample of up to 16 products;
 * <li>the CPU twin {@link BatchedPolyProducts#multiplyAll} on {@code threads} threads.
 * </ul>
 * Every batched device result is compared with the CPU twin's (column {@code check}). Timing:
 * {@link ModularBenchmark#time} (warm-up, then the median); the operands are made before the
 * clock starts.
 */
public final class SmallProductsBenchmark {
    /** CSV columns. */
    public static final String[] COLUMNS = {"n", "bits", "count", "batched_ms", "batched_products_per_s",
        "one_by_one_products_per_s", "zzpoly_gpu_products_per_s", "cpu_threads", "cpu_ms", "cpu_products_per_s",
        "batched_over_one_by_one", "batched_over_cpu", "check"};

    /** The default shapes: {n, bits, count}. */
    public static final int[][] SHAPES = {{64, 64, 16384}, {256, 64, 4096}, {512, 256, 2048}, {1024, 512, 512},
        {2048, 1000, 128}, {2048, 2000, 64}};

    /** The shapes of a smoke test. */
    public static final int[][] QUICK = {{64, 64, 256}, {256, 256, 64}};

    private SmallProductsBenchmark() {
    }

    /** One row per shape {n, bits, count}. */
    public static BenchTable run(int[][] shapes, int threads, int repeats, long seed) {
        BenchTable table = new BenchTable(COLUMNS);
        Random rnd = new Random(seed);
        Options cpu = Options.defaults().withThreads(threads).withBackend(Backend.CPU);
        Options one = Options.defaults().withBackend(Backend.GPU).withRoute(Route.CRT);
        try (GpuBatchedPolyProducts gpu = new GpuBatchedPolyProducts(GpuRuntime.get())) {
            for (int[] shape : shapes) {
                int n = shape[0];
                int bits = shape[1];
                int count = shape[2];
                List<ZZPoly> a = new ArrayList<>(count);
                List<ZZPoly> b = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    a.add(random(rnd, n, bits));
                    b.add(random(rnd, n, bits));
                }
                List<List<ZZPoly>> got = new ArrayList<>(List.of(List.of()));
                long[] t = ModularBenchmark.time(repeats, () -> got.set(0, gpu.multiplyAll(a, b, cpu)));
                int m = Math.min(count, 64);
                long[] single = ModularBenchmark.time(Math.min(repeats, 3), () -> {
                    for (int i = 0; i < m; i++) {
                        gpu.multiplyAll(List.of(a.get(i)), List.of(b.get(i)), cpu);
                    }
                });
                int z = Math.min(count, 16);
                long[] zz = ModularBenchmark.time(1, () -> {
                    for (int i = 0; i < z; i++) {
                        a.get(i).multiply(b.get(i), one);
                    }
                });
                List<List<ZZPoly>> want = new ArrayList<>(List.of(List.of()));
                long[] c = ModularBenchmark.time(Math.min(repeats, 3),
                        () -> want.set(0, BatchedPolyProducts.multiplyAll(a, b, cpu)));
                double batched = count / (t[0] * 1e-9);
                double oneByOne = m / (single[0] * 1e-9);
                double cpuRate = count / (c[0] * 1e-9);
                String check = got.get(0).equals(want.get(0)) ? "ok" : "MISMATCH";
                table.add(n, bits, count, t[0] / 1e6, batched, oneByOne, z / (zz[0] * 1e-9), threads, c[0] / 1e6,
                        cpuRate, batched / oneByOne, batched / cpuRate, check);
            }
        }
        return table;
    }

    static ZZPoly random(Random rnd, int len, int bits) {
        BigInteger[] c = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            BigInteger x = new BigInteger(bits, rnd);
            c[i] = rnd.nextBoolean() ? x.negate() : x;
        }
        return ZZPoly.of(c);
    }
}
