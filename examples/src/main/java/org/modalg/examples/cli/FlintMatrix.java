package org.modalg.examples.cli;

import java.math.BigInteger;

/**
 * FLINT's text format of an integer matrix ({@code fmpz_mat_fprint}): the row count, the column
 * count, then the entries row by row, all separated by white space, e.g. {@code 2 2  1 -2 3 4}.
 */
final class FlintMatrix {
    private FlintMatrix() {
    }

    /**
     * The matrix in the text.
     *
     * @throws IllegalArgumentException naming the line and column of the first malformed token,
     *     or saying how many entries were expected and found
     */
    static BigInteger[][] parse(String text) {
        Tokens t = new Tokens(text);
        int rows = t.count("the row count");
        int cols = t.count("the column count");
        BigInteger[][] m = new BigInteger[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                String tok = t.next();
                if (tok == null) {
                    throw new IllegalArgumentException("matrix: expected " + rows + " x " + cols + " = "
                            + (long) rows * cols + " entries, found " + ((long) i * cols + j));
                }
                try {
                    m[i][j] = new BigInteger(tok);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("matrix: " + t.where() + ": entry (" + i + ", " + j
                            + ") must be an integer, got '" + tok + "'");
                }
            }
        }
        String extra = t.next();
        if (extra != null) {
            throw new IllegalArgumentException("matrix: " + t.where() + ": unexpected token '" + extra + "' after "
                    + rows + " x " + cols + " entries");
        }
        return m;
    }

    // White-space separated tokens with the line and column of the last one.
    private static final class Tokens {
        private final String s;
        private int pos;
        private int line = 1;
        private int lineStart;
        private int tokLine;
        private int tokCol;

        Tokens(String s) {
            this.s = s;
        }

        String next() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                if (s.charAt(pos) == '\n') {
                    line++;
                    lineStart = pos + 1;
                }
                pos++;
            }
            if (pos >= s.length()) {
                return null;
            }
            tokLine = line;
            tokCol = pos - lineStart + 1;
            int start = pos;
            while (pos < s.length() && !Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
            return s.substring(start, pos);
        }

        String where() {
            return "line " + tokLine + ", column " + tokCol;
        }

        int count(String what) {
            String tok = next();
            if (tok == null) {
                throw new IllegalArgumentException("matrix: missing " + what + " (format: rows cols entries...)");
            }
            try {
                int v = Integer.parseInt(tok);
                if (v >= 0 && v <= 1 << 15) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("matrix: " + where() + ": " + what + " must be an integer in [0, 32768], got '"
                    + tok + "'");
        }
    }
}
