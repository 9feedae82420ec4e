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
    void slidingWindowsEqualModPowWithFewerProducts() {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println("PowersTest windows seed " + seed + " (replay with -Dmodalg.test.seed=" + seed + ")");
        Random rnd = new Random(seed);
        BigInteger m = BigInteger.probablePrime(127, rnd);
        int[] counts = new int[2]; // products, squares
        BinaryOperator<BigInteger> mul = (a, b) -> {
            counts[0]++;
            return a.multiply(b).mod(m);
        };
        UnaryOperator<BigInteger> sqr = a -> {
            counts[1]++;
            return a.multiply(a).mod(m);
        };
        int[] steps = new int[1];
        for (int k = 0; k < 400; k++) {
            BigInteger b = new BigInteger(126, rnd);
            BigInteger e = k < 100 ? BigInteger.valueOf(k + 1) : new BigInteger(1 + rnd.nextInt(k < 300 ? 300 : 3000), rnd)
                    .setBit(0);
            if (k % 7 == 0) {
                e = BigInteger.ONE.shiftLeft(rnd.nextInt(3000)); // one set bit: a window at the top only
            }
            counts[0] = 0;
            counts[1] = 0;
            steps[0] = 0;
            assertEquals(b.modPow(e, m), Powers.window(b, e, mul, sqr, () -> steps[0]++), "e = " + e + ", seed " + seed);
            int bits = e.bitLength();
            // squares: the table's one and at most one per bit below the top window; products:
            // the table's and at most one per window
            assertTrue(counts[1] <= bits, "squares " + counts[1] + " for " + bits + " bits");
            assertTrue(counts[0] <= 32 + bits / 2 + 1, "products " + counts[0] + " for " + bits + " bits");
            if (bits >= 2048 && e.bitCount() > bits / 4) {
                assertTrue(counts[0] <= 32 + bits / 6, "windows of 6 bits: " + counts[0] + " products for " + bits);
            }
            assertTrue(steps[0] <= bits, "one step per square");
        }
        assertThrows(IllegalArgumentException.class, () -> Powers.window(BigInteger.TWO, BigInteger.ZERO, mul, sqr, () -> { }));
        assertThrows(IllegalArgumentException.class, () -> Powers.window(BigInteger.TWO, null, mul, sqr, () -> { }));
        assertThrows(IllegalArgumentException.class, () -> Powers.window(null, BigInteger.ONE, mul, sqr, () -> { }));
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
