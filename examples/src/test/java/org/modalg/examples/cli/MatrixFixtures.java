package org.modalg.examples.cli;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/** Fixtures of the matrix commands' tests (det, solve): an oracle, random matrices and FLINT text. */
final class MatrixFixtures {
    private MatrixFixtures() {
    }

    /** The determinant by cofactor expansion: an oracle independent of the library, fine for n <= 6. */
    static BigInteger cofactor(BigInteger[][] a) {
        int n = a.length;
        if (n == 0) {
            return BigInteger.ONE;
        }
        BigInteger d = BigInteger.ZERO;
        for (int c = 0; c < n; c++) {
            BigInteger[][] minor = new BigInteger[n - 1][n - 1];
            for (int i = 1; i < n; i++) {
                for (int j = 0, k = 0; j < n; j++) {
                    if (j != c) {
                        minor[i - 1][k++] = a[i][j];
                    }
                }
            }
            BigInteger term = a[0][c].multiply(cofactor(minor));
            d = (c & 1) == 0 ? d.add(term) : d.subtract(term);
        }
        return d;
    }

    /** A rows x cols matrix of signed entries of 0 to bits - 1 bits (zeros and small values included). */
    static BigInteger[][] random(Random rnd, int rows, int cols, int bits) {
        BigInteger[][] a = new BigInteger[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                BigInteger v = new BigInteger(1 + rnd.nextInt(bits), rnd);
                a[i][j] = rnd.nextBoolean() ? v.negate() : v;
            }
        }
        return a;
    }

    /** The matrix in FLINT's text format, one row a line after the header. */
    static String flint(BigInteger[][] a, int cols) {
        StringBuilder s = new StringBuilder(a.length + " " + cols + " ");
        for (BigInteger[] row : a) {
            s.append('\n');
            for (BigInteger v : row) {
                s.append(' ').append(v);
            }
        }
        return s.append('\n').toString();
    }

    /** Writes text to dir/name and returns the path. */
    static Path write(Path dir, String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }
}
