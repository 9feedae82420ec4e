package org.modalg.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fields.NttPrimes;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.modular.MultiCrt;
import org.modalg.modular.ProductTreeCrt;

/**
 * The product-tree CRT with its batched products on the GPU engine (backend gpu) against the
 * same tree on the CPU engine and against Garner over the first 256 primes' values' residues, on
 * random residues every run (seed printed) and on all-(p-1) residues.
 */
@Tag("gpu")
class GpuProductTreeCrtTest {

    @Test
    void deviceTreeEqualsCpuTree() {
        GpuTests.assumeGpu();
        long seed = System.nanoTime();
        System.out.println("GpuProductTreeCrtTest seed " + seed);
        Random rnd = new Random(seed);
        Options cpu = Options.defaults().withBackend(Backend.CPU).withThreads(4);
        Options gpu = Options.defaults().withBackend(Backend.GPU).withThreads(4);
        for (int[] shape : new int[][] {{1, 3000}, {5, 700}, {300, 513}, {2000, 1024}}) {
            int n = shape[0];
            int k = shape[1];
            long[] primes = NttPrimes.generate(k, 1L << 62, 1);
            long[] res = new long[k * n];
            boolean maximal = rnd.nextBoolean();
            for (int j = 0; j < k; j++) {
                for (int v = 0; v < n; v++) {
                    res[j * n + v] = maximal && v == 0 ? primes[j] - 1 : Math.floorMod(rnd.nextLong(), primes[j]);
                }
            }
            BigInteger[] onCpu = ProductTreeCrt.combine(primes, res, n, true, cpu);
            BigInteger[] onGpu = ProductTreeCrt.combine(primes, res, n, true, gpu);
            assertArrayEquals(onCpu, onGpu, "n = " + n + ", k = " + k);
            assertArrayEquals(onCpu, MultiCrt.combine(primes, res, n, true, gpu), "n = " + n + ", k = " + k);
        }
    }
}
