package org.modalg.modular.image;

import org.modalg.fields.GfField;
import org.modalg.modular.ModularReport;
import org.modalg.fields.ZpField;
import org.modalg.modular.kernel.BivariateImagesZp;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.kernel.PolyGcdZp;
import org.modalg.modular.kernel.ZpDetKernel;

/**
 * Batched images of the modular algorithms: one call reduces an integer input modulo a whole batch
 * of primes (or generalized Fermat fields) and computes the operation modulo each. The multimodular
 * algorithms ({@link org.modalg.modular.mat.Determinant},
 * {@link org.modalg.modular.poly.Resultant}, {@link org.modalg.modular.poly.PolynomialGcd}) feed
 * their image batches through one of these; the CPU engine ({@link ImageEngines#cpu}) runs today's
 * kernels over threads, a GPU engine from the {@code gpu} module (found through
 * {@link ImageEngineProvider}) runs them on every visible device. Every engine gives the same
 * images, bit for bit: each is a value modulo a prime, unique.
 *
 * <p>Inputs are integers in {@link LimbVector}s; primes are odd, pairwise distinct and below
 * 2^62 unless an operation says otherwise (not checked: the callers are the algorithms of this
 * package, which choose them). Outputs are residues in [0, p).
 */
public interface ImageEngine {

    /** A short description for reports, e.g. {@code cpu (2 threads)} or {@code gpu (2 x NVIDIA H100)}. */
    String name();

    /**
     * The most primes the multimodular loop hands this engine in one call. The CPU engine takes
     * 256 (progress and cancellation between batches, residues held at once bounded); a device
     * engine asks for more, since one call per batch and a few hundred blocks leave most of a GPU
     * idle: it splits a large batch by its own memory.
     */
    default int preferredBatch() {
        return 256;
    }

    /**
     * Whether the multimodular loops should take primes up to 2^62 for this engine's images
     * (fewer images for the same bound) rather than the CPU kernels' double-precision sizes
     * (2^23 for determinants, 2^26 for remainder sequences), which are faster per bit on a CPU.
     * A device engine whose kernels are bound by memory traffic or latency per prime says yes.
     */
    default boolean prefersWidePrimes() {
        return false;
    }

    /**
     * Nanoseconds this engine has spent so far copying between host and device memory (inputs
     * up, images down), as wall time: copies that run on several devices at once count once.
     * The operations read it before and after an image call and report the difference as the
     * phase {@value ModularReport#TRANSFER}, apart from {@code images}. 0 for an engine without
     * a device (the default).
     */
    default long transferNanos() {
        return 0;
    }

    /**
     * det A mod p_j for each prime: A is n x n, {@code a} holds its n^2 entries row by row.
     *
     * @return one residue per prime, in the order of {@code primes}
     */
    long[] determinants(int n, LimbVector a, long[] primes);

    /**
     * PA = LU modulo each prime (below 2^{@value ZpDetKernel#MAX_PRIME_BITS}), kept for batched
     * solves; primes modulo which A is singular have determinant 0 and no factors.
     */
    LuImages factor(int n, LimbVector a, long[] primes);

    /**
     * Res(f, g) mod p_j with the formal degrees f.count() - 1 and g.count() - 1 (both counts
     * &gt;= 1): the determinant of the Sylvester matrix of those degrees reduced modulo p_j, so
     * leading coefficients that vanish modulo p_j are handled as {@link PolyGcdZp#resultant} says.
     */
    long[] resultants(LimbVector f, LimbVector g, long[] primes);

