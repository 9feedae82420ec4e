package org.modalg.modular;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;

/**
 * Chinese remaindering of n values from their residues modulo many word-size primes at once:
 * up to {@link #GARNER_MAX} primes by Garner's algorithm in {@link CrtBasis} (word arithmetic
 * only, O(k^2) word products per value), above by {@link ProductTreeCrt} (the interpolation form
 * summed up a product tree, value by value on limbs over the options' threads: O(k L_g + M(L)
 * log k) per value for L-limb values). Both run over the values on the caller's threads.
 * Measured (modular/BENCHMARKS.md, 2026-11-26, 2-core VM, one thread, thread CPU time, 3000
 * values over primes below 2^26): 64 primes 6.5 us per value by Garner against 9 us by the tree,
 * 150 primes 31 against 12, 446 primes 263 against 70, 678 primes 618 against about 160.
 */
public final class MultiCrt {

    /** Up to this many primes one {@link CrtBasis} (Garner) serves; its constants take CHUNK^2 / 2 words. */
    public static final int CHUNK = 256;

    /**
     * Up to this many primes Garner's algorithm ({@link CrtBasis}), above the tree
     * ({@link ProductTreeCrt}): between the measured 64 (Garner ahead) and 150 (the tree ahead
     * 2.6x); under {@code -Dmodalg.crt.tree=batched}, {@link #CHUNK}.
     */
    public static final int GARNER_MAX = ProductTreeCrt.BATCHED ? CHUNK : 96;

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
        if (primes.length > GARNER_MAX) {
            return ProductTreeCrt.combine(primes, residues, n, symmetric, options);
        }
        CrtBasis basis = CrtBasis.of(primes);
        return basis.toBigIntegers(residues, n, symmetric, Math.max(1, options.threads()));
    }
}
