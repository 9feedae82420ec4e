package org.modalg.fft.doublentt;

import static org.modalg.fft.doublentt.QuotientRounding.quotient;

/**
 * Unchecked loops behind {@link DoubleNttPlan}: residues modulo a prime p &lt; 2^50 held in
 * {@code double}s, multiplied with a fused multiply-add and a rounded quotient. Every inner
 * loop runs over one index j of two or three distinct arrays ({@code x[j], y[j], t[j]}), with
 * no branch, which is the shape HotSpot's superword pass compiles to SIMD instructions
 * (vmulpd, vfmadd, vroundpd: four lanes with AVX2). The data are rows of separate arrays and
 * the butterflies always pair two rows because that keeps every loop a whole row long: a loop
 * on one array at two offsets ({@code a[j]}, {@code a[j + h]}) does vectorize at long distances
 * h, but the levels of short distance, inside a row, make short loops, which HotSpot 17 leaves
 * largely scalar (a transform inside the rows without the transpose measured 1.3-1.9x slower,
 * fft/BENCHMARKS.md section (j)). With {@code -Dmodalg.dntt.vector=on} ({@link VectorNtt}) the
 * butterfly loops hand their whole vectors to {@link VectorNttKernels} (the incubating Vector
 * API, the same doubles) and finish the rest themselves.
 *
 * <h2>The modular product</h2>
 * For integers |y| &lt;= 2^51 and |w| &lt;= p/2 (p &lt; 2^50) with wp = fl(w / p):
 * <pre>
 *   h = fl(y w);  l = y w - h (exact, by one fma);  q = rint(fl(y wp));
 *   r = (h - q p) + l      (h - q p by one fma)
 * </pre>
 * Then r = y w - q p exactly and |r| &lt;= 0.64 p. Proof: q differs from y w / p by at most 1/2
 * plus the error of fl(y wp), which is below |y w / p| 2^-51 &lt;= 2^-1.5 p / 2^50... more
 * precisely, |y w / p| &lt;= 2^51 (p / 2) / p = 2^50 and the three roundings (1/p, w/p, y wp)
 * contribute a relative error below 3 2^-53, so |y wp - y w / p| &lt; 2^50 3 2^-53 = 3/8 and
 * |r| = p |y w / p - q| &lt; (1/2 + 3/8) p. Every operand is an integer: h and q p are integers,
 * h - q p = r - l with |r - l| &lt; p + 2^48 &lt; 2^53 is exactly representable, so the fma
 * returns it exactly, and the final sum of two integers of magnitude below 2^53 with an
 * integer result below 2^53 is exact. The tighter bound used for the ranges below, with
 * |y| &lt;= 1.2 p: |y w / p| &lt;= 0.6 p &lt; 2^49.3, error below 2^49.3 3 2^-53 &lt; 0.25, so
 * |r| &lt; 0.75 p.
 *
 * <p>Every "rint(fl(a b))" here is {@link QuotientRounding#quotient}(a, b), which on some
 * processors rounds the exact product a b instead (one fma with 1.5 2^52: one rounding fewer),
 * so the bounds below, proved for the two roundings of rint, hold for both forms; the forms
 * may give different doubles for the same residues.
 *
 * <h2>Ranges</h2>
 * Write B(y) = 0.5 p + 0.1875 |y| for the bound on |r| above (the rounding error of q is at
 * most (|y| / 2) 3 2^-53 &lt;= 0.1875 |y| / p for p &lt; 2^50). A reduction x - p rint(x / p)
 * (one multiply, one round, one fma) brings any |x| &lt; 2^52 to |x| &lt;= p/2 + 2^-40 p.
 * <ul>
 * <li>Forward levels alternate: the last level of a transform and every second level before
 * it reduce X before the butterfly (X, Y) -&gt; (X' + r, X' - r); the others (lazy) skip that
 * reduction. With inputs below 1.5 p: a lazy level gives at most 1.1875 B + 0.5 p (B its input
 * bound), a reducing level at most p + 0.1875 B; from 1.5 p the bounds run 2.28 p, 1.43 p,
 * 2.27 p, 1.43 p, ..., so every value stays below 2.3 p &lt; 2^51.2 and a transform's output is
 * below 1.45 p. Where Y is the unit twiddle, lazy levels reduce Y (outputs below 2 p) and
 * reducing levels both.</li>
 * <li>The inverse butterfly (X, Y) -&gt; (X + Y, (X - Y) t) reduces the sum and multiplies the
 * difference: inputs below 1.5 p give outputs below max(0.51 p, B(3 p)) = 1.07 p.</li>
 * <li>The pointwise product of values below 1.45 p: |a b / p| &lt; 2.1 p, rounding error of q
 * below 0.79, so |r| &lt; 1.3 p.</li>
 * </ul>
 * Every value is an integer of magnitude below 2^52, exactly representable.
 */
final class DoubleNttKernels {

    private DoubleNttKernels() {
    }

    /** x - p rint(x / p): |x| &lt;= 2^52 brought to |x| &lt;= p/2 (plus 2^-40 p). */
    static double reduce(double x, double p, double pinv) {
        return Math.fma(quotient(x, pinv), -p, x);
    }

