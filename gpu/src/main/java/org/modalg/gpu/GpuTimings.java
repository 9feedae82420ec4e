package org.modalg.gpu;

import java.util.Random;
import jcuda.Pointer;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.JCudaDriver;
import org.modalg.fft.bigprime.BigPrimeFftArguments;
import org.modalg.fields.GfField;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.fields.ZpMontgomery;
import org.modalg.gpu.gf.GpuBigPrimeFftEngine;
import org.modalg.gpu.gf.GpuGf;
import org.modalg.gpu.gf.GpuGfFftPlan;
import org.modalg.gpu.ntt.GpuCrt;
import org.modalg.gpu.ntt.GpuNtt;
import org.modalg.gpu.ntt.NttTables;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * Device-side timings for the benchmark suites: kernels alone, measured with CUDA events on
 * data already in device memory (random residues, never zeros), and the device's own copy
 * bandwidth as the memory floor to compare them with; the big-prime FFT over generalized
 * Fermat fields, alone and with its transfers. Each figure is the minimum over
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
        return forwardMillis(rowPrimes, log2n, rows, repeats,
                System.getProperty("modalg.gpu.nttKernel", GpuNtt.DEFAULT_KERNEL));
    }

    /**
     * As {@link #forwardMillis(long[], int, int, int)} with the fused passes compiled without a
     * bound on the registers ({@code fused}: Montgomery twiddles, two blocks of 256 threads per
     * multiprocessor; the engines run the Shoup passes); their output is first checked against
     * the CPU engine's.
     */
    public static double forwardMillisFused(long[] rowPrimes, int log2n, int rows, int repeats) {
        GpuRuntime rt = GpuRuntime.get();
        GpuNtt ntt = new GpuNtt(rt, "fused");
        long[] first = java.util.Arrays.copyOf(rowPrimes, 1);
        int n = 1 << log2n;
        long[] x = new long[n];
        Random rnd = new Random();
        for (int i = 0; i < n; i++) {
            x[i] = Math.floorMod(rnd.nextLong(), first[0]);
        }
        long[] expected = x.clone();
        org.modalg.fft.ntt.CpuNttEngine.shared().forward(first, log2n, expected, 1);
        try (DeviceBuffer d = DeviceBuffer.of(x)) {
            ntt.forwardToBitReversed(d, 0, 1, NttTables.of(first[0], log2n));
            Cuda.synchronize("ntt_dif_fused");
            d.download(0, x, 0, n);
        }
        for (int i = 0; i < n; i++) {
            if (x[i] != expected[Integer.reverse(i) >>> (32 - log2n)]) {
                throw new IllegalStateException("fused transform differs from the CPU at " + i);
            }
        }
        return forwardMillis(rowPrimes, log2n, rows, repeats, "fused");
    }

    /**
     * As {@link #forwardMillis(long[], int, int, int)} with the earlier radix-4 passes (two
     * stages per shared-memory round trip, canonical reductions) instead of the engines' Shoup
     * ones: the before of the NTT kernel's before/after, timed in the same run.
     */
    public static double forwardMillisRadix4(long[] rowPrimes, int log2n, int rows, int repeats) {
        return forwardMillis(rowPrimes, log2n, rows, repeats, "radix4");
    }

    private static double forwardMillis(long[] rowPrimes, int log2n, int rows, int repeats,
            String kernel) {
        GpuRuntime rt = GpuRuntime.get();
        GpuNtt ntt = new GpuNtt(rt, kernel);
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

    /**
     * Milliseconds of the forward transform proper (DIF passes) of one row of 2^log2n points
     * modulo a 31-bit NTT prime, with the same pass schedule as the 62-bit engine but 32-bit
     * words and R = 2^32 Montgomery arithmetic: the other side of the prime-width choice (a
     * 31-bit residue carries half the bits, so a 31-bit transform must be at least twice as
     * fast to win). The result is first checked against the CPU engine.
     *
     * @throws IllegalArgumentException if log2n is not in [1, 26]
     */
    public static double forward31Millis(int log2n, int repeats) {
        if (log2n < 1 || log2n > 26) {
            throw new IllegalArgumentException("log2n must be in [1, 26], got " + log2n);
        }
        GpuRuntime rt = GpuRuntime.get();
        CUfunction pass = rt.function(GpuModules.NTT, "ntt_dif_pass32");
        long p = NttPrimes.largestBelow(1L << 31, 27);
        ZpField f = ZpField.of(p);
        int pinv = (int) ZpMontgomery.of(p).pInverse(); // p^-1 mod 2^32: the low half
        long r32 = (1L << 32) % p;
        int n = 1 << log2n;
        long w = NttPrimes.primitiveRootOfUnity(p, log2n);
        int[] table = new int[n];
        long v = 1;
        for (int t = 0; t < n / 2; t++) { // entry h + t = w_{2h}^t 2^32 mod p, as ntt.cu wants
            table[n / 2 + t] = (int) f.mul(v, r32);
            v = f.mul(v, w);
        }
        for (int h = n / 4, step = 2; h >= 1; h >>= 1, step <<= 1) {
            for (int t = 0; t < h; t++) {
                table[h + t] = table[n / 2 + t * step];
            }
        }
        Random rnd = new Random();
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = Math.floorMod(rnd.nextLong(), p);
        }
        long[] expected = values.clone();
        org.modalg.fft.ntt.CpuNttEngine.shared().forward(new long[] {p}, log2n, expected, 1);
        try (DeviceBuffer tw = DeviceBuffer.of(packInts(table));
                DeviceBuffer data = DeviceBuffer.of(packInts(toInts(values)))) {
            Runnable forward = () -> {
                int s = 0;
                for (int m : GpuNtt.passStages(log2n)) {
                    int log2cols = Math.min(5, log2n - m); // 32 words: 128-byte runs
                    int threads = Math.min(256, 1 << (log2cols + m - 1));
                    Cuda.launch(pass, "ntt_dif_pass32", 1 << (log2n - m - log2cols), 1, threads,
                            (1 << (log2cols + m)) * Integer.BYTES, data.arg(), tw.arg(),
                            Pointer.to(new int[] {(int) p}), Pointer.to(new int[] {pinv}),
                            Pointer.to(new int[] {log2n}), Pointer.to(new int[] {s}),
                            Pointer.to(new int[] {m}), Pointer.to(new int[] {log2cols}));
                    s += m;
                }
            };
            forward.run();
            Cuda.synchronize("ntt_dif_pass32");
            long[] packed = new long[(n + 1) / 2];
            data.download(0, packed, 0, packed.length);
            for (int i = 0; i < n; i++) {
                long got = (packed[i >> 1] >>> (32 * (i & 1))) & 0xFFFFFFFFL;
                int bitReversed = Integer.reverse(i) >>> (32 - log2n);
                if (got != expected[bitReversed]) {
                    throw new IllegalStateException("31-bit GPU transform differs from the CPU at " + i);
                }
            }
            return minMillis(repeats, forward);
        }
    }

    private static int[] toInts(long[] values) {
        int[] out = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (int) values[i];
        }
        return out;
    }

    // Two 32-bit words per long, the lower index in the low half (the device is little-endian).
    private static long[] packInts(int[] x) {
        long[] out = new long[(x.length + 1) / 2];
        for (int i = 0; i < x.length; i++) {
            out[i >> 1] |= (x[i] & 0xFFFFFFFFL) << (32 * (i & 1));
        }
        return out;
    }

    /**
     * The CRT route of the thesis's Table 2.2 on the device: 2^log2N random integers of
     * {@code limbs} 64-bit limbs projected onto the primes, one forward NTT per prime (DIF
     * passes, as in a convolution), and Garner's reconstruction back to limbs. Checks first that
     * projection and reconstruction give the integers back (so the route is exact), then times.
     *
     * @return {project, ntt, reconstruct, kernels total, total with the host transfers of the
     *         integers in and out} in milliseconds (kernel figures from the fastest run)
     */
    public static double[] crtRouteMillis(long[] primes, int limbs, int log2N, int repeats) {
        GpuRuntime rt = GpuRuntime.get();
        GpuNtt ntt = new GpuNtt(rt);
        int n = 1 << log2N;
        Random rnd = new Random();
        long[] host = new long[n * limbs];
        for (int i = 0; i < host.length; i++) {
            host[i] = rnd.nextLong();
        }
        // keep the integers below the primes' product: clear the top limb's high bits
        try (GpuCrt crt = new GpuCrt(rt, primes, limbs)) {
            int lout = crt.outputLimbs();
            int topBits = 0;
            for (long q : primes) {
                topBits += 63 - Long.numberOfLeadingZeros(q);
            }
            int freeBits = Math.min(64 * limbs, topBits) - 64 * (limbs - 1);
            for (int i = 0; i < n; i++) {
                host[i * limbs + limbs - 1] &= freeBits >= 64 ? -1L : (1L << Math.max(0, freeBits)) - 1;
            }
            long[] back = new long[n * lout];
            try (DeviceBuffer x = DeviceBuffer.of(host);
                    DeviceBuffer res = new DeviceBuffer((long) primes.length * n);
                    DeviceBuffer y = new DeviceBuffer((long) n * lout)) {
                crt.project(x, n, res, n);
                crt.reconstruct(res, n, n, y, lout);
                y.download(0, back, 0, (long) n * lout);
                for (int i = 0; i < n; i++) {
                    for (int l = 0; l < lout; l++) {
                        long expect = l < limbs ? host[i * limbs + l] : 0;
                        if (back[i * lout + l] != expect) {
                            throw new IllegalStateException("GPU CRT round trip differs at element " + i);
                        }
                    }
                }
                double[] best = {0, 0, 0, Double.MAX_VALUE, Double.MAX_VALUE};
                CUevent[] ev = new CUevent[4];
                for (int e = 0; e < ev.length; e++) {
                    ev[e] = new CUevent();
                    Cuda.check(JCudaDriver.cuEventCreate(ev[e], 0), "cuEventCreate");
                }
                try {
                    for (int r = 0; r <= Math.max(1, repeats); r++) { // run 0 warms up
                        long t0 = System.nanoTime();
                        x.upload(host, 0, 0, host.length);
                        record(ev[0]);
                        crt.project(x, n, res, n);
                        record(ev[1]);
                        forEachRun(primes, log2N, primes.length,
                                (t, row, count) -> ntt.forwardToBitReversed(res, row, count, t));
                        record(ev[2]);
                        crt.reconstruct(res, n, n, y, lout);
                        record(ev[3]);
                        y.download(0, back, 0, (long) n * lout);
                        double wall = (System.nanoTime() - t0) / 1e6;
                        double total = elapsed(ev[0], ev[3]);
                        if (r > 0 && total < best[3]) {
                            best[0] = elapsed(ev[0], ev[1]);
                            best[1] = elapsed(ev[1], ev[2]);
                            best[2] = elapsed(ev[2], ev[3]);
                            best[3] = total;
                        }
                        if (r > 0) {
                            best[4] = Math.min(best[4], wall);
                        }
                    }
                } finally {
                    for (CUevent e : ev) {
                        JCudaDriver.cuEventDestroy(e);
                    }
                }
                return best;
            }
        }
    }

    /**
     * Milliseconds of the all-device integer product of two random integers of {@code limbs}
     * 64-bit limbs each, host limbs in and out (the {@link GpuIntegerMultiplier} call), after
     * one warm-up and a check against BigInteger on the first run.
     */
    public static double integerProductMillis(int limbs, int repeats) {
        GpuIntegerMultiplier m = new GpuIntegerMultiplier(GpuRuntime.get());
        Random rnd = new Random();
        long[] a = new long[limbs];
        long[] b = new long[limbs];
        for (int i = 0; i < limbs; i++) {
            a[i] = rnd.nextLong();
            b[i] = rnd.nextLong();
        }
        try {
            m.multiply(a, limbs, b, limbs);
            double best = Double.MAX_VALUE;
            for (int r = 0; r < Math.max(1, repeats); r++) {
                long t0 = System.nanoTime();
                m.multiply(a, limbs, b, limbs);
                best = Math.min(best, (System.nanoTime() - t0) / 1e6);
            }
            return best;
        } finally {
            m.releaseWorkspace();
        }
    }

    private static void record(CUevent e) {
        Cuda.check(JCudaDriver.cuEventRecord(e, null), "cuEventRecord");
    }

    private static double elapsed(CUevent from, CUevent to) {
        float[] ms = new float[1];
        Cuda.check(JCudaDriver.cuEventSynchronize(to), "cuEventSynchronize");
        Cuda.check(JCudaDriver.cuEventElapsedTime(ms, from, to), "cuEventElapsedTime");
        return ms[0];
    }

    /**
     * Milliseconds of the big-prime forward FFT of 2^log2N points over {@code field} on
     * digit-major data already in device memory (random canonical elements): the passes alone,
     * twiddle tables built in the warm-up run.
     *
     * @throws IllegalArgumentException if the size is bad for the field or k &gt; 64
     */
    public static double bigPrimeFftMillis(GfField field, int log2N, int repeats) {
        BigPrimeFftArguments.checkSize(field, log2N);
        if (!GpuGf.supports(field)) {
            throw new IllegalArgumentException(GpuGf.unsupportedReason(field));
        }
        GpuRuntime rt = GpuRuntime.get();
        long words = (long) field.k() << log2N;
        try (DeviceBuffer a = DeviceBuffer.of(randomDigits(field, words));
                DeviceBuffer b = new DeviceBuffer(words)) {
            return minMillis(repeats, () -> GpuGfFftPlan.of(rt, field, log2N).forward(a, b));
        }
    }

    /**
     * Milliseconds of {@link GpuBigPrimeFftEngine#forward} on a host array of 2^log2N random
     * canonical elements: copies both ways, transpositions and the transform (wall clock,
     * minimum over {@code repeats} runs after one warm-up).
     */
    public static double bigPrimeFftWithTransfersMillis(GfField field, int log2N, int repeats) {
        BigPrimeFftArguments.checkSize(field, log2N);
        long[] data = randomDigits(field, (long) field.k() << log2N);
        try (GpuBigPrimeFftEngine engine = new GpuBigPrimeFftEngine(0)) {
            engine.forward(field, log2N, data.clone());
            double best = Double.MAX_VALUE;
            for (int i = 0; i < Math.max(1, repeats); i++) {
                long[] x = data.clone();
                long t0 = System.nanoTime();
                engine.forward(field, log2N, x);
                best = Math.min(best, (System.nanoTime() - t0) / 1e6);
            }
            return best;
        }
    }

    // Random canonical elements: every digit uniform below r.
    private static long[] randomDigits(GfField field, long words) {
        long r = field.radix();
        Random rnd = new Random();
        long[] d = new long[Math.toIntExact(words)];
        for (int i = 0; i < d.length; i++) {
            d[i] = Long.remainderUnsigned(rnd.nextLong(), r);
        }
        return d;
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
