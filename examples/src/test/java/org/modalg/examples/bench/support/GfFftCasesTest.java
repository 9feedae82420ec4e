package org.modalg.examples.bench.support;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.bigprime.GfFft;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;

/** {@link GfFftCases}, the shared inputs and checks of the big-prime FFT's benchmark and study, against BigInteger. */
class GfFftCasesTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("GfFftCasesTest seed " + SEED + " (replay with -Dmodalg.test.seed=" + SEED + ")");
    }

    @Test
    void elementsLimbsAndTheFftCheck() {
        Random rnd = new Random(SEED);
        for (GfPreset preset : new GfPreset[] {GfPreset.SRGF8, GfPreset.SRGF16}) {
            GfField f = preset.field();
            int k = f.k();
            int log2N = 5;
            BigInteger[] values = new BigInteger[1 << log2N];
            long[] data = GfFftCases.randomElements(f, values, rnd);
            assertEquals(values.length * k, data.length);
            long[] limbs = GfFftCases.limbs(values, k);
            for (int i = 0; i < values.length; i++) {
                assertTrue(values[i].signum() >= 0 && values[i].compareTo(f.modulus()) < 0, "seed " + SEED);
                assertEquals(values[i], f.toBigInteger(data, i * k), "seed " + SEED);
                BigInteger fromLimbs = BigInteger.ZERO;
                for (int j = k - 1; j >= 0; j--) {
                    fromLimbs = fromLimbs.shiftLeft(64).add(new BigInteger(Long.toUnsignedString(limbs[i * k + j])));
                }
                assertEquals(values[i], fromLimbs, "seed " + SEED); // r < 2^64: every element fits k limbs
            }
            GfFft plan = GfFft.of(f, log2N);
            GfFftCases.checkAgainstBigInteger(f, log2N, data, values, plan);
            long[] wrong = data.clone();
            wrong[3 * k] ^= 1; // element 3 changed: the DFTs differ
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> GfFftCases.checkAgainstBigInteger(f, log2N, wrong, values, plan));
            assertTrue(e.getMessage().contains(f.name()) && e.getMessage().contains("N = 2^" + log2N), e.getMessage());
            long[] before = data.clone();
            ForkJoinPool pool = new ForkJoinPool(2);
            try {
                assertTrue(GfFftCases.forwardNanos(plan, data, null) >= 0);
                assertTrue(GfFftCases.forwardNanos(plan, data, pool) >= 0);
            } finally {
                pool.shutdown();
            }
            assertArrayEquals(before, data, "the timed call transforms a copy");
        }
    }

    @Test
    void crtRoundTrip() {
        Random rnd = new Random(SEED + 1);
        GfField f = GfPreset.SRGF8.field();
        int k = f.k();
        BigInteger[] values = new BigInteger[64];
        GfFftCases.randomElements(f, values, rnd);
        values[0] = BigInteger.ZERO;
        values[1] = f.modulus().subtract(BigInteger.ONE);
        long[] limbs = GfFftCases.limbs(values, k);
        GfFftCases.checkCrtRoundTrip(CrtBasis.forBits(f.modulus().bitLength(), 30), limbs, values.length, k, f.name());
        // a basis of too few primes cannot hold p - 1: the check fails, naming the element
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> GfFftCases.checkCrtRoundTrip(CrtBasis.forBits(64, 30), limbs, values.length, k, "small"));
        assertTrue(e.getMessage().contains("small at "), e.getMessage());
    }
}
