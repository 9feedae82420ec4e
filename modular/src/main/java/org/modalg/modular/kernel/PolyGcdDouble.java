package org.modalg.modular.kernel;

import java.util.Arrays;

/**
 * GCD, resultant and exact division kernels modulo a prime p &lt; 2^{@value #MAX_PRIME_BITS} on
 * {@code double} arrays: Euclid's algorithm in a form the JIT vectorizes. Unchecked tier under
 * {@link org.modalg.modular.poly.PolynomialGcd} and {@link org.modalg.modular.poly.Resultant}
 * (reached through {@link PolyGcdZp}, which dispatches here for such primes); inputs and outputs
 * are {@code long[]} in [0, p).
 *
 * <p>Why: a remainder step on longs modulo a 62-bit prime costs two Shoup products per
 * coefficient (about 6 ns here, not vectorized: AVX2 has no 64-bit multiply). With p &lt; 2^26
 * the coefficients are exact integers in doubles, kept in the symmetric range |v| &lt;= (p+1)/2;
 * a step t = L a_i - Q1 b_(i-1) - Q0 b_i stays below 3 ((p+1)/2)^2 &lt; 2^52, exact, and is
 * reduced by t - p rint(t / p) with rint as the add-and-subtract of 1.5 * 2^52. The loop then
 * runs on AVX2 at about 0.35 ns per coefficient: per bit of modulus about 7 times faster than
 * the 62-bit Shoup step (measured on the 2-core EPYC VM, JDK 17).
 *
 * <p>No inversion in the usual step: with delta = deg a - deg b = 1 the step is a
 * pseudo-division, r' = lc(b)^2 a - q' b, one fused pass over the deg b entries under b. Any
 * other delta takes the true remainder: one inversion of lc(b), then delta + 1 passes
 * r = r - (top / lc(b)) x^k b over the deg b entries under b only, O((delta + 1) deg b) (a
 * degree-200,000 polynomial modulo a quadratic costs O(deg a), not O(deg a^2)). Either way the
 * remainders are scalar multiples of Euclid's, and the step returns the multiplier. A
 * vectorizable loop needs its arrays aligned index for index, so b shifted by k is copied to a
 * buffer first (System.arraycopy).
 *
 * <p>Resultant: with c_j the multiplier of step j (lc(a_j)^2 in the usual step, 1 in a true
 * remainder) and n_j the degrees,
 * Res(a_(j-1), a_j) = (-1)^(n_(j-1) n_j) lc(a_j)^(n_(j-1) - n_(j+1)) c_j^(-n_j) Res(a_j, a_(j+1)).
 * The denominator prod_j c_j^(n_j) is accumulated without powers in the usual case:
 * with prefix products P_j = c_1 ... c_j it equals prod_j P_j^(n_j - n_(j+1)) (the last step
 * taking P_k^(n_k)), one multiplication per step of degree drop 1; one inversion at the end.
 */
public final class PolyGcdDouble {
    /** Primes are below 2^MAX_PRIME_BITS. */
    public static final int MAX_PRIME_BITS = 26;
    /** Exclusive bound on the primes. */
    public static final long PRIME_BOUND = 1L << MAX_PRIME_BITS;

    private static final double MAGIC = 0x1.8p52; // x + MAGIC - MAGIC rounds x to an integer

    private PolyGcdDouble() {
    }

    /** The field context: p, 1/p and scalar operations on symmetric residues (also {@link SubresultantChainZp}'s). */
    static final class Mod {
        final long pl;
        final double p;
        final double pinv;

        Mod(long p) {
            this.pl = p;
            this.p = p;
            this.pinv = 1.0 / p;
        }

        double reduce(double t) {
            return t - p * ((t * pinv + MAGIC) - MAGIC);
        }

        double mul(double x, double y) {
            return reduce(x * y);
        }

        double pow(double x, long e) {
            double r = 1;
            double b = x;
            while (e > 0) {
                if ((e & 1) != 0) {
                    r = mul(r, b);
                }
                e >>>= 1;
                if (e > 0) {
                    b = mul(b, b);
                }
            }
            return r;
        }

        long toLong(double v) {
            long x = (long) v;
            return x < 0 ? x + pl : x;
        }

        double fromLong(long x) {
            return x > pl / 2 ? (double) (x - pl) : (double) x;
        }

        double inv(double x) {
            return fromLong(ZpLu.inverse(toLong(x), pl));
        }

        double[] fromLongs(long[] a, int len, int capacity) {
            double[] d = new double[capacity];
            for (int i = 0; i < len; i++) {
                d[i] = fromLong(a[i]);
            }
            return d;
        }
    }

    // ------------------------------------------------------------------ vector kernels

