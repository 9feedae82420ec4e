// Shared pieces of the standalone CUDA harnesses of the batched big-integer kernels
// (bigint_harness.cu, bigint_ntt_harness.cu, fpbatch_harness.cu, div_harness.cu ...) and of their
// CGBN peer (cgbn_peer.cu): return-code checks, the deterministic data generator (the same on host
// and device, so a CPU reference needs no copy of the inputs), all-ones operands, the paper's
// metrics and the copy bandwidth.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call)                                                                          \
    do {                                                                                  \
        cudaError_t e_ = (call);                                                          \
        if (e_ != cudaSuccess) {                                                          \
            fprintf(stderr, "CUDA error %s (%s) at %s:%d: %s\n", cudaGetErrorName(e_),     \
                    cudaGetErrorString(e_), __FILE__, __LINE__, #call);                   \
            exit(2);                                                                      \
        }                                                                                 \
    } while (0)

// Checks a launch (configuration errors now, execution errors at the next synchronization).
#define CKL() CK(cudaGetLastError())

typedef unsigned long long u64;

// splitmix64: word w of a data set with seed s is mix(s ^ (w * golden)); host and device agree.
__host__ __device__ __forceinline__ u64 mix64(u64 z) {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

__host__ __device__ __forceinline__ u64 gen_word(u64 seed, u64 index) {
    return mix64(seed ^ (index * 0xd1b54a32d192ed03ULL));
}

// x[i] = gen_word(seed, i) for i < n: full-entropy random limbs, made on the device.
__global__ void fill_random(u64* x, u64 n, u64 seed) {
    for (u64 i = (u64) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (u64) gridDim.x * blockDim.x) {
        x[i] = gen_word(seed, i);
    }
}

static inline void device_fill_random(u64* d, u64 n, u64 seed) {
    fill_random<<<1024, 256>>>(d, n, seed);
    CKL();
}

// x[i] = 2^64 - 1 for i < n: all-ones operands (every limb maximal).
__global__ void fill_ones(u64* x, u64 n) {
    for (u64 i = (u64) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (u64) gridDim.x * blockDim.x) x[i] = ~0ull;
}

static inline void device_fill_ones(u64* d, u64 n) {
    fill_ones<<<256, 256>>>(d, n);
    CKL();
}

// Minimum over reps of the time of f() measured with CUDA events (milliseconds).
template <class F>
static float min_time_ms(int reps, F f) {
    cudaEvent_t s, e;
    CK(cudaEventCreate(&s));
    CK(cudaEventCreate(&e));
    float best = 1e30f;
    for (int r = 0; r < reps; r++) {
        CK(cudaEventRecord(s));
        f();
        CK(cudaEventRecord(e));
        CK(cudaEventSynchronize(e));
        float ms;
        CK(cudaEventElapsedTime(&ms, s, e));
        if (ms < best) best = ms;
    }
    CK(cudaEventDestroy(s));
    CK(cudaEventDestroy(e));
    return best;
}

// The paper's addition metric: 3 NumInsts NumBits / 8 bytes (two operands read, one written).
static inline double add_gbs(double numBits, double numInsts, double ms) {
    return 3.0 * numInsts * numBits / 8.0 / (ms * 1e-3) / 1e9;
}

// The paper's multiplication metric (section 6.1): 300 NumInsts m log2 m unit operations,
// m = M sizeof(uint) / 4 = NumBits / 32 (the operand's size in 32-bit words), in Gu32ops/s.
static inline double mul_gu32ops(double numBits, double numInsts, double ms) {
    double m = numBits / 32.0;
    return 300.0 * numInsts * m * std::log2(m) / (ms * 1e-3) / 1e9;
}

// Device-to-device cudaMemcpy bandwidth, counted as bytes read plus bytes written.
static inline double copy_gbs(void* dst, const void* src, size_t bytes, int reps) {
    float ms = min_time_ms(reps, [&] { CK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice)); });
    return 2.0 * bytes / (ms * 1e-3) / 1e9;
}

// The copy bandwidth line of a bench, at its start or (endOfRun) at its end: "copy,d2d,<bytes>,<GB/s>"
// followed by unit (" GB/s" or "") and " (end of run)"; returns the bandwidth.
static inline double print_copy(void* dst, const void* src, size_t bytes, int reps, const char* unit, bool endOfRun) {
    const double gbs = copy_gbs(dst, src, bytes, reps);
    printf("copy,d2d,%zu,%.1f%s%s\n", bytes, gbs, unit, endOfRun ? " (end of run)" : "");
    return gbs;
}

static inline void print_device() {
    int dev;
    CK(cudaGetDevice(&dev));
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, dev));
    int rt, drv;
    CK(cudaRuntimeGetVersion(&rt));
    CK(cudaDriverGetVersion(&drv));
    printf("# device: %s, %d SMs, %.1f GiB, sm_%d%d, runtime %d, driver %d\n", p.name,
           p.multiProcessorCount, p.totalGlobalMem / 1073741824.0, p.major, p.minor, rt, drv);
}
