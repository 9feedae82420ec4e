package org.modalg.fft.doublentt;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The butterfly loops of {@link DoubleNttKernels} in the incubating Vector API
 * ({@code jdk.incubator.vector}): the same operations in the same order on whole vectors, so
 * the same doubles bit for bit (the quotient in {@link QuotientRounding}'s form, see
 * {@link #quotient}). Each loop runs the whole vectors of [from, to) and returns where it
 * stopped; the caller's loop does the rest.
 *
 * <p>Why: on an AVX-512 Xeon HotSpot 17's auto-vectorized forward butterflies run at 0.59-0.69
 * ns per butterfly where these run at 0.30-0.39 (fft/BENCHMARKS.md section (o)); under AVX2 the
 * auto-vectorized loops are as fast or faster (section (i)), so {@link VectorNtt} uses these only
 * where vectors hold 8 doubles. The only class of the module that names the API: it is loaded
 * only when the module is in the boot layer ({@link VectorNtt#kernelsOn()}).
 *
 * <p>One small helper only ({@link #quotient}): C2 stops inlining methods of ours inside large
 * compilations, and vectors that cross a call that is not inlined are boxed (section (i)).
 */
final class VectorNttKernels {
    private VectorNttKernels() {
    }

    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    /** Doubles per vector (4 under AVX2, 8 under AVX-512). */
    static final int LANES = S.length();
    private static final boolean FMA = QuotientRounding.FMA;
    private static final double MAGIC = QuotientRounding.MAGIC;

    /**
     * {@link QuotientRounding#quotient} of whole vectors, m the broadcast 1.5 2^52: the fma form
     * as it is; the rint form as fl(x y) plus and minus m, which is rint(fl(x y)) for |x y| &lt;
     * 2^51 except that it gives +0 where rint gives -0 (x y in (-1/2, 0]), so the sign of x y is
     * or-ed in (a nonzero quotient has that sign already). Small enough for C2 to inline.
     */
    private static DoubleVector quotient(DoubleVector x, DoubleVector y, DoubleVector m) {
        if (FMA) {
            return x.fma(y, m).sub(m);
        }
        DoubleVector xy = x.mul(y);
        return xy.add(m).sub(m).reinterpretAsLongs()
                .or(xy.reinterpretAsLongs().and(Long.MIN_VALUE)).reinterpretAsDoubles();
    }

    /** {@link DoubleNttKernels#forwardButterflies} on the whole vectors from {@code from}; returns where it stopped. */
    static int forwardButterflies(double[] x, double[] y, int from, int to, double w, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        DoubleVector v = DoubleVector.broadcast(S, w);
        DoubleVector vp = DoubleVector.broadcast(S, w * pinv);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, y, j);
            a = quotient(a, pi, m).fma(np, a);
            DoubleVector h = b.mul(v);
            DoubleVector r = quotient(b, vp, m).fma(np, h).add(b.fma(v, h.neg()));
            a.add(r).intoArray(x, j);
            a.sub(r).intoArray(y, j);
        }
        return j;
    }

    /** {@link DoubleNttKernels#forwardButterfliesLazy} on the whole vectors; returns where it stopped. */
    static int forwardButterfliesLazy(double[] x, double[] y, int from, int to, double w, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        DoubleVector v = DoubleVector.broadcast(S, w);
        DoubleVector vp = DoubleVector.broadcast(S, w * pinv);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, y, j);
            DoubleVector h = b.mul(v);
            DoubleVector r = quotient(b, vp, m).fma(np, h).add(b.fma(v, h.neg()));
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
            a = quotient(a, pi, m).fma(np, a);
            b = quotient(b, pi, m).fma(np, b);
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
            b = quotient(b, pi, m).fma(np, b);
            a.add(b).intoArray(x, j);
            a.sub(b).intoArray(y, j);
        }
        return j;
    }

    /** {@link DoubleNttKernels#inverseButterflies} on the whole vectors; returns where it stopped. */
    static int inverseButterflies(double[] x, double[] y, int from, int to, double w, double p, double pinv) {
        DoubleVector np = DoubleVector.broadcast(S, -p);
        DoubleVector pi = DoubleVector.broadcast(S, pinv);
        DoubleVector m = DoubleVector.broadcast(S, MAGIC);
        DoubleVector v = DoubleVector.broadcast(S, w);
        DoubleVector vp = DoubleVector.broadcast(S, w * pinv);
        int end = from + S.loopBound(to - from);
        int j = from;
        for (; j < end; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, x, j);
            DoubleVector b = DoubleVector.fromArray(S, y, j);
            DoubleVector s = a.add(b);
            DoubleVector d = a.sub(b);
            quotient(s, pi, m).fma(np, s).intoArray(x, j);
            DoubleVector h = d.mul(v);
            quotient(d, vp, m).fma(np, h).add(d.fma(v, h.neg())).intoArray(y, j);
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
            b = quotient(h, pi, m).fma(np, h).add(b.fma(e, h.neg()));
            DoubleVector s = a.add(b);
            DoubleVector d = a.sub(b);
            h = s.mul(f);
            quotient(h, pi, m).fma(np, h).add(s.fma(f, h.neg())).intoArray(x, j);
            h = d.mul(f);
            quotient(h, pi, m).fma(np, h).add(d.fma(f, h.neg())).intoArray(y, j);
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
            quotient(h, pi, m).fma(np, h).add(s.fma(f, h.neg())).intoArray(x, j);
            h = d.mul(e);
            quotient(h, pi, m).fma(np, h).add(d.fma(e, h.neg())).intoArray(y, j);
        }
        return j;
    }
}
