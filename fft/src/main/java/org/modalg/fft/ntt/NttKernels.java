package org.modalg.fft.ntt;

/**
 * Unchecked kernels behind {@link NttPlan}: butterfly levels, normalization, bit-reversal
 * permutation. Every method assumes valid arguments (ranges inside the arrays, lengths powers of
 * two, tables matching the prime); {@link NttPlan} and {@link CpuNttEngine} validate.
 *
 * <h2>Twiddle tables</h2>
 * A table holds pairs {@code (w', wShoup)} at {@code tw[2i], tw[2i + 1]}:
 * <ul>
 * <li>{@code wShoup = floor(w 2^64 / p)}, read as a signed {@code long} (it is negative exactly
 * when w &gt; p / 2);</li>
 * <li>{@code w' = w} when wShoup &gt;= 0 and {@code w' = w - p} otherwise, so that w' is the
 * representative of w in (-p/2, p/2) whose signed Shoup quotient is the same 64-bit pattern.</li>
 * </ul>
 * With this choice the Shoup product needs only the signed high product
 * {@link Math#multiplyHigh(long, long)} (an intrinsic), see {@link #mulLazy}.
 *
 * <h2>Transform structure</h2>
 * The forward transform is the Cooley-Tukey recursion on x^n - c with natural-order input and
 * bit-reversed output ("bit-reversed twiddles"): at global level m (m = 1, 2, 4, ..., n/2 blocks
 * of size n/m), every butterfly of block k uses the single twiddle {@code T[base(m) + k]}, where
 * <ul>
 * <li>cyclic: base(m) = 0 and T[k] = w^rev(k), rev reversing log2(n/2) bits, w the primitive
 * n-th root; so level m reads T[0, m);</li>
 * <li>negacyclic: base(m) = m and T is the cyclic table of length 2n (T[k] = psi^rev(k), psi a
 * primitive 2n-th root with psi^2 = w, rev on log2(n) bits), so level m reads T[m, 2m). Its
 * first n/2 entries are the cyclic table of length n, so the negacyclic transform reads the
 * cyclic table for m &lt; n/2 and a separate table {@code psi T[k]} at the last level.</li>
 * </ul>
 * The butterfly is (X, Y) -&gt; (X + tY, X - tY). The inverse runs the levels backwards with
 * Gentleman-Sande butterflies (X, Y) -&gt; (X + Y, (X - Y) t^-1) and the inverse tables.
 *
 * <p>A segment of length L = 2^logLen that is block {@code segIndex} of the global level with
 * {@code segBlocks} = n / L blocks sees, at its local level t, the global level
 * m = segBlocks 2^t and the global block indices segIndex 2^t + k'. This is what lets the blocked
 * algorithm run the last levels row by row and the first levels on column blocks with exactly
 * the butterflies of the level-by-level algorithm.
 *
 * <h2>Lazy reduction bounds (p &lt; 2^62, so 2p &lt; 2^63 and 4p &lt;= 2^64)</h2>
 * Two kernel families compute the same butterflies:
 * <ul>
 * <li>p &lt; {@link #FOUR_P_BOUND} = 2^61 (so 4p &lt; 2^63): Harvey's forward butterfly with
 * values in [0, 4p). Only the X input is brought back to [0, 2p) (one conditional
 * subtraction); Y goes into the Shoup product as it is, and the outputs X + tY and X - tY + 2p
 * are stored unreduced. The inverse keeps values in [0, 2p) with one correction per
 * butterfly. About 15% fewer instructions than the other family.</li>
 * <li>2^61 &lt;= p &lt; 2^62: every value stored between butterflies lies in [0, 2p).</li>
 * </ul>
 * So the forward levels leave values in [0, 4p) (in [0, 2p) for the large primes) and the
 * inverse levels in [0, 2p); both are non-negative signed {@code long}s. {@link #normalize},
 * {@link #bitReverse} and the pointwise product reduce from [0, 4p) (two conditional
 * subtractions, a no-op first step for the large primes). Proofs at {@link #mulLazy} and in
 * the comments above the forward levels.
 */
final class NttKernels {

    /** Primes below this bound (2^61) use the [0, 4p) forward kernels (4p &lt; 2^63). */
    static final long FOUR_P_BOUND = 1L << 61;

    private NttKernels() {
    }

    /** x in [0, 4p) (4p &lt; 2^64 read as unsigned, 2p &lt; 2^63) reduced to [0, p). */
    static long reduce4(long x, long p) {
        long p2 = 2 * p;
        x -= p2;              // in [-2p, 2p): exact in the signed range
        x += (x >> 63) & p2;  // [0, 2p)
        x -= p;
        return x + ((x >> 63) & p);
    }

