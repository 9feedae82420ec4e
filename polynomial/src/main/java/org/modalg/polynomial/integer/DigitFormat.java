package org.modalg.polynomial.integer;

/**
 * The digits of {@link DigitConvolution}: limbs cut into {@value #DIGIT_BITS}-bit digits held
 * in doubles. Shared by the scalar loops and the Vector API kernels ({@link VectorDigitKernels}),
 * which both depend on it and not on each other's constants.
 */
final class DigitFormat {
    private DigitFormat() {
    }

    /** Bits per digit. */
    static final int DIGIT_BITS = 22;
    /** The low {@link #DIGIT_BITS} bits. */
    static final long DIGIT_MASK = (1L << DIGIT_BITS) - 1;
    /** Digits of one period: 32 digits of 22 bits are exactly {@link #PERIOD_LIMBS} limbs. */
    static final int PERIOD_DIGITS = 32;
    /** Limbs of one period. */
    static final int PERIOD_LIMBS = PERIOD_DIGITS * DIGIT_BITS / 64;
    /**
     * The bits of the double 2^52 (Double.doubleToRawLongBits(0x1p52), written out so that it is
     * a constant): v | TWO_52_BITS is the double 2^52 + v for 0 &lt;= v &lt; 2^52, so subtracting
     * 2^52 converts v exactly, without the long-to-double instruction.
     */
    static final long TWO_52_BITS = 0x4330_0000_0000_0000L;
}
