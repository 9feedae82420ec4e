package org.modalg.gpu;

import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/**
 * A block of device memory of {@code words} 64-bit words ({@code cuMemAlloc}), freed by
 * {@link #close()}. Copies check their bounds so that a wrong offset is an exception, never a
 * silent overwrite.
 */
final class DeviceBuffer implements AutoCloseable {
    private final CUdeviceptr pointer = new CUdeviceptr();
    private final long words;
    private boolean freed;

    /** Allocates {@code words} words (at least one) on the current context's device. */
    DeviceBuffer(long words) {
        this.words = Math.max(1, words);
        Cuda.check(JCudaDriver.cuMemAlloc(pointer, this.words * Long.BYTES),
                "cuMemAlloc(" + this.words * Long.BYTES + " bytes)");
    }

    /** A buffer holding a copy of {@code host}. */
    static DeviceBuffer of(long[] host) {
        DeviceBuffer b = new DeviceBuffer(host.length);
        try {
            b.upload(host, 0, 0, host.length);
        } catch (RuntimeException e) {
            b.close();
            throw e;
        }
        return b;
    }

    long words() {
        return words;
    }

    /** The device address of word {@code offset}. */
    CUdeviceptr at(long offset) {
        return offset == 0 ? pointer : pointer.withByteOffset(offset * Long.BYTES);
    }

    /** A kernel argument: the address of this buffer's first word. */
    Pointer arg() {
        return Pointer.to(pointer);
    }

    /** Copies host[from .. from + count) to device words [offset, offset + count). */
    void upload(long[] host, int from, long offset, long count) {
        checkRange(offset, count);
        if (count > 0) {
            Cuda.check(JCudaDriver.cuMemcpyHtoD(at(offset),
                    Pointer.to(host).withByteOffset((long) from * Long.BYTES), count * Long.BYTES),
                    "cuMemcpyHtoD");
        }
    }

    /** Copies device words [offset, offset + count) to host[to .. to + count). */
    void download(long offset, long[] host, int to, long count) {
        checkRange(offset, count);
        if (count > 0) {
            Cuda.check(JCudaDriver.cuMemcpyDtoH(
                    Pointer.to(host).withByteOffset((long) to * Long.BYTES), at(offset),
                    count * Long.BYTES), "cuMemcpyDtoH");
        }
    }

    private void checkRange(long offset, long count) {
        if (freed) {
            throw new IllegalStateException("device buffer already freed");
        }
        if (offset < 0 || count < 0 || offset + count > words) {
            throw new IndexOutOfBoundsException("words [" + offset + ", " + (offset + count)
                    + ") outside a buffer of " + words);
        }
    }

    @Override
    public void close() {
        if (!freed) {
            freed = true;
            Cuda.check(JCudaDriver.cuMemFree(pointer), "cuMemFree");
        }
    }
}