    /**
     * y w mod p up to one p: a value in [0, 2p) congruent to y w, for 0 &lt;= y &lt; 2^63 and a
     * table pair (w', ws) as described in the class comment.
     *
     * <p>Proof. Let W = w' (signed, |W| &lt; p/2) and S = ws read as a signed value; by
     * construction S = floor(W 2^64 / p) (for W &lt; 0, floor((w - p) 2^64 / p) = floor(w 2^64 / p)
     * - 2^64, which is the same 64-bit pattern). Write S = W 2^64 / p - e with 0 &lt;= e &lt; 1 and
     * q = multiplyHigh(y, S) = floor(y S / 2^64). Then q &lt;= y S / 2^64 &lt;= y W / p and
     * q &gt; y S / 2^64 - 1 = y W / p - y e / 2^64 - 1 &gt; y W / p - 2 (y &lt; 2^64). Hence
     * 0 &lt;= y W - q p &lt; 2p &lt; 2^63, and the wrapping 64-bit evaluation of y W - q p is exact.
     * It is congruent to y w since W = w (mod p).
     */
    static long mulLazy(long y, long w, long ws, long p) {
        return y * w - Math.multiplyHigh(y, ws) * p;
    }

    // Forward butterfly (X, Y) -> (X + tY, X - tY), inputs X, Y in [0, 2p):
    //   v = mulLazy(Y) is in [0, 2p);
    //   s = X + v - 2p is in [-2p, 2p), inside the signed range since 2p < 2^63, so the
    //     wrapping evaluation is exact even where X + v itself exceeds 2^63; adding 2p when
    //     s < 0 puts it in [0, 2p);
    //   d = X - v is in (-2p, 2p); adding 2p when d < 0 puts it in [0, 2p).
    // Inverse butterfly (X, Y) -> (X + Y, (X - Y) t), inputs X, Y in [0, 2p):
    //   s = X + Y - 2p in [-2p, 2p), corrected into [0, 2p) as above;
    //   d = X - Y in (-2p, 2p), corrected into [0, 2p), then mulLazy(d) is in [0, 2p).
    // So every stored value stays in [0, 2p), a non-negative long, as mulLazy requires. The
    // loops below inline mulLazy as y * w - Math.multiplyHigh(y, ws) * p.
    //
    // Harvey's forward butterfly for p < 2^61 (4p < 2^63), inputs X, Y in [0, 4p):
    //   X' = X - 2p if X >= 2p, in [0, 2p) (x - 2p is in [-2p, 2p); add 2p back when negative);
    //   v = mulLazy(Y) is in [0, 2p) (Y < 4p < 2^63, as mulLazy requires);
    //   X' + v is in [0, 4p), X' - v + 2p is in (0, 4p): stored as they are.
    // Harvey's inverse butterfly for p < 2^61, inputs X, Y in [0, 2p):
    //   s = X + Y - 2p in [-2p, 2p), corrected into [0, 2p);
    //   d = X - Y + 2p is in (0, 4p), below 2^63, so mulLazy(d) is in [0, 2p).

    // ----------------------------------------------------------------------------------------
    // Forward levels.
    // ----------------------------------------------------------------------------------------

    /**
     * Runs the first {@code levels} local levels (t = 0 .. levels - 1) of the forward transform
     * on the segment a[off, off + 2^logLen). Values in [0, 2p) in and out.
     *
     * @param segIndex this segment's block index at the global level with segBlocks blocks
     * @param segBlocks n / 2^logLen
     * @param halfN n / 2 (the global last level has m = halfN)
     * @param tw the main table (cyclic table of length n, at least max(base) + m entries)
     * @param twLast the negacyclic last-level table (psi T[k], k &lt; n/2), or null if cyclic
     * @param nega whether base(m) = m
     */
    static void forwardLevels(long[] a, int off, int logLen, int levels, int segIndex, int segBlocks,
            int halfN, long[] tw, long[] twLast, boolean nega, long p) {
        int t = 0;
        boolean four = p < FOUR_P_BOUND;
        // Fuse pairs of levels (radix 4) while at least two levels remain.
        while (levels - t >= 2) {
            if (four) {
                forwardRadix4Lazy4(a, off, logLen, t, segIndex, segBlocks, halfN, tw, twLast, nega, p);
            } else {
                forwardRadix4(a, off, logLen, t, segIndex, segBlocks, halfN, tw, twLast, nega, p);
            }
            t += 2;
        }
        if (t < levels) {
            if (four) {
                forwardRadix2Lazy4(a, off, logLen, t, segIndex, segBlocks, halfN, tw, twLast, nega, p);
            } else {
                forwardRadix2(a, off, logLen, t, segIndex, segBlocks, halfN, tw, twLast, nega, p);
            }
        }
    }

