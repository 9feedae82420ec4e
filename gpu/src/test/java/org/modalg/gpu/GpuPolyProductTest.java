package org.modalg.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fft.products.PolyProductProvider;
import org.modalg.fft.products.PolyProducts;
import org.modalg.fft.products.SignedLimbs;
import org.modalg.fields.ZpField;
import org.modalg.gpu.ntt.GpuNttEngine;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.polynomial.zp.PolyMulZp;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The all-device polynomial products ({@link GpuPolyProductProvider}) against the CPU routes,
 * bit for bit, on random data every run (seed printed), and against schoolbook products where
 * the lengths are small: over Z/pZ for NTT-friendly, other 62-bit, and small primes; over Z for
 * 1- to 1000-bit signed coefficients, squares, zeros and extreme values; through the polynomial
 * layer's hooks (ZZPoly.multiply, PolyMulZp.mulNtt) and on the provider directly; the decline
 * path (device out of memory) leaves the product to the CPU. (Moduli up to 2^64 - 1, p = 2 and
 * even p: {@link GpuFullWordProductTest}.)
 */
@Tag("gpu")
class GpuPolyProductTest {
    private static final Options CPU = Options.defaults().withBackend(Backend.CPU);
    private static final long[] ZP_PRIMES = {
        GpuPolyMultiplier.PRIMES[0], // NTT-friendly: one convolution mod p
        (1L << 62) - 57, // the p: three primes and garner_mod
        (1L << 62) - 87, // the next prime below it
        (1L << 61) - 1, // a Mersenne prime: 2-adic order 1
        2147483647L, 65537L, 3L, 5L,
    };
    private static final GpuPolyProductProvider provider = new GpuPolyProductProvider();

    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
    }

    @Test
    void providerIsRegisteredAndUsable() {
        PolyProductProvider p = PolyProducts.provider();
        assertNotNull(p, "no PolyProductProvider found with a usable GPU");
        assertSame(GpuPolyProductProvider.class, p.getClass());
        assertTrue(p.name().startsWith("gpu("), p.name());
    }

    private static long[] randomZp(Random rnd, long p, int n, boolean extreme) {
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = extreme ? p - 1 : Math.floorMod(rnd.nextLong(), p);
        }
        return x;
    }

    private static long[] cpuZp(long p, long[] a, long[] b) {
        long[] c = new long[a.length + b.length - 1];
        PolyMulZp.mulNtt(ZpField.of(p), a, 0, a.length, b, 0, b.length, c, 0, CpuNttEngine.shared());
        return c;
    }

    private static long[] schoolbookZp(long p, long[] a, long[] b) {
        BigInteger bp = BigInteger.valueOf(p);
        long[] c = new long[a.length + b.length - 1];
        for (int k = 0; k < c.length; k++) {
            BigInteger s = BigInteger.ZERO;
            for (int i = Math.max(0, k - b.length + 1); i <= Math.min(k, a.length - 1); i++) {
                s = s.add(BigInteger.valueOf(a[i]).multiply(BigInteger.valueOf(b[k - i])));
            }
            c[k] = s.mod(bp).longValue();
        }
        return c;
    }

    @Test
    void productsModPMatchTheCpuAndSchoolbook() {
        Random rnd = new Random(GpuTests.seed("GpuPolyProductTest.productsModP"));
        int[][] shapes = {{1, 1}, {1, 9}, {2, 3}, {7, 7}, {31, 200}, {300, 257}, {1000, 1}, {4097, 4095},
            {5000, 77}, {1 << 14, 1 << 14}};
        for (long p : ZP_PRIMES) {
            for (int[] s : shapes) {
                for (boolean extreme : new boolean[] {false, true}) {
                    long[] a = randomZp(rnd, p, s[0], extreme);
                    long[] b = randomZp(rnd, p, s[1], extreme);
                    long[] c = new long[a.length + b.length + 2];
                    c[0] = 123; // the offset: c[1 ..) written, c[0] and the tail untouched
                    assertTrue(provider.multiplyMod(p, a, 0, a.length, b, 0, b.length, c, 1));
                    String what = "p = " + p + ", lengths " + s[0] + " x " + s[1] + (extreme ? ", all p - 1" : "");
                    long[] expected = cpuZp(p, a, b);
                    assertArrayEquals(expected, Arrays.copyOfRange(c, 1, 1 + expected.length), what);
                    assertEquals(123, c[0], what);
                    assertEquals(0, c[c.length - 1], what);
                    if ((long) s[0] * s[1] <= 100_000) {
                        assertArrayEquals(schoolbookZp(p, a, b), expected, what + " (schoolbook)");
                    }
                }
            }
            long[] a = randomZp(rnd, p, 3000, false); // a square: one operand, transformed once
            long[] c = new long[2 * a.length - 1];
            assertTrue(provider.multiplyMod(p, a, 0, a.length, a, 0, a.length, c, 0));
            assertArrayEquals(cpuZp(p, a, a.clone()), c, "square mod " + p);
        }
    }

    @Test
    void longProductsModPMatchTheCpu() {
        Random rnd = new Random(GpuTests.seed("GpuPolyProductTest.longProductsModP"));
        for (long p : new long[] {ZP_PRIMES[0], ZP_PRIMES[1]}) {
            for (int n : new int[] {(1 << 20) + 3, 1 << 23}) { // 3-pass transforms of 2^21 and 2^24
                long[] a = randomZp(rnd, p, n, false);
                long[] b = randomZp(rnd, p, n - 5, false);
                long[] c = new long[a.length + b.length - 1];
                assertTrue(provider.multiplyMod(p, a, 0, a.length, b, 0, b.length, c, 0));
                assertArrayEquals(cpuZp(p, a, b), c, "p = " + p + ", length " + n);
            }
        }
    }

    @Test
    void polyMulZpHandsLongProductsToTheDevice() {
        Random rnd = new Random(GpuTests.seed("GpuPolyProductTest.polyMulZpHook"));
        long p = ZP_PRIMES[1];
        int n = (int) Math.max(provider.minLength(), 1 << 15);
        long[] a = randomZp(rnd, p, n, false);
        long[] b = randomZp(rnd, p, n, false);
        long[] c = new long[2 * n - 1];
        long before = GpuPolyProductProvider.productsForTests();
        PolyMulZp.mulNtt(ZpField.of(p), a, 0, n, b, 0, n, c, 0);
        assertEquals(before + 1, GpuPolyProductProvider.productsForTests(), "the product did not go to the device");
        assertArrayEquals(cpuZp(p, a, b), c);
    }

    /** Moduli of the full-word products: both sides of 2^62 and 2^63, and up to 2^64 - 1. */
    private static final long[] FULL_WORD_MODULI = {
        (1L << 62) + 135, // nextprime(2^62): FLINT's nmod row
        1L << 62, // composite, the first modulus beyond ZpField
        Long.MAX_VALUE - 24, // 2^63 - 25, the largest prime below 2^63
        Long.MIN_VALUE, // 2^63, composite
        Long.MIN_VALUE + 29, // 2^63 + 29, the least prime above 2^63
        -59L, // 2^64 - 59, the largest prime below 2^64
        -1L, // 2^64 - 1, composite
    };

    @Test
    void fullWordProductsOnTheDeviceEngineMatchTheCpuRoute() {
        // p in [2^62, 2^64): the pipeline's projection, Garner and reduction mod p on the host,
        // the transforms on the GPU engine (minWords 0: every batch on the device)
        Random rnd = new Random(GpuTests.seed("GpuPolyProductTest.fullWordOnEngine"));
        int[][] shapes = {{1, 1}, {1, 9}, {2, 3}, {17, 100}, {257, 1000}, {1000, 1}, {4095, 4096}, {4096, 4096},
            {5000, 77}, {1 << 14, (1 << 14) + 3}};
        try (GpuNttEngine engine = new GpuNttEngine(0)) {
            for (long p : FULL_WORD_MODULI) {
                for (int[] s : shapes) {
                    for (boolean extreme : new boolean[] {false, true}) {
                        FullWordProducts.check(rnd, p, s, extreme, 100_000, (q, a, b, c, cOff) -> {
                            PolyMulZp.mulFullWordOnEngine(q, a, 0, a.length, b, 0, b.length, c, cOff, engine);
                            return true;
                        });
                    }
                }
                long[] a = FullWordProducts.random(rnd, p, 3000, false); // a square
                long[] c = new long[2 * a.length - 1];
                PolyMulZp.mulFullWordOnEngine(p, a, 0, a.length, a, 0, a.length, c, 0, engine);
                assertArrayEquals(FullWordProducts.cpu(p, a, a.clone()), c, "square mod " + Long.toUnsignedString(p));
            }
            for (long p : new long[] {FULL_WORD_MODULI[0], -59L}) { // 2^21-point transforms, three and four primes
                int n = (1 << 20) + 3;
                long[] a = FullWordProducts.random(rnd, p, n, false);
                long[] b = FullWordProducts.random(rnd, p, n - 5, false);
                long[] c = new long[a.length + b.length - 1];
                PolyMulZp.mulFullWordOnEngine(p, a, 0, a.length, b, 0, b.length, c, 0, engine);
                assertArrayEquals(FullWordProducts.cpu(p, a, b), c, "p = " + Long.toUnsignedString(p) + ", length " + n);
            }
        }
    }

    @Test
    void fullWordProductsUnderTheGpuAndAutoBackendsMatchTheCpuBackend() {
        // ZpPoly.multiplyFullWord: gpu and auto take the all-device product from the provider's
        // length (gpu below it the device engine); both give the CPU backend's coefficients
        Random rnd = new Random(GpuTests.seed("GpuPolyProductTest.fullWordBackends"));
        Options gpu = Options.defaults().withBackend(Backend.GPU);
        Options auto = Options.defaults().withBackend(Backend.AUTO);
        int n = (int) Math.max(provider.minLength(), 1 << 17); // three primes of 2^18 points: past minWords
        for (long p : new long[] {FULL_WORD_MODULI[0], FULL_WORD_MODULI[3], -59L}) {
            for (int[] s : new int[][] {{300, 200}, {n, n + 11}}) {
                long[] a = FullWordProducts.random(rnd, p, s[0], false);
                long[] b = FullWordProducts.random(rnd, p, s[1], false);
                a[s[0] - 1] = 1; // nonzero leading entries: nothing trimmed
                b[s[1] - 1] = 1;
                long[] cpu = ZpPoly.multiplyFullWord(p, a, b, CPU);
                String what = "p = " + Long.toUnsignedString(p) + ", lengths " + s[0] + " x " + s[1];
                assertArrayEquals(cpu, ZpPoly.multiplyFullWord(p, a, b, gpu), what + ", gpu");
                assertArrayEquals(cpu, ZpPoly.multiplyFullWord(p, a, b, auto), what + ", auto");
                assertArrayEquals(cpu, ZpPoly.multiplyFullWord(p, a, b, gpu.withRoute(Route.CRT)),
                        what + ", gpu, CRT route");
            }
        }
    }

    @Test
    void productsModPAfterWideProductsOverZOnOneProvider() {
        // the Z route's CRT constants for three primes and two limbs must not serve the Z/pZ
        // route's one-limb projection (a fault seen once: every residue read two limbs)
        Random rnd = new Random(GpuTests.seed("GpuPolyProductTest.modPAfterOverZ"));
        GpuPolyProductProvider fresh = new GpuPolyProductProvider();
        for (int round = 0; round < 2; round++) {
            BigInteger[] a = randomZ(rnd, 300, 65, 0);
            BigInteger[] b = randomZ(rnd, 200, 65, 0);
            int bound = 2 * 65 + 9;
            long[] cMag = new long[499 * 3];
            byte[] cSign = new byte[499];
            assertTrue(multiplyFlat(fresh, mag(a, 2), signs(a), 300, 2, mag(b, 2), signs(b), 200, 2, bound, cMag,
                    cSign, 3));
            long p = ZP_PRIMES[1];
            long[] x = randomZp(rnd, p, 5000, false);
            long[] y = randomZp(rnd, p, 4000, false);
            long[] c = new long[8999];
            assertTrue(fresh.multiplyMod(p, x, 0, 5000, y, 0, 4000, c, 0));
            assertArrayEquals(cpuZp(p, x, y), c, "round " + round);
        }
        fresh.releaseWorkspace();
    }

    @Test
    void modulusTwoIsTakenAndBadArgumentsAreRefused() {
        long[] a = {1, 1, 0, 1};
        long[] c = new long[7];
        assertTrue(provider.multiplyMod(2, a, 0, 4, a, 0, 4, c, 0), "p = 2 (garner_mod_word) declined");
        assertArrayEquals(new long[] {1, 0, 1, 0, 0, 0, 1}, c, "(1 + x + x^3)^2 mod 2");
        assertThrows(IllegalArgumentException.class, () -> provider.multiplyMod(1, a, 0, 4, a, 0, 4, c, 0));
        assertThrows(IllegalArgumentException.class, () -> provider.multiplyMod(0, a, 0, 4, a, 0, 4, c, 0));
        assertThrows(IllegalArgumentException.class, () -> provider.multiplyMod(5, a, 2, 4, a, 0, 4, c, 0));
        assertThrows(IllegalArgumentException.class, () -> provider.multiplyMod(5, a, 0, 4, a, 0, 4, c, 1));
        assertThrows(IllegalArgumentException.class, () -> multiplyFlat(provider, a, new byte[4], 4, 1, a,
                new byte[4], 4, 1, 200, new long[7 * 3], new byte[7], 3));
        // output chunks too short, or a chunk shift outside [0, 30]
        SignedLimbs x = SignedLimbs.of(a, new byte[4], 4, 1);
        assertThrows(IllegalArgumentException.class, () -> provider.multiplySigned(x, x, 100,
                new long[][] {new long[4 * 2], new long[2 * 2]}, new byte[][] {new byte[4], new byte[2]}, 2, 2));
        assertThrows(IllegalArgumentException.class, () -> provider.multiplySigned(x, x, 100,
                new long[][] {new long[7 * 2]}, new byte[][] {new byte[7]}, 31, 2));
        assertThrows(IllegalArgumentException.class, () -> SignedLimbs.of(a, new byte[3], 4, 1));
    }

    private static BigInteger[] randomZ(Random rnd, int n, int bits, int kind) {
        BigInteger[] x = new BigInteger[n];
        BigInteger max = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        for (int i = 0; i < n; i++) {
            switch (kind) {
                case 0: // random signed, some zeros
                    x[i] = rnd.nextInt(8) == 0 ? BigInteger.ZERO : new BigInteger(bits, rnd);
                    if (rnd.nextBoolean()) {
                        x[i] = x[i].negate();
                    }
                    break;
                case 1: // all -(2^bits - 1): the largest coefficients of the product
                    x[i] = max.negate();
                    break;
                default: // alternating extremes
                    x[i] = (i & 1) == 0 ? max : max.negate();
                    break;
            }
        }
        x[n - 1] = x[n - 1].signum() == 0 ? BigInteger.ONE : x[n - 1];
        return x;
    }

    private static BigInteger[] schoolbookZ(BigInteger[] a, BigInteger[] b) {
        BigInteger[] c = new BigInteger[a.length + b.length - 1];
        Arrays.fill(c, BigInteger.ZERO);
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                c[i + j] = c[i + j].add(a[i].multiply(b[j]));
            }
        }
        return c;
    }

    @Test
    void productsOverZMatchTheCpuRoute() {
        Random rnd = new Random(GpuTests.seed("GpuPolyProductTest.productsOverZ"));
        int min = (int) provider.minLength();
        int[][] shapes = {{min, min}, {min, min + 1000}, {min + 7, 3 * min}};
        for (int bits : new int[] {1, 63, 64, 65, 200, 1000}) {
            for (int[] s : shapes) {
                for (int kind = 0; kind < 3; kind++) {
                    ZZPoly f = ZZPoly.of(randomZ(rnd, s[0], bits, kind));
                    ZZPoly g = ZZPoly.of(randomZ(rnd, s[1], bits, kind));
                    long before = GpuPolyProductProvider.productsForTests();
                    ZZPoly gpu = f.multiply(g);
                    ZZPoly cpu = f.multiply(g, CPU);
                    String what = bits + "-bit coefficients, lengths " + s[0] + " x " + s[1] + ", kind " + kind;
                    assertEquals(cpu, gpu, what);
                    assertEquals(before + 1, GpuPolyProductProvider.productsForTests(), what + ": not on the device");
                    ZZPoly sq = f.multiply(f);
                    assertEquals(f.multiply(f, CPU), sq, "square, " + what);
                }
            }
        }
    }

    @Test
    void providerOverZMatchesSchoolbook() {
        Random rnd = new Random(GpuTests.seed("GpuPolyProductTest.providerOverZ"));
        for (int bits : new int[] {1, 64, 130, 1000}) {
            for (int[] s : new int[][] {{1, 1}, {1, 5}, {3, 2}, {40, 33}, {200, 1}}) {
                BigInteger[] a = randomZ(rnd, s[0], bits, rnd.nextInt(3));
                BigInteger[] b = randomZ(rnd, s[1], bits, rnd.nextInt(3));
                int aLimbs = (bits + 63) / 64;
                int bound = 2 * bits + 32 - Integer.numberOfLeadingZeros(Math.min(s[0], s[1]));
                int cLimbs = (bound + 63) / 64 + 1; // one spare limb: written as zero
                int n = s[0] + s[1] - 1;
                long[] cMag = new long[n * cLimbs];
                byte[] cSign = new byte[n];
                assertTrue(multiplyFlat(provider, mag(a, aLimbs), signs(a), s[0], aLimbs, mag(b, aLimbs), signs(b),
                        s[1], aLimbs, bound, cMag, cSign, cLimbs));
                BigInteger[] expected = schoolbookZ(a, b);
                for (int i = 0; i < n; i++) {
                    long[] l = Arrays.copyOfRange(cMag, i * cLimbs, (i + 1) * cLimbs);
                    BigInteger got = GpuIntegerMultiplierTest.value(l, cLimbs);
                    assertEquals(expected[i], cSign[i] < 0 ? got.negate() : got,
                            bits + " bits, " + s[0] + " x " + s[1] + ", coefficient " + i);
                    assertEquals(expected[i].signum(), cSign[i]);
                }
            }
        }
    }

    // The product over Z into flat arrays: one output chunk.
    private static boolean multiplyFlat(GpuPolyProductProvider p, long[] aMag, byte[] aSign, int aLen, int aLimbs,
            long[] bMag, byte[] bSign, int bLen, int bLimbs, int bound, long[] cMag, byte[] cSign, int cLimbs) {
        return p.multiplySigned(SignedLimbs.of(aMag, aSign, aLen, aLimbs), SignedLimbs.of(bMag, bSign, bLen, bLimbs),
                bound, new long[][] {cMag}, new byte[][] {cSign}, 30, cLimbs);
    }

    private static long[] mag(BigInteger[] x, int limbs) {
        long[] m = new long[x.length * limbs];
        for (int i = 0; i < x.length; i++) {
            long[] l = GpuIntegerMultiplierTest.limbs(x[i].abs(), limbs);
            System.arraycopy(l, 0, m, i * limbs, limbs);
        }
        return m;
    }

    private static byte[] signs(BigInteger[] x) {
        byte[] s = new byte[x.length];
        for (int i = 0; i < x.length; i++) {
            s[i] = (byte) x[i].signum();
        }
        return s;
    }

    @Test
    void longProductOverZMatchesTheCpuRoute() {
        Random rnd = new Random(GpuTests.seed("GpuPolyProductTest.longProductOverZ"));
        for (int bits : new int[] {64, 1000}) {
            int n = bits == 64 ? 1 << 20 : 1 << 16;
            ZZPoly f = ZZPoly.of(randomZ(rnd, n, bits, 0));
            ZZPoly g = ZZPoly.of(randomZ(rnd, n + 11, bits, 0));
            ZZPoly gpu = f.multiply(g);
            assertEquals(f.multiply(g, CPU), gpu, bits + "-bit, length " + n);
            // a packed product fed back: the next product reads its limbs without BigIntegers
            ZZPoly again = gpu.multiply(f);
            assertEquals(gpu.multiply(f, CPU), again, bits + "-bit, packed operand");
        }
    }

    @Test
    void productsOfChangingShapesInARowMatchTheCpuRoute() {
        // one provider, its device buffers and pinned slots kept from product to product while the
        // shapes grow, shrink and come back; slots of 40 KiB, so that a product crosses many
        // slices, a chunk of several limbs spans slices and a slice holds several chunks
        Random rnd = new Random(GpuTests.seed("GpuPolyProductTest.changingShapes"));
        GpuPolyProductProvider small = new GpuPolyProductProvider(40 << 10);
        int[][] shapes = {{9000, 5000, 64}, {300, 200, 1000}, {20000, 20011, 130}, {5000, 9000, 1},
            {70000, 3, 200}, {9000, 5000, 64}, {4096, 4096, 1000}, {300, 300, 1000}};
        try {
            for (int[] s : shapes) {
                BigInteger[] a = randomZ(rnd, s[0], s[2], 0);
                BigInteger[] b = randomZ(rnd, s[1], s[2], 0);
                String what = s[0] + " x " + s[1] + ", " + s[2] + " bits";
                int limbs = (s[2] + 63) / 64;
                SignedLimbs x = SignedLimbs.of(mag(a, limbs), signs(a), s[0], limbs);
                SignedLimbs y = SignedLimbs.of(mag(b, limbs), signs(b), s[1], limbs);
                ZZPoly cpu = ZZPoly.of(a).multiply(ZZPoly.of(b), CPU);
                assertChunkedProduct(small, x, y, 2 * s[2], Math.min(s[0], s[1]), cpu, what);
                if (s[0] <= 20000) { // a square: one operand, read once
                    assertChunkedProduct(small, x, x, 2 * s[2], s[0], ZZPoly.of(a).multiply(ZZPoly.of(a), CPU),
                            "square, " + what);
                }
                // and through ZZPoly on the registered provider (slots of the default size)
                if (Math.min(s[0], s[1]) >= provider.minLength()) {
                    assertEquals(cpu, ZZPoly.of(a).multiply(ZZPoly.of(b)), what + ", ZZPoly.multiply");
                }
            }
        } finally {
            small.releaseWorkspace();
        }
    }

    // x y on p into chunks of 4096 coefficients, coefficient by coefficient against expected.
    private static void assertChunkedProduct(GpuPolyProductProvider p, SignedLimbs x, SignedLimbs y, int bits,
            int shorter, ZZPoly expected, String what) {
        int bound = bits + 33 - Integer.numberOfLeadingZeros(shorter);
        int cLimbs = (bound + 63) / 64;
        int n = x.length() + y.length() - 1;
        int shift = 12;
        int mask = (1 << shift) - 1;
        long[][] cMag = new long[(n + mask) >>> shift][];
        byte[][] cSign = new byte[cMag.length][];
        for (int k = 0; k < cMag.length; k++) {
            int count = Math.min(1 << shift, n - (k << shift));
            cMag[k] = new long[count * cLimbs];
            cSign[k] = new byte[count];
        }
        assertTrue(p.multiplySigned(x, y, bound, cMag, cSign, shift, cLimbs), what);
        for (int i = 0; i < n; i++) {
            long[] l = Arrays.copyOfRange(cMag[i >>> shift], (i & mask) * cLimbs, ((i & mask) + 1) * cLimbs);
            BigInteger got = GpuIntegerMultiplierTest.value(l, cLimbs);
            byte sign = cSign[i >>> shift][i & mask];
            assertEquals(expected.coefficient(i), sign < 0 ? got.negate() : got, what + ", coefficient " + i);
            assertEquals(expected.coefficient(i).signum(), sign, what + ", sign " + i);
        }
    }

    @Test
    void outOfMemoryLeavesTheProductToTheCpu() {
        Random rnd = new Random(GpuTests.seed("GpuPolyProductTest.outOfMemory"));
        int n = (int) provider.minLength() * 2;
        ZZPoly f = ZZPoly.of(randomZ(rnd, n, 64, 0));
        ZZPoly g = ZZPoly.of(randomZ(rnd, n, 64, 0));
        long[] a = randomZp(rnd, ZP_PRIMES[1], n, false);
        long[] c = new long[2 * n - 1];
        GpuPolyProductProvider shared = (GpuPolyProductProvider) PolyProducts.provider();
        shared.releaseWorkspace();
        provider.releaseWorkspace();
        DeviceBuffer.limitAllocationsForTests(DeviceBuffer.allocatedBytes());
        try {
            assertFalse(provider.multiplyMod(ZP_PRIMES[1], a, 0, n, a, 0, n, c, 0), "must decline");
            long before = GpuPolyProductProvider.productsForTests();
            assertEquals(f.multiply(g, CPU), f.multiply(g), "the CPU fallback");
            assertEquals(before, GpuPolyProductProvider.productsForTests(), "declined, so not on the device");
        } finally {
            DeviceBuffer.limitAllocationsForTests(Long.MAX_VALUE);
        }
        assertTrue(provider.multiplyMod(ZP_PRIMES[1], a, 0, n, a, 0, n, c, 0), "usable again");
        assertArrayEquals(cpuZp(ZP_PRIMES[1], a, a.clone()), c);
    }
}
