package org.modalg.fields;

import java.math.BigInteger;

/**
 * The operations every prime field of modalg offers on elements stored in caller-owned
 * {@code long[]} arrays, so that generic code (the polynomial and modular layers, tests,
 * the command line) can work with any of them without an object per element.
 *
 * <p>An element occupies {@link #wordsPerElement()} consecutive {@code long}s starting at an
 * offset (element-major layout). Every method reads its inputs before writing its output, so
 * the output may alias an input exactly (same array, same offset); partially overlapping
 * ranges are not allowed.
 *
 * <p>Implementations: {@link ZpField} (word-size primes, one word per element),
 * {@link GfField} (generalized Fermat primes r^k + 1, k radix-r digits per element) and
 * {@link BigIntegerField} (any prime, the BigInteger baseline; limbs per element).
 * Their type-specific APIs are faster than this interface and are what hot loops use.
 */
public interface PrimeField {

    /** A short name for messages and reports, e.g. {@code GF8} or {@code Z/998244353}. */
    String name();

    /** The prime p. */
    BigInteger modulus();

    /** Number of {@code long}s one element occupies. */
    int wordsPerElement();

    /** Writes x mod p (any sign, any size) at {@code dst[off ..]}. */
    void fromBigInteger(BigInteger x, long[] dst, int off);

    /** The element at {@code src[off ..]} as an integer in [0, p). */
    BigInteger toBigInteger(long[] src, int off);

    /** c = a + b. */
    void add(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff);

    /** c = a - b. */
    void sub(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff);

    /** c = -a. */
    void neg(long[] a, int aOff, long[] c, int cOff);

    /** c = a * b. */
    void mul(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff);

    /** c = a^e; e may be negative (then a must be invertible). */
    void pow(long[] a, int aOff, BigInteger e, long[] c, int cOff);

    /** c = 1/a; throws {@link ArithmeticException} when a = 0. */
    void inv(long[] a, int aOff, long[] c, int cOff);

    /** Whether the element at {@code a[off ..]} is zero. */
    boolean isZero(long[] a, int off);

    /** A zeroed array holding {@code n} elements. */
    default long[] newElements(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        return new long[Math.multiplyExact(n, wordsPerElement())];
    }
}
