package org.modalg.fft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The oracle conversions against the definitions they state (limb j of v is
 * v.shiftRight(64 j).longValue(); the value is the sum of the unsigned limbs times 2^(64 j)) on
 * random values of every sign and size every run (seed printed) and the edges: zero, len 0,
 * all-ones limbs, -1, values wider than len limbs, offsets.
 */
class BigIntegerLimbsTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);

    @Test
    void storeAndValueMatchTheirDefinitions() {
        System.out.println("BigIntegerLimbsTest seed " + SEED);
        Random rnd = new Random(SEED);
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(),
            BigInteger.ONE.shiftLeft(64), BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE), BigInteger.ONE.shiftLeft(63),
            BigInteger.ONE.shiftLeft(64).negate()};
        for (int iter = 0; iter < 500 * MULTIPLIER; iter++) {
            BigInteger v = iter < edges.length ? edges[iter] : new BigInteger(rnd.nextInt(400), rnd);
            if (iter >= edges.length && rnd.nextBoolean()) {
                v = v.negate();
            }
            int len = rnd.nextInt(6);
            int off = rnd.nextInt(3);
            long[] x = new long[off + len + 2];
            long[] want = x.clone();
            BigInteger unsigned = BigInteger.ZERO;
            for (int j = 0; j < len; j++) {
                want[off + j] = v.shiftRight(64 * j).longValue();
                unsigned = unsigned.add(new BigInteger(Long.toUnsignedString(want[off + j])).shiftLeft(64 * j));
            }
            BigIntegerLimbs.put(v, x, off, len);
            String ctx = "v=" + v + " len=" + len + " seed=" + SEED;
            assertArrayEquals(want, x, ctx);
            assertEquals(unsigned, BigIntegerLimbs.big(x, off, len), ctx);
        }
    }
}
