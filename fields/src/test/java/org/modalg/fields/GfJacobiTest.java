package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class GfJacobiTest {
    @Test
    void jacobiSymbolAgreesWithEulersCriterionModuloPrimes() {
        Random rnd = new Random(Long.getLong("modalg.test.seed", 5L));
        for (int t = 0; t < 60; t++) {
            BigInteger p = t < 5 ? GfPreset.values()[t].field().modulus() : BigInteger.probablePrime(8 + rnd.nextInt(300), rnd);
            if (p.equals(BigInteger.TWO)) {
                continue;
            }
            for (long a = 1; a < 120 && BigInteger.valueOf(a).compareTo(p) < 0; a++) {
                BigInteger euler = BigInteger.valueOf(a).modPow(p.shiftRight(1), p);
                int want = euler.equals(BigInteger.ONE) ? 1 : euler.signum() == 0 ? 0 : -1;
                assertEquals(want, GfField.jacobi(a, p), "a=" + a + " p=" + p);
            }
        }
    }
}