    /**
     * Res_{n, m}(f(x, a), g(x, a)) mod p_j at the points a = 0, 1, ..., points - 1 for each prime
     * p_j, the images of the bivariate resultant ({@code org.modalg.modular.bivariate}): a
     * (prime, point) instance is a univariate resultant of its own inputs. fRes holds f modulo each
     * prime, prime j's fRows x fCols grid from j fRows fCols (the coefficient of x^i y^k at
     * i fCols + k), residues in [0, p_j); gRes likewise; the formal degrees n = fRows - 1,
     * m = gRows - 1 ({@link #resultants(LimbVector, LimbVector, long[])}'s rule where a leading
     * coefficient vanishes at a point). Primes odd, pairwise distinct, below
     * 2^{@value PolyGcdDouble#MAX_PRIME_BITS} and above points (not checked: the caller chooses
     * them). The default runs {@link BivariateImagesZp#resultantsAt} prime by prime in the calling
     * thread; the CPU engine spreads (prime, block of points) tasks over its threads, a device
     * engine evaluates and runs the resultants on the device. Every engine gives the same values.
     * O(primes points (fRows fCols + gRows gCols + n m)).
     *
     * @return out[j points + a]
     * @throws IllegalArgumentException if a grid is empty, an array is null or shorter than its
     *     grids, or points &lt; 0
     */
    default long[] bivariateResultants(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
            long[] primes, int points) {
        checkBivariate(fRes, fRows, fCols, gRes, gRows, gCols, primes, points);
        long[] out = new long[primes.length * points];
        for (int j = 0; j < primes.length; j++) {
            BivariateImagesZp.resultantsAt(ZpField.of(primes[j]), fRes, j * fRows * fCols, fRows, fCols, gRes,
                    j * gRows * gCols, gRows, gCols, 0, points, out, j * points);
        }
        return out;
    }

    /**
     * Res_{n, m}(f(x, a), g(x, a)) mod p_j at the points a = c_{j,t} w_j^i, i in [0, M),
     * t in [0, cosets), M = 2^log2m, w_j = {@code NttPlan.of(p_j, log2m).root()} (the M-th root of
     * unity of {@link org.modalg.fields.NttPrimes#primitiveRootOfUnity}) and c_{j,t} =
     * shifts[j cosets + t]: the images of the bivariate resultant on cosets of the M-th roots of
     * unity, whose values one inverse NTT per coset interpolates (the route of the bivariate
     * resultant when primes with 2^log2m | p - 1 are at hand). Grids, residues and formal degrees
     * as {@link #bivariateResultants}; the point set must be distinct cosets (the c_{j,t}^M
     * distinct modulo p_j) for the caller's interpolation, which the engines do not need. The
     * default evaluates each coefficient in x of f and g on a coset by one forward NTT
     * ({@link BivariateImagesZp#resultantsOnCoset}, O(M log M) instead of O(M cols)), prime by
     * prime and coset by coset in the calling thread; the CPU engine spreads (prime, coset) tasks
     * over its threads; a device engine computes the points and evaluations on the device. Every
     * engine gives the same values. O(primes cosets ((fRows + gRows)(cols + M log M) + M n m)).
     *
     * @return out[(j cosets + t) M + i]
     * @throws IllegalArgumentException if a grid is empty, an array is null or shorter than its
     *     grids, log2m is outside [1, 27], a prime p_j is not 1 modulo 2^log2m or not below
     *     2^{@value PolyGcdDouble#MAX_PRIME_BITS}, cosets &lt; 0, a shift is not in [1, p_j), or the
     *     result would not fit one array
     */
    default long[] bivariateResultantsOnCosets(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
            long[] primes, int log2m, long[] shifts, int cosets) {
        checkCosets(fRes, fRows, fCols, gRes, gRows, gCols, primes, log2m, shifts, cosets);
        int m = 1 << log2m;
        long[] out = new long[primes.length * cosets * m];
        for (int j = 0; j < primes.length; j++) {
            ZpField field = ZpField.of(primes[j]);
            for (int t = 0; t < cosets; t++) {
                BivariateImagesZp.resultantsOnCoset(field, fRes, j * fRows * fCols, fRows, fCols, gRes,
                        j * gRows * gCols, gRows, gCols, log2m, shifts[j * cosets + t], out, (j * cosets + t) * m);
            }
        }
        return out;
    }

