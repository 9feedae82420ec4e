package org.modalg.modular.bivariate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fields.ZpField;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * {@link BivariateResultant} against independent oracles, on random inputs every run (a fresh
 * seed unless {@code -Dmodalg.test.seed} fixes it; printed): the Sylvester determinant over Z[y]
 * by fraction-free elimination (Bareiss, exact division in Z[y]), the univariate
 * {@link Resultant} of f(x, a) and g(x, a) at random integer points (with the formal-degree rule
 * where a leading coefficient vanishes at a), the identities Res(f, g) = (-1)^(nm) Res(g, f) and
 * Res(f g, h) = Res(f, h) Res(g, h), common factors, planted degree drops at evaluation points
 * and leading coefficients divisible by the first primes of the stream.
 */
class BivariateResultantTest {
    static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final Options ONE = Options.defaults().withThreads(1);
    private static final Options TWO = Options.defaults().withThreads(2);

    @BeforeAll
    static void printSeed() {
        System.out.println("BivariateResultantTest seed=" + SEED + " (-Dmodalg.test.seed to replay)");
    }

    static String where(String label) {
        return "seed=" + SEED + " (-Dmodalg.test.seed to replay) " + label;
    }

    /** Exact x-degree dx (non-zero leading coefficient in y), y-degree at most dy, signed bits-bit entries. */
    static ZZBivariate random(Random rnd, int dx, int dy, int bits) {
        ZZPoly[] c = new ZZPoly[dx + 1];
        for (int i = 0; i <= dx; i++) {
            BigInteger[] r = new BigInteger[dy + 1];
            for (int j = 0; j <= dy; j++) {
                BigInteger v = rnd.nextInt(4) == 0 ? BigInteger.ZERO : new BigInteger(1 + rnd.nextInt(bits), rnd);
                r[j] = rnd.nextBoolean() ? v.negate() : v;
            }
            c[i] = ZZPoly.of(r);
        }
        if (c[dx].isZero()) {
            c[dx] = ZZPoly.of(BigInteger.ONE.add(BigInteger.valueOf(rnd.nextInt(5))));
        }
        return ZZBivariate.ofCoefficientsInX(c);
    }

    // ------------------------------------------------------------------ oracles

