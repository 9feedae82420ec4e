package org.modalg.modular.mat;

import java.math.BigInteger;
import org.modalg.modular.Bounds;

/**
 * The norms of a square integer matrix that the determinant needs: squared Euclidean norms of
 * rows and columns, the largest row sum of absolute values (||A||_inf), and from them a Hadamard
 * bound min(prod ceil ||row_i||, prod ceil ||col_j||) &gt;= |det A|.
 *
 * <p>Rounding each norm up (rather than the square root of the product, as
 * {@link Bounds#hadamard}) costs a fraction of a bit at most for non-zero rows of norm &gt; n,
 * and avoids a square root of the whole product (about 60 ms at 83,000 bits). Cost: n^2
 * squarings (on longs with 128-bit sums for entries below 2^31, in doubles made upper bounds up
 * to 500 bits, else BigInteger) plus two balanced products of n numbers.
 */
final class MatrixNorms {
    // Entries up to this size get floating-point upper bounds on their norms (squares < 2^1000).
    private static final int MAX_FLOAT_BITS = 500;

    final int n;
    final BigInteger[] rowSq;
    final BigInteger[] colSq;
    /** max_i sum_j |a_ij|. */
    final BigInteger rowAbsMax;


    /** Norms of the n x n matrix a, given row by row. */
    MatrixNorms(BigInteger[] a, int n) {
        this.n = n;
        rowSq = new BigInteger[n];
        colSq = new BigInteger[n];
        java.util.Arrays.fill(colSq, BigInteger.ZERO);
        int bits = 0;
        for (BigInteger v : a) {
            bits = Math.max(bits, v.bitLength());
        }
        if (bits <= 31) {
            rowAbsMax = smallEntries(a, n);
            return;
        }
        if (bits <= MAX_FLOAT_BITS) {
            rowAbsMax = floatingUpperBounds(a, n);
            return;
        }
        BigInteger absMax = BigInteger.ZERO;
        for (int i = 0; i < n; i++) {
            BigInteger sq = BigInteger.ZERO;
            BigInteger abs = BigInteger.ZERO;
            for (int j = 0; j < n; j++) {
                BigInteger v = a[i * n + j];
                BigInteger v2 = squareUp(v);
                sq = sq.add(v2);
                colSq[j] = colSq[j].add(v2);
                abs = abs.add(v.abs());
            }
            rowSq[i] = sq;
            absMax = absMax.max(abs);
        }
        rowAbsMax = absMax;
    }

    /*
     * v^2, or for |v| >= 2^128 an upper bound from its leading 128 bits: |v| < (t + 1) 2^s with
     * t = |v| >> s, so v^2 < (t + 1)^2 2^(2s), relative excess below 2^-126. Squaring entries of
     * millions of bits exactly (BigInteger's Toom-Cook) would cost seconds each.
     */
    static BigInteger squareUp(BigInteger v) {
        int s = v.bitLength() - 128;
        if (s <= 0) {
            return v.multiply(v);
        }
        BigInteger t = v.abs().shiftRight(s).add(BigInteger.ONE);
        return t.multiply(t).shiftLeft(2 * s);
    }

    /*
     * An integer >= sqrt(x): ceil(sqrt(x)) exactly up to 4096 bits, beyond from the leading bits:
     * x < (t + 1) 2^(2s) with t = x >> 2s of 128 to 129 bits, so sqrt(x) < ceil(sqrt(t + 1)) 2^s
     * (relative excess below 2^-62). BigInteger.sqrt of a number of 12 million bits takes minutes.
     */
    static BigInteger sqrtUp(BigInteger x) {
        int s = (x.bitLength() - 128) / 2;
        if (x.bitLength() <= 4096 || s <= 0) {
            return Bounds.sqrtCeil(x);
        }
        return Bounds.sqrtCeil(x.shiftRight(2 * s).add(BigInteger.ONE)).shiftLeft(s);
    }

    // Entries below 2^31: squares below 2^62 summed exactly in 128 bits (hi, lo), no BigInteger.
    private BigInteger smallEntries(BigInteger[] a, int n) {
        long[] colHi = new long[n];
        long[] colLo = new long[n];
        long absMax = 0;
        for (int i = 0; i < n; i++) {
            long hi = 0;
            long lo = 0;
            long abs = 0;
            for (int j = 0; j < n; j++) {
                long v = a[i * n + j].longValue();
                long sq = v * v;
                long l = lo + sq;
                hi += Long.compareUnsigned(l, lo) < 0 ? 1 : 0;
                lo = l;
                l = colLo[j] + sq;
                colHi[j] += Long.compareUnsigned(l, colLo[j]) < 0 ? 1 : 0;
                colLo[j] = l;
                abs += Math.abs(v);
            }
            rowSq[i] = unsigned128(hi, lo);
            absMax = Math.max(absMax, abs);
        }
        for (int j = 0; j < n; j++) {
            colSq[j] = unsigned128(colHi[j], colLo[j]);
        }
        return BigInteger.valueOf(absMax);
    }

