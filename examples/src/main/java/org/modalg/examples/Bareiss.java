package org.modalg.examples;

import java.math.BigInteger;

/**
 * The determinant of an integer matrix by fraction-free Gauss-Bareiss elimination in
 * BigInteger: every division is exact, so no modular arithmetic is involved. O(n^3) BigInteger
 * operations on entries that grow to the size of the determinant; the independent check the
 * demo and the examples compare the multimodular determinant with.
 */
public final class Bareiss {
    private Bareiss() {
    }

    /**
     * det(a) for a square matrix (the 0 x 0 matrix has determinant 1). The input is not changed.
     *
     * @throws IllegalArgumentException if a is null, ragged or not square, or has a null entry
     */
    public static BigInteger det(BigInteger[][] a) {
        if (a == null) {
            throw new IllegalArgumentException("a must not be null");
        }
        int n = a.length;
        BigInteger[][] m = new BigInteger[n][];
        for (int i = 0; i < n; i++) {
            if (a[i] == null || a[i].length != n) {
                throw new IllegalArgumentException("a must be square: row " + i + " has "
                        + (a[i] == null ? "no" : a[i].length) + " entries, expected " + n);
            }
            m[i] = a[i].clone();
            for (int j = 0; j < n; j++) {
                if (m[i][j] == null) {
                    throw new IllegalArgumentException("a[" + i + "][" + j + "] must not be null");
                }
            }
        }
        int sign = 1;
        BigInteger previous = BigInteger.ONE;
        for (int k = 0; k < n - 1; k++) {
            if (m[k][k].signum() == 0) {
                int swap = k + 1;
                while (swap < n && m[swap][k].signum() == 0) {
                    swap++;
                }
                if (swap == n) {
                    return BigInteger.ZERO;
                }
                BigInteger[] t = m[k];
                m[k] = m[swap];
                m[swap] = t;
                sign = -sign;
            }
            for (int i = k + 1; i < n; i++) {
                for (int j = k + 1; j < n; j++) {
                    m[i][j] = m[i][j].multiply(m[k][k]).subtract(m[i][k].multiply(m[k][j])).divide(previous);
                }
            }
            previous = m[k][k];
        }
        BigInteger d = n == 0 ? BigInteger.ONE : m[n - 1][n - 1];
        return sign < 0 ? d.negate() : d;
    }

    /** det(a) for a long matrix. */
    public static BigInteger det(long[][] a) {
        if (a == null) {
            throw new IllegalArgumentException("a must not be null");
        }
        BigInteger[][] b = new BigInteger[a.length][];
        for (int i = 0; i < a.length; i++) {
            if (a[i] == null) {
                throw new IllegalArgumentException("a[" + i + "] must not be null");
            }
            b[i] = new BigInteger[a[i].length];
            for (int j = 0; j < a[i].length; j++) {
                b[i][j] = BigInteger.valueOf(a[i][j]);
            }
        }
        return det(b);
    }
}
