// Standalone harness of the batched floating-point FFT product ../../main/cuda/fpbatch.cu (no
// Java), with the schoolbook bi_mul32_q8 (bigint.cu) and the exact in-block NTT product
// bnt_mul_d8l (bigint_ntt.cu) compiled in the same program:
//   sim     (no GPU needed) the kernel's own code, fpb_product, run on the host one simulated
//           thread after the other between barriers, P = 8 and 16, roots from the table tw and
//           from the pass tables (fpb_tab_value, the _t kernels), against a CPU schoolbook:
//           sizes 1 .. 1024 limbs (most not powers of two), the least transform length and a
//           longer one, 14 input patterns (all-ones first); the largest rounding error seen.
//   check   the 32 kernels fpb_mul_nN_pP and fpb_mul_nN_pPt on the device (the latter's tables made
//           by fpb_tables and compared with the host's bit for bit): sizes 1 .. 1024 limbs, both P, two block
//           shapes (one and several instances per block), packed and padded strides (padding
//           checked untouched), squares through one buffer, the 14 patterns, every limb against
//           the CPU schoolbook; flags: none may be set where the bound holds (M <= 855), and an
//           instance forced to fail (failInst) must be flagged alone and, redone by the exact
//           route (here the CPU schoolbook), give the right limbs; a margin of -1 flags all.
//   bench   the midsize paper's grid NumBits = 2^LO .. 2^HI (default 11 .. 16), NumInsts =
//           2^TOTAL / NumBits, random full-entropy limbs: the FP kernels (P = 8, 16, with and
//           without pass tables; blocks of
//           about 64, 128, 256 threads) against bi_mul32_q8 and bnt_mul_d8l in the engine's shapes,
//           min of reps with CUDA events; every timed result checked (every instance modulo
//           2^61 - 1, 32 instances bit for bit), flagged instances counted (and redone on the CPU
//           for the check), the largest |x - rint(x)| over all instances; 64 all-ones instances
//           per size limb by limb; the paper's Gu32ops/s; copy bandwidth at the start and end.
// Usage: fpbatch_harness [sim|check|bench|all] [seed] [TOTAL=32] [reps=3] [LO=11] [HI=16]
// Build: nvcc -O3 -arch=sm_90 -std=c++17 fpbatch_harness.cu -o fpbatch_harness
// On a GPU host with CGBN in the same call: fpbatch-run.sh (gpu/BENCHMARKS.md, "FP64 in-block product").
#ifndef FPB_SIM_ONLY
#include "../../main/cuda/bigint.cu"
#include "../../main/cuda/bigint_ntt.cu"
#else // host-only build of the sim mode: nvcc -DFPB_SIM_ONLY -DFPB_NO_KERNELS (quick, no kernels)
#include <cuda_runtime.h>
#endif
#include "../../main/cuda/fpbatch.cu"
#include "harness_common.h"
#include "harness_check.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

static const int SIZES[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 48, 63, 64, 65, 100, 127, 128, 129, 200,
                            255, 256, 257, 300, 511, 512, 513, 700, 855, 856, 1000, 1023, 1024};

static const int TW_LOG = 13; // one table for every kernel: roots of 2^13, stride 2^(13 - log2 N)

static int lg_len(int M) { // the least N = 2^lg >= 8 M, at least 64
    int lg = 6;
    while ((1 << lg) < 8 * M) lg++;
    return lg;
}

// FpErrorBound.bound(2^15, 2^15, 4M + 3, 4M + 3, n) (fft module): the proven bound of the header
static double fp_bound(int M, int logN) {
    const double u = 0x1p-53, beta = 4 * u;
    const double t = (3.0 * logN + 3) * (u + beta) + (3.0 * logN + 4) * std::sqrt(5.0) * u;
    const double E = 2 * t / (1 - t) * (1 + 0x1p-20);
    return 0x1p15 * 0x1p15 * (4.0 * M + 3) * (1 + 0x1p-40) * E;
}

static std::vector<double2> host_table(int twLog = TW_LOG) { // w_j = exp(-2 pi i j / 2^twLog), j < 2^(twLog - 1)
    const int n = 1 << twLog;
    std::vector<double2> t(n / 2);
    const long double pi = 3.141592653589793238462643383279502884L;
    for (int j = 0; j < n / 2; j++) {
        long double a = 2 * pi * j / n;
        t[j].x = (double) cosl(a);
        t[j].y = (double) -sinl(a);
    }
    return t;
}

