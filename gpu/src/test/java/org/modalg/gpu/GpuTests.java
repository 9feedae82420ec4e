package org.modalg.gpu;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Shared by the GPU-tagged tests: skip, with the reason printed, where no GPU is usable. */
final class GpuTests {
    private GpuTests() {
    }

    private static boolean told;

    static synchronized void assumeGpu() {
        boolean usable = GpuRuntime.isUsable();
        if (!usable && !told) {
            told = true;
            System.out.println("[skipped] GPU tests (each is reported as skipped): " + GpuRuntime.unusableReason());
        }
        assumeTrue(usable, () -> "no usable GPU: " + GpuRuntime.unusableReason());
    }

    /** A seed that differs from run to run, printed so that a failure can be replayed. */
    static long seed(String test) {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println(test + " seed " + seed + " (replay with -Dmodalg.test.seed=" + seed + ")");
        return seed;
    }
}
