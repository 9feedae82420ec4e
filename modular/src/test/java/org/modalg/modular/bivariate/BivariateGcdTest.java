package org.modalg.modular.bivariate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * {@link BivariateGcd} against the primitive PRS over Z[y] written here (pseudo-remainders in
 * Z[y][x], contents in Z[y] removed at every step), on random inputs with planted common factors
 * every run (fresh seed unless {@code -Dmodalg.test.seed}, printed), plus exact division of both
 * inputs by the result, contents in y, a prime modulo which the inputs share a factor they do not
 * share over Z, and the conventions.
 */
class BivariateGcdTest {
    static final long SEED = BivariateResultantTest.SEED;
    static final int MULTIPLIER = BivariateResultantTest.MULTIPLIER;

    @BeforeAll
    static void printSeed() {
        System.out.println("BivariateGcdTest seed=" + SEED + " (-Dmodalg.test.seed to replay)");
    }

    private static String where(String s) {
        return BivariateResultantTest.where(s);
    }

    /** gcd by the primitive PRS over Z[y] (the oracle), normalized to a positive leading coefficient. */
    static ZZBivariate prsGcd(ZZBivariate f, ZZBivariate g) {
        if (f.isZero() || g.isZero()) {
            return BivariateGcd.normalize(f.isZero() ? g : f);
        }
        ZZPoly cf = contentOracle(f);
        ZZPoly cg = contentOracle(g);
        ZZPoly c = PolynomialGcd.gcd(cf, cg);
        ZZBivariate a = divideContent(f, cf);
        ZZBivariate b = divideContent(g, cg);
        if (a.degreeX() < b.degreeX()) {
            ZZBivariate t = a;
            a = b;
            b = t;
        }
        while (!b.isZero()) {
            ZZBivariate r = pseudoRemainder(a, b);
            a = b;
            b = r.isZero() ? r : divideContent(r, contentOracle(r));
        }
        return BivariateGcd.normalize(ZZBivariate.fromY(c).multiply(a));
    }

    /** The content in Z[y] by PolynomialGcd over every coefficient in x, positive leading coefficient. */
    static ZZPoly contentOracle(ZZBivariate f) {
        ZZPoly c = ZZPoly.ZERO;
        for (int i = 0; i <= f.degreeX(); i++) {
            c = PolynomialGcd.gcd(c, f.coefficientInX(i));
        }
        return c.isZero() || c.leadingCoefficient().signum() > 0 ? c : c.negate();
    }

    private static ZZBivariate divideContent(ZZBivariate f, ZZPoly c) {
        ZZPoly[] r = new ZZPoly[f.degreeX() + 1];
        for (int i = 0; i < r.length; i++) {
            r[i] = f.coefficientInX(i).divideExact(c);
        }
        return ZZBivariate.ofCoefficientsInX(r);
    }

    // lc(b)^k a - q b with deg_x < deg_x b, step by step
    private static ZZBivariate pseudoRemainder(ZZBivariate a, ZZBivariate b) {
        ZZBivariate lb = ZZBivariate.fromY(b.leadingCoefficientInX());
        ZZBivariate r = a;
        while (!r.isZero() && r.degreeX() >= b.degreeX()) {
            ZZBivariate lead = ZZBivariate.fromY(r.leadingCoefficientInX());
            ZZBivariate shift = ZZBivariate.monomial(BigInteger.ONE, r.degreeX() - b.degreeX(), 0);
            r = r.multiply(lb).sub(lead.multiply(shift).multiply(b));
        }
        return r;
    }

