// Standalone harness of the warp-cooperative register product ../../main/cuda/bigint_warp.cu
// (no Java):
//   check   every kernel on the device (the shipped bw_mul_tTPI_lL and the variants bw_muls_,
//           bw_mulg_, bw_mulo_, bw_mul1_ of bigint_warp.cu, TPI 4 .. 32, L 8 .. 32) at every size
//           it takes among 1 .. 256 limbs
//           (most not powers of two, not multiples of TPI or L), the 14 input patterns of
//           harness_check.h (all-ones limbs first), batches that are not a multiple of the
//           instances per block (and a single instance), blocks of 64 and 256 threads, packed and
//           padded strides (padding checked untouched), a square through one buffer, the full
//           product and the low half: every limb against the CPU schoolbook.
//   bench   the midsize paper's grid NumBits = 2^LO .. 2^HI (default 11 .. 14), NumInsts =
//           2^TOTAL / NumBits, full-entropy random limbs (harness_common.h's generator, the
//           seeds of fpbatch_harness: its bi_mul32_q8 / FP64 times and cgbn_peer's are on the
//           same kind of data), every kernel whose TPI L / 2 is M, blocks of 64, 128 and 256
//           threads; min of reps with CUDA events; every timed result checked (every instance
//           modulo 2^61 - 1, 32 instances limb for limb), 64 all-ones instances limb for limb;
//           the paper's Gu32ops/s, 32-bit limb products per ns; copy bandwidth at the start and end.
//           WARP_EXTRA=17,100,... (limbs) adds sizes between the powers of two: the shipped
//           kernels with L = 16 alone, NumInsts = 2^TOTAL / NumBits rounded down.
// Usage: warp_harness [check|bench|all] [seed] [TOTAL=32] [reps=3] [LO=11] [HI=14]
// Build: nvcc -O3 -arch=sm_90 -std=c++17 warp_harness.cu -o warp_harness
// On a GPU host with CGBN and the FP64 / schoolbook kernels in the same call: warp-run.sh.
#define BW_ALL_VARIANTS // every variant of the row loop and the memory accesses, under its own name
#include "../../main/cuda/bigint_warp.cu"
#include "harness_common.h"
#include "harness_check.h"

#include <atomic>
#include <cstring>
#include <string>
#include <vector>

typedef void (*BwKernel)(const u64*, long long, const u64*, long long, u64*, long long, int, int, long long);

struct Variant {
    const char* name;
    int tpi, l;
    BwKernel k;
    bool stage; // variant 0 stages through shared memory: threads L 8 bytes a block
};

