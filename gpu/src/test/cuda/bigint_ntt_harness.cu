// Standalone harness of the in-block NTT product ../../main/cuda/bigint_ntt.cu (no Java), with the
// schoolbook product bi_mul32_q8 of ../../main/cuda/bigint.cu compiled in the same program:
//   sim     (no GPU needed) the kernel's own code, bnt_product, run on the host one simulated
//           thread after the other between barriers, for the three arithmetic variants (strict,
//           strict with computed twiddles, lazy) and D = 4, 8, against a CPU schoolbook at sizes
//           1 .. 4096 limbs, products and squares, random and adversarial inputs (all-ones first).
//   check   the six kernels bnt_mul_d4, _d8, _d4c, _d8c, _d4l, _d8l on the device: sizes 1 .. 4096
//           limbs including ones that are not powers of two, three block shapes (one and several
//           instances per block), packed and padded strides (padding checked untouched), squares
//           through one buffer, 14 input patterns (all-ones limbs, zero, one, powers of two,
//           b = ~a, b = -a, runs of all-ones limbs, random); every limb compared with a CPU
//           schoolbook.
//   bench   the midsize paper's grid: NumBits = 2^11 .. 2^18, NumInsts = 2^TOTAL / NumBits, random
//           full-entropy limbs; the six NTT kernels (four block shapes) against bi_mul32_q8 (the
//           schoolbook, blocks of about 128 threads), min of reps with CUDA events, every timed
//           result checked (every instance modulo 2^61 - 1, 32 instances bit for bit); the
//           paper's Gu32ops/s; cudaMemcpy device-to-device bandwidth in the same run; 64 all-ones
//           instances per size checked limb by limb.
// Usage: bigint_ntt_harness [sim|check|bench|all] [seed] [TOTAL=32] [reps=5]   (the seed is printed)
// Build: nvcc -O3 -arch=sm_90 -std=c++17 bigint_ntt_harness.cu -o bigint_ntt_harness
// On a GPU host with CGBN's peer in the same call: bigint-ntt-run.sh (gpu/BENCHMARKS.md, "In-block
// NTT product").
#include "../../main/cuda/bigint.cu"
#include "../../main/cuda/bigint_ntt.cu"
#include "harness_common.h"
#include "harness_check.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

// ---- adversarial data (harness_check.h) ----

static const int SIZES[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 95, 96, 100, 127, 128, 129, 149,
                            150, 153, 255, 256, 257, 300, 511, 512, 513, 777, 1000, 1023, 1024, 1025, 1500, 2047, 2048,
                            2049, 3001, 4095, 4096};

// ---- sim: the kernel's code on the host ----

struct BntHost {
    int T;
    template <class F>
    __host__ __device__ void step(F f) {
        for (int lt = 0; lt < T; lt++) f(lt);
    }
    __host__ __device__ void resolve(u32* F) {
        u32 c = 0;
        for (int lt = 0; lt < T; lt++) {
            const u32 f = F[lt];
            F[lt] = c;
            c = (f & BNT_G) | ((f >> 1) & c & 1u);
        }
    }
};

static std::vector<u32> host_tables() { // as bnt_init
    std::vector<u32> t(BNT_TAB_WORDS + 4);
    parallel_for(t.size(), [&](u64 lo, u64 hi) {
        for (u64 x = lo; x < hi; x++) t[x] = bnt_table_word((int) x);
    });
    return t;
}

