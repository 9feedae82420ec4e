// Standalone harness of the batched big-integer kernels of ../../main/cuda/bigint.cu (no Java):
//   check   every kernel (add, sub, mul; Q = 2, 4, 8; one and several instances per block;
//           packed and padded strides; squaring through one buffer) on random and adversarial
//           instances (all-ones limbs, so that carries run across the whole integer and, if they
//           leaked, into the next instance; zero; one; powers of two; b = ~a and b = -a, whose
//           sums are all ones or 2^(64 M); long runs of all-ones limbs), sizes 1 .. 8192 limbs
//           including ones that are not multiples of Q; every result limb, every carry and the
//           untouched padding compared bit for bit with a CPU reference in this program.
//   bench   the midsize paper's grid: NumBits = 2^11 .. 2^18, NumInsts = 2^TOTAL / NumBits
//           (TOTAL = 32 as in the paper), min of reps with CUDA events, every (Q, block) tried and
//           every timed configuration's output checked (add: every limb and carry; mul: every
//           instance modulo 2^61 - 1 and a sample of instances bit for bit); the paper's metrics
//           (GB/s = 3 NumInsts NumBits / 8 bytes per second; Gu32ops/s = 300 NumInsts m log2 m
//           per second, m = NumBits / 32) and cudaMemcpy device-to-device bandwidth in the same run.
//   check-new  the low-half product (bi_mullo32_q*), the square (bi_sqr32_q*), M5Mult (bi_m5mult)
//           and the multi-block product (bi_mulmb_band_q8 + bi_mulmb_carry_q8, full and low half;
//           bi_sqrmb_band_q8, the square by symmetry)
//           against the CPU reference, the same patterns, packed and padded strides; sizes 1 ..
//           4096 limbs (M5Mult up to what its shared memory holds, the multi-block kernels 1 ..
//           16384 limbs).
//   bench-new  those kernels next to bi_mul32_q8 on the grid NumBits = 2^11 .. 2^LBMAX (the
//           multi-block product alone above 2^18), every output checked.
//   bench-count  small batches (count 1 .. 1024, 2^13 .. 2^18 bits): the single-block kernels
//           against the multi-block ones; and M5Mult against bi_mul32_q8 over batch sizes N at the
//           thesis's k = 256 digits (its Figure 5.3).
//   new     check-new, bench-new, then bench-count.
// Usage: bigint_harness [check|bench|all|check-new|bench-new|new] [seed] [TOTAL=32] [reps=5] [LBMAX=18]
//        (the seed is printed)
// Build: nvcc -O3 -arch=sm_90 -std=c++17 bigint_harness.cu -o bigint_harness   (see gpu/README.md)
#include "../../main/cuda/bigint.cu"
#include "harness_common.h"
#include "harness_check.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

enum Op { ADD = 0, SUB = 1, MUL = 2, MUL32 = 3, MULW = 4 };
static const char* OP_NAME[] = {"add", "sub", "mul", "mul32", "mulw"};
static bool is_mul(Op op) { return op == MUL || op == MUL32 || op == MULW; }
// ---- the kernels' launch contract (bigint.cu header) ----

// Launch shape for M limbs, per-thread factor Q, about blockTarget threads per block.
static Launch shape(Op op, int M, int Q, int blockTarget, long long count) {
    const int T = (M + Q - 1) / Q;
    const int maxThreads = is_mul(op) && Q == 8 ? 512 : 1024;
    const int Mp = T * Q;
    const size_t W = is_mul(op) ? (size_t) (2 * Mp + 2 * Q + 2 * (Mp / Q) + 8) : (size_t) (M + M / Q + 1);
    const size_t limit = is_mul(op) ? g_smemOptin - 4224 - 128 : g_smemOptin - 256;
    return block_shape(T, W * 8, maxThreads, limit, blockTarget, count);
}

// Launches by name (no function pointers), raising the dynamic shared-memory limit when needed.
#define BI_LAUNCH(kernel, ...)                                                                        \
    do {                                                                                              \
        if (L.smem > 32 * 1024) /* static + dynamic above 48 KiB needs the attribute */             \
            CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) L.smem)); \
        kernel<<<(unsigned) L.grid, L.threads, L.smem>>>(__VA_ARGS__);                                \
    } while (0)

