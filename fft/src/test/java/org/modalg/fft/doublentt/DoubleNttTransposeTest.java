package org.modalg.fft.doublentt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link DoubleNttKernels#transpose} (with its touching loads on and off, on matrices above and
 * below {@link DoubleNttKernels#TOUCH_MIN_ELEMENTS}) against the definition dst[c][r] = src[r][c], on row slices of every alignment (the parallel
 * slices of {@link DoubleNttPlan}), shorter than a band and than the touching distance included;
 * entries outside the slice must stay untouched. Random entries, seed printed.
 */
class DoubleNttTransposeTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("DoubleNttTransposeTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    @AfterEach
    void restore() {
        DoubleNttKernels.touchAhead = 2;
    }

    private static double[][] random(Random rnd, int rows, int cols) {
        double[][] m = new double[rows][cols];
        for (double[] row : m) {
            for (int j = 0; j < cols; j++) {
                row[j] = rnd.nextInt();
            }
        }
        return m;
    }

    private static void check(double[][] src, double[][] dst, double[][] before, int r0, int r1, int c0, int c1,
            String msg) {
        for (int c = 0; c < dst.length; c++) {
            for (int r = 0; r < dst[c].length; r++) {
                boolean inside = r >= r0 && r < r1 && c >= c0 && c < c1;
                assertEquals(inside ? src[r][c] : before[c][r], dst[c][r], msg + " at [" + c + "][" + r + "]");
            }
        }
    }

    @Test
    void transposeSlicesMatchTheDefinition() {
        Random rnd = new Random(SEED);
        int[][] shapes = {{512, 512}, {256, 1024}, {256, 512}, {512, 256}, {8, 16}, {64, 64}, {1024, 256}};
        for (int[] shape : shapes) {
            int rows = shape[0];
            int cols = shape[1];
            for (int ahead : new int[] {0, 1, 2, 5}) {
                DoubleNttKernels.touchAhead = ahead;
                for (int it = 0; it < 6; it++) {
                    double[][] src = random(rnd, rows, cols);
                    double[][] dst = random(rnd, cols, rows);
                    double[][] before = new double[cols][];
                    for (int c = 0; c < cols; c++) {
                        before[c] = dst[c].clone();
                    }
                    int r0 = it == 0 ? 0 : rnd.nextInt(rows);
                    int r1 = it == 0 ? rows : it == 1 ? Math.min(rows, r0 + rnd.nextInt(8)) : r0 + rnd.nextInt(rows - r0 + 1);
                    DoubleNttKernels.transpose(src, dst, r0, r1);
                    check(src, dst, before, r0, r1, 0, cols,
                            "seed=" + SEED + " " + rows + "x" + cols + " ahead=" + ahead + " rows [" + r0 + ", " + r1 + ")");
                }
            }
        }
    }
}
