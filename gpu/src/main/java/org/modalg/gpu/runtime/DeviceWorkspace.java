package org.modalg.gpu.runtime;

/**
 * Device buffers by role, kept between products and grown on demand (allocating and freeing
 * hundreds of megabytes per call would cost more than a small product's arithmetic), for the
 * all-device products ({@code GpuIntegerMultiplier}, {@code GpuPolyMultiplier}). Not
 * thread-safe: each owner serializes its calls.
 */
public final class DeviceWorkspace {
    private final DeviceBuffer[] buffers;

    public DeviceWorkspace(int roles) {
        buffers = new DeviceBuffer[roles];
    }

    /** The buffer of {@code role}, at least {@code words} words (contents unspecified). */
    public DeviceBuffer get(int role, long words) {
        DeviceBuffer b = buffers[role];
        if (b == null || b.words() < words) {
            if (b != null) {
                buffers[role] = null;
                b.close();
            }
            b = new DeviceBuffer(words);
            buffers[role] = b;
        }
        return b;
    }

    /** Frees every buffer (they are allocated again when needed). */
    public void release() {
        for (int i = 0; i < buffers.length; i++) {
            if (buffers[i] != null) {
                buffers[i].close();
                buffers[i] = null;
            }
        }
    }

    /** Sets the first {@code words} words of b to zero. */
    public static void zero(DeviceBuffer b, long words) {
        Cuda.check(jcuda.driver.JCudaDriver.cuMemsetD8(b.at(0), (byte) 0, words * Long.BYTES),
                "cuMemsetD8");
    }
}
