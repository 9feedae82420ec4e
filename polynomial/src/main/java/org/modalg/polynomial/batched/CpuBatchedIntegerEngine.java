package org.modalg.polynomial.batched;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fft.WorkerPools;
import org.modalg.fft.batched.BatchedIntegerArguments;
import org.modalg.fft.batched.BatchedIntegerEngine;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.integer.IntegerDivision;
import org.modalg.polynomial.integer.IntegerMultiplication;
import org.modalg.polynomial.integer.LimbMultiplication;
import org.modalg.polynomial.integer.NewtonDivision;
import org.modalg.fft.parallel.ParallelRange;

/**
 * The CPU {@link BatchedIntegerEngine}: the fallback of every backend and the oracle of the
 * device engines. Instances are spread over {@link WorkerPools#of(int) WorkerPools.of(threads)}
 * ({@link Options#threads()} per call) in chunks of consecutive instances, each instance on one
 * thread; when a batch has fewer instances than threads, the instances run one after another and
 * the threads go to each product's NTT route instead. It never declines.
 *
 * <p>Per instance (n = stride limbs):
 * <ul>
 * <li>add, subtract: one carry (borrow) pass, {@code LimbMultiplication.addN} / {@code subN}:
 * O(n).
 * <li>multiply, square: on the significant limbs of the operands, Karatsuba on limbs over
 * BigInteger's intrinsic schoolbook basecase ({@link LimbMultiplication#multiplyInto}, with one
 * scratch per chunk) while the shorter operand has fewer than {@link Tuning#intMulNttBits()}
 * bits, O(n^1.585); above, the double-precision NTT + CRT route of {@link IntegerMultiplication}
 * (never the GPU's product: this is the CPU engine), O(n log n).
 * <li>multiply low: the full product, truncated (the same cost).
 * <li>divide: {@link NewtonDivision} (Newton's method on Watt's whole shifted inverse, on the
 * limbs, O(M(n))) when the divisor has at least {@link #newtonDivisorLimbs()} significant limbs
 * and the quotient at least {@link #newtonQuotientLimbs()} (where it measured faster);
 * otherwise {@link IntegerDivision#divideAndRemainder(BigInteger, BigInteger, Options)} on the
 * instance's values (BigInteger's Burnikel-Ziegler below {@link Tuning#intDivNewtonBits()},
 * Newton's method above, O(M(n))), converted from and to limbs in O(n).
 * </ul>
 */
public final class CpuBatchedIntegerEngine implements BatchedIntegerEngine {

    private static final CpuBatchedIntegerEngine SHARED = new CpuBatchedIntegerEngine();

    /** Limbs of work below which a batch runs on the calling thread (a fork costs microseconds). */
    private static final long SERIAL_LIMBS = 1 << 12;

    private CpuBatchedIntegerEngine() {
    }

    /** The engine (stateless; the thread count comes with each call's options). */
    public static CpuBatchedIntegerEngine shared() {
        return SHARED;
    }

    @Override
    public String name() {
        return "cpu";
    }

    /** Always true: the CPU takes whatever the device does not. */
    @Override
    public boolean prefers(Operation op, int stride, int count) {
        return true;
    }

    @Override
    public boolean add(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count, byte[] carry,
            int carryOff, Options options) {
        return addOrSubtract(false, a, aOff, b, bOff, r, rOff, stride, count, carry, carryOff, options);
    }

    @Override
    public boolean subtract(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
            byte[] borrow, int borrowOff, Options options) {
        return addOrSubtract(true, a, aOff, b, bOff, r, rOff, stride, count, borrow, borrowOff, options);
    }

    // add and subtract: one carry (borrow) pass per instance, the carries out into flags when given.
    private boolean addOrSubtract(boolean subtract, long[] a, int aOff, long[] b, int bOff, long[] r, int rOff,
            int stride, int count, byte[] flags, int flagsOff, Options options) {
        BatchedIntegerArguments.checkAddSubtract(a, aOff, b, bOff, r, rOff, stride, count, flags, flagsOff,
                subtract ? "borrow" : "carry");
        BatchedIntegerArguments.checkOptions(options);
        String where = subtract ? "in the batched subtraction" : "in the batched addition";
        forChunks(count, (long) stride, options, where, (from, to, inner) -> {
            for (int i = from; i < to; i++) {
                int o = i * stride;
                long c = subtract
                        ? LimbMultiplication.subN(a, aOff + o, b, bOff + o, stride, r, rOff + o, 0)
                        : LimbMultiplication.addN(a, aOff + o, b, bOff + o, stride, r, rOff + o, 0);
                if (flags != null) {
                    flags[flagsOff + i] = (byte) c;
                }
            }
        });
        return true;
    }