    /** a[i] = red(l a[i] - q1 s[i] - q0 b[i]) for i in [from, to). */
    private static void fused(double[] a, double[] s, double[] b, int from, int to, double l, double q1, double q0,
                              double p, double pinv) {
        for (int i = from; i < to; i++) {
            double t = l * a[i] - q1 * s[i] - q0 * b[i];
            a[i] = t - p * ((t * pinv + MAGIC) - MAGIC);
        }
    }

    /** a[i] = red(l a[i] - top s[i]) for i in [from, to). */
    private static void pass(double[] a, double[] s, int from, int to, double l, double top, double p, double pinv) {
        for (int i = from; i < to; i++) {
            double t = l * a[i] - top * s[i];
            a[i] = t - p * ((t * pinv + MAGIC) - MAGIC);
        }
    }

    static int trim(double[] a, int len) {
        while (len > 0 && a[len - 1] == 0) {
            len--;
        }
        return len;
    }

    /**
     * Reduces a modulo b in place: a := c a - q b with deg(c a - q b) &lt; nb, for na = deg a and
     * nb = deg b &gt;= 0 (b[nb] non-zero); s is scratch of length &gt;= na + 1. Returns the
     * multiplier c. The usual Euclid step (delta = na - nb = 1, nb &gt;= 1) is a pseudo-division,
     * one fused pass over the nb entries under b, c = lc(b)^2. Any other delta takes the true
     * remainder (c = 1): one inversion of lc(b), then per quotient coefficient q_k = a_(nb+k) /
     * lc(b) one pass a_(k..k+nb) -= q_k b over the nb entries under b only, O((delta + 1) nb) in
     * all (the scaled passes of a pseudo-division would touch all nb + k entries, O(delta (nb +
     * delta)): quadratic in deg a for a short divisor). For na &lt; nb, a is left as is (c = 1).
     */
    static double pseudoRemainder(Mod md, double[] a, int na, double[] b, int nb, double[] s) {
        double lb = b[nb];
        int delta = na - nb;
        if (delta == 1 && nb >= 1) {
            double la = a[na];
            double q1 = md.mul(la, lb);
            double q0 = md.reduce(a[na - 1] * lb - la * b[nb - 1]);
            double l = md.mul(lb, lb);
            s[0] = 0;
            System.arraycopy(b, 0, s, 1, nb);
            fused(a, s, b, 0, nb, l, q1, q0, md.p, md.pinv);
            a[na] = 0;
            a[na - 1] = 0;
            return l;
        }
        if (delta < 0) {
            return 1;
        }
        double inv = md.inv(lb);
        for (int k = delta; k >= 0; k--) {
            double top = a[nb + k];
            if (top != 0) {
                // |a_i - q b_i| <= (p+1)/2 + ((p+1)/2)^2 < 2^52: exact before the reduction
                double q = md.mul(top, inv);
                System.arraycopy(b, 0, s, k, nb);
                pass(a, s, k, nb + k, 1.0, q, md.p, md.pinv);
                a[nb + k] = 0;
            }
        }
        return 1;
    }

    /**
     * The remainder step of {@link #gcd} and {@link #resultantTrimmed} on its own, for the tests:
     * r[0..nb) := c a - q b (entries in [0, p)) for a = a[0..na], b = b[0..nb] with b[nb] != 0,
     * 0 &lt;= nb, na &gt;= -1 (na &lt; nb: r = a padded with zeros); returns the multiplier c in [1, p).
     */
    static long remainderStep(long p, long[] a, int na, long[] b, int nb, long[] r) {
        Mod md = new Mod(p);
        int cap = Math.max(na, nb) + 1;
        double[] x = md.fromLongs(a, na + 1, cap);
        double[] y = md.fromLongs(b, nb + 1, cap);
        double c = pseudoRemainder(md, x, na, y, nb, new double[cap]);
        for (int i = 0; i < nb; i++) {
            r[i] = md.toLong(x[i]);
        }
        return md.toLong(c);
    }

    // ------------------------------------------------------------------ resultant