    // forwardRadix2 with Harvey's butterfly (p < 2^61): values in [0, 4p) in and out.
    private static void forwardRadix2Lazy4(long[] a, int off, int logLen, int t, int segIndex,
            int segBlocks, int halfN, long[] tw, long[] twLast, boolean nega, long p) {
        final long p2 = 2 * p;
        int m = segBlocks << t;
        long[] table = nega && m == halfN ? twLast : tw;
        int base = ((nega && m != halfN) ? m : 0) + (segIndex << t);
        int blocks = 1 << t;
        int h = 1 << (logLen - 1 - t);
        for (int k = 0; k < blocks; k++) {
            int ti = 2 * (base + k);
            long w = table[ti];
            long ws = table[ti + 1];
            int j0 = off + 2 * h * k;
            int end = j0 + h;
            for (int j = j0, k2 = j0 + h; j < end; j++, k2++) {
                long x = a[j] - p2;
                x += (x >> 63) & p2;
                long y = a[k2];
                long v = y * w - Math.multiplyHigh(y, ws) * p;
                a[j] = x + v;
                a[k2] = x - v + p2;
            }
        }
    }

    // forwardRadix4 with Harvey's butterfly (p < 2^61): values in [0, 4p) in and out.
    private static void forwardRadix4Lazy4(long[] a, int off, int logLen, int t, int segIndex,
            int segBlocks, int halfN, long[] tw, long[] twLast, boolean nega, long p) {
        final long p2 = 2 * p;
        int m1 = segBlocks << t;
        int m2 = m1 << 1;
        int base1 = (nega ? m1 : 0) + (segIndex << t);
        long[] table2 = nega && m2 == halfN ? twLast : tw;
        int base2 = ((nega && m2 != halfN) ? m2 : 0) + (segIndex << (t + 1));
        int blocks = 1 << t;
        int h = 1 << (logLen - 1 - t);
        int q = h >> 1;
        if (q == 1) { // the last two levels: one radix-4 group per block, no inner loop
            for (int k = 0, j = off; k < blocks; k++, j += 4) {
                int i1 = 2 * (base1 + k);
                long w1 = tw[i1];
                long ws1 = tw[i1 + 1];
                int i2 = 2 * (base2 + 2 * k);
                long w2 = table2[i2];
                long ws2 = table2[i2 + 1];
                long w3 = table2[i2 + 2];
                long ws3 = table2[i2 + 3];
                long x0 = a[j] - p2;
                x0 += (x0 >> 63) & p2;
                long x1 = a[j + 1] - p2;
                x1 += (x1 >> 63) & p2;
                long x2 = a[j + 2];
                long x3 = a[j + 3];
                long v = x2 * w1 - Math.multiplyHigh(x2, ws1) * p;
                long y0 = x0 + v - p2;
                y0 += (y0 >> 63) & p2;
                long y2 = x0 - v;
                y2 += (y2 >> 63) & p2;
                v = x3 * w1 - Math.multiplyHigh(x3, ws1) * p;
                long y1 = x1 + v;
                long y3 = x1 - v + p2;
                v = y1 * w2 - Math.multiplyHigh(y1, ws2) * p;
                a[j] = y0 + v;
                a[j + 1] = y0 - v + p2;
                v = y3 * w3 - Math.multiplyHigh(y3, ws3) * p;
                a[j + 2] = y2 + v;
                a[j + 3] = y2 - v + p2;
            }
            return;
        }
        for (int k = 0; k < blocks; k++) {
            int i1 = 2 * (base1 + k);
            long w1 = tw[i1];
            long ws1 = tw[i1 + 1];
            int i2 = 2 * (base2 + 2 * k);
            long w2 = table2[i2];
            long ws2 = table2[i2 + 1];
            long w3 = table2[i2 + 2];
            long ws3 = table2[i2 + 3];
            int j0 = off + 2 * h * k;
            int end = j0 + q;
            for (int j = j0, j1 = j0 + q, j2 = j0 + h, j3 = j0 + h + q; j < end;
                    j++, j1++, j2++, j3++) {
                long x0 = a[j] - p2;
                x0 += (x0 >> 63) & p2;
                long x1 = a[j1] - p2;
                x1 += (x1 >> 63) & p2;
                long x2 = a[j2];
                long x3 = a[j3];
                long v = x2 * w1 - Math.multiplyHigh(x2, ws1) * p;
                long y0 = x0 + v - p2;  // reduced at once: it is the X of level t + 1
                y0 += (y0 >> 63) & p2;
                long y2 = x0 - v;       // likewise: x0 - v + 2p reduced to [0, 2p)
                y2 += (y2 >> 63) & p2;
                v = x3 * w1 - Math.multiplyHigh(x3, ws1) * p;
                long y1 = x1 + v;
                long y3 = x1 - v + p2;
                v = y1 * w2 - Math.multiplyHigh(y1, ws2) * p;
                a[j] = y0 + v;
                a[j1] = y0 - v + p2;
                v = y3 * w3 - Math.multiplyHigh(y3, ws3) * p;
                a[j2] = y2 + v;
                a[j3] = y2 - v + p2;
            }
        }
    }

