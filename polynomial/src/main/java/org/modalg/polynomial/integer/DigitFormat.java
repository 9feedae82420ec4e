package org.modalg.polynomial.integer;

/**
 * The digits of {@link DigitConvolution}: limbs cut into balanced {@value #DIGIT_BITS}-bit
 * digits held in doubles. Shared by the scalar loops and the Vector API kernels
 * ({@link VectorDigitKernels}), which both depend on it and not on each other's constants.
 *
 * <p>Balanced: digit i is the {@value #DIGIT_BITS} bits r_i of x from bit 23 i, less 2^23 when
 * r_i's top bit t_i is set, plus the previous digit's top bit t_(i-1): r_i - 2^23 t_i + t_(i-1),
 * a value in [-2^22, 2^22]. The sum of the digits times 2^(23 i) is x as long as the top digit's
 * t is zero ({@link #digitCount}), and each digit depends on 24 bits of x alone (its own and
 * the bit below it), so the cut has no carry chain. Products of two such digits are at most
 * 2^44 in magnitude, one bit more per digit than unsigned 22-bit digits allow under the same
 * 2^53 bound (a tenth fewer products at 10^4 bits).
 */
final class DigitFormat {
    private DigitFormat() {
    }

    /** Bits per digit. */
    static final int DIGIT_BITS = 23;
    /** The low {@link #DIGIT_BITS} bits. */
    static final long DIGIT_MASK = (1L << DIGIT_BITS) - 1;
    /** The largest magnitude of a digit: 2^22. */
    static final long DIGIT_BOUND = 1L << (DIGIT_BITS - 1);
    /** Digits of one period: 64 digits of 23 bits are exactly {@link #PERIOD_LIMBS} limbs. */
    static final int PERIOD_DIGITS = 64;
    /** Limbs of one period. */
    static final int PERIOD_LIMBS = PERIOD_DIGITS * DIGIT_BITS / 64;
    /**
     * The bits of the double 2^52 (Double.doubleToRawLongBits(0x1p52), written out so that it is
     * a constant): v | TWO_52_BITS is the double 2^52 + v for 0 &lt;= v &lt; 2^52, so subtracting
     * 2^52 converts v exactly, without the long-to-double instruction.
     */
    static final long TWO_52_BITS = 0x4330_0000_0000_0000L;

    /**
     * The balanced digits of a value of {@code bits} bits: bits / 23 + 1, so that the top
     * digit's top bit (bit 23 count - 1 of the value) is zero and nothing carries out of it.
     */
    static int digitCount(long bits) {
        return (int) (bits / DIGIT_BITS + 1);
    }

    /**
     * The balanced digit of the 24 bits {@code w} of x from the bit below the digit (that bit
     * at bit 0; higher bits of w are ignored): r - 2^23 t + t' for r = bits 1 to 23 of w, t its
     * top bit and t' = bit 0 of w. Shifted left by 40, w's 24 bits are the top of a long; shifted
     * right arithmetically by 41, r with its top bit copied up, r - 2^23 t.
     */
    static long digit(long w) {
        return ((w << 40) >> 41) + (w & 1);
    }
}