    @Test
    void plantedFactorsAgainstPrimitivePrs() {
        Random rnd = new Random(SEED + 11);
        for (int it = 0; it < 20 * MULTIPLIER; it++) {
            ZZBivariate c = BivariateResultantTest.random(rnd, rnd.nextInt(4), rnd.nextInt(4), 1 + rnd.nextInt(20));
            ZZBivariate a = BivariateResultantTest.random(rnd, rnd.nextInt(4), rnd.nextInt(4), 1 + rnd.nextInt(20));
            ZZBivariate b = BivariateResultantTest.random(rnd, rnd.nextInt(4), rnd.nextInt(4), 1 + rnd.nextInt(20));
            if (it % 4 == 1) { // a content in y and an integer content too
                c = c.multiply(ZZBivariate.parse("6*y^2 - 3"));
            }
            ZZBivariate f = a.multiply(c);
            ZZBivariate g = b.multiply(c);
            String label = where("it=" + it + " f=" + f + " g=" + g);
            ZZBivariate expected = prsGcd(f, g);
            ModularResult<ZZBivariate> r = BivariateGcd.gcd(f, g, Options.defaults().withSeed(SEED + it));
            assertEquals(expected, r.value(), label + " " + r.report());
            if (!f.isZero() && !g.isZero()) {
                assertNotNull(BivariateGcd.tryDivide(f, r.value()), label + " divides f");
                assertNotNull(BivariateGcd.tryDivide(g, r.value()), label + " divides g");
                assertNotNull(BivariateGcd.tryDivide(r.value(), BivariateGcd.normalize(c)), label + " c divides it");
            }
        }
    }

    @Test
    void largerCoefficientsAndDegrees() {
        Random rnd = new Random(SEED + 12);
        for (int it = 0; it < 3 * MULTIPLIER; it++) {
            ZZBivariate c = BivariateResultantTest.random(rnd, 3 + rnd.nextInt(3), 2 + rnd.nextInt(4), 80);
            ZZBivariate a = BivariateResultantTest.random(rnd, 4, 4, 60);
            ZZBivariate b = BivariateResultantTest.random(rnd, 5, 3, 60);
            ZZBivariate f = a.multiply(c);
            ZZBivariate g = b.multiply(c);
            String label = where("it=" + it + " f=" + f + " g=" + g);
            ZZBivariate h = BivariateGcd.gcd(f, g);
            assertEquals(prsGcd(f, g), h, label);
        }
    }

    @Test
    void aPrimeModuloWhichTheInputsShareMore() {
        long[] q = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(2);
        BigInteger q0 = BigInteger.valueOf(q[0]);
        // modulo the first prime of the stream, f and g share x + y; over Z their gcd is x*y + 1
        ZZBivariate common = ZZBivariate.parse("x*y + 1");
        ZZBivariate f = ZZBivariate.parse("x + y").multiply(ZZBivariate.parse("x - 1"))
                .add(ZZBivariate.constant(q0)).multiply(common);
        ZZBivariate g = ZZBivariate.parse("x + y").multiply(ZZBivariate.parse("x + 2*y"))
                .add(ZZBivariate.constant(q0).multiply(ZZBivariate.Y)).multiply(common);
        ModularResult<ZZBivariate> r = BivariateGcd.gcd(f, g, Options.defaults().withSeed(SEED));
        assertEquals(prsGcd(f, g), r.value(), where(r.report().toString()));
        assertEquals(common, r.value());
        assertTrue(r.report().unluckyPrimes().contains(q0), "the first prime is unlucky: " + r.report());
    }

    @Test
    void conventions() {
        ZZBivariate f = ZZBivariate.parse("-2*x^2*y + 4*x");
        assertEquals(ZZBivariate.ZERO, BivariateGcd.gcd(ZZBivariate.ZERO, ZZBivariate.ZERO));
        assertEquals(f.negate(), BivariateGcd.gcd(f, ZZBivariate.ZERO));
        assertEquals(f.negate(), BivariateGcd.gcd(ZZBivariate.ZERO, f));
        assertEquals(ZZBivariate.parse("2*x"), BivariateGcd.gcd(f, ZZBivariate.parse("6*x^3 + 2*x")));
        assertEquals(ZZBivariate.parse("2"), BivariateGcd.gcd(f, ZZBivariate.parse("6")));
        assertEquals(ZZBivariate.parse("y + 1"), BivariateGcd.gcd(ZZBivariate.parse("x*y + x"),
                ZZBivariate.parse("y^2 - 1")));
        assertEquals(ZZBivariate.ONE, BivariateGcd.gcd(ZZBivariate.parse("x^2 + y^2 - 25"), ZZBivariate.parse("x*y - 12")));
        assertEquals(ZZBivariate.parse("x - y"), BivariateGcd.gcd(ZZBivariate.parse("x^2 - y^2"),
                ZZBivariate.parse("x^3 - y^3")));
    }

