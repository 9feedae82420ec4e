/**
 * CUDA engines through JCuda's driver API: batched small-prime NTTs, CRT, the all-device
 * integer product and the big-prime FFT over generalized Fermat fields. They register with the
 * fft module through {@code META-INF/services} and are used automatically when
 * {@link org.modalg.gpu.runtime.GpuRuntime#isUsable()}; nothing is probed at class load (see the module
 * README).
 *
 * <p>This package holds the whole products on the device, built on the NTTs and the CRT of
 * {@link org.modalg.gpu.ntt}: the integer product on limbs ({@code GpuIntegerMultiplier},
 * registered by {@link org.modalg.gpu.GpuLimbProductProvider}), the polynomial products over
 * Z/pZ and Z ({@code GpuPolyMultiplier}, registered by {@link
 * org.modalg.gpu.GpuPolyProductProvider}), and the device-side timings of the benchmarks
 * ({@link org.modalg.gpu.GpuTimings}). The sub-packages, each using only {@link
 * org.modalg.gpu.runtime} below it (no cycles: {@code PackageLayersTest}): {@link
 * org.modalg.gpu.ntt}, {@link org.modalg.gpu.gf}, {@link org.modalg.gpu.batched}, {@link
 * org.modalg.gpu.image}.
 *
 * <p>References: "the thesis" in this package's documentation, with its numbered items (P3,
 * P4, Table 2.2, sections 2.3, 2.5 and 2.6, Algorithms 2 and 3), is D. Mohajerani,
 * <i>Parallel Arbitrary-precision Integer Arithmetic</i>, PhD thesis, The University of
 * Western Ontario, 2021 ([Thesis] in the References of the root README).
 */
package org.modalg.gpu;
