package org.modalg.fft;

/**
 * Batched number-theoretic transforms over word-size NTT primes (p &lt; 2^62, 2^log2n | p - 1).
 *
 * <p>Data layout: {@code rows} vectors of length n = 2^log2n, row i at
 * {@code data[i n .. (i + 1) n)}, row i taken modulo {@code rowPrimes[i]}; entries in [0, p).
 * Several rows may share a prime (many vectors) and several primes may appear (CRT).
 *
 * <p>Definition: forward(a)_j = sum_i a_i w^(i j) with w = {@code NttPrimes.primitiveRootOfUnity(p, log2n)},
 * natural order in and out; inverse is the exact inverse (scaled by 1/n). Every engine computes
 * exactly these values, so results are bit-identical across engines.
 */
public interface NttEngine {

    /** A short name for reports, e.g. {@code cpu(threads=2)}. */
    String name();

    /** In-place forward transform of every row. */
    void forward(long[] rowPrimes, int log2n, long[] data, int rows);

    /** In-place inverse transform of every row (including the factor 1/n). */
    void inverse(long[] rowPrimes, int log2n, long[] data, int rows);

    /**
     * out_i = a * b cyclic (mod x^n - 1), row by row; a and b are in coefficient form, are
     * overwritten with scratch data, and out may be a. Engines avoid reordering here.
     */
    void cyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows);

    /** As {@link #cyclicConvolution} modulo x^n + 1 (needs 2n | p - 1). */
    void negacyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows);
}
