package org.modalg.modular.mat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.modular.Bareiss;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.RandomPrimes;
import org.modalg.modular.RationalReconstruction;
import org.modalg.modular.kernel.ZpDetKernel;

/**
 * {@link LinearSolve} against fraction-exact Gauss-Jordan elimination over BigInteger fractions
 * (written here), and for larger sizes against the exact check A x = b with det A != 0.
 */
class LinearSolveTest {
    private static final Options ONE = Options.defaults().withThreads(1);
    private static final Options TWO = ONE.withThreads(2);
    private static long seed;

    @BeforeAll
    static void seed() {
        seed = System.nanoTime();
        System.out.println("LinearSolveTest seed " + seed);
    }

    // ------------------------------------------------------------------ the oracle

    /** A fraction num / den in lowest terms, den > 0. */
    private record Q(BigInteger num, BigInteger den) {
        static Q of(BigInteger num, BigInteger den) {
            if (den.signum() < 0) {
                num = num.negate();
                den = den.negate();
            }
            BigInteger g = num.gcd(den);
            return g.signum() == 0 || g.equals(BigInteger.ONE) ? new Q(num, den) : new Q(num.divide(g), den.divide(g));
        }

        static Q of(BigInteger v) {
            return new Q(v, BigInteger.ONE);
        }

        Q sub(Q o) {
            return of(num.multiply(o.den).subtract(o.num.multiply(den)), den.multiply(o.den));
        }

        Q mul(Q o) {
            return of(num.multiply(o.num), den.multiply(o.den));
        }

        Q div(Q o) {
            return of(num.multiply(o.den), den.multiply(o.num));
        }

        boolean isZero() {
            return num.signum() == 0;
        }
    }