    /** det of the Sylvester matrix of formal degrees deg_x f, deg_x g over Z[y], by Bareiss with exact division. */
    static ZZPoly sylvesterOracle(ZZBivariate f, ZZBivariate g) {
        int n = f.degreeX();
        int m = g.degreeX();
        if (f.isZero() || g.isZero()) {
            return ZZPoly.ZERO;
        }
        int size = n + m;
        if (size == 0) {
            return ZZPoly.ONE;
        }
        ZZPoly[][] a = new ZZPoly[size][size];
        for (ZZPoly[] row : a) {
            java.util.Arrays.fill(row, ZZPoly.ZERO);
        }
        for (int i = 0; i < m; i++) {
            for (int k = 0; k <= n; k++) {
                a[i][i + k] = f.coefficientInX(n - k);
            }
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k <= m; k++) {
                a[m + i][i + k] = g.coefficientInX(m - k);
            }
        }
        return bareiss(a);
    }

    static ZZPoly bareiss(ZZPoly[][] a) {
        int size = a.length;
        boolean negate = false;
        ZZPoly prev = ZZPoly.ONE;
        for (int k = 0; k < size; k++) {
            int piv = k;
            while (piv < size && a[piv][k].isZero()) {
                piv++;
            }
            if (piv == size) {
                return ZZPoly.ZERO;
            }
            if (piv != k) {
                ZZPoly[] t = a[piv];
                a[piv] = a[k];
                a[k] = t;
                negate = !negate;
            }
            for (int i = k + 1; i < size; i++) {
                for (int j = k + 1; j < size; j++) {
                    a[i][j] = a[i][j].multiply(a[k][k]).sub(a[i][k].multiply(a[k][j])).divideExact(prev);
                }
                a[i][k] = ZZPoly.ZERO;
            }
            prev = a[k][k];
        }
        return negate ? a[size - 1][size - 1].negate() : a[size - 1][size - 1];
    }

    /**
     * Res_{n,m}(f(x, a), g(x, a)) with the formal degrees n, m >= 1 from the univariate {@link Resultant} of the
     * actual degrees: Res_{n,m} = (-1)^((n - n')m) lc(g)^(n - n') Res when only f drops to n',
     * but lc(f)^(m - m1) without a sign when g drops (the f-rows come first), 0 when both drop.
     */
    static BigInteger formalAt(ZZBivariate f, ZZBivariate g, BigInteger a) {
        int n = f.degreeX();
        int m = g.degreeX();
        ZZPoly fa = f.evaluateY(a);
        ZZPoly ga = g.evaluateY(a);
        if (fa.isZero() || ga.isZero()) { // n, m >= 1: a zero row block
            return BigInteger.ZERO;
        }
        int n1 = fa.degree();
        int m1 = ga.degree();
        if (n1 < n && m1 < m) {
            return BigInteger.ZERO;
        }
        BigInteger r = Resultant.resultant(fa, ga);
        if (n1 < n) {
            r = r.multiply(ga.leadingCoefficient().pow(n - n1));
            if (((long) (n - n1) * m) % 2 != 0) {
                r = r.negate();
            }
        } else if (m1 < m) {
            // g's lc vanishes: the first column holds lc(f) in row 0 only, its minor is Res_{n,m-1}: no sign
            r = r.multiply(fa.leadingCoefficient().pow(m - m1));
        }
        return r;
    }

    // ------------------------------------------------------------------ tests

    @Test
    void randomAgainstSylvesterDeterminantOverZy() {
        Random rnd = new Random(SEED + 1);
        for (int it = 0; it < 40 * MULTIPLIER; it++) {
            int bits = 1 + rnd.nextInt(it % 5 == 0 ? 100 : 12);
            ZZBivariate f = random(rnd, rnd.nextInt(5), rnd.nextInt(4), bits);
            ZZBivariate g = random(rnd, rnd.nextInt(5), rnd.nextInt(4), 1 + rnd.nextInt(20));
            String label = where("it=" + it + " f=" + f + " g=" + g);
            ZZPoly expected = sylvesterOracle(f, g);
            ModularResult<ZZPoly> r = BivariateResultant.resultant(f, g, it % 2 == 0 ? ONE : TWO);
            assertEquals(expected, r.value(), label);
            assertTrue(r.value().degree() <= BivariateResultant.degreeBound(f, g) || f.degreeX() == 0
                    || g.degreeX() == 0, label + " degree bound");
            assertTrue(r.value().maxCoefficientBits() <= BivariateResultant.coefficientBoundBits(f, g), label + " bits");
            assertEquals(Certification.PROVEN, r.report().certification(), label);
        }
    }

    @Test
    void valuesAtRandomPointsAgainstUnivariateResultants() {
        Random rnd = new Random(SEED + 2);
        for (int it = 0; it < 8 * MULTIPLIER; it++) {
            ZZBivariate f = random(rnd, 1 + rnd.nextInt(9), rnd.nextInt(9), 1 + rnd.nextInt(40));
            ZZBivariate g = random(rnd, 1 + rnd.nextInt(9), rnd.nextInt(9), 1 + rnd.nextInt(40));
            ZZPoly r = BivariateResultant.resultant(f, g, TWO).value();
            for (int t = 0; t < 4; t++) {
                BigInteger a = BigInteger.valueOf(rnd.nextInt(2001) - 1000);
                assertEquals(formalAt(f, g, a), r.evaluate(a), where("it=" + it + " f=" + f + " g=" + g + " y=" + a));
            }
        }
    }

    @Test
    void degreeDropsAtEvaluationPoints() {
        Random rnd = new Random(SEED + 3);
        for (int it = 0; it < 12 * MULTIPLIER; it++) {
            // leading coefficients in x vanishing at y = 0, 1, 2, 3 (evaluation points of every prime)
            ZZPoly roots = ZZPoly.parse("x^2 - 3*x + 2").multiply(ZZPoly.parse(it % 2 == 0 ? "x" : "x - 3"));
            ZZBivariate f = random(rnd, 1 + rnd.nextInt(4), rnd.nextInt(3), 10);
            ZZBivariate g = random(rnd, 1 + rnd.nextInt(4), rnd.nextInt(3), 10);
            f = f.sub(ZZBivariate.monomial(BigInteger.ONE, f.degreeX(), 0).multiply(ZZBivariate.fromY(
                    f.leadingCoefficientInX()))).add(ZZBivariate.monomial(BigInteger.ONE, f.degreeX(), 0)
                    .multiply(ZZBivariate.fromY(roots.multiply(BigInteger.valueOf(1 + rnd.nextInt(7))))));
            if (it % 3 == 0) { // both drop at the same points
                g = g.sub(ZZBivariate.monomial(BigInteger.ONE, g.degreeX(), 0).multiply(ZZBivariate.fromY(
                        g.leadingCoefficientInX()))).add(ZZBivariate.monomial(BigInteger.ONE, g.degreeX(), 0)
                        .multiply(ZZBivariate.fromY(roots)));
            }
            String label = where("it=" + it + " f=" + f + " g=" + g);
            ZZPoly r = BivariateResultant.resultant(f, g, TWO).value();
            assertEquals(sylvesterOracle(f, g), r, label);
            // the drops are at the points of the consecutive route: force it too
            assertEquals(r, BivariateResultant.resultant(f, g, TWO, BivariateResultant.Points.CONSECUTIVE).value(),
                    label + " consecutive");
            for (int a = 0; a <= 3; a++) {
                BigInteger ba = BigInteger.valueOf(a);
                assertEquals(formalAt(f, g, ba), r.evaluate(ba), label + " y=" + a);
            }
        }
    }

    @Test
    void leadingCoefficientsDivisibleByTheFirstPrimes() {
        Random rnd = new Random(SEED + 4);
        long[] q = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(3);
        BigInteger q01 = BigInteger.valueOf(q[0]).multiply(BigInteger.valueOf(q[1]));
        for (int it = 0; it < 4 * MULTIPLIER; it++) {
            ZZBivariate f = random(rnd, 2 + rnd.nextInt(3), 1 + rnd.nextInt(3), 30);
            ZZBivariate g = random(rnd, 2 + rnd.nextInt(3), 1 + rnd.nextInt(3), 30);
            // lc_x f = q0 q1 (y + 1): zero modulo the first two primes of the run
            ZZBivariate lcf = ZZBivariate.monomial(q01, f.degreeX(), 1).add(ZZBivariate.monomial(q01, f.degreeX(), 0));
            f = f.sub(ZZBivariate.monomial(BigInteger.ONE, f.degreeX(), 0).multiply(ZZBivariate.fromY(
                    f.leadingCoefficientInX()))).add(lcf);
            if (it % 2 == 0) { // g's too, and all of g modulo q0 but its constant
                g = g.multiply(BigInteger.valueOf(q[0])).add(ZZBivariate.ONE);
            }
            String label = where("it=" + it + " f=" + f + " g=" + g);
            assertEquals(sylvesterOracle(f, g), BivariateResultant.resultant(f, g, TWO).value(), label);
            assertEquals(sylvesterOracle(f, g), BivariateResultant.resultant(f, g, TWO,
                    BivariateResultant.Points.CONSECUTIVE).value(), label + " consecutive");
        }
    }

    @Test
    void identities() {
        Random rnd = new Random(SEED + 5);
        for (int it = 0; it < 10 * MULTIPLIER; it++) {
            ZZBivariate f = random(rnd, 1 + rnd.nextInt(5), rnd.nextInt(5), 1 + rnd.nextInt(30));
            ZZBivariate g = random(rnd, 1 + rnd.nextInt(5), rnd.nextInt(5), 1 + rnd.nextInt(30));
            ZZBivariate h = random(rnd, 1 + rnd.nextInt(4), rnd.nextInt(4), 1 + rnd.nextInt(30));
            String label = where("it=" + it + " f=" + f + " g=" + g + " h=" + h);
            ZZPoly fh = BivariateResultant.resultant(f, h, TWO).value();
            ZZPoly hf = BivariateResultant.resultant(h, f, ONE).value();
            int sign = (f.degreeX() * h.degreeX()) % 2 == 0 ? 1 : -1;
            assertEquals(fh, sign > 0 ? hf : hf.negate(), label + " swap");
            ZZPoly gh = BivariateResultant.resultant(g, h, TWO).value();
            assertEquals(fh.multiply(gh), BivariateResultant.resultant(f.multiply(g), h, TWO).value(), label + " product");
            // a common factor of positive x-degree: zero
            ZZPoly zero = BivariateResultant.resultant(f.multiply(h), g.multiply(h), TWO).value();
            assertTrue(zero.isZero(), label + " common factor: " + zero);
            // a common factor in y only: Res(c f, c g) = c^(deg f + deg g) Res(f, g)
            ZZBivariate c = ZZBivariate.fromY(ZZPoly.parse("x^2 + 1"));
            assertEquals(ZZPoly.parse("x^2 + 1").pow(f.degreeX() + g.degreeX()).multiply(
                    BivariateResultant.resultant(f, g)), BivariateResultant.resultant(c.multiply(f),
                    c.multiply(g), TWO).value(), label + " common factor in y");
            // integer contents come out as c^m d^n
            BigInteger k = BigInteger.valueOf(6);
            assertEquals(BivariateResultant.resultant(f, g).multiply(k.pow(g.degreeX())),
                    BivariateResultant.resultant(f.multiply(k), g), label + " content");
        }
    }

    @Test
    void probabilisticAgreesAndThreadsAgree() {
        Random rnd = new Random(SEED + 6);
        for (int it = 0; it < 3 * MULTIPLIER; it++) {
            ZZBivariate f = random(rnd, 4 + rnd.nextInt(4), 3 + rnd.nextInt(4), 200);
            ZZBivariate g = random(rnd, 4 + rnd.nextInt(4), 3 + rnd.nextInt(4), 200);
            String label = where("it=" + it + " f=" + f + " g=" + g);
            ZZPoly proven = BivariateResultant.resultant(f, g, ONE).value();
            assertEquals(proven, BivariateResultant.resultant(f, g, TWO.withThreads(3)).value(), label + " 3 threads");
            ModularResult<ZZPoly> pr = BivariateResultant.resultant(f, g,
                    TWO.withCertification(Certification.PROBABILISTIC).withSeed(SEED + it));
            assertEquals(proven, pr.value(), label + " probabilistic " + pr.report());
            assertEquals(formalAt(f, g, BigInteger.valueOf(77)), proven.evaluate(BigInteger.valueOf(77)), label);
        }
    }

    @Test
    void trivialCasesAndConventions() {
        ZZBivariate f = ZZBivariate.parse("x^2*y + 3*x - y^2");
        ZZBivariate c = ZZBivariate.parse("y^2 - 2");
        assertEquals(ZZPoly.ZERO, BivariateResultant.resultant(ZZBivariate.ZERO, f));
        assertEquals(ZZPoly.ZERO, BivariateResultant.resultant(f, ZZBivariate.ZERO));
        assertEquals(ZZPoly.ZERO, BivariateResultant.resultant(ZZBivariate.ZERO, ZZBivariate.ZERO));
        assertEquals(ZZPoly.parse("x^2 - 2").pow(2), BivariateResultant.resultant(c, f));
        assertEquals(ZZPoly.parse("x^2 - 2").pow(2), BivariateResultant.resultant(f, c));
        assertEquals(ZZPoly.ONE, BivariateResultant.resultant(c, ZZBivariate.parse("7")));
        assertEquals(ZZPoly.parse("49"), BivariateResultant.resultant(ZZBivariate.parse("7"), f));
        // a circle and a hyperbola: Res_x(x^2 + y^2 - 25, x y - 12) = y^4 - 25 y^2 + 144
        assertEquals(ZZPoly.parse("x^4 - 25*x^2 + 144"), BivariateResultant.resultant(
                ZZBivariate.parse("x^2 + y^2 - 25"), ZZBivariate.parse("x*y - 12")));
        // linear in x: Res_x(a x + b, c x + d) = a d - b c
        assertEquals(ZZPoly.parse("x^3 - x - 1"), BivariateResultant.resultant(ZZBivariate.parse("x*y + 1"),
                ZZBivariate.parse("x + y^2 - 1")));
        assertEquals(4, BivariateResultant.degreeBound(ZZBivariate.parse("x^2 + y^2 - 25"),
                ZZBivariate.parse("x*y - 12")));
        assertEquals(0, BivariateResultant.degreeBound(f, c));
        // resultant in y by swapping the variables
        assertEquals(ZZPoly.parse("x^4 - 25*x^2 + 144"), BivariateResultant.resultant(
                ZZBivariate.parse("x^2 + y^2 - 25").swapVariables(), ZZBivariate.parse("x*y - 12").swapVariables()));
    }

    @Test
    void badArgumentsAndCancellation() {
        ZZBivariate f = ZZBivariate.parse("x^2*y + 3*x - y^2");
        assertThrows(IllegalArgumentException.class, () -> BivariateResultant.resultant(null, f));
        assertThrows(IllegalArgumentException.class, () -> BivariateResultant.resultant(f, null));
        assertThrows(IllegalArgumentException.class, () -> BivariateResultant.resultant(f, f, null));
        ZZBivariate huge = ZZBivariate.monomial(BigInteger.ONE, 5000, 0).add(ZZBivariate.monomial(BigInteger.ONE, 0, 5000));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BivariateResultant.resultant(huge, huge.add(ZZBivariate.ONE)));
        assertTrue(e.getMessage().contains("degree bound"), e.getMessage());
        AtomicInteger polls = new AtomicInteger();
        Options cancel = TWO.withCancellation(() -> polls.incrementAndGet() > 3);
        ZZBivariate g = random(new Random(SEED), 6, 6, 100);
        assertThrows(CancelledException.class, () -> BivariateResultant.resultant(g, f, cancel));
    }

    @Test
    void kernelsAgainstBigInteger() {
        Random rnd = new Random(SEED + 7);
        for (int it = 0; it < 30 * MULTIPLIER; it++) {
            long p = PrimeStream.below(PolyGcdDouble.PRIME_BOUND - rnd.nextInt(1 << 20)).next(1)[0];
            double pInv = 1.0 / p;
            BigInteger bp = BigInteger.valueOf(p);
            for (int t = 0; t < 100; t++) {
                long a = t == 0 ? p - 1 : Math.floorMod(rnd.nextLong(), p);
                long b = t == 0 ? p - 1 : Math.floorMod(rnd.nextLong(), p);
                assertEquals(BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).mod(bp).longValue(),
                        BivariateKernels.mulmod(a, b, p, pInv), where("p=" + p + " a=" + a + " b=" + b));
            }
            // interpolation: a random polynomial of degree <= d from its values at 0..d (once a large d)
            int d = it == 0 ? 2000 + rnd.nextInt(100) : rnd.nextInt(60);
            long[] c = new long[d + 1];
            for (int i = 0; i <= d; i++) {
                c[i] = Math.floorMod(rnd.nextLong(), p);
            }
            long[] v = new long[d + 1];
            ZpField field = ZpField.of(p);
            for (int a = 0; a <= d; a++) {
                long s = 0;
                for (int i = d; i >= 0; i--) {
                    s = field.add(field.mul(s, a), c[i]);
                }
                v[a] = s;
            }
            BivariateKernels.interpolateConsecutive(v, p);
            assertEquals(java.util.Arrays.toString(c), java.util.Arrays.toString(v), where("p=" + p + " d=" + d));
            // evaluation with more than one block of sums
            int cols = org.modalg.modular.kernel.BivariateImagesZp.SUM_BLOCK + 1 + rnd.nextInt(100);
            long[] row = new long[cols];
            long[] pw = new long[cols];
            BigInteger expected = BigInteger.ZERO;
            for (int j = 0; j < cols; j++) {
                row[j] = j % 7 == 0 ? p - 1 : Math.floorMod(rnd.nextLong(), p);
                pw[j] = j % 5 == 0 ? p - 1 : Math.floorMod(rnd.nextLong(), p);
                expected = expected.add(BigInteger.valueOf(row[j]).multiply(BigInteger.valueOf(pw[j])));
            }
            long[] out = new long[1];
            BivariateKernels.evaluateRows(row, 1, cols, pw, p, out);
            assertEquals(expected.mod(bp).longValue(), out[0], where("p=" + p + " cols=" + cols));
        }
    }
}
