package org.modalg.fft.fp;

/**
 * The worst-case error bound of the floating-point convolution of {@link FpFft} (and its
 * single-precision twin {@link FpFftFloat}), from which the digit size of the floating-point
 * product route is chosen.
 *
 * <p><b>The bound.</b> For real inputs a (length La, |a_j| &le; Ma) and b (length Lb,
 * |b_j| &le; Mb) convolved by {@link FpFft#convolve} with N = 2^n &ge; La + Lb - 1, every
 * computed coefficient c'_i satisfies
 * <pre>
 *   |c'_i - c_i| &le; Ma Mb sqrt(La Lb) E(n),   E(n) = 2 ((1+u)^(3n+3) (1+sqrt(5) u)^(3n+4) (1+beta)^(3n+3) - 1)
 *                                             &le; 2 t / (1 - t),  t = (3n+3)(u + beta) + (3n+4) sqrt(5) u,
 * </pre>
 * with u the unit roundoff (2^-53 for double, 2^-24 for float) and beta a bound on the
 * absolute error of each precomputed root of unity.
 *
 * <p><b>Where it comes from.</b> C. Percival, <i>Rapid multiplication modulo the sum and
 * difference of highly composite numbers</i>, Math. Comp. 72 (2003), Theorem 5.1 (also R.
 * Brent and P. Zimmermann, <i>Modern Computer Arithmetic</i>, Theorem 3.3.2): the convolution
 * of x and y by three radix-2 complex transforms of length 2^n (forward, forward, inverse) and a
 * pointwise product has |z' - z|_inf &lt; ||x||_2 ||y||_2 ((1+u)^(3n) (1+sqrt(5) u)^(3n+1)
 * (1+beta)^(3n) - 1): each butterfly level costs one rounding of an addition (1+u), one
 * complex multiplication by a computed root (1+sqrt(5) u)(1+beta), and scales the 2-norm by
 * exactly sqrt(2); the pointwise product costs one more complex multiplication. Our packed
 * transforms have one level more on each of the three paths, hence 3n+3 in place of 3n (and
 * 3n+4 for the multiplications, conservatively): the spectra of a and of b both come from one
 * transform of z = a + i b (n levels) followed by the separation A_k = (Z_k + conj Z_(N-k))/2,
 * B_k = (Z_k - conj Z_(N-k))/(2i) (one addition level, the halving exact); the inverse is one
 * level E_k + i w^-k O_k (additions and a multiplication by a computed root) followed by a
 * complex transform of half length (n - 1 levels). The leading factor 2 covers ||z||_2^2 =
 * ||a||_2^2 + ||b||_2^2 &le; 2 max(||a||_2, ||b||_2)^2, which replaces ||a|| ||b|| because the
 * errors of A and B both come from the transform of z. Finally ||a||_2 &le; Ma sqrt(La) and
 * ||b||_2 &le; Mb sqrt(Lb). The extension from Percival's three transforms to the packed ones is
 * our derivation, sketched here, not a published theorem; {@link FpIntegerProduct} also checks
 * max |c' - round(c')| &le; 1/4 on every product. That check is a guard, not a proof: rounding
 * errors grow smoothly with the data, so a product whose true error passed 1/2 would almost
 * surely show coefficients between 1/4 and 3/4 and fall back, but no single check excludes a
 * coefficient more than 3/4 off that lands near the wrong integer.
 *
 * <p><b>The roots.</b> {@link FpFft#twiddles} computes w_j = exp(-2 pi i j / N) from
 * {@code StrictMath.cos/sin} (fdlibm, error below 1 ulp) of an angle reduced to [0, pi/4] by
 * exact symmetries (quadrant and octant swaps), the angle itself pi_double * j / (N/2) with one
 * rounded product: its error is at most (pi/4)(2^-53 + 2^-53) &lt; 1.6 u, each component is then
 * within 1.6 u + 1 ulp &le; 2.6 u of the true value and the complex error within
 * sqrt(2) 2.6 u &lt; 4 u: {@link #BETA_DOUBLE} = 4 u. The float twin rounds these double roots
 * to float: beta &le; sqrt(2) (2^-25 + 2.6 2^-53) &lt; 2^-24, {@link #BETA_FLOAT} = 2^-24.
 *
 * <p><b>The paper's Eq. 7.</b> The ID-FFT paper (gpu-integer-multiplication-tiling-and-fft,
 * section "Numerical analysis") states alpha &le; 6 N^2 x^2 log(N) eps for N digits of base x,
 * citing Gourdon and Sebah without a proof. It is quadratic in N where the bound above is
 * linear (sqrt(La Lb) &le; N), so it is far weaker: in double precision (eps = 2^-53) it does not
 * even prove k = 1 decimal digit per coefficient exact at N = 2^20 digits (6 2^40 100 20
 * 2^-53 = 1.46 &gt; 1/2), where the bound above gives 9.0e-6 for those coefficients, 0.12 for
 * 2^20 balanced 11-bit digits and 2.5 for 2^18 coefficients of k = 4 decimal digits (the
 * paper's Table 3 sees k = 4 fail in practice). We use the bound above; {@link #paperEq7} evaluates Eq. 7 for the comparison tables.
 *
 * <p>Cost: O(1) per evaluation.
 */
