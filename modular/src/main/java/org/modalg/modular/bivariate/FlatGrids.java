package org.modalg.modular.bivariate;

import java.math.BigInteger;
import org.modalg.fft.CrtBasis;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The input of the bivariate image tasks (resultant, subresultant chain, one subresultant): f and
 * g as flat coefficient grids with their shapes, and their reduction modulo a batch of primes.
 */
abstract class FlatGrids {
    /** f's grid, fRows = deg_x f + 1 rows of fCols = deg_y f + 1 coefficients. */
    final BigInteger[] f;
    /** g's grid, gRows = deg_x g + 1 rows of gCols = deg_y g + 1 coefficients. */
    final BigInteger[] g;
    final int fRows;
    final int fCols;
    final int gRows;
    final int gCols;

    FlatGrids(ZZBivariate pf, ZZBivariate pg) {
        this.f = flatGrid(pf);
        this.g = flatGrid(pg);
        this.fRows = pf.degreeX() + 1;
        this.fCols = pf.degreeY() + 1;
        this.gRows = pg.degreeX() + 1;
        this.gCols = pg.degreeY() + 1;
    }

    /**
     * {f mod primes, g mod primes}: the grids' residues, prime q's at [q f.length, (q + 1)
     * f.length) (g.length for g), in [0, p): one {@link CrtBasis#project(BigInteger[], long[], int)} of each grid on up
     * to threads threads, O(k (|f| + |g|)) words times the coefficients' length in words.
     */
    final long[][] residues(long[] primes, int threads) {
        int k = primes.length;
        CrtBasis basis = CrtBasis.of(primes.clone());
        long[] fr = new long[k * f.length];
        long[] gr = new long[k * g.length];
        basis.project(f, fr, threads);
        basis.project(g, gr, threads);
        return new long[][] {fr, gr};
    }

    /** The coefficient grid as (deg_x + 1) x (deg_y + 1) BigIntegers, row-major (x^i y^j at i cols + j). */
    private static BigInteger[] flatGrid(ZZBivariate f) {
        int cols = f.degreeY() + 1;
        BigInteger[] v = new BigInteger[(f.degreeX() + 1) * cols];
        for (int i = 0; i <= f.degreeX(); i++) {
            ZZPoly c = f.coefficientInX(i);
            for (int j = 0; j < cols; j++) {
                v[i * cols + j] = c.coefficient(j);
            }
        }
        return v;
    }
}
