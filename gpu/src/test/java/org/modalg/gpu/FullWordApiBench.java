package org.modalg.gpu;

import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.zp.ZpPoly;

/**
 * Where the host time of {@link ZpPoly#multiplyFullWord} goes for n x n products on the device
 * (p = 2^62 + 135): the API call on 16 threads and on 1 (the range check's threads), the provider
 * into a preallocated and into a fresh output, the range check of one operand alone (the API with
 * the constant 0 as second operand: it returns after the checks) on 16 threads and 1, the
 * entry-by-entry compare loop the check used before, a fresh output array alone, and the pageable
 * transfers (operands up, product down). Best and median of 5 after one warm-up, wall ms; the
 * API's and the provider's products compared.
 *
 * <p>With {@code first LOG2N} instead: a fresh JVM's first products of that length through the API
 * (the runtime's start timed apart), then the best of 5 (run it with and without
 * {@code -Dmodalg.gpu.hostTables=true}).
 *
 * <p>Run from the bundle: {@code jre/bin/java -cp "test-classes:lib/*" org.modalg.gpu.FullWordApiBench [log2n ...]}
 * or {@code ... FullWordApiBench first 24}.
 */
public final class FullWordApiBench {
    private FullWordApiBench() {
    }

    private static long sink;

    private interface Body {
        void run();
    }

    private static String time(String what, Body body) {
        body.run();
        double[] t = new double[5];
        for (int r = 0; r < t.length; r++) {
            long s = System.nanoTime();
            body.run();
            t[r] = (System.nanoTime() - s) / 1e6;
        }
        Arrays.sort(t);
        return String.format(Locale.ROOT, "%s,%.2f,%.2f", what, t[0], t[2]);
    }

    // The first products of 2^log2n coefficients in this JVM through the API.
    private static void first(int log2n) {
        int n = 1 << log2n;
        long p = (1L << 62) + 135;
        Random rnd = new Random(log2n);
        long[] a = new long[n];
        long[] b = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = Long.remainderUnsigned(rnd.nextLong(), p);
            b[i] = Long.remainderUnsigned(rnd.nextLong(), p);
        }
        long t0 = System.nanoTime();
        if (!GpuRuntime.isUsable()) {
            System.out.println("# no GPU: " + GpuRuntime.unusableReason());
            return;
        }
        double start = (System.nanoTime() - t0) / 1e6;
        System.out.println("# " + GpuRuntime.get().describe() + "; host " + Runtime.getRuntime().availableProcessors()
                + " cores; tables on the " + (Boolean.getBoolean("modalg.gpu.hostTables") ? "host" : "device"));
        Options auto16 = Options.defaults().withBackend(Backend.AUTO).withThreads(16);
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%d,runtime_start %.1f", log2n, start));
        double best = Double.MAX_VALUE;
        for (int r = 0; r < 8; r++) {
            long s = System.nanoTime();
            sink += ZpPoly.multiplyFullWord(p, a, b, auto16).length;
            double ms = (System.nanoTime() - s) / 1e6;
            if (r < 3) {
                line.append(String.format(Locale.ROOT, ",product_%d %.1f", r + 1, ms));
            } else {
                best = Math.min(best, ms);
            }
        }
        System.out.println(line.append(String.format(Locale.ROOT, ",best_of_next_5 %.1f", best)));
    }

    public static void main(String[] args) {
        if (args.length == 2 && args[0].equals("first")) {
            first(Integer.parseInt(args[1]));
            return;
        }
        if (!GpuRuntime.isUsable()) {
            System.out.println("# no GPU: " + GpuRuntime.unusableReason());
            return;
        }
        GpuRuntime rt = GpuRuntime.get();
        System.out.println("# " + rt.describe() + "; host " + Runtime.getRuntime().availableProcessors() + " cores");
        int[] lengths = args.length == 0 ? new int[] {20, 24} : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        long p = (1L << 62) + 135;
        GpuPolyProductProvider provider = new GpuPolyProductProvider();
        Options auto16 = Options.defaults().withBackend(Backend.AUTO).withThreads(16);
        Options auto1 = Options.defaults().withBackend(Backend.AUTO).withThreads(1);
        System.out.println("log2n,what,best_ms,median_ms");
        for (int log2n : lengths) {
            int n = 1 << log2n;
            Random rnd = new Random(log2n);
            long[] a = new long[n];
            long[] b = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = Long.remainderUnsigned(rnd.nextLong(), p);
                b[i] = Long.remainderUnsigned(rnd.nextLong(), p);
            }
            a[n - 1] = 1;
            b[n - 1] = 1;
            long[] zero = {0};
            long[] c = new long[2 * n - 1];
            String pre = log2n + ",";
            System.out.println(pre + time("api_16_threads", () -> sink += ZpPoly.multiplyFullWord(p, a, b, auto16).length));
            System.out.println(pre + time("api_1_thread", () -> sink += ZpPoly.multiplyFullWord(p, a, b, auto1).length));
            System.out.println(pre + time("provider_preallocated", () -> provider.multiplyMod(p, a, 0, n, b, 0, n, c, 0)));
            System.out.println(pre + time("provider_fresh_output", () -> {
                long[] d = new long[2 * n - 1];
                provider.multiplyMod(p, a, 0, n, b, 0, n, d, 0);
                sink += d[0];
            }));
            System.out.println(pre + time("check_16_threads", () -> sink += ZpPoly.multiplyFullWord(p, a, zero, auto16).length));
            System.out.println(pre + time("check_1_thread", () -> sink += ZpPoly.multiplyFullWord(p, a, zero, auto1).length));
            System.out.println(pre + time("check_compare_loop_before", () -> {
                for (long[] x : new long[][] {a, zero}) {
                    for (int i = 0; i < x.length; i++) {
                        if (Long.compareUnsigned(x[i], p) >= 0) {
                            throw new IllegalStateException();
                        }
                    }
                }
            }));
            System.out.println(pre + time("fresh_output_array", () -> sink += new long[2 * n - 1].length));
            rt.enterContext();
            try (DeviceBuffer up = new DeviceBuffer(n); DeviceBuffer down = new DeviceBuffer(2L * n)) {
                System.out.println(pre + time("upload_both_operands", () -> {
                    up.upload(a, 0, 0, n);
                    up.upload(b, 0, 0, n);
                    Cuda.synchronize("upload");
                }));
                System.out.println(pre + time("download_product", () -> {
                    down.download(0, c, 0, 2L * n - 1);
                }));
            }
            long[] api = ZpPoly.multiplyFullWord(p, a, b, auto16);
            provider.multiplyMod(p, a, 0, n, b, 0, n, c, 0);
            System.out.println(pre + "check," + (Arrays.equals(api, c) ? "ok" : "MISMATCH") + ",");
        }
        System.out.println("# sink " + sink);
    }
}
