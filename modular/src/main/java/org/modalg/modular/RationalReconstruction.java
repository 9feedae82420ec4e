package org.modalg.modular;

import java.math.BigInteger;

/**
 * Rational number reconstruction (Wang's algorithm): from u mod m, the fraction a/b with
 * a = b u (mod m), |a| &lt;= N, 0 &lt; b &lt;= D, gcd(b, m) = 1. When 2 N D &lt; m such a fraction
 * is unique if it exists. The standard choice is N = D = floor(sqrt(m / 2)).
 *
 * <p>Method: the extended Euclidean algorithm on (m, u), stopped at the first remainder
 * r_i &lt;= N; then a/b = r_i / t_i with the cofactor t_i, accepted if |t_i| &lt;= D and
 * gcd(r_i, t_i) = 1. The remainder sequence is computed in chunks: the quotients of the leading
 * half of the operands (recursively), applied by a 2 x 2 matrix product and checked, and
 * Lehmer's single-word passes below 1024 bits; about O(M(log m) log log m) bit operations for a
 * modulus m, against O(log^2 m) for one Euclidean step at a time (83,000 bits: a few ms against
 * about 200 ms).
 */
public final class RationalReconstruction {

    /** A reduced fraction numerator / denominator with denominator &gt; 0. */
    public record Fraction(BigInteger numerator, BigInteger denominator) {
    }

    // Below this size of r0 plain Euclidean steps are as fast as Lehmer passes.
    private static final int LEHMER_MIN_BITS = 256;