static void sim_all(u64 seed) {
    std::vector<u32> tables = host_tables();
    int before = g_fail;
    long long n = 0;
    for (int M : SIZES) {
        const int L = 1 << bnt_lg_len(M);
        const int insts = M >= 1024 ? 3 : 8;
        parallel_for(insts, [&](u64 lo, u64 hi) {
            std::vector<u64> a(M), b(M), r(2 * M), c(2 * M);
            std::vector<u32> sh(3 * L), E(1024), F(1024);
            for (u64 i = lo; i < hi; i++) {
                const int pat = product_pattern_of(i, seed + M);
                make_instance(pat, a.data(), b.data(), M, gen_word(seed + 31 * M, i));
                for (int D : {4, 8}) {
                    const int T = bnt_threads(L, D);
                    BntHost ex{T};
                    for (int sq = 0; sq < 2; sq++) {
                        for (int var = 0; var < 3; var++) { // 0 strict, 1 strict with computed twiddles, 2 lazy
                            const u64* bb = sq ? a.data() : b.data();
                            std::fill(c.begin(), c.end(), 0x5a5a5a5a5a5a5a5aull);
                            const u32 *xa = (const u32*) a.data(), *xb = (const u32*) bb;
                            if (var == 0) bnt_product<false, false>(ex, xa, xb, sq == 1, (u32*) c.data(), M, T, sh.data(), E.data(), F.data(), tables.data());
                            else if (var == 1) bnt_product<true, false>(ex, xa, xb, sq == 1, (u32*) c.data(), M, T, sh.data(), E.data(), F.data(), tables.data());
                            else bnt_product<false, true>(ex, xa, xb, sq == 1, (u32*) c.data(), M, T, sh.data(), E.data(), F.data(), tables.data());
                            ref_mul(a.data(), bb, r.data(), M);
                            if (r != c) fail("sim", "M=" + std::to_string(M) + " D=" + std::to_string(D) + (var == 1 ? "c" : var == 2 ? "l" : "") +
                                                        " inst=" + std::to_string(i) + " pattern=" + PAT_NAME[pat] + (sq ? " square" : ""));
                        }
                    }
                }
            }
        });
        n += insts;
    }
    printf("sim (kernel code on the host): %zu sizes 1..4096 limbs, %lld instances, D 4 and 8, strict (twiddles loaded and computed) and lazy, products and squares: %s\n",
           sizeof(SIZES) / sizeof(int), n, g_fail == before ? "ok" : "FAIL");
    fflush(stdout);
}

// ---- device launches ----

static const size_t BNT_STATIC = 8320;

// bnt_mul_dD for M limbs, about `target` threads per block.
static Launch bnt_shape(int M, int kernel, int target, long long count) {
    const int L = 1 << bnt_lg_len(M);
    const int T = bnt_threads(L, kernel % 100);
    const size_t W = (size_t) 12 * L;
    return block_shape(T, W, 1024, g_smemOptin - BNT_STATIC, target, count);
}

// bi_mul32_q8's shape (bigint.cu's contract).
static Launch mul32_shape(int M, int target, long long count) {
    const int Q = 8;
    const int T = (M + Q - 1) / Q;
    const int Mp = T * Q;
    const size_t W = (size_t) (2 * Mp + 2 * Q + 2 * (Mp / Q) + 8);
    return block_shape(T, W * 8, 512, g_smemOptin - 4224 - 128, target, count);
}

// kernel: 4 or 8 = bnt_mul_dD, 104 or 108 = bnt_mul_dDc (twiddles computed), 204 or 208 = bnt_mul_dDl
// (lazy), 0 = bi_mul32_q8
static std::string kname(int kernel) {
    return kernel == 0 ? "bi_mul32_q8" : "bnt_mul_d" + std::to_string(kernel % 100) + (kernel >= 200 ? "l" : kernel >= 100 ? "c" : "");
}

