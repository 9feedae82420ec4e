package org.modalg.modular;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.modalg.modular.GcdOracles.SEED;
import static org.modalg.modular.GcdOracles.where;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CrtBasis;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.ZZPoly;

/** {@link ZZPolyReducer}: both reductions against BigInteger.mod, signed coefficients of 0 to 700 bits. */
class ZZPolyReducerTest {
    @Test
    void reduceAndReduceAllAgreeWithBigIntegerMod() {
        Random rnd = new Random(SEED + 20);
        long[] primes = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(20);
        long[] big = PrimeStream.below(ZpField.MAX_MODULUS_EXCLUSIVE).next(3);
        for (int it = 0; it < 20; it++) {
            int len = 1 + rnd.nextInt(40);
            BigInteger[] c = new BigInteger[len];
            for (int i = 0; i < len; i++) {
                BigInteger v = new BigInteger(rnd.nextInt(700), rnd);
                c[i] = rnd.nextBoolean() ? v.negate() : v;
            }
            if (c[len - 1].signum() == 0) {
                c[len - 1] = BigInteger.ONE;
            }
            ZZPoly f = ZZPoly.of(c);
            ZZPolyReducer r = new ZZPolyReducer(f);
            long[] ps = it % 2 == 0 ? primes : big;
            CrtBasis basis = CrtBasis.of(ps);
            long[] all = new long[ps.length * len];
            r.reduceAll(basis, all);
            for (int j = 0; j < ps.length; j++) {
                long[] one = new long[len];
                r.reduce(ZpField.of(ps[j]), one);
                for (int i = 0; i < len; i++) {
                    long expected = c[i].mod(BigInteger.valueOf(ps[j])).longValueExact();
                    String label = where("it=" + it + " p=" + ps[j] + " i=" + i + " c=" + c[i]);
                    assertEquals(expected, all[j * len + i], label + " reduceAll");
                    assertEquals(expected, one[i], label + " reduce");
                }
            }
        }
    }
}
