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
}