    @Test
    void badArgumentsAndCancellation() {
        ZZBivariate f = ZZBivariate.parse("x^2*y + 3*x - y^2");
        assertThrows(IllegalArgumentException.class, () -> BivariateGcd.gcd(null, f));
        assertThrows(IllegalArgumentException.class, () -> BivariateGcd.gcd(f, null));
        assertThrows(IllegalArgumentException.class, () -> BivariateGcd.gcd(f, f, null));
        assertThrows(ArithmeticException.class, () -> BivariateGcd.divideExact(f, ZZBivariate.ZERO));
        assertThrows(ArithmeticException.class, () -> BivariateGcd.divideExact(f, ZZBivariate.parse("x + 1")));
        assertEquals(ZZBivariate.parse("x - y"), BivariateGcd.divideExact(ZZBivariate.parse("x^2 - y^2"),
                ZZBivariate.parse("x + y")));
        AtomicInteger polls = new AtomicInteger();
        Options cancel = Options.defaults().withCancellation(() -> polls.incrementAndGet() > 0);
        ZZBivariate c = ZZBivariate.parse("x^3*y + 5*x*y^2 - 7");
        assertThrows(CancelledException.class, () -> BivariateGcd.gcd(f.multiply(c), f.add(ZZBivariate.ONE).multiply(c),
                cancel));
    }

    @Test
    void interpolationAtArbitraryNodes() {
        Random rnd = new Random(SEED + 13);
        for (int it = 0; it < 30 * MULTIPLIER; it++) {
            long p = PrimeStream.below(PolyGcdDouble.PRIME_BOUND - rnd.nextInt(1 << 20)).next(1)[0];
            int d = rnd.nextInt(40);
            java.util.Set<Long> used = new java.util.HashSet<>();
            long[] nodes = new long[d + 1];
            long[] values = new long[d + 1];
            for (int i = 0; i <= d; i++) {
                long a;
                do {
                    a = i == 0 ? 0 : i == 1 ? p - 1 : Math.floorMod(rnd.nextLong(), p);
                } while (!used.add(a));
                nodes[i] = a;
                values[i] = Math.floorMod(rnd.nextLong(), p);
            }
            long[] c = BivariateKernels.interpolate(nodes, values, p);
            assertEquals(d + 1, c.length);
            BigInteger bp = BigInteger.valueOf(p);
            for (int i = 0; i <= d; i++) {
                BigInteger v = BigInteger.ZERO;
                for (int j = d; j >= 0; j--) {
                    v = v.multiply(BigInteger.valueOf(nodes[i])).add(BigInteger.valueOf(c[j])).mod(bp);
                }
                assertEquals(values[i], v.longValue(), where("p=" + p + " d=" + d + " node " + i));
            }
        }
    }

    @Test
    void interpolationOfColumnsAgreesWithOneAtATime() {
        Random rnd = new Random(SEED + 17);
        for (int it = 0; it < 30 * MULTIPLIER; it++) {
            long p = PrimeStream.below(PolyGcdDouble.PRIME_BOUND - rnd.nextInt(1 << 20)).next(1)[0];
            int d = it == 0 ? 0 : rnd.nextInt(50);
            int cols = 1 + rnd.nextInt(6);
            java.util.Set<Long> used = new java.util.HashSet<>();
            long[] nodes = new long[d + 1];
            long[][] values = new long[d + 1][cols];
            for (int i = 0; i <= d; i++) {
                long a;
                do {
                    a = i == 0 ? p - 1 : i == 1 ? 0 : Math.floorMod(rnd.nextLong(), p);
                } while (!used.add(a));
                nodes[i] = a;
                for (int t = 0; t < cols; t++) {
                    values[i][t] = rnd.nextInt(8) == 0 ? p - 1 : Math.floorMod(rnd.nextLong(), p);
                }
            }
            long[] all = BivariateKernels.interpolateColumns(nodes, values, cols, p);
            for (int t = 0; t < cols; t++) {
                long[] col = new long[d + 1];
                for (int i = 0; i <= d; i++) {
                    col[i] = values[i][t];
                }
                long[] one = BivariateKernels.interpolate(nodes, col, p);
                assertEquals(java.util.Arrays.toString(one), java.util.Arrays.toString(
                        java.util.Arrays.copyOfRange(all, t * (d + 1), (t + 1) * (d + 1))),
                        where("p=" + p + " d=" + d + " column " + t));
            }
        }
    }

