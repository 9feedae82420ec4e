package org.modalg.fft.fp;

import java.math.BigInteger;

/**
 * Integer products by the double-precision FFT with rounding (the ID-FFT paper,
 * gpu-integer-multiplication-tiling-and-fft, "Real-ID" with the digit size chosen by a proof):
 * split |a| and |b| into balanced b-bit digits, convolve them by {@link FpFft#convolve}, round
 * every coefficient to the nearest integer, check max |c' - round(c')| &le;
 * {@link FpErrorBound#SAFE_ERROR}, and assemble the limbs ({@link FpDigits#assemble}).
 *
 * <p>The digit size b is the largest for which {@link FpErrorBound} proves every coefficient
 * within 1/4 of its integer ({@link FpErrorBound#digitBits}); for two operands of n bits:
 * 17-bit digits at n = 10^4 (2^11 points), 15 at 10^5 (2^14), 13 at 10^6 (2^18), 11 at 10^7
 * (2^21), 9 at 10^8 (2^25), 8 up to about 5.4 10^8 (filling 2^27 points); beyond, the route
 * declines ({@link #provenDigitBits}). The run-time check guards the derivation: when it fails, or when no digit size is proven (more
 * than 2^{@value FpFft#MAX_LOG_N} points), the outcome carries no product and the caller takes
 * an exact route ({@code org.modalg.polynomial.fp.FloatingPointProducts} does). This class never
 * returns a product the check did not pass.
 *
 * <p>Cost: one complex FFT of N points and one of N/2, N = 2^ceil(log2(La + Lb - 1)) for La, Lb
 * digits, plus O(N) splitting, rounding and carries; single-threaded.
 */
public final class FpIntegerProduct {
    /** The largest digit size tried: 24 bits (coefficient products stay far below 2^53). */
    public static final int MAX_DIGIT_BITS = 24;

    /** What happened to one product. */
    public enum Status {
        /** The product was computed and every coefficient passed the check. */
        EXACT,
        /** No digit size is proven for these sizes (or a forced size is not allowed): not attempted. */
        DECLINED,
        /** The check found a coefficient more than {@link FpErrorBound#SAFE_ERROR} from an integer. */
        CHECK_FAILED
    }

    /**
     * The outcome of one product: the product (null unless {@link Status#EXACT}), the digit size,
     * log2 of the transform length, the largest distance of a coefficient from its integer
     * (NaN when not attempted), and the proven bound for these lengths (NaN when none).
     */
    public record Outcome(BigInteger product, Status status, int digitBits, int logN, double maxError, double bound) {
    }

    private FpIntegerProduct() {
    }

    /**
     * The proven digit size for an aBits-bit by bBits-bit product ({@link FpErrorBound#digitBits}
     * capped at {@link #MAX_DIGIT_BITS} and 2^{@value FpFft#MAX_LOG_N} points), 0 if none.
     */
    public static int provenDigitBits(long aBits, long bBits) {
        return FpErrorBound.digitBits(Math.max(1, aBits), Math.max(1, bBits), MAX_DIGIT_BITS, FpFft.MAX_LOG_N);
    }

    /**
     * a b by the floating-point route with the proven digit size, or an outcome without a product
     * (declined or check failed; see the class comment). Zero operands give ZERO at once.
     *
     * @throws IllegalArgumentException if an operand is null
     */
    public static Outcome tryMultiply(BigInteger a, BigInteger b) {
        check(a, b);
        if (a.signum() == 0 || b.signum() == 0) {
            return new Outcome(BigInteger.ZERO, Status.EXACT, 0, 0, 0, 0);
        }
        int bits = provenDigitBits(a.abs().bitLength(), b.abs().bitLength());
        if (bits == 0) {
            return new Outcome(null, Status.DECLINED, 0, 0, Double.NaN, Double.NaN);
        }
        return run(a, b, bits);
    }

