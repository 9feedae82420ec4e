package org.modalg.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.gpu.FullWordProducts.cpu;
import static org.modalg.gpu.FullWordProducts.random;
import static org.modalg.gpu.FullWordProducts.schoolbook;
import static org.modalg.gpu.FullWordProducts.str;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.polynomial.zp.PolyMulZp;
import org.modalg.polynomial.zp.ZpPoly;

/**
 * The all-device Z/pZ[x] product ({@link GpuPolyProductProvider#multiplyMod}) for every modulus
 * 2 &lt;= p &lt; 2^64 read unsigned (FLINT's {@code nmod} range): FLINT's row p = 2^62 + 135, primes
 * above 2^63 and 2^64 - 59, odd composites (one NTT-friendly: 2^32 + 1), p = 2, even p, and a
 * random modulus of each band every run; lengths 1, 2, odd, 2^k +- 1 up to 2^20, squares and
 * maximal inputs (every coefficient p - 1). Each product equals the CPU route
 * ({@link PolyMulZp#mulDoubleNtt}, the double-precision transforms on the host) bit for bit on
 * random data every run (seed printed), and a schoolbook product on BigIntegers where the
 * lengths are short; under the auto backend {@link ZpPoly#multiplyFullWord} hands the product to
 * the device from the provider's minimum length.
 */
