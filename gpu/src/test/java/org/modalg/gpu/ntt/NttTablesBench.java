package org.modalg.gpu.ntt;

import java.util.Arrays;
import java.util.Locale;
import org.modalg.fields.NttPrimes;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * The build of one prime's forward and inverse Shoup tables ({@link NttTables#build}, what the
 * first product of a length pays per prime), on the host (successive products, uploaded) against
 * the device ({@code ntt_table}), for 2^16 .. 2^25 points: the first build in the JVM and the
 * best of 3 after it, wall time with the device synchronized, and the host build split into its
 * computation ({@link NttTables#hostShoup}, both directions) and its upload. Every device table
 * is compared with the host's. Prints one CSV line per length.
 *
 * <p>Run from the bundle: {@code jre/bin/java -cp "test-classes:lib/*" org.modalg.gpu.ntt.NttTablesBench [maxLog2]}.
 */
public final class NttTablesBench {
    private NttTablesBench() {
    }

    private interface Build {
        NttTables run();
    }

    private static double millis(Build b) {
        long t0 = System.nanoTime();
        NttTables t = b.run();
        Cuda.synchronize("table build");
        double ms = (System.nanoTime() - t0) / 1e6;
        t.close();
        return ms;
    }

    public static void main(String[] args) {
        int maxLog2 = args.length > 0 ? Integer.parseInt(args[0]) : 25;
        if (!GpuRuntime.isUsable()) {
            System.out.println("# no GPU: " + GpuRuntime.unusableReason());
            return;
        }
        GpuRuntime rt = GpuRuntime.get();
        rt.enterContext();
        System.out.println("# " + rt.describe() + "; host " + Runtime.getRuntime().availableProcessors() + " cores");
        long[] primes = NttPrimes.generate(3, 1L << 62, 30);
        System.out.println("log2n,host_first_ms,host_best_ms,host_compute_ms,host_upload_ms,device_first_ms,device_best_ms,check");
        for (int log2n = 16; log2n <= maxLog2; log2n++) {
            int l = log2n;
            long p = primes[log2n % 3];
            double hostFirst = millis(() -> NttTables.build(p, l, false));
            double deviceFirst = millis(() -> NttTables.build(p, l, true));
            double host = Double.MAX_VALUE;
            double device = Double.MAX_VALUE;
            double compute = Double.MAX_VALUE;
            double upload = Double.MAX_VALUE;
            for (int r = 0; r < 3; r++) {
                host = Math.min(host, millis(() -> NttTables.build(p, l, false)));
                device = Math.min(device, millis(() -> NttTables.build(p, l, true)));
                long t0 = System.nanoTime();
                long[] f = NttTables.hostShoup(p, l, false);
                long[] i = NttTables.hostShoup(p, l, true);
                long t1 = System.nanoTime();
                DeviceBuffer a = DeviceBuffer.of(f);
                DeviceBuffer b = DeviceBuffer.of(i);
                Cuda.synchronize("upload");
                long t2 = System.nanoTime();
                a.close();
                b.close();
                compute = Math.min(compute, (t1 - t0) / 1e6);
                upload = Math.min(upload, (t2 - t1) / 1e6);
            }
            boolean same;
            try (NttTables t = NttTables.build(p, l, true)) {
                same = Arrays.equals(NttTables.download(t.shoup(false)), NttTables.hostShoup(p, l, false))
                        && Arrays.equals(NttTables.download(t.shoup(true)), NttTables.hostShoup(p, l, true));
            }
            System.out.println(String.format(Locale.ROOT, "%d,%.2f,%.2f,%.2f,%.2f,%.3f,%.3f,%s", log2n, hostFirst, host,
                    compute, upload, deviceFirst, device, same ? "ok" : "MISMATCH"));
        }
    }
}