static bool launch(Op op, int Q, const Launch& L, const u64* a, long long sa, const u64* b, long long sb, u64* c,
                   long long sc, u64* carry, int M, long long count) {
    switch (op * 16 + Q) {
        case ADD * 16 + 2: BI_LAUNCH(bi_add_q2, a, sa, b, sb, c, sc, carry, M, count); break;
        case ADD * 16 + 4: BI_LAUNCH(bi_add_q4, a, sa, b, sb, c, sc, carry, M, count); break;
        case ADD * 16 + 8: BI_LAUNCH(bi_add_q8, a, sa, b, sb, c, sc, carry, M, count); break;
        case SUB * 16 + 2: BI_LAUNCH(bi_sub_q2, a, sa, b, sb, c, sc, carry, M, count); break;
        case SUB * 16 + 4: BI_LAUNCH(bi_sub_q4, a, sa, b, sb, c, sc, carry, M, count); break;
        case SUB * 16 + 8: BI_LAUNCH(bi_sub_q8, a, sa, b, sb, c, sc, carry, M, count); break;
        case MUL * 16 + 2: BI_LAUNCH(bi_mul_q2, a, sa, b, sb, c, sc, M, count); break;
        case MUL * 16 + 4: BI_LAUNCH(bi_mul_q4, a, sa, b, sb, c, sc, M, count); break;
        case MUL * 16 + 8: BI_LAUNCH(bi_mul_q8, a, sa, b, sb, c, sc, M, count); break;
        case MUL32 * 16 + 2: BI_LAUNCH(bi_mul32_q2, a, sa, b, sb, c, sc, M, count); break;
        case MUL32 * 16 + 4: BI_LAUNCH(bi_mul32_q4, a, sa, b, sb, c, sc, M, count); break;
        case MUL32 * 16 + 8: BI_LAUNCH(bi_mul32_q8, a, sa, b, sb, c, sc, M, count); break;
        case MULW * 16 + 2: BI_LAUNCH(bi_mulw_q2, a, sa, b, sb, c, sc, M, count); break;
        case MULW * 16 + 4: BI_LAUNCH(bi_mulw_q4, a, sa, b, sb, c, sc, M, count); break;
        default: BI_LAUNCH(bi_mulw_q8, a, sa, b, sb, c, sc, M, count); break;
    }
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        char where[200];
        snprintf(where, sizeof where, "%s Q=%d M=%d count=%lld grid=%lld threads=%d ipb=%d smem=%zu: %s", OP_NAME[op], Q, M,
                 count, L.grid, L.threads, L.ipb, L.smem, cudaGetErrorName(e));
        fail("launch", where);
        if (g_fail > 50) exit(2);
        return false;
    }
    return true;
}

// The kernels' resources as the runtime sees them (a kernel that cannot load fails here).
static void print_kernels() {
    const void* ks[] = {(const void*) bi_add_q2, (const void*) bi_add_q4, (const void*) bi_add_q8,
                        (const void*) bi_sub_q2, (const void*) bi_sub_q4, (const void*) bi_sub_q8,
                        (const void*) bi_mul_q2, (const void*) bi_mul_q4, (const void*) bi_mul_q8,
                        (const void*) bi_mul32_q2, (const void*) bi_mul32_q4, (const void*) bi_mul32_q8,
                        (const void*) bi_mulw_q2, (const void*) bi_mulw_q4, (const void*) bi_mulw_q8};
    const char* names[] = {"add_q2", "add_q4", "add_q8", "sub_q2", "sub_q4", "sub_q8", "mul_q2", "mul_q4", "mul_q8",
                           "mul32_q2", "mul32_q4", "mul32_q8", "mulw_q2", "mulw_q4", "mulw_q8"};
    for (int i = 0; i < 15; i++) {
        cudaFuncAttributes fa;
        cudaError_t e = cudaFuncGetAttributes(&fa, ks[i]);
        if (e != cudaSuccess) {
            printf("# kernel %s: cudaFuncGetAttributes %s\n", names[i], cudaGetErrorName(e));
            cudaGetLastError();
            continue;
        }
        printf("# kernel %s: %d regs, %zu B static smem, %zu B local, max %d threads, max dyn smem %d\n", names[i], fa.numRegs,
               fa.sharedSizeBytes, fa.localSizeBytes, fa.maxThreadsPerBlock, fa.maxDynamicSharedSizeBytes);
    }
}

// ---- CPU references ----

// r = a + b or a - b (M limbs); returns the carry (add) or borrow (sub).
static u64 ref_addsub(const u64* a, const u64* b, u64* r, int M, bool sub) {
    u64 cy = 0;
    for (int j = 0; j < M; j++) {
        if (!sub) {
            unsigned __int128 s = (unsigned __int128) a[j] + b[j] + cy;
            r[j] = (u64) s;
            cy = (u64) (s >> 64);
        } else {
            unsigned __int128 s = (unsigned __int128) a[j] - b[j] - cy;
            r[j] = (u64) s;
            cy = (u64) (s >> 64) ? 1 : 0;
        }
    }
    return cy;
}

// ---- adversarial data ----

// Instance i's pattern: the first instances cycle through a fixed order in which carries would
// leak into the next instance (ones,one then a,~a, ...), the rest are drawn at random.
static int pattern_of(u64 i, u64 seed) {
    static const int fixed[] = {2, 8, 9, 8, 1, 4, 3, 8, 12, 11, 7, 13, 10, 5, 6, 0, 9, 8, 2, 11};
    if (i < sizeof(fixed) / sizeof(fixed[0])) return fixed[i];
    u64 r = gen_word(seed ^ 0xabcdefull, i);
    return (r & 1) ? (int) ((r >> 1) % NPAT) : 0;
}

// ---- check phase ----

