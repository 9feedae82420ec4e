package org.modalg.modular;

import java.math.BigInteger;

/** Test oracle: fraction-free Bareiss elimination over BigInteger, O(n^3) exact divisions. */
public final class Bareiss {
    private Bareiss() {
    }

    public static BigInteger det(BigInteger[][] a0) {
        int n = a0.length;
        if (n == 0) {
            return BigInteger.ONE;
        }
        BigInteger[][] a = new BigInteger[n][];
        for (int i = 0; i < n; i++) {
            a[i] = a0[i].clone();
        }
        int sign = 1;
        BigInteger prev = BigInteger.ONE;
        for (int k = 0; k < n - 1; k++) {
            if (a[k][k].signum() == 0) {
                int swap = -1;
                for (int i = k + 1; i < n; i++) {
                    if (a[i][k].signum() != 0) {
                        swap = i;
                        break;
                    }
                }
                if (swap < 0) {
                    return BigInteger.ZERO;
                }
                BigInteger[] t = a[k];
                a[k] = a[swap];
                a[swap] = t;
                sign = -sign;
            }
            for (int i = k + 1; i < n; i++) {
                for (int j = k + 1; j < n; j++) {
                    a[i][j] = a[i][j].multiply(a[k][k]).subtract(a[i][k].multiply(a[k][j])).divide(prev);
                }
            }
            prev = a[k][k];
        }
        BigInteger d = a[n - 1][n - 1];
        return sign < 0 ? d.negate() : d;
    }

    public static BigInteger det(long[][] a) {
        BigInteger[][] b = new BigInteger[a.length][];
        for (int i = 0; i < a.length; i++) {
            b[i] = new BigInteger[a[i].length];
            for (int j = 0; j < a[i].length; j++) {
                b[i][j] = BigInteger.valueOf(a[i][j]);
            }
        }
        return det(b);
    }
}
