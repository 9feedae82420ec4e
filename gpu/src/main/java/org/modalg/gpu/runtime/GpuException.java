package org.modalg.gpu.runtime;

/**
 * A CUDA call failed: the message names the call and the driver's error name. Engines catch it
 * only where they can fall back to the CPU without changing a result (and then log a warning);
 * everywhere else it propagates.
 */
public class GpuException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The driver's error code (a {@code CUresult} value), or -1 if there was none. */
    private final int cudaError;

    /** A failure of {@code call} with the driver's error code {@code cudaError}. */
    public GpuException(String message, int cudaError) {
        super(message);
        this.cudaError = cudaError;
    }

    /** The driver's error code (a {@code CUresult} value), or -1 if there was none. */
    public int cudaError() {
        return cudaError;
    }

    /** Whether the failure was the device running out of memory. */
    public boolean isOutOfMemory() {
        return cudaError == jcuda.driver.CUresult.CUDA_ERROR_OUT_OF_MEMORY;
    }
}
