package org.modalg.gpu.runtime;

import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/**
 * A block of device memory of {@code words} 64-bit words ({@code cuMemAlloc}), freed by
 * {@link #close()}. Copies check their bounds so that a wrong offset is an exception, never a
 * silent overwrite.
 */
public final class DeviceBuffer implements AutoCloseable {
    private final CUdeviceptr pointer = new CUdeviceptr();
    private final long words;
    private boolean freed;

    // Fault injection for the tests of the out-of-memory paths: allocations that would take the
    // bytes held by all buffers above this limit fail as the driver's out-of-memory would.
    private static volatile long allocationLimit = Long.MAX_VALUE;
    private static long allocatedBytes;

    /** Allocates {@code words} words (at least one) on the current context's device. */
    public DeviceBuffer(long words) {
        this.words = Math.max(1, words);
        long bytes = this.words * Long.BYTES;
        synchronized (DeviceBuffer.class) {
            if (allocatedBytes + bytes > allocationLimit) {
                throw new GpuException("cuMemAlloc(" + bytes + " bytes) failed: "
                        + "CUDA_ERROR_OUT_OF_MEMORY (test limit of " + allocationLimit + " bytes)",
                        CUresult.CUDA_ERROR_OUT_OF_MEMORY);
            }
            Cuda.check(JCudaDriver.cuMemAlloc(pointer, bytes), "cuMemAlloc(" + bytes + " bytes)");
            allocatedBytes += bytes;
        }
    }

    /** Bytes held by all buffers now (for the tests of the out-of-memory paths). */
    public static synchronized long allocatedBytes() {
        return allocatedBytes;
    }

    /** Tests only: makes allocations fail beyond {@code bytes} held in all (MAX_VALUE: none). */
    public static void limitAllocationsForTests(long bytes) {
        allocationLimit = bytes;
    }

    /** A buffer holding a copy of {@code host}. */
    public static DeviceBuffer of(long[] host) {
        DeviceBuffer b = new DeviceBuffer(host.length);
        try {
            b.upload(host, 0, 0, host.length);
        } catch (RuntimeException e) {
            b.close();
            throw e;
        }
        return b;
    }

    public long words() {
        return words;
    }

    /** The device address of word {@code offset}. */
    public CUdeviceptr at(long offset) {
        return offset == 0 ? pointer : pointer.withByteOffset(offset * Long.BYTES);
    }

    /** A kernel argument: the address of this buffer's first word. */
    public Pointer arg() {
        return Pointer.to(pointer);
    }

    /** Copies host[from .. from + count) to device words [offset, offset + count). */
    public void upload(long[] host, int from, long offset, long count) {
        checkRange(offset, count);
        if (count > 0) {
            Cuda.check(JCudaDriver.cuMemcpyHtoD(at(offset),
                    Pointer.to(host).withByteOffset((long) from * Long.BYTES), count * Long.BYTES),
                    "cuMemcpyHtoD");
        }
    }

    /** Copies device words [offset, offset + count) to host[to .. to + count). */
    public void download(long offset, long[] host, int to, long count) {
        checkRange(offset, count);
        if (count > 0) {
            Cuda.check(JCudaDriver.cuMemcpyDtoH(
                    Pointer.to(host).withByteOffset((long) to * Long.BYTES), at(offset),
                    count * Long.BYTES), "cuMemcpyDtoH");
        }
    }

    /** Copies host[from .. from + count) to device bytes [byteOffset, byteOffset + count). */
    public void uploadBytes(byte[] host, int from, long byteOffset, long count) {
        checkByteRange(byteOffset, count);
        if (count > 0) {
            Cuda.check(JCudaDriver.cuMemcpyHtoD(pointer.withByteOffset(byteOffset),
                    Pointer.to(host).withByteOffset(from), count), "cuMemcpyHtoD");
        }
    }

    /** Copies device bytes [byteOffset, byteOffset + count) to host[to .. to + count). */
    public void downloadBytes(long byteOffset, byte[] host, int to, long count) {
        checkByteRange(byteOffset, count);
        if (count > 0) {
            Cuda.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(host).withByteOffset(to),
                    pointer.withByteOffset(byteOffset), count), "cuMemcpyDtoH");
        }
    }

    private void checkByteRange(long offset, long count) {
        if (freed) {
            throw new IllegalStateException("device buffer already freed");
        }
        if (offset < 0 || count < 0 || offset + count > words * Long.BYTES) {
            throw new IndexOutOfBoundsException("bytes [" + offset + ", " + (offset + count)
                    + ") outside a buffer of " + words * Long.BYTES);
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
            synchronized (DeviceBuffer.class) {
                allocatedBytes -= words * Long.BYTES;
            }
            Cuda.check(JCudaDriver.cuMemFree(pointer), "cuMemFree");
        }
    }
}
