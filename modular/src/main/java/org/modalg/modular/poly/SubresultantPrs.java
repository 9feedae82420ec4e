package org.modalg.modular.poly;

import java.math.BigInteger;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * GCD and resultant over Z by the subresultant pseudo-remainder sequence (Collins 1967,
 * Brown and Traub 1971; H. Cohen, A Course in Computational Algebraic Number Theory,
 * algorithms 3.3.1 and 3.3.7). This is the slow reference that the modular algorithms of
 * {@link PolynomialGcd} and {@link Resultant} are tested against: it works over Z with
 * BigInteger coefficients only, and its coefficient growth is linear in the degree, so a step
 * costs O(d^2) multiplications of numbers of O(d * bits) bits; the whole run is far slower
 * than the modular routes for degrees beyond a few dozen.
 *
 * <p>Conventions (the same as {@link PolynomialGcd} and {@link Resultant}): gcd(0, 0) = 0;
 * the gcd has a positive leading coefficient, so gcd(f, 0) = ±f and the gcd of two non-zero
 * constants is their non-negative integer gcd. Res(0, g) = Res(f, 0) = 0 (also for constants);
 * Res(c, g) = c^deg g and Res(f, c) = c^deg f for a non-zero constant c (so two non-zero
 * constants have resultant 1); Res(f, g) = (-1)^(deg f deg g) Res(g, f).
 */
public final class SubresultantPrs {
    private SubresultantPrs() {
    }

    /** gcd(f, g) with a positive leading coefficient (Cohen 3.3.1). */
    public static ZZPoly gcd(ZZPoly f, ZZPoly g) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        if (f.isZero()) {
            return normalizeSign(g);
        }
        if (g.isZero()) {
            return normalizeSign(f);
        }
        BigInteger d = f.content().gcd(g.content());
        ZZPoly a = f.primitivePart();
        ZZPoly b = g.primitivePart();
        if (a.degree() < b.degree()) {
            ZZPoly t = a;
            a = b;
            b = t;
        }
        BigInteger gg = BigInteger.ONE;
        BigInteger h = BigInteger.ONE;
        while (true) {
            if (b.degree() == 0) {
                return ZZPoly.constant(d);
            }
            int delta = a.degree() - b.degree();
            ZZPoly r = a.pseudoRemainder(b);
            if (r.isZero()) {
                return b.primitivePart().multiply(d);
            }
            a = b;
            b = r.divideExact(gg.multiply(h.pow(delta)));
            gg = a.leadingCoefficient();
            h = nextH(h, gg, delta);
        }
    }

    /** Res(f, g) (Cohen 3.3.7). */
    public static BigInteger resultant(ZZPoly f, ZZPoly g) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        if (f.isZero() || g.isZero()) {
            return BigInteger.ZERO;
        }
        BigInteger ca = f.content();
        BigInteger cb = g.content();
        ZZPoly a = f.divideExact(ca);
        ZZPoly b = g.divideExact(cb);
        // contents come out as ca^deg g cb^deg f
        BigInteger t = ca.pow(g.degree()).multiply(cb.pow(f.degree()));
        int s = 1;
        if (a.degree() < b.degree()) {
            ZZPoly x = a;
            a = b;
            b = x;
            if ((a.degree() & 1) != 0 && (b.degree() & 1) != 0) {
                s = -s;
            }
        }
        if (b.degree() == 0) {
            return BigInteger.valueOf(s).multiply(t).multiply(b.leadingCoefficient().pow(a.degree()));
        }
        BigInteger gg = BigInteger.ONE;
        BigInteger h = BigInteger.ONE;
        while (true) {
            int delta = a.degree() - b.degree();
            if ((a.degree() & 1) != 0 && (b.degree() & 1) != 0) {
                s = -s;
            }
            ZZPoly r = a.pseudoRemainder(b);
            if (r.isZero()) {
                return BigInteger.ZERO;
            }
            a = b;
            b = r.divideExact(gg.multiply(h.pow(delta)));
            gg = a.leadingCoefficient();
            h = nextH(h, gg, delta);
            if (b.degree() == 0) {
                // h <- lc(B)^deg A / h^(deg A - 1), an exact division
                int da = a.degree();
                BigInteger lcb = b.leadingCoefficient();
                BigInteger num = lcb.pow(da);
                BigInteger last = da >= 1 ? num.divide(h.pow(da - 1)) : num.multiply(h);
                return BigInteger.valueOf(s).multiply(t).multiply(last);
            }
        }
    }

    /** h' = g^delta / h^(delta - 1) (exact for delta &gt;= 1; h itself for delta = 0). */
    private static BigInteger nextH(BigInteger h, BigInteger g, int delta) {
        if (delta == 0) {
            return h;
        }
        return g.pow(delta).divide(h.pow(delta - 1));
    }

    static ZZPoly normalizeSign(ZZPoly f) {
        return !f.isZero() && f.leadingCoefficient().signum() < 0 ? f.negate() : f;
    }

    private static void checkNotNull(Object o, String name) {
        if (o == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
    }
}
