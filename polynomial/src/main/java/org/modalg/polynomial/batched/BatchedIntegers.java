package org.modalg.polynomial.batched;

import java.math.BigInteger;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntConsumer;
import java.util.logging.Logger;
import org.modalg.fft.Options;
import org.modalg.fft.WorkerPools;
import org.modalg.fft.batched.BatchedIntegerArguments;
import org.modalg.fft.batched.BatchedIntegerEngine;
import org.modalg.fft.batched.BatchedIntegerEngine.Operation;
import org.modalg.fft.batched.BatchedIntegerEngines;
import org.modalg.fields.BigIntegerWords;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.Tuning;
import org.modalg.fft.parallel.ParallelRange;

/**
 * Batched integer arithmetic: the same operation on many independent pairs of integers at once
 * (CRT reconstructions, evaluations and lifting steps produce such batches), on arrays of
 * BigInteger or on packed limb arrays. The work runs on a {@link BatchedIntegerEngine} chosen per
 * call by {@link Options#backend()} ({@link BatchedIntegerEngines#select}: {@code cpu} the
 * {@link CpuBatchedIntegerEngine}, {@code gpu} a device engine or
 * {@link IllegalStateException}, {@code auto} a device engine for the sizes it measured faster,
 * else the CPU); every engine gives the same limbs. A device engine that declines a batch (out
 * of memory) leaves it to the CPU engine, and the log says so. Options without an argument:
 * {@link Options#defaults()}.
 *
 * <p><b>Packed limbs</b> (the engine's form; see {@link BatchedIntegerEngine} for the exact
 * semantics): instance i of an operand x with offset xOff and stride s is the unsigned integer
 * x[xOff + i s .. + s) in little-endian 64-bit limbs. Addition and subtraction are modulo
 * 2^(64 s) with a carry (borrow) flag per instance; products are full (stride 2 s) or low halves
 * (modulo 2^(64 s)); division is unsigned with a divisor stride of its own. Bad arguments give
 * {@link IllegalArgumentException} naming the parameter (for a short array, the first instance
 * that does not fit), a zero divisor {@link ArithmeticException} naming the instance
 * ({@link BatchedIntegerArguments}).
 *
 * <p><b>BigInteger arrays</b> (signed, exact, one result per index, arrays of equal length):
 * <ul>
 * <li>{@link #add} and {@link #subtract}: the exact a_i + b_i, a_i - b_i. Packed in two's
 * complement with s = ceil((L + 2) / 64) limbs per instance, L the largest
 * {@link BigInteger#bitLength()} of the batch, so that the result modulo 2^(64 s) read as
 * two's complement is the exact signed result.
 * <li>{@link #multiply}, {@link #square}: magnitudes multiplied (s the most limbs of any
 * |a_i|, |b_i|), the sign sign(a_i) sign(b_i) applied.
 * <li>{@link #multiplyLow}: a_i b_i mod 2^(64 limbs) in [0, 2^(64 limbs)) for a given limb count,
 * the operands reduced modulo 2^(64 limbs) (two's complement) first; the same as
 * {@code a.multiply(b).mod(TWO.pow(64 * limbs))}.
 * <li>{@link #divideAndRemainder}: BigInteger's semantics ({@link BigInteger#divideAndRemainder}:
 * q_i truncated toward zero, r_i of the sign of a_i, a_i = q_i b_i + r_i), computed on the
 * magnitudes, signs applied after.
 * </ul>
 * Every instance is padded to the batch's largest, so a batch costs count times the cost of its
 * largest instance: batch integers of similar sizes. Conversions cost O(total limbs) and run
 * on the options' threads.
 *
 * <p><b>Cost</b> for count instances of n limbs: add, subtract O(count n); multiply, square,
 * multiply low O(count M(n)) with M(n) = O(n^1.585) (Karatsuba on limbs) below
 * {@link Tuning#intMulNttBits()} bits and O(n log n) (NTT + CRT) above; divide O(count D(n)),
 * D(n) = O(M(n)) by Newton's method above {@link Tuning#intDivNewtonBits()} bits (on the CPU;
 * a GPU engine states its own). The GPU side follows the midsize addition/multiplication paper
 * and the Newton division paper (issue 15).
 */