    /** y w mod p, |result| &lt; p, for |y| &lt;= 2^51 and |w| &lt;= p/2, wp = w / p. */
    static double mul(double y, double w, double wp, double p) {
        double h = y * w;
        double q = quotient(y, wp);
        return Math.fma(q, -p, h) + Math.fma(y, w, -h);
    }

    /** Forward butterflies x[j], y[j] -&gt; x + w y, x - w y for j in [from, to). */
    static void forwardButterflies(double[] x, double[] y, int from, int to, double w, double p,
            double pinv) {
        double wp = w * pinv;
        double np = -p;
        int start = VectorNtt.ON ? VectorNttKernels.forwardButterflies(x, y, from, to, w, p, pinv) : from;
        for (int j = start; j < to; j++) {
            double a = x[j];
            double b = y[j];
            a = Math.fma(quotient(a, pinv), np, a);
            double h = b * w;
            double q = quotient(b, wp);
            double r = Math.fma(q, np, h) + Math.fma(b, w, -h);
            x[j] = a + r;
            y[j] = a - r;
        }
    }

    /** Forward butterflies with w = 1: x[j], y[j] -&gt; x + y, x - y, both reduced first. */
    static void forwardButterfliesUnit(double[] x, double[] y, int from, int to, double p,
            double pinv) {
        double np = -p;
        int start = VectorNtt.ON ? VectorNttKernels.forwardButterfliesUnit(x, y, from, to, p, pinv) : from;
        for (int j = start; j < to; j++) {
            double a = x[j];
            double b = y[j];
            a = Math.fma(quotient(a, pinv), np, a);
            b = Math.fma(quotient(b, pinv), np, b);
            x[j] = a + b;
            y[j] = a - b;
        }
    }

    /**
     * {@link #forwardButterflies} without reducing x first (the lazy levels): outputs grow by
     * at most |x| + 0.93 p instead of being brought below 1.3 p.
     */
    static void forwardButterfliesLazy(double[] x, double[] y, int from, int to, double w, double p,
            double pinv) {
        double wp = w * pinv;
        double np = -p;
        int start = VectorNtt.ON ? VectorNttKernels.forwardButterfliesLazy(x, y, from, to, w, p, pinv) : from;
        for (int j = start; j < to; j++) {
            double a = x[j];
            double b = y[j];
            double h = b * w;
            double q = quotient(b, wp);
            double r = Math.fma(q, np, h) + Math.fma(b, w, -h);
            x[j] = a + r;
            y[j] = a - r;
        }
    }

    /** {@link #forwardButterfliesUnit} reducing only y (the lazy levels). */
    static void forwardButterfliesUnitLazy(double[] x, double[] y, int from, int to, double p,
            double pinv) {
        double np = -p;
        int start = VectorNtt.ON ? VectorNttKernels.forwardButterfliesUnitLazy(x, y, from, to, p, pinv) : from;
        for (int j = start; j < to; j++) {
            double a = x[j];
            double b = y[j];
            b = Math.fma(quotient(b, pinv), np, b);
            x[j] = a + b;
            y[j] = a - b;
        }
    }

    /** Inverse butterflies x[j], y[j] -&gt; x + y, (x - y) w for j in [from, to). */
    static void inverseButterflies(double[] x, double[] y, int from, int to, double w, double p,
            double pinv) {
        double wp = w * pinv;
        double np = -p;
        int start = VectorNtt.ON ? VectorNttKernels.inverseButterflies(x, y, from, to, w, p, pinv) : from;
        for (int j = start; j < to; j++) {
            double a = x[j];
            double b = y[j];
            double s = a + b;
            double d = a - b;
            x[j] = Math.fma(quotient(s, pinv), np, s);
            double h = d * w;
            double q = quotient(d, wp);
            y[j] = Math.fma(q, np, h) + Math.fma(d, w, -h);
        }
    }

    /** x[j] = x[j] t[j] u[j] for j in [from, to) (two products). */
    static void twist(double[] x, double[] t, double[] u, int from, int to, double p, double pinv) {
        double np = -p;
        for (int j = from; j < to; j++) {
            double a = x[j];
            double b = t[j];
            double h = a * b;
            double q = quotient(a, b * pinv);
            a = Math.fma(q, np, h) + Math.fma(a, b, -h);
            b = u[j];
            h = a * b;
            q = quotient(a, b * pinv);
            x[j] = Math.fma(q, np, h) + Math.fma(a, b, -h);
        }
    }

    /**
     * x[j] = x[j] y[j] for j in [from, to). The quotient of two spectra's entries (below 1.45 p)
     * reaches 2.1 p, beyond the 2^51 of {@link QuotientRounding}'s fma form: always rint here.
     */
    static void pointwise(double[] x, double[] y, int from, int to, double p, double pinv) {
        double np = -p;
        for (int j = from; j < to; j++) {
            double a = x[j];
            double b = y[j];
            double h = a * b;
            double q = Math.rint(a * (b * pinv));
            x[j] = Math.fma(q, np, h) + Math.fma(a, b, -h);
        }
    }

