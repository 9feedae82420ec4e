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
 * same operations in the same order: the same doubles bit for bit, only stored elsewhere.
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

    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    /** Rows per block: doubles per vector. */
    static final int LANES = S.length();
    private static final boolean FMA = QuotientRounding.FMA;
    private static final double MAGIC = QuotientRounding.MAGIC;
    private static final long SIGN = Long.MIN_VALUE;
    private static final long TWO52 = Double.doubleToRawLongBits(0x1p52);

    /**
     * x[c L + l] = rows[s + l][c] for c &lt; len and l &lt; L: a block of rows into the flat
     * layout. Plain copies, O(L len).
     */
    static void interleave(double[][] rows, int s, int len, double[] x) {
        for (int l = 0; l < LANES; l++) {
            double[] r = rows[s + l];
            for (int c = 0, j = l; c < len; c++, j += LANES) {
                x[j] = r[c];
            }
        }
    }

    /** rows[s + l][c] = x[c L + l]: {@link #interleave} backwards. */
    static void deinterleave(double[] x, int len, double[][] rows, int s) {
        for (int l = 0; l < LANES; l++) {
            double[] r = rows[s + l];
            for (int c = 0, j = l; c < len; c++, j += LANES) {
                r[c] = x[j];
            }
        }
    }

    /**
     * The length-C forward transform of a block (C = 2^logC &gt;= 4, every position nonzero),
     * twist included: the levels of {@link DoubleNttKernels#forwardColumns} on the spectrum's
     * rows, pairs of levels from the second as radix-4 sweeps (blocks of unit twiddle as two
     * radix-2 levels, as there). tw: the plan's row table; lo, hi, g: its twist tables
     * ({@link #forwardTwisted}).
     */
    static void forwardBlock(double[] x, int logC, double[] tw, double[][] lo, double[][] hi, double[] g, int s,
            double p, double pinv) {
        int len = 1 << logC;
        forwardTwisted(x, len / 2, lo, hi, g, s, p, pinv);
        int t = 1;
        while (t < logC) {
            int h = len >> (t + 1);
            boolean lazy = ((logC - 1 - t) & 1) == 1;
            if (t + 1 < logC) {
                int q = h / 2;
                forward(x, 0, h * LANES, h * LANES, 0, true, lazy, p, pinv);
                forward(x, 0, q * LANES, q * LANES, 0, true, !lazy, p, pinv);
                forward(x, h * LANES, (h + q) * LANES, q * LANES, tw[1], false, !lazy, p, pinv);
                forwardRadix4Level(x, len, h, tw, lazy, p, pinv);
                t += 2;
            } else {
                forward(x, 0, h * LANES, h * LANES, 0, true, lazy, p, pinv);
                forwardLevel(x, len, h, tw, lazy, p, pinv);
                t++;
            }
        }
    }

    /**
     * The length-C inverse transform of a block, untwist and 1/n included: the levels of
     * {@link DoubleNttKernels#inverseColumns} backwards, the first one times u (the other
     * operand's block, or x itself: a square) when u is not null. tw: the plan's inverse row
     * table; lo, hi: its inverse twist tables.
     */
    static void inverseBlock(double[] x, double[] u, int logC, double[] tw, double[][] lo, double[][] hi, int s,
            double p, double pinv) {
        int len = 1 << logC;
        int t = logC - 1;
        if (u != null) {
            inversePointwiseLevel(x, u, len, tw, p, pinv);
            t--;
        }
        for (; t >= 1; t--) {
            inverseLevel(x, len, len >> (t + 1), tw, p, pinv);
        }
        inverseTwisted(x, len / 2, lo, hi, s, p, pinv);
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
        DoubleVector e = DoubleVector.fromArray(S, g, s);
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
            DoubleVector h = b.mul(e);
            b = (FMA ? h.fma(pi, m).sub(m) : h.mul(pi).add(m).sub(m).reinterpretAsLongs().or(h.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, h).add(b.fma(e, h.neg()));
            DoubleVector sum = a.add(b);
            DoubleVector dif = a.sub(b);
            h = sum.mul(f);
            (FMA ? h.fma(pi, m).sub(m) : h.mul(pi).add(m).sub(m).reinterpretAsLongs().or(h.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, h).add(sum.fma(f, h.neg())).intoArray(x, j);
            h = dif.mul(f);
            (FMA ? h.fma(pi, m).sub(m) : h.mul(pi).add(m).sub(m).reinterpretAsLongs().or(h.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, h).add(dif.fma(f, h.neg())).intoArray(x, j + d);
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
     * One forward level on x[j], x[j + d] for j in [from, to) (whole vectors): the unit
     * butterfly when {@code unit}, else twiddle w; lazy or reducing as
     * {@link DoubleNttKernels#forwardButterflies} and its three variants.
     */
    static void forward(double[] x, int from, int to, int d, double w, boolean unit, boolean lazy, double p,
            double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        if (unit) {
            for (int j = from; j < to; j += LANES) {
                DoubleVector a = DoubleVector.fromArray(S, x, j);
                DoubleVector b = DoubleVector.fromArray(S, x, j + d);
                if (!lazy) {
                    a = (FMA ? a.fma(pi, m).sub(m) : a.mul(pi).add(m).sub(m).reinterpretAsLongs().or(a.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, a);
                }
                b = (FMA ? b.fma(pi, m).sub(m) : b.mul(pi).add(m).sub(m).reinterpretAsLongs().or(b.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, b);
                a.add(b).intoArray(x, j);
                a.sub(b).intoArray(x, j + d);
            }
            return;
        }
        DoubleVector v = DoubleVector.broadcast(S, w);
        DoubleVector vp = DoubleVector.broadcast(S, w * pinv);
        for (int j = from; j < to; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, x, j + d);
            if (!lazy) {
                a = (FMA ? a.fma(pi, m).sub(m) : a.mul(pi).add(m).sub(m).reinterpretAsLongs().or(a.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, a);
            }
            DoubleVector h = b.mul(v);
            DoubleVector r = (FMA ? b.fma(vp, m).sub(m) : b.mul(vp).add(m).sub(m).reinterpretAsLongs().or(b.mul(vp).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, h).add(b.fma(v, h.neg()));
            a.add(r).intoArray(x, j);
            a.sub(r).intoArray(x, j + d);
        }
    }

    /**
     * One forward level of distance h on the blocks k = 1 .. len / 2h - 1 (block k: positions
     * 2hk + i and 2hk + h + i, i &lt; h, twiddle tw[k]; block 0, the unit, is the caller's):
     * {@link #forward} with the loop over the blocks inside, so that the short distances do not
     * pay a call and the constants per block.
     */
    static void forwardLevel(double[] x, int len, int h, double[] tw, boolean lazy, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int d = h * LANES;
        for (int k = 1, i0 = 2 * h; i0 < len; k++, i0 += 2 * h) {
            double w = tw[k];
            DoubleVector v = DoubleVector.broadcast(S, w);
            DoubleVector vp = DoubleVector.broadcast(S, w * pinv);
            for (int j = i0 * LANES, end = j + d; j < end; j += LANES) {
                DoubleVector a = DoubleVector.fromArray(S, x, j);
                DoubleVector b = DoubleVector.fromArray(S, x, j + d);
                if (!lazy) {
                    a = (FMA ? a.fma(pi, m).sub(m) : a.mul(pi).add(m).sub(m).reinterpretAsLongs().or(a.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, a);
                }
                DoubleVector hh = b.mul(v);
                DoubleVector r = (FMA ? b.fma(vp, m).sub(m) : b.mul(vp).add(m).sub(m).reinterpretAsLongs().or(b.mul(vp).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, hh).add(b.fma(v, hh.neg()));
                a.add(r).intoArray(x, j);
                a.sub(r).intoArray(x, j + d);
            }
        }
    }

    /**
     * Two forward levels (distances h and h/2) on the blocks k = 1 .. len / 2h - 1 as radix-4
     * sweeps ({@link #forwardRadix4}, twiddles tw[k], tw[2k], tw[2k + 1]); block 0 is the
     * caller's.
     */
    static void forwardRadix4Level(double[] x, int len, int h, double[] tw, boolean lazyFirst, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int d = (h / 2) * LANES;
        for (int k = 1, i0 = 2 * h; i0 < len; k++, i0 += 2 * h) {
            double w1 = tw[k];
            double w2 = tw[2 * k];
            double w3 = tw[2 * k + 1];
            DoubleVector v1 = DoubleVector.broadcast(S, w1);
            DoubleVector v2 = DoubleVector.broadcast(S, w2);
            DoubleVector v3 = DoubleVector.broadcast(S, w3);
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
                DoubleVector hh = x2.mul(v1);
                DoubleVector r = (FMA ? x2.fma(v1p, m).sub(m) : x2.mul(v1p).add(m).sub(m).reinterpretAsLongs().or(x2.mul(v1p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, hh).add(x2.fma(v1, hh.neg()));
                x2 = x0.sub(r);
                x0 = x0.add(r);
                if (!lazyFirst) {
                    x1 = (FMA ? x1.fma(pi, m).sub(m) : x1.mul(pi).add(m).sub(m).reinterpretAsLongs().or(x1.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, x1);
                }
                hh = x3.mul(v1);
                r = (FMA ? x3.fma(v1p, m).sub(m) : x3.mul(v1p).add(m).sub(m).reinterpretAsLongs().or(x3.mul(v1p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, hh).add(x3.fma(v1, hh.neg()));
                x3 = x1.sub(r);
                x1 = x1.add(r);
                if (lazyFirst) {
                    x0 = (FMA ? x0.fma(pi, m).sub(m) : x0.mul(pi).add(m).sub(m).reinterpretAsLongs().or(x0.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, x0);
                }
                hh = x1.mul(v2);
                r = (FMA ? x1.fma(v2p, m).sub(m) : x1.mul(v2p).add(m).sub(m).reinterpretAsLongs().or(x1.mul(v2p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, hh).add(x1.fma(v2, hh.neg()));
                x0.add(r).intoArray(x, j);
                x0.sub(r).intoArray(x, j + d);
                if (lazyFirst) {
                    x2 = (FMA ? x2.fma(pi, m).sub(m) : x2.mul(pi).add(m).sub(m).reinterpretAsLongs().or(x2.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, x2);
                }
                hh = x3.mul(v3);
                r = (FMA ? x3.fma(v3p, m).sub(m) : x3.mul(v3p).add(m).sub(m).reinterpretAsLongs().or(x3.mul(v3p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, hh).add(x3.fma(v3, hh.neg()));
                x2.add(r).intoArray(x, j + 2 * d);
                x2.sub(r).intoArray(x, j + 3 * d);
            }
        }
    }

    /**
     * One inverse level of distance h ({@link DoubleNttKernels#inverseButterflies}) on every
     * block k: positions 2hk + i and 2hk + h + i, i &lt; h, twiddle tw[k].
     */
    static void inverseLevel(double[] x, int len, int h, double[] tw, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int d = h * LANES;
        for (int k = 0, i0 = 0; i0 < len; k++, i0 += 2 * h) {
            double w = tw[k];
            DoubleVector v = DoubleVector.broadcast(S, w);
            DoubleVector vp = DoubleVector.broadcast(S, w * pinv);
            for (int j = i0 * LANES, end = j + d; j < end; j += LANES) {
                DoubleVector a = DoubleVector.fromArray(S, x, j);
                DoubleVector b = DoubleVector.fromArray(S, x, j + d);
                DoubleVector s = a.add(b);
                DoubleVector t = a.sub(b);
                (FMA ? s.fma(pi, m).sub(m) : s.mul(pi).add(m).sub(m).reinterpretAsLongs().or(s.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, s).intoArray(x, j);
                DoubleVector hh = t.mul(v);
                (FMA ? t.fma(vp, m).sub(m) : t.mul(vp).add(m).sub(m).reinterpretAsLongs().or(t.mul(vp).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, hh).add(t.fma(v, hh.neg())).intoArray(x, j + d);
            }
        }
    }

    /**
     * The inverse's first level, distance 1, times u ({@link DoubleNttKernels#inverseButterfliesPointwise}):
     * positions 2k and 2k + 1 of x times those of u, twiddle tw[k] (u only read; it may be x).
     */
    static void inversePointwiseLevel(double[] x, double[] u, int len, double[] tw, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int d = LANES;
        for (int k = 0, j = 0; k < len / 2; k++, j += 2 * LANES) {
            DoubleVector v = DoubleVector.broadcast(S, tw[k]);
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
            DoubleVector h3 = dd.mul(v);
            (FMA ? h3.fma(pi, m).sub(m) : h3.mul(pi).add(m).sub(m).reinterpretAsLongs().or(h3.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, h3).add(dd.fma(v, h3.neg())).intoArray(x, j + d);
        }
    }
}
