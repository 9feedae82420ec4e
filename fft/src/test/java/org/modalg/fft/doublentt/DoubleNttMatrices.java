package org.modalg.fft.doublentt;

import java.util.Random;

/** Coefficient matrices for the double-precision NTT tests: random residues and deep copies. */
final class DoubleNttMatrices {
    private DoubleNttMatrices() {
    }

    /**
     * The plan's coefficient matrix with its first {@code rows} rows uniform in [0, plan.p()),
     * drawn in row order, and the others zero.
     */
    static double[][] random(DoubleNttPlan plan, Random rnd, int rows) {
        double[][] m = plan.newCoefficients();
        long p = plan.p();
        for (int i = 0; i < rows; i++) {
            double[] row = m[i];
            for (int c = 0; c < row.length; c++) {
                row[c] = Math.floorMod(rnd.nextLong(), p);
            }
        }
        return m;
    }

    /** {@link #random(DoubleNttPlan, Random, int)} with every row random. */
    static double[][] random(DoubleNttPlan plan, Random rnd) {
        return random(plan, rnd, plan.rows());
    }

    /** A copy of m, row by row. */
    static double[][] copy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    /** The plan's coefficient matrix holding values[j] at (j div C, j mod C). */
    static double[][] of(DoubleNttPlan plan, long[] values) {
        double[][] m = plan.newCoefficients();
        int cols = plan.columns();
        for (int j = 0; j < values.length; j++) {
            m[j / cols][j % cols] = values[j];
        }
        return m;
    }

    /**
     * Coefficient k of x y modulo x^n - 1 (cyclic) or x^n + 1 (negacyclic) and p, n = x.length,
     * by the schoolbook sum in BigInteger: the oracle of the convolution tests.
     */
    static long schoolbook(long[] x, long[] y, int k, long p, boolean nega) {
        int n = x.length;
        java.math.BigInteger sum = java.math.BigInteger.ZERO;
        for (int i = 0; i < n; i++) {
            java.math.BigInteger t = java.math.BigInteger.valueOf(x[i]).multiply(java.math.BigInteger.valueOf(y[Math.floorMod(k - i, n)]));
            sum = nega && i > k ? sum.subtract(t) : sum.add(t);
        }
        return sum.mod(java.math.BigInteger.valueOf(p)).longValue();
    }
}