public final class BatchedIntegers {
    private static final Logger LOG = Logger.getLogger(BatchedIntegers.class.getName());
    private static final BigInteger[] NONE = new BigInteger[0];

    private BatchedIntegers() {
    }

    // ---- BigInteger arrays -------------------------------------------------------------------

    /** {@link #add(BigInteger[], BigInteger[], Options)} with the default options. */
    public static BigInteger[] add(BigInteger[] a, BigInteger[] b) {
        return add(a, b, Options.defaults());
    }

    /**
     * The exact sums a_i + b_i (signed; see the class comment). O(count n).
     *
     * @throws IllegalArgumentException if an array, an element or options is null, or a and b
     *     differ in length
     * @throws IllegalStateException if the backend is GPU and no device engine is usable
     */
    public static BigInteger[] add(BigInteger[] a, BigInteger[] b, Options options) {
        return addSubtract(a, b, options, false);
    }

    /** {@link #subtract(BigInteger[], BigInteger[], Options)} with the default options. */
    public static BigInteger[] subtract(BigInteger[] a, BigInteger[] b) {
        return subtract(a, b, Options.defaults());
    }

    /**
     * The exact differences a_i - b_i (signed; see the class comment). O(count n).
     *
     * @throws IllegalArgumentException as {@link #add(BigInteger[], BigInteger[], Options)}
     * @throws IllegalStateException if the backend is GPU and no device engine is usable
     */
    public static BigInteger[] subtract(BigInteger[] a, BigInteger[] b, Options options) {
        return addSubtract(a, b, options, true);
    }

    /** {@link #multiply(BigInteger[], BigInteger[], Options)} with the default options. */
    public static BigInteger[] multiply(BigInteger[] a, BigInteger[] b) {
        return multiply(a, b, Options.defaults());
    }

    /**
     * The exact products a_i b_i. O(count M(n)), n the most limbs of any operand.
     *
     * @throws IllegalArgumentException as {@link #add(BigInteger[], BigInteger[], Options)}
     * @throws IllegalStateException if the backend is GPU and no device engine is usable
     * @throws ArithmeticException if a product exceeds BigInteger's range (2^31 - 1 bits)
     */
    public static BigInteger[] multiply(BigInteger[] a, BigInteger[] b, Options options) {
        checkPairs(a, b, options);
        int count = a.length;
        if (count == 0) {
            return NONE;
        }
        int s = Math.max(maxLimbs(a), maxLimbs(b));
        long[] pa = packMagnitudes(a, s, options);
        long[] pb = packMagnitudes(b, s, options);
        long[] pr = new long[checkedLength(2L * s, count)];
        multiply(pa, 0, pb, 0, pr, 0, s, count, options);
        return unpackSigned(pr, 2 * s, count, i -> a[i].signum() * b[i].signum(), options);
    }

    /** {@link #square(BigInteger[], Options)} with the default options. */
    public static BigInteger[] square(BigInteger[] a) {
        return square(a, Options.defaults());
    }

    /**
     * The squares a_i^2. O(count M(n)), about 2/3 of a product's.
     *
     * @throws IllegalArgumentException if a, an element or options is null
     * @throws IllegalStateException if the backend is GPU and no device engine is usable
     * @throws ArithmeticException if a square exceeds BigInteger's range (2^31 - 1 bits)
     */
    public static BigInteger[] square(BigInteger[] a, Options options) {
        checkArray(a, "a");
        BatchedIntegerArguments.checkOptions(options);
        int count = a.length;
        if (count == 0) {
            return NONE;
        }
        int s = maxLimbs(a);
        long[] pa = packMagnitudes(a, s, options);
        long[] pr = new long[checkedLength(2L * s, count)];
        square(pa, 0, pr, 0, s, count, options);
        return unpackSigned(pr, 2 * s, count, i -> a[i].signum() == 0 ? 0 : 1, options);
    }