    // One forward level t on the segment.
    private static void forwardRadix2(long[] a, int off, int logLen, int t, int segIndex,
            int segBlocks, int halfN, long[] tw, long[] twLast, boolean nega, long p) {
        final long p2 = 2 * p;
        int m = segBlocks << t;
        long[] table = nega && m == halfN ? twLast : tw;
        int base = ((nega && m != halfN) ? m : 0) + (segIndex << t);
        int blocks = 1 << t;
        int h = 1 << (logLen - 1 - t);
        if (h == 1) {
            for (int k = 0; k < blocks; k++) {
                int ti = 2 * (base + k);
                long w = table[ti];
                long ws = table[ti + 1];
                int j = off + 2 * k;
                long x = a[j];
                long y = a[j + 1];
                long v = y * w - Math.multiplyHigh(y, ws) * p;
                long s = x + v - p2;
                s += (s >> 63) & p2;
                long d = x - v;
                d += (d >> 63) & p2;
                a[j] = s;
                a[j + 1] = d;
            }
            return;
        }
        for (int k = 0; k < blocks; k++) {
            int ti = 2 * (base + k);
            long w = table[ti];
            long ws = table[ti + 1];
            int j0 = off + 2 * h * k;
            int end = j0 + h;
            for (int j = j0, k2 = j0 + h; j < end; j++, k2++) {
                long x = a[j];
                long y = a[k2];
                long v = y * w - Math.multiplyHigh(y, ws) * p;
                long s = x + v - p2;
                s += (s >> 63) & p2;
                long d = x - v;
                d += (d >> 63) & p2;
                a[j] = s;
                a[k2] = d;
            }
        }
    }

    // Local levels t and t + 1 fused: the same butterflies as two radix-2 levels, with half
    // the loads and stores.
    private static void forwardRadix4(long[] a, int off, int logLen, int t, int segIndex,
            int segBlocks, int halfN, long[] tw, long[] twLast, boolean nega, long p) {
        final long p2 = 2 * p;
        int m1 = segBlocks << t;
        int m2 = m1 << 1;
        // m1 < halfN always here (level t + 1 exists), so only level t + 1 may be the last.
        int base1 = (nega ? m1 : 0) + (segIndex << t);
        long[] table2 = nega && m2 == halfN ? twLast : tw;
        int base2 = ((nega && m2 != halfN) ? m2 : 0) + (segIndex << (t + 1));
        int blocks = 1 << t;
        int h = 1 << (logLen - 1 - t); // half block at level t
        int q = h >> 1;                 // half block at level t + 1
        if (q == 1) {
            for (int k = 0; k < blocks; k++) {
                int i1 = 2 * (base1 + k);
                long w1 = tw[i1];
                long ws1 = tw[i1 + 1];
                int i2 = 2 * (base2 + 2 * k);
                long w2 = table2[i2];
                long ws2 = table2[i2 + 1];
                long w3 = table2[i2 + 2];
                long ws3 = table2[i2 + 3];
                int j = off + 4 * k;
                long x0 = a[j];
                long x1 = a[j + 1];
                long x2 = a[j + 2];
                long x3 = a[j + 3];
                // level t: (x0, x2), (x1, x3) with w1
                long v = x2 * w1 - Math.multiplyHigh(x2, ws1) * p;
                long y0 = x0 + v - p2;
                y0 += (y0 >> 63) & p2;
                long y2 = x0 - v;
                y2 += (y2 >> 63) & p2;
                v = x3 * w1 - Math.multiplyHigh(x3, ws1) * p;
                long y1 = x1 + v - p2;
                y1 += (y1 >> 63) & p2;
                long y3 = x1 - v;
                y3 += (y3 >> 63) & p2;
                // level t + 1: (y0, y1) with w2, (y2, y3) with w3
                v = y1 * w2 - Math.multiplyHigh(y1, ws2) * p;
                long z0 = y0 + v - p2;
                z0 += (z0 >> 63) & p2;
                long z1 = y0 - v;
                z1 += (z1 >> 63) & p2;
                v = y3 * w3 - Math.multiplyHigh(y3, ws3) * p;
                long z2 = y2 + v - p2;
                z2 += (z2 >> 63) & p2;
                long z3 = y2 - v;
                z3 += (z3 >> 63) & p2;
                a[j] = z0;
                a[j + 1] = z1;
                a[j + 2] = z2;
                a[j + 3] = z3;
            }
            return;
        }
        for (int k = 0; k < blocks; k++) {
            int i1 = 2 * (base1 + k);
            long w1 = tw[i1];
            long ws1 = tw[i1 + 1];
            int i2 = 2 * (base2 + 2 * k);
            long w2 = table2[i2];
            long ws2 = table2[i2 + 1];
            long w3 = table2[i2 + 2];
            long ws3 = table2[i2 + 3];
            int j0 = off + 2 * h * k;
            int end = j0 + q;
            // Four induction variables rather than j + q, j + h, ...: measurably faster code.
            for (int j = j0, j1 = j0 + q, j2 = j0 + h, j3 = j0 + h + q; j < end;
                    j++, j1++, j2++, j3++) {
                long x0 = a[j];
                long x1 = a[j1];
                long x2 = a[j2];
                long x3 = a[j3];
                long v = x2 * w1 - Math.multiplyHigh(x2, ws1) * p;
                long y0 = x0 + v - p2;
                y0 += (y0 >> 63) & p2;
                long y2 = x0 - v;
                y2 += (y2 >> 63) & p2;
                v = x3 * w1 - Math.multiplyHigh(x3, ws1) * p;
                long y1 = x1 + v - p2;
                y1 += (y1 >> 63) & p2;
                long y3 = x1 - v;
                y3 += (y3 >> 63) & p2;
                v = y1 * w2 - Math.multiplyHigh(y1, ws2) * p;
                long z0 = y0 + v - p2;
                z0 += (z0 >> 63) & p2;
                long z1 = y0 - v;
                z1 += (z1 >> 63) & p2;
                v = y3 * w3 - Math.multiplyHigh(y3, ws3) * p;
                long z2 = y2 + v - p2;
                z2 += (z2 >> 63) & p2;
                long z3 = y2 - v;
                z3 += (z3 >> 63) & p2;
                a[j] = z0;
                a[j1] = z1;
                a[j2] = z2;
                a[j3] = z3;
            }
        }
    }

