package org.modalg.polynomial.integer;

import java.math.BigInteger;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.polynomial.ProductContext;
import org.modalg.polynomial.Tuning;

/**
 * Integer division with remainder by Newton iteration on a shifted reciprocal, built on
 * {@link IntegerMultiplication} (the approach of the multiprecision division paper: the
 * quotient is floor(a v / 2^s) for an approximation v of 2^s / b, then corrected).
 *
 * <p>The reciprocal of the top t = (quotient bits + 4) bits of b is computed by Newton's
 * iteration z &lt;- z + z (2^(2t) - y z) / 2^(2t), doubling the precision at each step from a
 * BigInteger base case, so its cost is a constant number of multiplications of the final size.
 * The candidate quotient is off by a few units at most and is corrected against the exact
 * remainder; should it ever be off by more (it is not, by the error analysis), the BigInteger
 * division is used instead, so the result is always exact.
 *
 * <p>Below {@link Tuning#intDivNewtonBits()} bits of divisor or quotient, BigInteger's own
 * division (Burnikel-Ziegler) is used.
 */
public final class IntegerDivision {
    /** Newton's base case: reciprocals of at most this many bits come from BigInteger. */
    private static final int BASE_BITS = 2048;
    private static final int MAX_CORRECTIONS = 8;

    private IntegerDivision() {
    }

    /**
     * {q, r} with a = q b + r and the signs of BigInteger's divideAndRemainder (q truncated
     * toward zero, r of the sign of a).
     *
     * @throws ArithmeticException when b = 0
     */
    public static BigInteger[] divideAndRemainder(BigInteger a, BigInteger b) {
        return divideAndRemainder(a, b, ProductContext.defaults());
    }

    /**
     * {q, r} as {@link #divideAndRemainder(BigInteger, BigInteger)}, the products of the Newton
     * iteration taken by {@link IntegerMultiplication#multiply(BigInteger, BigInteger, Options)}
     * with {@code options} (its backend and thread count; the cancellation check is polled
     * between Newton steps).
     *
     * <p>Route: {@link Route#AUTO} is the dispatch of the class comment (BigInteger's
     * Burnikel-Ziegler below {@link Tuning#intDivNewtonBits()} bits, Newton above);
     * {@link Route#CRT} uses Newton's method with the small-prime NTT products whatever the
     * size (a constant number of products of the quotient's size); {@link Route#BIG_PRIME} is
     * not supported for integers ({@link IllegalArgumentException}).
     *
     * @throws IllegalArgumentException if an operand or options is null, or the route is
     *     {@link Route#BIG_PRIME}
     * @throws IllegalStateException if the backend is GPU and no GPU is usable
     * @throws org.modalg.fft.CancelledException if the cancellation check returns true
     * @throws ArithmeticException when b = 0
     */
    public static BigInteger[] divideAndRemainder(BigInteger a, BigInteger b, Options options) {
        if (a == null || b == null) {
            throw new IllegalArgumentException((a == null ? "a" : "b") + " must not be null");
        }
        IntegerMultiplication.checkOptions(options);
        if (b.signum() == 0) {
            throw new ArithmeticException("division by zero (b = 0)");
        }
        if (options.backend() == org.modalg.fft.Backend.GPU) {
            org.modalg.fft.ntt.NttEngines.forBackend(org.modalg.fft.Backend.GPU); // fails now when no GPU is usable
        }
        options.checkCancelled("before the integer division");
        BigInteger[] qr = divideMagnitudes(a.abs(), b.abs(), options);
        BigInteger q = a.signum() * b.signum() < 0 ? qr[0].negate() : qr[0];
        BigInteger r = a.signum() < 0 ? qr[1].negate() : qr[1];
        return new BigInteger[] {q, r};
    }

    /** {q, r} for a, b >= 0, b > 0 by Newton's method regardless of size (the explicit variant). */
    public static BigInteger[] divideNewton(BigInteger a, BigInteger b) {
        if (a == null || b == null || a.signum() < 0 || b.signum() <= 0) {
            throw new IllegalArgumentException("divideNewton needs a >= 0 and b > 0");
        }
        return divideNewton(a, b, MAX_STEP_QUOTIENT_BITS, ProductContext.defaults());
    }

    // divideNewton with quotients longer than stepBits found in steps (for tests: small steps).
    public static BigInteger[] divideNewton(BigInteger a, BigInteger b, int stepBits) {
        return divideNewton(a, b, stepBits, ProductContext.defaults());
    }

