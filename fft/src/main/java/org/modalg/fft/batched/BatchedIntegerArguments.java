package org.modalg.fft.batched;

import org.modalg.fft.Options;

/**
 * The argument checks of every {@link BatchedIntegerEngine}, in one place, so that every engine
 * (and the polynomial module's facade) rejects bad input with the same exception before it
 * touches any data: {@link IllegalArgumentException} naming the parameter and the allowed range,
 * and for an array too short the first instance that does not fit; {@link ArithmeticException}
 * naming the first instance whose divisor is zero. O(1), except the divisor scan
 * (O(count stride) at most, usually O(count)).
 */
public final class BatchedIntegerArguments {

    /**
     * The largest stride accepted (limbs per instance): a full product's stride 2 stride must
     * still index a Java array. 2^30 - 5 limbs, about 6.9 10^10 bits.
     */
    public static final int MAX_STRIDE = (Integer.MAX_VALUE - 8) / 2;

    private BatchedIntegerArguments() {
    }

    /**
     * The checks of {@link BatchedIntegerEngine#add} and {@link BatchedIntegerEngine#subtract}:
     * a, b, r non-null; stride in [1, {@link #MAX_STRIDE}]; count &gt;= 0; each range
     * [off, off + count stride) inside its array; r equal to a (or b) at the same offset or
     * disjoint from it; flags (when not null) holding [flagsOff, flagsOff + count).
     *
     * @param flagsName "carry" or "borrow", for the messages
     * @throws IllegalArgumentException naming the first offending parameter
     */
    public static void checkAddSubtract(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride,
            int count, byte[] flags, int flagsOff, String flagsName) {
        checkShape(stride, count, "stride");
        checkRange("a", a, aOff, stride, count);
        checkRange("b", b, bOff, stride, count);
        checkRange("r", r, rOff, stride, count);
        long len = (long) stride * count;
        checkOverlap("r", r, rOff, len, "a", a, aOff, len, true);
        checkOverlap("r", r, rOff, len, "b", b, bOff, len, true);
        if (flags != null) {
            if (flagsOff < 0 || flagsOff > flags.length || count > flags.length - flagsOff) {
                throw new IllegalArgumentException(flagsName + "Off must be in [0, " + flags.length
                        + "] with room for count = " + count + " flags in " + flagsName + " (length "
                        + flags.length + "), got " + flagsOff);
            }
        }
    }

    /**
     * The checks of {@link BatchedIntegerEngine#multiply}, {@link BatchedIntegerEngine#multiplyLow}
     * and {@link BatchedIntegerEngine#square} (b null for a square): as
     * {@link #checkAddSubtract}, r of stride 2 stride (stride for {@code MULTIPLY_LOW}) and
     * disjoint from a and b.
     *
     * @throws IllegalArgumentException naming the first offending parameter
     */
    public static void checkProduct(BatchedIntegerEngine.Operation op, long[] a, int aOff, long[] b, int bOff,
            long[] r, int rOff, int stride, int count) {
        if (op != BatchedIntegerEngine.Operation.MULTIPLY && op != BatchedIntegerEngine.Operation.MULTIPLY_LOW
                && op != BatchedIntegerEngine.Operation.SQUARE) {
            throw new IllegalArgumentException("op must be MULTIPLY, MULTIPLY_LOW or SQUARE, got " + op);
        }
        checkShape(stride, count, "stride");
        checkRange("a", a, aOff, stride, count);
        if (op != BatchedIntegerEngine.Operation.SQUARE) {
            checkRange("b", b, bOff, stride, count);
        }
        int rStride = op == BatchedIntegerEngine.Operation.MULTIPLY_LOW ? stride : 2 * stride;
        checkRange("r", r, rOff, rStride, count);
        long len = (long) stride * count;
        long rLen = (long) rStride * count;
        checkOverlap("r", r, rOff, rLen, "a", a, aOff, len, false);
        if (op != BatchedIntegerEngine.Operation.SQUARE) {
            checkOverlap("r", r, rOff, rLen, "b", b, bOff, len, false);
        }
    }

