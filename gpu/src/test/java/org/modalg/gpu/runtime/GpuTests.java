package org.modalg.gpu.runtime;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Shared by the GPU-tagged tests: skip, with the reason printed, where no GPU is usable. */
public final class GpuTests {
    private GpuTests() {
    }

    private static boolean told;

    /**
     * Skips the calling test where no GPU is usable. The reason is printed once per test JVM
     * (the module's tests share one fork), not once per test or test class; each test is still
     * reported as skipped with it.
     */
    public static void assumeGpu() {
        boolean usable = GpuRuntime.isUsable();
        if (!usable) {
            tellOnce();
        }
        assumeTrue(usable, () -> "no usable GPU: " + GpuRuntime.unusableReason());
    }

    /** Prints, once per JVM, why the GPU tests are skipped here. */
    public static synchronized void tellOnce() {
        if (!told) {
            told = true;
            System.out.println("[skipped] GPU tests (each is reported as skipped): "
                    + GpuRuntime.unusableReason());
        }
    }

    /** A seed that differs from run to run, printed so that a failure can be replayed. */
    public static long seed(String test) {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println(test + " seed " + seed + " (replay with -Dmodalg.test.seed=" + seed + ")");
        return seed;
    }
}