@Tag("gpu")
class GpuFullWordProductTest {
    private static final GpuPolyProductProvider provider = new GpuPolyProductProvider();

    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
    }

    /** The fixed moduli and one random modulus (odd or even) in each band. */
    private static long[] moduli(Random rnd) {
        long[] fixed = {
            (1L << 62) + 135, // nextprime(2^62): FLINT's nmod row
            Long.MIN_VALUE + 29, // 2^63 + 29, the least prime above 2^63
            -59L, // 2^64 - 59, the largest prime below 2^64
            Long.MAX_VALUE - 24, // 2^63 - 25, the largest prime below 2^63
            -1L, // 2^64 - 1 = 3 5 17 257 641 65537 6700417: an odd composite
            3L * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41 * 43 * 47, // odd composite below 2^62
            (1L << 32) + 1, // 641 6700417: composite, 2^32 | p - 1 (no transform of its own)
            2, // the smallest modulus
            1L << 62, // even: powers of two
            Long.MIN_VALUE,
            -2L, // 2^64 - 2
            1000, // small even
            (1L << 62) - 57, // odd prime below 2^62: the Montgomery garner_mod
        };
        long[] out = Arrays.copyOf(fixed, fixed.length + 5);
        int at = fixed.length;
        for (int bits : new int[] {20, 50, 62, 63, 64}) { // [2^19, 2^20) .. [2^63, 2^64)
            out[at++] = (rnd.nextLong() >>> (64 - bits)) | (1L << (bits - 1));
        }
        return out;
    }

    @Test
    void productsForEveryWordModulusMatchTheCpuRouteAndSchoolbook() {
        Random rnd = new Random(GpuTests.seed("GpuFullWordProductTest.products"));
        int[][] shapes = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {3, 5}, {9, 7}, {1, 300}, {255, 257}, {129, 127},
            {1023, 1025}, {4095, 4097}, {4097, 33}, {(1 << 14) - 1, (1 << 14) + 1}};
        for (long p : moduli(rnd)) {
            for (int[] s : shapes) {
                for (boolean extreme : new boolean[] {false, true}) {
                    FullWordProducts.check(rnd, p, s, extreme, 70_000,
                            (q, a, b, c, cOff) -> provider.multiplyMod(q, a, 0, a.length, b, 0, b.length, c, cOff));
                }
            }
            long[] a = random(rnd, p, 3001, false); // a square: one operand, transformed once
            long[] c = new long[2 * a.length - 1];
            assertTrue(provider.multiplyMod(p, a, 0, a.length, a, 0, a.length, c, 0));
            assertArrayEquals(cpu(p, a, a.clone()), c, "square mod " + str(p));
            long[] x = random(rnd, p, 50, false); // operands at offsets inside larger arrays
            long[] y = random(rnd, p, 70, false);
            long[] d = new long[50 + 70 - 1 + 4];
            assertTrue(provider.multiplyMod(p, x, 10, 40, y, 3, 60, d, 4));
            assertArrayEquals(schoolbook(p, Arrays.copyOfRange(x, 10, 50), Arrays.copyOfRange(y, 3, 63)),
                    Arrays.copyOfRange(d, 4, 4 + 99), "offsets mod " + str(p));
        }
    }

    @Test
    void longProductsUpTo2To20MatchTheCpuRoute() {
        Random rnd = new Random(GpuTests.seed("GpuFullWordProductTest.longProducts"));
        long[] ps = {(1L << 62) + 135, -59L, 2, Long.MIN_VALUE + 29, -1L, (rnd.nextLong() | Long.MIN_VALUE)};
        int[][] shapes = {{(1 << 20) - 1, (1 << 20) + 1}, {1 << 20, 1 << 20}, {(1 << 19) + 1, 77}};
        for (int t = 0; t < ps.length; t++) {
            long p = ps[t];
            int[] s = shapes[t % shapes.length];
            boolean extreme = t == 1; // 2^64 - 59 with every coefficient p - 1: the largest products
            long[] a = random(rnd, p, s[0], extreme);
            long[] b = random(rnd, p, s[1], extreme);
            long[] c = new long[a.length + b.length - 1];
            assertTrue(provider.multiplyMod(p, a, 0, a.length, b, 0, b.length, c, 0));
            assertArrayEquals(cpu(p, a, b), c, "p = " + str(p) + ", lengths " + s[0] + " x " + s[1]);
        }
    }

    @Test
    void aFirst2To24ProductWithTablesBuiltOnTheDeviceMatchesTheCpuRoute() {
        // the cache emptied: this product builds the three primes' 2^25-point tables on the
        // device (ntt_table), the largest the tables of a full-word product get below 2^27
        Random rnd = new Random(GpuTests.seed("GpuFullWordProductTest.first2To24"));
        provider.releaseWorkspace();
        long p = rnd.nextBoolean() ? (1L << 62) + 135 : rnd.nextLong() | Long.MIN_VALUE;
        int n = 1 << 24;
        long[] a = random(rnd, p, n, false);
        long[] b = random(rnd, p, n, false);
        long[] c = new long[2 * n - 1];
        assertTrue(provider.multiplyMod(p, a, 0, n, b, 0, n, c, 0));
        assertArrayEquals(cpu(p, a, b), c, "p = " + str(p) + ", lengths 2^24 x 2^24");
    }

    @Test
    void autoSendsFullWordProductsToTheDeviceFromTheProvidersLength() {
        // ZpPoly.multiplyFullWord under auto: from the provider's minimum length the product is
        // computed on the device (counted), the same coefficients as the CPU backend's
        Random rnd = new Random(GpuTests.seed("GpuFullWordProductTest.auto"));
        Options auto = Options.defaults().withBackend(Backend.AUTO);
        Options cpuOnly = Options.defaults().withBackend(Backend.CPU);
        int n = (int) Math.max(provider.minLength(), 1 << 16);
        for (long p : new long[] {(1L << 62) + 135, -59L, Long.MIN_VALUE, 2}) {
            long[] a = random(rnd, p, n, false);
            long[] b = random(rnd, p, n + 3, false);
            a[n - 1] = 1; // nonzero leading entries: nothing trimmed
            b[n + 2] = 1;
            long before = GpuPolyProductProvider.productsForTests();
            long[] gpu = ZpPoly.multiplyFullWord(p, a, b, auto);
            String what = "p = " + str(p) + ", length " + n;
            assertTrue(GpuPolyProductProvider.productsForTests() > before, what + ": not on the device");
            assertArrayEquals(ZpPoly.multiplyFullWord(p, a, b, cpuOnly), gpu, what);
        }
    }

    @Test
    void moduliZeroAndOneAreRefused() {
        long[] a = {1, 1, 0, 1};
        long[] c = new long[7];
        for (long p : new long[] {0, 1}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> provider.multiplyMod(p, a, 0, 4, a, 0, 4, c, 0));
            assertTrue(e.getMessage().contains("p must be in [2, 2^64)"), e.getMessage());
        }
    }
}
