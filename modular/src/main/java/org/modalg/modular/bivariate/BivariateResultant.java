package org.modalg.modular.bivariate;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fft.WorkerPools;
import org.modalg.fft.parallel.ParallelRange;
import org.modalg.fields.ZpField;
import org.modalg.modular.Bounds;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.MultiCrt;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.PrimeWorkers;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.kernel.PolyGcdZp;
import org.modalg.modular.loop.Combiner;
import org.modalg.modular.loop.EarlyTermination;
import org.modalg.modular.loop.ImageBatch;
import org.modalg.modular.loop.ImageTask;
import org.modalg.modular.loop.StagedImageTask;
import org.modalg.modular.loop.MultimodularLoop;
import org.modalg.modular.loop.PrimeSupply;
import org.modalg.modular.loop.ProductTreeCombiner;
import org.modalg.modular.loop.ProvenBound;
import org.modalg.modular.loop.StableImages;
import org.modalg.modular.loop.StoppingRule;
import org.modalg.modular.loop.UnluckyPrimes;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * The resultant in x of two polynomials of Z[x, y], as a polynomial in y: Res_x(f, g), the
 * determinant of the Sylvester matrix of f and g taken as polynomials in x with coefficients in
 * Z[y], of the formal degrees n = deg_x f and m = deg_x g. By evaluation, interpolation and CRT
 * (Collins 1971; von zur Gathen and Gerhard, Modern Computer Algebra, section 6.8, the "small
 * primes modular" resultant with evaluation in the second variable): an instance of the
 * {@link MultimodularLoop} with its own {@link ImageTask}.
 *
 * <p><b>Degree bound.</b> deg_y Res &lt;= D = min(n deg_y g + m deg_y f, m t_f + n t_g - n m),
 * t the total degrees. The first: every entry of an f-row has y-degree &lt;= deg_y f. The second:
 * the entry of f-row i in column c is f_{n - (c - i)}, of y-degree at most t_f - n + c - i, and
 * the g-rows likewise; summed over a permutation the columns contribute (n + m)(n + m - 1) / 2 and
 * the rows subtract m(m - 1) / 2 + n(n - 1) / 2, leaving m t_f + n t_g - n m &lt;= t_f t_g
 * (Bezout's bound, as in Cox, Little and O'Shea, Ideals, Varieties, and Algorithms, chapter 8
 * section 7). For dense inputs of total degree d it is d^2 against 2 d^2 for the first.
 *
 * <p><b>Coefficient bound</b> (Goldstein and Graham 1974). Let w_k = ||f_k||_1, the sum of the
 * absolute values of the coefficients of f_k(y), and W_f(x) = sum w_k x^k, W_g likewise. On the
 * unit circle |f_k(z)| &lt;= w_k, so by Hadamard |Res(z)| &lt;= ||W_f||_2^m ||W_g||_2^n = B, and by
 * Parseval every coefficient of Res is at most ||Res||_2 = (mean of |Res(z)|^2 over |z| = 1)^(1/2)
 * &lt;= B. B is the Hadamard bound of the Sylvester matrix of W_f and W_g, so its bit count comes
 * from {@link Bounds#resultantBits}. The primes' product must exceed 2B; integer contents are
 * taken out first (Res(c f, d g) = c^m d^n Res(f, g)).
 *
 * <p><b>Images on roots of unity</b> (the route of proven runs). N = D + 1 values are needed per
 * prime. The points are r cosets c_t H of the group H of the M-th roots of unity, M = 2^k, r M
 * &gt;= N, r &lt;= {@link #MAX_COSETS}, the fewest points first ({@link #layout}); the primes are
 * those below 2^26 with 2^k | p - 1 ({@link PrimeStream#ntt}, decreasing: 468 of them for k = 14,
 * 1924 for k = 12, so large bounds take more cosets of a smaller group). Each coefficient in x of
 * f and g (a polynomial in y) is folded modulo y^M - c^M with the twist c^j and evaluated at the
 * M points of a coset by one forward NTT of the project's {@link org.modalg.fft.ntt.NttPlan}
 * (O(M log M) instead of O(M deg_y)); the univariate resultants at the points are the images
 * ({@link ImageEngine#bivariateResultantsOnCosets}: the CPU engine's (prime, coset) tasks, or a
 * device that computes the points and evaluates there); one inverse NTT per coset gives
 * Res mod (y^M - c_t^M), and with r &gt; 1 cosets the M columns A_s (Res = sum_s y^s A_s(y^M),
 * deg A_s &lt; r) are interpolated at the r nodes c_t^M by one r x r inverse Vandermonde matrix
 * (O(r M log M + r^2 M) per prime instead of Newton's O(N^2)). <b>No point is unlucky:</b> the
 * kernel takes the formal degrees n and m, so the value at a root of unity where a leading
 * coefficient vanishes is still Res(a) (below). Without a layout (a bound beyond the primes of
 * every k, or a probabilistic run, whose random primes are not 1 modulo 2^k) the consecutive
 * points below are taken.
 *
 * <p><b>Images at consecutive points.</b> For each prime p below 2^26 (the double kernels' size;
 * p &gt; D is required and holds since D &lt; {@link #MAX_DEGREE_BOUND}): the coefficients are
 * reduced modulo a batch of primes at once ({@link CrtBasis}); at the D + 1 points y = 0, 1, ...,
 * D (distinct mod p) the coefficients in x are evaluated (products of residues summed in 64 bits,
 * one reduction per 2^11 terms) and Res_{n,m}(f(x, a), g(x, a)) mod p is the univariate kernel
 * {@link PolyGcdZp#resultant} (Euclid on doubles, {@link PolyGcdDouble}); then Newton
 * interpolation at 0..D gives Res mod p, O(D^2). <b>No point and no prime is skipped:</b> the
 * kernel takes the formal degrees n and m, and Res_{n,m}(f(x, a), g(x, a)) is the Sylvester
 * determinant of degrees n, m evaluated at a, which is Res(a) whether or not a leading
 * coefficient vanishes at a (or modulo p). Work is spread over {@link Options#threads()} by
 * {@link PrimeWorkers}: (prime, block of points) tasks, then one interpolation per prime (over
 * the options' pool). The images go through the loop's {@link ProductTreeCombiner}
 * ({@link MultiCrt}) and
 * {@link ProvenBound}; with {@link Certification#PROBABILISTIC} through random primes of
 * [2^25, 2^26) and {@link StableImages} (one wrong coefficient, fixed by the earlier primes,
 * must be divisible by all k check primes: the single-value bound of {@link EarlyTermination}
 * applies unchanged). The (prime, point) resultants go through the loop's image engine,
 * {@link ImageEngine#bivariateResultants}: the CPU engine's threads, or a GPU engine that
 * evaluates and runs the resultants on the device; the interpolation stays on the host.
 *
 * <p><b>Pipeline</b> ({@link #PIPELINE_PROPERTY}): a proven run's primes go to the engine in
 * several calls ({@link #pipelineBatch}: at least 2^18 images a call, at most 16 calls), and
 * while it computes one batch the host interpolates the batch before and folds it into the CRT
 * ({@link ProductTreeCombiner} over the plan of primes, whose {@code batchDone} feeds a
 * {@link org.modalg.modular.ProductTreeCrt.Incremental}) on the options' pool: an instance of
 * {@link MultimodularLoop#pipeline} with this task's two stages (the reduction of the grids and
 * the engine's call; the interpolation). With a device engine only the last batch's host work
 * and the final reduction modulo M remain after the device's last call.
 *
 * <p>Cost per prime, roots of unity: (n + m + 2)(deg_y + r M log M) products for the evaluations,
 * r M n m for the resultants (r M &lt; 2N, and within a few percent of N at the sizes measured),
 * O(r M log M + r^2 M) for the interpolation; consecutive points: (D + 1)((n + 1)(deg_y f + 1) +
 * (m + 1)(deg_y g + 1)) for the evaluations, (D + 1) n m for the resultants, D^2 for the
 * interpolation; about (bits of 2B) / 25 primes either way.
 *
 * <p>Conventions (those of the univariate {@link org.modalg.modular.poly.Resultant}): Res(0, g) =
 * Res(f, 0) = 0; deg_x f = 0: Res = f^m (f a polynomial in y), deg_x g = 0: Res = g^n; two
 * non-zero polynomials of x-degree 0 give 1; Res_x(f, g) = (-1)^(n m) Res_x(g, f). The resultant
 * in y is {@code resultant(f.swapVariables(), g.swapVariables())}, a polynomial in x.
 */
public final class BivariateResultant {
    /** The largest degree bound D taken (so D + 1 points are distinct modulo every prime above 2^25). */
    public static final int MAX_DEGREE_BOUND = 1 << 24;
    private static final int PRIME_BITS = PolyGcdDouble.MAX_PRIME_BITS;
    /** The first wave of a probabilistic run: at least this many primes (and 2k). */
    private static final int FIRST_WAVE = 8;

    private BivariateResultant() {
    }

    /** Res_x(f, g) with the default options (proven). */
    public static ZZPoly resultant(ZZBivariate f, ZZBivariate g) {
        return resultant(f, g, Options.defaults()).value();
    }

    /**
     * Res_x(f, g) as a polynomial in y, with the report (phases bound, setup, images, crt,
     * finish).
     *
     * @throws IllegalArgumentException if an argument is null, the degree bound D exceeds
     *     {@link #MAX_DEGREE_BOUND}, or the images would not fit one array
     * @throws CancelledException if the cancellation check fires between images
     */
    public static ModularResult<ZZPoly> resultant(ZZBivariate f, ZZBivariate g, Options options) {
        return resultant(f, g, options, pointsFromProperty(), pipelineFromProperty());
    }

    /**
     * The system property that picks the point set: {@code auto} (the default: roots of unity
     * where a layout fits), {@code consecutive} (y = 0..D and Newton, the route before the NTT
     * one: for measuring one against the other on a machine) or {@code roots} (roots of unity,
     * failing where no layout fits).
     */
    public static final String POINTS_PROPERTY = "modalg.bivariate.points";

    /**
     * The route named by {@link #POINTS_PROPERTY}.
     *
     * @throws IllegalArgumentException naming the property and its values on another value
     */
    static Points pointsFromProperty() {
        String v = System.getProperty(POINTS_PROPERTY, "auto").trim().toLowerCase(java.util.Locale.ROOT);
        switch (v) {
            case "auto":
                return Points.AUTO;
            case "consecutive":
                return Points.CONSECUTIVE;
            case "roots":
                return Points.ROOTS_OF_UNITY;
            default:
                throw new IllegalArgumentException(POINTS_PROPERTY + " must be auto, consecutive or roots, got " + v);
        }
    }

    /**
     * The system property that pipelines a proven run's images with the host's work:
     * {@code auto} (the default: on from {@link #PIPELINE_MIN_PRIMES} primes and
     * {@link #PIPELINE_MIN_IMAGES} images, with at least two threads and a device engine), {@code on}, {@code off},
     * or a number of primes per engine call (on, for tests and measurements). Pipelined, the
     * engine computes the images batch by batch ({@link #pipelineBatch}) while the host
     * interpolates the batch before and folds it into the CRT
     * ({@link ProductTreeCombiner} over the plan of primes, {@link org.modalg.modular.ProductTreeCrt.Incremental}),
     * on the options' pool: with a device engine the host's work hides behind the device's.
     */
    public static final String PIPELINE_PROPERTY = "modalg.bivariate.pipeline";

    /** {@code auto} pipelines from this many primes ... */
    static final int PIPELINE_MIN_PRIMES = 16;
    /** ... and this many images in all (primes times points). */
    static final long PIPELINE_MIN_IMAGES = 1L << 19;
    /** A pipelined engine call takes at least this many images (primes times points): a device stays full. */
    static final long PIPELINE_CALL_IMAGES = 1L << 18;
    /** At most this many pipelined engine calls: each fold costs two products of the CRT's whole width. */
    static final int PIPELINE_MAX_CALLS = 16;

    /** The pipeline choices of {@link #resultant(ZZBivariate, ZZBivariate, Options, Points, int)}: off, auto, on; above 0 on with that many primes per call. */
    static final int PIPELINE_OFF = 0;
    static final int PIPELINE_AUTO = -1;
    static final int PIPELINE_ON = -2;

    /**
     * The choice named by {@link #PIPELINE_PROPERTY}.
     *
     * @throws IllegalArgumentException naming the property and its values on another value
     */
    static int pipelineFromProperty() {
        String v = System.getProperty(PIPELINE_PROPERTY, "auto").trim().toLowerCase(java.util.Locale.ROOT);
        switch (v) {
            case "auto":
                return PIPELINE_AUTO;
            case "on":
                return PIPELINE_ON;
            case "off":
                return PIPELINE_OFF;
            default:
                try {
                    int n = Integer.parseInt(v);
                    if (n >= 1) {
                        return n;
                    }
                } catch (NumberFormatException e) {
                    // the message below
                }
                throw new IllegalArgumentException(PIPELINE_PROPERTY + " must be auto, on, off or a number of primes"
                        + " per engine call >= 1, got " + v);
        }
    }

    /**
     * Primes per engine call of a pipelined run of k primes with this many images per prime: at
     * least {@link #PIPELINE_CALL_IMAGES} images a call, and at most {@link #PIPELINE_MAX_CALLS}
     * calls.
     */
    static int pipelineBatch(int k, long imagesPerPrime) {
        long byImages = (PIPELINE_CALL_IMAGES + imagesPerPrime - 1) / Math.max(1, imagesPerPrime);
        long byCalls = (k + PIPELINE_MAX_CALLS - 1) / PIPELINE_MAX_CALLS;
        return (int) Math.max(1, Math.min(k, Math.max(byImages, byCalls)));
    }

    /**
     * Primes per engine call for this choice (0: no pipeline): {@code auto} pipelines k &gt;=
     * {@link #PIPELINE_MIN_PRIMES} primes of k imagesPerPrime &gt;= {@link #PIPELINE_MIN_IMAGES}
     * images on two threads or more with a device engine ({@link ImageEngine#prefersWidePrimes},
     * the loops' test for one): on the CPU engine the host stages take the cores that compute the
     * images, and the folds cost more than the one-shot CRT (an H100 host's 16 threads: 1.3-1.8x
     * slower at d = 120).
     */
    static int pipelinePrimes(int choice, int k, long imagesPerPrime, int threads, boolean device) {
        if (choice > 0) {
            return choice;
        }
        if (choice == PIPELINE_OFF) {
            return 0;
        }
        boolean on = choice == PIPELINE_ON || (k >= PIPELINE_MIN_PRIMES && (long) k * imagesPerPrime
                >= PIPELINE_MIN_IMAGES && threads >= 2 && device);
        return on ? pipelineBatch(k, imagesPerPrime) : 0;
    }

    /** The point sets of the images: {@link #AUTO} is the public route; the others are forced by tests. */
    enum Points {
        /** Cosets of roots of unity with primes 1 modulo 2^k when a layout fits (proven runs), else consecutive points. */
        AUTO,
        /** y = 0, 1, ..., D and Newton interpolation (the fallback). */
        CONSECUTIVE,
        /** Cosets of the 2^k-th roots of unity and inverse NTTs (proven runs; probabilistic ones stay consecutive). */
        ROOTS_OF_UNITY
    }

    /**
     * The NTT route's point set for a proven run: M = 2^log2m, {@code cosets} cosets of the M-th
     * roots of unity (cosets M &gt;= D + 1 points), and the primes below 2^26 with 2^log2m | p - 1
     * whose product exceeds twice the bound (the decreasing {@link PrimeStream#ntt} stream).
     */
    record Layout(int log2m, int cosets, long[] primes) {
        int points() {
            return cosets << log2m;
        }
    }

    /** At most this many cosets of the 2^k-th roots of unity: interpolation O(r M log M + r^2 M) stays below the images'. */
    static final int MAX_COSETS = 16;

    /**
     * The layout of the fewest points (then the fewest cosets) for D + 1 = points values whose
     * primes exist: for each k in [1, 27] with r = ceil(points / 2^k) &lt;= {@link #MAX_COSETS}
     * cosets, by increasing r 2^k, the first whose stream of primes p &lt; 2^26, 2^k | p - 1,
     * covers twiceBound and whose smallest prime leaves r distinct cosets ((p - 1) / 2^k &gt;= r);
     * null when none does. The larger k, the fewer primes of that form below 2^26 (116 for
     * k = 16, 468 for 14, 1924 for 12, 7765 for 10), which is why a large product of primes
     * takes several cosets of a smaller group.
     */
    static Layout layout(int points, BigInteger twiceBound) {
        return layout(points, twiceBound, MAX_COSETS);
    }

    /** {@link #layout(int, BigInteger)} with at most maxCosets cosets (1 &lt;= maxCosets &lt;= {@link #MAX_COSETS}). */
    static Layout layout(int points, BigInteger twiceBound, int maxCosets) {
        java.util.List<int[]> candidates = new java.util.ArrayList<>();
        for (int k = 1; k <= NTT_MAX_LOG2M; k++) {
            long r = ((long) points + (1L << k) - 1) >> k;
            if (r <= maxCosets) {
                candidates.add(new int[] {k, (int) r});
            }
        }
        candidates.sort((a, b) -> a[1] * (1L << a[0]) != b[1] * (1L << b[0])
                ? Long.compare(a[1] * (1L << a[0]), b[1] * (1L << b[0])) : Integer.compare(a[1], b[1]));
        for (int[] c : candidates) {
            long[] primes;
            try {
                primes = PrimeSupply.covering(PrimeStream.ntt(PolyGcdDouble.PRIME_BOUND, c[0]), BigInteger.ONE,
                        twiceBound);
            } catch (IllegalStateException e) {
                continue; // too few primes 1 modulo 2^k below 2^26
            }
            long smallest = primes.length == 0 ? Long.MAX_VALUE : primes[primes.length - 1];
            if ((smallest - 1) >> c[0] >= c[1]) {
                return new Layout(c[0], c[1], primes);
            }
        }
        return null;
    }

    /** The largest transform length 2^k taken ({@code NttPlan.MAX_LOG2N}). */
    private static final int NTT_MAX_LOG2M = 24;

    static ModularResult<ZZPoly> resultant(ZZBivariate f, ZZBivariate g, Options options, Points route) {
        return resultant(f, g, options, route, pipelineFromProperty());
    }

    /** The resultant on this route with this pipeline choice ({@link #PIPELINE_OFF}, {@link #PIPELINE_AUTO}, {@link #PIPELINE_ON}, or primes per call). */
    static ModularResult<ZZPoly> resultant(ZZBivariate f, ZZBivariate g, Options options, Points route, int pipeline) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        checkNotNull(options, "options");
        ModularReport.Builder report = ModularReport.builder("bivariate resultant").route(Route.CRT);
        long t0 = System.nanoTime();
        int n = f.degreeX();
        int m = g.degreeX();
        if (f.isZero() || g.isZero() || n == 0 || m == 0) {
            ZZPoly r;
            if (f.isZero() || g.isZero()) {
                r = ZZPoly.ZERO;
            } else if (n == 0) {
                r = f.coefficientInX(0).pow(m);
            } else {
                r = g.coefficientInX(0).pow(n);
            }
            report.note("a zero input or one of x-degree 0: no primes needed").certification(Certification.PROVEN,
                    "trivial");
            report.phaseSince("trivial", t0);
            return new ModularResult<>(r, report.build());
        }
        BigInteger cf = content(f);
        BigInteger cg = content(g);
        ZZBivariate pf = divide(f, cf);
        ZZBivariate pg = divide(g, cg);
        BigInteger scale = cf.pow(m).multiply(cg.pow(n));
        long dBound = degreeBound(pf, pg);
        if (dBound > MAX_DEGREE_BOUND) {
            throw new IllegalArgumentException("the resultant's degree bound in y is " + dBound + ", above "
                    + MAX_DEGREE_BOUND + " (deg_x " + n + ", " + m + "; deg_y " + f.degreeY() + ", " + g.degreeY() + ")");
        }
        int d = (int) dBound;
        long boundBits = coefficientBoundBits(pf, pg);
        if (boundBits > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("the resultant's coefficient bound has " + boundBits + " bits: too large");
        }
        BigInteger twiceBound = BigInteger.ONE.shiftLeft((int) boundBits + 1);
        long primesNeeded = (boundBits + 2) / (PRIME_BITS - 1) + 2;
        if (primesNeeded * (d + 1) > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("the images of a degree-" + d + " resultant modulo about " + primesNeeded
                    + " primes (a " + boundBits + "-bit bound) would not fit one array");
        }
        report.note("degree bound in y: " + d + " (" + (d + 1) + " points per prime); Goldstein-Graham bound: 2^"
                + boundBits);
        long t = report.phaseSince("bound", t0);
        MultimodularLoop loop = new MultimodularLoop(options, report);
        ProvenBound proven = new ProvenBound(twiceBound, "2 * Goldstein-Graham bound");
        StoppingRule<BigInteger[]> rule = proven;
        PrimeSupply supply;
        EarlyTermination early = EarlyTermination.start(options, boundBits + 1, PRIME_BITS, primesNeeded,
                "a " + boundBits + "-bit bound", report);
        Layout layout = early == null && route != Points.CONSECUTIVE ? layout(d + 1, twiceBound) : null;
        if (route == Points.ROOTS_OF_UNITY && layout == null) {
            throw new IllegalStateException("no layout of roots of unity for " + (d + 1) + " points"
                    + (early != null ? " (probabilistic run)" : " and a " + boundBits + "-bit bound"));
        }
        ImageTask task;
        if (layout != null) {
            report.note("bivariate images: " + layout.cosets() + (layout.cosets() == 1 ? " coset" : " cosets")
                    + " of the 2^" + layout.log2m() + "-th roots of unity (" + layout.points() + " points for " + (d + 1)
                    + "), each coefficient in x evaluated by one forward NTT, Res mod p by the image engine's"
                    + " bivariateResultantsOnCosets, interpolation by inverse NTTs on the host (" + loop.threads()
                    + (loop.threads() == 1 ? " thread)" : " threads)"));
            task = new Images(pf, pg, d, options, loop.threads(), layout.log2m(), layout.cosets());
        } else {
            report.note("bivariate images: evaluation at y = 0.." + d + " and Res mod p by the image engine's"
                    + " bivariateResultants, Newton interpolation on the host (" + loop.threads()
                    + (loop.threads() == 1 ? " thread)" : " threads)"));
            task = new Images(pf, pg, d, options, loop.threads(), 0, 0);
        }
        long[] plan = null; // the primes of a proven run, in order
        if (layout != null) {
            plan = layout.primes();
            supply = PrimeSupply.fixed(layout.primes(), "primes < 2^" + PRIME_BITS + " with 2^" + layout.log2m()
                    + " | p - 1 (" + layout.primes().length + " for a " + boundBits + "-bit bound)");
        } else if (early != null) {
            long[] primes = PrimeSupply.covering(early.primes(), BigInteger.ONE, twiceBound);
            supply = PrimeSupply.fixed(primes, "random word-size primes in [2^" + (PRIME_BITS - 1) + ", 2^" + PRIME_BITS
                    + ") (at most " + primes.length + " for a " + boundBits + "-bit bound)");
            int first = Math.min(primes.length, Math.max(2 * early.checkPrimes(), FIRST_WAVE));
            rule = new StableImages(early, first, proven, " (" + primes.length + " needed for the proof)");
        } else {
            long[] primes = PrimeSupply.covering(PrimeStream.below(PolyGcdDouble.PRIME_BOUND), BigInteger.ONE,
                    twiceBound);
            plan = primes;
            supply = PrimeSupply.fixed(primes, "word-size primes < 2^" + PRIME_BITS + " (" + primes.length + " for a "
                    + boundBits + "-bit bound)");
        }
        // a proven run's images batch by batch, the host's interpolation and CRT folds beside the engine's calls
        int perCall = plan == null ? 0 : pipelinePrimes(pipeline, plan.length,
                layout != null ? layout.points() : d + 1L, loop.threads(), loop.images().prefersWidePrimes());
        Combiner combiner;
        if (perCall > 0) {
            combiner = new ProductTreeCombiner(d + 1, loop.options(), plan);
            loop.pipeline(perCall);
            report.note("pipelined: engine calls of " + perCall + " primes, each batch interpolated and folded into"
                    + " the CRT on the host during the next call (" + PIPELINE_PROPERTY + ")");
        } else {
            combiner = new ProductTreeCombiner(d + 1, loop.options());
        }
        report.phaseSince("setup", t);
        BigInteger[] c = loop.run(task, supply, combiner, UnluckyPrimes.none(), rule);
        long t1 = System.nanoTime();
        if (task instanceof Images im) {
            report.note(im.split());
        }
        ZZPoly r = ZZPoly.of(c);
        if (!scale.equals(BigInteger.ONE)) {
            r = r.multiply(scale);
        }
        report.phaseSince("finish", t1);
        return new ModularResult<>(r, report.build());
    }

    /**
     * The bound D on deg_y Res_x(f, g) described in the class comment (0 when an input is zero or
     * of x-degree 0, where no interpolation is needed).
     *
     * @throws IllegalArgumentException if f or g is null
     */
    public static long degreeBound(ZZBivariate f, ZZBivariate g) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        if (f.degreeX() <= 0 || g.degreeX() <= 0) {
            return 0;
        }
        return BivariateBounds.degree(f, g, 0); // S_0 = Res: one formula for both
    }

    /**
     * A bit count b with every coefficient of Res_x(f, g) below 2^b in absolute value (the
     * Goldstein-Graham bound of the class comment, from {@link Bounds#resultantBits} of the
     * weight polynomials W_f and W_g); 0 when an input is zero.
     *
     * @throws IllegalArgumentException if f or g is null
     */
    public static long coefficientBoundBits(ZZBivariate f, ZZBivariate g) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        return Bounds.resultantBits(weights(f), weights(g));
    }

    /** The weights w_k = ||f_k||_1 of f's coefficients in x (the polynomial W_f of the class comment). */
    static BigInteger[] weights(ZZBivariate f) {
        BigInteger[] w = new BigInteger[f.degreeX() + 1];
        for (int k = 0; k < w.length; k++) {
            BigInteger s = BigInteger.ZERO;
            ZZPoly c = f.coefficientInX(k);
            for (int j = 0; j <= c.degree(); j++) {
                s = s.add(c.coefficient(j).abs());
            }
            w[k] = s;
        }
        return w;
    }

    // The positive gcd of all coefficients (f non-zero).
    static BigInteger content(ZZBivariate f) {
        BigInteger c = BigInteger.ZERO;
        for (int i = f.degreeX(); i >= 0 && !c.equals(BigInteger.ONE); i--) {
            c = c.gcd(f.coefficientInX(i).content());
        }
        return c;
    }

    static ZZBivariate divide(ZZBivariate f, BigInteger c) {
        if (c.equals(BigInteger.ONE)) {
            return f;
        }
        ZZPoly[] r = new ZZPoly[f.degreeX() + 1];
        for (int i = 0; i < r.length; i++) {
            r[i] = f.coefficientInX(i).divideExact(c);
        }
        return ZZBivariate.ofCoefficientsInX(r);
    }

    /**
     * Res_x mod each prime of a batch, as its D + 1 coefficients in y: the engine stage reduces
     * the grids and calls the image engine, the host stage interpolates (on the options' pool).
     */
    private static final class Images extends FlatGrids implements StagedImageTask<Images.Engined> {

        /** The engine stage's output: the values at the points of each prime of the batch. */
        record Engined(long[] primes, long[] values, long[] shifts) {
        }

        private final int d;
        private final Options options;
        private final int threads;
        private final int log2m; // 0: consecutive points
        private final int cosets;

        Images(ZZBivariate pf, ZZBivariate pg, int d, Options options, int threads, int log2m, int cosets) {
            super(pf, pg);
            this.log2m = log2m;
            this.cosets = cosets;
            this.d = d;
            this.options = options;
            this.threads = threads;
        }

        // Nanoseconds of the parts of images() over the run (the report's note, split()).
        private long reduceNanos;
        private long engineNanos;
        private long copyNanos;
        private long interpolateNanos;

        /**
         * The note that splits the report's images and transfer phases: the reduction of the
         * grids modulo the primes, the image engine's call (of which its host-device copies) and
         * the interpolation, in ms.
         */
        String split() {
            return String.format(java.util.Locale.ROOT, "images split: reduce %.2f ms, resultants %.2f ms "
                    + "(engine; of which copies %.2f ms), interpolate %.2f ms", reduceNanos / 1e6, engineNanos / 1e6,
                    copyNanos / 1e6, interpolateNanos / 1e6);
        }

        @Override
        public Engined engineStage(ImageEngine engine, long[] primes) {
            int k = primes.length;
            options.checkCancelled("before bivariate resultant images modulo " + k + " primes");
            long t0 = System.nanoTime();
            long[][] residues = residues(primes, threads);
            long[] fr = residues[0];
            long[] gr = residues[1];
            long[] shifts = null;
            if (log2m > 0) {
                shifts = new long[k * cosets];
                for (int j = 0; j < k; j++) {
                    System.arraycopy(BivariateKernels.cosetShifts(primes[j], log2m, cosets), 0, shifts, j * cosets,
                            cosets);
                }
            }
            long t1 = System.nanoTime();
            reduceNanos += t1 - t0;
            long moved = engine.transferNanos();
            // the (prime, coset) or (prime, point) resultants by the loop's engine: the CPU
            // engine's threads, or a device
            long[] values = log2m > 0
                    ? engine.bivariateResultantsOnCosets(fr, fRows, fCols, gr, gRows, gCols, primes, log2m, shifts,
                            cosets)
                    : engine.bivariateResultants(fr, fRows, fCols, gr, gRows, gCols, primes, d + 1);
            engineNanos += System.nanoTime() - t1;
            copyNanos += engine.transferNanos() - moved;
            return new Engined(primes, values, shifts);
        }

        @Override
        public ImageBatch hostStage(Engined e) {
            long t0 = System.nanoTime();
            long[] primes = e.primes();
            long[] values = e.values();
            int k = primes.length;
            long[][] rows = new long[k][];
            if (log2m > 0) {
                // one inverse NTT per coset, then the cosets' Vandermonde
                int per = cosets << log2m;
                perPrime(k, j -> rows[j] = BivariateKernels.interpolateCosets(values, j * per, primes[j], log2m,
                        e.shifts(), j * cosets, cosets, d));
            } else {
                perPrime(k, j -> {
                    rows[j] = Arrays.copyOfRange(values, j * (d + 1), (j + 1) * (d + 1));
                    BivariateKernels.interpolateConsecutive(rows[j], primes[j]);
                });
            }
            interpolateNanos += System.nanoTime() - t0;
            return ImageBatch.words(primes, rows, null);
        }

        // body(j) for every prime of a batch on the options' pool (in place when on one of its threads)
        private void perPrime(int k, java.util.function.IntConsumer body) {
            ParallelRange.Body range = (from, to) -> {
                for (int j = from; j < to; j++) {
                    body.accept(j);
                }
            };
            if (threads <= 1 || k < 2) {
                range.run(0, k);
            } else {
                ParallelRange.run(WorkerPools.of(threads), 0, k, 1, range);
            }
        }
    }

    private static void checkNotNull(Object o, String name) {
        if (o == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
    }
}
