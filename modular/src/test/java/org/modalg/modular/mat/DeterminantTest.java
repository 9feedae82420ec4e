package org.modalg.modular.mat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.Bareiss;
import org.modalg.modular.Bounds;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;

class DeterminantTest {
    private static final int MULTIPLIER = Math.max(1, Integer.getInteger("modalg.test.multiplier", 1));

    private static final Options CRT = Options.defaults().withRoute(Route.CRT).withThreads(2);
    private static final Options BIG = Options.defaults().withRoute(Route.BIG_PRIME).withThreads(2);

    static BigInteger[][] random(Random rnd, int n, int bits) {
        BigInteger[][] a = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                BigInteger v = new BigInteger(1 + rnd.nextInt(bits), rnd);
                a[i][j] = rnd.nextBoolean() ? v.negate() : v;
            }
        }
        return a;
    }

    private static void check(BigInteger[][] a, String what) {
        BigInteger expected = Bareiss.det(a);
        assertEquals(expected, Determinant.det(a, CRT).value(), "crt: " + what);
        if (a.length <= 12) {
            assertEquals(expected, Determinant.det(a, BIG).value(), "bigprime: " + what);
        }
        assertEquals(expected, Determinant.det(a, CRT.withCertification(Certification.PROBABILISTIC)
                .withThreads(1)).value(), "probabilistic: " + what);
    }

    @Test
    void randomMatricesAgreeWithBareissOnBothRoutes() {
        long seed = 2024;
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 25 * MULTIPLIER; trial++) {
            int n = rnd.nextInt(31);
            int bits = 1 + rnd.nextInt(n <= 12 ? 200 : 60);
            check(random(rnd, n, bits), "seed " + seed + " trial " + trial + " n " + n + " bits " + bits);
        }
    }

    @Test
    void longInputAndExtremeLongs() {
        long seed = 9;
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 10 * MULTIPLIER; trial++) {
            int n = 1 + rnd.nextInt(10);
            long[][] a = new long[n][n];
            for (long[] row : a) {
                for (int j = 0; j < n; j++) {
                    int kind = rnd.nextInt(4);
                    row[j] = kind == 0 ? Long.MIN_VALUE : kind == 1 ? Long.MAX_VALUE : rnd.nextLong() >> rnd.nextInt(64);
                }
            }
            assertEquals(Bareiss.det(a), Determinant.det(a), "seed " + seed + " trial " + trial);
            assertEquals(Bareiss.det(a), Determinant.det(a, BIG).value(), "seed " + seed + " trial " + trial);
        }
    }

    @Test
    void structuredMatrices() {
        assertEquals(BigInteger.ONE, Determinant.det(new long[0][0]));
        assertEquals(BigInteger.valueOf(-7), Determinant.det(new long[][] {{-7}}));
        assertEquals(BigInteger.ZERO, Determinant.det(new long[5][5]));
        long[][] id = new long[20][20];
        for (int i = 0; i < 20; i++) {
            id[i][i] = 1;
        }
        assertEquals(BigInteger.ONE, Determinant.det(id, CRT).value());
        assertEquals(BigInteger.ONE, Determinant.det(id, BIG).value());
        Random rnd = new Random(31);
        // Duplicate row, and rank-deficient products (n x r times r x n, r < n).
        BigInteger[][] dup = random(rnd, 9, 80);
        dup[7] = dup[2].clone();
        check(dup, "duplicate row");
        BigInteger[][] low = multiply(random(rnd, 12, 30), zeroCols(random(rnd, 12, 30), 4));
        assertEquals(BigInteger.ZERO, Bareiss.det(low));
        check(low, "rank 8 product");
        // Diagonal with huge entries.
        BigInteger[][] diag = new BigInteger[4][4];
        BigInteger prod = BigInteger.ONE;
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                diag[i][j] = BigInteger.ZERO;
            }
            diag[i][i] = BigInteger.ONE.shiftLeft(3000 + i).subtract(BigInteger.valueOf(i * 17 + 3));
            prod = prod.multiply(diag[i][i]);
        }
        assertEquals(prod, Determinant.det(diag, CRT).value());
        assertEquals(prod, Determinant.det(diag, BIG).value(), "bigprime with word primes topping up");
        // Unimodular: product of random unit triangular matrices and a permutation, det = +-1.
        for (int n : new int[] {5, 17, 30}) {
            BigInteger[][] u = multiply(unitTriangular(rnd, n, true), unitTriangular(rnd, n, false));
            swapRows(u, 0, n - 1);
            assertEquals(BigInteger.ONE.negate(), Determinant.det(u, CRT).value(), "unimodular n " + n);
            if (n <= 17) {
                assertEquals(BigInteger.ONE.negate(), Determinant.det(u, BIG).value(), "unimodular n " + n);
            }
        }
        // Hilbert-like: L / (i + j + 1) scaled to integers by L = lcm(1..2n-1).
        for (int n : new int[] {3, 8, 14}) {
            BigInteger l = BigInteger.ONE;
            for (int i = 1; i < 2 * n; i++) {
                l = l.divide(l.gcd(BigInteger.valueOf(i))).multiply(BigInteger.valueOf(i));
            }
            BigInteger[][] h = new BigInteger[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    h[i][j] = l.divide(BigInteger.valueOf(i + j + 1));
                }
            }
            check(h, "scaled Hilbert n " + n);
        }
    }

    @Test
    void ejmlInput() {
        DMatrixRMaj m = new DMatrixRMaj(new double[][] {{2, -3, 1}, {4, 0, 5}, {-1e15, 7, 9}});
        long[][] l = {{2, -3, 1}, {4, 0, 5}, {-1_000_000_000_000_000L, 7, 9}};
        assertEquals(Bareiss.det(l), Determinant.det(m));
        DMatrixRMaj big = new DMatrixRMaj(new double[][] {{0x1p100, 1}, {3, 0x1p70}});
        assertEquals(BigInteger.ONE.shiftLeft(170).subtract(BigInteger.valueOf(3)), Determinant.det(big));
        m.set(2, 1, 0.5);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Determinant.det(m));
        assertTrue(e.getMessage().contains("row 2") && e.getMessage().contains("col 1"), e.getMessage());
        m.set(2, 1, Double.NaN);
        assertThrows(IllegalArgumentException.class, () -> Determinant.det(m));
        assertThrows(IllegalArgumentException.class, () -> Determinant.det(new DMatrixRMaj(2, 3)));
        assertEquals(BigInteger.ONE, Determinant.det(new DMatrixRMaj(0, 0)));
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> Determinant.det((long[][]) null));
        assertThrows(IllegalArgumentException.class, () -> Determinant.det((DMatrixRMaj) null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Determinant.det(new long[][] {{1, 2}, {3}}));
        assertTrue(e.getMessage().contains("row 1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Determinant.det(new long[][] {{1, 2, 3}, {3, 4, 5}}));
        assertTrue(e.getMessage().contains("square"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Determinant.det(new long[][] {{1}, null}));
        assertThrows(IllegalArgumentException.class,
                () -> Determinant.det(new BigInteger[][] {{BigInteger.ONE, null}, {null, null}}));
        assertThrows(IllegalArgumentException.class, () -> Determinant.det(new long[][] {{1}}, null));
    }

    @Test
    void listenerCancellationAndReport() {
        BigInteger[][] a = random(new Random(5), 20, 100);
        List<Integer> done = new ArrayList<>();
        AtomicInteger needed = new AtomicInteger();
        ModularResult<BigInteger> r = Determinant.det(a, CRT.withThreads(1).withListener((phase, d, nd) -> {
            assertEquals("images", phase);
            done.add(d);
            needed.set(nd);
        }), Determinant.CrtStrategy.PLAIN);
        assertEquals(Bareiss.det(a), r.value());
        ModularReport rep = r.report();
        assertEquals(Route.CRT, rep.route());
        assertEquals(Certification.PROVEN, rep.certification());
        assertEquals(rep.primesUsed(), done.size());
        assertEquals(rep.primesUsed(), needed.get());
        for (int i = 0; i < done.size(); i++) {
            assertEquals(i + 1, done.get(i));
        }
        // PROVEN means: the modulus exceeds twice the Hadamard bound.
        assertTrue(rep.certificationDetail().contains("Hadamard"));
        assertTrue(rep.phaseNanos().containsKey("images") && rep.phaseNanos().containsKey("bound"));
        assertTrue(rep.toString().contains("primes used"));
        assertEquals(Route.CRT, Determinant.det(a, Options.defaults()).report().route(), "auto -> crt");

        AtomicInteger calls = new AtomicInteger();
        for (Options o : new Options[] {CRT, CRT.withThreads(1), BIG}) {
            calls.set(0);
            Options cancelling = o.withCancellation(() -> calls.incrementAndGet() > 3);
            assertThrows(CancelledException.class, () -> Determinant.det(a, cancelling));
        }
        // Probabilistic: never more primes than the proven run, and reported as such when it stopped early.
        ModularResult<BigInteger> p = Determinant.det(a, CRT.withCertification(Certification.PROBABILISTIC),
                Determinant.CrtStrategy.PLAIN);
        assertEquals(r.value(), p.value());
        // random primes of [2^22, 2^23): at most the count that covers 2H with 22 bits each
        long hadamardBits = Bounds.hadamard(a).bitLength();
        assertTrue(p.report().primesUsed() <= (hadamardBits + 2) / 22 + 2, p.report().toString());
        if (p.report().primesUsed() < rep.primesUsed()) {
            assertEquals(Certification.PROBABILISTIC, p.report().certification());
        }
        ModularResult<BigInteger> b = Determinant.det(a, BIG);
        assertEquals(r.value(), b.value());
        assertEquals(Route.BIG_PRIME, b.report().route());
        assertTrue(b.report().field().contains("generalized Fermat"), b.report().field());
    }

    @Test
    void singularMatrixIsHintedAndProven() {
        BigInteger[][] a = random(new Random(8), 15, 50);
        a[3] = a[0].clone();
        ModularResult<BigInteger> r = Determinant.det(a, CRT);
        assertEquals(BigInteger.ZERO, r.value());
        assertEquals(Certification.PROVEN, r.report().certification());
        assertTrue(r.report().notes().stream().anyMatch(s -> s.contains("singular")), r.report().toString());
    }

    /** x y for n x n matrices, the schoolbook product (an oracle of the tests in this package). */
    static BigInteger[][] multiply(BigInteger[][] x, BigInteger[][] y) {
        int n = x.length;
        BigInteger[][] z = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                BigInteger s = BigInteger.ZERO;
                for (int t = 0; t < n; t++) {
                    s = s.add(x[i][t].multiply(y[t][j]));
                }
                z[i][j] = s;
            }
        }
        return z;
    }

    private static BigInteger[][] zeroCols(BigInteger[][] x, int count) {
        for (BigInteger[] row : x) {
            for (int j = 0; j < count; j++) {
                row[j] = BigInteger.ZERO;
            }
        }
        return x;
    }

    private static BigInteger[][] unitTriangular(Random rnd, int n, boolean lower) {
        BigInteger[][] t = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                t[i][j] = i == j ? BigInteger.ONE
                        : (lower ? i > j : i < j) ? BigInteger.valueOf(rnd.nextInt(21) - 10) : BigInteger.ZERO;
            }
        }
        return t;
    }

    private static void swapRows(BigInteger[][] a, int i, int j) {
        BigInteger[] t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
