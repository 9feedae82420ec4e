package org.modalg.fft.batched;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fft.batched.BatchedIntegerEngine.Operation;

/** {@link BatchedIntegerEngines#select}: the backend rule, with a stand-in CPU engine (no device in fft's tests). */
class BatchedIntegerEnginesTest {

    private static final BatchedIntegerEngine CPU = new BatchedIntegerEngine() {
        @Override
        public String name() {
            return "stand-in";
        }

        @Override
        public boolean prefers(Operation op, int stride, int count) {
            return true;
        }

        @Override
        public boolean add(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
                byte[] carry, int carryOff, Options options) {
            return false;
        }

        @Override
        public boolean subtract(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
                byte[] borrow, int borrowOff, Options options) {
            return false;
        }

        @Override
        public boolean multiply(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride, int count,
                Options options) {
            return false;
        }

        @Override
        public boolean multiplyLow(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int stride,
                int count, Options options) {
            return false;
        }

        @Override
        public boolean square(long[] a, int aOff, long[] r, int rOff, int stride, int count, Options options) {
            return false;
        }

        @Override
        public boolean divideAndRemainder(long[] a, int aOff, int aStride, long[] b, int bOff, int bStride,
                long[] q, int qOff, long[] r, int rOff, int count, Options options) {
            return false;
        }
    };

    @Test
    void cpuAndAutoWithoutADeviceGiveTheCpuEngine() {
        assertSame(CPU, BatchedIntegerEngines.select(Backend.CPU, Operation.ADD, 4, 10, CPU));
        if (BatchedIntegerEngines.device() == null) { // fft's tests have no provider on the class path
            assertSame(CPU, BatchedIntegerEngines.select(Backend.AUTO, Operation.MULTIPLY, 4096, 10, CPU));
            assertThrows(IllegalStateException.class,
                    () -> BatchedIntegerEngines.select(Backend.GPU, Operation.DIVIDE, 4, 10, CPU));
        }
    }

    @Test
    void nullArgumentsAreRefusedByName() {
        assertThrows(IllegalArgumentException.class,
                () -> BatchedIntegerEngines.select(null, Operation.ADD, 1, 1, CPU));
        assertThrows(IllegalArgumentException.class,
                () -> BatchedIntegerEngines.select(Backend.CPU, null, 1, 1, CPU));
        assertThrows(IllegalArgumentException.class,
                () -> BatchedIntegerEngines.select(Backend.CPU, Operation.ADD, 1, 1, null));
    }
}
