package org.modalg.modular.bivariate;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.modalg.fft.CrtBasis;
import org.modalg.fields.ZpField;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.kernel.PolyGcdDouble;

/**
 * The fields and CRT bases of the bivariate gcd's primes, made once: every gcd and quotient runs
 * over the first primes of the same {@link org.modalg.modular.PrimeStream} (below 2^26), and
 * {@link ZpField#of} and {@link CrtBasis#of} test each prime for primality on every call (about
 * 10% of the gcd at d = 20, 16 bits). Keyed by the prime (fields) or the ordered list of primes
 * (bases, the library's {@code CrtBasis} cache being keyed by a bit size instead); at most
 * {@value #MAX_CACHED} of each are kept, later ones are made per call. Thread-safe (both are
 * immutable).
 */
final class GcdPrimes {
    static final int MAX_CACHED = 512;
    private static final ConcurrentHashMap<Long, ZpField> FIELDS = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<List<Long>, CrtBasis> BASES = new ConcurrentHashMap<>();

    private GcdPrimes() {
    }

    /** The first {@value #MAX_CACHED} primes of {@link #stream()}, filled on demand (guarded by the class). */
    private static long[] prefix = new long[0];
    private static PrimeStream prefixStream;

    /** The bivariate gcd's primes: {@link PrimeStream#below} 2^26 ({@link PolyGcdDouble#PRIME_BOUND}), decreasing. */
    static PrimeStream stream() {
        return PrimeStream.below(PolyGcdDouble.PRIME_BOUND);
    }

    /**
     * Primes from..from+count-1 (0-based) of {@link #stream()}, a new array: the first
     * {@value #MAX_CACHED} from a table filled once ({@link PrimeStream#next} tests each candidate
     * for primality: about 2% of the gcd at d = 20, 16 bits), later ones from a stream per call.
     *
     * @throws IllegalArgumentException if from or count is negative
     */
    static long[] primes(int from, int count) {
        if (from < 0 || count < 0) {
            throw new IllegalArgumentException("from and count must be >= 0, got " + from + " and " + count);
        }
        long[] out = new long[count];
        int end = from + count;
        int cached = Math.min(end, MAX_CACHED);
        long[] table;
        synchronized (GcdPrimes.class) {
            if (prefix.length < cached) {
                if (prefixStream == null) {
                    prefixStream = stream();
                }
                long[] t = java.util.Arrays.copyOf(prefix, Math.min(MAX_CACHED, Math.max(cached, 2 * prefix.length)));
                for (int i = prefix.length; i < t.length; i++) {
                    t[i] = prefixStream.next();
                }
                prefix = t;
            }
            table = prefix;
        }
        int k = 0;
        for (int i = from; i < cached; i++) {
            out[k++] = table[i];
        }
        if (k < count) { // beyond the table: a stream of its own, skipped to the index
            PrimeStream s = stream();
            for (int i = 0; i < end; i++) {
                long p = s.next();
                if (i >= from && i >= cached) {
                    out[k++] = p;
                }
            }
        }
        return out;
    }

    /** {@link ZpField#of}(p), cached. */
    static ZpField field(long p) {
        ZpField f = FIELDS.get(p);
        if (f == null) {
            f = ZpField.of(p);
            if (FIELDS.size() < MAX_CACHED) {
                FIELDS.putIfAbsent(p, f);
            }
        }
        return f;
    }

    /** {@link CrtBasis#of}(primes) in that order, cached (primes not changed afterwards by the caller). */
    static CrtBasis basis(long[] primes) {
        Long[] boxed = new Long[primes.length];
        for (int i = 0; i < primes.length; i++) {
            boxed[i] = primes[i];
        }
        List<Long> key = List.of(boxed);
        CrtBasis b = BASES.get(key);
        if (b == null) {
            b = CrtBasis.of(primes);
            if (BASES.size() < MAX_CACHED) {
                BASES.putIfAbsent(key, b);
            }
        }
        return b;
    }
}
