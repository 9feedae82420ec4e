package org.modalg.fft.products;

import java.nio.LongBuffer;

/**
 * An operand of {@link PolyProductProvider#multiplySigned}: {@link #length()} integer
 * coefficients in sign-magnitude form, {@link #limbs()} little-endian unsigned 64-bit limbs each,
 * that the provider asks for range by range, so that they go straight into its own memory (a
 * GPU provider's pinned staging) instead of a flat array made for each product. Implementations
 * are views of the caller's coefficients: {@link #of} over flat arrays, the polynomial layer's
 * over BigIntegers or packed chunks.
 */
public interface SignedLimbs {
    /** The number of coefficients (&gt;= 1). */
    int length();

    /** Limbs per coefficient (&gt;= 1); each magnitude is below 2^(64 limbs). */
    int limbs();

    /**
     * Writes coefficients [from, to): the limbs of coefficient i to mag[(i - from) limbs + l] for
     * l in [0, limbs) (every limb, the zero ones included: mag holds anything before), its sign
     * (-1, 0 or 1) to sign[i]. Called concurrently for disjoint ranges; absolute puts only (the
     * buffer's position is not used). O((to - from) limbs).
     */
    void write(int from, int to, LongBuffer mag, byte[] sign);

    /**
     * The view of flat arrays: coefficient i is sign[i] times the limbs at mag[i limbs ..].
     *
     * @throws IllegalArgumentException if length or limbs is &lt; 1 or an array is too short
     */
    static SignedLimbs of(long[] mag, byte[] sign, int length, int limbs) {
        if (length < 1 || limbs < 1) {
            throw new IllegalArgumentException("length and limbs must be >= 1, got " + length + " and " + limbs);
        }
        if (mag == null || sign == null || mag.length < (long) length * limbs || sign.length < length) {
            throw new IllegalArgumentException("mag and sign must hold " + length + " coefficients of " + limbs
                    + " limbs, got " + (mag == null ? "null" : mag.length) + " words and "
                    + (sign == null ? "null" : sign.length) + " signs");
        }
        return view(length, limbs, (from, to, dst, s) -> {
            dst.put(0, mag, from * limbs, (to - from) * limbs);
            System.arraycopy(sign, from, s, from, to - from);
        });
    }

    /** The body of {@link SignedLimbs#write}, for {@link #view}. */
    @FunctionalInterface
    interface RangeWriter {
        /** As {@link SignedLimbs#write}. */
        void write(int from, int to, LongBuffer mag, byte[] sign);
    }

    /**
     * The view of length coefficients of limbs limbs each that {@code writer} writes range by range.
     *
     * @throws IllegalArgumentException if length or limbs is &lt; 1 or writer is null
     */
    static SignedLimbs view(int length, int limbs, RangeWriter writer) {
        if (length < 1 || limbs < 1 || writer == null) {
            throw new IllegalArgumentException("length and limbs must be >= 1 and writer non-null, got "
                    + length + ", " + limbs + " and " + writer);
        }
        return new SignedLimbs() {
            @Override
            public int length() {
                return length;
            }

            @Override
            public int limbs() {
                return limbs;
            }

            @Override
            public void write(int from, int to, LongBuffer mag, byte[] sign) {
                writer.write(from, to, mag, sign);
            }
        };
    }
}
