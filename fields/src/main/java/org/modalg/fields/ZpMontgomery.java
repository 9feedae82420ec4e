package org.modalg.fields;

/**
 * Montgomery arithmetic modulo an odd p &lt; 2^62 with R = 2^64: the element a is stored as
 * a * R mod p, and the product of two stored values is reduced by REDC, which needs
 * multiplications and a shift but no division.
 *
 * <p>Stored values lie in [0, p). Like the primitive tier of {@link ZpField}, the methods do
 * not check that their arguments are in range. Addition and subtraction of stored values are
 * the ordinary modular ones ({@link ZpField#add(long, long)}), since a R + b R = (a + b) R.
 *
 * <p>Works for any odd modulus; primality is not required (or checked).
 * Instances are immutable and thread-safe.
 */
public final class ZpMontgomery {
    private final long p;
    private final long pInv;   // p^-1 mod 2^64
    private final long r2;     // R^2 mod p
    private final long one;    // R mod p, the stored form of 1

    private ZpMontgomery(long p) {
        this.p = p;
        // Newton iteration for the inverse modulo 2^64: p * p == 1 (mod 8) for odd p, so x = p
        // is correct to 3 bits, and each step x *= 2 - p x doubles the number of correct bits.
        long x = p;
        for (int i = 0; i < 5; i++) {
            x *= 2 - p * x;
        }
        this.pInv = x;
        UnsignedDivider div = new UnsignedDivider(p);
        this.one = div.remainder(1L, 0L);          // 2^64 mod p
        this.r2 = div.remainder(Math.multiplyHigh(one, one), one * one);
    }

    /**
     * Montgomery arithmetic modulo p. O(1) (plus a 64-step setup loop).
     *
     * @param p an odd modulus with 3 &lt;= p &lt; 2^62
     * @throws IllegalArgumentException if p is even or out of range
     */
    public static ZpMontgomery of(long p) {
        if (p < 3 || p >= ZpField.MAX_MODULUS_EXCLUSIVE || (p & 1) == 0) {
            throw new IllegalArgumentException("p must be odd in [3, 2^62), got " + p);
        }
        return new ZpMontgomery(p);
    }

    /** The modulus p. O(1). */
    public long p() {
        return p;
    }

    /** p^-1 mod 2^64, the constant of the REDC step (for kernels that do REDC themselves). O(1). */
    public long pInverse() {
        return pInv;
    }

    /** The stored form of 1, i.e. R mod p = 2^64 mod p. O(1). */
    public long one() {
        return one;
    }

    /** The stored form a * R mod p of a in [0, p). O(1): one REDC. */
    public long toMont(long a) {
        return mul(a, r2);
    }

    /** The value a in [0, p) from its stored form x = a * R mod p. O(1): one REDC. */
    public long fromMont(long x) {
        return redc(0L, x);
    }

    /**
     * The stored form of a * b from the stored forms x = a R and y = b R, both in [0, p):
     * REDC(x * y) = x y R^-1 mod p, in [0, p). O(1): four multiplications.
     */
    public long mul(long x, long y) {
        // x, y >= 0: the signed high word is the unsigned one.
        return redc(Math.multiplyHigh(x, y), x * y);
    }

    // REDC of T = hi * 2^64 + lo with T < p * 2^64 (so hi < p): returns T / 2^64 mod p in [0, p).
    // With m = lo * p^-1 mod 2^64, m p has the same low word as T, so T - m p is exactly
    // (hi - high(m p)) * 2^64 and the result is hi - high(m p) in (-p, p); add p if negative.
    private long redc(long hi, long lo) {
        long m = lo * pInv;
        long t = hi - UnsignedDivider.unsignedMultiplyHigh(m, p);
        return t + ((t >> 63) & p);
    }

    /** {@code Montgomery(p)}. O(1). */
    @Override
    public String toString() {
        return "Montgomery(" + p + ")";
    }
}
