package org.modalg.fft.bigprime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;

class GfFftTest {
    private static final long SEED = Long.getLong("modalg.test.seed", 7L);
    private static final int MULT = Integer.getInteger("modalg.test.multiplier", 1);

    /**
     * Naive O(N^2) DFT in BigInteger with the plan's root w = field.rootOfUnity(log2N) (the
     * oracle of the big-prime FFT's tests in this package, BigPrimeFftEnginesTest's too).
     */
    static BigInteger[] naiveDft(GfField f, int log2N, BigInteger[] x, boolean inverse) {
        BigInteger p = f.modulus();
        int n = 1 << log2N;
        BigInteger w = f.toBigInteger(f.rootOfUnity(log2N), 0);
        if (inverse) {
            w = w.modInverse(p);
        }
        BigInteger[] out = new BigInteger[n];
        for (int j = 0; j < n; j++) {
            BigInteger s = BigInteger.ZERO;
            BigInteger wj = w.modPow(BigInteger.valueOf(j), p);
            BigInteger wij = BigInteger.ONE;
            for (int i = 0; i < n; i++) {
                s = s.add(x[i].multiply(wij));
                wij = wij.multiply(wj).mod(p);
            }
            out[j] = s.mod(p);
        }
        if (inverse) {
            BigInteger nInv = BigInteger.valueOf(n).modInverse(p);
            for (int j = 0; j < n; j++) {
                out[j] = out[j].multiply(nInv).mod(p);
            }
        }
        return out;
    }