    // Leading bits at least for a half-gcd style chunk (smaller ones: Lehmer passes).
    private static final int CHUNK_MIN_BITS = 1024;

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
        BigInteger[] st = {m, u.mod(m), BigInteger.ZERO, BigInteger.ONE};
        advance(st, numBound);
        BigInteger r1 = st[1];
        BigInteger t1 = st[3];
        if (r1.signum() == 0) {
            // u = 0 (mod m) gives 0/1; any other zero remainder has |t1| > 1 sharing m's factors.
            return t1.abs().equals(BigInteger.ONE) ? new Fraction(BigInteger.ZERO, BigInteger.ONE) : null;
        }
        // r1 = t1 u + s1 m, so gcd(t1, m) divides gcd(r1, t1): one gcd checks both conditions.
        if (t1.abs().compareTo(denBound) > 0 || !r1.gcd(t1).equals(BigInteger.ONE)) {
            return null;
        }
        return t1.signum() < 0 ? new Fraction(r1.negate(), t1.negate()) : new Fraction(r1, t1);
    }

    /**
     * The stopping row of Wang's algorithm: {r, t} with r = t u (mod m), r the first remainder
     * of the Euclidean sequence of (m, u mod m) that is &lt;= numBound, t its cofactor; no check.
     * For callers that know a fraction a/b = u (mod m) with |a| &lt;= numBound, 0 &lt; b &lt;= D,
     * 2 numBound D &lt; m exists: then a t = b r exactly, so if 0 &lt; |t| &lt;= D and
     * gcd(t, m) = 1 (checkable against the radical of m), r/t = a/b in lowest terms.
     */
    public static BigInteger[] stoppingRow(BigInteger u, BigInteger m, BigInteger numBound) {
        BigInteger[] st = {m, u.mod(m), BigInteger.ZERO, BigInteger.ONE};
        advance(st, numBound);
        return new BigInteger[] {st[1], st[3]};
    }

    /*
     * Euclidean steps on st = {r0, r1, c0, c1, ...} until r1 <= stop: (r0, r1) <- (r1, r0 mod r1),
     * each pair (c0, c1) of cofactors with the same quotient. The remainder sequence and the
     * stopping remainder are exactly those of single steps; faster ways to take many steps:
     * - half-gcd style chunks: the quotients of the leading CH bits of r0 and r1 (found by this
     *   method, recursively, down to about CH / 2 bits), applied to the full numbers by one 2 x 2
     *   matrix product; accepted only if the result satisfies r0' > r1' > stop, which by the
     *   uniqueness of continued fraction expansions means the quotients were the true ones;
     * - Lehmer passes on the leading 62 bits (Knuth's Algorithm L, exact by construction).
     */
    private static void advance(BigInteger[] st, BigInteger stop) {
        advance(st, stop, new BigInteger[1]);
    }

    // As above; lastQ[0] is the quotient of the last single step taken (null if none was).
    private static void advance(BigInteger[] st, BigInteger stop, BigInteger[] lastQ) {
        int skipChunks = 0;
        while (st[1].compareTo(stop) > 0) {
            int bits = st[0].bitLength();
            int chunk = Math.min(bits / 2, 2 * (st[1].bitLength() - stop.bitLength() - 64));
            if (chunk >= CHUNK_MIN_BITS && skipChunks == 0) {
                if (chunkPass(st, chunk, stop)) {
                    lastQ[0] = null;
                    continue;
                }
                skipChunks = 8; // a quotient too large for the leading bits: a few single steps first
            }
            skipChunks = Math.max(0, skipChunks - 1);
            if (bits < LEHMER_MIN_BITS || !lehmerPass(st, stop)) {
                lastQ[0] = euclidStep(st);
            } else {
                lastQ[0] = null;
            }
        }
    }

    /*
     * The quotients of the leading chunk bits of (r0, r1), down to about chunk / 2 bits, applied
     * to the full numbers. The last quotient of the leading bits (the step that crossed the
     * inner bound) may be wrong when it is large; then the matrix without that step is tried.
     */
    private static boolean chunkPass(BigInteger[] st, int chunk, BigInteger stop) {
        int h = st[0].bitLength() - chunk;
        BigInteger x = st[0].shiftRight(h);
        BigInteger y = st[1].shiftRight(h);
        if (y.signum() == 0) {
            return false;
        }
        BigInteger[] in = {x, y, BigInteger.ONE, BigInteger.ZERO, BigInteger.ZERO, BigInteger.ONE};
        BigInteger[] lastQ = new BigInteger[1];
        advance(in, BigInteger.ONE.shiftLeft(chunk / 2 + 32), lastQ);
        if (in[3].signum() == 0) {
            return false; // no step taken
        }
        if (apply(st, in[2], in[4], in[3], in[5], stop)) {
            return true;
        }
        if (lastQ[0] == null) {
            return false;
        }
        // One step back: rows (row1 + q row0, row0).
        BigInteger a0 = in[3].add(lastQ[0].multiply(in[2]));
        BigInteger b0 = in[5].add(lastQ[0].multiply(in[4]));
        return in[2].signum() != 0 && apply(st, a0, b0, in[2], in[4], stop);
    }

    /*
     * (r0, r1) <- (a0 r0 + b0 r1, a1 r0 + b1 r1), the cofactor pairs likewise, if the result has
     * r0' > r1' > stop: then, by the uniqueness of continued fraction expansions, the matrix is
     * a product of the true quotient steps (it comes from Euclidean steps, so its quotients are
     * >= 1). Otherwise nothing changes and false is returned.
     */
    private static boolean apply(BigInteger[] st, BigInteger a0, BigInteger b0, BigInteger a1, BigInteger b1,
            BigInteger stop) {
        BigInteger r1 = a1.multiply(st[0]).add(b1.multiply(st[1]));
        if (r1.compareTo(stop) <= 0) {
            return false;
        }
        BigInteger r0 = a0.multiply(st[0]).add(b0.multiply(st[1]));
        if (r0.compareTo(r1) <= 0) {
            return false;
        }
        st[0] = r0;
        st[1] = r1;
        for (int c = 2; c < st.length; c += 2) {
            BigInteger c0 = a0.multiply(st[c]).add(b0.multiply(st[c + 1]));
            BigInteger c1 = a1.multiply(st[c]).add(b1.multiply(st[c + 1]));
            st[c] = c0;
            st[c + 1] = c1;
        }
        return true;
    }

    // One Euclidean step on st; returns its quotient.
    private static BigInteger euclidStep(BigInteger[] st) {
        BigInteger[] qr = st[0].divideAndRemainder(st[1]);
        st[0] = st[1];
        st[1] = qr[1];
        for (int c = 2; c < st.length; c += 2) {
            BigInteger t = st[c].subtract(qr[0].multiply(st[c + 1]));
            st[c] = st[c + 1];
            st[c + 1] = t;
        }
        return qr[0];
    }

    /*
     * Lehmer's acceleration (Knuth, TAOCP vol. 2, 4.5.2, Algorithm L): the quotients of the
     * Euclidean steps are found from the leading 62 bits of r0 and r1 as long as both bracketing
     * estimates agree, so they are the true quotients; their 2 x 2 cosequence matrix is then
     * applied at once, one pass of multiplications by longs for up to about 30 steps. A pass that
     * would take r1 to stop or below is not applied (false: the caller takes single steps), nor
     * one for which the leading bits determine no step.
     */
    private static boolean lehmerPass(BigInteger[] st, BigInteger stop) {
        int h = st[0].bitLength() - 62;
        long x = st[0].shiftRight(h).longValue();
        long y = st[1].shiftRight(h).longValue();
        long a = 1;
        long b = 0;
        long c = 0;
        long d = 1;
        while (y + c > 0 && y + d > 0) {
            long q = (x + a) / (y + c);
            if (q != (x + b) / (y + d)) {
                break;
            }
            long t = a - q * c;
            a = c;
            c = t;
            t = b - q * d;
            b = d;
            d = t;
            t = x - q * y;
            x = y;
            y = t;
        }
        if (b == 0) {
            return false;
        }
        BigInteger r1 = combine(c, st[0], d, st[1]);
        if (r1.compareTo(stop) <= 0) {
            return false;
        }
        st[0] = combine(a, st[0], b, st[1]);
        st[1] = r1;
        for (int i = 2; i < st.length; i += 2) {
            BigInteger c0 = combine(a, st[i], b, st[i + 1]);
            BigInteger c1 = combine(c, st[i], d, st[i + 1]);
            st[i] = c0;
            st[i + 1] = c1;
        }
        return true;
    }

    private static BigInteger combine(long a, BigInteger x, long b, BigInteger y) {
        return x.multiply(BigInteger.valueOf(a)).add(y.multiply(BigInteger.valueOf(b)));
    }

    private static void checkModulus(BigInteger m) {
        if (m == null || m.compareTo(BigInteger.TWO) < 0) {
            throw new IllegalArgumentException("m must be >= 2, got " + m);
        }
    }
}
