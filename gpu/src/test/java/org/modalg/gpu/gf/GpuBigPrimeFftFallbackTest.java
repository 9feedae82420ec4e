package org.modalg.gpu.gf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.bigprime.BigPrimeFftEngine;
import org.modalg.fft.bigprime.CpuBigPrimeFftEngine;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;

/** Runs everywhere: without a GPU the big-prime FFT and the vector facade fall back to the CPU. */
class GpuBigPrimeFftFallbackTest {
    @Test
    void createIfUsablePicksTheGpuExactlyWhenUsable() {
        BigPrimeFftEngine e = GpuBigPrimeFftEngine.createIfUsable();
        assertTrue(GpuRuntime.isUsable() == e instanceof GpuBigPrimeFftEngine, e.name());
        if (!GpuRuntime.isUsable()) {
            assertThrows(IllegalStateException.class, GpuBigPrimeFftEngine::new);
        }
        GfField f = GfPreset.SRGF8.field();
        long[] x = GpuBigPrimeFftEngineTest.randomVector(f, 64, new Random(GpuTests.seed("fallback")));
        long[] c = x.clone();
        e.forward(f, 6, x);
        try (CpuBigPrimeFftEngine cpu = new CpuBigPrimeFftEngine(1)) {
            cpu.forward(f, 6, c);
        }
        assertArrayEquals(c, x);
        if (e instanceof AutoCloseable a) {
            try {
                a.close();
            } catch (Exception ex) {
                throw new AssertionError(ex);
            }
        }
    }

    @Test
    void smallVectorsMatchGfArithmetic() {
        GfField f = GfPreset.GF16.field();
        int n = 20;
        Random rnd = new Random(GpuTests.seed("smallVectorsMatchGfArithmetic"));
        long[] x = GpuBigPrimeFftEngineTest.randomVector(f, n, rnd);
        long[] y = GpuBigPrimeFftEngineTest.randomVector(f, n, rnd);
        long[] z = new long[n * 16];
        long[] want = new long[n * 16];
        GfArithmetic a = f.arithmetic();
        for (int i = 0; i < n; i++) {
            a.mul(x, i * 16, y, i * 16, want, i * 16);
        }
        GpuGfVectors.mul(f, x, y, z, n);
        assertArrayEquals(want, z);
        assertThrows(IllegalArgumentException.class, () -> GpuGfVectors.add(f, x, y, new long[5], n));
    }
}
