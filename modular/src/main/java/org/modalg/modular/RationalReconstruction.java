package org.modalg.modular;

import java.math.BigInteger;

/**
 * Rational number reconstruction (Wang's algorithm): from u mod m, the fraction a/b with
 * a = b u (mod m), |a| &lt;= N, 0 &lt; b &lt;= D, gcd(b, m) = 1. When 2 N D &lt; m such a fraction
 * is unique if it exists. The standard choice is N = D = floor(sqrt(m / 2)).
 *
 * <p>Method: the extended Euclidean algorithm on (m, u), stopped at the first remainder
 * r_i &lt;= N; then a/b = r_i / t_i with the cofactor t_i, accepted if |t_i| &lt;= D and
 * gcd(r_i, t_i) = 1. Cost: O(log^2 m) bit operations (quadratic Euclid).
 */
public final class RationalReconstruction {

    /** A reduced fraction numerator / denominator with denominator &gt; 0. */
    public record Fraction(BigInteger numerator, BigInteger denominator) {
    }

    private RationalReconstruction() {
    }

    /**
     * The fraction with |a|, b &lt;= floor(sqrt(m / 2)) congruent to u modulo m, or null if none
     * exists.
     *
     * @param u any integer (reduced modulo m first)
     * @param m the modulus, &gt;= 2
     * @throws IllegalArgumentException if an argument is null or m &lt; 2
     */
    public static Fraction reconstruct(BigInteger u, BigInteger m) {
        checkModulus(m);
        BigInteger bound = m.shiftRight(1).sqrt();
        return reconstruct(u, m, bound, bound);
    }

    /**
     * The fraction a/b with |a| &lt;= numBound, 0 &lt; b &lt;= denBound, b u = a (mod m) and
     * gcd(a, b) = 1, or null if the Euclidean remainder sequence yields none. Unique when
     * 2 numBound denBound &lt; m.
     *
     * @throws IllegalArgumentException if an argument is null, m &lt; 2, numBound &lt; 0 or
     *     denBound &lt; 1
     */
    public static Fraction reconstruct(BigInteger u, BigInteger m, BigInteger numBound, BigInteger denBound) {
        checkModulus(m);
        if (u == null) {
            throw new IllegalArgumentException("u must not be null");
        }
        if (numBound == null || numBound.signum() < 0) {
            throw new IllegalArgumentException("numBound must be >= 0, got " + numBound);
        }
        if (denBound == null || denBound.signum() <= 0) {
            throw new IllegalArgumentException("denBound must be >= 1, got " + denBound);
        }
        BigInteger r0 = m;
        BigInteger r1 = u.mod(m);
        BigInteger t0 = BigInteger.ZERO;
        BigInteger t1 = BigInteger.ONE;
        while (r1.compareTo(numBound) > 0) {
            BigInteger[] qr = r0.divideAndRemainder(r1);
            r0 = r1;
            r1 = qr[1];
            BigInteger t = t0.subtract(qr[0].multiply(t1));
            t0 = t1;
            t1 = t;
        }
        if (t1.abs().compareTo(denBound) > 0 || !r1.gcd(t1).equals(BigInteger.ONE) && r1.signum() != 0) {
            return null;
        }
        if (r1.signum() == 0) {
            // u = 0 (mod m) gives 0/1; any other zero remainder has |t1| > 1 sharing m's factors.
            return t1.abs().equals(BigInteger.ONE) ? new Fraction(BigInteger.ZERO, BigInteger.ONE) : null;
        }
        if (!t1.gcd(m).equals(BigInteger.ONE)) {
            return null;
        }
        return t1.signum() < 0 ? new Fraction(r1.negate(), t1.negate()) : new Fraction(r1, t1);
    }

    private static void checkModulus(BigInteger m) {
        if (m == null || m.compareTo(BigInteger.TWO) < 0) {
            throw new IllegalArgumentException("m must be >= 2, got " + m);
        }
    }
}
