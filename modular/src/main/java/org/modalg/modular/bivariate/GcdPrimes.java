package org.modalg.modular.bivariate;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.modalg.fft.CrtBasis;
import org.modalg.fields.ZpField;

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