static void check_size(Op op, int M, u64 seed) {
    const long long count = is_mul(op) ? std::max(3LL, std::min(1024LL, (1LL << 23) / ((long long) M * M)))
                                      : std::max(8LL, std::min(4096LL, (1LL << 20) / M));
    const int outLen = is_mul(op) ? 2 * M : M;
    std::vector<u64> A(count * M), B(count * M), Rf(count * outLen), Cy(count);
    std::vector<int> pats(count);
    for (long long i = 0; i < count; i++) {
        pats[i] = pattern_of(i, seed + M);
        make_instance(pats[i], &A[i * M], &B[i * M], M, gen_word(seed + 17 * M + op, i));
    }
    parallel_for(count, [&](u64 lo, u64 hi) {
        for (u64 i = lo; i < hi; i++) {
            if (is_mul(op)) ref_mul(&A[i * M], &B[i * M], &Rf[i * outLen], M);
            else Cy[i] = ref_addsub(&A[i * M], &B[i * M], &Rf[i * outLen], M, op == SUB);
        }
    });
    for (int padded = 0; padded < 2; padded++) {
        const long long sa = M + (padded ? 3 : 0), sb = M + (padded ? 5 : 0), sc = outLen + (padded ? 1 : 0);
        std::vector<u64> hA = at_stride(A, M, count, sa), hB = at_stride(B, M, count, sb), hC(count * sc);
        u64 *dA = to_device(hA), *dB = to_device(hB), *dC, *dCy;
        CK(cudaMalloc(&dC, hC.size() * 8));
        CK(cudaMalloc(&dCy, count * 8));
        for (int Q : {2, 4, 8}) {
            for (int target : {32, 256, 1024}) {
                Launch L = shape(op, M, Q, target, count);
                if (!L.ok) continue;
                std::vector<u64> sent(hC.size(), SENT);
                CK(cudaMemcpy(dC, sent.data(), hC.size() * 8, cudaMemcpyHostToDevice));
                CK(cudaMemset(dCy, 0xff, count * 8));
                if (!launch(op, Q, L, dA, sa, dB, sb, dC, sc, dCy, M, count)) continue;
                CK(cudaDeviceSynchronize());
                CK(cudaMemcpy(hC.data(), dC, hC.size() * 8, cudaMemcpyDeviceToHost));
                std::vector<u64> hCy(count);
                CK(cudaMemcpy(hCy.data(), dCy, count * 8, cudaMemcpyDeviceToHost));
                int bad = 0;
                for (long long i = 0; i < count && bad < 3; i++) {
                    std::string where = std::string(OP_NAME[op]) + " M=" + std::to_string(M) + " Q=" + std::to_string(Q) +
                                        " ipb=" + std::to_string(L.ipb) + " threads=" + std::to_string(L.threads) +
                                        (padded ? " padded" : " packed") + " inst=" + std::to_string(i) + " pattern=" +
                                        PAT_NAME[pats[i]];
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
                    if (!is_mul(op) && hCy[i] != Cy[i]) { fail("carry", where); bad++; }
                }
            }
        }
        // squaring through one buffer (A passed as both operands)
        if (is_mul(op) && !padded) {
            std::vector<u64> Sq(outLen);
            for (int Q : {2, 4, 8}) {
                Launch L = shape(op, M, Q, 256, count);
                if (!L.ok) continue;
                if (!launch(op, Q, L, dA, sa, dA, sa, dC, sc, nullptr, M, count)) continue;
                CK(cudaDeviceSynchronize());
                CK(cudaMemcpy(hC.data(), dC, hC.size() * 8, cudaMemcpyDeviceToHost));
                for (long long i = 0; i < std::min(count, 64LL); i++) {
                    ref_mul(&A[i * M], &A[i * M], Sq.data(), M);
                    if (memcmp(Sq.data(), &hC[i * sc], outLen * 8) != 0) {
                        fail("square", std::string(OP_NAME[op]) + " M=" + std::to_string(M) + " Q=" + std::to_string(Q) + " inst=" + std::to_string(i));
                        break;
                    }
                }
            }
        }
        CK(cudaFree(dA));
        CK(cudaFree(dB));
        CK(cudaFree(dC));
        CK(cudaFree(dCy));
    }
}

static void check_all(u64 seed) {
    const int addSizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 255, 256, 257,
                            511, 512, 513, 1000, 1023, 1024, 1025, 2047, 2048, 2049, 3001, 4095, 4096, 4097, 6000, 8191, 8192};
    const int mulSizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 255, 256,
                            257, 511, 512, 513, 1000, 1023, 1024, 1025, 2047, 2048, 2049, 3001, 4095, 4096};
    int before = g_fail;
    for (int M : addSizes) { check_size(ADD, M, seed); check_size(SUB, M, seed); }
    print_check("add/sub: " + std::to_string(sizeof(addSizes) / sizeof(int)) +
                    " sizes 1..8192 limbs, Q 2/4/8, 3 block shapes, packed and padded strides", before);
    before = g_fail;
    for (int M : mulSizes) { check_size(MUL, M, seed); check_size(MUL32, M, seed); check_size(MULW, M, seed); }
    print_check("mul, mul32 and mulw (full product, and squares through one buffer): " +
                    std::to_string(sizeof(mulSizes) / sizeof(int)) + " sizes 1..4096 limbs", before);
}

// ---- bench phase ----

