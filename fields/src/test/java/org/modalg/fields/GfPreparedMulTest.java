package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class GfPreparedMulTest {
    private static final long SEED = Long.getLong("modalg.test.seed", 11L);

    @Test
    void preparedMultiplierGivesTheSameProductsAsBigInteger() {
        Random rnd = new Random(SEED);
        for (GfPreset preset : GfPreset.values()) {
            GfField f = preset.field();
            GfArithmetic ar = f.arithmetic();
            GfArithmetic.Workspace ws = ar.newWorkspace();
            BigInteger p = f.modulus();
            int k = f.k();
            for (int it = 0; it < 12; it++) {
                BigInteger a = it == 0 ? p.subtract(BigInteger.ONE) : new BigInteger(p.bitLength() + 4, rnd).mod(p);
                BigInteger b = it == 1 ? p.subtract(BigInteger.ONE) : it == 2 ? BigInteger.ZERO
                        : new BigInteger(p.bitLength() + 4, rnd).mod(p);
                long[] x = f.element(a);
                long[] y = f.element(b);
                long[] yHat = new long[ar.preparedLength() + 3];
                ar.prepare(y, 0, yHat, 3);
                long[] z = new long[k];
                ar.mulPrepared(x, 0, y, 0, yHat, 3, z, 0, ws);
                String msg = preset + " a=" + a + " b=" + b + " seed=" + SEED;
                assertEquals(a.multiply(b).mod(p), f.toBigInteger(z, 0), msg);
                ar.mulPrepared(x, 0, y, 0, yHat, 3, x, 0, ws); // output aliasing x
                assertEquals(a.multiply(b).mod(p), f.toBigInteger(x, 0), msg + " aliased");
            }
        }
    }
}
