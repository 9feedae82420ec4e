package org.modalg.polynomial.convolution;

import org.modalg.fft.CrtBasis;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fft.doublentt.QuotientRounding;

/**
 * Garner's CRT for values held as doubles modulo primes below 2^50 (the outputs of
 * {@link org.modalg.fft.doublentt.DoubleNttPlan}), vectorized along matrix rows: {@link #digits} turns
 * the residues into mixed-radix digits in place, {@link #normalize} brings them into
 * [0, p_j), after which the value is v_0 + p_0 (v_1 + p_1 (v_2 + ...)) in [0, M), M the product
 * of the primes. (With the digits of {@link #digits} left in (-p_j/2, p_j/2], the same sum is
 * the value's symmetric representative, which is how {@link ConvolutionPlan} reads it.)
 *
 * <p>Ranges: residues of magnitude below 1.3 p_j in; each digit is computed as
 * ((x_j - v_0) c_0j - v_1) c_1j ... with the Garner constants c_mj = p_m^-1 mod p_j in
 * (-p_j/2, p_j/2), every difference below 1.3 p_j + 0.51 p_m &lt; 2^51 as the modular product
 * of {@code DoubleNttKernels} requires, and reduced into [-p_j/2, p_j/2] (up to 2^-40 p_j).
 *
 * <p>The basis is the library's one CRT basis, a {@link CrtBasis} ({@link #basis()}: the primes,
 * their checks, M and the Garner constants, {@link CrtBasis#primeInverse}); this class keeps only
 * its own digit loops, because the pipeline's residues are rows of doubles below 2^50 that these
 * fused multiply-add loops vectorize, which CrtBasis's word loops (Montgomery products below 2^62,
 * one value at a time, limbs out) cannot take.
 */
public final class DoubleCrt {
    private final CrtBasis basis;
    private final long[] primes;
    private final int s;
    // c[m * s + j] = p_m^-1 mod p_j, symmetric, for m < j.
    private final double[] inv;
    // hornerLimbs[j]: two's complement words of the signed Horner sum of digits j .. s - 1
    private final int[] hornerLimbs;
    // balancedRadixProducts(r) of the last r asked for: {P_0, ..., P_(s-1)} in balanced radix 2^r limbs
    private volatile RadixTable balancedTable;

    private record RadixTable(int r, double[][] limbs) {
    }

    /**
     * The double-precision digit loops over {@code basis}.
     *
     * @throws IllegalArgumentException if a prime of the basis is not below 2^50
     *     ({@link DoubleNttPlan#MAX_PRIME_EXCLUSIVE}), the loops' range
     */
    DoubleCrt(CrtBasis basis) {
        this.basis = basis;
        this.primes = basis.primes();
        this.s = primes.length;
        for (int j = 0; j < s; j++) {
            if (primes[j] >= DoubleNttPlan.MAX_PRIME_EXCLUSIVE) {
                throw new IllegalArgumentException("basis: prime " + j + " must be below 2^50, got " + primes[j]);
            }
        }
        this.inv = new double[s * s];
        for (int j = 0; j < s; j++) {
            for (int m = 0; m < j; m++) {
                inv[m * s + j] = symmetric(basis.primeInverse(m, j), primes[j]);
            }
        }
        this.hornerLimbs = new int[s];
        java.math.BigInteger q = java.math.BigInteger.ONE;
        for (int j = s - 1; j >= 0; j--) {
            q = q.multiply(java.math.BigInteger.valueOf(primes[j]));
            hornerLimbs[j] = q.bitLength() / 64 + 1;
        }
    }

    /** {@link #DoubleCrt(CrtBasis)} over {@link CrtBasis#of} these primes (distinct, each below 2^50). */
    DoubleCrt(long[] primes) {
        this(CrtBasis.of(primes));
    }

    /** The CRT basis these loops run over (M, its limbs, the word-size Garner constants). */
    CrtBasis basis() {
        return basis;
    }

    /** The number of primes. */
    public int size() {
        return s;
    }

    /**
     * For each j, the words that hold, in two's complement, every signed Horner sum
     * v_j + p_j (v_(j+1) + ... p_(s-2) v_(s-1)) of digits |v_m| &lt;= p_m / 2 + 1: that sum is
     * below P (1 + 2^-48) / 2 &lt; 2^b in magnitude for P = p_j ... p_(s-1) and b its bit length,
     * so b + 1 bits, floor(b / 64) + 1 words. Consecutive entries differ by at most one word
     * (every prime is below 2^50). A fresh copy.
     */
    public int[] hornerLimbs() {
        return hornerLimbs.clone();
    }

    /**
     * The radix products P_j = p_0 ... p_(j-1) (P_0 = 1), j &lt; s, in balanced radix 2^r limbs:
     * doubles in [-2^(r-1), 2^(r-1)), least significant first, the top one positive,
     * ceil(bits(P_j) / r) of them or one more (at least one); for {@link DigitPacking}. Cached for
     * the last r; not to be modified.
     *
     * @param r in [1, 30]
     */
    double[][] balancedRadixProducts(int r) {
        if (r < 1 || r > 30) {
            throw new IllegalArgumentException("r must be in [1, 30], got " + r);
        }
        RadixTable cached = balancedTable;
        if (cached != null && cached.r() == r) {
            return cached.limbs();
        }
        double[][] t = new double[s][];
        java.math.BigInteger q = java.math.BigInteger.ONE;
        long half = 1L << (r - 1);
        long mask = (1L << r) - 1;
        for (int j = 0; j < s; j++) {
            double[] limbs = new double[(q.bitLength() + r) / r + 1];
            long carry = 0;
            int len = 0;
            for (int l = 0; l < limbs.length; l++) {
                long d = q.shiftRight(l * r).longValue() & mask;
                d += carry;
                carry = d >= half ? 1 : 0;
                limbs[l] = d - (carry << r);
                if (limbs[l] != 0) {
                    len = l + 1;
                }
            }
            t[j] = java.util.Arrays.copyOf(limbs, Math.max(1, len));
            q = q.multiply(java.math.BigInteger.valueOf(primes[j]));
        }
        balancedTable = new RadixTable(r, t);
        return t;
    }

    /** Prime j. */
    public long prime(int j) {
        return primes[j];
    }

    /**
     * In place, rows [from, to) of every matrix: res[j] (values below 1.3 p_j) becomes the
     * mixed-radix digit v_j in [-p_j/2, p_j/2] (up to 2^-40 p_j) with
     * sum_j v_j p_0 ... p_(j-1) congruent to the value modulo M. O(s^2) per point.
     */
    public void digits(double[][][] res, int from, int to) {
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
                        double q = QuotientRounding.quotient(y, wp);
                        x[c] = Math.fma(q, np, h) + Math.fma(y, w, -h);
                    }
                }
                for (int c = 0; c < cols; c++) {
                    double y = x[c];
                    x[c] = Math.fma(QuotientRounding.quotient(y, pinv), np, y);
                }
            }
        }
    }

    /**
     * In place, rows [from, to): the digits of {@link #digits} into [0, p_j), the borrow passed
     * to the next digit and dropped above the top one (which adds M), so that the digits are
     * those of the value's representative in [0, M).
     */
    public void normalize(double[][][] res, int from, int to) {
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

    public static double symmetric(long v, long p) {
        return v > p / 2 ? (double) (v - p) : (double) v;
    }
}