static void bench(u64 seed, int total, int reps) {
    const u64 sA = mix64(seed ^ 0x1111), sB = mix64(seed ^ 0x2222);
    const size_t opBytes = (1ull << total) / 8;
    u64 *dA, *dB, *dC, *dCy;
    CK(cudaMalloc(&dA, opBytes + 64)); // + 64: the staged path is timed on operands one limb off 16-byte alignment
    CK(cudaMalloc(&dB, opBytes + 64));
    CK(cudaMalloc(&dC, 2 * opBytes + 64));
    CK(cudaMalloc(&dCy, (1ull << total) / 2048 * 8));
    u64* hC; // pinned, so that the copies back for checking are fast
    CK(cudaMallocHost(&hC, 2 * opBytes));
    std::vector<u64> hCy((1ull << total) / 2048);
    const double copy0 = print_copy(dC, dA, opBytes, reps, "", false);
    printf("kernel,bits,insts,Q,ipb,threads,ms,metric,unit,checked\n");
    fflush(stdout);
    struct Best { double metric = 0; int Q = 0, ipb = 0; float ms = 0; Op op = ADD; };
    std::vector<std::string> summary;
    for (int lb = 11; lb <= 18; lb++) {
        const int bits = 1 << lb, M = bits / 64;
        const long long count = (long long) ((1ull << total) / bits);
        device_fill_random(dA, (u64) count * M + 1, sA);
        device_fill_random(dB, (u64) count * M + 1, sB);
        CK(cudaDeviceSynchronize());
        Best bestAdd, bestMul;
        // off = 0: aligned operands, the direct path; off = 1: operands one limb further, the staged path
        for (int off : {0, 1}) {
        for (int Q : {2, 4, 8}) {
            for (int target : {128, 256}) {
                if (off == 1 && (Q != 4 || target != 256)) continue;
                Launch L = shape(ADD, M, Q, target, count);
                const u64 *pa = dA + off, *pb = dB + off;
                u64* pc = dC + off;
                if (!L.ok || !launch(ADD, Q, L, pa, M, pb, M, pc, M, dCy, M, count)) continue;
                float ms = min_time_ms(reps, [&] { launch(ADD, Q, L, pa, M, pb, M, pc, M, dCy, M, count); });
                CK(cudaDeviceSynchronize());
                CK(cudaMemcpy(hC, pc, count * M * 8, cudaMemcpyDeviceToHost));
                CK(cudaMemcpy(hCy.data(), dCy, count * 8, cudaMemcpyDeviceToHost));
                std::atomic<int> bad(0);
                parallel_for(count, [&](u64 lo, u64 hi) {
                    for (u64 i = lo; i < hi; i++) {
                        u64 cy = 0;
                        for (int j = 0; j < M; j++) {
                            unsigned __int128 s = (unsigned __int128) gen_word(sA, i * M + j + off) + gen_word(sB, i * M + j + off) + cy;
                            cy = (u64) (s >> 64);
                            if (hC[i * M + j] != (u64) s) { bad++; break; }
                        }
                        if (hCy[i] != cy) bad++;
                    }
                });
                if (bad) fail("bench add", "bits=" + std::to_string(bits) + " Q=" + std::to_string(Q) + " off=" + std::to_string(off));
                double gbs = add_gbs(bits, count, ms);
                printf("%s,%d,%lld,%d,%d,%d,%.4f,%.1f,GB/s,%s\n", off ? "add-staged" : "add", bits, count, Q, L.ipb, L.threads, ms, gbs,
                       bad ? "FAIL" : "all");
                fflush(stdout);
                if (gbs > bestAdd.metric) bestAdd = {gbs, Q, L.ipb, ms, ADD};
            }
        }
        }
        // fingerprints of the operands, once per size
        std::vector<u64> fa(count), fb(count);
        parallel_for(count, [&](u64 lo, u64 hi) {
            for (u64 i = lo; i < hi; i++) {
                fa[i] = fp61(M, [&](int j) { return gen_word(sA, i * M + j); });
                fb[i] = fp61(M, [&](int j) { return gen_word(sB, i * M + j); });
            }
        });
        // ADD_ONLY (environment): the addition grid only (the products: bigint_ntt_harness's grid)
        for (Op mop : {MUL, MUL32, MULW}) {
        if (getenv("ADD_ONLY")) break;
        for (int Q : {2, 4, 8}) {
            for (int target : {128, 256}) {
                // the 64-bit and madc kernels: one shape each, for reference (all shapes: earlier runs)
                if (mop == MUL && (Q != 4 || target != 128)) continue;
                if (mop == MUL32 && (Q != 8 || target != 128)) continue;
                Launch L = shape(mop, M, Q, target, count);
                if (!L.ok || !launch(mop, Q, L, dA, M, dB, M, dC, 2 * M, nullptr, M, count)) continue;
                float ms = min_time_ms(lb >= 16 ? std::min(reps, 3) : reps,
                                       [&] { launch(mop, Q, L, dA, M, dB, M, dC, 2 * M, nullptr, M, count); });
                CK(cudaDeviceSynchronize());
                CK(cudaMemcpy(hC, dC, count * 2 * M * 8, cudaMemcpyDeviceToHost));
                std::atomic<int> bad(0);
                bad += bench_bad_products(hC, count, M, sA, sB, fa, fb, seed);
                if (bad) fail("bench mul", "bits=" + std::to_string(bits) + " Q=" + std::to_string(Q));
                double gu = mul_gu32ops(bits, count, ms);
                printf("%s,%d,%lld,%d,%d,%d,%.4f,%.1f,Gu32ops/s,%s\n", OP_NAME[mop], bits, count, Q, L.ipb, L.threads, ms, gu,
                       bad ? "FAIL" : "mod-p-all+32-full");
                fflush(stdout);
                if (gu > bestMul.metric) bestMul = {gu, Q, L.ipb, ms, mop};
            }
        }
        }
        char line[400];
        snprintf(line, sizeof line, "best,%d,%lld,add,%.4f ms,%.1f GB/s,%.0f%% of copy,Q=%d ipb=%d,mul,%.3f ms,%.1f Gu32ops/s,%s Q=%d ipb=%d,%.3g limb-products/s",
                 bits, count, bestAdd.ms, bestAdd.metric, 100.0 * bestAdd.metric / copy0, bestAdd.Q, bestAdd.ipb, bestMul.ms,
                 bestMul.metric, OP_NAME[bestMul.op], bestMul.Q, bestMul.ipb, (double) count * M * M / (bestMul.ms * 1e-3));
        summary.push_back(line);
    }
    print_bench_end(summary, dC, dA, opBytes, reps, "");
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    CK(cudaFree(dCy));
    CK(cudaFreeHost(hC));
}

