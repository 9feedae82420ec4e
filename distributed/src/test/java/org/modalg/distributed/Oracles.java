package org.modalg.distributed;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.polynomial.zz.ZZPoly;

/** Independent oracles of the tests: BigInteger arithmetic only, no modular method. */
final class Oracles {
    private Oracles() {
    }

    /** det A by fraction-free (Bareiss) elimination over Z. */
    static BigInteger det(BigInteger[][] a0) {
        int n = a0.length;
        if (n == 0) {
            return BigInteger.ONE;
        }
        BigInteger[][] a = new BigInteger[n][];
        for (int i = 0; i < n; i++) {
            a[i] = a0[i].clone();
        }
        BigInteger prev = BigInteger.ONE;
        int sign = 1;
        for (int k = 0; k < n - 1; k++) {
            int piv = k;
            while (piv < n && a[piv][k].signum() == 0) {
                piv++;
            }
            if (piv == n) {
                return BigInteger.ZERO;
            }
            if (piv != k) {
                BigInteger[] t = a[piv];
                a[piv] = a[k];
                a[k] = t;
                sign = -sign;
            }
            for (int i = k + 1; i < n; i++) {
                for (int j = k + 1; j < n; j++) {
                    a[i][j] = a[i][j].multiply(a[k][k]).subtract(a[i][k].multiply(a[k][j])).divide(prev);
                }
            }
            prev = a[k][k];
        }
        return sign > 0 ? a[n - 1][n - 1] : a[n - 1][n - 1].negate();
    }

    /** Res(f, g) as the determinant of the Sylvester matrix (deg f, deg g &gt;= 0, not both 0). */
    static BigInteger resultant(ZZPoly f, ZZPoly g) {
        BigInteger[] fc = f.coefficients();
        BigInteger[] gc = g.coefficients();
        int m = fc.length - 1;
        int n = gc.length - 1;
        int s = m + n;
        if (s == 0) {
            return BigInteger.ONE;
        }
        BigInteger[][] a = new BigInteger[s][s];
        for (BigInteger[] row : a) {
            java.util.Arrays.fill(row, BigInteger.ZERO);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= m; j++) {
                a[i][i + j] = fc[m - j];
            }
        }
        for (int i = 0; i < m; i++) {
            for (int j = 0; j <= n; j++) {
                a[n + i][i + j] = gc[n - j];
            }
        }
        return det(a);
    }

    /** An n x n matrix of signed entries of up to bits bits. */
    static BigInteger[][] matrix(Random rnd, int n, int bits) {
        BigInteger[][] a = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = signed(rnd, bits);
            }
        }
        return a;
    }

    static BigInteger signed(Random rnd, int bits) {
        BigInteger v = new BigInteger(bits, rnd);
        return rnd.nextBoolean() ? v.negate() : v;
    }

    /** A polynomial of exactly this degree (non-zero leading coefficient). */
    static ZZPoly poly(Random rnd, int degree, int bits) {
        BigInteger[] c = new BigInteger[degree + 1];
        for (int i = 0; i <= degree; i++) {
            c[i] = signed(rnd, bits);
        }
        if (c[degree].signum() == 0) {
            c[degree] = BigInteger.ONE;
        }
        return ZZPoly.of(c);
    }
}
