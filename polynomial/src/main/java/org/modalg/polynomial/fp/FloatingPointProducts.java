package org.modalg.polynomial.fp;

import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.modalg.fft.fp.FpErrorBound;
import org.modalg.fft.fp.FpFft;
import org.modalg.fft.fp.FpIntegerProduct;
import org.modalg.polynomial.integer.IntegerMultiplication;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Products by the floating-point FFT route with a proven error bound (the ID-FFT paper,
 * gpu-integer-multiplication-tiling-and-fft; issue 16), falling back to the exact routes so that
 * the answer is always exact.
 *
 * <ul>
 * <li>{@link #multiply(BigInteger, BigInteger)}: {@link FpIntegerProduct#tryMultiply} (balanced
 * digits of the size {@link FpErrorBound} proves, one double FFT of N points and one of N/2,
 * rounding with max |c - round(c)| checked on every product); when it declines or the check
 * fails, {@link IntegerMultiplication#multiply(BigInteger, BigInteger)} (the NTT + CRT
 * pipeline). O(n log n), single-threaded.
 * <li>{@link #multiply(ZZPoly, ZZPoly)}: Z[x] products with small coefficients: when every
 * coefficient fits in a long and the bound max|f| max|g| sqrt(Lf Lg) E(n) is below 1/4, one
 * double convolution of the coefficients, rounded and checked; else {@link ZZPoly#multiply(ZZPoly)}.
 * </ul>
 *
 * <p><b>Not the automatic choice.</b> Measured on the 2-core development machine under load
 * (polynomial/BENCHMARKS.md, "floating-point route"), the exact double-precision NTT route of
 * {@link IntegerMultiplication} is faster at every size from 10^4 to 10^7 bits: its pieces carry
 * about 115 bits per coefficient against the 12 to 17 bits the proof allows a double FFT. So
 * {@link IntegerMultiplication#multiply} does not route here; this class is the explicit entry.
 *
 * <p>{@link #fallbacks()} counts the products that took an exact route since the JVM started.
 */
public final class FloatingPointProducts {
    private static final AtomicLong FALLBACKS = new AtomicLong();

    private FloatingPointProducts() {
    }

    /**
     * a b, exact: the floating-point route when it is proven and its check passes, else the exact
     * NTT route (class comment).
     *
     * @throws IllegalArgumentException if an operand is null
     * @throws ArithmeticException if the product is beyond BigInteger's range
     */
    public static BigInteger multiply(BigInteger a, BigInteger b) {
        if (a == null || b == null) {
            throw new IllegalArgumentException("operands must not be null");
        }
        FpIntegerProduct.Outcome o = FpIntegerProduct.tryMultiply(a, b);
        if (o.product() != null) {
            return o.product();
        }
        FALLBACKS.incrementAndGet();
        return IntegerMultiplication.multiply(a, b);
    }

    /**
     * a b with a forced, possibly unproven, digit size: the floating-point result is used only
     * when the size is proven ({@link FpIntegerProduct.Outcome#bound()} below 1/4) and the check
     * passes; otherwise the exact route. For the tests of the fall-back path; exact always.
     *
     * @throws IllegalArgumentException if an operand is null or digitBits is outside [2, 26]
     */
    static BigInteger multiplyWithDigitBits(BigInteger a, BigInteger b, int digitBits) {
        FpIntegerProduct.Outcome o = FpIntegerProduct.tryMultiplyUnproven(a, b, digitBits);
        if (o.product() != null && o.bound() < FpErrorBound.SAFE_ERROR) {
            return o.product();
        }
        FALLBACKS.incrementAndGet();
        return IntegerMultiplication.multiply(a, b);
    }

    /**
     * f g over Z, exact: by one double convolution of the coefficients when they fit in a long
     * and the error bound is below 1/4 (and the check passes), else by {@link ZZPoly#multiply(ZZPoly)}.
     * Cost O(n log n) on the floating-point path.
     *
     * @throws IllegalArgumentException if an operand is null
     */
    public static ZZPoly multiply(ZZPoly f, ZZPoly g) {
        if (f == null || g == null) {
            throw new IllegalArgumentException("operands must not be null");
        }
        if (f.isZero() || g.isZero()) {
            return ZZPoly.zero();
        }
        long[] rounded = tryConvolve(f, g);
        if (rounded == null) {
            FALLBACKS.incrementAndGet();
            return f.multiply(g);
        }
        return ZZPoly.of(rounded);
    }

    // the rounded convolution of the coefficients, or null when unproven or the check fails
    private static long[] tryConvolve(ZZPoly f, ZZPoly g) {
        if (f.maxCoefficientBits() > 53 || g.maxCoefficientBits() > 53) {
            return null;
        }
        int lf = f.length();
        int lg = g.length();
        int logN = FpErrorBound.logLength((long) lf + lg - 1);
        if (logN > FpFft.MAX_LOG_N) {
            return null;
        }
        double[] a = new double[lf];
        double[] b = new double[lg];
        double ma = fill(f, a);
        double mb = fill(g, b);
        if (!(FpErrorBound.bound(ma, mb, lf, lg, logN) < FpErrorBound.SAFE_ERROR)) {
            return null;
        }
        double[] c = new double[lf + lg - 1];
        FpFft.convolve(a, lf, b, lg, c);
        long[] r = new long[c.length];
        if (!(FpIntegerProduct.roundAll(c, c.length, r) <= FpErrorBound.SAFE_ERROR)) {
            return null;
        }
        return r;
    }

    // a[i] = coefficient i (exact: at most 53 bits); returns max |a_i|
    private static double fill(ZZPoly p, double[] a) {
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            a[i] = p.coefficient(i).doubleValue();
            max = Math.max(max, Math.abs(a[i]));
        }
        return max;
    }

    /** The products that took an exact route (declined, unproven or check failed) since the JVM started. */
    public static long fallbacks() {
        return FALLBACKS.get();
    }
}
