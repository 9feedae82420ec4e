package org.modalg.modular.mat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.modular.Bareiss;
import org.modalg.modular.Bounds;

/** Hadamard and related bounds of MatrixNorms against exact BigInteger norms and determinants. */
class MatrixNormsTest {

    @Test
    void boundsHoldAndAreTight() {
        long seed = 2718;
        Random rnd = new Random(seed);
        int[] sizes = {1, 5, 20, 31, 32, 33, 62, 100, 250, 500, 501, 700};
        for (int trial = 0; trial < 60; trial++) {
            int n = 1 + rnd.nextInt(9);
            int bits = sizes[trial % sizes.length];
            BigInteger[][] a = DeterminantTest.random(rnd, n, bits);
            if (trial % 7 == 0) {
                a[0][rnd.nextInt(n)] = BigInteger.ONE.shiftLeft(bits - 1).negate(); // a full-size entry
            }
            String what = "seed " + seed + " trial " + trial + " n " + n + " bits " + bits;
            BigInteger[] flat = new BigInteger[n * n];
            for (int i = 0; i < n; i++) {
                System.arraycopy(a[i], 0, flat, i * n, n);
            }
            MatrixNorms norms = new MatrixNorms(flat, n);
            BigInteger h = norms.hadamard();
            BigInteger exact = Bounds.hadamard(a);
            assertTrue(h.compareTo(exact) >= 0, what);
            // Rounding each norm up costs a factor 1 + 1 / norm (at most 2), the floating-point sums
            // 1 + 2^-20 per norm: with entries of 32 bits and more, far below (1 + 2^-16)^n in all.
            if (bits >= 32) {
                BigDecimal slack = new BigDecimal(exact).multiply(BigDecimal.valueOf(1 + 0x1p-16).pow(n),
                        MathContext.DECIMAL128).add(BigDecimal.ONE);
                assertTrue(new BigDecimal(h).compareTo(slack) <= 0, what + ": " + h + " vs " + exact);
            } else {
                assertTrue(h.bitLength() <= exact.bitLength() + n, what + ": " + h + " vs " + exact);
            }
            assertTrue(h.compareTo(Bareiss.det(a).abs()) >= 0, what);
            BigInteger abs = BigInteger.ZERO;
            for (BigInteger[] row : a) {
                BigInteger s = BigInteger.ZERO;
                for (BigInteger v : row) {
                    s = s.add(v.abs());
                }
                abs = abs.max(s);
            }
            assertTrue(norms.rowAbsMax.compareTo(abs) >= 0, what);
            assertTrue(new BigDecimal(norms.rowAbsMax).compareTo(new BigDecimal(abs).multiply(BigDecimal.valueOf(1 + 1e-5))
                    .add(BigDecimal.ONE)) <= 0, what);
            long[] b = new long[n];
            for (int i = 0; i < n; i++) {
                b[i] = rnd.nextInt(1 << 20) - (1 << 19);
            }
            BigInteger nb = norms.replacedColumnBound(b);
            for (int c = 0; c < n; c++) {
                BigInteger[][] ac = new BigInteger[n][];
                for (int i = 0; i < n; i++) {
                    ac[i] = a[i].clone();
                    ac[i][c] = BigInteger.valueOf(b[i]);
                }
                assertTrue(nb.compareTo(Bareiss.det(ac).abs()) >= 0, what + " column " + c);
            }
        }
        // A zero row or column gives bound 0.
        BigInteger[] z = {BigInteger.ZERO, BigInteger.ZERO, BigInteger.ONE.shiftLeft(100), BigInteger.TEN};
        assertEquals(BigInteger.ZERO, new MatrixNorms(z, 2).hadamard());
    }
}
