package org.modalg.polynomial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.modalg.polynomial.PolyOracles.MULTIPLIER;
import static org.modalg.polynomial.PolyOracles.SEED;
import static org.modalg.polynomial.PolyOracles.where;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.zp.PolyMulZp;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zp.ZpPolyTest;
import org.modalg.polynomial.zz.PolyMulZZ;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The fast multiplication kernels (Kronecker substitution, small-prime NTT with CRT, big-prime
 * FFT over Z; NTT directly or through CRT over Z/pZ) against schoolbook products, and against
 * each other and the dispatchers.
 */
class PolyMulFastTest {
    private static final BigInteger TWO = BigInteger.TWO;

    @BeforeAll
    static void printSeed() {
        System.out.println("PolyMulFastTest seed=" + SEED + " (-Dmodalg.test.seed=S to replay), multiplier="
                + MULTIPLIER);
    }

    private interface ZZKernel {
        void run(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen, BigInteger[] c, int cOff);
    }

    private static final String[] ZZ_NAMES = {"classical", "karatsuba", "kronecker", "smallPrimeNtt",
        "smallPrimeNtt(1 thread)", "bigPrimeFft", "mul"};

    private static final CpuNttEngine SERIAL = new CpuNttEngine(1);

    private static final ZZKernel[] ZZ_KERNELS = {
        PolyMulZZ::mulClassical,
        PolyMulZZ::mulKaratsuba,
        PolyMulZZ::mulKronecker,
        PolyMulZZ::mulSmallPrimeNtt,
        (a, ao, al, b, bo, bl, c, co) -> PolyMulZZ.mulSmallPrimeNtt(a, ao, al, b, bo, bl, c, co, SERIAL),
        PolyMulZZ::mulBigPrimeFft,
        PolyMulZZ::mul,
    };

    // Every kernel on (a, b) placed at offsets inside larger arrays, against the schoolbook oracle.
    private static void checkAll(BigInteger[] a, BigInteger[] b, String label) {
        BigInteger[] expected = PolyOracles.mul(a, b);
        int n = a.length + b.length - 1;
        BigInteger[] aa = pad(a, 3);
        BigInteger[] bb = pad(b, 1);
        for (int k = 0; k < ZZ_KERNELS.length; k++) {
            int bits = PolyMulZZ.productBoundBits(PolyMulZZ.maxBits(a, 0, a.length),
                    PolyMulZZ.maxBits(b, 0, b.length), a.length, b.length);
            if (ZZ_NAMES[k].equals("bigPrimeFft") && bits + 2 >= 8190) {
                continue; // beyond the largest preset prime
            }
            BigInteger[] c = new BigInteger[n + 4];
            Arrays.fill(c, BigInteger.valueOf(77));
            ZZ_KERNELS[k].run(aa, 3, a.length, bb, 1, b.length, c, 2);
            assertEquals(BigInteger.valueOf(77), c[1], where(label + " " + ZZ_NAMES[k] + " wrote below its range"));
            assertEquals(BigInteger.valueOf(77), c[n + 2], where(label + " " + ZZ_NAMES[k] + " wrote above its range"));
            assertArrayEquals(expected, PolyOracles.trim(Arrays.copyOfRange(c, 2, n + 2)),
                    where(label + " " + ZZ_NAMES[k] + " lengths " + a.length + "x" + b.length));
        }
    }

    private static BigInteger[] pad(BigInteger[] a, int off) {
        BigInteger[] r = new BigInteger[a.length + off + 2];
        Arrays.fill(r, BigInteger.valueOf(-5));
        System.arraycopy(a, 0, r, off, a.length);
        return r;
    }

    private static BigInteger[] nonEmpty(Random rnd, int maxLen, int bits) {
        int len = Math.max(1, PolyOracles.length(rnd, maxLen));
        return PolyOracles.randomZZ(rnd, len, bits);
    }