    // ----------------------------------------------------------------------------------------
    // Inverse levels.
    // ----------------------------------------------------------------------------------------

    /**
     * Runs local inverse levels t = levels - 1 down to {@code tStop} on the segment
     * a[off, off + 2^logLen), i.e. the inverse of {@link #forwardLevels} restricted to those
     * levels, without scaling. Values in [0, 2p) in and out. Arguments as in
     * {@link #forwardLevels}, with the inverse tables.
     */
    static void inverseLevels(long[] a, int off, int logLen, int levels, int tStop, int segIndex,
            int segBlocks, int halfN, long[] tw, long[] twLast, boolean nega, long p) {
        int t = levels - 1;
        boolean four = p < FOUR_P_BOUND;
        if (((levels - tStop) & 1) != 0) {
            if (four) {
                inverseRadix2Lazy4(a, off, logLen, t, segIndex, segBlocks, halfN, tw, twLast, nega, p);
            } else {
                inverseRadix2(a, off, logLen, t, segIndex, segBlocks, halfN, tw, twLast, nega, p);
            }
            t--;
        }
        while (t - 1 >= tStop) {
            if (four) {
                inverseRadix4Lazy4(a, off, logLen, t - 1, segIndex, segBlocks, halfN, tw, twLast, nega, p);
            } else {
                inverseRadix4(a, off, logLen, t - 1, segIndex, segBlocks, halfN, tw, twLast, nega, p);
            }
            t -= 2;
        }
    }

    // inverseRadix2 with Harvey's butterfly (p < 2^61): values in [0, 2p) in and out.
    private static void inverseRadix2Lazy4(long[] a, int off, int logLen, int t, int segIndex,
            int segBlocks, int halfN, long[] tw, long[] twLast, boolean nega, long p) {
        final long p2 = 2 * p;
        int m = segBlocks << t;
        long[] table = nega && m == halfN ? twLast : tw;
        int base = ((nega && m != halfN) ? m : 0) + (segIndex << t);
        int blocks = 1 << t;
        int h = 1 << (logLen - 1 - t);
        for (int k = 0; k < blocks; k++) {
            int ti = 2 * (base + k);
            long w = table[ti];
            long ws = table[ti + 1];
            int j0 = off + 2 * h * k;
            int end = j0 + h;
            for (int j = j0, k2 = j0 + h; j < end; j++, k2++) {
                long x = a[j];
                long y = a[k2];
                long s = x + y - p2;
                s += (s >> 63) & p2;
                long d = x - y + p2;
                a[j] = s;
                a[k2] = d * w - Math.multiplyHigh(d, ws) * p;
            }
        }
    }