    /**
     * a_i b_i mod 2^(64 limbs), in [0, 2^(64 limbs)), the operands taken modulo 2^(64 limbs)
     * (two's complement for negative ones). At most the cost of {@link #multiply} on limbs limbs.
     *
     * @param limbs the width in 64-bit limbs, in [1, {@link BatchedIntegerArguments#MAX_STRIDE}]
     * @throws IllegalArgumentException as {@link #add(BigInteger[], BigInteger[], Options)}, or
     *     if limbs is out of range
     * @throws IllegalStateException if the backend is GPU and no device engine is usable
     */
    public static BigInteger[] multiplyLow(BigInteger[] a, BigInteger[] b, int limbs, Options options) {
        checkPairs(a, b, options);
        BatchedIntegerArguments.checkShape(limbs, a.length, "limbs");
        int count = a.length;
        if (count == 0) {
            return NONE;
        }
        long[] pa = packTwos(a, limbs, options);
        long[] pb = packTwos(b, limbs, options);
        long[] pr = new long[checkedLength(limbs, count)];
        multiplyLow(pa, 0, pb, 0, pr, 0, limbs, count, options);
        return unpackSigned(pr, limbs, count, i -> 1, options);
    }

    /** {@link #divideAndRemainder(BigInteger[], BigInteger[], Options)} with the default options. */
    public static BigInteger[][] divideAndRemainder(BigInteger[] a, BigInteger[] b) {
        return divideAndRemainder(a, b, Options.defaults());
    }

    /**
     * {quotients, remainders} with BigInteger's semantics per instance: q_i = a_i / b_i
     * truncated toward zero, r_i = a_i - q_i b_i (the sign of a_i, |r_i| &lt; |b_i|). O(count
     * D(n)).
     *
     * @throws IllegalArgumentException as {@link #add(BigInteger[], BigInteger[], Options)}
     * @throws ArithmeticException naming the first index i with b_i = 0
     * @throws IllegalStateException if the backend is GPU and no device engine is usable
     */
    public static BigInteger[][] divideAndRemainder(BigInteger[] a, BigInteger[] b, Options options) {
        checkPairs(a, b, options);
        int count = a.length;
        for (int i = 0; i < count; i++) {
            if (b[i].signum() == 0) {
                throw new ArithmeticException("division by zero: b[" + i + "] (instance " + i + ") is zero");
            }
        }
        if (count == 0) {
            return new BigInteger[][] {NONE, NONE};
        }
        int sa = maxLimbs(a);
        int sb = maxLimbs(b);
        long[] pa = packMagnitudes(a, sa, options);
        long[] pb = packMagnitudes(b, sb, options);
        long[] pq = new long[checkedLength(sa, count)];
        long[] pr = new long[checkedLength(sb, count)];
        divideAndRemainder(pa, 0, sa, pb, 0, sb, pq, 0, pr, 0, count, options);
        BigInteger[] q = unpackSigned(pq, sa, count, i -> a[i].signum() * b[i].signum(), options);
        BigInteger[] r = unpackSigned(pr, sb, count, i -> a[i].signum(), options);
        return new BigInteger[][] {q, r};
    }

    // ---- packed limbs ------------------------------------------------------------------------

    /**
     * r_i = (a_i + b_i) mod 2^(64 stride), carry[carryOff + i] the carry out (0 or 1; carry may
     * be null), for i &lt; count; r may be a or b at the same offset. O(count stride).
     *
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkAddSubtract}, or
     *     if options is null
     * @throws IllegalStateException if the backend is GPU and no device engine is usable
     */
    public static void add(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
            byte[] carry, int carryOff, Options options) {
        BatchedIntegerArguments.checkAddSubtract(a, aOff, b, bOff, r, rOff, stride, count, carry, carryOff, "carry");
        BatchedIntegerArguments.checkOptions(options);
        run(Operation.ADD, stride, count, options,
                e -> e.add(a, aOff, b, bOff, r, rOff, stride, count, carry, carryOff, options));
    }

