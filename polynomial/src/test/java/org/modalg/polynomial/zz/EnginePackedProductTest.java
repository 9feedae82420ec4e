package org.modalg.polynomial.zz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.polynomial.convolution.PackedCoefficients;

/**
 * The packed result of the small-prime NTT route on an {@code NttEngine} (what a GPU product
 * keeps, {@link PolyMulZZ#mulSmallPrimeNttPacked}), run here on a CPU engine, against the same
 * route's BigInteger result and the classical product: random signed coefficients of 1 to 300
 * bits, extreme values, zero operands. A fresh seed per run, printed.
 */
class EnginePackedProductTest {
    private static final long SEED = System.nanoTime();

    static {
        System.out.println("EnginePackedProductTest seed " + SEED);
    }

    @Test
    void packedEqualsBigIntegerResultAndClassical() {
        Random rnd = new Random(SEED);
        try (CpuNttEngine engine = new CpuNttEngine(1)) {
            for (int trial = 0; trial < 40; trial++) {
                int la = 1 + rnd.nextInt(200);
                int lb = 1 + rnd.nextInt(200);
                int bits = 1 + rnd.nextInt(300);
                BigInteger[] a = random(rnd, la, bits, trial % 5 == 0);
                BigInteger[] b = trial % 7 == 0 ? a : random(rnd, lb, bits, trial % 3 == 0);
                int lbb = b.length;
                BigInteger[] want = new BigInteger[la + lbb - 1];
                PolyMulZZ.mulClassical(a, 0, la, b, 0, lbb, want, 0);
                BigInteger[] viaEngine = new BigInteger[la + lbb - 1];
                PolyMulZZ.mulSmallPrimeNtt(a, 0, la, b, 0, lbb, viaEngine, 0, engine);
                PackedCoefficients packed = PolyMulZZ.mulSmallPrimeNttPacked(a, la, b, lbb, engine);
                String msg = "seed=" + SEED + " trial=" + trial + " lengths " + la + ", " + lbb + ", bits " + bits;
                assertEquals(ZZPoly.of(want), ZZPoly.wrap(packed), msg);
                assertEquals(ZZPoly.of(viaEngine), ZZPoly.wrap(packed), msg);
                assertEquals(ZZPoly.of(want).maxCoefficientBits(), packed.length() == 0 ? 0 : packed.maxBits(), msg);
            }
            // the public entry: ZZPoly.multiply(g, engine), squares and bad input included
            for (int trial = 0; trial < 10; trial++) {
                ZZPoly f = ZZPoly.of(random(rnd, 1 + rnd.nextInt(300), 1 + rnd.nextInt(100), false));
                ZZPoly g = ZZPoly.of(random(rnd, 1 + rnd.nextInt(300), 1 + rnd.nextInt(100), trial == 0));
                BigInteger[] want = new BigInteger[f.length() + g.length() - 1];
                PolyMulZZ.mulClassical(f.coefficients(), 0, f.length(), g.coefficients(), 0, g.length(), want, 0);
                assertEquals(ZZPoly.of(want), f.multiply(g, engine), "seed=" + SEED + " multiply(g, engine) " + trial);
                BigInteger[] sq = new BigInteger[2 * f.length() - 1];
                PolyMulZZ.mulClassical(f.coefficients(), 0, f.length(), f.coefficients(), 0, f.length(), sq, 0);
                assertEquals(ZZPoly.of(sq), f.multiply(f, engine), "seed=" + SEED + " square " + trial);
                assertEquals(ZZPoly.zero(), f.multiply(ZZPoly.zero(), engine));
            }
            ZZPoly unit = ZZPoly.one();
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> unit.multiply(unit, (org.modalg.fft.ntt.NttEngine) null));
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("engine"), e.getMessage());
            e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> unit.multiply(null, engine));
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("g"), e.getMessage());
            BigInteger[] zero = {BigInteger.ZERO, BigInteger.ZERO};
            BigInteger[] one = {BigInteger.ONE, BigInteger.TEN};
            assertEquals(0, PolyMulZZ.mulSmallPrimeNttPacked(zero, 2, one, 2, engine).length());
        }
    }

    private static BigInteger[] random(Random rnd, int len, int bits, boolean extreme) {
        BigInteger[] x = new BigInteger[len];
        BigInteger top = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        for (int i = 0; i < len; i++) {
            BigInteger v = extreme ? top : new BigInteger(bits, rnd);
            x[i] = rnd.nextBoolean() ? v.negate() : v;
        }
        return x;
    }
}
