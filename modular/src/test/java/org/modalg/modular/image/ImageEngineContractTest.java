package org.modalg.modular.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;

/**
 * The contract of {@link ImageEngine}, checked on the CPU engine ({@link ImageEngines#cpu})
 * against the BigInteger oracles of {@link ImageOracles}: determinants, factorizations and
 * solves, resultants (formal degrees), gcds and cofactors modulo batches of primes of 22-23,
 * 25-26 and 62 bits, and determinants, resultants and gcds in generalized Fermat fields (digits
 * compared with the canonical form of the oracle's value). Random inputs every run (seed printed;
 * {@code -Dmodalg.test.seed} repeats one), plus planted edges: matrices singular over Z and
 * singular only modulo the first primes of the batch, n = 0 and 1, zero and constant
 * polynomials, leading coefficients divisible by primes of the batch, a prime dividing every
 * coefficient, and both inputs vanishing modulo a prime. The contract any engine must pass:
 * a subclass overriding {@link #engine} runs every case on its engine.
 */
class ImageEngineContractTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int[] PRIME_BITS = {22, 23, 25, 26, 62};

    @BeforeAll
    static void printSeed() {
        System.out.println("ImageEngineContractTest seed " + SEED + " (-Dmodalg.test.seed=" + SEED + " repeats it)");
    }

    /**
     * The engine under test, with this many threads for its host-side work: the CPU engine here;
     * a subclass puts another engine through the same cases.
     */
    protected ImageEngine engine(int threads) {
        return ImageEngines.cpu(Options.defaults().withThreads(threads));
    }

    private static String where(String what) {
        return what + " (seed " + SEED + ")";
    }

    private static BigInteger big(long p) {
        return BigInteger.valueOf(p);
    }

    // ------------------------------------------------------------------ determinants

    @Test
    void determinantsMatchBareissModuloEveryPrime() {
        Random rnd = new Random(SEED);
        for (int threads : new int[] {1, 3}) {
            ImageEngine e = engine(threads);
            for (int bits : PRIME_BITS) {
                long[] primes = ImageOracles.primes(rnd, bits, 5);
                for (int n : new int[] {0, 1, 2, 3, 7, 12}) {
                    for (int entryBits : new int[] {1, 20, 64, 130}) {
                        BigInteger[] a = ImageOracles.random(rnd, n * n, entryBits);
                        checkDeterminants(e, n, a, primes, "n = " + n + ", " + entryBits + "-bit entries, " + bits
                                + "-bit primes, " + threads + " threads");
                    }
                }
            }
        }
    }

    @Test
    void singularMatricesGiveZeroImages() {
        Random rnd = new Random(SEED + 1);
        ImageEngine e = engine(2);
        for (int bits : PRIME_BITS) {
            long[] primes = ImageOracles.primes(rnd, bits, 6);
            for (int n : new int[] {2, 5, 11}) {
                // singular over Z: every image is 0
                BigInteger[] s = ImageOracles.plantedSingular(rnd, n, 30, BigInteger.ZERO);
                long[] dets = e.determinants(n, LimbVector.of(s), primes);
                for (long d : dets) {
                    assertEquals(0, d, where("singular over Z, n = " + n));
                }
                // singular only modulo the first two primes of the batch
                BigInteger[] a = ImageOracles.plantedSingular(rnd, n, 30, big(primes[0]).multiply(big(primes[1])));
                long[] got = checkDeterminants(e, n, a, primes, "planted singular mod the first two " + bits
                        + "-bit primes, n = " + n);
                assertEquals(0, got[0], where("planted"));
                assertEquals(0, got[1], where("planted"));
                assertNotEquals(BigInteger.ZERO, ImageOracles.det(a, n), where("non-singular over Z"));
            }
        }
        // a zero row, and the one-entry matrix 0
        long[] primes = ImageOracles.primes(rnd, 23, 3);
        BigInteger[] z = ImageOracles.random(rnd, 9, 10);
        z[3] = z[4] = z[5] = BigInteger.ZERO;
        assertArrayEquals(new long[3], e.determinants(3, LimbVector.of(z), primes));
        assertArrayEquals(new long[3], e.determinants(1, LimbVector.of(new long[] {0}), primes));
    }

    private static long[] checkDeterminants(ImageEngine e, int n, BigInteger[] a, long[] primes, String what) {
        long[] got = e.determinants(n, LimbVector.of(a), primes);
        assertEquals(primes.length, got.length);
        BigInteger det = ImageOracles.det(a, n);
        for (int j = 0; j < primes.length; j++) {
            assertEquals(det.mod(big(primes[j])).longValueExact(), got[j], where(what + ", p = " + primes[j]));
        }
        return got;
    }

    @Test
    void factorizationsGiveDeterminantsAndSolves() {
        Random rnd = new Random(SEED + 2);
        ImageEngine e = engine(2);
        for (int bits : new int[] {22, 23}) {
            long[] primes = ImageOracles.primes(rnd, bits, 5);
            for (int n : new int[] {1, 2, 6, 17}) {
                BigInteger[] a = n > 1 ? ImageOracles.plantedSingular(rnd, n, 40, big(primes[0]))
                        : new BigInteger[] {big(primes[0]).multiply(big(5))};
                BigInteger det = ImageOracles.det(a, n);
                try (LuImages lu = e.factor(n, LimbVector.of(a), primes)) {
                    assertEquals(n, lu.size());
                    assertEquals(primes.length, lu.count());
                    long[] b = new long[primes.length * n];
                    long[] x = new long[primes.length * n];
                    for (int j = 0; j < primes.length; j++) {
                        assertEquals(primes[j], lu.prime(j));
                        assertEquals(det.mod(big(primes[j])).longValueExact(), lu.determinant(j),
                                where("LU determinant, n = " + n + ", p = " + primes[j]));
                        for (int i = 0; i < n; i++) {
                            b[j * n + i] = Math.floorMod(rnd.nextLong(), primes[j]);
                        }
                    }
                    Arrays.fill(x, -1);
                    lu.solve(b, x);
                    assertEquals(0, lu.determinant(0), where("planted singular mod the first prime"));
                    for (int j = 0; j < primes.length; j++) {
                        BigInteger p = big(primes[j]);
                        if (lu.determinant(j) == 0) {
                            for (int i = 0; i < n; i++) {
                                assertEquals(-1, x[j * n + i], where("singular prime's row left as it was"));
                            }
                            continue;
                        }
                        for (int r = 0; r < n; r++) { // (A x)_r = b_r mod p
                            BigInteger s = BigInteger.ZERO;
                            for (int c = 0; c < n; c++) {
                                assertTrue(x[j * n + c] >= 0 && x[j * n + c] < primes[j]);
                                s = s.add(a[r * n + c].multiply(big(x[j * n + c])));
                            }
                            assertEquals(big(b[j * n + r]), s.mod(p), where("solve, n = " + n + ", row " + r));
                        }
                    }
                    assertThrows(IllegalArgumentException.class, () -> lu.solve(new long[1], x));
                    assertThrows(IllegalArgumentException.class, () -> lu.solve(b, new long[x.length - 1]));
                    IllegalArgumentException nul = assertThrows(IllegalArgumentException.class,
                            () -> lu.solve(null, x));
                    assertTrue(nul.getMessage().startsWith("b and x must hold"), nul.getMessage());
                    assertThrows(IllegalArgumentException.class, () -> lu.solve(b, null));
                }
            }
        }
        long[] wide = ImageOracles.primes(rnd, 62, 1);
        assertThrows(IllegalArgumentException.class, () -> e.factor(1, LimbVector.of(new long[] {1}), wide));
        assertThrows(IllegalArgumentException.class, () -> e.determinants(2, LimbVector.of(new long[] {1}), wide));
    }

    // ------------------------------------------------------------------ resultants

    @Test
    void resultantsMatchTheSylvesterDeterminant() {
        Random rnd = new Random(SEED + 3);
        for (int threads : new int[] {1, 2}) {
            ImageEngine e = engine(threads);
            for (int bits : PRIME_BITS) {
                long[] primes = ImageOracles.primes(rnd, bits, 5);
                BigInteger q0q1 = big(primes[0]).multiply(big(primes[1]));
                for (int lf : new int[] {1, 2, 5, 13}) {
                    for (int lg : new int[] {1, 3, 9}) {
                        BigInteger[] f = ImageOracles.random(rnd, lf, 70);
                        BigInteger[] g = ImageOracles.random(rnd, lg, 20);
                        checkResultants(e, f, g, primes, "random " + lf + ", " + lg);
                        // leading coefficient divisible by the first two primes: the degree drops there
                        BigInteger[] fd = f.clone();
                        fd[lf - 1] = q0q1.multiply(BigInteger.valueOf(rnd.nextInt(5) + 1));
                        checkResultants(e, fd, g, primes, "lc(f) = 0 mod p0, p1");
                        BigInteger[] gd = g.clone();
                        gd[lg - 1] = big(primes[0]);
                        checkResultants(e, fd, gd, primes, "both leading coefficients 0 mod p0");
                        // a prime dividing every coefficient of f, zero and constant polynomials
                        BigInteger[] fz = f.clone();
                        for (int i = 0; i < lf; i++) {
                            fz[i] = fz[i].multiply(big(primes[2]));
                        }
                        checkResultants(e, fz, g, primes, "p2 divides f");
                        BigInteger[] zero = new BigInteger[lf];
                        Arrays.fill(zero, BigInteger.ZERO);
                        checkResultants(e, zero, g, primes, "f = 0 of formal degree " + (lf - 1));
                        checkResultants(e, new BigInteger[] {BigInteger.valueOf(-7)}, g, primes, "f = -7");
                    }
                }
            }
        }
    }

    private static void checkResultants(ImageEngine e, BigInteger[] f, BigInteger[] g, long[] primes, String what) {
        long[] got = e.resultants(LimbVector.of(f), LimbVector.of(g), primes);
        for (int j = 0; j < primes.length; j++) {
            BigInteger p = big(primes[j]);
            assertEquals(ImageOracles.resultantMod(f, g, p).longValueExact(), got[j],
                    where(what + ", p = " + primes[j] + ", f = " + Arrays.toString(f) + ", g = " + Arrays.toString(g)));
        }
    }

    // ------------------------------------------------------------------ gcds

    @Test
    void gcdsAndCofactorsMatchNaiveEuclid() {
        Random rnd = new Random(SEED + 4);
        for (int threads : new int[] {1, 2}) {
            ImageEngine e = engine(threads);
            for (int bits : PRIME_BITS) {
                long[] primes = ImageOracles.primes(rnd, bits, 6);
                for (int dc : new int[] {0, 1, 4}) {
                    for (int da : new int[] {0, 3, 9}) {
                        BigInteger[] c = ImageOracles.random(rnd, dc + 1, 30);
                        c[dc] = c[dc].signum() == 0 ? BigInteger.ONE : c[dc];
                        BigInteger[] f = multiply(c, ImageOracles.random(rnd, da + 1, 40));
                        BigInteger[] g = multiply(c, ImageOracles.random(rnd, 7, 40));
                        checkGcds(e, f, g, primes, "random, common factor of degree " + dc);
                        // lc(f) divisible by p0 (degree drop there), p1 divides every coefficient of g,
                        // p2 divides both (f and g vanish: degree -1)
                        BigInteger[] fd = f.clone();
                        fd[fd.length - 1] = big(primes[0]).multiply(big(primes[2]));
                        BigInteger[] gz = g.clone();
                        for (int i = 0; i < gz.length; i++) {
                            gz[i] = gz[i].multiply(big(primes[1])).multiply(big(primes[2]));
                        }
                        BigInteger[] fz = f.clone();
                        for (int i = 0; i < fz.length; i++) {
                            fz[i] = fz[i].multiply(big(primes[2]));
                        }
                        fz[fz.length - 1] = fd[fd.length - 1];
                        checkGcds(e, fd, g, primes, "lc(f) = 0 mod p0");
                        checkGcds(e, fd, gz, primes, "p1 | g, p2 | g");
                        GcdImages both = checkGcds(e, fz, gz, primes, "p2 divides f and g");
                        assertEquals(-1, both.degree(2), where("both vanish modulo p2"));
                    }
                }
                BigInteger[] g = ImageOracles.random(rnd, 6, 50);
                checkGcds(e, new BigInteger[] {BigInteger.ZERO}, g, primes, "f = 0");
                checkGcds(e, g, new BigInteger[] {BigInteger.ZERO}, primes, "g = 0");
                checkGcds(e, new BigInteger[] {BigInteger.ZERO}, new BigInteger[] {BigInteger.ZERO}, primes, "both 0");
                checkGcds(e, new BigInteger[] {BigInteger.valueOf(12)}, g, primes, "f = 12");
                checkGcds(e, new BigInteger[] {BigInteger.valueOf(3)}, new BigInteger[] {BigInteger.valueOf(-5)},
                        primes, "two constants");
            }
        }
    }

    private static GcdImages checkGcds(ImageEngine e, BigInteger[] f, BigInteger[] g, long[] primes, String what) {
        GcdImages plain = e.gcds(LimbVector.of(f), LimbVector.of(g), primes, false);
        GcdImages im = e.gcds(LimbVector.of(f), LimbVector.of(g), primes, true);
        assertEquals(primes.length, im.count());
        assertTrue(im.hasCofactors() && !plain.hasCofactors());
        for (int j = 0; j < primes.length; j++) {
            BigInteger p = big(primes[j]);
            String at = where(what + ", p = " + primes[j] + ", f = " + Arrays.toString(f) + ", g = "
                    + Arrays.toString(g));
            BigInteger[][] want = ImageOracles.gcdMod(f, g, p);
            assertEquals(primes[j], im.prime(j));
            assertEquals(want[0].length - 1, im.degree(j), at);
            assertEquals(im.degree(j), plain.degree(j), at);
            assertArrayEquals(longs(want[0]), im.gcd(j), at);
            assertArrayEquals(im.gcd(j), plain.gcd(j), at);
            if (im.degree(j) >= 0) {
                assertArrayEquals(padded(want[1], f.length), im.fCofactor(j), at + ": f / h");
                assertArrayEquals(padded(want[2], g.length), im.gCofactor(j), at + ": g / h");
            }
        }
        return im;
    }

    // ------------------------------------------------------------------ generalized Fermat fields

    @Test
    void generalizedFermatImagesAreTheCanonicalDigitsOfTheOracle() {
        Random rnd = new Random(SEED + 5);
        GfField[] fields = {GfPreset.SRGF2.field(), GfPreset.GF4.field(), GfPreset.SRGF4.field()};
        BigInteger p0 = fields[0].modulus();
        for (int threads : new int[] {1, 2}) {
            ImageEngine e = engine(threads);
            for (int n : new int[] {0, 1, 4, 7}) {
                BigInteger[] a = ImageOracles.random(rnd, n * n, 150);
                checkGf(e.determinants(n, LimbVector.of(a), fields), fields, ImageOracles.det(a, n), "det n = " + n);
            }
            BigInteger[] s = ImageOracles.plantedSingular(rnd, 5, 100, p0);
            long[][] sd = e.determinants(5, LimbVector.of(s), fields);
            checkGf(sd, fields, ImageOracles.det(s, 5), "det singular modulo the first field");
            assertEquals(BigInteger.ZERO, fields[0].toBigInteger(sd[0], 0));
            for (int lf : new int[] {1, 4, 9}) {
                BigInteger[] f = ImageOracles.random(rnd, lf, 200);
                BigInteger[] g = ImageOracles.random(rnd, 6, 90);
                g[5] = p0.multiply(BigInteger.TWO); // degree drop in the first field
                long[][] res = e.resultants(LimbVector.of(f), LimbVector.of(g), fields);
                for (int j = 0; j < fields.length; j++) {
                    assertArrayEquals(digits(fields[j], ImageOracles.resultantMod(f, g, fields[j].modulus())), res[j],
                            where("resultant in " + fields[j]));
                }
                BigInteger[] c = ImageOracles.random(rnd, 3, 60);
                c[2] = BigInteger.ONE;
                BigInteger[] ff = multiply(c, f);
                BigInteger[] gg = multiply(c, g);
                long[][] h = e.gcds(LimbVector.of(ff), LimbVector.of(gg), fields);
                for (int j = 0; j < fields.length; j++) {
                    BigInteger[] want = ImageOracles.gcdMod(ff, gg, fields[j].modulus())[0];
                    long[] digits = new long[want.length * fields[j].k()];
                    for (int i = 0; i < want.length; i++) {
                        fields[j].fromBigInteger(want[i], digits, i * fields[j].k());
                    }
                    assertArrayEquals(digits, h[j], where("gcd in " + fields[j] + ", len f = " + lf));
                }
            }
            long[][] z = e.gcds(LimbVector.of(new long[] {0}), LimbVector.of(new long[] {0, 0}), fields);
            for (long[] row : z) {
                assertEquals(0, row.length, where("gcd(0, 0) in a field is empty"));
            }
        }
    }

    private static void checkGf(long[][] got, GfField[] fields, BigInteger value, String what) {
        assertEquals(fields.length, got.length);
        for (int j = 0; j < fields.length; j++) {
            assertArrayEquals(digits(fields[j], value.mod(fields[j].modulus())), got[j], where(what + " in " + fields[j]));
        }
    }

    private static long[] digits(GfField field, BigInteger v) {
        long[] d = new long[field.k()];
        field.fromBigInteger(v, d, 0);
        return d;
    }

    // ------------------------------------------------------------------ inputs and engines

    @Test
    void limbVectorsHoldTwosComplementValues() {
        Random rnd = new Random(SEED + 6);
        for (int bits : new int[] {1, 62, 63, 64, 65, 127, 128, 129, 1000}) {
            BigInteger[] v = ImageOracles.random(rnd, 20, bits);
            v[0] = BigInteger.ONE.shiftLeft(bits).negate();
            v[1] = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
            v[2] = BigInteger.ZERO;
            v[3] = BigInteger.ONE.negate();
            LimbVector l = LimbVector.of(v);
            assertEquals(bits / 64 + 1, l.limbsPerValue(), where(bits + " bits: the fewest limbs with a sign bit"));
            assertArrayEquals(v, l.toBigIntegers(), where(bits + " bits"));
        }
        // extreme values through an engine (the CPU engine projects magnitudes and signs)
        ImageEngine e = engine(1);
        long[] primes = {ImageOracles.primes(rnd, 23, 1)[0], ImageOracles.primes(rnd, 26, 1)[0],
            ImageOracles.primes(rnd, 62, 1)[0]};
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        for (BigInteger v : new BigInteger[] {BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE),
            BigInteger.ONE.negate(), BigInteger.ZERO, two64.negate(), two64.subtract(BigInteger.ONE),
            two64.shiftLeft(63).negate(), two64.shiftLeft(64).negate().add(BigInteger.ONE)}) {
            long[] got = e.determinants(1, LimbVector.of(new BigInteger[] {v}), primes);
            for (int j = 0; j < primes.length; j++) {
                assertEquals(v.mod(big(primes[j])).longValueExact(), got[j], where(v + " mod " + primes[j]));
            }
        }
        long[] wrapped = e.determinants(1, LimbVector.wrap(new long[] {Long.MIN_VALUE}, 1, 1), primes);
        assertEquals(BigInteger.valueOf(Long.MIN_VALUE).mod(big(primes[2])).longValueExact(), wrapped[2]);
        assertThrows(IllegalArgumentException.class, () -> LimbVector.of((BigInteger[]) null));
        assertThrows(IllegalArgumentException.class, () -> LimbVector.of(new BigInteger[] {null}));
        assertThrows(IllegalArgumentException.class, () -> LimbVector.wrap(new long[1], 2, 1));
    }

    @Test
    void engineChoiceAndBadInput() {
        ImageEngine cpu = ImageEngines.forOptions(Options.defaults().withBackend(org.modalg.fft.Backend.CPU)
                .withThreads(3));
        assertTrue(cpu.name().startsWith("cpu (3 threads"), cpu.name());
        long[] primes = {101, 103};
        assertThrows(IllegalArgumentException.class, () -> cpu.determinants(3, LimbVector.of(new long[4]), primes));
        assertThrows(IllegalArgumentException.class,
                () -> cpu.resultants(LimbVector.of(new long[0]), LimbVector.of(new long[1]), primes));
        assertThrows(IllegalArgumentException.class,
                () -> cpu.gcds(LimbVector.of(new long[1]), LimbVector.of(new long[0]), primes, true));
        assertThrows(org.modalg.fft.CancelledException.class, () -> ImageEngines.cpu(Options.defaults()
                .withCancellation(() -> true)).determinants(1, LimbVector.of(new long[] {1}), primes));
    }

    // ------------------------------------------------------------------ helpers

    private static BigInteger[] multiply(BigInteger[] a, BigInteger[] b) {
        BigInteger[] c = new BigInteger[a.length + b.length - 1];
        Arrays.fill(c, BigInteger.ZERO);
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                c[i + j] = c[i + j].add(a[i].multiply(b[j]));
            }
        }
        return c;
    }

    private static long[] longs(BigInteger[] v) {
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i].longValueExact();
        }
        return out;
    }

    private static long[] padded(BigInteger[] v, int length) {
        return Arrays.copyOf(longs(v), length);
    }
}
