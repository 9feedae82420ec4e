package org.modalg.polynomial.gf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.polynomial.PolyOracles.MULTIPLIER;
import static org.modalg.polynomial.PolyOracles.SEED;
import static org.modalg.polynomial.PolyOracles.where;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.polynomial.PolyOracles;

/** {@link GfPoly}, {@link PolyMulGf} and {@link PolyDivGf} against BigInteger arithmetic mod p. */
class GfPolyTest {

    private static BigInteger[] big(GfPoly f) {
        BigInteger[] r = new BigInteger[f.length()];
        for (int i = 0; i < r.length; i++) {
            r[i] = f.coefficient(i);
        }
        return r;
    }

    private static GfPoly random(Random rnd, GfField f, int maxLen) {
        return GfPoly.of(f, PolyOracles.randomMod(rnd, PolyOracles.length(rnd, maxLen), f.modulus()));
    }

    @ParameterizedTest
    @EnumSource(value = GfPreset.class, names = {"GF4", "SRGF8", "GF16"})
    void arithmeticMatchesBigIntegerModP(GfPreset preset) {
        GfField f = preset.field();
        BigInteger p = f.modulus();
        Random rnd = new Random(SEED ^ preset.ordinal());
        for (int it = 0; it < 40 * MULTIPLIER; it++) {
            GfPoly a = random(rnd, f, it % 8 == 0 ? 40 : 14);
            GfPoly b = random(rnd, f, it % 3 == 0 ? 4 : 14);
            BigInteger[] ab = big(a);
            BigInteger[] bb = big(b);
            String msg = where(preset + " it=" + it + " a=" + a.toFlintString() + " b=" + b.toFlintString());
            assertArrayEquals(PolyOracles.mulMod(ab, bb, p), big(a.multiply(b)), msg);
            assertArrayEquals(PolyOracles.mod(PolyOracles.addScaled(ab, bb, BigInteger.ONE), p), big(a.add(b)), msg);
            assertArrayEquals(PolyOracles.mod(PolyOracles.addScaled(ab, bb, BigInteger.ONE.negate()), p),
                    big(a.sub(b)), msg);
            assertArrayEquals(PolyOracles.mod(PolyOracles.addScaled(new BigInteger[0], ab, BigInteger.ONE.negate()), p),
                    big(a.negate()), msg);
            BigInteger s = new BigInteger(p.bitLength() + 10, rnd).subtract(p);
            assertArrayEquals(PolyOracles.mod(PolyOracles.addScaled(new BigInteger[0], ab, s), p), big(a.multiply(s)),
                    msg + " s=" + s);
            assertEquals(a.multiply(s), a.multiplyByElement(f.element(s)), msg);
            BigInteger v = rnd.nextInt(4) == 0 ? p.subtract(BigInteger.ONE) : new BigInteger(p.bitLength() + 3, rnd);
            assertEquals(PolyOracles.evalPowers(ab, v.mod(p)).mod(p), a.evaluate(v), msg + " v=" + v);
            if (!b.isZero()) {
                BigInteger[][] oracle = PolyOracles.divRemMod(ab, bb, p);
                GfPoly[] qr = a.divideAndRemainder(b);
                assertArrayEquals(oracle[0], big(qr[0]), msg);
                assertArrayEquals(oracle[1], big(qr[1]), msg);
                assertEquals(a, qr[0].multiply(b).add(qr[1]), msg);
            }
            assertEquals(a, GfPoly.ofDigits(f, a.digits()), msg);
        }
    }

