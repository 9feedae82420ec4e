package org.modalg.gpu.batched;

import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.DeviceWorkspace;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * The plumbing the batched device products share ({@link GpuWarpProduct}, {@link GpuBlockNttProduct},
 * {@link GpuFpBatchProduct}): the runtime, the operand and product buffers kept between calls
 * (slots {@link #A}, {@link #B}, {@link #C}, more when a product needs them), their upload for a
 * chunk with the square path, the release on {@link #close()} and the fault the tests inject.
 * Their multiply body is {@link DeviceChunks#product}. Upload cost: one copy of the chunk's
 * operands (one for a square).
 */
abstract class BatchedDeviceProduct implements AutoCloseable {
    /** Buffer slot of the first operand. */
    static final int A = 0;

    /** Buffer slot of the second operand (unused for a square). */
    static final int B = 1;

    /** Buffer slot of the products. */
    static final int C = 2;

    final GpuRuntime runtime;
    final DeviceWorkspace buffers;
    private int injectedFault;

    /**
     * A product on {@code runtime}'s device with {@code slots} buffers (at least 3).
     *
     * @throws IllegalArgumentException if runtime is null
     */
    BatchedDeviceProduct(GpuRuntime runtime, int slots) {
        if (runtime == null) {
            throw new IllegalArgumentException("runtime must not be null");
        }
        this.runtime = runtime;
        this.buffers = new DeviceWorkspace(slots);
    }

    /** Frees the device buffers kept between calls (allocated again when needed). Idempotent. */
    @Override
    public synchronized void close() {
        runtime.enterContext();
        releaseDevice();
    }

    /** What {@link #close()} frees: the buffers; a product with tables frees them too. */
    void releaseDevice() {
        buffers.release();
    }

    /** Tests only: the next device chunk fails with the driver error {@code cudaError}. */
    synchronized void injectFaultForTests(int cudaError) {
        injectedFault = cudaError;
    }

    /**
     * The device buffers {a, b, c} of a chunk of n instances of m limbs, a (and b unless
     * {@code same}: then b is a's buffer) uploaded from aOff and bOff, c of 2 n m words; then the
     * fault the tests injected, if any, as the launch of {@code kernel} failing.
     *
     * @throws GpuException if a driver call fails (or the injected fault)
     */
    DeviceBuffer[] upload(long[] a, int aOff, long[] b, int bOff, boolean same, int m, int n, String kernel) {
        long in = (long) n * m;
        DeviceBuffer da = buffers.get(A, in);
        DeviceBuffer db = same ? da : buffers.get(B, in);
        DeviceBuffer dc = buffers.get(C, 2 * in);
        da.upload(a, aOff, 0, in);
        if (!same) {
            db.upload(b, bOff, 0, in);
        }
        if (injectedFault != 0) {
            int code = injectedFault;
            injectedFault = 0;
            throw new GpuException("cuLaunchKernel(" + kernel + ") failed: injected fault for the tests (" + code
                    + ")", code);
        }
        return new DeviceBuffer[] {da, db, dc};
    }
}