    // inverseRadix4 with Harvey's butterfly (p < 2^61): values in [0, 2p) in and out.
    private static void inverseRadix4Lazy4(long[] a, int off, int logLen, int t, int segIndex,
            int segBlocks, int halfN, long[] tw, long[] twLast, boolean nega, long p) {
        final long p2 = 2 * p;
        int m1 = segBlocks << t;
        int m2 = m1 << 1;
        int base1 = (nega ? m1 : 0) + (segIndex << t);
        long[] table2 = nega && m2 == halfN ? twLast : tw;
        int base2 = ((nega && m2 != halfN) ? m2 : 0) + (segIndex << (t + 1));
        int blocks = 1 << t;
        int h = 1 << (logLen - 1 - t);
        int q = h >> 1;
        for (int k = 0; k < blocks; k++) {
            int i1 = 2 * (base1 + k);
            long w1 = tw[i1];
            long ws1 = tw[i1 + 1];
            int i2 = 2 * (base2 + 2 * k);
            long w2 = table2[i2];
            long ws2 = table2[i2 + 1];
            long w3 = table2[i2 + 2];
            long ws3 = table2[i2 + 3];
            int j0 = off + 2 * h * k;
            if (q == 1) { // the first two inverse levels: no inner loop
                long z0 = a[j0];
                long z1 = a[j0 + 1];
                long z2 = a[j0 + 2];
                long z3 = a[j0 + 3];
                long y0 = z0 + z1 - p2;
                y0 += (y0 >> 63) & p2;
                long d = z0 - z1 + p2;
                long y1 = d * w2 - Math.multiplyHigh(d, ws2) * p;
                long y2 = z2 + z3 - p2;
                y2 += (y2 >> 63) & p2;
                d = z2 - z3 + p2;
                long y3 = d * w3 - Math.multiplyHigh(d, ws3) * p;
                long x0 = y0 + y2 - p2;
                x0 += (x0 >> 63) & p2;
                d = y0 - y2 + p2;
                a[j0 + 2] = d * w1 - Math.multiplyHigh(d, ws1) * p;
                long x1 = y1 + y3 - p2;
                x1 += (x1 >> 63) & p2;
                d = y1 - y3 + p2;
                a[j0 + 3] = d * w1 - Math.multiplyHigh(d, ws1) * p;
                a[j0] = x0;
                a[j0 + 1] = x1;
                continue;
            }
            int end = j0 + q;
            for (int j = j0, j1 = j0 + q, j2 = j0 + h, j3 = j0 + h + q; j < end;
                    j++, j1++, j2++, j3++) {
                long z0 = a[j];
                long z1 = a[j1];
                long z2 = a[j2];
                long z3 = a[j3];
                long y0 = z0 + z1 - p2;
                y0 += (y0 >> 63) & p2;
                long d = z0 - z1 + p2;
                long y1 = d * w2 - Math.multiplyHigh(d, ws2) * p;
                long y2 = z2 + z3 - p2;
                y2 += (y2 >> 63) & p2;
                d = z2 - z3 + p2;
                long y3 = d * w3 - Math.multiplyHigh(d, ws3) * p;
                long x0 = y0 + y2 - p2;
                x0 += (x0 >> 63) & p2;
                d = y0 - y2 + p2;
                long x2 = d * w1 - Math.multiplyHigh(d, ws1) * p;
                long x1 = y1 + y3 - p2;
                x1 += (x1 >> 63) & p2;
                d = y1 - y3 + p2;
                long x3 = d * w1 - Math.multiplyHigh(d, ws1) * p;
                a[j] = x0;
                a[j1] = x1;
                a[j2] = x2;
                a[j3] = x3;
            }
        }
    }

    private static void inverseRadix2(long[] a, int off, int logLen, int t, int segIndex,
            int segBlocks, int halfN, long[] tw, long[] twLast, boolean nega, long p) {
        final long p2 = 2 * p;
        int m = segBlocks << t;
        long[] table = nega && m == halfN ? twLast : tw;
        int base = ((nega && m != halfN) ? m : 0) + (segIndex << t);
        int blocks = 1 << t;
        int h = 1 << (logLen - 1 - t);
        for (int k = 0; k < blocks; k++) {
            int ti = 2 * (base + k);
            long w = table[ti];
            long ws = table[ti + 1];
            int j0 = off + 2 * h * k;
            int end = j0 + h;
            for (int j = j0, k2 = j0 + h; j < end; j++, k2++) {
                long x = a[j];
                long y = a[k2];
                long s = x + y - p2;
                s += (s >> 63) & p2;
                long d = x - y;
                d += (d >> 63) & p2;
                a[j] = s;
                a[k2] = d * w - Math.multiplyHigh(d, ws) * p;
            }
        }
    }