    /**
     * Res(a, b) mod p for deg a = n &gt;= 0 and deg b = m &gt;= 0 exactly (non-zero leading
     * coefficients), entries in [0, p), p an odd prime below 2^{@value #MAX_PRIME_BITS}. The
     * arrays are not modified. O(n m).
     */
    static long resultantTrimmed(long p, long[] a, int n, long[] b, int m) {
        Mod md = new Mod(p);
        if (m == 0) {
            return md.toLong(md.pow(md.fromLong(b[0]), n));
        }
        if (n == 0) {
            return md.toLong(md.pow(md.fromLong(a[0]), m));
        }
        boolean negative = false;
        if (n < m) {
            long[] t = a;
            a = b;
            b = t;
            int ti = n;
            n = m;
            m = ti;
            negative = (((long) n * m) & 1) != 0;
        }
        double[] x = md.fromLongs(a, n + 1, n + 1);
        double[] y = md.fromLongs(b, m + 1, n + 1);
        double[] s = new double[n + 1];
        double num = 1;
        double den = 1;
        double prefix = 1;
        int na = n;
        int nb = m;
        while (true) {
            double lb = y[nb];
            double c = pseudoRemainder(md, x, na, y, nb, s);
            int nr = trim(x, nb) - 1;
            if (nr < 0) {
                return 0; // the gcd has degree nb >= 1
            }
            if ((((long) na * nb) & 1) != 0) {
                negative = !negative;
            }
            num = na - nr == 2 && na - nb == 1 ? md.mul(num, c) : md.mul(num, md.pow(lb, na - nr));
            prefix = md.mul(prefix, c);
            if (nr == 0) {
                den = md.mul(den, md.pow(prefix, nb));
                double last = md.pow(x[0], nb);
                double r = md.mul(md.mul(num, last), md.inv(den));
                long v = md.toLong(r);
                return negative && v != 0 ? p - v : v;
            }
            den = nb - nr == 1 ? md.mul(den, prefix) : md.mul(den, md.pow(prefix, nb - nr));
            double[] t = x;
            x = y;
            y = t;
            na = nb;
            nb = nr;
        }
    }

    // ------------------------------------------------------------------ gcd and division

    /**
     * The monic gcd of a[0..aLen) and b[0..bLen) (entries in [0, p), leading zeros allowed),
     * written to out (room for max(aLen, bLen), may be a or b); returns its length (0 when
     * both are zero). The inputs are not modified. O(aLen bLen).
     */
    static int gcd(long p, long[] a, int aLen, long[] b, int bLen, long[] out) {
        Mod md = new Mod(p);
        int n = Math.max(aLen, bLen);
        double[] x = md.fromLongs(a, aLen, Math.max(n, 1));
        double[] y = md.fromLongs(b, bLen, Math.max(n, 1));
        int na = trim(x, aLen) - 1;
        int nb = trim(y, bLen) - 1;
        if (na < nb) {
            double[] t = x;
            x = y;
            y = t;
            int ti = na;
            na = nb;
            nb = ti;
        }
        double[] s = new double[Math.max(n, 1)];
        while (nb >= 1) {
            pseudoRemainder(md, x, na, y, nb, s);
            int nr = trim(x, nb) - 1;
            double[] t = x;
            x = y;
            y = t;
            na = nb;
            nb = nr;
        }
        if (nb == 0) {
            out[0] = 1;
            return 1;
        }
        if (na < 0) {
            return 0;
        }
        double inv = md.inv(x[na]);
        for (int i = 0; i < na; i++) {
            out[i] = md.toLong(md.mul(x[i], inv));
        }
        out[na] = 1;
        return na + 1;
    }

    /**
     * q = a / b for b monic of length bLen &gt;= 1 dividing a[0..aLen) (aLen &gt;= bLen; entries in
     * [0, p)), written to q[0..aLen - bLen + 1). The remainder is not checked. O((aLen - bLen + 1) bLen).
     */
    public static void divideExact(long p, long[] a, int aLen, long[] b, int bLen, long[] q) {
        Mod md = new Mod(p);
        double[] x = md.fromLongs(a, aLen, aLen);
        double[] y = md.fromLongs(b, bLen, bLen);
        double[] s = new double[aLen];
        double[] s2 = new double[aLen];
        int nb = bLen - 1;
        int k = aLen - bLen;
        // two quotient coefficients per pass: q_k = top, q_(k-1) from the next coefficient
        while (k >= 1 && nb >= 1) {
            double q1 = x[nb + k];
            double q0 = md.reduce(x[nb + k - 1] - q1 * y[nb - 1]);
            q[k] = md.toLong(q1);
            q[k - 1] = md.toLong(q0);
            int to = nb + k - 1;
            int lo = Math.max(nb, k - 1);
            int lo1 = Math.max(lo, k);
            Arrays.fill(s, lo, lo1, 0.0);
            System.arraycopy(y, lo1 - k, s, lo1, to - lo1);
            System.arraycopy(y, lo - k + 1, s2, lo, to - lo);
            fused(x, s, s2, lo, to, 1.0, q1, q0, md.p, md.pinv);
            k -= 2;
        }
        for (; k >= 0; k--) {
            double top = x[nb + k];
            q[k] = md.toLong(top);
            if (top == 0 || nb == 0) {
                continue;
            }
            // only the coefficients from nb up matter for the quotients still to come (those
            // below nb form the remainder, zero by assumption)
            int lo = Math.max(nb, k);
            System.arraycopy(y, lo - k, s, lo, nb + k - lo);
            pass(x, s, lo, nb + k, 1.0, top, md.p, md.pinv);
        }
    }
}
