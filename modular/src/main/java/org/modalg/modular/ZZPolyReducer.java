package org.modalg.modular;

import java.math.BigInteger;
import org.modalg.fft.CrtBasis;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.ZZPoly;

/**
 * The images of one integer polynomial modulo many word-size primes. The coefficients are
 * split once into sign and 64-bit magnitude limbs; a reduction is then Horner's rule in
 * radix 2^64 with one field multiplication per limb, and no BigInteger allocation; or, for
 * many primes at once, {@link CrtBasis#projectAll} on the magnitudes (about two word
 * multiplications per limb and prime, no division). Thread-safe after construction.
 */
final class ZZPolyReducer {
    private final long[][] limbs;   // magnitude, most significant limb first
    private final boolean[] negative;
    private final int length;
    private final long[] flat;      // magnitudes, little-endian, limbsPerValue limbs each
    private final int limbsPerValue;

    ZZPolyReducer(ZZPoly f) {
        this.length = f.length();
        this.limbs = new long[length][];
        this.negative = new boolean[length];
        for (int i = 0; i < length; i++) {
            BigInteger c = f.coefficient(i);
            negative[i] = c.signum() < 0;
            BigInteger m = c.abs();
            int n = (m.bitLength() + 63) >>> 6;
            long[] l = new long[n];
            for (int j = 0; j < n; j++) {
                l[n - 1 - j] = m.shiftRight(64 * j).longValue();
            }
            limbs[i] = l;
        }
        int lpv = 1;
        for (long[] l : limbs) {
            lpv = Math.max(lpv, l.length);
        }
        this.limbsPerValue = lpv;
        this.flat = new long[Math.max(1, length * lpv)];
        for (int i = 0; i < length; i++) {
            long[] l = limbs[i];
            for (int j = 0; j < l.length; j++) {
                flat[i * lpv + j] = l[l.length - 1 - j];
            }
        }
    }

    /**
     * out[j * length + i] = f_i mod p_j in [0, p_j) for every prime p_j of the basis (prime-major,
     * the layout of {@link CrtBasis}). O(total limbs * primes) word multiplications.
     */
    void reduceAll(CrtBasis basis, long[] out) {
        if (length == 0) {
            return;
        }
        basis.projectAll(flat, length, limbsPerValue, out);
        for (int j = 0; j < basis.size(); j++) {
            long p = basis.prime(j);
            int base = j * length;
            for (int i = 0; i < length; i++) {
                long v = out[base + i];
                if (negative[i] && v != 0) {
                    out[base + i] = p - v;
                }
            }
        }
    }

    /** The number of coefficients (degree + 1). */
    int length() {
        return length;
    }

    /** Writes f mod p into out[0..length) (leading entries may be zero). O(total limbs). */
    void reduce(ZpField field, long[] out) {
        long p = field.p();
        long radix = Long.remainderUnsigned(Long.remainderUnsigned(-1L, p) + 1, p); // 2^64 mod p
        for (int i = 0; i < length; i++) {
            long[] l = limbs[i];
            long r = 0;
            for (long limb : l) {
                r = field.add(field.mul(r, radix), Long.remainderUnsigned(limb, p));
            }
            out[i] = negative[i] ? field.neg(r) : r;
        }
    }
}
