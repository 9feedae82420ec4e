package org.modalg.modular.kernel;

import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.Options;
import org.modalg.fft.parallel.ParallelRange;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;

/**
 * Determinant in one generalized Fermat field GF(p), p = r^k + 1, by Gaussian elimination: the
 * kernel of the big-prime route of {@link org.modalg.modular.mat.Determinant} (thesis section 2.9:
 * one big prime instead of many small ones). Elements are k digits, element-major
 * ({@link GfField}); the multiplications are {@link GfArithmetic#mul} (plain O(k^2) or FFT-based),
 * additions O(k). Cost: n^3/3 field multiplications and subtractions, n field inversions. The row
 * updates of one step are split over the pool's threads.
 */
public final class GfDetKernel {

    // Rows below which a step runs in the calling thread.
    private static final int PARALLEL_ROWS = 8;

    private GfDetKernel() {
    }

    /**
     * det(a) in GF(p), destroying a (n * n elements, row-major, canonical digits).
     *
     * @param pool the pool for the row updates, or null for the calling thread
     * @param cancel polled once per elimination step
     * @return the determinant, k digits
     */
    public static long[] det(GfField field, long[] a, int n, ForkJoinPool pool, Options cancel) {
        final GfArithmetic ar = field.arithmetic();
        final int k = field.k();
        final int rowLen = n * k;
        long[] det = new long[k];
        ar.setOne(det, 0);
        long[] inv = new long[k];
        long[] tmp = new long[k];
        GfArithmetic.Workspace ws = ar.newWorkspace();
        ThreadLocal<Object[]> scratch = ThreadLocal.withInitial(() -> new Object[] {ar.newWorkspace(),
            new long[k], new long[k]});
        for (int c = 0; c < n; c++) {
            cancel.checkCancelled("in the big-prime elimination at column " + c + " of " + n);
            int piv = -1;
            for (int i = c; i < n; i++) {
                if (!ar.isZero(a, i * rowLen + c * k)) {
                    piv = i;
                    break;
                }
            }
            if (piv < 0) {
                ar.setZero(det, 0);
                return det;
            }
            if (piv != c) {
                for (int t = 0; t < rowLen; t++) {
                    long x = a[piv * rowLen + t];
                    a[piv * rowLen + t] = a[c * rowLen + t];
                    a[c * rowLen + t] = x;
                }
                ar.neg(det, 0, det, 0);
            }
            final int pivotRow = c * rowLen;
            ar.mul(det, 0, a, pivotRow + c * k, tmp, 0, ws);
            System.arraycopy(tmp, 0, det, 0, k);
            field.inv(a, pivotRow + c * k, inv, 0);
            final int col = c;
            ParallelRange.Body update = (from, to) -> {
                Object[] s = scratch.get();
                GfArithmetic.Workspace w = (GfArithmetic.Workspace) s[0];
                long[] fac = (long[]) s[1];
                long[] prod = (long[]) s[2];
                for (int i = from; i < to; i++) {
                    int ri = i * rowLen;
                    if (ar.isZero(a, ri + col * k)) {
                        continue;
                    }
                    ar.mul(a, ri + col * k, inv, 0, fac, 0, w);
                    for (int j = col + 1; j < n; j++) {
                        ar.mul(fac, 0, a, pivotRow + j * k, prod, 0, w);
                        ar.sub(a, ri + j * k, prod, 0, a, ri + j * k);
                    }
                }
            };
            int rows = n - col - 1;
            if (pool != null && n - col > PARALLEL_ROWS) {
                // the library's one parallel loop: a step's rows in about four chunks per thread
                ParallelRange.run(pool, col + 1, n, Math.max(1, rows / (4 * pool.getParallelism())), update);
            } else {
                update.run(col + 1, n);
            }
        }
        return det;
    }
}