static bool launch(int kernel, const Launch& Lc, const u64* a, long long sa, const u64* b, long long sb, u64* c,
                   long long sc, int M, long long count) {
    const void* f = kernel == 4 ? (const void*) bnt_mul_d4 : kernel == 8 ? (const void*) bnt_mul_d8
                  : kernel == 104 ? (const void*) bnt_mul_d4c : kernel == 108 ? (const void*) bnt_mul_d8c
                  : kernel == 204 ? (const void*) bnt_mul_d4l : kernel == 208 ? (const void*) bnt_mul_d8l : (const void*) bi_mul32_q8;
    if (Lc.smem > 32 * 1024) CK(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) Lc.smem));
    if (kernel == 4) bnt_mul_d4<<<(unsigned) Lc.grid, Lc.threads, Lc.smem>>>(a, sa, b, sb, c, sc, M, count);
    else if (kernel == 8) bnt_mul_d8<<<(unsigned) Lc.grid, Lc.threads, Lc.smem>>>(a, sa, b, sb, c, sc, M, count);
    else if (kernel == 104) bnt_mul_d4c<<<(unsigned) Lc.grid, Lc.threads, Lc.smem>>>(a, sa, b, sb, c, sc, M, count);
    else if (kernel == 108) bnt_mul_d8c<<<(unsigned) Lc.grid, Lc.threads, Lc.smem>>>(a, sa, b, sb, c, sc, M, count);
    else if (kernel == 204) bnt_mul_d4l<<<(unsigned) Lc.grid, Lc.threads, Lc.smem>>>(a, sa, b, sb, c, sc, M, count);
    else if (kernel == 208) bnt_mul_d8l<<<(unsigned) Lc.grid, Lc.threads, Lc.smem>>>(a, sa, b, sb, c, sc, M, count);
    else bi_mul32_q8<<<(unsigned) Lc.grid, Lc.threads, Lc.smem>>>(a, sa, b, sb, c, sc, M, count);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        char where[200];
        snprintf(where, sizeof where, "kernel=%d M=%d count=%lld grid=%lld threads=%d ipb=%d smem=%zu: %s", kernel, M, count,
                 Lc.grid, Lc.threads, Lc.ipb, Lc.smem, cudaGetErrorName(e));
        fail("launch", where);
        if (g_fail > 50) exit(2);
        return false;
    }
    return true;
}

static void print_kernels() {
    const void* ks[] = {(const void*) bnt_init, (const void*) bnt_mul_d4, (const void*) bnt_mul_d8, (const void*) bnt_mul_d4c,
                        (const void*) bnt_mul_d8c, (const void*) bnt_mul_d4l, (const void*) bnt_mul_d8l, (const void*) bi_mul32_q8};
    const char* names[] = {"bnt_init", "bnt_mul_d4", "bnt_mul_d8", "bnt_mul_d4c", "bnt_mul_d8c", "bnt_mul_d4l", "bnt_mul_d8l", "bi_mul32_q8"};
    for (int i = 0; i < 8; i++) {
        cudaFuncAttributes fa;
        cudaError_t e = cudaFuncGetAttributes(&fa, ks[i]);
        if (e != cudaSuccess) {
            printf("# kernel %s: cudaFuncGetAttributes %s\n", names[i], cudaGetErrorName(e));
            cudaGetLastError();
            continue;
        }
        printf("# kernel %s: %d regs, %zu B static smem, %zu B local, max %d threads\n", names[i], fa.numRegs,
               fa.sharedSizeBytes, fa.localSizeBytes, fa.maxThreadsPerBlock);
    }
}

// ---- check ----

static void check_size(int M, u64 seed) {
    const long long count = std::max(3LL, std::min(512LL, (1LL << 22) / ((long long) M * M)));
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
    for (int padded = 0; padded < 2; padded++) {
        const long long sa = M + (padded ? 3 : 0), sb = M + (padded ? 5 : 0), sc = outLen + (padded ? 1 : 0);
        std::vector<u64> hA = at_stride(A, M, count, sa), hB = at_stride(B, M, count, sb), hC(count * sc);
        u64 *dA = to_device(hA), *dB = to_device(hB), *dC;
        CK(cudaMalloc(&dC, hC.size() * 8));
        std::vector<u64> sent(hC.size(), SENT);
        for (int D : {4, 8, 104, 108, 204, 208}) {
            for (int target : {32, 256, 1024}) {
                Launch Lc = bnt_shape(M, D, target, count);
                if (!Lc.ok) continue;
                CK(cudaMemcpy(dC, sent.data(), hC.size() * 8, cudaMemcpyHostToDevice));
                if (!launch(D, Lc, dA, sa, dB, sb, dC, sc, M, count)) continue;
                CK(cudaDeviceSynchronize());
                CK(cudaMemcpy(hC.data(), dC, hC.size() * 8, cudaMemcpyDeviceToHost));
                int bad = 0;
                for (long long i = 0; i < count && bad < 3; i++) {
                    std::string where = kname(D) + " M=" + std::to_string(M) + " ipb=" + std::to_string(Lc.ipb) +
                                        " threads=" + std::to_string(Lc.threads) + (padded ? " padded" : " packed") + " inst=" +
                                        std::to_string(i) + " pattern=" + PAT_NAME[pats[i]];
                    for (int j = 0; j < outLen; j++) {
                        if (hC[i * sc + j] != Rf[i * outLen + j]) {
                            fail("limb", where + " limb=" + std::to_string(j));
                            bad++;
                            break;
                        }
                    }
                    for (long long j = outLen; j < sc; j++) {
                        if (hC[i * sc + j] != SENT) { fail("padding written", where); bad++; break; }
                    }
                }
            }
            if (!padded) { // squares through one buffer
                Launch Lc = bnt_shape(M, D, 256, count);
                if (!Lc.ok || !launch(D, Lc, dA, sa, dA, sa, dC, sc, M, count)) continue;
                CK(cudaDeviceSynchronize());
                CK(cudaMemcpy(hC.data(), dC, hC.size() * 8, cudaMemcpyDeviceToHost));
                std::vector<u64> Sq(outLen);
                for (long long i = 0; i < std::min(count, 64LL); i++) {
                    ref_mul(&A[i * M], &A[i * M], Sq.data(), M);
                    if (memcmp(Sq.data(), &hC[i * sc], outLen * 8) != 0) {
                        fail("square", kname(D) + " M=" + std::to_string(M) + " inst=" + std::to_string(i) +
                                           " pattern=" + PAT_NAME[pats[i]]);
                        break;
                    }
                }
            }
        }
        CK(cudaFree(dA));
        CK(cudaFree(dB));
        CK(cudaFree(dC));
    }
}

