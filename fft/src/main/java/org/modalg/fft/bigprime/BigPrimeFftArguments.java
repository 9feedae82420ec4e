package org.modalg.fft.bigprime;

import org.modalg.fields.GfField;

/**
 * The argument checks of every {@link BigPrimeFftEngine}, in one place, so that every engine
 * rejects bad input with the same {@link IllegalArgumentException} (naming the parameter and
 * the allowed range) before it touches any data.
 */
public final class BigPrimeFftArguments {
    private BigPrimeFftArguments() {
    }

    /**
     * Checks a transform size: field not null, 0 &lt;= log2N &lt;= v2(p - 1), and N k digits fit one
     * Java array.
     *
     * @throws IllegalArgumentException naming {@code field} or {@code log2N}
     */
    public static void checkSize(GfField field, int log2N) {
        if (field == null) {
            throw new IllegalArgumentException("field must not be null");
        }
        // log2N > 31 first: a long shift is taken modulo 64, so k << 64 would pass
        if (log2N < 0 || log2N > field.twoAdicOrder() || log2N > 31
                || (long) field.k() << log2N > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("log2N must be in [0, " + Math.min(field.twoAdicOrder(),
                    30 - Integer.numberOfTrailingZeros(field.k())) + "] for " + field.name()
                    + " (2^log2N must divide p - 1 and N k must fit one array), got " + log2N);
        }
    }

    /**
     * Checks that {@code data} holds the N k digits of a transform of size 2^log2N (size
     * checked first, as by {@link #checkSize}).
     *
     * @throws IllegalArgumentException naming the first offending parameter
     */
    public static void check(GfField field, int log2N, long[] data) {
        checkSize(field, log2N);
        checkData(field.k(), 1 << log2N, data);
    }

    /** Checks that {@code data} holds n k digits. */
    static void checkData(int k, int n, long[] data) {
        if (data == null || data.length < (long) n * k) {
            throw new IllegalArgumentException("data must hold N k = " + ((long) n * k) + " digits, got "
                    + (data == null ? "null" : data.length));
        }
    }
}