// ---- the product kernels beyond the full schoolbook: low half, square, M5Mult, multi-block ----

enum NewOp { N_MUL32 = 0, N_LO = 1, N_SQR = 2, N_M5 = 3, N_MB = 4, N_MBLO = 5, N_MBSQ = 6, N_SQMB = 7 };
static bool is_square(int op) { return op == N_SQR || op == N_MBSQ || op == N_SQMB; }
static const char* NEW_NAME[] = {"mul32", "mullo32", "sqr32", "m5mult", "mulmb", "mulmb-lo", "mulmb-sq", "sqrmb"};
static int out_len(NewOp op, int M) { return op == N_LO || op == N_MBLO ? M : 2 * M; }

// Launch of a single-block kernel with tpi threads per instance (bi_mul's shared region W).
static Launch shape_tpi(int tpi, size_t W, int maxThreads, int target, long long count) {
    return block_shape(tpi, W * 8, maxThreads, g_smemOptin - 4224 - 128, target, count);
}

static size_t m5_smem(int M) { return (size_t) 40 * ((M + 31) / 32) * 64; }
static int m5_threads(int M) {
    const int lambda = (M + 31) / 32;
    int t = std::max((M + 3) / 4, 32 * std::min(lambda, 16));
    return std::min(1024, (t + 31) / 32 * 32);
}
static bool m5_fits(int M) { return m5_smem(M) <= g_smemOptin - 4224 - 128; }
static const int MB_TB = 128, MB_Q = 8;
static int mb_bands(int outLen) { return ((outLen + MB_Q - 1) / MB_Q + MB_TB - 1) / MB_TB; }
static size_t mb_smem() { const int TI = 2 * MB_Q * MB_TB; return (size_t) (3 * TI + 3 * TI / 16 + 8) * 4; }

// Runs op on count instances; h: scratch of at least 2 count nchunks words for the multi-block
// kernels. Q and target: the single-block kernels' factor and block target.
static bool launch_new(NewOp op, int Q, int target, const u64* a, long long sa, const u64* b, long long sb, u64* c,
                       long long sc, u64* h, int M, long long count, std::string* shapeOut = nullptr) {
    const int T = (M + Q - 1) / Q;
    const int Mp = T * Q;
    const size_t W = (size_t) (2 * Mp + 2 * Q + 2 * (Mp / Q) + 8);
    const int maxT = Q == 8 ? 512 : 1024;
    Launch L;
    char buf[200];
    switch (op) {
        case N_MUL32:
        case N_SQR:
            L = shape_tpi(T, W, maxT, target, count);
            break;
        case N_LO:
            L = shape_tpi((T + 1) / 2, W, maxT, target, count);
            break;
        case N_M5:
            if (!m5_fits(M)) return false;
            L.ok = true; L.threads = m5_threads(M); L.ipb = 1; L.smem = m5_smem(M); L.grid = count;
            break;
        default: {
            const int outLen = out_len(op, M);
            const int bands = mb_bands(outLen);
            L.ok = true; L.threads = MB_TB; L.ipb = 0; L.smem = mb_smem(); L.grid = count * bands;
            if (op == N_SQMB) BI_LAUNCH(bi_sqrmb_band_q8, a, sa, c, sc, h, M, outLen, count, bands);
            else BI_LAUNCH(bi_mulmb_band_q8, a, sa, op == N_MBSQ ? a : b, op == N_MBSQ ? sa : sb, c, sc, h, M, outLen, count, bands);
            const int ct = std::min(1024, std::max(32, ((outLen + 7) / 8 + 31) / 32 * 32));
            bi_mulmb_carry_q8<<<(unsigned) count, ct>>>(c, sc, h, outLen, (long long) bands * MB_TB, count);
            snprintf(buf, sizeof buf, "bands=%d threads=%d carry-threads=%d", bands, MB_TB, ct);
            if (shapeOut) *shapeOut = buf;
            break;
        }
    }
    if (!L.ok) return false;
    if (op <= N_M5) {
        snprintf(buf, sizeof buf, "Q=%d ipb=%d threads=%d smem=%zu", op == N_M5 ? 4 : Q, L.ipb, L.threads, L.smem);
        if (shapeOut) *shapeOut = buf;
    }
    switch (op * 16 + Q) {
        case N_MUL32 * 16 + 2: BI_LAUNCH(bi_mul32_q2, a, sa, b, sb, c, sc, M, count); break;
        case N_MUL32 * 16 + 4: BI_LAUNCH(bi_mul32_q4, a, sa, b, sb, c, sc, M, count); break;
        case N_MUL32 * 16 + 8: BI_LAUNCH(bi_mul32_q8, a, sa, b, sb, c, sc, M, count); break;
        case N_LO * 16 + 2: BI_LAUNCH(bi_mullo32_q2, a, sa, b, sb, c, sc, M, count); break;
        case N_LO * 16 + 4: BI_LAUNCH(bi_mullo32_q4, a, sa, b, sb, c, sc, M, count); break;
        case N_LO * 16 + 8: BI_LAUNCH(bi_mullo32_q8, a, sa, b, sb, c, sc, M, count); break;
        case N_SQR * 16 + 2: BI_LAUNCH(bi_sqr32_q2, a, sa, c, sc, M, count); break;
        case N_SQR * 16 + 4: BI_LAUNCH(bi_sqr32_q4, a, sa, c, sc, M, count); break;
        case N_SQR * 16 + 8: BI_LAUNCH(bi_sqr32_q8, a, sa, c, sc, M, count); break;
        default:
            if (op == N_M5) BI_LAUNCH(bi_m5mult, a, sa, b, sb, c, sc, M, count);
            break;
    }
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        fail("launch", std::string(NEW_NAME[op]) + " M=" + std::to_string(M) + " Q=" + std::to_string(Q) + " " +
                           (shapeOut ? *shapeOut : std::string()) + ": " + cudaGetErrorName(e));
        if (g_fail > 50) exit(2);
        return false;
    }
    return true;
}

