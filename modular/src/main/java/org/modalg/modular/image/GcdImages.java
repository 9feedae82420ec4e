package org.modalg.modular.image;

/**
 * The monic gcd h_j of f and g modulo each prime p_j of a batch ({@link ImageEngine#gcds}), and,
 * when asked, the cofactors f / h_j and g / h_j modulo p_j. Flat arrays, one row per prime:
 * row j of {@link #gcd()} starts at j * {@link #gcdStride()} and holds deg h_j + 1 coefficients
 * in increasing degree (the last one 1); the cofactor rows likewise with their own strides.
 * A degree of -1 means f and g are both zero modulo p_j (h_j = 0, cofactors zero).
 */
public final class GcdImages {
    private final long[] primes;
    private final int[] degrees;
    private final long[] gcd;
    private final int gcdStride;
    private final long[] fCofactor;
    private final int fStride;
    private final long[] gCofactor;
    private final int gStride;

    /**
     * The images as computed by an engine (arrays not copied).
     *
     * @param fCofactor null when cofactors were not asked for (then so is gCofactor)
     */
    public GcdImages(long[] primes, int[] degrees, long[] gcd, int gcdStride, long[] fCofactor, int fStride,
            long[] gCofactor, int gStride) {
        this.primes = primes;
        this.degrees = degrees;
        this.gcd = gcd;
        this.gcdStride = gcdStride;
        this.fCofactor = fCofactor;
        this.fStride = fStride;
        this.gCofactor = gCofactor;
        this.gStride = gStride;
    }

    /** The number of primes. */
    public int count() {
        return primes.length;
    }

    /** Prime j. */
    public long prime(int j) {
        return primes[j];
    }

    /** deg h_j, or -1 when f and g vanish modulo p_j. */
    public int degree(int j) {
        return degrees[j];
    }

    /** Coefficient i of h_j (0 &lt;= i &lt;= deg h_j). */
    public long gcdCoefficient(int j, int i) {
        return gcd[j * gcdStride + i];
    }

    /** h_j's coefficients, deg h_j + 1 of them (empty for degree -1). */
    public long[] gcd(int j) {
        return java.util.Arrays.copyOfRange(gcd, j * gcdStride, j * gcdStride + degrees[j] + 1);
    }

    /** Whether the cofactors were computed. */
    public boolean hasCofactors() {
        return fCofactor != null;
    }

    /** f / h_j mod p_j, deg f - deg h_j + 1 coefficients of f's formal length (zeros above). */
    public long[] fCofactor(int j) {
        return java.util.Arrays.copyOfRange(fCofactor, j * fStride, (j + 1) * fStride);
    }

    /** g / h_j mod p_j, as {@link #fCofactor}. */
    public long[] gCofactor(int j) {
        return java.util.Arrays.copyOfRange(gCofactor, j * gStride, (j + 1) * gStride);
    }

    /** The flat gcd rows (shared). */
    public long[] gcd() {
        return gcd;
    }

    /** Words per gcd row. */
    public int gcdStride() {
        return gcdStride;
    }
}
