package org.modalg.modular.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.modular.Bareiss;
import org.modalg.modular.PrimeStream;

/** PA = LU modulo p and its solves, against Bareiss (det) and the residual A x - b mod p (BigInteger). */
class ZpLuTest {

    @Test
    void detAndSolveOnDenseSparseAndSingularMatrices() {
        long seed = 31337;
        Random rnd = new Random(seed);
        PrimeStream ps = PrimeStream.below(1L << ZpDetKernel.MAX_PRIME_BITS);
        long[] primes = {ps.next(), ps.next(), 3, 5, 8191};
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + rnd.nextInt(trial < 250 ? 12 : 150);
            long p = primes[rnd.nextInt(primes.length)];
            int density = 1 + rnd.nextInt(4); // 1: dense ... 4: a quarter non-zero (pivot searches, swaps)
            BigInteger[][] a = new BigInteger[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    a[i][j] = rnd.nextInt(density) == 0 ? BigInteger.valueOf(rnd.nextInt((int) Math.min(p, 1 << 22))) : BigInteger.ZERO;
                }
            }
            if (trial % 10 == 9 && n > 1) {
                a[n - 1] = a[0].clone(); // singular
            }
            String what = "seed " + seed + " trial " + trial + " n " + n + " p " + p;
            BigInteger bp = BigInteger.valueOf(p);
            long expected = naiveDet(a, n, p);
            if (n <= 12) {
                assertEquals(Bareiss.det(a).mod(bp).longValue(), expected, "oracles disagree: " + what);
            }
            assertEquals(expected, ZpDetKernel.det(rows(a, n), n, p), "det kernel: " + what);
            ZpLu lu = ZpLu.factor(rows(a, n), n, p);
            if (expected == 0) {
                assertNull(lu, what);
                continue;
            }
            assertNotNull(lu, what);
            assertEquals(expected, lu.det, what);
            double[] b = new double[n];
            for (int i = 0; i < n; i++) {
                b[i] = rnd.nextInt((int) Math.min(p, 1 << 22));
            }
            double[] x = new double[n];
            lu.solve(b, x);
            for (int i = 0; i < n; i++) {
                BigInteger s = BigInteger.ZERO;
                for (int j = 0; j < n; j++) {
                    assertEquals(x[j], Math.rint(x[j]), what);
                    assertEquals(true, x[j] >= 0 && x[j] < p, what);
                    s = s.add(a[i][j].multiply(BigInteger.valueOf((long) x[j])));
                }
                assertEquals(BigInteger.valueOf((long) b[i]).mod(bp), s.mod(bp), "row " + i + ": " + what);
            }
        }
    }

    @Test
    void rankProfileGivesTheRankAndARegularMinor() {
        long seed = System.nanoTime();
        System.out.println("ZpLuTest.rankProfile seed " + seed);
        Random rnd = new Random(seed);
        PrimeStream ps = PrimeStream.below(1L << ZpDetKernel.MAX_PRIME_BITS);
        long[] primes = {ps.next(), 3, 7, 8191};
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + rnd.nextInt(trial < 180 ? 10 : 120);
            long p = primes[rnd.nextInt(primes.length)];
            int rank = rnd.nextInt(n + 1);
            // A = L R with L n x rank and R rank x n random: rank at most `rank` modulo p.
            long[][] l = new long[n][rank];
            long[][] r = new long[rank][n];
            for (int i = 0; i < n; i++) {
                for (int t = 0; t < rank; t++) {
                    l[i][t] = rnd.nextInt((int) Math.min(p, 1 << 22));
                    r[t][i] = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt((int) Math.min(p, 1 << 22));
                }
            }
            BigInteger[][] a = new BigInteger[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    long v = 0;
                    for (int t = 0; t < rank; t++) {
                        v = (v + l[i][t] * r[t][j]) % p;
                    }
                    a[i][j] = BigInteger.valueOf(v);
                }
            }
            String what = "seed " + seed + " trial " + trial + " n " + n + " p " + p;
            int[] rows = new int[n];
            int[] cols = new int[n];
            int got = ZpLu.rankProfile(rows(a, n), n, p, rows, cols);
            assertEquals(naiveRank(a, n, p), got, what);
            BigInteger[][] minor = new BigInteger[got][got];
            for (int i = 0; i < got; i++) {
                for (int j = 0; j < got; j++) {
                    minor[i][j] = a[rows[i]][cols[j]];
                }
                if (i > 0) {
                    assertEquals(true, cols[i] > cols[i - 1], what);
                }
            }
            assertEquals(true, got == 0 || naiveDet(minor, got, p) != 0, "minor regular: " + what);
        }
    }

    // The rank modulo p by elimination on longs.
    private static int naiveRank(BigInteger[][] a0, int n, long p) {
        long[][] a = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = a0[i][j].mod(BigInteger.valueOf(p)).longValue();
            }
        }
        int rank = 0;
        for (int c = 0; c < n; c++) {
            int piv = rank;
            while (piv < n && a[piv][c] == 0) {
                piv++;
            }
            if (piv == n) {
                continue;
            }
            long[] t = a[piv];
            a[piv] = a[rank];
            a[rank] = t;
            long inv = BigInteger.valueOf(a[rank][c]).modInverse(BigInteger.valueOf(p)).longValue();
            for (int i = rank + 1; i < n; i++) {
                long f = a[i][c] * inv % p;
                for (int j = c; j < n; j++) {
                    a[i][j] = Math.floorMod(a[i][j] - f * a[rank][j] % p, p);
                }
            }
            rank++;
        }
        return rank;
    }

    // Gaussian elimination on longs modulo p, one pivot at a time.
    private static long naiveDet(BigInteger[][] a0, int n, long p) {
        long[][] a = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = a0[i][j].mod(BigInteger.valueOf(p)).longValue();
            }
        }
        long det = 1;
        for (int k = 0; k < n; k++) {
            int piv = k;
            while (piv < n && a[piv][k] == 0) {
                piv++;
            }
            if (piv == n) {
                return 0;
            }
            if (piv != k) {
                long[] t = a[piv];
                a[piv] = a[k];
                a[k] = t;
                det = (p - det) % p;
            }
            det = det * a[k][k] % p;
            long inv = BigInteger.valueOf(a[k][k]).modInverse(BigInteger.valueOf(p)).longValue();
            for (int i = k + 1; i < n; i++) {
                long f = a[i][k] * inv % p;
                for (int j = k; j < n; j++) {
                    a[i][j] = Math.floorMod(a[i][j] - f * a[k][j] % p, p);
                }
            }
        }
        return det;
    }

    private static double[][] rows(BigInteger[][] a, int n) {
        double[][] r = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                r[i][j] = a[i][j].doubleValue();
            }
        }
        return r;
    }
}