    @Override
    public boolean multiply(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
            Options options) {
        BatchedIntegerArguments.checkProduct(Operation.MULTIPLY, a, aOff, b, bOff, r, rOff, stride, count);
        BatchedIntegerArguments.checkOptions(options);
        products(a, aOff, b, bOff, r, rOff, stride, count, false, options);
        return true;
    }

    @Override
    public boolean multiplyLow(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
            Options options) {
        BatchedIntegerArguments.checkProduct(Operation.MULTIPLY_LOW, a, aOff, b, bOff, r, rOff, stride, count);
        BatchedIntegerArguments.checkOptions(options);
        products(a, aOff, b, bOff, r, rOff, stride, count, true, options);
        return true;
    }

    @Override
    public boolean square(long[] a, int aOff, long[] r, int rOff, int stride, int count, Options options) {
        BatchedIntegerArguments.checkProduct(Operation.SQUARE, a, aOff, null, 0, r, rOff, stride, count);
        BatchedIntegerArguments.checkOptions(options);
        products(a, aOff, a, aOff, r, rOff, stride, count, false, options);
        return true;
    }

    @Override
    public boolean divideAndRemainder(long[] a, int aOff, int aStride, long[] b, int bOff, int bStride, long[] q,
            int qOff, long[] r, int rOff, int count, Options options) {
        BatchedIntegerArguments.checkDivide(a, aOff, aStride, b, bOff, bStride, q, qOff, r, rOff, count);
        BatchedIntegerArguments.checkOptions(options);
        long work = (long) aStride * Math.max(1, Math.min(aStride, bStride));
        forChunks(count, work, options, "in the batched division", (from, to, inner) -> {
            // route AUTO whatever the caller's (the route is not the engine's to choose)
            Options o = Options.defaults().withThreads(inner).withBackend(Backend.CPU)
                    .withCancellation(options.cancellation());
            for (int i = from; i < to; i++) {
                int ao = aOff + i * aStride;
                int bo = bOff + i * bStride;
                int na = Limbs.significant(a, ao, aStride);
                int nb = Limbs.significant(b, bo, bStride);
                if (nb >= newtonDivisorLimbs() && na - nb >= newtonQuotientLimbs()) {
                    long[][] qr = NewtonDivision.divide(Arrays.copyOfRange(a, ao, ao + na), na,
                            Arrays.copyOfRange(b, bo, bo + nb), nb, inner);
                    if (q != null) {
                        place(qr[0], q, qOff + i * aStride, aStride);
                    }
                    if (r != null) {
                        place(qr[1], r, rOff + i * bStride, bStride);
                    }
                    continue;
                }
                BigInteger x = Limbs.toBigInteger(a, ao, aStride);
                BigInteger y = Limbs.toBigInteger(b, bo, bStride);
                BigInteger[] qr = IntegerDivision.divideAndRemainder(x, y, o);
                if (q != null) {
                    Limbs.write(qr[0], q, qOff + i * aStride, aStride);
                }
                if (r != null) {
                    Limbs.write(qr[1], r, rOff + i * bStride, bStride);
                }
            }
        });
        return true;
    }

    /**
     * Divisor limbs (significant) from which an instance is divided by {@link NewtonDivision}
     * when its quotient also has at least {@link #newtonQuotientLimbs()} limbs: default
     * {@value #NEWTON_DIVISOR_LIMBS} ({@code -Dmodalg.poly.batchedDivNewtonLimbs}). Measured on
     * the 2-core development machine under a load average of 11-12 (other builds running;
     * one division at a time, minimum of 25 runs, microseconds, the current route against
     * NewtonDivision): 1024/512 limbs 2270/3789, 1536/768 7456/19125 (noise), 2048/1024
     * 8431/8335, 3072/1536 5434/3052, 4096/2048 9031/3264, 8192/4096 19265/17925 (both Newton),
     * 1280/1024 1193/986, 2560/2048 3573/2945, 4096/1024 13597/7247, 4096/512 13399/11905,
     * 1024/128 758/1463, 2048/256 2445/3009 (polynomial/BENCHMARKS.md). Newton's products reach the
     * NTT range (16,000 bits) there, where BigInteger's Burnikel-Ziegler still multiplies by
     * Karatsuba and Toom-Cook.
     */
    static int newtonDivisorLimbs() {
        return Math.max(2, Integer.getInteger("modalg.poly.batchedDivNewtonLimbs", NEWTON_DIVISOR_LIMBS));
    }

