package org.modalg.polynomial.zp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fields.ZpField;

/**
 * {@link ZpPolyModulus} against an independent oracle: schoolbook products
 * ({@link PolyMulZp#mulClassical}) and classical long division
 * ({@link ZpPoly#divideAndRemainderClassical}), square-and-multiply on those for powers, and
 * Frobenius identities (x^(p^d) = x mod an irreducible f of degree d). Moduli of degree 0 to
 * 3000 (the transforms reused from degree 129 on, checked), primes from 2 to 2^62 - 57,
 * operands longer than 2 deg f. Random inputs every run; the seed is printed
 * ({@code -Dmodalg.test.seed} replays it).
 */
class ZpPolyModulusTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final Options CPU = Options.defaults().withBackend(Backend.CPU);
    private static final long[] PRIMES = {2, 3, 65537, 998244353, 2147483647L, 1125899906842597L,
        4611686018427387847L};

    @BeforeAll
    static void printSeed() {
        System.out.println("ZpPolyModulusTest seed=" + SEED + " (-Dmodalg.test.seed=" + SEED + " replays)");
    }

    private static ZpPoly random(ZpField f, Random rnd, int len) {
        long[] c = new long[len];
        for (int i = 0; i < len; i++) {
            c[i] = Math.floorMod(rnd.nextLong(), f.p());
        }
        return ZpPoly.of(f, c);
    }

    // a nonzero polynomial of exactly degree d with a random (nonzero) leading coefficient
    private static ZpPoly modulus(ZpField f, Random rnd, int d) {
        long[] c = new long[d + 1];
        for (int i = 0; i < d; i++) {
            c[i] = Math.floorMod(rnd.nextLong(), f.p());
        }
        c[d] = 1 + Math.floorMod(rnd.nextLong(), f.p() - 1);
        return ZpPoly.of(f, c);
    }

    private static ZpPoly schoolbook(ZpPoly a, ZpPoly b) {
        if (a.isZero() || b.isZero()) {
            return ZpPoly.zero(a.field());
        }
        long[] x = a.coefficients();
        long[] y = b.coefficients();
        long[] c = new long[x.length + y.length - 1];
        PolyMulZp.mulClassical(a.field(), x, 0, x.length, y, 0, y.length, c, 0);
        return ZpPoly.of(a.field(), c);
    }

    private static ZpPoly mod(ZpPoly a, ZpPoly f) {
        return a.divideAndRemainderClassical(f)[1];
    }

    private static ZpPoly powOracle(ZpPoly a, BigInteger e, ZpPoly f) {
        ZpPoly r = mod(ZpPoly.one(a.field()), f);
        ZpPoly base = mod(a, f);
        for (int i = e.bitLength() - 1; i >= 0; i--) {
            r = mod(schoolbook(r, r), f);
            if (e.testBit(i)) {
                r = mod(schoolbook(r, base), f);
            }
        }
        return r;
    }

    private static String ctx(long p, int d, String what) {
        return "seed=" + SEED + " p=" + p + " deg f=" + d + " " + what;
    }

    @Test
    void reduceAndMulModAgainstClassicalDivision() {
        Random rnd = new Random(SEED);
        int[] degrees = {0, 1, 2, 3, 7, 50, 128, 129, 130, 257, 700, 1500};
        for (long p : PRIMES) {
            ZpField field = ZpField.of(p);
            for (int d : degrees) {
                if (d > 300 && p < 1000 && rnd.nextBoolean()) {
                    continue; // the largest degrees over tiny fields on every other run
                }
                ZpPoly f = modulus(field, rnd, d);
                ZpPolyModulus m = ZpPolyModulus.of(f, CPU);
                assertEquals(f, m.modulus());
                for (int len : new int[] {0, 1, d, d + 1, 2 * d - 1, 2 * d, 5 * d + 3}) {
                    ZpPoly a = random(field, rnd, Math.max(0, len));
                    assertEquals(mod(a, f), m.reduce(a), ctx(p, d, "reduce, length " + len));
                }
                ZpPoly a = random(field, rnd, Math.max(1, d));
                ZpPoly b = random(field, rnd, Math.max(1, d + rnd.nextInt(3)));
                ZpPoly want = mod(schoolbook(a, b), f);
                assertEquals(want, m.mulMod(a, b), ctx(p, d, "mulMod"));
                assertEquals(mod(schoolbook(a, a), f), m.mulMod(a, a), ctx(p, d, "square mod f"));
            }
        }
    }

    @Test
    void transformsAreReusedFromTheNttRange() {
        Random rnd = new Random(SEED + 1);
        ZpField field = ZpField.of(4611686018427387847L);
        assertFalse(ZpPolyModulus.of(modulus(field, rnd, 60), CPU).transformsReused());
        for (int d : new int[] {129, 1024, 1025, 3000}) {
            ZpPoly f = modulus(field, rnd, d);
            ZpPolyModulus m = ZpPolyModulus.of(f, CPU);
            assertTrue(m.transformsReused(), ctx(field.p(), d, "transforms reused"));
            // deg f a power of two: f_n folds onto x^0 in the cyclic product q f mod x^N - 1
            // quotients of 1, 127 and 128 coefficients (below the NTT cut-off by the ordinary
            // products, from it by the transformed factors) and of d - 1
            for (int len : new int[] {d + 1, d + 127, d + 128, 2 * d - 1}) {
                ZpPoly a = random(field, rnd, len);
                assertEquals(mod(a, f), m.reduce(a), ctx(field.p(), d, "reduce, length " + len));
            }
            ZpPoly b = random(field, rnd, d);
            ZpPoly c = random(field, rnd, d);
            assertEquals(mod(schoolbook(b, c), f), m.mulMod(b, c), ctx(field.p(), d, "mulMod"));
            // extreme entries: all p - 1
            long[] top = new long[2 * d - 1];
            java.util.Arrays.fill(top, field.p() - 1);
            ZpPoly t = ZpPoly.of(field, top);
            assertEquals(mod(t, f), m.reduce(t), ctx(field.p(), d, "reduce of all p - 1"));
        }
    }

    @Test
    void powModAgainstSquareAndMultiply() {
        Random rnd = new Random(SEED + 2);
        for (long p : new long[] {2, 7, 998244353, 4611686018427387847L}) {
            ZpField field = ZpField.of(p);
            for (int d : new int[] {1, 2, 5, 40, 200}) {
                ZpPoly f = modulus(field, rnd, d);
                ZpPolyModulus m = ZpPolyModulus.of(f, CPU);
                ZpPoly a = random(field, rnd, 1 + rnd.nextInt(2 * d + 1));
                for (long e : new long[] {0, 1, 2, 3, 1 + rnd.nextInt(1 << 12)}) {
                    assertEquals(powOracle(a, BigInteger.valueOf(e), f), m.powMod(a, e), ctx(p, d, "a^" + e));
                }
                BigInteger big = new BigInteger(70, rnd);
                assertEquals(powOracle(a, big, f), m.powMod(a, big), ctx(p, d, "a^" + big));
            }
        }
        // the zero ring (f constant) and the zero base
        ZpField f7 = ZpField.of(7);
        assertEquals(ZpPoly.zero(f7), ZpPolyModulus.of(ZpPoly.of(f7, 3)).powMod(ZpPoly.x(f7), 0));
        assertEquals(ZpPoly.one(f7), ZpPolyModulus.of(ZpPoly.of(f7, 1, 1)).powMod(ZpPoly.zero(f7), 0));
        assertEquals(ZpPoly.zero(f7), ZpPolyModulus.of(ZpPoly.of(f7, 1, 1)).powMod(ZpPoly.zero(f7), 5));
    }

    @Test
    void frobeniusOnIrreducibleModuli() {
        // x^2 + 1 is irreducible for p = 3 mod 4: x^(p^2) = x, x^p = -x mod f
        for (long p : new long[] {3, 2147483647L, 4611686018427387847L}) {
            ZpField field = ZpField.of(p);
            ZpPoly f = ZpPoly.of(field, 1, 0, 1);
            ZpPolyModulus m = ZpPolyModulus.of(f, CPU);
            BigInteger bp = BigInteger.valueOf(p);
            assertEquals(ZpPoly.x(field).negate(), m.powMod(ZpPoly.x(field), bp), "p=" + p + " x^p mod x^2 + 1");
            assertEquals(ZpPoly.x(field), m.powMod(ZpPoly.x(field), bp.pow(2)), "p=" + p + " x^(p^2)");
        }
        // x^d - 2 over p = 1 mod d with 2 not a residue of degree dividing d ... checked by the
        // norm: the product of the d conjugates x^(p^i) is (-1)^(d+1) 2 for f = x^d - 2
        // irreducible; here over F_5: x^4 - 2 (2 is not a square mod 5, and 4 | 5 - 1)
        ZpField f5 = ZpField.of(5);
        ZpPoly g = ZpPoly.of(f5, -2, 0, 0, 0, 1);
        ZpPolyModulus m = ZpPolyModulus.of(g, CPU);
        ZpPoly x = ZpPoly.x(f5);
        assertEquals(x, m.powMod(x, 625), "x^(5^4) mod x^4 - 2");
        ZpPoly norm = ZpPoly.one(f5);
        for (int i = 0; i < 4; i++) {
            norm = m.mulMod(norm, m.powMod(x, (long) Math.pow(5, i)));
        }
        assertEquals(ZpPoly.of(f5, -2), norm, "norm of x mod x^4 - 2");
    }

    @Test
    void frobeniusOfALargeModulusMatchesTheOracle() {
        Random rnd = new Random(SEED + 3);
        long p = 4611686018427387847L;
        ZpField field = ZpField.of(p);
        ZpPoly f = modulus(field, rnd, 300);
        ZpPolyModulus m = ZpPolyModulus.of(f, CPU);
        assertTrue(m.transformsReused());
        ZpPoly x = ZpPoly.x(field);
        assertEquals(powOracle(x, BigInteger.valueOf(p), f), m.powMod(x, BigInteger.valueOf(p)), "seed=" + SEED
                + " x^p mod f, deg f = 300");
    }

    @Test
    void aPowerStopsWhenCancelled() {
        ZpField field = ZpField.of(998244353);
        int[] polls = new int[1];
        Options cancelAfterTen = CPU.withCancellation(() -> ++polls[0] > 10);
        ZpPolyModulus m = ZpPolyModulus.of(ZpPoly.of(field, 3, 1, 4, 1, 5, 9, 2, 6), cancelAfterTen);
        org.modalg.fft.CancelledException e = assertThrows(org.modalg.fft.CancelledException.class,
                () -> m.powMod(ZpPoly.x(field), BigInteger.ONE.shiftLeft(100)));
        assertTrue(e.getMessage().contains("power mod f"), e.getMessage());
        assertEquals(11, polls[0], "one poll per squaring, stopped at the first true");
    }

    @Test
    void badInputIsRefusedNamingTheParameter() {
        ZpField f7 = ZpField.of(7);
        ZpField f11 = ZpField.of(11);
        ZpPoly f = ZpPoly.of(f7, 1, 2, 3);
        ZpPolyModulus m = ZpPolyModulus.of(f);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ZpPolyModulus.of(null)).getMessage().contains("f"));
        assertThrows(ArithmeticException.class, () -> ZpPolyModulus.of(ZpPoly.zero(f7)));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ZpPolyModulus.of(f, null)).getMessage()
                .contains("options"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> m.reduce(ZpPoly.x(f11))).getMessage()
                .startsWith("a "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> m.mulMod(ZpPoly.x(f7), null)).getMessage()
                .startsWith("b "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> m.powMod(ZpPoly.x(f7), -1)).getMessage()
                .contains("e must be >= 0"));
        assertThrows(IllegalArgumentException.class, () -> m.powMod(ZpPoly.x(f7), (BigInteger) null));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> m.mulMod(ZpPoly.x(f11), ZpPoly.x(f7)))
                .getMessage().startsWith("a "));
        // the GPU backend: refused at once without a usable GPU, as ZpPoly.multiply refuses it
        Options gpu = Options.defaults().withBackend(Backend.GPU);
        boolean gpuPresent;
        try {
            org.modalg.fft.ntt.NttEngines.forBackend(Backend.GPU);
            gpuPresent = true;
        } catch (IllegalStateException x) {
            gpuPresent = false;
        }
        if (gpuPresent) {
            ZpPolyModulus g = ZpPolyModulus.of(f, gpu);
            assertEquals(mod(schoolbook(ZpPoly.x(f7), ZpPoly.x(f7)), f), g.mulMod(ZpPoly.x(f7), ZpPoly.x(f7)));
        } else {
            IllegalStateException g = assertThrows(IllegalStateException.class, () -> ZpPolyModulus.of(f, gpu));
            assertTrue(g.getMessage().contains("gpu"), g.getMessage());
        }
    }
}
