package org.modalg.modular;

import edu.jas.poly.GenPolynomial;
import edu.jas.poly.GenPolynomialRing;
import edu.jas.ufd.GCDFactory;
import edu.jas.ufd.GreatestCommonDivisorAbstract;
import java.math.BigInteger;
import java.util.Random;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Independent oracles for the GCD and resultant tests: the Sylvester matrix and its
 * determinant by fraction-free Bareiss elimination over BigInteger (and by Gaussian
 * elimination modulo a prime), a BigInteger Euclid modulo a prime, and JAS
 * ({@code edu.jas.ufd.GCDFactory}) over Z.
 */
public final class GcdOracles {
    public static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    public static final long SEED = Long.getLong("modalg.test.seed", 0x6d6f64756cL);

    private static final GenPolynomialRing<edu.jas.arith.BigInteger> RING =
            new GenPolynomialRing<>(new edu.jas.arith.BigInteger(), 1, new String[] {"x"});
    private static final GreatestCommonDivisorAbstract<edu.jas.arith.BigInteger> JAS =
            GCDFactory.getImplementation(new edu.jas.arith.BigInteger());

    private GcdOracles() {
    }

    public static String where(String label) {
        return "seed=" + SEED + " (-Dmodalg.test.seed to replay) " + label;
    }

    /** A random polynomial of exact degree deg with coefficients of up to {@code bits} bits, signed. */
    public static ZZPoly random(Random rnd, int deg, int bits) {
        if (deg < 0) {
            return ZZPoly.ZERO;
        }
        BigInteger[] c = new BigInteger[deg + 1];
        for (int i = 0; i <= deg; i++) {
            BigInteger v = new BigInteger(bits, rnd);
            c[i] = rnd.nextBoolean() ? v.negate() : v;
        }
        while (c[deg].signum() == 0) {
            c[deg] = BigInteger.valueOf(rnd.nextBoolean() ? 1 : -1);
        }
        return ZZPoly.of(c);
    }

    // ------------------------------------------------------------------ JAS

    public static GenPolynomial<edu.jas.arith.BigInteger> toJas(ZZPoly f) {
        GenPolynomial<edu.jas.arith.BigInteger> r = RING.getZERO();
        GenPolynomial<edu.jas.arith.BigInteger> x = RING.univariate(0);
        for (int i = f.degree(); i >= 0; i--) {
            r = r.multiply(x).sum(new edu.jas.arith.BigInteger(f.coefficient(i)));
        }
        return r;
    }

    public static ZZPoly fromJas(GenPolynomial<edu.jas.arith.BigInteger> p) {
        if (p.isZERO()) {
            return ZZPoly.ZERO;
        }
        int deg = (int) p.degree(0);
        BigInteger[] c = new BigInteger[deg + 1];
        for (int i = 0; i <= deg; i++) {
            c[i] = p.coefficient(edu.jas.poly.ExpVector.create(1, 0, i)).getVal();
        }
        return ZZPoly.of(c);
    }

    /** JAS gcd, normalized to a positive leading coefficient. */
    public static ZZPoly jasGcd(ZZPoly f, ZZPoly g) {
        ZZPoly r = fromJas(JAS.gcd(toJas(f), toJas(g)));
        return !r.isZero() && r.leadingCoefficient().signum() < 0 ? r.negate() : r;
    }

    /**
     * JAS resultant (factory engine), for non-constant inputs with small coefficients only. JAS
     * 2.7.200 does not track the sign, and in this suite its value differed from the Sylvester
     * determinant (Bareiss, the authoritative oracle here) for coefficients of about 120 bits,
     * and its subresultant engine ({@code GreatestCommonDivisorSubres}) differed already at 23
     * bits; the tests therefore compare with JAS up to sign and for coefficients up to 40 bits.
     */
    public static BigInteger jasResultant(ZZPoly f, ZZPoly g) {
        GenPolynomial<edu.jas.arith.BigInteger> r = JAS.resultant(toJas(f), toJas(g));
        return r.isZERO() ? BigInteger.ZERO : r.leadingBaseCoefficient().getVal();
    }

    // ------------------------------------------------------------------ Sylvester

    /** The Sylvester matrix of a (formal degree n = a.length - 1) and b (m = b.length - 1). */
    public static BigInteger[][] sylvester(BigInteger[] a, BigInteger[] b) {
        int n = a.length - 1;
        int m = b.length - 1;
        int s = n + m;
        BigInteger[][] mat = new BigInteger[s][s];
        for (BigInteger[] row : mat) {
            java.util.Arrays.fill(row, BigInteger.ZERO);
        }
        for (int i = 0; i < m; i++) {
            for (int j = 0; j <= n; j++) {
                mat[i][i + j] = a[n - j];
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= m; j++) {
                mat[m + i][i + j] = b[m - j];
            }
        }
        return mat;
    }