public final class FpErrorBound {
    /** Unit roundoff of double: 2^-53. */
    public static final double U_DOUBLE = 0x1p-53;
    /** Unit roundoff of float: 2^-24. */
    public static final double U_FLOAT = 0x1p-24;
    /** The error of each double root of unity of {@link FpFft#twiddles} (see the class comment): 4 u. */
    public static final double BETA_DOUBLE = 4 * U_DOUBLE;
    /** The error of each float root of unity of {@link FpFftFloat}: 2^-24. */
    public static final double BETA_FLOAT = U_FLOAT;
    /**
     * The largest error the product route accepts from the bound (and from the run-time check):
     * 1/4, half of the 1/2 that rounding to the nearest integer needs, so that the check
     * fails only where the derivation's premises do.
     */
    public static final double SAFE_ERROR = 0.25;

    private FpErrorBound() {
    }

    /**
     * E(n) of the class comment for unit roundoff {@code u} and root error {@code beta}, rounded
     * upward (by a relative 2^-20, far above the few roundings of this evaluation).
     *
     * @throws IllegalArgumentException if logN is outside [0, 62] or t &ge; 1/2 (no bound)
     */
    public static double growth(int logN, double u, double beta) {
        if (logN < 0 || logN > 62) {
            throw new IllegalArgumentException("logN must be in [0, 62], got " + logN);
        }
        double t = (3.0 * logN + 3) * (u + beta) + (3.0 * logN + 4) * Math.sqrt(5) * u;
        if (!(t < 0.5)) {
            throw new IllegalArgumentException("no bound: t = " + t + " >= 1/2 for logN " + logN);
        }
        return 2 * t / (1 - t) * (1 + 0x1p-20);
    }

    /**
     * The proven bound on max |c'_i - c_i| for a double convolution by {@link FpFft#convolve}:
     * maxA maxB sqrt(la lb) E(logN).
     *
     * @throws IllegalArgumentException if a length is negative or a maximum is negative
     */
    public static double bound(double maxA, double maxB, long la, long lb, int logN) {
        return bound(maxA, maxB, la, lb, logN, U_DOUBLE, BETA_DOUBLE);
    }

    /** {@link #bound(double, double, long, long, int)} for the float twin ({@link FpFftFloat}). */
    public static double boundFloat(double maxA, double maxB, long la, long lb, int logN) {
        return bound(maxA, maxB, la, lb, logN, U_FLOAT, BETA_FLOAT);
    }

    private static double bound(double maxA, double maxB, long la, long lb, int logN, double u, double beta) {
        if (la < 0 || lb < 0 || !(maxA >= 0) || !(maxB >= 0)) {
            throw new IllegalArgumentException("lengths and maxima must be >= 0, got la=" + la + " lb=" + lb
                    + " maxA=" + maxA + " maxB=" + maxB);
        }
        return maxA * maxB * Math.sqrt((double) la * lb) * (1 + 0x1p-40) * growth(logN, u, beta);
    }

    /**
     * The ID-FFT paper's Eq. 7, 6 N^2 x^2 log2(N) eps, for N digits of base x (coefficient values
     * below x) and eps the unit roundoff; for the comparison tables only (not used to choose).
     */
    public static double paperEq7(long digits, double base, double eps) {
        double n = digits;
        return 6 * n * n * base * base * (Math.log(n) / Math.log(2)) * eps;
    }

    /** The smallest log2 N with 2^logN &ge; max(4, length): the transform length for a linear convolution of that length. */
    public static int logLength(long length) {
        long n = Math.max(4, length);
        return 64 - Long.numberOfLeadingZeros(n - 1);
    }

    /**
     * The largest digit size b (bits, balanced digits in [-2^(b-1), 2^(b-1)]) for which the
     * product of an aBits-bit and a bBits-bit magnitude by {@link FpIntegerProduct} is proven to
     * round within {@link #SAFE_ERROR}, at most {@code maxBits}; 0 when none is (the lengths
     * would pass 2^maxLogN points or no b &ge; 2 is proven).
     *
     * @throws IllegalArgumentException if a size is below 1 or maxBits is outside [2, 26]
     */
    public static int digitBits(long aBits, long bBits, int maxBits, int maxLogN) {
        if (aBits < 1 || bBits < 1) {
            throw new IllegalArgumentException("operand sizes must be >= 1 bit, got " + aBits + " and " + bBits);
        }
        if (maxBits < 2 || maxBits > 26) {
            throw new IllegalArgumentException("maxBits must be in [2, 26], got " + maxBits);
        }
        for (int b = maxBits; b >= 2; b--) {
            long la = FpDigits.digitCount(aBits, b);
            long lb = FpDigits.digitCount(bBits, b);
            int logN = logLength(la + lb - 1);
            if (logN > maxLogN) {
                continue;
            }
            double m = Math.scalb(1.0, b - 1);
            if (bound(m, m, la, lb, logN) < SAFE_ERROR) {
                return b;
            }
        }
        return 0;
    }
}