    /**
     * a b with the digit size forced to {@code digitBits}, proven or not: for the error studies
     * and for the tests of the check. Beyond the proven size a passing check is evidence, not a
     * proof (an error above 1/2 may round to a wrong integer yet land within 1/4 of it); the
     * outcome's {@link Outcome#bound()} then exceeds 1/4, and a caller that needs exactness must
     * not use the product then. {@link #tryMultiply(BigInteger, BigInteger)} never does this.
     *
     * @throws IllegalArgumentException if an operand is null or digitBits is outside [2, 26]
     */
    public static Outcome tryMultiplyUnproven(BigInteger a, BigInteger b, int digitBits) {
        check(a, b);
        if (digitBits < 2 || digitBits > 26) {
            throw new IllegalArgumentException("digitBits must be in [2, 26], got " + digitBits);
        }
        if (a.signum() == 0 || b.signum() == 0) {
            return new Outcome(BigInteger.ZERO, Status.EXACT, digitBits, 0, 0, 0);
        }
        long la = FpDigits.digitCount(a.abs().bitLength(), digitBits);
        long lb = FpDigits.digitCount(b.abs().bitLength(), digitBits);
        if (FpErrorBound.logLength(la + lb - 1) > FpFft.MAX_LOG_N) {
            return new Outcome(null, Status.DECLINED, digitBits, 0, Double.NaN, Double.NaN);
        }
        return run(a, b, digitBits);
    }

    private static void check(BigInteger a, BigInteger b) {
        if (a == null || b == null) {
            throw new IllegalArgumentException("operands must not be null");
        }
    }

    private static Outcome run(BigInteger a, BigInteger b, int bits) {
        BigInteger ma = a.abs();
        BigInteger mb = b.abs();
        int la = (int) FpDigits.digitCount(ma.bitLength(), bits);
        int lb = (int) FpDigits.digitCount(mb.bitLength(), bits);
        int lc = la + lb - 1;
        int logN = FpErrorBound.logLength(lc);
        double m = Math.scalb(1.0, bits - 1);
        double bound = FpErrorBound.bound(m, m, la, lb, logN);
        double[] da = new double[la];
        FpDigits.balancedDigits(FpDigits.magnitudeLimbs(ma), ma.bitLength(), bits, da);
        double[] db;
        if (ma.equals(mb)) {
            db = da;
        } else {
            db = new double[lb];
            FpDigits.balancedDigits(FpDigits.magnitudeLimbs(mb), mb.bitLength(), bits, db);
        }
        double[] c = new double[lc];
        FpFft.convolve(da, la, db, lb, c);
        long[] rounded = new long[lc];
        double maxError = roundAll(c, lc, rounded);
        if (!(maxError <= FpErrorBound.SAFE_ERROR)) {
            return new Outcome(null, Status.CHECK_FAILED, bits, logN, maxError, bound);
        }
        long[] limbs = new long[FpDigits.limbCount(lc, bits)];
        FpDigits.assemble(rounded, lc, bits, limbs);
        BigInteger p = FpDigits.fromLimbs(limbs, limbs.length);
        return new Outcome(a.signum() * b.signum() < 0 ? p.negate() : p, Status.EXACT, bits, logN, maxError, bound);
    }

    /**
     * rounded[i] = round(c[i]) for i &lt; count; returns max |c[i] - round(c[i])| (NaN or
     * infinity, or a value beyond 2^53, count as an infinite error).
     */
    public static double roundAll(double[] c, int count, long[] rounded) {
        double max = 0;
        for (int i = 0; i < count; i++) {
            double x = c[i];
            double r = Math.rint(x);
            double e = Math.abs(x - r);
            if (!(Math.abs(r) <= 0x1p53)) { // NaN, infinite, or beyond exact integers
                e = Double.POSITIVE_INFINITY;
                r = 0;
            }
            if (e > max) {
                max = e;
            }
            rounded[i] = (long) r;
        }
        return max;
    }
}