#define BW_V(T, L)                                                                                         \
    {"bw_mul_t" #T "_l" #L, T, L, bw_mul_t##T##_l##L, BW_SHIP_V == 0},                                     \
    {"bw_muls_t" #T "_l" #L, T, L, bw_muls_t##T##_l##L, true},                                            \
    {"bw_mulg_t" #T "_l" #L, T, L, bw_mulg_t##T##_l##L, false},                                           \
    {"bw_mulo_t" #T "_l" #L, T, L, bw_mulo_t##T##_l##L, false},                                           \
    {"bw_mul1_t" #T "_l" #L, T, L, bw_mul1_t##T##_l##L, false}
// bw_mul_: the shipped kernels (two rows a step, variant BW_SHIP_V of bigint_warp.cu); bw_muls_:
// staged through shared memory (variant 0); bw_mulg_: direct 8-byte accesses (1); bw_mulo_: as g,
// the low limbs stored at once (2); bw_mul1_: one row a step, direct (kept for comparison)
static const Variant VARIANTS[] = {
    BW_V(4, 8), BW_V(4, 16), BW_V(4, 32), BW_V(8, 8), BW_V(8, 16), BW_V(8, 32),
    BW_V(16, 8), BW_V(16, 16), BW_V(16, 32), BW_V(32, 8), BW_V(32, 16),
};
static const int NV = sizeof(VARIANTS) / sizeof(VARIANTS[0]);

static int maxLimbs(const Variant& v) { return v.tpi * v.l / 2; }

static void launch(const Variant& v, int threads, const u64* a, long long sa, const u64* b, long long sb, u64* c,
                   long long sc, int M, int outLen, long long count) {
    long long grid = (count * v.tpi + threads - 1) / threads;
    const size_t smem = v.stage ? (size_t) threads * v.l * 8 : 0;
    v.k<<<(unsigned) grid, threads, smem>>>(a, sa, b, sb, c, sc, M, outLen, count);
    CKL();
}

// ---- check ----

static const int SIZES[] = {1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 24, 31, 32, 33, 40, 47, 48, 63, 64, 65, 80, 96,
                            100, 127, 128, 129, 150, 192, 200, 255, 256};

static void check(u64 seed) {
    const u64 SENT = 0x5a5a5a5a5a5a5a5aull;
    long long runs = 0, limbs = 0;
    for (int M : SIZES) {
        for (int vi = 0; vi < NV; vi++) {
            const Variant& v = VARIANTS[vi];
            if (M > maxLimbs(v)) continue;
            for (int cfg = 0; cfg < 4; cfg++) {
                // cfg 0: packed, 256 threads, full; 1: padded strides, 64 threads, full;
                // 2: packed, 256 threads, low half; 3: a square (a == b), 64 threads, full, one instance more
                const int threads = (cfg & 1) ? 64 : 256;
                const int ipb = threads / v.tpi;
                long long count = cfg == 1 ? 1 : 3 * ipb + 5 + (cfg == 3);
                if (cfg == 1 && M % 3 == 0) count = 2 * ipb + 1;
                const long long sa = cfg == 1 ? M + 3 : M, sb = cfg == 1 ? M + 1 : M;
                const int outLen = cfg == 2 ? M : 2 * M;
                const long long sc = cfg == 1 ? 2 * M + 5 : outLen;
                const bool square = cfg == 3;
                std::vector<u64> ha(count * sa, SENT), hb(count * sb, SENT), hc(count * sc, SENT);
                std::vector<u64> ta(M), tb(M), ref(2 * M);
                const u64 s0 = seed ^ (u64) M * 1000003 ^ (u64) vi * 7919 ^ (u64) cfg * 104729;
                for (long long i = 0; i < count; i++) {
                    make_instance(product_pattern_of(i, s0), ta.data(), tb.data(), M, mix64(s0 + i));
                    for (int j = 0; j < M; j++) {
                        ha[i * sa + j] = ta[j];
                        hb[i * sb + j] = square ? ta[j] : tb[j];
                    }
                }
                u64 *da, *db, *dc;
                CK(cudaMalloc(&da, ha.size() * 8));
                CK(cudaMalloc(&db, hb.size() * 8));
                CK(cudaMalloc(&dc, hc.size() * 8));
                CK(cudaMemcpy(da, ha.data(), ha.size() * 8, cudaMemcpyHostToDevice));
                CK(cudaMemcpy(db, hb.data(), hb.size() * 8, cudaMemcpyHostToDevice));
                CK(cudaMemcpy(dc, hc.data(), hc.size() * 8, cudaMemcpyHostToDevice));
                launch(v, threads, da, sa, square ? da : db, square ? sa : sb, dc, sc, M, outLen, count);
                CK(cudaDeviceSynchronize());
                CK(cudaMemcpy(hc.data(), dc, hc.size() * 8, cudaMemcpyDeviceToHost));
                int bad = 0;
                for (long long i = 0; i < count; i++) {
                    for (int j = 0; j < M; j++) {
                        ta[j] = ha[i * sa + j];
                        tb[j] = square ? ta[j] : hb[i * sb + j];
                    }
                    ref_mul(ta.data(), tb.data(), ref.data(), M);
                    for (int j = 0; j < sc; j++) {
                        const u64 want = j < outLen ? ref[j] : SENT;
                        if (hc[i * sc + j] != want) {
                            if (!bad)
                                fail("check", std::string(v.name) + " M=" + std::to_string(M) + " cfg=" +
                                                  std::to_string(cfg) + " inst=" + std::to_string(i) + " pattern=" +
                                                  PAT_NAME[product_pattern_of(i, s0)] + " limb=" + std::to_string(j));
                            bad++;
                            break;
                        }
                    }
                    limbs += outLen;
                }
                runs++;
                CK(cudaFree(da));
                CK(cudaFree(db));
                CK(cudaFree(dc));
            }
        }
    }
    printf("check: %lld launches, %lld limbs compared, %d mismatches: %s\n", runs, limbs, g_fail, g_fail ? "FAIL" : "ok");
    fflush(stdout);
}

// ---- bench ----

static void bench(u64 seed, int total, int reps, int lo, int hi) {
    const u64 sA = mix64(seed ^ 0x1111), sB = mix64(seed ^ 0x2222); // fpbatch_harness's seeds
    const size_t opBytes = (1ull << total) / 8;
    u64 *dA, *dB, *dC, *dOnes;
    CK(cudaMalloc(&dA, opBytes));
    CK(cudaMalloc(&dB, opBytes));
    CK(cudaMalloc(&dC, 2 * opBytes));
    const long long onesCount = 64;
    CK(cudaMalloc(&dOnes, onesCount * 256 * 8));
    device_fill_ones(dOnes, onesCount * 256);
    u64* hC;
    CK(cudaMallocHost(&hC, 2 * opBytes));
    print_copy(dC, dA, opBytes, reps, " GB/s", false);
    printf("kernel,bits,insts,tpi,l,threads,ms,Gu32ops/s,u32 products/ns,checked\n");
    fflush(stdout);
    std::vector<std::string> summary;
    // the grid's powers of two, then (WARP_EXTRA="17,100,...", limbs) sizes between them: the shipped
    // kernels alone, NumInsts = 2^TOTAL / NumBits rounded down
    std::vector<int> sizes;
    for (int lb = lo; lb <= hi; lb++) sizes.push_back((1 << lb) / 64);
    const int nPow = (int) sizes.size();
    if (const char* ex = getenv("WARP_EXTRA"))
        for (const char* p = ex; *p;) {
            int m = atoi(p);
            if (m >= 1 && m <= 256) sizes.push_back(m);
            while (*p && *p != ',') p++;
            if (*p) p++;
        }
    for (int si = 0; si < (int) sizes.size(); si++) {
        const int M = sizes[si], bits = 64 * M;
        const long long count = (long long) ((1ull << total) / bits);
        std::vector<u64> fa, fb;
        bench_operands(dA, dB, count, M, sA, sB, fa, fb);
        auto verify = [&]() {
            CK(cudaMemcpy(hC, dC, count * 2 * M * 8, cudaMemcpyDeviceToHost));
            return bench_bad_products(hC, count, M, sA, sB, fa, fb, seed);
        };
        float best = 1e30f;
        std::string bestName;
        for (int vi = 0; vi < NV; vi++) {
            const Variant& v = VARIANTS[vi];
            if (si < nPow ? maxLimbs(v) != M : (strncmp(v.name, "bw_mul_", 7) != 0 || v.l != 16 || maxLimbs(v) < M ||
                                                 (v.tpi > 4 && maxLimbs(v) / 2 >= M)))
                continue;
            for (int threads : {64, 128, 256}) {
                launch(v, threads, dA, M, dB, M, dC, 2 * M, M, 2 * M, count);
                float ms = min_time_ms(reps, [&] { launch(v, threads, dA, M, dB, M, dC, 2 * M, M, 2 * M, count); });
                CK(cudaDeviceSynchronize());
                int bad = verify();
                if (bad) fail("bench", std::string(v.name) + " bits=" + std::to_string(bits));
                const double prods = (double) count * (2.0 * M) * (2.0 * M);
                printf("%s,%d,%lld,%d,%d,%d,%.4f,%.1f,%.0f,%s\n", v.name, bits, count, v.tpi, v.l, threads, ms,
                       mul_gu32ops(bits, count, ms), prods / (ms * 1e6), bad ? "FAIL" : "mod-p-all+32-full");
                fflush(stdout);
                if (ms < best) {
                    best = ms;
                    bestName = std::string(v.name) + " threads=" + std::to_string(threads);
                }
            }
            // all-ones operands, every limb: (2^(64M) - 1)^2 = 2^(128M) - 2^(64M+1) + 1
            const long long oc = std::min(onesCount, count);
            launch(v, 128, dOnes, M, dOnes, M, dC, 2 * M, M, 2 * M, oc);
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(hC, dC, oc * 2 * M * 8, cudaMemcpyDeviceToHost));
            int bad = 0;
            for (long long i = 0; i < oc; i++)
                if (!all_ones_square_ok(hC, M, i)) bad++;
            if (bad) fail("all-ones", std::string(v.name) + " bits=" + std::to_string(bits));
            printf("all-ones,%s,%d,%lld instances,%s\n", v.name, bits, oc, bad ? "FAIL" : "all limbs ok");
        }
        char line[256];
        snprintf(line, sizeof line, "best,%d,%lld,%.4f ms,%.1f Gu32ops/s,%s", bits, count, best,
                 mul_gu32ops(bits, count, best), bestName.c_str());
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
    std::string mode = argc > 1 ? argv[1] : "all";
    u64 seed = argc > 2 ? strtoull(argv[2], 0, 0) : 20261126;
    int total = argc > 3 ? atoi(argv[3]) : 32;
    int reps = argc > 4 ? atoi(argv[4]) : 3;
    int lo = argc > 5 ? atoi(argv[5]) : 11;
    int hi = argc > 6 ? atoi(argv[6]) : 14;
    print_device();
    for (int vi = 0; vi < NV; vi++)
        if (VARIANTS[vi].stage) CK(cudaFuncSetAttribute(VARIANTS[vi].k, cudaFuncAttributeMaxDynamicSharedMemorySize, 256 * 32 * 8));
    printf("# warp_harness %s seed=%llu total=2^%d reps=%d bits 2^%d..2^%d\n", mode.c_str(), seed, total, reps, lo, hi);
    fflush(stdout);
    if (mode == "check" || mode == "all") check(seed);
    if (mode == "bench" || mode == "all") bench(seed, total, reps, lo, hi);
    printf("# warp_harness: %s (%d mismatches)\n", g_fail ? "FAIL" : "ok", g_fail);
    return g_fail ? 1 : 0;
}