// ---- sim ----

struct FpbHost {
    static const bool HOST = true;
    int lo, hi;
    __host__ __device__ void sync() {}
    __host__ __device__ void max_float(u32* p, float v) {
        float cur;
        memcpy(&cur, p, 4);
        if (v > cur || cur != cur) memcpy(p, &v, 4);
    }
    __host__ __device__ float float_of(u32 bits) {
        float f;
        memcpy(&f, &bits, 4);
        return f;
    }
};

// the instance tables of the pass-table kernels (fpb_tables on the host)
static int tab_count(int lg, int P) {
    const int lp = P == 8 ? 3 : 4;
    return (1 << (lg - 1)) + fpb_tab_entries(lg, lp) + fpb_tab_entries(lg - 1, lp - 1);
}

static std::vector<double2> host_tabs(int lg, int P, const double2* tw) {
    std::vector<double2> t(tab_count(lg, P));
    for (size_t i = 0; i < t.size(); i++) {
        if (!fpb_tab_value((int) i, lg, P == 8 ? 3 : 4, tw, TW_LOG, &t[i])) fail("tab", "entry " + std::to_string(i));
    }
    double2 extra;
    if (fpb_tab_value((int) t.size(), lg, P == 8 ? 3 : 4, tw, TW_LOG, &extra)) fail("tab", "past the end");
    return t;
}

template <int N, int P>
static void sim_one(const u64* a, const u64* b, u64* c, int M, const double2* tw, u32* flag, float* err, bool tabs) {
    constexpr int T = N / P;
    std::vector<char> sh(FPB_SHARED(N, T) + 64, (char) 0xff); // garbage (NaN) as on the device
    std::vector<FpbRegs<P>> regs(T);
    FpbHost ex{0, T};
    std::vector<double2> ptab;
    if (tabs) ptab = host_tabs(fpb_log2(N), P, tw);
    fpb_product<N, P>(ex, regs.data(), a, b, c, M, (double2*) sh.data(), tw, TW_LOG, 0.25, false, flag, err, true,
                      tabs ? ptab.data() : nullptr);
}

template <int P>
static void sim_dispatch(int lg, const u64* a, const u64* b, u64* c, int M, const double2* tw, u32* flag, float* err,
                         bool tabs) {
    switch (lg) {
        case 6: sim_one<64, P>(a, b, c, M, tw, flag, err, tabs); break;
        case 7: sim_one<128, P>(a, b, c, M, tw, flag, err, tabs); break;
        case 8: sim_one<256, P>(a, b, c, M, tw, flag, err, tabs); break;
        case 9: sim_one<512, P>(a, b, c, M, tw, flag, err, tabs); break;
        case 10: sim_one<1024, P>(a, b, c, M, tw, flag, err, tabs); break;
        case 11: sim_one<2048, P>(a, b, c, M, tw, flag, err, tabs); break;
        case 12: sim_one<4096, P>(a, b, c, M, tw, flag, err, tabs); break;
        default: sim_one<8192, P>(a, b, c, M, tw, flag, err, tabs); break;
    }
}