    /*
     * Entries of 32 to 500 bits: the sums in doubles, made upper bounds. Each |a_ij| converts with
     * relative error <= 2^-53, its square and each of the n - 1 additions of non-negative terms
     * add at most 2^-53 each, so the computed sum S has |S - s| <= (n + 2) 2^-52 s (Higham,
     * Accuracy and Stability, 4.2); for n < 2^30 that is below 2^-22 s, and S (1 + 2^-20) >= s.
     * Squares stay below 2^1000, sums below 2^1030 only for n > 2^30 (excluded by array sizes).
     * Costs a factor 1 + 2^-20 per norm against the exact sums, for a tenth of the time at 100 bits.
     */
    private BigInteger floatingUpperBounds(BigInteger[] a, int n) {
        double[] col = new double[n];
        double absMax = 0;
        for (int i = 0; i < n; i++) {
            double sq = 0;
            double abs = 0;
            for (int j = 0; j < n; j++) {
                double v = Math.abs(a[i * n + j].doubleValue());
                double v2 = v * v;
                sq += v2;
                col[j] += v2;
                abs += v;
            }
            rowSq[i] = ceilUp(sq);
            absMax = Math.max(absMax, abs);
        }
        for (int j = 0; j < n; j++) {
            colSq[j] = ceilUp(col[j]);
        }
        return ceilUp(absMax);
    }

    // An integer >= x (1 + 2^-20), exactly 0 for x = 0.
    private static BigInteger ceilUp(double x) {
        return new java.math.BigDecimal(x * (1 + 0x1p-20)).setScale(0, java.math.RoundingMode.CEILING)
                .toBigIntegerExact();
    }

    private static BigInteger unsigned128(long hi, long lo) {
        BigInteger low = lo >= 0 ? BigInteger.valueOf(lo) : BigInteger.valueOf(lo & Long.MAX_VALUE).setBit(63);
        return BigInteger.valueOf(hi).shiftLeft(64).add(low);
    }

    /** The Hadamard bound (see the class comment); 0 if a row or column is zero, 1 for n = 0. */
    BigInteger hadamard() {
        return roundedProduct(rowSq).min(roundedProduct(colSq));
    }

    /**
     * A bound on |det A_i| for every i, A_i being A with column i replaced by b: rows grow by
     * b_i^2, and the column product loses column i and gains ||b||.
     */
    BigInteger replacedColumnBound(long[] b) {
        BigInteger[] rows = new BigInteger[n];
        BigInteger bSq = BigInteger.ZERO;
        for (int i = 0; i < n; i++) {
            BigInteger bi = BigInteger.valueOf(b[i]);
            rows[i] = rowSq[i].add(bi.multiply(bi));
            bSq = bSq.add(bi.multiply(bi));
        }
        BigInteger[] cols = new BigInteger[n];
        BigInteger minCol = null;
        for (int j = 0; j < n; j++) {
            cols[j] = sqrtUp(colSq[j]);
            minCol = minCol == null ? cols[j] : minCol.min(cols[j]);
        }
        BigInteger colBound = minCol == null || minCol.signum() == 0 ? null
                : product(cols, 0, n).divide(minCol).multiply(sqrtUp(bSq));
        BigInteger rowBound = roundedProduct(rows);
        return colBound == null ? rowBound : rowBound.min(colBound);
    }

    private static BigInteger roundedProduct(BigInteger[] sq) {
        if (sq.length == 0) {
            return BigInteger.ONE;
        }
        BigInteger[] r = new BigInteger[sq.length];
        for (int i = 0; i < sq.length; i++) {
            r[i] = sqrtUp(sq[i]);
        }
        return product(r, 0, r.length);
    }

    // Balanced product of x[from..to), to > from.
    static BigInteger product(BigInteger[] x, int from, int to) {
        if (to - from == 1) {
            return x[from];
        }
        int mid = (from + to) >>> 1;
        return org.modalg.polynomial.integer.IntegerMultiplication.multiply(product(x, from, mid), product(x, mid, to));
    }
}
