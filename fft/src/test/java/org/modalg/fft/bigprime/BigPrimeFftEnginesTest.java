package org.modalg.fft.bigprime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.CancelledException;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.Options;
import org.modalg.fft.WorkerPools;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;

/**
 * {@link BigPrimeFftEngines} and the {@link Options} twins of {@link BigPrimeFftEngine}: the CPU
 * engine against a naive O(N^2) DFT in BigInteger on random inputs (seed printed) with the edge
 * values 0 and p - 1, identical for 1 and 2 threads; backend choice without providers; options
 * checks; and {@link WorkerPools}.
 */
class BigPrimeFftEnginesTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @Test
    void cpuEngineTwinsMatchTheNaiveDftForEveryThreadCount() {
        System.out.println("BigPrimeFftEnginesTest seed = " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
        Random rnd = new Random(SEED);
        BigPrimeFftEngine e = BigPrimeFftEngines.cpu();
        assertTrue(e.runsOnHost());
        for (GfPreset preset : new GfPreset[] {GfPreset.GF4, GfPreset.GF8}) {
            GfField f = preset.field();
            BigInteger p = f.modulus();
            for (int log2N = 1; log2N <= 7; log2N++) {
                int n = 1 << log2N;
                BigInteger[] x = new BigInteger[n];
                long[] d = new long[n * f.k()];
                for (int i = 0; i < n; i++) {
                    int kind = rnd.nextInt(6);
                    x[i] = kind == 0 ? p.subtract(BigInteger.ONE) : kind == 1 ? BigInteger.ZERO
                            : new BigInteger(p.bitLength() + 8, rnd).mod(p);
                    f.fromBigInteger(x[i], d, i * f.k());
                }
                BigInteger[] expect = GfFftTest.naiveDft(f, log2N, x, false);
                String ctx = "seed=" + SEED + " " + preset + " log2N=" + log2N;
                for (int threads : new int[] {1, 2}) {
                    long[] y = d.clone();
                    e.forward(f, log2N, y, Options.defaults().withThreads(threads));
                    BigInteger[] got = new BigInteger[n];
                    for (int i = 0; i < n; i++) {
                        got[i] = f.toBigInteger(y, i * f.k());
                    }
                    assertArrayEquals(expect, got, ctx + " threads=" + threads);
                    e.inverse(f, log2N, y, Options.defaults().withThreads(threads));
                    assertArrayEquals(d, y, ctx + " inverse, threads=" + threads);
                }
                long[] z = d.clone();
                e.forward(f, log2N, z);
                long[] y = d.clone();
                e.forward(f, log2N, y, Options.defaults().withThreads(2));
                assertArrayEquals(z, y, ctx + " own threads against options");
            }
        }
    }

    @Test
    void backendChoiceAndOptionChecks() {
        assertSame(BigPrimeFftEngines.cpu(), BigPrimeFftEngines.of(Backend.CPU));
        assertSame(BigPrimeFftEngines.cpu(), BigPrimeFftEngines.of(Backend.AUTO)); // no provider in this module
        assertSame(BigPrimeFftEngines.cpu(), BigPrimeFftEngines.byName(" cpu "));
        assertTrue(BigPrimeFftEngines.providers().isEmpty());
        IllegalStateException s = assertThrows(IllegalStateException.class, () -> BigPrimeFftEngines.of(Backend.GPU));
        assertTrue(s.getMessage().contains("BigPrimeFftEngineProvider"), s.getMessage());
        IllegalArgumentException a = assertThrows(IllegalArgumentException.class, () -> BigPrimeFftEngines.of(null));
        assertTrue(a.getMessage().contains("backend"), a.getMessage());
        a = assertThrows(IllegalArgumentException.class, () -> BigPrimeFftEngines.byName("tpu"));
        assertTrue(a.getMessage().contains("backend"), a.getMessage());
        GfField f = GfPreset.GF4.field();
        long[] d = new long[4 * f.k()];
        a = assertThrows(IllegalArgumentException.class, () -> BigPrimeFftEngines.cpu().forward(f, 2, d, null));
        assertTrue(a.getMessage().contains("options"), a.getMessage());
        assertThrows(CancelledException.class, () -> BigPrimeFftEngines.cpu().inverse(f, 2, d,
                Options.defaults().withCancellation(() -> true)));
    }

    @Test
    void workerPoolsAreOnePerThreadCount() {
        assertNull(WorkerPools.of(1));
        assertSame(WorkerPools.of(2), WorkerPools.of(2));
        assertSame(WorkerPools.of(3), WorkerPools.of(Options.defaults().withThreads(3)));
        assertTrue(WorkerPools.of(2).getParallelism() == 2);
        IllegalArgumentException a = assertThrows(IllegalArgumentException.class, () -> WorkerPools.of(0));
        assertTrue(a.getMessage().contains("threads"), a.getMessage());
        a = assertThrows(IllegalArgumentException.class, () -> WorkerPools.of(Options.MAX_THREADS + 1));
        assertTrue(a.getMessage().contains("threads"), a.getMessage());
        a = assertThrows(IllegalArgumentException.class, () -> WorkerPools.of((Options) null));
        assertTrue(a.getMessage().contains("options"), a.getMessage());
        assertSame(CpuNttEngine.withThreads(2), CpuNttEngine.withThreads(2));
    }
}
