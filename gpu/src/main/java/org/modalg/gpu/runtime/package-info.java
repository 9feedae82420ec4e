/**
 * The CUDA runtime under every engine of the module: the device, its primary context and the
 * kernel modules ({@link org.modalg.gpu.runtime.GpuRuntime}: {@code isUsable()} never throws),
 * the checked driver calls and kernel launches ({@link org.modalg.gpu.runtime.Cuda}), device
 * memory ({@link org.modalg.gpu.runtime.DeviceBuffer}, {@link
 * org.modalg.gpu.runtime.DeviceWorkspace}), the module names ({@link
 * org.modalg.gpu.runtime.GpuModules}: one {@code .cu} source, one PTX and one sm_90 cubin
 * each, loaded from the resource folder {@code /org/modalg/gpu/}) and the failure type ({@link
 * org.modalg.gpu.runtime.GpuException}).
 *
 * <p>Public for the packages of the module (not a stable API, except {@code GpuRuntime}'s
 * {@code isUsable}, {@code unusableReason}, {@code get} and {@code devices} and {@code
 * GpuException}); nothing here depends on the rest of the module.
 */
package org.modalg.gpu.runtime;
