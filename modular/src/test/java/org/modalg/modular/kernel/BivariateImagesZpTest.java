package org.modalg.modular.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.NttPlan;
import org.modalg.fields.ZpField;
import org.modalg.modular.GcdOracles;
import org.modalg.modular.PrimeStream;

/**
 * {@link BivariateImagesZp}'s images on a coset and at one point against the definitions: the
 * rows evaluated by BigInteger Horner, the resultant as the Sylvester determinant mod p and the
 * principal subresultant coefficients as the determinantal minors (formal degrees), on random
 * grids every run (seed printed) with zero and vanishing leading rows, single rows, and every
 * coset point recomputed by the at-point routines.
 */
class BivariateImagesZpTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);

    @BeforeAll
    static void printSeed() {
        System.out.println("BivariateImagesZpTest seed " + SEED + " (-Dmodalg.test.seed to replay)");
    }

    // rows x cols residues, a fifth of them zero; lead 1: the last row zero
    private static long[] grid(Random rnd, int rows, int cols, long p, int lead) {
        long[] c = new long[rows * cols];
        for (int i = 0; i < c.length; i++) {
            c[i] = rnd.nextInt(5) == 0 ? 0 : Math.floorMod(rnd.nextLong(), p);
        }
        if (lead == 1) {
            java.util.Arrays.fill(c, (rows - 1) * cols, rows * cols, 0);
        }
        return c;
    }

    // row i of the grid at y = a, by BigInteger Horner
    private static long[] evaluate(long[] grid, int rows, int cols, long a, long p) {
        BigInteger pb = BigInteger.valueOf(p);
        long[] out = new long[rows];
        for (int i = 0; i < rows; i++) {
            BigInteger v = BigInteger.ZERO;
            for (int k = cols - 1; k >= 0; k--) {
                v = v.multiply(BigInteger.valueOf(a)).add(BigInteger.valueOf(grid[i * cols + k])).mod(pb);
            }
            out[i] = v.longValueExact();
        }
        return out;
    }

    private static BigInteger[] big(long[] a) {
        BigInteger[] r = new BigInteger[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = BigInteger.valueOf(a[i]);
        }
        return r;
    }

    @Test
    void cosetAndPointImagesMatchTheDefinitions() {
        Random rnd = new Random(SEED);
        for (int it = 0; it < 30 * MULTIPLIER; it++) {
            int log2m = 1 + rnd.nextInt(4);
            int m = 1 << log2m;
            // small primes (zero images happen) and primes up to the kernels' bound 2^26
            long bound = it % 3 == 0 ? 1L << 12 : PolyGcdDouble.PRIME_BOUND - rnd.nextInt(1 << 22);
            long p = PrimeStream.ntt(bound, log2m).next(1)[0];
            ZpField field = ZpField.of(p);
            int fRows = 1 + rnd.nextInt(6);
            int gRows = 1 + rnd.nextInt(6);
            int fCols = 1 + rnd.nextInt(5);
            int gCols = 1 + rnd.nextInt(5);
            long[] f = grid(rnd, fRows, fCols, p, it % 3 == 1 ? 1 : 0);
            long[] g = grid(rnd, gRows, gCols, p, it % 4 == 3 ? 1 : 0);
            long shift = 1 + Math.floorMod(rnd.nextLong(), p - 1);
            if (it % 5 == 4 && fCols >= 2) {
                // f's leading row (c0 + c1 y) vanishes at y = shift: a point where the formal degree drops
                java.util.Arrays.fill(f, (fRows - 1) * fCols, fRows * fCols, 0);
                f[(fRows - 1) * fCols + 1] = 1;
                f[(fRows - 1) * fCols] = p - shift;
            }
            int top = Math.min(fRows, gRows) - 1;
            long[] res = new long[m + 1];
            BivariateImagesZp.resultantsOnCoset(field, f, 0, fRows, fCols, g, 0, gRows, gCols, log2m, shift, res, 1);
            int stride = m + rnd.nextInt(3);
            long[] psc = new long[top * stride + 1];
            BivariateImagesZp.principalCoefficientsOnCoset(field, f, 0, fRows, fCols, g, 0, gRows, gCols, log2m,
                    shift, psc, 1, stride);
            long w = NttPlan.of(p, log2m).root();
            long point = shift;
            for (int t = 0; t < m; t++) {
                String where = "seed=" + SEED + " it=" + it + " p=" + p + " M=" + m + " t=" + t + " f " + fRows + "x"
                        + fCols + " g " + gRows + "x" + gCols;
                long[] fa = evaluate(f, fRows, fCols, point, p);
                long[] ga = evaluate(g, gRows, gCols, point, p);
                long want = GcdOracles.detMod(GcdOracles.sylvester(big(fa), big(ga)), p);
                assertEquals(want, res[1 + t], where + ": resultant on the coset");
                assertEquals(want, BivariateImagesZp.resultantAtPoint(field, f, 0, fRows, fCols, g, 0, gRows, gCols,
                        point), where + ": resultant at the point");
                long[] at = new long[top * stride + 1];
                BivariateImagesZp.principalCoefficientsAtPoint(field, f, 0, fRows, fCols, g, 0, gRows, gCols, point,
                        at, 1, stride);
                for (int j = 0; j < top; j++) {
                    long minor = SubresultantChainZpTest.determinantal(fa, fRows - 1, ga, gRows - 1, j, p)[j];
                    assertEquals(minor, psc[1 + j * stride + t], where + ": psc_" + j + " on the coset");
                    assertEquals(minor, at[1 + j * stride], where + ": psc_" + j + " at the point");
                }
                point = BigInteger.valueOf(point).multiply(BigInteger.valueOf(w)).mod(BigInteger.valueOf(p))
                        .longValueExact();
            }
        }
    }
}
