package org.modalg.gpu.image;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.gpu.runtime.LogCapture;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageEngines;

/**
 * The set-up the GPU image engine's tests share: a GPU engine over the CPU engine on all
 * processors (skipped where no device is usable), the CPU engine as the oracle, and the
 * engine's warnings collected; afterwards the forced faults are off and the handler removed.
 * A test class adds its own {@code @AfterEach} for what else it changes (it runs before this
 * one's).
 */
abstract class GpuImageEngineFixture {
    /** The warnings GpuImageEngine logged during the test. */
    protected final List<String> warnings = new ArrayList<>();
    private final Handler capture = new LogCapture(warnings);
    /** The engine under test. */
    protected ImageEngine gpu;
    /** The oracle: {@link ImageEngines#cpu} with the same options. */
    protected ImageEngine cpu;

    @BeforeEach
    void startGpuImageEngine() {
        GpuTests.assumeGpu();
        Options o = Options.defaults().withThreads(Math.max(1, Runtime.getRuntime().availableProcessors()));
        cpu = ImageEngines.cpu(o);
        gpu = new GpuImageEngine(o, cpu);
        Logger.getLogger(GpuImageEngine.class.getName()).addHandler(capture);
    }

    @AfterEach
    void stopGpuImageEngine() {
        GpuImageEngine.faultEveryForTests(0);
        Logger.getLogger(GpuImageEngine.class.getName()).removeHandler(capture);
    }
}
