package org.modalg.modular.kernel;

import org.modalg.fields.ZpField;

/**
 * GCD and resultant kernels for polynomials over a word-size prime field Z/pZ, on {@code long[]}
 * coefficient arrays (increasing degree, entries in [0, p)). Unchecked tier under
 * {@link org.modalg.modular.poly.PolynomialGcd} and {@link org.modalg.modular.poly.Resultant}:
 * preconditions are stated, not validated.
 *
 * <p>Both run Euclid's algorithm in place: the remainder of a by b overwrites a, and the two
 * arrays swap roles, so a step allocates nothing. Each step divides by b's leading
 * coefficient (one inversion) and subtracts q_i x^i b with Shoup multiplication by the fixed
 * q_i. Cost O(deg a * deg b) field operations. When both degrees exceed
 * {@link HalfGcdZp#GCD_CUTOFF} the gcd and the resultant go through the half-GCD
 * ({@link HalfGcdZp}, O(M(d) log d)); below that Euclid's tight loop is faster here. For odd
 * primes below 2^{@value PolyGcdDouble#MAX_PRIME_BITS} both run in {@link PolyGcdDouble}
 * (Euclid on doubles, vectorized), which is faster per bit of modulus than either.
 *
 * <p>Euclid's kernels live with the half-GCD that finishes with them ({@link HalfGcdZp}), so that
 * this dispatcher depends on the half-GCD and not the other way round.
 *
 * <p>Input arrays are scratch: both are overwritten. Lengths may include leading zeros; the
 * kernels trim them.
 */
public final class PolyGcdZp {
    private PolyGcdZp() {
    }

    /**
     * The monic gcd of a[0..aLen) and b[0..bLen), written to {@code out}, which needs room for
     * max(aLen, bLen) coefficients and may be a or b. Returns its length (0 when both inputs
     * are zero; 1 for a constant gcd, which is then 1). Overwrites a and b.
     */
    public static int gcd(ZpField f, long[] a, int aLen, long[] b, int bLen, long[] out) {
        aLen = trim(a, aLen);
        bLen = trim(b, bLen);
        if (usesDoubles(f)) {
            return PolyGcdDouble.gcd(f.p(), a, aLen, b, bLen, out);
        }
        if (Math.min(aLen, bLen) > HalfGcdZp.GCD_CUTOFF) {
            long[] g = HalfGcdZp.gcd(f, java.util.Arrays.copyOf(a, aLen), java.util.Arrays.copyOf(b, bLen));
            return HalfGcdZp.monic(f, g, g.length, out);
        }
        return gcdEuclid(f, a, aLen, b, bLen, out);
    }

    /** {@link #gcd} by Euclid's algorithm alone, O(aLen bLen) ({@link HalfGcdZp#gcdEuclid}). */
    static int gcdEuclid(ZpField f, long[] a, int aLen, long[] b, int bLen, long[] out) {
        return HalfGcdZp.gcdEuclid(f, a, aLen, b, bLen, out);
    }

    /**
     * The resultant Res_{n,m}(a, b) mod p of a and b taken with the formal degrees
     * n = aLen - 1 and m = bLen - 1 (aLen, bLen &gt;= 1): the determinant of the
     * (n + m) x (n + m) Sylvester matrix built from those degrees. Leading zeros (a prime
     * that divides a leading coefficient) are handled by the rule
     * Res_{n,m}(a, b) = (-1)^((n - n') m) lc(b)^(n - n') Res_{n',m}(a, b) when deg a = n' &lt; n
     * and deg b = m, and symmetrically; when both leading coefficients vanish the first
     * column of the matrix is zero and so is the resultant. For n = 0 (a constant c) the
     * result is c^m; for n = m = 0 it is 1. Overwrites a and b.
     *
     * <p>Euclid: Res(a, b) = (-1)^(deg a deg b) lc(b)^(deg a - deg r) Res(b, r) for
     * r = a mod b, and Res(a, c) = c^(deg a) for a constant c. O(n m).
     */
    public static long resultant(ZpField f, long[] a, int aLen, long[] b, int bLen) {
        if (aLen < 1 || bLen < 1) {
            throw new IllegalArgumentException("aLen and bLen must be >= 1, got " + aLen + ", " + bLen);
        }
        int n = aLen - 1;
        int m = bLen - 1;
        int nt = trim(a, aLen) - 1;
        int mt = trim(b, bLen) - 1;
        long factor = 1;
        if (n == 0 && m == 0) {
            return 1; // the empty determinant
        }
        if (nt < n && mt < m) {
            return 0;
        }
        if (nt < 0) {
            // a = 0: its m rows are zero; for m = 0 the matrix is b_0 times the identity.
            return m == 0 ? f.pow(b[0], n) : 0;
        }
        if (mt < 0) {
            return n == 0 ? f.pow(a[0], m) : 0;
        }
        if (nt < n) {
            // Res_{n,m} = (-1)^((n - nt) m) lc(b)^(n - nt) Res_{nt,m}
            factor = f.pow(b[m], n - nt);
            if ((((long) (n - nt) * m) & 1) != 0) {
                factor = f.neg(factor);
            }
        } else if (mt < m) {
            // Res_{n,m}(a, b) = lc(a)^(m - mt) Res_{n,mt}(a, b) (expansion along the last rows)
            factor = f.pow(a[n], m - mt);
        }
        return f.mul(factor, resultantTrimmed(f, a, nt, b, mt));
    }

    /**
     * Res(a, b) for deg a = n &gt;= 0, deg b = m &gt;= 0 exactly (non-zero leading coefficients):
     * by the half-GCD ({@link HalfGcdZp#resultant}) when both degrees exceed
     * {@link HalfGcdZp#GCD_CUTOFF}, by Euclid otherwise.
     */
    static long resultantTrimmed(ZpField f, long[] a, int n, long[] b, int m) {
        if (usesDoubles(f)) {
            return PolyGcdDouble.resultantTrimmed(f.p(), a, n, b, m);
        }
        if (Math.min(n, m) > HalfGcdZp.GCD_CUTOFF) {
            return HalfGcdZp.resultant(f, java.util.Arrays.copyOf(a, n + 1), java.util.Arrays.copyOf(b, m + 1));
        }
        return resultantEuclid(f, a, n, b, m);
    }

    /** {@link #resultantTrimmed} by Euclid's algorithm alone, O(n m) ({@link HalfGcdZp#resultantEuclid}). */
    static long resultantEuclid(ZpField f, long[] a, int n, long[] b, int m) {
        return HalfGcdZp.resultantEuclid(f, a, n, b, m);
    }

    /** Whether p is an odd prime below {@link PolyGcdDouble#PRIME_BOUND}: then the vectorized double kernels run. */
    public static boolean usesDoubles(ZpField f) {
        return f.p() > 2 && f.p() < PolyGcdDouble.PRIME_BOUND;
    }

    /** The length of a[0..len) without its leading zeros. */
    static int trim(long[] a, int len) {
        return HalfGcdZp.trim(a, len);
    }
}