static void check_new_size(NewOp op, int M, u64 seed) {
    const bool big = op == N_MB || op == N_MBLO || op == N_SQMB;
    long long count = std::max(3LL, std::min(big ? 64LL : 512LL, (1LL << 23) / ((long long) M * M)));
    if (op == N_M5) count = std::max(3LL, std::min(256LL, (1LL << 22) / ((long long) M * M)));
    const int outLen = out_len(op, M);
    std::vector<u64> A(count * M), B(count * M), Rf(count * outLen);
    std::vector<int> pats(count);
    for (long long i = 0; i < count; i++) {
        pats[i] = pattern_of(i, seed + M);
        make_instance(pats[i], &A[i * M], &B[i * M], M, gen_word(seed + 31 * M + op, i));
    }
    parallel_for(count, [&](u64 lo, u64 hi) {
        std::vector<u64> r(2 * M);
        for (u64 i = lo; i < hi; i++) {
            ref_mul(&A[i * M], is_square(op) ? &A[i * M] : &B[i * M], r.data(), M);
            memcpy(&Rf[i * outLen], r.data(), outLen * 8);
        }
    });
    for (int padded = 0; padded < 2; padded++) {
        const long long sa = M + (padded ? 3 : 0), sb = M + (padded ? 5 : 0), sc = outLen + (padded ? 1 : 0);
        std::vector<u64> hA = at_stride(A, M, count, sa), hB = at_stride(B, M, count, sb), hC(count * sc);
        u64 *dA = to_device(hA), *dB = to_device(hB), *dC, *dH;
        const size_t hWords = 2 * (size_t) count * mb_bands(outLen) * MB_TB;
        CK(cudaMalloc(&dC, hC.size() * 8));
        CK(cudaMalloc(&dH, hWords * 8));
        std::vector<int> qs = big || op == N_M5 ? std::vector<int>{8} : std::vector<int>{2, 4, 8};
        std::vector<int> targets = big || op == N_M5 ? std::vector<int>{128} : std::vector<int>{32, 256, 1024};
        for (int Q : qs) {
            for (int target : targets) {
                std::vector<u64> sent(hC.size(), SENT);
                CK(cudaMemcpy(dC, sent.data(), hC.size() * 8, cudaMemcpyHostToDevice));
                std::string sh;
                if (!launch_new(op, Q, target, dA, sa, dB, sb, dC, sc, dH, M, count, &sh)) continue;
                CK(cudaDeviceSynchronize());
                CK(cudaMemcpy(hC.data(), dC, hC.size() * 8, cudaMemcpyDeviceToHost));
                int bad = 0;
                for (long long i = 0; i < count && bad < 3; i++) {
                    std::string where = std::string(NEW_NAME[op]) + " M=" + std::to_string(M) + " " + sh +
                                        (padded ? " padded" : " packed") + " inst=" + std::to_string(i) +
                                        " pattern=" + PAT_NAME[pats[i]];
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
        }
        CK(cudaFree(dA));
        CK(cudaFree(dB));
        CK(cudaFree(dC));
        CK(cudaFree(dH));
    }
}

static void check_new(u64 seed) {
    const int sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 255, 256,
                         257, 511, 512, 513, 1000, 1023, 1024, 1025, 2047, 2048, 2049, 3001, 4095, 4096};
    for (NewOp op : {N_MUL32, N_LO, N_SQR, N_M5}) {
        int before = g_fail, n = 0;
        for (int M : sizes) {
            if (op == N_M5 && !m5_fits(M)) continue;
            check_new_size(op, M, seed);
            n++;
        }
        print_check(std::string(NEW_NAME[op]) + ": " + std::to_string(n) + " sizes 1.." +
                        std::to_string(op == N_M5 ? 2048 : 4096) + " limbs", before);
    }
    const int mbSizes[] = {1, 2, 3, 7, 8, 9, 100, 1000, 1023, 1024, 1025, 2049, 4096, 4097, 5003, 8192, 12289, 16384};
    for (NewOp op : {N_MB, N_MBLO, N_SQMB}) {
        int before = g_fail;
        for (int M : mbSizes) check_new_size(op, M, seed);
        print_check(std::string(NEW_NAME[op]) + ": " + std::to_string(sizeof(mbSizes) / sizeof(int)) +
                        " sizes 1..16384 limbs", before);
    }
}

// Times the new kernels next to bi_mul32_q8 on the paper's grid (and the multi-block product
// beyond it: lbMax up to 21), every timed output checked (mod 2^61 - 1 for every instance, of the
// full product, the low half or the square; 16 instances bit for bit).
static void bench_new(u64 seed, int total, int reps, int lbMax) {
    const u64 sA = mix64(seed ^ 0x3333), sB = mix64(seed ^ 0x4444);
    const size_t opBytes = (1ull << total) / 8;
    u64 *dA, *dB, *dC, *dH;
    CK(cudaMalloc(&dA, opBytes));
    CK(cudaMalloc(&dB, opBytes));
    CK(cudaMalloc(&dC, 2 * opBytes));
    size_t hBytes = 0; // the multi-block kernels' top words: 2 per chunk of every band
    for (int lb = 13; lb <= lbMax; lb++) {
        const long long count = (long long) ((1ull << total) >> lb);
        hBytes = std::max(hBytes, (size_t) (2 * count * mb_bands(2 * ((1 << lb) / 64)) * MB_TB * 8));
    }
    CK(cudaMalloc(&dH, hBytes));
    u64* hC;
    CK(cudaMallocHost(&hC, 2 * opBytes));
    print_copy(dC, dA, opBytes, reps, "", false);
    printf("newkernel,bits,insts,shape,ms,Gu32ops/s,limb-products/s,vs-mul32,checked\n");
    fflush(stdout);
    std::vector<std::string> summary;
    for (int lb = 11; lb <= lbMax; lb++) {
        const int bits = 1 << lb, M = bits / 64;
        const long long count = (long long) ((1ull << total) / bits);
        std::vector<u64> fa, fb;
        bench_operands(dA, dB, count, M, sA, sB, fa, fb);
        double base = 0;
        std::string line = "best," + std::to_string(bits) + "," + std::to_string(count);
        for (NewOp op : {N_MUL32, N_M5, N_MB, N_SQR, N_SQMB, N_LO, N_MBLO}) {
            const bool bands = op == N_MB || op == N_MBLO || op == N_SQMB;
            if (lb > 18 && !bands) continue;
            if (lb < 13 && bands) continue; // bands of 1024 limbs: not for small sizes
            if (op == N_M5 && (!m5_fits(M) || lb > 17)) continue;
            const int outLen = out_len(op, M);
            std::string sh;
            auto go = [&] { launch_new(op, 8, 128, dA, M, dB, M, dC, outLen, dH, M, count, &sh); };
            go();
            CK(cudaDeviceSynchronize());
            float ms = min_time_ms(lb >= 16 || op == N_M5 ? std::min(reps, 2) : reps, go);
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(hC, dC, count * outLen * 8, cudaMemcpyDeviceToHost));
            std::atomic<int> bad(0);
            const bool sq = is_square(op);
            if (outLen == 2 * M) {
                parallel_for(count, [&](u64 lo, u64 hi) {
                    for (u64 i = lo; i < hi; i++) {
                        u64 fc = fp61(2 * M, [&](int j) { return hC[i * 2 * M + j]; });
                        if (fc != mulmod61(fa[i], sq ? fa[i] : fb[i])) bad++;
                    }
                });
            }
            const int samples = lb >= 19 ? 4 : 16;
            parallel_for(samples, [&](u64 lo, u64 hi) {
                std::vector<u64> a(M), b(M), r(2 * M);
                for (u64 s = lo; s < hi; s++) {
                    u64 i = s == 0 ? 0 : s == 1 ? count - 1 : gen_word(seed ^ 0x99, s) % count;
                    for (int j = 0; j < M; j++) { a[j] = gen_word(sA, i * M + j); b[j] = gen_word(sB, i * M + j); }
                    ref_mul(a.data(), sq ? a.data() : b.data(), r.data(), M);
                    if (memcmp(r.data(), &hC[i * outLen], outLen * 8) != 0) bad++;
                }
            });
            if (bad) fail("bench new", std::string(NEW_NAME[op]) + " bits=" + std::to_string(bits));
            if (op == N_MUL32) base = ms;
            const double gu = mul_gu32ops(bits, count, ms);
            printf("%s,%d,%lld,%s,%.4f,%.1f,%.3g,%s,%s\n", NEW_NAME[op], bits, count, sh.c_str(), ms, gu,
                   (double) count * M * M / (ms * 1e-3), base > 0 ? std::to_string(base / ms).c_str() : "-",
                   bad ? "FAIL" : (outLen == 2 * M ? "mod-p-all+samples-full" : "samples-full"));
            fflush(stdout);
            char cell[120];
            snprintf(cell, sizeof cell, ",%s %.3f ms", NEW_NAME[op], ms);
            line += cell;
        }
        summary.push_back(line);
    }
    print_bench_end(summary, dC, dA, opBytes, reps, "");
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    CK(cudaFree(dH));
    CK(cudaFreeHost(hC));
}