    /**
     * The pointwise product fused into an inverse level: x[j], y[j] -&gt; x u + y v, (x u - y v) w
     * (x u, y v products mod p) for j in [from, to); x, y are written, u, v only read (u may be
     * x and v may be y: a square). Both products take their quotient from the rounded product,
     * q = rint(fl(x u) fl(1/p)), which has the same three roundings as {@link #pointwise} and so
     * the same range (inputs below 1.45 p: products below 1.3 p); the butterfly is
     * {@link #inverseButterflies}'s. The quotient from the rounded product is what keeps this
     * loop vectorized: written with {@code x (u fl(1/p))}, as {@link #pointwise} is, HotSpot 17
     * compiles the same fused loop to scalar code, four times slower (fft/BENCHMARKS.md, section (h)).
     * The two products' quotients reach 2.1 p, so they always round by rint, as {@link #pointwise}.
     */
    static void inverseButterfliesPointwise(double[] x, double[] y, double[] u, double[] v, int from,
            int to, double w, double p, double pinv) {
        double wp = w * pinv;
        double np = -p;
        for (int j = from; j < to; j++) {
            double a = x[j];
            double e = u[j];
            double b = y[j];
            double c = v[j];
            double h = a * e;
            double q = Math.rint(h * pinv);
            a = Math.fma(q, np, h) + Math.fma(a, e, -h);
            double h2 = b * c;
            double q2 = Math.rint(h2 * pinv);
            b = Math.fma(q2, np, h2) + Math.fma(b, c, -h2);
            double s = a + b;
            double d = a - b;
            x[j] = Math.fma(quotient(s, pinv), np, s);
            double h3 = d * w;
            double q3 = quotient(h3, pinv);
            y[j] = Math.fma(q3, np, h3) + Math.fma(d, w, -h3);
        }
    }

    /**
     * The twist fused into the first level of a cyclic transform, for rows x = row c and y = row
     * c + L/2 of the spectrum: x[j], y[j] -&gt; T (x + G y), T (x - G y) with T = t[j], the
     * twist of row c (theta_s^c, computed by {@link #twistFactors}), and G = g[j] = theta_s^(L/2),
     * which is the twist of row c + L/2 divided by that of row c: the same values, modulo p, as
     * twisting both rows and running the unit butterfly, with three products per pair instead of
     * four and no pass of its own. Quotients from the rounded product (see
     * {@link #inverseButterfliesPointwise}).
     *
     * <p>Ranges (p &lt; 2^50, so |y w| 3 2^-53 &lt;= 0.375 |y| |w| / p and a product is below
     * p/2 + 0.375 |y| |w| / p): x, y below 1.5 p (the column transform's output, below 1.45 p,
     * or its input where its one level was a copy of a zero-padded row), |G| &lt;= p/2, |T| &lt;
     * 0.547 p (the product of two table entries of at most p/2): G y below 0.79 p, x +- G y below
     * 2.29 p, the outputs below 0.97 p. Every intermediate is an integer below 2^52 and h - q p
     * below 2^51, so every operation is exact.
     */
    static void forwardButterfliesTwisted(double[] x, double[] y, double[] g, double[] t, int from, int to,
            double p, double pinv) {
        double np = -p;
        int start = VectorNtt.ON ? VectorNttKernels.forwardButterfliesTwisted(x, y, g, t, from, to, p, pinv) : from;
        for (int j = start; j < to; j++) {
            double a = x[j];
            double b = y[j];
            double e = g[j];
            double f = t[j];
            double h = b * e;
            double q = quotient(h, pinv);
            b = Math.fma(q, np, h) + Math.fma(b, e, -h);
            double s = a + b;
            double d = a - b;
            h = s * f;
            q = quotient(h, pinv);
            x[j] = Math.fma(q, np, h) + Math.fma(s, f, -h);
            h = d * f;
            q = quotient(h, pinv);
            y[j] = Math.fma(q, np, h) + Math.fma(d, f, -h);
        }
    }

    /**
     * The inverse twist fused into the last level of an inverse cyclic transform (unit twiddle),
     * rows x = c and y = c + L/2: x[j], y[j] -&gt; (x + y) T, (x - y) U with T = t[j] and U = u[j]
     * the inverse twists of rows c and c + L/2 (theta_s^-c / n and theta_s^-(c + L/2) / n, from
     * {@link #twistFactors}): the same values, modulo p, as the inverse butterfly followed by the
     * twist of both rows, with two products per pair (four with the factors) instead of five and
     * no pass of its own. (Written as (x - y) G T with one factor row, G = theta^-(L/2), the loop
     * is not vectorized by HotSpot 17.) Ranges: x, y below 1.07 p (an inverse level's output), or
     * below 1.3 p (a pointwise product's, when the transform has this one level), |T|, |U| &lt;
     * 0.547 p: x +- y below 2.6 p, the outputs below 1.04 p (below 0.94 p from inputs below
     * 1.07 p; bounds as in {@link #forwardButterfliesTwisted}).
     */
    static void inverseButterfliesTwisted(double[] x, double[] y, double[] t, double[] u, int from, int to,
            double p, double pinv) {
        double np = -p;
        int start = VectorNtt.ON ? VectorNttKernels.inverseButterfliesTwisted(x, y, t, u, from, to, p, pinv) : from;
        for (int j = start; j < to; j++) {
            double a = x[j];
            double b = y[j];
            double f = t[j];
            double e = u[j];
            double s = a + b;
            double d = a - b;
            double h = s * f;
            double q = quotient(h, pinv);
            x[j] = Math.fma(q, np, h) + Math.fma(s, f, -h);
            h = d * e;
            q = quotient(h, pinv);
            y[j] = Math.fma(q, np, h) + Math.fma(d, e, -h);
        }
    }

