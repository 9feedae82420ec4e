package org.modalg.gpu.runtime;

import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/** Return-code checking and kernel launches: every driver call of this module goes through here. */
public final class Cuda {
    private Cuda() {
    }

    /** Throws a {@link GpuException} naming {@code call} unless {@code result} is CUDA_SUCCESS. */
    public static void check(int result, String call) {
        if (result != CUresult.CUDA_SUCCESS) {
            String[] name = new String[1];
            String text = JCudaDriver.cuGetErrorName(result, name) == CUresult.CUDA_SUCCESS
                    && name[0] != null ? name[0] : CUresult.stringFor(result);
            throw new GpuException(call + " failed: " + text + " (" + result + ")", result);
        }
    }

    /**
     * Launches {@code kernel} on the default stream with a 2-D grid (x blocks, y rows) and
     * checks the launch. The kernel's own faults surface at the next synchronizing call.
     */
    public static void launch(CUfunction kernel, String name, int gridX, int gridY, int block,
            int sharedBytes, Pointer... args) {
        Pointer params = Pointer.to(args);
        check(JCudaDriver.cuLaunchKernel(kernel, gridX, gridY, 1, block, 1, 1, sharedBytes, null,
                params, null), "cuLaunchKernel(" + name + ")");
    }

    /** Waits for the device and checks for faults of earlier launches. */
    public static void synchronize(String after) {
        check(JCudaDriver.cuCtxSynchronize(), "cuCtxSynchronize after " + after);
    }
}
