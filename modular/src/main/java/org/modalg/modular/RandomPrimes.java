package org.modalg.modular;

import java.util.HashSet;
import java.util.SplittableRandom;
import org.modalg.fields.NttPrimes;

/**
 * Distinct primes drawn uniformly at random, without replacement, from the primes of
 * [2^(b-1), 2^b), from a seed: the prime source of {@link org.modalg.fft.Certification#PROBABILISTIC} runs, and
 * the failure bound that goes with it.
 *
 * <p><b>Why random.</b> A fixed prime sequence has inputs that defeat early termination: a value
 * divisible by the first primes of the sequence looks like 0 modulo all of them. For primes
 * drawn at random, a fixed non-zero integer D with |D| &lt; 2^h has at most
 * w = floor((h - 1) / (b - 1)) prime divisors in [2^(b-1), 2^b) (their product, at least
 * 2^((b-1) w), is at most |D|), so a prime drawn uniformly from N of them divides D with
 * probability at most w / N, whatever D is; k further primes drawn without replacement after t
 * earlier ones all divide D with probability at most prod_{j &lt; k} w / (N - t - j)
 * ({@link #allDivideBound}). N is bounded from
 * below by Dusart's estimates of pi(x) ({@link #primeCountLowerBound}).
 *
 * <p>Sampling: a uniform odd integer of the range, kept when it is prime
 * ({@link NttPrimes#isPrime}, exact) and not drawn before; so every prime of the range not yet
 * drawn is equally likely. About (b ln 2) / 2 primality tests per prime (9 for b = 26). The same
 * seed gives the same sequence on every machine. Thread-safe ({@link #next()} is synchronized).
 */
public final class RandomPrimes implements PrimeSource {

    /** The smallest b accepted (Dusart's lower bound on pi(x) needs x &gt;= 599). */
    public static final int MIN_BITS = 10;

    /** The largest b accepted (the word-size fields take p &lt; 2^62). */
    public static final int MAX_BITS = 62;

    private final int bits;
    private final long seed;
    private final SplittableRandom random;
    private final HashSet<Long> drawn = new HashSet<>();
    private final long limit;

    private RandomPrimes(int bits, long seed) {
        this.bits = bits;
        this.seed = seed;
        this.random = new SplittableRandom(seed);
        // never draw more than half the primes of the range: the rejection of repeats stays cheap
        this.limit = (long) Math.min(Long.MAX_VALUE, primeCountLowerBound(bits) / 2);
    }

    /**
     * Primes drawn uniformly from [2^(bits-1), 2^bits).
     *
     * @param bits b, {@value #MIN_BITS} to {@value #MAX_BITS}
     * @param seed the seed of the draw (the same seed gives the same primes)
     * @throws IllegalArgumentException if bits is out of range
     */
    public static RandomPrimes inRange(int bits, long seed) {
        checkBits(bits);
        return new RandomPrimes(bits, seed);
    }

    /** b: the primes lie in [2^(b-1), 2^b). */
    public int bits() {
        return bits;
    }

    /** The seed this source was made with. */
    public long seed() {
        return seed;
    }

    /** The most primes one source hands out: half of {@link #primeCountLowerBound} of its range. */
    public long limit() {
        return limit;
    }

    /**
     * The next prime, different from all earlier ones.
     *
     * @throws IllegalStateException after {@link #limit()} primes
     */
    @Override
    public synchronized long next() {
        if (drawn.size() >= limit) {
            throw new IllegalStateException("random primes of " + bits + " bits exhausted: " + limit
                    + " drawn (half the primes of [2^" + (bits - 1) + ", 2^" + bits + "))");
        }
        long lo = 1L << (bits - 1);
        while (true) {
            long p = lo + (random.nextLong(lo) | 1L);
            if (NttPrimes.isPrime(p) && drawn.add(p)) {
                return p;
            }
        }
    }

    /** How many primes have been drawn. */
    @Override
    public synchronized int produced() {
        return drawn.size();
    }

    /**
     * A proven lower bound on the number of primes in [2^(bits-1), 2^bits):
     * pi(2^b) - pi(2^(b-1)) with Dusart's bounds (Math. Comp. 68, 1999):
     * pi(x) &gt;= x / ln x (1 + 1 / ln x) for x &gt;= 599 and pi(x) &lt;= x / ln x (1 + 1.2762 / ln x)
     * for x &gt; 1; rounded down (with a relative margin of 10^-9 for the floating-point error).
     * For b = 23 about 2.6 10^5 (the true count is 2.7 10^5), b = 26 about 1.8 10^6.
     *
     * @throws IllegalArgumentException if bits is outside [{@value #MIN_BITS}, {@value #MAX_BITS}]
     */
    public static double primeCountLowerBound(int bits) {
        checkBits(bits);
        double lnHi = bits * Math.log(2);
        double lnLo = (bits - 1) * Math.log(2);
        double hi = Math.scalb(1.0, bits) / lnHi * (1 + 1 / lnHi);
        double lo = Math.scalb(1.0, bits - 1) / lnLo * (1 + 1.2762 / lnLo);
        return Math.floor((hi - lo) * (1 - 1e-9));
    }

    /**
     * An upper bound on the probability that k primes drawn by a source of this range, after t
     * earlier draws, all divide a fixed non-zero integer D with |D| &lt; 2^valueBits (D may depend
     * on the earlier draws, not on these k): prod_{j &lt; k} min(1, w / (N - t - j)) with
     * w = floor(valueBits / (bits - 1)) and N = {@link #primeCountLowerBound}(bits).
     *
     * @throws IllegalArgumentException if an argument is negative or bits is out of range
     */
    public static double allDivideBound(long valueBits, int bits, long t, int k) {
        checkBits(bits);
        if (valueBits < 0 || t < 0 || k < 0) {
            throw new IllegalArgumentException("valueBits, t and k must be >= 0, got " + valueBits + ", " + t
                    + ", " + k);
        }
        double n = primeCountLowerBound(bits);
        double w = valueBits == 0 ? 0 : Math.floor((double) (valueBits - 1) / (bits - 1));
        double pr = 1;
        for (int j = 0; j < k; j++) {
            double avail = n - t - j;
            pr *= avail <= w ? 1 : w / avail;
        }
        return pr;
    }

    private static void checkBits(int bits) {
        if (bits < MIN_BITS || bits > MAX_BITS) {
            throw new IllegalArgumentException("bits must be in [" + MIN_BITS + ", " + MAX_BITS + "], got " + bits);
        }
    }

    @Override
    public String toString() {
        return "RandomPrimes[2^" + (bits - 1) + " <= p < 2^" + bits + ", seed " + seed + "]";
    }
}
