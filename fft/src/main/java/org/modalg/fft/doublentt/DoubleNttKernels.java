package org.modalg.fft.doublentt;

/**
 * Unchecked loops behind {@link DoubleNttPlan}: residues modulo a prime p &lt; 2^50 held in
 * {@code double}s, multiplied with a fused multiply-add and a rounded quotient. Every inner
 * loop runs over one index j of two or three distinct arrays ({@code x[j], y[j], t[j]}), with
 * no branch, which is the shape HotSpot's superword pass compiles to SIMD instructions
 * (vmulpd, vfmadd, vroundpd: four lanes with AVX2). A loop that reads and writes one array at
 * two offsets ({@code a[j]}, {@code a[j + h]}) is not vectorized, which is why the data are
 * rows of separate arrays and the butterflies always pair two rows.
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
        return Math.fma(Math.rint(x * pinv), -p, x);
    }

    /** y w mod p, |result| &lt; p, for |y| &lt;= 2^51 and |w| &lt;= p/2, wp = w / p. */
    static double mul(double y, double w, double wp, double p) {
        double h = y * w;
        double q = Math.rint(y * wp);
        return Math.fma(q, -p, h) + Math.fma(y, w, -h);
    }

    /** Forward butterflies x[j], y[j] -&gt; x + w y, x - w y for j in [from, to). */
    static void forwardButterflies(double[] x, double[] y, int from, int to, double w, double p,
            double pinv) {
        double wp = w * pinv;
        double np = -p;
        for (int j = from; j < to; j++) {
            double a = x[j];
            double b = y[j];
            a = Math.fma(Math.rint(a * pinv), np, a);
            double h = b * w;
            double q = Math.rint(b * wp);
            double r = Math.fma(q, np, h) + Math.fma(b, w, -h);
            x[j] = a + r;
            y[j] = a - r;
        }
    }

    /** Forward butterflies with w = 1: x[j], y[j] -&gt; x + y, x - y, both reduced first. */
    static void forwardButterfliesUnit(double[] x, double[] y, int from, int to, double p,
            double pinv) {
        double np = -p;
        for (int j = from; j < to; j++) {
            double a = x[j];
            double b = y[j];
            a = Math.fma(Math.rint(a * pinv), np, a);
            b = Math.fma(Math.rint(b * pinv), np, b);
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
        for (int j = from; j < to; j++) {
            double a = x[j];
            double b = y[j];
            double h = b * w;
            double q = Math.rint(b * wp);
            double r = Math.fma(q, np, h) + Math.fma(b, w, -h);
            x[j] = a + r;
            y[j] = a - r;
        }
    }

    /** {@link #forwardButterfliesUnit} reducing only y (the lazy levels). */
    static void forwardButterfliesUnitLazy(double[] x, double[] y, int from, int to, double p,
            double pinv) {
        double np = -p;
        for (int j = from; j < to; j++) {
            double a = x[j];
            double b = y[j];
            b = Math.fma(Math.rint(b * pinv), np, b);
            x[j] = a + b;
            y[j] = a - b;
        }
    }

    /** Inverse butterflies x[j], y[j] -&gt; x + y, (x - y) w for j in [from, to). */
    static void inverseButterflies(double[] x, double[] y, int from, int to, double w, double p,
            double pinv) {
        double wp = w * pinv;
        double np = -p;
        for (int j = from; j < to; j++) {
            double a = x[j];
            double b = y[j];
            double s = a + b;
            double d = a - b;
            x[j] = Math.fma(Math.rint(s * pinv), np, s);
            double h = d * w;
            double q = Math.rint(d * wp);
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
            double q = Math.rint(a * (b * pinv));
            a = Math.fma(q, np, h) + Math.fma(a, b, -h);
            b = u[j];
            h = a * b;
            q = Math.rint(a * (b * pinv));
            x[j] = Math.fma(q, np, h) + Math.fma(a, b, -h);
        }
    }

    /** x[j] = x[j] y[j] for j in [from, to). */
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
     * Two forward levels in one sweep over four rows (radix 4): level t, lazy, pairs (x0, x2) and
     * (x1, x3) with twiddle w1; level t + 1, reducing, pairs (x0, x1) with w2 and (x2, x3) with
     * w3. The operations and their order are exactly those of {@link #forwardButterfliesLazy}
     * followed by two {@link #forwardButterflies} (a unit twiddle w = 1 gives what the unit
     * kernels give: the product by 1 is the reduction x - p rint(x / p)), so the bounds of the
     * class comment hold unchanged; the rows are read and written once instead of twice.
     */
    static void forwardRadix4(double[] x0, double[] x1, double[] x2, double[] x3, int from, int to,
            double w1, double w2, double w3, double p, double pinv) {
        double w1p = w1 * pinv;
        double w2p = w2 * pinv;
        double w3p = w3 * pinv;
        double np = -p;
        for (int j = from; j < to; j++) {
            double a0 = x0[j];
            double a1 = x1[j];
            double a2 = x2[j];
            double a3 = x3[j];
            // level t (lazy): r = a2 w1, r' = a3 w1
            double h = a2 * w1;
            double r = Math.fma(Math.rint(a2 * w1p), np, h) + Math.fma(a2, w1, -h);
            double g = a3 * w1;
            double rr = Math.fma(Math.rint(a3 * w1p), np, g) + Math.fma(a3, w1, -g);
            double b0 = a0 + r;
            double b2 = a0 - r;
            double b1 = a1 + rr;
            double b3 = a1 - rr;
            // level t + 1 (reducing)
            b0 = Math.fma(Math.rint(b0 * pinv), np, b0);
            h = b1 * w2;
            r = Math.fma(Math.rint(b1 * w2p), np, h) + Math.fma(b1, w2, -h);
            x0[j] = b0 + r;
            x1[j] = b0 - r;
            b2 = Math.fma(Math.rint(b2 * pinv), np, b2);
            g = b3 * w3;
            rr = Math.fma(Math.rint(b3 * w3p), np, g) + Math.fma(b3, w3, -g);
            x2[j] = b2 + rr;
            x3[j] = b2 - rr;
        }
    }

    /**
     * {@link #forwardRadix4} where rows x2 and x3 are zero (a product's zero padding, at level
     * 0): level 0 copies (X + wY = X - wY = X), so only x0 and x1 are read.
     */
    static void forwardRadix4ZeroHigh(double[] x0, double[] x1, double[] x2, double[] x3, int from,
            int to, double w2, double w3, double p, double pinv) {
        double w2p = w2 * pinv;
        double w3p = w3 * pinv;
        double np = -p;
        for (int j = from; j < to; j++) {
            double a0 = x0[j];
            double a1 = x1[j];
            double b = Math.fma(Math.rint(a0 * pinv), np, a0);
            double h = a1 * w2;
            double r = Math.fma(Math.rint(a1 * w2p), np, h) + Math.fma(a1, w2, -h);
            double g = a1 * w3;
            double rr = Math.fma(Math.rint(a1 * w3p), np, g) + Math.fma(a1, w3, -g);
            x0[j] = b + r;
            x1[j] = b - r;
            x2[j] = b + rr;
            x3[j] = b - rr;
        }
    }

    /**
     * Two inverse levels in one sweep (radix 4): level t + 1 on (x0, x1) with w2 and (x2, x3)
     * with w3, then level t on (x0, x2) and (x1, x3) with w1; exactly the operations of three
     * {@link #inverseButterflies} calls in that order.
     */
    static void inverseRadix4(double[] x0, double[] x1, double[] x2, double[] x3, int from, int to,
            double w1, double w2, double w3, double p, double pinv) {
        double w1p = w1 * pinv;
        double w2p = w2 * pinv;
        double w3p = w3 * pinv;
        double np = -p;
        for (int j = from; j < to; j++) {
            double a0 = x0[j];
            double a1 = x1[j];
            double a2 = x2[j];
            double a3 = x3[j];
            double s = a0 + a1;
            double d = a0 - a1;
            double b0 = Math.fma(Math.rint(s * pinv), np, s);
            double h = d * w2;
            double b1 = Math.fma(Math.rint(d * w2p), np, h) + Math.fma(d, w2, -h);
            s = a2 + a3;
            d = a2 - a3;
            double b2 = Math.fma(Math.rint(s * pinv), np, s);
            h = d * w3;
            double b3 = Math.fma(Math.rint(d * w3p), np, h) + Math.fma(d, w3, -h);
            s = b0 + b2;
            d = b0 - b2;
            x0[j] = Math.fma(Math.rint(s * pinv), np, s);
            h = d * w1;
            x2[j] = Math.fma(Math.rint(d * w1p), np, h) + Math.fma(d, w1, -h);
            s = b1 + b3;
            d = b1 - b3;
            x1[j] = Math.fma(Math.rint(s * pinv), np, s);
            h = d * w1;
            x3[j] = Math.fma(Math.rint(d * w1p), np, h) + Math.fma(d, w1, -h);
        }
    }

    /**
     * Whether the column transforms fuse pairs of levels into radix-4 sweeps
     * ({@link #forwardRadix4}, {@link #inverseRadix4}): the system property
     * {@code modalg.dntt.radix4=true}; both give the same values. Off by default: HotSpot 17
     * vectorizes these larger loop bodies only with a raised {@code -XX:LoopUnrollLimit}
     * (measured in fft/BENCHMARKS.md). Not final so that tests and benchmarks can switch it.
     */
    static volatile boolean radix4 = Boolean.getBoolean("modalg.dntt.radix4");

    /**
     * Whether {@link DoubleNttPlan} fuses its elementwise passes (the twist, the pointwise
     * product) into the column transforms' passes ({@link RowOp}): the system property
     * {@code modalg.dntt.fuse=true}; the same values either way. Off by default: on the
     * development machine the fused methods, with the elementwise kernels inlined into them,
     * measured up to 10% slower below 2^17 points and no faster above (fft/BENCHMARKS.md, with
     * the load it was measured under). Not final so that tests and benchmarks can switch it.
     */
    static volatile boolean fuse = Boolean.getBoolean("modalg.dntt.fuse");

    /** Bytes of rows a pass keeps in cache: the L2 of the machine measured (512 KiB), halved. */
    static final int PASS_BYTES = 1 << 18;

    /** Levels per pass for rows of {@code width} doubles: 2^levels rows fill PASS_BYTES. */
    static int levelsPerPass(int width) {
        int rows = Math.max(2, PASS_BYTES / (8 * Math.max(1, width)));
        return 31 - Integer.numberOfLeadingZeros(rows);
    }

    /**
     * Levels per pass for a length-2^logLen transform on rows of {@code width} doubles: as few
     * passes as {@link #levelsPerPass(int)} allows, with the levels spread evenly over them, so
     * that the groups are as small as that pass count permits (e.g. 2^16 points: two passes of
     * 4 levels, groups of 16 rows = 32 KiB that stay in L1, instead of 7 + 1 levels on groups of
     * 128 rows in L2). The same butterflies in another order: the same values. Switched off
     * (the L2-sized groups of before) by {@link #balancePasses} = false.
     */
    static int levelsPerPass(int width, int logLen) {
        int max = levelsPerPass(width);
        if (!balancePasses || logLen <= 0) {
            return max;
        }
        int passes = (logLen + max - 1) / max;
        return (logLen + passes - 1) / passes;
    }

    /**
     * Whether passes are balanced ({@link #levelsPerPass(int, int)}); the system property
     * {@code modalg.dntt.l2groups=true} turns it off. Not final so that tests and benchmarks can
     * switch it.
     */
    static volatile boolean balancePasses = !Boolean.getBoolean("modalg.dntt.l2groups");

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
        int len = 1 << logLen;
        int per = levelsPerPass(to - from, logLen);
        for (int t0 = 0; t0 < logLen; t0 += per) {
            int t1 = Math.min(logLen, t0 + per);
            int group = 1 << (t1 - t0);
            int span = len >> t0;
            int hLast = len >> t1;
            for (int start = 0; start < len; start += span) {
                for (int off = 0; off < hLast; off++) {
                    int first = start + off;
                    for (int t = t0; t < t1; t++) {
                        int h = len >> (t + 1);
                        int hu = h / hLast;
                        int base = nega ? 1 << t : 0;
                        int shift = logLen - t;
                        boolean lazy = ((logLen - 1 - t) & 1) == 1; // the last level reduces
                        for (int u0 = 0; u0 < group; u0 += 2 * hu) {
                            for (int u = u0; u < u0 + hu; u++) {
                                int i = first + u * hLast;
                                int k = i >> shift;
                                if (t == 0 && i + h >= nonzeroRows) {
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

    /**
     * Levels [tBegin, tEnd) of the forward length-L transform of
     * {@link #forwardColumns(double[][], int, double[], boolean, int, int, double, double, int)}
     * (the same butterflies, twiddles and lazy/reducing pattern, so the same doubles), restricted
     * to the rows [lo, hi) and the columns [from, to). After tBegin levels the rows fall into
     * independent blocks of L / 2^tBegin consecutive rows; lo and hi must be block boundaries.
     * The levels run in balanced passes whose groups of rows hold at most {@code groupBytes}
     * bytes of the column range (so that a group stays in L1 while it runs its pass's levels).
     * This is the kernel of {@link DoubleNttPlan}'s tiles: a tile of rows [lo, hi) and columns
     * [from, to) that fits L2 runs all its levels with one read and one write from memory.
     */
    static void forwardLevels(double[][] rows, int logLen, double[] tw, boolean nega, int tBegin, int tEnd,
            int lo, int hi, int from, int to, double p, double pinv, int nonzeroRows, int groupBytes) {
        int len = 1 << logLen;
        int per = balancedLevels(tEnd - tBegin, to - from, groupBytes);
        for (int t0 = tBegin; t0 < tEnd; t0 += per) {
            int t1 = Math.min(tEnd, t0 + per);
            int group = 1 << (t1 - t0);
            int span = len >> t0;
            int hLast = len >> t1;
            for (int start = lo; start < hi; start += span) {
                for (int off = 0; off < hLast; off++) {
                    int first = start + off;
                    for (int t = t0; t < t1; t++) {
                        int h = len >> (t + 1);
                        int hu = h / hLast;
                        int base = nega ? 1 << t : 0;
                        int shift = logLen - t;
                        boolean lazy = ((logLen - 1 - t) & 1) == 1; // the last level reduces
                        for (int u0 = 0; u0 < group; u0 += 2 * hu) {
                            for (int u = u0; u < u0 + hu; u++) {
                                int i = first + u * hLast;
                                int k = i >> shift;
                                if (t == 0 && i + h >= nonzeroRows) {
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

    /**
     * Levels tEnd - 1 down to tBegin of the inverse length-L transform of
     * {@link #inverseColumns} (the same butterflies and twiddles), on the rows [lo, hi) (block
     * boundaries at level tBegin) and columns [from, to), in balanced passes of groups of at most
     * {@code groupBytes} bytes: the inverse twin of {@link #forwardLevels}.
     */
    static void inverseLevels(double[][] rows, int logLen, double[] twInv, boolean nega, int tBegin, int tEnd,
            int lo, int hi, int from, int to, double p, double pinv, int groupBytes) {
        int len = 1 << logLen;
        int levels = tEnd - tBegin;
        if (levels <= 0) {
            return;
        }
        int per = balancedLevels(levels, to - from, groupBytes);
        int passes = (levels + per - 1) / per;
        for (int pass = passes - 1; pass >= 0; pass--) {
            int t0 = tBegin + pass * per;
            int t1 = Math.min(tEnd, t0 + per);
            int group = 1 << (t1 - t0);
            int span = len >> t0;
            int hLast = len >> t1;
            for (int start = lo; start < hi; start += span) {
                for (int off = 0; off < hLast; off++) {
                    int first = start + off;
                    for (int t = t1 - 1; t >= t0; t--) {
                        int h = len >> (t + 1);
                        int hu = h / hLast;
                        int base = nega ? 1 << t : 0;
                        int shift = logLen - t;
                        for (int u0 = 0; u0 < group; u0 += 2 * hu) {
                            for (int u = u0; u < u0 + hu; u++) {
                                int i = first + u * hLast;
                                inverseButterflies(rows[i], rows[i + h], from, to, twInv[base + (i >> shift)],
                                        p, pinv);
                            }
                        }
                    }
                }
            }
        }
    }

    // Levels per pass: at most those whose group of rows (width doubles each) fits groupBytes
    // (at least 1), spread evenly over the passes that needs.
    private static int balancedLevels(int levels, int width, int groupBytes) {
        if (levels <= 0) {
            return 1;
        }
        int groupRows = Math.max(2, groupBytes / (8 * Math.max(1, width)));
        int max = 31 - Integer.numberOfLeadingZeros(groupRows);
        int passes = (levels + max - 1) / max;
        return (levels + passes - 1) / passes;
    }

    /**
     * An elementwise operation on row i, columns [from, to), fused into a column transform
     * (applied while the row's group is in cache instead of in a pass of its own).
     */
    interface RowOp {
        void apply(int row, int from, int to);
    }

    /**
     * {@link #forwardColumns(double[][], int, double[], boolean, int, int, double, double, int)}
     * with the radix-4 level pairs when {@link #radix4} is set, and {@code pre} (if not null) applied to every row just before the first pass's levels
     * read it (each row exactly once): the same values as applying it in a pass of its own first,
     * one pass over memory fewer. Needs nonzeroRows = L when pre is given.
     */
    static void forwardColumnsFused(double[][] rows, int logLen, double[] tw, boolean nega, int from,
            int to, double p, double pinv, int nonzeroRows, RowOp pre) {
        int len = 1 << logLen;
        if (pre != null && logLen == 0) {
            pre.apply(0, from, to);
        }
        int per = levelsPerPass(to - from, logLen);
        boolean r4 = radix4;
        for (int t0 = 0; t0 < logLen; t0 += per) {
            int t1 = Math.min(logLen, t0 + per);
            int group = 1 << (t1 - t0);
            int span = len >> t0;
            int hLast = len >> t1;
            for (int start = 0; start < len; start += span) {
                for (int off = 0; off < hLast; off++) {
                    int first = start + off;
                    if (pre != null && t0 == 0) {
                        for (int u = 0; u < group; u++) {
                            pre.apply(first + u * hLast, from, to);
                        }
                    }
                    for (int t = t0; t < t1; t++) {
                        int h = len >> (t + 1);
                        int hu = h / hLast;
                        int base = nega ? 1 << t : 0;
                        int shift = logLen - t;
                        boolean lazy = ((logLen - 1 - t) & 1) == 1; // the last level reduces
                        if (r4 && lazy && t + 1 < t1
                                && radix4Forward(rows, t, first, hLast, group, h, hu, logLen, tw, nega, from, to,
                                        p, pinv, nonzeroRows)) {
                            t++; // levels t and t + 1 done
                            continue;
                        }
                        for (int u0 = 0; u0 < group; u0 += 2 * hu) {
                            for (int u = u0; u < u0 + hu; u++) {
                                int i = first + u * hLast;
                                int k = i >> shift;
                                if (t == 0 && i + h >= nonzeroRows) {
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

    // Levels t (lazy) and t + 1 of forwardColumns' group as radix-4 sweeps; false (nothing
    // done) where level t meets the zero rows in a way the kernels do not cover.
    private static boolean radix4Forward(double[][] rows, int t, int first, int hLast, int group, int h,
            int hu, int logLen, double[] tw, boolean nega, int from, int to, double p, double pinv,
            int nonzeroRows) {
        int h2 = h >> 1; // distance of level t + 1
        int baseT = nega ? 1 << t : 0;
        int base2 = nega ? 1 << (t + 1) : 0;
        int shiftT = logLen - t;
        int shift2 = shiftT - 1;
        if (t == 0 && nonzeroRows < (1 << logLen)) {
            // every quad must have both upper rows zero and both lower ones not
            for (int u0 = 0; u0 < group; u0 += 2 * hu) {
                for (int u = u0; u < u0 + hu / 2; u++) {
                    int i = first + u * hLast;
                    if (i + h2 >= nonzeroRows || i + h < nonzeroRows) {
                        return false;
                    }
                }
            }
            for (int u0 = 0; u0 < group; u0 += 2 * hu) {
                for (int u = u0; u < u0 + hu / 2; u++) {
                    int i = first + u * hLast;
                    forwardRadix4ZeroHigh(rows[i], rows[i + h2], rows[i + h], rows[i + h + h2], from, to,
                            tw[base2 + (i >> shift2)], tw[base2 + ((i + h) >> shift2)], p, pinv);
                }
            }
            return true;
        }
        for (int u0 = 0; u0 < group; u0 += 2 * hu) {
            for (int u = u0; u < u0 + hu / 2; u++) {
                int i = first + u * hLast;
                forwardRadix4(rows[i], rows[i + h2], rows[i + h], rows[i + h + h2], from, to,
                        tw[baseT + (i >> shiftT)], tw[base2 + (i >> shift2)], tw[base2 + ((i + h) >> shift2)],
                        p, pinv);
            }
        }
        return true;
    }

    /**
     * The inverse of {@link #forwardColumns} up to the factor L: the levels backwards, in the
     * same passes and groups, with inverse twiddles.
     */
    static void inverseColumns(double[][] rows, int logLen, double[] twInv, boolean nega, int from,
            int to, double p, double pinv) {
        int len = 1 << logLen;
        int per = levelsPerPass(to - from, logLen);
        int passes = (logLen + per - 1) / per;
        for (int pass = passes - 1; pass >= 0; pass--) {
            int t0 = pass * per;
            int t1 = Math.min(logLen, t0 + per);
            int group = 1 << (t1 - t0);
            int span = len >> t0;
            int hLast = len >> t1;
            for (int start = 0; start < len; start += span) {
                for (int off = 0; off < hLast; off++) {
                    int first = start + off;
                    for (int t = t1 - 1; t >= t0; t--) {
                        int h = len >> (t + 1);
                        int hu = h / hLast;
                        int base = nega ? 1 << t : 0;
                        int shift = logLen - t;
                        for (int u0 = 0; u0 < group; u0 += 2 * hu) {
                            for (int u = u0; u < u0 + hu; u++) {
                                int i = first + u * hLast;
                                inverseButterflies(rows[i], rows[i + h], from, to, twInv[base + (i >> shift)],
                                        p, pinv);
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * {@link #inverseColumns(double[][], int, double[], boolean, int, int, double, double)} with
     * the radix-4 level pairs when {@link #radix4} is set, and {@code pre} (if not null) applied to every row just before the first pass reads it and
     * {@code post} (if not null) just after the last pass wrote it, each row exactly once: the
     * values of separate elementwise passes before and after, two passes over memory fewer.
     */
    static void inverseColumnsFused(double[][] rows, int logLen, double[] twInv, boolean nega, int from,
            int to, double p, double pinv, RowOp pre, RowOp post) {
        int len = 1 << logLen;
        if (logLen == 0) {
            if (pre != null) {
                pre.apply(0, from, to);
            }
            if (post != null) {
                post.apply(0, from, to);
            }
            return;
        }
        int per = levelsPerPass(to - from, logLen);
        boolean r4 = radix4;
        int passes = (logLen + per - 1) / per;
        for (int pass = passes - 1; pass >= 0; pass--) {
            int t0 = pass * per;
            int t1 = Math.min(logLen, t0 + per);
            int group = 1 << (t1 - t0);
            int span = len >> t0;
            int hLast = len >> t1;
            for (int start = 0; start < len; start += span) {
                for (int off = 0; off < hLast; off++) {
                    int first = start + off;
                    if (pre != null && pass == passes - 1) {
                        for (int u = 0; u < group; u++) {
                            pre.apply(first + u * hLast, from, to);
                        }
                    }
                    for (int t = t1 - 1; t >= t0; t--) {
                        int h = len >> (t + 1);
                        int hu = h / hLast;
                        int base = nega ? 1 << t : 0;
                        int shift = logLen - t;
                        if (r4 && t - 1 >= t0) {
                            // levels t and t - 1 in one sweep
                            int hh = 2 * h; // distance of level t - 1
                            int hhu = 2 * hu;
                            int baseT = nega ? 1 << (t - 1) : 0;
                            for (int u0 = 0; u0 < group; u0 += 2 * hhu) {
                                for (int u = u0; u < u0 + hu; u++) {
                                    int i = first + u * hLast;
                                    inverseRadix4(rows[i], rows[i + h], rows[i + hh], rows[i + hh + h], from, to,
                                            twInv[baseT + (i >> (shift + 1))], twInv[base + (i >> shift)],
                                            twInv[base + ((i + hh) >> shift)], p, pinv);
                                }
                            }
                            t--;
                            continue;
                        }
                        for (int u0 = 0; u0 < group; u0 += 2 * hu) {
                            for (int u = u0; u < u0 + hu; u++) {
                                int i = first + u * hLast;
                                inverseButterflies(rows[i], rows[i + h], from, to, twInv[base + (i >> shift)],
                                        p, pinv);
                            }
                        }
                    }
                    if (post != null && pass == 0) {
                        for (int u = 0; u < group; u++) {
                            post.apply(first + u * hLast, from, to);
                        }
                    }
                }
            }
        }
    }

    /**
     * dst[c][r] = src[r][c] for r in [r0, r1) and c in [c0, c1): eight source rows at a time
     * (the rows of a tile of {@link DoubleNttPlan}, whose block is in cache).
     */
    static void transposeBlock(double[][] src, double[][] dst, int r0, int r1, int c0, int c1) {
        int r = r0;
        for (; r + 8 <= r1; r += 8) {
            double[] s0 = src[r];
            double[] s1 = src[r + 1];
            double[] s2 = src[r + 2];
            double[] s3 = src[r + 3];
            double[] s4 = src[r + 4];
            double[] s5 = src[r + 5];
            double[] s6 = src[r + 6];
            double[] s7 = src[r + 7];
            for (int c = c0; c < c1; c++) {
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
        for (; r < r1; r++) {
            double[] s = src[r];
            for (int c = c0; c < c1; c++) {
                dst[c][r] = s[c];
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
     * Bands of {@link #transpose} between a band's lines being loaded and being written; 0 turns
     * the touching off. Not final so that benchmarks can switch it.
     */
    static volatile int touchAhead = 2;

    /**
     * Matrices from this many entries (2 MiB, four times the L2 measured) are transposed with
     * the touching loads; smaller ones stay in L2, where the loads only cost (3-5% of a
     * transform at 2^14..2^17 points).
     */
    static final long TOUCH_MIN_ELEMENTS = 1L << 18;

    /**
     * Where {@link #transpose} leaves the sum of its touching loads (never read: a store the
     * compiler must keep, so it keeps the loads). Racy writes of a meaningless value.
     */
    static double sink;
}
