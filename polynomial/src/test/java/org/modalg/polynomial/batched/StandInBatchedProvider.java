package org.modalg.polynomial.batched;

import java.util.concurrent.atomic.AtomicInteger;
import org.modalg.fft.batched.BatchedIntegerEngine;
import org.modalg.fft.batched.BatchedIntegerEngineProvider;
import org.modalg.fft.Options;

/**
 * A stand-in device for the polynomial tests (registered in the test resources): an engine that
 * counts its calls and, as the test sets it, declines them or computes them by the CPU engine.
 * It prefers no batch unless {@link #prefer} is set, so under {@code auto} every other test runs
 * on the CPU as without it.
 */
public final class StandInBatchedProvider implements BatchedIntegerEngineProvider {
    static volatile boolean prefer;
    static volatile boolean decline;
    static final AtomicInteger CALLS = new AtomicInteger();

    private static final BatchedIntegerEngine ENGINE = new BatchedIntegerEngine() {
        private final CpuBatchedIntegerEngine cpu = CpuBatchedIntegerEngine.shared();

        @Override
        public String name() {
            return "stand-in device";
        }

        @Override
        public boolean prefers(Operation op, int stride, int count) {
            return prefer;
        }

        @Override
        public boolean add(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
                byte[] carry, int carryOff, Options options) {
            CALLS.incrementAndGet();
            return !decline && cpu.add(a, aOff, b, bOff, r, rOff, stride, count, carry, carryOff, options);
        }

        @Override
        public boolean subtract(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
                byte[] borrow, int borrowOff, Options options) {
            CALLS.incrementAndGet();
            return !decline && cpu.subtract(a, aOff, b, bOff, r, rOff, stride, count, borrow, borrowOff, options);
        }

        @Override
        public boolean multiply(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
                Options options) {
            CALLS.incrementAndGet();
            if (decline) {
                java.util.Arrays.fill(r, rOff, rOff + 2 * stride * count, 0x77L); // garbage a decline may leave
                return false;
            }
            return cpu.multiply(a, aOff, b, bOff, r, rOff, stride, count, options);
        }

        @Override
        public boolean multiplyLow(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride,
                int count, Options options) {
            CALLS.incrementAndGet();
            return !decline && cpu.multiplyLow(a, aOff, b, bOff, r, rOff, stride, count, options);
        }

        @Override
        public boolean square(long[] a, int aOff, long[] r, int rOff, int stride, int count, Options options) {
            CALLS.incrementAndGet();
            return !decline && cpu.square(a, aOff, r, rOff, stride, count, options);
        }

        @Override
        public boolean divideAndRemainder(long[] a, int aOff, int aStride, long[] b, int bOff, int bStride,
                long[] q, int qOff, long[] r, int rOff, int count, Options options) {
            CALLS.incrementAndGet();
            return !decline && cpu.divideAndRemainder(a, aOff, aStride, b, bOff, bStride, q, qOff, r, rOff, count,
                    options);
        }
    };

    @Override
    public String name() {
        return "stand-in";
    }

    @Override
    public boolean isUsable() {
        return true;
    }

    @Override
    public BatchedIntegerEngine engine() {
        return ENGINE;
    }
}