    @ParameterizedTest
    @EnumSource(value = GfPreset.class, names = {"GF4", "SRGF8", "GF16"})
    void classicalAndKaratsubaAgree(GfPreset preset) {
        GfField f = preset.field();
        GfArithmetic ar = f.arithmetic();
        GfArithmetic.Workspace ws = ar.newWorkspace();
        BigInteger p = f.modulus();
        int k = f.k();
        Random rnd = new Random(SEED ^ (31L * preset.ordinal() + 5));
        for (int it = 0; it < 25 * MULTIPLIER; it++) {
            int la = 1 + rnd.nextInt(it % 5 == 0 ? 40 : 12);
            int lb = 1 + rnd.nextInt(it % 3 == 0 ? 4 : la + 3);
            GfPoly a = GfPoly.of(f, PolyOracles.randomMod(rnd, la, p));
            GfPoly b = GfPoly.of(f, PolyOracles.randomMod(rnd, lb, p));
            long[] ad = Arrays.copyOf(a.digits(), la * k);
            long[] bd = Arrays.copyOf(b.digits(), lb * k);
            long[] classical = new long[(la + lb - 1) * k];
            PolyMulGf.mulClassical(ar, ad, 0, la, bd, 0, lb, classical, 0, ws);
            String msg = where(preset + " it=" + it + " la=" + la + " lb=" + lb);
            assertArrayEquals(PolyOracles.mulMod(big(a), big(b), p), big(GfPoly.ofDigits(f, classical)), msg);
            for (int cutoff : new int[] {2, 3, 5}) {
                long[] kara = new long[(la + lb - 1) * k];
                PolyMulGf.mulKaratsuba(ar, ad, 0, la, bd, 0, lb, kara, 0, ws, cutoff);
                assertArrayEquals(classical, kara, msg + " cutoff=" + cutoff);
            }
        }
    }

    @Test
    void edgeValuesAndValidation() {
        GfField f = GfPreset.GF4.field();
        BigInteger p = f.modulus();
        BigInteger m1 = p.subtract(BigInteger.ONE); // r^k: the special canonical form
        BigInteger[] all = new BigInteger[20];
        Arrays.fill(all, m1);
        GfPoly a = GfPoly.of(f, all);
        assertArrayEquals(PolyOracles.mulMod(all, all, p), big(a.multiply(a)));
        GfPoly[] qr = a.multiply(a).add(GfPoly.one(f)).divideAndRemainder(a);
        assertEquals(a, qr[0]);
        assertEquals(GfPoly.one(f), qr[1]);
        assertEquals(GfPoly.zero(f), GfPoly.of(f, p, p.negate(), BigInteger.ZERO));
        assertEquals(-1, GfPoly.zero(f).degree());
        assertEquals(BigInteger.ZERO, GfPoly.zero(f).leadingCoefficient());
        assertEquals(m1, GfPoly.of(f, -1L).leadingCoefficient());
        assertEquals("x + " + m1, GfPoly.of(f, -1L, 1L).toString());
        assertEquals(GfPoly.of(f, 0, 1), GfPoly.x(f));
        assertArrayEquals(f.element(5), GfPoly.of(f, 5).coefficientDigits(0));
        assertArrayEquals(new long[f.k()], GfPoly.of(f, 5).coefficientDigits(3));
        GfField g = GfPreset.GF16.field();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GfPoly.one(f).add(GfPoly.one(g)));
        assertTrue(e.getMessage().startsWith("g ") && e.getMessage().contains("GF16"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GfPoly.one(f).multiply(GfPoly.one(g)));
        assertThrows(IllegalArgumentException.class, () -> GfPoly.one(f).divideAndRemainder(GfPoly.one(g)));
        assertThrows(ArithmeticException.class, () -> GfPoly.one(f).divideAndRemainder(GfPoly.zero(f)));
        assertThrows(IllegalArgumentException.class, () -> GfPoly.ofDigits(f, new long[f.k() + 1]));
        long[] bad = new long[f.k()];
        bad[0] = f.radix(); // digit r is not canonical below the top
        e = assertThrows(IllegalArgumentException.class, () -> GfPoly.ofDigits(f, bad));
        assertTrue(e.getMessage().contains("coefficient 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GfPoly.of(f, (BigInteger) null));
        assertNotEquals(GfPoly.one(f), GfPoly.one(g));
        assertEquals(GfPoly.of(f, 3, 4).hashCode(), GfPoly.of(f, p.add(BigInteger.valueOf(3)), BigInteger.valueOf(4))
                .hashCode());
    }
}