    @Test
    void zzSmallAndWordCoefficients() {
        Random rnd = new Random(SEED);
        for (int it = 0; it < 120 * MULTIPLIER; it++) {
            int bits = PolyOracles.bits(rnd, 200);
            BigInteger[] a = nonEmpty(rnd, 70, bits);
            BigInteger[] b = rnd.nextInt(4) == 0 ? nonEmpty(rnd, 6, PolyOracles.bits(rnd, 200))
                    : nonEmpty(rnd, 70, PolyOracles.bits(rnd, 200));
            checkAll(a, b, "it=" + it + " bits=" + bits);
        }
    }

    @Test
    void zzLargeCoefficients() {
        Random rnd = new Random(SEED + 1);
        int[] sizes = {1000, 3000, 4000, 9000, 20_000, 100_000};
        for (int it = 0; it < 8 * MULTIPLIER; it++) {
            int bits = sizes[it % sizes.length];
            int maxLen = bits >= 20_000 ? 4 : 24;
            BigInteger[] a = nonEmpty(rnd, maxLen, 1 + rnd.nextInt(bits));
            BigInteger[] b = nonEmpty(rnd, maxLen, bits);
            checkAll(a, b, "it=" + it + " bits<=" + bits);
        }
    }

    @Test
    void zzLongUnbalancedAndEdgeValues() {
        Random rnd = new Random(SEED + 2);
        // long operands: the fast routes against classical on lengths beyond the small tests
        for (int it = 0; it < 3 * MULTIPLIER; it++) {
            BigInteger[] a = PolyOracles.randomZZ(rnd, 300 + rnd.nextInt(300), 1 + rnd.nextInt(130));
            BigInteger[] b = PolyOracles.randomZZ(rnd, 1 + rnd.nextInt(600), 1 + rnd.nextInt(130));
            checkAll(a, b, "long it=" + it);
        }
        // all coefficients +-(2^b - 1): the bound is nearly reached, and every slot is full
        for (int bits : new int[] {1, 2, 62, 63, 64, 65, 127, 128, 129, 1000}) {
            BigInteger max = TWO.pow(bits).subtract(BigInteger.ONE);
            for (int len : new int[] {1, 2, 3, 17, 64}) {
                BigInteger[] pos = new BigInteger[len];
                BigInteger[] neg = new BigInteger[len];
                BigInteger[] alt = new BigInteger[len];
                for (int i = 0; i < len; i++) {
                    pos[i] = max;
                    neg[i] = max.negate();
                    alt[i] = i % 2 == 0 ? max : max.negate();
                }
                checkAll(pos, pos, "all +max bits=" + bits + " len=" + len);
                checkAll(pos, neg, "+max * -max bits=" + bits + " len=" + len);
                checkAll(neg, neg, "all -max bits=" + bits + " len=" + len);
                checkAll(alt, pos, "alternating bits=" + bits + " len=" + len);
            }
        }
        // zero polynomial (as zero coefficients; the kernels need length >= 1), single coefficients
        BigInteger[] zero3 = {BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO};
        BigInteger[] f = PolyOracles.randomZZ(rnd, 9, 80);
        checkAll(zero3, f, "zero * f");
        checkAll(f, zero3, "f * zero");
        checkAll(new BigInteger[] {BigInteger.ZERO}, new BigInteger[] {BigInteger.ZERO}, "0 * 0");
        checkAll(new BigInteger[] {BigInteger.valueOf(-3)}, f, "constant * f");
        checkAll(new BigInteger[] {BigInteger.ONE}, new BigInteger[] {BigInteger.ONE.negate()}, "1 * -1");
        BigInteger[] mono = PolyOracles.zeros(40);
        mono[39] = TWO.pow(500).negate();
        checkAll(mono, f, "monomial * f");
        // a leading block of zeros above non-zero coefficients (unnormalized inputs)
        BigInteger[] g = PolyOracles.zeros(20);
        g[0] = BigInteger.valueOf(-1);
        checkAll(g, mono, "unnormalized");
    }