    /**
     * r_i = (a_i - b_i) mod 2^(64 stride), borrow[borrowOff + i] = 1 when a_i &lt; b_i, else 0
     * (borrow may be null). O(count stride).
     *
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkAddSubtract}, or
     *     if options is null
     * @throws IllegalStateException if the backend is GPU and no device engine is usable
     */
    public static void subtract(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
            byte[] borrow, int borrowOff, Options options) {
        BatchedIntegerArguments.checkAddSubtract(a, aOff, b, bOff, r, rOff, stride, count, borrow, borrowOff,
                "borrow");
        BatchedIntegerArguments.checkOptions(options);
        run(Operation.SUBTRACT, stride, count, options,
                e -> e.subtract(a, aOff, b, bOff, r, rOff, stride, count, borrow, borrowOff, options));
    }

    /**
     * r_i = a_i b_i, r of stride 2 stride, disjoint from a and b. O(count M(stride)).
     *
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkProduct}, or if
     *     options is null
     * @throws IllegalStateException if the backend is GPU and no device engine is usable
     */
    public static void multiply(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
            Options options) {
        BatchedIntegerArguments.checkProduct(Operation.MULTIPLY, a, aOff, b, bOff, r, rOff, stride, count);
        BatchedIntegerArguments.checkOptions(options);
        run(Operation.MULTIPLY, stride, count, options,
                e -> e.multiply(a, aOff, b, bOff, r, rOff, stride, count, options));
    }

    /**
     * r_i = a_i b_i mod 2^(64 stride), r of stride stride, disjoint from a and b. At most the
     * cost of {@link #multiply(long[], int, long[], int, long[], int, int, int, Options)}.
     *
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkProduct}, or if
     *     options is null
     * @throws IllegalStateException if the backend is GPU and no device engine is usable
     */
    public static void multiplyLow(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride,
            int count, Options options) {
        BatchedIntegerArguments.checkProduct(Operation.MULTIPLY_LOW, a, aOff, b, bOff, r, rOff, stride, count);
        BatchedIntegerArguments.checkOptions(options);
        run(Operation.MULTIPLY_LOW, stride, count, options,
                e -> e.multiplyLow(a, aOff, b, bOff, r, rOff, stride, count, options));
    }

    /**
     * r_i = a_i^2, r of stride 2 stride, disjoint from a. O(count M(stride)).
     *
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkProduct}, or if
     *     options is null
     * @throws IllegalStateException if the backend is GPU and no device engine is usable
     */
    public static void square(long[] a, int aOff, long[] r, int rOff, int stride, int count, Options options) {
        BatchedIntegerArguments.checkProduct(Operation.SQUARE, a, aOff, null, 0, r, rOff, stride, count);
        BatchedIntegerArguments.checkOptions(options);
        run(Operation.SQUARE, stride, count, options, e -> e.square(a, aOff, r, rOff, stride, count, options));
    }

    /**
     * Unsigned division: a_i = q_i b_i + r_i, 0 &lt;= r_i &lt; b_i; q of stride aStride, r of
     * stride bStride (either may be null), both disjoint from the operands and each other.
     * O(count D(aStride, bStride)).
     *
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkDivide}, or if
     *     options is null
     * @throws ArithmeticException naming the first instance whose divisor is zero
     * @throws IllegalStateException if the backend is GPU and no device engine is usable
     */
    public static void divideAndRemainder(long[] a, int aOff, int aStride, long[] b, int bOff, int bStride,
            long[] q, int qOff, long[] r, int rOff, int count, Options options) {
        BatchedIntegerArguments.checkOptions(options);
        BatchedIntegerArguments.checkDivide(a, aOff, aStride, b, bOff, bStride, q, qOff, r, rOff, count);
        run(Operation.DIVIDE, aStride, count, options,
                e -> e.divideAndRemainder(a, aOff, aStride, b, bOff, bStride, q, qOff, r, rOff, count, options));
    }

