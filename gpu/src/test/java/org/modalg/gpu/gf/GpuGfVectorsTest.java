package org.modalg.gpu.gf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.gpu.runtime.GpuTests;

/** The GPU field vector operations against GfArithmetic, element by element, for every preset. */
@Tag("gpu")
class GpuGfVectorsTest {
    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
    }

    @Test
    void everyPresetMatchesGfArithmetic() {
        Random rnd = new Random(GpuTests.seed("everyPresetMatchesGfArithmetic"));
        for (GfPreset p : GfPreset.values()) {
            GfField f = p.field();
            int k = f.k();
            // enough elements that the device is used (n k >= MIN_WORDS), with edge values
            int n = (int) Math.max(300, 2 * GpuGfVectors.MIN_WORDS / k + 7);
            long[] x = GpuBigPrimeFftEngineTest.randomVector(f, n, rnd);
            long[] y = GpuBigPrimeFftEngineTest.randomVector(f, n, rnd);
            int[] e = new int[n];
            for (int i = 0; i < n; i++) {
                e[i] = rnd.nextInt(6 * k + 1) - 3 * k;
            }
            int e0 = rnd.nextInt(4 * k) - 2 * k;
            GfArithmetic a = f.arithmetic();
            GfArithmetic.Workspace ws = a.newWorkspace();
            long[][] want = new long[5][n * k];
            for (int i = 0; i < n; i++) {
                int o = i * k;
                a.add(x, o, y, o, want[0], o);
                a.sub(x, o, y, o, want[1], o);
                a.mul(x, o, y, o, want[2], o, ws);
                a.mulPowR(x, o, e0, want[3], o, ws);
                a.mulPowR(x, o, e[i], want[4], o, ws);
            }
            long[] z = new long[n * k];
            GpuGfVectors.add(f, x, y, z, n);
            assertArrayEquals(want[0], z, "add " + p);
            GpuGfVectors.sub(f, x, y, z, n);
            assertArrayEquals(want[1], z, "sub " + p);
            GpuGfVectors.mul(f, x, y, z, n);
            assertArrayEquals(want[2], z, "mul " + p);
            GpuGfVectors.mulPowR(f, x, e0, z, n);
            assertArrayEquals(want[3], z, "mulPowR(" + e0 + ") " + p);
            GpuGfVectors.mulPowR(f, x, e, z, n);
            assertArrayEquals(want[4], z, "mulPowR(e[i]) " + p);
            long[] inPlace = x.clone(); // z = x
            GpuGfVectors.mul(f, inPlace, y, inPlace, n);
            assertArrayEquals(want[2], inPlace, "mul in place " + p);
        }
    }

    @Test
    void everyEdgePairMatchesGfArithmetic() {
        for (GfPreset p : new GfPreset[] {GfPreset.SRGF2, GfPreset.SRGF16, GfPreset.GF64}) {
            GfField f = p.field();
            int k = f.k();
            int n = (int) (GpuGfVectors.MIN_WORDS / k) * 16; // every pair, repeated
            long[] x = new long[n * k];
            long[] y = new long[n * k];
            for (int i = 0; i < n; i++) {
                System.arraycopy(GpuBigPrimeFftEngineTest.edge(f, i % 4), 0, x, i * k, k);
                System.arraycopy(GpuBigPrimeFftEngineTest.edge(f, (i / 4) % 4), 0, y, i * k, k);
            }
            GfArithmetic a = f.arithmetic();
            GfArithmetic.Workspace ws = a.newWorkspace();
            long[] want = new long[n * k];
            long[] z = new long[n * k];
            for (int i = 0; i < n; i++) {
                a.mul(x, i * k, y, i * k, want, i * k, ws);
            }
            GpuGfVectors.mul(f, x, y, z, n);
            assertArrayEquals(want, z, "mul of edge values " + p);
            for (int i = 0; i < n; i++) {
                a.add(x, i * k, y, i * k, want, i * k);
            }
            GpuGfVectors.add(f, x, y, z, n);
            assertArrayEquals(want, z, "add of edge values " + p);
            for (int i = 0; i < n; i++) {
                a.sub(x, i * k, y, i * k, want, i * k);
            }
            GpuGfVectors.sub(f, x, y, z, n);
            assertArrayEquals(want, z, "sub of edge values " + p);
        }
    }
}
