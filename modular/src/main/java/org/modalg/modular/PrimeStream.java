package org.modalg.modular;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/**
 * The odd word-size primes p &lt; bound with 2^s | p - 1, in decreasing order, skipping those
 * that divide any of a set of given integers (typically leading coefficients or a known
 * divisor, so that every image has the expected degree or is invertible). Primes come from
 * {@link NttPrimes#largestBelow(long, int)}: deterministic, the same sequence on every machine.
 *
 * <p>Typical bounds: 2^62 (the largest word-size primes, for NTT-based algorithms),
 * 2^31 (so that a product of two residues fits a signed long with room for delayed
 * reduction), 2^26 (exact products in a double).
 *
 * <p>Cost: about ln(bound) / 2 primality tests per prime found with s = 0 (fewer candidates for
 * larger s), plus one {@link BigInteger} remainder per avoided value. Thread-safe: {@link #next()}
 * is synchronized, so workers may share a stream.
 */
public final class PrimeStream implements PrimeSource {
    private final long bound;
    private final int twoAdicOrder;
    private final BigInteger[] avoid;
    private final List<Long> skipped = new ArrayList<>();
    private long last;
    private int produced;

    private PrimeStream(long bound, int twoAdicOrder, BigInteger[] avoid) {
        if (bound < 4 || bound > ZpField.MAX_MODULUS_EXCLUSIVE) {
            throw new IllegalArgumentException("bound must be in [4, 2^62], got " + bound);
        }
        if (twoAdicOrder < 0 || twoAdicOrder > 61) {
            throw new IllegalArgumentException("twoAdicOrder must be in [0, 61], got " + twoAdicOrder);
        }
        if (avoid == null) {
            throw new IllegalArgumentException("avoid must not be null (pass no values instead)");
        }
        for (int i = 0; i < avoid.length; i++) {
            if (avoid[i] == null) {
                throw new IllegalArgumentException("avoid[" + i + "] must not be null");
            }
        }
        this.bound = bound;
        this.twoAdicOrder = twoAdicOrder;
        this.avoid = avoid.clone();
        this.last = bound;
    }

    /**
     * The odd primes below bound, decreasing, skipping divisors of the values in avoid (a zero
     * value is divisible by every prime and would exhaust the stream: callers pass non-zero
     * values).
     *
     * @param bound exclusive upper bound, 4 &lt;= bound &lt;= 2^62
     * @throws IllegalArgumentException if bound is out of range or avoid or an entry is null
     */
    public static PrimeStream below(long bound, BigInteger... avoid) {
        return new PrimeStream(bound, 0, avoid);
    }

    /**
     * The primes p &lt; bound with 2^s | p - 1 (NTT primes admitting transforms of length up to
     * 2^s), decreasing, skipping divisors of the values in avoid.
     *
     * @param bound exclusive upper bound, 4 &lt;= bound &lt;= 2^62
     * @param s the 2-adic order required, 0 &lt;= s &lt;= 61
     * @throws IllegalArgumentException if an argument is out of range or null
     */
    public static PrimeStream ntt(long bound, int s, BigInteger... avoid) {
        return new PrimeStream(bound, s, avoid);
    }

    /** The exclusive upper bound of the stream. */
    public long bound() {
        return bound;
    }

    /**
     * The next prime, smaller than all previous ones.
     *
     * @throws IllegalStateException if no further prime of the required form exists
     */
    @Override
    public synchronized long next() {
        while (true) {
            long p;
            try {
                p = last <= 3 ? 0 : NttPrimes.largestBelow(last, twoAdicOrder);
            } catch (IllegalArgumentException e) {
                p = 0;
            }
            if (p <= 2) {
                throw new IllegalStateException("prime stream exhausted: no further odd prime p < " + last
                        + " with 2^" + twoAdicOrder + " | p - 1 (after " + produced + " primes)");
            }
            last = p;
            if (divides(p)) {
                skipped.add(p);
                continue;
            }
            produced++;
            return p;
        }
    }

    /** How many primes this stream has returned. */
    @Override
    public synchronized int produced() {
        return produced;
    }

    /** The primes skipped because they divide one of the avoided values, in order. */
    public synchronized List<Long> skipped() {
        return Collections.unmodifiableList(new ArrayList<>(skipped));
    }

    private boolean divides(long p) {
        BigInteger bp = BigInteger.valueOf(p);
        for (BigInteger v : avoid) {
            if (v.mod(bp).signum() == 0) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "PrimeStream[bound=" + bound + ", 2^" + twoAdicOrder + " | p - 1, avoid "
                + Arrays.toString(avoid) + "]";
    }
}
