package org.modalg.modular;

import java.math.BigInteger;
import org.modalg.fft.Certification;

/**
 * Proven bounds on the size of results, which decide how many primes a multimodular algorithm
 * needs ({@link Certification#PROVEN}).
 *
 * <ul>
 * <li>Hadamard: every maximal minor of an r x c integer matrix (the determinant when square) has
 * absolute value at most the product of the Euclidean norms of its rows (when r &lt;= c) or of
 * its columns (when c &lt;= r); for a square matrix the smaller of the two products is taken.
 * <li>Mignotte / Landau: a factor g of degree k of f in Z[x] has |g_j| &lt;= C(k, j) M(g)
 * &lt;= C(k, j) M(f) &lt;= C(k, j) ||f||_2 (Mahler measure M, |lc(g)| &lt;= |lc(f)|).
 * <li>Resultant: |res(f, g)| &lt;= ||f||_2^deg g ||g||_2^deg f (Hadamard on the Sylvester
 * matrix).
 * </ul>
 * All bounds are exact integers (square roots rounded up), computed with {@link BigInteger}.
 */
public final class Bounds {
    private Bounds() {
    }

    /**
     * The Hadamard bound (see the class comment) of a rectangular matrix of longs.
     * Cost: O(r c) multiplications plus the product of min(r, c) squared norms.
     *
     * @throws IllegalArgumentException if a is null, has a null or ragged row
     */
    public static BigInteger hadamard(long[][] a) {
        int[] shape = shape(a, "a");
        BigInteger[][] b = new BigInteger[shape[0]][shape[1]];
        for (int i = 0; i < shape[0]; i++) {
            for (int j = 0; j < shape[1]; j++) {
                b[i][j] = BigInteger.valueOf(a[i][j]);
            }
        }
        return hadamard(b);
    }

    /** {@link #hadamard(long[][])} for BigInteger entries (a null entry is rejected). */
    public static BigInteger hadamard(BigInteger[][] a) {
        int[] shape = shape(a, "a");
        int r = shape[0];
        int c = shape[1];
        BigInteger[] rowSq = new BigInteger[r];
        BigInteger[] colSq = new BigInteger[c];
        java.util.Arrays.fill(colSq, BigInteger.ZERO);
        for (int i = 0; i < r; i++) {
            BigInteger s = BigInteger.ZERO;
            for (int j = 0; j < c; j++) {
                BigInteger v = a[i][j];
                if (v == null) {
                    throw new IllegalArgumentException("a[" + i + "][" + j + "] must not be null");
                }
                BigInteger sq = v.multiply(v);
                s = s.add(sq);
                colSq[j] = colSq[j].add(sq);
            }
            rowSq[i] = s;
        }
        return fromSquaredNorms(rowSq, colSq);
    }

    /** The bit length of {@link #hadamard(long[][])}: every maximal minor is below 2^bits in absolute value. */
    public static int hadamardBits(long[][] a) {
        return hadamard(a).bitLength();
    }

    /** The bit length of {@link #hadamard(BigInteger[][])}. */
    public static int hadamardBits(BigInteger[][] a) {
        return hadamard(a).bitLength();
    }

    private static BigInteger fromSquaredNorms(BigInteger[] rowSq, BigInteger[] colSq) {
        int r = rowSq.length;
        int c = colSq.length;
        if (r == 0 || c == 0) {
            return BigInteger.ONE; // the empty minor is 1
        }
        BigInteger product;
        if (r < c) {
            product = product(rowSq, 0, r);
        } else if (c < r) {
            product = product(colSq, 0, c);
        } else {
            BigInteger pr = product(rowSq, 0, r);
            BigInteger pc = product(colSq, 0, c);
            product = pr.min(pc);
        }
        return sqrtCeil(product);
    }

    /**
     * A bound on every coefficient of every factor of degree k of f in Z[x] (Mignotte, with
     * Landau's inequality): C(k, floor(k/2)) ceil(||f||_2).
     *
     * @param f coefficients in increasing degree, not all zero
     * @param k the factor degree, 0 &lt;= k &lt;= deg f
     * @throws IllegalArgumentException if f is null, zero, has a null entry, or k is out of range
     */
    public static BigInteger mignotte(BigInteger[] f, int k) {
        int deg = degree(f, "f");
        if (deg < 0) {
            throw new IllegalArgumentException("f must not be the zero polynomial");
        }
        if (k < 0 || k > deg) {
            throw new IllegalArgumentException("k must be in [0, deg f = " + deg + "], got " + k);
        }
        return binomial(k, k / 2).multiply(l2NormCeil(f));
    }

    /**
     * The resultant bound ||f||_2^deg g ||g||_2^deg f, rounded up: |res(f, g)| is at most this.
     * 0 when f or g is the zero polynomial (the resultant is then 0).
     *
     * @throws IllegalArgumentException if f or g is null or has a null entry
     */
    public static BigInteger resultant(BigInteger[] f, BigInteger[] g) {
        int df = degree(f, "f");
        int dg = degree(g, "g");
        if (df < 0 || dg < 0) {
            return BigInteger.ZERO;
        }
        return sqrtCeil(squaredNorm(f).pow(dg).multiply(squaredNorm(g).pow(df)));
    }

