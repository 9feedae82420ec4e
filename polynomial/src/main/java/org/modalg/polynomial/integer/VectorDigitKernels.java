package org.modalg.polynomial.integer;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The one loop of {@link DigitConvolution} in the incubating Vector API
 * ({@code jdk.incubator.vector}): the linear convolution of two digit vectors in doubles, each
 * column sum exact. The only class of modalg that names the API; it is loaded only when the
 * module is in the boot layer ({@link DigitConvolution#available()}), so a JVM started without
 * {@code --add-modules jdk.incubator.vector} never touches it.
 *
 * <p>Why the API: the convolution's loads are shifted against its stores
 * (c[k] += a[i] b[k - i]), and HotSpot 17's auto-vectorizer leaves every such loop scalar (it
 * cannot tell two double arrays apart); here the column sums of 8 vectors of outputs stay in
 * registers while a[i] is broadcast and b's shifted lines are loaded, one fma per product.
 */
final class VectorDigitKernels {
    private VectorDigitKernels() {
    }

    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    /** Lanes per vector (4 under AVX2, 8 under AVX-512). */
    static final int LANES = S.length();
    /** Outputs per block: 8 accumulators, enough independent fmas to cover the fma latency. */
    static final int BLOCK = 8 * LANES;

    /**
     * c[k] = sum over i of a[i] b[k - i] for k in [0, na + nb - 1), where b's digits lie at
     * bp[BLOCK, BLOCK + nb) with BLOCK zeros on both sides (bp.length &gt;= nb + 2 BLOCK), and c
     * has at least na + nb - 1 rounded up to a multiple of BLOCK entries (those above are
     * overwritten with zeros or partial sums). Exact when every column sum and every partial sum
     * is an integer below 2^53 (non-negative digits: the column sums bound the partial ones).
     * Cost na nb fmas in vectors, plus up to BLOCK rows per block of BLOCK outputs.
     */
    static void convolve(double[] a, int na, double[] bp, int nb, double[] c) {
        int nc = na + nb - 1;
        int l = LANES;
        for (int k = 0; k < nc; k += BLOCK) {
            DoubleVector s0 = DoubleVector.zero(S);
            DoubleVector s1 = s0;
            DoubleVector s2 = s0;
            DoubleVector s3 = s0;
            DoubleVector s4 = s0;
            DoubleVector s5 = s0;
            DoubleVector s6 = s0;
            DoubleVector s7 = s0;
            int lo = Math.max(0, k - nb + 1);
            int hi = Math.min(na, k + BLOCK);
            // row i adds a[i] b[k - i + t] to output k + t; b's padding supplies the zeros
            for (int i = lo; i < hi; i++) {
                DoubleVector ai = DoubleVector.broadcast(S, a[i]);
                int o = BLOCK + k - i;
                s0 = DoubleVector.fromArray(S, bp, o).fma(ai, s0);
                s1 = DoubleVector.fromArray(S, bp, o + l).fma(ai, s1);
                s2 = DoubleVector.fromArray(S, bp, o + 2 * l).fma(ai, s2);
                s3 = DoubleVector.fromArray(S, bp, o + 3 * l).fma(ai, s3);
                s4 = DoubleVector.fromArray(S, bp, o + 4 * l).fma(ai, s4);
                s5 = DoubleVector.fromArray(S, bp, o + 5 * l).fma(ai, s5);
                s6 = DoubleVector.fromArray(S, bp, o + 6 * l).fma(ai, s6);
                s7 = DoubleVector.fromArray(S, bp, o + 7 * l).fma(ai, s7);
            }
            s0.intoArray(c, k);
            s1.intoArray(c, k + l);
            s2.intoArray(c, k + 2 * l);
            s3.intoArray(c, k + 3 * l);
            s4.intoArray(c, k + 4 * l);
            s5.intoArray(c, k + 5 * l);
            s6.intoArray(c, k + 6 * l);
            s7.intoArray(c, k + 7 * l);
        }
    }
}