    @Test
    void zzDispatcherThroughTheTypesMatchesForcedCutoffs() {
        Random rnd = new Random(SEED + 3);
        for (int it = 0; it < 20 * MULTIPLIER; it++) {
            ZZPoly f = ZZPoly.of(PolyOracles.randomZZ(rnd, 1 + rnd.nextInt(80), 1 + rnd.nextInt(300)));
            ZZPoly g = ZZPoly.of(PolyOracles.randomZZ(rnd, 1 + rnd.nextInt(80), 1 + rnd.nextInt(300)));
            ZZPoly expected = ZZPoly.of(PolyOracles.mul(f.coefficients(), g.coefficients()));
            assertEquals(expected, f.multiply(g), where("default it=" + it));
            ZZPoly sq = ZZPoly.of(PolyOracles.mul(f.coefficients(), f.coefficients()));
            assertEquals(sq, f.square(), where("square it=" + it));
            ZpPolyTest.withProperty("modalg.poly.zzFast", "2", () -> {
                ZpPolyTest.withProperty("modalg.poly.zzNtt", String.valueOf(Integer.MAX_VALUE), () -> {
                    assertEquals(expected, f.multiply(g), where("fast from 2, Kronecker"));
                    assertEquals(sq, f.square(), where("fast square from 2, Kronecker"));
                });
                ZpPolyTest.withProperty("modalg.poly.zzNtt", "1", () -> {
                    assertEquals(expected, f.multiply(g), where("fast from 2, NTT"));
                    assertEquals(sq, f.square(), where("fast square from 2, NTT"));
                });
            });
        }
    }

    @Test
    void bigPrimeFftRejectsBoundsBeyondThePresets() {
        BigInteger[] a = {TWO.pow(5000)};
        assertThrows(IllegalArgumentException.class,
                () -> PolyMulZZ.mulBigPrimeFft(a, 0, 1, a, 0, 1, new BigInteger[1], 0));
    }