    /** x with A x = b by Gauss-Jordan over fractions, or null if A is singular. */
    static Q[] oracle(BigInteger[][] a, BigInteger[] b) {
        int n = a.length;
        Q[][] m = new Q[n][n + 1];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                m[i][j] = Q.of(a[i][j]);
            }
            m[i][n] = Q.of(b[i]);
        }
        for (int c = 0; c < n; c++) {
            int piv = c;
            while (piv < n && m[piv][c].isZero()) {
                piv++;
            }
            if (piv == n) {
                return null;
            }
            Q[] t = m[piv];
            m[piv] = m[c];
            m[c] = t;
            for (int i = 0; i < n; i++) {
                if (i != c && !m[i][c].isZero()) {
                    Q f = m[i][c].div(m[c][c]);
                    for (int j = c; j <= n; j++) {
                        m[i][j] = m[i][j].sub(f.mul(m[c][j]));
                    }
                }
            }
        }
        Q[] x = new Q[n];
        for (int i = 0; i < n; i++) {
            x[i] = m[i][n].div(m[i][i]);
        }
        return x;
    }

    private static void assertSolves(BigInteger[][] a, BigInteger[] b, RationalVector x, String what) {
        Q[] expected = oracle(a, b);
        assertTrue(expected != null, "oracle says singular: " + what);
        assertEquals(a.length, x.size(), what);
        BigInteger lcm = BigInteger.ONE;
        for (int i = 0; i < a.length; i++) {
            RationalReconstruction.Fraction f = x.component(i);
            assertEquals(expected[i].num(), f.numerator(), "numerator " + i + ": " + what);
            assertEquals(expected[i].den(), f.denominator(), "denominator " + i + ": " + what);
            lcm = lcm.divide(lcm.gcd(f.denominator())).multiply(f.denominator());
        }
        assertEquals(lcm, x.denominator(), "the common denominator is the least one: " + what);
    }

    /** A (d x) = d b exactly, and x in lowest terms: for sizes beyond the fraction oracle. */
    private static void assertSolvesByCheck(BigInteger[][] a, BigInteger[] b, RationalVector x, String what) {
        int n = a.length;
        BigInteger g = x.denominator();
        for (int i = 0; i < n; i++) {
            BigInteger s = x.denominator().multiply(b[i]).negate();
            for (int j = 0; j < n; j++) {
                s = s.add(a[i][j].multiply(x.numerator(j)));
            }
            assertEquals(BigInteger.ZERO, s, "row " + i + ": " + what);
            g = g.gcd(x.numerator(i));
        }
        assertEquals(BigInteger.ONE, g, "lowest terms: " + what);
        assertTrue(x.denominator().signum() > 0, what);
    }

    private static BigInteger[] randomVector(Random rnd, int n, int bits) {
        BigInteger[] b = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            BigInteger v = new BigInteger(1 + rnd.nextInt(bits), rnd);
            b[i] = rnd.nextBoolean() ? v.negate() : v;
        }
        return b;
    }

    private static BigInteger[] times(BigInteger[][] a, BigInteger[] x) {
        BigInteger[] b = new BigInteger[a.length];
        for (int i = 0; i < a.length; i++) {
            BigInteger s = BigInteger.ZERO;
            for (int j = 0; j < x.length; j++) {
                s = s.add(a[i][j].multiply(x[j]));
            }
            b[i] = s;
        }
        return b;
    }

    private static BigInteger[] ints(long... v) {
        BigInteger[] out = new BigInteger[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = BigInteger.valueOf(v[i]);
        }
        return out;
    }

    // ------------------------------------------------------------------ tests

    @Test
    void randomSystemsAgreeWithFractionGaussJordan() {
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 40; trial++) {
            int n = 1 + rnd.nextInt(trial < 30 ? 10 : 24);
            int bits = 1 + rnd.nextInt(trial >= 30 ? 12 : trial % 3 == 0 ? 150 : 40);
            BigInteger[][] a = DeterminantTest.random(rnd, n, bits);
            BigInteger[] b = randomVector(rnd, n, 1 + rnd.nextInt(120));
            String what = "seed " + seed + " trial " + trial + " n " + n + " bits " + bits;
            if (oracle(a, b) == null) {
                assertThrows(ArithmeticException.class, () -> LinearSolve.solve(a, b, ONE), what);
                continue;
            }
            ModularResult<RationalVector> r = LinearSolve.solve(a, b, trial % 2 == 0 ? ONE : TWO);
            assertSolves(a, b, r.value(), what);
            assertEquals(Certification.PROVEN, r.report().certification(), what);
        }
    }

    @Test
    void largerSystemsSatisfyTheExactCheck() {
        Random rnd = new Random(seed + 1);
        for (int[] nb : new int[][] {{60, 10}, {110, 30}, {130, 3}}) {
            BigInteger[][] a = DeterminantTest.random(rnd, nb[0], nb[1]);
            BigInteger[] b = randomVector(rnd, nb[0], 64);
            String what = "seed " + seed + " n " + nb[0] + " bits " + nb[1];
            ModularResult<RationalVector> r = LinearSolve.solve(a, b, TWO);
            assertSolvesByCheck(a, b, r.value(), what);
            BigInteger det = Bareiss.det(a);
            assertTrue(det.signum() != 0, what);
            assertEquals(BigInteger.ZERO, det.mod(r.value().denominator()), "d divides det A: " + what);
            for (String phase : new String[] {"bound", "factor", "lifting", "reconstruction"}) {
                assertTrue(r.report().phaseNanos().containsKey(phase), phase + ": " + r.report());
            }
        }
    }

    @Test
    void smallEdges() {
        // n = 0
        RationalVector empty = LinearSolve.solve(new BigInteger[0][], new BigInteger[0], ONE).value();
        assertEquals(0, empty.size());
        assertEquals(BigInteger.ONE, empty.denominator());
        // n = 1, signs
        RationalVector x = LinearSolve.solve(new long[][] {{-4}}, new long[] {6});
        assertEquals(BigInteger.valueOf(-3), x.numerator(0));
        assertEquals(BigInteger.TWO, x.denominator());
        assertEquals("[-3/2]", x.toString());
        assertEquals(List.of(ints(7)), List.of(LinearSolve.solve(new long[][] {{1}}, new long[] {7}).numerators()));
        // identity: x = b, denominator 1
        Random rnd = new Random(seed + 2);
        for (int n : new int[] {1, 2, 17, 70}) {
            BigInteger[][] id = new BigInteger[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    id[i][j] = i == j ? BigInteger.ONE : BigInteger.ZERO;
                }
            }
            BigInteger[] b = randomVector(rnd, n, 300);
            RationalVector y = LinearSolve.solve(id, b, TWO).value();
            assertTrue(y.isIntegral(), "identity n " + n);
            for (int i = 0; i < n; i++) {
                assertEquals(b[i], y.numerator(i), "identity n " + n + " entry " + i + " seed " + seed);
            }
        }
        // b = 0 gives 0 (after A is proven regular)
        BigInteger[][] a = DeterminantTest.random(rnd, 9, 20);
        while (Bareiss.det(a).signum() == 0) {
            a = DeterminantTest.random(rnd, 9, 20);
        }
        RationalVector zero = LinearSolve.solve(a, ints(0, 0, 0, 0, 0, 0, 0, 0, 0), ONE).value();
        assertTrue(zero.isIntegral());
        for (int i = 0; i < 9; i++) {
            assertEquals(BigInteger.ZERO, zero.numerator(i));
        }
        // b = 0 with A singular is still singular
        assertThrows(ArithmeticException.class,
                () -> LinearSolve.solve(new long[][] {{1, 2}, {2, 4}}, new long[] {0, 0}, ONE));
    }

    @Test
    void integralSolutionsStopEarlyAndAreChecked() {
        Random rnd = new Random(seed + 3);
        for (int n : new int[] {5, 40, 120}) {
            BigInteger[][] a = DeterminantTest.random(rnd, n, 12);
            BigInteger[] x0 = randomVector(rnd, n, 8);
            BigInteger[] b = times(a, x0);
            String what = "seed " + seed + " n " + n;
            ModularResult<RationalVector> r = LinearSolve.solve(a, b, TWO);
            assertTrue(r.value().isIntegral(), what);
            assertEquals(List.of(x0), List.of(r.value().numerators()), what);
            if (n >= 40) {
                assertTrue(r.report().certificationDetail().contains("checked exactly"), r.report().toString());
                assertTrue(r.report().phaseNanos().containsKey("check"), r.report().toString());
            }
        }
    }

    @Test
    void hugeEntries() {
        Random rnd = new Random(seed + 4);
        for (int[] nb : new int[][] {{1, 5000}, {4, 3000}, {7, 1200}}) {
            BigInteger[][] a = DeterminantTest.random(rnd, nb[0], nb[1]);
            BigInteger[] b = randomVector(rnd, nb[0], nb[1] + 500);
            String what = "seed " + seed + " n " + nb[0] + " bits " + nb[1];
            if (oracle(a, b) == null) {
                continue;
            }
            assertSolves(a, b, LinearSolve.solve(a, b, TWO).value(), what);
        }
    }

    @Test
    void singularMatricesThrow() {
        Random rnd = new Random(seed + 5);
        // a duplicate row, a combination of rows, rank 1, a zero column, the zero matrix
        BigInteger[][] dup = DeterminantTest.random(rnd, 12, 30);
        dup[9] = dup[2].clone();
        BigInteger[][] comb = DeterminantTest.random(rnd, 25, 20);
        for (int j = 0; j < 25; j++) {
            comb[24][j] = comb[0][j].multiply(BigInteger.valueOf(3)).subtract(comb[7][j].shiftLeft(5));
        }
        BigInteger[][] rank1 = new BigInteger[6][6];
        BigInteger[] u = randomVector(rnd, 6, 40);
        BigInteger[] v = randomVector(rnd, 6, 40);
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                rank1[i][j] = u[i].multiply(v[j]);
            }
        }
        BigInteger[][] zeroCol = DeterminantTest.random(rnd, 5, 10);
        for (int i = 0; i < 5; i++) {
            zeroCol[i][3] = BigInteger.ZERO;
        }
        BigInteger[][] zero = {{BigInteger.ZERO, BigInteger.ZERO}, {BigInteger.ZERO, BigInteger.ZERO}};
        BigInteger[][] one = {{BigInteger.ZERO}};
        for (BigInteger[][] s : List.of(dup, comb, rank1, zeroCol, zero, one)) {
            BigInteger[] b = randomVector(rnd, s.length, 30);
            ArithmeticException e = assertThrows(ArithmeticException.class, () -> LinearSolve.solve(s, b, TWO),
                    "seed " + seed + " n " + s.length);
            assertTrue(e.getMessage().startsWith("singular matrix"), e.getMessage());
        }
    }

    @Test
    void singularModuloTheFirstPrimesIsOnlyUnlucky() {
        Random rnd = new Random(seed + 6);
        // det A = the product of the first 12 primes of the stream: those are unlucky.
        PrimeStream stream = PrimeStream.below(1L << ZpDetKernel.MAX_PRIME_BITS);
        BigInteger planted = BigInteger.ONE;
        for (int i = 0; i < 12; i++) {
            planted = planted.multiply(BigInteger.valueOf(stream.next()));
        }
        int n = 8;
        BigInteger[][] a = plantedDet(rnd, n, planted);
        BigInteger[] b = randomVector(rnd, n, 50);
        ModularResult<RationalVector> r = LinearSolve.solve(a, b, TWO);
        assertSolves(a, b, r.value(), "seed " + seed);
        assertTrue(r.report().unluckyCount() >= 1, r.report().toString());
        assertTrue(r.report().seed().isPresent(), r.report().toString());
    }

    @Test
    void singularModuloTheFirstRandomPrimesToo() {
        // With the seed fixed the random primes are known: det A divisible by the first stream
        // primes and the first random ones, so the singularity proof is tried, fails its check,
        // and det A (non-zero) steers the primes.
        Random rnd = new Random(seed + 7);
        long primeSeed = rnd.nextLong();
        Options o = ONE.withSeed(primeSeed);
        PrimeStream stream = PrimeStream.below(1L << ZpDetKernel.MAX_PRIME_BITS);
        RandomPrimes random = RandomPrimes.inRange(ZpDetKernel.MAX_PRIME_BITS, primeSeed);
        BigInteger planted = BigInteger.ONE;
        for (int i = 0; i < 10; i++) {
            planted = planted.multiply(BigInteger.valueOf(stream.next()));
        }
        for (int i = 0; i < 2 * LinearSolve.MAX_LU_FAILURES + 10; i++) {
            planted = planted.multiply(BigInteger.valueOf(random.next()));
        }
        int n = 6;
        BigInteger[][] a = plantedDet(rnd, n, planted);
        BigInteger[] b = randomVector(rnd, n, 40);
        ModularResult<RationalVector> r = LinearSolve.solve(a, b, o);
        assertSolves(a, b, r.value(), "seed " + seed);
        assertTrue(r.report().notes().stream().anyMatch(s -> s.contains("failed the check")), r.report().toString());
    }

    // U diag(det, 1, ..., 1) V with unimodular U and V: det A = +-det.
    private static BigInteger[][] plantedDet(Random rnd, int n, BigInteger det) {
        BigInteger[][] u = DeterminantDivisorTest.unimodular(rnd, n);
        BigInteger[][] v = DeterminantDivisorTest.unimodular(rnd, n);
        for (int i = 0; i < n; i++) {
            u[i][0] = u[i][0].multiply(det);
        }
        BigInteger[][] a = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                BigInteger s = BigInteger.ZERO;
                for (int l = 0; l < n; l++) {
                    s = s.add(u[i][l].multiply(v[l][j]));
                }
                a[i][j] = s;
            }
        }
        return a;
    }

    @Test
    void severalRightHandSidesShareTheFactorization() {
        Random rnd = new Random(seed + 8);
        BigInteger[][] a = DeterminantTest.random(rnd, 14, 25);
        List<BigInteger[]> rhs = new ArrayList<>();
        for (int j = 0; j < 4; j++) {
            rhs.add(randomVector(rnd, 14, 30));
        }
        rhs.add(times(a, randomVector(rnd, 14, 5)));
        rhs.add(ints(new long[14]));
        if (oracle(a, rhs.get(0)) == null) {
            return;
        }
        ModularResult<List<RationalVector>> r = LinearSolve.solve(a, rhs, TWO);
        assertEquals(rhs.size(), r.value().size());
        for (int j = 0; j < rhs.size(); j++) {
            assertSolves(a, rhs.get(j), r.value().get(j), "seed " + seed + " rhs " + j);
            assertEquals(LinearSolve.solve(a, rhs.get(j), ONE).value(), r.value().get(j), "rhs " + j);
        }
    }

    @Test
    void badArgumentsNameTheParameter() {
        BigInteger[][] a = {{BigInteger.ONE, BigInteger.TWO}, {BigInteger.ONE, BigInteger.TEN}};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LinearSolve.solve(new long[][] {{1, 2, 3}, {4, 5, 6}}, new long[] {1, 2}, ONE));
        assertTrue(e.getMessage().contains("a must be square, got 2 x 3"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LinearSolve.solve(a, ints(1, 2, 3), ONE));
        assertTrue(e.getMessage().startsWith("b must have n = 2 entries"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LinearSolve.solve(a, (BigInteger[]) null, ONE));
        assertTrue(e.getMessage().startsWith("b must not be null"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> LinearSolve.solve(a, new BigInteger[] {BigInteger.ONE, null}, ONE));
        assertTrue(e.getMessage().startsWith("b[1]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> LinearSolve.solve(new BigInteger[][] {{BigInteger.ONE, null}, {BigInteger.ONE, BigInteger.ONE}},
                        ints(1, 1), ONE));
        assertTrue(e.getMessage().startsWith("a[0][1]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LinearSolve.solve(a, ints(1, 1), null));
        assertTrue(e.getMessage().startsWith("options"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LinearSolve.solve(a, List.<BigInteger[]>of(ints(1)), ONE));
        assertTrue(e.getMessage().startsWith("rhs[0] must have n = 2"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> LinearSolve.solve((BigInteger[][]) null, ints(1), ONE));
        assertTrue(e.getMessage().startsWith("a must not be null"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> LinearSolve.solve(new long[][] {{1, 2}, {3}}, new long[] {1, 2}, ONE));
        assertTrue(e.getMessage().contains("rectangular"), e.getMessage());
    }

    @Test
    void progressAndCancellation() {
        Random rnd = new Random(seed + 9);
        BigInteger[][] a = DeterminantTest.random(rnd, 20, 16);
        BigInteger[] b = randomVector(rnd, 20, 16);
        AtomicInteger steps = new AtomicInteger();
        Options o = ONE.withListener((phase, done, total) -> {
            if (phase.equals("lifting")) {
                steps.incrementAndGet();
            }
        });
        if (oracle(a, b) != null) {
            LinearSolve.solve(a, b, o);
            assertTrue(steps.get() > 0);
        }
        assertThrows(CancelledException.class, () -> LinearSolve.solve(a, b, ONE.withCancellation(() -> true)));
    }

    @Test
    void rationalVectorIsInLowestTerms() {
        RationalVector v = RationalVector.of(ints(6, -4, 0), BigInteger.valueOf(-10));
        assertEquals(BigInteger.valueOf(5), v.denominator());
        assertEquals(List.of(ints(-3, 2, 0)), List.of(v.numerators()));
        assertEquals("[-3/5, 2/5, 0]", v.toString());
        assertEquals(new RationalReconstruction.Fraction(BigInteger.ZERO, BigInteger.ONE), v.component(2));
        assertEquals(v, RationalVector.of(ints(-3, 2, 0), BigInteger.valueOf(5)));
        assertThrows(IllegalArgumentException.class, () -> RationalVector.of(ints(1), BigInteger.ZERO));
        assertThrows(IllegalArgumentException.class, () -> RationalVector.of(new BigInteger[] {null}, BigInteger.ONE));
    }
}