    // Inverse of forwardRadix4 at local levels (t, t + 1): level t + 1 first, then level t.
    private static void inverseRadix4(long[] a, int off, int logLen, int t, int segIndex,
            int segBlocks, int halfN, long[] tw, long[] twLast, boolean nega, long p) {
        final long p2 = 2 * p;
        int m1 = segBlocks << t;
        int m2 = m1 << 1;
        int base1 = (nega ? m1 : 0) + (segIndex << t);
        long[] table2 = nega && m2 == halfN ? twLast : tw;
        int base2 = ((nega && m2 != halfN) ? m2 : 0) + (segIndex << (t + 1));
        int blocks = 1 << t;
        int h = 1 << (logLen - 1 - t);
        int q = h >> 1;
        if (q == 1) {
            for (int k = 0; k < blocks; k++) {
                int i1 = 2 * (base1 + k);
                long w1 = tw[i1];
                long ws1 = tw[i1 + 1];
                int i2 = 2 * (base2 + 2 * k);
                long w2 = table2[i2];
                long ws2 = table2[i2 + 1];
                long w3 = table2[i2 + 2];
                long ws3 = table2[i2 + 3];
                int j = off + 4 * k;
                long z0 = a[j];
                long z1 = a[j + 1];
                long z2 = a[j + 2];
                long z3 = a[j + 3];
                long y0 = z0 + z1 - p2;
                y0 += (y0 >> 63) & p2;
                long d = z0 - z1;
                d += (d >> 63) & p2;
                long y1 = d * w2 - Math.multiplyHigh(d, ws2) * p;
                long y2 = z2 + z3 - p2;
                y2 += (y2 >> 63) & p2;
                d = z2 - z3;
                d += (d >> 63) & p2;
                long y3 = d * w3 - Math.multiplyHigh(d, ws3) * p;
                long x0 = y0 + y2 - p2;
                x0 += (x0 >> 63) & p2;
                d = y0 - y2;
                d += (d >> 63) & p2;
                long x2 = d * w1 - Math.multiplyHigh(d, ws1) * p;
                long x1 = y1 + y3 - p2;
                x1 += (x1 >> 63) & p2;
                d = y1 - y3;
                d += (d >> 63) & p2;
                long x3 = d * w1 - Math.multiplyHigh(d, ws1) * p;
                a[j] = x0;
                a[j + 1] = x1;
                a[j + 2] = x2;
                a[j + 3] = x3;
            }
            return;
        }
        for (int k = 0; k < blocks; k++) {
            int i1 = 2 * (base1 + k);
            long w1 = tw[i1];
            long ws1 = tw[i1 + 1];
            int i2 = 2 * (base2 + 2 * k);
            long w2 = table2[i2];
            long ws2 = table2[i2 + 1];
            long w3 = table2[i2 + 2];
            long ws3 = table2[i2 + 3];
            int j0 = off + 2 * h * k;
            int end = j0 + q;
            for (int j = j0, j1 = j0 + q, j2 = j0 + h, j3 = j0 + h + q; j < end;
                    j++, j1++, j2++, j3++) {
                long z0 = a[j];
                long z1 = a[j1];
                long z2 = a[j2];
                long z3 = a[j3];
                long y0 = z0 + z1 - p2;
                y0 += (y0 >> 63) & p2;
                long d = z0 - z1;
                d += (d >> 63) & p2;
                long y1 = d * w2 - Math.multiplyHigh(d, ws2) * p;
                long y2 = z2 + z3 - p2;
                y2 += (y2 >> 63) & p2;
                d = z2 - z3;
                d += (d >> 63) & p2;
                long y3 = d * w3 - Math.multiplyHigh(d, ws3) * p;
                long x0 = y0 + y2 - p2;
                x0 += (x0 >> 63) & p2;
                d = y0 - y2;
                d += (d >> 63) & p2;
                long x2 = d * w1 - Math.multiplyHigh(d, ws1) * p;
                long x1 = y1 + y3 - p2;
                x1 += (x1 >> 63) & p2;
                d = y1 - y3;
                d += (d >> 63) & p2;
                long x3 = d * w1 - Math.multiplyHigh(d, ws1) * p;
                a[j] = x0;
                a[j1] = x1;
                a[j2] = x2;
                a[j3] = x3;
            }
        }
    }

    /**
     * The global top inverse level (m = 1, one block covering the segment) with the factor 1/n
     * folded in: (X, Y) -&gt; ((X + Y) c0, (X - Y) c1), outputs normalized to [0, p). c0 = 1/n,
     * c1 = t^-1 / n for the level's twiddle t (1 for cyclic). Inputs in [0, 2p).
     */
    static void inverseTopScaled(long[] a, int off, int h, long c0, long c0s, long c1, long c1s,
            long p) {
        final long p2 = 2 * p;
        // The exact Shoup product: mulLazy gives [0, 2p), one conditional subtraction [0, p).
        int end = off + h;
        for (int j = off; j < end; j++) {
            long x = a[j];
            long y = a[j + h];
            long s = x + y - p2;
            s += (s >> 63) & p2;
            long d = x - y;
            d += (d >> 63) & p2;
            long u = mulLazy(s, c0, c0s, p) - p;
            u += (u >> 63) & p;
            long v = mulLazy(d, c1, c1s, p) - p;
            v += (v >> 63) & p;
            a[j] = u;
            a[j + h] = v;
        }
    }