    /**
     * t[j] = lo[j] hi[j] mod p for j in [from, to): a row's twist factor from its two table rows
     * (entries of magnitude at most p/2; the result below 0.547 p).
     */
    static void twistFactors(double[] t, double[] lo, double[] hi, int from, int to, double p, double pinv) {
        double np = -p;
        for (int j = from; j < to; j++) {
            double a = lo[j];
            double b = hi[j];
            double h = a * b;
            double q = quotient(h, pinv);
            t[j] = Math.fma(q, np, h) + Math.fma(a, b, -h);
        }
    }

    /** Bytes of rows a pass keeps in cache: the L2 of the machine measured (512 KiB), halved. */
    static final int PASS_BYTES = 1 << 18;

    /** Levels per pass for rows of {@code width} doubles: 2^levels rows fill PASS_BYTES. */
    static int levelsPerPass(int width) {
        int rows = Math.max(2, PASS_BYTES / (8 * Math.max(1, width)));
        return 31 - Integer.numberOfLeadingZeros(rows);
    }

    /**
     * Bytes of rows a pass keeps in the cache for the transforms of at least
     * {@link #LARGE_MIN_ELEMENTS} doubles (0: {@link #PASS_BYTES} at every size). Out of L2 a
     * group of rows that fits the L3 costs a pass less over the whole matrix (read and written
     * from memory) for every few levels: 2 MiB groups run the 2^21 to 2^24-point transforms in
     * two passes per dimension instead of three or four (a convolution 3-20% faster,
     * fft/BENCHMARKS.md section (k)). Not final so that
     * benchmarks can switch it.
     */
    static volatile int largePassBytes = 1 << 21;

    /** Transforms (columns times rows of a pass's dimension) from this many doubles use {@link #largePassBytes}. */
    static final long LARGE_MIN_ELEMENTS = 1L << 19;

    /**
     * Levels per pass for a length-2^logLen transform on rows of {@code width} doubles: as few
     * passes as {@link #levelsPerPass(int)} allows, with the levels spread evenly over them, so
     * that the groups are as small as that pass count permits (e.g. 2^16 points: two passes of
     * 4 levels, groups of 16 rows = 32 KiB that stay in L1, instead of 7 + 1 levels on groups of
     * 128 rows in L2: 7-9% faster at 2^16-2^18, fft/BENCHMARKS.md section (e)). The same
     * butterflies in another order: the same values.
     */
    static int levelsPerPass(int width, int logLen) {
        int max = levelsPerPass(width);
        int large = largePassBytes;
        if (large > 0 && logLen > 0 && ((long) width << logLen) >= LARGE_MIN_ELEMENTS) {
            int rows = Math.max(2, large / (8 * Math.max(1, width)));
            max = Math.max(max, 31 - Integer.numberOfLeadingZeros(rows));
        }
        if (logLen <= 0) {
            return max;
        }
        int passes = (logLen + max - 1) / max;
        return (logLen + passes - 1) / passes;
    }

    /**
     * All levels of a length-L forward transform (L = 2^logLen) along the rows
     * {@code rows[0, L)}, on the columns [from, to): level t (m = 2^t blocks, distance
     * h = L / 2m), block k pairs rows i and i + h with the twiddle {@code tw[base + k]}, base = m
     * for the negacyclic transform and 0 for the cyclic one (the conventions of
     * {@code NttKernels}). The levels run in passes of {@link #levelsPerPass} levels: within a
     * pass the rows fall into independent groups of 2^levels rows (equal modulo the pass's
     * smallest distance, inside one block of its first level), and each group runs all the
     * pass's levels while it is in cache. Every loop stays a whole row long, which is what the
     * vectorized loops need.
     *
     * @param nonzeroRows rows from this one on are taken as zero (their contents are ignored
     *     and overwritten): the first level then copies instead of computing where the second
     *     row of a pair is zero (X + tY = X - tY = X)
     */
    static void forwardColumns(double[][] rows, int logLen, double[] tw, boolean nega, int from,
            int to, double p, double pinv, int nonzeroRows) {
        forwardColumns(rows, logLen, tw, nega, from, to, p, pinv, nonzeroRows, null, null, null);
    }

