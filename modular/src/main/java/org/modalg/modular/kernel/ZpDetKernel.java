package org.modalg.modular.kernel;


/**
 * Determinant modulo one word-size prime p &lt; 2^{@value #MAX_PRIME_BITS} by Gaussian
 * elimination on rows of doubles with delayed reduction, the inner kernel of the CRT route of
 * {@link org.modalg.modular.mat.Determinant}.
 *
 * <p>Why doubles: the row update a_ij -= f a_kj is then a plain multiply-subtract that the JIT
 * vectorizes (AVX2), where a modular update on longs is not vectorized (no 64-bit vector
 * multiply on AVX2). Measured on the 2-core AMD EPYC VM, JDK 17, n = 400: 5.8 ms per prime of
 * 23 bits (0.25 ms per bit of modulus) against 55 ms per 31-bit prime with Shoup multiplication on
 * longs; 20, 24 and 26-bit primes took 0.27, 0.27 and 0.35 ms per bit.
 *
 * <p>Delayed reduction: entries are exact integers in doubles. Reduced entries lie in [0, p);
 * each elimination step subtracts at most (p-1)^2 from every trailing entry, so after t steps
 * since the last reduction |a_ij| &lt; p + t (p-1)^2, exact while below 2^53. With p &lt; 2^23
 * that allows 128 steps between reductions of the trailing matrix. Only the pivot column and
 * pivot row are reduced at every step (O(n) each). Cost: n^3/3 multiply-subtracts plus
 * O(n^2 + n^3 / (128 n)) reductions. The elimination itself is {@link ZpLu#eliminate}, which
 * takes two pivot rows per pass over the trailing rows (3.75 instead of 5.1 ms at n = 400,
 * measured under load).
 */
public final class ZpDetKernel {

    /** Primes are below 2^MAX_PRIME_BITS (the measured optimum, see the class comment). */
    public static final int MAX_PRIME_BITS = 23;

    private ZpDetKernel() {
    }

    /**
     * det(a) mod p, destroying a. Rows a[0..n) of length n hold exact integers in [0, p).
     *
     * @param p an odd prime below 2^{@value #MAX_PRIME_BITS} (not checked)
     */
    public static long det(double[][] a, int n, long p) {
        return ZpLu.eliminate(a, n, p, new int[n], new double[n]);
    }
}