    // ----------------------------------------------------------------------------------------
    // Element-wise kernels and the bit-reversal permutation.
    // ----------------------------------------------------------------------------------------

    /** Maps each value of a[off, off + len) from [0, 4p) to [0, p). */
    static void normalize(long[] a, int off, int len, long p) {
        int end = off + len;
        for (int j = off; j < end; j++) {
            a[j] = reduce4(a[j], p);
        }
    }

    /**
     * Bit-reversal permutation of a[off, off + 2^log2n) in place, optionally mapping each value
     * from [0, 4p) to [0, p) on the way (when {@code p > 0}). From 2^8 points on it works on
     * pairs of 2^Q x 2^Q tiles (Q = min(6, (log2n - 4) / 2)) through two small buffers, so that memory is read and written in
     * runs of 2^Q words: index i = (a1, b, c) with Q-bit a1, c and a middle part b maps to
     * (rev c, rev b, rev a1).
     */
    static void bitReverse(long[] a, int off, int log2n, long p) {
        bitReverse(a, off, log2n, p, 0, bitReverseTasks(log2n));
    }

    /**
     * log2 of the tile side of the blocked bit reversal: 64 x 64 tiles (two 32 KiB buffers)
     * were fastest on the machine of {@link NttPlan#BLOCKED_MIN_LOG2N}, at 2^24 points 2.5 ns
     * per element against 3.8 for 16 x 16 and 3.5 for 128 x 128 (fewer page and cache-line
     * visits per element, buffers still in L2).
     */
    private static final int MAX_TILE_BITS = 6;

    /** Below this log2n the bit reversal swaps element by element. */
    private static final int MIN_TILED_LOG2N = 8;

    private static int tileBits(int log2n) {
        // Tiles of at most n/16 elements: the two buffers stay small against the data.
        return Math.min(MAX_TILE_BITS, (log2n - 4) / 2);
    }

    /**
     * The number of independent pieces of {@link #bitReverse}: the middle parts b (each piece
     * handles the tile pair (b, rev b) when b &lt;= rev b), or 1 for small lengths.
     */
    static int bitReverseTasks(int log2n) {
        return log2n < MIN_TILED_LOG2N ? 1 : 1 << (log2n - 2 * tileBits(log2n));
    }

    /** Pieces [from, to) of {@link #bitReverse}; disjoint pieces may run concurrently. */
    static void bitReverse(long[] a, int off, int log2n, long p, int from, int to) {
        if (log2n < MIN_TILED_LOG2N) {
            int n = 1 << log2n;
            int shift = 32 - log2n;
            for (int i = 0; i < n; i++) {
                int r = log2n == 0 ? 0 : Integer.reverse(i) >>> shift;
                if (i < r) {
                    long x = a[off + i];
                    a[off + i] = a[off + r];
                    a[off + r] = x;
                }
            }
            if (p > 0) {
                normalize(a, off, n, p);
            }
            return;
        }
        final int qb = tileBits(log2n);
        final int tile = 1 << qb;
        final int midBits = log2n - 2 * qb;
        final int rowStride = 1 << (log2n - qb); // a1 step
        final int[] rq = new int[tile];
        for (int i = 0; i < tile; i++) {
            rq[i] = Integer.reverse(i) >>> (32 - qb);
        }
        long[] buf1 = new long[tile * tile];
        long[] buf2 = new long[tile * tile];
        for (int b = from; b < to; b++) {
            int br = midBits == 0 ? 0 : Integer.reverse(b) >>> (32 - midBits);
            if (br < b) {
                continue;
            }
            int baseB = off + (b << qb);
            int baseR = off + (br << qb);
            for (int a1 = 0; a1 < tile; a1++) {
                System.arraycopy(a, baseB + a1 * rowStride, buf1, a1 * tile, tile);
            }
            if (br != b) {
                for (int a1 = 0; a1 < tile; a1++) {
                    System.arraycopy(a, baseR + a1 * rowStride, buf2, a1 * tile, tile);
                }
                // element (a1, b, c) <- old element (rev c, br, rev a1), and symmetrically.
                writeTile(a, baseB, rowStride, buf2, rq, tile, p);
                writeTile(a, baseR, rowStride, buf1, rq, tile, p);
            } else {
                writeTile(a, baseB, rowStride, buf1, rq, tile, p);
            }
        }
    }

    private static void writeTile(long[] a, int base, int rowStride, long[] src, int[] rq, int tile,
            long p) {
        for (int a1 = 0; a1 < tile; a1++) {
            int row = base + a1 * rowStride;
            int col = rq[a1];
            if (p > 0) {
                for (int c = 0; c < tile; c++) {
                    a[row + c] = reduce4(src[rq[c] * tile + col], p);
                }
            } else {
                for (int c = 0; c < tile; c++) {
                    a[row + c] = src[rq[c] * tile + col];
                }
            }
        }
    }
}
