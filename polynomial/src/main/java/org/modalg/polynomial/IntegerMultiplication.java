package org.modalg.polynomial;

import java.math.BigInteger;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.modalg.fft.CpuNttEngine;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.NttEngine;
import org.modalg.fft.NttPlan;

/**
 * Integer multiplication as a client of polynomial multiplication (thesis chapter 5; the
 * NTT + CRT pipeline of the GPU polynomial multiplication paper): split each operand into
 * w-bit pieces (the coefficients of a polynomial evaluated at 2^w), multiply the polynomials
 * by a cyclic convolution modulo s word-size NTT primes (zero-padded so that it is the linear
 * product), recombine each coefficient by Garner's CRT and normalize the carries.
 *
 * <p>Choice of w and s: the coefficients of the product are below L (2^w - 1)^2 for L pieces,
 * so s primes whose product M exceeds that bound are enough. Two 62-bit primes (M about 2^123)
 * with w up to 52 bits cover every size modalg handles; the largest w that fits is taken
 * (fewer pieces, shorter transforms).
 *
 * <p>{@link #multiply} dispatches: BigInteger's own multiply (Karatsuba / Toom-3) below
 * {@link Tuning#intMulNttBits()} bits of the smaller operand, the NTT route above.
 *
 * <p>Cost: 3 NTTs of length n >= (bits(a) + bits(b)) / w per prime, O(n log n), plus O(n s^2)
 * CRT and O(n) splitting and carry passes.
 */
public final class IntegerMultiplication {
    private static final int PRIMES = 2;
    private static final CrtBasis BASIS = CrtBasis.forBits(120, 27);

    private IntegerMultiplication() {
    }

    /** a * b, by BigInteger below the measured threshold and by NTT + CRT above it. */
    public static BigInteger multiply(BigInteger a, BigInteger b) {
        check(a, "a");
        check(b, "b");
        if (Math.min(a.bitLength(), b.bitLength()) < Tuning.intMulNttBits()) {
            return a.multiply(b);
        }
        return multiplyNtt(a, b, CpuNttEngine.shared());
    }

    /** a^2 (one forward transform fewer than a general product). */
    public static BigInteger square(BigInteger a) {
        check(a, "a");
        if (a.bitLength() < Tuning.intMulNttBits()) {
            return a.multiply(a);
        }
        return multiplyNtt(a, a, CpuNttEngine.shared());
    }

    /**
     * a[i] * b[i] for every i, the pairs spread over all processors (each product with the
     * serial engine).
     */
    public static BigInteger[] multiplyAll(BigInteger[] a, BigInteger[] b) {
        if (a == null || b == null) {
            throw new IllegalArgumentException((a == null ? "a" : "b") + " must not be null");
        }
        if (a.length != b.length) {
            throw new IllegalArgumentException("a and b must have the same length, got " + a.length + " and " + b.length);
        }
        BigInteger[] out = new BigInteger[a.length];
        try (CpuNttEngine serial = new CpuNttEngine(1)) {
            ForkJoinPool pool = ForkJoinPool.commonPool();
            pool.submit(() -> IntStream.range(0, a.length).parallel().forEach(i -> {
                check(a[i], "a[" + i + "]");
                check(b[i], "b[" + i + "]");
                out[i] = Math.min(a[i].bitLength(), b[i].bitLength()) < Tuning.intMulNttBits()
                        ? a[i].multiply(b[i]) : multiplyNtt(a[i], b[i], serial);
            })).join();
        }
        return out;
    }

    /** a * b by NTT + CRT on the given engine, whatever the size (the explicit variant). */
    public static BigInteger multiplyNtt(BigInteger a, BigInteger b, NttEngine engine) {
        check(a, "a");
        check(b, "b");
        if (a.signum() == 0 || b.signum() == 0) {
            return BigInteger.ZERO;
        }
        boolean same = a == b;
        long[] la = Limbs.magnitude(a);
        long[] lb = same ? la : Limbs.magnitude(b);
        long bitsA = a.bitLength();
        long bitsB = b.bitLength();
        // largest w with L (2^w - 1)^2 < M, L = number of product coefficients (< 2^27)
        int w = 52;
        int log2n;
        while (true) {
            long pieces = (bitsA + w - 1) / w + (bitsB + w - 1) / w;
            log2n = 64 - Long.numberOfLeadingZeros(Math.max(1, pieces - 1));
            if (2 * w + log2n < 122 || w <= 16) {
                break;
            }
            w--;
        }
        if (log2n > NttPlan.MAX_LOG2N) {
            throw new IllegalArgumentException("operands too large for the NTT route: " + (bitsA + bitsB)
                    + " product bits (at most about " + ((long) w << NttPlan.MAX_LOG2N) + ")");
        }
        int n = 1 << log2n;
        long[] primes = BASIS.primes();
        long[] rowPrimes = java.util.Arrays.copyOf(primes, PRIMES);
        long[] fa = new long[PRIMES * n];
        Limbs.split(la, w, fa, 0);
        for (int j = 1; j < PRIMES; j++) { // pieces are < 2^52 < p: no reduction needed
            System.arraycopy(fa, 0, fa, j * n, n);
        }
        long[] out;
        if (same) {
            long[] fb = fa.clone();
            engine.cyclicConvolution(rowPrimes, log2n, fa, fb, fa, PRIMES);
            out = fa;
        } else {
            long[] fb = new long[PRIMES * n];
            Limbs.split(lb, w, fb, 0);
            for (int j = 1; j < PRIMES; j++) {
                System.arraycopy(fb, 0, fb, j * n, n);
            }
            engine.cyclicConvolution(rowPrimes, log2n, fa, fb, fa, PRIMES);
            out = fa;
        }
        long[] coeffs = new long[2 * n];
        BASIS.reconstructUnsigned(out, n, coeffs, 2);
        long[] limbs = Limbs.carryPieces(coeffs, n, w, (int) ((bitsA + bitsB + 63) / 64) + 1);
        BigInteger mag = Limbs.toBigInteger(limbs);
        return a.signum() * b.signum() < 0 ? mag.negate() : mag;
    }

    private static void check(BigInteger x, String name) {
        if (x == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
    }
}