    /** The quotient limbs (dividend minus divisor limbs) of that rule: default {@value #NEWTON_QUOTIENT_LIMBS}
     * ({@code -Dmodalg.poly.batchedDivNewtonQuotientLimbs}). */
    static int newtonQuotientLimbs() {
        return Math.max(0, Integer.getInteger("modalg.poly.batchedDivNewtonQuotientLimbs", NEWTON_QUOTIENT_LIMBS));
    }

    static final int NEWTON_DIVISOR_LIMBS = 1024;
    static final int NEWTON_QUOTIENT_LIMBS = 256;

    // x (trimmed, at most len limbs) into dst[off, off + len), zeros above
    private static void place(long[] x, long[] dst, int off, int len) {
        System.arraycopy(x, 0, dst, off, x.length);
        Arrays.fill(dst, off + x.length, off + len, 0L);
    }

    // r_i = a_i b_i (stride 2 s), or its low s limbs when low; b == a at the same offset: squares.
    private static void products(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int s, int count,
            boolean low, Options options) {
        boolean square = a == b && aOff == bOff;
        int rs = low ? s : 2 * s;
        long work = (long) s * Math.min(s, LimbMultiplication.KARATSUBA_LIMBS);
        long nttBits = Tuning.intMulNttBits();
        forChunks(count, work, options, "in the batched product", (from, to, inner) -> {
            LimbMultiplication.Work w = null;
            long[] full = low ? new long[2 * s] : null;
            for (int i = from; i < to; i++) {
                int ao = aOff + i * s;
                int bo = bOff + i * s;
                int ro = rOff + i * rs;
                int na = Limbs.significant(a, ao, s);
                int nb = square ? na : Limbs.significant(b, bo, s);
                if (na == 0 || nb == 0) {
                    Arrays.fill(r, ro, ro + rs, 0L);
                    continue;
                }
                long bitsA = 64L * na - Long.numberOfLeadingZeros(a[ao + na - 1]);
                long bitsB = 64L * nb - Long.numberOfLeadingZeros(b[bo + nb - 1]);
                long[] z = low ? full : r;
                int zo = low ? 0 : ro;
                if (Math.min(bitsA, bitsB) < nttBits) {
                    if (w == null) {
                        w = LimbMultiplication.work(s);
                    }
                    LimbMultiplication.multiplyInto(a, ao, na, b, bo, nb, z, zo, w);
                    Arrays.fill(z, zo + na + nb, zo + 2 * s, 0L);
                } else {
                    long[] la = Arrays.copyOfRange(a, ao, ao + na);
                    long[] lb = square ? la : Arrays.copyOfRange(b, bo, bo + nb);
                    long[] p = IntegerMultiplication.multiplyMagnitudes(la, bitsA, lb, bitsB, square, inner, false);
                    int len = Math.min(p.length, 2 * s); // limbs above 2 s are zero: a_i b_i < 2^(128 s)
                    System.arraycopy(p, 0, z, zo, len);
                    Arrays.fill(z, zo + len, zo + 2 * s, 0L);
                }
                if (low) {
                    System.arraycopy(full, 0, r, ro, s);
                }
            }
        });
    }

    /** A loop body over instances [from, to), with the thread count each instance may use. */
    @FunctionalInterface
    private interface Chunk {
        void run(int from, int to, int innerThreads);
    }

    /*
     * Runs body over [0, count) in chunks of consecutive instances on the pool of the options'
     * thread count (about four chunks per thread, for balance), or on the calling thread when
     * the pool is null or the batch is small (workPerInstance count below SERIAL_LIMBS). With
     * fewer instances than threads, the instances run in turn, each given every thread. The
     * cancellation check is polled before each chunk.
     */
    private static void forChunks(int count, long workPerInstance, Options options, String where, Chunk body) {
        options.checkCancelled(where);
        if (count == 0) {
            return;
        }
        int threads = options.threads();
        ForkJoinPool pool = WorkerPools.of(threads);
        if (pool == null || count == 1 || workPerInstance * count < SERIAL_LIMBS || count < threads) {
            body.run(0, count, count < threads ? threads : 1);
            return;
        }
        int chunks = (int) Math.min(count, 4L * threads);
        ParallelRange.run(pool, 0, chunks, 1, (from, to) -> {
            for (int c = from; c < to; c++) {
                options.checkCancelled(where);
                body.run((int) ((long) c * count / chunks), (int) ((long) (c + 1) * count / chunks), 1);
            }
        });
    }
}