// Small batches: the single-block kernels fill at most ceil(count / ipb) blocks, the multi-block
// product count * bands; for bits 2^13 .. 2^18 and count 1 .. 1024, the time of bi_mul32_q8
// against bi_mulmb (full product), bi_sqr32_q8 and bi_mullo32_q8 against the multi-block square
// and low half; and the thesis's Figure 5.3 shape: batches of N products of k = 256 32-bit digits
// (2^13 bits), N = 2^5 .. 2^16, M5Mult against bi_mul32_q8. Outputs checked on 2 instances each.
static void bench_count(u64 seed, int reps) {
    const u64 sA = mix64(seed ^ 0x5555), sB = mix64(seed ^ 0x6666);
    const size_t words = 1ull << 24; // 2^30 bits per operand at most
    u64 *dA, *dB, *dC, *dH;
    CK(cudaMalloc(&dA, words * 8));
    CK(cudaMalloc(&dB, words * 8));
    CK(cudaMalloc(&dC, 2 * words * 8));
    CK(cudaMalloc(&dH, 2 * words * 8));
    device_fill_random(dA, words, sA);
    device_fill_random(dB, words, sB);
    CK(cudaDeviceSynchronize());
    std::vector<u64> hC;
    auto check2 = [&](NewOp op, int M, long long count, const char* what) {
        const int outLen = out_len(op, M);
        hC.resize((size_t) count * outLen);
        CK(cudaMemcpy(hC.data(), dC, hC.size() * 8, cudaMemcpyDeviceToHost));
        std::vector<u64> a(M), b(M), r(2 * M);
        for (long long i : {0LL, count - 1}) {
            for (int j = 0; j < M; j++) { a[j] = gen_word(sA, i * M + j); b[j] = gen_word(sB, i * M + j); }
            ref_mul(a.data(), is_square(op) ? a.data() : b.data(), r.data(), M);
            if (memcmp(r.data(), &hC[i * outLen], outLen * 8) != 0) fail("bench count", what);
        }
    };
    printf("count,bits,insts,kernel,ms,vs-single\n");
    for (int lb = 13; lb <= 18; lb++) {
        const int M = (1 << lb) / 64;
        for (long long count : {1LL, 4LL, 16LL, 64LL, 256LL, 1024LL}) {
            if ((size_t) count * M > words) continue;
            const std::vector<std::vector<NewOp>> groups = {{N_MUL32, N_MB}, {N_SQR, N_MBSQ, N_SQMB}, {N_LO, N_MBLO}};
            for (auto& pr : groups) {
                double single = 0;
                for (NewOp op : pr) {
                    const int outLen = out_len(op, M);
                    auto go = [&] { launch_new(op, 8, 128, dA, M, dB, M, dC, outLen, dH, M, count); };
                    go();
                    CK(cudaDeviceSynchronize());
                    float ms = min_time_ms(reps, go);
                    std::string what = std::string(NEW_NAME[op]) + " bits=" +
                                       std::to_string(1 << lb) + " count=" + std::to_string(count);
                    check2(op, M, count, what.c_str());
                    if (op == pr[0]) single = ms;
                    printf("count,%d,%lld,%s,%.4f,%.3f\n", 1 << lb, count, NEW_NAME[op], ms,
                           single / ms);
                }
            }
            fflush(stdout);
        }
    }
    printf("thesis-fig5.3,k=256 digits (2^13 bits),N,m5mult ms,mul32 ms,mul32/m5mult\n");
    for (int ln = 5; ln <= 16; ln++) {
        const int M = 128;
        const long long count = 1LL << ln;
        float t[2];
        int k = 0;
        for (NewOp op : {N_M5, N_MUL32}) {
            auto go = [&] { launch_new(op, 8, 128, dA, M, dB, M, dC, 2 * M, dH, M, count); };
            go();
            CK(cudaDeviceSynchronize());
            t[k++] = min_time_ms(reps, go);
            check2(op, M, count, (std::string(NEW_NAME[op]) + " fig5.3 N=" + std::to_string(count)).c_str());
        }
        printf("thesis-fig5.3,8192,%lld,%.4f,%.4f,%.3f\n", count, t[0], t[1], t[1] / t[0]);
    }
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    CK(cudaFree(dH));
}

int main(int argc, char** argv) {
    std::string mode = argc > 1 ? argv[1] : "all";
    u64 seed = argc > 2 ? strtoull(argv[2], 0, 0) : (u64) time(nullptr);
    int total = argc > 3 ? atoi(argv[3]) : 32;
    int reps = argc > 4 ? atoi(argv[4]) : 5;
    start_device();
    printf("# bigint_harness mode=%s seed=%llu total=2^%d reps=%d\n", mode.c_str(), seed, total, reps);
    print_kernels();
    fflush(stdout);
    if (mode == "check" || mode == "all") check_all(seed);
    if (mode == "bench" || mode == "all") bench(seed, total, reps);
    if (mode == "check-new" || mode == "new") check_new(seed);
    if (mode == "bench-new" || mode == "new") bench_new(seed, total, reps, argc > 5 ? atoi(argv[5]) : 18);
    if (mode == "bench-count" || mode == "new") bench_count(seed, reps);
    printf("# result: %s (%d mismatches), seed=%llu\n", g_fail ? "FAIL" : "ok", g_fail, seed);
    return g_fail ? 1 : 0;
}