    /** det by fraction-free Bareiss elimination with row pivoting. O(s^3) BigInteger operations. */
    public static BigInteger bareiss(BigInteger[][] mat) {
        int s = mat.length;
        if (s == 0) {
            return BigInteger.ONE;
        }
        BigInteger[][] m = new BigInteger[s][];
        for (int i = 0; i < s; i++) {
            m[i] = mat[i].clone();
        }
        BigInteger prev = BigInteger.ONE;
        int sign = 1;
        for (int k = 0; k < s - 1; k++) {
            if (m[k][k].signum() == 0) {
                int piv = -1;
                for (int i = k + 1; i < s; i++) {
                    if (m[i][k].signum() != 0) {
                        piv = i;
                        break;
                    }
                }
                if (piv < 0) {
                    return BigInteger.ZERO;
                }
                BigInteger[] t = m[k];
                m[k] = m[piv];
                m[piv] = t;
                sign = -sign;
            }
            for (int i = k + 1; i < s; i++) {
                for (int j = k + 1; j < s; j++) {
                    m[i][j] = m[i][j].multiply(m[k][k]).subtract(m[i][k].multiply(m[k][j])).divide(prev);
                }
            }
            prev = m[k][k];
        }
        BigInteger d = m[s - 1][s - 1];
        return sign < 0 ? d.negate() : d;
    }

    /** Res(f, g) for non-zero f, g as the Bareiss determinant of the Sylvester matrix. */
    public static BigInteger sylvesterResultant(ZZPoly f, ZZPoly g) {
        return bareiss(sylvester(f.coefficients(), g.coefficients()));
    }

    /** det mod p by Gaussian elimination (p prime). */
    public static long detMod(BigInteger[][] mat, long p) {
        BigInteger pb = BigInteger.valueOf(p);
        int s = mat.length;
        BigInteger[][] m = new BigInteger[s][s];
        for (int i = 0; i < s; i++) {
            for (int j = 0; j < s; j++) {
                m[i][j] = mat[i][j].mod(pb);
            }
        }
        BigInteger det = BigInteger.ONE;
        for (int k = 0; k < s; k++) {
            int piv = -1;
            for (int i = k; i < s; i++) {
                if (m[i][k].signum() != 0) {
                    piv = i;
                    break;
                }
            }
            if (piv < 0) {
                return 0;
            }
            if (piv != k) {
                BigInteger[] t = m[k];
                m[k] = m[piv];
                m[piv] = t;
                det = det.negate();
            }
            det = det.multiply(m[k][k]).mod(pb);
            BigInteger inv = m[k][k].modInverse(pb);
            for (int i = k + 1; i < s; i++) {
                BigInteger fct = m[i][k].multiply(inv).mod(pb);
                for (int j = k; j < s; j++) {
                    m[i][j] = m[i][j].subtract(fct.multiply(m[k][j])).mod(pb);
                }
            }
        }
        return det.mod(pb).longValueExact();
    }

    /** Monic gcd over Z/PZ for any prime P, by BigInteger Euclid; coefficients in [0, P). */
    public static BigInteger[] gcdMod(BigInteger[] a, BigInteger[] b, BigInteger p) {
        a = trimMod(a, p);
        b = trimMod(b, p);
        while (b.length > 0) {
            BigInteger[] r = a.clone();
            int rl = r.length;
            BigInteger inv = b[b.length - 1].modInverse(p);
            while (rl >= b.length) {
                BigInteger q = r[rl - 1].multiply(inv).mod(p);
                int sh = rl - b.length;
                for (int j = 0; j < b.length; j++) {
                    r[sh + j] = r[sh + j].subtract(q.multiply(b[j])).mod(p);
                }
                rl--;
                while (rl > 0 && r[rl - 1].signum() == 0) {
                    rl--;
                }
            }
            a = b;
            b = java.util.Arrays.copyOf(r, rl);
        }
        if (a.length == 0) {
            return a;
        }
        BigInteger inv = a[a.length - 1].modInverse(p);
        BigInteger[] r = new BigInteger[a.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = a[i].multiply(inv).mod(p);
        }
        return r;
    }

    public static BigInteger[] trimMod(BigInteger[] a, BigInteger p) {
        BigInteger[] r = new BigInteger[a.length];
        int n = 0;
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i].mod(p);
            if (r[i].signum() != 0) {
                n = i + 1;
            }
        }
        return java.util.Arrays.copyOf(r, n);
    }
}
