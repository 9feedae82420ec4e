package org.modalg.fft.products;

/**
 * Service-provider interface for engines that multiply whole polynomials, over Z/pZ and over Z,
 * from coefficients to coefficients (e.g. the GPU's all-device pipeline: projection onto NTT
 * primes, transforms, pointwise products, inverse transforms, Chinese remaindering and packing
 * without the host in between), found through {@link java.util.ServiceLoader} (listed in
 * {@code META-INF/services/org.modalg.fft.products.PolyProductProvider}). The polynomial layer uses the
 * one {@link PolyProducts#provider()} returns for operands of at least {@link #minLength()}
 * coefficients. Results must be exact: the same coefficients as any other multiplication.
 * Either method may decline (return false) a product it cannot take now, e.g. a device out of
 * memory (it logs why); the caller then computes it itself.
 */
public interface PolyProductProvider {

    /** A short name for reports, e.g. {@code gpu(NVIDIA H100 80GB HBM3)}. */
    String name();

    /** Whether the provider works here; must not throw, cheap after the first call. */
    boolean isUsable();

    /**
     * The shorter operand's length (coefficients) from which this provider pays off. Asked
     * before {@link #isUsable()}: must not touch a device.
     */
    long minLength();

    /**
     * c[cOff .. cOff + aLen + bLen - 1) = a * b mod p for any modulus 2 &lt;= p &lt; 2^64 read
     * as an unsigned word (prime or not, FLINT's {@code nmod} range) and coefficients
     * a[aOff .. aOff + aLen) and b[bOff .. bOff + bLen) unsigned in [0, p) (b == a with the same
     * range: a square), or false (nothing written) if the provider declines (e.g. a modulus it
     * does not take).
     *
     * @throws IllegalArgumentException if p is 0 or 1 or a range is out of its array
     */
    boolean multiplyMod(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen, long[] c,
            int cOff);

    /**
     * The product of two polynomials over Z whose coefficients the provider reads from
     * {@link SignedLimbs} views (b == a: a square), range by range, into its own memory. Writes
     * the n = a.length() + b.length() - 1 coefficients of the product in sign-magnitude form,
     * cLimbs little-endian limbs each, into chunks of 2^chunkShift coefficients: coefficient i
     * goes to cSign[i &gt;&gt; chunkShift][i mod 2^chunkShift] and cMag[i &gt;&gt; chunkShift]
     * from limb (i mod 2^chunkShift) cLimbs (chunked, so that a long product never needs one flat
     * array of n cLimbs words on the host, nor a copy out of it; one chunk with chunkShift = 30
     * is a flat array). Returns false (nothing promised written) if it declines. The caller
     * guarantees that every coefficient of the product is below 2^boundBits in magnitude and
     * that cLimbs &gt;= ceil(boundBits / 64).
     *
     * @throws IllegalArgumentException if cLimbs or boundBits is out of range, chunkShift is
     *         outside [0, 30], or a chunk is too short
     */
    boolean multiplySigned(SignedLimbs a, SignedLimbs b, int boundBits, long[][] cMag, byte[][] cSign,
            int chunkShift, int cLimbs);

    /**
     * Checks the output chunks of {@link #multiplySigned}: ceil(n / 2^chunkShift) chunks, each
     * holding its coefficients' signs and cLimbs limbs each.
     *
     * @throws IllegalArgumentException naming the first chunk too short, or a bad chunkShift
     */
    static void checkChunks(long[][] cMag, byte[][] cSign, long n, int chunkShift, int cLimbs) {
        if (chunkShift < 0 || chunkShift > 30) {
            throw new IllegalArgumentException("chunkShift must be in [0, 30], got " + chunkShift);
        }
        long chunks = (n + (1L << chunkShift) - 1) >>> chunkShift;
        if (cMag == null || cSign == null || cMag.length < chunks || cSign.length < chunks) {
            throw new IllegalArgumentException("cMag and cSign must hold " + chunks + " chunks of 2^"
                    + chunkShift + " coefficients for " + n + " coefficients");
        }
        for (int k = 0; k < chunks; k++) {
            long count = Math.min(1L << chunkShift, n - ((long) k << chunkShift));
            if (cMag[k] == null || cMag[k].length < count * cLimbs || cSign[k] == null
                    || cSign[k].length < count) {
                throw new IllegalArgumentException("output chunk " + k + " must hold " + count
                        + " coefficients of " + cLimbs + " limbs");
            }
        }
    }
}