    @Test
    void divisionModPAgreesWithZpPolyAndProducts() {
        Random rnd = new Random(SEED + 19);
        for (int it = 0; it < 200 * MULTIPLIER; it++) {
            long p = PrimeStream.below(PolyGcdDouble.PRIME_BOUND - rnd.nextInt(1 << 20)).next(1)[0];
            org.modalg.fields.ZpField field = org.modalg.fields.ZpField.of(p);
            int bl = 1 + rnd.nextInt(12);
            int ql = 1 + rnd.nextInt(12);
            long[] b = new long[bl];
            long[] q = new long[ql];
            for (int i = 0; i < bl; i++) {
                b[i] = Math.floorMod(rnd.nextLong(), p);
            }
            b[bl - 1] = 1 + Math.floorMod(rnd.nextLong(), p - 1);
            for (int i = 0; i < ql; i++) {
                q[i] = Math.floorMod(rnd.nextLong(), p);
            }
            // a = b q (+ a planted remainder half of the time), by BigInteger
            BigInteger bp = BigInteger.valueOf(p);
            long[] a = new long[bl + ql - 1];
            for (int i = 0; i < bl; i++) {
                for (int j = 0; j < ql; j++) {
                    a[i + j] = BigInteger.valueOf(a[i + j]).add(BigInteger.valueOf(b[i]).multiply(BigInteger.valueOf(q[j])))
                            .mod(bp).longValue();
                }
            }
            boolean planted = bl > 1 && rnd.nextBoolean();
            if (planted) {
                int i = rnd.nextInt(bl - 1);
                a[i] = (a[i] + 1 + rnd.nextInt(1000)) % p;
            }
            long[] got = new long[ql];
            boolean exact = BivariateKernels.divideExact(field, a.clone(), a.length, b, bl, got);
            assertEquals(!planted, exact, where("p=" + p + " remainder " + (planted ? "planted" : "none")));
            assertEquals(java.util.Arrays.toString(q), java.util.Arrays.toString(got), where("p=" + p + " quotient"));
        }
    }

