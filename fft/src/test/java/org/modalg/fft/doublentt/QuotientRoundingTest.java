package org.modalg.fft.doublentt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Both quotient forms of {@link QuotientRounding} against the exact product x y rounded in
 * BigDecimal (an independent oracle): the fma form must equal it exactly (half-even on ties),
 * the rint form must be within 1/2 plus the product's rounding; edge values (ties, signs, zero,
 * products near 2^51) and the choice's parsing. The kernels' transforms under the other form
 * are run by the second surefire execution of this module (-Dmodalg.dntt.quotient=other over the
 * doublentt tests) and by every run on an Intel host, where it is the default.
 */
class QuotientRoundingTest {

    private static BigDecimal exact(double x, double y) {
        return new BigDecimal(x).multiply(new BigDecimal(y));
    }

    private static void check(double x, double y) {
        BigDecimal xy = exact(x, y);
        double fma = QuotientRounding.quotientFma(x, y);
        assertEquals(xy.setScale(0, RoundingMode.HALF_EVEN).doubleValue(), fma, 0.0,
                () -> "fma form of " + x + " * " + y);
        double rint = QuotientRounding.quotientRint(x, y);
        assertEquals(Math.rint(rint), rint, 0.0);
        // rint rounds fl(x y): within 1/2 of it, and fl(x y) within 2^-53 |x y| of x y
        double slack = 0.5 + Math.abs(x * y) * 0x1p-52;
        assertTrue(xy.subtract(new BigDecimal(rint)).abs().doubleValue() <= slack, () -> "rint form of " + x + " * " + y);
        double chosen = QuotientRounding.quotient(x, y);
        assertEquals(QuotientRounding.FMA ? fma : rint, chosen, 0.0);
    }

    @Test
    void randomProductsBelowTwoToThe51() {
        long seed = System.nanoTime();
        System.out.println("QuotientRoundingTest seed " + seed + ", form in use " + QuotientRounding.form());
        Random rnd = new Random(seed);
        long p = (1L << 50) - 27; // any p below 2^50: the kernels' x pinv and y (w / p) products
        double pinv = 1.0 / p;
        for (int i = 0; i < 200_000; i++) {
            double x = (double) ((rnd.nextLong() >> (1 + rnd.nextInt(40))) % (1L << 52));
            double y;
            switch (i % 3) {
                case 0:
                    y = pinv;
                    break;
                case 1:
                    y = (Math.floorMod(rnd.nextLong(), p) - p / 2) * pinv; // w / p with |w| <= p/2
                    break;
                default:
                    y = (rnd.nextDouble() - 0.5) * 4; // |y| < 2, the reductions' scale
                    break;
            }
            if (Math.abs(x * y) < 0x1p51) {
                check(x, y);
            }
        }
    }

    @Test
    void edgeValues() {
        double[] xs = {0.0, -0.0, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 3.5, 0x1p51 - 1, -(0x1p51 - 1), 0x1p50 + 0.5,
            -(0x1p50 + 0.5), 0x1.fffffffffffffp50};
        for (double x : xs) {
            check(x, 1.0);
            check(x, 0.5);
            check(x, -1.0);
        }
        // ties go to even in both forms
        assertEquals(2.0, QuotientRounding.quotientFma(2.5, 1.0), 0.0);
        assertEquals(-2.0, QuotientRounding.quotientFma(-2.5, 1.0), 0.0);
        assertEquals(4.0, QuotientRounding.quotientFma(3.5, 1.0), 0.0);
        // a product exact only before rounding: 3 * (1/3 rounded) is just below 1, near 1 either way
        check(3.0, 1.0 / 3);
        check((1L << 50) - 3, 1.0 / ((1L << 50) - 3));
    }

    @Test
    void choiceParsing() {
        assertTrue(QuotientRounding.choose("fma", null, false));
        assertFalse(QuotientRounding.choose("rint", "GenuineIntel", true));
        assertTrue(QuotientRounding.choose(" AUTO ", "GenuineIntel", false));
        assertFalse(QuotientRounding.choose("auto", "AuthenticAMD", false));
        assertFalse(QuotientRounding.choose("auto", null, false));
        assertTrue(QuotientRounding.choose("other", "AuthenticAMD", false));
        assertFalse(QuotientRounding.choose("other", "GenuineIntel", false));
        // where the vector kernels run, auto is fma whatever the vendor
        assertTrue(QuotientRounding.choose("auto", "AuthenticAMD", true));
        assertTrue(QuotientRounding.choose("auto", null, true));
        assertFalse(QuotientRounding.choose("other", "AuthenticAMD", true));
        // this JVM's form is the choice for its property, vendor and kernels
        assertEquals(QuotientRounding.choose(System.getProperty(QuotientRounding.PROPERTY, "auto"),
                QuotientRounding.cpuVendor(), VectorNtt.offReason() == null), QuotientRounding.FMA);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QuotientRounding.choose("fast", null, false));
        assertTrue(e.getMessage().contains("modalg.dntt.quotient") && e.getMessage().contains("fast"), e.getMessage());
        String vendor = QuotientRounding.cpuVendor();
        System.out.println("QuotientRoundingTest: cpu vendor " + vendor + ", -D" + QuotientRounding.PROPERTY + "="
                + System.getProperty(QuotientRounding.PROPERTY, "auto") + " -> " + QuotientRounding.form());
        assertTrue(vendor == null || !vendor.isEmpty());
        String described = QuotientRounding.describe();
        assertTrue(described.startsWith(QuotientRounding.form() + " (") && described.endsWith(")"), described);
    }
}
