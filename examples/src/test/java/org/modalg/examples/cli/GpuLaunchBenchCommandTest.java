package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.modalg.examples.bench.GpuLaunchBenchmark;
import org.modalg.gpu.runtime.LaunchModel;

/** {@code modalg bench gpu --launch --sweep FILE}: the replay of a harness sweep, no GPU needed. */
class GpuLaunchBenchCommandTest {
    @TempDir
    Path dir;

    @Test
    void replayOfASweepWritesOneRowPerKernelAndSize() throws Exception {
        // a sweep whose times follow a latency-bound kernel: the best block is small at large n
        LaunchModel.DeviceLimits d = LaunchModel.DeviceLimits.h100();
        LaunchModel.KernelAttributes k = new LaunchModel.KernelAttributes(32, 0, 1024);
        double[] c = {0.004, 0.003, 0, 0.00005, 0.004, 0};
        StringBuilder sb = new StringBuilder("D,NVIDIA H100 80GB HBM3,90,132,2048,32,65536,233472,65536,1024,13000\n"
                + "K,garner,32,0,320,1024\n");
        for (long n = 1 << 12; n <= 1 << 20; n <<= 2) {
            for (int b = 32; b <= 1024; b += 32) {
                double t = LaunchModel.predictLaunch(d, k, c, n, 1, b);
                if (Integer.bitCount(b) == 1) {
                    sb.append("P,garner,").append(n).append(",1,").append(b).append(',').append(t).append('\n');
                }
                sb.append("T,garner,").append(n).append(",1,").append(b).append(',').append(t).append('\n');
            }
        }
        Path sweep = dir.resolve("sweep.csv");
        Files.writeString(sweep, sb.toString());
        CliRunner r = CliRunner.run("bench", "gpu", "--launch", "--sweep", sweep.toString(), "-o", dir.toString());
        assertEquals(0, r.exitCode, r.err);
        List<String> lines = Files.readAllLines(dir.resolve("gpu-launch.csv"));
        assertEquals(String.join(",", GpuLaunchBenchmark.COLUMNS), lines.get(0));
        assertEquals(1 + 5, lines.size(), "2^12 .. 2^20 in steps of 4: " + lines);
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertEquals(GpuLaunchBenchmark.COLUMNS.length, cells.length, line);
            assertTrue(Double.parseDouble(cells[7]) >= 1.0 && Double.parseDouble(cells[7]) <= 1.05,
                    "chosen / best near 1 on model-shaped times: " + line);
            assertTrue(Double.parseDouble(cells[9]) >= Double.parseDouble(cells[7]), "worst >= chosen: " + line);
        }
        assertTrue(r.out.contains("occupancy disagreements with the CUDA runtime: 0"), r.out);
    }

    @Test
    void aMalformedSweepIsABadInputNotAStackTrace() throws Exception {
        Path sweep = dir.resolve("bad.csv");
        Files.writeString(sweep, "T,k,12,1,x,0.1\n");
        CliRunner r = CliRunner.run("bench", "gpu", "--launch", "--sweep", sweep.toString(), "-o", dir.toString());
        assertTrue(r.exitCode != 0);
        assertTrue((r.err + r.out).contains("sweep line 1 is malformed"), r.err + r.out);
    }
}
