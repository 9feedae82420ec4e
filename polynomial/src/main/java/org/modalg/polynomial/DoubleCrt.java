package org.modalg.polynomial;

import java.math.BigInteger;
import org.modalg.fields.ZpField;

/**
 * Garner's CRT for values held as doubles modulo primes below 2^50 (the outputs of
 * {@link org.modalg.fft.DoubleNttPlan}), vectorized along matrix rows: {@link #digits} turns
 * the residues into mixed-radix digits in place, {@link #normalize} brings them into
 * [0, p_j), after which the value is v_0 + p_0 (v_1 + p_1 (v_2 + ...)) in [0, M), M the product
 * of the primes. {@link #signedLimbs} reads one value back in the symmetric range.
 *
 * <p>Ranges: residues of magnitude below 1.3 p_j in; each digit is computed as
 * ((x_j - v_0) c_0j - v_1) c_1j ... with the Garner constants c_mj = p_m^-1 mod p_j in
 * (-p_j/2, p_j/2), every difference below 1.3 p_j + 0.51 p_m &lt; 2^51 as the modular product
 * of {@code DoubleNttKernels} requires, and reduced into [-p_j/2, p_j/2] (up to 2^-40 p_j).
 */
final class DoubleCrt {
    private final long[] primes;
    private final int s;
    // c[m * s + j] = p_m^-1 mod p_j, symmetric, for m < j.
    private final double[] inv;
    // Mixed-radix digits of floor(M / 2), top first at [0].
    private final long[] halfDigits;

    DoubleCrt(long[] primes) {
        this.primes = primes.clone();
        this.s = primes.length;
        this.inv = new double[s * s];
        for (int j = 0; j < s; j++) {
            ZpField f = ZpField.of(primes[j]);
            for (int m = 0; m < j; m++) {
                inv[m * s + j] = symmetric(f.inv(f.reduce(primes[m])), primes[j]);
            }
        }
        BigInteger half = BigInteger.ONE;
        for (long p : primes) {
            half = half.multiply(BigInteger.valueOf(p));
        }
        half = half.shiftRight(1);
        long[] d = new long[s];
        for (int j = 0; j < s; j++) {
            BigInteger[] qr = half.divideAndRemainder(BigInteger.valueOf(primes[j]));
            d[s - 1 - j] = qr[1].longValue();
            half = qr[0];
        }
        this.halfDigits = d;
    }

    /** The number of primes. */
    int size() {
        return s;
    }

    /** Prime j. */
    long prime(int j) {
        return primes[j];
    }

    /**
     * In place, rows [from, to) of every matrix: res[j] (values below 1.3 p_j) becomes the
     * mixed-radix digit v_j in [-p_j/2, p_j/2] (up to 2^-40 p_j) with
     * sum_j v_j p_0 ... p_(j-1) congruent to the value modulo M. O(s^2) per point.
     */
    void digits(double[][][] res, int from, int to) {
        for (int j = 0; j < s; j++) {
            double p = primes[j];
            double pinv = 1.0 / p;
            double np = -p;
            for (int r = from; r < to; r++) {
                double[] x = res[j][r];
                int cols = x.length;
                for (int m = 0; m < j; m++) {
                    double[] v = res[m][r];
                    double w = inv[m * s + j];
                    double wp = w * pinv;
                    for (int c = 0; c < cols; c++) {
                        double y = x[c] - v[c];
                        double h = y * w;
                        double q = Math.rint(y * wp);
                        x[c] = Math.fma(q, np, h) + Math.fma(y, w, -h);
                    }
                }
                for (int c = 0; c < cols; c++) {
                    double y = x[c];
                    x[c] = Math.fma(Math.rint(y * pinv), np, y);
                }
            }
        }
    }

    /**
     * In place, rows [from, to): the digits of {@link #digits} into [0, p_j), the borrow passed
     * to the next digit and dropped above the top one (which adds M), so that the digits are
     * those of the value's representative in [0, M).
     */
    void normalize(double[][][] res, int from, int to) {
        for (int j = 0; j < s; j++) {
            double p = primes[j];
            double pinv = 1.0 / p;
            boolean top = j == s - 1;
            for (int r = from; r < to; r++) {
                double[] x = res[j][r];
                double[] y = top ? x : res[j + 1][r];
                int cols = x.length;
                if (top) {
                    for (int c = 0; c < cols; c++) {
                        x[c] = Math.fma(Math.floor(x[c] * pinv), -p, x[c]);
                    }
                } else {
                    for (int c = 0; c < cols; c++) {
                        double borrow = Math.floor(x[c] * pinv); // -1 or 0: |digit| < p / 2 + 2
                        x[c] = Math.fma(borrow, -p, x[c]);
                        y[c] += borrow;
                    }
                }
            }
        }
    }

    /**
     * The value with normalized digits d[0 .. s) (d[j] in [0, p_j)) in the symmetric range
     * (-M/2, M/2]: its magnitude into limbs[0 .. returned length), and the sign (negative when
     * the value in [0, M) exceeds M/2) as the return value's sign: returns +len or -len.
     * limbs needs s + 1 entries. O(s^2).
     */
    int signedLimbs(long[] d, long[] limbs) {
        boolean negative = false;
        for (int j = s - 1, k = 0; j >= 0; j--, k++) { // compare with floor(M/2), top digit first
            if (d[j] != halfDigits[k]) {
                negative = d[j] > halfDigits[k];
                break;
            }
        }
        if (negative) {
            // M - value: digits p_j - 1 - d_j, plus one
            long carry = 1;
            for (int j = 0; j < s; j++) {
                long u = primes[j] - 1 - d[j] + carry;
                carry = 0;
                if (u == primes[j]) {
                    u = 0;
                    carry = 1;
                }
                d[j] = u;
            }
        }
        int len = 0;
        for (int j = s - 1; j >= 0; j--) {
            len = mulAdd(limbs, len, primes[j], d[j]);
        }
        return negative ? -len : len;
    }

    // limbs[0, len) = limbs[0, len) p + v for p, v < 2^50; returns the new length (no top zero).
    static int mulAdd(long[] limbs, int len, long p, long v) {
        long cy = v;
        for (int l = 0; l < len; l++) {
            long a = limbs[l];
            long lo = a * p;
            long hi = Math.multiplyHigh(a, p) + ((a >> 63) & p); // unsigned high word
            long sum = lo + cy;
            hi += Long.compareUnsigned(sum, lo) < 0 ? 1 : 0;
            limbs[l] = sum;
            cy = hi;
        }
        if (cy != 0) {
            limbs[len++] = cy;
        }
        return len;
    }

    static double symmetric(long v, long p) {
        return v > p / 2 ? (double) (v - p) : (double) v;
    }
}
