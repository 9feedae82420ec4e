package org.modalg.modular.mat;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.modular.RationalReconstruction;

/**
 * An immutable vector of rational numbers x_i = numerator(i) / denominator() with one common
 * denominator d &gt; 0 in lowest terms: gcd(d, numerator(0), ..., numerator(n - 1)) = 1, so d is
 * the least common denominator (for the solution of A x = b, a divisor of det A). The result of
 * {@link LinearSolve}: Dixon lifting finds the common denominator first, and the proof by check
 * is A (d x) = d b over Z. {@link #component(int)} gives each entry in lowest terms.
 */
public final class RationalVector {
    private final BigInteger[] numerators;
    private final BigInteger denominator;

    private RationalVector(BigInteger[] numerators, BigInteger denominator) {
        this.numerators = numerators;
        this.denominator = denominator;
    }

    /**
     * The vector (numerators[i] / denominator), brought to lowest terms (common factors of the
     * denominator and all numerators divided out). Cost: up to n gcds, stopping at the first
     * that reaches 1.
     *
     * @throws IllegalArgumentException if numerators, one of them or the denominator is null, or
     *     the denominator is 0
     */
    public static RationalVector of(BigInteger[] numerators, BigInteger denominator) {
        if (numerators == null) {
            throw new IllegalArgumentException("numerators must not be null");
        }
        if (denominator == null || denominator.signum() == 0) {
            throw new IllegalArgumentException("denominator must be a non-zero integer, got " + denominator);
        }
        BigInteger[] num = numerators.clone();
        BigInteger g = denominator.abs();
        for (int i = 0; i < num.length; i++) {
            if (num[i] == null) {
                throw new IllegalArgumentException("numerators[" + i + "] must not be null");
            }
            if (!g.equals(BigInteger.ONE)) {
                g = g.gcd(num[i]);
            }
        }
        if (denominator.signum() < 0) {
            g = g.negate();
        }
        if (!g.equals(BigInteger.ONE)) {
            for (int i = 0; i < num.length; i++) {
                num[i] = num[i].divide(g);
            }
        }
        return new RationalVector(num, denominator.divide(g));
    }

    /** The integer vector v (denominator 1). @throws IllegalArgumentException if v or an entry is null */
    public static RationalVector ofIntegers(BigInteger[] v) {
        return of(v, BigInteger.ONE);
    }

    /** The number of entries. */
    public int size() {
        return numerators.length;
    }

    /** The common denominator d &gt; 0 (the least one). */
    public BigInteger denominator() {
        return denominator;
    }

    /** The numerator of entry i over the common denominator: x_i = numerator(i) / denominator(). */
    public BigInteger numerator(int i) {
        return numerators[i];
    }

    /** All numerators over the common denominator (a copy). */
    public BigInteger[] numerators() {
        return numerators.clone();
    }

    /** Entry i in lowest terms (its own denominator, positive, dividing {@link #denominator()}). */
    public RationalReconstruction.Fraction component(int i) {
        BigInteger g = numerators[i].gcd(denominator);
        return new RationalReconstruction.Fraction(numerators[i].divide(g), denominator.divide(g));
    }

    /** Whether every entry is an integer (denominator 1). */
    public boolean isIntegral() {
        return denominator.equals(BigInteger.ONE);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RationalVector v && denominator.equals(v.denominator)
                && Arrays.equals(numerators, v.numerators);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(numerators) + denominator.hashCode();
    }

    /** The entries in lowest terms, e.g. {@code [1/2, -3, 0]}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < numerators.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            RationalReconstruction.Fraction f = component(i);
            sb.append(f.numerator());
            if (!f.denominator().equals(BigInteger.ONE)) {
                sb.append('/').append(f.denominator());
            }
        }
        return sb.append(']').toString();
    }
}
