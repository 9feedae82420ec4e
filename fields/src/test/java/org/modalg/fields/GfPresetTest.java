package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The presets against the reference table {@code reference/generalized-fermat-primes.md}
 * (thesis Tables 2.1 and 3.1): r, k, bit length and v2(p - 1) as documented, p = r^k + 1 a
 * probable prime, and r a primitive 2k-th root of unity mod p.
 */
class GfPresetTest {

    /** One row of the reference table: r in decimal, k, bits of p, v2(p - 1). */
    private static final class Row {
        final BigInteger r;
        final int k;
        final int bits;
        final int v2;

        Row(String r, int k, int bits, int v2) {
            this.r = new BigInteger(r);
            this.k = k;
            this.bits = bits;
            this.v2 = v2;
        }
    }

    private static final Map<GfPreset, Row> TABLE = new EnumMap<>(GfPreset.class);

    static {
        // Table 2.1, P1 .. P7
        TABLE.put(GfPreset.SRGF2, new Row("9232379236109516800", 2, 127, 106));
        TABLE.put(GfPreset.SRGF4, new Row("18445618173802708992", 4, 256, 200));
        TABLE.put(GfPreset.SRGF8, new Row("9223372054034644992", 8, 505, 272));
        TABLE.put(GfPreset.SRGF16, new Row("4611686087146864640", 16, 993, 576));
        TABLE.put(GfPreset.SRGF32, new Row("4683743612465315840", 32, 1985, 1792));
        TABLE.put(GfPreset.SRGF64, new Row("9223370937343148032", 64, 4032, 2560));
        TABLE.put(GfPreset.SRGF128, new Row("18446744073441116160", 128, 8192, 3584));
        // Table 3.1, P_4 .. P_128
        TABLE.put(GfPreset.GF4, new Row("864691128455137280", 4, 239, 44));
        TABLE.put(GfPreset.GF8, new Row("720576490135093248", 8, 475, 312));
        TABLE.put(GfPreset.GF16, new Row("324294357542764544", 16, 931, 720));
        TABLE.put(GfPreset.GF32, new Row("324259173170806784", 32, 1862, 544));
        TABLE.put(GfPreset.GF64, new Row("216172782113785856", 64, 3686, 704));
        TABLE.put(GfPreset.GF128, new Row("148618787704274944", 128, 7302, 2560));
    }

    @Test
    void everyPresetIsInTheReferenceTable() {
        assertEquals(GfPreset.values().length, TABLE.size());
    }

    /** Evaluates a formula like "2^59 + 2^58 + 2^11" or "2^64 - 2^50". */
    private static BigInteger formula(String s) {
        BigInteger v = BigInteger.ZERO;
        int sign = 1;
        for (String tok : s.trim().split("\\s+")) {
            if (tok.equals("+")) {
                sign = 1;
            } else if (tok.equals("-")) {
                sign = -1;
            } else {
                String[] be = tok.split("\\^");
                BigInteger t = new BigInteger(be[0]).pow(Integer.parseInt(be[1]));
                v = sign > 0 ? v.add(t) : v.subtract(t);
            }
        }
        return v;
    }

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void parametersMatchTheTable(GfPreset preset) {
        Row row = TABLE.get(preset);
        GfField f = preset.field();
        String w = preset.name();
        assertEquals(row.r, GfTestSupport.unsigned(preset.radix()), w + " radix");
        assertEquals(row.r, formula(preset.radixFormula()), w + " radix formula " + preset.radixFormula());
        assertEquals(row.r, f.radixBig(), w);
        assertEquals(preset.radix(), f.radix(), w);
        assertEquals(row.k, preset.k(), w);
        assertEquals(row.k, f.k(), w);
        assertEquals(row.k, f.wordsPerElement(), w);
        BigInteger p = row.r.pow(row.k).add(BigInteger.ONE);
        assertEquals(p, f.modulus(), w + " modulus = r^k + 1");
        assertEquals(row.bits, f.modulus().bitLength(), w + " bits");
        BigInteger pm1 = p.subtract(BigInteger.ONE);
        assertEquals(row.v2, pm1.getLowestSetBit(), w + " v2(p-1) of r^k + 1");
        assertEquals(row.v2, preset.twoAdicOrder(), w + " preset v2");
        assertEquals(row.v2, f.twoAdicOrder(), w + " field v2");
        assertTrue(pm1.testBit(row.v2) && pm1.mod(BigInteger.TWO.pow(row.v2)).signum() == 0, w);
        assertEquals(w, f.name());
        assertSame(f, preset.field(), w + " field() is built once");
        assertSame(preset, GfPreset.byName(w));
        // r >= 2^63 exactly for the presets documented as such (digits need unsigned handling)
        boolean high = row.r.bitLength() == 64;
        assertEquals(high, preset.radix() < 0, w);
        assertTrue(f.toString().contains(String.valueOf(row.bits)), f.toString());
    }

