package org.modalg.polynomial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** {@link Powers}: binary powering against BigInteger.pow, its product count, and bad input. */
class PowersTest {

    @Test
    void powersOfIntegersEqualBigIntegerPow() {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println("PowersTest seed " + seed + " (replay with -Dmodalg.test.seed=" + seed + ")");
        Random rnd = new Random(seed);
        int[] products = new int[1];
        BinaryOperator<BigInteger> mul = (a, b) -> {
            products[0]++;
            return a.multiply(b);
        };
        UnaryOperator<BigInteger> sqr = a -> {
            products[0]++;
            return a.multiply(a);
        };
        for (int k = 0; k < 300; k++) {
            BigInteger b = new BigInteger(1 + rnd.nextInt(100), rnd).subtract(BigInteger.valueOf(rnd.nextInt(50)));
            int e = k < 70 ? k + 1 : 1 + rnd.nextInt(k < 200 ? 300 : 2000);
            products[0] = 0;
            assertEquals(b.pow(e), Powers.binary(b, e, mul, sqr), "b = " + b + ", e = " + e + ", seed " + seed);
            int log = 31 - Integer.numberOfLeadingZeros(e);
            assertEquals(log + Integer.bitCount(e) - 1, products[0], "products for e = " + e);
        }
        assertEquals(BigInteger.ONE.shiftLeft(1 << 20), Powers.binary(BigInteger.TWO, 1 << 20, mul, sqr));
    }

    @Test
    void badInputAndTheDegreeCheck() {
        BinaryOperator<BigInteger> mul = BigInteger::multiply;
        UnaryOperator<BigInteger> sqr = a -> a.multiply(a);
        for (int e : new int[] {0, -1, Integer.MIN_VALUE}) {
            IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                    () -> Powers.binary(BigInteger.TEN, e, mul, sqr));
            assertTrue(x.getMessage().contains("e must be >= 1"), x.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Powers.binary(null, 2, mul, sqr));
        assertThrows(IllegalArgumentException.class, () -> Powers.binary(BigInteger.TEN, 2, null, sqr));
        Powers.checkDegree(2, 1000, 1000);
        Powers.checkDegree(Integer.MAX_VALUE, 1, Integer.MAX_VALUE);
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                () -> Powers.checkDegree(3, 501, 1000));
        assertEquals("e = 501 gives degree 1002, above the largest supported degree 1000", x.getMessage());
        // (length - 1) e beyond int: no overflow into an accepted value
        assertThrows(IllegalArgumentException.class, () -> Powers.checkDegree(1 << 20, 1 << 20, Integer.MAX_VALUE));
    }
}
