package org.modalg.fields;

/**
 * Division of unsigned two-word numbers by a fixed unsigned 64-bit divisor d, with a
 * precomputed reciprocal (Moeller and Granlund, "Improved division by invariant integers",
 * IEEE Trans. Computers 2011, Algorithm 4). Two multiplications and a few additions per
 * quotient word instead of a hardware 128/64 division, which Java does not expose.
 *
 * <p>Used for reduction modulo word-size primes ({@link ZpField}) and for splitting
 * multi-word integers into radix-r digits ({@link GfField}).
 */
public final class UnsignedDivider {
    private final long divisor;
    private final int shift;      // leading zeros of the divisor
    private final long dNorm;     // divisor << shift, top bit set
    private final long reciprocal; // floor((2^128 - 1) / dNorm) - 2^64

    /** Prepares division by the unsigned 64-bit value {@code divisor} (must be non-zero). */
    public UnsignedDivider(long divisor) {
        if (divisor == 0) {
            throw new IllegalArgumentException("divisor must be non-zero");
        }
        this.divisor = divisor;
        this.shift = Long.numberOfLeadingZeros(divisor);
        this.dNorm = divisor << shift;
        this.reciprocal = reciprocal(dNorm);
    }

    /** The divisor, as an unsigned 64-bit value. */
    public long divisor() {
        return divisor;
    }

    /**
     * The leading zeros s of the divisor: the division works on the divisor shifted left by s
     * ({@link #normalizedDivisor()}, top bit set). For kernels that divide themselves (the GPU's
     * {@code garner_mod_word}). O(1).
     */
    public int normalizationShift() {
        return shift;
    }

    /** The divisor shifted left by {@link #normalizationShift()}: its top bit set. O(1). */
    public long normalizedDivisor() {
        return dNorm;
    }

    /**
     * The reciprocal of Moeller and Granlund's Algorithm 4 (the paper cited in the class
     * comment): floor((2^128 - 1) / d) - 2^64 for d = {@link #normalizedDivisor()}, an unsigned
     * 64-bit value. O(1).
     */
    public long reciprocal() {
        return reciprocal;
    }

    // floor((2^128 - 1) / d) - 2^64 for normalized d: the quotient of (~d, ~0) by d.
    private static long reciprocal(long d) {
        // (2^128 - 1) - d * 2^64 = (~d) * 2^64 + (2^64 - 1); divide by d bit by bit (setup only).
        long hi = ~d;
        long lo = -1L;
        long q = 0;
        for (int i = 0; i < 64; i++) {
            long top = hi >>> 63;
            hi = (hi << 1) | (lo >>> 63);
            lo <<= 1;
            q <<= 1;
            if (top != 0 || Long.compareUnsigned(hi, d) >= 0) {
                hi -= d;
                q |= 1;
            }
        }
        return q;
    }

    /** High 64 bits of the unsigned product a * b. */
    public static long unsignedMultiplyHigh(long a, long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    /**
     * Remainder of the unsigned 128-bit value (hi, lo) modulo the divisor.
     * Precondition: hi &lt; divisor (unsigned), so that the quotient fits one word.
     */
    public long remainder(long hi, long lo) {
        if (shift != 0) {
            hi = (hi << shift) | (lo >>> (64 - shift));
            lo <<= shift;
        }
        return remainderNormalized(hi, lo) >>> shift;
    }

    /**
     * Quotient of the unsigned 128-bit value (hi, lo) by the divisor. The remainder is
     * {@code lo - quotient * divisor} (exact in wrapping 64-bit arithmetic).
     * Precondition: hi &lt; divisor (unsigned), so that the quotient fits one word.
     */
    public long quotient(long hi, long lo) {
        if (shift != 0) {
            hi = (hi << shift) | (lo >>> (64 - shift));
            lo <<= shift;
        }
        long d = dNorm;
        // (q1, q0) = v * hi + (hi + 1, lo)
        long p0 = reciprocal * hi;
        long q1 = unsignedMultiplyHigh(reciprocal, hi);
        long q0 = p0 + lo;
        q1 += hi + 1 + (Long.compareUnsigned(q0, p0) < 0 ? 1 : 0);
        long r = lo - q1 * d;
        if (Long.compareUnsigned(r, q0) > 0) {
            q1--;
            r += d;
        }
        if (Long.compareUnsigned(r, d) >= 0) {
            q1++;
            r -= d;
        }
        return q1;
    }

    private long remainderNormalized(long hi, long lo) {
        long d = dNorm;
        long p0 = reciprocal * hi;
        long q1 = unsignedMultiplyHigh(reciprocal, hi);
        long q0 = p0 + lo;
        q1 += hi + 1 + (Long.compareUnsigned(q0, p0) < 0 ? 1 : 0);
        long r = lo - q1 * d;
        if (Long.compareUnsigned(r, q0) > 0) {
            r += d;
        }
        if (Long.compareUnsigned(r, d) >= 0) {
            r -= d;
        }
        return r;
    }
}