    @Test
    void fourPresetsHaveRadixAtLeast2To63() {
        long n = java.util.Arrays.stream(GfPreset.values()).filter(p -> p.radix() < 0).count();
        assertEquals(4, n);
    }

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void modulusIsProbablePrime(GfPreset preset) {
        BigInteger p = preset.field().modulus();
        assertTrue(p.isProbablePrime(20), preset + " modulus is not prime");
        // sanity: a neighbour of the same shape is composite, so the check is not vacuous
        BigInteger q = GfTestSupport.unsigned(preset.radix() + 1).pow(preset.k()).add(BigInteger.ONE);
        assertTrue(!q.isProbablePrime(20), preset + ": (r + 1)^k + 1 should be even");
    }

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void radixIsAPrimitive2kthRootOfUnity(GfPreset preset) {
        GfField f = preset.field();
        BigInteger p = f.modulus();
        BigInteger r = f.radixBig();
        int k = f.k();
        // the order of r divides 2k, a power of two, so it is exactly 2k when r^d != 1 for every
        // proper divisor d = 1, 2, 4, ..., k of 2k (r^k = -1 in particular)
        assertEquals(BigInteger.ONE, r.modPow(BigInteger.valueOf(2L * k), p), preset + " r^(2k)");
        assertEquals(p.subtract(BigInteger.ONE), r.modPow(BigInteger.valueOf(k), p), preset + " r^k");
        BigInteger power = r;
        for (int d = 1; d < 2 * k; d *= 2) {
            assertNotEquals(BigInteger.ONE, power, preset + " r^" + d);
            power = power.multiply(power).mod(p);
        }
        assertEquals(BigInteger.ONE, power, preset + " r^(2k) by squaring");
        // and the field's own multiplication by r^i agrees: r^k is the special element, r^(2k) = 1
        long[] rk = f.powerOfRadix(k);
        assertEquals(f.radix(), rk[k - 1], preset + " r^k is stored as digit k-1 = r");
        assertEquals(p.subtract(BigInteger.ONE), f.toBigInteger(rk, 0));
        assertEquals(BigInteger.ONE, f.toBigInteger(f.powerOfRadix(2 * k), 0));
        long[] one = f.element(1);
        long[] z = new long[k];
        f.mulPowR(one, 0, k, z, 0);
        assertEquals(p.subtract(BigInteger.ONE), f.toBigInteger(z, 0));
    }

    @Test
    void presetFieldsEqualUserFields() {
        // The preset's trusted field and the validated one are equal (same r and k); k <= 16 to
        // keep the primality check of GfField.of cheap.
        for (GfPreset preset : GfPreset.values()) {
            if (preset.k() <= 16) {
                GfField f = GfField.of(preset.radix(), preset.k());
                assertEquals(preset.field(), f, preset.name());
                assertEquals(preset.field().hashCode(), f.hashCode(), preset.name());
                assertEquals(preset.field().modulus(), f.modulus(), preset.name());
            }
        }
        assertNotEquals(GfPreset.GF8.field(), GfPreset.SRGF8.field());
    }
}
