package org.modalg.modular.image;

/**
 * PA = LU of one integer matrix modulo each prime of a batch ({@link ImageEngine#factor}),
 * kept by the engine (on the device for a GPU engine) for batched triangular solves: what
 * p-adic (Dixon) lifting applies once per step. Close it to release the factors.
 */
public interface LuImages extends AutoCloseable {

    /** The matrix size n. */
    int size();

    /** The number of primes. */
    int count();

    /** Prime j. */
    long prime(int j);

    /** det A mod p_j (0 exactly when A is singular modulo p_j; such a prime has no factors). */
    long determinant(int j);

    /**
     * x_j = A^-1 b_j mod p_j for every prime j that A is regular modulo: b and x hold
     * {@link #count()} vectors of n residues, vector j at j n, entries of b_j in [0, p_j).
     * Rows of singular primes are left as they are in x.
     *
     * @throws IllegalArgumentException if b or x is null or shorter than count() n
     */
    void solve(long[] b, long[] x);

    /**
     * The argument check of {@link #solve}, shared by the engines' implementations: b and x
     * non-null, each holding count n residues. O(1).
     *
     * @throws IllegalArgumentException naming b and x and the length they must have
     */
    static void checkSolve(long[] b, long[] x, int count, int n) {
        if (b == null || x == null || b.length < (long) count * n || x.length < (long) count * n) {
            throw new IllegalArgumentException("b and x must hold count * n = " + (long) count * n + " residues");
        }
    }

    @Override
    void close();
}