    /**
     * The non-negative values x_i packed with stride limbs each (zeros above each value's top
     * limb), for the packed-limb methods. O(count stride).
     *
     * @throws IllegalArgumentException if x or an element is null, an element is negative or
     *     has more than stride limbs (naming its index), or stride is out of
     *     [1, {@link BatchedIntegerArguments#MAX_STRIDE}]
     */
    public static long[] toLimbs(BigInteger[] x, int stride) {
        checkArray(x, "x");
        BatchedIntegerArguments.checkShape(stride, x.length, "stride");
        for (int i = 0; i < x.length; i++) {
            if (x[i].signum() < 0) {
                throw new IllegalArgumentException("x[" + i + "] must be >= 0, got a negative value of "
                        + x[i].bitLength() + " bits");
            }
            if (x[i].bitLength() > 64L * stride) {
                throw new IllegalArgumentException("x[" + i + "] has " + x[i].bitLength()
                        + " bits, more than stride = " + stride + " limbs (" + 64L * stride + " bits) hold");
            }
        }
        return packMagnitudes(x, stride, Options.defaults());
    }

    /**
     * The count non-negative integers x[off + i stride .. + stride), i &lt; count. O(count stride).
     *
     * @throws IllegalArgumentException as {@link BatchedIntegerArguments#checkRange} (naming
     *     the first instance that does not fit), or for a stride or count out of range
     */
    public static BigInteger[] toBigIntegers(long[] x, int off, int stride, int count) {
        BatchedIntegerArguments.checkShape(stride, count, "stride");
        BatchedIntegerArguments.checkRange("x", x, off, stride, count);
        BigInteger[] out = new BigInteger[count];
        for (int i = 0; i < count; i++) {
            out[i] = Limbs.toBigInteger(x, off + i * stride, stride);
        }
        return out;
    }

    // ---- internals ---------------------------------------------------------------------------

    @FunctionalInterface
    private interface Call {
        boolean on(BatchedIntegerEngine engine);
    }

    // The call on the engine the backend selects; a declined batch goes to the CPU engine.
    private static void run(Operation op, int stride, int count, Options options, Call call) {
        BatchedIntegerEngine cpu = CpuBatchedIntegerEngine.shared();
        BatchedIntegerEngine e = BatchedIntegerEngines.select(options.backend(), op, stride, count, cpu);
        if (e != cpu && !call.on(e)) {
            LOG.info(() -> e.name() + " declined a batched " + op + " of " + count + " instances of " + stride
                    + " limbs; computed on the CPU instead");
            call.on(cpu);
        } else if (e == cpu) {
            call.on(cpu);
        }
    }

    private static BigInteger[] addSubtract(BigInteger[] a, BigInteger[] b, Options options, boolean subtract) {
        checkPairs(a, b, options);
        int count = a.length;
        if (count == 0) {
            return NONE;
        }
        long bits = 0;
        for (int i = 0; i < count; i++) {
            bits = Math.max(bits, Math.max(a[i].bitLength(), b[i].bitLength()));
        }
        int s = (int) ((bits + 2 + 63) / 64); // two's complement: |result| < 2^(bits + 1), plus a sign bit
        long[] pa = packTwos(a, s, options);
        long[] pb = packTwos(b, s, options);
        long[] pr = new long[checkedLength(s, count)];
        if (subtract) {
            subtract(pa, 0, pb, 0, pr, 0, s, count, null, 0, options);
        } else {
            add(pa, 0, pb, 0, pr, 0, s, count, null, 0, options);
        }
        BigInteger[] out = new BigInteger[count];
        forEach(count, s, options, i -> {
            int at = i * s;
            if (pr[at + s - 1] < 0) { // negative: -(2^(64 s) - r)
                long[] m = new long[s];
                negate(pr, at, s, m, 0);
                out[i] = BigIntegerWords.valueOf(m, s, -1);
            } else {
                out[i] = Limbs.toBigInteger(pr, at, s);
            }
        });
        return out;
    }