    /**
     * {@link #forwardColumns(double[][], int, double[], boolean, int, int, double, double, int)}
     * of the rows twisted first, when twLo is not null: row c times theta^c = twLo[c mod M]
     * twHi[c div M] elementwise (M = twLo.length), with twG = theta^(L/2). The twist is taken in
     * the first level ({@link #forwardButterfliesTwisted}), which must be a unit level (cyclic,
     * all rows nonzero). With twHi null, twLo is the full table: twLo[c] is row c's factor
     * theta^c itself (for c &lt; L/2, entries of magnitude at most p/2), read instead of computed
     * by {@link #twistFactors}.
     */
    static void forwardColumns(double[][] rows, int logLen, double[] tw, boolean nega, int from,
            int to, double p, double pinv, int nonzeroRows, double[][] twLo, double[][] twHi, double[] twG) {
        forwardColumns(rows, logLen, tw, nega, from, to, p, pinv, nonzeroRows, twLo, twHi, twG, 0, logLen, 0,
                1 << logLen);
    }

    /**
     * {@link #forwardColumns(double[][], int, double[], boolean, int, int, double, double, int)}'s
     * levels [tFrom, tTo) only, on the rows [rowFrom, rowTo): the levels below tFrom done on those
     * rows, and [rowFrom, rowTo) a whole number of blocks of 2^(logLen - tFrom) rows (the rows
     * that level tFrom's blocks pair among themselves). The same butterflies as the whole call's.
     */
    static void forwardColumns(double[][] rows, int logLen, double[] tw, boolean nega, int from, int to, double p,
            double pinv, int nonzeroRows, int tFrom, int tTo, int rowFrom, int rowTo) {
        forwardColumns(rows, logLen, tw, nega, from, to, p, pinv, nonzeroRows, null, null, null, tFrom, tTo, rowFrom,
                rowTo);
    }

