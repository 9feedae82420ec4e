package org.modalg.gpu;

import java.util.Random;
import jcuda.driver.CUevent;
import jcuda.driver.JCudaDriver;

/**
 * Device-side timings for the benchmark suites: kernels alone, measured with CUDA events on
 * data already in device memory (random residues, never zeros), and the device's own copy
 * bandwidth as the memory floor to compare them with. Each figure is the minimum over
 * {@code repeats} runs after one warm-up run.
 */
public final class GpuTimings {
    private GpuTimings() {
    }

    /**
     * Device-to-device copy bandwidth in GB/s (bytes read plus bytes written, per second) for a
     * buffer of {@code bytes} bytes: the floor a memory-bound pass cannot beat.
     */
    public static double copyBandwidthGBs(long bytes, int repeats) {
        GpuRuntime.get();
        long words = Math.max(1, bytes / Long.BYTES);
        try (DeviceBuffer a = new DeviceBuffer(words); DeviceBuffer b = new DeviceBuffer(words)) {
            double ms = minMillis(repeats, () -> Cuda.check(JCudaDriver.cuMemcpyDtoD(b.at(0),
                    a.at(0), words * Long.BYTES), "cuMemcpyDtoD"));
            return 2.0 * words * Long.BYTES / (ms * 1e-3) / 1e9;
        }
    }

    /**
     * Milliseconds of the forward transform proper (DIF passes, bit-reversed output: what a
     * convolution uses) of {@code rows} rows of 2^log2n points, row i modulo rowPrimes[i].
     */
    public static double forwardMillis(long[] rowPrimes, int log2n, int rows, int repeats) {
        GpuRuntime rt = GpuRuntime.get();
        GpuNtt ntt = new GpuNtt(rt);
        try (DeviceBuffer data = randomRows(rowPrimes, log2n, rows)) {
            return minMillis(repeats, () -> forEachRun(rowPrimes, log2n, rows,
                    (t, r, count) -> ntt.forwardToBitReversed(data, r, count, t)));
        }
    }

    /**
     * Milliseconds of a cyclic convolution of two batches already on the device (two forward
     * transforms, the pointwise product, one inverse transform).
     */
    public static double cyclicConvolutionMillis(long[] rowPrimes, int log2n, int rows,
            int repeats) {
        GpuRuntime rt = GpuRuntime.get();
        GpuNtt ntt = new GpuNtt(rt);
        try (DeviceBuffer a = randomRows(rowPrimes, log2n, rows);
                DeviceBuffer b = randomRows(rowPrimes, log2n, rows)) {
            return minMillis(repeats, () -> forEachRun(rowPrimes, log2n, rows, (t, r, count) -> {
                ntt.forwardToBitReversed(a, r, count, t);
                ntt.forwardToBitReversed(b, r, count, t);
                ntt.pointwise(a, a, b, r, count, t, t.nInvR2);
                ntt.inverseFromBitReversed(a, r, count, t);
            }));
        }
    }

    private interface RunBody {
        void run(NttTables tables, int row, int rows);
    }

    private static void forEachRun(long[] primes, int log2n, int rows, RunBody body) {
        for (int r = 0; r < rows; ) {
            int end = r + 1;
            while (end < rows && primes[end] == primes[r]) {
                end++;
            }
            body.run(NttTables.of(primes[r], log2n), r, end - r);
            r = end;
        }
    }

    private static DeviceBuffer randomRows(long[] primes, int log2n, int rows) {
        int n = 1 << log2n;
        DeviceBuffer d = new DeviceBuffer((long) rows * n);
        Random rnd = new Random();
        long[] row = new long[n];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < n; i++) {
                row[i] = Math.floorMod(rnd.nextLong(), primes[r]);
            }
            d.upload(row, 0, (long) r * n, n);
        }
        return d;
    }

    private static double minMillis(int repeats, Runnable work) {
        CUevent start = new CUevent();
        CUevent stop = new CUevent();
        Cuda.check(JCudaDriver.cuEventCreate(start, 0), "cuEventCreate");
        Cuda.check(JCudaDriver.cuEventCreate(stop, 0), "cuEventCreate");
        try {
            work.run(); // warm-up: JIT of the PTX, tables built and cached
            Cuda.synchronize("warm-up");
            double best = Double.MAX_VALUE;
            float[] ms = new float[1];
            for (int i = 0; i < Math.max(1, repeats); i++) {
                Cuda.check(JCudaDriver.cuEventRecord(start, null), "cuEventRecord");
                work.run();
                Cuda.check(JCudaDriver.cuEventRecord(stop, null), "cuEventRecord");
                Cuda.check(JCudaDriver.cuEventSynchronize(stop), "cuEventSynchronize");
                Cuda.check(JCudaDriver.cuEventElapsedTime(ms, start, stop), "cuEventElapsedTime");
                best = Math.min(best, ms[0]);
            }
            return best;
        } finally {
            JCudaDriver.cuEventDestroy(start);
            JCudaDriver.cuEventDestroy(stop);
        }
    }
}