    // |x_i| at stride s (the caller chose s >= every magnitude's limbs).
    private static long[] packMagnitudes(BigInteger[] x, int s, Options options) {
        long[] p = new long[checkedLength(s, x.length)];
        forEach(x.length, s, options, i -> Limbs.write(x[i], p, i * s, s));
        return p;
    }

    // x_i mod 2^(64 s) in two's complement at stride s.
    private static long[] packTwos(BigInteger[] x, int s, Options options) {
        long[] p = new long[checkedLength(s, x.length)];
        forEach(x.length, s, options, i -> {
            BigInteger v = x[i];
            if (v.signum() == 0) {
                return;
            }
            long[] m = BigIntegerWords.magnitude(v);
            int at = i * s;
            System.arraycopy(m, 0, p, at, Math.min(m.length, s));
            if (v.signum() < 0) {
                negate(p, at, s, p, at);
            }
        });
        return p;
    }

    // dst[do, do + n) = 2^(64 n) - src[so, so + n) mod 2^(64 n) (two's complement negation; may alias).
    private static void negate(long[] src, int so, int n, long[] dst, int dOff) {
        long carry = 1;
        for (int j = 0; j < n; j++) {
            long v = ~src[so + j] + carry;
            carry = carry != 0 && v == 0 ? 1 : 0;
            dst[dOff + j] = v;
        }
    }

    // The values sign(i) * x[i s .. + s).
    private static BigInteger[] unpackSigned(long[] x, int s, int count, java.util.function.IntUnaryOperator sign,
            Options options) {
        BigInteger[] out = new BigInteger[count];
        forEach(count, s, options, i -> {
            BigInteger v = Limbs.toBigInteger(x, i * s, s);
            out[i] = sign.applyAsInt(i) < 0 ? v.negate() : v;
        });
        return out;
    }

    // body(i) for i < count, on the options' pool when the batch is large enough to pay for it.
    private static void forEach(int count, int stride, Options options, IntConsumer body) {
        ForkJoinPool pool = WorkerPools.of(options.threads());
        if (pool == null || (long) count * stride < 1 << 14) {
            for (int i = 0; i < count; i++) {
                body.accept(i);
            }
            return;
        }
        ParallelRange.run(pool, 0, count, Math.max(1, count / (4 * pool.getParallelism())), (from, to) -> {
            for (int i = from; i < to; i++) {
                body.accept(i);
            }
        });
    }

    private static int maxLimbs(BigInteger[] x) {
        long bits = 0;
        for (BigInteger v : x) {
            bits = Math.max(bits, Limbs.magnitudeBits(v));
        }
        return (int) Math.max(1, (bits + 63) / 64);
    }

    private static int checkedLength(long stride, int count) {
        long len = stride * count;
        if (len > Limbs.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("the batch needs " + len + " limbs (" + count + " instances of "
                    + stride + "), more than one array holds (" + Limbs.MAX_ARRAY_LENGTH + ")");
        }
        return (int) len;
    }

    private static void checkPairs(BigInteger[] a, BigInteger[] b, Options options) {
        checkArray(a, "a");
        checkArray(b, "b");
        BatchedIntegerArguments.checkOptions(options);
        if (a.length != b.length) {
            throw new IllegalArgumentException("a and b must have the same length (one pair per instance), got "
                    + a.length + " and " + b.length + " (instance " + Math.min(a.length, b.length)
                    + " has no partner)");
        }
    }

    private static void checkArray(BigInteger[] x, String name) {
        if (x == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        for (int i = 0; i < x.length; i++) {
            if (x[i] == null) {
                throw new IllegalArgumentException(name + "[" + i + "] must not be null (instance " + i + ")");
            }
        }
    }

}