static void sim_all(u64 seed) {
    const std::vector<double2> tw = host_table();
    int before = g_fail;
    std::atomic<long long> n(0), flagged(0);
    std::mutex mu;
    double worst = 0, worstRatio = 0;
    for (int M : SIZES) {
        const int lg0 = lg_len(M);
        const int insts = M >= 512 ? 2 : M >= 100 ? 4 : 10;
        parallel_for(insts, [&](u64 lo, u64 hi) {
            std::vector<u64> a(M), b(M), r(2 * M), c(2 * M);
            for (u64 i = lo; i < hi; i++) {
                const int pat = product_pattern_of(i, seed + M);
                make_instance(pat, a.data(), b.data(), M, gen_word(seed + 31 * M, i));
                ref_mul(a.data(), b.data(), r.data(), M);
                for (int lg = lg0; lg <= std::min(13, lg0 + (M <= 64 ? 1 : 0)); lg++) {
                    for (int P : {8, 16})
                    for (int tabs = 0; tabs < 2; tabs++) {
                        if (M > 512 && P == 8 && i % 2) continue; // time
                        std::fill(c.begin(), c.end(), 0x5a5a5a5a5a5a5a5aull);
                        u32 flag = 7;
                        float err = -1;
                        if (P == 8) sim_dispatch<8>(lg, a.data(), b.data(), c.data(), M, tw.data(), &flag, &err, tabs);
                        else sim_dispatch<16>(lg, a.data(), b.data(), c.data(), M, tw.data(), &flag, &err, tabs);
                        n++;
                        {
                            std::lock_guard<std::mutex> g(mu);
                            worst = std::max(worst, (double) err);
                            worstRatio = std::max(worstRatio, err / fp_bound(M, lg));
                        }
                        std::string where = "M=" + std::to_string(M) + " N=" + std::to_string(1 << lg) + " P=" +
                                            std::to_string(P) + (tabs ? "t" : "") + " inst=" + std::to_string(i) + " pattern=" + PAT_NAME[pat];
                        if (flag) {
                            flagged++;
                            if (fp_bound(M, lg) < 0.25) fail("sim flagged under the bound", where + " err=" + std::to_string(err));
                        } else if (r != c) {
                            fail("sim", where);
                        }
                    }
                }
            }
        });
    }
    printf("sim (kernel code on the host): %zu sizes 1..1024 limbs, %lld products, P 8 and 16, roots from tw and from the pass tables, least and next N, 14 patterns: %s; "
           "flagged %lld; largest |x - rint(x)| %.3g (%.3g of the proven bound)\n",
           sizeof(SIZES) / sizeof(int), (long long) n, g_fail == before ? "ok" : "FAIL", (long long) flagged, worst, worstRatio);
    fflush(stdout);
}

#ifndef FPB_SIM_ONLY
// ---- device launches ----

typedef void (*FpbKernel)(const u64*, long long, const u64*, long long, u64*, long long, int, long long, const double2*,
                          int, u32*, float*, double, long long);

static FpbKernel fpb_kernel(int lg, int P) {
    static const FpbKernel k8[] = {fpb_mul_n64_p8, fpb_mul_n128_p8, fpb_mul_n256_p8, fpb_mul_n512_p8,
                                   fpb_mul_n1024_p8, fpb_mul_n2048_p8, fpb_mul_n4096_p8, fpb_mul_n8192_p8};
    static const FpbKernel k16[] = {fpb_mul_n64_p16, fpb_mul_n128_p16, fpb_mul_n256_p16, fpb_mul_n512_p16,
                                    fpb_mul_n1024_p16, fpb_mul_n2048_p16, fpb_mul_n4096_p16, fpb_mul_n8192_p16};
    return P == 8 ? k8[lg - 6] : k16[lg - 6];
}

typedef void (*FpbKernelT)(const u64*, long long, const u64*, long long, u64*, long long, int, long long, const double2*,
                           int, u32*, float*, double, long long, const double2*);

static FpbKernelT fpb_kernel_t(int lg, int P) {
    static const FpbKernelT k8[] = {fpb_mul_n64_p8t, fpb_mul_n128_p8t, fpb_mul_n256_p8t, fpb_mul_n512_p8t,
                                    fpb_mul_n1024_p8t, fpb_mul_n2048_p8t, fpb_mul_n4096_p8t, fpb_mul_n8192_p8t};
    static const FpbKernelT k16[] = {fpb_mul_n64_p16t, fpb_mul_n128_p16t, fpb_mul_n256_p16t, fpb_mul_n512_p16t,
                                     fpb_mul_n1024_p16t, fpb_mul_n2048_p16t, fpb_mul_n4096_p16t, fpb_mul_n8192_p16t};
    return P == 8 ? k8[lg - 6] : k16[lg - 6];
}

static int fpb_bound_threads(int lg, int P) {
    return std::max(256, (1 << lg) / P);
}

static Launch fpb_shape(int M, int lg, int P, int target, long long count) {
    const int N = 1 << lg, T = N / P;
    return block_shape(T, FPB_SHARED(N, T), fpb_bound_threads(lg, P), g_smemOptin, target, count);
}

static const double2* g_tw = nullptr;
// FPB_TW_PER_N=1 (environment): the kernels without pass tables read a table of the transform's own
// length (twLog = log2 N, stride 1), as GpuFpBatchProduct uploads them; by default the one table of
// 2^TW_LOG roots (stride 2^(TW_LOG - log2 N)), the configuration of gpu/BENCHMARKS.md's first run
static double2* g_twN[14];
static bool tw_per_n() {
    static const bool on = getenv("FPB_TW_PER_N") && atoi(getenv("FPB_TW_PER_N")) != 0;
    return on;
}
static const double2* table_of(int lg) {
    if (!g_twN[lg]) {
        std::vector<double2> t = host_table(lg);
        CK(cudaMalloc(&g_twN[lg], t.size() * sizeof(double2)));
        CK(cudaMemcpy(g_twN[lg], t.data(), t.size() * sizeof(double2), cudaMemcpyHostToDevice));
    }
    return g_twN[lg];
}
static double2* g_tabs[2][14]; // [P == 16][lg]: the instance tables of the pass-table kernels

