package org.modalg.polynomial;

import java.math.BigInteger;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

/**
 * Powering for the module's value types ({@code ZZPoly}, {@code ZpPoly}, {@code ZZBivariate}:
 * binary) and for the prepared moduli ({@code ZpPolyModulus}, {@code IntegerModulus}: sliding
 * windows over exponents of any size): one loop over the bits of the exponent instead of one per
 * type.
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
     * base^e for e &gt;= 1 by left-to-right sliding windows of up to w bits (Menezes, van Oorschot
     * and Vanstone, <i>Handbook of Applied Cryptography</i>, 14.85): the odd powers base^1,
     * base^3, .., base^(2^w - 1) first (2^(w-1) products), then one square per bit of e after its
     * top window and one product per window: about log2 e squarings and log2 e / (w + 1)
     * products against binary powering's log2 e / 2, with w from the exponent's size (1 below 8
     * bits, up to 6 from 2048). {@code step} runs before every square (a cancellation check).
     *
     * @throws IllegalArgumentException if e is null or &lt; 1, or base, multiply or square is null
     */
    public static <T> T window(T base, BigInteger e, BinaryOperator<T> multiply, UnaryOperator<T> square,
            Runnable step) {
        if (e == null || e.signum() < 1) {
            throw new IllegalArgumentException("e must be >= 1 (the caller returns its one for e = 0), got " + e);
        }
        if (base == null || multiply == null || square == null || step == null) {
            throw new IllegalArgumentException("base, multiply, square and step must not be null");
        }
        int bits = e.bitLength();
        int w = bits < 8 ? 1 : bits < 32 ? 3 : bits < 256 ? 4 : bits < 2048 ? 5 : 6;
        @SuppressWarnings("unchecked")
        T[] odd = (T[]) new Object[1 << (w - 1)]; // odd[j] = base^(2j + 1)
        odd[0] = base;
        if (odd.length > 1) {
            T b2 = square.apply(base);
            for (int j = 1; j < odd.length; j++) {
                odd[j] = multiply.apply(odd[j - 1], b2);
            }
        }
        T result = null;
        int i = bits - 1;
        while (i >= 0) {
            if (!e.testBit(i)) {
                step.run();
                result = square.apply(result);
                i--;
                continue;
            }
            // the window [j, i]: at most w bits, ending in a set bit
            int j = Math.max(0, i - w + 1);
            while (!e.testBit(j)) {
                j++;
            }
            int value = 0;
            for (int t = i; t >= j; t--) {
                value = (value << 1) | (e.testBit(t) ? 1 : 0);
            }
            if (result != null) {
                for (int t = i; t >= j; t--) {
                    step.run();
                    result = square.apply(result);
                }
                result = multiply.apply(result, odd[value >>> 1]);
            } else {
                result = odd[value >>> 1];
            }
            i = j - 1;
        }
        return result;
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
