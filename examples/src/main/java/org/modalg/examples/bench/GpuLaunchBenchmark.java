package org.modalg.examples.bench;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.LongConsumer;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.CrtBasis;
import org.modalg.fields.NttPrimes;
import org.modalg.gpu.ntt.GpuCrt;
import org.modalg.gpu.ntt.GpuNtt;
import org.modalg.gpu.ntt.NttTables;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.DeviceWorkspace;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.LaunchChooser;
import org.modalg.gpu.runtime.LaunchSweep;

/**
 * Launch parameters chosen by the model against an exhaustive search ({@code modalg bench gpu
 * --launch}; [Thesis] chapter 4, Table 4.1 and Figure 4.1): per kernel and size, the block the
 * model picks, its time over the best block's (chosen / best), the worst block's over the best
 * (worst / best), the fixed block's (256) over the best, and the model's predicted time of the
 * chosen launch against the measured one (times in microseconds).
 *
 * <p>Two sources. {@link #replay}: a sweep of the standalone harness
 * ({@code gpu/src/test/cuda/launch-sweep.sh}, every kernel of crt.cu, ntt.cu and fpfft.cu whose
 * block is free, no Java on the device) read back and replayed through the model on the host,
 * the model fitted to the harness's calibration rows only. {@link #live}: on this machine's GPU
 * through the engines' own calls (GpuCrt's projections and reconstructions, GpuNtt's pointwise
 * product), the exhaustive search by {@link LaunchChooser#force} and the choice by the device's
 * chooser under mode model (calibrating at first use and writing the cache file), every block's
 * result checked equal to the fixed block's.
 */
public final class GpuLaunchBenchmark {
    /** CSV columns. */
    public static final String[] COLUMNS = {"kernel", "n", "rows", "chosen", "chosen_us", "best", "best_us",
        "chosen_over_best", "worst", "worst_over_best", "fixed_over_best", "predicted_us"};
    /** The fixed block the module's kernels had before the model. */
    public static final int FIXED_BLOCK = 256;

    private GpuLaunchBenchmark() {
    }

    /** The replay of a harness sweep (file {@code sweep}); the summary lines go to {@code notes}. */
    public static BenchTable replay(Path sweep, List<String> notes) throws IOException {
        LaunchSweep s;
        try (Reader r = Files.newBufferedReader(sweep, StandardCharsets.UTF_8)) {
            s = LaunchSweep.parse(r);
        }
        notes.add("device " + s.device() + ", driver " + s.driver() + "; bit-identity failures in the sweep: "
                + s.mismatches().size() + "; occupancy disagreements with the CUDA runtime: "
                + s.occupancyDisagreements().size());
        BenchTable t = new BenchTable(COLUMNS);
        List<LaunchSweep.Row> rows = s.replay(FIXED_BLOCK);
        for (LaunchSweep.Row r : rows) {
            t.add(r.kernel(), r.n(), r.rows(), r.chosen(), 1e3 * r.chosenMillis(), r.best(), 1e3 * r.bestMillis(),
                    r.chosenOverBest(), r.worst(), r.worstOverBest(), r.fixedOverBest(), 1e3 * r.predictedMillis());
        }
        notes.addAll(summary(rows));
        return t;
    }

    /** Counts and means of the replay, all sizes and from 2^17 threads (launch overhead below). */
    public static List<String> summary(List<LaunchSweep.Row> rows) {
        List<String> out = new ArrayList<>();
        for (long from : new long[] {1, 1L << 17}) {
            int count = 0;
            int chosenOver = 0;
            int fixedOver = 0;
            double chosenSum = 0;
            double fixedSum = 0;
            double chosenMax = 0;
            double fixedMax = 0;
            double errSum = 0;
            List<Double> errs = new ArrayList<>();
            for (LaunchSweep.Row r : rows) {
                if (r.n() < from) {
                    continue;
                }
                count++;
                chosenOver += r.chosenOverBest() > 1.10 ? 1 : 0;
                fixedOver += r.fixedOverBest() > 1.10 ? 1 : 0;
                chosenSum += r.chosenOverBest();
                fixedSum += r.fixedOverBest();
                chosenMax = Math.max(chosenMax, r.chosenOverBest());
                fixedMax = Math.max(fixedMax, r.fixedOverBest());
                errSum += Math.abs(r.predictedMillis() / r.chosenMillis() - 1);
                errs.add(Math.abs(r.predictedMillis() / r.chosenMillis() - 1));
            }
            if (count == 0) {
                continue;
            }
            out.add(String.format("n >= %d: %d cases; chosen within 10%% of best in %d (mean chosen/best %.3f, max %.3f); "
                    + "fixed block %d within 10%% in %d (mean %.3f, max %.3f); |predicted/measured - 1| mean %.2f, median %.2f",
                    from, count, count - chosenOver, chosenSum / count, chosenMax, FIXED_BLOCK, count - fixedOver,
                    fixedSum / count, fixedMax, errSum / count, median(errs)));
        }
        return out;
    }

