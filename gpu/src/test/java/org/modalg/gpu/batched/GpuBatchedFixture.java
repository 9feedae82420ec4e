package org.modalg.gpu.batched;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.gpu.runtime.LogCapture;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The shared setup of the device tests of the batched engine: the tests skip (with the reason
 * printed) without a usable GPU, share one device engine, take the CPU engine as the oracle, and
 * read the warnings of the classes {@link #logged()} names.
 */
abstract class GpuBatchedFixture {
    static final CpuBatchedIntegerEngine CPU = CpuBatchedIntegerEngine.shared();
    static final Options ONE = Options.defaults().withThreads(1);
    /** The limb base 2^64. */
    static final BigInteger B = BigInteger.ONE.shiftLeft(64);
    /** The device engine of every test (made at the first test that runs on a GPU). */
    static GpuBatchedIntegerEngine gpu;
    /** The warnings logged by {@link #logged()} during the current test. */
    final List<String> warnings = new ArrayList<>();
    private final Handler capture = new LogCapture(warnings);

    /** The classes whose warnings the tests read. */
    abstract List<Class<?>> logged();

    @BeforeEach
    void startFixture() {
        GpuTests.assumeGpu();
        if (gpu == null) {
            gpu = new GpuBatchedIntegerEngine(0, 0);
        }
        for (Class<?> c : logged()) {
            Logger.getLogger(c.getName()).addHandler(capture);
        }
    }

    @AfterEach
    void stopFixture() {
        for (Class<?> c : logged()) {
            Logger.getLogger(c.getName()).removeHandler(capture);
        }
    }
}