// the instance tables for (lg, P), made on the device by fpb_tables once, and checked once
// against the host's (bit for bit: copies of the same roots)
static const double2* device_tabs(int lg, int P) {
    double2*& t = g_tabs[P == 16][lg];
    if (!t) {
        const int n = tab_count(lg, P);
        CK(cudaMalloc(&t, (size_t) n * sizeof(double2)));
        fpb_tables<<<64, 256>>>(g_tw, TW_LOG, lg, P == 8 ? 3 : 4, t, n);
        CKL();
        std::vector<double2> h(n);
        CK(cudaMemcpy(h.data(), t, (size_t) n * sizeof(double2), cudaMemcpyDeviceToHost));
        static std::vector<double2> tw = host_table();
        std::vector<double2> want = host_tabs(lg, P, tw.data());
        if (memcmp(h.data(), want.data(), (size_t) n * sizeof(double2)) != 0)
            fail("fpb_tables", "lg=" + std::to_string(lg) + " P=" + std::to_string(P));
    }
    return t;
}

static bool fpb_launch(int lg, int P, const Launch& Lc, const u64* a, long long sa, const u64* b, long long sb, u64* c,
                       long long sc, int M, long long count, u32* flags, float* errs, double margin, long long failInst,
                       bool tabs = false) {
    if (tabs) {
        FpbKernelT f = fpb_kernel_t(lg, P);
        const double2* pt = device_tabs(lg, P);
        if (Lc.smem > 48 * 1024) CK(cudaFuncSetAttribute((const void*) f, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) Lc.smem));
        f<<<(unsigned) Lc.grid, Lc.threads, Lc.smem>>>(a, sa, b, sb, c, sc, M, count, g_tw, TW_LOG, flags, errs, margin, failInst, pt);
    } else {
        FpbKernel f = fpb_kernel(lg, P);
        if (Lc.smem > 48 * 1024) CK(cudaFuncSetAttribute((const void*) f, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) Lc.smem));
        const bool perN = tw_per_n();
        f<<<(unsigned) Lc.grid, Lc.threads, Lc.smem>>>(a, sa, b, sb, c, sc, M, count, perN ? table_of(lg) : g_tw, perN ? lg : TW_LOG,
                                                       flags, errs, margin, failInst);
    }
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        char where[200];
        snprintf(where, sizeof where, "fpb N=%d P=%d%s M=%d count=%lld grid=%lld threads=%d ipb=%d smem=%zu: %s", 1 << lg, P, tabs ? "t" : "", M,
                 count, Lc.grid, Lc.threads, Lc.ipb, Lc.smem, cudaGetErrorName(e));
        fail("launch", where);
        if (g_fail > 50) exit(2);
        return false;
    }
    return true;
}

// the exact peers in the engine's shapes (bigint_ntt_harness.cu's bnt_shape and mul32_shape)
static Launch bnt_shape(int M, int target, long long count) {
    const int L = 1 << bnt_lg_len(M);
    const int T = bnt_threads(L, 8);
    return block_shape(T, (size_t) 12 * L, 1024, g_smemOptin - 8320, target, count);
}

static Launch mul32_shape(int M, int target, long long count) {
    const int Q = 8, T = (M + Q - 1) / Q, Mp = T * Q;
    const size_t W = (size_t) (2 * Mp + 2 * Q + 2 * (Mp / Q) + 8);
    return block_shape(T, W * 8, 512, g_smemOptin - 4224 - 128, target, count);
}

static bool peer_launch(bool ntt, const Launch& Lc, const u64* a, const u64* b, u64* c, int M, long long count) {
    const void* f = ntt ? (const void*) bnt_mul_d8l : (const void*) bi_mul32_q8;
    if (Lc.smem > 32 * 1024) CK(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) Lc.smem));
    if (ntt) bnt_mul_d8l<<<(unsigned) Lc.grid, Lc.threads, Lc.smem>>>(a, M, b, M, c, 2 * M, M, count);
    else bi_mul32_q8<<<(unsigned) Lc.grid, Lc.threads, Lc.smem>>>(a, M, b, M, c, 2 * M, M, count);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        fail("launch", std::string(ntt ? "bnt_mul_d8l" : "bi_mul32_q8") + " M=" + std::to_string(M) + ": " + cudaGetErrorName(e));
        return false;
    }
    return true;
}