    private static BigInteger[] randomValues(GfField f, int n, Random rnd) {
        BigInteger p = f.modulus();
        BigInteger[] x = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            int kind = rnd.nextInt(8);
            x[i] = kind == 0 ? p.subtract(BigInteger.ONE) : kind == 1 ? BigInteger.ZERO
                    : new BigInteger(p.bitLength() + 8, rnd).mod(p);
        }
        return x;
    }

    private static long[] pack(GfField f, BigInteger[] x) {
        long[] d = new long[x.length * f.k()];
        for (int i = 0; i < x.length; i++) {
            f.fromBigInteger(x[i], d, i * f.k());
        }
        return d;
    }

    private static BigInteger[] unpack(GfField f, long[] d, int n) {
        BigInteger[] x = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            x[i] = f.toBigInteger(d, i * f.k()); // also checks the canonical form
        }
        return x;
    }

    @Test
    void forwardAndInverseMatchNaiveDftForSmallLengths() {
        Random rnd = new Random(SEED);
        for (GfPreset preset : new GfPreset[] {GfPreset.GF4, GfPreset.SRGF2, GfPreset.SRGF4, GfPreset.GF8,
            GfPreset.SRGF8}) {
            GfField f = preset.field();
            int maxLog = Math.min(Integer.numberOfTrailingZeros(2 * f.k()) * 2 + 1, 9);
            for (int log2N = 0; log2N <= maxLog; log2N++) {
                BigInteger[] x = randomValues(f, 1 << log2N, rnd);
                long[] d = pack(f, x);
                GfFft plan = GfFft.of(f, log2N);
                plan.forward(d);
                String msg = preset + " log2N=" + log2N + " seed=" + SEED;
                assertArrayEquals(naiveDft(f, log2N, x, false), unpack(f, d, 1 << log2N), msg);
                long[] e = pack(f, x);
                plan.inverse(e);
                assertArrayEquals(naiveDft(f, log2N, x, true), unpack(f, e, 1 << log2N), msg);
            }
        }
    }

    @Test
    void inverseUndoesForwardForEveryPresetAndSeveralLengths() {
        Random rnd = new Random(SEED + 1);
        for (GfPreset preset : GfPreset.values()) {
            GfField f = preset.field();
            int log2K = Integer.numberOfTrailingZeros(2 * f.k());
            int[] logs = f.k() >= 64 ? new int[] {log2K, log2K + 2} : new int[] {1, log2K, log2K + 1, 2 * log2K};
            for (int log2N : logs) {
                BigInteger[] x = randomValues(f, 1 << log2N, rnd);
                long[] d = pack(f, x);
                GfFft plan = GfFft.of(f, log2N);
                plan.forward(d);
                plan.inverse(d);
                assertArrayEquals(x, unpack(f, d, 1 << log2N), preset + " log2N=" + log2N + " seed=" + SEED);
            }
        }
    }

    @Test
    void inverseUndoesForwardUpToLargeSizes() {
        Random rnd = new Random(SEED + 2);
        GfField f = GfPreset.GF4.field(); // K = 8: every length 2^1 .. 2^20 is some K^e 2^c
        for (int log2N = 1; log2N <= 20; log2N++) {
            long[] d = pack(f, randomValues(f, 1 << log2N, rnd));
            long[] orig = d.clone();
            GfFft plan = GfFft.of(f, log2N);
            plan.forward(d);
            plan.inverse(d);
            assertArrayEquals(orig, d, "log2N=" + log2N);
        }
    }

    @Test
    void parallelEqualsSerial() {
        Random rnd = new Random(SEED + 3);
        try (CpuBigPrimeFftEngine one = new CpuBigPrimeFftEngine(1);
             CpuBigPrimeFftEngine three = new CpuBigPrimeFftEngine(3)) {
            for (GfPreset preset : new GfPreset[] {GfPreset.SRGF8, GfPreset.GF16, GfPreset.SRGF16}) {
                GfField f = preset.field();
                int log2N = 2 * Integer.numberOfTrailingZeros(2 * f.k()) + 1;
                long[] a = pack(f, randomValues(f, 1 << log2N, rnd));
                long[] b = a.clone();
                one.forward(f, log2N, a);
                three.forward(f, log2N, b);
                assertArrayEquals(a, b, preset + " forward");
                one.inverse(f, log2N, a);
                three.inverse(f, log2N, b);
                assertArrayEquals(a, b, preset + " inverse");
            }
        }
    }

    @Test
    void convolutionTheoremAgainstSchoolbookProduct() {
        Random rnd = new Random(SEED + 4);
        GfField f = GfPreset.SRGF8.field();
        BigInteger p = f.modulus();
        int log2N = 7;
        int n = 1 << log2N;
        BigInteger[] a = randomValues(f, n, rnd);
        BigInteger[] b = randomValues(f, n, rnd);
        for (int i = n / 2; i < n; i++) { // zero-padded halves: the cyclic product is the plain product
            a[i] = BigInteger.ZERO;
            b[i] = BigInteger.ZERO;
        }
        long[] da = pack(f, a);
        long[] db = pack(f, b);
        GfFft plan = GfFft.of(f, log2N);
        plan.forward(da);
        plan.forward(db);
        for (int i = 0; i < n; i++) {
            f.mul(da, i * f.k(), db, i * f.k(), da, i * f.k());
        }
        plan.inverse(da);
        BigInteger[] got = unpack(f, da, n);
        for (int m = 0; m < n; m++) {
            BigInteger s = BigInteger.ZERO;
            for (int i = 0; i <= m; i++) {
                s = s.add(a[i].multiply(b[m - i]));
            }
            assertEquals(s.mod(p), got[m], "coefficient " + m);
        }
    }

    @Test
    void bigIntegerBaselineComputesTheSameDft() {
        Random rnd = new Random(SEED + 5);
        for (GfPreset preset : new GfPreset[] {GfPreset.GF8, GfPreset.SRGF16}) {
            GfField f = preset.field();
            int log2N = Integer.numberOfTrailingZeros(2 * f.k()) + 2;
            BigInteger[] x = randomValues(f, 1 << log2N, rnd);
            long[] d = pack(f, x);
            GfFft.of(f, log2N).forward(d);
            BigInteger[] serial = x.clone();
            new BigIntegerFft(f, log2N).forward(serial, null);
            assertArrayEquals(unpack(f, d, 1 << log2N), serial, preset.name());
            BigInteger[] parallel = x.clone();
            java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
            new BigIntegerFft(f, log2N).forward(parallel, pool);
            pool.shutdown();
            assertArrayEquals(serial, parallel, preset.name() + " parallel");
        }
    }

    @Test
    void badLengthIsRejected() {
        GfField f = GfPreset.GF4.field();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GfFft.of(f, 45));
        assertTrue(e.getMessage().contains("log2N"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GfFft.of(f, -1));
        assertThrows(IllegalArgumentException.class, () -> GfFft.of(f, 3).forward(new long[5]));
    }
}
