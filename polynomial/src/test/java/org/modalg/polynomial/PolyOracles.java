package org.modalg.polynomial;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;

/**
 * Naive reference algorithms on BigInteger coefficient arrays (increasing degree, not
 * necessarily normalized) and random inputs biased towards the edges, shared by the tests.
 */
public final class PolyOracles {
    public static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    public static final long SEED = Long.getLong("modalg.test.seed", 0x9e3779b97f4aL);

    private PolyOracles() {
    }

    /** Text for assertion messages: the seed to replay and a label. */
    public static String where(String label) {
        return "seed=" + SEED + " (-Dmodalg.test.seed to replay) " + label;
    }

    /** Drops leading zeros. */
    public static BigInteger[] trim(BigInteger[] a) {
        int n = a.length;
        while (n > 0 && a[n - 1].signum() == 0) {
            n--;
        }
        return Arrays.copyOf(a, n);
    }

    public static BigInteger[] zeros(int n) {
        BigInteger[] r = new BigInteger[n];
        Arrays.fill(r, BigInteger.ZERO);
        return r;
    }

    /** Schoolbook product over Z. */
    public static BigInteger[] mul(BigInteger[] a, BigInteger[] b) {
        if (a.length == 0 || b.length == 0) {
            return new BigInteger[0];
        }
        BigInteger[] r = zeros(a.length + b.length - 1);
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                r[i + j] = r[i + j].add(a[i].multiply(b[j]));
            }
        }
        return trim(r);
    }

    /** Coefficient-wise a + s b over Z. */
    public static BigInteger[] addScaled(BigInteger[] a, BigInteger[] b, BigInteger s) {
        BigInteger[] r = zeros(Math.max(a.length, b.length));
        for (int i = 0; i < r.length; i++) {
            BigInteger x = i < a.length ? a[i] : BigInteger.ZERO;
            BigInteger y = i < b.length ? b[i] : BigInteger.ZERO;
            r[i] = x.add(y.multiply(s));
        }
        return trim(r);
    }

    public static BigInteger[] mod(BigInteger[] a, BigInteger p) {
        BigInteger[] r = new BigInteger[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i].mod(p);
        }
        return trim(r);
    }

    /** Schoolbook product mod p (coefficients in [0, p)). */
    public static BigInteger[] mulMod(BigInteger[] a, BigInteger[] b, BigInteger p) {
        return mod(mul(a, b), p);
    }

    /**
     * The schoolbook product mod p of residues in [0, p), p read unsigned (up to 2^64 - 1), in
     * BigInteger arithmetic: a.length + b.length - 1 residues, not trimmed.
     */
    public static long[] mulModUnsigned(long p, long[] a, long[] b) {
        BigInteger bp = unsigned(p);
        long[] c = new long[a.length + b.length - 1];
        for (int k = 0; k < c.length; k++) {
            BigInteger s = BigInteger.ZERO;
            for (int i = Math.max(0, k - b.length + 1); i <= Math.min(k, a.length - 1); i++) {
                s = s.add(unsigned(a[i]).multiply(unsigned(b[k - i])));
            }
            c[k] = s.mod(bp).longValue();
        }
        return c;
    }

    /** len residues in [0, p), p read unsigned: 0 and p - 1 one time in six each, else uniform. */
    public static long[] randomResidues(Random rnd, int len, long p) {
        long[] a = new long[len];
        for (int i = 0; i < len; i++) {
            int k = rnd.nextInt(6);
            a[i] = k == 0 ? 0 : k == 1 ? p - 1 : Long.remainderUnsigned(rnd.nextLong(), p);
        }
        return a;
    }

    /** v read as an unsigned 64-bit value. */
    public static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    /** Long division mod a prime p: {q, r} with coefficients in [0, p). */
    public static BigInteger[][] divRemMod(BigInteger[] a, BigInteger[] b, BigInteger p) {
        BigInteger[] bb = mod(b, p);
        BigInteger[] r = Arrays.copyOf(mod(a, p), Math.max(a.length, 1));
        for (int i = 0; i < r.length; i++) {
            if (r[i] == null) {
                r[i] = BigInteger.ZERO;
            }
        }
        int db = bb.length - 1;
        if (r.length - 1 < db) {
            return new BigInteger[][] {new BigInteger[0], trim(r)};
        }
        BigInteger inv = bb[db].modInverse(p);
        BigInteger[] q = zeros(r.length - db);
        for (int i = r.length - 1; i >= db; i--) {
            BigInteger t = r[i].multiply(inv).mod(p);
            q[i - db] = t;
            for (int j = 0; j <= db; j++) {
                r[i - db + j] = r[i - db + j].subtract(t.multiply(bb[j])).mod(p);
            }
        }
        return new BigInteger[][] {trim(q), trim(Arrays.copyOf(r, db))};
    }

    /** Sum of c_i v^i computed with explicit powers (not Horner). */
    public static BigInteger evalPowers(BigInteger[] a, BigInteger v) {
        BigInteger s = BigInteger.ZERO;
        for (int i = 0; i < a.length; i++) {
            s = s.add(a[i].multiply(v.pow(i)));
        }
        return s;
    }

    // ------------------------------------------------------------------ random inputs

    /** A length biased to 0, 1, 2 and small values, otherwise uniform in [0, maxLen]. */
    public static int length(Random rnd, int maxLen) {
        switch (rnd.nextInt(8)) {
            case 0:
                return 0;
            case 1:
                return 1;
            case 2:
                return 2;
            case 3:
                return 1 + rnd.nextInt(8);
            default:
                return rnd.nextInt(maxLen + 1);
        }
    }

    /** A coefficient size in bits, biased to 1, 2 and word boundaries. */
    public static int bits(Random rnd, int maxBits) {
        int[] edges = {1, 2, 31, 32, 63, 64, 65, 127, 128};
        if (rnd.nextInt(3) == 0) {
            int e = edges[rnd.nextInt(edges.length)];
            return Math.min(e, maxBits);
        }
        return 1 + rnd.nextInt(maxBits);
    }

    /**
     * Random integer coefficients of up to {@code bits} bits, random signs, some zeros; with
     * probability 1/6 all equal to +-(2^bits - 1) (a random sign pattern, or all of one sign).
     * The leading coefficient is made non-zero.
     */
    public static BigInteger[] randomZZ(Random rnd, int len, int bits) {
        BigInteger[] r = new BigInteger[len];
        BigInteger max = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        int mode = rnd.nextInt(6);
        for (int i = 0; i < len; i++) {
            BigInteger v;
            if (mode == 0) {
                v = max;
            } else if (mode == 1) {
                v = rnd.nextBoolean() ? max : max.negate();
            } else if (mode == 2) {
                v = max.negate();
            } else {
                v = rnd.nextInt(10) == 0 ? BigInteger.ZERO : new BigInteger(bits, rnd);
                if (rnd.nextBoolean()) {
                    v = v.negate();
                }
            }
            r[i] = v;
        }
        if (len > 0 && r[len - 1].signum() == 0) {
            r[len - 1] = rnd.nextBoolean() ? BigInteger.ONE : max.negate();
        }
        return r;
    }

    /**
     * len uniformly random coefficients of up to {@code bits} bits with random signs (no bias to
     * edge values: the inputs of the profiling programs).
     */
    public static BigInteger[] randomSigned(Random rnd, int len, int bits) {
        BigInteger[] r = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            r[i] = new BigInteger(bits, rnd);
            if (rnd.nextBoolean()) {
                r[i] = r[i].negate();
            }
        }
        return r;
    }

    /** Random coefficients in [0, p), biased to 0, 1 and p - 1; leading one non-zero. */
    public static BigInteger[] randomMod(Random rnd, int len, BigInteger p) {
        BigInteger[] r = new BigInteger[len];
        int mode = rnd.nextInt(6);
        for (int i = 0; i < len; i++) {
            if (mode == 0) {
                r[i] = p.subtract(BigInteger.ONE);
            } else {
                switch (rnd.nextInt(10)) {
                    case 0:
                        r[i] = BigInteger.ZERO;
                        break;
                    case 1:
                        r[i] = BigInteger.ONE;
                        break;
                    case 2:
                        r[i] = p.subtract(BigInteger.ONE);
                        break;
                    default:
                        r[i] = new BigInteger(p.bitLength() + 8, rnd).mod(p);
                }
            }
        }
        if (len > 0 && r[len - 1].signum() == 0) {
            r[len - 1] = p.subtract(BigInteger.ONE);
        }
        return r;
    }

    public static BigInteger[] big(long... v) {
        BigInteger[] r = new BigInteger[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = BigInteger.valueOf(v[i]);
        }
        return r;
    }
}