    private static void forwardColumns(double[][] rows, int logLen, double[] tw, boolean nega, int from,
            int to, double p, double pinv, int nonzeroRows, double[][] twLo, double[][] twHi, double[] twG, int tFrom,
            int tTo, int rowFrom, int rowTo) {
        int len = 1 << logLen;
        double[] factor = twLo == null ? null : new double[twHi == null ? 0 : to];
        int twMask = twLo == null ? 0 : twLo.length - 1;
        int twShift = twLo == null ? 0 : Integer.numberOfTrailingZeros(twLo.length);
        int per = levelsPerPass(to - from, logLen);
        for (int t0 = tFrom; t0 < tTo; t0 += per) {
            int t1 = Math.min(tTo, t0 + per);
            int group = 1 << (t1 - t0);
            int span = len >> t0;
            int hLast = len >> t1;
            for (int start = rowFrom; start < rowTo; start += span) {
                for (int off = 0; off < hLast; off++) {
                    int first = start + off;
                    for (int t = t0; t < t1; t++) {
                        int h = len >> (t + 1);
                        int hu = h / hLast;
                        int base = nega ? 1 << t : 0;
                        int shift = logLen - t;
                        boolean lazy = ((logLen - 1 - t) & 1) == 1; // the last level reduces
                        // ON first: a constant, so by default the volatile switch is never read
                        if (VectorNtt.ON && radix4 && t >= 1 && t + 1 < t1) {
                            forwardRadix4Levels(rows, first, hLast, group, h, hu, t, shift, lazy, tw, nega, from, to, p, pinv);
                            t++;
                            continue;
                        }
                        for (int u0 = 0; u0 < group; u0 += 2 * hu) {
                            for (int u = u0; u < u0 + hu; u++) {
                                int i = first + u * hLast;
                                int k = i >> shift;
                                if (t == 0 && factor != null) {
                                    double[] f = factor;
                                    if (twHi == null) { // the full table: row i's factor as it is
                                        f = twLo[i];
                                    } else {
                                        twistFactors(factor, twLo[i & twMask], twHi[i >>> twShift], from, to, p, pinv);
                                    }
                                    forwardButterfliesTwisted(rows[i], rows[i + h], twG, f, from, to, p, pinv);
                                } else if (t == 0 && i + h >= nonzeroRows) {
                                    if (i >= nonzeroRows) {
                                        java.util.Arrays.fill(rows[i], from, to, 0.0);
                                    }
                                    System.arraycopy(rows[i], from, rows[i + h], from, to - from);
                                } else if (!nega && k == 0) {
                                    if (lazy) {
                                        forwardButterfliesUnitLazy(rows[i], rows[i + h], from, to, p, pinv);
                                    } else {
                                        forwardButterfliesUnit(rows[i], rows[i + h], from, to, p, pinv);
                                    }
                                } else if (lazy) {
                                    forwardButterfliesLazy(rows[i], rows[i + h], from, to, tw[base + k], p, pinv);
                                } else {
                                    forwardButterflies(rows[i], rows[i + h], from, to, tw[base + k], p, pinv);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /** Whether pairs of forward and of inverse levels run as radix-4 sweeps when the vector kernels do (benchmarks switch it). */
    static volatile boolean radix4 = !"false".equals(System.getProperty("modalg.dntt.radix4"));

    /**
     * Levels t and t + 1 of {@link #forwardColumns}' group (t &gt;= 1) as radix-4 sweeps over the
     * four rows i, i + h/2, i + h, i + 3h/2 that the two levels pair among themselves
     * ({@link VectorNttKernels#forwardRadix4LazyFirst}): the same operations per element as the two
     * levels' radix-2 loops, each row loaded and stored once instead of twice. Blocks whose
     * level-t twiddle is the unit (cyclic, k = 0) keep the radix-2 loops.
     */
    private static void forwardRadix4Levels(double[][] rows, int first, int hLast, int group, int h, int hu, int t,
            int shift, boolean lazyFirst, double[] tw, boolean nega, int from, int to, double p, double pinv) {
        int half = hu / 2;
        int h2 = h / 2;
        int base = nega ? 1 << t : 0;
        int base1 = nega ? 1 << (t + 1) : 0;
        for (int u0 = 0; u0 < group; u0 += 2 * hu) {
            for (int u = u0; u < u0 + half; u++) {
                int i0 = first + u * hLast;
                int i1 = i0 + h2;
                int i2 = i0 + h;
                int i3 = i2 + h2;
                int k = i0 >> shift;
                if (!nega && k == 0) {
                    forwardPair(rows[i0], rows[i2], 0, true, lazyFirst, from, to, p, pinv);
                    forwardPair(rows[i1], rows[i3], 0, true, lazyFirst, from, to, p, pinv);
                    forwardPair(rows[i0], rows[i1], 0, true, !lazyFirst, from, to, p, pinv);
                    forwardPair(rows[i2], rows[i3], tw[1], false, !lazyFirst, from, to, p, pinv);
                    continue;
                }
                double w1 = tw[base + k];
                double w2 = tw[base1 + 2 * k];
                double w3 = tw[base1 + 2 * k + 1];
                double[] a = rows[i0];
                double[] b = rows[i1];
                double[] c = rows[i2];
                double[] d = rows[i3];
                int j = lazyFirst ? VectorNttKernels.forwardRadix4LazyFirst(a, b, c, d, from, to, w1, w2, w3, p, pinv)
                        : VectorNttKernels.forwardRadix4ReduceFirst(a, b, c, d, from, to, w1, w2, w3, p, pinv);
                if (j < to) { // the last part of a vector: the radix-2 loops
                    forwardPair(a, c, w1, false, lazyFirst, j, to, p, pinv);
                    forwardPair(b, d, w1, false, lazyFirst, j, to, p, pinv);
                    forwardPair(a, b, w2, false, !lazyFirst, j, to, p, pinv);
                    forwardPair(c, d, w3, false, !lazyFirst, j, to, p, pinv);
                }
            }
        }
    }

    // one forward level's butterflies on rows x, y: unit or general twiddle, lazy or reducing
    private static void forwardPair(double[] x, double[] y, double w, boolean unit, boolean lazy, int from, int to,
            double p, double pinv) {
        if (unit) {
            if (lazy) {
                forwardButterfliesUnitLazy(x, y, from, to, p, pinv);
            } else {
                forwardButterfliesUnit(x, y, from, to, p, pinv);
            }
        } else if (lazy) {
            forwardButterfliesLazy(x, y, from, to, w, p, pinv);
        } else {
            forwardButterflies(x, y, from, to, w, p, pinv);
        }
    }

    /**
     * The inverse of {@link #forwardColumns} up to the factor L: the levels backwards, in the
     * same passes and groups, with inverse twiddles.
     */
    static void inverseColumns(double[][] rows, int logLen, double[] twInv, boolean nega, int from,
            int to, double p, double pinv) {
        inverseColumns(rows, null, logLen, twInv, nega, from, to, p, pinv, null, null);
    }

    /**
     * {@link #inverseColumns(double[][], int, double[], boolean, int, int, double, double)} of
     * rows times {@code mulBy} elementwise (the pointwise product of two spectra), when mulBy is
     * not null: the product is taken inside the first level ({@link #inverseButterfliesPointwise}),
     * while each group of rows is in cache, instead of in a pass of its own. mulBy is only read
     * and may be rows (a square). When twLo is not null, the rows are twisted last: row c times
     * twLo[c mod M] twHi[c div M] (M = twLo.length), taken in the last level ({@link #inverseButterfliesTwisted}), which must be a
     * unit level (cyclic). With twHi null, twLo is the full table of the L rows' factors (see
     * {@link #forwardColumns(double[][], int, double[], boolean, int, int, double, double, int, double[][], double[][], double[])}).
     */
    static void inverseColumns(double[][] rows, double[][] mulBy, int logLen, double[] twInv, boolean nega,
            int from, int to, double p, double pinv, double[][] twLo, double[][] twHi) {
        inverseColumns(rows, mulBy, logLen, twInv, nega, from, to, p, pinv, twLo, twHi, 0, logLen, 0, 1 << logLen);
    }

    /**
     * {@link #inverseColumns(double[][], int, double[], boolean, int, int, double, double)}'s
     * levels [tFrom, tTo) only (from the highest down), on the rows [rowFrom, rowTo): the levels
     * from tTo on done on those rows, which are a whole number of blocks of 2^(logLen - tFrom)
     * rows. The same butterflies as the whole call's.
     */
    static void inverseColumns(double[][] rows, int logLen, double[] twInv, boolean nega, int from, int to,
            double p, double pinv, int tFrom, int tTo, int rowFrom, int rowTo) {
        inverseColumns(rows, null, logLen, twInv, nega, from, to, p, pinv, null, null, tFrom, tTo, rowFrom, rowTo);
    }

    private static void inverseColumns(double[][] rows, double[][] mulBy, int logLen, double[] twInv, boolean nega,
            int from, int to, double p, double pinv, double[][] twLo, double[][] twHi, int tFrom, int tTo,
            int rowFrom, int rowTo) {
        boolean fused = fusePointwise;
        double[] factor = twLo == null ? null : new double[twHi == null ? 0 : to];
        double[] factor2 = twLo == null ? null : new double[twHi == null ? 0 : to];
        int twMask = twLo == null ? 0 : twLo.length - 1;
        int twShift = twLo == null ? 0 : Integer.numberOfTrailingZeros(twLo.length);
        int len = 1 << logLen;
        int per = levelsPerPass(to - from, logLen);
        int passes = (tTo - tFrom + per - 1) / per;
        for (int pass = passes - 1; pass >= 0; pass--) {
            int t0 = tFrom + pass * per;
            int t1 = Math.min(tTo, t0 + per);
            int group = 1 << (t1 - t0);
            int span = len >> t0;
            int hLast = len >> t1;
            for (int start = rowFrom; start < rowTo; start += span) {
                for (int off = 0; off < hLast; off++) {
                    int first = start + off;
                    for (int t = t1 - 1; t >= t0; t--) {
                        int h = len >> (t + 1);
                        int hu = h / hLast;
                        int base = nega ? 1 << t : 0;
                        int shift = logLen - t;
                        // levels t and t - 1 as radix-4 sweeps, but for the pointwise and the twisted levels
                        if (VectorNtt.ON && radix4 && t - 1 >= t0 && !(t == 1 && factor != null)
                                && !(mulBy != null && t == logLen - 1)) {
                            inverseRadix4Levels(rows, first, hLast, group, h, hu, t, logLen, twInv, nega, from, to, p,
                                    pinv);
                            t--;
                            continue;
                        }
                        for (int u0 = 0; u0 < group; u0 += 2 * hu) {
                            for (int u = u0; u < u0 + hu; u++) {
                                int i = first + u * hLast;
                                double w = twInv[base + (i >> shift)];
                                if (t == 0 && factor != null) {
                                    if (mulBy != null && t == logLen - 1) {
                                        pointwise(rows[i], mulBy[i], from, to, p, pinv);
                                        pointwise(rows[i + h], mulBy[i + h], from, to, p, pinv);
                                    }
                                    int i2 = i + h;
                                    if (twHi == null) { // the full table: rows i and i2's factors as they are
                                        inverseButterfliesTwisted(rows[i], rows[i2], twLo[i], twLo[i2], from, to, p, pinv);
                                    } else {
                                        twistFactors(factor, twLo[i & twMask], twHi[i >>> twShift], from, to, p, pinv);
                                        twistFactors(factor2, twLo[i2 & twMask], twHi[i2 >>> twShift], from, to, p, pinv);
                                        inverseButterfliesTwisted(rows[i], rows[i2], factor, factor2, from, to, p, pinv);
                                    }
                                } else if (mulBy != null && t == logLen - 1 && fused) {
                                    inverseButterfliesPointwise(rows[i], rows[i + h], mulBy[i], mulBy[i + h],
                                            from, to, w, p, pinv);
                                } else {
                                    if (mulBy != null && t == logLen - 1) {
                                        pointwise(rows[i], mulBy[i], from, to, p, pinv);
                                        pointwise(rows[i + h], mulBy[i + h], from, to, p, pinv);
                                    }
                                    inverseButterflies(rows[i], rows[i + h], from, to, w, p, pinv);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * Levels t and t - 1 of {@link #inverseColumns}' group (t - 1 &gt;= its first level) as
     * radix-4 sweeps over the four rows i, i + h, i + 2h, i + 3h that the two levels pair among
     * themselves ({@link VectorNttKernels#inverseRadix4}): the same operations per element as the
     * two levels' radix-2 loops, each row loaded and stored once instead of twice.
     */
    private static void inverseRadix4Levels(double[][] rows, int first, int hLast, int group, int h, int hu, int t,
            int logLen, double[] twInv, boolean nega, int from, int to, double p, double pinv) {
        int base = nega ? 1 << t : 0;
        int base1 = nega ? 1 << (t - 1) : 0;
        int shift = logLen - t;
        for (int u0 = 0; u0 < group; u0 += 4 * hu) {
            for (int u = u0; u < u0 + hu; u++) {
                int i0 = first + u * hLast;
                int i1 = i0 + h;
                int i2 = i1 + h;
                int i3 = i2 + h;
                double w2 = twInv[base + (i0 >> shift)];
                double w3 = twInv[base + (i2 >> shift)];
                double w1 = twInv[base1 + (i0 >> (shift + 1))];
                double[] a = rows[i0];
                double[] b = rows[i1];
                double[] c = rows[i2];
                double[] d = rows[i3];
                int j = VectorNttKernels.inverseRadix4(a, b, c, d, from, to, w1, w2, w3, p, pinv);
                if (j < to) { // the last part of a vector: the radix-2 loops
                    inverseButterflies(a, b, j, to, w2, p, pinv);
                    inverseButterflies(c, d, j, to, w3, p, pinv);
                    inverseButterflies(a, c, j, to, w1, p, pinv);
                    inverseButterflies(b, d, j, to, w1, p, pinv);
                }
            }
        }
    }

    /**
     * dst[c][r] = src[r][c] for r in [r0, r1) (a multiple of 8 apart, or the whole range when
     * it is shorter), every column c: eight source rows at a time over blocks of 256 columns
     * (measured fastest of the tilings tried: about 0.6 ns per element while both matrices are
     * in L2). Out of L2 the writes dominate: each band of eight source rows writes 64 bytes into
     * each of 256 destination rows, a pattern no hardware prefetcher follows, and every store
     * waits for its line. So before a band is written, the lines of the band {@link #touchAhead}
     * bands ahead are loaded (one double read per destination row, summed into {@link #sink}
     * so that the loads stay): loads, unlike stores, miss in parallel, and the stores then find
     * their lines in cache. 2.1-2.5 against 3.0-3.2 ns per element from 2^16 to 2^19 points with
     * the matrices out of cache, 2.7 against 3.4 at 2^21 (fft/BENCHMARKS.md section (f)); only
     * from {@link #TOUCH_MIN_ELEMENTS} entries on.
     */
    static void transpose(double[][] src, double[][] dst, int r0, int r1) {
        int cols = src[0].length;
        int ahead = (long) src.length * cols >= TOUCH_MIN_ELEMENTS ? touchAhead : 0;
        int touchEnd = ahead > 0 ? r1 : 0;
        double acc = 0;
        int r = r0;
        for (int cb = 0; cb < cols; cb += 256) {
            int ce = Math.min(cols, cb + 256);
            for (int t = r0 + 7; t < Math.min(touchEnd, r0 + 8 * ahead); t += 8) {
                for (int c = cb; c < ce; c++) {
                    acc += dst[c][t];
                }
            }
            for (r = r0; r + 8 <= r1; r += 8) {
                int t = r + 8 * ahead + 7; // the last entry of the band `ahead` bands ahead
                if (t < touchEnd) {
                    for (int c = cb; c < ce; c++) {
                        acc += dst[c][t];
                    }
                }
                double[] s0 = src[r];
                double[] s1 = src[r + 1];
                double[] s2 = src[r + 2];
                double[] s3 = src[r + 3];
                double[] s4 = src[r + 4];
                double[] s5 = src[r + 5];
                double[] s6 = src[r + 6];
                double[] s7 = src[r + 7];
                for (int c = cb; c < ce; c++) {
                    double[] d = dst[c];
                    d[r] = s0[c];
                    d[r + 1] = s1[c];
                    d[r + 2] = s2[c];
                    d[r + 3] = s3[c];
                    d[r + 4] = s4[c];
                    d[r + 5] = s5[c];
                    d[r + 6] = s6[c];
                    d[r + 7] = s7[c];
                }
            }
            for (int rr = r; rr < r1; rr++) {
                double[] s = src[rr];
                for (int c = cb; c < ce; c++) {
                    dst[c][rr] = s[c];
                }
            }
        }
        sink = acc;
    }

    /**
     * Whether {@link #inverseColumns(double[][], double[][], int, double[], boolean, int, int,
     * double, double)} takes the pointwise product in the fused loop (true) or by two
     * {@link #pointwise} calls on the pair's rows just before its butterflies. Not final so that
     * benchmarks can switch it.
     */
    static volatile boolean fusePointwise = true;

    /**
     * Bands of {@link #transpose} between a band's lines being loaded and being written; 0 turns
     * the touching off. Not final so that benchmarks can switch it.
     */
    static volatile int touchAhead = 2;

    /**
     * Matrices from this many entries (1 MiB) are transposed with the touching loads. A lone
     * transform of 2^17 points keeps its matrices in L2 and the loads only cost, but inside a
     * product (two operands, three primes) the spectrum's lines come from L3 and the touching
     * made Z/pZ[x] 2^16 and Z[x] 2^16 x 64-bit products 4-6% faster on an H100 host's Xeon and
     * 4% on the EPYC VM; from 2^15 entries (2^15-point transforms) it was 2-5% slower on the VM
     * (fft/BENCHMARKS.md section (n)).
     */
    static final long TOUCH_MIN_ELEMENTS = 1L << 17;

    /**
     * Where {@link #transpose} leaves the sum of its touching loads (never read: a store the
     * compiler must keep, so it keeps the loads). Racy writes of a meaningless value.
     */
    static double sink;
}
