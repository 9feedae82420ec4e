package org.modalg.modular.poly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.modalg.modular.GcdOracles.MULTIPLIER;
import static org.modalg.modular.GcdOracles.SEED;
import static org.modalg.modular.GcdOracles.where;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.modular.GcdOracles;
import org.modalg.polynomial.zz.ZZPoly;

/** {@link SubresultantPrs} against JAS and the Bareiss determinant of the Sylvester matrix. */
class SubresultantPrsTest {

    @Test
    void gcdAndResultantAgainstJasAndSylvester() {
        Random rnd = new Random(SEED + 7);
        for (int it = 0; it < 80 * MULTIPLIER; it++) {
            int bits = 1 + rnd.nextInt(40);
            InputPair in = InputPair.random(rnd, bits);
            String label = where("it=" + it + " f=" + in.f + " g=" + in.g);
            assertEquals(GcdOracles.jasGcd(in.f, in.g), SubresultantPrs.gcd(in.f, in.g), label);
            if (!in.f.isZero() && !in.g.isZero()) {
                assertEquals(GcdOracles.sylvesterResultant(in.f, in.g), SubresultantPrs.resultant(in.f, in.g), label);
                if (in.f.degree() > 0 && in.g.degree() > 0) {
                    // JAS's resultant may differ in sign (its PRS does not track it); the sign is
                    // checked against the Sylvester determinant above.
                    assertEquals(GcdOracles.jasResultant(in.f, in.g).abs(), SubresultantPrs.resultant(in.f, in.g).abs(),
                            label);
                }
            }
        }
    }

    @Test
    void conventions() {
        ZZPoly f = ZZPoly.parse("-6*x^2 + 4");
        assertEquals(ZZPoly.ZERO, SubresultantPrs.gcd(ZZPoly.ZERO, ZZPoly.ZERO));
        assertEquals(ZZPoly.parse("6*x^2 - 4"), SubresultantPrs.gcd(f, ZZPoly.ZERO));
        assertEquals(ZZPoly.parse("2"), SubresultantPrs.gcd(f, ZZPoly.parse("-4")));
        assertEquals(ZZPoly.parse("6"), SubresultantPrs.gcd(ZZPoly.parse("-12"), ZZPoly.parse("18")));
        assertEquals(BigInteger.ZERO, SubresultantPrs.resultant(ZZPoly.ZERO, ZZPoly.parse("3")));
        assertEquals(BigInteger.ONE, SubresultantPrs.resultant(ZZPoly.parse("3"), ZZPoly.parse("-5")));
        assertEquals(BigInteger.valueOf(9), SubresultantPrs.resultant(ZZPoly.parse("3"), f));
        assertEquals(BigInteger.valueOf(9), SubresultantPrs.resultant(f, ZZPoly.parse("-3")));
        assertThrows(IllegalArgumentException.class, () -> SubresultantPrs.gcd(null, f));
        assertThrows(IllegalArgumentException.class, () -> SubresultantPrs.resultant(f, null));
    }

    /** Random input pairs biased to the edges: zero, constants, planted factors, contents, signs. */
    record InputPair(ZZPoly f, ZZPoly g) {
        static InputPair random(Random rnd, int bits) {
            int kind = rnd.nextInt(6);
            ZZPoly f;
            ZZPoly g;
            switch (kind) {
                case 0 -> {
                    f = GcdOracles.random(rnd, rnd.nextInt(3) - 1, bits);
                    g = GcdOracles.random(rnd, rnd.nextInt(8), bits);
                }
                case 1, 2 -> {
                    ZZPoly c = GcdOracles.random(rnd, 1 + rnd.nextInt(5), bits);
                    f = GcdOracles.random(rnd, rnd.nextInt(7), bits).multiply(c);
                    g = GcdOracles.random(rnd, rnd.nextInt(7), bits).multiply(c);
                }
                case 3 -> {
                    BigInteger k = BigInteger.valueOf(rnd.nextInt(60) - 30);
                    f = GcdOracles.random(rnd, rnd.nextInt(8), bits).multiply(k.signum() == 0 ? BigInteger.TWO : k);
                    g = GcdOracles.random(rnd, rnd.nextInt(8), bits).multiply(BigInteger.valueOf(6));
                }
                default -> {
                    f = GcdOracles.random(rnd, rnd.nextInt(9), bits);
                    g = GcdOracles.random(rnd, rnd.nextInt(9), bits);
                }
            }
            return rnd.nextBoolean() ? new InputPair(f, g) : new InputPair(g, f);
        }
    }
}