    /**
     * The principal subresultant coefficients psc_j(f(x, a), g(x, a)) mod p_j (the coefficient of
     * x^j in the subresultant S_j of the formal degrees n = fRows - 1 and m = gRows - 1; psc_0 is
     * the resultant) for every index j in [0, min(n, m)) at the points of
     * {@link #bivariateResultantsOnCosets} (same arguments, same rules where a leading coefficient
     * vanishes at a point): the images of {@code BivariateSubresultants.principalCoefficients}. The
     * default runs {@link BivariateImagesZp#principalCoefficientsOnCoset} (the chain of
     * {@link org.modalg.modular.kernel.SubresultantChainZp} per point) prime by prime and coset by
     * coset in the calling thread; the CPU engine spreads (prime, coset) tasks over its threads; a
     * device engine records the coefficients during its resultant kernel's Euclid. Every engine
     * gives the same values. O(primes cosets ((fRows + gRows)(cols + M log M) + M (n m +
     * min(n, m)^2))).
     *
     * @return out[((p top + j) cosets + t) M + i] for prime index p, top = min(n, m) (empty when
     *     top &lt;= 0): per prime, index by index, the layout of {@link #bivariateResultantsOnCosets}
     * @throws IllegalArgumentException as {@link #bivariateResultantsOnCosets}, or if the result
     *     would not fit one array
     */
    default long[] principalCoefficientsOnCosets(long[] fRes, int fRows, int fCols, long[] gRes, int gRows,
            int gCols, long[] primes, int log2m, long[] shifts, int cosets) {
        int top = checkPrincipal(fRes, fRows, fCols, gRes, gRows, gCols, primes, log2m, shifts, cosets);
        int perPrime = cosets << log2m;
        long[] out = new long[primes.length * top * perPrime];
        for (int j = 0; j < primes.length && top > 0; j++) {
            ZpField field = ZpField.of(primes[j]);
            for (int t = 0; t < cosets; t++) {
                BivariateImagesZp.principalCoefficientsOnCoset(field, fRes, j * fRows * fCols, fRows, fCols, gRes,
                        j * gRows * gCols, gRows, gCols, log2m, shifts[j * cosets + t], out,
                        j * top * perPrime + (t << log2m), perPrime);
            }
        }
        return out;
    }

    /**
     * The argument check of {@link #principalCoefficientsOnCosets}: that of
     * {@link #bivariateResultantsOnCosets}, and primes.length min(fRows, gRows) - 1 cosets 2^log2m
     * entries fitting one array.
     *
     * @return top = max(0, min(fRows, gRows) - 1), the number of indices
     * @throws IllegalArgumentException naming the parameter otherwise
     */
    static int checkPrincipal(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols, long[] primes,
            int log2m, long[] shifts, int cosets) {
        checkCosets(fRes, fRows, fCols, gRes, gRows, gCols, primes, log2m, shifts, cosets);
        int top = Math.max(0, Math.min(fRows, gRows) - 1);
        if (((long) primes.length * cosets << log2m) * top > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("cosets must be in [0, " + (Integer.MAX_VALUE - 8) / Math.max(1L,
                    ((long) primes.length * top) << log2m) + "] for " + primes.length + " primes, M = 2^" + log2m
                    + " and " + top + " indices, got " + cosets);
        }
        return top;
    }

