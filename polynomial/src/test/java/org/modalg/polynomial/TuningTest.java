package org.modalg.polynomial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.polynomial.zp.ZpPolyTest.withProperty;

import org.junit.jupiter.api.Test;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;

/** The cut-offs: defaults, overrides by system property, and rejection of bad values. */
class TuningTest {

    @Test
    void defaultsAreTheDocumentedValues() {
        assertEquals(Tuning.ZP_KARATSUBA, Tuning.zpKaratsubaThreshold());
        assertEquals(Tuning.GF_KARATSUBA, Tuning.gfKaratsubaThreshold());
        assertEquals(Tuning.ZP_NEWTON_DIVISION, Tuning.zpNewtonDivisionThreshold());
        assertEquals(Tuning.ZP_SERIES_NEWTON, Tuning.zpSeriesNewtonThreshold());
        assertEquals(Tuning.PARALLEL_MIN_LOG2_WORK, Tuning.parallelMinLog2Work());
        assertEquals(Tuning.ACROSS_PRIMES_LOG2N, Tuning.acrossPrimesLog2n());
        assertTrue(Tuning.zzKaratsubaThreshold(1) >= Tuning.zzKaratsubaThreshold(100_000));
        for (int bits = 0; bits < 10_000; bits += 7) {
            assertTrue(Tuning.zzKaratsubaThreshold(bits) >= 2);
            assertTrue(Tuning.zzKaratsubaThreshold(bits) >= Tuning.zzKaratsubaThreshold(bits + 7), "bits=" + bits);
        }
    }

    @Test
    void transformAndIntegerDefaultsAreConsistent() {
        int[][] tables = {Tuning.ZZ_FAST, Tuning.ZZ_NTT, Tuning.ZZ_FAST_ONE_THREAD, Tuning.ZZ_NTT_ONE_THREAD};
        for (int[] t : tables) {
            assertEquals(Tuning.ZZ_FAST_BITS.length + 1, t.length, "one entry per band of coefficient bits");
        }
        int shared = org.modalg.fft.ntt.CpuNttEngine.shared().threads();
        for (int bits = 1; bits < 40_000; bits += 13) {
            assertEquals(Tuning.zzFastDefault(bits, shared), Tuning.zzFastThreshold(bits), "bits=" + bits);
            assertEquals(Tuning.zzNttDefault(bits, shared), Tuning.zzNttThreshold(bits), "bits=" + bits);
            for (int threads : new int[] {1, 2, 16}) {
                assertTrue(Tuning.zzFastDefault(bits, threads) >= 2, "bits=" + bits);
                assertTrue(Tuning.zzNttDefault(bits, threads) >= Tuning.zzFastDefault(bits, threads),
                        "NTT cut-off below the transform cut-off, bits=" + bits);
            }
        }
        assertEquals(Tuning.ZZ_FAST_ONE_THREAD[0], Tuning.zzFastDefault(64, 1));
        assertEquals(Tuning.ZZ_NTT[0], Tuning.zzNttDefault(64, 2));
        assertEquals(Tuning.ZZ_NTT_ONE_THREAD[Tuning.ZZ_FAST_BITS.length], Tuning.zzNttDefault(100_000, 1));
        // Newton division is built on the NTT product: it cannot pay below the product's cut-off
        assertTrue(Tuning.INT_DIV_NEWTON_BITS >= Tuning.INT_MUL_NTT_BITS);
        assertEquals(Tuning.INT_MUL_NTT_BITS, Tuning.intMulNttBits());
        assertEquals(Tuning.INT_MUL_NTT_BITS_DIGITS, Tuning.intMulNttBitsDigits());
        assertTrue(Tuning.INT_DIV_NEWTON_BITS >= Tuning.INT_MUL_NTT_BITS_DIGITS);
        assertEquals(Tuning.INT_DIV_NEWTON_BITS, Tuning.intDivNewtonBits());
    }