    /**
     * The checks of {@link BatchedIntegerEngine#divideAndRemainder}: a, b non-null; strides in
     * [1, {@link #MAX_STRIDE}]; count &gt;= 0; q (stride aStride) and r (stride bStride), each
     * optional, inside their arrays and disjoint from a, b and each other; then every divisor
     * nonzero.
     *
     * @throws IllegalArgumentException naming the first offending parameter
     * @throws ArithmeticException naming the first instance whose divisor is zero
     */
    public static void checkDivide(long[] a, int aOff, int aStride, long[] b, int bOff, int bStride, long[] q,
            int qOff, long[] r, int rOff, int count) {
        checkShape(aStride, count, "aStride");
        checkShape(bStride, count, "bStride");
        checkRange("a", a, aOff, aStride, count);
        checkRange("b", b, bOff, bStride, count);
        long aLen = (long) aStride * count;
        long bLen = (long) bStride * count;
        if (q != null) {
            checkRange("q", q, qOff, aStride, count);
            checkOverlap("q", q, qOff, aLen, "a", a, aOff, aLen, false);
            checkOverlap("q", q, qOff, aLen, "b", b, bOff, bLen, false);
        }
        if (r != null) {
            checkRange("r", r, rOff, bStride, count);
            checkOverlap("r", r, rOff, bLen, "a", a, aOff, aLen, false);
            checkOverlap("r", r, rOff, bLen, "b", b, bOff, bLen, false);
            if (q != null) {
                checkOverlap("r", r, rOff, bLen, "q", q, qOff, aLen, false);
            }
        }
        checkDivisors(b, bOff, bStride, count);
    }

    /**
     * Throws {@link ArithmeticException} naming the first instance i &lt; count whose divisor
     * b[bOff + i bStride ..] is zero. The ranges must have been checked.
     */
    public static void checkDivisors(long[] b, int bOff, int bStride, int count) {
        for (int i = 0; i < count; i++) {
            int at = bOff + i * bStride;
            boolean zero = true;
            for (int j = bStride - 1; j >= 0; j--) {
                if (b[at + j] != 0) {
                    zero = false;
                    break;
                }
            }
            if (zero) {
                throw new ArithmeticException("division by zero: divisor instance " + i + " (b[" + at + " .. "
                        + (at + bStride) + ")) is zero");
            }
        }
    }

    /**
     * The options check of every engine method and of the polynomial module's facade: options
     * non-null. O(1).
     *
     * @throws IllegalArgumentException naming {@code options} when it is null
     */
    public static void checkOptions(Options options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
    }

    /**
     * stride in [1, {@link #MAX_STRIDE}] and count &gt;= 0.
     *
     * @param strideName the parameter's name for the message
     */
    public static void checkShape(int stride, int count, String strideName) {
        if (stride < 1 || stride > MAX_STRIDE) {
            throw new IllegalArgumentException(strideName + " must be in [1, " + MAX_STRIDE + "] limbs, got " + stride);
        }
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, got " + count);
        }
    }

    /**
     * x non-null, off in [0, x.length], and instances 0 .. count - 1 of stride limbs from off
     * inside x; otherwise names the first instance that does not fit.
     */
    public static void checkRange(String name, long[] x, int off, int stride, int count) {
        if (x == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        if (off < 0 || off > x.length) {
            throw new IllegalArgumentException(name + "Off must be in [0, " + x.length + "] (the length of " + name
                    + "), got " + off);
        }
        long end = off + (long) stride * count;
        if (end > x.length) {
            long first = (x.length - off) / stride; // the first instance that does not fit
            throw new IllegalArgumentException(name + " is too short: instance " + first + " of " + count + " needs "
                    + name + "[" + (off + first * stride) + " .. " + (off + (first + 1) * stride) + ") (stride "
                    + stride + ", " + name + "Off " + off + "), but " + name + " has length " + x.length
                    + "; it needs at least " + end);
        }
    }

    // out's range [outOff, outOff + outLen) against in's: disjoint, or (when allowed) the same
    // array at the same offset (in place).
    private static void checkOverlap(String outName, long[] out, int outOff, long outLen, String inName, long[] in,
            int inOff, long inLen, boolean sameOffsetAllowed) {
        if (out != in || outLen == 0 || inLen == 0) {
            return;
        }
        if (sameOffsetAllowed && outOff == inOff) {
            return;
        }
        if (outOff < inOff + inLen && inOff < outOff + outLen) {
            throw new IllegalArgumentException(outName + "[" + outOff + " .. " + (outOff + outLen) + ") overlaps "
                    + inName + "[" + inOff + " .. " + (inOff + inLen) + ") in the same array"
                    + (sameOffsetAllowed ? " (in place needs the same offset)" : " (the output must be disjoint)"));
        }
    }
}
