package org.modalg.polynomial.batchedpoly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Options;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@link BatchedPolyProducts} against a schoolbook product on BigInteger (over Z) and on
 * BigInteger residues (over Z/pZ), on random batches every run (seed printed;
 * {@code -Dmodalg.test.seed} replays it): lengths differing inside a batch, coefficients of 1 ..
 * 2000 bits of both signs, zero polynomials, length 1, all-extreme coefficients (2^B - 1 and
 * -(2^B - 1) in every place), on 1 and 4 threads; the argument checks; cancellation.
 */
class BatchedPolyProductsTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @BeforeAll
    static void seed() {
        System.out.println("BatchedPolyProductsTest seed=" + SEED + " (-Dmodalg.test.seed=" + SEED + " replays)");
    }

    /** The schoolbook product over Z on BigInteger (the oracle). */
    static ZZPoly naive(ZZPoly a, ZZPoly b) {
        if (a.isZero() || b.isZero()) {
            return ZZPoly.ZERO;
        }
        BigInteger[] c = new BigInteger[a.length() + b.length() - 1];
        Arrays.fill(c, BigInteger.ZERO);
        for (int i = 0; i < a.length(); i++) {
            for (int j = 0; j < b.length(); j++) {
                c[i + j] = c[i + j].add(a.coefficient(i).multiply(b.coefficient(j)));
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

    static ZZPoly extreme(int len, int bits, int sign) {
        BigInteger m = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        BigInteger[] c = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            c[i] = sign == 0 ? (i % 2 == 0 ? m : m.negate()) : sign > 0 ? m : m.negate();
        }
        return ZZPoly.of(c);
    }

    private static void check(List<ZZPoly> a, List<ZZPoly> b, List<ZZPoly> c, String what) {
        assertEquals(a.size(), c.size(), what);
        for (int i = 0; i < a.size(); i++) {
            assertEquals(naive(a.get(i), b.get(i)), c.get(i), "seed=" + SEED + " " + what + " product " + i);
        }
    }

    @Test
    void randomBatchesOverZ() {
        Random rnd = new Random(SEED);
        int[] bits = {1, 17, 64, 65, 200, 700, 2000};
        for (int threads : new int[] {1, 4}) {
            List<ZZPoly> a = new ArrayList<>();
            List<ZZPoly> b = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                int ba = bits[rnd.nextInt(bits.length)];
                int bb = rnd.nextInt(3) == 0 ? bits[rnd.nextInt(bits.length)] : ba;
                a.add(random(rnd, 1 + rnd.nextInt(ba > 700 ? 12 : 60), ba));
                b.add(random(rnd, 1 + rnd.nextInt(ba > 700 ? 12 : 60), bb));
            }
            check(a, b, BatchedPolyProducts.multiplyAll(a, b, Options.defaults().withThreads(threads)),
                    "random, " + threads + " threads");
        }
    }

    @Test
    void largerProductsTakeTheFastRoutes() {
        // lengths where ZZPoly's rule leaves the schoolbook (Karatsuba, Kronecker, the NTT)
        Random rnd = new Random(SEED + 1);
        List<ZZPoly> a = List.of(random(rnd, 300, 64), random(rnd, 150, 512), random(rnd, 700, 100));
        List<ZZPoly> b = List.of(random(rnd, 280, 64), random(rnd, 151, 1000), random(rnd, 3, 100));
        check(a, b, BatchedPolyProducts.multiplyAll(a, b, Options.defaults().withThreads(2)), "larger");
    }

    @Test
    void edgeCasesOverZ() {
        Random rnd = new Random(SEED + 2);
        List<ZZPoly> a = List.of(ZZPoly.ZERO, random(rnd, 5, 30), ZZPoly.ZERO, ZZPoly.of(7), ZZPoly.of(-3),
                extreme(40, 2000, 1), extreme(33, 2000, -1), extreme(50, 128, 0), extreme(64, 64, -1),
                random(rnd, 1, 2000));
        List<ZZPoly> b = List.of(random(rnd, 9, 80), ZZPoly.ZERO, ZZPoly.ZERO, ZZPoly.of(-5), random(rnd, 20, 300),
                extreme(40, 2000, -1), extreme(31, 2000, -1), extreme(50, 128, 0), extreme(1, 64, 1),
                random(rnd, 1, 2000));
        check(a, b, BatchedPolyProducts.multiplyAll(a, b, Options.defaults().withThreads(3)), "edges");
        assertTrue(BatchedPolyProducts.multiplyAll(List.of(), List.of()).isEmpty());
        assertEquals(ZZPoly.ZERO, BatchedPolyProducts.multiplyAll(List.of(ZZPoly.ZERO), List.of(ZZPoly.ONE)).get(0));
    }

    @Test
    void randomBatchesOverZp() {
        Random rnd = new Random(SEED + 3);
        long[] primes = {2, 3, 65537, 998244353, 4611686018427387847L, (1L << 61) - 1};
        List<ZpPoly> a = new ArrayList<>();
        List<ZpPoly> b = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ZpField f = ZpField.of(primes[rnd.nextInt(primes.length)]);
            a.add(i == 3 ? ZpPoly.zero(f) : randomZp(rnd, f, 1 + rnd.nextInt(i == 7 ? 400 : 50), i == 5));
            b.add(randomZp(rnd, f, 1 + rnd.nextInt(50), i == 5));
        }
        List<ZpPoly> c = BatchedPolyProducts.multiplyAllZp(a, b, Options.defaults().withThreads(4));
        for (int i = 0; i < a.size(); i++) {
            assertEquals(naiveZp(a.get(i), b.get(i)), c.get(i), "seed=" + SEED + " Z/pZ product " + i);
        }
    }

    static ZpPoly randomZp(Random rnd, ZpField f, int len, boolean maximal) {
        long[] c = new long[len];
        for (int i = 0; i < len; i++) {
            c[i] = maximal ? f.p() - 1 : Math.floorMod(rnd.nextLong(), f.p());
        }
        return ZpPoly.of(f, c);
    }

    static ZpPoly naiveZp(ZpPoly a, ZpPoly b) {
        if (a.isZero() || b.isZero()) {
            return ZpPoly.zero(a.field());
        }
        BigInteger p = BigInteger.valueOf(a.modulus());
        BigInteger[] c = new BigInteger[a.length() + b.length() - 1];
        Arrays.fill(c, BigInteger.ZERO);
        for (int i = 0; i < a.length(); i++) {
            for (int j = 0; j < b.length(); j++) {
                c[i + j] = c[i + j].add(BigInteger.valueOf(a.coefficient(i)).multiply(BigInteger.valueOf(b.coefficient(j))));
            }
        }
        for (int k = 0; k < c.length; k++) {
            c[k] = c[k].mod(p);
        }
        return ZpPoly.of(a.field(), c);
    }

    @Test
    void badArgumentsAreNamed() {
        List<ZZPoly> one = List.of(ZZPoly.ONE);
        assertMessage(() -> BatchedPolyProducts.multiplyAll(null, one), "a must not be null");
        assertMessage(() -> BatchedPolyProducts.multiplyAll(one, null), "b must not be null");
        assertMessage(() -> BatchedPolyProducts.multiplyAll(one, one, null), "options must not be null");
        assertMessage(() -> BatchedPolyProducts.multiplyAll(one, List.of(ZZPoly.ONE, ZZPoly.X)),
                "b must hold as many polynomials as a (1), got 2");
        assertMessage(() -> BatchedPolyProducts.multiplyAll(Arrays.asList(ZZPoly.ONE, null),
                List.of(ZZPoly.ONE, ZZPoly.X)), "a.get(1) must not be null");
        assertMessage(() -> BatchedPolyProducts.multiplyAll(one, Arrays.asList((ZZPoly) null)),
                "b.get(0) must not be null");
        ZpField f = ZpField.of(7);
        ZpField g = ZpField.of(11);
        assertMessage(() -> BatchedPolyProducts.multiplyAllZp(List.of(ZpPoly.one(f), ZpPoly.one(f)),
                List.of(ZpPoly.one(f), ZpPoly.one(g))), "b.get(1) must be over the field of a.get(1) (p = 7), got p = 11");
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable call, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(message), "message \"" + e.getMessage() + "\" lacks \"" + message + "\"");
    }

    @Test
    void backendGpuGoesToTheDeviceProviderOthersStayHere() {
        Random rnd = new Random(SEED + 4);
        List<ZZPoly> a = List.of(random(rnd, 20, 100), random(rnd, 3, 2000));
        List<ZZPoly> b = List.of(random(rnd, 30, 64), random(rnd, 5, 700));
        int before = StandInPolyProductProvider.CALLS.get();
        check(a, b, BatchedPolyProducts.multiplyAll(a, b, Options.defaults().withBackend(Backend.CPU)), "cpu");
        check(a, b, BatchedPolyProducts.multiplyAll(a, b, Options.defaults().withBackend(Backend.AUTO)), "auto");
        assertEquals(before, StandInPolyProductProvider.CALLS.get(), "cpu and auto stay on the CPU twin");
        check(a, b, BatchedPolyProducts.multiplyAll(a, b, Options.defaults().withBackend(Backend.GPU)), "gpu");
        ZpField f = ZpField.of(65537);
        List<ZpPoly> x = List.of(ZpPoly.of(f, 1, 2, 3));
        assertEquals(List.of(ZpPoly.of(f, 1, 4, 10, 12, 9)),
                BatchedPolyProducts.multiplyAllZp(x, x, Options.defaults().withBackend(Backend.GPU)));
        assertEquals(before + 2, StandInPolyProductProvider.CALLS.get(), "gpu goes to the provider");
    }

    @Test
    void cancellationStopsTheBatch() {
        AtomicInteger polls = new AtomicInteger();
        Options cancelAfterThree = Options.defaults().withThreads(1).withCancellation(() -> polls.incrementAndGet() > 3);
        List<ZZPoly> a = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            a.add(ZZPoly.of(i + 1, 2));
        }
        assertThrows(CancelledException.class, () -> BatchedPolyProducts.multiplyAll(a, a, cancelAfterThree));
        assertTrue(polls.get() <= 10, "polled " + polls.get() + " times");
    }
}
