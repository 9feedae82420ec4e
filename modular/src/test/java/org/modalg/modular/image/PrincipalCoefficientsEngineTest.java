package org.modalg.modular.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.modular.GcdOracles;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.kernel.PolyGcdDouble;

/**
 * {@link ImageEngine#principalCoefficientsOnCosets}: the interface's default (one thread) and the
 * CPU engine (several threads) against the determinantal definition written here, psc_j = det of
 * the first n + m - 2j columns of M_j (the rows x^(m-j-1) a, ..., a, x^(n-j-1) b, ..., b at each
 * point, evaluation and elimination in BigInteger), on random grids every run (fresh seed unless
 * {@code -Dmodalg.test.seed}, printed): leading coefficients in x that vanish at a point or
 * everywhere, grids of one row, and planted degree gaps (f = x^(n-m) g + h with h of low degree
 * in x, so that the first remainder skips indices at every point; h = 0: every psc zero). The GPU
 * engine's test ({@code GpuPrincipalCoefficientsTest}, tag gpu) compares with the CPU engine bit
 * for bit.
 */
class PrincipalCoefficientsEngineTest {
    static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);

    @BeforeAll
    static void printSeed() {
        System.out.println("PrincipalCoefficientsEngineTest seed=" + SEED + " (-Dmodalg.test.seed to replay)");
    }

    /**
     * Grids (f, g) for each prime, cols columns each; gap: f = x^(n-m) g + h, h random in its
     * rows below hRows (0: h = 0), needing fRows &gt;= gRows.
     */
    static long[][] gapPair(Random rnd, long[] primes, int fRows, int gRows, int cols, int hRows, int zeroLead) {
        long[] g = BivariateResultantsEngineTest.grids(rnd, primes, gRows, cols, zeroLead);
        long[] f = new long[primes.length * fRows * cols];
        int shift = fRows - gRows;
        for (int j = 0; j < primes.length; j++) {
            long p = primes[j];
            for (int i = 0; i < fRows; i++) {
                for (int k = 0; k < cols; k++) {
                    long v = i >= shift ? g[(j * gRows + i - shift) * cols + k] : 0;
                    if (i < hRows) {
                        v = (v + Math.floorMod(rnd.nextLong(), p)) % p;
                    }
                    f[(j * fRows + i) * cols + k] = v;
                }
            }
        }
        return new long[][] {f, g};
    }

    /** psc_j(a, b) mod p by the definition: det of the first n + m - 2j columns of M_j; BigInteger. */
    static long principalMinor(BigInteger[] a, BigInteger[] b, int j, BigInteger p) {
        int n = a.length - 1;
        int m = b.length - 1;
        int s = n + m - 2 * j;
        BigInteger[][] mat = new BigInteger[s][s];
        // row r of the f block: x^(m-j-1-r) a, columns by decreasing power from x^(n+m-j-1)
        for (int r = 0; r < m - j; r++) {
            for (int c = 0; c < s; c++) {
                int i = n - (c - r); // the coefficient of a in column c
                mat[r][c] = i >= 0 && i <= n ? a[i] : BigInteger.ZERO;
            }
        }
        for (int r = 0; r < n - j; r++) {
            for (int c = 0; c < s; c++) {
                int i = m - (c - r);
                mat[m - j + r][c] = i >= 0 && i <= m ? b[i] : BigInteger.ZERO;
            }
        }
        return GcdOracles.detMod(mat, p.longValueExact());
    }

    @Test
    void defaultAndCpuEngineAgreeWithTheDeterminantalDefinition() {
        Random rnd = new Random(SEED);
        ImageEngine cpu = ImageEngines.cpu(Options.defaults().withThreads(3));
        ImageEngine plain = new BivariateResultantsEngineTest.DefaultOnly();
        int gaps = 0;
        for (int it = 0; it < 30 * MULTIPLIER; it++) {
            int log2m = 1 + rnd.nextInt(4);
            int mm = 1 << log2m;
            int k = 1 + rnd.nextInt(3);
            int cosets = it == 1 ? 0 : 1 + rnd.nextInt(3);
            long[] primes = PrimeStream.ntt(PolyGcdDouble.PRIME_BOUND - rnd.nextInt(1 << 22), log2m).next(k);
            int fRows;
            int gRows;
            int fCols;
            int gCols;
            long[] f;
            long[] g;
            boolean gap = it % 3 == 2;
            if (gap) {
                gRows = 3 + rnd.nextInt(5);
                fRows = gRows + rnd.nextInt(3);
                fCols = 1 + rnd.nextInt(2 * mm + 2);
                gCols = fCols;
                int hRows = it % 9 == 8 ? 0 : 1 + rnd.nextInt(gRows - 2); // deg_x h <= m - 3
                long[][] fg = gapPair(rnd, primes, fRows, gRows, fCols, hRows, it % 4 == 3 ? 1 : 0);
                f = fg[0];
                g = fg[1];
                gaps++;
            } else {
                fRows = 1 + rnd.nextInt(7);
                gRows = 1 + rnd.nextInt(7);
                fCols = 1 + rnd.nextInt(2 * mm + 3);
                gCols = 1 + rnd.nextInt(5);
                f = BivariateResultantsEngineTest.grids(rnd, primes, fRows, fCols, it % 3);
                g = BivariateResultantsEngineTest.grids(rnd, primes, gRows, gCols, it % 4 == 0 ? 1 : 0);
            }
            boolean swap = rnd.nextBoolean(); // the full one first or second
            if (swap) {
                long[] t = f;
                f = g;
                g = t;
                int r = fRows;
                fRows = gRows;
                gRows = r;
                int c = fCols;
                fCols = gCols;
                gCols = c;
            }
            long[] shifts = new long[k * cosets];
            for (int j = 0; j < shifts.length; j++) {
                shifts[j] = 1 + Math.floorMod(rnd.nextLong(), primes[j / cosets] - 1);
            }
            String where = "seed=" + SEED + " it=" + it + " M=" + mm + " cosets=" + cosets + " f " + fRows + "x"
                    + fCols + " g " + gRows + "x" + gCols + (gap ? " (gap)" : "");
            long[] a = plain.principalCoefficientsOnCosets(f, fRows, fCols, g, gRows, gCols, primes, log2m, shifts,
                    cosets);
            long[] b = cpu.principalCoefficientsOnCosets(f, fRows, fCols, g, gRows, gCols, primes, log2m, shifts,
                    cosets);
            assertArrayEquals(a, b, where + ": default and CPU engine");
            int top = Math.min(fRows, gRows) - 1;
            int perPrime = cosets * mm;
            assertEquals(k * top * perPrime, a.length, where);
            long[] res = cpu.bivariateResultantsOnCosets(f, fRows, fCols, g, gRows, gCols, primes, log2m, shifts,
                    cosets);
            for (int q = 0; q < k; q++) {
                BigInteger p = BigInteger.valueOf(primes[q]);
                BigInteger w = BigInteger.valueOf(org.modalg.fft.ntt.NttPlan.of(primes[q], log2m).root());
                for (int t = 0; t < cosets; t++) {
                    for (int i = 0; i < mm; i++) {
                        long pt = BigInteger.valueOf(shifts[q * cosets + t]).multiply(w.modPow(BigInteger.valueOf(i),
                                p)).mod(p).longValueExact();
                        BigInteger[] fa = BivariateResultantsEngineTest.evaluate(f, q * fRows * fCols, fRows, fCols,
                                pt, p);
                        BigInteger[] ga = BivariateResultantsEngineTest.evaluate(g, q * gRows * gCols, gRows, gCols,
                                pt, p);
                        for (int j = 0; j < top; j++) {
                            long got = a[(q * top + j) * perPrime + t * mm + i];
                            assertEquals(principalMinor(fa, ga, j, p), got, where + " prime " + primes[q] + " point "
                                    + pt + " psc_" + j);
                        }
                        if (top > 0) {
                            assertEquals(res[(q * cosets + t) * mm + i], a[q * top * perPrime + t * mm + i],
                                    where + " psc_0 is the resultant");
                        }
                    }
                }
            }
        }
        assertTrue(gaps > 0);
    }

    @Test
    void badArgumentsNameTheParameter() {
        ImageEngine cpu = ImageEngines.cpu(Options.defaults());
        long[] primes = PrimeStream.ntt(PolyGcdDouble.PRIME_BOUND, 4).next(1);
        long[] four = new long[4];
        long[] one = {1};
        assertEquals("log2m", message(() -> cpu.principalCoefficientsOnCosets(four, 2, 2, four, 2, 2, primes, 0, one,
                1)));
        assertEquals("cosets", message(() -> cpu.principalCoefficientsOnCosets(four, 2, 2, four, 2, 2, primes, 4, one,
                -1)));
        assertEquals("shifts", message(() -> cpu.principalCoefficientsOnCosets(four, 2, 2, four, 2, 2, primes, 4,
                new long[] {0}, 1)));
        assertEquals("gRes", message(() -> cpu.principalCoefficientsOnCosets(four, 2, 2, new long[3], 2, 2, primes, 4,
                one, 1)));
        assertEquals("the", message(() -> new BivariateResultantsEngineTest.DefaultOnly()
                .principalCoefficientsOnCosets(four, 2, 0, four, 2, 2, primes, 4, one, 1)));
        // one row: no index, an empty result
        assertEquals(0, cpu.principalCoefficientsOnCosets(four, 1, 4, four, 2, 2, primes, 4, one, 1).length);
    }

    private static String message(org.junit.jupiter.api.function.Executable e) {
        return assertThrows(IllegalArgumentException.class, e).getMessage().split(" ")[0];
    }
}
