package org.modalg.modular.mat;

import java.math.BigInteger;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.LUDecomposition_F64;

/**
 * A floating-point estimate of log2 |det A| by EJML's LU decomposition with partial pivoting,
 * used only to size the first wave of primes (the proven bound stays the stopping rule).
 * Rows with entries beyond double range are scaled by a power of two first (row i by 2^-s_i,
 * log2 |det| = sum s_i + log2 |det of the scaled matrix|). Cost: O(n^3) flops.
 */
final class DetEstimate {
    private DetEstimate() {
    }

    /**
     * The estimate, or {@code Double.NEGATIVE_INFINITY} when the floating-point LU finds the
     * matrix (numerically) singular, or NaN when it fails.
     */
    static double log2AbsDet(BigInteger[] a, int n) {
        if (n == 0) {
            return 0;
        }
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        double shift = 0;
        for (int i = 0; i < n; i++) {
            int bits = 0;
            for (int j = 0; j < n; j++) {
                bits = Math.max(bits, a[i * n + j].bitLength());
            }
            int s = Math.max(0, bits - 60);
            shift += s;
            for (int j = 0; j < n; j++) {
                m.set(i, j, a[i * n + j].shiftRight(s).doubleValue());
            }
        }
        LUDecomposition_F64<DMatrixRMaj> lu = DecompositionFactory_DDRM.lu(n, n);
        if (!lu.decompose(m)) {
            return Double.NaN;
        }
        DMatrixRMaj u = lu.getUpper(null);
        double log = shift;
        for (int i = 0; i < n; i++) {
            double d = Math.abs(u.get(i, i));
            if (d == 0 || !Double.isFinite(d)) {
                return d == 0 ? Double.NEGATIVE_INFINITY : Double.NaN;
            }
            log += Math.log(d) / Math.log(2);
        }
        return log;
    }
}