static void print_kernels() {
    for (int P : {8, 16})
        for (int lg = 6; lg <= 13; lg++) {
            cudaFuncAttributes fa;
            CK(cudaFuncGetAttributes(&fa, (const void*) fpb_kernel(lg, P)));
            printf("# kernel fpb_mul_n%d_p%d: %d regs, %zu B local, max %d threads\n", 1 << lg, P, fa.numRegs, fa.localSizeBytes,
                   fa.maxThreadsPerBlock);
            CK(cudaFuncGetAttributes(&fa, (const void*) fpb_kernel_t(lg, P)));
            printf("# kernel fpb_mul_n%d_p%dt: %d regs, %zu B local, max %d threads\n", 1 << lg, P, fa.numRegs, fa.localSizeBytes,
                   fa.maxThreadsPerBlock);
        }
}

// ---- check ----

static void check_size(int M, u64 seed) {
    const int lg0 = lg_len(M);
    const long long count = std::max(5LL, std::min(256LL, (1LL << 21) / ((long long) M * M)));
    const int outLen = 2 * M;
    std::vector<u64> A(count * M), B(count * M), Rf(count * outLen);
    std::vector<int> pats(count);
    for (long long i = 0; i < count; i++) {
        pats[i] = product_pattern_of(i, seed + M);
        make_instance(pats[i], &A[i * M], &B[i * M], M, gen_word(seed + 17 * M, i));
    }
    parallel_for(count, [&](u64 lo, u64 hi) {
        for (u64 i = lo; i < hi; i++) ref_mul(&A[i * M], &B[i * M], &Rf[i * outLen], M);
    });
    u32* dF;
    float* dE;
    CK(cudaMalloc(&dF, count * 4));
    CK(cudaMalloc(&dE, count * 4));
    std::vector<u32> hF(count);
    for (int padded = 0; padded < 2; padded++) {
        const long long sa = M + (padded ? 3 : 0), sb = M + (padded ? 5 : 0), sc = outLen + (padded ? 1 : 0);
        std::vector<u64> hA = at_stride(A, M, count, sa), hB = at_stride(B, M, count, sb), hC(count * sc);
        u64 *dA = to_device(hA), *dB = to_device(hB), *dC;
        CK(cudaMalloc(&dC, hC.size() * 8));
        std::vector<u64> sent(hC.size(), SENT);
        for (int lg = lg0; lg <= std::min(13, lg0 + 1); lg++) {
            for (int P : {8, 16}) {
                for (int target : {32, 256})
                for (int tabs = 0; tabs < 2; tabs++) {
                    Launch Lc = fpb_shape(M, lg, P, target, count);
                    if (!Lc.ok) continue;
                    const long long failInst = padded ? count / 2 : -1;
                    CK(cudaMemcpy(dC, sent.data(), hC.size() * 8, cudaMemcpyHostToDevice));
                    CK(cudaMemset(dF, 0xff, count * 4));
                    if (!fpb_launch(lg, P, Lc, dA, sa, dB, sb, dC, sc, M, count, dF, dE, 0.25, failInst, tabs)) continue;
                    CK(cudaDeviceSynchronize());
                    CK(cudaMemcpy(hC.data(), dC, hC.size() * 8, cudaMemcpyDeviceToHost));
                    CK(cudaMemcpy(hF.data(), dF, count * 4, cudaMemcpyDeviceToHost));
                    int bad = 0;
                    for (long long i = 0; i < count && bad < 3; i++) {
                        std::string where = "fpb N=" + std::to_string(1 << lg) + " P=" + std::to_string(P) + (tabs ? "t" : "") + " M=" + std::to_string(M) +
                                            " ipb=" + std::to_string(Lc.ipb) + (padded ? " padded" : " packed") + " inst=" +
                                            std::to_string(i) + " pattern=" + PAT_NAME[pats[i]];
                        if (hF[i] > 1) { fail("flag not written", where); bad++; continue; }
                        if (i == failInst) {
                            if (hF[i] != 1) { fail("forced instance not flagged", where); bad++; }
                            // the exact route redoes it: here the CPU schoolbook into the output
                            ref_mul(&A[i * M], &B[i * M], &hC[i * sc], M);
                        } else if (hF[i]) {
                            if (fp_bound(M, lg) < 0.25) { fail("flagged under the bound", where); bad++; }
                            ref_mul(&A[i * M], &B[i * M], &hC[i * sc], M);
                        }
                        if (memcmp(&hC[i * sc], &Rf[i * outLen], outLen * 8) != 0) { fail("limb", where); bad++; }
                        for (long long j = outLen; j < sc; j++) {
                            if (hC[i * sc + j] != SENT) { fail("padding written", where); bad++; break; }
                        }
                    }
                }
            }
            if (!padded) {
                // squares through one buffer, and a margin of -1: every instance flagged
                for (int P : {8, 16})
                for (int tabs = 0; tabs < 2; tabs++) {
                    Launch Lc = fpb_shape(M, lg, P, 128, count);
                    if (!Lc.ok || !fpb_launch(lg, P, Lc, dA, sa, dA, sa, dC, sc, M, count, dF, nullptr, 0.25, -1, tabs)) continue;
                    CK(cudaDeviceSynchronize());
                    CK(cudaMemcpy(hC.data(), dC, hC.size() * 8, cudaMemcpyDeviceToHost));
                    CK(cudaMemcpy(hF.data(), dF, count * 4, cudaMemcpyDeviceToHost));
                    std::vector<u64> Sq(outLen);
                    for (long long i = 0; i < std::min(count, 64LL); i++) {
                        ref_mul(&A[i * M], &A[i * M], Sq.data(), M);
                        if (hF[i] != 0 || memcmp(Sq.data(), &hC[i * sc], outLen * 8) != 0) {
                            fail("square", "fpb N=" + std::to_string(1 << lg) + " P=" + std::to_string(P) + " M=" + std::to_string(M) +
                                               " inst=" + std::to_string(i) + " pattern=" + PAT_NAME[pats[i]]);
                            break;
                        }
                    }
                    if (!fpb_launch(lg, P, Lc, dA, sa, dB, sb, dC, sc, M, count, dF, nullptr, -1.0, -1, tabs)) continue;
                    CK(cudaDeviceSynchronize());
                    CK(cudaMemcpy(hF.data(), dF, count * 4, cudaMemcpyDeviceToHost));
                    for (long long i = 0; i < count; i++)
                        if (hF[i] != 1) { fail("margin -1 not flagged", "M=" + std::to_string(M)); break; }
                }
            }
        }
        CK(cudaFree(dA));
        CK(cudaFree(dB));
        CK(cudaFree(dC));
    }
    CK(cudaFree(dF));
    CK(cudaFree(dE));
}

