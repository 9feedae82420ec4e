package org.modalg.examples;

import java.io.PrintStream;
import java.math.BigInteger;
import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.mat.Determinant;

/**
 * Worked example: an integer matrix whose determinant double precision cannot get right. A =
 * L U with L unit lower triangular and U unit upper triangular, both with random entries of up
 * to 10^4 in absolute value: det A = 1 exactly, while the entries of A reach about 10^8 and
 * cancel in LU decomposition far beyond the 53 bits of a double. EJML's floating-point
 * determinant ({@link CommonOps_DDRM#det}) is shown beside modalg's exact multimodular one
 * ({@link Determinant}, which takes the EJML matrix directly since its entries are integers
 * below 2^53).
 *
 * <p>Run: {@code java -cp examples/target/modalg.jar org.modalg.examples.ExactDeterminant}.
 */
public final class ExactDeterminant {
    private ExactDeterminant() {
    }

    /** What {@link #run} computed. */
    public record Result(long[][] matrix, double ejml, BigInteger modalg, String report) {
    }

    /** A = L U of size n (det 1), entries of L and U in [-bound, bound]. */
    public static long[][] unimodular(int n, int bound, long seed) {
        Random rnd = new Random(seed);
        long[][] l = new long[n][n];
        long[][] u = new long[n][n];
        for (int i = 0; i < n; i++) {
            l[i][i] = 1;
            u[i][i] = 1;
            for (int j = 0; j < i; j++) {
                l[i][j] = rnd.nextInt(2 * bound + 1) - bound;
                u[j][i] = rnd.nextInt(2 * bound + 1) - bound;
            }
        }
        long[][] a = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                long s = 0;
                for (int t = 0; t < n; t++) {
                    s = Math.addExact(s, Math.multiplyExact(l[i][t], u[t][j]));
                }
                a[i][j] = s;
            }
        }
        return a;
    }

    public static Result run(PrintStream out) {
        int n = 12;
        long[][] a = unimodular(n, 10_000, 42);
        long max = 0;
        for (long[] row : a) {
            for (long v : row) {
                max = Math.max(max, Math.abs(v));
            }
        }
        out.println("A = L U, " + n + " x " + n + ", L and U unit triangular with entries up to 10^4: det A = 1.");
        out.printf("Largest entry of A: %d (%d bits); every entry is exact in a double (< 2^53).%n", max,
                64 - Long.numberOfLeadingZeros(max));
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                m.set(i, j, a[i][j]);
            }
        }
        double ejml = CommonOps_DDRM.det(m);
        ModularResult<BigInteger> r = Determinant.det(m, Options.defaults());
        boolean wrong = Math.abs(ejml - r.value().doubleValue()) >= 0.5;
        out.printf("EJML CommonOps_DDRM.det (LU in doubles): %.6g%s%n", ejml, wrong ? "   <- wrong" : "");
        out.println("modalg Determinant.det (multimodular, exact, proven): " + r.value());
        out.print(r.report());
        return new Result(a, ejml, r.value(), r.report().toString());
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
