package org.modalg.polynomial;

import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

/**
 * Binary powering for the module's value types ({@code ZZPoly}, {@code ZpPoly},
 * {@code ZZBivariate}): one loop over the bits of the exponent instead of one per type.
 */
public final class Powers {
    private Powers() {
    }

    /**
     * base^e for e &gt;= 1 by right-to-left binary powering: floor(log2 e) squarings and at most
     * as many further products, with the type's own product and square (which may be cheaper).
     * For e = 0 the caller returns its one (this method has no identity to return).
     *
     * @throws IllegalArgumentException if e &lt; 1, or base, multiply or square is null
     */
    public static <T> T binary(T base, int e, BinaryOperator<T> multiply, UnaryOperator<T> square) {
        if (e < 1) {
            throw new IllegalArgumentException("e must be >= 1 (the caller returns its one for e = 0), got " + e);
        }
        if (base == null || multiply == null || square == null) {
            throw new IllegalArgumentException("base, multiply and square must not be null");
        }
        T result = null;
        while (true) {
            if ((e & 1) != 0) {
                result = result == null ? base : multiply.apply(result, base);
            }
            e >>>= 1;
            if (e == 0) {
                return result;
            }
            base = square.apply(base);
        }
    }

    /**
     * Throws unless a polynomial of the given length (at least 2) raised to e has a degree of at
     * most maxDegree: (length - 1) e &lt;= maxDegree, computed without overflow.
     *
     * @throws IllegalArgumentException naming e, the degree it would give and the limit
     */
    public static void checkDegree(int length, int e, int maxDegree) {
        long degree = (long) (length - 1) * e;
        if (degree > maxDegree) {
            throw new IllegalArgumentException("e = " + e + " gives degree " + degree
                    + ", above the largest supported degree " + maxDegree);
        }
    }
}
