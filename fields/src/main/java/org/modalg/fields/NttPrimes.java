package org.modalg.fields;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Primality and primes suited to number-theoretic transforms: word-size primes p = c * 2^s + 1
 * (so that Z/pZ contains the 2^s-th roots of unity a power-of-two NTT needs) and their roots
 * of unity.
 *
 * <p>All methods are deterministic: the same arguments give the same primes and roots on every
 * machine, which keeps transform results and test failures reproducible.
 *
 * <p><b>Prime sets.</b> Every prime set of the library is a prefix of one sequence: the
 * largest primes p &lt; bound with 2^s | p - 1, in decreasing order ({@link #generate}).
 * {@link #fewestAbove(BigInteger, long, int)} (and its {@code int bits} twin) is the one
 * chooser of "the fewest primes whose product exceeds a bound"; both read one process-wide
 * cache of these sequences, grown on demand, so a prime set is searched for once per JVM.
 *
 * <p>Dependencies: this class uses only {@link UnsignedDivider}; {@code ZpField} depends on it
 * (for {@link #isPrime}), not the other way round (no class cycle).
 */
public final class NttPrimes {

    // The first twelve primes. As Miller-Rabin bases they decide primality for every
    // n < 3.3 * 10^24 (Sorenson and Webster 2015), hence for every 64-bit n; as trial divisors
    // they discard most composites before the expensive test.
    private static final long[] BASES = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};

    /** Exclusive upper bound on every prime this class returns: 2^62 (as {@code ZpField}'s moduli). */
    public static final long MAX_PRIME_EXCLUSIVE = 1L << 62;

    /** The most primes {@link #fewestAbove} returns. */
    public static final int MAX_FEWEST = 1 << 16;

    // (bound, s) -> the largest primes below bound with 2^s | p - 1, decreasing, a prefix of
    // every longer list for the same key. Entries only grow; arrays are never handed out.
    private static final ConcurrentHashMap<Key, long[]> SEQUENCES = new ConcurrentHashMap<>();

    private record Key(long bound, int order) {
    }

    private NttPrimes() {
    }

    /**
     * Whether n is prime, exactly, for every {@code long} n (n &lt; 2 is not prime).
     * Trial division by the primes up to 37, then deterministic Miller-Rabin to the twelve
     * bases 2, 3, ..., 37. Cost: O(log n) modular multiplications per base, O(12 log n) in all
     * (about 1500 for n near 2^63); composites with a small factor cost O(1).
     */
    public static boolean isPrime(long n) {
        if (n < 2) {
            return false;
        }
        for (long q : BASES) {
            if (n == q) {
                return true;
            }
            if (n % q == 0) {
                return false;
            }
        }
        if (n < 41 * 41) {
            return true; // no prime factor <= 37 and n < 41^2, the square of the next prime
        }
        if (n < SMALL_LIMIT) {
            return isPrimeSmall(n);
        }
        // n - 1 = d * 2^s with d odd.
        long d = n - 1;
        int s = Long.numberOfTrailingZeros(d);
        d >>>= s;
        UnsignedDivider div = new UnsignedDivider(n);
        for (long a : BASES) {
            if (!passesStrongTest(a, d, s, n, div)) {
                return false;
            }
        }
        return true;
    }

    // Below 2^31 the bases 2, 3, 5, 7 are enough (they have no common strong pseudoprime below
    // 3 215 031 751; Jaeschke 1993) and products of residues fit a long: plain % arithmetic.
    private static final long SMALL_LIMIT = 1L << 31;

    private static boolean isPrimeSmall(long n) {
        long d = n - 1;
        int s = Long.numberOfTrailingZeros(d);
        d >>>= s;
        for (long a : new long[] {2, 3, 5, 7}) {
            long x = 1;
            long b = a;
            for (long e = d; e > 0; e >>>= 1) {
                if ((e & 1) != 0) {
                    x = x * b % n;
                }
                b = b * b % n;
            }
            if (x == 1 || x == n - 1) {
                continue;
            }
            boolean composite = true;
            for (int r = 1; r < s; r++) {
                x = x * x % n;
                if (x == n - 1) {
                    composite = false;
                    break;
                }
            }
            if (composite) {
                return false;
            }
        }
        return true;
    }

    // Whether n is a strong probable prime to base a (a < n), n - 1 = d * 2^s with d odd.
    private static boolean passesStrongTest(long a, long d, int s, long n, UnsignedDivider div) {
        long x = powMod(a, d, n, div);
        if (x == 1 || x == n - 1) {
            return true;
        }
        for (int i = 1; i < s; i++) {
            x = mulMod(x, x, div);
            if (x == n - 1) {
                return true;
            }
            if (x == 1) {
                return false; // a non-trivial square root of 1: composite
            }
        }
        return false;
    }

    // a * b mod n for 0 <= a, b < n < 2^63: the high word of ab is < n, as the divider needs.
    private static long mulMod(long a, long b, UnsignedDivider div) {
        return div.remainder(Math.multiplyHigh(a, b), a * b);
    }

    private static long powMod(long a, long e, long n, UnsignedDivider div) {
        long result = 1;
        long base = a % n;
        while (e != 0) {
            if ((e & 1) != 0) {
                result = mulMod(result, base, div);
            }
            e >>>= 1;
            if (e != 0) {
                base = mulMod(base, base, div);
            }
        }
        return result;
    }

    /**
     * The 2-adic order of p - 1: the largest s with 2^s dividing p - 1, so that Z/pZ has
     * transforms of every length up to 2^s. O(1). Primality of p is not checked.
     *
     * @param p a value &gt;= 2 (normally a prime)
     * @throws IllegalArgumentException if p &lt; 2
     */
    public static int twoAdicOrder(long p) {
        if (p < 2) {
            throw new IllegalArgumentException("p must be >= 2, got " + p);
        }
        return Long.numberOfTrailingZeros(p - 1);
    }

    /**
     * The largest prime p &lt; bound with 2^minTwoAdicOrder dividing p - 1.
     * Scans p = c * 2^s + 1 downwards in c. Primes are spread about evenly over the odd
     * residues, so about ln(bound) / 2 candidates are tried (around 22 near 2^62), each
     * O(log bound) multiplications: O(log^2 bound) expected in all.
     *
     * @param bound exclusive upper bound, 3 &lt;= bound &lt;= 2^62 (so p &lt; 2^62)
     * @param minTwoAdicOrder s, with 0 &lt;= s &lt;= 61
     * @throws IllegalArgumentException if an argument is out of range or no such prime exists
     */
    public static long largestBelow(long bound, int minTwoAdicOrder) {
        checkBoundAndOrder(bound, minTwoAdicOrder);
        long[] primes = new long[1];
        if (scan(primes, 0, bound, minTwoAdicOrder) == 0) {
            throw new IllegalArgumentException("no prime p < bound = " + bound + " has 2^"
                    + minTwoAdicOrder + " | p - 1 (minTwoAdicOrder = " + minTwoAdicOrder + ")");
        }
        return primes[0];
    }

    /**
     * The {@code count} largest primes p &lt; bound with 2^minTwoAdicOrder dividing p - 1,
     * distinct and in decreasing order. Expected cost O(count * log^2 bound) (see
     * {@link #largestBelow(long, int)}); when fewer than count exist, the scan visits all
     * bound / 2^s candidates before it throws.
     *
     * @param count how many primes, &gt;= 0
     * @param bound exclusive upper bound, 3 &lt;= bound &lt;= 2^62 (so every p &lt; 2^62)
     * @param minTwoAdicOrder s, with 0 &lt;= s &lt;= 61
     * @throws IllegalArgumentException if an argument is out of range or fewer than count such
     *     primes exist
     */
    public static long[] generate(int count, long bound, int minTwoAdicOrder) {
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, got " + count);
        }
        checkBoundAndOrder(bound, minTwoAdicOrder);
        long candidates = (bound - 2) >>> minTwoAdicOrder;
        if (count > candidates) { // cheap early rejection, before allocating or scanning
            throw new IllegalArgumentException("count = " + count + " is too large: only "
                    + candidates + " numbers c * 2^" + minTwoAdicOrder + " + 1 < " + bound + " exist");
        }
        return Arrays.copyOf(sequence(count, bound, minTwoAdicOrder), count);
    }

    // The cached sequence for (bound, s), at least count long (may be longer).
    private static long[] sequence(int count, long bound, int s) {
        Key key = new Key(bound, s);
        long[] have = SEQUENCES.get(key);
        if (have != null && have.length >= count) {
            return have;
        }
        synchronized (SEQUENCES) {
            have = SEQUENCES.get(key);
            if (have != null && have.length >= count) {
                return have;
            }
            int start = have == null ? 0 : have.length;
            // Grow geometrically so that a stream of slightly longer requests scans once.
            int want = Math.max(count, Math.min(2 * start, count + 64));
            long[] primes = have == null ? new long[want] : Arrays.copyOf(have, want);
            long next = start == 0 ? bound : primes[start - 1];
            int found = start + (next <= 2 ? 0 : scan(primes, start, next, s));
            if (found < count) {
                throw new IllegalArgumentException("count = " + count + " is too large: only " + found
                        + " primes p < " + bound + " have 2^" + s + " | p - 1");
            }
            long[] grown = found == primes.length ? primes : Arrays.copyOf(primes, found);
            SEQUENCES.put(key, grown);
            return grown;
        }
    }

    /**
     * The fewest primes whose product exceeds {@code target}: the shortest prefix of
     * {@link #generate}'s sequence (the largest primes p &lt; bound with 2^minTwoAdicOrder | p - 1,
     * decreasing) with product M &gt; target. So every integer in [0, target] is determined by
     * its residues, and every integer v with 2 |v| &lt;= target by its symmetric residues
     * (pass target = 2 * bound on |v| for a signed CRT). The one prime chooser of the library:
     * CRT bases ({@code CrtBasis.forBits}, {@code forSignedBound}), the double-precision NTT
     * routes (bound 2^50) and the 62-bit NTT routes all take their primes here. Cached (see the
     * class comment): after the first call for (bound, s) the cost is O(length) multiplications
     * of BigIntegers, about length^2 words.
     *
     * @param target a value &gt;= 0 (M &gt; target; target = 0 gives one prime)
     * @param bound exclusive upper bound on the primes, 3 &lt;= bound &lt;= 2^62
     * @param minTwoAdicOrder s, 0 &lt;= s &lt;= 61: the transform length 2^s the primes must support
     * @return a fresh array of the primes, decreasing
     * @throws IllegalArgumentException naming the parameter if target is null or negative, bound
     *     or s out of range, or if more than {@value #MAX_FEWEST} primes (or more than exist) would
     *     be needed
     */
    public static long[] fewestAbove(BigInteger target, long bound, int minTwoAdicOrder) {
        if (target == null) {
            throw new IllegalArgumentException("target must not be null");
        }
        if (target.signum() < 0) {
            throw new IllegalArgumentException("target must be >= 0, got " + target);
        }
        checkBoundAndOrder(bound, minTwoAdicOrder);
        int bitsPerPrime = Math.max(1, 63 - Long.numberOfLeadingZeros(bound - 1)); // floor(log2 p) for p near bound
        long guess = target.bitLength() / bitsPerPrime + 1;
        if (guess > MAX_FEWEST) {
            throw new IllegalArgumentException("target of " + target.bitLength() + " bits needs more than MAX_FEWEST = "
                    + MAX_FEWEST + " primes below " + bound);
        }
        int count = (int) guess;
        while (true) {
            long[] seq;
            try {
                seq = sequence(count, bound, minTwoAdicOrder);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("target of " + target.bitLength() + " bits: too few primes p < "
                        + bound + " with 2^" + minTwoAdicOrder + " | p - 1 (minTwoAdicOrder = " + minTwoAdicOrder
                        + "): " + e.getMessage(), e);
            }
            // The product of the first j primes, compared through a product tree would be
            // faster for thousands of primes; the linear product is O(count^2) words.
            BigInteger m = BigInteger.ONE;
            for (int j = 0; j < count; j++) {
                m = m.multiply(BigInteger.valueOf(seq[j]));
                if (m.compareTo(target) > 0) {
                    return Arrays.copyOf(seq, j + 1);
                }
            }
            if (count >= MAX_FEWEST) {
                throw new IllegalArgumentException("target of " + target.bitLength()
                        + " bits needs more than MAX_FEWEST = " + MAX_FEWEST + " primes below " + bound
                        + " with 2^" + minTwoAdicOrder + " | p - 1");
            }
            int missing = target.bitLength() - m.bitLength() + 1;
            int smallest = Math.max(1, 63 - Long.numberOfLeadingZeros(seq[count - 1]));
            count = (int) Math.min(MAX_FEWEST, count + Math.max(1, missing / smallest + 1));
        }
    }

    /**
     * {@link #fewestAbove(BigInteger, long, int)} with target = 2^bits - 1: the fewest primes
     * with product M &gt;= 2^bits, so every unsigned value of {@code bits} bits is determined by
     * its residues (and every signed value of bits - 1 bits plus sign by its symmetric ones).
     *
     * @param bits &gt;= 0
     * @param bits in [0, 62 {@value #MAX_FEWEST}]
     * @throws IllegalArgumentException as {@link #fewestAbove(BigInteger, long, int)}, or if bits
     *     is out of range
     */
    public static long[] fewestAbove(int bits, long bound, int minTwoAdicOrder) {
        if (bits < 0 || bits > MAX_FEWEST * 62) {
            throw new IllegalArgumentException("bits must be in [0, " + (MAX_FEWEST * 62)
                    + "] (at most MAX_FEWEST = " + MAX_FEWEST + " primes below 2^62), got " + bits);
        }
        return fewestAbove(BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE), bound, minTwoAdicOrder);
    }

    private static void checkBoundAndOrder(long bound, int minTwoAdicOrder) {
        if (bound < 3 || bound > MAX_PRIME_EXCLUSIVE) {
            throw new IllegalArgumentException("bound must be in [3, 2^62], got " + bound);
        }
        if (minTwoAdicOrder < 0 || minTwoAdicOrder > 61) {
            throw new IllegalArgumentException(
                    "minTwoAdicOrder must be in [0, 61], got " + minTwoAdicOrder);
        }
    }

    // Fills primes[from..] with the largest primes c * 2^s + 1 < bound, in decreasing order, and
    // returns how many it found (fewer than primes.length - from when the candidates run out).
    private static int scan(long[] primes, int from, long bound, int s) {
        int found = 0;
        // Largest c with c * 2^s + 1 < bound, i.e. c * 2^s <= bound - 2.
        for (long c = (bound - 2) >>> s; c >= 1 && from + found < primes.length; c--) {
            long candidate = (c << s) + 1;
            if (isPrime(candidate)) {
                primes[from + found++] = candidate;
            }
        }
        return found;
    }

    /**
     * A primitive 2^log2n-th root of unity in Z/pZ: w with w^(2^log2n) = 1 and, for
     * log2n &gt;= 1, w^(2^(log2n - 1)) = p - 1. Deterministic: with 2^s exactly dividing
     * p - 1, it takes the smallest a &gt;= 2 whose g = a^((p-1)/2^s) has order 2^s (exactly the
     * quadratic non-residues a), and returns g^(2^(s - log2n)). The smallest non-residue is
     * small in practice (O(log^2 p) under GRH), so the cost is O(log p) multiplications per
     * trial, O(log p) trials at worst in practice, plus the primality check of p.
     *
     * @param p a prime with 2 &lt;= p &lt; 2^62
     * @param log2n the base-2 logarithm of the order, 0 &lt;= log2n &lt;= twoAdicOrder(p)
     * @throws IllegalArgumentException if p is not such a prime, or 2^log2n does not divide
     *     p - 1
     */
    public static long primitiveRootOfUnity(long p, int log2n) {
        if (p < 2 || p >= MAX_PRIME_EXCLUSIVE) {
            throw new IllegalArgumentException("p must be a prime in [2, 2^62), got " + p);
        }
        if (!isPrime(p)) {
            throw new IllegalArgumentException("p must be prime, got " + p + " (composite)");
        }
        UnsignedDivider div = new UnsignedDivider(p);
        int s = twoAdicOrder(p);
        if (log2n < 0 || log2n > s) {
            throw new IllegalArgumentException("log2n must be in [0, " + s + "] since 2^" + s
                    + " is the largest power of two dividing p - 1 = " + (p - 1) + ", got " + log2n);
        }
        if (log2n == 0) {
            return 1;
        }
        long cofactor = (p - 1) >>> s;
        for (long a = 2; a < p; a++) {
            long g = powMod(a, cofactor, p, div);
            // g^(2^s) = a^(p-1) = 1, so g has order exactly 2^s iff g^(2^(s-1)) != 1, which then
            // is the unique element of order 2, p - 1.
            long h = g;
            for (int i = 0; i < s - 1; i++) {
                h = mulMod(h, h, div);
            }
            if (h == p - 1) {
                long w = g;
                for (int i = 0; i < s - log2n; i++) {
                    w = mulMod(w, w, div);
                }
                return w;
            }
        }
        // Unreachable for odd primes: half of the non-zero residues are non-residues.
        throw new IllegalStateException("no quadratic non-residue modulo " + p);
    }
}
