package org.modalg.polynomial.integer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IntegerDivisionTest {
    private static final long SEED = Long.getLong("modalg.test.seed", 123L);
    private static final int MULT = Integer.getInteger("modalg.test.multiplier", 1);

    @Test
    void newtonDivisionEqualsBigIntegerOnRandomSizes() {
        Random rnd = new Random(SEED);
        for (int it = 0; it < 40 * MULT; it++) {
            int bitsB = 1 + rnd.nextInt(it < 20 ? 3000 : 200_000);
            int bitsA = bitsB + rnd.nextInt(it < 20 ? 6000 : 300_000);
            BigInteger a = new BigInteger(bitsA, rnd);
            BigInteger b = new BigInteger(bitsB, rnd).add(BigInteger.ONE);
            String msg = "seed=" + SEED + " it=" + it;
            assertArrayEquals(a.divideAndRemainder(b), IntegerDivision.divideNewton(a, b), msg);
            BigInteger sa = rnd.nextBoolean() ? a.negate() : a;
            BigInteger sb = rnd.nextBoolean() ? b.negate() : b;
            assertArrayEquals(sa.divideAndRemainder(sb), IntegerDivision.divideAndRemainder(sa, sb), msg);
        }
    }

    @Test
    void edgeValues() {
        BigInteger big = BigInteger.ONE.shiftLeft(100_000);
        BigInteger[][] cases = {
            {BigInteger.ZERO, BigInteger.ONE}, {BigInteger.ONE, BigInteger.ONE}, {big, BigInteger.ONE},
            {big, big}, {big.subtract(BigInteger.ONE), big}, {big.multiply(big), big},
            {big.multiply(big).subtract(BigInteger.ONE), big.subtract(BigInteger.ONE)},
            {big.multiply(big), big.add(BigInteger.ONE)}, {big.shiftLeft(50_000).subtract(BigInteger.ONE), big.subtract(BigInteger.ONE)},
        };
        for (BigInteger[] c : cases) {
            assertArrayEquals(c[0].divideAndRemainder(c[1]), IntegerDivision.divideNewton(c[0], c[1]),
                    c[0].bitLength() + " / " + c[1].bitLength() + " bits");
        }
    }

    @Test
    void divisionByZeroAndNull() {
        assertThrows(ArithmeticException.class, () -> IntegerDivision.divideAndRemainder(BigInteger.ONE, BigInteger.ZERO));
        assertThrows(IllegalArgumentException.class, () -> IntegerDivision.divideAndRemainder(null, BigInteger.ONE));
    }
}
