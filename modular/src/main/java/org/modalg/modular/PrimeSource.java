package org.modalg.modular;

import java.util.Arrays;

/**
 * Where a multimodular algorithm takes its word-size primes from: {@link PrimeStream} (the
 * primes below a bound, decreasing, deterministic; proven runs) or {@link RandomPrimes} (drawn
 * at random from a range; probabilistic runs). Implementations are thread-safe.
 */
public interface PrimeSource {

    /**
     * The next prime.
     *
     * @throws IllegalStateException if the source is exhausted
     */
    long next();

    /** How many primes this source has returned. */
    int produced();

    /**
     * The next {@code count} primes, in order, as one atomic draw.
     *
     * @throws IllegalArgumentException if count is negative
     */
    default long[] next(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, got " + count);
        }
        long[] out = new long[count];
        synchronized (this) {
            for (int i = 0; i < count; i++) {
                out[i] = next();
            }
        }
        return out;
    }

    /**
     * The fewest next primes, in order, whose product exceeds 2^bits (counting floor(log2 p)
     * bits per prime, a lower bound).
     *
     * @throws IllegalArgumentException if bits is negative
     */
    default long[] nextCovering(long bits) {
        if (bits < 0) {
            throw new IllegalArgumentException("bits must be >= 0, got " + bits);
        }
        long[] out = new long[16];
        int n = 0;
        long covered = 0;
        synchronized (this) {
            while (covered < bits) {
                long p = next();
                if (n == out.length) {
                    out = Arrays.copyOf(out, 2 * n);
                }
                out[n++] = p;
                covered += 63 - Long.numberOfLeadingZeros(p);
            }
        }
        return Arrays.copyOf(out, n);
    }
}