    @Test
    void anExplicitProductCutOffHoldsForBothBasecases() {
        withProperty("modalg.poly.intMulNttBits", "5000", () -> assertEquals(5000, Tuning.intMulNttBitsDigits()));
        withProperty("modalg.poly.intMulNttBitsDigits", "30000", () -> assertEquals(30000, Tuning.intMulNttBitsDigits()));
    }

    @Test
    void propertiesOverrideAndBadValuesAreNamed() {
        withProperty("modalg.poly.zpKaratsuba", "7", () -> assertEquals(7, Tuning.zpKaratsubaThreshold()));
        withProperty("modalg.poly.gfKaratsuba", " 9 ", () -> assertEquals(9, Tuning.gfKaratsubaThreshold()));
        withProperty("modalg.poly.zzKaratsuba", "5", () -> assertEquals(5, Tuning.zzKaratsubaThreshold(64)));
        withProperty("modalg.poly.zzKaratsuba", "3", () -> assertEquals(3, Tuning.zzKaratsubaThreshold(1 << 20)));
        assertEquals(Tuning.ZZ_KARATSUBA_CUTOFF[0], Tuning.zzKaratsubaThreshold(64));
        assertEquals(Tuning.ZZ_KARATSUBA_CUTOFF[Tuning.ZZ_KARATSUBA_CUTOFF.length - 1],
                Tuning.zzKaratsubaThreshold(100_000));
        withProperty("modalg.poly.zzKaratsuba", "0", () -> assertThrows(IllegalArgumentException.class,
                () -> Tuning.zzKaratsubaThreshold(64)));
        withProperty("modalg.poly.zpKaratsuba", "1", () -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Tuning::zpKaratsubaThreshold);
            assertTrue(e.getMessage().contains("modalg.poly.zpKaratsuba"), e.getMessage());
        });
        withProperty("modalg.poly.parallelMinLog2Work", "14", () -> assertEquals(14, Tuning.parallelMinLog2Work()));
        withProperty("modalg.poly.parallelMinLog2Work", "-1", () -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Tuning::parallelMinLog2Work);
            assertTrue(e.getMessage().contains("modalg.poly.parallelMinLog2Work"), e.getMessage());
        });
        withProperty("modalg.poly.zpNewtonDivision", "many", () -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    Tuning::zpNewtonDivisionThreshold);
            assertTrue(e.getMessage().contains("modalg.poly.zpNewtonDivision"), e.getMessage());
        });
    }

    @Test
    void forcedCutoffsGiveTheSameProducts() {
        ZZPoly a = ZZPoly.of(PolyOracles.randomZZ(new java.util.Random(PolyOracles.SEED), 37, 90));
        ZZPoly b = ZZPoly.of(PolyOracles.randomZZ(new java.util.Random(PolyOracles.SEED + 1), 23, 3000));
        ZZPoly expected = ZZPoly.of(PolyOracles.mul(a.coefficients(), b.coefficients()));
        for (String t : new String[] {"2", "3", "1000"}) {
            withProperty("modalg.poly.zzKaratsuba", t, () -> {
                assertEquals(expected, a.multiply(b), "cutoff " + t);
                assertEquals(ZZPoly.of(PolyOracles.mul(b.coefficients(), b.coefficients())), b.square(), "cutoff " + t);
            });
        }
        ZpField f = ZpField.of(65537);
        ZpPoly c = ZpPoly.of(f, a.coefficients());
        ZpPoly d = ZpPoly.of(f, b.coefficients());
        ZpPoly e = ZpPoly.of(f, expected.coefficients());
        for (String t : new String[] {"2", "5", "1000"}) {
            withProperty("modalg.poly.zpKaratsuba", t, () -> {
                assertEquals(e, c.multiply(d), "cutoff " + t);
                assertEquals(c.multiply(c), c.square(), "cutoff " + t);
            });
        }
    }
}
