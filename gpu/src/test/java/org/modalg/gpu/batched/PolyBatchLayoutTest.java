package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.fields.ZpField;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The host side of the batched small products without a device: {@link GpuBatchedPolyProducts}
 * run on the Java twin of {@code polybatch.cu}'s kernels ({@link PolyBatchLayout#convTwin},
 * {@link PolyBatchLayout#garnerTwin}) against a schoolbook product on BigInteger, on random
 * batches every run (seed printed): grouping by transform length and primes, packing into two's
 * complement limbs, the CRT constants, the output words read back; zero polynomials, length 1,
 * lengths differing in one batch, all-extreme coefficients of both signs, the longest product
 * the kernel takes and one past it (to the CPU twin), bounds past 256 primes (to the CPU twin);
 * the limb and word conversions at their edges.
 */
class PolyBatchLayoutTest {

    /** Runs on the twin and counts the products it is given. */
    private static final class Counting {
        int products;
        final GpuBatchedPolyProducts engine = new GpuBatchedPolyProducts((g, from, n, a, b, desc) -> {
            products += n;
            int[] res = PolyBatchLayout.convTwin(a, b, desc, g.primes, g.lgL, g.s, g.wa, g.wb, n);
            return PolyBatchLayout.garnerTwin(res, desc, g.primes, g.ginv, g.pref, g.hdig, g.m, g.lgL, g.s, g.q, n);
        });
    }

    static ZZPoly naive(ZZPoly a, ZZPoly b) {
        if (a.isZero() || b.isZero()) {
            return ZZPoly.ZERO;
        }
        BigInteger[] c = new BigInteger[a.length() + b.length() - 1];
        java.util.Arrays.fill(c, BigInteger.ZERO);
        BigInteger[] x = a.coefficients();
        BigInteger[] y = b.coefficients();
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < y.length; j++) {
                c[i + j] = c[i + j].add(x[i].multiply(y[j]));
            }
        }
        return ZZPoly.of(c);
    }

    static ZZPoly random(Random rnd, int len, int bits) {
        BigInteger[] c = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            BigInteger x = new BigInteger(bits, rnd);
            c[i] = rnd.nextBoolean() ? x.negate() : x;
        }
        return ZZPoly.of(c);
    }

    /** Every coefficient +-(2^bits - 1): sign 1, -1, or 0 for alternating. */
    static ZZPoly extreme(int len, int bits, int sign) {
        BigInteger m = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        BigInteger[] c = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            c[i] = sign == 0 ? (i % 2 == 0 ? m : m.negate()) : sign > 0 ? m : m.negate();
        }
        return ZZPoly.of(c);
    }

    @Test
    void aFaultOfTheRunnerSplitsOrLeavesTheRestToTheCpuTwinExactly() {
        // the one fault policy of the batched engine (DeviceChunks) on the twin: out of memory above
        // 4 products a chunk halves the chunk, a launch failure at the third chunk leaves that chunk,
        // the rest of its group and the groups after it to the CPU twin
        long seed = GpuTests.seed("PolyBatchLayoutTest.faults");
        Random rnd = new Random(seed);
        List<ZZPoly> a = new ArrayList<>();
        List<ZZPoly> b = new ArrayList<>();
        for (int i = 0; i < 32; i++) { // two groups of 16: chunks of 16 and 8 fail, 4 fit
            int len = i < 16 ? 5 : 100;
            a.add(random(rnd, len, 64));
            b.add(random(rnd, len, 64));
        }
        int[] calls = {0};
        int[] products = {0};
        GpuBatchedPolyProducts engine = new GpuBatchedPolyProducts((g, from, n, x, y, desc) -> {
            if (n > 4) {
                throw new org.modalg.gpu.runtime.GpuException("injected: out of memory",
                        jcuda.driver.CUresult.CUDA_ERROR_OUT_OF_MEMORY);
            }
            if (++calls[0] == 3) {
                throw new org.modalg.gpu.runtime.GpuException("injected: launch failed",
                        jcuda.driver.CUresult.CUDA_ERROR_LAUNCH_FAILED);
            }
            products[0] += n;
            int[] res = PolyBatchLayout.convTwin(x, y, desc, g.primes, g.lgL, g.s, g.wa, g.wb, n);
            return PolyBatchLayout.garnerTwin(res, desc, g.primes, g.ginv, g.pref, g.hdig, g.m, g.lgL, g.s, g.q, n);
        });
        List<ZZPoly> got = engine.multiplyAll(a, b, Options.defaults().withThreads(1));
        for (int i = 0; i < a.size(); i++) {
            assertEquals(naive(a.get(i), b.get(i)), got.get(i), "seed " + seed + " product " + i);
        }
        assertEquals(8, products[0], "two chunks of 4 on the twin before the failure");
    }

    @Test
    void randomBatchesOnTheTwinMatchTheSchoolbook() {
        long seed = GpuTests.seed("PolyBatchLayoutTest.randomBatches");
        Random rnd = new Random(seed);
        int[] bits = {1, 31, 63, 64, 65, 127, 300, 1000, 2000};
        List<ZZPoly> a = new ArrayList<>();
        List<ZZPoly> b = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            int ba = bits[rnd.nextInt(bits.length)];
            int bb = bits[rnd.nextInt(bits.length)];
            a.add(random(rnd, 1 + rnd.nextInt(ba >= 1000 ? 10 : 40), ba));
            b.add(random(rnd, 1 + rnd.nextInt(ba >= 1000 ? 10 : 40), bb));
        }
        Counting c = new Counting();
        List<ZZPoly> got = c.engine.multiplyAll(a, b, Options.defaults().withThreads(2));
        for (int i = 0; i < a.size(); i++) {
            assertEquals(naive(a.get(i), b.get(i)), got.get(i), "seed " + seed + " product " + i);
        }
        long nonZero = java.util.stream.IntStream.range(0, a.size())
                .filter(i -> !a.get(i).isZero() && !b.get(i).isZero()).count();
        assertEquals(nonZero, c.products, "every product with two non-zero operands on the twin");
    }

    @Test
    void edgeCasesOnTheTwin() {
        long seed = GpuTests.seed("PolyBatchLayoutTest.edgeCases");
        Random rnd = new Random(seed);
        List<ZZPoly> a = List.of(ZZPoly.ZERO, random(rnd, 7, 100), ZZPoly.of(5), ZZPoly.of(-1), extreme(40, 2000, 1),
                extreme(33, 2000, -1), extreme(25, 64, 0), extreme(64, 63, -1), extreme(1, 1, -1), random(rnd, 1, 2000));
        List<ZZPoly> b = List.of(random(rnd, 3, 64), ZZPoly.ZERO, ZZPoly.of(-7), random(rnd, 30, 500),
                extreme(40, 2000, -1), extreme(30, 2000, -1), extreme(25, 64, 0), extreme(64, 64, -1),
                extreme(9, 1, -1), random(rnd, 1, 2000));
        Counting c = new Counting();
        List<ZZPoly> got = c.engine.multiplyAll(a, b);
        for (int i = 0; i < a.size(); i++) {
            assertEquals(naive(a.get(i), b.get(i)), got.get(i), "seed " + seed + " edge product " + i);
        }
        assertEquals(a.size() - 2, c.products, "zero operands stay on the host");
    }

    @Test
    void longestProductOnTheKernelAndOnePastIt() {
        long seed = GpuTests.seed("PolyBatchLayoutTest.longest");
        Random rnd = new Random(seed);
        ZZPoly x = random(rnd, 4096, 20);
        ZZPoly y = random(rnd, 4097, 20);
        ZZPoly z = random(rnd, 4098, 20);
        assertTrue(GpuBatchedPolyProducts.takes(4096, 4097, 20, 20));
        assertFalse(GpuBatchedPolyProducts.takes(4096, 4098, 20, 20));
        Counting c = new Counting();
        List<ZZPoly> got = c.engine.multiplyAll(List.of(x, x), List.of(y, z));
        assertEquals(1, c.products, "8192 coefficients on the kernel, 8193 on the CPU");
        assertEquals(x.multiply(y), got.get(0));
        assertEquals(x.multiply(z), got.get(1));
    }

    @Test
    void boundsBeyondTheLargestBasisGoToTheCpu() {
        long seed = GpuTests.seed("PolyBatchLayoutTest.bounds");
        Random rnd = new Random(seed);
        assertTrue(GpuBatchedPolyProducts.takes(3, 3, 3800, 3800));
        assertFalse(GpuBatchedPolyProducts.takes(3, 3, 4000, 4000));
        assertNull(PolyBatchLayout.basis(30 * 256 + 1));
        ZZPoly x = random(rnd, 3, 4000);
        ZZPoly y = random(rnd, 2, 4000);
        Counting c = new Counting();
        List<ZZPoly> got = c.engine.multiplyAll(List.of(x), List.of(y));
        assertEquals(0, c.products);
        assertEquals(naive(x, y), got.get(0));
    }

    @Test
    void productsOverZpThroughZ() {
        long seed = GpuTests.seed("PolyBatchLayoutTest.zp");
        Random rnd = new Random(seed);
        long[] ps = {2, 998244353, (1L << 61) - 1, 4611686018427387847L};
        List<ZpPoly> a = new ArrayList<>();
        List<ZpPoly> b = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            ZpField f = ZpField.of(ps[i % ps.length]);
            long[] x = new long[1 + rnd.nextInt(30)];
            long[] y = new long[1 + rnd.nextInt(30)];
            for (int k = 0; k < x.length; k++) {
                x[k] = i == 3 ? f.p() - 1 : Math.floorMod(rnd.nextLong(), f.p());
            }
            for (int k = 0; k < y.length; k++) {
                y[k] = i == 3 ? f.p() - 1 : Math.floorMod(rnd.nextLong(), f.p());
            }
            a.add(ZpPoly.of(f, x));
            b.add(ZpPoly.of(f, y));
        }
        List<ZpPoly> got = GpuBatchedPolyProducts.onTwin().multiplyAllZp(a, b);
        for (int i = 0; i < a.size(); i++) {
            ZZPoly want = naive(a.get(i).toZZPoly(), b.get(i).toZZPoly());
            assertEquals(ZpPoly.of(a.get(i).field(), want.coefficients()), got.get(i), "seed " + seed + " Z/pZ " + i);
        }
    }

    @Test
    void limbsAndWordsRoundTrip() {
        long seed = GpuTests.seed("PolyBatchLayoutTest.words");
        Random rnd = new Random(seed);
        CrtBasis basis = PolyBatchLayout.basis(500);
        int q = PolyBatchLayout.outputWords(basis);
        BigInteger half = basis.modulus().shiftRight(1);
        List<BigInteger> values = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(),
                BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MIN_VALUE),
                BigInteger.valueOf(Long.MIN_VALUE).subtract(BigInteger.ONE), BigInteger.ONE.shiftLeft(63),
                BigInteger.ONE.shiftLeft(64).negate(), half, half.negate()));
        for (int i = 0; i < 50; i++) {
            BigInteger x = new BigInteger(1 + rnd.nextInt(490), rnd);
            values.add(rnd.nextBoolean() ? x : x.negate());
        }
        int lgL = 3;
        int[] out = new int[q << lgL];
        for (BigInteger v : values) {
            // limbs: two's complement of the width of the value's bits
            int w = PolyBatchLayout.limbs(v.abs().bitLength());
            long[] limbs = new long[w + 1];
            PolyBatchLayout.writeTwos(v, limbs, 1, w);
            BigInteger back = BigInteger.ZERO;
            for (int l = w - 1; l >= 0; l--) {
                back = back.shiftLeft(64).add(new BigInteger(Long.toUnsignedString(limbs[1 + l])));
            }
            if (limbs[w] < 0) {
                back = back.subtract(BigInteger.ONE.shiftLeft(64 * w));
            }
            assertEquals(v, back, "limbs of " + v);
            // output words: the value as pb_garner writes it at k = 5
            BigInteger twos = v.signum() < 0 ? v.add(BigInteger.ONE.shiftLeft(32 * q)) : v;
            int[] words = PolyBatchLayout.words(twos, q);
            for (int t = 0; t < q; t++) {
                out[(t << lgL) + 5] = words[t];
            }
            assertEquals(v, PolyBatchLayout.coefficient(PolyBatchLayout.pairs(out), 0, q, lgL, 5), "words of " + v);
        }
    }

    @Test
    void theProviderIsRegistered() {
        assertTrue(org.modalg.fft.ServiceProviders.load(
                org.modalg.polynomial.batchedpoly.BatchedPolyProductProvider.class).stream()
                .anyMatch(p -> p instanceof GpuBatchedPolyProductProvider));
    }

    @Test
    void garnerConstantsAreInverses() {
        CrtBasis basis = PolyBatchLayout.basis(2000);
        int s = basis.size();
        int[] g = PolyBatchLayout.garnerConstants(basis);
        for (int j = 0; j < s; j++) {
            for (int m = j + 1; m < s; m++) {
                long pm = basis.prime(m);
                long w = g[2 * (j * s + m)] & 0xFFFFFFFFL;
                assertEquals(1, basis.prime(j) % pm * w % pm, "p_" + j + "^-1 mod p_" + m);
                assertEquals(BigInteger.valueOf(w).shiftLeft(32).divide(BigInteger.valueOf(pm)).longValue(),
                        g[2 * (j * s + m) + 1] & 0xFFFFFFFFL);
            }
            assertTrue(basis.prime(j) < PolyBatchLayout.PRIME_BOUND && (basis.prime(j) - 1) % (1 << 13) == 0);
        }
        assertEquals(32, GpuBatchedPolyProducts.convThreads(6));
        assertEquals(512, GpuBatchedPolyProducts.convThreads(13));
    }
}