static void check_all(u64 seed) {
    int before = g_fail;
    for (int M : SIZES) check_size(M, seed);
    print_check("fpb_mul_nN_p8/p16 and _p8t/_p16t (pass tables): " + std::to_string(sizeof(SIZES) / sizeof(int)) +
                    " sizes 1..1024 limbs, least and next N, 2 block shapes, packed and padded strides, squares, 14 "
                    "patterns, forced failure redone exactly, margin -1 flags all", before);
}

// ---- bench ----

static void bench(u64 seed, int total, int reps, int lo, int hi) {
    const u64 sA = mix64(seed ^ 0x1111), sB = mix64(seed ^ 0x2222);
    const size_t opBytes = (1ull << total) / 8;
    const long long maxCount = (long long) ((1ull << total) >> lo);
    u64 *dA, *dB, *dC, *dOnes;
    u32* dF;
    float* dE;
    CK(cudaMalloc(&dA, opBytes));
    CK(cudaMalloc(&dB, opBytes));
    CK(cudaMalloc(&dC, 2 * opBytes));
    CK(cudaMalloc(&dF, maxCount * 4));
    CK(cudaMalloc(&dE, maxCount * 4));
    const long long onesCount = 64;
    CK(cudaMalloc(&dOnes, (onesCount * 1024 + 1) * 8));
    device_fill_ones(dOnes, onesCount * 1024 + 1);
    u64* hC;
    CK(cudaMallocHost(&hC, 2 * opBytes));
    std::vector<u32> hF(maxCount);
    std::vector<float> hE(maxCount);
    print_copy(dC, dA, opBytes, reps, " GB/s", false);
    printf("kernel,bits,insts,P,ipb,threads,ms,Gu32ops/s,flagged,max|x-rint(x)|,bound,checked\n");
    fflush(stdout);
    std::vector<std::string> summary;
    for (int lb = lo; lb <= hi; lb++) {
        const int bits = 1 << lb, M = bits / 64;
        const long long count = (long long) ((1ull << total) / bits);
        std::vector<u64> fa, fb;
        bench_operands(dA, dB, count, M, sA, sB, fa, fb);
        // verifies dC against the references; flagged instances (fl) are redone on the CPU first
        auto verify = [&](const std::vector<u32>* fl) {
            CK(cudaMemcpy(hC, dC, count * 2 * M * 8, cudaMemcpyDeviceToHost));
            std::atomic<int> bad(0);
            if (fl) {
                parallel_for(count, [&](u64 l, u64 h) {
                    std::vector<u64> a(M), b(M);
                    for (u64 i = l; i < h; i++)
                        if ((*fl)[i]) {
                            for (int j = 0; j < M; j++) { a[j] = gen_word(sA, i * M + j); b[j] = gen_word(sB, i * M + j); }
                            ref_mul(a.data(), b.data(), &hC[i * 2 * M], M);
                        }
                });
            }
            bad += bench_bad_products(hC, count, M, sA, sB, fa, fb, seed);
            return (int) bad;
        };
        const int lg = lg_len(M);
        const double bound = fp_bound(M, lg);
        float bestFp = 1e30f;
        std::string bestFpName;
        for (int tabs = 1; tabs >= 0; tabs--)
        for (int P : {16, 8}) {
            for (int target : {64, 128, 256}) {
                Launch Lc = fpb_shape(M, lg, P, target, count);
                if (!Lc.ok) continue;
                if (target > 64) {
                    Launch prev = fpb_shape(M, lg, P, target / 2, count);
                    if (prev.ok && prev.threads == Lc.threads && prev.ipb == Lc.ipb) continue;
                }
                if (!fpb_launch(lg, P, Lc, dA, M, dB, M, dC, 2 * M, M, count, dF, dE, 0.25, -1, tabs)) continue;
                float ms = min_time_ms(reps, [&] { fpb_launch(lg, P, Lc, dA, M, dB, M, dC, 2 * M, M, count, dF, dE, 0.25, -1, tabs); });
                CK(cudaDeviceSynchronize());
                CK(cudaMemcpy(hF.data(), dF, count * 4, cudaMemcpyDeviceToHost));
                CK(cudaMemcpy(hE.data(), dE, count * 4, cudaMemcpyDeviceToHost));
                long long flagged = 0;
                float maxErr = 0;
                for (long long i = 0; i < count; i++) {
                    flagged += hF[i] != 0;
                    maxErr = std::max(maxErr, hE[i]);
                }
                int bad = verify(&hF);
                std::string name = "fpb_mul_n" + std::to_string(1 << lg) + "_p" + std::to_string(P) + (tabs ? "t" : "");
                if (bad) fail("bench", name + " bits=" + std::to_string(bits));
                printf("%s,%d,%lld,%d,%d,%d,%.4f,%.1f,%lld,%.3g,%.3g,%s\n", name.c_str(), bits, count, P, Lc.ipb, Lc.threads, ms,
                       mul_gu32ops(bits, count, ms), flagged, maxErr, bound, bad ? "FAIL" : "mod-p-all+32-full");
                fflush(stdout);
                if (ms < bestFp) { bestFp = ms; bestFpName = name + " ipb=" + std::to_string(Lc.ipb); }
            }
        }
        float school = 0, ntt = 0;
        for (int ntt_ : {0, 1}) {
            Launch Lc = ntt_ ? bnt_shape(M, 128, count) : mul32_shape(M, 128, count);
            if (!Lc.ok || !peer_launch(ntt_, Lc, dA, dB, dC, M, count)) continue;
            const int r = !ntt_ && lb >= 15 ? std::min(reps, 2) : reps;
            float ms = min_time_ms(r, [&] { peer_launch(ntt_, Lc, dA, dB, dC, M, count); });
            CK(cudaDeviceSynchronize());
            int bad = verify(nullptr);
            const char* name = ntt_ ? "bnt_mul_d8l" : "bi_mul32_q8";
            if (bad) fail("bench", std::string(name) + " bits=" + std::to_string(bits));
            printf("%s,%d,%lld,-,%d,%d,%.4f,%.1f,-,-,-,%s\n", name, bits, count, Lc.ipb, Lc.threads, ms, mul_gu32ops(bits, count, ms),
                   bad ? "FAIL" : "mod-p-all+32-full");
            fflush(stdout);
            (ntt_ ? ntt : school) = ms;
        }
        { // all-ones operands, every limb: (2^(64M) - 1)^2 = 2^(128M) - 2^(64M+1) + 1
            const long long oc = std::min(onesCount, count);
            int bad = 0;
            for (int P : {8, 16})
            for (int tabs = 0; tabs < 2; tabs++) {
                Launch Lc = fpb_shape(M, lg, P, 128, oc);
                if (!Lc.ok || !fpb_launch(lg, P, Lc, dOnes, M, dOnes + 1, M, dC, 2 * M, M, oc, dF, dE, 0.25, -1, tabs)) { bad++; continue; }
                CK(cudaDeviceSynchronize());
                CK(cudaMemcpy(hC, dC, oc * 2 * M * 8, cudaMemcpyDeviceToHost));
                CK(cudaMemcpy(hF.data(), dF, oc * 4, cudaMemcpyDeviceToHost));
                CK(cudaMemcpy(hE.data(), dE, oc * 4, cudaMemcpyDeviceToHost));
                float e = 0;
                for (long long i = 0; i < oc; i++) {
                    e = std::max(e, hE[i]);
                    if (hF[i]) { bad++; continue; }
                    if (!all_ones_square_ok(hC, M, i)) bad++;
                }
                printf("all-ones,%d,%lld instances,P=%d%s,max|x-rint(x)| %.3g,%s\n", bits, oc, P, tabs ? "t" : "", e, bad ? "FAIL" : "all limbs ok");
            }
            if (bad) fail("all-ones", "bits=" + std::to_string(bits));
        }
        char line[512];
        snprintf(line, sizeof line,
                 "best,%d,%lld,FP %.3f ms (%.1f Gu32ops/s) %s,bi_mul32_q8 %.3f ms,bnt_mul_d8l %.3f ms,FP vs school %.2fx,FP vs NTT %.2fx,bound %.3g",
                 bits, count, bestFp, mul_gu32ops(bits, count, bestFp), bestFpName.c_str(), school, ntt, school / bestFp, ntt / bestFp, bound);
        summary.push_back(line);
    }
    print_bench_end(summary, dC, dA, opBytes, reps, " GB/s");
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    CK(cudaFree(dF));
    CK(cudaFree(dE));
    CK(cudaFree(dOnes));
    CK(cudaFreeHost(hC));
}