static void check_all(u64 seed) {
    int before = g_fail;
    for (int M : SIZES) check_size(M, seed);
    print_check("bnt_mul_d4/d8/d4c/d8c/d4l/d8l (full product, squares through one buffer): " +
                    std::to_string(sizeof(SIZES) / sizeof(int)) +
                    " sizes 1..4096 limbs, 3 block shapes, packed and padded strides, 14 patterns", before);
}

// ---- bench ----

static void bench(u64 seed, int total, int reps) {
    const u64 sA = mix64(seed ^ 0x1111), sB = mix64(seed ^ 0x2222);
    const size_t opBytes = (1ull << total) / 8;
    u64 *dA, *dB, *dC, *dOnes;
    CK(cudaMalloc(&dA, opBytes));
    CK(cudaMalloc(&dB, opBytes));
    CK(cudaMalloc(&dC, 2 * opBytes));
    const long long onesCount = 64;
    CK(cudaMalloc(&dOnes, (onesCount * 4096 + 1) * 8));
    device_fill_ones(dOnes, onesCount * 4096 + 1);
    u64* hC;
    CK(cudaMallocHost(&hC, 2 * opBytes));
    print_copy(dC, dA, opBytes, reps, " GB/s", false);
    printf("kernel,bits,insts,ipb,threads,ms,Gu32ops/s,checked\n");
    fflush(stdout);
    std::vector<std::string> summary;
    for (int lb = 11; lb <= 18; lb++) {
        const int bits = 1 << lb, M = bits / 64;
        const long long count = (long long) ((1ull << total) / bits);
        std::vector<u64> fa, fb;
        bench_operands(dA, dB, count, M, sA, sB, fa, fb);
        float bestNtt = 1e30f, school = 0;
        std::string bestName;
        struct Cfg { int kernel, target; };
        std::vector<Cfg> cfgs = {{0, 128}};
        // ENGINE_ONLY (environment): the schoolbook and the engine's kernel and shape only
        // (GpuBlockNttProduct: bnt_mul_d8l, blocks of about 128 threads)
        if (getenv("ENGINE_ONLY")) cfgs.push_back({208, 128});
        else
            for (int D : {4, 8, 104, 108, 204, 208})
                for (int target : {128, 256, 512, 1024}) cfgs.push_back({D, target});
        for (auto cfg : cfgs) {
            Launch Lc = cfg.kernel ? bnt_shape(M, cfg.kernel, cfg.target, count) : mul32_shape(M, cfg.target, count);
            if (!Lc.ok) continue;
            bool dup = false; // the same shape as a configuration already timed
            if (cfg.kernel && cfg.target > 128) {
                Launch prev = bnt_shape(M, cfg.kernel, cfg.target / 2, count);
                dup = prev.ok && prev.threads == Lc.threads && prev.ipb == Lc.ipb;
            }
            if (dup) continue;
            if (!launch(cfg.kernel, Lc, dA, M, dB, M, dC, 2 * M, M, count)) continue;
            const int r = cfg.kernel == 0 && lb >= 16 ? std::min(reps, 2) : reps;
            float ms = min_time_ms(r, [&] { launch(cfg.kernel, Lc, dA, M, dB, M, dC, 2 * M, M, count); });
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(hC, dC, count * 2 * M * 8, cudaMemcpyDeviceToHost));
            std::atomic<int> bad(0);
            bad += bench_bad_products(hC, count, M, sA, sB, fa, fb, seed);
            std::string name = kname(cfg.kernel);
            if (bad) fail("bench", name + " bits=" + std::to_string(bits));
            printf("%s,%d,%lld,%d,%d,%.4f,%.1f,%s\n", name.c_str(), bits, count, Lc.ipb, Lc.threads, ms,
                   mul_gu32ops(bits, count, ms), bad ? "FAIL" : "mod-p-all+32-full");
            fflush(stdout);
            if (cfg.kernel == 0) school = ms;
            else if (ms < bestNtt) { bestNtt = ms; bestName = name + " ipb=" + std::to_string(Lc.ipb) + " threads=" + std::to_string(Lc.threads); }
        }
        // all-ones operands (the convolution bound's extreme): a small batch, every limb checked
        {
            const long long oc = std::min(onesCount, count);
            Launch Lc = bnt_shape(M, 8, 256, oc);
            int bad = 0;
            if (Lc.ok && launch(8, Lc, dOnes, M, dOnes + 1, M, dC, 2 * M, M, oc)) {
                CK(cudaDeviceSynchronize());
                CK(cudaMemcpy(hC, dC, oc * 2 * M * 8, cudaMemcpyDeviceToHost));
                // (2^(64M) - 1)^2 = 2^(128M) - 2^(64M+1) + 1: limbs 1, 0 .. 0, ~1, ~0 .. ~0
                for (long long i = 0; i < oc; i++)
                    if (!all_ones_square_ok(hC, M, i)) bad++;
            } else bad = 1;
            if (bad) fail("all-ones", "bits=" + std::to_string(bits));
            printf("all-ones,%d,%lld instances,bnt_mul_d8,%s\n", bits, oc, bad ? "FAIL" : "all limbs ok");
        }
        char line[400];
        snprintf(line, sizeof line, "best,%d,%lld,bi_mul32_q8 %.3f ms (%.1f Gu32ops/s),NTT %.3f ms (%.1f Gu32ops/s) %s,NTT/school speed-up %.2f",
                 bits, count, school, mul_gu32ops(bits, count, school), bestNtt, mul_gu32ops(bits, count, bestNtt), bestName.c_str(),
                 school / bestNtt);
        summary.push_back(line);
    }
    print_bench_end(summary, dC, dA, opBytes, reps, " GB/s");
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    CK(cudaFree(dOnes));
    CK(cudaFreeHost(hC));
}

int main(int argc, char** argv) {
    g_parallelMin = 16; // few instances of long products: worth the threads
    std::string mode = argc > 1 ? argv[1] : "all";
    u64 seed = argc > 2 ? strtoull(argv[2], 0, 0) : (u64) time(nullptr);
    int total = argc > 3 ? atoi(argv[3]) : 32;
    int reps = argc > 4 ? atoi(argv[4]) : 5;
    printf("# bigint_ntt_harness mode=%s seed=%llu total=2^%d reps=%d\n", mode.c_str(), seed, total, reps);
    fflush(stdout);
    if (mode == "sim") {
        sim_all(seed);
    } else {
        start_device();
        bnt_init<<<96, 256>>>();
        CKL();
        CK(cudaDeviceSynchronize());
        print_kernels();
        fflush(stdout);
        if (mode == "check" || mode == "all") check_all(seed);
        if (mode == "bench" || mode == "all") bench(seed, total, reps);
    }
    printf("# result: %s (%d mismatches), seed=%llu\n", g_fail ? "FAIL" : "ok", g_fail, seed);
    return g_fail ? 1 : 0;
}
