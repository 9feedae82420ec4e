package org.modalg.fft.doublentt;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The spectrum side of {@link DoubleNttPlan}'s transforms on blocks of rows, without the
 * transpose: the length-C transforms of {@link DoubleNttPlan#convolution}, one block of
 * {@link #LANES} coefficient rows at a time, interleaved in one flat array (position c of row
 * s + l at {@code x[c LANES + l]}), so that every level, down to the distance 1, pairs whole
 * vectors. Each loop here is the loop of {@link DoubleNttKernels} (or of
 * {@link VectorNttKernels}) that the row-pairing transform runs on the same values, with the
 * same operations in the same order: the same doubles bit for bit, only stored elsewhere
 * (products by a twiddle from its negation, as {@link VectorNttKernels} explains).
 *
 * <p>No helper methods, for the reason {@link VectorNttKernels} gives (every quotient written
 * out: vectors crossing a call that C2 does not inline are boxed). The quotient is
 * {@link QuotientRounding}'s form as in {@link VectorNttKernels}; the pointwise product's
 * quotients, which reach 2.1 p, are rint(t) computed as t + s - s with s = 2^52 carrying t's
 * sign, exact for |t| &lt; 2^52 (it may give +0 where rint gives -0: the same residue). Loaded
 * only when the module is in the boot layer ({@link VectorNtt#ON}).
 */
final class VectorRowBlocks {
    private VectorRowBlocks() {
    }

    private static final VectorSpecies<Double> S = VectorNttKernels.S;
    /** Rows per block: doubles per vector. */
    static final int LANES = VectorNttKernels.LANES;
    private static final boolean FMA = QuotientRounding.FMA;
    private static final double MAGIC = QuotientRounding.MAGIC;
    private static final long SIGN = Long.MIN_VALUE;
    private static final long TWO52 = Double.doubleToRawLongBits(0x1p52);

    /**
     * x[c L + l] = rows[s + l][c] for c &lt; len and l &lt; L: a block of rows into the flat
     * layout. Plain copies, O(L len).
     */
    static void interleave(double[][] rows, int s, int len, double[] x) {
        if (LANES == 8) {
            double[] r0 = rows[s];
            double[] r1 = rows[s + 1];
            double[] r2 = rows[s + 2];
            double[] r3 = rows[s + 3];
            double[] r4 = rows[s + 4];
            double[] r5 = rows[s + 5];
            double[] r6 = rows[s + 6];
            double[] r7 = rows[s + 7];
            for (int c = 0, j = 0; c < len; c++, j += 8) {
                x[j] = r0[c];
                x[j + 1] = r1[c];
                x[j + 2] = r2[c];
                x[j + 3] = r3[c];
                x[j + 4] = r4[c];
                x[j + 5] = r5[c];
                x[j + 6] = r6[c];
                x[j + 7] = r7[c];
            }
            return;
        }
        for (int l = 0; l < LANES; l++) {
            double[] r = rows[s + l];
            for (int c = 0, j = l; c < len; c++, j += LANES) {
                x[j] = r[c];
            }
        }
    }

    /** rows[s + l][c] = x[c L + l]: {@link #interleave} backwards. */
    static void deinterleave(double[] x, int len, double[][] rows, int s) {
        if (LANES == 8) {
            double[] r0 = rows[s];
            double[] r1 = rows[s + 1];
            double[] r2 = rows[s + 2];
            double[] r3 = rows[s + 3];
            double[] r4 = rows[s + 4];
            double[] r5 = rows[s + 5];
            double[] r6 = rows[s + 6];
            double[] r7 = rows[s + 7];
            for (int c = 0, j = 0; c < len; c++, j += 8) {
                r0[c] = x[j];
                r1[c] = x[j + 1];
                r2[c] = x[j + 2];
                r3[c] = x[j + 3];
                r4[c] = x[j + 4];
                r5[c] = x[j + 5];
                r6[c] = x[j + 6];
                r7[c] = x[j + 7];
            }
            return;
        }
        for (int l = 0; l < LANES; l++) {
            double[] r = rows[s + l];
            for (int c = 0, j = l; c < len; c++, j += LANES) {
                r[c] = x[j];
            }
        }
    }

    /**
     * Levels from which a block's transforms run depth first: levels below it on the whole block,
     * the levels from it on one sub-block of C / 2^TOP positions at a time (an eighth of the
     * block: 8 KiB for L = 8 at C = 2^10, in L1 with the other operand's), the same butterflies
     * in another order.
     */
    static final int TOP = 3;

    /** The depth-first split for 2^logC positions: {@link #TOP}, or fewer, so that the last level is in the sub-blocks. */
    static int top(int logC) {
        return Math.min(TOP, logC - 1);
    }

    /**
     * The length-C forward transform of a block (C = 2^logC &gt;= 4, every position nonzero),
     * twist included: the levels of {@link DoubleNttKernels#forwardColumns} on the spectrum's
     * rows, pairs of levels as radix-4 sweeps (blocks of unit twiddle as radix-2 levels, as
     * there). tw: the plan's row table; lo, hi, g: its twist tables ({@link #forwardTwisted}).
     */
    static void forwardBlock(double[] x, int logC, double[] tw, double[][] lo, double[][] hi, double[] g, int s,
            double p, double pinv) {
        forwardTop(x, logC, tw, lo, hi, g, s, p, pinv);
        int top = top(logC);
        for (int e = 0; e < 1 << top; e++) {
            forwardLevels(x, logC, top, logC, top, e, tw, p, pinv);
        }
    }

    /** The levels below {@link #TOP} of {@link #forwardBlock}, on the whole block. */
    static void forwardTop(double[] x, int logC, double[] tw, double[][] lo, double[][] hi, double[] g, int s,
            double p, double pinv) {
        forwardTwisted(x, 1 << (logC - 1), lo, hi, g, s, p, pinv);
        forwardLevels(x, logC, 1, top(logC), 0, 0, tw, p, pinv);
    }

    /**
     * Forward levels t in [t0, t1) (t0 &gt;= 1) on sub-block e of C / 2^sub positions (sub &lt;=
     * t0): at level t the blocks k in [e 2^(t - sub), (e + 1) 2^(t - sub)); pairs of levels as
     * radix-4 sweeps.
     */
    static void forwardLevels(double[] x, int logC, int t0, int t1, int sub, int e, double[] tw, double p,
            double pinv) {
        int len = 1 << logC;
        int t = t0;
        while (t < t1) {
            int h = len >> (t + 1);
            int k0 = e << (t - sub);
            int k1 = (e + 1) << (t - sub);
            boolean lazy = ((logC - 1 - t) & 1) == 1;
            if (t + 1 < t1) {
                if (k0 == 0) {
                    int q = h / 2;
                    forwardUnit(x, h, lazy, p, pinv);
                    forwardUnit(x, q, !lazy, p, pinv);
                    forwardLevel(x, 1, 2, q, tw, !lazy, p, pinv); // level t + 1's block 1
                    k0 = 1;
                }
                forwardRadix4Level(x, k0, k1, h, tw, lazy, p, pinv);
                t += 2;
            } else {
                if (k0 == 0) {
                    forwardUnit(x, h, lazy, p, pinv);
                    k0 = 1;
                }
                forwardLevel(x, k0, k1, h, tw, lazy, p, pinv);
                t++;
            }
        }
    }

    /**
     * The inverse's levels below {@link #TOP} on the whole block, untwist and 1/n included (the
     * inverse of {@link #forwardTop}, after {@link #inverseLevels} on every sub-block); lo, hi:
     * the plan's inverse twist tables.
     */
    static void inverseTop(double[] x, int logC, double[] tw, double[][] lo, double[][] hi, int s, double p,
            double pinv) {
        inverseLevels(x, null, logC, 1, top(logC), 0, 0, tw, p, pinv);
        inverseTwisted(x, 1 << (logC - 1), lo, hi, s, p, pinv);
    }

    /**
     * Inverse levels t from t1 - 1 down to t0 (t0 &gt;= 1) on sub-block e of C / 2^sub positions
     * ({@link DoubleNttKernels#inverseColumns}' levels backwards, tw: the plan's inverse row
     * table), the level logC - 1 times u (the other operand's block, or x itself: a square)
     * when u is not null.
     */
    static void inverseLevels(double[] x, double[] u, int logC, int t0, int t1, int sub, int e, double[] tw,
            double p, double pinv) {
        int len = 1 << logC;
        int t = t1 - 1;
        if (u != null && t == logC - 1 && t >= t0) {
            inversePointwiseLevel(x, u, e << (t - sub), (e + 1) << (t - sub), tw, p, pinv);
            t--;
        }
        for (; t - 1 >= t0; t -= 2) { // levels t and t - 1 as one radix-4 sweep
            inverseRadix4Level(x, e << (t - 1 - sub), (e + 1) << (t - 1 - sub), len >> t, tw, p, pinv);
        }
        if (t == t0) {
            inverseLevel(x, e << (t - sub), (e + 1) << (t - sub), len >> (t + 1), tw, p, pinv);
        }
    }

    /**
     * The twisted first level ({@link DoubleNttKernels#forwardButterfliesTwisted}) of a block:
     * positions c and c + half for c &lt; half, T = theta^c of the block's rows from the full
     * table ({@code hi == null}: lo[c][s, s + L)) or as lo[c mod M] hi[c div M] mod p
     * ({@link DoubleNttKernels#twistFactors}), G = g[s, s + L).
     */
    static void forwardTwisted(double[] x, int half, double[][] lo, double[][] hi, double[] g, int s, double p,
            double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        DoubleVector pp = DoubleVector.broadcast(S, p);
        DoubleVector npi = DoubleVector.broadcast(S, -pinv);
        DoubleVector e = DoubleVector.fromArray(S, g, s);
        DoubleVector en = e.neg();
        int mask = lo.length - 1;
        int shift = Integer.numberOfTrailingZeros(lo.length);
        int d = half * LANES;
        for (int c = 0; c < half; c++) {
            int j = c * LANES;
            DoubleVector f;
            if (hi == null) {
                f = DoubleVector.fromArray(S, lo[c], s);
            } else {
                DoubleVector ta = DoubleVector.fromArray(S, lo[c & mask], s);
                DoubleVector tb = DoubleVector.fromArray(S, hi[c >>> shift], s);
                DoubleVector th = ta.mul(tb);
                f = (FMA ? th.fma(pi, m).sub(m) : th.mul(pi).add(m).sub(m).reinterpretAsLongs().or(th.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, th).add(ta.fma(tb, th.neg()));
            }
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, x, j + d);
            // products by the negated factor: h = -fl(b e), so the low part is fma(b, e, h) and the
            // quotient round(-h / p) (the same doubles as the other loops' form, one negation fewer)
            DoubleVector h = b.mul(en);
            b = b.fma(e, h).sub((FMA ? h.fma(npi, m).sub(m) : h.mul(npi).add(m).sub(m).reinterpretAsLongs().or(h.mul(npi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            DoubleVector sum = a.add(b);
            DoubleVector dif = a.sub(b);
            DoubleVector fn = f.neg();
            h = sum.mul(fn);
            sum.fma(f, h).sub((FMA ? h.fma(npi, m).sub(m) : h.mul(npi).add(m).sub(m).reinterpretAsLongs().or(h.mul(npi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h)).intoArray(x, j);
            h = dif.mul(fn);
            dif.fma(f, h).sub((FMA ? h.fma(npi, m).sub(m) : h.mul(npi).add(m).sub(m).reinterpretAsLongs().or(h.mul(npi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h)).intoArray(x, j + d);
        }
    }

    /**
     * The inverse's twisted last level ({@link DoubleNttKernels#inverseButterfliesTwisted}):
     * positions c and c + half with the factors of rows c and c + half, as
     * {@link #forwardTwisted} reads them (full table: lo[c]).
     */
    static void inverseTwisted(double[] x, int half, double[][] lo, double[][] hi, int s, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int mask = lo.length - 1;
        int shift = Integer.numberOfTrailingZeros(lo.length);
        int d = half * LANES;
        for (int c = 0; c < half; c++) {
            int j = c * LANES;
            int c2 = c + half;
            DoubleVector f;
            DoubleVector e;
            if (hi == null) {
                f = DoubleVector.fromArray(S, lo[c], s);
                e = DoubleVector.fromArray(S, lo[c2], s);
            } else {
                DoubleVector ta = DoubleVector.fromArray(S, lo[c & mask], s);
                DoubleVector tb = DoubleVector.fromArray(S, hi[c >>> shift], s);
                DoubleVector th = ta.mul(tb);
                f = (FMA ? th.fma(pi, m).sub(m) : th.mul(pi).add(m).sub(m).reinterpretAsLongs().or(th.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, th).add(ta.fma(tb, th.neg()));
                ta = DoubleVector.fromArray(S, lo[c2 & mask], s);
                tb = DoubleVector.fromArray(S, hi[c2 >>> shift], s);
                th = ta.mul(tb);
                e = (FMA ? th.fma(pi, m).sub(m) : th.mul(pi).add(m).sub(m).reinterpretAsLongs().or(th.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, th).add(ta.fma(tb, th.neg()));
            }
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, x, j + d);
            DoubleVector sum = a.add(b);
            DoubleVector dif = a.sub(b);
            DoubleVector h = sum.mul(f);
            (FMA ? h.fma(pi, m).sub(m) : h.mul(pi).add(m).sub(m).reinterpretAsLongs().or(h.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, h).add(sum.fma(f, h.neg())).intoArray(x, j);
            h = dif.mul(e);
            (FMA ? h.fma(pi, m).sub(m) : h.mul(pi).add(m).sub(m).reinterpretAsLongs().or(h.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, h).add(dif.fma(e, h.neg())).intoArray(x, j + d);
        }
    }

    /**
     * The unit block of a forward level of distance h: positions i and i + h for i &lt; h, both
     * reduced ({@link DoubleNttKernels#forwardButterfliesUnit}), or only the second when lazy
     * ({@link DoubleNttKernels#forwardButterfliesUnitLazy}). Two loops, not one with a branch:
     * C2 compiled the one loop with both forms, in some JVMs, with its vectors boxed.
     */
    static void forwardUnit(double[] x, int h, boolean lazy, double p, double pinv) {
        if (lazy) {
            forwardUnitLazy(x, h, p, pinv);
        } else {
            forwardUnitReduce(x, h, p, pinv);
        }
    }

    private static void forwardUnitLazy(double[] x, int h, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int d = h * LANES;
        for (int j = 0; j < d; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, x, j + d);
            b = (FMA ? b.fma(pi, m).sub(m) : b.mul(pi).add(m).sub(m).reinterpretAsLongs().or(b.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, b);
            a.add(b).intoArray(x, j);
            a.sub(b).intoArray(x, j + d);
        }
    }

    private static void forwardUnitReduce(double[] x, int h, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int d = h * LANES;
        for (int j = 0; j < d; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, x, j + d);
            a = (FMA ? a.fma(pi, m).sub(m) : a.mul(pi).add(m).sub(m).reinterpretAsLongs().or(a.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, a);
            b = (FMA ? b.fma(pi, m).sub(m) : b.mul(pi).add(m).sub(m).reinterpretAsLongs().or(b.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, b);
            a.add(b).intoArray(x, j);
            a.sub(b).intoArray(x, j + d);
        }
    }

    /**
     * One forward level of distance h on the blocks k in [k0, k1), k0 &gt;= 1 (block k: positions
     * 2hk + i and 2hk + h + i, i &lt; h, twiddle tw[k]; block 0, the unit, is the caller's):
     * {@link #forward} with the loop over the blocks inside, so that the short distances do not
     * pay a call and the constants per block.
     */
    static void forwardLevel(double[] x, int k0, int k1, int h, double[] tw, boolean lazy, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pp = DoubleVector.broadcast(S, p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int d = h * LANES;
        for (int k = k0, i0 = 2 * h * k0; k < k1; k++, i0 += 2 * h) {
            double w = tw[k];
            DoubleVector v = DoubleVector.broadcast(S, w);
            DoubleVector vn = DoubleVector.broadcast(S, -w);
            DoubleVector vp = DoubleVector.broadcast(S, w * pinv);
            for (int j = i0 * LANES, end = j + d; j < end; j += LANES) {
                DoubleVector a = DoubleVector.fromArray(S, x, j);
                DoubleVector b = DoubleVector.fromArray(S, x, j + d);
                if (!lazy) {
                    a = (FMA ? a.fma(pi, m).sub(m) : a.mul(pi).add(m).sub(m).reinterpretAsLongs().or(a.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, a);
                }
                DoubleVector hh = b.mul(vn);
                DoubleVector r = b.fma(v, hh).sub((FMA ? b.fma(vp, m).sub(m) : b.mul(vp).add(m).sub(m).reinterpretAsLongs().or(b.mul(vp).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, hh));
                a.add(r).intoArray(x, j);
                a.sub(r).intoArray(x, j + d);
            }
        }
    }

    /**
     * Two forward levels (distances h and h/2) on the blocks k in [k0, k1), k0 &gt;= 1, as radix-4
     * sweeps ({@link #forwardRadix4}, twiddles tw[k], tw[2k], tw[2k + 1]); block 0 is the
     * caller's.
     */
    static void forwardRadix4Level(double[] x, int k0, int k1, int h, double[] tw, boolean lazyFirst, double p,
            double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pp = DoubleVector.broadcast(S, p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int d = (h / 2) * LANES;
        for (int k = k0, i0 = 2 * h * k0; k < k1; k++, i0 += 2 * h) {
            double w1 = tw[k];
            double w2 = tw[2 * k];
            double w3 = tw[2 * k + 1];
            DoubleVector v1 = DoubleVector.broadcast(S, w1);
            DoubleVector v1n = DoubleVector.broadcast(S, -w1);
            DoubleVector v2 = DoubleVector.broadcast(S, w2);
            DoubleVector v2n = DoubleVector.broadcast(S, -w2);
            DoubleVector v3 = DoubleVector.broadcast(S, w3);
            DoubleVector v3n = DoubleVector.broadcast(S, -w3);
            DoubleVector v1p = DoubleVector.broadcast(S, w1 * pinv);
            DoubleVector v2p = DoubleVector.broadcast(S, w2 * pinv);
            DoubleVector v3p = DoubleVector.broadcast(S, w3 * pinv);
            for (int j = i0 * LANES, end = j + d; j < end; j += LANES) {
                DoubleVector x0 = DoubleVector.fromArray(S, x, j);
                DoubleVector x1 = DoubleVector.fromArray(S, x, j + d);
                DoubleVector x2 = DoubleVector.fromArray(S, x, j + 2 * d);
                DoubleVector x3 = DoubleVector.fromArray(S, x, j + 3 * d);
                if (!lazyFirst) {
                    x0 = (FMA ? x0.fma(pi, m).sub(m) : x0.mul(pi).add(m).sub(m).reinterpretAsLongs().or(x0.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, x0);
                }
                DoubleVector hh = x2.mul(v1n);
                DoubleVector r = x2.fma(v1, hh).sub((FMA ? x2.fma(v1p, m).sub(m) : x2.mul(v1p).add(m).sub(m).reinterpretAsLongs().or(x2.mul(v1p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, hh));
                x2 = x0.sub(r);
                x0 = x0.add(r);
                if (!lazyFirst) {
                    x1 = (FMA ? x1.fma(pi, m).sub(m) : x1.mul(pi).add(m).sub(m).reinterpretAsLongs().or(x1.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, x1);
                }
                hh = x3.mul(v1n);
                r = x3.fma(v1, hh).sub((FMA ? x3.fma(v1p, m).sub(m) : x3.mul(v1p).add(m).sub(m).reinterpretAsLongs().or(x3.mul(v1p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, hh));
                x3 = x1.sub(r);
                x1 = x1.add(r);
                if (lazyFirst) {
                    x0 = (FMA ? x0.fma(pi, m).sub(m) : x0.mul(pi).add(m).sub(m).reinterpretAsLongs().or(x0.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, x0);
                }
                hh = x1.mul(v2n);
                r = x1.fma(v2, hh).sub((FMA ? x1.fma(v2p, m).sub(m) : x1.mul(v2p).add(m).sub(m).reinterpretAsLongs().or(x1.mul(v2p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, hh));
                x0.add(r).intoArray(x, j);
                x0.sub(r).intoArray(x, j + d);
                if (lazyFirst) {
                    x2 = (FMA ? x2.fma(pi, m).sub(m) : x2.mul(pi).add(m).sub(m).reinterpretAsLongs().or(x2.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, x2);
                }
                hh = x3.mul(v3n);
                r = x3.fma(v3, hh).sub((FMA ? x3.fma(v3p, m).sub(m) : x3.mul(v3p).add(m).sub(m).reinterpretAsLongs().or(x3.mul(v3p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, hh));
                x2.add(r).intoArray(x, j + 2 * d);
                x2.sub(r).intoArray(x, j + 3 * d);
            }
        }
    }

    /**
     * One inverse level of distance h ({@link DoubleNttKernels#inverseButterflies}) on the
     * blocks k in [k0, k1): positions 2hk + i and 2hk + h + i, i &lt; h, twiddle tw[k].
     */
    static void inverseLevel(double[] x, int k0, int k1, int h, double[] tw, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pp = DoubleVector.broadcast(S, p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int d = h * LANES;
        for (int k = k0, i0 = 2 * h * k0; k < k1; k++, i0 += 2 * h) {
            double w = tw[k];
            DoubleVector v = DoubleVector.broadcast(S, w);
            DoubleVector vn = DoubleVector.broadcast(S, -w);
            DoubleVector vp = DoubleVector.broadcast(S, w * pinv);
            for (int j = i0 * LANES, end = j + d; j < end; j += LANES) {
                DoubleVector a = DoubleVector.fromArray(S, x, j);
                DoubleVector b = DoubleVector.fromArray(S, x, j + d);
                DoubleVector s = a.add(b);
                DoubleVector t = a.sub(b);
                (FMA ? s.fma(pi, m).sub(m) : s.mul(pi).add(m).sub(m).reinterpretAsLongs().or(s.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, s).intoArray(x, j);
                DoubleVector hh = t.mul(vn);
                t.fma(v, hh).sub((FMA ? t.fma(vp, m).sub(m) : t.mul(vp).add(m).sub(m).reinterpretAsLongs().or(t.mul(vp).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, hh)).intoArray(x, j + d);
            }
        }
    }

    /**
     * Two inverse levels at once, as {@link #inverseLevel} at distance h/2 and then at distance h,
     * on the blocks k in [k0, k1) of the second (block k: positions 2hk + i, i &lt; 2h; twiddles
     * tw[2k], tw[2k + 1] for the first level's two blocks, tw[k] for the second's): each vector
     * loaded and stored once for the two levels, the same operations per element.
     */
    static void inverseRadix4Level(double[] x, int k0, int k1, int h, double[] tw, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pp = DoubleVector.broadcast(S, p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int d = (h / 2) * LANES;
        for (int k = k0, i0 = 2 * h * k0; k < k1; k++, i0 += 2 * h) {
            double w1 = tw[k];
            double w2 = tw[2 * k];
            double w3 = tw[2 * k + 1];
            DoubleVector v1 = DoubleVector.broadcast(S, w1);
            DoubleVector v1n = DoubleVector.broadcast(S, -w1);
            DoubleVector v2 = DoubleVector.broadcast(S, w2);
            DoubleVector v2n = DoubleVector.broadcast(S, -w2);
            DoubleVector v3 = DoubleVector.broadcast(S, w3);
            DoubleVector v3n = DoubleVector.broadcast(S, -w3);
            DoubleVector v1p = DoubleVector.broadcast(S, w1 * pinv);
            DoubleVector v2p = DoubleVector.broadcast(S, w2 * pinv);
            DoubleVector v3p = DoubleVector.broadcast(S, w3 * pinv);
            for (int j = i0 * LANES, end = j + d; j < end; j += LANES) {
                DoubleVector x0 = DoubleVector.fromArray(S, x, j);
                DoubleVector x1 = DoubleVector.fromArray(S, x, j + d);
                DoubleVector x2 = DoubleVector.fromArray(S, x, j + 2 * d);
                DoubleVector x3 = DoubleVector.fromArray(S, x, j + 3 * d);
                DoubleVector s = x0.add(x1);
                DoubleVector t = x0.sub(x1);
                x0 = (FMA ? s.fma(pi, m).sub(m) : s.mul(pi).add(m).sub(m).reinterpretAsLongs().or(s.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, s);
                DoubleVector hh = t.mul(v2n);
                x1 = t.fma(v2, hh).sub((FMA ? t.fma(v2p, m).sub(m) : t.mul(v2p).add(m).sub(m).reinterpretAsLongs().or(t.mul(v2p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, hh));
                s = x2.add(x3);
                t = x2.sub(x3);
                x2 = (FMA ? s.fma(pi, m).sub(m) : s.mul(pi).add(m).sub(m).reinterpretAsLongs().or(s.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, s);
                hh = t.mul(v3n);
                x3 = t.fma(v3, hh).sub((FMA ? t.fma(v3p, m).sub(m) : t.mul(v3p).add(m).sub(m).reinterpretAsLongs().or(t.mul(v3p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, hh));
                s = x0.add(x2);
                t = x0.sub(x2);
                (FMA ? s.fma(pi, m).sub(m) : s.mul(pi).add(m).sub(m).reinterpretAsLongs().or(s.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, s).intoArray(x, j);
                hh = t.mul(v1n);
                t.fma(v1, hh).sub((FMA ? t.fma(v1p, m).sub(m) : t.mul(v1p).add(m).sub(m).reinterpretAsLongs().or(t.mul(v1p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, hh)).intoArray(x, j + 2 * d);
                s = x1.add(x3);
                t = x1.sub(x3);
                (FMA ? s.fma(pi, m).sub(m) : s.mul(pi).add(m).sub(m).reinterpretAsLongs().or(s.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, s).intoArray(x, j + d);
                hh = t.mul(v1n);
                t.fma(v1, hh).sub((FMA ? t.fma(v1p, m).sub(m) : t.mul(v1p).add(m).sub(m).reinterpretAsLongs().or(t.mul(v1p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, hh)).intoArray(x, j + 3 * d);
            }
        }
    }

    /**
     * The inverse's first level, distance 1, times u ({@link DoubleNttKernels#inverseButterfliesPointwise}):
     * positions 2k and 2k + 1 of x times those of u, twiddle tw[k], for k in [k0, k1) (u only read;
     * it may be x).
     */
    static void inversePointwiseLevel(double[] x, double[] u, int k0, int k1, double[] tw, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pp = DoubleVector.broadcast(S, p);
        DoubleVector npi = DoubleVector.broadcast(S, -pinv); // h3 below is the negated product
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int d = LANES;
        for (int k = k0, j = 2 * LANES * k0; k < k1; k++, j += 2 * LANES) {
            DoubleVector v = DoubleVector.broadcast(S, tw[k]);
            DoubleVector vn = DoubleVector.broadcast(S, -tw[k]);
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector e = DoubleVector.fromArray(S, u, j);
            DoubleVector b = DoubleVector.fromArray(S, x, j + d);
            DoubleVector c = DoubleVector.fromArray(S, u, j + d);
            DoubleVector h = a.mul(e);
            DoubleVector t = h.mul(pi);
            DoubleVector sg = t.reinterpretAsLongs().and(SIGN).or(TWO52).reinterpretAsDoubles();
            a = t.add(sg).sub(sg).fma(np, h).add(a.fma(e, h.neg()));
            DoubleVector h2 = b.mul(c);
            t = h2.mul(pi);
            sg = t.reinterpretAsLongs().and(SIGN).or(TWO52).reinterpretAsDoubles();
            b = t.add(sg).sub(sg).fma(np, h2).add(b.fma(c, h2.neg()));
            DoubleVector s = a.add(b);
            DoubleVector dd = a.sub(b);
            (FMA ? s.fma(pi, m).sub(m) : s.mul(pi).add(m).sub(m).reinterpretAsLongs().or(s.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, s).intoArray(x, j);
            DoubleVector h3 = dd.mul(vn);
            dd.fma(v, h3).sub((FMA ? h3.fma(npi, m).sub(m) : h3.mul(npi).add(m).sub(m).reinterpretAsLongs().or(h3.mul(npi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h3)).intoArray(x, j + d);
        }
    }
}
