package org.modalg.gpu.gf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.bigprime.CpuBigPrimeFftEngine;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.gpu.GpuTimings;
import org.modalg.gpu.runtime.GpuTests;

/** The GPU big-prime FFT against the CPU engine: same random inputs, bit-identical outputs. */
@Tag("gpu")
class GpuBigPrimeFftEngineTest {
    private static GpuBigPrimeFftEngine gpu;
    private static CpuBigPrimeFftEngine cpu;

    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
        if (gpu == null) {
            gpu = new GpuBigPrimeFftEngine(0);
            cpu = new CpuBigPrimeFftEngine();
        }
    }

    @AfterAll
    static void stop() {
        if (gpu != null) {
            gpu.close();
            cpu.close();
        }
    }

    /** N random canonical elements, about one in eight an edge value (0, 1, r^k, all r - 1). */
    static long[] randomVector(GfField f, int n, Random rnd) {
        int k = f.k();
        long[] x = new long[n * k];
        for (int i = 0; i < n; i++) {
            long[] e = rnd.nextInt(8) == 0 ? edge(f, rnd.nextInt(4)) : f.random(rnd);
            System.arraycopy(e, 0, x, i * k, k);
        }
        return x;
    }

    /** Edge value number which: 0, 1, r^k = p - 1, r^k - 1 (every digit r - 1). */
    static long[] edge(GfField f, int which) {
        int k = f.k();
        long[] e = new long[k];
        switch (which) {
            case 0 -> { }
            case 1 -> e[0] = 1;
            case 2 -> e[k - 1] = f.radix();
            default -> java.util.Arrays.fill(e, f.radix() - 1);
        }
        return e;
    }

    private static void compare(GfField f, int log2N, long[] x) {
        String what = f.name() + " N=2^" + log2N;
        long[] g = x.clone();
        long[] c = x.clone();
        gpu.forward(f, log2N, g);
        cpu.forward(f, log2N, c);
        assertArrayEquals(c, g, "forward " + what);
        gpu.inverse(f, log2N, g);
        assertArrayEquals(x, g, "inverse(forward) " + what);
        long[] ci = x.clone();
        long[] gi = x.clone();
        gpu.inverse(f, log2N, gi);
        cpu.inverse(f, log2N, ci);
        assertArrayEquals(ci, gi, "inverse " + what);
    }

    private static void compareRandom(GfField f, int log2N, Random rnd) {
        compare(f, log2N, randomVector(f, 1 << log2N, rnd));
    }

    @Test
    void p3WithKEquals16() {
        Random rnd = new Random(GpuTests.seed("p3WithKEquals16"));
        for (int e = 2; e <= 5; e++) {
            compareRandom(GfPreset.SRGF8.field(), 4 * e, rnd);
        }
    }

    @Test
    void p4WithKEquals32() {
        Random rnd = new Random(GpuTests.seed("p4WithKEquals32"));
        for (int e = 2; e <= 4; e++) {
            compareRandom(GfPreset.SRGF16.field(), 5 * e, rnd);
        }
    }

    @Test
    void table31PresetsAtSeveralSizes() {
        Random rnd = new Random(GpuTests.seed("table31PresetsAtSeveralSizes"));
        GfPreset[] presets = {GfPreset.GF4, GfPreset.GF8, GfPreset.GF16, GfPreset.GF32,
            GfPreset.GF64, GfPreset.GF128};
        for (GfPreset p : presets) {
            for (int log2N : new int[] {3, 9, 13}) {
                compareRandom(p.field(), log2N, rnd);
            }
        }
    }

    @Test
    void table21PresetsAtSeveralSizes() {
        Random rnd = new Random(GpuTests.seed("table21PresetsAtSeveralSizes"));
        for (GfPreset p : new GfPreset[] {GfPreset.SRGF2, GfPreset.SRGF4, GfPreset.SRGF32,
            GfPreset.SRGF64}) {
            for (int log2N : new int[] {2, 7, 12}) {
                compareRandom(p.field(), log2N, rnd);
            }
        }
    }

    @Test
    void everyPowerOfTwoUpTo2To20() {
        Random rnd = new Random(GpuTests.seed("everyPowerOfTwoUpTo2To20"));
        for (int log2N = 1; log2N <= 20; log2N++) {
            compareRandom(GfPreset.SRGF4.field(), log2N, rnd);
        }
    }

    @Test
    void edgeValues() {
        for (GfPreset p : new GfPreset[] {GfPreset.SRGF8, GfPreset.SRGF16, GfPreset.GF32}) {
            GfField f = p.field();
            int k = f.k();
            int log2N = 10;
            int n = 1 << log2N;
            for (int which = 0; which < 4; which++) { // constant vectors
                long[] x = new long[n * k];
                long[] e = edge(f, which);
                for (int i = 0; i < n; i++) {
                    System.arraycopy(e, 0, x, i * k, k);
                }
                compare(f, log2N, x);
            }
            long[] x = new long[n * k]; // the four values in turn
            for (int i = 0; i < n; i++) {
                System.arraycopy(edge(f, i % 4), 0, x, i * k, k);
            }
            compare(f, log2N, x);
        }
    }

    @Test
    void smallTransformsRunOnTheCpuWithTheSameResult() {
        try (GpuBigPrimeFftEngine thresholded = new GpuBigPrimeFftEngine(1 << 20)) {
            Random rnd = new Random(GpuTests.seed("smallTransformsRunOnTheCpuWithTheSameResult"));
            GfField f = GfPreset.SRGF8.field();
            long[] x = randomVector(f, 1 << 8, rnd);
            long[] c = x.clone();
            thresholded.forward(f, 8, x);
            cpu.forward(f, 8, c);
            assertArrayEquals(c, x);
        }
    }

    @Test
    void badSizesGetTheCpuEnginesException() {
        GfField f = GfPreset.GF4.field(); // v2(p - 1) = 44
        GfField g = GfPreset.SRGF16.field();
        Object[][] cases = {
            {f, -1, new long[16]}, {f, 45, new long[16]}, {g, 64, new long[16]},
            {g, 30, new long[16]}, {null, 3, new long[64]}, {f, 3, new long[31]}, {f, 3, null}};
        for (Object[] c : cases) {
            GfField field = (GfField) c[0];
            int log2N = (Integer) c[1];
            long[] data = (long[]) c[2];
            IllegalArgumentException eg = assertThrows(IllegalArgumentException.class,
                    () -> gpu.forward(field, log2N, data));
            IllegalArgumentException ec = assertThrows(IllegalArgumentException.class,
                    () -> cpu.forward(field, log2N, data));
            assertEquals(ec.getMessage(), eg.getMessage());
            IllegalArgumentException gi = assertThrows(IllegalArgumentException.class,
                    () -> gpu.inverse(field, log2N, data));
            assertEquals(ec.getMessage(), gi.getMessage());
        }
    }

    @Test
    void timingEntryPointsRun() {
        // no timing asserts: only that the device-resident path runs and returns a duration
        double ms = GpuTimings.bigPrimeFftMillis(GfPreset.SRGF16.field(), 10, 2);
        double withCopies = GpuTimings.bigPrimeFftWithTransfersMillis(GfPreset.SRGF16.field(), 10, 2);
        System.out.printf("P4 N=2^10: %.3f ms kernels, %.3f ms with transfers%n", ms, withCopies);
        assertEquals(true, ms > 0 && withCopies > 0);
    }
}