    private static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        s.removeIf(d -> d.isNaN());
        if (s.isEmpty()) {
            return Double.NaN;
        }
        s.sort(null);
        return s.get(s.size() / 2);
    }

    /**
     * Live on this machine's GPU: GpuCrt's project_limbs (4 limbs, 3 primes), garner_limbs
     * (3 limbs out) and garner_mod, and GpuNtt's pointwise_mul (out of place, 3 rows), for
     * 2^minLog .. 2^maxLog elements; {@code reps} timed launches per block (the fastest kept).
     * Sets {@code -Dmodalg.gpu.launch=model} when unset, before the device's chooser exists.
     */
    public static BenchTable live(int minLog, int maxLog, int reps, long seed, List<String> notes) {
        GpuRuntime rt = GpuRuntime.get();
        rt.enterContext();
        LaunchChooser chooser = rt.launchChooser();
        notes.add("device " + rt.describe() + "; chooser mode " + chooser.mode() + ", cache "
                + chooser.cache().file());
        long[] primes = NttPrimes.generate(3, 1L << 62, 30);
        Random rnd = new Random(seed);
        long maxN = 1L << maxLog;
        int limbs = 4;
        BenchTable t = new BenchTable(COLUMNS);
        List<LaunchSweep.Row> rows = new ArrayList<>();
        long[] x = new long[(int) (maxN * limbs)];
        for (int i = 0; i < x.length; i++) {
            x[i] = rnd.nextLong();
        }
        CrtBasis.of(primes); // checks the primes
        try (GpuCrt crt = new GpuCrt(rt, primes, limbs);
                DeviceBuffer dx = DeviceBuffer.of(x);
                DeviceBuffer res = new DeviceBuffer(3 * maxN);
                DeviceBuffer y = new DeviceBuffer(3 * maxN);
                DeviceBuffer a = new DeviceBuffer(3 * maxN);
                DeviceBuffer out = new DeviceBuffer(3 * maxN)) {
            GpuNtt ntt = new GpuNtt(rt);
            crt.project(dx, maxN, res, maxN);
            crt.project(dx, maxN, a, maxN); // residues below primes[0..2] as pointwise operands
            for (int log = minLog; log <= maxLog; log++) {
                long n = 1L << log;
                NttTables tab = NttTables.of(primes[0], log);
                List<Op> ops = List.of(
                        new Op("project_limbs", 1, m -> crt.project(dx, m, res, maxN), res, 3 * maxN),
                        new Op("garner_limbs", 1, m -> crt.reconstruct(res, maxN, m, y, 3), y, 3 * n),
                        new Op("garner_mod", 1, m -> crt.reconstructMod(res, maxN, m, y, 2305843009213693951L), y, n), // mod 2^61 - 1
                        new Op("pointwise_mul", 3, m -> ntt.pointwise(out, a, a, 0, 3, tab, 1), out, 3 * n));
                for (Op op : ops) {
                    rows.add(measure(rt, chooser, op, n, reps));
                }
            }
        }
        for (LaunchSweep.Row r : rows) {
            t.add(r.kernel(), r.n(), r.rows(), r.chosen(), 1e3 * r.chosenMillis(), r.best(), 1e3 * r.bestMillis(),
                    r.chosenOverBest(), r.worst(), r.worstOverBest(), r.fixedOverBest(), 1e3 * r.predictedMillis());
        }
        notes.addAll(summary(rows));
        return t;
    }

    private record Op(String kernel, int rows, LongConsumer run, DeviceBuffer output, long words) {
    }

    private static LaunchSweep.Row measure(GpuRuntime rt, LaunchChooser chooser, Op op, long n, int reps) {
        // the model's choice (calibrating at first use in its bucket)
        chooser.force(0);
        op.run().accept(n);
        LaunchChooser.Choice c = chooser.lastChoice();
        int chosen = c == null ? FIXED_BLOCK : c.block();
        double predicted = c == null ? Double.NaN : c.predictedMillis();
        // the fixed block's output, then every candidate's time and output
        long[] ref = download(rt, chooser, op, n, FIXED_BLOCK);
        int best = -1;
        int worst = -1;
        double bestMs = Double.POSITIVE_INFINITY;
        double worstMs = 0;
        double chosenMs = Double.NaN;
        double fixedMs = Double.NaN;
        try {
            for (int b = 32; b <= 1024; b += 32) {
                if (!Arrays.equals(ref, download(rt, chooser, op, n, b))) {
                    throw new IllegalStateException(op.kernel() + " with block " + b + " differs from block "
                            + FIXED_BLOCK + " at n = " + n);
                }
                chooser.force(b);
                double ms = LaunchChooser.time((m, bl) -> op.run().accept(n), n, b, reps);
                if (ms < bestMs) {
                    bestMs = ms;
                    best = b;
                }
                if (ms > worstMs) {
                    worstMs = ms;
                    worst = b;
                }
                if (b == chosen) {
                    chosenMs = ms;
                }
                if (b == FIXED_BLOCK) {
                    fixedMs = ms;
                }
            }
        } finally {
            chooser.force(0);
        }
        return new LaunchSweep.Row(op.kernel(), n, op.rows(), chosen, chosenMs, best, bestMs, worst, worstMs, fixedMs,
                predicted);
    }

    private static long[] download(GpuRuntime rt, LaunchChooser chooser, Op op, long n, int block) {
        chooser.force(block);
        try {
            DeviceWorkspace.zero(op.output(), op.words());
            op.run().accept(n);
            long[] h = new long[(int) op.words()];
            op.output().download(0, h, 0, h.length);
            return h;
        } finally {
            chooser.force(0);
        }
    }
}
