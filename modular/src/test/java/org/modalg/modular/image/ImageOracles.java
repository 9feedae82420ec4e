package org.modalg.modular.image;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;

/**
 * Independent oracles for {@link ImageEngine} images, on BigInteger only (no project kernel):
 * the determinant by fraction-free (Bareiss) elimination over Z, then reduced; the resultant as
 * that determinant of the Sylvester matrix of the formal degrees; the monic gcd and its cofactors
 * by a naive Euclid modulo m. The same functions serve word-size primes and generalized Fermat
 * moduli. Written so that another engine's tests (the GPU engine compares with the CPU engine
 * bit for bit) can take the same cases: plain static methods on BigInteger arrays, inputs made
 * by {@link #plantedSingular} and {@link #random}.
 */
public final class ImageOracles {
    private ImageOracles() {
    }

    /** det A over Z (A n x n, row by row) by Bareiss elimination: exact divisions, O(n^3) BigInteger steps. */
    public static BigInteger det(BigInteger[] a, int n) {
        if (n == 0) {
            return BigInteger.ONE;
        }
        BigInteger[][] m = new BigInteger[n][];
        for (int i = 0; i < n; i++) {
            m[i] = Arrays.copyOfRange(a, i * n, (i + 1) * n);
        }
        BigInteger prev = BigInteger.ONE;
        boolean negate = false;
        for (int k = 0; k < n; k++) {
            int piv = k;
            while (piv < n && m[piv][k].signum() == 0) {
                piv++;
            }
            if (piv == n) {
                return BigInteger.ZERO;
            }
            if (piv != k) {
                BigInteger[] t = m[piv];
                m[piv] = m[k];
                m[k] = t;
                negate = !negate;
            }
            for (int i = k + 1; i < n; i++) {
                for (int j = k + 1; j < n; j++) {
                    m[i][j] = m[i][j].multiply(m[k][k]).subtract(m[i][k].multiply(m[k][j])).divide(prev);
                }
            }
            prev = m[k][k];
        }
        return negate ? prev.negate() : prev;
    }

    /** det A mod m in [0, m). */
    public static BigInteger detMod(BigInteger[] a, int n, BigInteger m) {
        return det(a, n).mod(m);
    }

    /**
     * The Sylvester matrix of f and g with the formal degrees df = f.length - 1 and
     * dg = g.length - 1 (coefficients in increasing degree): (df + dg) x (df + dg), row by row.
     */
    public static BigInteger[] sylvester(BigInteger[] f, BigInteger[] g) {
        int df = f.length - 1;
        int dg = g.length - 1;
        int s = df + dg;
        BigInteger[] m = new BigInteger[s * s];
        Arrays.fill(m, BigInteger.ZERO);
        for (int r = 0; r < dg; r++) {
            for (int i = 0; i <= df; i++) {
                m[r * s + r + i] = f[df - i];
            }
        }
        for (int r = 0; r < df; r++) {
            for (int i = 0; i <= dg; i++) {
                m[(dg + r) * s + r + i] = g[dg - i];
            }
        }
        return m;
    }

    /** Res(f, g) with the formal degrees, modulo m, in [0, m). */
    public static BigInteger resultantMod(BigInteger[] f, BigInteger[] g, BigInteger m) {
        return detMod(sylvester(f, g), f.length + g.length - 2, m);
    }

    /**
     * {h, f / h, g / h} modulo the prime m: h the monic gcd (empty when f and g both vanish
     * modulo m), by Euclid's algorithm on BigInteger residues; the cofactors exact quotients
     * (empty when h is).
     */
    public static BigInteger[][] gcdMod(BigInteger[] f, BigInteger[] g, BigInteger m) {
        BigInteger[] a = trim(reduce(f, m));
        BigInteger[] b = trim(reduce(g, m));
        while (b.length > 0) {
            BigInteger[] r = divRem(a, b, m)[1];
            a = b;
            b = r;
        }
        if (a.length == 0) {
            return new BigInteger[][] {a, new BigInteger[0], new BigInteger[0]};
        }
        BigInteger inv = a[a.length - 1].modInverse(m);
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i].multiply(inv).mod(m);
        }
        BigInteger[] fq = divRem(trim(reduce(f, m)), a, m)[0];
        BigInteger[] gq = divRem(trim(reduce(g, m)), a, m)[0];
        return new BigInteger[][] {a, fq, gq};
    }

    /** {quotient, remainder} of a by b != 0 modulo m, both trimmed. */
    public static BigInteger[][] divRem(BigInteger[] a, BigInteger[] b, BigInteger m) {
        BigInteger[] r = a.clone();
        int db = b.length - 1;
        BigInteger inv = b[db].modInverse(m);
        BigInteger[] q = new BigInteger[Math.max(0, a.length - db)];
        Arrays.fill(q, BigInteger.ZERO);
        for (int i = a.length - 1; i >= db; i--) {
            BigInteger c = r[i].multiply(inv).mod(m);
            q[i - db] = c;
            for (int j = 0; j <= db; j++) {
                r[i - db + j] = r[i - db + j].subtract(c.multiply(b[j])).mod(m);
            }
        }
        return new BigInteger[][] {trim(q), trim(Arrays.copyOf(r, Math.min(r.length, db)))};
    }

    public static BigInteger[] reduce(BigInteger[] f, BigInteger m) {
        BigInteger[] r = new BigInteger[f.length];
        for (int i = 0; i < f.length; i++) {
            r[i] = f[i].mod(m);
        }
        return r;
    }

    public static BigInteger[] trim(BigInteger[] f) {
        int n = f.length;
        while (n > 0 && f[n - 1].signum() == 0) {
            n--;
        }
        return Arrays.copyOf(f, n);
    }

    /** n values uniform in (-2^bits, 2^bits). */
    public static BigInteger[] random(Random rnd, int n, int bits) {
        BigInteger[] v = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            BigInteger x = new BigInteger(bits, rnd);
            v[i] = rnd.nextBoolean() ? x.negate() : x;
        }
        return v;
    }

    /**
     * An n x n matrix (n &gt;= 2) whose determinant is divisible by {@code factor}: the last row is
     * a random combination of the others plus factor times a random row, so det A = factor *
     * det A' (A' with that random row last); non-zero over Z with high probability.
     */
    public static BigInteger[] plantedSingular(Random rnd, int n, int bits, BigInteger factor) {
        BigInteger[] a = random(rnd, n * n, bits);
        BigInteger[] extra = random(rnd, n, bits);
        long[] weights = new long[n - 1];
        for (int r = 0; r < n - 1; r++) {
            weights[r] = rnd.nextInt(7) - 3;
        }
        for (int c = 0; c < n; c++) {
            BigInteger s = factor.multiply(extra[c]);
            for (int r = 0; r < n - 1; r++) {
                s = s.add(BigInteger.valueOf(weights[r]).multiply(a[r * n + c]));
            }
            a[(n - 1) * n + c] = s;
        }
        return a;
    }

    /** count distinct primes of exactly bits bits (2 &lt;= bits &lt;= 62). */
    public static long[] primes(Random rnd, int bits, int count) {
        java.util.LinkedHashSet<Long> out = new java.util.LinkedHashSet<>();
        while (out.size() < count) {
            out.add(BigInteger.probablePrime(bits, rnd).longValueExact());
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }
}
