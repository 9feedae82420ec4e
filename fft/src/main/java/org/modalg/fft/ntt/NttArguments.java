package org.modalg.fft.ntt;

/**
 * The argument checks every {@link NttEngine} applies, in one place, so that every engine
 * rejects bad input with the same {@link IllegalArgumentException} (naming the parameter and the
 * allowed range) before it touches any data.
 */
public final class NttArguments {

    /** Which {@link NttEngine} operation is being checked. */
    public enum Operation {
        /** {@link NttEngine#forward}. */
        FORWARD,
        /** {@link NttEngine#inverse}. */
        INVERSE,
        /** {@link NttEngine#cyclicConvolution}. */
        CYCLIC,
        /** {@link NttEngine#negacyclicConvolution}. */
        NEGACYCLIC;

        /** The name of the {@link NttEngine} method, as messages name it ({@code "cyclicConvolution"}). */
        public String method() {
            switch (this) {
                case FORWARD:
                    return "forward";
                case INVERSE:
                    return "inverse";
                case CYCLIC:
                    return "cyclicConvolution";
                default:
                    return "negacyclicConvolution";
            }
        }

        /** Whether the operation takes the arrays {@code a}, {@code b}, {@code out}. */
        public boolean isConvolution() {
            return this == CYCLIC || this == NEGACYCLIC;
        }
    }

    private NttArguments() {
    }

    /**
     * Checks the arguments of an {@link NttEngine} call: non-null arrays, rows &gt;= 0, log2n in
     * [1, {@link NttPlan#MAX_LOG2N}], every row's prime a prime below 2^62 admitting the
     * transform (and, for the negacyclic convolution, 2n | p - 1), and array lengths of at least
     * rows * 2^log2n. For transforms, {@code a} is the data and {@code b}, {@code out} are
     * ignored. O(rows + distinct primes * log^3 p).
     *
     * @throws IllegalArgumentException naming the first offending parameter
     */
    public static void check(Operation op, long[] rowPrimes, int log2n, long[] a, long[] b,
            long[] out, int rows) {
        if (rowPrimes == null) {
            throw new IllegalArgumentException("rowPrimes must not be null");
        }
        String aName = op.isConvolution() ? "a" : "data";
        if (a == null) {
            throw new IllegalArgumentException(aName + " must not be null");
        }
        if (op.isConvolution() && b == null) {
            throw new IllegalArgumentException("b must not be null");
        }
        if (op.isConvolution() && out == null) {
            throw new IllegalArgumentException("out must not be null");
        }
        if (rows < 0) {
            throw new IllegalArgumentException("rows must be >= 0, got " + rows);
        }
        if (log2n < 1 || log2n > NttPlan.MAX_LOG2N) {
            throw new IllegalArgumentException(
                    "log2n must be in [1, " + NttPlan.MAX_LOG2N + "], got " + log2n);
        }
        if (rowPrimes.length < rows) {
            throw new IllegalArgumentException("rowPrimes.length must be >= rows = " + rows
                    + ", got " + rowPrimes.length);
        }
        // Primes first (cheap checks, no tables), then lengths.
        for (int i = 0; i < rows; i++) {
            long p = rowPrimes[i];
            if (i > 0 && p == rowPrimes[i - 1]) {
                continue;
            }
            try {
                NttPlan.validate(p, log2n, op == Operation.NEGACYCLIC);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("rowPrimes[" + i + "] = " + p + ": "
                        + e.getMessage(), e);
            }
        }
        long words = (long) rows << log2n;
        checkLength(a, aName, words, rows, log2n);
        if (op.isConvolution()) {
            checkLength(b, "b", words, rows, log2n);
            checkLength(out, "out", words, rows, log2n);
        }
    }

    private static void checkLength(long[] x, String name, long words, int rows, int log2n) {
        if (x.length < words) {
            throw new IllegalArgumentException(name + ".length must be >= rows * n = " + rows
                    + " * 2^" + log2n + " = " + words + ", got " + x.length);
        }
    }
}
