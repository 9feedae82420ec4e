package org.modalg.polynomial.integer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.modalg.polynomial.Limbs;

/**
 * {@code modalg.intmul.wholeLimbs}: with 0 the shape chooser keeps to the shifted pieces, and
 * the products stay exact (BigInteger oracle, a fresh seed per run, printed); a bad value is a
 * clear error naming the property.
 */
class WholeLimbsPropertyTest {
    private static final String PROPERTY = "modalg.intmul.wholeLimbs";
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @AfterEach
    void clear() {
        System.clearProperty(PROPERTY);
    }

    @Test
    void offKeepsShiftedPiecesAndExactProducts() {
        System.out.println("WholeLimbsPropertyTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
        long bits = 1_000_000;
        assertTrue(DoubleNttIntMul.aligned(DoubleNttIntMul.choose(bits, bits, false, 0).pieceBits()),
                "by default 10^6-bit operands take whole-limb pieces");
        System.setProperty(PROPERTY, "0");
        Random rnd = new Random(SEED);
        for (long n : new long[] {20_000, 100_000, 1_000_000}) {
            DoubleNttIntMul.Shape shape = DoubleNttIntMul.choose(n, n, false, 0);
            assertFalse(DoubleNttIntMul.aligned(shape.pieceBits()), "seed=" + SEED + " n=" + n + " " + shape);
            BigInteger a = new BigInteger((int) n, rnd).setBit((int) n - 1);
            BigInteger b = rnd.nextBoolean() ? a : new BigInteger((int) n, rnd).setBit((int) n - 1);
            long[] p = DoubleNttIntMul.multiply(Limbs.magnitude(a), n, Limbs.magnitude(b), n, a == b, 0, 2);
            assertEquals(a.multiply(b), Limbs.toBigInteger(p), "seed=" + SEED + " n=" + n);
        }
    }

    @Test
    void badValueNamesTheProperty() {
        System.setProperty(PROPERTY, "2");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DoubleNttIntMul.choose(100_000, 100_000, false, 0));
        assertTrue(e.getMessage().contains(PROPERTY), e.getMessage());
    }
}
