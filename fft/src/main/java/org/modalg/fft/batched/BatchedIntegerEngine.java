package org.modalg.fft.batched;

import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fft.WorkerPools;

/**
 * Batched arithmetic on many independent non-negative integers of the same size, held as packed
 * little-endian unsigned 64-bit limbs: instance i of an operand {@code x} with offset
 * {@code xOff} and stride s (limbs per instance) is the integer
 * sum_(j &lt; s) x[xOff + i s + j] 2^(64 j). One engine interface for every backend (the CPU
 * engine of the polynomial module, a GPU engine of the gpu module through
 * {@link BatchedIntegerEngineProvider}); {@link BatchedIntegerEngines#select} picks one by
 * {@link Options#backend()}.
 *
 * <p><b>Semantics</b> (the same on every backend, bit for bit; unsigned fixed width):
 * <ul>
 * <li>{@link #add}: r_i = (a_i + b_i) mod 2^(64 s), carry_i = floor((a_i + b_i) / 2^(64 s))
 * in {0, 1}.
 * <li>{@link #subtract}: r_i = (a_i - b_i) mod 2^(64 s), borrow_i = 1 when a_i &lt; b_i, else 0.
 * <li>{@link #multiply}: r_i = a_i b_i, exactly, with stride 2 s.
 * <li>{@link #multiplyLow}: r_i = a_i b_i mod 2^(64 s), stride s.
 * <li>{@link #square}: r_i = a_i^2, stride 2 s.
 * <li>{@link #divideAndRemainder}: a_i = q_i b_i + r_i with 0 &lt;= r_i &lt; b_i; a of stride
 * sa, b of stride sb (any sizes), q of stride sa, r of stride sb.
 * </ul>
 *
 * <p><b>Arrays.</b> Every range is checked by {@link BatchedIntegerArguments} before any data is
 * touched (engines call it first), so bad input gets an {@link IllegalArgumentException} naming
 * the parameter and, for a short array, the first instance that does not fit; a zero divisor an
 * {@link ArithmeticException} naming the instance. Outputs must not overlap inputs, except that
 * {@link #add} and {@link #subtract} may write r over a or b at the same offset (in place).
 * Limbs outside the output ranges are never written. A flag array (carry or borrow) may be null
 * when the caller does not want it.
 *
 * <p><b>Declining.</b> Each method returns true when it has written its result, or false when
 * the engine declines the batch now (e.g. a device out of memory; it logs why): nothing is then
 * promised written, and the caller computes the batch on the CPU engine. The CPU engine never
 * declines.
 *
 * <p><b>Options.</b> {@link Options#threads()} is the CPU engine's thread count (instances are
 * spread over {@link WorkerPools#of}); the cancellation check is polled between chunks of
 * instances; the other members do not apply to an engine (the backend was used to choose it).
 */
public interface BatchedIntegerEngine {

    /** The operations, for {@link #prefers} and {@link BatchedIntegerArguments}. */
    enum Operation {
        /** {@link BatchedIntegerEngine#add}. */
        ADD,
        /** {@link BatchedIntegerEngine#subtract}. */
        SUBTRACT,
        /** {@link BatchedIntegerEngine#multiply}. */
        MULTIPLY,
        /** {@link BatchedIntegerEngine#multiplyLow}. */
        MULTIPLY_LOW,
        /** {@link BatchedIntegerEngine#square}. */
        SQUARE,
        /** {@link BatchedIntegerEngine#divideAndRemainder}. */
        DIVIDE
    }

    /** A short name for reports, e.g. {@code cpu(4 threads)} or {@code gpu(NVIDIA H100 80GB HBM3)}. */
    String name();

    /**
     * Whether {@link Backend#AUTO} should give this engine a batch of {@code count} instances of
     * {@code stride} limbs (for division, the dividend's stride): a device engine answers from
     * its measured sizes, the CPU engine always true. Must not throw.
     */
    boolean prefers(Operation op, int stride, int count);

    /**
     * r_i = (a_i + b_i) mod 2^(64 stride) and carry[carryOff + i] = the carry out (0 or 1) for
     * i &lt; count. O(count stride).
     *
     * @param carry the carries, or null to drop them
     * @return true, or false if the engine declines (nothing promised written)
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkAddSubtract}
     */
    boolean add(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count, byte[] carry,
            int carryOff, Options options);

    /**
     * r_i = (a_i - b_i) mod 2^(64 stride) and borrow[borrowOff + i] = 1 when a_i &lt; b_i, else 0.
     * O(count stride).
     *
     * @param borrow the borrows, or null to drop them
     * @return true, or false if the engine declines (nothing promised written)
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkAddSubtract}
     */
    boolean subtract(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
            byte[] borrow, int borrowOff, Options options);

    /**
     * The full products r_i = a_i b_i, r of stride 2 stride. O(count M(stride)), M the cost of
     * one product of that many limbs (the CPU's: Karatsuba below the NTT range, O(n^1.585),
     * then NTT + CRT, O(n log n)).
     *
     * @return true, or false if the engine declines (nothing promised written)
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkProduct}
     */
    boolean multiply(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
            Options options);

    /**
     * The low halves r_i = a_i b_i mod 2^(64 stride), r of stride stride. At most the cost of
     * {@link #multiply}.
     *
     * @return true, or false if the engine declines (nothing promised written)
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkProduct}
     */
    boolean multiplyLow(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
            Options options);

    /**
     * The squares r_i = a_i^2, r of stride 2 stride. O(count M(stride)), about 2/3 of
     * {@link #multiply} on the CPU.
     *
     * @return true, or false if the engine declines (nothing promised written)
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkProduct} (b null)
     */
    boolean square(long[] a, int aOff, long[] r, int rOff, int stride, int count, Options options);

    /**
     * a_i = q_i b_i + r_i, 0 &lt;= r_i &lt; b_i, for a of stride aStride and b of stride bStride;
     * q of stride aStride, r of stride bStride. Either of q and r may be null when not wanted.
     * O(count D(aStride, bStride)), D the cost of one division (on the CPU: schoolbook or
     * Burnikel-Ziegler below the Newton range, Newton's method above it, O(M(n))).
     *
     * @return true, or false if the engine declines (nothing promised written)
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkDivide}
     * @throws ArithmeticException naming the first instance whose divisor is zero
     */
    boolean divideAndRemainder(long[] a, int aOff, int aStride, long[] b, int bOff, int bStride, long[] q, int qOff,
            long[] r, int rOff, int count, Options options);
}