    // divideNewton with the products on options (route AUTO or CRT, passed on to them).
    static BigInteger[] divideNewton(BigInteger a, BigInteger b, int stepBits, Options o) {
        if (a.compareTo(b) < 0) {
            return new BigInteger[] {BigInteger.ZERO, a};
        }
        int na = a.bitLength();
        int nb = b.bitLength();
        int m = na - nb;       // the quotient has m or m + 1 bits
        if (m > stepBits) {
            return divideInSteps(a, b, stepBits, o);
        }
        int t = m + 4;         // bits of precision of the reciprocal
        BigInteger y = nb > t ? b.shiftRight(nb - t) : b.shiftLeft(t - nb);
        BigInteger z = reciprocal(y, t, o); // about 2^(2t) / y
        // v = z 2^(na + 1 - t - nb) = z / 8 approximates 2^(na + 1) / b
        BigInteger v = z.shiftRight(3);
        // Only the top m + 8 bits of a matter: the dropped part changes a v / 2^(na+1) by less
        // than v 2^(na - m - 8) / 2^(na + 1) < 1, which the correction below absorbs.
        int drop = Math.max(0, na - (m + 8));
        o.checkCancelled("in the integer division");
        BigInteger q = IntegerMultiplication.multiply(a.shiftRight(drop), v, o).shiftRight(na + 1 - drop);
        BigInteger r = a.subtract(IntegerMultiplication.multiply(q, b, o));
        for (int i = 0; i < MAX_CORRECTIONS; i++) {
            if (r.signum() < 0) {
                q = q.subtract(BigInteger.ONE);
                r = r.add(b);
            } else if (r.compareTo(b) >= 0) {
                q = q.add(BigInteger.ONE);
                r = r.subtract(b);
            } else {
                return new BigInteger[] {q, r};
            }
        }
        return a.divideAndRemainder(b); // never expected: keeps the result exact
    }

    /*
     * Hard limit. One Newton step for a quotient of m bits forms 2^(2t) (t = m + 4 bits), y z
     * (2t bits) and a' v (about 2m + 10 bits): in int arithmetic and as BigIntegers these must
     * stay below 2^31 bits, so quotients longer than 2^29 bits (a and b of up to 2^31 - 1 bits
     * give quotients of up to 2^31 - 2) are found in steps of at most this many bits.
     */
    static final int MAX_STEP_QUOTIENT_BITS = 1 << 29;

    /*
     * Long division in chunks of MAX_STEP_QUOTIENT_BITS quotient bits from the top: each step
     * divides (the running remainder, below b, followed by the next chunk of a's bits) by b with
     * Newton's method. O(m / 2^29) steps of the cost of one division of that size.
     */
    private static BigInteger[] divideInSteps(BigInteger a, BigInteger b, int stepBits, Options o) {
        int m = a.bitLength() - b.bitLength();
        int shift = m - stepBits;
        BigInteger[] qr = divideNewton(a.shiftRight(shift), b, stepBits, o);
        BigInteger q = qr[0];
        BigInteger r = qr[1];
        while (shift > 0) {
            int next = Math.max(0, shift - stepBits);
            int d = shift - next;
            BigInteger chunk = a.shiftRight(next).and(BigInteger.ONE.shiftLeft(d).subtract(BigInteger.ONE));
            qr = divideNewton(r.shiftLeft(d).or(chunk), b, stepBits, o); // r < b: a quotient below 2^d
            q = q.shiftLeft(d).or(qr[0]);
            r = qr[1];
            shift = next;
        }
        return new BigInteger[] {q, r};
    }

    private static BigInteger[] divideMagnitudes(BigInteger a, BigInteger b, Options o) {
        int quotientBits = a.bitLength() - b.bitLength();
        if (o.route() == Route.AUTO
                && (quotientBits < Tuning.intDivNewtonBits() || b.bitLength() < Tuning.intDivNewtonBits())) {
            return a.divideAndRemainder(b);
        }
        return divideNewton(a, b, MAX_STEP_QUOTIENT_BITS, o);
    }

    /** About 2^(2t) / y for y of t bits (y >= 2^(t-1)): Newton with doubling precision. */
    static BigInteger reciprocal(BigInteger y, int t) {
        return reciprocal(y, t, ProductContext.defaults());
    }

    private static BigInteger reciprocal(BigInteger y, int t, Options o) {
        if (t <= BASE_BITS) {
            return BigInteger.ONE.shiftLeft(2 * t).divide(y);
        }
        int h = (t + 1) / 2 + 2;
        BigInteger zh = reciprocal(y.shiftRight(t - h), h, o); // about 2^(2h) / (y / 2^(t-h))
        BigInteger z = zh.shiftLeft(t - h);                     // about 2^(2t) / y, h bits right
        o.checkCancelled("in the integer reciprocal");
        BigInteger e = BigInteger.ONE.shiftLeft(2 * t).subtract(IntegerMultiplication.multiply(y, z, o));
        return z.add(IntegerMultiplication.multiply(z, e, o).shiftRight(2 * t));
    }
}
