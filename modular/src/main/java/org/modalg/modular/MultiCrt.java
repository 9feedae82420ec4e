package org.modalg.modular;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;

/**
 * Chinese remaindering of n values from their residues modulo many word-size primes at once:
 * up to {@link #CHUNK} primes by Garner's algorithm in {@link CrtBasis} (word arithmetic only,
 * O(k^2) word products per value), above by {@link ProductTreeCrt} (the interpolation form summed
 * up a product tree whose levels are batched limb products, O(M(L) log k) per value for L-limb
 * values, on the CPU or, under {@code auto} / {@code gpu}, on a device batched integer engine).
 * Measured on the 2-core development VM (one thread, loaded, same run): 2000 values over 1024
 * 62-bit primes 16.9 s by chunked Garner with BigInteger merges against 13.9 s by the tree;
 * over 256 primes 1.0 s by Garner against 1.4 s by the tree (Garner kept there).
 */
public final class MultiCrt {

    /** Up to this many primes one {@link CrtBasis} (Garner) serves; its constants take CHUNK^2 / 2 words. */
    public static final int CHUNK = 256;

    private MultiCrt() {
    }

    /**
     * The n values x_i in the symmetric range (-M/2, M/2] (or unsigned [0, M)) with
     * x_i = residues[j n + i] mod primes[j] (prime-major layout, as {@link CrtBasis} and the
     * NTT engines write it).
     *
     * @param primes s &gt;= 1 distinct primes below 2^62
     * @param residues s n residues, each in [0, primes[j]) (or any unsigned 64-bit value, reduced)
     * @param n values per prime, &gt;= 0
     * @param symmetric whether to return the symmetric range
     * @param threads threads, &gt;= 1 (the backend: {@code auto})
     * @throws IllegalArgumentException if an argument is null or out of range, or primes are not
     *     distinct primes
     */
    public static BigInteger[] combine(long[] primes, long[] residues, int n, boolean symmetric, int threads) {
        return combine(primes, residues, n, symmetric, Options.defaults().withThreads(Math.max(1, threads)));
    }

    /**
     * As {@link #combine(long[], long[], int, boolean, int)} with the threads and the backend of
     * the batched products ({@link ProductTreeCrt}, above {@link #CHUNK} primes) from options.
     *
     * @throws IllegalArgumentException as the other form, or if options is null
     */
    public static BigInteger[] combine(long[] primes, long[] residues, int n, boolean symmetric, Options options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        if (primes == null || primes.length == 0) {
            throw new IllegalArgumentException("primes must hold at least one prime");
        }
        if (residues == null) {
            throw new IllegalArgumentException("residues must not be null");
        }
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        if (residues.length < (long) primes.length * n) {
            throw new IllegalArgumentException("residues must hold primes.length * n = " + primes.length + " * " + n
                    + " values, got " + residues.length);
        }
        long[] sorted = primes.clone();
        Arrays.sort(sorted);
        for (int j = 1; j < sorted.length; j++) {
            if (sorted[j] == sorted[j - 1]) {
                throw new IllegalArgumentException("primes must be distinct, but " + sorted[j] + " appears twice");
            }
        }
        if (primes.length > CHUNK) {
            return ProductTreeCrt.combine(primes, residues, n, symmetric, options);
        }
        CrtBasis basis = CrtBasis.of(primes);
        return basis.toBigIntegers(residues, n, symmetric, Math.max(1, options.threads()));
    }
}