    @Test
    void transformCutoffsHaveDefaultsAndOverrides() {
        int threads = org.modalg.fft.ntt.CpuNttEngine.shared().threads();
        int[] fast = threads == 1 ? Tuning.ZZ_FAST_ONE_THREAD : Tuning.ZZ_FAST;
        int[] ntt = threads == 1 ? Tuning.ZZ_NTT_ONE_THREAD : Tuning.ZZ_NTT;
        assertEquals(fast[0], Tuning.zzFastThreshold(64));
        assertEquals(ntt[2], Tuning.zzNttThreshold(1000));
        assertEquals(ntt[ntt.length - 1], Tuning.zzNttThreshold(100_000));
        assertEquals(Tuning.ZP_NTT, Tuning.zpNttThreshold());
        assertEquals(Tuning.ZP_NTT_CRT, Tuning.zpNttCrtThreshold());
        ZpPolyTest.withProperty("modalg.poly.zzFast", "5", () -> assertEquals(5, Tuning.zzFastThreshold(4000)));
        ZpPolyTest.withProperty("modalg.poly.zzNtt", "7", () -> assertEquals(7, Tuning.zzNttThreshold(64)));
        ZpPolyTest.withProperty("modalg.poly.zpNttCrt", "x", () -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Tuning::zpNttCrtThreshold);
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("modalg.poly.zpNttCrt"), e.getMessage());
        });
        ZpPolyTest.withProperty("modalg.poly.zzFast", "0", () ->
                assertThrows(IllegalArgumentException.class, () -> Tuning.zzFastThreshold(64)));
    }

    // ------------------------------------------------------------------ Z/pZ

    @Test
    void zpNttDirectAndThroughCrt() {
        long[] primes = {2, 3, 7681, 998244353L, 1000000007L, 4611686018427387847L,
            org.modalg.fields.NttPrimes.largestBelow(1L << 62, 30),
            (1L << 61) - 1};
        Random rnd = new Random(SEED + 4);
        for (long p : primes) {
            ZpField f = ZpField.of(p);
            BigInteger bp = BigInteger.valueOf(p);
            for (int it = 0; it < 25 * MULTIPLIER; it++) {
                int al = Math.max(1, PolyOracles.length(rnd, 300));
                int bl = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(3) : Math.max(1, PolyOracles.length(rnd, 300));
                long[] a = randomMod(rnd, al, p);
                long[] b = randomMod(rnd, bl, p);
                long[] expected = toLongs(PolyOracles.mulMod(big(a), big(b), bp), al + bl - 1);
                long[] c = new long[al + bl + 2];
                Arrays.fill(c, 5 % p);
                PolyMulZp.mulNtt(f, a, 0, al, b, 0, bl, c, 1);
                assertArrayEquals(expected, Arrays.copyOfRange(c, 1, al + bl), where("p=" + p + " ntt it=" + it));
                assertEquals(5 % p, c[0], where("p=" + p + " wrote below"));
                assertEquals(5 % p, c[al + bl], where("p=" + p + " wrote above"));
                long[] d = new long[al + bl - 1];
                PolyMulZp.mul(f, a, 0, al, b, 0, bl, d, 0);
                assertArrayEquals(expected, d, where("p=" + p + " mul it=" + it));
                long[] k = new long[al + bl - 1];
                PolyMulZp.mulKaratsuba(f, a, 0, al, b, 0, bl, k, 0, 2);
                assertArrayEquals(expected, k, where("p=" + p + " karatsuba it=" + it));
            }
            // all coefficients p - 1: the largest CRT bound
            for (int len : new int[] {1, 2, 5, 64, 1000}) {
                long[] a = new long[len];
                Arrays.fill(a, p - 1);
                long[] expected = toLongs(PolyOracles.mulMod(big(a), big(a), bp), 2 * len - 1);
                long[] c = new long[2 * len - 1];
                PolyMulZp.mulNtt(f, a, 0, len, a, 0, len, c, 0);
                assertArrayEquals(expected, c, where("p=" + p + " all p-1, len=" + len));
            }
        }
    }

    @Test
    void zpDispatcherUsesNttAboveTheCutoff() {
        Random rnd = new Random(SEED + 5);
        for (long p : new long[] {998244353L, 1000000007L, 4611686018427387847L}) {
            ZpField f = ZpField.of(p);
            for (int it = 0; it < 4 * MULTIPLIER; it++) {
                ZpPoly a = ZpPoly.of(f, randomMod(rnd, 1 + rnd.nextInt(2000), p));
                ZpPoly b = ZpPoly.of(f, randomMod(rnd, 1 + rnd.nextInt(2000), p));
                ZpPoly[] viaKaratsuba = new ZpPoly[2];
                String never = String.valueOf(Integer.MAX_VALUE);
                ZpPolyTest.withProperty("modalg.poly.zpNtt", never, () ->
                        ZpPolyTest.withProperty("modalg.poly.zpNttCrt", never, () -> {
                            viaKaratsuba[0] = a.multiply(b);
                            viaKaratsuba[1] = a.square();
                        }));
                ZpPolyTest.withProperty("modalg.poly.zpNtt", "1", () ->
                        ZpPolyTest.withProperty("modalg.poly.zpNttCrt", "1", () -> {
                            assertEquals(viaKaratsuba[0], a.multiply(b), where("p=" + p + " NTT from 1"));
                            assertEquals(viaKaratsuba[1], a.square(), where("p=" + p + " NTT square from 1"));
                        }));
                assertEquals(viaKaratsuba[0], a.multiply(b), where("p=" + p + " default"));
            }
        }
    }

    private static long[] randomMod(Random rnd, int len, long p) {
        long[] r = new long[len];
        int mode = rnd.nextInt(5);
        for (int i = 0; i < len; i++) {
            r[i] = mode == 0 ? p - 1 : mode == 1 && rnd.nextBoolean() ? 0 : Math.floorMod(rnd.nextLong(), p);
        }
        return r;
    }

    private static BigInteger[] big(long[] a) {
        BigInteger[] r = new BigInteger[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = BigInteger.valueOf(a[i]);
        }
        return r;
    }

    private static long[] toLongs(BigInteger[] a, int n) {
        long[] r = new long[n];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i].longValueExact();
        }
        return r;
    }
}
