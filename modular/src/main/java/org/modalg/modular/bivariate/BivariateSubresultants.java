package org.modalg.modular.bivariate;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.ZpField;
import org.modalg.modular.Bounds;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.PrimeWorkers;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.loop.ImageBatch;
import org.modalg.modular.loop.ImageTask;
import org.modalg.modular.loop.MultimodularLoop;
import org.modalg.modular.loop.PrimeSupply;
import org.modalg.modular.loop.ProductTreeCombiner;
import org.modalg.modular.loop.ProvenBound;
import org.modalg.modular.loop.UnluckyPrimes;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * Subresultants in x of two polynomials of Z[x, y]: S_j(f, g) for 0 &lt;= j &lt; min(n, m), n =
 * deg_x f, m = deg_x g, by evaluation, interpolation and CRT (the images of the subresultant chain
 * of the CUMODP/BPAS work, here on the CPU).
 *
 * <p>Definition (determinantal, formal degrees; von zur Gathen and Gerhard, Modern Computer
 * Algebra, section 6.10): M_j is the (n + m - 2j) x (n + m - j) matrix whose rows are the
 * coefficients of x^(m-j-1) f, ..., x f, f, then x^(n-j-1) g, ..., g, columns by decreasing power
 * of x from x^(n+m-j-1); M_{j,i} keeps its first n + m - 2j - 1 columns and the column of x^i;
 * S_j = sum_{i=0}^{j} det(M_{j,i}) x^i. S_0 = Res_x(f, g) ({@link BivariateResultant}); the first
 * non-zero S_j has j = deg_x gcd(f, g) and is a multiple of the gcd in Z[y][x]; every S_j with a
 * smaller j is zero.
 *
 * <p>Bounds: the coefficients of S_j have y-degree at most D_j = (m - j) deg_y f + (n - j) deg_y g
 * and absolute value at most ||W_f||_2^(m-j) ||W_g||_2^(n-j) (Goldstein and Graham as for the
 * resultant: every det(M_{j,i}) takes m - j rows of f's weights and n - j of g's).
 *
 * <p>Images: modulo each prime below 2^26, at the points y = 0..D_j (no point is skipped: a
 * determinant commutes with evaluation and reduction), M_j is reduced by row operations whose
 * pivots lie in its first n + m - 2j - 1 columns (swaps tracked, additions leave every maximal
 * minor through all rows unchanged); then det(M_{j,i}) = sign * (product of the pivots) * (the
 * last row's entry in the column of x^i), all j + 1 of them from one elimination, O((n + m)^3) per
 * point; Newton interpolation in y; the multimodular loop's product-tree CRT and proven bound.
 * Work over {@link Options#threads()} as for the resultant. No unlucky primes.
 */
public final class BivariateSubresultants {
    private BivariateSubresultants() {
    }

    /** S_j(f, g) with the default options. */
    public static ZZBivariate subresultant(ZZBivariate f, ZZBivariate g, int j) {
        return subresultant(f, g, j, Options.defaults()).value();
    }

    /**
     * S_j(f, g) in Z[y][x] (x-degree at most j), with the report.
     *
     * @throws IllegalArgumentException if an argument is null, or j is outside [0, min(n, m) - 1]
     *     (there is none when f or g is zero or of x-degree 0), or the degree bound exceeds
     *     {@link BivariateResultant#MAX_DEGREE_BOUND}
     * @throws CancelledException if the cancellation check fires
     */
    public static ModularResult<ZZBivariate> subresultant(ZZBivariate f, ZZBivariate g, int j, Options options) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        checkNotNull(options, "options");
        int n = f.degreeX();
        int m = g.degreeX();
        int top = Math.min(n, m) - 1;
        if (j < 0 || j > top) {
            throw new IllegalArgumentException("j must be in [0, min(deg_x f, deg_x g) - 1 = " + top + "], got " + j);
        }
        ModularReport.Builder report = ModularReport.builder("bivariate subresultant").route(Route.CRT);
        long t0 = System.nanoTime();
        long dBound = (long) (m - j) * f.degreeY() + (long) (n - j) * g.degreeY();
        if (dBound > BivariateResultant.MAX_DEGREE_BOUND) {
            throw new IllegalArgumentException("the subresultant's degree bound in y is " + dBound + ", above "
                    + BivariateResultant.MAX_DEGREE_BOUND);
        }
        int d = (int) dBound;
        BigInteger nf = squaredWeightNorm(f);
        BigInteger ng = squaredWeightNorm(g);
        BigInteger bound = Bounds.sqrtCeil(nf.pow(m - j).multiply(ng.pow(n - j)));
        BigInteger twiceBound = bound.shiftLeft(1);
        report.note("subresultant S_" + j + "; degree bound in y: " + d + "; Goldstein-Graham bound: 2^"
                + bound.bitLength());
        long t = report.phaseSince("bound", t0);
        MultimodularLoop loop = new MultimodularLoop(options, report);
        int width = (j + 1) * (d + 1);
        long[] primes = PrimeSupply.covering(PrimeStream.below(PolyGcdDouble.PRIME_BOUND), BigInteger.ONE, twiceBound);
        PrimeSupply supply = PrimeSupply.fixed(primes, "word-size primes < 2^" + PolyGcdDouble.MAX_PRIME_BITS + " ("
                + primes.length + ")");
        report.phaseSince("setup", t);
        BigInteger[] c = loop.run(new Images(f, g, j, d, options, loop.threads()), supply,
                new ProductTreeCombiner(width, loop.options()), UnluckyPrimes.none(),
                new ProvenBound(twiceBound, "2 * Goldstein-Graham bound"));
        long t1 = System.nanoTime();
        ZZPoly[] rows = new ZZPoly[j + 1];
        for (int i = 0; i <= j; i++) {
            rows[i] = ZZPoly.of(Arrays.copyOfRange(c, i * (d + 1), (i + 1) * (d + 1)));
        }
        ZZBivariate s = ZZBivariate.ofCoefficientsInX(rows);
        report.phaseSince("finish", t1);
        return new ModularResult<>(s, report.build());
    }

    /**
     * The chain S_0, ..., S_{min(n, m) - 1} (an empty list when f or g is zero or of x-degree 0).
     *
     * @throws IllegalArgumentException if an argument is null
     */
    public static List<ZZBivariate> chain(ZZBivariate f, ZZBivariate g, Options options) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        checkNotNull(options, "options");
        List<ZZBivariate> out = new ArrayList<>();
        for (int j = 0; j < Math.min(f.degreeX(), g.degreeX()); j++) {
            out.add(subresultant(f, g, j, options).value());
        }
        return out;
    }

    private static BigInteger squaredWeightNorm(ZZBivariate f) {
        BigInteger s = BigInteger.ZERO;
        for (int k = 0; k <= f.degreeX(); k++) {
            BigInteger w = BigInteger.ZERO;
            ZZPoly c = f.coefficientInX(k);
            for (int i = 0; i <= c.degree(); i++) {
                w = w.add(c.coefficient(i).abs());
            }
            s = s.add(w.multiply(w));
        }
        return s;
    }

    private static final class Images implements ImageTask {
        private final BigInteger[] f;
        private final BigInteger[] g;
        private final int fRows;
        private final int fCols;
        private final int gRows;
        private final int gCols;
        private final int j;
        private final int d;
        private final Options options;
        private final int threads;

        Images(ZZBivariate f, ZZBivariate g, int j, int d, Options options, int threads) {
            this.fRows = f.degreeX() + 1;
            this.fCols = f.degreeY() + 1;
            this.gRows = g.degreeX() + 1;
            this.gCols = g.degreeY() + 1;
            this.f = flat(f, fCols);
            this.g = flat(g, gCols);
            this.j = j;
            this.d = d;
            this.options = options;
            this.threads = threads;
        }

        @Override
        public ImageBatch images(ImageEngine engine, long[] primes) {
            int k = primes.length;
            CrtBasis basis = CrtBasis.of(primes.clone());
            long[] fr = new long[k * f.length];
            long[] gr = new long[k * g.length];
            basis.project(f, fr, threads);
            basis.project(g, gr, threads);
            long[][] values = new long[k][(j + 1) * (d + 1)]; // coefficient i at point a: [i (d + 1) + a]
            int points = d + 1;
            int blocks = (int) Math.min(points, Math.max(1, (2L * threads + k - 1) / k));
            int blockLen = (points + blocks - 1) / blocks;
            PrimeWorkers.run(k * blocks, threads, task -> {
                int q = task / blocks;
                int from = (task % blocks) * blockLen;
                int to = Math.min(points, from + blockLen);
                if (from >= to) {
                    return;
                }
                options.checkCancelled("before bivariate subresultant image " + (q + 1) + " of " + k);
                long[] fq = Arrays.copyOfRange(fr, q * f.length, (q + 1) * f.length);
                long[] gq = Arrays.copyOfRange(gr, q * g.length, (q + 1) * g.length);
                long p = primes[q];
                double pInv = 1.0 / p;
                ZpField field = ZpField.of(p);
                int cols = Math.max(fCols, gCols);
                long[] pw = new long[cols];
                long[] fa = new long[fRows];
                long[] ga = new long[gRows];
                long[] s = new long[j + 1];
                for (int a = from; a < to; a++) {
                    long v = 1;
                    for (int t = 0; t < cols; t++) {
                        pw[t] = v;
                        v = BivariateKernels.mulmod(v, a, p, pInv);
                    }
                    BivariateKernels.evaluateRows(fq, fRows, fCols, pw, p, fa);
                    BivariateKernels.evaluateRows(gq, gRows, gCols, pw, p, ga);
                    BivariateKernels.subresultantAt(field, fa, fRows - 1, ga, gRows - 1, j, s);
                    for (int i = 0; i <= j; i++) {
                        values[q][i * (d + 1) + a] = s[i];
                    }
                }
            });
            PrimeWorkers.run(k, threads, q -> {
                long[] col = new long[d + 1];
                for (int i = 0; i <= j; i++) {
                    System.arraycopy(values[q], i * (d + 1), col, 0, d + 1);
                    BivariateKernels.interpolateConsecutive(col, primes[q]);
                    System.arraycopy(col, 0, values[q], i * (d + 1), d + 1);
                }
            });
            return ImageBatch.words(primes, values, null);
        }
    }

    private static BigInteger[] flat(ZZBivariate f, int cols) {
        BigInteger[] v = new BigInteger[(f.degreeX() + 1) * cols];
        for (int i = 0; i <= f.degreeX(); i++) {
            for (int t = 0; t < cols; t++) {
                v[i * cols + t] = f.coefficientInX(i).coefficient(t);
            }
        }
        return v;
    }

    private static void checkNotNull(Object o, String name) {
        if (o == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
    }
}