    /**
     * A number of bits B with {@link #resultant}(f, g) &lt; 2^B, at most 2 above that bound's bit
     * length, computed in O(total coefficient bits) without the big powers: log2 of each squared
     * norm N is bounded above from its leading 53 bits, N &lt; (top + 1) 2^(bitLength - 53), and
     * B = floor(deg g / 2 log2 N_f + deg f / 2 log2 N_g + margin) + 1 with a margin covering the
     * floating-point rounding (below 1000 bits the exact bound's bit length). 0 when f or g is
     * zero (the bound is then 0 &lt; 2^0).
     *
     * @throws IllegalArgumentException if f or g is null or has a null entry
     */
    public static long resultantBits(BigInteger[] f, BigInteger[] g) {
        return subresultantBits(f, g, 0);
    }

    /**
     * A number of bits B with ||f||_2^(deg g - j) ||g||_2^(deg f - j) &lt; 2^B, at most 2 above
     * that bound's bit length ({@link #resultantBits} is j = 0): the Hadamard bound of the
     * (deg f + deg g - 2j)-row matrices M_{j,i} whose determinants are the coefficients of the
     * j-th subresultant (deg g - j rows of f's coefficients, deg f - j of g's), in the same
     * O(total coefficient bits) without the big powers. 0 when f or g is zero.
     *
     * @throws IllegalArgumentException if f or g is null or has a null entry, or j is outside
     *     [0, min(deg f, deg g)]
     */
    public static long subresultantBits(BigInteger[] f, BigInteger[] g, int j) {
        int df = degree(f, "f");
        int dg = degree(g, "g");
        if (df < 0 || dg < 0) {
            return 0;
        }
        if (j < 0 || j > Math.min(df, dg)) {
            throw new IllegalArgumentException("j must be in [0, min(deg f, deg g) = " + Math.min(df, dg) + "], got "
                    + j);
        }
        BigInteger nf = squaredNorm(f);
        BigInteger ng = squaredNorm(g);
        double e = (dg - j) / 2.0 * log2Upper(nf) + (df - j) / 2.0 * log2Upper(ng);
        if (e < 1000) {
            // small: exact (the rounding up of the root matters)
            return sqrtCeil(nf.pow(dg - j).multiply(ng.pow(df - j))).bitLength();
        }
        return (long) Math.floor(e * (1 + 1e-12) + 1e-6) + 1;
    }

    // An upper bound on log2(n) for n >= 1, up to floating-point rounding (covered by the caller's margin).
    private static double log2Upper(BigInteger n) {
        int len = n.bitLength();
        if (len <= 53) {
            return Math.log(n.doubleValue()) / Math.log(2);
        }
        double top = n.shiftRight(len - 53).doubleValue() + 1; // exact: below 2^53 + 1
        return Math.log(top) / Math.log(2) + (len - 53);
    }

    /** ceil(||f||_2) for coefficients f (null entries rejected). */
    public static BigInteger l2NormCeil(BigInteger[] f) {
        degree(f, "f");
        return sqrtCeil(squaredNorm(f));
    }

    /** ceil(sqrt(x)) for x &gt;= 0. */
    public static BigInteger sqrtCeil(BigInteger x) {
        if (x == null || x.signum() < 0) {
            throw new IllegalArgumentException("x must be >= 0, got " + x);
        }
        BigInteger s = x.sqrt();
        return s.multiply(s).equals(x) ? s : s.add(BigInteger.ONE);
    }

    private static BigInteger squaredNorm(BigInteger[] f) {
        BigInteger s = BigInteger.ZERO;
        for (BigInteger v : f) {
            s = s.add(v.multiply(v));
        }
        return s;
    }

    // Degree of f (-1 for zero or empty), validating entries.
    private static int degree(BigInteger[] f, String name) {
        if (f == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        int d = -1;
        for (int i = 0; i < f.length; i++) {
            if (f[i] == null) {
                throw new IllegalArgumentException(name + "[" + i + "] must not be null");
            }
            if (f[i].signum() != 0) {
                d = i;
            }
        }
        return d;
    }

    private static BigInteger binomial(int n, int k) {
        BigInteger b = BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            b = b.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return b;
    }

    // Balanced product of x[from..to) (faster than left to right for big factors).
    private static BigInteger product(BigInteger[] x, int from, int to) {
        if (to - from == 1) {
            return x[from];
        }
        int mid = (from + to) >>> 1;
        return product(x, from, mid).multiply(product(x, mid, to));
    }

    /**
     * {rows, cols} of a rectangular matrix, the argument check of the matrix operations
     * (public for {@code org.modalg.modular.mat}).
     *
     * @throws IllegalArgumentException naming {@code name} when a is null or its rows are ragged
     */
    public static int[] shape(Object[] a, String name) {
        if (a == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        int r = a.length;
        int c = -1;
        for (int i = 0; i < r; i++) {
            Object row = a[i];
            if (row == null) {
                throw new IllegalArgumentException(name + "[" + i + "] (row " + i + ") must not be null");
            }
            int len = java.lang.reflect.Array.getLength(row);
            if (c < 0) {
                c = len;
            } else if (len != c) {
                throw new IllegalArgumentException(name + " must be rectangular, but row " + i + " has " + len
                        + " entries and row 0 has " + c);
            }
        }
        return new int[] {r, Math.max(c, 0)};
    }
}