#endif

int main(int argc, char** argv) {
    g_parallelMin = 4;
    std::string mode = argc > 1 ? argv[1] : "all";
    u64 seed = argc > 2 ? strtoull(argv[2], 0, 0) : (u64) time(nullptr);
    int total = argc > 3 ? atoi(argv[3]) : 32;
    int reps = argc > 4 ? atoi(argv[4]) : 3;
    int lo = argc > 5 ? atoi(argv[5]) : 11;
    int hi = argc > 6 ? atoi(argv[6]) : 16;
    printf("# fpbatch_harness mode=%s seed=%llu total=2^%d reps=%d bits 2^%d..2^%d roots %s\n", mode.c_str(), seed, total, reps, lo, hi,
           getenv("FPB_TW_PER_N") && atoi(getenv("FPB_TW_PER_N")) ? "per length (FPB_TW_PER_N)" : "one table of 2^13");
    fflush(stdout);
    if (mode == "sim") {
        sim_all(seed);
    } else {
#ifndef FPB_SIM_ONLY
        start_device();
        bnt_init<<<96, 256>>>();
        CKL();
        std::vector<double2> tw = host_table();
        double2* dTw;
        CK(cudaMalloc(&dTw, tw.size() * sizeof(double2)));
        CK(cudaMemcpy(dTw, tw.data(), tw.size() * sizeof(double2), cudaMemcpyHostToDevice));
        g_tw = dTw;
        CK(cudaDeviceSynchronize());
        print_kernels();
        fflush(stdout);
        if (mode == "check" || mode == "all") check_all(seed);
        if (mode == "bench" || mode == "all") bench(seed, total, reps, lo, hi);
#endif
    }
    printf("# result: %s (%d mismatches), seed=%llu\n", g_fail ? "FAIL" : "ok", g_fail, seed);
    return g_fail ? 1 : 0;
}
