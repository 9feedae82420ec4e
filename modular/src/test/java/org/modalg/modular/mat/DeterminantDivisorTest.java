package org.modalg.modular.mat;

import static org.modalg.modular.mat.DeterminantTest.multiply;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.Bareiss;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.kernel.ZpDetKernel;

/** The divisor strategy of the CRT route (Dixon lifting) against Bareiss and the plain strategy. */
class DeterminantDivisorTest {
    private static final Options ONE = Options.defaults().withRoute(Route.CRT).withThreads(1);
    private static final Options TWO = ONE.withThreads(2);

    private static BigInteger divisor(BigInteger[][] a, Options o) {
        return Determinant.det(a, o, Determinant.CrtStrategy.DIVISOR).value();
    }

    private static BigInteger plain(BigInteger[][] a) {
        return Determinant.det(a, TWO, Determinant.CrtStrategy.PLAIN).value();
    }

    @Test
    void randomMatricesAgreeWithBareissAndThePlainStrategy() {
        long seed = 4711;
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 40; trial++) {
            int n = 1 + rnd.nextInt(trial < 30 ? 25 : 60);
            int bits = 1 + rnd.nextInt(n <= 25 ? 200 : 40);
            BigInteger[][] a = DeterminantTest.random(rnd, n, bits);
            String what = "seed " + seed + " trial " + trial + " n " + n + " bits " + bits;
            BigInteger expected = Bareiss.det(a);
            assertEquals(expected, divisor(a, trial % 2 == 0 ? ONE : TWO), what);
            assertEquals(expected, plain(a), "plain: " + what);
        }
        // Larger sizes against the plain strategy only (n >= 100: the lifting runs on the threads).
        for (int[] nb : new int[][] {{80, 10}, {70, 120}, {110, 12}}) {
            BigInteger[][] a = DeterminantTest.random(rnd, nb[0], nb[1]);
            assertEquals(plain(a), divisor(a, TWO), "n " + nb[0] + " bits " + nb[1]);
        }
    }

    @Test
    void unimodularSingularAndDiagonal() {
        Random rnd = new Random(12);
        for (int n : new int[] {2, 13, 40}) {
            BigInteger[][] u = unimodular(rnd, n);
            assertEquals(Bareiss.det(u), divisor(u, ONE), "unimodular n " + n);
            assertEquals(BigInteger.ONE, divisor(u, ONE).abs(), "unimodular n " + n);
        }
        // Singular over Z: duplicate row, and a rank 10 product; the strategy falls back.
        BigInteger[][] dup = DeterminantTest.random(rnd, 20, 60);
        dup[17] = dup[4].clone();
        ModularResult<BigInteger> r = Determinant.det(dup, TWO, Determinant.CrtStrategy.DIVISOR);
        assertEquals(BigInteger.ZERO, r.value());
        assertEquals(Certification.PROVEN, r.report().certification());
        assertTrue(r.report().notes().stream().anyMatch(s -> s.contains("singular")), r.report().toString());
        BigInteger[][] low = multiply(DeterminantTest.random(rnd, 16, 20), zeroRows(DeterminantTest.random(rnd, 16, 20), 6));
        assertEquals(BigInteger.ZERO, divisor(low, ONE));
        // Diagonal with huge entries: x_i = b_i / a_ii, each denominator a different factor of det.
        int n = 14;
        BigInteger[][] diag = new BigInteger[n][n];
        BigInteger prod = BigInteger.ONE;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                diag[i][j] = BigInteger.ZERO;
            }
            diag[i][i] = BigInteger.ONE.shiftLeft(500 + 37 * i).subtract(BigInteger.valueOf(3 + i)).negate();
            prod = prod.multiply(diag[i][i]);
        }
        assertEquals(prod, divisor(diag, TWO));
    }

    @Test
    void smoothAndPrimePartsAndProperDivisors() {
        Random rnd = new Random(99);
        int n = 24;
        BigInteger smooth = BigInteger.valueOf(2).pow(300).multiply(BigInteger.valueOf(3).pow(150))
                .multiply(BigInteger.valueOf(8388593).pow(5)); // 8388593: the largest prime below 2^23
        BigInteger prime = BigInteger.ONE.shiftLeft(521).subtract(BigInteger.ONE); // Mersenne prime
        // A = U diag(smooth, prime, 1, ...) V: det = +-smooth * prime, one large invariant factor.
        BigInteger[] d1 = diagonal(n, smooth, prime);
        BigInteger[][] a1 = multiply(multiply(unimodular(rnd, n), diagMatrix(d1)), unimodular(rnd, n));
        assertEquals(Bareiss.det(a1), divisor(a1, ONE));
        // Smith form diag(q, q, q r, ...): the solution's denominators divide q r, a proper divisor
        // of det = q^3 r, so the cofactor q^2 is left to the CRT.
        BigInteger q = BigInteger.valueOf(1_000_003L).pow(7);
        BigInteger[] d2 = diagonal(n, q, q, q.multiply(prime));
        BigInteger[][] a2 = multiply(multiply(unimodular(rnd, n), diagMatrix(d2)), unimodular(rnd, n));
        ModularResult<BigInteger> r = Determinant.det(a2, TWO, Determinant.CrtStrategy.DIVISOR);
        assertEquals(Bareiss.det(a2), r.value());
        assertEquals(q.pow(3).multiply(prime), r.value().abs());
        // det divisible by the first primes of the stream: those factorizations fail and are replaced.
        PrimeStream ps = PrimeStream.below(1L << ZpDetKernel.MAX_PRIME_BITS);
        BigInteger[] d3 = diagonal(n, BigInteger.valueOf(ps.next()), BigInteger.valueOf(ps.next()));
        BigInteger[][] a3 = multiply(multiply(unimodular(rnd, n), diagMatrix(d3)), unimodular(rnd, n));
        ModularResult<BigInteger> r3 = Determinant.det(a3, ONE, Determinant.CrtStrategy.DIVISOR);
        assertEquals(Bareiss.det(a3), r3.value());
        assertEquals(2, r3.report().unluckyCount(), r3.report().toString());
    }

    @Test
    void reportProgressAndCancellation() {
        BigInteger[][] a = DeterminantTest.random(new Random(3), 30, 50);
        AtomicInteger liftSteps = new AtomicInteger();
        ModularResult<BigInteger> r = Determinant.det(a, TWO.withListener((phase, done, needed) -> {
            if (phase.equals("dixon-lift")) {
                liftSteps.set(done);
            }
        }));
        assertEquals(Bareiss.det(a), r.value());
        ModularReport rep = r.report();
        assertEquals(Certification.PROVEN, rep.certification());
        for (String phase : new String[] {"bound", "dixon-lu", "dixon-lift", "rational-reconstruction", "cofactor-crt"}) {
            assertTrue(rep.phaseNanos().containsKey(phase), phase + " in " + rep);
        }
        assertTrue(liftSteps.get() > 0 && rep.field().contains("divisor"), rep.toString());
        assertTrue(rep.primesUsed() > 0);
        AtomicInteger calls = new AtomicInteger();
        for (int stopAfter : new int[] {2, 20}) { // during the factorizations, during the lifting
            calls.set(0);
            assertThrows(CancelledException.class, () -> Determinant.det(a,
                    ONE.withCancellation(() -> calls.incrementAndGet() > stopAfter), Determinant.CrtStrategy.DIVISOR));
        }
        assertThrows(IllegalArgumentException.class, () -> Determinant.det(a, ONE, null));
    }

    static BigInteger[][] unimodular(Random rnd, int n) {
        BigInteger[][] l = new BigInteger[n][n];
        BigInteger[][] u = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                l[i][j] = i == j ? BigInteger.ONE : i > j ? BigInteger.valueOf(rnd.nextInt(7) - 3) : BigInteger.ZERO;
                u[i][j] = i == j ? BigInteger.ONE : i < j ? BigInteger.valueOf(rnd.nextInt(7) - 3) : BigInteger.ZERO;
            }
        }
        BigInteger[][] m = multiply(l, u);
        if (n > 1 && rnd.nextBoolean()) {
            BigInteger[] t = m[0];
            m[0] = m[n - 1];
            m[n - 1] = t;
        }
        return m;
    }

    private static BigInteger[] diagonal(int n, BigInteger... first) {
        BigInteger[] d = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            d[i] = i < first.length ? first[i] : BigInteger.ONE;
        }
        return d;
    }

    private static BigInteger[][] diagMatrix(BigInteger[] d) {
        int n = d.length;
        BigInteger[][] m = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                m[i][j] = i == j ? d[i] : BigInteger.ZERO;
            }
        }
        return m;
    }

    private static BigInteger[][] zeroRows(BigInteger[][] x, int count) {
        for (int i = 0; i < count; i++) {
            java.util.Arrays.fill(x[i], BigInteger.ZERO);
        }
        return x;
    }
}
