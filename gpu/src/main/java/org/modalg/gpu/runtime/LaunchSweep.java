package org.modalg.gpu.runtime;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A block-size sweep of the standalone harness ({@code gpu/src/test/cuda/launch_harness.cu}),
 * read back and replayed through the model on the host: for each kernel and size, the block the
 * chooser's policy picks from the harness's calibration timings (rows P: six probe blocks timed
 * as {@link LaunchChooser} times them at first use, at the size and an eighth of it, each
 * power-of-two bucket once, sizes in increasing order), set against the exhaustive search over
 * every candidate block (rows T) — chosen / best, worst / best, the fixed block's / best, and the
 * model's predicted time against the measured one ([Thesis] Table 4.1 and Figure 4.1).
 *
 * <p>Lines: {@code D,name,cc,sms,maxThreadsPerSM,maxBlocksPerSM,regsPerSM,sharedPerSM,
 * regsPerBlock,sharedReservedPerBlock,driver}; {@code K,kernel,regs,staticShared,local,maxThreads};
 * {@code O,kernel,block,active} (the CUDA runtime's occupancy); {@code P,...} and
 * {@code T,kernel,n,rows,block,ms}; {@code X,...} (a bit-identity failure); others ignored.
 */
public final class LaunchSweep {
    /** One kernel and size of the replay (times in milliseconds). */
    public record Row(String kernel, long n, int rows, int chosen, double chosenMillis, int best,
            double bestMillis, int worst, double worstMillis, double fixedMillis, double predictedMillis) {
        /** chosen / best. */
        public double chosenOverBest() {
            return chosenMillis / bestMillis;
        }

        /** worst / best. */
        public double worstOverBest() {
            return worstMillis / bestMillis;
        }

        /** the fixed block's time / best. */
        public double fixedOverBest() {
            return fixedMillis / bestMillis;
        }
    }

    private String device = "";
    private int driver;
    private LaunchModel.DeviceLimits limits;
    private final Map<String, LaunchModel.KernelAttributes> kernels = new LinkedHashMap<>();
    private final Map<String, Map<Integer, Integer>> occupancy = new LinkedHashMap<>();
    private final Map<String, Map<Long, Map<Integer, Double>>> probes = new LinkedHashMap<>();
    private final Map<String, Map<Long, Map<Integer, Double>>> sweep = new LinkedHashMap<>();
    private final Map<String, Integer> rowsOf = new LinkedHashMap<>();
    private final List<String> mismatches = new ArrayList<>();

    private LaunchSweep() {
    }

    /**
     * Reads a sweep.
     *
     * @throws IllegalArgumentException naming the line for a malformed line, or when the device
     *     line is missing
     */
    public static LaunchSweep parse(Reader in) throws IOException {
        LaunchSweep s = new LaunchSweep();
        BufferedReader r = new BufferedReader(in);
        String line;
        int no = 0;
        while ((line = r.readLine()) != null) {
            no++;
            String[] f = line.trim().split(",");
            try {
                switch (f[0]) {
                    case "D":
                        s.device = f[1];
                        s.driver = Integer.parseInt(f[10]);
                        s.limits = new LaunchModel.DeviceLimits(Integer.parseInt(f[3]), Integer.parseInt(f[4]),
                                Integer.parseInt(f[5]), Integer.parseInt(f[6]), Integer.parseInt(f[8]),
                                Integer.parseInt(f[7]), Integer.parseInt(f[9]), 32);
                        break;
                    case "K":
                        s.kernels.put(f[1], new LaunchModel.KernelAttributes(Integer.parseInt(f[2]),
                                Integer.parseInt(f[3]), Integer.parseInt(f[5])));
                        break;
                    case "O":
                        s.occupancy.computeIfAbsent(f[1], k -> new TreeMap<>()).put(Integer.parseInt(f[2]),
                                Integer.parseInt(f[3]));
                        break;
                    case "P":
                    case "T":
                        Map<String, Map<Long, Map<Integer, Double>>> m = f[0].equals("P") ? s.probes : s.sweep;
                        double ms = Double.parseDouble(f[5]);
                        new LaunchCache.Sample(Long.parseLong(f[2]), Integer.parseInt(f[3]), Integer.parseInt(f[4]),
                                Math.max(ms, 1e-6)); // checks the fields
                        m.computeIfAbsent(f[1], k -> new TreeMap<>()).computeIfAbsent(Long.parseLong(f[2]),
                                k -> new TreeMap<>()).put(Integer.parseInt(f[4]), Math.max(ms, 1e-6));
                        s.rowsOf.put(f[1], Integer.parseInt(f[3]));
                        break;
                    case "X":
                        s.mismatches.add(line.trim());
                        break;
                    default:
                        break;
                }
            } catch (RuntimeException e) { // NumberFormatException, index, IllegalArgumentException
                throw new IllegalArgumentException("sweep line " + no + " is malformed: " + line, e);
            }
        }
        if (s.limits == null) {
            throw new IllegalArgumentException("sweep has no device line (D,...)");
        }
        return s;
    }

    /** The device's name as the harness printed it. */
    public String device() {
        return device;
    }

    /** The driver version (cudaDriverGetVersion). */
    public int driver() {
        return driver;
    }

    /** The device's limits. */
    public LaunchModel.DeviceLimits limits() {
        return limits;
    }

    /** The kernels with attributes, in file order. */
    public List<String> kernels() {
        return new ArrayList<>(kernels.keySet());
    }

    /** The harness's bit-identity failures (X lines; none in a sound sweep). */
    public List<String> mismatches() {
        return List.copyOf(mismatches);
    }

    /**
     * Where {@link LaunchModel#activeBlocks} disagrees with the CUDA runtime's occupancy of the O
     * lines: one line per disagreement (empty when the model's occupancy is exact).
     */
    public List<String> occupancyDisagreements() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Map<Integer, Integer>> e : occupancy.entrySet()) {
            LaunchModel.KernelAttributes k = kernels.get(e.getKey());
            for (Map.Entry<Integer, Integer> o : e.getValue().entrySet()) {
                int mine = LaunchModel.activeBlocks(limits, k, o.getKey(), 0);
                if (mine != o.getValue()) {
                    out.add(e.getKey() + " block " + o.getKey() + ": model " + mine + ", runtime " + o.getValue());
                }
            }
        }
        return out;
    }

    /**
     * Replays the chooser's policy on every kernel with both calibration and sweep rows: for each
     * size in increasing order, a size bucket not yet calibrated adds the P rows at n and n / 8
     * (those the sweep has) to the kernel's samples and refits; the block is
     * {@link LaunchModel#choose} with {@code defaultBlock}; it is then looked up in the T rows.
     */
    public List<Row> replay(int defaultBlock) {
        List<Row> out = new ArrayList<>();
        for (String kernel : sweep.keySet()) {
            LaunchModel.KernelAttributes k = kernels.get(kernel);
            Map<Long, Map<Integer, Double>> cal = probes.get(kernel);
            if (k == null || cal == null) {
                continue;
            }
            int rows = rowsOf.get(kernel);
            LaunchCache cache = LaunchCache.inMemory(device, driver);
            Set<Integer> calibrated = new HashSet<>();
            LaunchChooser fitter = new LaunchChooser(limits, cache, (p, n, b) -> {
                throw new IllegalStateException("the replay times nothing");
            }, LaunchChooser.Mode.MODEL);
            for (Map.Entry<Long, Map<Integer, Double>> e : sweep.get(kernel).entrySet()) {
                long n = e.getKey();
                if (calibrated.add(LaunchChooser.bucket(n))) {
                    List<LaunchCache.Sample> added = new ArrayList<>();
                    for (long m : new long[] {n, n / 8}) {
                        Map<Integer, Double> p = cal.get(m);
                        if (p != null) {
                            p.forEach((b, ms) -> added.add(new LaunchCache.Sample(m, rows, b, ms)));
                        }
                    }
                    cache.add(kernel, added);
                }
                double[] c = fitter.coefficients(kernel, k);
                Map<Integer, Double> t = e.getValue();
                int chosen = c == null ? defaultBlock : LaunchModel.choose(limits, k, c, n, rows, defaultBlock);
                int best = -1;
                int worst = -1;
                for (Map.Entry<Integer, Double> x : t.entrySet()) {
                    if (best < 0 || x.getValue() < t.get(best)) {
                        best = x.getKey();
                    }
                    if (worst < 0 || x.getValue() > t.get(worst)) {
                        worst = x.getKey();
                    }
                }
                if (!t.containsKey(chosen) || !t.containsKey(defaultBlock)) {
                    throw new IllegalArgumentException("sweep of " + kernel + " at n = " + n
                            + " lacks block " + chosen + " or " + defaultBlock);
                }
                double predicted = c == null ? Double.NaN : LaunchModel.predictLaunch(limits, k, c, n, rows, chosen);
                out.add(new Row(kernel, n, rows, chosen, t.get(chosen), best, t.get(best), worst, t.get(worst),
                        t.get(defaultBlock), predicted));
            }
        }
        return out;
    }
}
