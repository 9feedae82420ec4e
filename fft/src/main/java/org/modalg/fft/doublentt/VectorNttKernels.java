package org.modalg.fft.doublentt;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The butterfly loops of {@link DoubleNttKernels} in the incubating Vector API
 * ({@code jdk.incubator.vector}): the same operations in the same order on whole vectors, so
 * the same doubles bit for bit, but for one rewriting: a product b w by a twiddle is formed from
 * h = fl(b (-w)) (the negated twiddle broadcast once), as fma(b, w, h) - fma(q, p, h) instead of
 * fma(q, -p, -h') + fma(b, w, -h') with h' = fl(b w): rounding is symmetric, so both terms are
 * the same doubles negated and the sum is the same, with one negation fewer per product (2-5%
 * of a 10^7-bit product on the development machine). The quotient is {@link QuotientRounding}'s form: the fma form as
 * it is; the rint form as fl(x y) plus and minus 1.5 2^52, which is rint(fl(x y)) for |x y| &lt;
 * 2^51 except that it gives +0 where rint gives -0 (x y in (-1/2, 0]), so the sign of x y is
 * or-ed in (a nonzero quotient has that sign already). Each loop runs the whole vectors of [from, to) and returns where it
 * stopped; the caller's loop does the rest.
 *
 * <p>Why: on an AVX-512 Xeon HotSpot 17's auto-vectorized forward butterflies run at 0.59-0.69
 * ns per butterfly where these run at 0.30-0.39 (fft/BENCHMARKS.md section (o)); under AVX2 the
 * auto-vectorized loops are as fast or faster (section (i)), so {@link VectorNtt} uses these only
 * where vectors hold 8 doubles. With {@link VectorRowBlocks} the only classes of the module that
 * name the API: they are loaded only when the module is in the boot layer ({@link VectorNtt#ON}).
 *
 * <p>No helper methods, on purpose (every quotient written out): vectors that cross a call C2 does
 * not inline are boxed, and a helper for the quotient made the transforms 2-4x slower than the
 * scalar loops on the AVX-512 host (section (o); section (i) saw the same).
 */
final class VectorNttKernels {
    private VectorNttKernels() {
    }

    static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    /** Doubles per vector (4 under AVX2, 8 under AVX-512). */
    static final int LANES = S.length();
    private static final boolean FMA = QuotientRounding.FMA;
    private static final double MAGIC = QuotientRounding.MAGIC;
    private static final long SIGN = Long.MIN_VALUE;

    /** {@link DoubleNttKernels#forwardButterflies} on the whole vectors from {@code from}; returns where it stopped. */
    static int forwardButterflies(double[] x, double[] y, int from, int to, double w, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pp = DoubleVector.broadcast(S, p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        DoubleVector v = DoubleVector.broadcast(S, w);
        DoubleVector vn = DoubleVector.broadcast(S, -w);
        DoubleVector vp = DoubleVector.broadcast(S, w * pinv);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, y, j);
            a = (FMA ? a.fma(pi, m).sub(m) : a.mul(pi).add(m).sub(m).reinterpretAsLongs().or(a.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, a);
            DoubleVector h = b.mul(vn);
            DoubleVector r = b.fma(v, h).sub((FMA ? b.fma(vp, m).sub(m) : b.mul(vp).add(m).sub(m).reinterpretAsLongs().or(b.mul(vp).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            a.add(r).intoArray(x, j);
            a.sub(r).intoArray(y, j);
        }
        return j;
    }

    /** {@link DoubleNttKernels#forwardButterfliesLazy} on the whole vectors; returns where it stopped. */
    static int forwardButterfliesLazy(double[] x, double[] y, int from, int to, double w, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pp = DoubleVector.broadcast(S, p);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        DoubleVector v = DoubleVector.broadcast(S, w);
        DoubleVector vn = DoubleVector.broadcast(S, -w);
        DoubleVector vp = DoubleVector.broadcast(S, w * pinv);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, y, j);
            DoubleVector h = b.mul(vn);
            DoubleVector r = b.fma(v, h).sub((FMA ? b.fma(vp, m).sub(m) : b.mul(vp).add(m).sub(m).reinterpretAsLongs().or(b.mul(vp).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            a.add(r).intoArray(x, j);
            a.sub(r).intoArray(y, j);
        }
        return j;
    }

    /** {@link DoubleNttKernels#forwardButterfliesUnit} on the whole vectors; returns where it stopped. */
    static int forwardButterfliesUnit(double[] x, double[] y, int from, int to, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, y, j);
            a = (FMA ? a.fma(pi, m).sub(m) : a.mul(pi).add(m).sub(m).reinterpretAsLongs().or(a.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, a);
            b = (FMA ? b.fma(pi, m).sub(m) : b.mul(pi).add(m).sub(m).reinterpretAsLongs().or(b.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, b);
            a.add(b).intoArray(x, j);
            a.sub(b).intoArray(y, j);
        }
        return j;
    }

    /** {@link DoubleNttKernels#forwardButterfliesUnitLazy} on the whole vectors; returns where it stopped. */
    static int forwardButterfliesUnitLazy(double[] x, double[] y, int from, int to, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, y, j);
            b = (FMA ? b.fma(pi, m).sub(m) : b.mul(pi).add(m).sub(m).reinterpretAsLongs().or(b.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, b);
            a.add(b).intoArray(x, j);
            a.sub(b).intoArray(y, j);
        }
        return j;
    }

    /** {@link DoubleNttKernels#inverseButterflies} on the whole vectors; returns where it stopped. */
    static int inverseButterflies(double[] x, double[] y, int from, int to, double w, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pp = DoubleVector.broadcast(S, p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        DoubleVector v = DoubleVector.broadcast(S, w);
        DoubleVector vn = DoubleVector.broadcast(S, -w);
        DoubleVector vp = DoubleVector.broadcast(S, w * pinv);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, y, j);
            DoubleVector s = a.add(b);
            DoubleVector d = a.sub(b);
            (FMA ? s.fma(pi, m).sub(m) : s.mul(pi).add(m).sub(m).reinterpretAsLongs().or(s.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, s).intoArray(x, j);
            DoubleVector h = d.mul(vn);
            d.fma(v, h).sub((FMA ? d.fma(vp, m).sub(m) : d.mul(vp).add(m).sub(m).reinterpretAsLongs().or(d.mul(vp).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h)).intoArray(y, j);
        }
        return j;
    }

    /**
     * Two inverse levels on four rows at once (radix 4), the same operations per element as
     * {@link DoubleNttKernels#inverseButterflies}' four calls: level t on (a, b) with twiddle w2
     * and (c, d) with w3, then level t - 1 on (a, c) and (b, d) with w1. Each row is loaded and
     * stored once per two levels. Returns where it stopped.
     */
    static int inverseRadix4(double[] a, double[] b, double[] c, double[] d, int from, int to, double w1,
            double w2, double w3, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pp = DoubleVector.broadcast(S, p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        DoubleVector v1 = DoubleVector.broadcast(S, w1);
        DoubleVector v1n = DoubleVector.broadcast(S, -w1);
        DoubleVector v2 = DoubleVector.broadcast(S, w2);
        DoubleVector v2n = DoubleVector.broadcast(S, -w2);
        DoubleVector v3 = DoubleVector.broadcast(S, w3);
        DoubleVector v3n = DoubleVector.broadcast(S, -w3);
        DoubleVector v1p = DoubleVector.broadcast(S, w1 * pinv);
        DoubleVector v2p = DoubleVector.broadcast(S, w2 * pinv);
        DoubleVector v3p = DoubleVector.broadcast(S, w3 * pinv);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector x0 = DoubleVector.fromArray(S, a, j);
            DoubleVector x1 = DoubleVector.fromArray(S, b, j);
            DoubleVector x2 = DoubleVector.fromArray(S, c, j);
            DoubleVector x3 = DoubleVector.fromArray(S, d, j);
            DoubleVector s = x0.add(x1);
            DoubleVector t = x0.sub(x1);
            x0 = (FMA ? s.fma(pi, m).sub(m) : s.mul(pi).add(m).sub(m).reinterpretAsLongs().or(s.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, s);
            DoubleVector h = t.mul(v2n);
            x1 = t.fma(v2, h).sub((FMA ? t.fma(v2p, m).sub(m) : t.mul(v2p).add(m).sub(m).reinterpretAsLongs().or(t.mul(v2p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            s = x2.add(x3);
            t = x2.sub(x3);
            x2 = (FMA ? s.fma(pi, m).sub(m) : s.mul(pi).add(m).sub(m).reinterpretAsLongs().or(s.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, s);
            h = t.mul(v3n);
            x3 = t.fma(v3, h).sub((FMA ? t.fma(v3p, m).sub(m) : t.mul(v3p).add(m).sub(m).reinterpretAsLongs().or(t.mul(v3p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            s = x0.add(x2);
            t = x0.sub(x2);
            (FMA ? s.fma(pi, m).sub(m) : s.mul(pi).add(m).sub(m).reinterpretAsLongs().or(s.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, s).intoArray(a, j);
            h = t.mul(v1n);
            t.fma(v1, h).sub((FMA ? t.fma(v1p, m).sub(m) : t.mul(v1p).add(m).sub(m).reinterpretAsLongs().or(t.mul(v1p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h)).intoArray(c, j);
            s = x1.add(x3);
            t = x1.sub(x3);
            (FMA ? s.fma(pi, m).sub(m) : s.mul(pi).add(m).sub(m).reinterpretAsLongs().or(s.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, s).intoArray(b, j);
            h = t.mul(v1n);
            t.fma(v1, h).sub((FMA ? t.fma(v1p, m).sub(m) : t.mul(v1p).add(m).sub(m).reinterpretAsLongs().or(t.mul(v1p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h)).intoArray(d, j);
        }
        return j;
    }

    /** {@link DoubleNttKernels#forwardButterfliesTwisted} on the whole vectors; returns where it stopped. */
    static int forwardButterfliesTwisted(double[] x, double[] y, double[] g, double[] t, int from, int to,
            double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, y, j);
            DoubleVector e = DoubleVector.fromArray(S, g, j);
            DoubleVector f = DoubleVector.fromArray(S, t, j);
            DoubleVector h = b.mul(e);
            b = (FMA ? h.fma(pi, m).sub(m) : h.mul(pi).add(m).sub(m).reinterpretAsLongs().or(h.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, h).add(b.fma(e, h.neg()));
            DoubleVector s = a.add(b);
            DoubleVector d = a.sub(b);
            h = s.mul(f);
            (FMA ? h.fma(pi, m).sub(m) : h.mul(pi).add(m).sub(m).reinterpretAsLongs().or(h.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, h).add(s.fma(f, h.neg())).intoArray(x, j);
            h = d.mul(f);
            (FMA ? h.fma(pi, m).sub(m) : h.mul(pi).add(m).sub(m).reinterpretAsLongs().or(h.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, h).add(d.fma(f, h.neg())).intoArray(y, j);
        }
        return j;
    }

    /** {@link DoubleNttKernels#inverseButterfliesTwisted} on the whole vectors; returns where it stopped. */
    static int inverseButterfliesTwisted(double[] x, double[] y, double[] t, double[] u, int from, int to,
            double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, y, j);
            DoubleVector f = DoubleVector.fromArray(S, t, j);
            DoubleVector e = DoubleVector.fromArray(S, u, j);
            DoubleVector s = a.add(b);
            DoubleVector d = a.sub(b);
            DoubleVector h = s.mul(f);
            (FMA ? h.fma(pi, m).sub(m) : h.mul(pi).add(m).sub(m).reinterpretAsLongs().or(h.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, h).add(s.fma(f, h.neg())).intoArray(x, j);
            h = d.mul(e);
            (FMA ? h.fma(pi, m).sub(m) : h.mul(pi).add(m).sub(m).reinterpretAsLongs().or(h.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, h).add(d.fma(e, h.neg())).intoArray(y, j);
        }
        return j;
    }

    /**
     * Two forward levels on four rows at once (radix 4), the same operations per element as
     * {@link DoubleNttKernels}' four radix-2 calls: level t, lazy (no reduction of a and b), on
     * (a, c) and (b, d) with twiddle w1, then level t + 1, reducing a and c, on (a, b) with w2 and
     * (c, d) with w3 (the levels' alternation, {@link DoubleNttKernels#forwardColumns}). Each row
     * is loaded and stored once per two levels. Returns where it stopped. One method per order of
     * the levels: one method with both loops was too large for C2 to compile well, and ran
     * allocating (section (o)).
     */
    static int forwardRadix4LazyFirst(double[] a, double[] b, double[] c, double[] d, int from, int to, double w1,
            double w2, double w3, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pp = DoubleVector.broadcast(S, p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        DoubleVector v1 = DoubleVector.broadcast(S, w1);
        DoubleVector v1n = DoubleVector.broadcast(S, -w1);
        DoubleVector v2 = DoubleVector.broadcast(S, w2);
        DoubleVector v2n = DoubleVector.broadcast(S, -w2);
        DoubleVector v3 = DoubleVector.broadcast(S, w3);
        DoubleVector v3n = DoubleVector.broadcast(S, -w3);
        DoubleVector v1p = DoubleVector.broadcast(S, w1 * pinv);
        DoubleVector v2p = DoubleVector.broadcast(S, w2 * pinv);
        DoubleVector v3p = DoubleVector.broadcast(S, w3 * pinv);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector x0 = DoubleVector.fromArray(S, a, j);
            DoubleVector x1 = DoubleVector.fromArray(S, b, j);
            DoubleVector x2 = DoubleVector.fromArray(S, c, j);
            DoubleVector x3 = DoubleVector.fromArray(S, d, j);
            DoubleVector h = x2.mul(v1n);
            DoubleVector r = x2.fma(v1, h).sub((FMA ? x2.fma(v1p, m).sub(m) : x2.mul(v1p).add(m).sub(m).reinterpretAsLongs().or(x2.mul(v1p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            x2 = x0.sub(r);
            x0 = x0.add(r);
            h = x3.mul(v1n);
            r = x3.fma(v1, h).sub((FMA ? x3.fma(v1p, m).sub(m) : x3.mul(v1p).add(m).sub(m).reinterpretAsLongs().or(x3.mul(v1p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            x3 = x1.sub(r);
            x1 = x1.add(r);
            x0 = (FMA ? x0.fma(pi, m).sub(m) : x0.mul(pi).add(m).sub(m).reinterpretAsLongs().or(x0.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, x0);
            h = x1.mul(v2n);
            r = x1.fma(v2, h).sub((FMA ? x1.fma(v2p, m).sub(m) : x1.mul(v2p).add(m).sub(m).reinterpretAsLongs().or(x1.mul(v2p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            x0.add(r).intoArray(a, j);
            x0.sub(r).intoArray(b, j);
            x2 = (FMA ? x2.fma(pi, m).sub(m) : x2.mul(pi).add(m).sub(m).reinterpretAsLongs().or(x2.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, x2);
            h = x3.mul(v3n);
            r = x3.fma(v3, h).sub((FMA ? x3.fma(v3p, m).sub(m) : x3.mul(v3p).add(m).sub(m).reinterpretAsLongs().or(x3.mul(v3p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            x2.add(r).intoArray(c, j);
            x2.sub(r).intoArray(d, j);
        }
        return j;
    }

    /** {@link #forwardRadix4LazyFirst} with the other order: level t reduces a and b, level t + 1 is lazy. */
    static int forwardRadix4ReduceFirst(double[] a, double[] b, double[] c, double[] d, int from, int to, double w1,
            double w2, double w3, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pp = DoubleVector.broadcast(S, p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        DoubleVector v1 = DoubleVector.broadcast(S, w1);
        DoubleVector v1n = DoubleVector.broadcast(S, -w1);
        DoubleVector v2 = DoubleVector.broadcast(S, w2);
        DoubleVector v2n = DoubleVector.broadcast(S, -w2);
        DoubleVector v3 = DoubleVector.broadcast(S, w3);
        DoubleVector v3n = DoubleVector.broadcast(S, -w3);
        DoubleVector v1p = DoubleVector.broadcast(S, w1 * pinv);
        DoubleVector v2p = DoubleVector.broadcast(S, w2 * pinv);
        DoubleVector v3p = DoubleVector.broadcast(S, w3 * pinv);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector x0 = DoubleVector.fromArray(S, a, j);
            DoubleVector x1 = DoubleVector.fromArray(S, b, j);
            DoubleVector x2 = DoubleVector.fromArray(S, c, j);
            DoubleVector x3 = DoubleVector.fromArray(S, d, j);
            x0 = (FMA ? x0.fma(pi, m).sub(m) : x0.mul(pi).add(m).sub(m).reinterpretAsLongs().or(x0.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, x0);
            DoubleVector h = x2.mul(v1n);
            DoubleVector r = x2.fma(v1, h).sub((FMA ? x2.fma(v1p, m).sub(m) : x2.mul(v1p).add(m).sub(m).reinterpretAsLongs().or(x2.mul(v1p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            x2 = x0.sub(r);
            x0 = x0.add(r);
            x1 = (FMA ? x1.fma(pi, m).sub(m) : x1.mul(pi).add(m).sub(m).reinterpretAsLongs().or(x1.mul(pi).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(np, x1);
            h = x3.mul(v1n);
            r = x3.fma(v1, h).sub((FMA ? x3.fma(v1p, m).sub(m) : x3.mul(v1p).add(m).sub(m).reinterpretAsLongs().or(x3.mul(v1p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            x3 = x1.sub(r);
            x1 = x1.add(r);
            h = x1.mul(v2n);
            r = x1.fma(v2, h).sub((FMA ? x1.fma(v2p, m).sub(m) : x1.mul(v2p).add(m).sub(m).reinterpretAsLongs().or(x1.mul(v2p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            x0.add(r).intoArray(a, j);
            x0.sub(r).intoArray(b, j);
            h = x3.mul(v3n);
            r = x3.fma(v3, h).sub((FMA ? x3.fma(v3p, m).sub(m) : x3.mul(v3p).add(m).sub(m).reinterpretAsLongs().or(x3.mul(v3p).reinterpretAsLongs().and(SIGN)).reinterpretAsDoubles()).fma(pp, h));
            x2.add(r).intoArray(c, j);
            x2.sub(r).intoArray(d, j);
        }
        return j;
    }
}