    @Test
    void barycentricZeroTestAgreesWithNewtonSteps() {
        Random rnd = new Random(SEED + 33);
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            long p = PrimeStream.below(PolyGcdDouble.PRIME_BOUND - rnd.nextInt(1 << 20)).next(1)[0];
            int n = 1 + rnd.nextInt(40);
            int cols = 1 + rnd.nextInt(5);
            int deg = rnd.nextInt(n + 1); // values of polynomials of this degree: later points agree
            long[][] poly = new long[cols][deg + 1];
            for (long[] c : poly) {
                for (int i = 0; i <= deg; i++) {
                    c[i] = Math.floorMod(rnd.nextLong(), p);
                }
            }
            java.util.Set<Long> used = new java.util.HashSet<>();
            long[] nodes = new long[n];
            long[][] values = new long[n][cols];
            long[][] coef = new long[n][];
            long[] weights = new long[n];
            long[] scratch = new long[n];
            BigInteger bp = BigInteger.valueOf(p);
            for (int k = 0; k < n; k++) {
                long a;
                do {
                    a = k == 0 ? p - 1 : k == 1 ? 0 : Math.floorMod(rnd.nextLong(), p);
                } while (!used.add(a));
                nodes[k] = a;
                boolean off = rnd.nextInt(4) == 0; // a value off the polynomial
                for (int t = 0; t < cols; t++) {
                    BigInteger v = BigInteger.ZERO;
                    for (int i = deg; i >= 0; i--) {
                        v = v.multiply(BigInteger.valueOf(a)).add(BigInteger.valueOf(poly[t][i])).mod(bp);
                    }
                    values[k][t] = off && t == cols - 1 ? v.add(BigInteger.ONE).mod(bp).longValue() : v.longValue();
                }
                coef[k] = BivariateKernels.newtonStep(nodes, coef, k, values[k], p);
                boolean zero = java.util.Arrays.stream(coef[k]).allMatch(x -> x == 0);
                assertEquals(k > 0 && zero, BivariateKernels.lastDividedDifferenceIsZero(nodes, values, weights, k, cols,
                        p, scratch), where("p=" + p + " k=" + k + " deg=" + deg));
            }
        }
    }

    @Test
    void cutRowEvaluationAgreesWithBigInteger() {
        Random rnd = new Random(SEED + 31);
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            ZZBivariate f = BivariateResultantTest.random(rnd, rnd.nextInt(8), rnd.nextInt(9), 1 + rnd.nextInt(70));
            if (f.isZero()) {
                continue;
            }
            long p = PrimeStream.below(PolyGcdDouble.PRIME_BOUND - rnd.nextInt(1 << 20)).next(1)[0];
            long y = it == 0 ? 0 : it == 1 ? p - 1 : Math.floorMod(rnd.nextLong(), p);
            int rows = f.degreeX() + 1;
            int cols = f.degreeY() + 1;
            long[] c = new long[rows * cols];
            BigInteger bp = BigInteger.valueOf(p);
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    c[i * cols + j] = f.coefficientInX(i).coefficient(j).mod(bp).longValue();
                }
            }
            long[] pw = new long[cols];
            for (int j = 0; j < cols; j++) {
                pw[j] = BigInteger.valueOf(y).modPow(BigInteger.valueOf(j), bp).longValue();
            }
            long[] out = new long[rows];
            BivariateKernels.evaluateRows(c, rows, cols, BivariateKernels.rowLengths(f), pw, p, out);
            assertEquals(java.util.Arrays.toString(valuesAt(f, y, p)), java.util.Arrays.toString(out),
                    where("f = " + f + ", y = " + y + ", p = " + p));
        }
    }

    @Test
    void modularQuotientReusingKnownValuesAgreesWithLongDivision() {
        // the values f(x, a) mod p at random points of the first primes, as the gcd's images leave them
        Random rnd = new Random(SEED + 29);
        long[] first = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(4);
        for (int it = 0; it < 25 * MULTIPLIER; it++) {
            ZZBivariate h = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(4), rnd.nextInt(5), 1 + rnd.nextInt(60));
            ZZBivariate q = BivariateResultantTest.random(rnd, rnd.nextInt(4), rnd.nextInt(6), 1 + rnd.nextInt(90));
            if (h.isZero() || q.isZero() || h.degreeX() == 0) {
                continue;
            }
            ZZBivariate f = h.multiply(q);
            ZZBivariate g = f.add(ZZBivariate.monomial(BigInteger.valueOf(1 + rnd.nextInt(5)), rnd.nextInt(2),
                    rnd.nextInt(2)));
            for (ZZBivariate a : new ZZBivariate[] {f, g}) {
                BivariateGcd.Evaluations known = new BivariateGcd.Evaluations();
                for (long p : first) {
                    int points = rnd.nextInt(12); // fewer or more than the quotient needs
                    for (int k = 0; k < points; k++) {
                        long y = rnd.nextInt(3) == 0 ? rnd.nextInt(4) : Math.floorMod(rnd.nextLong(), p);
                        known.add(p, y, valuesAt(a, y, p));
                    }
                }
                assertEquals(BivariateGcd.tryDivide(a, h), BivariateGcd.modularQuotient(h, a, known),
                        where("h = " + h + (a == f ? ", h q" : ", h q + m")));
            }
        }
    }

    // the x-coefficients of a(x, y) mod p (in [0, p)), padded to deg_x a + 1
    private static long[] valuesAt(ZZBivariate a, long y, long p) {
        BigInteger bp = BigInteger.valueOf(p);
        BigInteger by = BigInteger.valueOf(y);
        long[] v = new long[a.degreeX() + 1];
        for (int i = 0; i <= a.degreeX(); i++) {
            BigInteger acc = BigInteger.ZERO;
            ZZPoly c = a.coefficientInX(i);
            for (int j = c.degree(); j >= 0; j--) {
                acc = acc.multiply(by).add(c.coefficient(j)).mod(bp);
            }
            v[i] = acc.longValue();
        }
        return v;
    }

    @Test
    void modularQuotientAgreesWithLongDivision() {
        Random rnd = new Random(SEED + 23);
        for (int it = 0; it < 25 * MULTIPLIER; it++) {
            ZZBivariate h = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(4), rnd.nextInt(4), 1 + rnd.nextInt(80));
            ZZBivariate q = BivariateResultantTest.random(rnd, rnd.nextInt(4), rnd.nextInt(4), 1 + rnd.nextInt(80));
            if (h.isZero() || q.isZero() || h.degreeX() == 0) {
                continue;
            }
            ZZBivariate f = h.multiply(q);
            assertEquals(q, BivariateGcd.modularQuotient(h, f), where("h q / h, h = " + h));
            ZZBivariate g = f.add(ZZBivariate.monomial(BigInteger.valueOf(1 + rnd.nextInt(5)), rnd.nextInt(2),
                    rnd.nextInt(2)));
            ZZBivariate expected = BivariateGcd.tryDivide(g, h);
            assertEquals(expected, BivariateGcd.modularQuotient(h, g), where("h q + m, h = " + h));
        }
        // a quotient whose coefficients need many primes; a leading coefficient in x with roots 0, 1, 2
        ZZBivariate h = ZZBivariate.parse("y^3*x^2 - 3*y^2*x^2 + 2*y*x^2 + x + 1");
        ZZBivariate q = ZZBivariate.parse("123456789012345678901234567890*x*y^2 - 98765432109876543210*y + 1");
        assertEquals(q, BivariateGcd.modularQuotient(h, h.multiply(q)));
        assertEquals(null, BivariateGcd.modularQuotient(h, h.multiply(q).add(ZZBivariate.ONE)));
        assertEquals(null, BivariateGcd.modularQuotient(ZZBivariate.parse("x^3 + y"), h));
        // lc_x h divisible by the stream's first prime: that prime is passed over (no point would do)
        long p0 = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next();
        ZZBivariate h0 = ZZBivariate.monomial(BigInteger.valueOf(p0), 2, 1).add(ZZBivariate.parse("x + y + 1"));
        assertEquals(q, BivariateGcd.modularQuotient(h0, h0.multiply(q)));
        assertEquals(q, BivariateGcd.divideExact(h0.multiply(q), h0));
        assertEquals(ZZBivariate.ZERO, BivariateGcd.divideExact(ZZBivariate.ZERO, h0));
    }

    @Test
    void newtonStepsAgreeWithInterpolation() {
        Random rnd = new Random(SEED + 31);
        for (int it = 0; it < 30 * MULTIPLIER; it++) {
            long p = PrimeStream.below(PolyGcdDouble.PRIME_BOUND - rnd.nextInt(1 << 20)).next(1)[0];
            int d = it == 0 ? 0 : rnd.nextInt(40);
            int cols = 1 + rnd.nextInt(5);
            java.util.Set<Long> used = new java.util.HashSet<>();
            long[] nodes = new long[d + 1];
            long[][] coef = new long[d + 1][];
            long[][] values = new long[d + 1][cols];
            for (int k = 0; k <= d; k++) {
                long a;
                do {
                    a = k == 0 ? p - 1 : k == 1 ? 0 : Math.floorMod(rnd.nextLong(), p);
                } while (!used.add(a));
                nodes[k] = a;
                for (int t = 0; t < cols; t++) {
                    values[k][t] = Math.floorMod(rnd.nextLong(), p);
                }
                coef[k] = BivariateKernels.newtonStep(nodes, coef, k, values[k], p);
            }
            assertEquals(java.util.Arrays.toString(BivariateKernels.interpolateColumns(nodes, values, cols, p)),
                    java.util.Arrays.toString(BivariateKernels.newtonToMonomial(nodes, coef, d + 1, cols, p)),
                    where("p=" + p + " d=" + d));
        }
    }

    @Test
    void imagesStoppedTooSoonFallBackToAllPoints() {
        Random rnd = new Random(SEED + 37);
        try {
            BivariateGcd.stopEarlyForTests = 2;
            for (int it = 0; it < 4 * MULTIPLIER; it++) {
                ZZBivariate c = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(3), 2 + rnd.nextInt(3), 30);
                ZZBivariate f = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(3), 3, 30).multiply(c);
                ZZBivariate g = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(3), 3, 30).multiply(c);
                ModularResult<ZZBivariate> r = BivariateGcd.gcd(f, g, Options.defaults());
                assertEquals(prsGcd(f, g), r.value(), where("f = " + f + ", g = " + g));
            }
        } finally {
            BivariateGcd.stopEarlyForTests = 0;
        }
    }
}
