package org.modalg.gpu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Reading a harness sweep and replaying the chooser's policy on it (synthetic sweeps, no device). */
class LaunchSweepTest {
    private static final LaunchModel.DeviceLimits H100 = LaunchModel.DeviceLimits.h100();

    // a sweep whose every time is the model with these coefficients, times (1 + noise)
    private static String synthetic(double[] c, long seed, double noise, boolean withOccupancy) {
        Random rnd = new Random(seed);
        LaunchModel.KernelAttributes k = new LaunchModel.KernelAttributes(32, 0, 1024);
        StringBuilder sb = new StringBuilder("# header\nD,NVIDIA H100 80GB HBM3,90,132,2048,32,65536,233472,65536,1024,13000\n");
        sb.append("K,kern,32,0,0,1024\n");
        for (int b = 32; b <= 1024 && withOccupancy; b += 32) {
            sb.append("O,kern,").append(b).append(',').append(LaunchModel.activeBlocks(H100, k, b, 0)).append('\n');
        }
        for (long n = 1 << 10; n <= 1 << 22; n <<= 1) {
            for (int b : LaunchModel.PROBE_BLOCKS) {
                double t = LaunchModel.predictLaunch(H100, k, c, n, 1, b) * (1 + noise * (rnd.nextDouble() - 0.5));
                sb.append("P,kern,").append(n).append(",1,").append(b).append(',').append(t).append('\n');
            }
            for (int b = 32; b <= 1024; b += 32) {
                double t = LaunchModel.predictLaunch(H100, k, c, n, 1, b);
                sb.append("T,kern,").append(n).append(",1,").append(b).append(',').append(t).append('\n');
            }
        }
        return sb.toString();
    }

    @Test
    void replayOfAModelShapedSweepChoosesNearTheBest() throws IOException {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println("replayOfAModelShapedSweepChoosesNearTheBest seed " + seed);
        double[] c = {0.004, 0.002, 0.0003, 0.00005, 0.003, 0.0001};
        LaunchSweep s = LaunchSweep.parse(new StringReader(synthetic(c, seed, 0.02, true)));
        assertEquals("NVIDIA H100 80GB HBM3", s.device());
        assertEquals(13000, s.driver());
        assertEquals(H100, s.limits());
        assertEquals(List.of("kern"), s.kernels());
        assertTrue(s.occupancyDisagreements().isEmpty());
        assertTrue(s.mismatches().isEmpty());
        List<LaunchSweep.Row> rows = s.replay(256);
        assertEquals(13, rows.size());
        for (LaunchSweep.Row r : rows) {
            assertTrue(r.chosenOverBest() <= 1.06, r.toString());
            assertTrue(r.worstOverBest() >= r.chosenOverBest() && r.fixedOverBest() >= 1.0, r.toString());
            assertEquals(1.0, r.predictedMillis() / r.chosenMillis(), 0.05, r.toString());
        }
    }

    @Test
    void wrongOccupancyLinesAreReported() throws IOException {
        String text = synthetic(new double[] {0.004, 0, 0, 0.0001, 0, 0}, 1, 0, false)
                + "O,kern,64,31\nO,kern,1024,2\n";
        assertEquals(List.of("kern block 64: model 32, runtime 31"), LaunchSweep.parse(new StringReader(text))
                .occupancyDisagreements());
    }

    @Test
    void malformedSweepsNameTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LaunchSweep.parse(new StringReader("D,x,90,132,2048,32,65536,233472,65536,1024,13000\nT,k,12,1,x,0.1\n")));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LaunchSweep.parse(new StringReader("T,k,1,1,32,0.1\n")))
                .getMessage().contains("device line"));
        assertThrows(IllegalArgumentException.class,
                () -> LaunchSweep.parse(new StringReader("D,x,90,132,2048,32,65536,233472,65536,1024,13000\nP,k,1,1,2048,0.1\n")));
    }
}