    /**
     * The argument check of {@link #bivariateResultantsOnCosets}: that of {@link #bivariateResultants}
     * for the grids, then log2m in [1, 27], every prime below 2^{@value PolyGcdDouble#MAX_PRIME_BITS}
     * with 2^log2m | p - 1, cosets &gt;= 0, shifts holding primes.length cosets entries in [1, p_j),
     * and primes.length cosets 2^log2m entries fitting one array.
     *
     * @throws IllegalArgumentException naming the parameter otherwise
     */
    static void checkCosets(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols, long[] primes,
            int log2m, long[] shifts, int cosets) {
        if (log2m < 1 || log2m > 27) {
            throw new IllegalArgumentException("log2m must be in [1, 27], got " + log2m);
        }
        if (cosets < 0) {
            throw new IllegalArgumentException("cosets must be >= 0, got " + cosets);
        }
        if (primes == null) {
            throw new IllegalArgumentException("primes must not be null");
        }
        long total = (long) primes.length * cosets << log2m;
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("cosets must be in [0, " + (Integer.MAX_VALUE - 8) / Math.max(1L,
                    (long) primes.length << log2m) + "] for " + primes.length + " primes and M = 2^" + log2m + ", got "
                    + cosets);
        }
        checkBivariate(fRes, fRows, fCols, gRes, gRows, gCols, primes, 0);
        long mask = (1L << log2m) - 1;
        for (long p : primes) {
            if (p < 3 || p >= PolyGcdDouble.PRIME_BOUND || ((p - 1) & mask) != 0) {
                throw new IllegalArgumentException("primes must be below 2^" + PolyGcdDouble.MAX_PRIME_BITS
                        + " and 1 modulo 2^" + log2m + ", got " + p);
            }
        }
        if (shifts == null || (long) primes.length * cosets > shifts.length) {
            throw new IllegalArgumentException("shifts must hold " + cosets + " per prime (" + (long) primes.length
                    * cosets + "), got " + (shifts == null ? "null" : shifts.length + " words"));
        }
        for (int j = 0; j < primes.length; j++) {
            for (int t = 0; t < cosets; t++) {
                long c = shifts[j * cosets + t];
                if (c < 1 || c >= primes[j]) {
                    throw new IllegalArgumentException("shifts must be in [1, p), got " + c + " for p = " + primes[j]);
                }
            }
        }
    }

    /**
     * The argument check of {@link #bivariateResultants}: non-empty grids, arrays holding one grid
     * per prime, points &gt;= 0, and out of primes.length points entries fitting one array.
     *
     * @throws IllegalArgumentException naming the parameter otherwise
     */
    static void checkBivariate(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols, long[] primes,
            int points) {
        if (primes == null) {
            throw new IllegalArgumentException("primes must not be null");
        }
        if (fRows < 1 || fCols < 1 || gRows < 1 || gCols < 1) {
            throw new IllegalArgumentException("the grids must have at least one row and column, got f " + fRows + " x "
                    + fCols + ", g " + gRows + " x " + gCols);
        }
        if (points < 0 || (long) points * primes.length > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("points must be in [0, " + (Integer.MAX_VALUE - 8) / Math.max(1,
                    primes.length) + "] for " + primes.length + " primes, got " + points);
        }
        if (fRes == null || (long) fRows * fCols * primes.length > fRes.length) {
            throw new IllegalArgumentException("fRes must hold " + primes.length + " grids of " + fRows + " x " + fCols
                    + ", got " + (fRes == null ? "null" : fRes.length + " words"));
        }
        if (gRes == null || (long) gRows * gCols * primes.length > gRes.length) {
            throw new IllegalArgumentException("gRes must hold " + primes.length + " grids of " + gRows + " x " + gCols
                    + ", got " + (gRes == null ? "null" : gRes.length + " words"));
        }
    }

    /**
     * The monic gcd of f and g (coefficients in increasing degree) modulo each prime, and the
     * cofactors f / h and g / h when asked.
     */
    GcdImages gcds(LimbVector f, LimbVector g, long[] primes, boolean cofactors);

    /**
     * det A in each generalized Fermat field: row j of the result holds the k_j digits of
     * det A mod (r_j^{k_j} + 1) in the field's canonical form.
     */
    long[][] determinants(int n, LimbVector a, GfField[] fields);

    /** Res(f, g) in each generalized Fermat field, formal degrees as {@link #resultants(LimbVector, LimbVector, long[])}. */
    long[][] resultants(LimbVector f, LimbVector g, GfField[] fields);

    /**
     * The monic gcd of f and g in each generalized Fermat field: row j holds its coefficients
     * element-major (k_j digits each), its length the degree + 1 (0 when f and g both vanish).
     */
    long[][] gcds(LimbVector f, LimbVector g, GfField[] fields);

    /**
     * The argument check every engine's {@code determinants} and {@code factor} make: a holds the
     * n^2 entries of an n x n matrix.
     *
     * @throws IllegalArgumentException naming {@code a} otherwise (null included)
     */
    static void checkSquare(int n, LimbVector a) {
        if (a == null || n < 0 || (long) n * n != a.count()) {
            throw new IllegalArgumentException("a must hold n^2 = " + (long) n * n + " entries, got "
                    + (a == null ? "null" : a.count()));
        }
    }

    /**
     * The argument check every engine's {@code resultants} and {@code gcds} make: f and g have at
     * least one coefficient each.
     *
     * @throws IllegalArgumentException naming {@code f} and {@code g} otherwise (null included)
     */
    static void checkPolynomials(LimbVector f, LimbVector g) {
        if (f == null || g == null || f.count() < 1 || g.count() < 1) {
            throw new IllegalArgumentException("f and g must have at least one coefficient, got "
                    + (f == null ? "null" : f.count()) + ", " + (g == null ? "null" : g.count()));
        }
    }
}
