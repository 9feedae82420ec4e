package org.modalg.examples.cli.io;

import java.math.BigInteger;
import org.modalg.polynomial.text.IntegerText;

/**
 * FLINT's text format of an integer matrix ({@code fmpz_mat_fprint}): the row count, the column
 * count, then the entries row by row, all separated by white space, e.g. {@code 2 2  1 -2 3 4}.
 * Row and column counts are in [0, {@value #MAX_DIMENSION}]; the header is checked against the
 * entries actually present before the matrix is allocated, so a short text cannot ask for a
 * large allocation.
 */
final class FlintMatrix {
    /** The largest row or column count accepted. */
    static final int MAX_DIMENSION = 1 << 15;

    /** A parsed matrix: its shape (also when empty) and its entries. */
    static final class Matrix {
        final int rows;
        final int cols;
        final BigInteger[][] entries;

        Matrix(int rows, int cols, BigInteger[][] entries) {
            this.rows = rows;
            this.cols = cols;
            this.entries = entries;
        }
    }

    private FlintMatrix() {
    }

    /** The shape of the matrix in the input: {rows, cols}, checked (see {@link #parse}). */
    static int[] header(Input in) {
        Tokens t = new Tokens(in);
        return new int[] {t.count("the row count"), t.count("the column count")};
    }

    /**
     * The matrix in the input's text.
     *
     * @throws IllegalArgumentException naming the input, line and column of the first malformed
     *     token, or saying how many entries were expected and found
     */
    static Matrix parse(Input in) {
        Tokens t = new Tokens(in);
        int rows = t.count("the row count");
        int cols = t.count("the column count");
        long expected = (long) rows * cols;
        int afterHeader = t.pos;
        long present = t.countRemaining();
        if (present < expected) {
            throw in.error("the header asks for " + rows + " x " + cols + " = " + expected + " entries, found "
                    + present);
        }
        t.pos = afterHeader;
        if (present > expected) {
            t.skip(expected);
            t.next();
            throw in.errorAt(t.start, "unexpected token '" + t.token() + "' after the " + rows + " x " + cols
                    + " = " + expected + " entries of the header");
        }
        BigInteger[][] m = new BigInteger[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                t.next();
                m[i][j] = t.integer(i, j);
            }
        }
        return new Matrix(rows, cols, m);
    }

    // White-space separated tokens of the input's text.
    private static final class Tokens {
        private final Input in;
        private final String s;
        int pos;
        int start;

        Tokens(Input in) {
            this.in = in;
            this.s = in.text;
        }

        // Moves to the next token; false at the end of the text.
        boolean next() {
            while (pos < s.length() && Operands.isSpace(s.charAt(pos))) {
                pos++;
            }
            start = pos;
            while (pos < s.length() && !Operands.isSpace(s.charAt(pos))) {
                pos++;
            }
            return pos > start;
        }

        String token() {
            return s.substring(start, Math.min(pos, start + 40)) + (pos - start > 40 ? "..." : "");
        }

        long countRemaining() {
            long c = 0;
            while (next()) {
                c++;
            }
            return c;
        }

        void skip(long k) {
            for (long i = 0; i < k; i++) {
                next();
            }
        }

        BigInteger integer(int i, int j) {
            int d = s.charAt(start) == '-' || s.charAt(start) == '+' ? start + 1 : start;
            boolean ok = d < pos;
            for (int k = d; ok && k < pos; k++) {
                ok = s.charAt(k) >= '0' && s.charAt(k) <= '9';
            }
            if (!ok) {
                throw in.errorAt(start, "entry (" + i + ", " + j + ") must be a decimal integer, got '" + token() + "'");
            }
            return IntegerText.parse(s, start, pos, 10);
        }

        int count(String what) {
            if (!next()) {
                throw in.errorAt(pos, "missing " + what + " (format: rows cols entries..., e.g. 2 2  1 -2 3 4)");
            }
            int v = -1;
            if (pos - start <= 6) {
                try {
                    v = Integer.parseInt(s.substring(start, pos));
                } catch (NumberFormatException e) {
                    v = -1;
                }
            }
            if (v < 0 || v > MAX_DIMENSION || s.charAt(start) == '+') {
                String hint = in.inline() && start == 0
                        ? " (inline text; a file is given as file:PATH, standard input as -)" : "";
                throw in.errorAt(start, what + " must be an integer in [0, " + MAX_DIMENSION + "], got '" + token()
                        + "'" + hint);
            }
            return v;
        }
    }
}
