package org.modalg.modular.bivariate;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.ZpField;
import org.modalg.modular.Bounds;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.PrimeWorkers;
import org.modalg.modular.bivariate.BivariateResultant.Points;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.kernel.BivariateImagesZp;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.kernel.SubresultantChainZp;
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
 * smaller j is zero. The principal subresultant coefficients are psc_j = det(M_{j,j}), the
 * coefficient of x^j in S_j.
 *
 * <p><b>Routes</b>, public and named; the plain names ({@link #subresultant}, {@link #chain},
 * {@link #principalCoefficients}) take the first:
 * <ul>
 *   <li><b>Euclid</b> ({@link #subresultantEuclid}, {@link #chainEuclid},
 *   {@link #principalCoefficients}): at each point the whole chain mod p from one Euclidean
 *   remainder sequence ({@link SubresultantChainZp}, the fundamental theorem of subresultants,
 *   degree gaps included), O(n m) per point for every index at once (O(n m) up to the requested
 *   index for one); the points are those of the resultant: cosets of the 2^k-th roots of unity
 *   where a layout of {@link BivariateResultant} fits (its layout of the fewest points, or one
 *   coset where the many interpolations of a chain make that cheaper, {@link #cheaper}; each
 *   coefficient in x evaluated by one forward NTT, {@link BivariateImagesZp#evaluateOnCoset}; interpolation by inverse NTTs and
 *   one Vandermonde solve across cosets), else y = 0..D and Newton; CRT by the loop's product
 *   tree and proven bound. Integer contents are taken out first (S_j(c f, d g) = c^(m-j) d^(n-j)
 *   S_j(f, g)).</li>
 *   <li><b>Determinantal</b> ({@link #subresultantDeterminantal}, {@link #chainDeterminantal}):
 *   one multimodular run per index; per point one elimination of M_j mod p with pivots in its
 *   first n + m - 2j - 1 columns gives all j + 1 minors (sign of the swaps x pivots x the last
 *   row's entry in the column of x^i), O((n + m)^3) per point and index. Kept as the test oracle
 *   and the benchmark's peer.</li>
 * </ul>
 *
 * <p>Bounds: the coefficients of S_j have y-degree at most {@link #degreeBound}(f, g, j) and
 * absolute value below 2^{@link #coefficientBoundBits}(f, g, j) (Goldstein and Graham as for the
 * resultant: every det(M_{j,i}) takes m - j rows of f's weights and n - j of g's). A run for
 * several indices takes the largest of their degree bounds for its points and the largest bound
 * for its primes; each index keeps D_j + 1 coefficients, and the coefficients above D_j are
 * checked to vanish modulo every prime (a violated bound fails loudly).
 *
 * <p><b>No point and no prime is unlucky</b>: the chain kernel takes the formal degrees n and m,
 * so at a point (or modulo a prime) where a leading coefficient in x vanishes it still returns the
 * formal subresultants evaluated there (the determinants commute with evaluation), as the
 * resultant's kernel does; nothing is skipped. Work is spread over {@link Options#threads()} by
 * {@link PrimeWorkers}: (prime, coset) or (prime, block of points) tasks, then one interpolation
 * task per prime. The principal coefficients on cosets are the loop's image engine's
 * ({@link ImageEngine#principalCoefficientsOnCosets}: the CPU engine's threads, or a device that
 * records them in its resultant kernel's Euclid); the other images are computed on the host.
 * Every run is proven (a probabilistic certification in the options is not used).
 */
public final class BivariateSubresultants {
    private BivariateSubresultants() {
    }

    // ------------------------------------------------------------------ the plain names

    /** S_j(f, g) with the default options ({@link #subresultantEuclid}). */
    public static ZZBivariate subresultant(ZZBivariate f, ZZBivariate g, int j) {
        return subresultant(f, g, j, Options.defaults()).value();
    }

    /**
     * S_j(f, g) in Z[y][x] (x-degree at most j), with the report: {@link #subresultantEuclid}.
     *
     * @throws IllegalArgumentException as {@link #subresultantEuclid}
     */
    public static ModularResult<ZZBivariate> subresultant(ZZBivariate f, ZZBivariate g, int j, Options options) {
        return subresultantEuclid(f, g, j, options);
    }

    /** The chain S_0, ..., S_{min(n, m) - 1} with the default options ({@link #chainEuclid}). */
    public static List<ZZBivariate> chain(ZZBivariate f, ZZBivariate g) {
        return chainEuclid(f, g, Options.defaults()).value();
    }

    /**
     * The chain S_0, ..., S_{min(n, m) - 1} (an empty list when f or g is zero or of x-degree 0),
     * with the report: {@link #chainEuclid}.
     *
     * @throws IllegalArgumentException as {@link #chainEuclid}
     */
    public static ModularResult<List<ZZBivariate>> chain(ZZBivariate f, ZZBivariate g, Options options) {
        return chainEuclid(f, g, options);
    }

    /** The principal subresultant coefficients with the default options. */
    public static List<ZZPoly> principalCoefficients(ZZBivariate f, ZZBivariate g) {
        return principalCoefficients(f, g, Options.defaults()).value();
    }

    /**
     * The principal subresultant coefficients psc_0 = Res_x(f, g), psc_1, ..., psc_{min(n, m) - 1}
     * in Z[y] (psc_j the coefficient of x^j in S_j; the first non-zero one has j = deg_x gcd(f,
     * g)), by the Euclid route with only these min(n, m) coefficients interpolated and
     * reconstructed (instead of the min(n, m)(min(n, m) + 1) / 2 of the chain). Empty when f or g
     * is zero or of x-degree 0.
     *
     * @throws IllegalArgumentException if an argument is null or the degree bound exceeds
     *     {@link BivariateResultant#MAX_DEGREE_BOUND}
     * @throws CancelledException if the cancellation check fires
     */
    public static ModularResult<List<ZZPoly>> principalCoefficients(ZZBivariate f, ZZBivariate g, Options options) {
        checkArguments(f, g, options);
        int top = Math.min(f.degreeX(), g.degreeX());
        Run run = euclid(f, g, 0, top, true, options, BivariateResultant.pointsFromProperty(),
                "bivariate principal subresultant coefficients");
        List<ZZPoly> out = new ArrayList<>();
        for (int j = 0; j < top; j++) {
            out.add(run.coefficient(j, j));
        }
        return new ModularResult<>(out, run.report);
    }

    // ------------------------------------------------------------------ Euclid route

    /**
     * S_j(f, g) by the Euclid route (class comment): at each point the remainder sequence is run
     * down to degree j only.
     *
     * @throws IllegalArgumentException if an argument is null, or j is outside [0, min(n, m) - 1]
     *     (there is none when f or g is zero or of x-degree 0), or the degree bound exceeds
     *     {@link BivariateResultant#MAX_DEGREE_BOUND}
     * @throws CancelledException if the cancellation check fires
     */
    public static ModularResult<ZZBivariate> subresultantEuclid(ZZBivariate f, ZZBivariate g, int j, Options options) {
        return subresultantEuclid(f, g, j, options, BivariateResultant.pointsFromProperty());
    }

    static ModularResult<ZZBivariate> subresultantEuclid(ZZBivariate f, ZZBivariate g, int j, Options options,
            Points points) {
        checkArguments(f, g, options);
        checkIndex(f, g, j);
        Run run = euclid(f, g, j, j + 1, false, options, points, "bivariate subresultant");
        return new ModularResult<>(run.subresultant(j), run.report);
    }

    /**
     * The whole chain by the Euclid route: one remainder sequence per point for every index.
     *
     * @throws IllegalArgumentException if an argument is null or the degree bound of S_0 exceeds
     *     {@link BivariateResultant#MAX_DEGREE_BOUND}
     * @throws CancelledException if the cancellation check fires
     */
    public static ModularResult<List<ZZBivariate>> chainEuclid(ZZBivariate f, ZZBivariate g, Options options) {
        return chainEuclid(f, g, options, BivariateResultant.pointsFromProperty());
    }

    static ModularResult<List<ZZBivariate>> chainEuclid(ZZBivariate f, ZZBivariate g, Options options, Points points) {
        checkArguments(f, g, options);
        int top = Math.min(f.degreeX(), g.degreeX());
        Run run = euclid(f, g, 0, top, false, options, points, "bivariate subresultant chain");
        List<ZZBivariate> out = new ArrayList<>();
        for (int j = 0; j < top; j++) {
            out.add(run.subresultant(j));
        }
        return new ModularResult<>(out, run.report);
    }

    // ------------------------------------------------------------------ bounds

    /**
     * A bound D_j on the y-degree of S_j(f, g): the smaller of (m - j) deg_y f + (n - j) deg_y g
     * (every entry of an f-row has y-degree at most deg_y f) and the total-degree bound
     * (m - j)(t_f - n) + (n - j)(t_g - m) + (N - 1)(N - 2) / 2 + (n + m - j - 1)
     * - (m - j)(m - j - 1) / 2 - (n - j)(n - j - 1) / 2, N = n + m - 2j, t the total degrees: the
     * entry of f-row r in column c is f_{n - c + r}, of y-degree at most t_f - n + c - r (g-rows
     * likewise), summed over a permutation of the rows of M_{j,i}, whose columns are the first N - 1
     * and the one of x^i (the largest sum at i = 0). At j = 0 these are the resultant's two bounds
     * ({@link BivariateResultant#degreeBound}); for dense inputs of total degree d the second is
     * (d - j)^2 + j.
     *
     * @throws IllegalArgumentException if f or g is null or j is outside [0, min(n, m) - 1]
     */
    public static long degreeBound(ZZBivariate f, ZZBivariate g, int j) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        checkIndex(f, g, j);
        return BivariateBounds.degree(f, g, j);
    }

    /**
     * A bit count b with every coefficient of S_j(f, g) below 2^b in absolute value: the
     * Goldstein-Graham bound ||W_f||_2^(m-j) ||W_g||_2^(n-j) of the weight polynomials
     * ({@link Bounds#subresultantBits}; {@link BivariateResultant#coefficientBoundBits} at j = 0).
     *
     * @throws IllegalArgumentException if f or g is null or j is outside [0, min(n, m) - 1]
     */
    public static long coefficientBoundBits(ZZBivariate f, ZZBivariate g, int j) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        checkIndex(f, g, j);
        return Bounds.subresultantBits(BivariateResultant.weights(f), BivariateResultant.weights(g), j);
    }

    private static void checkIndex(ZZBivariate f, ZZBivariate g, int j) {
        int top = Math.min(f.degreeX(), g.degreeX()) - 1;
        if (j < 0 || j > top) {
            throw new IllegalArgumentException("j must be in [0, min(deg_x f, deg_x g) - 1 = " + top + "], got " + j);
        }
    }

    private static void checkArguments(ZZBivariate f, ZZBivariate g, Options options) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        checkNotNull(options, "options");
    }

    /**
     * The result of one Euclid-route run for the indices [lowest, top): the coefficients over Z of
     * each wanted (j, i) (i = j only when principal), the contents' scale put back.
     */
    private static final class Run {
        final ModularReport report;
        final int lowest;
        final boolean principal;
        final int[] start; // the series (j, i) at start[j - lowest] + (principal ? 0 : i)
        final int[] length; // D_j + 1 coefficients per series of index j
        final BigInteger[] values;
        final BigInteger[] scale; // c_f^(m-j) c_g^(n-j) per index

        Run(ModularReport report, int lowest, boolean principal, int[] start, int[] length, BigInteger[] values,
                BigInteger[] scale) {
            this.report = report;
            this.lowest = lowest;
            this.principal = principal;
            this.start = start;
            this.length = length;
            this.values = values;
            this.scale = scale;
        }

        ZZPoly coefficient(int j, int i) {
            int s = start[j - lowest] + (principal ? 0 : i) * length[j - lowest];
            ZZPoly c = ZZPoly.of(Arrays.copyOfRange(values, s, s + length[j - lowest]));
            return scale[j - lowest].equals(BigInteger.ONE) ? c : c.multiply(scale[j - lowest]);
        }

        ZZBivariate subresultant(int j) {
            ZZPoly[] rows = new ZZPoly[j + 1];
            for (int i = 0; i <= j; i++) {
                rows[i] = coefficient(j, i);
            }
            return ZZBivariate.ofCoefficientsInX(rows);
        }
    }

    /**
     * S_j for j in [lowest, top) by the Euclid route: every coefficient, or only the principal
     * ones. top &lt;= min(n, m); lowest &lt; top unless the chain is empty.
     */
    private static Run euclid(ZZBivariate f, ZZBivariate g, int lowest, int top, boolean principal, Options options,
            Points points, String algorithm) {
        ModularReport.Builder report = ModularReport.builder(algorithm).route(Route.CRT);
        long t0 = System.nanoTime();
        int count = Math.max(0, top - lowest);
        if (count == 0) {
            report.note("no subresultant: an input is zero or of x-degree 0").certification(Certification.PROVEN,
                    "trivial");
            report.phaseSince("trivial", t0);
            return new Run(report.build(), lowest, principal, new int[0], new int[0], new BigInteger[0],
                    new BigInteger[0]);
        }
        int n = f.degreeX();
        int m = g.degreeX();
        BigInteger cf = BivariateResultant.content(f);
        BigInteger cg = BivariateResultant.content(g);
        ZZBivariate pf = BivariateResultant.divide(f, cf);
        ZZBivariate pg = BivariateResultant.divide(g, cg);
        int[] start = new int[count];
        int[] length = new int[count];
        BigInteger[] scale = new BigInteger[count];
        long width = 0;
        long d = 0;
        long bits = 0;
        for (int j = lowest; j < top; j++) {
            long dj = degreeBound(pf, pg, j);
            d = Math.max(d, dj);
            bits = Math.max(bits, coefficientBoundBits(pf, pg, j));
            start[j - lowest] = (int) Math.min(width, Integer.MAX_VALUE);
            length[j - lowest] = (int) Math.min(dj + 1, Integer.MAX_VALUE);
            width += (principal ? 1 : j + 1) * (dj + 1);
            scale[j - lowest] = cf.pow(m - j).multiply(cg.pow(n - j));
        }
        if (d > BivariateResultant.MAX_DEGREE_BOUND) {
            throw new IllegalArgumentException("the subresultants' degree bound in y is " + d + ", above "
                    + BivariateResultant.MAX_DEGREE_BOUND + " (deg_x " + n + ", " + m + "; deg_y " + f.degreeY() + ", "
                    + g.degreeY() + ")");
        }
        if (bits > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("the subresultants' coefficient bound has " + bits + " bits: too large");
        }
        long primesNeeded = (bits + 2) / (PolyGcdDouble.MAX_PRIME_BITS - 1) + 2;
        if (width > Integer.MAX_VALUE - 8 || primesNeeded * width > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("the images of " + width + " coefficients modulo about " + primesNeeded
                    + " primes (a " + bits + "-bit bound) would not fit one array");
        }
        BigInteger twiceBound = BigInteger.ONE.shiftLeft((int) bits + 1);
        report.note("S_j for j in [" + lowest + ", " + top + ")" + (principal ? ", principal coefficients only" : "")
                + "; degree bound in y: " + d + " (" + (d + 1) + " points per prime); Goldstein-Graham bound: 2^"
                + bits);
        long t = report.phaseSince("bound", t0);
        MultimodularLoop loop = new MultimodularLoop(options, report);
        int series = 0;
        for (int j = lowest; j < top; j++) {
            series += principal ? 1 : j + 1;
        }
        BivariateResultant.Layout layout = points != Points.CONSECUTIVE
                ? cheaper(BivariateResultant.layout((int) d + 1, twiceBound),
                        BivariateResultant.layout((int) d + 1, twiceBound, 1), series, (long) n * m) : null;
        if (points == Points.ROOTS_OF_UNITY && layout == null) {
            throw new IllegalStateException("no layout of roots of unity for " + (d + 1) + " points and a " + bits
                    + "-bit bound");
        }
        PrimeSupply supply;
        if (layout != null) {
            report.note("images: " + layout.cosets() + (layout.cosets() == 1 ? " coset" : " cosets") + " of the 2^"
                    + layout.log2m() + "-th roots of unity (" + layout.points() + " points for " + (d + 1)
                    + "), the chain mod p by one remainder sequence per point, interpolation by inverse NTTs ("
                    + loop.threads() + (loop.threads() == 1 ? " thread)" : " threads)"));
            supply = PrimeSupply.fixed(layout.primes(), "primes < 2^" + PolyGcdDouble.MAX_PRIME_BITS + " with 2^"
                    + layout.log2m() + " | p - 1 (" + layout.primes().length + " for a " + bits + "-bit bound)");
        } else {
            report.note("images: y = 0.." + d + ", the chain mod p by one remainder sequence per point, Newton"
                    + " interpolation (" + loop.threads() + (loop.threads() == 1 ? " thread)" : " threads)"));
            long[] primes = PrimeSupply.covering(PrimeStream.below(PolyGcdDouble.PRIME_BOUND), BigInteger.ONE,
                    twiceBound);
            supply = PrimeSupply.fixed(primes, "word-size primes < 2^" + PolyGcdDouble.MAX_PRIME_BITS + " ("
                    + primes.length + " for a " + bits + "-bit bound)");
        }
        ChainImages task = new ChainImages(pf, pg, lowest, top, principal, length, (int) d, options, loop.threads(),
                layout);
        report.phaseSince("setup", t);
        BigInteger[] c = loop.run(task, supply, new ProductTreeCombiner((int) width, loop.options()),
                UnluckyPrimes.none(), new ProvenBound(twiceBound, "2 * Goldstein-Graham bound"));
        return new Run(report.build(), lowest, principal, start, length, c, scale);
    }

    /**
     * Of the resultant's layout (the fewest points, up to {@link BivariateResultant#MAX_COSETS}
     * cosets) and the one-coset layout, the one of the lower estimated work per prime: per point
     * the chain mod p (4 n m: the remainder sequence and its constants, the weight profiled at
     * d = 20) and, per interpolated series, about log2 M + 2 word operations for the inverse NTT
     * and the twist, plus r + 1 for the Vandermonde solve across r &gt; 1 cosets. Many series (the
     * whole chain) favour one coset: at d = 20, 210 series, 512 points on one coset against 416 on
     * 13 cosets of 32 (about 1.2x faster, BENCHMARKS.md); the 20 principal coefficients stay on
     * the 13 cosets. Either may be null (no layout).
     */
    static BivariateResultant.Layout cheaper(BivariateResultant.Layout a, BivariateResultant.Layout b, int series,
            long euclid) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return work(b, series, euclid) < work(a, series, euclid) ? b : a;
    }

    private static double work(BivariateResultant.Layout l, int series, long euclid) {
        double perSeries = l.log2m() + 2 + (l.cosets() > 1 ? l.cosets() + 1 : 0);
        return (double) l.points() * (4.0 * euclid + series * perSeries);
    }

    /**
     * The images of the Euclid route modulo a batch of primes: per prime, the wanted coefficients
     * of S_j (j in [lowest, top)) at every point, then one interpolation per coefficient, each
     * cut to its D_j + 1 coefficients after checking that the ones above vanish.
     */
    private static final class ChainImages extends FlatGrids implements ImageTask {
        private final int lowest;
        private final boolean principal;
        private final int[] seriesSlot; // the series' entries in the kernel's triangular output
        private final int[] seriesLength; // D_j + 1 per series
        private final int d;
        private final Options options;
        private final int threads;
        private final BivariateResultant.Layout layout; // null: consecutive points 0..d
        private final int points;
        private final int width;

        ChainImages(ZZBivariate pf, ZZBivariate pg, int lowest, int top, boolean principal, int[] length, int d,
                Options options, int threads, BivariateResultant.Layout layout) {
            super(pf, pg);
            this.lowest = lowest;
            this.principal = principal;
            int series = 0;
            for (int j = lowest; j < top; j++) {
                series += principal ? 1 : j + 1;
            }
            this.seriesSlot = new int[series];
            this.seriesLength = new int[series];
            int s = 0;
            int w = 0;
            for (int j = lowest; j < top; j++) {
                int base = SubresultantChainZp.offset(j) - SubresultantChainZp.offset(lowest);
                for (int i = principal ? j : 0; i <= j; i++) {
                    seriesSlot[s] = base + i;
                    seriesLength[s] = length[j - lowest];
                    w += length[j - lowest];
                    s++;
                }
            }
            this.width = w;
            this.d = d;
            this.options = options;
            this.threads = threads;
            this.layout = layout;
            this.points = layout != null ? layout.points() : d + 1;
        }

        @Override
        public ImageBatch images(ImageEngine engine, long[] primes) {
            int k = primes.length;
            options.checkCancelled("before bivariate subresultant images modulo " + k + " primes");
            long[][] residues = residues(primes, threads);
            long[] fr = residues[0];
            long[] gr = residues[1];
            ZpField[] fields = new ZpField[k];
            long[][] shifts = new long[k][];
            for (int q = 0; q < k; q++) {
                fields[q] = ZpField.of(primes[q]);
                shifts[q] = layout != null ? BivariateKernels.cosetShifts(primes[q], layout.log2m(), layout.cosets())
                        : null;
            }
            int series = seriesSlot.length;
            long[][] values = new long[k][series * points]; // series s at point t: [s points + t]
            if (principal && lowest == 0 && layout != null) {
                // psc_j for every j: the engine's images (a device records them in its resultant
                // kernel's Euclid), already per prime and index in the layout of values
                long[] flatShifts = new long[k * layout.cosets()];
                for (int q = 0; q < k; q++) {
                    System.arraycopy(shifts[q], 0, flatShifts, q * layout.cosets(), layout.cosets());
                }
                long[] all = engine.principalCoefficientsOnCosets(fr, fRows, fCols, gr, gRows, gCols, primes,
                        layout.log2m(), flatShifts, layout.cosets());
                for (int q = 0; q < k; q++) {
                    System.arraycopy(all, q * series * points, values[q], 0, series * points);
                }
            } else {
                computeOnHost(fields, fr, gr, shifts, values);
            }
            long[][] rows = new long[k][];
            PrimeWorkers.run(k, threads, q -> rows[q] = interpolate(values[q], primes[q], shifts[q]));
            return ImageBatch.words(primes, rows, null);
        }

        // The chain at every point of every prime on the host, the wanted entries into values
        private void computeOnHost(ZpField[] fields, long[] fr, long[] gr, long[][] shifts, long[][] values) {
            int k = fields.length;
            // (prime, coset) tasks, or (prime, block of points) on consecutive points
            int blocks = layout != null ? layout.cosets()
                    : (int) Math.min(points, Math.max(1, (2L * threads + k - 1) / k));
            int blockLen = layout != null ? 1 << layout.log2m() : (points + blocks - 1) / blocks;
            PrimeWorkers.run(k * blocks, threads, task -> {
                int q = task / blocks;
                int b = task % blocks;
                options.checkCancelled("before bivariate subresultant image " + (q + 1) + " of " + k);
                if (layout != null) {
                    onCoset(fields[q], fr, gr, q, shifts[q][b], b * blockLen, values[q]);
                } else {
                    atPoints(fields[q], fr, gr, q, b * blockLen, Math.min(points, (b + 1) * blockLen), values[q]);
                }
            });
        }

        /** The chain at the M points of the coset shift H (values from column from). */
        private void onCoset(ZpField field, long[] fr, long[] gr, int q, long shift, int from, long[] values) {
            long p = field.p();
            int log2m = layout.log2m();
            int mm = 1 << log2m;
            long[] ef = new long[fRows * mm];
            long[] eg = new long[gRows * mm];
            BivariateImagesZp.evaluateOnCoset(fr, q * f.length, fRows, fCols, log2m, shift, p, ef, 0);
            BivariateImagesZp.evaluateOnCoset(gr, q * g.length, gRows, gCols, log2m, shift, p, eg, 0);
            long[] fa = new long[fRows];
            long[] ga = new long[gRows];
            long[] tri = new long[triangle()];
            for (int t = 0; t < mm; t++) {
                for (int i = 0; i < fRows; i++) {
                    fa[i] = ef[i * mm + t];
                }
                for (int i = 0; i < gRows; i++) {
                    ga[i] = eg[i * mm + t];
                }
                chainAt(field, fa, ga, tri, values, from + t);
            }
        }

        /** The chain at y = a for a in [from, to). */
        private void atPoints(ZpField field, long[] fr, long[] gr, int q, int from, int to, long[] values) {
            long p = field.p();
            long[] fa = new long[fRows];
            long[] ga = new long[gRows];
            long[] tri = new long[triangle()];
            for (int a = from; a < to; a++) {
                long[] pw = BivariateImagesZp.powers(a % p, Math.max(fCols, gCols), p);
                BivariateImagesZp.evaluateRows(fr, q * f.length, fRows, fCols, pw, p, fa);
                BivariateImagesZp.evaluateRows(gr, q * g.length, gRows, gCols, pw, p, ga);
                chainAt(field, fa, ga, tri, values, a);
            }
        }

        private int triangle() {
            int top = Math.min(fRows, gRows) - 1;
            return SubresultantChainZp.offset(top) - SubresultantChainZp.offset(lowest);
        }

        private void chainAt(ZpField field, long[] fa, long[] ga, long[] tri, long[] values, int point) {
            SubresultantChainZp.chain(field, fa, fRows - 1, ga, gRows - 1, lowest, tri, 0);
            for (int s = 0; s < seriesSlot.length; s++) {
                values[s * points + point] = tri[seriesSlot[s]];
            }
        }

        /**
         * Each series' coefficients from its values at the points (inverse NTTs across the cosets,
         * or Newton at 0..d), cut to D_j + 1 after checking that the rest vanish.
         */
        private long[] interpolate(long[] values, long p, long[] shifts) {
            long[] row = new long[width];
            long[] col = layout == null ? new long[d + 1] : null;
            int at = 0;
            for (int s = 0; s < seriesSlot.length; s++) {
                long[] c;
                if (layout != null) {
                    c = BivariateKernels.interpolateCosets(values, s * points, p, layout.log2m(), shifts, 0,
                            layout.cosets(), d);
                } else {
                    System.arraycopy(values, s * points, col, 0, d + 1);
                    BivariateKernels.interpolateConsecutive(col, p);
                    c = col;
                }
                int len = seriesLength[s];
                for (int e = len; e <= d; e++) {
                    if (c[e] != 0) {
                        throw new IllegalStateException("a subresultant coefficient has y-degree " + e
                                + " modulo " + p + ", above its bound " + (len - 1));
                    }
                }
                System.arraycopy(c, 0, row, at, len);
                at += len;
            }
            return row;
        }
    }

    // ------------------------------------------------------------------ determinantal route

    /**
     * S_j(f, g) by the determinantal route (class comment): one multimodular run for this index,
     * one elimination of M_j per point, O((n + m)^3) per point.
     *
     * @throws IllegalArgumentException if an argument is null, or j is outside [0, min(n, m) - 1]
     *     (there is none when f or g is zero or of x-degree 0), or the degree bound exceeds
     *     {@link BivariateResultant#MAX_DEGREE_BOUND}
     * @throws CancelledException if the cancellation check fires
     */
    public static ModularResult<ZZBivariate> subresultantDeterminantal(ZZBivariate f, ZZBivariate g, int j,
            Options options) {
        checkArguments(f, g, options);
        checkIndex(f, g, j);
        int n = f.degreeX();
        int m = g.degreeX();
        ModularReport.Builder report = ModularReport.builder("bivariate subresultant (determinantal)")
                .route(Route.CRT);
        long t0 = System.nanoTime();
        long dBound = (long) (m - j) * f.degreeY() + (long) (n - j) * g.degreeY();
        if (dBound > BivariateResultant.MAX_DEGREE_BOUND) {
            throw new IllegalArgumentException("the subresultant's degree bound in y is " + dBound + ", above "
                    + BivariateResultant.MAX_DEGREE_BOUND);
        }
        int d = (int) dBound;
        long bits = coefficientBoundBits(f, g, j);
        BigInteger twiceBound = BigInteger.ONE.shiftLeft((int) bits + 1);
        report.note("subresultant S_" + j + "; degree bound in y: " + d + "; Goldstein-Graham bound: 2^" + bits);
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
     * The chain by the determinantal route, one run per index (an empty list when f or g is zero
     * or of x-degree 0).
     *
     * @throws IllegalArgumentException if an argument is null
     */
    public static List<ZZBivariate> chainDeterminantal(ZZBivariate f, ZZBivariate g, Options options) {
        checkArguments(f, g, options);
        List<ZZBivariate> out = new ArrayList<>();
        for (int j = 0; j < Math.min(f.degreeX(), g.degreeX()); j++) {
            out.add(subresultantDeterminantal(f, g, j, options).value());
        }
        return out;
    }

    private static final class Images extends FlatGrids implements ImageTask {
        private final int j;
        private final int d;
        private final Options options;
        private final int threads;

        Images(ZZBivariate f, ZZBivariate g, int j, int d, Options options, int threads) {
            super(f, g);
            this.j = j;
            this.d = d;
            this.options = options;
            this.threads = threads;
        }

        @Override
        public ImageBatch images(ImageEngine engine, long[] primes) {
            int k = primes.length;
            long[][] residues = residues(primes, threads);
            long[] fr = residues[0];
            long[] gr = residues[1];
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

    private static void checkNotNull(Object o, String name) {
        if (o == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
    }
}
